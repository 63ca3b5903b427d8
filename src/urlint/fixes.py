"""Applying safe fixes (`--fix`) and showing them (`--diff`).

A fix is a set of raw edits (findings.Edit) that never changes what a URL means and never
touches a URL that holds a password (rules.engine). Edits that overlap an earlier one are
left for the next run. The diff masks every password in the file at its raw spans, so
`--diff` shows none either (RFC 1738 section 6).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from .records import record

from .findings import Edit, Finding
from .model import Position
from .grammar.login import MASK
from .rules.engine import hidden_spans
from .scanner import scan

MAX_FIX_BYTES = 64 * 1024 * 1024  # files larger than this are reported, never rewritten


@record
class SourceText:
    text: str
    encoding: str
    bom: bool

    @classmethod
    def read(cls, path: str) -> SourceText | None:
        """The file as text, as the scanner decoded it (UTF-8, else Latin-1); None when
        it is too large or unreadable."""
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_FIX_BYTES + 1)
        except OSError:
            return None
        if len(data) > MAX_FIX_BYTES:
            return None
        bom = data.startswith(b"\xef\xbb\xbf")
        if bom:
            data = data[3:]
        try:
            return cls(data.decode("utf-8"), "utf-8", bom)
        except UnicodeDecodeError:
            return cls(data.decode("latin-1"), "latin-1", False)

    def encoded(self, text: str) -> bytes:
        return (b"\xef\xbb\xbf" if self.bom else b"") + text.encode(self.encoding, errors="strict")


class Offsets:
    """Raw positions to offsets in a text."""

    def __init__(self, text: str) -> None:
        starts = [0]
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        self.starts = starts

    def offset(self, position: Position) -> int:
        return self.starts[position.line - 1] + position.column - 1


def apply_edits(text: str, edits: Iterable[Edit]) -> tuple[str, int]:
    """`text` with `edits` applied (overlapping ones skipped), and how many were applied."""
    index = Offsets(text)
    spans = sorted(
        ((index.offset(e.span.start), index.offset(e.span.end), e.text) for e in edits),
        key=lambda item: (item[0], item[1]),
    )
    chosen: list[tuple[int, int, str]] = []
    last_end = -1
    for start, end, replacement in spans:
        if start < last_end or (start == last_end and chosen and chosen[-1][0] == chosen[-1][1] == start):
            continue
        chosen.append((start, end, replacement))
        last_end = end
    pieces, cursor = [], 0
    for start, end, replacement in chosen:
        pieces.append(text[cursor:start])
        pieces.append(replacement)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces), len(chosen)


def fix_edits(findings: Iterable[Finding]) -> list[Edit]:
    return [edit for finding in findings if finding.fix is not None for edit in finding.fix.edits]


def masked_diff(path: str, old: str, edits: list[Edit]) -> str:
    """Unified diff of `old` against `old` with `edits`, every password masked in both."""
    secrets = [Edit(span, MASK) for candidate in scan(old) for span in hidden_spans(candidate)]
    before, _ = apply_edits(old, secrets)
    after, _ = apply_edits(old, [*edits, *secrets])
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True), after.splitlines(keepends=True), fromfile=f"a/{path}", tofile=f"b/{path}"
        )
    )
