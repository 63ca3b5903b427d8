"""`urlint report`: the summary, the tables, the filters and the errors, on stores built by
hand (tests/store_helpers.py). Every expected value is worked out from the archive's rows
(store_helpers.ARCHIVE_URLS); the HTML page in a browser is tests/test_report_html.py."""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from urlint.commands import report as command
from urlint.store.report import tables
from urlint.store.report.access import open_store
from urlint.store.report.census import with_census_functions
from urlint.store.report.filters import Filters, period
from urlint.store.report.page import CHART_JS_VERSION, chart_js, script_json
from urlint.store.report.queries import Selection

from ..helpers import REPO
from ..store_helpers import StoreBuilder, build_archive


def parser() -> argparse.ArgumentParser:
    """A parser holding only `report`, as the CLI wires it (parser.Parser, subcommands)."""
    from urlint.commands.cli import Parser

    built = Parser(prog="urlint")
    add_report = command.add_report_parser
    add_report(built.add_subparsers(dest="command", metavar="COMMAND", prog="urlint"))
    return built


def report(capsys, *argv: str) -> tuple[int, str, str]:
    """`urlint report ARGV...`: (exit status, output, standard error)."""
    out = io.StringIO()
    status = command.run_report(parser().parse_args(["report", *argv]), out)
    return status, out.getvalue(), capsys.readouterr().err


@pytest.fixture
def archive(tmp_path):
    return str(build_archive(tmp_path / "urls.sqlite"))


# --- The summary --------------------------------------------------------------------------


def test_summary(capsys, archive):
    status, out, err = report(capsys, archive)
    assert (status, err) == (0, "")
    assert (
        out
        == f"""\
Store:       {archive} (schema 4, urlint 1.0.0, last scan 2026-11-23T10:00:00Z)
Inputs:      3 (1 maildir, 1 mbox, 1 text)
Messages:    4 read, 4 with URLs
URLs:        11
Unique URLs: 7 as written, 7 in the census (one URL however spelt)
Hosts:       6
Findings:    4: 1 error, 2 warnings, 1 info
Problems:    2: 1 charset, 1 malformed
Dates:       2001-09-18 to 2002-01-05
Undated:     4 URLs: 3 in plain text, 1 in a message whose Date was not read

Top hosts
  4  www.example.org
  2  example.org
  1  badexample.org
  1  example.net
  1  ftp.example.org
  1  gopher.example.edu
  1  (no host)

Top schemes
  7  http
  1  ftp
  1  gopher
  1  mailto
  1  news

Findings by rule
  2  C202  unsafe-character  warning
  1  P501  password-in-url  error
  1  X105  maybe-continued  info
"""
    )


def test_summary_under_filters_counts_what_they_select(capsys, archive):
    status, out, _ = report(capsys, archive, "--domain", "example.org", "--top", "2")
    assert status == 0
    assert out.splitlines()[1:] == [
        "Filters:     --domain example.org",
        "Inputs:      2 with these URLs",
        "Messages:    3 with these URLs",
        "URLs:        7",
        "Unique URLs: 3 as written, 3 in the census (one URL however spelt)",
        "Hosts:       3",
        "Findings:    3: 1 error, 2 warnings",
        "Problems:    2: 1 charset, 1 malformed "
        "(not narrowed by --domain, --scheme or --urls-from)",
        "Dates:       2001-09-18 to 2001-11-02",
        "Undated:     3 URLs: 2 in plain text, 1 in a message whose Date was not read",
        "",
        "Top hosts",
        "  4  www.example.org",
        "  2  example.org",
        "",
        "Top schemes",
        "  6  http",
        "  1  ftp",
        "",
        "Findings by rule",
        "  2  C202  unsafe-character  warning",
        "  1  P501  password-in-url  error",
    ]


def test_summary_of_folder_selects_its_problems(capsys, archive):
    _, out, _ = report(capsys, archive, "--folder", "Maildir")
    assert "Problems:    1: 1 charset\n" in out
    assert "Dates:       2002-01-05 to 2002-01-05\n" in out


def test_summary_of_an_empty_store(capsys, tmp_path):
    store = StoreBuilder(tmp_path / "empty.sqlite").close()
    status, out, err = report(capsys, str(store))
    assert (status, err) == (0, "")
    assert out.splitlines()[1:] == [
        "Inputs:      0",
        "Messages:    0 read, 0 with URLs",
        "URLs:        0",
        "Unique URLs: 0 as written, 0 in the census (one URL however spelt)",
        "Hosts:       0",
        "Findings:    0",
        "Problems:    0",
        "Dates:       none",
    ]


def test_summary_writes_control_characters_as_escapes(capsys, tmp_path):
    """A host or a kind that holds an escape sequence never reaches the terminal raw: the
    summary and the CSV write it escaped (JSON keeps it exact)."""
    with StoreBuilder(tmp_path / "s.sqlite") as store:
        text = store.input("a.txt", "te\x1b[2Jxt")
        store.url(text, "a.txt", "http://evil.example/", host="evil\x1b]0;owned\x07.example")
    _, out, _ = report(capsys, str(store.path))
    assert "\x1b" not in out and "\x07" not in out
    assert "  1  evil\\x1b]0;owned\\x07.example\n" in out
    assert "Inputs:      1 (1 te\\x1b[2Jxt)\n" in out
    _, csv_text, _ = report(capsys, str(store.path), "--table", "domains")
    assert "evil\\x1b]0;owned\\x07.example,1," in csv_text


# --- The tables ---------------------------------------------------------------------------

