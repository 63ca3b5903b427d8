"""The compiled build (setup.py: what `pip install .` builds where it can): .ci/run runs the
suite on it with URLINT_EXPECT_COMPILED=1, so a build that quietly fell back to Python
would not pass for a compiled one."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

# setup.py's COMPILED, as modules
COMPILED = [
    "urlint.core.inputs",
    "urlint.core.numbers",
    "urlint.grammar.components",
    "urlint.grammar.display",
    "urlint.grammar.login",
    "urlint.grammar.parse",
    "urlint.linter.certainty",
    "urlint.linter.checker",
    "urlint.linter.fixable",
    "urlint.linter.rules.characters",
    "urlint.linter.rules.engine",
    "urlint.linter.rules.locate",
    "urlint.linter.rules.per_scheme",
    "urlint.linter.rules.reserved",
    "urlint.linter.rules.rule",
    "urlint.linter.rules.security",
    "urlint.linter.rules.syntax",
    "urlint.linter.rules.text",
    "urlint.mail.containers",
    "urlint.mail.decoders",
    "urlint.mail.headers",
    "urlint.mail.html",
    "urlint.mail.mbox",
    "urlint.mail.mime",
    "urlint.mail.origin",
    "urlint.mail.pipermail",
    "urlint.mail.prefilter",
    "urlint.mail.reader",
    "urlint.mail.reported",
    "urlint.mail.textmap",
    "urlint.output.extract",
    "urlint.output.printable",
    "urlint.scanner.bare",
    "urlint.scanner.bare_url",
    "urlint.scanner.continuation",
    "urlint.scanner.furniture",
    "urlint.scanner.going_on",
    "urlint.scanner.joins",
    "urlint.scanner.line_breaks",
    "urlint.scanner.login_runs_on",
    "urlint.scanner.markup",
    "urlint.scanner.markup_kept",
    "urlint.scanner.markup_lines",
    "urlint.scanner.near",
    "urlint.scanner.near_placed",
    "urlint.scanner.scanner",
    "urlint.scanner.textpos",
    "urlint.scanner.wrappers",
    "urlint.sources.text",
]


# setup.py's FAST: what Cython compiles, in every build but the pure one
FAST = [
    "urlint._kernels.letters",
    "urlint._kernels.lines",
    "urlint._kernels.records",
    "urlint._kernels.search",
    "urlint.scanner.fast",
    "urlint.mail.url_starts",
    "urlint.mail.header_ends",
    "urlint.mail.fast",
]


def test_the_compiled_modules_are_setup_pys():
    setup = (Path(__file__).parents[2] / "setup.py").read_text()
    listed = re.findall(r'"src/(urlint/[a-z/_]+)\.py"', setup)
    assert [name.replace("/", ".") for name in listed] == [*COMPILED, *FAST]


@pytest.mark.skipif(os.environ.get("URLINT_EXPECT_COMPILED") != "1", reason="the pure-Python build")
def test_the_hot_path_runs_compiled():
    for name in COMPILED:
        path = importlib.import_module(name).__file__ or ""
        assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path


@pytest.mark.skipif(os.environ.get("URLINT_EXPECT_COMPILED") != "1", reason="the pure-Python build")
def test_the_fast_paths_run_compiled():
    from urlint.mail import headers
    from urlint.scanner import scanner

    for name in FAST:
        path = importlib.import_module(name).__file__ or ""
        assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path
    assert scanner.fast_lane() is not None
    assert headers.LOOPS is importlib.import_module("urlint.mail.fast")


def _version(**environ: str) -> str:
    """What `urlint --version` prints, run with `environ` added to this one's."""
    done = subprocess.run(
        [sys.executable, "-m", "urlint", "--version"],
        env={**os.environ, **environ},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.mark.processes
def test_the_version_says_which_build_runs():
    from urlint.core.version import __version__
    from urlint.scanner import fast, scanner

    extension = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [
        name
        for name, runs in (
            # the fast path where it is built and not turned off (URLINT_PURE=1)
            (
                "cython",
                (fast.__file__ or "").endswith(extension) and scanner.fast_lane() is not None,
            ),
            ("mypyc", (scanner.__file__ or "").endswith(extension)),
        )
        if runs
    ]
    build = f"compiled: {', '.join(compiled)}" if compiled else "pure Python"
    assert _version() == f"urlint {__version__} ({build})\n"
    if os.environ.get("URLINT_EXPECT_COMPILED") == "1":
        assert build == "compiled: cython, mypyc"


@pytest.mark.processes
def test_the_version_says_the_pure_path_runs_where_it_is_asked_for():
    from urlint.core.version import __version__
    from urlint.scanner import scanner

    pure_path = _version(URLINT_PURE="1")
    mypyc = (scanner.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert pure_path == f"urlint {__version__} ({'compiled: mypyc' if mypyc else 'pure Python'})\n"


# A generator expression may stand as a call's argument (the call consumes it); anywhere
# else (returned, kept, in a tuple) mypyc compiles it into a list, made whole where it
# stands: a decoded mail text's candidates were all held at once (bench/adversarial.py's
# base64 HTML part peaked at 304 MB on the compiled build, 162 MB on the pure one).
def test_no_compiled_module_keeps_a_generator_expression():
    root = Path(__file__).parents[2] / "src"
    kept = []
    for name in COMPILED:
        path = root / (name.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consumed = {
            id(argument)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            for argument in node.args
        }
        kept += [
            f"{name}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.GeneratorExp) and id(node) not in consumed
        ]
    assert kept == []


class _CountedPositions:
    """A LineIndex that counts the positions asked of it."""

    def __init__(self, text: str) -> None:
        from urlint.scanner.textpos import LineIndex

        self.index = LineIndex(text)
        self.asked = 0

    def position(self, offset):
        self.asked += 1
        return self.index.position(offset)

    def span(self, start, end):
        self.asked += 1
        return self.index.span(start, end)


def test_a_texts_candidates_are_found_as_they_are_iterated():
    # (In both builds: compiled, a generator expression found them all before the first.)
    from urlint.scanner.scanner import iter_candidates

    text = "".join(f"see http://h{n}.example/ and <URL:ftp://f{n}.example/>\n" for n in range(2000))
    positions = _CountedPositions(text)
    candidates = iter_candidates(text, positions=positions)
    first, second = next(candidates), next(candidates)
    assert (first.url, second.url) == ("http://h0.example/", "ftp://f0.example/")
    assert positions.asked == 3  # the first line's two URLs placed, no more
    rest = [c.url for c in candidates]
    assert (len(rest), rest[-1]) == (3998, "ftp://f1999.example/")
    assert positions.asked == 2000 * 3  # each line's, once
