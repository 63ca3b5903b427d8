"""The local engine's pool (engines/forked.py): results in the order asked whatever the
workers' pace, units and results larger than a pipe holds, and a worker that dies costs
its unit alone, as a problem, never the run."""

from __future__ import annotations

import os
import signal
import time
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.commands.unit_work import scan_unit
from urlint.core.inputs import InputFile
from urlint.core.problems import Problem, ProblemKind
from urlint.core.units import ArchiveMembers, MemberBytes, WholeInput
from urlint.output.extract import UrlFormat
from urlint.run import runner
from urlint.run.engines import forked
from urlint.run.pool import _worker_started
from urlint.run.work import InputResult

from ..helpers import line_events

pytestmark = pytest.mark.skipif(not forked.AVAILABLE, reason="no safe fork here")


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


@settings(max_examples=15, deadline=None)
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
        workers = [worker.pid for worker in pool._workers]
        tickets = [pool.submit(unit) for unit in submitted]
        results = [pool.result(ticket) for ticket in tickets]
    assert results == [[number, str(number).encode() * size] for number, _, size in submitted]
    assert len(workers) == jobs
    assert _ended(workers)


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


def _timed(unit: tuple[int, float]) -> list:
    """A unit's work: its number, after `delay` seconds, and when it started and ended (the
    system's clock, one for every process)."""
    number, delay = unit
    started = time.monotonic()
    time.sleep(delay)
    return [InputResult([(number, started, time.monotonic())])]


def test_a_slow_unit_holds_up_no_other_worker(alarm):
    # The writer takes results in order; while the first unit's worker works it, the other
    # worker goes on with the units after it: 1, then 3 to 8 (2 is held by the slow unit's
    # worker, engines/forked.AHEAD), the writer AHEAD_OF_WRITER (4) a worker ahead. With
    # two a worker, it did 1, 3 and 4, then waited.
    units = [(0, 0.5), *((number, 0.0) for number in range(1, 12))]
    events = list(runner.run_work(units, _timed, jobs=2))
    assert [number for number, _, _ in events] == list(range(12))
    slow_end = events[0][2]
    went_on = [number for number, started, _ in events[1:] if started < slow_end]
    assert went_on == [1, 3, 4, 5, 6, 7, 8]


def _timed_members(unit: ArchiveMembers) -> list:
    """`_timed`, for a unit that carries its bytes: its number is its archive's, the first
    takes half a second."""
    return _timed((unit.archive, 0.5 if unit.archive == 0 else 0.0))


def test_units_that_carry_their_bytes_go_two_a_worker_ahead(alarm):
    # The writer holds a unit's bytes until its result is back (an archive's members, up
    # to 16 MB a unit): of those, it plans two a worker ahead, not four. While the first
    # unit's worker works it, the other does 1, 3 and 4 (2 is held behind the slow one).
    member = MemberBytes("a.tar!m", b"x" * 100, 1, 0, 0)
    units = [
        ArchiveMembers(InputFile("a.tar", True), (member,), number) for number in range(8)
    ]
    events = list(runner.run_work(units, _timed_members, jobs=2))
    assert [number for number, _, _ in events] == list(range(8))
    went_on = [number for number, started, _ in events[1:] if started < events[0][2]]
    assert went_on == [1, 3, 4]


def _killed_at(unit: WholeInput, url_format: UrlFormat) -> list:
    """scan_unit, but a unit of a file named "kill*" kills its worker (as the OOM killer
    would), and one named "exit*" ends it (a BaseException past the work's guard)."""
    name = os.path.basename(unit.sources[0].path)
    if name.startswith("kill"):
        os.kill(os.getpid(), signal.SIGKILL)
    if name.startswith("exit"):
        raise SystemExit(3)
    return scan_unit(unit, url_format=url_format)


def _run_through_the_pool(folder, names: list[str]) -> list:
    """The URL lines and problems of files `names` (each a URL), one unit each, worked by
    `_killed_at` on two processes."""
    for name in names:
        (folder / name).write_text(f"See http://example.com/{name}/ there.\n")
    units = [WholeInput((InputFile(str(folder / name), True),)) for name in names]
    work = partial(_killed_at, url_format=UrlFormat())
    return line_events(runner.run_work(units, work, jobs=2))


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


def test_an_abandoned_run_kills_its_workers(alarm):
    pool = forked.ForkedPool(_echoed, 2, _worker_started)
    workers = [worker.pid for worker in pool._workers]
    pool.submit((0, 30.0, 1))  # a unit that would take half a minute
    started = time.monotonic()
    pool.close(abandon=True)
    assert time.monotonic() - started < 5
    assert _ended(workers)


@pytest.mark.parametrize("fork", [True, False], ids=["forked", "python's pool"])
def test_a_run_goes_on_past_a_killed_worker_on_either_pool(tmp_path, monkeypatch, fork, alarm):
    # Python's ProcessPoolExecutor (where a fork is not safe) breaks whole when a worker
    # dies: the units it held are worked again on a new pool, the one that kills it twice
    # is a problem.
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
        workers = [worker.pid for worker in pool._workers]
        results = [pool.result(ticket) for ticket in [pool.submit(unit) for unit in units]]
        assert [worker.pid for worker in pool._workers] == workers  # none died
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
    workers = [worker.pid for worker in pool._workers]
    os.kill(workers[0], signal.SIGKILL)
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
        workers = [worker.pid for worker in pool._workers]
        result = pool.result(pool.submit(unit))
        assert [worker.pid for worker in pool._workers] == workers  # the worker goes on
    assert [(event.path, event.reason) for event in result[0].events] == [
        (
            str(tmp_path / "a"),
            "its work failed: internal error: RuntimeError: a fault in urlint's own code "
            "(set URLINT_DEBUG=1 for a traceback)",
        )
    ]
