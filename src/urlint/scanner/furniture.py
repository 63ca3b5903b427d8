"""Page furniture: the lines typesetting puts between two halves of a wrapped URL.

RFC 1738's appendix lets long URLs break across lines inside a wrapper, and a page break
can fall between the halves. The lines it leaves (a footer such as
`Berners-Lee, et al.   Expires ...   [Page 12]`, a form feed, a running header such as
`RFC 1738   Uniform Resource Locators (URL)   December 1994`, the blank lines around them)
are no part of the URL. Documents with their own layouts repeat their own header and footer
lines (the October 1993 URL draft: `Berners-Lee 20` / `RFC XXXX Uniform Resource Locators
(URL) October 1993`), so a line that the document repeats, page numbers aside, counts too.
"""

from __future__ import annotations

import re
from collections import Counter

from .._runtime.patterns import compiled_when_used

_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)

# The fixed shapes of RFC and Internet-Draft page furniture (RFC 2223 section 3).
_KNOWN_FURNITURE = compiled_when_used(
    r"[^\n]*\[Page [0-9ivxlc]+\][ \t]*$"  # footer: "Name   Expires ...   [Page N]"
    r"|[ \t]*RFC[ \t]+\d+[ \t][^\n]*" + _MONTH + r"[ \t]+\d{4}[ \t]*$"  # RFC header
    r"|[ \t]*Internet[- ]Draft[ \t][^\n]*\d{4}[ \t]*$",  # Internet-Draft header
    re.IGNORECASE,
)

# A line worth asking "does the document repeat this?": words with whitespace between them.
# Continuation lines of a URL have no inner whitespace except in the 1993 drafts' style,
# and those are not repeated page after page.
_INNER_SPACE = compiled_when_used(r"\S[ \t]+\S")
_URL_DELIMITERS = compiled_when_used(r"[<>]|://")
_DIGITS = compiled_when_used(r"\d+")
_WORD_BREAKS = compiled_when_used(r"[\d\s]+")
_SPACES = compiled_when_used(r"[ \t]+")

MIN_REPEATS = 3  # a running header or footer is on every page; three pages make it one
MAX_FURNITURE_LINE = 200  # a longer line is text, not furniture
MAX_BLOCK_LINES = 16  # blank lines + footer + form feed + header + blank lines
_LOOKUPS_BEFORE_TALLY = 8


class Furniture:
    """Recognises page furniture in one text; remembers what it has counted."""

    __slots__ = ("_text", "_repeats", "_tally")

    def __init__(self, text: str) -> None:
        self._text = text
        self._repeats: dict[str, int] = {}
        self._tally: Counter[str] | None = None

    def is_furniture(self, start: int, end: int) -> bool:
        """Is the line text[start:end] (no newline) page furniture?"""
        text = self._text
        if end - start > MAX_FURNITURE_LINE:
            return False
        if "\f" in text[start:end]:
            return True
        if _KNOWN_FURNITURE.match(text, start, end):
            return True
        line = text[start:end].strip()
        # Running headers and footers are words with spaces between them; they never hold
        # the delimiters that close a wrapper or start a URL (quoted mail repeats such lines).
        if not _INNER_SPACE.search(line) or _URL_DELIMITERS.search(line):
            return False
        return self._repeat_count(line) >= MIN_REPEATS

    def _repeat_count(self, line: str) -> int:
        """How often the document has this line, its numbers (page numbers) aside."""
        key = _line_key(line)
        count = self._repeats.get(key)
        if count is None and len(self._repeats) >= _LOOKUPS_BEFORE_TALLY:
            # Many different candidate lines: one pass over the text answers them all,
            # where a scan per line would make time grow with their number.
            if self._tally is None:
                self._tally = Counter(
                    _line_key(raw) for raw in self._text.split("\n") if _INNER_SPACE.search(raw)
                )
            count = self._tally[key]
            self._repeats[key] = count
        if count is None:
            # The line's longest word occurs at least as often as the line: a fast literal
            # count rules most lines out before the line pattern scans the text.
            word = max(_WORD_BREAKS.split(line), key=len)
            count = self._text.count(word) if word else MIN_REPEATS
            if count >= MIN_REPEATS:
                count = 0
                for _ in _line_pattern(line).finditer(self._text):
                    count += 1
                    if count >= MIN_REPEATS:
                        break
            self._repeats[key] = count
        return count

    def skip_block(self, start: int) -> tuple[int, bool]:
        """From a line start, pass over a run of blank and furniture lines.

        Returns (offset of the first line after the run, whether the run held furniture).
        A run of blank lines alone is not furniture: a blank line ends a wrapper.
        """
        text = self._text
        n = len(text)
        pos = start
        seen_furniture = False
        for _ in range(MAX_BLOCK_LINES):
            if pos >= n:
                return start, False  # a page break is followed by text; this is the end
            eol = text.find("\n", pos, pos + MAX_FURNITURE_LINE + 1)
            if eol < 0:
                if n - pos > MAX_FURNITURE_LINE:
                    break  # a long line is text, not furniture
                eol = n
            if text[pos:eol].isspace() or pos == eol:
                pass  # blank (a lone "\r" or "\f" included; "\f" is whitespace)
            elif self.is_furniture(pos, eol):
                seen_furniture = True
            else:
                break
            if "\f" in text[pos:eol]:
                seen_furniture = True
            pos = eol + 1
        else:
            return start, False  # too long a run to be a page break
        return (pos, True) if seen_furniture else (start, False)


def _line_key(line: str) -> str:
    """A line as a running header or footer recurs: numbers and spacing aside."""
    return _SPACES.sub(" ", _DIGITS.sub("0", line.strip(" \t\r\f")))


def _line_pattern(line: str) -> re.Pattern[str]:
    """A whole-line pattern for `line`, with any number where it has one."""
    parts = []
    for piece in _SPACES.split(line):
        parts.append(r"\d+".join(re.escape(p) for p in _DIGITS.split(piece)))
    return re.compile(r"^[ \t\f]*" + r"[ \t]+".join(parts) + r"[ \t\r]*$", re.MULTILINE)
