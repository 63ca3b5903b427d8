"""What the run's modules and its pool engines share: units, their results, how a pool is fed.

A unit of work and what a worker makes of it (`InputResult`, with the `TextExtent` of a
range), how a pool is handed units and waited on (`Work`, `Submit`, `Waiting`), the result
of a unit whose worker failed (`not_worked`), and the cores a pool may use and the most
workers it starts (`most_jobs`).

The pool engines (engines/forked.py, engines/dask.py) take these from here, below the pool
that chooses among them (pool.py), so no engine imports the module that imports it.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..core.counts import NOTHING, Counts
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from ..core.units import ArchiveMembers, ArchiveRest, MessageRun, TextRange, WholeInput

Unit = WholeInput | TextRange | MessageRun | ArchiveMembers | ArchiveRest
# What a worker does with a unit: its results, in order (picklable: a module-level function,
# or a functools.partial of one).
Work = Callable[["Unit"], "UnitResult"]
# A unit handed to a pool: call it to wait for the unit's result (a Future's `result`).
Waiting = Callable[[], "UnitResult"]
# Hands a unit to a pool's workers.
Submit = Callable[["Unit"], Waiting]


@record
class TextExtent:
    """What a range of a text file or a run of an mbox holds, for the writer to place it.

    Its positions are counted from its own start (core.units.TextRange,
    core.units.MessageRun.relative): the line ends, the characters and the messages in it.
    The writer places its events after what the ranges (or runs) before hold, from 0 again
    at a file's first."""

    first: bool  # the file's first range (or run)
    lines: int
    chars: int
    messages: int = 0


@record
class InputResult:
    """What one input (or one range or run of it) gave, formatted, and the messages it read.

    The messages (`Counts.messages` and `damaged`) go to progress and the summary."""

    events: list  # FoundLine | Problem for extract, Finding for check
    articles: tuple[str, ...] = ()  # Message-IDs of the news articles read whole (crossposts)
    counts: Counts = NOTHING
    archive: int = 0  # the archive whose members these are (ArchiveMembers.archive)
    # It reads that archive on to its end (ArchiveRest): its later results are dropped.
    archive_rest: bool = False
    extent: TextExtent | None = None  # a range of a text file: placed by the writer


UnitResult = list[InputResult]


def not_worked(unit: Unit, reason: str) -> UnitResult:
    """The result of a unit whose worker failed: a problem for each input it held.

    Its worker died, or raised past `worked`'s own guard: a problem for each input it held,
    in its place, and the run goes on. A range of a text file says it holds nothing, as one
    whose reading failed does (`worked`): the ranges after it are placed as if it held no
    line. A relative run of an mbox is framed again here, copying no message, for the runs
    after it to be placed right."""
    problems = [Problem(ProblemKind.UNREADABLE, reason, path, line) for path, line in unit.held()]
    if isinstance(unit, TextRange):
        return [InputResult(problems, extent=TextExtent(unit.first == 0, 0, 0))]
    if isinstance(unit, MessageRun) and unit.relative:  # placed after what it holds, framed again
        from ..mail.runs import run_extent

        lines, messages = run_extent(unit)
        extent = TextExtent(unit.place.offset == 0, lines, 0, messages)
        return [InputResult(problems, extent=extent)]
    archive = unit.archive if isinstance(unit, ArchiveMembers | ArchiveRest) else 0
    return [InputResult(problems, archive=archive)]


def core_count() -> int:
    """The cores this process may run on (its affinity where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


# The worker processes a pool of this machine starts at most, for each core. A unit's work
# is Python that keeps its core busy: past the cores, processes only take turns, each with
# its memory (-j 1000 forked a thousand, gigabytes together). Twice the cores leaves room
# for workers waiting on a slow disk or a network filesystem.
JOBS_PER_CORE, _JOBS_PER_CORE_WORD = 2, "twice"
# Where a user whose machine runs more sets the most (a whole number, 1 or more).
MAX_JOBS = "URLINT_MAX_JOBS"


def most_jobs() -> tuple[int, str]:
    """The most worker processes a pool of this machine starts, and the limit named as -j's
    note names it ("-j 1000 is more than <limit>; using 4").

    JOBS_PER_CORE for each core, or URLINT_MAX_JOBS where it is set: read here alone.
    Raises ConfigError when that is not a number of processes."""
    value = os.environ.get(MAX_JOBS, "")
    if not value.strip():
        most = core_count() * JOBS_PER_CORE
        return most, f"{most}, {_JOBS_PER_CORE_WORD} the cores here ({MAX_JOBS} sets another limit)"
    try:
        most = int(value)
    except ValueError:
        most = 0
    if most < 1:
        from ..core.exits import ConfigError

        raise ConfigError(f"{MAX_JOBS}: {value!r} is not a number of processes (1 or more)")
    return most, f"{MAX_JOBS}={most}"
