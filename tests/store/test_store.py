"""The results store: what a scan writes, equal to `extract` and `check`; re-scans
that read only what changed and leave the store as a fresh scan would; resume after SIGKILL;
no password in the file."""

from __future__ import annotations

import gzip
import hashlib
import hmac
import io
import json
import os
import re
import signal
import sqlite3
import stat
import subprocess
import sys
import tarfile
import time
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.engines import Engine
from urlint.core.units import TextRange
from urlint.linter.config import build_settings
from urlint.run.plan import planned_units
from urlint.sources.hashing import content_hash, read_hash
from urlint.sources.opening import open_input
from urlint.store import scan, schema, writer
from urlint.store.closing import record_closed
from urlint.store.rows import scheme_and_host, utc_date
from urlint.store.scan import scan_into_store
from urlint.store.sealing import KEY_SUFFIX, Seal
from urlint.store.snapshot import contents

from ..helpers import REPO, run
from ..mail_helpers import mbox_of
from .test_schema import made_older

SETTINGS = build_settings({})


def message(number: int, body: str, *, list_id: str = "", date: str = "") -> bytes:
    date = date or f"Thu, {1 + number % 28:02d} Mar 2001 03:00:13 +0100"
    list_line = f"List-Id: Tools users <{list_id}>\n" if list_id else ""
    return (
        f"From: Pat Example <pat@example.org>\nDate: {date}\nMessage-ID: <m{number}@example.org>\n"
        f"{list_line}Subject: note {number}\n\n{body}\n"
    ).encode()


def build_tree(root: Path) -> Path:
    """A small archive: a text file, an mbox, a Maildir, a gzipped mbox and a tar.gz."""
    root.mkdir()
    (root / "notes.txt").write_text(
        "See <URL:ftp://ds.in\n   ternic.net/rfc> and http://www.example.edu/~jsmith/x.\n"
    )
    (root / "list.mbox").write_bytes(
        mbox_of(
            *[
                message(n, f"http://example.org/{n}/", list_id="tools.example.org")
                for n in range(1, 4)
            ]
        )
    )
    maildir = root / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / "cur" / "1700000000.1.host:2,S").write_bytes(message(10, "gopher://g.example.net/"))
    (maildir / "new" / "1700000001.2.host").write_bytes(message(11, "http://new.example.com/a"))
    (root / "2001-03.mbox.gz").write_bytes(
        gzip.compress(
            mbox_of(
                message(20, "http://gz.example.org/"), message(21, "ftp://ftp.example.org/pub/")
            )
        )
    )
    packed = root / "old.tar.gz"
    inner = root / "inner.mbox"
    inner.write_bytes(mbox_of(message(30, "http://tar.example.org/x")))
    with tarfile.open(packed, "w:gz") as archive:
        archive.add(inner, arcname="2000-01.mbox")
    inner.unlink()
    return root


# The key (store.sealing) of every store `scanned` makes, where it has none: two stores of
# the same inputs then hold the same hashes, and compare whole.
SHARED_KEY = b"5eed" * 16


def scanned(store: Path, *paths: Path, jobs: int = 1):
    key = Path(f"{store}{KEY_SUFFIX}")
    if not key.exists():
        key.write_bytes(SHARED_KEY)
    return scanned_with_own_key(store, *paths, jobs=jobs)


def scanned_with_own_key(store: Path, *paths: Path, jobs: int = 1):
    """As the CLI scans: the store's key read, or made (none made here first)."""
    names = [str(path) for path in paths]
    return scan_into_store(str(store), names, SETTINGS, engine=Engine(jobs=jobs))


def store_contents(store: Path) -> dict[str, list[tuple]]:
    connection = sqlite3.connect(store)
    try:
        # every row names an input and a message that are there (a first scan's writer
        # adds them with foreign keys not checked: schema.for_first_scan)
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        return contents(connection)
    finally:
        connection.close()


def query(store: Path, sql: str, *args) -> list[tuple]:
    connection = sqlite3.connect(store)
    try:
        return connection.execute(sql, args).fetchall()
    finally:
        connection.close()


def test_a_scan_stores_what_extract_and_check_give(tmp_path, capsys):
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    summary = scanned(store, tree)
    assert summary.actions["new"] == 6 and summary.urls == 10

    code, out, _ = run(capsys, "extract", "--format", "jsonl", str(tree))
    assert code == 0
    expected = [
        (r["path"], r["url"], r["line"], r["column"], r["end_line"], r["end_column"])
        for r in map(json.loads, out.splitlines())
    ]
    stored = query(
        store, 'SELECT path, url, line, "column", end_line, end_column FROM urls ORDER BY id'
    )
    assert sorted(stored) == sorted(expected)
    assert query(store, "SELECT url, scheme, host FROM urls WHERE path LIKE '%notes.txt'") == [
        ("ftp://ds.internic.net/rfc", "ftp", "ds.internic.net"),
        ("http://www.example.edu/~jsmith/x", "http", "www.example.edu"),
    ]
    code, out, _ = run(capsys, "check", "--format", "jsonl", str(tree))
    findings = sorted(
        (r["path"], r["code"], r["line"], r["column"]) for r in map(json.loads, out.splitlines())
    )
    assert sorted(query(store, 'SELECT path, code, line, "column" FROM findings')) == findings
    assert findings  # the tilde (C202) at least

    messages = query(
        store,
        "SELECT path, idx, message_id, date, list_id, folder, flags FROM messages "
        "WHERE path LIKE '%list.mbox' OR path LIKE '%Maildir%' ORDER BY path, idx",
    )
    mbox = str(tree / "list.mbox")
    maildir = str(tree / "Maildir")
    assert messages == [
        (
            f"{maildir}/cur/1700000000.1.host:2,S",
            1,
            "<m10@example.org>",
            "2001-03-11T02:00:13Z",
            None,
            maildir,
            "S",
        ),
        (
            f"{maildir}/new/1700000001.2.host",
            1,
            "<m11@example.org>",
            "2001-03-12T02:00:13Z",
            None,
            maildir,
            None,
        ),
        (
            mbox,
            1,
            "<m1@example.org>",
            "2001-03-02T02:00:13Z",
            "Tools users <tools.example.org>",
            mbox,
            None,
        ),
        (
            mbox,
            2,
            "<m2@example.org>",
            "2001-03-03T02:00:13Z",
            "Tools users <tools.example.org>",
            mbox,
            None,
        ),
        (
            mbox,
            3,
            "<m3@example.org>",
            "2001-03-04T02:00:13Z",
            "Tools users <tools.example.org>",
            mbox,
            None,
        ),
    ]
    assert query(store, "SELECT path, kind, status, messages FROM inputs ORDER BY path") == [
        (str(tree / "2001-03.mbox.gz"), "gzip", "done", 2),
        (f"{maildir}/cur/1700000000.1.host:2,S", "message", "done", 1),
        (f"{maildir}/new/1700000001.2.host", "message", "done", 1),
        (mbox, "mbox", "done", 3),
        (str(tree / "notes.txt"), "text", "done", 0),
        (str(tree / "old.tar.gz"), "gzip", "done", 1),
    ]


