"""The Dask engine: `--engine dask` runs the same units of work on a Dask cluster's
workers, and the output is a local run's, byte for byte; a unit whose worker raises or
dies is a problem for its inputs, and the run goes on; without Dask, one line says what
to install.

One real cluster of two worker processes serves the module (it takes seconds to start).
The unit sizes are made small in this process only, where the units are planned: a unit
carries all its worker needs (core/units.py), so the workers run with the defaults.
"""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
import tarfile
import time
from functools import partial
from pathlib import Path

import pytest

from urlint import scan_paths
from urlint.commands.cli import main
from urlint.core.engines import Engine
from urlint.core.problems import Problem, ProblemKind
from urlint.core.units import ArchiveMembers, ArchiveRest, MessageRun, TextRange, WholeInput
from urlint.output.extract import UrlFormat
from urlint.run.plan import planned_units
from urlint.run.runner import run_work
from urlint.work.extract import placed_lines, run_units, scan_unit

from ..helpers import line_events
from ..mail_helpers import mbox_of

MESSAGE = (
    "Subject: {n}\nMessage-ID: <{n}@example.org>\n\n"
    "see http://example.com/~{n}/ and <URL:ftp://fred:pw@ftp.example.org/\n  {n}.txt>\n"
)
ARTICLE = (
    "Path: news.example.org!not-for-mail\nFrom: fred@example.org\nNewsgroups: {groups}\n"
    "Subject: tools\nMessage-ID: <{id}@news.example.org>\n\n"
    "The list is at <URL:http://www.example.org/~{id}/list.html>.\n"
)
CROSSPOSTED = "comp.infosystems.www,comp.mail.misc"

# A cluster's scheduler serves HTTP (health, metrics) on 8787, or on another port when a
# cluster running already has it, and warns.
pytestmark = [
    pytest.mark.dask,
    pytest.mark.processes,
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:Port 8787 is already in use"),
]


