"""Shared test helpers: where the shared corpora and peer fixtures live, when present; the
URLs urlint extracts from a text; the command line run in this process."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from urlint import extract

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("URLINT_SHARED", REPO.parent / "shared"))
CORPORA = SHARED / "corpora"
PEER_FIXTURES = SHARED / "peer-fixtures"
SPEC = SHARED / "spec"


# The quick tier (the README's test command) draws a quarter of each property test's
# examples; URLINT_THOROUGH=1 draws them all (.ci/run: the slow tier and the compiled
# build's whole suite). Every example is the same run after run (tests/conftest.py).
THOROUGH = os.environ.get("URLINT_THOROUGH") == "1"


def examples(count: int) -> int:
    """How many examples a property test that asks for `count` draws in this run."""
    return count if THOROUGH else max(10, count // 4)


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not present")
    return path


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def urls(text: str) -> list[str]:
    """The URLs `urlint.extract` finds in `text`, in order."""
    return [c.url for c in extract(text)]


def readings(text: str) -> list[tuple]:
    """Each URL of `text`: its URL, alt, flags, span and pieces (lines and columns)."""
    return [
        (
            c.url,
            c.alt,
            sorted(flag.value for flag in c.flags),
            (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column),
            [(p.start.line, p.start.column, p.end.line, p.end.column) for p in c.pieces],
        )
        for c in extract(text)
    ]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """`urlint ARGV...` in this process: (exit status, stdout, stderr)."""
    from urlint.commands.cli import main

    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def without_offsets(value):
    """`value` (a Candidate, a Span, a tuple of them, anything else as it is) with every
    position's character offset dropped: for comparing lines and columns alone."""
    from urlint import Candidate, Position, Span

    if isinstance(value, Span):
        return Span(Position(*value.start[:2]), Position(*value.end[:2]))
    if isinstance(value, Candidate):
        return value._replace(
            **{
                name: without_offsets(getattr(value, name))
                for name in ("span", "pieces", "wrapper_span", "continuation", "login_rest")
            }
        )
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(without_offsets(item) for item in value)
    return value


def line_events(events, end: str = "\n") -> list:
    """runner.run_units' events one a URL, as the writer writes them: a FoundLine's line, a
    LineBlock's lines each (their `end` dropped), any other event as it is."""
    from urlint.output.extract import LineBlock

    lines: list = []
    for event in events:
        if type(event) is LineBlock:
            lines.extend(event.text().split(end)[:-1])
        elif type(event) is tuple:
            lines.append(event[2])
        else:
            lines.append(event)
    return lines


# A line with one URL whose finding is a warning (C202: "~"), for the option tests.
BAD = "see http://example.com/~x/\n"


def fast_as_python(module: ModuleType) -> ModuleType:
    """A fast path's source (the .py beside `module`, compiled or not) loaded as a module of
    its own: its rules run as Python, in any install."""
    package, _, name = module.__name__.rpartition(".")
    path = Path(module.__file__ or "").with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"{package}._{name}_as_python", path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = loaded
    spec.loader.exec_module(loaded)
    return loaded


def fast_path_to_compare(kind: str, module: ModuleType, as_python: ModuleType) -> ModuleType:
    """The fast module a test compares with the pure path: `as_python` for "python"; for
    "compiled", `module` where it is compiled, else skipped with the reason said (failed
    where URLINT_EXPECT_COMPILED=1, as .ci/run's compiled install sets)."""
    if kind == "python":
        return as_python
    if not module.COMPILED:
        if os.environ.get("URLINT_EXPECT_COMPILED") == "1":
            pytest.fail(f"{module.__name__} is not compiled: {module.__file__}")
        pytest.skip(f"{module.__name__} is not compiled here (no C compiler or no Cython)")
    return module


def shared_mail_and_news() -> list[Path]:
    """The mail and news folders of ../shared/corpora (skipped where it is not present)."""
    if not CORPORA.is_dir():
        pytest.skip(f"{CORPORA} is not present (URLINT_SHARED)")
    folders = sorted(p for p in CORPORA.iterdir() if p.name.startswith(("email-", "netnews-")))
    assert len(folders) > 5  # every folder, not a name that changed
    return folders


def printed_on_the_pure_path(probe: str) -> str:
    """What Python code `probe` prints in a process of its own with URLINT_PURE=1 (the
    compiled install's reference path: bench/same_output.py)."""
    import subprocess

    env = {**os.environ, "URLINT_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    return done.stdout
