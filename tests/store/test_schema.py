"""What a file must be for urlint to use it as a store (store.schema): the tables urlint
makes and nothing else, its pages whole; a file that is not one is left exactly as it was,
by `scan` (not switched to WAL, no table made) and by `report` (which never migrates)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from urlint.store import schema
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


# The R8 store's view: a `urls` with every column, its rows without end.
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
        ("CREATE TRIGGER gone AFTER INSERT ON urls BEGIN DELETE FROM inputs; END;",
         "not a urlint store: it holds a trigger (gone), and a urlint store holds none"),
        ("CREATE VIRTUAL TABLE search USING fts5(url);",
         "not a urlint store: it holds a virtual table (search), and a urlint store holds none"),
        ("ALTER TABLE urls ADD COLUMN note TEXT;",
         "not a urlint store: its table urls has a column urlint's has not (note)"),
        ("ALTER TABLE urls DROP COLUMN header;",
         "not a urlint store: its table urls has no column header"),
        ("CREATE TABLE problems_again (id INTEGER PRIMARY KEY, input_id INTEGER REFERENCES "
         "inputs(id) ON DELETE CASCADE, message INTEGER REFERENCES messages(id) ON DELETE "
         "CASCADE, path TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT, line INTEGER NOT NULL);"
         "DROP TABLE problems; ALTER TABLE problems_again RENAME TO problems;",
         "not a urlint store: its table problems is not as urlint makes it (its columns' types "
         "or constraints)"),
        ("CREATE TABLE notes (x);",
         "not a urlint store: it holds a table urlint makes none of (notes)"),
        ("DROP TABLE findings;", "not a urlint store: no such table: findings"),
        ("DROP TABLE meta; CREATE VIEW meta (key, value) AS SELECT 'schema_version', '2';",
         "not a urlint store: its meta is a view"),
        ("ALTER TABLE meta ADD COLUMN note TEXT;",
         "not a urlint store: its table meta has a column urlint's has not (note)"),
        ("DELETE FROM meta WHERE key = 'schema_version';",
         "not a urlint store: its meta table holds no schema version"),
    ],
    ids=["endless view", "trigger", "virtual table", "extra column", "missing column",
         "constraint dropped", "extra table", "missing table", "meta a view", "meta changed",
         "no version"],
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
        capture_output=True, text=True, timeout=60, cwd=REPO,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"urlint: {store}: not a urlint store: it holds a view (urls), and a urlint "
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
    changed(old, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                 "INSERT INTO meta VALUES ('schema_version', '1');")
    refused_by_both(capsys, old, "not a urlint store: no such table: inputs")
    assert journal_mode(old) == "delete"


def test_a_report_never_migrates_a_store_of_an_older_schema(capsys, tmp_path):
    store = small_store(tmp_path / "in")
    changed(store, "UPDATE meta SET value = '1' WHERE key = 'schema_version';"
                   "UPDATE inputs SET hash = 'ab12';")
    before = state(store)
    code, out, err = run(capsys, "report", str(store))
    assert (code, out, err) == (
        2, "", f"urlint: {store}: the store is of schema version 1, older than this urlint's 2: "
        "a scan into it brings it up to date (a report changes no store)\n",
    )
    assert state(store) == before
    # the scan it names does: its plain hashes forgotten (store.schema.MIGRATIONS)
    assert run(capsys, "scan", "-q", "--store", str(store), str(store.parent / "notes.txt")) == (
        0, "", ""
    )
    code, out, err = run(capsys, "report", str(store), "--table", "schemes")
    assert (code, err) == (0, "")


def test_an_empty_file_is_made_a_store_by_scan(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    assert run(capsys, "scan", "-q", "--store", str(empty), str(tmp_path / "a.txt")) == (
        0, "", ""
    )
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
    data[middle:middle + 4096] = bytes(byte ^ 0xFF for byte in data[middle:middle + 4096])
    store.write_bytes(bytes(data))
    connection = sqlite3.connect(store)
    try:
        (first,) = connection.execute("PRAGMA quick_check(1)").fetchone()
    finally:
        connection.close()
    assert first != "ok"
    return " ".join(line for line in first.splitlines() if not line.startswith("***"))


def test_a_damaged_store_is_neither_added_to_nor_reported(capsys, tmp_path):
    store = large_store(tmp_path / "in")
    problem = damaged(store)
    (tmp_path / "in" / "new.txt").write_text("see http://new.example/\n")
    before = state(store)
    line = f"urlint: {store}: the store is damaged: {problem}{REBUILD}\n"
    for argv in (["scan", "-j", "1", "--store", str(store), str(tmp_path / "in")],
                 ["report", str(store)],
                 ["report", str(store), "--table", "domains"],
                 ["report", str(store), "--html", str(tmp_path / "r.html")]):
        assert run(capsys, *argv) == (2, "", line)
    assert state(store) == before
    assert not (tmp_path / "r.html").exists()


def test_check_whole_says_ok_of_a_whole_store(tmp_path):
    store = large_store(tmp_path / "in")
    connection = sqlite3.connect(store)
    try:
        assert schema.check_whole(connection, str(store)) is None
    finally:
        connection.close()