@pytest.fixture(scope="module")
def scheduler():
    """The address of a cluster of two worker processes, one thread each, for the module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def small_units(monkeypatch):
    """Units of a few kilobytes, planned here (the workers need no such setting)."""
    monkeypatch.setattr("urlint.run.plan.RANGE_BYTES", 4_000_000)  # ranges of 4 MB at most
    # an mbox (or archive) over 2 KB: runs
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", 1_000)
    monkeypatch.setattr("urlint.run.plan.BATCH_FILES", 3)  # a Maildir and a spool: batches
    monkeypatch.setattr("urlint.sources.members.BATCH_FILES", 3)  # an archive's members
    monkeypatch.setattr("urlint.sources.members.BATCH_BYTES", 20_000)


def _mbox(first: int, count: int) -> bytes:
    return mbox_of(*(MESSAGE.format(n=n).encode() for n in range(first, first + count)))


def _tar(members: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[str]:
    """An input of every kind of unit: a large text (ranges), an mbox (runs of messages), a
    Maildir and a news spool with a crosspost (batches of small files), a gzipped mbox (runs
    carried in their bytes), a tar.gz of mboxes (members carried in their bytes) and one cut
    short (its members, then its rest read again)."""
    root = tmp_path_factory.mktemp("inputs")
    plain = "plain words on a line with nothing in them at all, none at all here\n"
    url = "see http://example.com/~{n}/index.html and <URL:ftp://fred:pw@ftp.example.org/\n  {n}>\n"
    text = "".join(url.format(n=n) if n % 50 == 0 else plain for n in range(200_000))
    (root / "big.txt").write_text(text)  # 13.7 MB: chunks of 512 KB, the first of 1 MB
    (root / "list.mbox").write_bytes(_mbox(0, 300))
    for n in range(8):
        (root / "Maildir" / "cur").mkdir(parents=True, exist_ok=True)
        (root / "Maildir" / "cur" / f"17000000{n}.m{n}:2,S").write_text(MESSAGE.format(n=1000 + n))
    for group, number, groups, article in [
        ("comp/infosystems/www", 1, CROSSPOSTED, "x1"),
        ("comp/infosystems/www", 2, "comp.infosystems.www", "x2"),
        ("comp/infosystems/www", 3, "comp.infosystems.www", "x3"),
        ("comp/mail/misc", 7, CROSSPOSTED, "x1"),  # in another unit: read once all the same
        ("comp/mail/misc", 8, "comp.mail.misc", "x4"),
    ]:
        (root / "news" / group).mkdir(parents=True, exist_ok=True)
        (root / "news" / group / str(number)).write_text(ARTICLE.format(groups=groups, id=article))
    (root / "old.mbox.gz").write_bytes(gzip.compress(_mbox(2000, 300)))
    members = [
        ("list/2001-01.mbox.gz", gzip.compress(_mbox(3000, 100))),
        ("list/README", b"Archived at http://lists.example.org/~list/ since 1996.\n"),
        ("list/2001-02.mbox", _mbox(3100, 100)),
        ("list/2001-03.mbox", _mbox(3200, 100)),
        ("list/2001-04.mbox.gz", gzip.compress(_mbox(3300, 100))),
    ]
    archive = _tar(members)
    (root / "lists.tgz").write_bytes(archive)
    (root / "cut.tgz").write_bytes(archive[: len(archive) * 3 // 4])
    names = ["big.txt", "list.mbox", "Maildir", "news", "old.mbox.gz", "lists.tgz", "cut.tgz"]
    return [str(root / name) for name in names]


def test_the_inputs_make_every_kind_of_unit(inputs, small_units):
    kinds = {type(planned.unit) for planned in planned_units(inputs)}
    assert kinds == {TextRange, MessageRun, WholeInput, ArchiveMembers, ArchiveRest}
    ranges = [p.unit for p in planned_units(inputs[:1]) if isinstance(p.unit, TextRange)]
    # The first range one chunk (the first read of 512 KB and one more, to a line end), then
    # ranges of 4 MB at most and a quarter of what is left, shrinking to a chunk of 512 KB;
    # near the end, chunks cut into parts of 128 KB or more (core.units.PART_BYTES), the last at
    # the end of the file.
    assert [(r.chunks[r.first].piece is not None, r.chunks[-1].end) for r in ranges] == [
        (False, 1_048_544),
        (False, 4_194_246),
        (False, 6_291_456),
        (False, 7_864_270),
        (False, 8_912_830),
        (False, 9_961_458),
        *((False, 9_961_458 + n * 524_280) for n in range(1, 4)),
        (False, 12_058_602),
        (False, 12_582_882),
        (True, 12_860_022),
        (True, 13_107_162),
        (True, 13_253_214),
        (True, 13_384_234),
        (True, 13_631_442),
        (False, 13_691_554),
    ]
    gzip_runs = [p.unit for p in planned_units(inputs[4:5])]
    assert [type(unit) for unit in gzip_runs] == [MessageRun, MessageRun]
    assert all(unit.data is not None for unit in gzip_runs)  # carried in their bytes


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_extract_on_dask_writes_what_one_process_writes(inputs, small_units, scheduler, capsys):
    local = _run(capsys, "extract", "--isolated", "--format", "jsonl", "-j", "1", *inputs)
    on_dask = _run(
        capsys,
        "extract",
        "--isolated",
        "--format",
        "jsonl",
        "--engine",
        "dask",
        "--scheduler",
        scheduler,
        *inputs,
    )
    assert on_dask == local
    code, out, err = local
    assert code == 2  # the archive cut short is not read to its end
    assert err.count("\n") == 1 and "cut.tgz" in err and "cannot be read to its end" in err
    # Two URLs a text line with any (4,000) and a message (300 in the mbox, 8 in the Maildir,
    # 300 in the gzipped mbox, 400 in the archive, 200 in the one cut short); the archive's
    # README's, one an article (the crosspost's read once: 4).
    assert out.count("\n") == 2 * (4_000 + 300 + 8 + 300 + 400 + 200) + 1 + 1 + 4
    assert out.count("~x1/list.html") == 1  # the crosspost read once


def test_check_on_dask_reports_what_one_process_reports(inputs, small_units, scheduler, capsys):
    argv = ["check", "--isolated", "--format", "jsonl", "--select", "ALL", *inputs]
    local = _run(capsys, *argv, "-j", "1")
    on_dask = _run(capsys, *argv, "--engine", "dask", "--scheduler", scheduler)
    assert on_dask == local
    code, out, err = local
    assert (code, err) == (1, "")
    # a password in each text line with URLs and each message (P501)
    assert out.count('"code": "P501"') == 4_000 + 300 + 8 + 300 + 400 + 200


def test_scheduler_alone_chooses_dask_and_j_is_the_units_at_once(
    inputs, small_units, scheduler, capsys, monkeypatch
):
    from urlint.run import pool

    widths = []  # how many units the cluster works at once (twice that handed over, at most)

    def in_order(units, work, submit, width):
        widths.append(width)
        return ordered(units, work, submit, width)

    ordered = pool._in_order
    monkeypatch.setattr(pool, "_in_order", in_order)
    local = _run(capsys, "extract", "--isolated", "-j", "1", *inputs[1:3])
    assert widths == []
    assert _run(capsys, "extract", "--isolated", "--scheduler", scheduler, *inputs[1:3]) == local
    assert (
        _run(capsys, "extract", "--isolated", "--scheduler", scheduler, "-j", "1", *inputs[1:3])
        == local
    )
    assert widths == [2, 1]  # by default, the cluster's threads


def test_a_cluster_started_for_the_run_is_closed_at_its_end(inputs, small_units, capsys):
    pytest.importorskip("distributed")
    psutil = pytest.importorskip("psutil")  # a dependency of distributed

    def children() -> set[int]:
        return {child.pid for child in psutil.Process().children(recursive=True)}

    # multiprocessing's resource tracker, started by the first pool of this process and
    # kept for its life, is no child of the cluster's: started before the count (run
    # alone, this test met it only after)
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    before = children()
    local = _run(capsys, "extract", "--isolated", "-j", "1", *inputs[1:4])
    on_dask = _run(capsys, "extract", "--isolated", "--engine", "dask", "-j", "2", *inputs[1:4])
    assert on_dask == local
    assert children() == before  # its scheduler's here; its two workers and nannies are gone


def test_standard_input_is_read_here(inputs, scheduler, capsys, monkeypatch):
    # A worker's standard input is not the run's: the unit that reads it is worked here.
    stdin = io.TextIOWrapper(io.BytesIO(b"see http://stdin.example/x\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    mbox = inputs[1]
    code, out, _ = _run(capsys, "extract", "--isolated", "--scheduler", scheduler, mbox, "-", mbox)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 * 600 + 1
    assert lines[600] == "http://stdin.example/x"


def test_the_library_on_dask_yields_what_it_yields_in_one_process(inputs, small_units, scheduler):
    serial = list(scan_paths(inputs))
    assert list(scan_paths(inputs, engine="dask", scheduler=scheduler)) == serial
    assert sum(isinstance(item, Problem) for item in serial) == 1


def test_a_store_scanned_on_dask_equals_one_scanned_here(inputs, small_units, scheduler, tmp_path):
    """The store's scan on the cluster: its rows stream to the one writer
    here, and the store equals a one-process scan's."""
    import shutil
    import sqlite3

    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store
    from urlint.store.snapshot import contents

    settings = build_settings({})
    stores = {}
    for name, engine in (("here", {}), ("dask", {"engine": Engine("dask", None, scheduler)})):
        path = str(tmp_path / f"{name}.sqlite")
        if name == "dask":  # the first store's key (store.sealing): the same hashes
            shutil.copyfile(tmp_path / "here.sqlite-key", f"{path}-key")
        summary = scan_into_store(path, inputs, settings, **engine)
        assert summary.urls > 100
        stores[name] = contents(sqlite3.connect(path))
    assert stores["dask"] == stores["here"]


