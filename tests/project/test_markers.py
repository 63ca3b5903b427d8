"""The marker tables of tests/conftest.py name files and tests that exist, so that a test
renamed or moved does not lose its marker (and leave the quick run) unseen."""

from __future__ import annotations

import ast
import functools

import pytest

from .. import conftest
from ..helpers import REPO


@functools.cache
def _tests_of(path: str) -> frozenset[str]:
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    return frozenset(
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    )


@pytest.mark.parametrize("path", sorted(conftest.MARKED_FILES))
def test_each_marked_file_exists(path):
    assert _tests_of(path)


@pytest.mark.parametrize("table", ["PROCESSES", "SLOW"])
def test_each_named_test_is_a_test_of_its_file(table):
    missing = [
        f"{path}::{name}"
        for path, names in getattr(conftest, table).items()
        for name in names
        if name not in _tests_of(path)
    ]
    assert missing == []


def test_the_markers_are_registered():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    table = text.split("[tool.pytest.ini_options]", 1)[1].split("\n[", 1)[0]
    for marker in ("slow", "processes", "browser", "dask"):
        assert f'"{marker}: ' in table
