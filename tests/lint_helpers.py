"""Helpers for linter tests: lint a text with chosen rules, get (code, span) tuples."""

from __future__ import annotations

from urlint.core.findings import Finding
from urlint.linter.config import select_rules
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.rule import RuleOptions
from urlint.scanner.scanner import scan


def lint(
    text: str,
    select: list[str] | None = None,
    options: RuleOptions | None = None,
    syntax: str = "text",
) -> list[Finding]:
    """Every finding in `text` read in `syntax` (scanner.syntax: "text", "markdown" ...)."""
    linter = Linter(select_rules(select or ["ALL"], [], []), options)
    return [
        finding
        for candidate in scan(text, syntax=syntax)
        for finding in linter.lint(candidate, "t.txt")
    ]


def spans(
    text: str,
    select: list[str] | None = None,
    options: RuleOptions | None = None,
    syntax: str = "text",
) -> list[tuple]:
    """(code, line, column, end_line, end_column) of every finding."""
    return [
        (f.code, f.line, f.column, f.end_line, f.end_column)
        for f in lint(text, select, options, syntax)
    ]


def assert_code_means_the_same(directory, before: dict[str, str]) -> None:
    """Each code file in `directory` named in `before` still parses, to what its text
    `before` parsed to where a parser gives a value: Python (`ast`), YAML (a loader), shell
    (`bash -n`), JavaScript (`node --check`, where node is installed)."""
    import ast
    import shutil
    import subprocess

    import yaml

    for name, text in before.items():
        path = directory / name
        if name.endswith(".py"):
            assert ast.dump(ast.parse(path.read_text(encoding="utf-8"))) == ast.dump(
                ast.parse(text)
            ), name
        elif name.endswith((".yaml", ".yml")):
            assert yaml.safe_load(path.read_text(encoding="utf-8")) == yaml.safe_load(text), name
        elif name.endswith(".sh"):
            assert subprocess.run(["bash", "-n", str(path)], check=False).returncode == 0, name
        elif name.endswith(".js") and shutil.which("node") is not None:
            check = subprocess.run(["node", "--check", str(path)], check=False)
            assert check.returncode == 0, name


def every_place(found: list[Finding]) -> list[tuple[Finding, object]]:
    """Each finding with each place it names, in text order: its own span, and the spans
    of its `more` (one finding a URL and a rule holds the rule's other places in that URL:
    linter.certainty.one_a_rule)."""
    placed = [(f, f.span) for f in found] + [(f, span) for f in found for span in f.more]
    return sorted(placed, key=lambda pair: (pair[1].start.line, pair[1].start.column))
