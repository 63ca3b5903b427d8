"""Baselines on the command line: `urlint baseline show FILE`, and `check --write-baseline`.

`show` lists a baseline's entries, to audit what it accepts. Each entry: its file, its
rule, its URL masked (a password is never shown: the file holds none, and what it holds is
masked again) and how many findings it accepts. A baseline written before the masked URL
was kept names its URL by hash. `write_check_baseline` is check's --write-baseline."""

from __future__ import annotations

import sys

from ..core.exits import EXIT_ERROR, EXIT_OK, ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable, Iterator
    from typing import TextIO

    from ..core.findings import Finding
    from ..linter.baseline import Baseline
    from ..linter.config import Settings
    from ..sources.files import FileId
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


def write_check_baseline(
    args: argparse.Namespace, settings: Settings, paths: list[str], skip: frozenset[FileId]
) -> int:
    """`check --write-baseline`: every current finding written as a baseline; over an
    existing one, how many of its entries no longer occur is said (they are dropped: the
    baseline keeps what occurs). The files in `skip` (the run's own: a --baseline it was
    given) are not read, nor is the baseline being written."""
    from ..grammar.display import shown
    from ..linter.baseline import Baseline, write_baseline
    from ..linter.checker import Checker
    from ..sources.files import file_id
    from .options import make_tally

    existing = file_id(args.write_baseline)
    if existing is not None:
        skip = skip | {existing}
    previous = None
    if existing is not None:
        try:
            previous = Baseline.load(args.write_baseline)
        except ConfigError:
            previous = None  # not a baseline: written over, as before, nothing to prune
    tally = make_tally(args, "finding", paths, settings.selection, skip, own_summary=True)
    try:
        findings = Checker(settings, observer=tally).check_paths(paths, skip)
        if previous is not None:
            findings = _matched(findings, previous)
        try:
            count = write_baseline(args.write_baseline, findings)
        except OSError as error:  # the old baseline, if any, is as it was
            print(
                f"urlint: {shown(args.write_baseline)}: cannot write the baseline: "
                f"{shown(error.strerror or str(error))}",
                file=sys.stderr,
            )
            return EXIT_ERROR
    finally:
        if tally is not None:
            tally.settle()
    if not args.quiet:
        entries = f"{count} {'entry' if count == 1 else 'entries'}"
        said = (
            f"baseline: {entries}, {previous.left} dropped"
            if previous is not None
            else f"wrote a baseline of {count} finding{'s' if count != 1 else ''} to "
            f"{shown(args.write_baseline)}"
        )
        print(f"urlint: {said}", file=sys.stderr)
    if tally is not None:
        tally.found = count
        tally.finish()
    return EXIT_OK


def _matched(findings: Iterable[Finding], previous: Baseline) -> Iterator[Finding]:
    """`findings`, each matched off the previous baseline's entries as it passes: what is
    left there at the end occurs no more."""
    for finding in findings:
        previous.accepts(finding)
        yield finding
