"""`urlint scan --rebuild` (store.rebuild): a urlint store, or a damaged one, made again
from its inputs; any other file left exactly as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from urlint.store.sealing import KEY_SUFFIX

from ..helpers import run
from .test_access import read_only_media, remount_read_only
from .test_schema import changed, damaged, large_store, state
from .test_store import store_contents


def inputs(store: Path) -> str:
    return str(store.parent / "many.txt")  # large_store's


def fresh_scan(capsys, tmp_path: Path, store: Path) -> dict:
    """The contents of a store made by one scan of the same inputs, under the same key."""
    alone = tmp_path / "alone.sqlite"
    Path(f"{alone}{KEY_SUFFIX}").write_bytes(Path(f"{store}{KEY_SUFFIX}").read_bytes())
    assert run(capsys, "scan", "-q", "--store", str(alone), inputs(store)) == (0, "", "")
    return store_contents(alone)


def rebuilt(capsys, store: Path) -> str:
    code, out, err = run(capsys, "scan", "--rebuild", "--store", str(store), inputs(store))
    assert (code, out) == (0, "")
    return err


@pytest.mark.slow  # a store of 3,000 URLs, scanned twice
def test_a_damaged_store_is_made_again_from_its_inputs(capsys, tmp_path):
    store = large_store(tmp_path / "in")
    key = Path(f"{store}{KEY_SUFFIX}").read_bytes()
    damaged(store)
    assert rebuilt(capsys, store).startswith(
        f"urlint: {store}: 1 input (1 new); wrote 0 messages, 3,000 URLs, "
    )
    assert Path(f"{store}{KEY_SUFFIX}").read_bytes() == key  # kept: the hashes it seals
    assert store_contents(store) == fresh_scan(capsys, tmp_path, store)


@pytest.mark.parametrize(
    "script",
    [
        "CREATE VIEW mine AS SELECT url FROM urls;",  # a urlint store changed by hand
        "UPDATE meta SET value = 'x' WHERE key = 'schema_version';",
    ],
    ids=["a view added", "its version overwritten"],
)
def test_a_urlint_store_changed_by_hand_is_made_again(capsys, tmp_path, script):
    store = large_store(tmp_path / "in")
    changed(store, script)
    assert run(capsys, "scan", "-q", "--store", str(store), inputs(store))[0] == 2
    assert "(1 new)" in rebuilt(capsys, store)
    assert store_contents(store) == fresh_scan(capsys, tmp_path, store)


def test_a_store_whose_first_page_is_damaged_is_made_again_where_its_key_is_beside_it(
    capsys, tmp_path
):
    store = large_store(tmp_path / "in")
    with open(store, "r+b") as file:
        file.write(b"\0" * 100)  # its header: SQLite no longer knows it for a database
    assert "(1 new)" in rebuilt(capsys, store)
    Path(f"{store}{KEY_SUFFIX}").unlink()
    with open(store, "r+b") as file:
        file.write(b"\0" * 100)
    before = state(store)
    assert run(capsys, "scan", "--rebuild", "--store", str(store), inputs(store)) == (
        2,
        "",
        f"urlint: {store}: not a urlint store: file is not a database; --rebuild "
        "removes only a urlint store\n",
    )
    assert state(store) == before


def other_database(path: Path) -> Path:
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    connection.close()
    return path


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (other_database, "not a urlint store: the file holds tables, but no urlint store's"),
        (
            lambda path: path.write_text("my notes, not a database, long enough to be read\n" * 3),
            "not a urlint store: file is not a database",
        ),
        (
            lambda path: changed(
                path,
                "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                "INSERT INTO meta VALUES ('schema_version', '2');",
            ),
            "not a urlint store: its meta table names no urlint version",
        ),
    ],
    ids=["another program's database", "a text file", "a meta table of another program"],
)
def test_any_other_file_is_left_as_it_is(capsys, tmp_path, make, reason):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    path = tmp_path / "app.db"
    make(path)
    before = state(path)
    assert run(capsys, "scan", "--rebuild", "--store", str(path), str(tmp_path / "a.txt")) == (
        2,
        "",
        f"urlint: {path}: {reason}; --rebuild removes only a urlint store\n",
    )
    assert state(path) == before


def test_a_store_of_a_later_urlint_is_left_to_it(capsys, tmp_path):
    store = large_store(tmp_path / "in")
    changed(store, "UPDATE meta SET value = '99' WHERE key = 'schema_version';")
    before = state(store)
    assert run(capsys, "scan", "--rebuild", "--store", str(store), inputs(store)) == (
        2,
        "",
        f"urlint: {store}: the store is of schema version 99; this urlint knows 4 at "
        "most: upgrade urlint; --rebuild removes only a urlint store\n",
    )
    assert state(store) == before


def test_a_store_not_there_yet_is_made(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    store = tmp_path / "new.sqlite"
    code, out, err = run(capsys, "scan", "--rebuild", "--store", str(store), str(tmp_path))
    assert (code, out) == (0, "")
    assert err.startswith(f"urlint: {store}: 1 input (1 new); wrote 0 messages, 1 URL")


def test_a_database_of_no_tables_is_left_to_the_scan_as_without_rebuild(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    empty = tmp_path / "empty.sqlite"
    connection = sqlite3.connect(empty)
    connection.execute("PRAGMA user_version = 7")  # a header, no table
    connection.close()
    argv = ["scan", "-q", "--rebuild", "--store", str(empty), str(tmp_path / "a.txt")]
    assert run(capsys, *argv) == (0, "", "")
    connection = sqlite3.connect(empty)
    assert connection.execute("SELECT count(*) FROM urls").fetchone() == (1,)
    assert connection.execute("PRAGMA user_version").fetchone() == (7,)  # its own file still
    connection.close()


def test_a_store_on_read_only_media_is_said_to_be_unopenable_and_left(capsys, tmp_path):
    media = tmp_path / "media"
    with read_only_media(media):
        (media / "a.txt").write_text("see http://example.com/\n")
        store = media / "s.sqlite"
        assert run(capsys, "scan", "-q", "--store", str(store), str(media / "a.txt")) == (0, "", "")
        remount_read_only(media)
        before = state(store)
        assert run(capsys, "scan", "--rebuild", "--store", str(store), str(media / "a.txt")) == (
            2,
            "",
            f"urlint: {store}: cannot open the store: unable to open database file\n",
        )
        assert state(store) == before
