"""Where a URL was in its message, in the store and the report: a header field (its name) or
the body (its MIME part), as `extract --format jsonl` says it; `--urls-from` of `scan` and
`report` leaves the header fields' URLs out or keeps them alone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from urlint.core.message import URLS_FROM, taken_from
from urlint.store import schema

from ..helpers import run
from .test_schema import made_older

# A list's message: its List-Unsubscribe names two URLs, one of which its body names too.
LIST_MESSAGE = (
    "From a@example.org Thu Mar  1 03:00:13 2001\n"
    "From: Ann <ann@example.org>\n"
    "Date: Thu, 1 Mar 2001 03:00:13 +0000\n"
    "Message-ID: <1@example.org>\n"
    "List-Unsubscribe: <mailto:devel-request@lists.example.org?subject=unsubscribe>,\n"
    " <http://lists.example.org/~devel>\n"
    "Subject: s\n"
    "\n"
    "see http://www.example.org/~ann/ and\n"
    "http://lists.example.org/~devel\n"
)
DEVEL = "http://lists.example.org/~devel"
ANN = "http://www.example.org/~ann/"
UNSUBSCRIBE = "mailto:devel-request@lists.example.org?subject=unsubscribe"


def write_archive(folder: Path) -> Path:
    folder.mkdir()
    (folder / "list.mbox").write_text(LIST_MESSAGE)
    (folder / "notes.txt").write_text("plain http://notes.example/\n")
    return folder


@pytest.fixture
def archive(tmp_path) -> Path:
    return write_archive(tmp_path / "in")


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    """The archive scanned whole, once: the tests that read it alone."""
    from urlint.linter.config import build_settings
    from urlint.store.scan import scan_into_store

    folder = write_archive(tmp_path_factory.mktemp("urls-from") / "in")
    path = str(folder.parent / "s.sqlite")
    scan_into_store(path, [str(folder)], build_settings({}))
    return path


def scanned(capsys, archive: Path, *options: str) -> str:
    store = str(archive.parent / "s.sqlite")
    assert run(capsys, "scan", "-q", "--store", store, *options, str(archive)) == (0, "", "")
    return store


def rows(store: str, sql: str) -> list[tuple]:
    connection = sqlite3.connect(store)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def census(capsys, store: str, *options: str) -> list[dict]:
    code, out, err = run(
        capsys, "report", store, "--table", "census", "--format", "jsonl", *options
    )
    assert (code, err) == (0, "")
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(
    ("source", "urls_from", "taken"),
    [
        ("header", "all", True),
        ("header", "body", False),
        ("header", "headers", True),
        ("text", "body", True),
        ("html-href", "headers", False),
        (None, "body", True),  # plain text: body
        (None, "headers", False),
    ],
)
def test_taken_from(source, urls_from, taken):
    assert taken_from(source, urls_from) is taken


def test_the_choices_are_the_options():
    assert URLS_FROM == ("all", "body", "headers")


def test_the_store_says_where_each_url_and_finding_was(store):
    assert rows(store, "SELECT url, line, part, source, header FROM urls ORDER BY id") == [
        (UNSUBSCRIBE, 5, "", "header", "List-Unsubscribe"),
        (DEVEL, 6, "", "header", "List-Unsubscribe"),
        (ANN, 9, "1", "text", None),
        (DEVEL, 10, "1", "text", None),
        ("http://notes.example/", 1, None, None, None),
    ]
    assert rows(store, "SELECT url, line, part, source, header FROM findings ORDER BY id") == [
        (DEVEL, 6, "", "header", "List-Unsubscribe"),
        (ANN, 9, "1", "text", None),
        (DEVEL, 10, "1", "text", None),
    ]


def test_the_census_tells_header_urls_apart(capsys, store):
    places = [
        (row["url"], row["count"], row["in_headers"], row["line"], row["source"], row["header"])
        for row in census(capsys, store)
    ]
    assert places == [
        ("http://lists.example.org/~devel", 2, 1, 6, "header", "List-Unsubscribe"),
        ("http://notes.example/", 1, 0, 1, None, None),
        (ANN, 1, 0, 9, "text", None),
        (UNSUBSCRIBE, 1, 1, 5, "header", "List-Unsubscribe"),
    ]
    # the body alone: the URL both name is first seen in the body, and seen there once
    body = [
        (row["url"], row["count"], row["in_headers"], row["line"], row["part"])
        for row in census(capsys, store, "--urls-from", "body")
    ]
    assert body == [
        (DEVEL, 1, 0, 10, "1"),
        ("http://notes.example/", 1, 0, 1, None),
        (ANN, 1, 0, 9, "1"),
    ]
    headers = [
        (row["url"], row["count"]) for row in census(capsys, store, "--urls-from", "headers")
    ]
    assert headers == [(DEVEL, 1), (UNSUBSCRIBE, 1)]


def test_the_findings_table_and_the_summary_tell_header_urls_apart(capsys, store):
    code, out, _ = run(capsys, "report", store, "--table", "findings", "--urls-from", "headers")
    assert code == 0
    assert [line.split(",")[9:13] for line in out.splitlines()] == [
        ["line", "source", "header", "part"],
        ["6", "header", "List-Unsubscribe", ""],
    ]
    code, out, _ = run(capsys, "report", store)
    assert code == 0
    assert "\nURLs:        5 (2 in header fields: --urls-from body leaves them out)\n" in out
    code, out, _ = run(capsys, "report", store, "--urls-from", "body")
    assert code == 0
    assert "\nFilters:     --urls-from body\n" in out
    assert "\nURLs:        3\nUnique URLs: 3 as written" in out
    assert "\nFindings:    2: 2 warnings\n" in out
    code, out, _ = run(capsys, "report", store, "--urls-from", "headers")
    assert code == 0
    assert "\nURLs:        2 (2 in header fields)\n" in out


def test_a_scan_stores_the_urls_it_is_asked_for_and_reads_again_when_that_changes(capsys, archive):
    store = scanned(capsys, archive, "--urls-from", "body")
    assert rows(store, "SELECT url, source FROM urls ORDER BY id") == [
        (ANN, "text"),
        (DEVEL, "text"),
        ("http://notes.example/", None),
    ]
    assert rows(store, "SELECT count(*) FROM findings WHERE source = 'header'") == [(0,)]
    assert rows(store, f"SELECT value FROM meta WHERE key = '{schema.URLS_FROM_KEY}'") == [
        ("body",)
    ]
    # unchanged files, but the store held other URLs: the mbox is read again, not the text
    code, _, err = run(capsys, "scan", "--store", store, str(archive))
    assert code == 0
    assert "2 inputs (1 changed, 1 unchanged)" in err
    assert rows(store, "SELECT count(*), sum(source = 'header') FROM urls") == [(5, 2)]
    assert rows(store, f"SELECT value FROM meta WHERE key = '{schema.URLS_FROM_KEY}'") == []
    # the headers alone: the plain text file has none, and is read again too
    scanned(capsys, archive, "--urls-from", "headers")
    assert rows(store, "SELECT url FROM urls ORDER BY id") == [(UNSUBSCRIBE,), (DEVEL,)]


def test_a_version_3_store_gives_its_findings_their_place(capsys, archive):
    """Migrated, a finding takes its place in its message from its URL's row."""
    store = scanned(capsys, archive)
    made_older(Path(store), 3)
    assert rows(store, "SELECT name FROM pragma_table_info('findings') WHERE name = 'source'") == []
    schema.connect(store).close()
    assert rows(store, "SELECT url, line, part, source, header FROM findings ORDER BY id") == [
        (DEVEL, 6, "", "header", "List-Unsubscribe"),
        (ANN, 9, "1", "text", None),
        (DEVEL, 10, "1", "text", None),
    ]
    assert rows(store, "SELECT value FROM meta WHERE key = 'schema_version'") == [("4",)]
