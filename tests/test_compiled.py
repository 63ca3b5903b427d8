"""The optional compiled build (setup.py, URLINT_COMPILE=1): .ci/run installs it in a
virtualenv of its own and runs the whole suite on it with URLINT_EXPECT_COMPILED=1, so a
build that quietly fell back to Python would not pass for a compiled one."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import pkgutil

import pytest

import urlint.scanner

COMPILED = sorted(
    f"urlint.scanner.{module.name}"
    for module in pkgutil.iter_modules(urlint.scanner.__path__)
    if module.name != "positions"  # for type checkers only: never imported by a run
)


@pytest.mark.skipif(
    os.environ.get("URLINT_EXPECT_COMPILED") != "1", reason="the pure-Python build"
)
def test_the_scanner_runs_compiled():
    assert COMPILED == [
        "urlint.scanner.bare",
        "urlint.scanner.continuation",
        "urlint.scanner.furniture",
        "urlint.scanner.scanner",
        "urlint.scanner.textpos",
        "urlint.scanner.wrappers",
    ]
    for name in COMPILED:
        path = importlib.import_module(name).__file__ or ""
        assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path
