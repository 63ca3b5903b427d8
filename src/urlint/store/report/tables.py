"""`urlint report --table NAME`: the tables, and how they are written (CSV, JSON, JSON Lines).

Every table is read from the store as it is written out, a row at a time, so the census of
a large store streams.

- JSON and JSON Lines keep every value exact (output.printable.json_line: JSON-escaped,
  with DEL, C1 controls, U+2028 and U+2029 as \\u escapes too), null for a value the store
  does not have: the formats for a script that needs the values as they are.
- CSV is as RFC 4180 has it, with LF line ends and a header row, an empty field for a
  value the store does not have. It goes to terminals, CI logs and spreadsheets, so its
  text is made safe for them (`csv_cell`): a control character or a line separator is
  written as the text outputs write it (grammar.display.printable: `\\x1b`, `\\u2028`, a
  tab kept; no line starts with "::", a GitHub workflow command), and a cell a
  spreadsheet would take for a formula gets a leading `'`, as OWASP advises. The numbers
  (counts, lines) are written as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from ...core.records import record
from ...grammar.display import printable
from ...output.printable import json_line
from . import queries
from .census import CENSUS_COLUMNS, census
from .queries import Selection

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO


@record
class Table:
    """A table of the report: its columns, what one row is, and how its rows are read.

    `rows` reads at most `limit` of them (None: all)."""

    columns: tuple[str, ...]
    summary: str
    rows: Callable[[Selection, int | None], Iterable[tuple]]


def _grouped(key: str) -> Callable[[Selection, int | None], Iterable[tuple]]:
    def rows(selection: Selection, limit: int | None) -> Iterable[tuple]:
        return queries.urls_by(selection, key, limit)

    return rows


def _months(selection: Selection, limit: int | None) -> Iterable[tuple]:
    return islice(queries.urls_by_month(selection), limit)


TABLES: dict[str, Table] = {
    "domains": Table(("host", *queries.GROUP_COLUMNS), "URLs by host", _grouped("host")),
    "schemes": Table(("scheme", *queries.GROUP_COLUMNS), "URLs by scheme", _grouped("scheme")),
    "months": Table(queries.MONTH_COLUMNS, "URLs by month of their message's Date", _months),
    "lists": Table(
        ("list_id", *queries.GROUP_COLUMNS), "URLs by mailing list (List-Id)", _grouped("list_id")
    ),
    "folders": Table(
        ("folder", *queries.GROUP_COLUMNS),
        "URLs by folder (Maildir, MH folder, news group, mbox)",
        _grouped("folder"),
    ),
    "senders": Table(
        ("sender", *queries.GROUP_COLUMNS), "URLs by sender (From)", _grouped("sender")
    ),
    "rules": Table(queries.RULE_COLUMNS, "findings by rule", queries.findings_by_rule),
    "finding-domains": Table(
        queries.FINDING_DOMAIN_COLUMNS, "findings by host of their URL", queries.findings_by_domain
    ),
    "findings": Table(
        queries.FINDING_COLUMNS,
        "each finding, with its message's Date and sender",
        queries.findings_listed,
    ),
    "problems": Table(
        queries.PROBLEM_COLUMNS,
        "each problem the scan met: damaged messages, charsets, limits, inputs not read",
        queries.problems_listed,
    ),
    "census": Table(
        CENSUS_COLUMNS,
        "each distinct URL: first and last seen, how often, where first seen",
        lambda selection, limit: census(selection, limit),
    ),
}

FORMATS = ("csv", "json", "jsonl")


def write_table(
    name: str, selection: Selection, out: TextIO, format: str, limit: int | None = None
) -> int:
    """Write the table `name` to `out` in `format`; the number of rows written."""
    table = TABLES[name]
    rows = table.rows(selection, limit)
    if format == "csv":
        return _write_csv(table.columns, rows, out)
    objects = (dict(zip(table.columns, row, strict=True)) for row in rows)
    if format == "jsonl":
        return _write_lines(objects, out)
    return _write_json_array(objects, out)


def _write_csv(columns: tuple[str, ...], rows: Iterable[tuple], out: TextIO) -> int:
    import csv

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    count = 0
    for row in rows:  # csv writes None as an empty field
        writer.writerow([csv_cell(value) for value in row])
        count += 1
    return count


# OWASP, "CSV Injection" (https://owasp.org/www-community/attacks/CSV_Injection): a
# spreadsheet (Excel, LibreOffice Calc) takes a cell that begins with one of these for a
# formula, which can run a command (DDE: `=cmd|' /C calc'!A0`) or send the sheet away
# (`=HYPERLINK(...)`); "ensure that no cells begin with" them, by a leading single quote.
# CR and LF are on OWASP's list; `printable` has written them as escapes already.
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r", "\n")
_LEADS = frozenset(FORMULA_LEADS)
# OWASP again: "take care of the field separator (e.g., ',' or ';') and quotes", else a
# lead in the middle of a text starts a cell. For a reader that splits at commas, a comma
# is inside the cell's RFC 4180 quotes and a double quote is doubled (the csv module); but
# Excel splits a .csv at ";" where that is the list separator (the locales that write
# 1,5), and an import may split at tabs: such a reader starts a cell right after each ";"
# or tab, or after a double quote there (it opens a quoted cell), so a lead there gets its
# single quote too. (A blank before a lead is not on OWASP's list, and is left.)
_LEAD_AFTER_SEPARATOR = re.compile(f'(?<=[;\t])(?=[{re.escape("".join(FORMULA_LEADS))}"])')


def csv_cell(value: object) -> object:
    """`value` as a CSV cell that neither a terminal, a CI runner nor a spreadsheet acts on.

    A number or None as it is: the store's numbers are counts and lines, and a
    spreadsheet reads even a negative one as a number, not a formula. Text as
    `printable` writes it, then with a `'` before a formula lead (FORMULA_LEADS) at its
    start, and before a formula lead or a double quote that follows a ";" or a tab."""
    if isinstance(value, str):  # most cells: tested first
        text = printable(value)
    elif value is None or isinstance(value, (int, float)):
        return value
    else:  # a BLOB, in a store written by hand
        text = printable(str(value))
    if ";" in text or "\t" in text:
        text = _LEAD_AFTER_SEPARATOR.sub("'", text)
    if text[:1] in _LEADS:
        text = "'" + text
    return text


def _write_lines(objects: Iterator[dict], out: TextIO) -> int:
    count = 0
    for value in objects:
        out.write(json_line(value) + "\n")
        count += 1
    return count


def _write_json_array(objects: Iterator[dict], out: TextIO) -> int:
    """One JSON array, an object a line: valid JSON, streamed, and still readable."""
    count = 0
    out.write("[")
    for value in objects:
        out.write(("\n" if count == 0 else ",\n") + json_line(value))
        count += 1
    out.write("\n]\n" if count else "]\n")
    return count
