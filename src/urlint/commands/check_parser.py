"""`urlint check`: its arguments."""

from __future__ import annotations

from .arguments import add_rule_arguments, add_run_arguments, add_selection_arguments

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .arguments import Subcommands


CHECK_FORMATS = ("text", "concise", "full", "json", "jsonl", "sarif", "github")


def add_check_parser(commands: Subcommands) -> None:
    """`urlint check`: its arguments."""
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
