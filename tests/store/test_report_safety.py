"""Every `urlint report` output is safe to show and to open, whatever text the store holds.

Text an input's author chose (file and member names, From, List-Id, Message-ID, folders,
hosts, URLs; and, in a store written by hand, any column) reaches the summary, every table
in CSV, JSON and JSON Lines, and the HTML page. None of them may hold a line a GitHub
runner takes as a workflow command ("::"), a raw control character or line separator a
terminal or a line reader acts on, or a CSV cell a spreadsheet evaluates; and JSON keeps
the values exact, for the scripts that need them so.

The store is made once (its schema costs tens of milliseconds) and each example's rows
written into it as the store writes them: every text through store.storable.stored_text.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.store.report.census import normal_url
from urlint.store.report.filters import Filters
from urlint.store.report.page import write_page
from urlint.store.report.queries import Selection, open_store
from urlint.store.report.summary import write_summary
from urlint.store.report.tables import FORMATS, FORMULA_LEADS, TABLES, write_table
from urlint.store.storable import stored_text

from ..helpers import examples
from ..store_helpers import StoreBuilder

# Pieces an attacker would put together, and any characters at all between them.
PIECES = (
    "=",
    "+",
    "-",
    "@",
    "\t",
    "\r",
    "\n",
    "\r\n",
    ";",
    ",",
    '"',
    "'",
    " ",
    ":",
    "::",
    "::error file=README.md,line=1::x",
    "\x1b]0;PWNED\x07",
    "\x1b[2J",
    "\x00",
    "\x7f",
    "\x85",
    "\x9b",
    "\u2028",
    "\u2029",
    "\u202e",
    ";=",
    "\t+",
    ';"-',
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example/","x")',
    "ftp://fred:secret@h.example/",
    "é",
)
hostile = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=5).map("".join)
maybe_hostile = st.none() | hostile
# A Date as the store holds one (ISO 8601 UTC), or none, or any text (a store by hand) but
# NUL: SQLite's string functions end a text at a NUL, so the census's key of a sighting
# (census._FIRST_KEY) loses its id, and the URL its row (a scan stores no such Date).
dates = (
    st.none()
    | st.sampled_from(("2001-09-18T15:15:48Z", "2002-01-05T12:00:00Z"))
    | (hostile.map(lambda text: text.replace("\x00", "")))
)

messages = st.fixed_dictionaries(
    {
        "path": hostile,
        "sender": maybe_hostile,
        "list_id": maybe_hostile,
        "folder": maybe_hostile,
        "message_id": maybe_hostile,
        "date": dates,
    }
)
urls = st.fixed_dictionaries(
    {
        "url": hostile,
        "scheme": hostile,
        "host": maybe_hostile,
        "path": hostile,
        "message": st.none() | st.integers(0, 2),
    }
)
findings = st.fixed_dictionaries(
    {
        "code": hostile,
        "name": hostile,
        "severity": st.sampled_from(("error", "warning")) | hostile,
        "url": st.none() | st.integers(0, 3) | hostile,
        "message": st.none() | st.integers(0, 2),
    }
)
stores = st.fixed_dictionaries(
    {
        "input": st.fixed_dictionaries({"path": hostile, "kind": hostile, "scanned_at": hostile}),
        "messages": st.lists(messages, max_size=3),
        "urls": st.lists(urls, min_size=1, max_size=4),
        "findings": st.lists(findings, max_size=2),
        "problems": st.lists(st.tuples(hostile, hostile), max_size=1),
    }
)


def masked(value: str | None) -> str | None:
    return None if value is None else stored_text(value)


def fill(builder: StoreBuilder, drawn: dict) -> None:
    """The store's rows: those of `drawn`, every text as the store keeps it."""
    connection = builder.connection
    connection.execute("BEGIN")
    for table in ("findings", "problems", "urls", "messages", "inputs"):
        connection.execute(f"DELETE FROM {table}")
    source = drawn["input"]
    input_id = builder.input(
        masked(source["path"]),
        masked(source["kind"]),
        key="input",
        scanned_at=masked(source["scanned_at"]),
    )
    message_ids = [
        builder.message(
            input_id,
            masked(message["path"]),
            index,
            masked(message["date"]),
            **{key: masked(message[key]) for key in ("sender", "list_id", "folder", "message_id")},
        )
        for index, message in enumerate(drawn["messages"], 1)
    ]

    def message_of(number: int | None) -> int | None:
        return None if number is None or number >= len(message_ids) else message_ids[number]

    url_texts = [masked(url["url"]) for url in drawn["urls"]]
    for url, text in zip(drawn["urls"], url_texts, strict=True):
        builder.url(
            input_id,
            masked(url["path"]),
            text,
            message_of(url["message"]),
            scheme=masked(url["scheme"]),
            host=masked(url["host"]),
        )
    for finding in drawn["findings"]:
        target = finding["url"]
        if isinstance(target, int):  # one of the URLs found, as `check` reports it
            target = url_texts[target % len(url_texts)]
        builder.finding(
            input_id,
            "f",
            masked(finding["code"]),
            masked(finding["name"]),
            masked(finding["severity"]),
            masked(target),
            message_of(finding["message"]),
        )
    for kind, reason in drawn["problems"]:
        builder.problem(input_id, "p", masked(kind), masked(reason))
    connection.execute("COMMIT")