def test_without_findings_the_urls_are_stored_alone(tmp_path):
    tree = build_tree(tmp_path / "archive")
    scanned(tmp_path / "all.sqlite", tree)
    summary = scan_into_store(str(tmp_path / "urls.sqlite"), [str(tree)], SETTINGS, findings=False)
    assert (summary.urls, summary.findings) == (10, 0)
    everything = store_contents(tmp_path / "all.sqlite")
    alone = store_contents(tmp_path / "urls.sqlite")
    assert everything["findings"] and alone["findings"] == []
    assert alone["urls"] == everything["urls"] and alone["messages"] == everything["messages"]


@pytest.mark.processes
def test_two_processes_store_what_one_does(tmp_path):
    tree = build_tree(tmp_path / "archive")
    scanned(tmp_path / "one.sqlite", tree)
    scanned(tmp_path / "two.sqlite", tree, jobs=2)
    assert store_contents(tmp_path / "one.sqlite") == store_contents(tmp_path / "two.sqlite")


@pytest.mark.slow  # a text of 9 MB, scanned three times
@pytest.mark.processes
def test_a_large_text_is_stored_in_ranges_as_it_is_stored_read_whole(tmp_path, monkeypatch):
    # Its rows placed in the file, its suppressions joined across the ranges (M901 for one
    # that suppressed nothing, in the first range, said at the file's end): the store of
    # the file read whole, on one process and on two. Read whole, a large text held all
    # its rows in one process's memory, and one core read it.
    block = (
        "see http://ex.com/~a and ftp://fred:hunter2@ftp.example.org/pub\n"
        "# urlint: ignore[C202]\nsee http://ex.com/~b\n" + ("words " * 60 + "\n") * 30
    )
    path = tmp_path / "big.txt"
    path.write_text("# urlint: ignore[S408]\n" + block * 1_000)  # 9.2 MB, 12.2 MB decoded
    monkeypatch.setattr("urlint.run.plan.RANGE_BYTES", 1 << 40)
    scanned(tmp_path / "whole.sqlite", path)
    monkeypatch.setattr("urlint.run.plan.RANGE_BYTES", 1_000_000)
    assert sum(isinstance(p.unit, TextRange) for p in planned_units([str(path)])) > 1
    whole = store_contents(tmp_path / "whole.sqlite")
    kinds = []  # the units read in this process
    original = scan.unit_rows

    def unit_rows(unit, **settings):
        kinds.append(type(unit).__name__)
        return original(unit, **settings)

    monkeypatch.setattr(scan, "unit_rows", unit_rows)
    for jobs in (1, 2):
        store = tmp_path / f"ranges{jobs}.sqlite"
        summary = scanned(store, path, jobs=jobs)
        assert (summary.urls, summary.findings) == (3_000, 2_001)
        assert store_contents(store) == whole
    findings = query(
        tmp_path / "ranges2.sqlite",
        "SELECT code, line, \"column\", text FROM findings WHERE code = 'M901'",
    )
    assert findings == [
        (
            "M901",
            1,
            3,
            "unused suppression: 'S408' matches no finding here",
        )
    ]
    last = 2 + 33 * 999  # the last block's first line
    assert query(
        tmp_path / "ranges2.sqlite",
        'SELECT url, line, "column", end_line, offset FROM urls ORDER BY id DESC LIMIT 1',
    ) == [("http://ex.com/~b", last + 2, 5, last + 2, path.stat().st_size - 6 * 60 * 30 - 30 - 17)]
    assert query(tmp_path / "ranges2.sqlite", "SELECT status, kind FROM inputs") == [
        ("done", "text")
    ]
    assert kinds == ["TextRange"] * len(kinds) and len(kinds) > 1


def test_a_second_scan_reads_nothing_unchanged(tmp_path, monkeypatch):
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    before = store_contents(store)
    read = []
    original = writer.StoreWriter._write
    monkeypatch.setattr(
        writer.StoreWriter,
        "_write",
        lambda self, rows, path: read.append(path) or original(self, rows, path),
    )
    summary = scanned(store, tree)
    assert summary.actions["unchanged"] == 6 and summary.urls == 0 and read == []
    assert store_contents(store) == before


