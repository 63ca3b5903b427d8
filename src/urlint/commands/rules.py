"""`urlint rules` and `urlint rule CODE`: the rule catalogue listed, and one rule's page."""

from __future__ import annotations

import sys

from ..core.exits import EXIT_ERROR, EXIT_OK

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import TextIO

    from .options import Subcommands


def add_rules_parser(commands: Subcommands) -> None:
    """`urlint rules`: its arguments."""
    rules = commands.add_parser(
        "rules", help="list every rule", description="List every rule in the catalogue."
    )
    rules.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )


def add_rule_parser(commands: Subcommands) -> None:
    """`urlint rule CODE`: its arguments."""
    rule = commands.add_parser(
        "rule",
        help="explain one rule",
        description="Print a rule's page: what it checks, why, an example, the fix.",
    )
    rule.add_argument("code", metavar="CODE", help="a rule code (C201) or name (unsafe-character)")


def run_rules(args: argparse.Namespace, out: TextIO) -> int:
    """Every rule of the catalogue, one a line with its grade under each target (or as
    JSON); exit status 0."""
    from ..linter.rules.catalogue import all_rules

    entries = all_rules()
    if args.format == "json":
        import json

        json.dump([entry.as_dict() for entry in entries], out, indent=1, ensure_ascii=False)
        out.write("\n")
        return EXIT_OK
    from ..linter.rules.rule import RFC1738, RFC3986

    # The severity under the default target (RFC 1738), then under --target rfc3986 ("off":
    # that standard does not hold the rule).
    for entry in entries:
        default = "" if entry.on_by_default or not entry.rfc1738 else "  (off unless selected)"
        out.write(
            f"{entry.code}  {entry.name:<28} {entry.grade_under(RFC1738):<8} "
            f"rfc3986: {entry.grade_under(RFC3986):<8} {entry.summary}{default}\n"
        )
    return EXIT_OK


def run_rule(args: argparse.Namespace, out: TextIO) -> int:
    """One rule's page; exit status 2 for a code or name no rule has."""
    from ..linter.rules.catalogue import find

    entry = find(args.code)
    if entry is None:
        from ..grammar.display import shown

        print(f"urlint: no rule '{shown(args.code)}' (see `urlint rules`)", file=sys.stderr)
        return EXIT_ERROR
    from ..linter.rules.pages import rule_page

    out.write(rule_page(entry))
    return EXIT_OK
