"""A scan into the store: the walk's inputs decided on (store.inventory), what changed read
as `extract` and `check` read it (runner.py: the same units, on every core), and the rows
written by the one writer (store.writer)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from functools import partial

from ..config import Settings
from ..engines import LOCAL
from ..problems import Problem
from ..records import record
from ..runner import Planned, planned_from, run_work
from ..sources.files import FileId, InputFile, file_id, iter_files
from . import schema
from .inventory import Action, Decision, decide, gone, stored_inputs
from .rows import FINDING, MESSAGE, PROBLEM, URL, unit_rows
from .writer import StoreWriter, recorded

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3

    from ..progress import Tally


@record
class ScanSummary:
    """What a scan did: the inputs by what was done with them, and the rows it wrote."""

    actions: dict[str, int]  # Action values, and "gone"
    messages: int
    urls: int
    findings: int
    problems: int
    seconds: float

    def line(self) -> str:
        from ..progress import duration, plural

        done = ", ".join(f"{count:,} {name}" for name, count in self.actions.items() if count)
        inputs = sum(self.actions.values()) - self.actions.get("gone", 0)
        wrote = ", ".join(
            plural(count, noun)
            for count, noun in ((self.messages, "message"), (self.urls, "URL"),
                                (self.findings, "finding"), (self.problems, "problem"))
        )
        return (
            f"{plural(inputs, 'input')} ({done or 'none'}); wrote {wrote} "
            f"in {duration(self.seconds)}"
        )


def scan_into_store(
    store: str,
    paths: list[str],
    settings: Settings,
    *,
    jobs: int | None = 1,
    tally: Tally | None = None,
    engine: str = LOCAL,
    scheduler: str | None = None,
    findings: bool = True,
) -> ScanSummary:
    """Scan `paths` into the store at `store` (made if new): inputs unchanged since its last
    scan are not read, an mbox that grew is read on from where that scan stopped, and
    inputs gone lose their rows. The units are worked as `extract`'s are: here, on `jobs`
    processes, or on a Dask cluster (`engine`, `scheduler`: runner.run_work); without
    `findings`, no URL is linted (the inputs read keep no findings). Raises
    schema.StoreError for a file that is no store."""
    started = time.monotonic()
    connection = schema.connect(store)
    try:
        first = schema.for_first_scan(connection)
        stored = stored_inputs(connection)
        own = _own_files(store)  # the store's own files are never read into it
        walked = list(iter_files(paths, own, settings.selection))
        decisions: dict[str, Decision] = {}
        for item in decide(walked, stored):
            if not isinstance(item, Problem):  # its unit reports it, in its place
                decisions[item.source.path] = item
        seen = {decision.key for decision in decisions.values()}
        missing = gone(stored, seen, paths)
        writer = StoreWriter(connection, decisions)
        writer.settle(decisions.values(), missing)
        planned = _units(walked, decisions)
        if first:
            planned = _then_indexed(planned, connection)
        units = recorded(planned, writer.sent)
        work = partial(unit_rows, settings=settings, findings=findings)
        events = run_work(
            units, work, jobs, tally, engine=engine, scheduler=scheduler, mark_ends=True
        )
        for event in events:
            writer.add(event)
        writer.close()
        schema.with_late_indexes(connection)
    finally:
        connection.close()
    actions = {action.value: 0 for action in Action}
    for decision in decisions.values():
        actions[decision.action.value] += 1
    actions["gone"] = len(missing)
    counts = writer.counts
    return ScanSummary(
        actions, counts[MESSAGE], counts[URL], counts[FINDING], counts[PROBLEM],
        time.monotonic() - started,
    )


def _own_files(store: str) -> frozenset[FileId]:
    """The store's file and SQLite's beside it (the WAL, its index)."""
    found = (file_id(store + suffix) for suffix in ("", "-wal", "-shm", "-journal"))
    return frozenset(found_id for found_id in found if found_id is not None)


def _units(walked: list[InputFile | Problem], decisions: dict[str, Decision]) -> Iterator[Planned]:
    """The units of what is to be read: the mboxes read on from a place first, then what
    the walk found but the inputs not to read (unchanged, renamed, read on)."""
    from .. import units
    from ..mail.runs import message_runs

    left_alone = (Action.UNCHANGED, Action.RENAMED, Action.RESUMED)
    for decision in decisions.values():
        old = decision.stored
        if decision.action is Action.RESUMED and old is not None and old.resume is not None:
            yield from message_runs(
                decision.source, decision.state.size, units.RUN_BYTES, old.resume
            )
    to_read = [
        item
        for item in walked
        if isinstance(item, Problem)
        or item.path not in decisions
        or decisions[item.path].action not in left_alone
    ]
    # A text file is read whole, as `check` reads it: its suppressions are the file's.
    yield from planned_from(to_read, range_bytes=sys.maxsize, run_bytes=units.RUN_BYTES)


def _then_indexed(planned: Iterator[Planned], connection: sqlite3.Connection) -> Iterator[Planned]:
    """`planned`, then, once the last unit is planned and the workers read the last ones,
    the late indexes (schema.LATE_INDEXES), in the writer's transaction: built while they
    read, not after them (most of a first scan's rows are in: the last units' are indexed
    as written)."""
    yield from planned
    schema.with_late_indexes(connection)
