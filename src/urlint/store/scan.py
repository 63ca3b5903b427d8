"""A scan into the store: what changed since the last scan read, its rows written.

The walk's inputs decided on (store.inventory), what changed read
as `extract` and `check` read it (run/: the same units, on every core), and the rows
written by the one writer (store.writer)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from ..core.engines import HERE, Engine
from ..core.inputs import InputFile
from ..core.message import ALL
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from ..core.units import Planned
from ..linter.checker import Checker
from ..linter.config import Settings
from ..run.plan import planned_from
from ..run.runner import run_work
from ..sources.files import FileId, file_id, iter_files
from . import schema
from .closing import CLOSED_SUFFIX, record_closed
from .inventory import Action, Decision, Stored, decision_on, gone, stored_inputs
from .lock import LOCK_SUFFIX, held
from .rebuild import removed
from .rows import FINDING, MESSAGE, PROBLEM, URL, placed_rows, unit_rows
from .sealing import KEY_SUFFIX, Seal, store_seal
from .writer import StoreWriter, recorded

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3

    from ..run.progress import Tally


@record
class ScanSummary:
    """What a scan did: the inputs by what was done with them, and the rows it wrote."""

    actions: dict[str, int]  # Action values, and "gone"
    messages: int
    urls: int
    findings: int
    problems: int
    seconds: float
    # problems that left something unread (ProblemKind.fails): the scan's exit status 2
    failures: int = 0

    def line(self) -> str:
        """The scan's summary line: what it did with its inputs, what it wrote, its time."""
        from ..run.progress import duration, plural

        done = ", ".join(f"{count:,} {name}" for name, count in self.actions.items() if count)
        inputs = sum(self.actions.values()) - self.actions.get("gone", 0)
        wrote = ", ".join(
            plural(count, noun)
            for count, noun in (
                (self.messages, "message"),
                (self.urls, "URL"),
                (self.findings, "finding"),
                (self.problems, "problem"),
            )
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
    engine: Engine = HERE,
    tally: Tally | None = None,
    findings: bool = True,
    urls_from: str = ALL,
    on_problem: Callable[[Problem], None] | None = None,
    rebuild: bool = False,
    wait: bool = False,
    check_store: bool = False,
    waiting: Callable[[int | None], None] | None = None,
) -> ScanSummary:
    """Scan `paths` into the store at `store` (made if new), reading only what changed.

    Inputs unchanged since its last
    scan are not read, an mbox that grew is read on from where that scan stopped, and
    inputs gone lose their rows. The units are worked as `extract`'s are, on `engine`: here,
    on its processes, or on a Dask cluster (run.runner.run_work); without
    `findings`, no URL is linted (the inputs read keep no findings). `urls_from`: which
    URLs are stored by where they were in their message (core.message.URLS_FROM; a store
    that held others has its mail read again: schema.taking_urls_from). `on_problem` is
    told, in the inputs' order, of each problem but a binary file (an input, or the rest
    of one, not read; a limit reached; a damaged message; a charset read as another), its
    path and reason masked as the store keeps them.

    One scan writes a store at a time (store.lock): one that finds another writing it
    raises a StoreError, or with `wait` waits for it to end (`waiting` told first of the
    process it waits for). The store is checked whole before anything is added to it where
    the last scan into it did not end, where its file is not as the last scan that ended
    left it (store.closing), or with `check_store` (schema.connect); with
    `rebuild`, a urlint store, or a damaged one, is first removed and made again from the
    inputs (store.rebuild). Raises schema.StoreError
    for a file that is no store, or a store it cannot use (locked by another process,
    read-only, damaged: schema.used)."""
    with held(store, wait=wait, waiting=waiting):
        started = time.monotonic()  # the scan's time, not the wait's
        if rebuild:
            removed(store)
        writer, decisions, missing = _scanned(
            store,
            paths,
            settings,
            engine=engine,
            tally=tally,
            findings=findings,
            urls_from=urls_from,
            on_problem=on_problem,
            check_store=check_store,
        )
    actions = {action.value: 0 for action in Action}
    for decision in decisions.values():
        actions[decision.action.value] += 1
    actions["gone"] = len(missing)
    counts = writer.counts
    return ScanSummary(
        actions,
        counts[MESSAGE],
        counts[URL],
        counts[FINDING],
        counts[PROBLEM],
        time.monotonic() - started,
        writer.failures,
    )


