"""Source text as an output may show it (`check --format full`, `--diff`).

The file decoded exactly as the scan decoded it (sources.text.SourceText), and every stretch
of it that may be a password hidden (RFC 1738 section 6).

What is hidden is found three ways, each time by the one reader of the login
(grammar.login): the raw spans of every candidate's password, wherever the URL was broken
across lines, prefixed or paginated (so a wrapped password's second line is hidden too);
every login written in one word of the raw text, URL found or not; and every login that
the last word of a line and the first of the next (after a reply prefix) make when read as
one, as a line break cutting a bare URL leaves it (`ftp:` / `//fred:pw@h/`). Lines are counted
at "\\n" only, as the scanner counts them, so line N here is the scan's line N (a form feed
or U+2028 starts no line)."""

from __future__ import annotations

import re
from bisect import bisect_right

from ..grammar.login import MASK, merged_spans, secret_spans
from ..scanner.scanner import scan
from ..scanner.textpos import line_starts
from ..scanner.wrappers import LINE_PREFIX
from .rules.engine import password_spans_of


class SourceView:
    """A decoded text and the stretches of it to hide: every one that may be a password."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = line_starts(text)
        hidden = list(secret_spans(text))
        if "@" in text:
            hidden.extend(_across_line_breaks(text))
        for candidate in scan(text):
            for span in password_spans_of(candidate):
                hidden.append(
                    (
                        self.offset(span.start.line, span.start.column),
                        self.offset(span.end.line, span.end.column),
                    )
                )
        self.hidden = merged_spans(hidden)  # (start, end) offsets, sorted, apart
        self._last: tuple[int, tuple[str, list[tuple[int, int]]] | None] | None = None

    def offset(self, line: int, column: int) -> int:
        """The offset in the text of raw position (`line`, `column`), both 1-based."""
        return self.starts[line - 1] + column - 1

    def line(self, number: int) -> tuple[str, list[tuple[int, int]]] | None:
        """Line `number` and the columns of what must be hidden on it; None past the end.

        The line comes without its line end, the columns 1-based, end exclusive. The line
        asked last is kept: a long line's findings come one after another, and each
        cut of it again would cost the line's length a finding."""
        if self._last is not None and self._last[0] == number:
            return self._last[1]
        found = self._line(number)
        self._last = (number, found)
        return found

    def _line(self, number: int) -> tuple[str, list[tuple[int, int]]] | None:
        if not 0 < number <= len(self.starts):
            return None
        start = self.starts[number - 1]
        end = self.starts[number] - 1 if number < len(self.starts) else len(self.text)
        cuts = []
        index = max(0, bisect_right(self.hidden, (start, start)) - 1)
        for hide_start, hide_end in self.hidden[index:]:
            if hide_start >= end:
                break
            if hide_end > start:
                cuts.append((max(hide_start, start) - start + 1, min(hide_end, end) - start + 1))
        return self.text[start:end], cuts

    def mask_edits(self) -> list[tuple[int, int, str]]:
        """Every hidden stretch as an edit (start, end, MASK), one per line it lies on."""
        edits = []
        for start, end in self.hidden:
            cut = start
            while cut < end:
                line_end = self.text.find("\n", cut, end)
                stop = end if line_end < 0 else line_end
                if stop > cut:
                    edits.append((cut, stop, MASK))
                cut = stop + 1
        return edits


# The last word of a line, and (looked at ahead, so the next match may start there) the
# first word of the next line after any reply prefix or indent.
_LINE_BREAK = re.compile(rf"(\S*)\r?\n(?={LINE_PREFIX.pattern}(\S*))")


def _across_line_breaks(text: str) -> list[tuple[int, int]]:
    """Offsets of what may be a password in two words a line break parts, read as one."""
    found = []
    for match in _LINE_BREAK.finditer(text):
        before, after = match.group(1), match.group(2)
        if "@" not in after or not before:
            continue
        after_start = match.start(2)
        for start, end in secret_spans(before + after, starts_before=len(before)):
            if start < len(before):
                found.append((match.start(1) + start, match.start(1) + min(end, len(before))))
            if end > len(before):
                found.append(
                    (
                        after_start + max(start, len(before)) - len(before),
                        after_start + end - len(before),
                    )
                )
    return found
