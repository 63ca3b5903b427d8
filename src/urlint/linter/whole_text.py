"""What a chunk's lint reads of the whole text it is a piece of, read over the whole text.

A text read in chunks (sources.text.scan_texts) has each chunk's lint read what markup
shows as written (scanner.markup_kept.fix_free) and a code file's test blocks
(certainty.test_blocks) over the chunk's own text, which holds a bounded look back. The
language server lints a document a segment at a time (server.segments) and must give the
findings of the whole document's lint: it reads these two over the whole text, once an
edit, and hands each segment's lint the part of them its chunk's text holds (`written_in`,
`blocks_in`), clipped to it and counted from its start. Whether a chunk's lint asked for
either (`asked`) tells the server whether a segment kept from an earlier lint reads the
same of them now.
"""

from __future__ import annotations

from bisect import bisect_right

from ..scanner.markup_lines import Spans


class WholeText:
    """A whole text's markup reading and test blocks, each read when first asked."""

    def __init__(self, text: str, syntax: str, path: str) -> None:
        self.text, self.syntax, self.path = text, syntax, path
        self._written: Spans | None = None
        self._blocks: Spans | None = None
        self.asked: set[str] = set()  # "written", "blocks": what was asked since `forget`

    def written(self) -> Spans:
        """Where no fix goes in the whole text (sorted, apart): markup_kept.fix_free's."""
        if self._written is None:
            from ..scanner.markup_kept import fix_free

            self._written = fix_free(self.syntax, self.text)[0]
        return self._written

    def blocks(self) -> Spans:
        """The whole text's test blocks (certainty.test_blocks)."""
        if self._blocks is None:
            from .certainty import test_blocks

            self._blocks = test_blocks(self.path, self.text)
        return self._blocks

    def written_in(self, start: int, end: int) -> Spans:
        """`written()` within text[start:end], counted from `start`."""
        self.asked.add("written")
        return clipped(self.written(), start, end)

    def blocks_in(self, start: int, end: int) -> Spans:
        """`blocks()` within text[start:end], counted from `start`."""
        self.asked.add("blocks")
        return clipped(self.blocks(), start, end)

    def forget(self) -> None:
        """Start a new record of what is asked (the next chunk's lint)."""
        self.asked = set()


def clipped(spans: Spans, start: int, end: int) -> Spans:
    """The parts of `spans` (sorted, apart) within [start, end), counted from `start`.

    Whether a stretch inside [start, end) overlaps one of `spans`, or a place there is
    inside one, is the same asked of these."""
    at = max(0, bisect_right(spans, (start, start)) - 1)
    out = []
    for low, high in spans[at:]:
        if low >= end:
            break
        if high > start:
            out.append((max(low, start) - start, min(high, end) - start))
    return out
