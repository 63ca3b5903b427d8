"""Work functions for the pools' tests that kill their workers.

In a module of their own, light to import: Python's pool spawns its workers, and each
imports the module of the work it runs (a test module, with hypothesis, took seconds on a
busy machine, each worker)."""

from __future__ import annotations

import os
import signal
import threading
import time

from urlint.core.units import WholeInput
from urlint.output.extract import UrlFormat
from urlint.work.extract import scan_unit


def killed_at(unit: WholeInput, url_format: UrlFormat) -> list:
    """scan_unit, but a unit of a file named "kill*" kills its worker (as the OOM killer
    would), and one named "exit*" ends it (a BaseException past the work's guard)."""
    name = os.path.basename(unit.sources[0].path)
    if name.startswith("kill"):
        os.kill(os.getpid(), signal.SIGKILL)
    if name.startswith("exit"):
        raise SystemExit(3)
    return scan_unit(unit, url_format=url_format)


def broken_beside(unit: WholeInput) -> list:
    """A unit's work on Python's pool, by its file's name; each writes a line to its file
    as it starts. "beside" lasts, the first two times, until its pool breaks (as a unit
    still being read does), and reads the third. "kill" kills its worker once "beside" has
    started once, "kill-beside" once it has started twice."""
    path = unit.sources[0].path
    name = os.path.basename(path)
    with open(path, "a") as starts:
        starts.write("started\n")
    if name == "beside":
        if started(path) <= 2:
            threading.Event().wait()  # its pool's end ends its worker too
        return [name]
    beside = os.path.join(os.path.dirname(path), "beside")
    while started(beside) < (1 if name == "kill" else 2):
        time.sleep(0.01)  # a wait on that file's line, however long; the test's alarm guards
    os.kill(os.getpid(), signal.SIGKILL)
    return [name]


def started(path: str) -> int:
    """How many times the unit of `path` started (broken_beside): the lines of its file."""
    try:
        with open(path) as starts:
            return len(starts.readlines())
    except FileNotFoundError:
        return 0