def test_the_library_checks_the_engine_at_the_call():
    with pytest.raises(ValueError, match="no engine 'ray'"):
        scan_paths("x.txt", engine="ray")
    with pytest.raises(ValueError, match="a scheduler is for the 'dask' engine"):
        scan_paths("x.txt", scheduler="tcp://127.0.0.1:8786")


def _failing_scan(unit, url_format, failing: str, how: str, cue: str = ""):
    """scan_unit, but a unit of the input `failing` raises past worker.worked's guard
    ("raise"), or takes its worker down with it ("die") once the file `cue` is there."""
    paths = [getattr(unit, "path", "")] + [s.path for s in getattr(unit, "sources", ())]
    if any(path.endswith(failing) for path in paths):
        if how == "die":
            # A wait on the file, however long; a guard of two minutes: a writer that never
            # makes it fails the test rather than holds it for ever.
            guard = time.monotonic() + 120
            while cue and not os.path.exists(cue) and time.monotonic() < guard:
                time.sleep(0.01)
            os._exit(1)
        raise RuntimeError("a fault in urlint's own code")
    return scan_unit(unit, url_format)


def _events(paths: list[str], work, scheduler: str | None) -> list:
    """The lines and problems of `work` on the units of `paths`, run on Dask."""
    units = planned_units(paths)
    events = run_work(units, work, Engine("dask", None, scheduler), place=placed_lines)
    return line_events(events)


