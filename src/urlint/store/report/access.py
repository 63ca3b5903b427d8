"""How a report opens a store: read-only, checked, and its queries bounded.

- `open_store`: the store opened read-only (from read-only media too), its tables checked
  to be those urlint makes (store.schema.version), and its pages whole
  (store.schema.check_whole) where the last scan did not end, where the file is not as
  the last scan that ended left it (store.closing) or where asked, before any of the
  report's queries; each page it reads after, as SQLite reads it;
- `Bounded`: the connection, whose queries together take at most a number of SQLite's
  steps proportional to the store's size;
- `reading`: where the report reads it, SQLite's errors said in one line (a StoreError).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .. import schema
from ..closing import as_closed


def open_store(path: str, check: bool = False) -> sqlite3.Connection:
    """The store at `path`, opened read-only and checked, its queries bounded.

    A report never makes a store (a mistyped path would leave an empty one behind) and
    never writes to one, not even to bring an older one up to this urlint's schema (a scan
    into it does): it reads beside a running scan (the store is in WAL mode), and from
    read-only media. Before any of the report's queries, the file is checked to hold the
    tables urlint makes and nothing else (schema.version), and its pages to be whole
    (schema.check_whole) where the last scan into it did not end, where the file is not as
    the last scan that ended left it (store.closing: not where no record says either), or
    with `check` (`--check-store`); every query after is bounded (`Bounded`), and every
    page it reads checked as read (schema.checked_as_read). Raises schema.StoreError, and
    its errors are the store's (`reading`)."""
    where = Path(path)
    if not where.exists():
        raise schema.StoreError(f"{path}: no such file")
    if not where.is_file():
        raise schema.StoreError(f"{path}: not a file")
    # Before SQLite reads the file. No record (a store shared without it): not checked, as
    # a report, which writes none, would check it on every run (store.closing).
    changed = as_closed(path) is False
    with schema.used(path):
        connection = _read_only(path)
    try:
        with reading(connection, path):
            connection.bound(path)
            found = schema.version(connection, path)
            if found == 0:
                raise schema.StoreError(f"{path}: not a urlint store: it holds no tables")
            if found > schema.SCHEMA_VERSION:
                raise schema.StoreError(
                    f"{path}: the store is of schema version {found}; this urlint reads "
                    f"version {schema.SCHEMA_VERSION} at most: upgrade urlint"
                )
            if found < schema.SCHEMA_VERSION:
                raise schema.StoreError(
                    f"{path}: the store is of schema version {found}, older than this "
                    f"urlint's {schema.SCHEMA_VERSION}: a scan into it brings it up to date "
                    "(a report changes no store)"
                )
            if check or changed or schema.left_open(connection):
                schema.check_whole(connection, path)
    except BaseException:
        connection.close()
        raise
    return connection


# The limit: the steps of SQLite's virtual machine (https://sqlite.org/opcode.html) a report
# may take over all its queries, STEPS_PER_BYTE for each byte of the store (its file and
# its WAL), and LEAST_STEPS at least. A report reads each table a few times at most
# (store.report.queries), and takes less than one step a byte of the store: the summary, each
# table and the page, under each filter, on the stores of bench/store.py's archive and of
# the shared corpora. Twenty a byte leave room for a store of another shape; at the tens of
# millions of steps a second SQLite takes, the limit is seconds for a small store and
# grows with the store (docs/design/performance.md, "Figures the code's choices rest on").
STEPS_PER_BYTE = 20
LEAST_STEPS = 50_000_000
# The budget is counted by a call of Python every STEP_BATCH steps: rare enough to cost
# nothing measurable, often enough to stop a query within a millisecond of its limit.
STEP_BATCH = 100_000


class Bounded(sqlite3.Connection):
    """A connection whose queries, together, take at most a budget of SQLite's steps.

    SQLite calls its progress handler every STEP_BATCH steps of its virtual machine; once
    the budget is spent, the handler stops the query (SQLITE_INTERRUPT). A store that
    holds the tables urlint makes (schema.version) is read in steps proportional to its
    size: the budget is what stops whatever else could make a query run for ever."""

    steps = 0  # the budget
    spent = False  # whether a query was stopped for it

    def bound(self, path: str) -> None:
        """The budget of a report on the store at `path`, from its size; counted from now."""
        size = sum(_size(path + suffix) for suffix in ("", "-wal"))
        self.steps = max(LEAST_STEPS, STEPS_PER_BYTE * size)
        left = self.steps // STEP_BATCH + 1

        def counted() -> bool:
            nonlocal left
            left -= 1
            if left < 0:
                self.spent = True
                return True
            return False

        self.set_progress_handler(counted, STEP_BATCH)


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


