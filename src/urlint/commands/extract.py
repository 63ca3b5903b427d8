"""`urlint extract`: its arguments, and its run.

The URLs of the inputs are written as its options ask, on one process or on several
(run/), with the same output; the exit status as grep's."""

from __future__ import annotations

import argparse
import io
import sys

from ..core.exits import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, ConfigError
from .options import (
    add_config_arguments,
    add_run_arguments,
    add_selection_arguments,
    add_show_files_argument,
    make_tally,
    read_nothing,
    run_engine,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TextIO

    from ..core.engines import Engine
    from ..core.inputs import InputFile
    from ..core.model import ScannedText
    from ..core.problems import Problem
    from ..output.extract import LineBlock, UrlWriter
    from ..run.progress import Tally
    from ..sources.files import FileId
    from ..sources.selection import Selection
    from ..work.extract import FoundLine
    from .options import Subcommands


def add_extract_parser(commands: Subcommands) -> None:
    """`urlint extract`: its arguments."""
    extract = commands.add_parser(
        "extract",
        help="list every URL in the inputs",
        description=(
            "List every URL in files, directories (recursively) or standard input ('-'). "
            "Exit status: 0 a URL found, 1 none found, 2 usage or configuration error, an "
            "input not read (even with URLs found), or no file found to read."
        ),
    )
    extract.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or directories; '-' for standard input"
    )
    extract.add_argument(
        "--format",
        choices=("text", "jsonl"),
        default="text",
        help=(
            "text: one URL a line (default); jsonl: one JSON object a line with positions and flags"
        ),
    )
    extract.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write to FILE instead of standard output (FILE is replaced once all is written)",
    )
    extract.add_argument(
        "-H",
        "--with-position",
        action="store_true",
        help="text format: prefix each URL with path:line:column:",
    )
    extract.add_argument(
        "--show-passwords",
        action="store_true",
        help="show passwords in URLs (RFC 1738 section 6); they are shown as **** otherwise",
    )
    listing = extract.add_mutually_exclusive_group()
    listing.add_argument(
        "-c",
        "--count",
        action="store_true",
        help="print path:N, the number of URLs in each file that has any, instead of the URLs",
    )
    listing.add_argument(
        "-l",
        "--files-with-urls",
        action="store_true",
        help="print the path of each file that has a URL, once, instead of the URLs",
    )
    extract.add_argument(
        "--unique",
        action="store_true",
        help="print each URL once, where it is first found (-c and -l count only those)",
    )
    extract.add_argument(
        "--near",
        action="store_true",
        help=(
            "list near-URLs too: the broken shapes of a URL someone meant (https:/x.org, "
            "http//x.org, http: // x.org), flagged malformed; `check` reports them"
        ),
    )
    extract.add_argument(
        "-0",
        "--null",
        action="store_true",
        help=(
            "end each text line with NUL instead of a newline, and follow each path of -l "
            "and -c with NUL (for xargs -0)"
        ),
    )
    add_config_arguments(
        extract,
        "read exclude from this urlint.toml or pyproject.toml instead of searching for one",
    )
    add_selection_arguments(extract)
    add_show_files_argument(extract)
    add_run_arguments(extract, "no notes on damaged or unread input, ")


def run_extract(
    args: argparse.Namespace, out: io.TextIOWrapper, parser: argparse.ArgumentParser
) -> int:
    """`urlint extract` with the parsed `args`, the URLs written to `out`; the exit status.

    As grep's: 0 a URL found, 1 none, 2 an error (which wins over both)."""
    from ..grammar.display import shown
    from ..linter.config import selection_of
    from ..sources.files import input_paths

    if (args.count or args.files_with_urls) and args.format == "jsonl":
        parser.error("-c and -l print paths, not jsonl: leave out --format jsonl")
    try:
        selection = selection_of(args)
        paths = input_paths(args.paths, args.files_from, args.from0)
        if not paths and args.files_from is None:  # standard input, unless it is a terminal
            if sys.stdin is None or sys.stdin.isatty():
                parser.error("extract needs a PATH, or '-' to read standard input")
            paths = ["-"]
        engine = run_engine(args, paths)
    except ConfigError as error:
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    if args.output and args.output != "-":
        from ..sources.files import file_id
        from ..sources.output_file import OutputFile

        target_id = file_id(args.output)
        if target_id is not None and any(p != "-" and file_id(p) == target_id for p in paths):
            print(
                f"urlint: -o {shown(args.output)}: that file is also an input; it is not "
                "written over",
                file=sys.stderr,
            )
            return EXIT_ERROR
        with OutputFile(args.output) as output:
            return _extracted(args, paths, selection, engine, output.stream, output.skip)
    return _extracted(args, paths, selection, engine, out)