def test_a_name_that_is_not_utf8_is_stored_escaped_and_found_again(tmp_path):
    # os.fsdecode holds the byte 0xE9 as a surrogate, which SQLite cannot keep: the scan
    # ended in a traceback and its store was empty. Its bytes are escaped, the file after
    # it is stored too, and a second scan finds both unchanged; a tar member's name alike.
    folder = tmp_path / "d"
    folder.mkdir()
    Path(os.fsdecode(bytes(folder) + b"/caf\xe9.txt")).write_text("http://one.example/\n")
    (folder / "z.txt").write_text("http://two.example/\n")
    archive = tmp_path / "m.tar"
    with tarfile.open(archive, "w", format=tarfile.GNU_FORMAT, errors="surrogateescape") as tar:
        data = b"http://three.example/\n"
        member = tarfile.TarInfo(os.fsdecode(b"caf\xe9.txt"))
        member.size = len(data)
        tar.addfile(member, io.BytesIO(data))
    store = tmp_path / "urls.sqlite"
    assert scanned(store, folder, archive).urls == 3
    connection = sqlite3.connect(store)
    try:
        urls = sorted(connection.execute("SELECT path, url FROM urls"))
    finally:
        connection.close()
    assert urls == [
        (f"{folder}/caf\\xe9.txt", "http://one.example/"),
        (f"{folder}/z.txt", "http://two.example/"),
        (f"{archive}!caf\\xe9.txt", "http://three.example/"),
    ]
    again = scanned(store, folder, archive)
    assert again.actions["unchanged"] == 3 and again.urls == 0


def test_a_rescan_reads_only_what_changed_and_equals_a_fresh_scan(tmp_path):
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    maildir = tree / "Maildir"
    # a Maildir message read (flags), one moved from new/ to cur/, one delivered
    os.rename(maildir / "cur" / "1700000000.1.host:2,S", maildir / "cur" / "1700000000.1.host:2,RS")
    os.rename(maildir / "new" / "1700000001.2.host", maildir / "cur" / "1700000001.2.host:2,")
    (maildir / "new" / "1700000002.3.host").write_bytes(message(12, "http://third.example.com/"))
    # a text file changed, a gzipped month removed, a new month added, one file touched
    (tree / "notes.txt").write_text("Now only http://changed.example.org/.\n")
    (tree / "2001-03.mbox.gz").unlink()
    (tree / "2001-04.mbox.gz").write_bytes(
        gzip.compress(mbox_of(message(40, "http://apr.example/")))
    )
    os.utime(tree / "old.tar.gz", ns=(1, 1))

    summary = scanned(store, tree)
    assert summary.actions == {
        "new": 2,
        "changed": 1,
        "resumed": 0,
        "renamed": 2,
        "unchanged": 2,
        "gone": 1,
    }
    assert summary.urls == 3  # the new message, the changed text, the new month
    scanned(tmp_path / "fresh.sqlite", tree)
    assert store_contents(store) == store_contents(tmp_path / "fresh.sqlite")
    assert query(
        store, "SELECT path, flags FROM messages WHERE folder = ? ORDER BY path", str(maildir)
    ) == [
        (f"{maildir}/cur/1700000000.1.host:2,RS", "RS"),
        (f"{maildir}/cur/1700000001.2.host:2,", ""),
        (f"{maildir}/new/1700000002.3.host", None),
    ]


def test_a_new_link_to_an_unchanged_file_is_read(tmp_path):
    """What is read is what the walk found, by path: a new name for an unchanged file's
    bytes (a hard link) is a new input, read, not passed over for its inode."""
    tree = tmp_path / "archive"
    tree.mkdir()
    (tree / "a.txt").write_text("See http://example.org/linked/ here.\n")
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    os.link(tree / "a.txt", tree / "b.txt")
    summary = scanned(store, tree)
    assert summary.actions["new"] == 1 and summary.actions["unchanged"] == 1
    assert query(store, "SELECT path, url FROM urls ORDER BY path") == [
        (str(tree / "a.txt"), "http://example.org/linked/"),
        (str(tree / "b.txt"), "http://example.org/linked/"),
    ]


def test_units_are_planned_as_the_walk_goes(tmp_path):
    """The first unit goes to the workers once the walk has found a batch of files, not
    once it has found them all (a Maildir of thousands kept two cores idle)."""
    from urlint.core.units import BATCH_FILES
    from urlint.sources.files import iter_files
    from urlint.store.scan import _units

    tree = tmp_path / "cur"
    tree.mkdir()
    for number in range(3 * BATCH_FILES):
        (tree / f"{number:04d}.txt").write_text(f"http://example.org/{number}\n")
    walked = 0

    def walk():
        nonlocal walked
        for item in iter_files([str(tree)]):
            walked += 1
            yield item

    decisions: dict = {}
    first = next(_units(walk(), {}, decisions, Seal(None)))
    assert len(first.unit.sources) == BATCH_FILES
    assert walked == BATCH_FILES + 1  # the file that fills no more of the batch
    assert sorted(decisions) == sorted(str(tree / f"{n:04d}.txt") for n in range(walked))


@pytest.mark.processes
def test_a_crossposted_article_is_stored_once(tmp_path):
    """An article read under one group is passed over under the next, in a spool or in an
    archive read whole (its rows travel apart from the rest of the archive's), as
    `extract` passes it over; on one process or two."""
    article = (
        "Path: news!not-for-mail\nFrom: a@example.org\nNewsgroups: comp.a,comp.b\n"
        "Subject: x\nMessage-ID: <x1@example.org>\n\nhttp://example.org/crossposted\n"
    )
    spool = tmp_path / "archive" / "spool" / "comp" / "a"
    spool.mkdir(parents=True)
    (spool / "1").write_text(article)
    members = [
        ("Maildir/cur/1", message(1, "http://example.org/one/")),
        ("news/comp/b/7", article.encode()),
        ("Maildir/cur/3", message(3, "http://example.org/three/")),
    ]
    with tarfile.open(tmp_path / "archive" / "small.tgz", "w:gz") as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    for jobs in (1, 2):
        scanned(tmp_path / f"{jobs}.sqlite", tmp_path / "archive", jobs=jobs)
    assert query(tmp_path / "1.sqlite", "SELECT url FROM urls ORDER BY url") == [
        ("http://example.org/crossposted",),
        ("http://example.org/one/",),
        ("http://example.org/three/",),
    ]
    assert store_contents(tmp_path / "1.sqlite") == store_contents(tmp_path / "2.sqlite")


