"""A run's pool of workers ends with the run, even when the run's process is killed with
SIGKILL (it has no time to close its pool): pool._worker_started."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from ..mail_helpers import mbox_of


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


def test_workers_end_when_the_run_is_killed(tmp_path):
    if not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"):
        import pytest

        pytest.skip("needs Linux's /proc children lists")
    mbox = tmp_path / "big.mbox"
    mbox.write_bytes(mbox_of(*[
        f"Subject: {n}\n\nhttp://example.org/{n}/ and more text to read\n".encode() * 40
        for n in range(20_000)
    ]))
    run = subprocess.Popen(
        [sys.executable, "-m", "urlint.commands.cli", "extract", "-j", "2", str(mbox)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and run.poll() is None and time.monotonic() < deadline:
            workers = _children(run.pid)
            time.sleep(0.01)
        assert len(workers) == 2, "the run ended before its pool started"
        run.send_signal(signal.SIGKILL)  # the run's process only, as `kill -9 PID`
        run.wait()
        deadline = time.monotonic() + 10
        while any(os.path.exists(f"/proc/{worker}") for worker in workers):
            assert time.monotonic() < deadline, "a worker outlived the run"
            time.sleep(0.05)
    finally:  # nothing left behind, whatever failed
        for pid in [run.pid, *workers]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
