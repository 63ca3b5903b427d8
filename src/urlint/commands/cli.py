"""The `urlint` command: parses arguments and wires sources, scanner and reporters together.

Exit codes (a public contract, DESIGN.md): 0 done (`extract`: a URL found), 1 findings
(`check`) or no URL found (`extract`, as grep), 2 usage error, configuration error, an input
that could not be read, or an internal error.
"""

from __future__ import annotations

import argparse
import io
import sys

from .._runtime import heap, untranslated
from ..core.exits import EXIT_ERROR, EXIT_OK

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

PROG = "urlint"
COMMANDS = ("extract", "check", "rules", "rule", "scan", "report")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, which asks for the terminal's width only when it writes help,
    usage or an error. argparse makes a formatter for every option it adds, to check it, and
    asking costs an import of shutil (bz2 and lzma with it, 3.5 ms) a run never needs."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)  # a stand-in until format_help asks

    def format_help(self) -> str:
        sized = argparse.HelpFormatter(self._prog)  # the width argparse takes
        self._width, self._max_help_position = sized._width, sized._max_help_position
        return super().format_help()


class Parser(argparse.ArgumentParser):
    """argparse's parser, its help written by HelpFormatter. A subcommand's parser is of
    this class too: argparse makes it of its parent's."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(formatter_class=HelpFormatter, **kwargs)

    def error(self, message: str) -> NoReturn:
        """A usage error: argparse quotes the argument it could not use, which may be a
        URL with a password (section 6), masked here as every output masks one."""
        from ..output.printable import shown

        super().error(shown(message))


if TYPE_CHECKING:
    Subcommands = argparse._SubParsersAction[Parser]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; given the command about to run, only its subcommand is built
    (argparse spends milliseconds per option, and a pre-commit hook starts often)."""
    from ..core.version import VERSION as __version__

    parser = Parser(
        prog=PROG,
        description=(
            "Find every URL in plain text, rejoin URLs broken across lines (RFC 1738 appendix), "
            "and lint them against RFC 1738."
        ),
    )
    parser.add_argument("--version", action="version", version=f"urlint {__version__}")
    # prog given: argparse would format the parser's usage to make it ("urlint")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog=PROG)
    if command in (None, "extract"):
        add_extract_parser(commands)
    if command in (None, "check"):
        add_check_parser(commands)
    if command in (None, "scan"):
        from .scan import add_scan_parser

        add_scan_parser(commands)
    if command in (None, "report"):
        from .report import add_report_parser

        add_report_parser(commands)
    if command in (None, "rules"):
        rules = commands.add_parser(
            "rules", help="list every rule", description="List every rule in the catalogue."
        )
        rules.add_argument(
            "--format", choices=("text", "json"), default="text", help="text (default) or json"
        )
    if command in (None, "rule"):
        rule = commands.add_parser(
            "rule",
            help="explain one rule",
            description="Print a rule's page: what it checks, why, an example, the fix.",
        )
        rule.add_argument(
            "code", metavar="CODE", help="a rule code (C201) or name (unsafe-character)"
        )
    return parser


def add_extract_parser(commands: Subcommands) -> None:
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
    extract.add_argument(
        "--config",
        metavar="FILE",
        help="read exclude from this urlint.toml or pyproject.toml instead of searching for one",
    )
    extract.add_argument("--isolated", action="store_true", help="read no configuration file")
    add_selection_arguments(extract)
    add_run_arguments(extract, "no notes on damaged or unread input, ")


def add_run_arguments(parser: argparse.ArgumentParser, notes: str = "") -> None:
    """How a run goes and what it says of itself on standard error, the same for `check`
    and `extract`."""
    from ..run.engines import DASK, DASK_INSTALL, ENGINES, LOCAL

    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        metavar="N",
        help="processes to read with (default: every core when the input is over 64 MB or "
        f"holds a directory, else 1); with --engine {DASK}, the worker processes started "
        "(default: every core), or the units the cluster at --scheduler works at once "
        "(default: its threads); the output is the same whatever N",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        help=f"where the work is done: {LOCAL}, this machine (default), or {DASK}, the "
        f"workers of a Dask cluster ({DASK_INSTALL}), started here unless "
        "--scheduler names one; the output is the same",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"the scheduler of a running Dask cluster (tcp://host:8786), for --engine {DASK} "
        "(implied); every worker reads the inputs at the paths given here, standard input "
        "is read here",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help=f"say nothing on standard error but errors that end the run: {notes}no progress, "
        "no summary",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show progress on standard error, redrawn in place (default: when standard "
        "error is a terminal, after a second of work)",
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="end with a summary line on standard error (files, messages, what was found, "
        "MB/s); by default it ends a run that showed progress",
    )