def large_mbox(path: Path, first: int, count: int) -> None:
    with open(path, "ab") as out:
        out.write(
            mbox_of(
                *[
                    message(
                        n,
                        f"http://example.org/{n}/ and ftp://fred:hunter{n}@ftp.example.org/",
                        date=f"Mon, {1 + n % 28:02d} Jan 2001 10:00:00 -0000",
                    )
                    for n in range(first, first + count)
                ]
            )
        )


def test_an_mbox_that_grew_is_read_on_from_where_the_last_scan_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr("urlint.core.units.RUN_BYTES", 2048)
    mbox = tmp_path / "list.mbox"
    large_mbox(mbox, 1, 200)
    store = tmp_path / "urls.sqlite"
    scanned(store, mbox)
    (place,) = query(store, "SELECT resume_offset, resume_index, status FROM inputs")
    assert place[2] == "done" and 0 < place[0] < mbox.stat().st_size and place[1] > 150
    large_mbox(mbox, 201, 20)
    summary = scanned(store, mbox)
    assert summary.actions["resumed"] == 1
    # the last run read again (its last message might have grown), then what was added
    assert 40 <= summary.urls < 200
    scanned(tmp_path / "fresh.sqlite", mbox)
    assert store_contents(store) == store_contents(tmp_path / "fresh.sqlite")
    assert query(store, "SELECT messages FROM inputs") == [(220,)]


def test_an_mbox_changed_before_its_end_is_read_again_whole(tmp_path, monkeypatch):
    monkeypatch.setattr("urlint.core.units.RUN_BYTES", 2048)
    mbox = tmp_path / "list.mbox"
    large_mbox(mbox, 1, 100)
    store = tmp_path / "urls.sqlite"
    scanned(store, mbox)
    data = mbox.read_bytes().replace(b"http://example.org/5/", b"http://example.org/X/", 1)
    mbox.write_bytes(data + mbox_of(message(999, "http://late.example/")))
    summary = scanned(store, mbox)
    assert summary.actions["changed"] == 1
    scanned(tmp_path / "fresh.sqlite", mbox)
    assert store_contents(store) == store_contents(tmp_path / "fresh.sqlite")


def test_content_hash_is_of_the_bytes_or_of_their_first_size(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"abc")
    assert content_hash(str(path)) == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"  # FIPS 180-2's
    )
    assert content_hash(str(path), 3) == content_hash(str(path))
    assert content_hash(str(path), 0) == (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"  # of no bytes
    )
    assert content_hash(str(path), 4) is None  # shorter than the size asked
    assert content_hash(str(tmp_path / "gone")) is None
    big = tmp_path / "big"
    big.write_bytes(bytes(range(256)) * 20_000)  # over HASH_BLOCK: read in blocks
    data = big.read_bytes()
    assert content_hash(str(big)) == hashlib.sha256(data).hexdigest()
    assert content_hash(str(big), 3_000_000) == hashlib.sha256(data[:3_000_000]).hexdigest()


def sealed(key: bytes, data: bytes) -> str:
    """A file's hash as the store keeps it (store.sealing), made here by hand."""
    return hmac.new(key, hashlib.sha256(data).digest(), hashlib.sha256).hexdigest()


def test_the_hash_made_as_a_file_is_read_is_its_sha256_sealed_under_the_stores_key(tmp_path):
    tree = build_tree(tmp_path / "archive")
    scanned_with_own_key(tmp_path / "urls.sqlite", tree)
    key_file = tmp_path / "urls.sqlite-key"
    key = key_file.read_bytes().strip()
    assert re.fullmatch(rb"[0-9a-f]{64}", key)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # its owner's alone
    stored = query(tmp_path / "urls.sqlite", "SELECT location, hash FROM inputs")
    assert len(stored) == 6
    for location, digest in stored:
        data = Path(location).read_bytes()
        assert digest == sealed(key, data) != hashlib.sha256(data).hexdigest(), location
    text = tmp_path / "long.txt"
    text.write_bytes(b"http://example.org/\n" * 10_000)  # more than a buffer's reading
    with open_input(str(text), hashing=True) as stream:
        stream.read(10)
    assert read_hash(stream) is None  # not read to its end: content_hash reads it
    with open_input(str(text), hashing=True) as stream:
        stream.read(10)
        stream.seek(0, os.SEEK_END)
    assert read_hash(stream) is None  # a part passed over
    with open_input(str(text), hashing=True) as stream:
        stream.read()
    assert read_hash(stream) == hashlib.sha256(text.read_bytes()).hexdigest()


def test_the_store_holds_no_password(tmp_path):
    tree = build_tree(tmp_path / "archive")
    (tree / "secret.txt").write_text(
        "ftp://fred:Plant3dSecret@ftp.example.org/ and <URL:ftp://fred:pw2Plant3dSecret@h/>\n"
    )
    (tree / "secret.mbox").write_bytes(
        mbox_of(
            b"From: ftp://fred:Plant3dSecret@mail.example\nMessage-ID: <ftp://x:Plant3dSecret@y>\n"
            b"Subject: s\n\nhttp://joe:Plant3dSecret@www.example.com/x\n"
        )
    )
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    assert query(store, "SELECT count(*) FROM urls WHERE url LIKE '%****%'") == [(3,)]
    for name in os.listdir(tmp_path):
        if name.startswith("urls.sqlite"):
            assert b"Plant3dSecret" not in (tmp_path / name).read_bytes(), name


def test_a_stores_hashes_confirm_no_guess_without_its_key(tmp_path):
    """A small file's plain SHA-256 would tell whoever holds the store which guessed
    password makes the file (its size and masked URL are stored beside it): sealed, it
    tells nothing without the key, which is not in the store and never read into it."""
    tree = tmp_path / "archive"
    tree.mkdir()
    (tree / "a.txt").write_bytes(b"ftp://fred:hunter2@h.example/\n")
    store = tmp_path / "urls.sqlite"
    summary = scanned_with_own_key(store, tmp_path)
    assert summary.actions["new"] == 1  # the archive's file: not the store, nor its key
    (stored,) = query(store, "SELECT hash FROM inputs")
    guesses = [f"ftp://fred:{guess}@h.example/\n".encode() for guess in ("secret", "hunter2")]
    assert stored[0] not in {hashlib.sha256(guess).hexdigest() for guess in guesses}
    assert b"hunter2" not in store.read_bytes()