TABLES = {
    "domains": """\
host,urls,unique_urls,messages,first_seen,last_seen
www.example.org,4,1,3,2001-09-18T15:15:48Z,2001-11-02T08:00:00Z
example.org,2,1,1,2001-11-02T08:00:00Z,2001-11-02T08:00:00Z
badexample.org,1,1,1,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z
example.net,1,1,1,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z
ftp.example.org,1,1,1,2001-09-18T15:15:48Z,2001-09-18T15:15:48Z
gopher.example.edu,1,1,1,2001-11-02T08:00:00Z,2001-11-02T08:00:00Z
,1,1,0,,
""",
    "schemes": """\
scheme,urls,unique_urls,messages,first_seen,last_seen
http,7,3,4,2001-09-18T15:15:48Z,2002-01-05T12:00:00Z
ftp,1,1,1,2001-09-18T15:15:48Z,2001-09-18T15:15:48Z
gopher,1,1,1,2001-11-02T08:00:00Z,2001-11-02T08:00:00Z
mailto,1,1,1,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z
news,1,1,0,,
""",
    # Every month from the first to the last, the empty ones too; then the undated URLs
    # (three in plain text, one in message 3) in the row with no month. new_urls there:
    # news:, never seen with a date (example.org/b and www.example.org/a were).
    "months": """\
month,urls,unique_urls,messages,new_urls
2001-09,2,2,1,2
2001-10,0,0,0,0
2001-11,3,3,1,2
2001-12,0,0,0,0
2002-01,2,2,1,2
,4,3,1,1
""",
    "lists": """\
list_id,urls,unique_urls,messages,first_seen,last_seen
ietf.ietf.org,6,4,3,2001-09-18T15:15:48Z,2001-11-02T08:00:00Z
,5,5,1,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z
""",
    "folders": """\
folder,urls,unique_urls,messages,first_seen,last_seen
lists/ietf.mbox,6,4,3,2001-09-18T15:15:48Z,2001-11-02T08:00:00Z
,3,3,0,,
Maildir,2,2,1,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z
""",
    "senders": """\
sender,urls,unique_urls,messages,first_seen,last_seen
Ann <ann@example.net>,5,5,2,2001-11-02T08:00:00Z,2002-01-05T12:00:00Z
Fred <fred@example.org>,3,2,2,2001-09-18T15:15:48Z,2001-09-18T15:15:48Z
,3,3,0,,
""",
    # C202's two findings: one in message 2, one in plain text (no message to count).
    "rules": """\
code,name,severity,findings,unique_urls,messages
C202,unsafe-character,warning,2,1,1
P501,password-in-url,error,1,1,1
X105,maybe-continued,info,1,1,1
""",
    "finding-domains": """\
host,findings,error,warning,info,rules,unique_urls
example.org,2,0,2,0,1,1
ftp.example.org,1,1,0,0,1,1
gopher.example.edu,1,0,0,1,1,1
""",
    # www.example.org/a: first in message 1 (the earliest Date), last in message 2; the
    # undated message 3 and the plain text count, but give no date. news: is in plain text
    # alone: its reference is the file and line, with no message.
    "census": """\
url,scheme,host,count,messages,in_headers,first_seen,last_seen,path,message_index,message_id,line,context,source,header,part,spellings
ftp://fred:****@ftp.example.org/pub/,ftp,ftp.example.org,1,1,0,2001-09-18T15:15:48Z,2001-09-18T15:15:48Z,lists/ietf.mbox,1,<1@example.org>,12,,,,,ftp://fred:****@ftp.example.org/pub/
gopher://gopher.example.edu/,gopher,gopher.example.edu,1,1,0,2001-11-02T08:00:00Z,2001-11-02T08:00:00Z,lists/ietf.mbox,2,<2@example.org>,32,,,,,gopher://gopher.example.edu:70/
http://badexample.org/,http,badexample.org,1,1,0,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z,"Maildir/cur/1:2,S",1,<4@example.net>,8,,,,,http://badexample.org/
http://example.org/b,http,example.org,2,1,0,2001-11-02T08:00:00Z,2001-11-02T08:00:00Z,lists/ietf.mbox,2,<2@example.org>,31,,,,,http://example.org/b
http://www.example.org/a,http,www.example.org,4,3,0,2001-09-18T15:15:48Z,2001-11-02T08:00:00Z,lists/ietf.mbox,1,<1@example.org>,10,,,,,http://www.example.org/a
mailto:ann@example.net,mailto,example.net,1,1,0,2002-01-05T12:00:00Z,2002-01-05T12:00:00Z,"Maildir/cur/1:2,S",1,<4@example.net>,9,,,,,mailto:ann@example.net
news:comp.infosystems.www,news,,1,0,0,,,notes.txt,,,4,,,,,news:comp.infosystems.www
""",  # noqa: E501 - a CSV row is one line
    # Each finding in the order stored, with its message's Date and sender; the one in
    # plain text has neither, nor a message.
    "findings": """\
code,name,severity,url,date,sender,path,message_index,message_id,line,source,header,part,text
P501,password-in-url,error,ftp://fred:****@ftp.example.org/pub/,2001-09-18T15:15:48Z,Fred <fred@example.org>,lists/ietf.mbox,1,<1@example.org>,12,,,,password-in-url in ftp://fred:****@ftp.example.org/pub/
C202,unsafe-character,warning,http://example.org/b,2001-11-02T08:00:00Z,Ann <ann@example.net>,lists/ietf.mbox,2,<2@example.org>,31,,,,unsafe-character in http://example.org/b
X105,maybe-continued,info,gopher://gopher.example.edu:70/,2001-11-02T08:00:00Z,Ann <ann@example.net>,lists/ietf.mbox,2,<2@example.org>,32,,,,maybe-continued in gopher://gopher.example.edu:70/
C202,unsafe-character,warning,http://example.org/b,,,notes.txt,,,5,,,,unsafe-character in http://example.org/b
""",  # noqa: E501 - a CSV row is one line
    # The damaged message 3 has no Date the store could read: its date is empty.
    "problems": """\
kind,path,line,message_index,message_id,date,reason
malformed,lists/ietf.mbox,41,3,<3@example.org>,,a header line that is no field
charset,"Maildir/cur/1:2,S",3,1,<4@example.net>,2002-01-05T12:00:00Z,unknown charset 'x-foo'
""",  # noqa: E501 - a CSV row is one line
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_as_csv(capsys, archive, name):
    assert report(capsys, archive, "--table", name) == (0, TABLES[name], "")


def test_every_table_is_tested_and_named_in_the_parser():
    assert sorted(TABLES) == sorted(tables.TABLES) == sorted(command.TABLE_NAMES)


def test_census_as_json_and_jsonl(capsys, archive):
    status, out, _ = report(capsys, archive, "--table", "census", "--format", "json")
    assert status == 0
    rows = json.loads(out)
    assert [row["url"] for row in rows] == [
        "ftp://fred:****@ftp.example.org/pub/",
        "gopher://gopher.example.edu/",
        "http://badexample.org/",
        "http://example.org/b",
        "http://www.example.org/a",
        "mailto:ann@example.net",
        "news:comp.infosystems.www",
    ]
    assert rows[1]["spellings"] == "gopher://gopher.example.edu:70/"
    assert rows[4] == {
        "url": "http://www.example.org/a",
        "scheme": "http",
        "host": "www.example.org",
        "count": 4,
        "messages": 3,
        "in_headers": 0,
        "first_seen": "2001-09-18T15:15:48Z",
        "last_seen": "2001-11-02T08:00:00Z",
        "path": "lists/ietf.mbox",
        "message_index": 1,
        "message_id": "<1@example.org>",
        "line": 10,
        "context": None,
        "source": None,
        "header": None,
        "part": None,
        "spellings": "http://www.example.org/a",
    }
    assert rows[6]["host"] is None and rows[6]["message_index"] is None
    _, lines, _ = report(capsys, archive, "--table", "census", "--format", "jsonl")
    assert [json.loads(line) for line in lines.splitlines()] == rows


def test_empty_table_in_each_format(capsys, tmp_path):
    store = str(StoreBuilder(tmp_path / "empty.sqlite").close())
    assert (
        report(capsys, store, "--table", "census")[1]
        == ",".join(tables.TABLES["census"].columns) + "\n"
    )
    assert report(capsys, store, "--table", "census", "--format", "json")[1] == "[]\n"
    assert report(capsys, store, "--table", "months", "--format", "jsonl")[1] == ""


def test_limit_and_top(capsys, archive):
    _, out, _ = report(capsys, archive, "--table", "domains", "--limit", "2")
    assert out.splitlines()[1:] == TABLES["domains"].splitlines()[1:3]
    _, out, _ = report(capsys, archive, "--top", "1")
    assert "Top hosts\n  4  www.example.org\n\nTop schemes\n  7  http\n\n" in out
    # a count past SQLite's 64-bit integers asks for every row
    assert report(capsys, archive, "--table", "domains", "--limit", "9" * 20) == (
        0,
        TABLES["domains"],
        "",
    )


def test_output_file(capsys, archive, tmp_path):
    target = tmp_path / "census.csv"
    assert report(capsys, archive, "--table", "census", "-o", str(target)) == (0, "", "")
    assert target.read_text(encoding="utf-8") == TABLES["census"]


def test_standard_output_by_default(capsys, archive):
    """Without `out`, the report goes to standard output, in UTF-8 whatever the locale."""
    status = command.run_report(parser().parse_args(["report", archive, "--table", "folders"]))
    assert (status, capsys.readouterr().out) == (0, TABLES["folders"])


def test_non_ascii_text_is_kept(capsys, tmp_path):
    with StoreBuilder(tmp_path / "s.sqlite") as store:
        mbox = store.input("a.mbox", "mbox")
        message = store.message(
            mbox, "a.mbox", 1, "2003-03-03T03:03:03Z", sender="Zoë Ångström <zoe@example.se>"
        )
        store.url(mbox, "a.mbox", "http://bücher.example/ä", message)
    _, out, _ = report(capsys, str(store.path), "--table", "senders")
    assert out.splitlines()[1] == (
        "Zoë Ångström <zoe@example.se>,1,1,1,2003-03-03T03:03:03Z,2003-03-03T03:03:03Z"
    )
    _, out, _ = report(capsys, str(store.path), "--table", "census", "--format", "jsonl")
    assert json.loads(out)["url"] == "http://bücher.example/ä"


# --- Passwords ----------------------------------------------------------------------------


def test_masked_passwords_stay_masked(capsys, archive, tmp_path):
    """The store holds `ftp://fred:****@ftp.example.org/pub/` (rows.py masks before it
    writes); every output shows it so, and nothing in urlint report reads it otherwise."""
    masked = "ftp://fred:****@ftp.example.org/pub/"
    outputs = [report(capsys, archive, "--table", name)[1] for name in ("census", "domains")]
    outputs.append(report(capsys, archive, "--table", "census", "--format", "json")[1])
    page = tmp_path / "report.html"
    report(capsys, archive, "--html", str(page))
    outputs.append(page.read_text(encoding="utf-8"))
    assert masked in outputs[0] and masked in outputs[2] and masked in outputs[3]
    for output in outputs:
        assert "fred:" not in output.replace("fred:****@", "")


# --- The filters --------------------------------------------------------------------------


def census_urls(capsys, store: str, *filters: str) -> list[str]:
    _, out, _ = report(capsys, store, "--table", "census", *filters)
    return [line.split(",", 1)[0] for line in out.splitlines()[1:]]


@pytest.mark.parametrize(
    "filters, expected",
    [
        # Message 2 alone was written in October to December 2001.
        (
            ("--since", "2001-10", "--until", "2001-12"),
            ["gopher://gopher.example.edu/", "http://example.org/b", "http://www.example.org/a"],
        ),
        # --until takes the whole period it names: 2001-11-02 is in "2001-11".
        (
            ("--until", "2001-11"),
            [
                "ftp://fred:****@ftp.example.org/pub/",
                "gopher://gopher.example.edu/",
                "http://example.org/b",
                "http://www.example.org/a",
            ],
        ),
        (
            ("--until", "2001-09-18"),
            ["ftp://fred:****@ftp.example.org/pub/", "http://www.example.org/a"],
        ),
        (("--until", "2001-09-17"), []),
        # A time is a bound to the second, inclusive at both ends.
        (
            ("--since", "2001-11-02T08:00:00Z", "--until", "2001-11-02T08:00:00Z"),
            ["gopher://gopher.example.edu/", "http://example.org/b", "http://www.example.org/a"],
        ),
        (("--since", "2001-11-02T08:00:01Z"), ["http://badexample.org/", "mailto:ann@example.net"]),
        (("--since", "2002"), ["http://badexample.org/", "mailto:ann@example.net"]),
        (("--folder", "Maildir"), ["http://badexample.org/", "mailto:ann@example.net"]),
        (
            ("--folder", "Maildir", "--folder", "lists/ietf.mbox", "--scheme", "mailto,ftp"),
            ["ftp://fred:****@ftp.example.org/pub/", "mailto:ann@example.net"],
        ),
        # A domain takes its subdomains, not a name that ends alike (badexample.org).
        (
            ("--domain", "example.org"),
            [
                "ftp://fred:****@ftp.example.org/pub/",
                "http://example.org/b",
                "http://www.example.org/a",
            ],
        ),
        (
            ("--domain", "EXAMPLE.org."),
            [
                "ftp://fred:****@ftp.example.org/pub/",
                "http://example.org/b",
                "http://www.example.org/a",
            ],
        ),
        (("--domain", "www.example.org"), ["http://www.example.org/a"]),
        (
            ("--domain", "example.net,gopher.example.edu"),
            ["gopher://gopher.example.edu/", "mailto:ann@example.net"],
        ),
        (
            ("--domain", "org"),
            [
                "ftp://fred:****@ftp.example.org/pub/",
                "http://badexample.org/",
                "http://example.org/b",
                "http://www.example.org/a",
            ],
        ),
        (("--domain", "nowhere.example"), []),
        (
            ("--scheme", "GOPHER", "--scheme", "news:"),
            ["gopher://gopher.example.edu/", "news:comp.infosystems.www"],
        ),
        (
            ("--domain", "example.org", "--since", "2001-10"),
            ["http://example.org/b", "http://www.example.org/a"],
        ),
    ],
)
def test_filters_select_urls(capsys, archive, filters, expected):
    assert census_urls(capsys, archive, *filters) == expected


def test_filtered_census_counts_only_the_selected_sightings(capsys, archive):
    """Under --since 2001-10, www.example.org/a is seen once (message 2), not four times."""
    _, out, _ = report(capsys, archive, "--table", "census", "--since", "2001-10")
    assert out.splitlines()[-1] == (
        "mailto:ann@example.net,mailto,example.net,1,1,0,2002-01-05T12:00:00Z,"
        '2002-01-05T12:00:00Z,"Maildir/cur/1:2,S",1,<4@example.net>,9,,,,,'
        "mailto:ann@example.net"
    )
    assert out.splitlines()[4] == (
        "http://www.example.org/a,http,www.example.org,1,1,0,2001-11-02T08:00:00Z,"
        "2001-11-02T08:00:00Z,lists/ietf.mbox,2,<2@example.org>,30,,,,,"
        "http://www.example.org/a"
    )


def test_each_index_a_first_scan_builds_is_read_by_a_query(capsys, archive, monkeypatch, tmp_path):
    """Every late index (store.schema: built at a first scan's end, at a cost the scan
    pays) is in the plan of a query: the reports' (summary, tables, page, under each
    filter), or the writer's delete of the rows of an input read again (a re-scan's)."""
    from urlint.linter.config import build_settings
    from urlint.store import schema
    from urlint.store.report import access
    from urlint.store.scan import scan_into_store

    statements: list[str] = []  # as run, parameters in them (the trace's expanded SQL)

    def traced(opened):
        def opening(path: str, *check: bool) -> sqlite3.Connection:
            connection = opened(path, *check)
            connection.set_trace_callback(statements.append)
            return connection

        return opening

    monkeypatch.setattr(access, "_read_only", traced(access._read_only))
    outputs = [
        (),
        ("--html", str(tmp_path / "r.html")),
        *(("--table", name) for name in command.TABLE_NAMES),
    ]
    for filters in (
        (),
        ("--since", "2001-10", "--until", "2001-12"),
        ("--folder", "Maildir"),
        ("--domain", "example.org"),
        ("--scheme", "ftp"),
    ):
        for output in outputs:
            assert report(capsys, archive, *output, *filters)[0] == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("http://example.org/a\n")
    store = str(tmp_path / "rescanned.sqlite")
    scan_into_store(store, [str(notes)], build_settings({}))
    notes.write_text("http://example.org/b\n")  # changed: its rows are replaced
    monkeypatch.setattr(schema, "connect", traced(schema.connect))
    scan_into_store(store, [str(notes)], build_settings({}))
    connection = sqlite3.connect(archive)
    with_census_functions(connection)  # the census's, as census.census registers them
    read: set[str] = set()
    for statement in statements:
        query = re.sub(r"(?is)^\s*CREATE TEMP TABLE \S+ AS ", "", statement)
        if not re.match(r"(?is)\s*(SELECT|WITH|DELETE)\b", query) or "temp." in query:
            continue  # a statement on the report's own temporary tables
        for row in connection.execute("EXPLAIN QUERY PLAN " + query):
            read.update(re.findall(r"USING (?:COVERING )?INDEX (\w+)", row[3]))
    connection.close()
    assert set(schema.LATE_INDEXES) <= read, set(schema.LATE_INDEXES) - read


def test_filters_select_findings(capsys, archive):
    # Since October: C202 in message 2 (not the one in plain text) and X105.
    _, out, _ = report(capsys, archive, "--table", "rules", "--since", "2001-10")
    assert out == (
        "code,name,severity,findings,unique_urls,messages\n"
        "C202,unsafe-character,warning,1,1,1\n"
        "X105,maybe-continued,info,1,1,1\n"
    )
    _, out, _ = report(
        capsys, archive, "--table", "finding-domains", "--domain", "gopher.example.edu"
    )
    assert out.splitlines()[1:] == ["gopher.example.edu,1,0,0,1,1,1"]
    _, out, _ = report(capsys, archive, "--table", "rules", "--scheme", "ftp")
    assert out.splitlines()[1:] == ["P501,password-in-url,error,1,1,1"]


def test_months_under_a_date_filter_have_no_undated_row(capsys, archive):
    """And new_urls counts within the selection, as every count does: in 2001-11, the
    first month selected, all three URLs are new, www.example.org/a too."""
    _, out, _ = report(capsys, archive, "--table", "months", "--since", "2001-11")
    assert out.splitlines()[1:] == ["2001-11,3,3,1,3", "2001-12,0,0,0,0", "2002-01,2,2,1,2"]


def test_a_finding_whose_url_no_row_holds_takes_its_scheme_from_its_text(capsys, tmp_path):
    with StoreBuilder(tmp_path / "s.sqlite") as store:
        text = store.input("a.txt")
        store.finding(text, "a.txt", "S301", "ftp-type", "warning", "FTP://h.example/;type=q")
        store.finding(text, "a.txt", "X101", "empty", "info", None)
    _, out, _ = report(capsys, str(store.path), "--table", "rules", "--scheme", "ftp")
    assert out.splitlines()[1:] == ["S301,ftp-type,warning,1,1,0"]
    _, out, _ = report(capsys, str(store.path), "--table", "finding-domains")
    assert out.splitlines()[1:] == [",2,0,1,1,2,1"]


@pytest.mark.parametrize(
    "text, start, end",
    [
        ("2001", "2001-01-01T00:00:00Z", "2002-01-01T00:00:00Z"),
        ("2001-12", "2001-12-01T00:00:00Z", "2002-01-01T00:00:00Z"),
        ("2004-02-29", "2004-02-29T00:00:00Z", "2004-03-01T00:00:00Z"),
        ("2001-09-18T15:15:48Z", "2001-09-18T15:15:48Z", "2001-09-18T15:15:49Z"),
        ("2001-09-18 23:59:59", "2001-09-18T23:59:59Z", "2001-09-19T00:00:00Z"),
        ("0999", "0999-01-01T00:00:00Z", "1000-01-01T00:00:00Z"),
        ("9999", "9999-01-01T00:00:00Z", "~"),
    ],
)
def test_period(text, start, end):
    assert period(text)[1:] == (start, end)


@pytest.mark.parametrize(
    "text",
    [
        "2001-13",
        "2001-00",
        "2001-02-00",
        "2001-02-29",
        "01-09",
        "yesterday",
        "2001-9",
        "2001-09-18T24:00:00Z",
    ],
)
def test_a_date_that_is_none_is_a_usage_error(capsys, archive, text):
    with pytest.raises(SystemExit) as exit:
        parser().parse_args(["report", archive, "--since", text])
    assert exit.value.code == 2
    assert "--since" in capsys.readouterr().err


# --- Errors: one line, exit status 2, no traceback ---------------------------------------


def one_line_error(capsys, *argv: str) -> str:
    status, out, err = report(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("urlint: ") and "Traceback" not in err
    return err


def test_no_such_store(capsys, tmp_path):
    missing = tmp_path / "missing.sqlite"
    assert one_line_error(capsys, str(missing)) == f"urlint: {missing}: no such file\n"
    assert not missing.exists()  # a report makes no store


def test_a_directory(capsys, tmp_path):
    assert one_line_error(capsys, str(tmp_path)) == f"urlint: {tmp_path}: not a file\n"


def test_a_file_that_is_not_sqlite(capsys, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database, but long enough to hold a header " * 4)
    assert one_line_error(capsys, str(text)) == (
        f"urlint: {text}: not a urlint store: file is not a database\n"
    )


def test_an_empty_file_is_no_store_and_is_left_empty(capsys, tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    assert one_line_error(capsys, str(empty)) == (
        f"urlint: {empty}: not a urlint store: it holds no tables\n"
    )
    assert empty.stat().st_size == 0


def test_a_database_of_other_tables(capsys, tmp_path):
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE songs (title TEXT)")
    connection.close()
    assert one_line_error(capsys, str(other)) == (
        f"urlint: {other}: not a urlint store: the file holds tables, but no urlint store's\n"
    )


@pytest.mark.parametrize(
    ("version", "reason"),
    [
        (
            "99",
            "the store is of schema version 99; this urlint reads version 4 at most: "
            "upgrade urlint",
        ),
        ("abc", "not a urlint store: its schema version is not a number"),
    ],
)
def test_a_store_of_a_schema_version_it_cannot_read(capsys, archive, version, reason):
    with sqlite3.connect(archive) as connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
    connection.close()
    assert one_line_error(capsys, archive) == f"urlint: {archive}: {reason}\n"


def test_a_damaged_store(capsys, archive):
    """A store whose pages are damaged past its header: the error of the query that met
    the damage, on one line."""
    size = Path(archive).stat().st_size
    with open(archive, "r+b") as store:
        store.seek(4096)  # every page but the first, which names the tables
        store.write(b"\xff" * (size - 4096))
    err = one_line_error(capsys, archive, "--table", "census")
    assert err.startswith(f"urlint: {archive}: ")


def without_override_rights() -> list[str]:
    """The command prefix that runs a command as this user without the right to write what
    its modes forbid: none for a user who has no such right; for root, setpriv's (the
    test is skipped where it is missing)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root writes a read-only directory, and setpriv is missing to keep it out")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"]


@pytest.mark.processes
def test_a_store_in_a_directory_it_may_not_write_in(tmp_path):
    """Read-only, SQLite reads a store in WAL mode through a -shm file it makes beside the
    store: the report reads a whole store (no -wal beside it) where none can be made."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    store = build_archive(folder / "urls.sqlite")
    assert sorted(path.name for path in folder.iterdir()) == ["urls.sqlite"]
    folder.chmod(0o555)
    try:
        done = subprocess.run(
            [
                *without_override_rights(),
                sys.executable,
                "-m",
                "urlint",
                "report",
                str(store),
                "--table",
                "folders",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        folder.chmod(0o755)
    assert (done.returncode, done.stdout, done.stderr) == (0, TABLES["folders"], "")
    assert sorted(path.name for path in folder.iterdir()) == ["urls.sqlite"]


def test_format_without_table(capsys, archive):
    assert one_line_error(capsys, archive, "--format", "json") == (
        "urlint: --format goes with --table\n"
    )


def test_output_and_html(capsys, archive, tmp_path):
    assert (
        one_line_error(
            capsys, archive, "--html", str(tmp_path / "r.html"), "-o", str(tmp_path / "r.txt")
        )
        == "urlint: -o goes with the summary or --table: --html names its own file\n"
    )


def test_the_cli_runs_report_once_wired(capsys, archive):
    """cli.py adds `report` with add_report_parser and runs it with run_report."""
    from urlint.commands import cli

    if "report" not in cli.COMMANDS:
        pytest.skip("cli.py does not wire `urlint report` yet")
    assert cli.main(["report", archive, "--table", "folders"]) == 0
    assert capsys.readouterr().out == TABLES["folders"]
    assert cli.main(["report", str(archive) + ".missing"]) == 2


def test_the_store_is_never_written_over(capsys, archive):
    before = open(archive, "rb").read()
    assert one_line_error(capsys, archive, "--html", archive) == (
        f"urlint: {archive}: that is the store; it is not written over\n"
    )
    assert one_line_error(capsys, archive, "-o", archive) == (
        f"urlint: {archive}: that is the store; it is not written over\n"
    )
    assert open(archive, "rb").read() == before


def test_an_output_that_cannot_be_written(capsys, archive, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "r.csv"
    err = one_line_error(capsys, archive, "--table", "census", "-o", str(target))
    assert err.startswith(f"urlint: {target}: cannot write: ")


def test_html_and_table_go_alone(capsys, archive):
    with pytest.raises(SystemExit) as exit:
        parser().parse_args(["report", archive, "--table", "census", "--html", "r.html"])
    assert exit.value.code == 2


def test_a_report_leaves_the_store_as_it_was(capsys, archive, tmp_path):
    """Read-only: every table, the page and the filters change no byte of the store."""
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    for name in TABLES:
        report(capsys, archive, "--table", name, "--domain", "example.org", "--since", "2001")
    report(capsys, archive, "--html", str(tmp_path / "r.html"))
    assert hashlib.sha256(open(archive, "rb").read()).hexdigest() == digest


def test_report_reads_a_store_a_scan_is_writing(capsys, archive):
    """WAL: a report reads the last committed state while a writer holds a transaction."""
    from urlint.store import schema

    writer = schema.connect(archive)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM urls")
    try:
        assert report(capsys, archive, "--table", "folders") == (0, TABLES["folders"], "")
    finally:
        writer.execute("ROLLBACK")
        writer.close()


# --- Speed: the plans, not the clock ------------------------------------------------------


def plans(monkeypatch, connection: sqlite3.Connection, run) -> list[str]:
    """The query plans of the statements `run()` makes through a Selection."""
    seen: list[tuple[str, dict]] = []
    original = Selection.rows

    def recorded(self, cte, query):
        seen.append((f"WITH {cte} {query}", dict(self.parameters)))
        return original(self, cte, query)

    monkeypatch.setattr(Selection, "rows", recorded)
    run()
    return [
        "\n".join(row[3] for row in connection.execute(f"EXPLAIN QUERY PLAN {sql}", params))
        for sql, params in seen
    ]


def test_the_summary_reads_indexes_where_one_answers(monkeypatch, archive):
    """Unfiltered, the summary's counts read the urls indexes alone (the schemes
    urls_scheme, the messages' dates through urls_message): the table itself is never
    read whole."""
    from urlint.store.report.summary import write_summary

    connection = open_store(archive)
    selection = Selection(connection, Filters())
    found = plans(monkeypatch, connection, lambda: write_summary("s", selection, io.StringIO()))
    whole = [plan for plan in found if re.search(r"SCAN u(rls)?\b(?! USING)", plan)]
    assert whole == []
    joined = "\n".join(found)
    for index in ("urls_url", "urls_host", "urls_message", "urls_scheme"):
        assert f"COVERING INDEX {index}" in joined


def test_a_domain_filter_reads_through_the_host_index(archive):
    """--domain: the selected URLs are read into a table through urls_host, one probe per
    matching host, not by reading every URL."""
    connection = open_store(archive)
    statements: list[str] = []
    connection.set_trace_callback(statements.append)
    assert "temp.report_urls" in Selection(connection, Filters(domains=("example.org",))).urls
    connection.set_trace_callback(None)
    (create,) = [sql for sql in statements if sql.startswith("CREATE TEMP TABLE report_urls")]
    plan = connection.execute(f"EXPLAIN QUERY PLAN {create.split(' AS ', 1)[1]}").fetchall()
    assert "SEARCH u USING INDEX urls_host (host=?)" in [row[3] for row in plan]


# --- The page, as text (tests/test_report_html.py renders it) ----------------------------


def hostile_store(path) -> str:
    """A store whose strings try to break out of the HTML and the script that carries
    the charts' data."""
    with StoreBuilder(path) as store:
        mbox = store.input("a.mbox", "mbox")
        message = store.message(
            mbox,
            "a.mbox",
            1,
            "2003-03-03T03:03:03Z",
            sender="<img src=x onerror=alert(1)>",
            folder="<b>f</b>",
        )
        store.url(
            mbox,
            "a.mbox",
            'http://h.example/</script><script>document.title="pwned"</script>',
            message,
            host="</script><script>alert(2)</script>",
        )
        store.url(
            mbox,
            "a.mbox",
            "http://h.example/<!--<script>",
            message,
            host='h"><svg onload=alert(3)>',
            # a header field's name may hold "<", ">", '"' and "&" (RFC 5322 section 3.6.8)
            source="header",
            header="X-<svg onload=alert(4)>",
            part='"&',
        )
        store.finding(
            mbox,
            "a.mbox",
            "C201",
            "</script><b>x",
            "warning",
            "http://h.example/<!--<script>",
            message,
        )
    return str(path)


def test_page_escapes_every_string_from_the_store(capsys, tmp_path):
    store = hostile_store(tmp_path / "s.sqlite")
    page = tmp_path / "r.html"
    assert report(capsys, store, "--html", str(page)) == (0, "", "")
    text = page.read_text(encoding="utf-8")
    # Three scripts close where they should (the data, Chart.js, the page's), no earlier.
    assert text.lower().count("</script") == 3
    assert text.lower().count("<script") == 3
    assert "<!--" not in text
    assert "<img" not in text and "<svg" not in text and "<b>" not in text
    assert "&lt;/script&gt;&lt;script&gt;document.title=&quot;pwned&quot;" in text
    # where a URL was, in a census row's details
    assert "X-&lt;svg onload=alert(4)&gt; header" in text
    data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text)
    assert data is not None
    parsed = json.loads(data.group(1))
    assert parsed["hosts"]["labels"] == [
        "</script><script>alert(2)</script>",
        'h"><svg onload=alert(3)>',
    ]
    assert parsed["rules"]["datasets"][0]["label"] == "C201 </script><b>x"


def test_script_json_escapes_what_could_end_a_script():
    text = script_json({"a": "</script><!--&\u2028"})
    assert text == '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}'
    assert json.loads(text) == {"a": "</script><!--&\u2028"}


def test_page_needs_nothing_from_the_network(capsys, archive, tmp_path):
    """One file: no src, no href, no url(); the policy lets nothing be fetched, and lets
    run only the page's own scripts and style, by their hashes."""
    page = tmp_path / "r.html"
    report(capsys, archive, "--html", str(page))
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"\b(src|href)\s*=", text)
    assert "url(" not in text and "@import" not in text
    assert "sourceMappingURL" not in text
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text)
    assert found is not None
    policy = html.unescape(found.group(1))
    scripts = re.findall(r"<script>(.*?)</script>", text, re.DOTALL)
    (style,) = re.findall(r"<style>(.*?)</style>", text, re.DOTALL)
    hashes = re.findall(r"'sha256-([^']+)'", policy)
    import base64

    def digest(body: str) -> str:
        return base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()

    assert policy.startswith("default-src 'none'; script-src ")
    assert hashes == [digest(script) for script in scripts] + [digest(style)]


def test_page_limits_its_tables_and_says_so(capsys, archive, tmp_path):
    page = tmp_path / "r.html"
    report(capsys, archive, "--html", str(page), "--limit", "2")
    text = page.read_text(encoding="utf-8")
    census_table = text.split('id="table-census"', 1)[1].split("</table>", 1)[0]
    assert census_table.count("<tr>") == 3  # the header and two rows: the most found
    assert '<td class="url">http://www.example.org/a</td>' in census_table
    assert (
        "The first 2 of 7 URLs, the most found first: `urlint report --table census` "
        "lists them all." in text
    )


def test_vendored_chart_js_is_the_one_its_readme_names():
    vendor = REPO / "src" / "urlint" / "store" / "report" / "vendor"
    readme = (vendor / "README.md").read_text()
    digest = hashlib.sha256((vendor / "chart.umd.min.js").read_bytes()).hexdigest()
    assert f"`{digest}`" in readme
    header = (vendor / "chart.umd.min.js").read_text()[:100]
    assert f"Chart.js v{CHART_JS_VERSION}\n" in header
    assert f"Chart.js {CHART_JS_VERSION}," in readme
    inlined = chart_js()
    assert inlined.startswith("/*\nThe MIT License (MIT)\n\nCopyright (c) 2014-2024 Chart.js")


@pytest.mark.processes
def test_the_check_path_imports_no_report():
    """A pre-commit hook (`urlint check`) pays nothing for the report."""
    probe = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-c",
            "import sys; from urlint.commands.cli import main; "
            "sys.exit(main(['check', 'README.md']))",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    imported = [
        line.rsplit("|", 1)[-1].strip()
        for line in probe.stderr.splitlines()
        if line.startswith("import time:")
    ]
    assert "urlint.commands.cli" in imported
    assert not [
        name
        for name in imported
        if name.startswith("urlint.store") or name == "urlint.commands.report"
    ]


def test_chart_data(archive):
    """What page.js draws: the months with gaps filled, the undated counted apart; past
    --top, the rules summed as one dataset."""
    from urlint.store.report.page import chart_data

    data = chart_data(Selection(open_store(archive), Filters()), top=1)
    assert data["months"] == {
        "labels": ["2001-09", "2001-10", "2001-11", "2001-12", "2002-01"],
        "urls": [2, 0, 3, 0, 2],
        "undated": 4,
    }
    assert data["hosts"] == {"labels": ["www.example.org"], "urls": [4]}
    assert data["schemes"] == {"labels": ["http"], "urls": [7]}
    # Each rule has one dated finding: C202 is shown (ties go by code), P501 and X105 are
    # the other rules. C202's finding in plain text has no month.
    assert data["rules"] == {
        "labels": ["2001-09", "2001-10", "2001-11"],
        "datasets": [
            {"label": "C202 unsafe-character", "data": [0, 0, 1], "colour": "#0072B2"},
            {"label": "other rules", "data": [1, 0, 1], "colour": "#E69F00"},
        ],
        "undated": 1,
    }


# --- Dates a message cannot have ----------------------------------------------------------


@pytest.fixture
def odd_dates(tmp_path):
    """A list's mbox, scanned 2026-11-23, with a message dated in the year 102 (a
    two-digit year read as such) and one dated 2030, after its scan."""
    path = tmp_path / "odd.sqlite"
    with StoreBuilder(path) as store:
        mbox = store.input("list.mbox", "mbox", messages=4)
        dated = [
            ("0102-05-19T04:56:53Z", "Sat, 18 May 0102 19:56:53 -0900", "http://a.example/"),
            ("2001-03-01T00:00:00Z", "Thu, 1 Mar 2001 00:00:00 +0000", "http://a.example/"),
            ("2001-05-10T00:00:00Z", "Thu, 10 May 2001 00:00:00 +0000", "http://b.example/"),
            ("2030-01-01T00:00:00Z", "Tue, 1 Jan 2030 00:00:00 +0000", "http://b.example/"),
        ]
        for index, (date, raw, url) in enumerate(dated, 1):
            message = store.message(
                mbox,
                "list.mbox",
                index,
                date,
                date_raw=raw,
                line=10 * index,
                message_id=f"<{index}@example.org>",
            )
            store.url(mbox, "list.mbox", url, message, 10 * index + 5)
        store.finding(
            mbox, "list.mbox", "C202", "unsafe-character", "warning", "http://a.example/", 1, 15
        )
        store.finding(
            mbox, "list.mbox", "C202", "unsafe-character", "warning", "http://a.example/", 2, 25
        )
    return str(path)


def test_dates_a_message_cannot_have_are_off_the_summarys_dates(capsys, odd_dates):
    status, out, _ = report(capsys, odd_dates)
    assert status == 0
    lines = out.splitlines()
    start = lines.index("Dates:       2001-03-01 to 2001-05-10")
    assert lines[start : start + 8] == [
        "Dates:       2001-03-01 to 2001-05-10",
        "Odd dates:   2 messages dated before 1971 or after their scan, left off the time "
        "axis (--all-dates puts them on it)",
        "Undated:     2 URLs: 2 in messages of an odd date",
        "",
        "Odd dates",
        "  0102-05-19T04:56:53Z  list.mbox (message 1): Sat, 18 May 0102 19:56:53 -0900",
        "  2030-01-01T00:00:00Z  list.mbox (message 4): Tue, 1 Jan 2030 00:00:00 +0000",
        "",
    ]
    _, out, _ = report(capsys, odd_dates, "--all-dates")
    lines = out.splitlines()
    start = lines.index("Dates:       0102-05-19 to 2030-01-01")
    assert lines[start : start + 6] == [
        "Dates:       0102-05-19 to 2030-01-01",
        "Odd dates:   2 messages dated before 1971 or after their scan, on the time axis "
        "(--all-dates)",
        "",
        "Odd dates",
        "  0102-05-19T04:56:53Z  list.mbox (message 1): Sat, 18 May 0102 19:56:53 -0900",
        "  2030-01-01T00:00:00Z  list.mbox (message 4): Tue, 1 Jan 2030 00:00:00 +0000",
    ]
    _, out, _ = report(capsys, odd_dates, "--top", "1")  # the list: the first --top
    assert "Odd dates (the first 1)\n  0102-05-19T04:56:53Z  list.mbox (message 1): " in out


def test_dates_a_message_cannot_have_are_off_the_months_table(capsys, odd_dates):
    # March to May 2001, then the URLs of the odd dates in the row of no month: each of
    # a.example and b.example was seen with a date on the axis, so none is new there.
    assert report(capsys, odd_dates, "--table", "months") == (
        0,
        """\
month,urls,unique_urls,messages,new_urls
2001-03,1,1,1,1
2001-04,0,0,0,0
2001-05,1,1,1,1
,2,2,2,0
""",
        "",
    )
    _, out, _ = report(capsys, odd_dates, "--table", "months", "--all-dates")
    rows = out.splitlines()
    assert rows[1] == "0102-05,1,1,1,1"
    assert rows[-1] == "2030-01,1,1,1,0"
    assert len(rows) == 1 + (2030 - 102) * 12 + (1 - 5) + 1  # every month between, no undated


def test_dates_a_message_cannot_have_are_kept_and_listed(capsys, odd_dates):
    """Off the time axis, but in the store as read: the findings table lists their Date."""
    _, out, _ = report(capsys, odd_dates, "--table", "findings")
    assert [row.split(",")[4] for row in out.splitlines()[1:]] == [
        "0102-05-19T04:56:53Z",
        "2001-03-01T00:00:00Z",
    ]
    _, out, _ = report(capsys, odd_dates, "--table", "census")
    assert [row.split(",")[:8] for row in out.splitlines()[1:]] == [
        [
            "http://a.example/",
            "http",
            "a.example",
            "2",
            "2",
            "0",
            "2001-03-01T00:00:00Z",
            "2001-03-01T00:00:00Z",
        ],
        [
            "http://b.example/",
            "http",
            "b.example",
            "2",
            "2",
            "0",
            "2001-05-10T00:00:00Z",
            "2001-05-10T00:00:00Z",
        ],
    ]
    _, out, _ = report(capsys, odd_dates, "--table", "census", "--all-dates")
    assert [row.split(",")[6:8] for row in out.splitlines()[1:]] == [
        ["0102-05-19T04:56:53Z", "2001-03-01T00:00:00Z"],
        ["2001-05-10T00:00:00Z", "2030-01-01T00:00:00Z"],
    ]


def test_the_bounds_of_a_date_a_message_can_have(tmp_path):
    """1971-01-01T00:00:00Z and the input's scan time are dates a message can have; a
    second before the one or after the other is not."""
    from urlint.store.report.queries import odd_dates

    path = tmp_path / "bounds.sqlite"
    with StoreBuilder(path) as store:
        mbox = store.input("list.mbox", "mbox", scanned_at="2026-11-23T10:00:00Z")
        dates = (
            "1970-12-31T23:59:59Z",
            "1971-01-01T00:00:00Z",
            "2026-11-23T10:00:00Z",
            "2026-11-23T10:00:01Z",
            None,
        )
        for index, date in enumerate(dates, 1):
            store.message(mbox, "list.mbox", index, date)
    connection = open_store(str(path))
    try:
        count, listed = odd_dates(Selection(connection, Filters()))
    finally:
        connection.close()
    assert count == 2
    assert [(date, index) for date, _, _, index in listed] == [
        ("1970-12-31T23:59:59Z", 1),
        ("2026-11-23T10:00:01Z", 4),
    ]


def test_the_page_says_how_many_dates_are_off_its_charts(capsys, odd_dates, tmp_path):
    page = tmp_path / "r.html"
    assert report(capsys, odd_dates, "--html", str(page)) == (0, "", "")
    text = page.read_text(encoding="utf-8")
    assert (
        "<figcaption>2 messages dated before 1971 or after their scan, left off the time "
        "axis (--all-dates puts them on it): 2 URLs not charted here.</figcaption>"
    ) in text
    assert (
        "<dt>Odd dates</dt><dd>2 messages dated before 1971 or after their scan, left off "
        "the time axis (--all-dates puts them on it)</dd>"
    ) in text
    assert (
        '<details class="about" id="odd-dates"><summary>Odd dates</summary><ul>\n'
        "<li>0102-05-19T04:56:53Z list.mbox (message 1): Sat, 18 May 0102 19:56:53 -0900</li>\n"
        "<li>2030-01-01T00:00:00Z list.mbox (message 4): Tue, 1 Jan 2030 00:00:00 +0000</li>\n"
        "</ul></details>"
    ) in text


def test_an_odd_dates_text_is_written_safely(capsys, tmp_path):
    """The Date as written, listed for an odd date, is text from the message: escaped on
    the terminal and on the page like every such text."""
    path = tmp_path / "hostile.sqlite"
    with StoreBuilder(path) as store:
        mbox = store.input("list.mbox", "mbox")
        store.message(
            mbox,
            "list.mbox",
            1,
            "0001-01-01T00:00:00Z",
            date_raw="\x1b[2J<script>alert(1)</script>",
        )
    _, out, _ = report(capsys, str(path))
    assert (
        "  0001-01-01T00:00:00Z  list.mbox (message 1): \\x1b[2J<script>alert(1)</script>\n"
    ) in out
    page = tmp_path / "r.html"
    assert report(capsys, str(path), "--html", str(page)) == (0, "", "")
    assert (
        "<li>0001-01-01T00:00:00Z list.mbox (message 1): "
        "\\x1b[2J&lt;script&gt;alert(1)&lt;/script&gt;</li>"
    ) in page.read_text()