@pytest.fixture(scope="module")
def builder(tmp_path_factory):
    with StoreBuilder(tmp_path_factory.mktemp("safety") / "s.sqlite") as built:
        yield built


# A character nothing may write raw: the controls but the line end and the tab (every
# text output keeps a tab, grammar.display.printable), and the line separators.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def assert_safe_lines(text: str, what: str) -> None:
    assert RAW.search(text) is None, what
    lines = text.split("\n")
    # a reader that splits at every line break (str.splitlines) sees the same lines
    assert text.splitlines() == (lines[:-1] if text.endswith("\n") else lines if text else [])
    assert not [line for line in lines if line.startswith("::")], what


NUMBER = re.compile("[0-9]+")


def assert_no_formula(text: str, what: str) -> None:
    """No cell a spreadsheet evaluates, read at commas (RFC 4180) or at ";" or tabs.

    At commas, the cells as an RFC 4180 reader has them; at ";" and tabs, where a cell of
    that reader starts: after each ";" or tab (csv_cell: they are only in text), and a
    quote that opens a cell there."""
    for row in csv.reader(io.StringIO(text)):
        for cell in row:
            assert NUMBER.fullmatch(cell) or not cell.startswith(FORMULA_LEADS), (what, cell)
    for line in text.split("\n"):
        for piece in re.split("[;\t]", line)[1:]:
            assert not piece.lstrip('"').startswith(FORMULA_LEADS), (what, line)


def outputs(path: str) -> dict[str, str]:
    """Every report of the store at `path`: the summary, each table in each format, the page."""
    connection = open_store(path)
    try:
        selection = Selection(connection, Filters())
        written = {}
        out = io.StringIO()
        write_summary(path, selection, out)
        written["summary"] = out.getvalue()
        for name in TABLES:
            for format in FORMATS:
                out = io.StringIO()
                write_table(name, selection, out, format)
                written[f"{name}.{format}"] = out.getvalue()
        out = io.StringIO()
        write_page(path, selection, out)
        written["page"] = out.getvalue()
        return written
    finally:
        connection.close()


@settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(drawn=stores)
def test_every_report_is_safe_whatever_the_store_holds(builder, drawn):
    fill(builder, drawn)
    written = outputs(str(builder.path))
    assert len(written) == 2 + len(TABLES) * len(FORMATS)
    for what, text in written.items():
        assert_safe_lines(text, what)
        if what.endswith(".csv"):
            assert_no_formula(text, what)
    # JSON keeps every value exact: each URL in its normal form (RFC 3986 section 6.2.2:
    # `A:` and `a:` are one row), the hosts as the store holds them
    census = json.loads(written["census.json"])
    assert sorted(row["url"] for row in census) == sorted(
        {normal_url(masked(url["url"])) for url in drawn["urls"]}
    )
    hosts = [json.loads(line)["host"] for line in written["domains.jsonl"].split("\n")[:-1]]
    assert sorted(hosts, key=none_last) == sorted(
        {masked(url["host"]) for url in drawn["urls"]}, key=none_last
    )


def none_last(text: str | None) -> tuple[bool, str]:
    return text is None, text or ""