@contextmanager
def reading(connection: sqlite3.Connection, path: str) -> Iterator[None]:
    """Where the report reads the store at `path`: SQLite's errors raised as StoreError.

    As schema.used says them, and a query stopped by the budget (`Bounded`) said so. A
    query stopped otherwise was stopped by Ctrl-C (Python runs its signal handler in the
    progress handler, whose exception SQLite's module drops): KeyboardInterrupt again."""
    with schema.used(path):
        try:
            yield
        except sqlite3.OperationalError as error:
            if schema.result_code(error) != schema.INTERRUPT:
                raise
            if not getattr(connection, "spent", False):
                raise KeyboardInterrupt from None
            steps = getattr(connection, "steps", 0)
            connection.set_progress_handler(None, 0)  # spent: `_why` asks one thing more
            raise schema.StoreError(
                f"{path}: the report stopped: its queries took more than {steps:,} steps of "
                f"SQLite's, the most a store of {_size(path):,} bytes is read in{_why(connection)}"
            ) from None


def _why(connection: sqlite3.Connection) -> str:
    """What may have made a urlint store's queries that long: the indexes a first scan
    builds at its end missing (schema.LATE_INDEXES), where they are."""
    try:
        held = {
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        }
    except sqlite3.Error:
        return ""
    if set(schema.LATE_INDEXES) <= held:
        return ""
    return (
        " (it lacks the indexes a first scan builds at its end: one is under way, or was "
        "stopped, and a scan finishes it)"
    )


def _read_only(path: str) -> Bounded:
    # As a URI, so that a path holding "?" or "#" stays a path (as_uri escapes them).
    uri = Path(path).resolve().as_uri()
    try:
        return _opened(uri + "?mode=ro")
    except sqlite3.OperationalError as error:
        if not _whole_in_its_file(path, error):
            raise
    return _opened(uri + "?mode=ro&immutable=1")


def _whole_in_its_file(path: str, error: sqlite3.Error) -> bool:
    """Whether a store that `mode=ro` could not open (`error`) is read whole as immutable.

    Read-only, SQLite reads a store in WAL mode through the index of its WAL (the `-shm`
    file), which it makes where there is none (https://sqlite.org/wal.html#readonly): in a
    directory it may not write in (SQLITE_READONLY_DIRECTORY), or on a read-only file system
    (SQLITE_CANTOPEN), it cannot, though the store is whole. Where no `-wal` file holding
    frames is beside it, every transaction is in the store's own file (the last writer's
    close moved them there, and removed the WAL), and `immutable=1`
    (https://sqlite.org/uri.html#uriimmutable) reads that file with neither the WAL nor
    locks. Not where a `-wal` holds frames: the report would miss the transactions in it
    (said so, in one line); nor where a `-journal` does (a transaction cut short: the file
    is half written). Those two: a StoreError that says so.

    What this relies on: that no writer changes the file while the report reads it. On a
    read-only file system none can; in a directory this user may not write in, a writer
    that may (another user) could start a scan meanwhile, and its checkpoint change pages
    the report is reading: wrong counts, or "the store is damaged". The other way, a store
    left in rollback mode by each scan, is not taken: a report reading it would keep the
    next scan from starting (turning WAL on needs the file to itself), where WAL lets them
    run side by side (docs/guide/reports.md)."""
    code = schema.result_code(error)
    folder = os.path.dirname(os.path.abspath(path))
    if code != schema.READONLY and not (code == schema.CANTOPEN and not os.access(folder, os.W_OK)):
        return False
    for suffix, held in (
        ("-wal", "transactions not yet in the store"),
        ("-journal", "a transaction cut short"),
    ):
        if _size(path + suffix) > 0:
            raise schema.StoreError(
                f"{path}: cannot open the store: its {suffix} file holds {held}, which SQLite "
                "reads only where it can write beside the store (open the store there once)"
            )
    return True


def _opened(uri: str) -> Bounded:
    connection = sqlite3.connect(uri, uri=True, factory=Bounded)
    try:
        # A page cache of 64 MB, not SQLite's 2: a finding's URL is looked up in urls_url,
        # and the upper levels of the indexes stay in memory. The first statement: it
        # reads the file (and its WAL), so a store SQLite cannot open fails here.
        connection.execute("PRAGMA cache_size = -65536")
        schema.checked_as_read(connection)
    except BaseException:
        connection.close()
        raise
    return connection
