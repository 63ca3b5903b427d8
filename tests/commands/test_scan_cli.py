"""`urlint scan`'s notes on standard error: what it met that was damaged or read as
something else is said as `extract` says it, and stored; -q says nothing."""

from __future__ import annotations

import sqlite3

import pytest

from ..helpers import run
from ..mail_helpers import mbox_of

DAMAGED = (
    b"From: a@example.org\nMessage-ID: <damaged@example.org>\n"
    b"Content-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: text/plain\n\n"
    b"http://example.org/unclosed\n"
)
LATIN = (
    b"From: b@example.org\nMessage-ID: <latin@example.org>\n"
    b"Content-Type: text/plain; charset=us-ascii\n\ncaf\xe9 http://example.org/cafe\n"
)
PLAIN = b"From: c@example.org\nMessage-ID: <plain@example.org>\n\nhttp://example.org/plain\n"


@pytest.fixture
def list_mail(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.mbox").write_bytes(mbox_of(PLAIN, DAMAGED, LATIN))
    return "list.mbox"


NOTES = [
    "urlint: list.mbox:17 (message 2 <damaged@example.org>): damaged message: multipart "
    "boundary 'zz' is never closed: read to the end",
    "urlint: list.mbox:22 (message 3 <latin@example.org>): charset: text is not us-ascii "
    "as labelled: read as cp1252",
]


def test_extract_says_these_notes(capsys, list_mail):
    """The reference: what extract says of the same mbox."""
    status, out, err = run(capsys, "extract", list_mail)
    assert status == 0
    assert out.splitlines() == [
        "http://example.org/plain",
        "http://example.org/unclosed",
        "http://example.org/cafe",
    ]
    assert err.splitlines() == NOTES


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.processes)])
def test_scan_says_what_extract_says_and_stores_it(capsys, list_mail, jobs):
    status, out, err = run(capsys, "scan", "-j", jobs, "--store", "s.sqlite", list_mail)
    assert (status, out) == (0, "")
    lines = err.splitlines()
    assert lines[:-1] == NOTES
    assert lines[-1].startswith("urlint: s.sqlite: 1 input (1 new); wrote 3 messages, 3 URLs, ")
    connection = sqlite3.connect("s.sqlite")
    try:
        stored = connection.execute("SELECT kind, line FROM problems ORDER BY id").fetchall()
    finally:
        connection.close()
    assert stored == [("malformed", 17), ("charset", 22)]


def test_quiet_scan_says_nothing_and_still_stores(capsys, list_mail):
    assert run(capsys, "scan", "-q", "--store", "s.sqlite", list_mail) == (0, "", "")
    status, out, _ = run(capsys, "report", "s.sqlite", "--table", "problems")
    assert status == 0
    assert out.splitlines()[1:] == [
        "malformed,list.mbox,17,2,<damaged@example.org>,,multipart boundary 'zz' is never "
        "closed: read to the end",
        "charset,list.mbox,22,3,<latin@example.org>,,text is not us-ascii as labelled: "
        "read as cp1252",
    ]


def test_a_second_scan_of_what_is_unchanged_says_nothing_of_it(capsys, list_mail):
    """The notes are of what this scan read: an input left alone is not read again."""
    run(capsys, "scan", "--store", "s.sqlite", list_mail)
    status, _, err = run(capsys, "scan", "--store", "s.sqlite", list_mail)
    assert status == 0
    assert err.splitlines() == [
        "urlint: s.sqlite: 1 input (1 unchanged); wrote 0 messages, 0 URLs, 0 findings, "
        "0 problems in " + err.rsplit(" in ", 1)[1].rstrip("\n")
    ]
