"""`urlint baseline show FILE`: a baseline's entries listed, to audit what it accepts.

Each entry: its file, its rule, its URL masked (a password is never shown: the file holds
none, and what it holds is masked again) and how many findings it accepts. A baseline
written before the masked URL was kept names its URL by hash."""

from __future__ import annotations

import sys

from ..core.exits import EXIT_ERROR, EXIT_OK, ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import TextIO

    from .options import Subcommands


def add_baseline_parser(commands: Subcommands) -> None:
    """`urlint baseline`: its actions (show) and their arguments."""
    baseline = commands.add_parser(
        "baseline",
        help="list what a baseline accepts",
        description=(
            "Audit a baseline that check --write-baseline wrote: list its entries. Exit "
            "status: 0 listed, 2 a file that cannot be read or is no baseline."
        ),
    )
    actions = baseline.add_subparsers(dest="action", metavar="ACTION", required=True)
    show = actions.add_parser(
        "show",
        help="list the entries: file, rule, masked URL, findings accepted",
        description=(
            "List a baseline's entries, one a line: the file, the rule, the URL with its "
            "password masked (or its hash, in a baseline that kept no URL) and, where an "
            "entry accepts more than one finding, how many."
        ),
    )
    show.add_argument("file", metavar="FILE", help="the baseline (check --write-baseline's)")


def run_baseline(args: argparse.Namespace, out: TextIO) -> int:
    """`urlint baseline show` with the parsed `args`; the exit status."""
    from ..grammar.display import shown
    from ..linter.baseline import Baseline

    try:
        baseline = Baseline.load(args.file)
    except ConfigError as error:
        print(f"urlint: {shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    for rule, path, url, digest, count in baseline.entries():
        said = shown(url) if url is not None else f"(a URL of hash {digest})"
        times = f" ({count} findings)" if count > 1 else ""
        out.write(f"{shown(path)}: {shown(rule)} {said}{times}\n")
    return EXIT_OK
