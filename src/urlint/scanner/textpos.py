"""Character offsets to 1-based (line, column), computed only for the offsets asked about."""

from __future__ import annotations

from ..model import Position, Span


class LineIndex:
    """Turns offsets into positions without indexing every line up front.

    The scanner asks in nearly ascending order, so the index walks from the last offset
    it was asked about: the total work is linear in the text, even for a megabyte-long
    line holding thousands of URLs (the line start is cached, never searched again).
    """

    __slots__ = ("_text", "_line_base", "_column_base", "_offset", "_line", "_line_start")

    def __init__(self, text: str, line_base: int = 1, column_base: int = 0) -> None:
        self._text = text
        self._line_base = line_base
        # A chunk cut inside a very long line starts mid-line: its first line's columns
        # continue from the previous chunk's.
        self._column_base = column_base
        self._offset = 0
        self._line = line_base
        self._line_start = 0

    def position(self, offset: int) -> Position:
        text = self._text
        if offset >= self._offset:
            newlines = text.count("\n", self._offset, offset)
            if newlines:
                self._line += newlines
                self._line_start = text.rfind("\n", self._offset, offset) + 1
        else:
            newlines = text.count("\n", offset, self._offset)
            if newlines:
                self._line -= newlines
                self._line_start = text.rfind("\n", 0, offset) + 1
        self._offset = offset
        column = offset - self._line_start + 1
        if self._line == self._line_base:
            column += self._column_base
        return Position(self._line, column)

    def span(self, start: int, end: int) -> Span:
        return Span(self.position(start), self.position(end))
