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

Only the command's process does this: a Python program calling `urlint.scan_paths`, or a
test calling `commands.cli.main`, keeps its collector as it is (nothing here acts unless `defer`
was called in the process).
"""

from __future__ import annotations

import gc

_deferred = False  # the collector is off until the work begins (`defer`)


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
        gc.enable()
