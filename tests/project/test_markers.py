"""The markers that make the test tiers sit on the tests: registered, and on every test that
starts a Python process, so that the quick tier keeps what it says it keeps."""

from __future__ import annotations

import ast

import pytest

from ..helpers import REPO

TIERS = ("slow", "processes", "browser", "dask")


def _marks(node: ast.AST) -> set[str]:
    return {part.attr for part in ast.walk(node) if isinstance(part, ast.Attribute)}


def _is_sys_executable(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "executable"
        and getattr(node.value, "id", "") == "sys"
    )


def _tests_starting_python() -> list[tuple[str, str, set[str]]]:
    """(file, test, its markers) of each test whose own code names `sys.executable`."""
    found = []
    for path in sorted((REPO / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        of_module = set().union(
            *(
                _marks(node.value)
                for node in tree.body
                if isinstance(node, ast.Assign)
                and any(getattr(target, "id", "") == "pytestmark" for target in node.targets)
            )
        )
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                if any(map(_is_sys_executable, ast.walk(node))):
                    marks = of_module | set().union(*map(_marks, node.decorator_list))
                    found.append((path.relative_to(REPO).as_posix(), node.name, marks))
    return found


def test_the_markers_are_registered():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    table = text.split("[tool.pytest.ini_options]", 1)[1].split("\n[", 1)[0]
    assert [marker for marker in TIERS if f'"{marker}: ' not in table] == []


def test_a_test_that_starts_python_is_marked_processes():
    tests = _tests_starting_python()
    assert len(tests) > 20  # the search sees them: tests/commands, tests/run, tests/runtime...
    assert [f"{path}::{name}" for path, name, marks in tests if "processes" not in marks] == []


@pytest.mark.parametrize(
    ("source", "marked"),
    [
        ("def test_a():\n    run([sys.executable])\n", False),
        ("@pytest.mark.processes\ndef test_a():\n    run([sys.executable])\n", True),
    ],
)
def test_the_search_reads_a_decorator(source, marked):
    (node,) = ast.parse(source).body
    assert ("processes" in set().union(*map(_marks, node.decorator_list))) is marked
