"""What stands before an offset in a code text, as the lexers look back at it."""

from __future__ import annotations

import re

# A word's character: a prefix or keyword that follows one is part of a longer name.
WORD = re.compile(r"\w")


def previous(text: str, at: int) -> int:
    """The offset of the last character before `at` but spaces and tabs (-1: none)."""
    before = at - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    return before
