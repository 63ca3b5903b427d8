"""`urlint report STORE`: the command's arguments and its run.

The parser (cli.py) adds its arguments with `add_report_parser`, and main runs
`run_report`. Only argparse and the date type are imported to build the parser (`urlint
--help` builds every command's); the store, the queries and the page are imported when a
report runs.

Exit status: 0 done; 2 a usage error, a store that cannot be read (no such file, not a
urlint store or not one as urlint makes it, a store of an older or a newer schema, a
damaged store, one whose queries took more than a store of its size needs), an output that
cannot be written, or an internal error, each said in one line on standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from ..store.report.filters import period
from .options import add_urls_from_argument

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from ..store.report.queries import Selection
    from .options import Subcommands

# tables.TABLES's names, kept here so that building the parser imports no table
# (tests/store/test_report.py checks the two agree).
TABLE_NAMES = (
    "domains",
    "schemes",
    "months",
    "lists",
    "folders",
    "senders",
    "rules",
    "finding-domains",
    "findings",
    "problems",
    "census",
)
TABLE_FORMATS = ("csv", "json", "jsonl")
PAGE_LIMIT = 1000  # the page's tables, by default: a page of a million rows would not open


def add_report_parser(commands: Subcommands) -> None:
    """`urlint report`: its arguments."""
    report = commands.add_parser(
        "report",
        help="summarize a results store, or write its tables or an HTML page",
        description=(
            "Read a results store (urlint scan --store FILE) and print a summary, one "
            "table (--table) or an HTML page with charts (--html). The filters narrow all "
            "of them. Exit status: 0 done, 2 usage error or a store that cannot be read."
        ),
    )
    report.add_argument("store", metavar="STORE", help="the store: an SQLite file urlint wrote")
    output = report.add_mutually_exclusive_group()
    output.add_argument(
        "--table",
        choices=TABLE_NAMES,
        metavar="NAME",
        help=(
            "write one table instead of the summary: domains, schemes, months, lists, "
            "folders, senders (URLs by each), rules, finding-domains (findings by rule, by "
            "host), findings (each finding, with its message's Date and sender), problems "
            "(damaged messages, charset fallbacks, limits reached, inputs not read), census "
            "(each distinct URL: first and last seen, count, where first seen, spellings)"
        ),
    )
    output.add_argument(
        "--html",
        metavar="FILE",
        help="write one self-contained HTML page (charts, sortable tables; works offline)",
    )
    report.add_argument(
        "--format",
        choices=TABLE_FORMATS,
        help="the table's format: csv (default), json (one array), jsonl (an object a line)",
    )
    report.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the summary or the table to FILE instead of standard output",
    )
    report.add_argument(
        "--check-store",
        action="store_true",
        help="check every page of the store first (SQLite's quick_check: about 4 s a GB of "
        "store, more from a cold disk); done anyway where the last scan into it did not end, "
        "or its file changed since it ended",
    )
    report.add_argument(
        "--top",
        type=_count,
        default=10,
        metavar="N",
        help="how many hosts, schemes and rules the summary and the page's charts show "
        "(default: 10)",
    )
    report.add_argument(
        "--limit",
        type=_count,
        metavar="N",
        help=f"at most N rows of a table (default: all; on the page: {PAGE_LIMIT})",
    )
    report.add_argument(
        "--all-dates",
        action="store_true",
        help="put on the time axis (date range, months, first and last seen, charts) the "
        "messages dated before 1971 or after their scan, which it leaves off by default",
    )
    filters = report.add_argument_group(
        "filters",
        "Each narrows the summary, every table and the page; a repeated option takes any "
        "of its values. Dates are UTC: YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, "
        "and select by the message's Date (a URL in plain text, or in a message whose "
        "Date was not read, has none, and is left out).",
    )
    filters.add_argument(
        "--since", type=period, metavar="DATE", help="URLs in messages of DATE or later"
    )
    filters.add_argument(
        "--until",
        type=period,
        metavar="DATE",
        help="URLs in messages of DATE or earlier (--until 2001 takes all of 2001)",
    )
    filters.add_argument(
        "--folder",
        action="append",
        metavar="FOLDER",
        help="URLs in messages of this folder (a Maildir, MH folder, news group or mbox, as "
        "the store names it)",
    )
    filters.add_argument(
        "--domain",
        action="append",
        metavar="HOST",
        help="URLs of this host or a host under it (example.org takes www.example.org); "
        "comma-separated",
    )
    filters.add_argument(
        "--scheme",
        action="append",
        metavar="SCHEME",
        help="URLs of this scheme (http, ftp, ...); comma-separated",
    )
    add_urls_from_argument(filters, "report (and their findings)")


def _count(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of rows (0 or more)")
    # SQLite's LIMIT is a 64-bit integer, and no store holds more rows: a larger count asks
    # for every row, as this does (it was "datatype mismatch", an error reading the store).
    return min(number, _MOST_ROWS)


_MOST_ROWS = 2**63 - 1


def run_report(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """`urlint report` with the parsed `args`, written to `out`; the exit status.

    `out` None: standard output, in UTF-8."""
    from ..core.exits import EXIT_OK, OutputUnwritable
    from ..store.report.access import open_store, reading
    from ..store.report.filters import filters_from
    from ..store.report.queries import Selection
    from ..store.schema import StoreError

    if args.format is not None and args.table is None:
        return _error("--format goes with --table")
    if args.html and args.output:
        return _error("-o goes with the summary or --table: --html names its own file")
    target = args.html or args.output
    if target and _same_file(target, args.store):
        return _error(f"{target}: that is the store; it is not written over")
    try:
        connection = open_store(args.store, args.check_store)
    except StoreError as error:
        return _error(str(error))
    try:
        with reading(connection, args.store):  # SQLite's errors: the store's, in one line
            selection = Selection(connection, filters_from(args))
            if target and target != "-":
                from ..sources.output_file import OutputFile

                with OutputFile(target, newline="") as written:
                    _report(args, selection, written.stream)
            elif out is None:
                with _standard_output() as stream:
                    _report(args, selection, stream)
            else:
                _report(args, selection, out)
        return EXIT_OK
    except OutputUnwritable as error:
        if error.where == "standard output":
            raise  # cli.main's to say
        return _error(f"{error.where}: cannot write: {error}")  # as cli.main says it
    except (BrokenPipeError, KeyboardInterrupt):
        raise  # cli.main's to say
    except StoreError as error:
        return _error(str(error))
    except Exception as error:  # noqa: BLE001 - the contract: exit 2, one line, no traceback
        if os.environ.get("URLINT_DEBUG"):
            raise
        return _error(
            f"internal error: {type(error).__name__}: {error} (set URLINT_DEBUG=1 for a traceback)"
        )
    finally:
        connection.close()


def _report(args: argparse.Namespace, selection: Selection, stream: TextIO) -> None:
    if args.html:
        from ..store.report.page import write_page

        limit = PAGE_LIMIT if args.limit is None else args.limit
        write_page(args.store, selection, stream, top=args.top, limit=limit)
    elif args.table:
        from ..store.report.tables import write_table

        write_table(args.table, selection, stream, args.format or "csv", args.limit)
    else:
        from ..store.report.summary import write_summary

        write_summary(args.store, selection, stream, top=args.top)


def _error(text: str) -> int:
    from ..core.exits import EXIT_ERROR
    from ..grammar.display import shown

    print(f"urlint: {shown(text)}", file=sys.stderr)
    return EXIT_ERROR


def _same_file(path: str, other: str) -> bool:
    try:
        return os.path.samefile(path, other)
    except OSError:  # one of them does not exist: not the same
        return False


@contextmanager
def _standard_output() -> Iterator[TextIO]:
    """Standard output in UTF-8 whatever the locale says, as cli.main writes it.

    A host or a sender in any script is written, not an encoding error."""
    import io

    sys.stdout.flush()  # what was written to it before goes first
    stream = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="replace")
    try:
        yield stream
    finally:
        stream.flush()
        stream.detach()
