"""What a file must be for urlint to use it as a store (store.schema): the tables urlint
makes and nothing else, its pages whole; a file that is not one is left exactly as it was,
by `scan` (not switched to WAL, no table made) and by `report` (which never migrates)."""

from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from urlint.store import schema
from urlint.store.closing import CLOSED_SUFFIX, record_closed
from urlint.store.schema import REBUILD

from ..helpers import REPO, run


def small_store(folder: Path) -> Path:
    """A store of one text file of three URLs, scanned as the command scans."""
    folder.mkdir(exist_ok=True)
    (folder / "notes.txt").write_text(
        "see http://a.example/1 and ftp://b.example/pub and http://c.example/x\n"
    )
    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store

    store = folder / "s.sqlite"
    scan_into_store(str(store), [str(folder / "notes.txt")], build_settings({}))
    return store


def changed(store: Path, script: str) -> None:
    connection = sqlite3.connect(store, isolation_level=None)
    try:
        connection.executescript(script)
    finally:
        connection.close()


# What each schema version after the first added to the tables, undone: version 3 added
# urls.context, version 4 findings.part, .source and .header (store.schema.MIGRATIONS).
_ADDED_AFTER = {
    3: "ALTER TABLE urls DROP COLUMN context;",
    4: "ALTER TABLE findings DROP COLUMN part; ALTER TABLE findings DROP COLUMN source;"
    "ALTER TABLE findings DROP COLUMN header;",
}