def test_a_store_without_its_key_reads_again_what_it_cannot_confirm(tmp_path, monkeypatch):
    monkeypatch.setattr("urlint.core.units.RUN_BYTES", 2048)
    tree = build_tree(tmp_path / "archive")
    mbox = tree / "grown.mbox"
    large_mbox(mbox, 1, 60)
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    (tmp_path / "urls.sqlite-key").unlink()  # lost, or the store copied without it
    os.utime(tree / "notes.txt", ns=(1, 1))  # touched: the same bytes
    large_mbox(mbox, 61, 5)  # grown
    summary = scanned_with_own_key(store, tree)
    new_key = (tmp_path / "urls.sqlite-key").read_bytes().strip()
    assert new_key != SHARED_KEY  # a key of its own, made
    assert summary.actions["changed"] == 2 and summary.actions["resumed"] == 0
    assert summary.actions["unchanged"] == 5
    (tmp_path / "fresh.sqlite-key").write_bytes(new_key)
    scanned(tmp_path / "fresh.sqlite", tree)
    # What was read again is hashed under the new key; what was not keeps the old key's
    # hashes, which now match nothing (a touch reads it again), or the old key, restored.
    by_key = {row[0]: row[8] for row in store_contents(store)["inputs"]}
    for row in store_contents(tmp_path / "fresh.sqlite")["inputs"]:
        location = Path(row[2])
        assert (by_key[row[0]] == row[8]) == (location.name in ("notes.txt", "grown.mbox"))
        if location.name in ("notes.txt", "grown.mbox"):
            assert row[8] == sealed(new_key, location.read_bytes())
    no_hash = {"inputs": lambda row: row[:8] + row[9:]}
    assert {
        table: [no_hash.get(table, tuple)(row) for row in rows]
        for table, rows in store_contents(store).items()
    } == {
        table: [no_hash.get(table, tuple)(row) for row in rows]
        for table, rows in store_contents(tmp_path / "fresh.sqlite").items()
    }


def test_where_no_key_can_be_made_no_hash_is_kept(tmp_path, monkeypatch):
    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refused)  # a directory the scan may not write in
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    scanned_with_own_key(store, tree)
    assert query(store, "SELECT DISTINCT hash FROM inputs") == [(None,)]
    assert not (tmp_path / "urls.sqlite-key").exists()
    os.utime(tree / "notes.txt", ns=(1, 1))
    summary = scanned_with_own_key(store, tree)
    assert summary.actions["changed"] == 1 and summary.actions["unchanged"] == 5


@contextmanager
def at_most(seconds: int):
    """What would wait for ever (a read of a FIFO no one writes) fails after `seconds`."""

    def timed_out(*_: object) -> None:
        pytest.fail(f"still waiting after {seconds} s")  # no OSError: nothing takes it for one

    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("holder", ["fifo", "endless device", "longer than a key"])
def test_a_key_file_that_holds_no_key_keeps_no_hash(tmp_path, holder):
    """Only a regular file is read for a key, and no more of it than a key has: anything
    else holds no key, as a key file that cannot be read (no hash kept), and is left as
    it is."""
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    key = Path(f"{store}{KEY_SUFFIX}")
    if holder == "fifo":
        os.mkfifo(key)  # no one writes it: opened, it would wait for ever
    elif holder == "endless device":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        key.symlink_to("/dev/zero")  # read whole, it would fill the memory
    else:
        key.write_bytes(SHARED_KEY + b"\n" + SHARED_KEY)
    before = os.lstat(key)
    with at_most(20):
        summary = scanned_with_own_key(store, tree)
    assert summary.actions["new"] == 6
    assert query(store, "SELECT DISTINCT hash FROM inputs") == [(None,)]
    after = os.lstat(key)
    assert (after.st_mode, after.st_ino, after.st_size) == (
        before.st_mode,
        before.st_ino,
        before.st_size,
    )


def test_a_version_1_store_forgets_its_plain_hashes(tmp_path):
    tree = build_tree(tmp_path / "archive")
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    made_older(store, 1)
    connection = sqlite3.connect(store)
    with connection:  # as version 1 left it: plain SHA-256
        connection.execute("UPDATE inputs SET hash = 'ab12'")
    connection.close()
    schema.connect(str(store)).close()
    assert query(store, "SELECT DISTINCT hash FROM inputs") == [(None,)]
    assert query(store, "SELECT value FROM meta WHERE key = 'schema_version'") == [("4",)]


def test_none_is_bound_as_null_and_an_adapter_the_program_has_is_kept():
    key = (type(None), sqlite3.PrepareProtocol)
    saved = sqlite3.adapters.pop(key, None)
    connection = sqlite3.connect(":memory:")
    try:
        writer.bind_none_as_null()
        assert key in sqlite3.adapters  # found first: no search for one
        assert connection.execute("SELECT typeof(?), ? IS NULL", (None, None)).fetchone() == (
            "null",
            1,
        )

        def own(value: None) -> str:
            return "none"

        sqlite3.register_adapter(type(None), own)
        writer.bind_none_as_null()
        assert connection.execute("SELECT ?", (None,)).fetchone() == ("none",)
    finally:
        connection.close()
        sqlite3.adapters.pop(key, None)
        if saved is not None:
            sqlite3.adapters[key] = saved


