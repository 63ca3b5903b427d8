"""The scan lock (store.lock): one scan writes a store at a time; a second says so, or waits
when asked; the lock goes with the process that held it, however it ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from urlint.store import lock
from urlint.store.lock import LOCK_SUFFIX, held
from urlint.store.schema import StoreError

from ..helpers import REPO, run
from .test_store import build_tree, store_contents

pytestmark = pytest.mark.skipif(lock.fcntl is None, reason="no flock on this system")

# A process that takes the lock of the store argv[1], says so on its standard output, and
# holds it until its standard input ends; with argv[2] == "fork", a child forked while it
# holds it says its pid, and lives on until its own standard input ends.
_HOLDER = textwrap.dedent(
    """
    import os, sys
    from urlint.store.lock import held
    with held(sys.argv[1]):
        if sys.argv[2:] == ["fork"]:
            read, write = os.pipe()
            started, ready = os.pipe()
            child = os.fork()
            if child == 0:  # its fork hooks have run once it runs here
                os.close(write)
                os.write(ready, b"r")
                os.read(read, 1)
                os._exit(0)
            os.read(started, 1)  # the child closed its copy of the lock: no race with a kill
            print(child, flush=True)
        print("locked", flush=True)
        sys.stdin.read()
    """
)


def holder(store: Path, *more: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(store), *more],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )


def test_a_second_scan_says_which_scan_writes_the_store_and_exits_2(tmp_path, capsys, monkeypatch):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    with held("urls.sqlite"):
        code, out, err = run(capsys, "scan", "-j", "1", "--store", "urls.sqlite", "archive")
        assert (code, out, err) == (
            2,
            "",
            f"urlint: urls.sqlite: the store is being written by another scan "
            f"(pid {os.getpid()})\n",
        )
        assert not Path("urls.sqlite").exists()  # nothing made, nothing written
        assert Path("urls.sqlite-lock").read_text() == f"{os.getpid()}\n"
    assert not Path("urls.sqlite-lock").exists()  # removed by its holder
    assert run(capsys, "scan", "-q", "--store", "urls.sqlite", "archive") == (0, "", "")
    # no lock: its key, and the record of its close (store.closing), alone beside it
    assert sorted(os.listdir(tmp_path)) == [
        "archive",
        "urls.sqlite",
        "urls.sqlite-closed",
        "urls.sqlite-key",
    ]


@pytest.mark.processes
def test_wait_waits_for_the_scan_that_writes_the_store(tmp_path):
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    other = holder(store)
    assert other.stdout.readline() == "locked\n"
    waiting = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "urlint",
            "scan",
            "--wait",
            "-j",
            "1",
            "--store",
            str(store),
            str(tree),
        ],
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        assert waiting.stderr.readline() == (
            f"urlint: {store}: waiting for the scan that writes the store (pid {other.pid}) "
            "to end\n"
        )
        assert not store.exists()  # still waiting: nothing written
    finally:
        other.communicate("")  # its standard input ends: it lets go
    assert other.returncode == 0
    rest = waiting.stderr.read()
    assert waiting.wait(timeout=120) == 0
    assert rest.startswith(f"urlint: {store}: 6 inputs (6 new); wrote 8 messages, 10 URLs")
    assert len(store_contents(store)["urls"]) == 10


@pytest.mark.processes
def test_the_lock_goes_with_a_scan_killed(tmp_path, capsys, monkeypatch):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    other = holder(tmp_path / "urls.sqlite")
    assert other.stdout.readline() == "locked\n"
    other.send_signal(signal.SIGKILL)
    assert other.wait(timeout=60) == -signal.SIGKILL
    assert Path("urls.sqlite-lock").read_text() == f"{other.pid}\n"  # left, not held
    assert run(capsys, "scan", "-q", "--store", "urls.sqlite", "archive") == (0, "", "")
    assert not Path("urls.sqlite-lock").exists()


@pytest.mark.processes
def test_a_child_forked_by_the_scan_does_not_hold_its_lock(tmp_path):
    """A worker forked while the scan holds the lock closes its copy: the scan's process
    killed, the lock is free though the worker lives on."""
    store = tmp_path / "urls.sqlite"
    other = holder(store, "fork")
    child = int(other.stdout.readline())
    assert other.stdout.readline() == "locked\n"
    try:
        other.send_signal(signal.SIGKILL)
        assert other.wait(timeout=60) == -signal.SIGKILL
        os.kill(child, 0)  # the child lives (its pipe is still open: it reads on)
        with held(str(store)):
            assert (tmp_path / "urls.sqlite-lock").read_text() == f"{os.getpid()}\n"
    finally:
        os.kill(child, signal.SIGKILL)


def test_two_names_of_one_store_take_one_lock(tmp_path):
    (tmp_path / "real.sqlite").touch()
    (tmp_path / "link.sqlite").symlink_to("real.sqlite")
    with held(str(tmp_path / "real.sqlite")):
        with pytest.raises(StoreError) as refused:
            with held(str(tmp_path / "link.sqlite")):
                pass
    assert str(refused.value) == (
        f"{tmp_path / 'link.sqlite'}: the store is being written by another scan "
        f"(pid {os.getpid()})"
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"notes of mine\n", "holds what no scan wrote there (it is left as it is)"),
        (None, "is not a regular file"),
    ],
)
def test_a_lock_file_urlint_did_not_write_is_left_as_it_is(tmp_path, content, reason):
    store = tmp_path / "urls.sqlite"
    path = tmp_path / f"urls.sqlite{LOCK_SUFFIX}"
    if content is None:
        os.mkfifo(path)
    else:
        path.write_bytes(content)
    with pytest.raises(StoreError) as refused:
        with held(str(store)):
            pass
    assert str(refused.value) == f"{store}: cannot lock the store: {path} {reason}"
    if content is not None:
        assert path.read_bytes() == content


def test_where_no_lock_file_can_be_made_the_scan_takes_none(tmp_path):
    """A missing directory: SQLite says what is wrong with the store, as without a lock."""
    with held(str(tmp_path / "missing" / "urls.sqlite")):
        assert not (tmp_path / "missing").exists()


@pytest.mark.processes
@pytest.mark.slow
def test_two_scans_at_once_end_as_one_scan_would(tmp_path):
    """Started together with --wait, one scans, the other waits for it, then finds nothing
    changed; the store holds what one scan writes."""
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    scans = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "urlint",
                "scan",
                "--wait",
                "-j",
                "1",
                "--store",
                str(store),
                str(tree),
            ],
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        for _ in range(2)
    ]
    errors = [scan.communicate(timeout=300)[1] for scan in scans]
    assert [scan.returncode for scan in scans] == [0, 0]
    summaries = sorted(error.splitlines()[-1].split(";")[0] for error in errors)
    assert summaries == [
        f"urlint: {store}: 6 inputs (6 new)",
        f"urlint: {store}: 6 inputs (6 unchanged)",
    ]
    alone = tmp_path / "alone.sqlite"
    (tmp_path / "alone.sqlite-key").write_bytes((tmp_path / "urls.sqlite-key").read_bytes())
    subprocess.run(
        [sys.executable, "-m", "urlint", "scan", "-q", "-j", "1", "--store", str(alone), str(tree)],
        check=True,
        cwd=REPO,
    )
    assert store_contents(store) == store_contents(alone)