def _extracted(
    args: argparse.Namespace,
    paths: list[str],
    selection: Selection,
    engine: Engine,
    out: TextIO,
    skip: frozenset[FileId] = frozenset(),
) -> int:
    """The URLs of `paths` written to `out` as `args` ask (or the files a run would read);
    the exit status. The files in `skip` (-o's) are not read."""
    from ..grammar.display import shown
    from ..output import extract as report

    if args.show_files:
        from .show import show_files

        return show_files(paths, selection, out, skip)
    if read_nothing(paths, selection, skip):
        return EXIT_ERROR
    tally = make_tally(args, "URL", paths, selection)
    if tally is not None and not (args.output and args.output != "-"):
        out = tally.guarded(out)  # standard output: the progress line drawn around it
    writer = report.UrlWriter(
        out,
        jsonl=args.format == "jsonl",
        with_position=args.with_position,
        show_passwords=args.show_passwords,
        count=args.count,
        files_with_urls=args.files_with_urls,
        unique=args.unique,
        null=args.null,
        near=args.near,
    )
    events: Iterable[InputFile | ScannedText | LineBlock | FoundLine | Problem]
    try:
        if not engine.serial:  # in units of work (run/), on processes or Dask workers
            from ..run.plan import planned_units
            from ..work.extract import run_units

            units = planned_units(paths, selection=selection, skip=skip, relative=True)
            events = run_units(units, writer.url_format, engine, tally)
        else:  # in this process, input after input
            from ..pipeline import scanned_inputs
            from ..sources.files import iter_files

            listed = writer.listed if args.files_with_urls else None
            events = scanned_inputs(
                iter_files(paths, skip, selection), tally, listed, near=args.near
            )
        status = _written(events, writer, args.quiet, tally)
        writer.close()
    except ConfigError as error:  # the Dask scheduler at --scheduler not reached
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        if tally is not None:
            tally.settle()
    if tally is not None:
        tally.finish(out)
    if status == EXIT_OK and not writer.found:
        return EXIT_FINDINGS
    return status


def _written(
    events: Iterable[InputFile | ScannedText | LineBlock | FoundLine | Problem],
    writer: UrlWriter,
    quiet: bool,
    tally: Tally | None,
) -> int:
    """The URLs of a run's events written, its problems said; the exit status they leave.

    The events of a read in this process (each input, then its scanned texts:
    pipeline.scanned_inputs) or in units of work (the lines of their URLs, in blocks where
    each is written as it comes: work.extract.run_units), a problem among them in its place."""
    from ..core.inputs import InputFile
    from ..core.model import ScannedText
    from ..core.problems import Problem
    from ..output.extract import LineBlock, problem_line

    status, path, found = EXIT_OK, "", 0
    for event in events:
        if isinstance(event, ScannedText):
            found += writer.add_text(path, event)
        elif isinstance(event, LineBlock):
            writer.add_block(event)
            found += event.count
        elif isinstance(event, InputFile):
            path = event.path  # of the texts that come next
        elif isinstance(event, Problem):
            if event.silent:
                continue
            if not quiet:  # said on standard error, below the progress line
                if tally is not None:
                    tally.settle()
                print(problem_line(event), file=sys.stderr)
            # Not read, or read only in part, is an error; a damaged message read anyway is
            # news.
            if event.kind.fails:
                status = EXIT_ERROR
        elif writer.add_line(*event):  # a FoundLine
            found += 1
        if tally is not None:
            tally.found = found
    return status