def add_selection_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the files, the same for `check` and `extract`."""
    selection = parser.add_argument_group(
        "file selection",
        "A directory is walked passing over what .gitignore, .ignore and .git/info/exclude "
        "ignore, the directories tools make (.venv, venv, node_modules, build, dist, .tox, "
        "site-packages, __pycache__, .pytest_cache, .mypy_cache, .ruff_cache), version "
        "control directories and what exclude matches. A path named (or listed by "
        "--files-from) is always read.",
    )
    selection.add_argument(
        "--exclude",
        action="append",
        metavar="GLOBS",
        help="files and directories a walk passes over, instead of the configuration's exclude "
        "(comma-separated)",
    )
    selection.add_argument(
        "--extend-exclude",
        action="append",
        default=[],
        metavar="GLOBS",
        help="files and directories a walk passes over, besides exclude (comma-separated)",
    )
    selection.add_argument(
        "--force-exclude",
        action="store_true",
        help="pass over the files named, too, where exclude matches them (for pre-commit)",
    )
    selection.add_argument(
        "--no-ignore",
        action="store_true",
        help="read what ignore files ignore, and the directories tools make, too",
    )
    selection.add_argument(
        "--files-from",
        metavar="FILE",
        help="read the paths to read from FILE ('-': standard input), one a line, after PATHs",
    )
    selection.add_argument(
        "--from0",
        action="store_true",
        help="the paths of --files-from each end with NUL, not a newline (find -print0, "
        "git ls-files -z)",
    )


CHECK_FORMATS = ("text", "concise", "full", "json", "jsonl", "sarif", "github")


def add_check_parser(commands: Subcommands) -> None:
    check = commands.add_parser(
        "check",
        help="lint the URLs in the inputs against RFC 1738",
        description=(
            "Lint every URL in files and directories (recursively; '-' for standard input) "
            "against RFC 1738. Exit status: 0 nothing at or above --fail-on, 1 findings, "
            "2 usage, configuration or internal error."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or directories (default: .); '-' for standard input",
    )
    check.add_argument(
        "--format", choices=CHECK_FORMATS, default="text", help="output format (default: text)"
    )
    check.add_argument(
        "-o", "--output", metavar="FILE", help="write the report to FILE instead of standard output"
    )
    check.add_argument(
        "--statistics",
        action="store_true",
        help="print how many findings each rule has, not the findings",
    )
    add_rule_arguments(check)
    check.add_argument(
        "--fail-on",
        choices=("error", "warning", "info"),
        help="lowest severity that fails the run (default: warning)",
    )
    check.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit 0 even with findings (2 still means an error)",
    )
    check.add_argument(
        "--baseline", metavar="FILE", help="do not report the findings this baseline accepts"
    )
    check.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="write a baseline accepting every current finding, and exit 0",
    )
    check.add_argument("--fix", action="store_true", help="apply the safe fixes in place")
    check.add_argument(
        "--diff", action="store_true", help="print the safe fixes as a unified diff; change nothing"
    )
    add_selection_arguments(check)
    add_run_arguments(check)


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """Which rules run, and the configuration read: the same for `check` and `scan`."""
    parser.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help=(
            "rules to enable, replacing the default (codes, prefixes, names or ALL; "
            "comma-separated)"
        ),
    )
    parser.add_argument(
        "--extend-select",
        action="append",
        default=[],
        metavar="CODES",
        help="rules to enable besides the selection",
    )
    parser.add_argument(
        "--ignore", action="append", default=[], metavar="CODES", help="rules to disable"
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="read this urlint.toml or pyproject.toml instead of searching for one",
    )
    parser.add_argument("--isolated", action="store_true", help="read no configuration file")


def _argparse_in_english() -> None:
    """argparse's own words as written, looked up in no translation catalogue (however
    argparse was imported: a program calling `main` may have loaded gettext already)."""
    argparse._ = untranslated.gettext  # type: ignore[attr-defined]  # argparse's gettext alias
    argparse.ngettext = untranslated.ngettext  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    heap.allow()  # the CLI's process is urlint's own (heap.py)
    _argparse_in_english()
    arguments = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in arguments if not a.startswith("-")), None)
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    out = io.TextIOWrapper(
        sys.stdout.buffer, encoding="utf-8", errors="replace", write_through=False
    )
    try:
        if args.command == "extract":
            from .extract import run_extract

            return run_extract(args, out, parser)
        if args.command == "check":
            from .check import run_check

            return run_check(args, out)
        if args.command == "scan":
            from .scan import run_scan

            return run_scan(args)
        if args.command == "report":
            from .report import run_report

            return run_report(args, out)
        if args.command == "rules":
            from .check import run_rules

            return run_rules(args, out)
        if args.command == "rule":
            from .check import run_rule

            return run_rule(args, out)
        return EXIT_ERROR  # pragma: no cover - argparse rejects unknown commands
    except BrokenPipeError:
        # The reader went away (`urlint extract | head`): stop quietly, as grep does.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    finally:
        try:
            out.flush()
            out.detach()
        except (BrokenPipeError, ValueError):
            _silence_stdout()


def _jobs(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of processes (1 or more)")
    return jobs


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at devnull so the interpreter's final flush is quiet."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
