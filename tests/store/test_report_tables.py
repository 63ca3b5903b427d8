"""`urlint report --table NAME` as CSV: text a terminal, a CI runner and a spreadsheet take
as text (the cell rules of store/report/tables.py), and the exact values in JSON.

The stores of the last tests are made by `urlint scan` itself, from a tar whose member
names and a message whose From, List-Id and hosts an author chose to attack the report."""

from __future__ import annotations

import io
import json
import tarfile

import pytest

from urlint.store.report.tables import FORMULA_LEADS, csv_cell

from ..helpers import run


def csv_line(*cells: object) -> str:
    """One CSV row of `cells` as `report --table` writes it (csv_cell, then RFC 4180)."""
    import csv

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()


# --- One cell -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        # OWASP's leads (https://owasp.org/www-community/attacks/CSV_Injection): a quote first
        ("=1+2", "'=1+2"),
        ("+1+2", "'+1+2"),
        ("-1+2.example", "'-1+2.example"),
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1+2", "'\t'=1+2"),  # the tab kept (as every text output keeps it), and split at
        ("\r=1+2", "\\x0d=1+2"),  # CR and LF are escapes first: the cell starts with "\"
        ("\n=1+2", "\\x0a=1+2"),
        ("-", "'-"),
        # a lead further on is a formula only where a reader starts a cell: after ";" or tab
        ("a;=1+2", "a;'=1+2"),
        ("a;-b;+c;@d", "a;'-b;'+c;'@d"),
        ('a;"=1+2', "a;'\"=1+2"),  # a double quote there opens a quoted cell: its lead next
        ("a\t\t=1", "a\t'\t'=1"),
        ("a; =1", "a; =1"),  # OWASP names no blank before a lead
        ("a,=1+2", "a,=1+2"),  # a comma is inside the cell's quotes (csv_line below)
        ("1-2=3@x", "1-2=3@x"),
        ("'=1+2", "'=1+2"),  # a leading quote already: text
        # controls, separators and workflow commands as the text outputs write them
        ("a\n::error file=README.md,line=1::x", "a\\x0a::error file=README.md,line=1::x"),
        ("::error::x", "\\x3a:error::x"),
        ("b\x1b]0;PWNED\x07.eml", "b\\x1b]0;PWNED\\x07.eml"),
        ("\x00\x7f\x85\x9b\u2028\u2029\u202e", "\\x00\\x7f\\x85\\x9b\\u2028\\u2029\\u202e"),
        ("Zoë Ångström <zoe@example.se>", "Zoë Ångström <zoe@example.se>"),
        ("http://example.com/a-b", "http://example.com/a-b"),
        ("", ""),
    ],
)
def test_a_text_cell(text, cell):
    assert csv_cell(text) == cell


def test_the_leads_are_owasps():
    assert FORMULA_LEADS == ("=", "+", "-", "@", "\t", "\r", "\n")


@pytest.mark.parametrize("value", [0, 3, -3, 2**63 - 1, 1.5, -0.5, None])
def test_numbers_and_no_value_are_written_as_they_are(value):
    """The store's numbers are counts and lines; a spreadsheet reads even -3 as a number."""
    assert csv_cell(value) is value


def test_a_value_of_another_type_is_written_as_text():
    """A BLOB (a store written by hand) as its repr, which holds no control character."""
    assert csv_cell(b"=\x1b") == "b'=\\x1b'"
    assert csv_cell(b"-") == "b'-'"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # OWASP's two examples: the second as OWASP escapes it; the first with a quote
        # after its ";" too, where a reader that splits at ";" starts a cell
        ('=1+2";=1+2', '"\'=1+2"";\'=1+2",3\n'),
        ("=1+2'\" ;,=1+2", '"\'=1+2\'"" ;,=1+2",3\n'),
        (
            '=HYPERLINK("http://evil.example/","x")',
            '"\'=HYPERLINK(""http://evil.example/"",""x"")",3\n',
        ),
        ("=cmd|' /C calc'!A0 <l.example.com>", "'=cmd|' /C calc'!A0 <l.example.com>,3\n"),
        ("a\r\nb", "a\\x0d\\x0ab,3\n"),  # one line: no field quoted over two
    ],
)
def test_a_row(text, line):
    assert csv_line(text, 3) == line


# --- Stores a scan made ---------------------------------------------------------------------


def scan(capsys, store: str, *inputs: str) -> None:
    assert run(capsys, "scan", "-q", "--isolated", "--store", store, *inputs) == (0, "", "")


def table(capsys, store: str, name: str, *options: str) -> str:
    status, out, err = run(capsys, "report", store, "--table", name, *options)
    assert (status, err) == (0, "")
    return out


MEMBERS = (
    "a\n::error file=README.md,line=1::injected by a tar member\n.eml",
    "b\x1b]0;PWNED\x07.eml",
)


@pytest.fixture
def hostile_tar(tmp_path, monkeypatch, capsys) -> str:
    """A store of a tar whose member names hold a workflow command and terminal escapes."""
    monkeypatch.chdir(tmp_path)
    with tarfile.open("names.tar", "w", format=tarfile.PAX_FORMAT) as archive:
        for number, name in enumerate(MEMBERS):
            data = b"From: a@example.com\nSubject: s\n\nsee http://example.com/~x%d\n" % number
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    scan(capsys, "names.sqlite", "names.tar")
    return "names.sqlite"


