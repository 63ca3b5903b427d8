"""`urlint extract`: its arguments, and its run.

The URLs of the inputs are written as its options ask, on one process or on several
(run/), with the same output; the exit status as grep's."""

from __future__ import annotations

import argparse
import io
import sys

from ..core.engines import serial
from ..core.exits import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, ConfigError
from .options import (
    add_config_arguments,
    add_run_arguments,
    add_selection_arguments,
    add_show_files_argument,
    input_paths,
    make_tally,
    run_engine,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.inputs import Crossposts, InputFile, Reading
    from ..core.problems import Problem
    from ..output.extract import UrlWriter
    from ..run.progress import Tally
    from ..sources.selection import Selection
    from .options import Subcommands


def add_extract_parser(commands: Subcommands) -> None:
    """`urlint extract`: its arguments."""
    extract = commands.add_parser(
        "extract",
        help="list every URL in the inputs",
        description=(
            "List every URL in files, directories (recursively) or standard input ('-'). "
            "Exit status: 0 a URL found, 1 none found, 2 usage or configuration error, or an "
            "input not read (even with URLs found)."
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
            "text: one URL a line (default); jsonl: one JSON object a line with positions and "
            "flags"
        ),
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
    from ..output import extract as report

    if (args.count or args.files_with_urls) and args.format == "jsonl":
        parser.error("-c and -l print paths, not jsonl: leave out --format jsonl")
    try:
        selection = selection_of(args)
        paths = _input_paths(args, parser)
        engine, jobs = run_engine(args, paths)
    except ConfigError as error:
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    if args.show_files:
        from .show import show_files

        return show_files(paths, selection, out)
    tally = make_tally(args, "URL", paths, selection)
    if tally is not None:
        out = tally.guarded(out)
    writer = report.UrlWriter(
        out,
        jsonl=args.format == "jsonl",
        with_position=args.with_position,
        show_passwords=args.show_passwords,
        count=args.count,
        files_with_urls=args.files_with_urls,
        unique=args.unique,
        null=args.null,
    )
    try:
        if serial(engine, jobs):
            status = _extract_here(paths, selection, writer, args.quiet, tally)
        else:
            status = _extract_on(
                paths, selection, writer, args.quiet, tally,
                engine=engine, scheduler=args.scheduler, jobs=jobs,
            )
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


def _extract_here(
    paths: list[str],
    selection: Selection,
    writer: UrlWriter,
    quiet: bool = False,
    tally: Tally | None = None,
) -> int:
    """`extract` in this process, input after input; the exit status it leaves."""
    from ..core.inputs import Crossposts, Reading
    from ..core.problems import Problem
    from ..sources.files import iter_files

    status = EXIT_OK
    crossposts, reading = Crossposts(), Reading()  # the run's: a crosspost is read once
    for source in iter_files(paths, selection=selection):
        if isinstance(source, Problem):
            status = _noted(source, status, quiet, tally)
            continue
        if tally is not None:
            tally.reading(source, reading)
        status = _extract_file(source, crossposts, reading, writer, status, quiet, tally)
        if tally is not None:
            tally.read(source)
    return status


def _extract_file(
    source: InputFile,
    crossposts: Crossposts,
    reading: Reading,
    writer: UrlWriter,
    status: int,
    quiet: bool,
    tally: Tally | None,
) -> int:
    """The URLs of one input written; the exit status it leaves."""
    from ..core.model import ScannedText
    from ..pipeline import message_info, scan_file_texts

    in_blocks = writer.url_format.in_blocks
    for item in scan_file_texts(source, crossposts, reading):
        if not isinstance(item, ScannedText):
            status = _noted(item, status, quiet, tally)
            continue
        path = item.path or source.path
        mail = message_info(item.mail)
        if in_blocks:  # every URL written as it comes: no loop here for each
            written = writer.add_all(path, item.candidates, mail)
            if tally is not None:
                tally.found += written
                tally.tick()
            continue
        for candidate in item.candidates:
            if not candidate.url:
                continue  # an empty wrapper ("<URL:>") is no URL; `check` reports it (X106)
            if writer.add(path, candidate, mail) and tally is not None:
                tally.found += 1
            if writer.listed(source.path):
                # -l: the file is listed; the rest of it need not be read (as grep -l).
                # Returning drops the generator, which closes the file.
                return status
        if tally is not None:
            tally.tick()
    return status


def _extract_on(
    paths: list[str],
    selection: Selection,
    writer: UrlWriter,
    quiet: bool = False,
    tally: Tally | None = None,
    *,
    engine: str,
    scheduler: str | None,
    jobs: int | None,
) -> int:
    """`extract` in units of work (run/), on `jobs` processes or a Dask cluster's
    workers: the lines the serial loop would write; the exit status it leaves."""
    from ..core.problems import Problem
    from ..output.extract import LineBlock
    from ..run.plan import planned_units
    from .unit_work import run_units

    status = EXIT_OK
    units = planned_units(paths, selection=selection, relative=True)
    for event in run_units(units, writer.url_format, jobs, tally, engine, scheduler):
        if isinstance(event, Problem):
            status = _noted(event, status, quiet, tally)
        elif type(event) is LineBlock:
            writer.add_block(event)
            if tally is not None:
                tally.found += event.count
        elif writer.add_line(*event) and tally is not None:
            tally.found += 1
    return status


def _noted(
    problem: Problem, status: int, quiet: bool = False, tally: Tally | None = None
) -> int:
    """Say on standard error what could not be read (not with -q); the exit status it
    leaves."""
    from ..output.extract import problem_line

    if problem.silent:
        return status
    if not quiet:
        if tally is not None:
            tally.settle()
        print(problem_line(problem), file=sys.stderr)
    # Not read, or read only in part, is an error; a damaged message read anyway is news.
    return EXIT_ERROR if problem.kind.fails else status


def _input_paths(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[str]:
    """The paths to read: standard input when none is given and it is not a terminal."""
    paths = input_paths(args)
    if not paths and args.files_from is None:
        if sys.stdin is None or sys.stdin.isatty():
            parser.error("extract needs a PATH, or '-' to read standard input")
        paths = ["-"]
    return paths
