"""One job a module, and a module past 600 lines says why (CONTRIBUTING.md): every module of
the package past the bound is listed here, and its docstring's paragraph that opens "Past
600 lines:" says what holds it together; a module that comes back under the bound leaves
the list."""

from __future__ import annotations

import ast

from ..helpers import REPO

LIMIT = 600
PAST_THE_LIMIT = {
    "commands/check.py",
    "grammar/login.py",
    "linter/config.py",
    "linter/rules/near.py",
    "linter/rules/syntax.py",
    "mail/fast.py",
    "mail/mbox.py",
    "scanner/fast.py",
    "scanner/file_kinds.py",
    "scanner/markup.py",
    "scanner/scanner.py",
}
# Written by tools/compile_patterns.py: data, not code anyone reads as a module
GENERATED = {"_runtime/compiled_patterns.py", "_runtime/compiled_later.py"}


def test_a_module_past_600_lines_is_listed_and_says_why():
    package = REPO / "src" / "urlint"
    past, unsaid = set(), []
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package).as_posix()
        source = path.read_text(encoding="utf-8")
        if name in GENERATED or source.count("\n") <= LIMIT:
            continue
        past.add(name)
        docstring = ast.get_docstring(ast.parse(source)) or ""
        if "\n\nPast 600 lines: " not in f"\n\n{docstring}":
            unsaid.append(name)
    assert (sorted(past), unsaid) == (sorted(PAST_THE_LIMIT), [])
