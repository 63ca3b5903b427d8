"""How a report opens a store (store.report.access): read-only, from read-only media too,
and never for longer than a store of its size needs."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from urlint.store import schema
from urlint.store.report import access

from ..helpers import REPO
from ..store_helpers import StoreBuilder, build_archive
from .test_report import TABLES, report, without_override_rights
from .test_schema import made_older


def report_command(store: Path, *argv: str, prefix: tuple[str, ...] = ()):
    return subprocess.run(
        [*prefix, sys.executable, "-m", "urlint", "report", str(store), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )


# -- Read-only media ----------------------------------------------------------------------


@contextmanager
def read_only_media(folder: Path) -> Iterator[None]:
    """A file system of its own at `folder` (a tmpfs) while the block runs, read-only once
    `folder` holds what the block put there before it yields: written, then remounted
    read-only (as a store shared on a CD, a read-only NFS export or a container's volume).

    Root alone mounts: the test is skipped for another user, or where mount is refused (a
    container without the right)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a read-only file system is mounted by root alone")
    folder.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        pytest.skip(f"no tmpfs can be mounted here: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def remount_read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    assert not os.access(folder, os.W_OK)


def test_a_store_on_a_read_only_file_system_is_reported(tmp_path):
    media = tmp_path / "media"
    with read_only_media(media):
        store = build_archive(media / "urls.sqlite")
        remount_read_only(media)
        done = report_command(store, "--table", "folders")
        assert (done.returncode, done.stdout, done.stderr) == (0, TABLES["folders"], "")
        assert sorted(os.listdir(media)) == ["urls.sqlite"]


def store_with_transactions_in_its_wal(folder: Path, into: Path, *, with_index: bool) -> Path:
    """A store whose WAL holds a transaction not yet in its file (a scan killed, or copied
    while it wrote), copied into `into` with its WAL, and its WAL index where asked."""
    store = build_archive(folder / "urls.sqlite")
    writer = sqlite3.connect(store, isolation_level=None)
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        writer.execute("UPDATE urls SET host = 'only.in.the.wal.example' WHERE host IS NULL")
        suffixes = ["", "-wal", *(["-shm"] if with_index else [])]
        for suffix in suffixes:
            shutil.copyfile(f"{store}{suffix}", into / f"urls.sqlite{suffix}")
    finally:
        writer.close()
    return into / "urls.sqlite"


def test_a_store_whose_wal_holds_transactions_is_read_with_them_from_read_only_media(tmp_path):
    """With its WAL index beside it, SQLite reads the WAL read-only (3.22 and later): the
    report counts what is only in the WAL, as it does elsewhere."""
    media = tmp_path / "media"
    (tmp_path / "made").mkdir()
    with read_only_media(media):
        store = store_with_transactions_in_its_wal(tmp_path / "made", media, with_index=True)
        remount_read_only(media)
        done = report_command(store, "--table", "domains", "--domain", "only.in.the.wal.example")
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.splitlines()[1].startswith("only.in.the.wal.example,1,1,0,")


def test_a_wal_that_cannot_be_read_is_said_not_passed_over(tmp_path):
    """Without its index, a WAL on read-only media cannot be read; the store's file alone
    (immutable) would miss its transactions: one line, exit status 2."""
    media = tmp_path / "media"
    (tmp_path / "made").mkdir()
    with read_only_media(media):
        store = store_with_transactions_in_its_wal(tmp_path / "made", media, with_index=False)
        remount_read_only(media)
        done = report_command(store)
        assert (done.returncode, done.stdout, done.stderr) == (
            2,
            "",
            f"urlint: {store}: cannot open the store: its -wal file holds transactions "
            "not yet in the store, which SQLite reads only where it can write beside the store "
            "(open the store there once)\n",
        )


@pytest.mark.processes
def test_a_store_file_without_write_permission_is_reported(tmp_path):
    store = build_archive(tmp_path / "urls.sqlite")
    store.chmod(0o444)
    try:
        done = report_command(store, "--table", "folders", prefix=tuple(without_override_rights()))
    finally:
        store.chmod(0o644)
    assert (done.returncode, done.stdout, done.stderr) == (0, TABLES["folders"], "")


# -- Bounded ------------------------------------------------------------------------------


def test_the_budget_is_proportional_to_the_store_and_its_wal(tmp_path):
    store = build_archive(tmp_path / "urls.sqlite")
    connection = access.open_store(str(store))
    try:
        assert isinstance(connection, access.Bounded)
        wal = tmp_path / "urls.sqlite-wal"
        size = store.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
        assert connection.steps == max(access.LEAST_STEPS, access.STEPS_PER_BYTE * size)
    finally:
        connection.close()


@pytest.fixture
def small_budget(monkeypatch):
    """A budget a report spends at once: a thousand steps, counted every hundred."""
    monkeypatch.setattr(access, "LEAST_STEPS", 1000)
    monkeypatch.setattr(access, "STEPS_PER_BYTE", 0)
    monkeypatch.setattr(access, "STEP_BATCH", 100)


def many_urls(path: Path) -> Path:
    with StoreBuilder(path) as store:
        text = store.input("a.txt")
        for number in range(2000):
            store.url(text, "a.txt", f"http://h{number}.example/", host=f"h{number}.example")
    return path


def test_a_report_past_its_budget_stops_with_one_line(capsys, tmp_path, small_budget):
    store = str(many_urls(tmp_path / "urls.sqlite"))
    size = os.path.getsize(store)
    assert report(capsys, store, "--table", "domains") == (
        2,
        "",
        f"urlint: {store}: the report stopped: its queries took more than 1,000 steps "
        f"of SQLite's, the most a store of {size:,} bytes is read in\n",
    )


def test_a_store_without_the_indexes_of_a_finished_first_scan_says_so(
    capsys, tmp_path, small_budget
):
    path = many_urls(tmp_path / "urls.sqlite")
    connection = sqlite3.connect(path)
    connection.execute("DROP INDEX urls_url")  # as while a first scan runs (schema.for_first_scan)
    connection.close()
    store = str(path)
    assert report(capsys, store, "--table", "domains") == (
        2,
        "",
        f"urlint: {store}: the report stopped: its queries took more than 1,000 steps "
        f"of SQLite's, the most a store of {os.path.getsize(store):,} bytes is read in (it "
        "lacks the indexes a first scan builds at its end: one is under way, or was stopped, "
        "and a scan finishes it)\n",
    )


def test_a_query_stopped_by_ctrl_c_is_a_keyboard_interrupt(tmp_path):
    """Python runs the SIGINT handler in the progress handler, whose exception the sqlite3
    module drops (the query ends "interrupted"): the budget unspent, that was Ctrl-C."""
    store = str(build_archive(tmp_path / "urls.sqlite"))
    connection = access.open_store(store)
    try:
        connection.set_progress_handler(lambda: True, 1)  # as the handler does, on SIGINT
        with pytest.raises(KeyboardInterrupt):
            with access.reading(connection, store):
                connection.execute("SELECT count(*) FROM urls").fetchone()
    finally:
        connection.close()


def test_a_report_never_writes_a_store(capsys, tmp_path):
    """Read-only: what a scan would change (an older schema) is left to a scan."""
    store = build_archive(tmp_path / "urls.sqlite")
    made_older(store, 2)
    with pytest.raises(schema.StoreError) as refused:
        access.open_store(str(store))
    assert str(refused.value) == (
        f"{store}: the store is of schema version 2, older than this urlint's 4: a scan into "
        "it brings it up to date (a report changes no store)"
    )
