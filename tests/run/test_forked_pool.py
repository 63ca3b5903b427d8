"""The local engine's pool (engines/forked.py): results in the order asked whatever the
workers' pace, units and results larger than a pipe holds, no more workers than units
handed out nor than the machine runs, and a worker that dies costs its unit alone, as a
problem, never the run (the units it held next are worked), on either pool."""

from __future__ import annotations

import os
import select
import signal
import time
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.core.engines import Engine
from urlint.core.inputs import InputFile
from urlint.core.problems import Problem, ProblemKind
from urlint.core.units import ArchiveMembers, MemberBytes, WholeInput
from urlint.output.extract import UrlFormat
from urlint.run import pool, runner
from urlint.run.engines import forked
from urlint.run.pool import _worker_started
from urlint.run.work import InputResult

from ..helpers import examples, line_events
from .work_helpers import broken_beside, killed_at, started

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(not forked.AVAILABLE, reason="no safe fork here"),
]


def _echoed(unit: tuple[int, float, int]) -> list:
    """A unit's work: after `delay` seconds, its number and `size` bytes that say it."""
    number, delay, size = unit
    time.sleep(delay)
    return [number, str(number).encode() * size]


def _nothing() -> None:
    pass


@pytest.fixture
def alarm():
    """A test that would wait for ever (a pool deadlocked) fails after a minute instead."""

    def timed_out(*_: object) -> None:
        raise TimeoutError("the pool stopped answering")

    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _children() -> set[int] | None:
    """This process's children (Linux's /proc), None where that cannot be known."""
    try:
        with open(f"/proc/{os.getpid()}/task/{os.getpid()}/children") as listing:
            return {int(child) for child in listing.read().split()}
    except OSError:
        return None


def _ended(pids: list[int]) -> bool:
    """Each of `pids` ended and reaped: no longer a child of this process."""
    children = _children()
    return children is None or not children.intersection(pids)


@pytest.mark.slow
@settings(max_examples=examples(15), deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from([0.0, 0.002, 0.01]), st.integers(0, 3)),
        min_size=1,
        max_size=12,
    ),
    st.integers(1, 3),
)
def test_results_come_in_the_order_asked_whatever_the_pace(units, jobs):
    submitted = [(number, delay, size) for number, (delay, size) in enumerate(units)]
    with forked.ForkedPool(_echoed, jobs, _nothing) as pool:
        tickets = [pool.submit(unit) for unit in submitted]
        workers = [worker.pid for worker in pool._workers]
        results = [pool.result(ticket) for ticket in tickets]
    assert results == [[number, str(number).encode() * size] for number, _, size in submitted]
    # One a unit, as each holds one still (its result is not read yet), up to `jobs`.
    assert len(workers) == pool.forked == min(jobs, len(submitted))
    assert _ended(workers)


def test_a_worker_is_forked_only_for_a_unit_no_worker_is_free_for(alarm):
    with forked.ForkedPool(_echoed, 50, _nothing) as pool:
        # Each result read before the next unit comes: the one worker is free for each.
        results = [pool.result(pool.submit((number, 0.0, 1))) for number in range(5)]
        assert pool.forked == 1
        # Three units at once: two workers more, not fifty.
        tickets = [pool.submit((number, 0.0, 1)) for number in range(5, 8)]
        results += [pool.result(ticket) for ticket in tickets]
        assert pool.forked == 3
    assert results == [[number, str(number).encode()] for number in range(8)]


def _numbered(number: int) -> list:
    return [InputResult([number])]


def _counted_forks(monkeypatch) -> list[int]:
    """The workers os.fork forks from now on, as it forks them."""
    real, forks = os.fork, []

    def fork() -> int:
        pid = real()
        if pid:
            forks.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", fork)
    return forks


@pytest.mark.parametrize(("units", "most", "workers"), [(10, "3", 3), (1, "", 1), (2, "", 2)])
def test_a_run_forks_no_more_workers_than_its_units_nor_than_the_machine_runs(
    monkeypatch, alarm, units, most, workers
):
    # -j 1000 (the library's jobs=1000): URLINT_MAX_JOBS, or twice the cores (2 at least),
    # and one worker a unit handed out, at most.
    monkeypatch.setenv("URLINT_MAX_JOBS", most)
    forks = _counted_forks(monkeypatch)
    assert list(runner.run_work(range(units), _numbered, Engine(jobs=1000))) == list(range(units))
    assert len(forks) == workers
    assert _ended(forks)


def _turned(payload: bytes) -> bytes:
    return payload[::-1] + payload[:1]


