"""`urlint extract`: its arguments."""

from __future__ import annotations

from .arguments import add_config_arguments, add_run_arguments, add_selection_arguments

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .arguments import Subcommands


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
    add_run_arguments(extract, "no notes on damaged or unread input, ")
