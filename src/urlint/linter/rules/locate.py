"""From offsets in a candidate's URL back to raw positions in the text it came from.

A candidate's pieces are the raw runs of URL text, one per line it crosses (split again
where a wrapper held whitespace), and the URL is exactly their text joined. So offset i of
the URL lies in the piece whose cumulative length passes i, at column start + (i - before).
"""

from __future__ import annotations

from ...core.model import Candidate, Position, Span


class UrlMap:
    """Raw positions of a candidate's URL characters, found through the pieces it came from."""

    __slots__ = ("_pieces", "_starts", "_fallback")

    def __init__(self, candidate: Candidate) -> None:
        pieces = candidate.pieces
        starts = []
        total = 0
        for piece in pieces:
            starts.append(total)
            total += piece.end.column - piece.start.column
        self._pieces = pieces
        self._starts = starts
        # A piece list that does not add up to the URL (a library caller's hand-made
        # candidate) cannot be mapped per character: point at the whole candidate.
        self._fallback = candidate.span if (total != len(candidate.url) or not pieces) else None

    def position(self, offset: int) -> Position:
        """Raw position of the URL's character at `offset`."""
        if self._fallback is not None:
            return self._fallback.start
        index = len(self._starts) - 1
        while index > 0 and self._starts[index] > offset:
            index -= 1
        return self._pieces[index].start.shifted(offset - self._starts[index])

    def span(self, start: int, end: int) -> Span:
        """Raw span of the URL's characters [start, end).

        An empty range marks the one character at `start` (or the last one, at the URL's
        end)."""
        if self._fallback is not None:
            return self._fallback
        if end <= start:
            if start >= self._total():
                last = self.position(start - 1) if start > 0 else self._pieces[0].start
                return Span(last.shifted(1), last.shifted(1))
            end = start + 1
        first = self.position(start)
        return Span(first, self.position(end - 1).shifted(1))

    def _total(self) -> int:
        piece = self._pieces[-1]
        return self._starts[-1] + piece.end.column - piece.start.column