def test_units_and_results_larger_than_a_pipe_holds(alarm):
    # Units of 3 MB (an archive's members travel in theirs) and results as large: a worker
    # blocked sending its result never waits on a pool blocked sending it a unit.
    payloads = [bytes([number]) + b"u" * (3 * 1024 * 1024) for number in range(6)]
    with forked.ForkedPool(_turned, 2, _nothing) as pool:
        tickets = [pool.submit(payload) for payload in payloads]
        results = [pool.result(ticket) for ticket in tickets]
    assert results == [_turned(payload) for payload in payloads]
    assert [result[-1] for result in results] == list(range(6))


@pytest.fixture
def cue():
    """A pipe the workers forked from this process inherit: one unit waits on it, another
    writes to it."""
    read, write = os.pipe()
    yield read, write
    os.close(read)
    os.close(write)


def _cued(number: int, cue: tuple[int, int], until: int) -> list:
    """A unit's work: its number, and when it started and ended (the system's clock, one
    for every process). Unit 0 holds its worker until unit `until` is done (a byte down
    the `cue` pipe): what its worker does meanwhile is the pool's doing, whatever the
    machine's load."""
    read, write = cue
    started = time.monotonic()
    if number == 0:
        # A guard, not a wait on the clock: a pool that never gets to `until` fails the
        # test below (with what went on instead), rather than holding it for ever.
        if select.select([read], [], [], 60)[0]:
            os.read(read, 1)
    elif number == until:
        os.write(write, b"x")
    return [InputResult([(number, started, time.monotonic())])]


def test_a_slow_unit_holds_up_no_other_worker(alarm, cue):
    # The writer takes results in order; while the first unit's worker works it, the other
    # worker goes on with the units after it: 1, then 3 to 8 (2 is held by the slow unit's
    # worker, engines/forked.AHEAD), the writer AHEAD_OF_WRITER (4) a worker ahead. With
    # two a worker, it did 1, 3 and 4, then waited (and the slow unit for ever).
    work = partial(_cued, cue=cue, until=8)
    events = list(runner.run_work(range(12), work, Engine(jobs=2)))
    assert [number for number, _, _ in events] == list(range(12))
    slow_end = events[0][2]
    went_on = [number for number, started, _ in events[1:] if started < slow_end]
    assert went_on == [1, 3, 4, 5, 6, 7, 8]


def _cued_members(unit: ArchiveMembers, cue: tuple[int, int], until: int) -> list:
    """`_cued`, for a unit that carries its bytes: its number is its archive's."""
    return _cued(unit.archive, cue, until)


def test_units_that_carry_their_bytes_go_two_a_worker_ahead(alarm, cue):
    # The writer holds a unit's bytes until its result is back (an archive's members, up
    # to 16 MB a unit): of those, it plans two a worker ahead, not four. While the first
    # unit's worker works it, the other does 1, 3 and 4 (2 is held behind the slow one).
    member = MemberBytes("a.tar!m", b"x" * 100, 1, 0, 0)
    units = [ArchiveMembers(InputFile("a.tar", True), (member,), number) for number in range(8)]
    events = list(runner.run_work(units, partial(_cued_members, cue=cue, until=4), Engine(jobs=2)))
    assert [number for number, _, _ in events] == list(range(8))
    went_on = [number for number, started, _ in events[1:] if started < events[0][2]]
    assert went_on == [1, 3, 4]


def _run_through_the_pool(folder, names: list[str]) -> list:
    """The URL lines and problems of files `names` (each a URL), one unit each, worked by
    `killed_at` on two processes."""
    for name in names:
        (folder / name).write_text(f"See http://example.com/{name}/ there.\n")
    units = [WholeInput((InputFile(str(folder / name), True),)) for name in names]
    work = partial(killed_at, url_format=UrlFormat())
    return line_events(runner.run_work(units, work, Engine(jobs=2)))


def test_a_worker_killed_costs_its_unit_alone(tmp_path, alarm):
    before = _children()
    events = _run_through_the_pool(tmp_path, ["a", "kill", "b", "exit", "c", "d"])
    assert _children() == before  # the workers, the first two and those in their places
    # In their places: each problem where its file's URL would have been.
    assert events == [
        "http://example.com/a/",
        Problem(
            ProblemKind.UNREADABLE,
            "its worker process was killed (SIGKILL: out of memory?)",
            str(tmp_path / "kill"),
            1,
        ),
        "http://example.com/b/",
        Problem(
            ProblemKind.UNREADABLE,
            "its worker process ended (exit status 1)",
            str(tmp_path / "exit"),
            1,
        ),
        "http://example.com/c/",
        "http://example.com/d/",
    ]


