"""Helpers for linter tests: lint a text with chosen rules, get (code, span) tuples."""

from __future__ import annotations

from urlint.core.findings import Finding
from urlint.linter.config import select_rules
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.rule import RuleOptions
from urlint.scanner import scan


def lint(
    text: str, select: list[str] | None = None, options: RuleOptions | None = None
) -> list[Finding]:
    linter = Linter(select_rules(select or ["ALL"], [], []), options)
    return [finding for candidate in scan(text) for finding in linter.lint(candidate, "t.txt")]


def spans(
    text: str, select: list[str] | None = None, options: RuleOptions | None = None
) -> list[tuple]:
    """(code, line, column, end_line, end_column) of every finding."""
    return [
        (f.code, f.line, f.column, f.end_line, f.end_column) for f in lint(text, select, options)
    ]
