"""What places the scanner's candidates, for type checkers only.

The scanner imports it under TYPE_CHECKING, so no run loads `typing` for it, and a Protocol
class nested in an `if` block is one thing mypyc cannot compile (the scanner is compiled in
the optional build: setup.py)."""

from __future__ import annotations

from typing import Protocol

from ..core.model import Position, Span


class Positions(Protocol):
    """Turns offsets in the scanned text into positions.

    A LineIndex, or for decoded mail a Relocator (mail/textmap.py), whose positions are
    those of the raw file."""

    def position(self, offset: int) -> Position:
        """The position of the character at `offset` in the scanned text."""

    def span(self, start: int, end: int) -> Span:
        """The span of the scanned text's characters [start, end)."""