def _scanned(
    store: str,
    paths: list[str],
    settings: Settings,
    *,
    engine: Engine,
    tally: Tally | None,
    findings: bool,
    on_problem: Callable[[Problem], None] | None,
    check_store: bool = False,
    urls_from: str = ALL,
) -> tuple[StoreWriter, dict[str, Decision], list[Stored]]:
    """The scan itself, under the scan lock: its writer (what it wrote), what it decided on
    each input the walk found, and the stored inputs it found gone."""
    with schema.used(store):  # SQLite's errors: the store's, said in one line
        # checked whole where the last scan did not end, or asked: never added to where damaged
        connection = schema.connect(store, check_store)
        try:
            schema.taking_urls_from(connection, urls_from)  # before the inputs are read
            first = schema.for_first_scan(connection)
            stored = stored_inputs(connection)
            seal = store_seal(store)  # before the store's own files are known: its key is one
            own = _own_files(store)  # the store's own files are never read into it
            unread: list[str] = []  # what the walk could not look into: kept, not gone
            walked = _noting_unread(iter_files(paths, own, settings.selection), unread)
            decisions: dict[str, Decision] = {}
            writer = StoreWriter(connection, decisions, seal, on_problem)
            missing: list[Stored] = []
            planned = _units(walked, stored, decisions, seal)
            planned = _then_settled(planned, writer, stored, paths, missing, unread)
            if first:
                planned = _then_indexed(planned, connection)
            units = recorded(planned, writer.sent)
            work = partial(unit_rows, settings=settings, findings=findings, urls_from=urls_from)
            events = run_work(units, work, engine, tally, placed_rows, mark_ends=True)
            if findings:  # a text file read in ranges: its unused suppressions (M901)
                # at its last range's end; a file whose last range failed is read again
                events = Checker(settings).ranges_joined(events, unfinished=False)
            for event in events:
                writer.add(event)
            writer.close()
            schema.with_late_indexes(connection)
            schema.closed(connection)  # the scan ended: the next finds no mark of it
        finally:
            connection.close()
        # closed, its last pages in the file: what a later run finds otherwise, something
        # other than a scan wrote (store.closing), and it checks the store whole first
        record_closed(store)
    return writer, decisions, missing


def _own_files(store: str) -> frozenset[FileId]:
    """The store's file, its key (store.sealing), its lock (store.lock), the record of its
    last close (store.closing) and SQLite's beside it (the WAL, its index)."""
    suffixes = ("", KEY_SUFFIX, LOCK_SUFFIX, CLOSED_SUFFIX, "-wal", "-shm", "-journal")
    # SQLite's files, and the lock, are beside the file a link names (lock.held)
    bases = {store, os.path.realpath(store)}
    found = (file_id(base + suffix) for base in bases for suffix in suffixes)
    return frozenset(found_id for found_id in found if found_id is not None)


def _units(
    walked: Iterable[InputFile | Problem],
    stored: dict[str, Stored],
    decisions: dict[str, Decision],
    seal: Seal,
) -> Iterator[Planned]:
    """The units of what is to be read, planned as the walk goes (the workers start on the
    first while it goes on: a Maildir's thousands of files are not all looked at first):
    each file decided on as it is found (`decisions`), and read unless left alone
    (unchanged, renamed, read on); then the mboxes read on from a place."""
    from ..core import units
    from ..mail.runs import message_runs

    resumed: list[Decision] = []
    taken: dict[str, int] = {}  # the inputs' keys so far (inventory._unique)

    def to_read() -> Iterator[InputFile | Problem]:
        for item in walked:
            decision = None if isinstance(item, Problem) else decision_on(item, stored, taken, seal)
            if decision is not None:
                decisions[item.path] = decision
                if decision.action is Action.RESUMED:
                    resumed.append(decision)
                if decision.action in _LEFT_ALONE:
                    continue
            yield item  # a problem met walking too: its unit reports it, in its place

    # A large text file is read in ranges, as `check` reads it: their rows placed in the
    # file (store.rows.placed_rows) and their suppressions joined (scan_into_store); the
    # input is "partial" until its last range is stored, and read again whole if a scan
    # stops before (store.inventory).
    yield from planned_from(to_read(), run_bytes=units.RUN_BYTES)
    for decision in resumed:
        place = decision.stored.resume if decision.stored is not None else None
        if place is not None:
            yield from message_runs(decision.source, decision.state.size, units.RUN_BYTES, place)


_LEFT_ALONE = (Action.UNCHANGED, Action.RENAMED, Action.RESUMED)


def _noting_unread(
    walked: Iterable[InputFile | Problem], unread: list[str]
) -> Iterator[InputFile | Problem]:
    """The walk, each place in it that is there but could not be read (a directory whose
    mode forbids it, an I/O error) noted in `unread`: its stored inputs are not gone (a
    path no longer there is: its rows go)."""
    for item in walked:
        if isinstance(item, Problem) and item.kind is ProblemKind.UNREADABLE and item.path:
            if os.path.lexists(item.path):
                unread.append(item.path)
        yield item


def _then_settled(
    planned: Iterator[Planned],
    writer: StoreWriter,
    stored: dict[str, Stored],
    paths: list[str],
    missing: list[Stored],
    unread: list[str],
) -> Iterator[Planned]:
    """`planned`, then, the walk over, what it alone settles (StoreWriter.settle): the
    inputs left alone get their new state, and those it no longer found (put in
    `missing`), but under a place it could not read (`unread`), lose their rows."""
    yield from planned
    decisions = writer.decisions
    seen = {decision.key for decision in decisions.values()}
    missing.extend(gone(stored, seen, paths, unread))
    writer.settle(decisions.values(), missing)


def _then_indexed(planned: Iterator[Planned], connection: sqlite3.Connection) -> Iterator[Planned]:
    """`planned`, then, once the last unit is planned and the workers read the last ones,
    the late indexes (schema.LATE_INDEXES), in the writer's transaction: built while they
    read, not after them (most of a first scan's rows are in: the last units' are indexed
    as written)."""
    yield from planned
    schema.with_late_indexes(connection)