def test_an_abandoned_run_kills_its_workers(alarm, monkeypatch):
    # Not waited for: the unit would take ten minutes, and the alarm rings after one.
    statuses = {}
    real = forked._reaped

    def reaped(pid: int) -> int:
        statuses[pid] = real(pid)
        return statuses[pid]

    monkeypatch.setattr(forked, "_reaped", reaped)
    pool = forked.ForkedPool(_echoed, 2, _worker_started)
    pool.submit((0, 600.0, 1))
    [worker] = [worker.pid for worker in pool._workers]
    pool.close(abandon=True)
    assert os.WIFSIGNALED(statuses[worker])
    assert os.WTERMSIG(statuses[worker]) == signal.SIGKILL
    assert _ended([worker])


def _killed_on_cue(unit: WholeInput, cue: int) -> list:
    """A unit's work: its file's name; the unit of the file "0" kills its own worker (as
    the OOM killer would) once a byte comes down the `cue` pipe."""
    name = os.path.basename(unit.sources[0].path)
    if name == "0":
        os.read(cue, 1)
        os.kill(os.getpid(), signal.SIGKILL)
    return [name]


def test_the_unit_a_killed_worker_held_next_is_worked_by_another(tmp_path, alarm, cue):
    units = [WholeInput((InputFile(str(tmp_path / str(number)), True),)) for number in range(4)]
    with forked.ForkedPool(partial(_killed_on_cue, cue=cue[0]), 1, _nothing) as pool:
        tickets = [pool.submit(unit) for unit in units]
        [worker] = pool._workers
        # The worker about to be killed holds unit 0, which it works, and unit 1, next in
        # its pipe; unit 2 and 3 wait for room.
        assert [ticket for ticket, _ in worker.holds] == tickets[:2]
        os.write(cue[1], b"x")
        results = [pool.result(ticket) for ticket in tickets]
        assert pool.forked == 2  # the one killed, and the one in its place
    reason = "its worker process was killed (SIGKILL: out of memory?)"
    problem = Problem(ProblemKind.UNREADABLE, reason, str(tmp_path / "0"), 1)
    assert results == [[InputResult([problem])], ["1"], ["2"], ["3"]]


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "python's pool"])
def test_a_run_goes_on_past_a_killed_worker_on_either_pool(tmp_path, monkeypatch, fork, alarm):
    # Python's ProcessPoolExecutor (where a fork is not safe) breaks whole when a worker
    # dies: the units it held are worked again on a new pool, then alone; the one that
    # kills its worker alone is a problem.
    monkeypatch.setattr(forked, "AVAILABLE", fork)
    events = _run_through_the_pool(tmp_path, ["a", "b", "kill", "c", "d", "e"])
    assert [event if isinstance(event, str) else event.reason for event in events] == [
        "http://example.com/a/",
        "http://example.com/b/",
        "its worker process was killed (SIGKILL: out of memory?)"
        if fork
        else "its worker process died",
        "http://example.com/c/",
        "http://example.com/d/",
        "http://example.com/e/",
    ]


def _started(path) -> None:
    """Once the unit of `path` has started (broken_beside), however long that takes."""
    while not started(str(path)):
        time.sleep(0.01)


@pytest.mark.slow
def test_pythons_pool_loses_no_unit_beside_two_killed_workers(tmp_path, alarm):
    # "beside" is in the pool when "kill" breaks it, and again in the new one when
    # "kill-beside" breaks that too: then it is worked alone, and read. Each of the others
    # kills its worker alone, and is the problem.
    units = {
        name: WholeInput((InputFile(str(tmp_path / name), True),))
        for name in ("kill", "beside", "kill-beside")
    }
    signal.alarm(300)  # a guard: eight workers spawned in turn take a busy machine a while
    with pool._PythonPool(broken_beside, 2) as python_pool:
        # Each killer started before "beside" comes: it is the pool's first worker, whose
        # end the pool sees. (Python's pool, a worker spawned as a unit comes, can miss the
        # end of the one it spawned last until its next event: a result, or a unit.)
        killed = python_pool.submit(units["kill"])
        _started(tmp_path / "kill")
        beside = python_pool.submit(units["beside"])
        killed_first = killed()
        killed_beside = python_pool.submit(units["kill-beside"])
        _started(tmp_path / "kill-beside")
        results = [killed_first, beside(), killed_beside()]
    reason = "its worker process died"
    assert results == [
        [InputResult([Problem(ProblemKind.UNREADABLE, reason, str(tmp_path / "kill"), 1)])],
        ["beside"],
        [InputResult([Problem(ProblemKind.UNREADABLE, reason, str(tmp_path / "kill-beside"), 1)])],
    ]
    assert started(str(tmp_path / "beside")) == 3


def _forks_failing_after(count: int):
    """os.fork that forks `count` times, then fails as a system out of processes does."""
    real = os.fork
    left = [count]

    def fork() -> int:
        if left[0] <= 0:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        left[0] -= 1
        return real()

    return fork


