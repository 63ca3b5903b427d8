"""Character offsets to 1-based (line, column), computed only for the offsets asked about."""

from __future__ import annotations

from ..core.model import Position, Span
from ..core.records import built


class LineIndex:
    """Turns offsets into positions without indexing every line up front.

    The scanner asks in nearly ascending order, so the index walks from the last offset
    it was asked about: the total work is linear in the text, even for a megabyte-long
    line holding thousands of URLs (the line start is cached, never searched again). It
    reads bytes too (mail/textmap.py walks a raw mail part with it).
    """

    __slots__ = (
        "_text",
        "_newline",
        "_line_base",
        "_column_base",
        "_offset_base",
        "_offset",
        "_line",
        "_line_start",
    )

    def __init__(
        self, text: str | bytes, line_base: int = 1, column_base: int = 0, offset_base: int = 0
    ) -> None:
        self._text = text
        self._newline = "\n" if isinstance(text, str) else b"\n"
        self._line_base = line_base
        # A chunk cut inside a very long line starts mid-line: its first line's columns
        # continue from the previous chunk's.
        self._column_base = column_base
        # A chunk of a longer text: its offsets continue from those of the text before it.
        self._offset_base = offset_base
        self._offset = 0
        self._line = line_base
        self._line_start = 0

    def locate(self, offset: int) -> tuple[int, int]:
        """(line number, offset of that line's start) of `offset`."""
        text, newline = self._text, self._newline
        if offset >= self._offset:
            newlines = text.count(newline, self._offset, offset)  # type: ignore[arg-type]
            if newlines:
                self._line += newlines
                self._line_start = text.rfind(newline, self._offset, offset) + 1  # type: ignore[arg-type]
        else:
            newlines = text.count(newline, offset, self._offset)  # type: ignore[arg-type]
            if newlines:
                self._line -= newlines
                self._line_start = text.rfind(newline, 0, offset) + 1  # type: ignore[arg-type]
        self._offset = offset
        return self._line, self._line_start

    def bases(self) -> tuple[int, int, int]:
        """(line, column, offset) bases: the first line's number, the columns before the
        text on it, the offset of the text's start in the whole."""
        return self._line_base, self._column_base, self._offset_base

    def walk(self) -> tuple[int, int, int]:
        """Where the index was last asked about: (offset, its line, that line's start)."""
        return self._offset, self._line, self._line_start

    def walked_to(self, offset: int, line: int, line_start: int) -> None:
        """Go on from `offset` on `line`, which starts at `line_start`: where a reader that
        counted the lines itself (scanner.fast) got to, which the index need not count
        again."""
        self._offset, self._line, self._line_start = offset, line, line_start

    def position(self, offset: int) -> Position:
        """The position of `offset`: its line, its 1-based column, and its offset in the whole."""
        line, line_start = self.locate(offset)
        column = offset - line_start + 1
        if line == self._line_base:
            column += self._column_base
        return built(Position, (line, column, offset + self._offset_base))

    def span(self, start: int, end: int) -> Span:
        """The span of the characters [start, end), end exclusive."""
        # `position(start)`, written out: a call fewer for each URL.
        line, line_start = self.locate(start)
        column = start - line_start + 1
        if line == self._line_base:
            column += self._column_base
        offset_base = self._offset_base
        first = built(Position, (line, column, start + offset_base))
        if self._text.find(self._newline, start, end) < 0:  # type: ignore[arg-type]
            # On one line, as every bare URL is (whitespace ends it): its end is as many
            # columns on as it has characters, no walk to it.
            last = built(Position, (line, column + end - start, end + offset_base))
        else:
            last = self.position(end)
        return built(Span, (first, last))


def line_starts(text: str) -> list[int]:
    """The offset where each line of `text` starts.

    Lines ended by "\n" only (as the scanner counts them): for what looks lines up at random
    (`full`, `--fix`, `--diff`)."""
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts
