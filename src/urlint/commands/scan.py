"""`urlint scan PATH ... --store FILE`: its arguments, and its run.

The inputs are read into the results store, what is unchanged since its last scan left
alone (store.scan). Exit status: 0 done, 2 a usage or configuration error, a file that is
no store, a store it cannot use (being written by another scan, unless --wait; locked by
another process, read-only, damaged: store.schema.used), or, as for `extract` and grep, an
input this scan could not read, or read only in part (said on standard error; the store
keeps its problem and the rest of the run). Every problem the scan meets (a damaged message,
a charset read as another, a limit reached, an input not read) is said on standard error as
`extract` says it, unless -q, and stored."""

from __future__ import annotations

import argparse
import sys

from ..core.exits import EXIT_ERROR, EXIT_OK, ConfigError
from .options import (
    add_rule_arguments,
    add_run_arguments,
    add_selection_arguments,
    add_urls_from_argument,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .options import Subcommands


def add_scan_parser(commands: Subcommands) -> None:
    """`urlint scan`: its arguments."""
    scan = commands.add_parser(
        "scan",
        help="read the inputs into a results store (SQLite), again only what changed",
        description=(
            "Read every URL in files and directories, with its message and its findings, "
            "into a results store: one SQLite file (docs/guide/store.md). A second "
            "scan reads only what changed since the last: new and changed files, an mbox from "
            "where it grew; files gone lose their rows. A scan stopped at any moment and run "
            "again finishes the rest. What it meets damaged, read in another charset, cut "
            "at a limit or not read is said on standard error as extract says it, and "
            "stored (urlint report --table problems). Exit status: 0 done, 2 an error (an "
            "input that could not be read, or read to its end; the rest is read)."
        ),
    )
    scan.add_argument("paths", nargs="*", metavar="PATH", help="files or directories")
    scan.add_argument(
        "--store", required=True, metavar="FILE", help="the store to write (made if new)"
    )
    scan.add_argument(
        "--rebuild",
        action="store_true",
        help="remove the store first (a urlint store, or a damaged one: never another "
        "file) and make it again from the inputs",
    )
    scan.add_argument(
        "--wait",
        action="store_true",
        help="if another scan is writing the store, wait for it to end (default: exit 2)",
    )
    scan.add_argument(
        "--check-store",
        action="store_true",
        help="check every page of the store before the scan adds to it (SQLite's "
        "quick_check: about 4 s a GB of store, more from a cold disk); done anyway where "
        "the last scan into it did not end, or its file changed since it ended",
    )
    scan.add_argument(
        "--no-findings",
        action="store_true",
        help="store the URLs alone: lint none (what this scan reads keeps no findings)",
    )
    add_urls_from_argument(scan, "store (a change from the store's last scan reads its mail again)")
    add_rule_arguments(scan)
    add_selection_arguments(scan)
    add_run_arguments(scan, "no notes on damaged or unread input, ")


def run_scan(args: argparse.Namespace) -> int:
    """`urlint scan` with the parsed `args`; the exit status."""
    from ..core.problems import Problem
    from ..grammar.display import shown
    from ..linter.config import settings_of
    from ..output.extract import problem_line
    from ..sources.files import input_paths
    from ..store.scan import scan_into_store
    from ..store.schema import StoreError
    from .options import make_tally, run_engine

    try:
        settings = settings_of(args)
        paths = input_paths(args.paths, args.files_from, args.from0)
        engine = run_engine(args, paths)
    except ConfigError as error:
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    if not paths:
        print("urlint: scan needs a PATH (or --files-from)", file=sys.stderr)
        return EXIT_ERROR
    if "-" in paths:
        print(
            "urlint: scan reads files, not standard input (it has no second version to "
            "compare a re-scan with)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    tally = make_tally(args, "URL", paths, settings.selection)

    def waiting(holder: int | None) -> None:  # told once, before the wait
        if tally is not None:
            tally.settle()
        if not args.quiet:
            named = f" (pid {holder})" if holder is not None else ""
            print(
                f"urlint: {shown(args.store)}: waiting for the scan that writes the store"
                f"{named} to end",
                file=sys.stderr,
            )

    def note(problem: Problem) -> None:  # as extract says it (masked already: the store's)
        if tally is not None:
            tally.settle()
        print(problem_line(problem), file=sys.stderr)

    try:
        summary = scan_into_store(
            args.store,
            paths,
            settings,
            engine=engine,
            tally=tally,
            findings=not args.no_findings,
            urls_from=args.urls_from,
            on_problem=None if args.quiet else note,
            rebuild=args.rebuild,
            wait=args.wait,
            waiting=waiting,
            check_store=args.check_store,
        )
    except (StoreError, ConfigError) as error:  # ConfigError: a scheduler not reached
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        if tally is not None:
            tally.settle()
    if not args.quiet:
        print(f"urlint: {shown(args.store)}: {summary.line()}", file=sys.stderr)
    return EXIT_ERROR if summary.failures else EXIT_OK