def test_a_unit_whose_work_raises_is_a_problem_and_the_run_goes_on(inputs, small_units, scheduler):
    maildir = Path(inputs[2]) / "cur"
    messages = sorted(str(path) for path in maildir.iterdir())
    paths = [inputs[1], *messages, inputs[3]]  # an mbox, 8 messages (3 units), a spool
    line_format = UrlFormat()
    whole = line_events(run_units(planned_units(paths), line_format))
    fourth = "170000004.m4:2,S"
    failing = partial(_failing_scan, url_format=line_format, failing=fourth, how="raise")
    events = _events(paths, failing, scheduler)
    # the unit of messages 3, 4 and 5: a problem for each, in their place
    reason = (
        "not read to its end: internal error: RuntimeError: a fault in urlint's own code "
        "(set URLINT_DEBUG=1 for a traceback)"
    )
    problems = [Problem(ProblemKind.UNREADABLE, reason, path) for path in messages[3:6]]
    first = 2 * 300 + 2 * 3  # the mbox's URLs and those of messages 0, 1 and 2
    assert events == [*whole[:first], *problems, *whole[first + 2 * 3 :]]


def test_a_unit_whose_worker_dies_is_a_problem_and_the_run_goes_on(inputs, small_units, tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    mbox = inputs[1]
    line_format = UrlFormat()
    whole_mbox = line_events(run_units(planned_units([mbox]), line_format))
    # The unit of dies.txt kills its worker once the writer has the mbox's lines (the file
    # `go`). Dask counts a death against each unit its worker held: with one death enough
    # to give a unit up, a run held beside a dying unit, as Dask now and then held one
    # whatever its settings, was lost with it. And one death, not one a range of a large
    # text: under load a nanny now and then started its worker again too late, or never,
    # and with both gone the units were given up ("no worker ran for 60 s").
    dies = tmp_path / "dies.txt"
    dies.write_text("see http://example.com/~dies/\n")
    go = tmp_path / "go"
    dying = partial(
        _failing_scan, url_format=line_format, failing="dies.txt", how="die", cue=str(go)
    )
    from urlint.run.engines.dask import own_cluster_settings

    settings = {
        # One death is enough to give the unit up (Dask's default tries it on four workers)
        "distributed.scheduler.allowed-failures": 0,
        # Should its worker never come back, the test fails in a minute (the run's own
        # cluster's guard), not hangs
        **own_cluster_settings(),
    }
    with (
        dask.config.set(settings),
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        units = planned_units([mbox, str(dies)])  # the mbox's runs, then dies.txt alone
        events: list = []
        on_dask = Engine("dask", None, cluster.scheduler_address)
        for event in run_work(units, dying, on_dask, place=placed_lines):
            events += line_events([event])
            if len(events) == len(whole_mbox):
                go.touch()
    reason = "the Dask workers that took it died reading it"
    assert events == [*whole_mbox, Problem(ProblemKind.UNREADABLE, reason, str(dies), 1)]


class _FailingAsTheWaitRunsOut:
    """A unit's future whose task fails while a wait for its result runs out: the wait's
    timeout comes first, and the future is in error by the time it is looked at."""

    def __init__(self, failure: Exception) -> None:
        self.status = "pending"
        self.failure = failure

    def result(self, timeout: float) -> None:
        self.status = "error"
        raise TimeoutError(f"timed out after {timeout} s.")

    def exception(self) -> Exception:
        return self.failure


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        ("killed", "the Dask workers that took it died reading it"),
        (
            "raised",
            "not read to its end: internal error: RuntimeError: a fault "
            "(set URLINT_DEBUG=1 for a traceback)",
        ),
    ],
)
def test_a_unit_that_fails_as_the_wait_runs_out_is_said_to_fail_for_its_own_reason(
    tmp_path, failure, reason
):
    # The wait's own timeout was reported as the unit's fault ("TimeoutError: timed out
    # after 1 s."), where its worker had died: a race the worker test met in CI.
    distributed = pytest.importorskip("distributed")
    from urlint.core.inputs import InputFile
    from urlint.run.engines.dask import _result

    error = (
        distributed.KilledWorker("_failing_scan-1", "tcp://127.0.0.1:1", 0)
        if failure == "killed"
        else RuntimeError("a fault")
    )
    path = str(tmp_path / "a.txt")
    unit = WholeInput((InputFile(path, True),))
    client = type("Client", (), {"status": "running"})()
    [result] = _result(client, _FailingAsTheWaitRunsOut(error), unit)
    assert result.events == [Problem(ProblemKind.UNREADABLE, reason, path, 1)]


