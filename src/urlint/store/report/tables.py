"""`urlint report --table NAME`: the tables, and how they are written (CSV, JSON, JSON Lines).

Every table is read from the store as it is written out, a row at a time, so the census of
a large store streams; the formats keep every value exact (no escaping for a terminal:
they are data): CSV as RFC 4180 has it, with LF line ends and a header row, an empty field
for a value the store does not have; JSON and JSON Lines with null for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from ...core.records import record
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
    "domains": Table(
        ("host", *queries.GROUP_COLUMNS), "URLs by host", _grouped("host")
    ),
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
        writer.writerow(row)
        count += 1
    return count


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
