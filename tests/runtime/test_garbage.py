"""garbage.py: the `urlint` command's process collects no garbage while it starts, then
freezes what start-up made and collects what its run makes; a library caller's process and
a program calling `cli.main` keep their collector as it is. At its end the command's process
skips the interpreter's teardown, its output written and atexit's functions run, but where
teardown may do more."""

from __future__ import annotations

import gc
import io
import json
import subprocess
import sys
import threading
import types

import pytest

from urlint._runtime import garbage
from urlint.commands.cli import main

# Runs the command as the `urlint` script does (urlint.__main__.run), and records the
# collector's state when the walk of the inputs begins (sources.files calls work_begins
# there) and when the scan of the first text begins (the run's work, after start-up).
_COMMAND = """
import atexit, gc, json, sys
from urlint import pipeline
from urlint.sources import files

seen = {}
begins, scan_texts = files.work_begins, pipeline.scan_texts

def work_begins():
    seen["before"] = [gc.isenabled(), gc.get_freeze_count()]
    seen["young"] = [gc.get_threshold()[0]]
    begins()
    seen["after"] = [gc.isenabled(), gc.get_freeze_count()]
    seen["young"].append(gc.get_threshold()[0])

def scanning(*args, **kwargs):
    seen.setdefault("scan", [gc.isenabled(), gc.get_freeze_count()])
    return scan_texts(*args, **kwargs)

files.work_begins, pipeline.scan_texts = work_begins, scanning
def at_exit():
    seen["exit"] = [gc.isenabled(), gc.get_freeze_count()]
    print(json.dumps(seen), file=sys.stderr)

atexit.register(at_exit)
sys.argv = ["urlint", *sys.argv[1:]]
from urlint.__main__ import run
run()
"""


def _command(*args: str) -> tuple[subprocess.CompletedProcess[str], dict]:
    done = subprocess.run(
        [sys.executable, "-c", _COMMAND, *args], capture_output=True, text=True, check=False
    )
    return done, json.loads(done.stderr.splitlines()[-1])