def test_a_cluster_started_for_the_run_gives_units_up_when_no_worker_runs(
    inputs, small_units, monkeypatch
):
    # A nanny now and then does not start its worker again after a death (CI hung so,
    # waiting on a unit no worker would ever take): the cluster a run starts gives a unit
    # up once no worker has run for NO_WORKERS_SECONDS, each unit a problem, and the run
    # ends. A cluster with no worker at all, under the settings the run gives its own.
    distributed = pytest.importorskip("distributed")
    import dask

    from urlint.run.engines import dask as engine

    monkeypatch.setattr(engine, "NO_WORKERS_SECONDS", 1)
    with (
        dask.config.set(engine.own_cluster_settings()),
        distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=None) as cluster,
    ):
        work = partial(scan_unit, url_format=UrlFormat())
        events = _events([inputs[1]], work, cluster.scheduler_address)
    reason = "the Dask cluster lost it (no worker ran for 1 s)"
    # The mbox's two runs, each a problem at its first line (the second's placed after
    # the first's lines, framed again: work.not_worked)
    assert events == [
        Problem(ProblemKind.UNREADABLE, reason, inputs[1], 1),
        Problem(ProblemKind.UNREADABLE, reason, inputs[1], 2094),
    ]


def test_the_cluster_a_run_starts_is_set_to_give_units_up_after_a_minute_without_workers():
    pytest.importorskip("distributed")
    from urlint.run.engines.dask import dask_pool

    with dask_pool(partial(scan_unit, url_format=UrlFormat()), 1, None) as (submit, width):
        client = submit.submit.args[0]
        assert (width, client.cluster.scheduler.no_workers_timeout) == (1, 60)


def test_without_dask_one_line_says_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    (tmp_path / "a.txt").write_text("http://example.com/\n")
    message = (
        "the dask engine needs Dask's distributed package, not installed here: "
        "pip install 'urlint[dask]'"
    )
    for command in ("extract", "check"):
        for option in ("--engine=dask", "--scheduler=tcp://127.0.0.1:8786"):
            assert _run(capsys, command, "--isolated", option, str(tmp_path / "a.txt")) == (
                2,
                "",
                f"urlint: {message}\n",
            )
    with pytest.raises(ImportError, match=r"pip install 'urlint\[dask\]'"):
        scan_paths(tmp_path, engine="dask")


def test_a_scheduler_is_for_the_dask_engine(tmp_path, capsys):
    (tmp_path / "a.txt").write_text("http://example.com/\n")
    argv = ["--engine", "local", "--scheduler", "tcp://127.0.0.1:8786", str(tmp_path / "a.txt")]
    assert _run(capsys, "extract", "--isolated", *argv) == (
        2,
        "",
        "urlint: --scheduler is for --engine dask, not --engine local\n",
    )


def test_a_run_on_this_machine_does_not_load_dask(tmp_path):
    (tmp_path / "a.txt").write_text("http://example.com/\n")
    code = (
        "import sys; from urlint.commands.cli import main; "
        "main(['check', '--isolated', sys.argv[1]]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed') "
        "or m == 'urlint.run.engines.dask'))"
    )
    # in a folder of its own: a worker's folder is no part of what is asked
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "a.txt")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert (done.returncode, done.stdout.splitlines()[-1:]) == (0, ["[]"]), done.stderr