def test_with_no_process_to_fork_the_units_are_worked_here(monkeypatch, alarm):
    monkeypatch.setattr(os, "fork", _forks_failing_after(0))
    units = [(number, 0.0, 2) for number in range(5)]
    with forked.ForkedPool(_echoed, 2, _nothing) as pool:
        assert pool._workers == []
        results = [pool.result(ticket) for ticket in [pool.submit(unit) for unit in units]]
    assert results == [[number, str(number).encode() * 2] for number in range(5)]


def test_a_worker_killed_and_none_forked_in_its_place_leaves_the_others_working(
    tmp_path, monkeypatch, alarm
):
    # Two workers fork; the one that dies has no successor (the system forks no more):
    # the other works the rest, and the unit that died is the one problem.
    monkeypatch.setattr(os, "fork", _forks_failing_after(2))
    events = _run_through_the_pool(tmp_path, ["a", "kill", "b", "c", "d"])
    assert [event if isinstance(event, str) else event.reason for event in events] == [
        "http://example.com/a/",
        "its worker process was killed (SIGKILL: out of memory?)",
        "http://example.com/b/",
        "http://example.com/c/",
        "http://example.com/d/",
    ]


def test_ctrl_c_at_the_instant_of_the_fork_never_reaches_the_worker(monkeypatch, alarm):
    # The terminal sends SIGINT to the whole process group: one that reaches a worker just
    # after the fork, before it ignores SIGINT, would have raised KeyboardInterrupt in the
    # run's own code inside the worker. It is held back until the worker ignores it.
    real = os.fork

    def fork() -> int:
        pid = real()
        if pid == 0:
            os.kill(os.getpid(), signal.SIGINT)
        return pid

    monkeypatch.setattr(os, "fork", fork)
    units = [(number, 0.0, 1) for number in range(6)]
    with forked.ForkedPool(_echoed, 2, _nothing) as pool:
        tickets = [pool.submit(unit) for unit in units]
        workers = [worker.pid for worker in pool._workers]
        results = [pool.result(ticket) for ticket in tickets]
        assert [worker.pid for worker in pool._workers] == workers  # none died
        assert pool.forked == 2  # and none was forked in a dead one's place
    assert results == [[number, str(number).encode()] for number in range(6)]


def test_ctrl_c_while_a_dead_worker_is_reaped_still_ends_every_worker(monkeypatch, alarm):
    real = forked._reaped
    calls = []

    def reaped(pid: int) -> int:
        calls.append(pid)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(pid)

    monkeypatch.setattr(forked, "_reaped", reaped)
    pool = forked.ForkedPool(_echoed, 2, _nothing)
    tickets = [pool.submit((number, 0.0, 1)) for number in range(2)]
    workers = [worker.pid for worker in pool._workers]
    assert [pool.result(ticket) for ticket in tickets] == [[0, b"0"], [1, b"1"]]
    os.kill(workers[0], signal.SIGKILL)  # the next unit goes to it: the least busy, first
    with pytest.raises(KeyboardInterrupt), pool:
        pool.result(pool.submit((0, 0.0, 1)))
    real(workers[0])  # the one whose reaping was interrupted
    assert _ended(workers)


def _faulty(unit: WholeInput) -> list:
    raise RuntimeError("a fault in urlint's own code")


def test_with_urlint_debug_a_workers_fault_shows_its_traceback(tmp_path, monkeypatch, capfd):
    # URLINT_DEBUG asks for a fault's traceback rather than a problem (faults.py): the
    # worker prints it before it ends, and its unit is a problem as any worker's death is.
    monkeypatch.setenv("URLINT_DEBUG", "1")
    unit = WholeInput((InputFile(str(tmp_path / "a"), True),))
    with forked.ForkedPool(_faulty, 1, _nothing) as pool:
        result = pool.result(pool.submit(unit))
    assert [event.reason for event in result[0].events] == [
        "its worker process ended (exit status 1)"
    ]
    err = capfd.readouterr().err
    assert "Traceback (most recent call last)" in err
    assert "RuntimeError: a fault in urlint's own code" in err


def test_a_fault_past_the_works_guard_is_its_units_problem(tmp_path, monkeypatch):
    monkeypatch.delenv("URLINT_DEBUG", raising=False)
    unit = WholeInput((InputFile(str(tmp_path / "a"), True),))
    with forked.ForkedPool(_faulty, 1, _nothing) as pool:
        result = pool.result(pool.submit(unit))
        assert (pool.forked, len(pool._workers)) == (1, 1)  # the worker goes on
    assert [(event.path, event.reason) for event in result[0].events] == [
        (
            str(tmp_path / "a"),
            "its work failed: internal error: RuntimeError: a fault in urlint's own code "
            "(set URLINT_DEBUG=1 for a traceback)",
        )
    ]