def made_older(store: Path, version: int) -> None:
    """The store, made by this urlint, as a urlint of schema `version` made it: the columns
    later versions added dropped, its meta saying `version`."""
    undone = "".join(
        script for number, script in sorted(_ADDED_AFTER.items(), reverse=True) if number > version
    )
    changed(store, undone + f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version';")


def state(path: Path) -> tuple[str, list[str]]:
    """The file's bytes (a digest) and what else is in its directory: what must not change.

    But for what SQLite's every reader of a file in WAL mode leaves beside it, where it may
    not write in the file (https://sqlite.org/walformat.html): its WAL index (`-shm`) and an
    empty WAL."""
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    left = {path.name + "-shm", wal.name, path.name}
    return (
        hashlib.sha256(path.read_bytes()).hexdigest(),
        sorted(name for name in os.listdir(path.parent) if name not in left),
    )


def journal_mode(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        connection.close()


def refused_by_both(capsys, store: Path, line: str) -> None:
    """`scan` into the store and `report` of it: each says `line` (after "urlint: STORE:"),
    exits 2, and leaves the file and its directory as they were."""
    before = state(store)
    code, out, err = run(capsys, "scan", "-j", "1", "--store", str(store), str(store.parent))
    assert (code, out, err) == (2, "", f"urlint: {store}: {line}\n")
    assert state(store) == before
    code, out, err = run(capsys, "report", str(store))
    assert (code, out, err) == (2, "", f"urlint: {store}: {line}\n")
    assert state(store) == before


# A crafted store's view: a `urls` with every column, its rows without end (a recursive query).
ENDLESS_URLS = """
DROP TABLE urls;
CREATE VIEW urls AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
SELECT n AS id, 1 AS input_id, NULL AS message, 'a' AS path, 'http://x/' AS url,
       'http' AS scheme, 'x' AS host, 1 AS line, 1 AS "column", 1 AS end_line,
       1 AS end_column, 0 AS "offset", NULL AS wrapper, NULL AS alt, '' AS flags,
       NULL AS part, NULL AS content_type, NULL AS source, NULL AS header FROM r;
"""


@pytest.mark.parametrize(
    ("script", "line"),
    [
        (ENDLESS_URLS, "not a urlint store: it holds a view (urls), and a urlint store holds none"),
        (
            "CREATE TRIGGER gone AFTER INSERT ON urls BEGIN DELETE FROM inputs; END;",
            "not a urlint store: it holds a trigger (gone), and a urlint store holds none",
        ),
        (
            "CREATE VIRTUAL TABLE search USING fts5(url);",
            "not a urlint store: it holds a virtual table (search), and a urlint store holds none",
        ),
        (
            "ALTER TABLE urls ADD COLUMN note TEXT;",
            "not a urlint store: its table urls has a column urlint's has not (note)",
        ),
        (
            "ALTER TABLE urls DROP COLUMN header;",
            "not a urlint store: its table urls has no column header",
        ),
        (
            "CREATE TABLE problems_again (id INTEGER PRIMARY KEY, input_id INTEGER REFERENCES "
            "inputs(id) ON DELETE CASCADE, message INTEGER REFERENCES messages(id) ON DELETE "
            "CASCADE, path TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT, line INTEGER NOT NULL);"
            "DROP TABLE problems; ALTER TABLE problems_again RENAME TO problems;",
            "not a urlint store: its table problems is not as urlint makes it (its columns' types "
            "or constraints)",
        ),
        (
            "CREATE TABLE notes (x);",
            "not a urlint store: it holds a table urlint makes none of (notes)",
        ),
        ("DROP TABLE findings;", "not a urlint store: no such table: findings"),
        (
            "DROP TABLE meta; CREATE VIEW meta (key, value) AS SELECT 'schema_version', '2';",
            "not a urlint store: its meta is a view",
        ),
        (
            "ALTER TABLE meta ADD COLUMN note TEXT;",
            "not a urlint store: its table meta has a column urlint's has not (note)",
        ),
        (
            "DELETE FROM meta WHERE key = 'schema_version';",
            "not a urlint store: its meta table holds no schema version",
        ),
    ],
    ids=[
        "endless view",
        "trigger",
        "virtual table",
        "extra column",
        "missing column",
        "constraint dropped",
        "extra table",
        "missing table",
        "meta a view",
        "meta changed",
        "no version",
    ],
)
def test_a_store_whose_tables_are_not_urlints_is_refused_and_left_as_it_is(
    capsys, tmp_path, script, line
):
    store = small_store(tmp_path / "in")
    changed(store, script)
    refused_by_both(capsys, store, line)


@pytest.mark.processes
def test_a_report_of_a_store_whose_urls_are_an_endless_view_ends_at_once(tmp_path):
    store = small_store(tmp_path / "in")
    changed(store, "PRAGMA journal_mode=DELETE;" + ENDLESS_URLS)
    done = subprocess.run(
        [sys.executable, "-m", "urlint", "report", str(store)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        f"urlint: {store}: not a urlint store: it holds a view (urls), and a urlint "
        "store holds none\n",
    )


def test_an_index_of_ones_own_is_no_change_to_the_tables(capsys, tmp_path):
    """README: open the store with any SQLite tool; an index made for one's own queries
    changes no answer, and the store is still used."""
    store = small_store(tmp_path / "in")
    changed(store, "CREATE INDEX my_hosts ON urls(host, url);")
    code, out, err = run(capsys, "report", str(store), "--table", "schemes")
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == ["http,2,2,0,,", "ftp,1,1,0,,"]
    assert run(capsys, "scan", "-q", "--store", str(store), str(store.parent)) == (0, "", "")


@pytest.mark.parametrize("mode", ["delete", "wal"])
def test_a_database_of_another_program_is_left_exactly_as_it_was(capsys, tmp_path, mode):
    """Not switched to WAL, no table made, no file left beside it: by scan and by report."""
    database = tmp_path / "app.db"
    connection = sqlite3.connect(database, isolation_level=None)
    connection.execute(f"PRAGMA journal_mode={mode}")
    connection.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    connection.execute("INSERT INTO customers (name) VALUES ('Pat')")
    connection.close()
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    refused_by_both(
        capsys, database, "not a urlint store: the file holds tables, but no urlint store's"
    )
    assert journal_mode(database) == mode


def test_a_meta_table_of_version_1_alone_is_refused_and_left_in_its_journal_mode(capsys, tmp_path):
    old = tmp_path / "old.db"
    changed(
        old,
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO meta VALUES ('schema_version', '1');",
    )
    refused_by_both(capsys, old, "not a urlint store: no such table: inputs")
    assert journal_mode(old) == "delete"


def test_a_report_never_migrates_a_store_of_an_older_schema(capsys, tmp_path):
    store = small_store(tmp_path / "in")
    made_older(store, 1)
    changed(store, "UPDATE inputs SET hash = 'ab12';")
    before = state(store)
    code, out, err = run(capsys, "report", str(store))
    assert (code, out, err) == (
        2,
        "",
        f"urlint: {store}: the store is of schema version 1, older than this urlint's 4: "
        "a scan into it brings it up to date (a report changes no store)\n",
    )
    assert state(store) == before
    # the scan it names does: its plain hashes forgotten (store.schema.MIGRATIONS)
    assert run(capsys, "scan", "-q", "--store", str(store), str(store.parent / "notes.txt")) == (
        0,
        "",
        "",
    )
    code, out, err = run(capsys, "report", str(store), "--table", "schemes")
    assert (code, err) == (0, "")


def test_an_empty_file_is_made_a_store_by_scan(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    assert run(capsys, "scan", "-q", "--store", str(empty), str(tmp_path / "a.txt")) == (0, "", "")
    assert journal_mode(empty) == "wal"


# -- Damage ---------------------------------------------------------------------------------


def large_store(folder: Path) -> Path:
    """A store of some pages: a text file of 3,000 URLs."""
    folder.mkdir()
    (folder / "many.txt").write_text(
        "".join(f"see http://host{n % 50}.example/page/{n}\n" for n in range(3000))
    )
    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store

    store = folder / "s.sqlite"
    scan_into_store(str(store), [str(folder / "many.txt")], build_settings({}))
    return store


def damaged(store: Path) -> str:
    """4 KB overwritten a third of the way into the store, as a disk's fault would: what
    SQLite's quick_check finds first, as the line says it (one line, its header left out)."""
    data = bytearray(store.read_bytes())
    middle = len(data) // 3
    data[middle : middle + 4096] = bytes(byte ^ 0xFF for byte in data[middle : middle + 4096])
    store.write_bytes(bytes(data))
    return first_problem(store)


def first_problem(store: Path) -> str:
    """What SQLite's quick_check finds first in the store, as the line says it (one line,
    its header left out); read as any SQLite tool reads it, the file's times unchanged."""
    connection = sqlite3.connect(store)
    try:
        (first,) = connection.execute("PRAGMA quick_check(1)").fetchone()
    finally:
        connection.close()
    assert first != "ok"
    return " ".join(line for line in first.splitlines() if not line.startswith("***"))


def overwritten_in_its_middle(store: Path) -> str:
    """4 KB in the middle of the store's file overwritten with random bytes (the same on
    every run), as `dd conv=notrunc` writes them: what quick_check finds first.

    In a store of `large_store`'s, a leaf of the `urls` table: a page that neither a
    re-scan (it reads `inputs`) nor the summary (its counts read indexes) reads."""
    middle = store.stat().st_size // 2
    with open(store, "r+b") as file:
        file.seek(middle)
        file.write(random.Random(middle).randbytes(4096))
    return first_problem(store)


def urlint(*argv: str) -> tuple[int, str, str]:
    """`urlint ARGV...` as a command of its own: (exit status, stdout, stderr)."""
    done = subprocess.run(
        [sys.executable, "-m", "urlint", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout, done.stderr


def test_a_damaged_store_is_neither_added_to_nor_reported_when_checked(capsys, tmp_path):
    """--check-store: every page read first; the damage said in one line, nothing added."""
    store = large_store(tmp_path / "in")
    problem = damaged(store)
    (tmp_path / "in" / "new.txt").write_text("see http://new.example/\n")
    before = state(store)
    line = f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n"
    for argv in (
        ["scan", "-j", "1", "--check-store", "--store", str(store), str(tmp_path / "in")],
        ["report", "--check-store", str(store)],
        ["report", "--check-store", str(store), "--table", "domains"],
        ["report", "--check-store", str(store), "--html", str(tmp_path / "r.html")],
    ):
        assert run(capsys, *argv) == (2, "", line)
    assert state(store) == before
    assert not (tmp_path / "r.html").exists()


def test_a_store_a_scan_did_not_end_is_checked_whole_unasked(capsys, tmp_path):
    """A scan killed leaves its mark in meta: the next scan and every report check the
    store whole first (damage a crash may have left), without --check-store."""
    store = large_store(tmp_path / "in")
    problem = damaged(store)
    connection = sqlite3.connect(store)
    try:
        connection.execute("INSERT INTO meta VALUES ('scan_not_ended', '1')")
        connection.commit()
    finally:
        connection.close()
    before = state(store)
    line = f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n"
    for argv in (
        ["scan", "-j", "1", "--store", str(store), str(tmp_path / "in")],
        ["report", str(store)],
    ):
        assert run(capsys, *argv) == (2, "", line)
    assert state(store) == before


def _meta_keys(store: Path) -> list[str]:
    connection = sqlite3.connect(store)
    try:
        return [key for (key,) in connection.execute("SELECT key FROM meta ORDER BY key")]
    finally:
        connection.close()


def test_a_store_a_scan_ended_is_not_read_whole_again(capsys, tmp_path, monkeypatch):
    """quick_check reads every page (seconds a GB): after a scan that ended, neither the
    next scan nor a report runs it, unless asked; a scan killed is checked (above)."""
    store = large_store(tmp_path / "in")
    checked: list[str] = []
    real = schema.check_whole
    monkeypatch.setattr(
        schema, "check_whole", lambda db, path: checked.append(path) or real(db, path)
    )
    assert _meta_keys(store) == ["schema_version", "urlint_version"]
    assert run(capsys, "report", str(store), "--table", "schemes")[0] == 0
    assert run(capsys, "scan", "-j", "1", "--store", str(store), str(tmp_path / "in"))[0] == 0
    assert checked == []
    assert run(capsys, "report", "--check-store", str(store), "--table", "schemes")[0] == 0
    assert (
        run(
            capsys, "scan", "-j", "1", "--check-store", "--store", str(store), str(tmp_path / "in")
        )[0]
        == 0
    )
    assert checked == [str(store), str(store)]
    assert _meta_keys(store) == ["schema_version", "urlint_version"]


@pytest.mark.processes
def test_a_scan_into_a_store_damaged_since_the_last_scan_ended_says_so_and_adds_nothing(tmp_path):
    """4 KB in the middle of the store overwritten: a page no query of the scan reads, but
    the file is not as the last scan that ended left it (store.closing): checked whole
    before anything is added, one line, exit status 2."""
    store = large_store(tmp_path / "in")
    problem = overwritten_in_its_middle(store)
    (tmp_path / "in" / "new.txt").write_text("see http://new.example/\n")
    before = state(store)
    assert urlint("scan", "--store", str(store), str(tmp_path / "in")) == (
        2,
        "",
        f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n",
    )
    assert state(store) == before


@pytest.mark.processes
def test_a_report_of_a_store_damaged_since_the_last_scan_ended_says_so(capsys, tmp_path):
    """The summary reads indexes alone, not the damaged page: the store checked whole
    first, as every other report of it (the file is not as the last scan left it)."""
    store = large_store(tmp_path / "in")
    problem = overwritten_in_its_middle(store)
    before = state(store)
    line = f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n"
    assert urlint("report", str(store)) == (2, "", line)
    for argv in (
        ["report", str(store), "--table", "schemes"],
        ["report", str(store), "--html", str(tmp_path / "r.html")],
    ):
        assert run(capsys, *argv) == (2, "", line)
    assert state(store) == before
    assert not (tmp_path / "r.html").exists()


def test_the_whole_check_finds_damage_on_pages_no_run_reads(capsys, tmp_path):
    """Damage the file's times do not show (the disk's own: here the record of the last
    close written after it) on a page no query of a re-scan or of the summary reads goes
    unseen by them; the whole check asked for, `report --check-store` (the one a schedule
    runs, docs/guide/store.md) or `scan --check-store`, finds it."""
    store = large_store(tmp_path / "in")
    problem = overwritten_in_its_middle(store)
    record_closed(str(store))
    assert run(capsys, "scan", "-q", "-j", "1", "--store", str(store), str(tmp_path / "in")) == (
        0,
        "",
        "",
    )
    assert run(capsys, "report", str(store))[0] == 0
    before = state(store)
    line = f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n"
    assert run(capsys, "report", "--check-store", str(store)) == (2, "", line)
    assert run(
        capsys, "scan", "-j", "1", "--check-store", "--store", str(store), str(tmp_path / "in")
    ) == (2, "", line)
    assert state(store) == before


def _first_leaf_of_urls(store: Path) -> tuple[int, int]:
    """The first leaf page of the store's `urls` table (an interior page's first child)
    and the row id of its first cell (https://sqlite.org/fileformat2.html#b_tree_pages)."""
    ((page_bytes, root),) = rows(
        store, "SELECT page_size, rootpage FROM pragma_page_size, sqlite_master WHERE name = 'urls'"
    )
    data = store.read_bytes()
    interior = data[(root - 1) * page_bytes : root * page_bytes]
    assert interior[0] == 0x05  # an interior page of a table: the store has a few leaves
    first_cell = int.from_bytes(interior[12:14], "big")
    leaf = int.from_bytes(interior[first_cell : first_cell + 4], "big")
    page = data[(leaf - 1) * page_bytes : leaf * page_bytes]
    assert page[0] == 0x0D  # a leaf page of a table
    cell = int.from_bytes(page[8:10], "big")
    _, cell = _varint(page, cell)  # the payload's size, then the row id
    rowid, _ = _varint(page, cell)
    return leaf, rowid


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at `at` in `data`, and where the next field starts."""
    value = 0
    for place in range(8):
        byte = data[at + place]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + place + 1
    return (value << 8) | data[at + 8], at + 9


def test_each_page_a_run_reads_is_checked_as_read(tmp_path):
    """A leaf of `urls` whose middle is overwritten, its first row whole: read as SQLite
    reads it by default, that row is there; read by a scan's or a report's connection
    (cell_size_check), the page is "malformed", said as the store's damage."""
    from urlint.store.report.access import open_store, reading

    store = large_store(tmp_path / "in")
    leaf, rowid = _first_leaf_of_urls(store)
    page_bytes = rows(store, "PRAGMA page_size")[0][0]
    with open(store, "r+b") as file:
        file.seek((leaf - 1) * page_bytes + page_bytes // 2)
        file.write(random.Random(leaf).randbytes(4096))
    record_closed(str(store))  # as the disk's own fault leaves it: not checked whole
    lookup = "SELECT url FROM urls WHERE id = ?"
    assert rows(store, lookup.replace("?", str(rowid))) == [("http://host0.example/page/0",)]
    line = f"{store}: the store is damaged: database disk image is malformed{REBUILD}"
    connection = open_store(str(store))
    try:
        with pytest.raises(schema.StoreError) as raised, reading(connection, str(store)):
            connection.execute(lookup, (rowid,)).fetchall()
    finally:
        connection.close()
    assert str(raised.value) == line
    connection = schema.connect(str(store))  # last: it marks the store open
    try:
        with pytest.raises(schema.StoreError) as raised, schema.used(str(store)):
            connection.execute(lookup, (rowid,)).fetchall()
    finally:
        connection.close()
    assert str(raised.value) == line


def test_a_store_no_scan_vouches_for_is_checked_once_by_a_scan(capsys, tmp_path, monkeypatch):
    """Without the record of its last close (a store of an earlier urlint, or copied
    without it), a report reads the store unchecked (it would check it every time: it
    writes no record), and a scan checks it before it adds to it, once: it writes the
    record. A store another program changed (an index of one's own) is checked by the
    next report and scan, then not again."""
    store = large_store(tmp_path / "in")
    checked: list[str] = []
    real = schema.check_whole
    monkeypatch.setattr(
        schema, "check_whole", lambda db, path: checked.append(path) or real(db, path)
    )
    scan_argv = ["scan", "-q", "-j", "1", "--store", str(store), str(tmp_path / "in")]
    Path(f"{store}{CLOSED_SUFFIX}").unlink()
    assert run(capsys, "report", str(store), "--table", "schemes")[0] == 0
    assert checked == []
    assert run(capsys, *scan_argv) == (0, "", "")
    assert checked == [str(store)]
    assert Path(f"{store}{CLOSED_SUFFIX}").is_file()
    assert run(capsys, *scan_argv) == (0, "", "")
    assert run(capsys, "report", str(store), "--table", "schemes")[0] == 0
    assert checked == [str(store)]
    changed(store, "CREATE INDEX my_hosts ON urls(host, url);")
    assert run(capsys, "report", str(store), "--table", "schemes")[0] == 0
    assert run(capsys, *scan_argv) == (0, "", "")
    assert run(capsys, "report", str(store), "--table", "schemes")[0] == 0
    assert checked == [str(store)] * 3


def test_check_whole_says_ok_of_a_whole_store(tmp_path):
    store = large_store(tmp_path / "in")
    connection = sqlite3.connect(store)
    try:
        assert schema.check_whole(connection, str(store)) is None
    finally:
        connection.close()


# -- Migration from version 2: urls.context -------------------------------------------------

# A version 2 store as urlint made it: its tables (version 1's, then MIGRATIONS[1]), the late
# indexes of a first scan's end, and its meta; with an input of each kind a scan re-reads or
# not, and a URL row of each.
V2_ROWS = """
INSERT INTO meta VALUES ('schema_version', '2'), ('urlint_version', '0.1.0');
INSERT INTO inputs (id, path, location, key, kind, size, mtime_ns, inode, device, hash,
                    scanned_at, status, messages)
VALUES (1, 'code.py', '/src/code.py', '/src/code.py', 'text', 30, 1, 1, 1, 'aa',
        '2026-11-23T10:00:00Z', 'done', 0),
       (2, 'list.mbox', '/src/list.mbox', '/src/list.mbox', 'mbox', 90, 1, 2, 1, 'bb',
        '2026-11-23T10:00:00Z', 'done', 1);
INSERT INTO messages (id, input_id, path, idx, line) VALUES (1, 2, 'list.mbox', 1, 1);
INSERT INTO urls (input_id, message, path, url, scheme, host, line, "column", end_line,
                  end_column, "offset", flags)
VALUES (1, NULL, 'code.py', 'https://a.example/x', 'https', 'a.example', 1, 9, 1, 28, 8, ''),
       (2, 1, 'list.mbox', 'http://m.example/', 'http', 'm.example', 4, 5, 4, 22, 4, '');
"""


def version_2_store(path: Path) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.executescript(
            schema._TABLES_V1
            + schema.MIGRATIONS[1]
            + "".join(f"{create};" for create in schema._late_indexes())
            + V2_ROWS
        )
    finally:
        connection.close()


def columns(path: Path, table: str) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [
            name
            for (name,) in connection.execute("SELECT name FROM pragma_table_info(?)", (table,))
        ]
    finally:
        connection.close()


def rows(path: Path, sql: str) -> list[tuple]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


URL_COLUMNS_V2 = [
    "id",
    "input_id",
    "message",
    "path",
    "url",
    "scheme",
    "host",
    "line",
    "column",
    "end_line",
    "end_column",
    "offset",
    "wrapper",
    "alt",
    "flags",
    "part",
    "content_type",
    "source",
    "header",
]


def test_a_version_2_store_is_given_the_context_column_its_rows_null(tmp_path):
    store = tmp_path / "v2.sqlite"
    version_2_store(store)
    assert columns(store, "urls") == URL_COLUMNS_V2
    schema.connect(str(store)).close()  # as a scan killed then leaves it: marked open
    assert columns(store, "urls") == [*URL_COLUMNS_V2, "context"]
    assert rows(store, "SELECT key, value FROM meta ORDER BY key") == [
        ("scan_not_ended", "1"),
        ("schema_version", "4"),
        ("urlint_version", urlint_version()),
    ]
    # the rows held are kept, their context not known; the plain file is read again by the
    # next scan of it (status "failed"), the mbox is not
    assert rows(store, "SELECT path, url, context FROM urls ORDER BY id") == [
        ("code.py", "https://a.example/x", None),
        ("list.mbox", "http://m.example/", None),
    ]
    assert rows(store, "SELECT path, status, hash FROM inputs ORDER BY id") == [
        ("code.py", "failed", "aa"),
        ("list.mbox", "done", "bb"),
    ]
    assert {"urls_url", "urls_host", "urls_input"} <= {
        name for (name,) in rows(store, "SELECT name FROM sqlite_master WHERE type = 'index'")
    }
    # and it is a store of this version as this urlint makes one
    schema.connect(str(store)).close()
    assert rows(store, "SELECT value FROM meta WHERE key = 'schema_version'") == [("4",)]


def urlint_version() -> str:
    from urlint.core.version import __version__

    return __version__


def test_a_scan_into_a_version_2_store_gives_its_code_files_their_context(capsys, tmp_path):
    """The plain files of a store an older urlint made are read again once (the scanner
    reads them in their syntax now); an unchanged mbox is not, its rows kept."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "code.py").write_text('HOME = "https://a.example/x"\n# https://b.example/y\n')
    (folder / "notes.txt").write_text("see https://c.example/z\n")
    (folder / "list.mbox").write_text(
        "From a@example.org Thu Mar  1 03:00:13 2001\nSubject: s\n\nsee http://m.example/\n"
    )
    store = folder / "s.sqlite"
    assert run(capsys, "scan", "-q", "--store", str(store), str(folder)) == (0, "", "")
    made_older(store, 2)
    assert columns(store, "urls") == URL_COLUMNS_V2
    code, out, err = run(capsys, "scan", "--store", str(store), str(folder))
    assert (code, out) == (0, "")
    assert err.startswith(
        f"urlint: {store}: 3 inputs (2 changed, 1 unchanged); wrote 0 messages, 3 URLs, "
    )
    assert rows(store, "SELECT path, url, context FROM urls ORDER BY path, line") == [
        (str(folder / "code.py"), "https://a.example/x", "string"),
        (str(folder / "code.py"), "https://b.example/y", "comment"),
        (str(folder / "list.mbox"), "http://m.example/", None),
        (str(folder / "notes.txt"), "https://c.example/z", None),
    ]
    assert rows(store, "SELECT DISTINCT status FROM inputs") == [("done",)]


def test_a_store_newer_than_this_urlint_is_refused_by_scan_and_left_as_it_is(capsys, tmp_path):
    store = small_store(tmp_path / "in")
    changed(store, "UPDATE meta SET value = '5' WHERE key = 'schema_version';")
    before = state(store)
    code, out, err = run(capsys, "scan", "-j", "1", "--store", str(store), str(store.parent))
    assert (code, out, err) == (
        2,
        "",
        f"urlint: {store}: the store is of schema version 5; this urlint knows 4 at most: "
        "upgrade urlint\n",
    )
    assert state(store) == before