def test_a_file_that_is_not_a_store_is_refused(tmp_path):
    other = tmp_path / "other.sqlite"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE t (x)")
    connection.close()
    with pytest.raises(schema.StoreError, match="no urlint store"):
        scanned(other, REPO / "corpora")
    newer = tmp_path / "newer.sqlite"
    schema.connect(str(newer)).execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(schema.StoreError, match="schema version 99"):
        scanned(newer, REPO / "corpora")


def test_the_command_scans_then_reads_only_what_changed(tmp_path, capsys, monkeypatch):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "scan", "--store", "urls.sqlite", "archive")
    assert (code, out) == (0, "")
    assert err.startswith(
        "urlint: urls.sqlite: 6 inputs (6 new); wrote 8 messages, 10 URLs, 1 finding, "
    )
    code, out, err = run(capsys, "scan", "-q", "--store", "urls.sqlite", "archive")
    assert (code, out, err) == (0, "", "")
    code, out, err = run(capsys, "scan", "--store", "urls.sqlite", "archive")
    assert err.startswith("urlint: urls.sqlite: 6 inputs (6 unchanged); wrote 0 messages, 0 URLs")
    # the store's own files, beside the inputs, are never read into it
    code, out, err = run(capsys, "scan", "--store", "archive/urls.sqlite", "archive")
    assert "7 inputs" not in err and "(6 new)" in err


