"""What urlint wrote, told by a file's first bytes (sources.kinds.urlint_wrote).

Each file urlint writes that holds URLs is made here by urlint itself, as a user makes it,
and recognised by its opening; files of other tools that look like them are not."""

from __future__ import annotations

import pytest

from urlint.sources.kinds import urlint_wrote
from urlint.sources.streams import SNIFF_BYTES

from ..helpers import run

NOTES = "drafts at ftp://fred:s3cr3t@ftp.example.org/~drafts/ and http://example.com/a|b\n"


@pytest.fixture
def written(tmp_path, monkeypatch, capsys):
    """Every file urlint writes that holds URLs, by name: check's reports (-o), a baseline,
    extract's jsonl, report's page and its URL tables (-o)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(NOTES)
    for fmt in ("sarif", "json", "jsonl", "junit", "gitlab", "github", "text"):
        run(capsys, "check", "--isolated", "--format", fmt, "-o", f"check.{fmt}", "notes.txt")
    run(capsys, "check", "--isolated", "--write-baseline", "baseline.json", "notes.txt")
    _, out, _ = run(capsys, "extract", "--format", "jsonl", "notes.txt")
    (tmp_path / "urls.jsonl").write_text(out)
    _, out, _ = run(capsys, "extract", "notes.txt")
    (tmp_path / "urls.txt").write_text(out)
    run(capsys, "scan", "-q", "--isolated", "--store", "urls.sqlite", "notes.txt")
    run(capsys, "report", "urls.sqlite", "--html", "report.html")
    run(capsys, "report", "urls.sqlite", "-o", "summary.txt")
    for table in ("census", "findings", "domains"):
        for fmt in ("csv", "json", "jsonl"):
            run(
                capsys,
                "report",
                "urls.sqlite",
                "--table",
                table,
                "--format",
                fmt,
                "-o",
                f"{table}.{fmt}",
            )
    return {path.name: path.read_bytes()[:SNIFF_BYTES] for path in tmp_path.iterdir()}


def test_each_file_urlint_writes_with_urls_in_it_is_told_by_its_opening(written):
    assert {name: urlint_wrote(head) for name, head in written.items()} == {
        "notes.txt": None,
        "baseline.json": "a urlint baseline",
        "check.sarif": "a SARIF report of urlint check",
        "check.json": "a report of urlint check or extract",
        "check.jsonl": "a report of urlint check or extract",
        "urls.jsonl": "a report of urlint check or extract",
        "check.junit": "a JUnit report of urlint check",
        "report.html": "a page of urlint report --html",
        "census.csv": "a table of urlint report",
        "census.json": "a table of urlint report",
        "census.jsonl": "a table of urlint report",
        "findings.csv": "a table of urlint report",
        "findings.json": "a table of urlint report",
        "findings.jsonl": "a table of urlint report",
        # no marker: GitLab's issues and GitHub's commands are any tool's, the text formats
        # and extract's URL list are lines of text, a table of hosts holds no URL
        "check.gitlab": None,
        "check.github": None,
        "check.text": None,
        "urls.txt": None,
        "summary.txt": None,
        "domains.csv": None,
        "domains.json": None,
        "domains.jsonl": None,
        # the store is binary (never read as text in a walk); its key and the record of
        # its last close (store.closing) hold no URL
        "urls.sqlite": None,
        "urls.sqlite-closed": None,
        "urls.sqlite-key": None,
        "urls.sqlite-shm": None,
        "urls.sqlite-wal": None,
    }


def test_as_windows_text_mode_writes_them_too(written):
    for name in ("baseline.json", "check.sarif", "check.json", "check.junit", "report.html"):
        crlf = written[name].replace(b"\n", b"\r\n")
        assert urlint_wrote(crlf) == urlint_wrote(written[name]), name


@pytest.mark.parametrize(
    "head",
    [
        b'{\n  "name": "urlint",\n  "version": "1.0.0"\n}\n',  # a package.json
        b'{\n "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/'
        b'sarif-schema-2.1.0.json",\n "version": "2.1.0",\n "runs": [\n  {\n   "tool": {\n'
        b'    "driver": {\n     "name": "CodeQL",',  # another tool's SARIF
        b'[\n {\n  "path": "a.txt",\n  "size": 12\n }\n]\n',  # a list with a "path"
        b'{"path": "a.txt", "line": 1, "column": 2, "end_line": 1, "end_column": 3, '
        b'"code": "E501", "message": "line too long"}\n',  # another linter's, no "name"
        b'{"urlint_baselines": 2}\n',
        b'{"findings": [], "urlint_baseline": 2}\n',  # not what urlint writes first
        b"url,scheme,host\nhttp://x.example/,http,x.example\n",  # another census
        b'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        b'<meta name="generator" content="Hugo 0.120">\n',
        b'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="pytest" tests="1">\n',
        b"",
    ],
)
def test_a_file_that_only_looks_like_one_is_not_urlints(head):
    assert urlint_wrote(head) is None


def test_a_string_with_escapes_is_read_to_its_end():
    head = (
        b'{"path": "a\\"b\\\\c.txt", "line": 1, "column": 2, "end_line": 1, "end_column": 3, '
        b'"url": "http://x/"}\n'
    )
    assert urlint_wrote(head) == "a report of urlint check or extract"
    # a path longer than the first read: not told, and read as any file
    head = b'{"path": "' + b"a" * SNIFF_BYTES
    assert urlint_wrote(head[:SNIFF_BYTES]) is None
