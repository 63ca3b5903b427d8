"""Source text as an output may show it (`check --format full`, `--diff`): the file decoded
exactly as the scan decoded it (sources.SourceText), and every stretch of it that may be a
password hidden (RFC 1738 section 6).

What is hidden is found twice over, both times by the one reader of the login
(grammar.login): the raw spans of every candidate's password, wherever the URL was broken
across lines, prefixed or paginated (so a wrapped password's second line is hidden too);
and every login written on one line of the raw text, URL found or not. Lines are counted
at "\\n" only, as the scanner counts them, so line N here is the scan's line N (a form feed
or U+2028 starts no line).
"""

from __future__ import annotations

from bisect import bisect_right

from .grammar.login import MASK, secret_spans
from .rules.engine import hidden_spans
from .scanner import scan


class SourceView:
    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        self.starts = starts
        hidden = list(secret_spans(text))
        for candidate in scan(text):
            for span in hidden_spans(candidate):
                hidden.append((self.offset(span.start.line, span.start.column), self.offset(span.end.line, span.end.column)))
        hidden.sort()
        merged: list[tuple[int, int]] = []
        for start, end in hidden:
            if merged and start <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
            elif start < end:
                merged.append((start, end))
        self.hidden = merged  # (start, end) offsets, sorted, apart

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1

    def line(self, number: int) -> tuple[str, list[tuple[int, int]]] | None:
        """Line `number` (without its line end) and the columns (1-based, end exclusive)
        of what must be hidden on it; None past the end."""
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