@pytest.mark.processes
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_command_says_what_it_could_not_read_and_exits_2(tmp_path, capsys, monkeypatch, jobs):
    # A gzip stream cut short, under a name holding a login: said as `extract` says it, the
    # password masked, with one process or two; the rest of the run read and stored.
    monkeypatch.chdir(tmp_path)
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "ok.txt").write_text("see http://a.example/x\n")
    (inputs / "ftp:%2F%2Ffred:hunter2@h.gz").write_bytes(b"\x1f\x8b\x08\x00garbage")
    code, out, err = run(capsys, "scan", "-j", jobs, "--store", "s.sqlite", "in")
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "urlint: in/ftp:%2F%2Ffred:****@h.gz: cannot read: gzip stream cannot be read "
        "to its end: truncated",
        err.splitlines()[1],
    ]
    assert err.splitlines()[1].startswith(
        "urlint: s.sqlite: 2 inputs (2 new); wrote 0 messages, 1 URL, 1 finding, 1 problem in "
    )
    connection = sqlite3.connect("s.sqlite")
    assert connection.execute("SELECT url FROM urls").fetchall() == [("http://a.example/x",)]
    assert connection.execute("SELECT path, kind FROM problems").fetchall() == [
        ("in/ftp:%2F%2Ffred:****@h.gz", "unreadable")
    ]
    connection.close()
    # -q: nothing said, the status the same; unchanged, it is not read again: nothing failed
    assert run(capsys, "scan", "-q", "-j", jobs, "--store", "t.sqlite", "in") == (2, "", "")
    assert run(capsys, "scan", "-q", "-j", jobs, "--store", "t.sqlite", "in") == (0, "", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--store", "s.sqlite", "-"], "scan reads files, not standard input"),
        (["--store", "s.sqlite"], "scan needs a PATH"),
        (["--store", "notes.txt", "."], "not a urlint store"),
        (
            ["--store", "s.sqlite", "--scheduler", "tcp://h:1", "--engine", "local", "."],
            "--scheduler is for --engine dask",
        ),
    ],
)
def test_the_command_says_what_is_wrong_in_one_line(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("plain text, not SQLite: http://example.org/\n")
    code, out, err = run(capsys, "scan", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def scan_error(capsys, store: str, *paths: str) -> str:
    """`urlint scan --store STORE PATHS` that fails: what it says on standard error (one
    process: a store refused before its units go out, or on the first unit's rows)."""
    code, out, err = run(capsys, "scan", "-j", "1", "--store", store, *paths)
    assert (code, out) == (2, "") and "Traceback" not in err
    return err


def test_a_store_another_process_writes_is_said_to_be_locked(tmp_path, capsys, monkeypatch):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    scanned(Path("urls.sqlite"), Path("archive"))
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.05)  # not the 5 s a scan waits
    other = sqlite3.connect("urls.sqlite", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # as another scan holds it while it writes
    try:
        assert scan_error(capsys, "urls.sqlite", "archive") == (
            "urlint: urls.sqlite: the store is locked by another process\n"
        )
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_store_that_cannot_be_written_is_said_to_be(tmp_path, capsys, monkeypatch):
    tree = build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    scanned(Path("urls.sqlite"), tree)
    (tree / "more.txt").write_text("http://more.example/\n")
    connect = schema.connect

    def read_only(path: str, check: bool = False) -> sqlite3.Connection:
        connection = connect(path, check)
        # SQLite's SQLITE_READONLY, as for a file of mode 444 (where root may write it too)
        connection.execute("PRAGMA query_only = ON")
        return connection

    monkeypatch.setattr(schema, "connect", read_only)
    assert scan_error(capsys, "urls.sqlite", "archive") == (
        "urlint: urls.sqlite: the store cannot be written: attempt to write a readonly database\n"
    )


def test_a_damaged_store_is_said_to_be(tmp_path, capsys, monkeypatch):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    store = Path("urls.sqlite")
    scanned(store, Path("archive"))
    ((page_bytes, inputs_page),) = query(
        store,
        "SELECT page_size, rootpage FROM pragma_page_size, sqlite_master WHERE name = 'inputs'",
    )
    with open(store, "r+b") as damaged:  # the inputs' page: its header and meta are whole
        damaged.seek((inputs_page - 1) * page_bytes)
        damaged.write(b"\xff" * page_bytes)
    # asked (--check-store), found before anything is read or written: what SQLite's
    # quick_check finds, said
    ((found,),) = query(store, "PRAGMA quick_check(1)")
    assert found.startswith(f"*** in database main ***\nPage {inputs_page}: ")
    assert scan_error(capsys, "urls.sqlite", "--check-store", "archive") == (
        f"urlint: urls.sqlite: the store is damaged: {found.splitlines()[1]}{schema.REBUILD}\n"
    )
    # unasked: the file is not as the scan that ended left it (store.closing), checked whole
    assert scan_error(capsys, "urls.sqlite", "archive") == (
        f"urlint: urls.sqlite: the store is damaged: {found.splitlines()[1]}{schema.REBUILD}\n"
    )
    # as the disk's own fault leaves it, the file's times those of the scan's close: found
    # where the scan reads the page, said the same way
    record_closed("urls.sqlite")
    assert scan_error(capsys, "urls.sqlite", "archive") == (
        f"urlint: urls.sqlite: the store is damaged: database disk image is malformed"
        f"{schema.REBUILD}\n"
    )


@pytest.mark.parametrize(
    ("schema_version", "message"),
    [
        ("2", "not a urlint store: no such table: inputs"),
        ("abc", "not a urlint store: its schema version is not a number"),
    ],
)
def test_a_meta_table_alone_is_no_store(tmp_path, capsys, monkeypatch, schema_version, message):
    build_tree(tmp_path / "archive")
    monkeypatch.chdir(tmp_path)
    with sqlite3.connect("meta.sqlite") as connection:
        connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        connection.execute("INSERT INTO meta VALUES ('schema_version', ?)", (schema_version,))
    connection.close()
    assert scan_error(capsys, "meta.sqlite", "archive") == f"urlint: meta.sqlite: {message}\n"


# -- resume -------------------------------------------------------------------------------

_KILLABLE = """
import sys
import urlint.core.units
import urlint.store.writer
urlint.core.units.RUN_BYTES = 4096
urlint.store.writer.COMMIT_SECONDS = 0.0
from urlint.core.engines import Engine
from urlint.linter.config import build_settings
from urlint.store.scan import scan_into_store
from urlint.store.sealing import KEY_SUFFIX, Seal
two = Engine(jobs=2)
print(scan_into_store(sys.argv[1], sys.argv[2:], build_settings({}), engine=two).line(), flush=True)
"""


def resumable_tree(root: Path) -> Path:
    root.mkdir()
    large_mbox(root / "big.mbox", 1, 400)
    maildir = root / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    for n in range(300):
        (maildir / "cur" / f"17000{n:05d}.{n}.host:2,S").write_bytes(
            message(1000 + n, f"http://maildir.example/{n}")
        )
    return root


def run_killable(store: Path, tree: Path) -> subprocess.Popen:
    # A session of its own: SIGKILL goes to the scan and its workers, as when a job or a
    # machine is stopped.
    return subprocess.Popen(
        [sys.executable, "-c", _KILLABLE, str(store), str(tree)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def stored_urls(store: Path) -> int:
    try:
        return query(store, "SELECT count(*) FROM urls")[0][0]
    except sqlite3.Error:  # not made yet
        return -1


@pytest.mark.slow
@pytest.mark.processes
def test_a_scan_killed_at_any_point_and_run_again_equals_an_uninterrupted_one(tmp_path):
    tree = resumable_tree(tmp_path / "archive")
    whole = tmp_path / "whole.sqlite"
    uninterrupted = run_killable(whole, tree)
    out, err = uninterrupted.communicate(timeout=300)
    assert uninterrupted.returncode == 0, err
    expected = store_contents(whole)
    assert len(expected["urls"]) == 1100

    store = tmp_path / "killed.sqlite"
    (tmp_path / "killed.sqlite-key").write_bytes((tmp_path / "whole.sqlite-key").read_bytes())
    kills = 0
    # Killed once so many URLs are committed: the first kill before the store has tables,
    # the others in the Maildir's batches and in the mbox's runs, mid-transaction or not.
    for committed in (0, 1, 260, 400, 700, 1000):
        process = run_killable(store, tree)
        while process.poll() is None and stored_urls(store) < committed:
            time.sleep(0.005)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            kills += 1
        process.communicate(timeout=300)
    final = run_killable(store, tree)
    out, err = final.communicate(timeout=300)
    assert final.returncode == 0, err
    assert kills >= 4  # killed in the middle, again and again
    assert store_contents(store) == expected
    assert set(schema.LATE_INDEXES) <= indexes(store)  # dropped by the first, built again


def indexes(store: Path) -> set[str]:
    return {name for (name,) in query(store, "SELECT name FROM sqlite_master WHERE type='index'")}


def test_a_first_scan_builds_the_late_indexes_once_its_last_unit_is_planned(tmp_path, monkeypatch):
    monkeypatch.setattr("urlint.core.units.RUN_BYTES", 2048)  # the mbox in many runs, a unit each
    mbox = tmp_path / "list.mbox"
    large_mbox(mbox, 1, 100)
    store = tmp_path / "urls.sqlite"
    built = []  # the URL rows in the store each time the indexes are asked for
    present = []  # the late indexes there then
    original = schema.with_late_indexes

    def with_late_indexes(connection):
        built.append(connection.execute("SELECT count(*) FROM urls").fetchone()[0])
        names = connection.execute("SELECT name FROM sqlite_master WHERE type='index'")
        present.append({name for (name,) in names} & set(schema.LATE_INDEXES))
        original(connection)

    monkeypatch.setattr(schema, "with_late_indexes", with_late_indexes)
    scanned(store, mbox)
    total = query(store, "SELECT count(*) FROM urls")[0][0]
    # built once every unit but the last was written (filled without them), then asked
    # again at the end (no cost)
    assert total == 200 and 0 < built[0] < total and built[1:] == [total]
    assert present == [set(), set(schema.LATE_INDEXES)]
    assert set(schema.LATE_INDEXES) <= indexes(store)
    large_mbox(mbox, 101, 5)
    built.clear()
    present.clear()
    scanned(store, mbox)
    assert built == [total, total + 10]  # a store with rows keeps them: asked, nothing built
    assert present == [set(schema.LATE_INDEXES)] * 2
    assert set(schema.LATE_INDEXES) <= indexes(store)


# -- pieces ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("ftp://fred:****@FTP.Example.ORG:21/pub", ("ftp", "ftp.example.org")),
        ("HTTP://www.example.com./", ("http", "www.example.com")),
        ("http://[::1]:80/", ("http", "[::1]")),
        ("mailto:Pat@Example.org?subject=x", ("mailto", "example.org")),
        ("news:comp.infosystems.www", ("news", None)),
        ("file:///etc/hosts", ("file", None)),
        # as grammar.parse reads it: letters, digits, "+", "-" and "." make a scheme (2.1)
        ("www.example.com:8080/x", ("www.example.com", None)),
    ],
)
def test_scheme_and_host(url, expected):
    assert scheme_and_host(url) == expected


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("Tue, 15 Apr 1997 10:02:09 -0400", "1997-04-15T14:02:09Z"),
        ("12 Oct 1993 15:45:02 GMT", "1993-10-12T15:45:02Z"),
        ("Mon, 1 Jan 2001 10:00:00 -0000", "2001-01-01T10:00:00Z"),
        ("Fri, 1 Jan 0999 10:00:00 +0000", "0999-01-01T10:00:00Z"),  # sorts before 1999
        ("Sun, 31 Dec 2000 23:30:00 -0130", "2001-01-01T01:00:00Z"),
        ("1 Jan 2001 00:10:00 +0100", "2000-12-31T23:10:00Z"),
        ("Thu, 29 Feb 2001 10:00:00 +0000", None),  # no such day
        ("Tue, 15 Apr 97 10:02:09 EST", "1997-04-15T15:02:09Z"),  # RFC 822's forms
        ("Tue, 18 Sep 2001 08:15:48 -0700 (PDT)", "2001-09-18T15:15:48Z"),
        ("Fri, 09 Nov 2001 9:07:45 +1030", "2001-11-08T22:37:45Z"),
        ("Sat, 31 Dec 2016 23:59:60 +0000", None),  # a leap second: email.utils refuses it
        ("Mon, 1 Jan 0001 00:10:00 +0100", None),  # before the year 1 in UTC
        ("Fri, 31 Dec 9999 23:30:00 -0100", None),  # after 9999
        ("Fri, 31 Dec 9999 23:30:00 +0100", "9999-12-31T22:30:00Z"),
        ("not a date", None),
        ("", None),
    ],
)
def test_dates_are_stored_in_utc(date, expected):
    assert utc_date(date) == expected