@pytest.mark.processes
def test_the_command_freezes_its_start_up_and_collects_during_its_run(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("See http://example.com/a and ftp://ftp.example.org/pub/.\n")
    done, seen = _command("extract", str(text))
    assert done.stdout == "http://example.com/a\nftp://ftp.example.org/pub/\n"
    assert done.returncode == 0
    enabled, frozen = seen["before"]
    assert (enabled, frozen) == (False, 0)  # start-up: no collection
    enabled, frozen = seen["after"]
    # The modules a run loads make tens of thousands of objects: all frozen at once.
    assert enabled is True and frozen > 10_000
    assert seen["scan"] == seen["after"]  # the run collects, start-up stays frozen
    assert seen["young"] == [700, garbage.YOUNG]  # the interpreter's, then the run's
    assert seen["exit"][0] is True and seen["exit"][1] > 10_000  # on, start-up still frozen


@pytest.mark.processes
def test_check_freezes_too(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("See http://example.com/~fred/ for notes.\n")
    done, seen = _command("check", "--isolated", str(text))
    assert done.returncode == 0  # a warning, shown
    assert "C202" in done.stdout
    assert seen["before"] == [False, 0]
    assert seen["after"][0] is True and seen["after"][1] > 10_000


@pytest.mark.processes
def test_a_run_that_does_no_work_exits_with_the_collector_off():
    done, seen = _command("rule", "C202")
    assert done.returncode == 0
    assert "C202" in done.stdout
    # No walk began: nothing frozen, and the collector still off at exit.
    assert seen == {"exit": [False, 0]}


_LIBRARY = """
import gc, json, sys
import urlint
found = [item.candidate.url for item in urlint.scan_paths([sys.argv[1]])]
print(json.dumps([found, gc.isenabled(), gc.get_freeze_count()]))
"""


@pytest.mark.processes
def test_a_library_callers_process_keeps_its_collector(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("See http://example.com/a.\n")
    done = subprocess.run(
        [sys.executable, "-c", _LIBRARY, str(text)], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == [["http://example.com/a"], True, 0]


def test_cli_main_in_a_programs_process_keeps_its_collector(tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("See http://example.com/a.\n")
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    assert main(["extract", str(text)]) == 0
    assert capsys.readouterr().out == "http://example.com/a\n"
    assert gc.isenabled() is True
    assert gc.get_freeze_count() == frozen
    assert gc.get_threshold() == thresholds


@pytest.mark.processes
def test_a_collector_the_program_turned_off_stays_off_and_nothing_is_frozen():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gc; gc.disable()\n"
            "from urlint._runtime import garbage\n"
            "garbage.defer(); garbage.work_begins()\n"
            "print(gc.isenabled(), gc.get_freeze_count(), gc.get_threshold()[0])",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "False 0 700\n"


# The command as the `urlint` script runs it, saying when it ends the process by os._exit
# (the interpreter's teardown skipped) and running a function registered with atexit.
# `sqlite3` first (the first argument "sqlite3"): a module whose objects teardown closes.
_ENDING = """
import atexit, os, sys
if sys.argv[1] == "sqlite3":
    import sqlite3
exit_now = os._exit
def ending(status):
    sys.stderr.write(f"os._exit({status})\\n")
    sys.stderr.flush()
    exit_now(status)
os._exit = ending
atexit.register(lambda: print("atexit ran", file=sys.stderr))
sys.argv = ["urlint", *sys.argv[2:]]
from urlint.__main__ import run
run()
"""


def _ending(tmp_path, first: str) -> subprocess.CompletedProcess[str]:
    text = tmp_path / "notes.txt"
    text.write_text("See http://example.com/~fred/ and http://a.example/a^b.\n" * 3000)
    return subprocess.run(
        [sys.executable, "-c", _ENDING, first, "check", "--isolated", "notes.txt"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )


def test_the_command_ends_without_teardown_its_output_written_and_atexit_run_once(tmp_path):
    done = _ending(tmp_path, "-")
    lines = done.stdout.splitlines()
    assert done.returncode == 1  # the C201 errors
    assert len(lines) == 2 * 3000 + 1  # a C202 and a C201 a line, all written out
    assert lines[-1] == (
        "Found 6000 problems: 3000 errors, 3000 warnings (6000 fixable with --fix; target: "
        "RFC 1738)."
    )
    assert done.stderr == "atexit ran\nos._exit(1)\n"


def test_with_sqlite3_loaded_the_command_exits_the_ordinary_way(tmp_path):
    done = _ending(tmp_path, "sqlite3")
    assert done.returncode == 1
    assert len(done.stdout.splitlines()) == 2 * 3000 + 1
    assert done.stderr == "atexit ran\n"


def _entry() -> None:
    """Stands in for the command's entry point (urlint.__main__.run)."""


def test_leave_returns_where_the_process_is_not_the_commands(monkeypatch):
    monkeypatch.delitem(sys.modules, "sqlite3", raising=False)
    # this process's __main__ is pytest's, which does not run `_entry`
    assert garbage.leave(0, _entry) is None


def test_leave_returns_while_another_thread_runs(monkeypatch):
    monkeypatch.setitem(sys.modules, "__main__", types.SimpleNamespace(run=_entry))
    monkeypatch.delitem(sys.modules, "sqlite3", raising=False)
    release = threading.Event()
    waiting = threading.Thread(target=release.wait)
    waiting.start()
    try:
        assert garbage.leave(0, _entry) is None
    finally:
        release.set()
        waiting.join()


def test_leave_returns_where_standard_output_cannot_be_flushed(monkeypatch):
    class Refusing(io.StringIO):
        def flush(self) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.setitem(sys.modules, "__main__", types.SimpleNamespace(run=_entry))
    monkeypatch.delitem(sys.modules, "sqlite3", raising=False)
    monkeypatch.setattr(sys, "stdout", Refusing())
    # no other thread either (a test before may have left one): the flush alone sends it
    # back, before any atexit runs
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert garbage.leave(0, _entry) is None
