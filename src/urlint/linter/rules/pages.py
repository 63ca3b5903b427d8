"""A rule's page, written once, for `urlint rule CODE` and for SARIF.

`urlint rule CODE` prints it and SARIF carries it as the rule's help (text and markdown), as
ruff's rule pages are one text for the docs and the CLI."""

from __future__ import annotations

from .rule import Rule


def rests_on(entry: Rule) -> str:
    """What the rule rests on: its RFC 1738 section, or the run itself (the M rules)."""
    return f"RFC 1738 section {entry.section}" if entry.section is not None else "the run itself"


def rule_page(entry: Rule) -> str:
    """The rule's page in Markdown.

    Severity and default, what it rests on, whether it has a safe fix, then what it does,
    why it matters, what of it goes beyond section 5's BNF (where something does), an
    example, what to write instead, the fix and its safety (ruff's "Fix safety": what
    `--fix` changes and when not, or why no fix)."""
    default = "on by default" if entry.on_by_default else "off unless selected"
    lines = [
        f"# {entry.code} {entry.name}",
        "",
        f"Severity: {entry.severity.value} ({default}). Rests on: {rests_on(entry)}.",
        f"Fix: {'safe fix available (--fix)' if entry.safe_fix else 'by hand'}.",
        "",
        "## What it does",
        entry.summary,
        "",
        "## Why is this bad?",
        entry.explanation,
        "",
        *_beyond_the_bnf(entry),
        "## Example",
        entry.example,
        "",
        "## Use instead",
        entry.use_instead,
        "",
        "## Fix",
        entry.fix or "None.",
        "",
        "## Fix safety",
        entry.fix_safety,
    ]
    return "\n".join(lines) + "\n"


def _beyond_the_bnf(entry: Rule) -> list[str]:
    """The page's "Beyond the BNF" section: the rule's checks that section 5's grammar does
    not make, each with what it rests on and its severity; none where there are none."""
    if not entry.beyond_bnf:
        return []
    return [
        "## Beyond the BNF",
        "RFC 1738 section 5's BNF does not make these checks; each says what it rests on and "
        "why it has its severity.",
        "",
        *(f"- {note}" for note in entry.beyond_bnf),
        "",
    ]
