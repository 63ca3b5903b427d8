"""The `urlint` command: parses arguments and wires sources, scanner and reporters together.

Exit codes (a public contract, DESIGN.md): 0 done, 1 findings (`check`), 2 usage error,
configuration error, an input that could not be read, or an internal error.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence

from .exits import EXIT_ERROR, EXIT_OK

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]

COMMANDS = ("extract", "check", "rules", "rule")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; given the command about to run, only its subcommand is built
    (argparse spends milliseconds per option, and a pre-commit hook starts often)."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="urlint",
        description=(
            "Find every URL in plain text, rejoin URLs broken across lines (RFC 1738 appendix), "
            "and lint them against RFC 1738."
        ),
    )
    parser.add_argument("--version", action="version", version=f"urlint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command in (None, "extract"):
        add_extract_parser(commands)
    if command in (None, "check"):
        add_check_parser(commands)
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
        description="List every URL in files, directories (recursively) or standard input ('-').",
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
    check.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help=(
            "rules to enable, replacing the default (codes, prefixes, names or ALL; "
            "comma-separated)"
        ),
    )
    check.add_argument(
        "--extend-select",
        action="append",
        default=[],
        metavar="CODES",
        help="rules to enable besides the selection",
    )
    check.add_argument(
        "--ignore", action="append", default=[], metavar="CODES", help="rules to disable"
    )
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
        "--config",
        metavar="FILE",
        help="read this urlint.toml or pyproject.toml instead of searching for one",
    )
    check.add_argument("--isolated", action="store_true", help="read no configuration file")
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


def main(argv: Sequence[str] | None = None) -> int:
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
            return run_extract(args, out, parser)
        if args.command == "check":
            from .check_command import run_check

            return run_check(args, out)
        if args.command == "rules":
            from .check_command import run_rules

            return run_rules(args, out)
        if args.command == "rule":
            from .check_command import run_rule

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


def run_extract(
    args: argparse.Namespace, out: io.TextIOWrapper, parser: argparse.ArgumentParser
) -> int:
    from .pipeline import Found, scan_paths
    from .reporters import extract as report

    paths = args.paths
    if not paths:
        if sys.stdin is None or sys.stdin.isatty():
            parser.error("extract needs a PATH, or '-' to read standard input")
        paths = ["-"]
    status = EXIT_OK
    show = args.show_passwords
    for item in scan_paths(paths):
        if isinstance(item, Found):
            candidate = item.candidate
            if not candidate.url:
                continue  # an empty wrapper ("<URL:>") is no URL; `check` reports it (X106)
            if args.format == "jsonl":
                line = report.jsonl_line(item.path, candidate, item.message, show_passwords=show)
            elif args.with_position:
                line = report.positioned_line(item.path, candidate, show_passwords=show)
            else:
                line = report.text_line(candidate, show_passwords=show)
            out.write(line)
            out.write("\n")
        else:
            if item.silent:
                continue
            if item.kind.fails:  # not read, or read only in part (a damaged message is news)
                status = EXIT_ERROR
            print(report.problem_line(item), file=sys.stderr)
    return status


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
