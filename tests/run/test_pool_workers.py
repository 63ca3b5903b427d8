"""A run's pool of workers, seen from outside: `-j` past what the machine runs is said once
and cut, a pool forks one worker a unit at most, and the workers end with the run, even
when the run's process is killed with SIGKILL (it has no time to close its pool:
pool._worker_started)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from urlint.run.work import core_count

from ..mail_helpers import mbox_of

pytestmark = [pytest.mark.processes]

# `urlint ARGV...` in a process that counts the workers it forks (engines/forked.py forks
# with os.fork) and writes their number to the file named first.
COUNTING_FORKS = """
import os, sys
real, forks = os.fork, []
def fork():
    pid = real()
    if pid:
        forks.append(pid)
    return pid
os.fork = fork
from urlint.commands.cli import main
status = main(sys.argv[2:])
with open(sys.argv[1], "w") as counted:
    counted.write(str(len(forks)))
sys.exit(status)
"""


def _counted_run(argv: list[str], count: str, terminal: bool) -> tuple[int, str, str]:
    """`urlint ARGV...` run to its end, its standard output a pipe or a pseudo-terminal:
    (exit status, stdout, stderr). A terminal's line ends are read as newlines."""
    env = {name: value for name, value in os.environ.items() if name != "URLINT_MAX_JOBS"}
    command = [sys.executable, "-c", COUNTING_FORKS, count, *argv]
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        return done.returncode, done.stdout, done.stderr
    controller, terminal_end = pty.openpty()
    try:
        run = subprocess.Popen(command, stdout=terminal_end, stderr=subprocess.PIPE, env=env)
    finally:
        os.close(terminal_end)
    out = bytearray()
    try:
        while chunk := os.read(controller, 65536):
            out += chunk
    except OSError:  # EIO: the run and its workers, each holding the terminal, have ended
        pass
    finally:
        os.close(controller)
    assert run.stderr is not None
    err = run.stderr.read().decode()  # a line: it never fills the pipe while out is read
    run.stderr.close()
    return run.wait(), out.decode().replace("\r\n", "\n"), err


@pytest.mark.parametrize("terminal", [False, True], ids=["pipe", "terminal"])
def test_j_past_the_most_the_machine_runs_is_said_once_and_forks_a_worker_a_unit(
    tmp_path, terminal
):
    # 50 small files are one unit: -j 1000 forked 966 workers for it, -j 100000 thousands
    # until the machine gave out. One worker now, and one line said.
    small = tmp_path / "small"
    small.mkdir()
    for number in range(1, 51):
        (small / f"{number}.txt").write_text(f"see http://e.example/{number}\n")
    count = str(tmp_path / "forks")
    serial = _counted_run(["extract", "-j", "1", str(small)], count, terminal)
    assert (serial[0], serial[2], Path(count).read_text()) == (0, "", "0")
    assert sorted(serial[1].splitlines()) == sorted(f"http://e.example/{n}" for n in range(1, 51))
    most = 2 * core_count()
    for jobs in ("1000", "100000"):
        assert _counted_run(["extract", "-j", jobs, str(small)], count, terminal) == (
            0,
            serial[1],
            f"urlint: -j {jobs} is more than {most}, twice the cores here (URLINT_MAX_JOBS "
            f"sets another limit); using {most}\n",
        )
        assert Path(count).read_text() == "1"


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


@pytest.mark.slow
def test_workers_end_when_the_run_is_killed(tmp_path):
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children") or not hasattr(
        os, "pidfd_open"
    ):
        pytest.skip("needs Linux's /proc children lists and pidfd_open")
    mbox = tmp_path / "big.mbox"
    mbox.write_bytes(
        mbox_of(
            *[
                f"Subject: {n}\n\nhttp://example.org/{n}/ and more text to read\n".encode() * 40
                for n in range(20_000)
            ]
        )
    )
    run = subprocess.Popen(
        [sys.executable, "-m", "urlint.commands.cli", "extract", "-j", "2", str(mbox)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    workers: list[int] = []
    ends: list[int] = []
    try:
        # Its workers seen as they come (the mbox makes runs enough for two), however
        # long that takes; the run's end would end the wait, and fail the test.
        while len(workers) < 2 and run.poll() is None:
            workers = _children(run.pid)
            time.sleep(0.01)
        assert len(workers) == 2, "the run ended before its pool started"
        for worker in workers:  # each worker's end, to wait on (before its pid can go)
            try:
                ends.append(os.pidfd_open(worker))
            except ProcessLookupError:  # gone already
                pass
        run.send_signal(signal.SIGKILL)  # the run's process only, as `kill -9 PID`
        run.wait()
        for end in ends:  # a guard of a minute; the workers look twice a second
            assert select.select([end], [], [], 60)[0] == [end], "a worker outlived the run"
    finally:  # nothing left behind, whatever failed
        for end in ends:
            os.close(end)
        for pid in [run.pid, *workers]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
