"""Mail through the command line: damaged messages and archives reported while the run goes on,
damage and charsets as check findings, files that are not what their names say."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from urlint.commands.cli import main
from urlint.sources import archives

from ..mail_helpers import extract_jsonl, mbox_of


def test_damaged_messages_are_reported_and_the_rest_is_read(tmp_path, capsys):
    good = b"Subject: good\n\nhttp://example.org/after-%d\n"
    damaged = [
        b"Subject: bad header\nthis line is no header field\nhttp://example.org/in-the-body\n\ntext\n",
        b"Content-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: text/plain\n\nhttp://example.org/unclosed\n",
        b"Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"
        b"aHR0cDovL2V4YW1wbGUub3JnL3RydW5jYXRlZA",
        b"Content-Type: text/plain\n\nnul\x00byte http://example.org/nul\n",
        b"Content-Type: text/plain\n\n" + b"x" * 20_000_000 + b" http://example.org/long-line\n",
        b"Content-Type: multipart/mixed\n\nno boundary http://example.org/no-boundary\n",
    ]
    messages = []
    for n, bad in enumerate(damaged):
        messages += [bad, good % n]
    path = tmp_path / "damaged.mbox"
    path.write_bytes(mbox_of(*messages))
    code, records, err = extract_jsonl(capsys, str(path))
    assert code == 0
    assert [r["url"] for r in records] == [
        "http://example.org/in-the-body",
        "http://example.org/after-0",
        "http://example.org/unclosed",
        "http://example.org/after-1",
        "http://example.org/truncated",
        "http://example.org/after-2",
        "http://example.org/nul",
        "http://example.org/after-3",
        "http://example.org/long-line",
        "http://example.org/after-4",
        "http://example.org/no-boundary",
        "http://example.org/after-5",
    ]
    assert [line.split(": ", 3)[2:] for line in err.splitlines()] == [
        ["damaged message", "a header line that is no field: the header ends there"],
        ["damaged message", "multipart boundary 'zz' is never closed: read to the end"],
        ["damaged message", "base64 body is truncated or damaged; decoded as far as it goes"],
        ["damaged message", "NUL bytes in a text part"],
        ["damaged message", "multipart/mixed without a boundary: read as text"],
    ]
    assert err.startswith(f"urlint: {path}:3 (message 1): ")


def test_check_reports_damage_and_charset_as_findings(tmp_path, capsys):
    path = tmp_path / "m.eml"
    path.write_bytes(
        b"From: a@example.org\nMessage-ID: <m1@example.org>\n"
        b"Content-Type: multipart/mixed; boundary=zz\n\n"
        b"--zz\nContent-Type: text/plain; charset=klingon\n\nftp://user:hunter2@ftp.example.org/x\n"
    )
    code = main(["check", "--select", "M9,P501", "--format", "jsonl", str(path)])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [(r["code"], r["line"], r["column"]) for r in records] == [
        ("P501", 8, 12),
        ("M905", 8, 1),
        ("M904", 9, 1),
    ]
    assert records[0]["url"] == "ftp://user:****@ftp.example.org/x" and records[0]["fix"] is None
    assert (
        records[0]["mail"]["message_id"] == "<m1@example.org>" and records[0]["mail"]["part"] == "1"
    )
    assert records[1]["message"] == "unknown charset 'klingon': read as utf-8"


def test_a_damaged_archive_never_stops_the_run(tmp_path, capsys, monkeypatch):
    box = mbox_of(b"Subject: a\n\nhttp://example.org/a\n", b"Subject: b\n\nhttp://example.org/b\n")
    (tmp_path / "a-truncated.mbox.gz").write_bytes(gzip.compress(box)[:-30])
    (tmp_path / "b-bomb.gz").write_bytes(gzip.compress(b"\n" * 3_000_000))
    (tmp_path / "c-fine.mbox").write_bytes(box)
    (tmp_path / "d-not-a.zip").write_bytes(b"PK\x03\x04 broken")
    monkeypatch.setattr(archives, "MIN_LIMIT_BYTES", 1_000_000)
    code, records, err = extract_jsonl(capsys, str(tmp_path))
    assert code == 2
    assert [Path(r["path"]).name for r in records][-2:] == ["c-fine.mbox", "c-fine.mbox"]
    assert "a-truncated.mbox.gz: cannot read: gzip stream cannot be read to its end" in err
    assert (
        "b-bomb.gz: cannot read: gzip stream cannot be read to its end: "
        "decompressed past 1,000,000 bytes in all" in err
    )
    assert "d-not-a.zip: cannot read: not a readable zip archive" in err


def test_a_message_after_blank_lines_is_read_as_mail_and_a_misnamed_file_is_noted(capsys, tmp_path):
    (tmp_path / "blank.eml").write_bytes(
        b"\n  \nFrom: a@example.com\nSubject: hi\nContent-Transfer-Encoding: quoted-printable\n\n"
        b"see http://x.example/a=\nb and\n"
    )
    (tmp_path / "notes.eml").write_bytes(b"just notes http://y.example/\n")
    code = main(["extract", "-H", str(tmp_path / "blank.eml"), str(tmp_path / "notes.eml")])
    captured = capsys.readouterr()
    assert (code, captured.out) == (
        0,
        f"{tmp_path}/blank.eml:7:5: http://x.example/ab\n{tmp_path}/notes.eml:1:12: http://y.example/\n",
    )
    assert (
        captured.err
        == f"urlint: {tmp_path}/notes.eml: not what its name says: named as a message, "
        "but it opens with no mail header: read as plain text\n"
    )


def test_a_file_that_is_not_what_its_name_says_is_noted(capsys, tmp_path):
    (tmp_path / "notes.gz").write_bytes(b"notes http://gz.example/\n")
    (tmp_path / "notes.zip").write_bytes(b"zip notes http://zip.example/\n")
    code = main(
        [
            "check",
            "--isolated",
            "--select",
            "M",
            "--format",
            "concise",
            str(tmp_path / "notes.gz"),
            str(tmp_path / "notes.zip"),
        ]
    )
    assert (code, capsys.readouterr().out) == (
        0,
        (  # M904 is a warning: no failure
            f"{tmp_path}/notes.gz:1:1: M904 named as gzip, but it is not: read as plain text\n"
            f"{tmp_path}/notes.zip:1:1: M904 named as zip, but it is not: read as plain text\n"
        ),
    )