@given(
    when=st.datetimes(min_value=datetime(1000, 1, 2), max_value=datetime(9998, 12, 30)),
    zone=st.integers(min_value=-(23 * 60 + 59), max_value=23 * 60 + 59),
    comment=st.sampled_from(["", " (PDT)", " (CEST)"]),
    short_hour=st.booleans(),
)
def test_the_common_date_form_is_read_as_email_utils_reads_it(when, zone, comment, short_hour):
    """rows.utc_date reads RFC 5322's usual form itself; it gives what the standard
    library's reading of any form (email.utils) gives."""
    written = format_datetime(when.replace(microsecond=0, tzinfo=timezone(timedelta(minutes=zone))))
    if short_hour and written[17] == "0":  # "Fri, 09 Nov 2001 9:07:45 +1030"
        written = written[:17] + written[18:]
    expected = parsedate_to_datetime(written).astimezone(timezone.utc)
    assert utc_date(written + comment) == expected.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_two_names_that_differ_only_in_a_password_are_two_inputs(tmp_path):
    # Masked, the names are one ("ftp:u:****@h.txt"): the second input's key is numbered
    # (in the walk's order, the same on every scan), and neither password is stored.
    root = tmp_path / "names"
    root.mkdir()
    (root / "ftp:u:Secretpw2y@h.txt").write_text("http://a.example/1\n")
    (root / "ftp:u:Otherpw3z@h.txt").write_text("http://a.example/2\n")
    store = tmp_path / "urls.sqlite"
    assert scanned(store, root).actions["new"] == 2
    location = f"file:{root}/ftp:u:****@h.txt"
    assert query(store, "SELECT key, path FROM inputs ORDER BY id") == [
        (location, f"{root}/ftp:u:****@h.txt"),
        (location + "#2", f"{root}/ftp:u:****@h.txt"),
    ]
    assert query(store, "SELECT url FROM urls ORDER BY id") == [
        ("http://a.example/2",),
        ("http://a.example/1",),
    ]
    assert scanned(store, root).actions["unchanged"] == 2
    (root / "ftp:u:Secretpw2y@h.txt").write_text("http://a.example/3\n")
    summary = scanned(store, root)
    assert (summary.actions["changed"], summary.actions["unchanged"]) == (1, 1)
    assert sorted(query(store, "SELECT url FROM urls")) == [
        ("http://a.example/2",),
        ("http://a.example/3",),
    ]
    data = store.read_bytes()
    assert b"Secretpw2y" not in data and b"Otherpw3z" not in data


def test_a_directory_that_cannot_be_read_keeps_its_inputs_rows(tmp_path, monkeypatch):
    # A directory the walk may not list (its mode, an I/O error) is no directory emptied:
    # its inputs keep their rows; one no longer there loses them.
    import urlint.sources.files

    tree = tmp_path / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "gone").mkdir()
    (tree / "sub" / "a.txt").write_text("see http://keep.example/\n")
    (tree / "gone" / "b.txt").write_text("see http://gone.example/\n")
    store = tmp_path / "urls.sqlite"
    scanned(store, tree)
    listing = urlint.sources.files.os.scandir

    def forbidden(path):
        if str(path).endswith(os.sep + "sub"):
            raise PermissionError(13, "Permission denied")
        return listing(path)

    monkeypatch.setattr(urlint.sources.files.os, "scandir", forbidden)
    (tree / "gone" / "b.txt").unlink()
    (tree / "gone").rmdir()
    summary = scanned(store, tree)
    assert query(store, "SELECT url FROM urls ORDER BY url") == [("http://keep.example/",)]
    assert summary.problems == 1
