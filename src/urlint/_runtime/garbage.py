"""Python's cyclic garbage collector in the `urlint` command's own process.

Start-up is most of a pre-commit hook's run (bench/latency.py), and the collector was a
measured part of it (bench/README.md, "Start-up tuning"): loading the modules a `check`
needs makes thousands of objects the collector tracks, which live as long as the process
(functions, classes, compiled patterns, the rule catalogue), and it traversed them each time
its youngest generation filled, then all of them again at exit. None of it is garbage.

So the command (`urlint.__main__.run`) starts with the collector off (`defer`), and when
its work begins (`work_begins`: the walk of its inputs starts, sources.files.iter_files,
before the runner starts a pool), what start-up made is frozen into the collector's
permanent generation, left out of every later collection, and collection resumes for what
the run makes. This is the order CPython's documentation gives for a process that forks
workers (the gc module, `freeze`): collector off early, freeze right before fork, so that
a worker's collections never write to the pages it shares with the parent. A run that
ends before any work (a usage error, `urlint rules`) exits with the collector still off:
it made nothing worth collecting.

The run's youngest generation holds `YOUNG` objects, not the interpreter's 700: reading a
URL makes hundreds of objects and keeps few, and each young collection walks every one
still alive, so a larger generation walks fewer of them (bench/README.md, "Start-up
tuning"; mypy raises the threshold for the same reason). What the run keeps is walked as
often as before.

Only the command's process does this: a Python program calling `urlint.scan_paths`, or a
test calling `commands.cli.main`, keeps its collector as it is (nothing here acts unless `defer`
was called in the process).

At its end the command's process skips the interpreter's teardown (`leave`). Exiting the
ordinary way finalizes the interpreter: it frees, one by one, every module, function, class
and compiled pattern start-up made: a measured share of a hook's `urlint check` on one small
file (docs/design/performance.md, "Figures the code's choices rest on"), and none of it is
seen: the operating system takes a process's memory back at once. So `leave`
does what an exit does that can be seen, and ends the process there (`os._exit`): the
functions registered with `atexit` run, last registered first, as at any exit (`tempfile`'s
and `weakref.finalize`'s clean-ups, a coverage tool's), then standard output and standard
error are flushed. It leaves the ending to the ordinary exit (`sys.exit`, which finalizes)
wherever finalizing may do more than that: a process whose program is not the command
(`run` called by other code, a test's, which may catch SystemExit; `python -i`, whose
prompt comes after it), another thread still running (finalizing waits for it), sqlite3
loaded (finalizing closes a connection left open), or a flush that fails (the ordinary
exit reports it, as it always has).
"""

from __future__ import annotations

import gc
import sys

_deferred = False  # the collector is off until the work begins (`defer`)
YOUNG = 10_000  # the objects made between two collections of the youngest generation


def defer() -> None:
    """This process is the urlint command's: no collection until its work begins."""
    global _deferred
    if gc.isenabled():  # one a program had turned off stays off, and is not frozen
        gc.disable()
        _deferred = True


def work_begins() -> None:
    """Start-up is over: freeze what it made and collect what the run makes.

    Only after `defer`, and once."""
    global _deferred
    if _deferred:
        _deferred = False
        gc.freeze()
        gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
        gc.enable()


def leave(status: int, entry: object) -> None:
    """End the process with `status` if it is the command's and its teardown can be skipped.

    `entry` is the command's entry point (`urlint.__main__.run`): the process is the
    command's when its `__main__` module runs that function (the `urlint` script's `from
    urlint.__main__ import run`, or `python -m urlint`). Returns where the process must
    exit the ordinary way."""
    if getattr(sys.modules.get("__main__"), "run", None) is not entry or sys.flags.inspect:
        return  # not the command's process, or `python -i`: its prompt comes next
    if "sqlite3" in sys.modules:
        return
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    if not _flushed():
        return
    import atexit
    import os

    atexit._run_exitfuncs()  # each runs once: the ordinary exit after it finds none left
    if _flushed():  # what they wrote
        os._exit(status)


def _flushed() -> bool:
    """Flush standard output and standard error; whether both took it."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except Exception:  # noqa: BLE001 - the ordinary exit flushes again and reports it
        return False
    return True
