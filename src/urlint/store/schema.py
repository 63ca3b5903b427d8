"""The store's tables, its schema version and the migrations that bring an older store up.

The tables are a public contract (docs/reference/store.md): users query them with any
SQLite tool. Every text that came from the input is masked as every output masks it
(output.printable: RFC 1738 section 6), so the file holds no password.

- `inputs`: one row per file read (a plain file, an mbox, one message file of a Maildir,
  MH folder or news spool, a compressed file, an archive), with what tells a later scan
  whether it changed (size, mtime, inode, content hash) and, for an mbox read in part,
  where the next scan goes on from (`resume_*`: a place where the whole file's framing
  stands at a message's start, mail.mbox.MboxPlace).
- `messages`: one row per message that holds a URL, a finding or a problem.
- `urls`: every URL `urlint extract` finds, with its place in the file and its message,
  and what it was found in (`context`, as jsonl's: "string" or "comment" in a code or
  configuration file, a markup construct's kind in a markup file; NULL for running text,
  and for a row a store of version 2 or older held, where it is not known); in mail, where
  in the message (`source`: "header" for a header field's URL, `header` naming the field;
  else the body's, `part` naming its MIME part: jsonl's `message.source`).
- `findings`: what `urlint check` reports on them (the configuration's rules), with where
  their URL was in its message (`part`, `source`, `header`, as the URL's row has them).
- `problems`: inputs and messages not read as they are (damaged, binary, cut at a limit).
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from ..core.message import ALL, HEADER, HEADERS
from .closing import as_closed

SCHEMA_VERSION = 4

# Version 1. Times are ISO 8601 in UTC ("2026-11-23T10:00:00Z"). Lines and columns are
# 1-based, columns in characters of the decoded line, `end_column` exclusive (as in the
# jsonl output); `offset` counts characters from the file's (or member's) start.
_TABLES_V1 = """
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE inputs (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,              -- as given or walked, masked
    location TEXT NOT NULL,          -- its absolute path, masked
    key TEXT NOT NULL UNIQUE,        -- what the input is known by across scans (inventory)
    kind TEXT NOT NULL,              -- text, mbox, maildir, mh, news, compressed, archive, ...
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    inode INTEGER NOT NULL,
    device INTEGER NOT NULL,
    hash TEXT,                       -- of the bytes scanned (`size` of them): store.sealing
    scanned_at TEXT NOT NULL,
    status TEXT NOT NULL,            -- done, partial (an mbox read up to resume_offset)
    resume_offset INTEGER,
    resume_line INTEGER,
    resume_index INTEGER,
    resume_counted INTEGER,
    messages INTEGER NOT NULL DEFAULT 0    -- messages read (the damaged: `problems`)
);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    input_id INTEGER NOT NULL REFERENCES inputs(id) ON DELETE CASCADE,
    path TEXT NOT NULL,              -- the file or archive member ("a.tgz!2024-01.mbox")
    idx INTEGER NOT NULL,            -- 1-based, within its file or member
    line INTEGER NOT NULL,           -- the file line the message starts on
    message_id TEXT,
    date TEXT,                       -- the Date field in UTC, ISO 8601; NULL if unreadable
    date_raw TEXT,                   -- the Date field as written
    sender TEXT,                     -- the From field, decoded
    list_id TEXT,
    folder TEXT,                     -- the Maildir, MH folder, news group or mbox it is in
    flags TEXT                       -- Maildir flags ("RS"), else NULL
);
CREATE TABLE urls (
    id INTEGER PRIMARY KEY,
    input_id INTEGER NOT NULL REFERENCES inputs(id) ON DELETE CASCADE,
    message INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    url TEXT NOT NULL,
    scheme TEXT NOT NULL,            -- lower case
    host TEXT,                       -- lower case, for the schemes that name one
    line INTEGER NOT NULL,
    "column" INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    end_column INTEGER NOT NULL,
    "offset" INTEGER NOT NULL,
    wrapper TEXT,
    alt TEXT,
    flags TEXT NOT NULL,             -- space-separated, as jsonl's `flags`
    part TEXT,                       -- mail: the MIME part, its type, where in it
    content_type TEXT,
    source TEXT,
    header TEXT
    -- context TEXT: added by version 3 (MIGRATIONS), the last column
);
CREATE TABLE findings (
    id INTEGER PRIMARY KEY,
    input_id INTEGER NOT NULL REFERENCES inputs(id) ON DELETE CASCADE,
    message INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    severity TEXT NOT NULL,
    text TEXT NOT NULL,
    url TEXT,
    line INTEGER NOT NULL,
    "column" INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    end_column INTEGER NOT NULL
    -- part TEXT, source TEXT, header TEXT: added by version 4 (MIGRATIONS), the last columns
);
CREATE TABLE problems (
    id INTEGER PRIMARY KEY,
    input_id INTEGER REFERENCES inputs(id) ON DELETE CASCADE,
    message INTEGER REFERENCES messages(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    line INTEGER NOT NULL
);
CREATE INDEX messages_input ON messages(input_id);
"""

# Indexes built whole once a first scan has planned its last unit (`for_first_scan`,
# store.scan): the reports' (report/queries.py), and the other tables' by input (what a
# re-scan replaces; a first scan only adds). Filled row by row, the reports' cost the
# writer three times the rest of its work, and the by-input ones a fifth of its inserts.
# `messages_input` is always there: the writer looks a message up by it (an mbox read on
# from where a scan stopped). Each is in the plan of a query that reads it
# (tests/store/test_report.py): none is built for nothing.
LATE_INDEXES = {
    "urls_input": "urls(input_id)",
    "findings_input": "findings(input_id)",
    "problems_input": "problems(input_id)",
    "messages_date": "messages(date)",
    "messages_folder": "messages(folder)",
    "urls_message": "urls(message)",
    "urls_host": "urls(host)",
    "urls_url": "urls(url)",
    "urls_scheme": "urls(scheme)",
    "findings_code": "findings(code)",
    # The URLs of header fields alone (a partial index: a few of an archive's URLs), which
    # the summary counts
    "urls_header": f"urls(source) WHERE source = '{HEADER}'",
}

# MIGRATIONS[n] brings a store of version n to n + 1; a store newer than SCHEMA_VERSION
# is refused (an older urlint would misread it).
MIGRATIONS: dict[int, str] = {
    # Version 2: `inputs.hash` is sealed under the store's key (store.sealing); version 1's
    # plain SHA-256 would confirm a guess at a password in a file, and goes. An input
    # touched since is read again once, an mbox that grew read again whole.
    1: "UPDATE inputs SET hash = NULL;",
    # Version 3: `urls.context`, what a URL was found in (scanner.syntax: a string literal,
    # a comment, a markup link; NULL for running text), as jsonl's `context` (output.extract),
    # "text" there being NULL here. The rows held already get NULL: not known. The plain
    # files are read again once by the next scan of them (`status` "failed": read again,
    # store.inventory), so that their rows get their context, and their URLs are read in
    # their syntax (a URL in a string literal ends at its quote); mail's URLs are running
    # text, and an mbox, a Maildir or an archive is not read again for a NULL it keeps.
    2: "ALTER TABLE urls ADD COLUMN context TEXT;"
    "UPDATE inputs SET status = 'failed' WHERE kind = 'text';",
    # Version 4: a finding says where its URL was in its message (`part`, `source`,
    # `header`), as its URL's row does, so that a header field's findings can be told from
    # the body's (report --urls-from). The rows held already take them from their URL's
    # row: the first row of that URL text in that message whose lines hold the finding's
    # (a finding's span is within its URL's). A finding in plain text keeps NULL, as a new
    # one does; one on no stored URL (a damaged message's, a near-URL's) too: not known.
    3: "ALTER TABLE findings ADD COLUMN part TEXT;"
    "ALTER TABLE findings ADD COLUMN source TEXT;"
    "ALTER TABLE findings ADD COLUMN header TEXT;"
    "UPDATE findings SET (part, source, header) = ("
    " SELECT u.part, u.source, u.header FROM urls AS u"
    " WHERE u.message = findings.message AND u.url = findings.url"
    " AND u.line <= findings.line AND findings.line <= u.end_line"
    " ORDER BY u.id LIMIT 1"
    ") WHERE message IS NOT NULL AND url IS NOT NULL;",
}


PAGE_BYTES = 16 * 1024

# How long a scan waits for another process's write transaction on the store to end (a
# scan writing it) before it says the store is locked: the sqlite3 module's default.
BUSY_SECONDS = 5.0


class StoreError(Exception):
    """The file is not a store this urlint can use (the CLI says so, exit status 2)."""


# SQLite's primary result codes (https://sqlite.org/rescode.html) that say what is wrong
# with a store, and what SQLite's message for each is (sqlite3ErrStr): Python 3.10 gives
# the message alone, 3.11 the code too.
BUSY, LOCKED, READONLY, INTERRUPT, IOERR, CORRUPT, FULL, CANTOPEN = 5, 6, 8, 9, 10, 11, 13, 14
_CODE_OF_MESSAGE = {
    "database is locked": BUSY,
    "database table is locked": LOCKED,
    "attempt to write a readonly database": READONLY,
    "disk I/O error": IOERR,
    "database disk image is malformed": CORRUPT,
    "database or disk is full": FULL,
    "unable to open database file": CANTOPEN,
}
_LOCKED = "the store is locked by another process"
# What a damaged store's line ends with: how to have a whole one.
REBUILD = " (urlint scan --rebuild makes it again from its inputs)"
# What each code says of the store, after its name; any other (a table it lacks, a file
# that is no database): it is no store.
_REASONS = {
    BUSY: _LOCKED,
    LOCKED: _LOCKED,
    READONLY: "the store cannot be written: {error}",
    IOERR: "the store cannot be read or written: {error}",
    CORRUPT: "the store is damaged: {error}" + REBUILD,
    FULL: "the store cannot be written: {error}",
    CANTOPEN: "cannot open the store: {error}",
}
_NO_STORE = "not a urlint store: {error}"


def result_code(error: sqlite3.Error) -> int | None:
    """SQLite's primary result code for `error` (None: not known)."""
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11 and later
    if code is None:
        return _CODE_OF_MESSAGE.get(str(error))
    return code & 0xFF  # an extended code's low byte is its primary code


@contextmanager
def used(path: str) -> Iterator[None]:
    """Where the store at `path` is used: SQLite's errors on it raised as StoreError.

    A StoreError is a line that names the store and says what is wrong with it (locked,
    read-only, damaged, no store), so that every command says so in one line, with exit
    status 2."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        reason = _REASONS.get(result_code(error) or 0, _NO_STORE)
        raise StoreError(f"{path}: {reason.format(error=error)}") from None


def connect(path: str, check: bool = False) -> sqlite3.Connection:
    """The store at `path`, made or brought up to SCHEMA_VERSION, for a scan to write.

    What the file is is asked first, by reading it alone (`version`): a file that is not a
    urlint store, or not one this urlint can write, is left as it was, in its journal mode,
    with no table made; so is a store found damaged (`check_whole`), which is asked where
    the last scan into it did not end (`left_open`), where the file is not as the last scan
    that ended left it, or no record says so (store.closing), and with `check`
    (`--check-store`). Every page read after is checked as SQLite reads it
    (`cell_size_check`). Then WAL, so that a reader (a report) never waits on the writer
    and a killed writer loses only its open batch; and the store is marked open until the
    scan ends (`closed`)."""
    # Before the connection reads the file: the scan vouches for it when it ends
    # (closing.record_closed), so it adds only to a store it checked or one a scan left so.
    left_whole = as_closed(path) is True
    with used(path):
        connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
        try:
            checked_as_read(connection)
            # A new file's pages: PAGE_BYTES, larger than SQLite's own. An archive's rows are
            # added in their thousands and read whole by reports; inserting them, and building
            # the late indexes, take less CPU with larger pages (bench/store.py's archive).
            # Set before WAL, the one time it can be (an existing store keeps its own); it
            # writes nothing.
            connection.execute(f"PRAGMA page_size={PAGE_BYTES}")
            found = version(connection, path)
            if found > SCHEMA_VERSION:
                raise StoreError(
                    f"{path}: the store is of schema version {found}; this urlint knows "
                    f"{SCHEMA_VERSION} at most: upgrade urlint"
                )
            if found and (check or not left_whole or left_open(connection)):
                check_whole(connection, path)  # before anything is written to it
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at each checkpoint
            _migrate(connection, found)
            connection.execute(f"INSERT OR REPLACE INTO meta VALUES ('{_OPEN_KEY}', '1')")
        except BaseException:
            connection.close()
            raise
    return connection


def version(connection: sqlite3.Connection, path: str) -> int:
    """The schema version of the store at `path`, its tables checked; 0 for an empty file.

    Read from `meta` once the schema says it is a table as urlint makes it; then every
    table is checked against those of that version (`_check_tables`): a file that holds a
    view, a trigger, or tables other than a urlint store's, is refused before any other of
    its rows is read. A StoreError says what the file is not. A version newer than this
    urlint's is returned unchecked: its tables are a later urlint's."""
    tables, others = _objects(connection)
    if not tables and not others:
        return 0
    if "meta" not in tables:
        if "meta" in others:
            raise StoreError(f"{path}: not a urlint store: its meta is a {others['meta']}")
        raise StoreError(
            f"{path}: not a urlint store: the file holds tables, but no urlint store's"
        )
    if _shape(connection, "meta") != _shapes(SCHEMA_VERSION)["meta"]:
        reason = _differs("meta", _shape(connection, "meta"), SCHEMA_VERSION)
        raise StoreError(f"{path}: not a urlint store: {reason}")
    row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        raise StoreError(f"{path}: not a urlint store: its meta table holds no schema version")
    try:
        found = int(row[0])
    except (TypeError, ValueError):  # written by no urlint: its value is not shown
        reason = "its schema version is not a number"
        raise StoreError(f"{path}: not a urlint store: {reason}") from None
    if found < 1:
        raise StoreError(f"{path}: not a urlint store: its schema version is {found}")
    if found <= SCHEMA_VERSION:
        _check_tables(connection, path, tables, others, found)
    return found


def _migrate(connection: sqlite3.Connection, found: int) -> None:
    """The store, of version `found` (0: an empty file), brought up to SCHEMA_VERSION."""
    if found == SCHEMA_VERSION:
        return
    from ..core.version import __version__

    # One script, one transaction: executescript commits whatever is open before it.
    steps = [_TABLES_V1 + "".join(f"{create};" for create in _late_indexes())] if found == 0 else []
    steps += [MIGRATIONS[number] for number in range(max(found, 1), SCHEMA_VERSION)]
    stamp = (
        f"INSERT OR REPLACE INTO meta VALUES ('schema_version', '{SCHEMA_VERSION}');"
        f"INSERT OR REPLACE INTO meta VALUES ('urlint_version', '{__version__}');"
    )
    try:
        connection.executescript("BEGIN IMMEDIATE;" + "".join(steps) + stamp + "COMMIT;")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


# The mark of a scan writing the store (in `meta`), removed when it ends (`closed`): one
# found by the next scan or report is a scan that did not end (killed, its machine down, a
# disk that filled): the store is then checked whole (`check_whole`).
_OPEN_KEY = "scan_not_ended"


# Which URLs the store holds by where they were in their message (`scan --urls-from`: in
# `meta`, where not all of them).
URLS_FROM_KEY = "urls_from"


def taking_urls_from(connection: sqlite3.Connection, urls_from: str) -> None:
    """The store marked as holding the URLs `urls_from` takes (core.message.URLS_FROM).

    Where the scans before took others, the inputs are read again whole by this one
    (`status` "failed", store.inventory), so that the store holds one kind of URLs, not
    what each input's last reading took: every input where the headers' URLs alone were
    or are taken, else every input but a plain text file (it has no header)."""
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (URLS_FROM_KEY,)).fetchone()
    held = ALL if row is None else row[0]
    if held == urls_from:
        return
    connection.execute("BEGIN IMMEDIATE")  # one transaction: both, or neither
    try:
        where = "" if HEADERS in (held, urls_from) else " WHERE kind != 'text'"
        connection.execute(f"UPDATE inputs SET status = 'failed'{where}")
        if urls_from == ALL:
            connection.execute("DELETE FROM meta WHERE key = ?", (URLS_FROM_KEY,))
        else:
            connection.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)", (URLS_FROM_KEY, urls_from)
            )
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def checked_as_read(connection: sqlite3.Connection) -> None:
    """Every page of the store `connection` reads from now checked as SQLite reads it.

    SQLite's `PRAGMA cell_size_check` (https://sqlite.org/pragma.html#pragma_cell_size_check):
    a page's cells found within its bounds when it is read, else "database disk image is
    malformed" (said as `used` says it). Without it, SQLite reads of a page the cells a
    query asks for alone: a whole row of a damaged page is read as if the page were whole,
    and a damaged one may be read as a row of garbage. A whole-store check reads every page
    (`check_whole`); this, those a run reads, at a cost lost in the run's own
    (docs/guide/store.md)."""
    connection.execute("PRAGMA cell_size_check = ON")


def left_open(connection: sqlite3.Connection) -> bool:
    """Is the store marked open by a scan (`connect`): one that did not end, or one that
    writes it now (a report beside a scan checks it too: it cannot tell them apart)?"""
    row = connection.execute(f"SELECT 1 FROM meta WHERE key = '{_OPEN_KEY}'").fetchone()
    return row is not None


def closed(connection: sqlite3.Connection) -> None:
    """The store's mark of a scan writing it removed: the scan ended, all it wrote is in."""
    connection.execute(f"DELETE FROM meta WHERE key = '{_OPEN_KEY}'")


def check_whole(connection: sqlite3.Connection, path: str) -> None:
    """A StoreError ("the store is damaged") where SQLite finds a page of the store damaged.

    SQLite's `PRAGMA quick_check` (https://sqlite.org/pragma.html#pragma_quick_check): every
    page of every table and index read, their structure checked (each page's cells, their
    order and bounds, no page used twice or lost, NOT NULL held), but not whether each index
    holds its table's rows (integrity_check's costlier part). A store damaged past its first
    page (4 KB overwritten, a sector lost) answers most queries as if it were whole; a scan
    would add to it, a report count from what is left. The first problem found is said.

    It reads the whole file: about 4 s a GB of store from the page cache, and as long as
    the disk takes to read it otherwise (a store of 518 MB: 1.9 s warm, 7.3 s cold, on two
    busy cores, docs/reference/store.md). So it is not run on every scan and report: where
    the last scan did not end (`left_open`), where the file is not as the last scan that
    ended left it (store.closing), and where asked (`--check-store`)."""
    (first,) = connection.execute("PRAGMA quick_check(1)").fetchone()
    if first != "ok":
        # "*** in database main ***\nPage 7: ..." : the problem alone, on one line
        lines = [line for line in str(first).splitlines() if not line.startswith("***")]
        problem = " ".join(lines)[:200]
        raise StoreError(f"{path}: the store is damaged: {problem}{REBUILD}")


def _late_indexes() -> list[str]:
    """The statements that make the LATE_INDEXES where they are missing."""
    return [
        f"CREATE INDEX IF NOT EXISTS {name} ON {columns}" for name, columns in LATE_INDEXES.items()
    ]


def for_first_scan(connection: sqlite3.Connection) -> bool:
    """Readies a store that holds no input yet for a first scan, and says whether it did.

    The LATE_INDEXES dropped (built whole at its end, `with_late_indexes`), and foreign
    keys not checked (its writer only adds rows, each naming an input or a message it
    added before: nothing to check, nothing to delete in cascade; every row costs a look
    up less). A store that holds rows gets its late indexes back first, should a first
    scan have been killed before its end. Outside a transaction (PRAGMA foreign_keys is
    a no-op in one)."""
    if connection.execute("SELECT 1 FROM inputs LIMIT 1").fetchone() is None:
        connection.executescript("".join(f"DROP INDEX IF EXISTS {name};" for name in LATE_INDEXES))
        connection.execute("PRAGMA foreign_keys=OFF")
        return True
    with_late_indexes(connection)
    return False


def with_late_indexes(connection: sqlite3.Connection) -> None:
    """The LATE_INDEXES, built where they are missing (no cost where they are not).

    In the transaction open, if one is (executescript would commit it)."""
    for create in _late_indexes():
        connection.execute(create)


# -- What the file is: the tables urlint makes, and no other ------------------------------
#
# A store is an input: shared, or copied from another machine, it may hold what no urlint
# wrote. A view in place of a table could make a query run for ever (a recursive one), a
# trigger run SQL of its own when a scan writes; a column missing or added makes queries
# fail or read what they do not mean to. So a store holds the tables urlint makes, each as
# it makes them (its columns with their types, constraints and defaults, its foreign keys,
# its UNIQUE and PRIMARY KEY constraints), and nothing else but indexes: an index cannot
# change what a query answers, and one made to speed a user's own queries (docs/guide/store.md:
# open the store with any SQLite tool) is not refused. Tables SQLite makes itself (`sqlite_`:
# ANALYZE's statistics) are SQLite's.


def _objects(connection: sqlite3.Connection) -> tuple[set[str], dict[str, str]]:
    """The file's tables, and what else its schema holds but indexes: its views, triggers
    and virtual tables (name: which of them it is)."""
    tables: set[str] = set()
    others: dict[str, str] = {}
    for kind, written, rootpage in connection.execute(
        "SELECT type, name, rootpage FROM sqlite_master"
    ):
        name = str(written)  # text, unless the schema was written by hand
        if kind == "table" and not rootpage:
            others[name] = "virtual table"
        elif kind == "table" and not name.startswith("sqlite_"):
            tables.add(name)
        elif kind in ("view", "trigger"):
            others[name] = kind
    return tables, others


def _check_tables(
    connection: sqlite3.Connection,
    path: str,
    tables: set[str],
    others: dict[str, str],
    found: int,
) -> None:
    """A StoreError where the file's `tables` and `others` (`_objects`) are not those of a
    urlint store of version `found`: the first difference, in one line."""
    if others:
        name, kind = min(others.items())
        raise StoreError(
            f"{path}: not a urlint store: it holds a {kind} ({name}), and a urlint store holds none"
        )
    expected = _shapes(found)
    if tables - set(expected):
        name = min(tables - set(expected))
        raise StoreError(
            f"{path}: not a urlint store: it holds a table urlint makes none of ({name})"
        )
    for name in expected:
        if name not in tables:
            raise StoreError(f"{path}: not a urlint store: no such table: {name}")
        shape = _shape(connection, name)
        if shape != expected[name]:
            raise StoreError(f"{path}: not a urlint store: {_differs(name, shape, found)}")


def _shape(connection: sqlite3.Connection, table: str) -> tuple:
    """What the table is, as its schema says: its columns (name, declared type, NOT NULL,
    default, primary key, generated), its foreign keys and its UNIQUE and PRIMARY KEY
    constraints (the indexes SQLite makes for them)."""
    columns = tuple(
        connection.execute(
            'SELECT cid, name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)',
            (table,),
        )
    )
    keys = tuple(
        sorted(
            connection.execute(
                'SELECT "table", "from", "to", on_update, on_delete, match '
                "FROM pragma_foreign_key_list(?)",
                (table,),
            ),
            key=repr,
        )
    )
    constraints = tuple(
        sorted(
            (
                (
                    origin,
                    unique,
                    partial,
                    tuple(
                        column
                        for (column,) in connection.execute(
                            "SELECT name FROM pragma_index_info(?) ORDER BY seqno", (index,)
                        )
                    ),
                )
                for index, unique, origin, partial in connection.execute(
                    'SELECT name, "unique", origin, partial FROM pragma_index_list(?)',
                    (table,),
                ).fetchall()
                if origin != "c"  # CREATE INDEX: anyone's (the section's comment)
            ),
            key=repr,
        )
    )
    return columns, keys, constraints


def _differs(table: str, shape: tuple, found: int) -> str:
    """How the table's `shape` differs from urlint's, in a few words."""
    names = [column[1] for column in shape[0]]
    expected = [column[1] for column in _shapes(found)[table][0]]
    added = [name for name in names if name not in expected]
    if added:
        return f"its table {table} has a column urlint's has not ({added[0]})"
    missing = [name for name in expected if name not in names]
    if missing:
        return f"its table {table} has no column {missing[0]}"
    return f"its table {table} is not as urlint makes it (its columns' types or constraints)"


@functools.cache
def _shapes(found: int) -> dict[str, tuple]:
    """The tables of a store of schema version `found`, each with its shape: made in memory
    by the statements that make and migrate a store."""
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript(_TABLES_V1 + "".join(MIGRATIONS[n] for n in range(1, found)))
        names = memory.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rootpage"
        ).fetchall()
        return {name: _shape(memory, name) for (name,) in names}
    finally:
        memory.close()
