"""The optional compiled build (setup.py, URLINT_COMPILE=1): .ci/run installs it in a
virtualenv of its own and runs the whole suite on it with URLINT_EXPECT_COMPILED=1, so a
build that quietly fell back to Python would not pass for a compiled one."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
from pathlib import Path

import pytest

# setup.py's COMPILED, as modules
COMPILED = [
    "urlint.grammar.components",
    "urlint.grammar.login",
    "urlint.grammar.parse",
    "urlint.mail.decoders",
    "urlint.mail.headers",
    "urlint.mail.html",
    "urlint.mail.mbox",
    "urlint.mail.mime",
    "urlint.mail.origin",
    "urlint.mail.prefilter",
    "urlint.mail.reported",
    "urlint.mail.textmap",
    "urlint.reporters.extract",
    "urlint.reporters.safe",
    "urlint.scanner.bare",
    "urlint.scanner.continuation",
    "urlint.scanner.furniture",
    "urlint.scanner.scanner",
    "urlint.scanner.textpos",
    "urlint.scanner.wrappers",
    "urlint.sources.text",
]


def test_the_compiled_modules_are_setup_pys():
    setup = (Path(__file__).parent.parent / "setup.py").read_text()
    listed = re.findall(r'"src/(urlint/[a-z/_]+)\.py"', setup)
    assert [name.replace("/", ".") for name in listed] == COMPILED


@pytest.mark.skipif(os.environ.get("URLINT_EXPECT_COMPILED") != "1", reason="the pure-Python build")
def test_the_hot_path_runs_compiled():
    for name in COMPILED:
        path = importlib.import_module(name).__file__ or ""
        assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path