def test_a_malformed_scheduler_address_is_one_line_with_its_password_hidden(tmp_path):
    # Dask's message repeats the address without its scheme, where no login reads any
    # more: hidden as given. Said before a client is made: a half-made one printed a
    # traceback at exit. Through a process of its own, as that traceback came at its exit.
    pytest.importorskip("distributed")
    (tmp_path / "a.txt").write_text("http://example.com/\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "urlint",
            "extract",
            "--scheduler",
            "tcp://fred:Secretpw2y@127.0.0.1:8786",
            str(tmp_path / "a.txt"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "urlint: cannot reach the Dask scheduler at tcp://fred:****@127.0.0.1:8786: invalid "
        "address 'fred:****@127.0.0.1:8786'; maybe: ipv6 needs brackets like [::1]\n",
    )


@pytest.mark.parametrize(
    ("address", "settings", "reason"),
    [
        (
            "tls://127.0.0.1:1",
            {},
            "TLS expects a `ssl_context` argument of type ssl.SSLContext (perhaps check your "
            "TLS configuration?) Instead got None",
        ),
        (
            "tcp://127.0.0.1:1",
            {"DASK_DISTRIBUTED__COMM__REQUIRE_ENCRYPTION": "True"},
            "encryption required by Dask configuration, refusing communication from/to "
            "'tcp://127.0.0.1:1'",
        ),
    ],
    ids=["tls without certificates", "tcp where encryption is required"],
)
def test_an_address_dasks_settings_cannot_serve_is_one_line(tmp_path, address, settings, reason):
    # Dask raises a TypeError (or a RuntimeError) for these, and leaves its client half
    # made: a 66-line traceback, exit status 1, and another after a wait, at exit.
    pytest.importorskip("distributed")
    (tmp_path / "a.txt").write_text("http://example.com/\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "urlint",
            "extract",
            "--scheduler",
            address,
            str(tmp_path / "a.txt"),
        ],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **settings},
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        f"urlint: cannot reach the Dask scheduler at {address}: {reason}\n",
    )


def test_a_type_error_of_urlints_own_as_it_connects_is_no_address_problem(monkeypatch):
    distributed = pytest.importorskip("distributed")
    from urlint.run.engines.dask import _connected

    def start(self, **_: object) -> None:
        raise TypeError("a fault in urlint's own code")

    monkeypatch.setattr(distributed.Client, "start", start)
    with pytest.raises(TypeError, match="a fault in urlint's own code"):
        _connected(distributed, "tcp://127.0.0.1:1")


def test_the_cluster_a_run_starts_has_a_worker_a_unit_up_to_the_most(
    inputs, small_units, capsys, monkeypatch, tmp_path
):
    # -j 1000 started 1000 workers; the most is URLINT_MAX_JOBS (twice the cores by
    # default), and a worker is started as each unit is handed over, up to that.
    distributed = pytest.importorskip("distributed")
    monkeypatch.setenv("URLINT_MAX_JOBS", "2")
    scaled: list[int] = []  # the workers the cluster is told to have, in turn
    scale = distributed.LocalCluster.scale

    def scaled_to(cluster, count=0, **more):
        scaled.append(count)
        return scale(cluster, count, **more)

    monkeypatch.setattr(distributed.LocalCluster, "scale", scaled_to)
    argv = ["extract", "--isolated", "--engine", "dask", "-j", "1000"]
    local = _run(capsys, "extract", "--isolated", "-j", "1", *inputs[1:4])
    note = "urlint: -j 1000 is more than URLINT_MAX_JOBS=2; using 2\n"
    assert _run(capsys, *argv, *inputs[1:4]) == (local[0], local[1], note)
    assert [count for count in scaled if count] == [1, 2]  # (0 as it closes)
    # One small file is one unit: one worker.
    scaled.clear()
    (tmp_path / "a.txt").write_text("see http://example.com/~a/\n")
    assert _run(capsys, *argv, str(tmp_path / "a.txt")) == (0, "http://example.com/~a/\n", note)
    assert [count for count in scaled if count] == [1]
