"""Shared test helpers: where the shared corpora and peer fixtures live, when present; the
URLs urlint extracts from a text; the command line run in this process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from urlint import extract

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("URLINT_SHARED", REPO.parent / "shared"))
CORPORA = SHARED / "corpora"
PEER_FIXTURES = SHARED / "peer-fixtures"
SPEC = SHARED / "spec"


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