def test_member_names_in_the_census_csv_are_escaped(capsys, hostile_tar):
    assert table(capsys, hostile_tar, "census") == (
        "url,scheme,host,count,messages,in_headers,first_seen,last_seen,path,message_index,"
        "message_id,line,context,source,header,part,spellings\n"
        'http://example.com/~x0,http,example.com,1,1,0,,,"names.tar!a\\x0a::error file=README.md,'
        'line=1::injected by a tar member\\x0a.eml",1,,4,,text,,1,http://example.com/~x0\n'
        "http://example.com/~x1,http,example.com,1,1,0,,,names.tar!b\\x1b]0;PWNED\\x07.eml,1,,4,,"
        "text,,1,http://example.com/~x1\n"
    )


def test_member_names_are_exact_in_json_and_jsonl(capsys, hostile_tar):
    paths = [f"names.tar!{name}" for name in MEMBERS]
    rows = json.loads(table(capsys, hostile_tar, "census", "--format", "json"))
    assert [row["path"] for row in rows] == paths
    lines = table(capsys, hostile_tar, "census", "--format", "jsonl")
    assert [json.loads(line)["path"] for line in lines.split("\n")[:-1]] == paths
    assert "\x1b" not in lines and "\n::" not in lines


@pytest.fixture
def formula_mail(tmp_path, monkeypatch, capsys) -> str:
    """A store of a message whose From, List-Id and hosts are spreadsheet formulas."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "formulas.eml").write_text(
        'From: =HYPERLINK("http://evil.example/","x")\n'
        "List-Id: =cmd|' /C calc'!A0 <l.example.com>\n"
        "Subject: s\n\nsee <URL:http://-1+2.example/> and <URL:http://@x.example/>\n"
    )
    scan(capsys, "formulas.sqlite", "formulas.eml")
    return "formulas.sqlite"


FORMULA_TABLES = {
    "senders": "sender,urls,unique_urls,messages,first_seen,last_seen\n"
    '"\'=HYPERLINK(""http://evil.example/"",""x"")",2,2,1,,\n',
    "lists": "list_id,urls,unique_urls,messages,first_seen,last_seen\n"
    "'=cmd|' /C calc'!A0 <l.example.com>,2,2,1,,\n",
    "domains": "host,urls,unique_urls,messages,first_seen,last_seen\n"
    "'-1+2.example,1,1,1,,\n"
    "x.example,1,1,1,,\n",
    "census": "url,scheme,host,count,messages,in_headers,first_seen,last_seen,path,"
    "message_index,message_id,line,context,source,header,part,spellings\n"
    "http://-1+2.example/,http,'-1+2.example,1,1,0,,,formulas.eml,1,,5,,text,,1,"
    "http://-1+2.example/\n"
    "http://@x.example/,http,x.example,1,1,0,,,formulas.eml,1,,5,,text,,1,"
    "http://@x.example/\n",
}


@pytest.mark.parametrize("name", sorted(FORMULA_TABLES))
def test_formulas_from_a_message_are_text_in_the_csv(capsys, formula_mail, name):
    assert table(capsys, formula_mail, name) == FORMULA_TABLES[name]


def test_formulas_from_a_message_are_exact_in_json(capsys, formula_mail):
    rows = json.loads(table(capsys, formula_mail, "senders", "--format", "json"))
    assert [row["sender"] for row in rows] == ['=HYPERLINK("http://evil.example/","x")']
    rows = json.loads(table(capsys, formula_mail, "domains", "--format", "json"))
    assert [row["host"] for row in rows] == ["-1+2.example", "x.example"]


def test_a_context_written_into_a_store_by_hand_is_text_in_the_csv(capsys, tmp_path):
    """urlint stores a few names of its own as a URL's context; a store written by another
    hand may hold any text there, which the census's CSV writes as it writes any cell."""
    from ..store_helpers import StoreBuilder

    with StoreBuilder(tmp_path / "hand.sqlite") as store:
        first = store.input("a.py")
        store.url(first, "a.py", "http://a.example/", context="=cmd|' /C calc'!A0")
        store.url(first, "a.py", "http://b.example/", line=2, context="x\n::error::y")
    out = table(capsys, str(tmp_path / "hand.sqlite"), "census")
    assert out.splitlines()[1:] == [
        "http://a.example/,http,a.example,1,0,0,,,a.py,,,1,'=cmd|' /C calc'!A0,,,,"
        "http://a.example/",
        "http://b.example/,http,b.example,1,0,0,,,a.py,,,2,x\\x0a::error::y,,,,http://b.example/",
    ]
    rows = json.loads(table(capsys, str(tmp_path / "hand.sqlite"), "census", "--format", "json"))
    assert [row["context"] for row in rows] == ["=cmd|' /C calc'!A0", "x\n::error::y"]


def test_the_findings_and_problems_tables_are_safe_in_the_csv(capsys, tmp_path):
    """A finding's text and a problem's reason quote what they met: a formula lead or a
    workflow command in it is written as every CSV cell writes one."""
    from ..store_helpers import StoreBuilder

    with StoreBuilder(tmp_path / "hand.sqlite") as store:
        first = store.input("a.eml", "mail")
        message = store.message(first, "a.eml", 1, None, sender='=HYPERLINK("x")')
        store.finding(
            first,
            "a.eml",
            "C202",
            "unsafe-character",
            "warning",
            "http://a.example/",
            message,
            3,
            text="@SUM(1+1)",
        )
        store.problem(first, "a.eml", "charset", "-2+3\n::error::x", message, 2)
    assert table(capsys, str(tmp_path / "hand.sqlite"), "findings").splitlines()[1:] == [
        'C202,unsafe-character,warning,http://a.example/,,"\'=HYPERLINK(""x"")",a.eml,1,,3,,,,'
        "'@SUM(1+1)",
    ]
    assert table(capsys, str(tmp_path / "hand.sqlite"), "problems").splitlines()[1:] == [
        "charset,a.eml,2,1,,,'-2+3\\x0a::error::x",
    ]
