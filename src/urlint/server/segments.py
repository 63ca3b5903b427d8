"""An open document linted a segment at a time: an edit lints again only what it reaches.

The document's text is read as a file's long text is (sources.text.scan_texts), in chunks
that each start where the one before left it (sources.text.ChunkPlace: the look back and
overlap it carries, the literal, comment, fence or literal block left open): here a chunk
is a segment of SEGMENT_LINES lines. A segment's findings are a function of its text, the
place it starts from and what its lint reads of the whole text (what markup shows as
written, a code file's test blocks: linter.whole_text), so after an edit a segment whose
text is unchanged, whose place is the one it was linted from (moved as far as the edit
moved it) and whose part of the whole text's reading is unchanged keeps its findings,
moved with it (core.findings.Finding.moved); the others are linted again, in order, each
from the place the one before leaves. Suppressions are joined over the segments as over a
file's ranges (linter.suppressions.RangeDirectives). The findings are those of the whole
document's lint (tests/server/test_segments.py holds them equal over random edits).

A document with a line longer than the look back's bound (scanner.wrappers.MAX_RAW_CHARS)
is linted whole at every change: a chunk cuts such a line, and the cut is not the whole
text's. So is a code file whose last segment but one ends inside a literal or comment
(one that may never close, which the whole text's lexer reads otherwise:
scanner.lexer.spanning).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from ..core.findings import Finding
from ..core.records import record, replaced
from ..grammar.login import mask_password
from ..linter.checker import Checker
from ..linter.config import Settings
from ..linter.suppressions import RangeDirectives, Suppressions
from ..linter.whole_text import Spans, WholeText, clipped
from ..scanner.wrappers import MAX_RAW_CHARS
from ..sources.kinds import file_syntax
from ..sources.text import FILE_START, ChunkPlace, ChunkStep, TextChunk, scan_texts

# A segment's lines: an edit lints again the segments whose chunk's text holds it, each
# a segment's lines and the look back before them (scanner.wrappers.MAX_RAW_LINES and
# the overlap: some 120 lines), so a shorter segment lints fewer lines again an edit, and
# more segments are compared.
SEGMENT_LINES = 64


def masked(finding: Finding) -> Finding:
    """`finding` with its message masked as `check` writes it (a reason may quote a name)."""
    message = mask_password(finding.message)
    return finding if message == finding.message else replaced(finding, message=message)


def whole_findings(checker: Checker, path: str, text: str) -> list[Finding]:
    """The findings of the whole of `text`, read at once (as `check` reads a file)."""
    items = scan_texts([TextChunk(text, True, "utf-8")], path)
    return [masked(f) for f in checker.check_items(path, items) if isinstance(f, Finding)]


@record
class Segment:
    """A run of a document's lines as last linted: what its lint read and found."""

    start: int  # the offset of its first character in the document
    text: str  # its lines, each with its line end (the last segment's last may have none)
    place: ChunkPlace  # where its chunk's scan started
    after: ChunkPlace | None  # the place it left the next segment (None: the last)
    findings: tuple[Finding, ...]  # masked, placed where it was linted (`moved_by`)
    directives: RangeDirectives  # its suppressions, with what each suppressed (so placed)
    written: Spans | None  # the whole text's as-written part in its chunk, where asked
    blocks: Spans | None  # the whole text's test blocks in its chunk, where asked
    left_open: bool  # its chunk's text ends inside a literal or comment (ChunkStep)
    # The lines and characters it has moved since it was linted: its findings are placed
    # when read (PlacedFindings), not at every edit before it
    moved_by: tuple[int, int] = (0, 0)

    def moved(self, lines: int, characters: int) -> Segment:
        """The segment found `lines` lines and `characters` characters further on."""
        if not (lines or characters):
            return self
        return replaced(
            self,
            start=self.start + characters,
            place=_moved_place(self.place, lines, characters),
            after=None if self.after is None else _moved_place(self.after, lines, characters),
            moved_by=(self.moved_by[0] + lines, self.moved_by[1] + characters),
        )


class PlacedFindings(Sequence[Finding]):
    """A document's findings, each segment's placed where the segment now stands when read.

    An edit moves the findings after it; most are never read one by one (an editor is
    sent the diagnostics of each segment's as they were made: `parts`), so they are moved
    when read."""

    def __init__(self, segments: list[Segment], more: list[Finding]) -> None:
        self._segments = segments
        self._more = more  # placed already (the suppressions' own)
        self._placed: list[Finding] | None = None

    def _all(self) -> list[Finding]:
        if self._placed is None:
            self._placed = [
                finding.moved(*segment.moved_by)
                for segment in self._segments
                for finding in segment.findings
            ]
            self._placed.extend(self._more)
        return self._placed

    def __len__(self) -> int:
        return sum(len(segment.findings) for segment in self._segments) + len(self._more)

    @overload
    def __getitem__(self, index: int) -> Finding: ...
    @overload
    def __getitem__(self, index: slice) -> list[Finding]: ...
    def __getitem__(self, index: int | slice) -> Finding | list[Finding]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Finding]:
        return iter(self._all())

    def parts(self) -> Iterator[tuple[tuple[Finding, ...], int, int]]:
        """Each segment's findings as linted (the same tuple while the segment is kept),
        with the lines and characters they have moved since; then the rest, placed."""
        for segment in self._segments:
            yield (segment.findings, *segment.moved_by)
        if self._more:
            yield tuple(self._more), 0, 0


def _moved_place(place: ChunkPlace, lines: int, characters: int) -> ChunkPlace:
    return replaced(
        place, line_base=place.line_base + lines, offset_base=place.offset_base + characters
    )


class SegmentedLint:
    """One open document's findings, kept a segment at a time between its changes."""

    def __init__(self) -> None:
        self._under: tuple[int, str] | None = None  # (id of the settings, path) linted under
        self._settings: Settings | None = None  # held, so that its id is not reused
        self.text = ""
        self.segments: list[Segment] = []
        self.relinted = 0  # the segments linted again at the last change
        self._found: PlacedFindings | None = None

    def findings(self, settings: Settings, path: str, text: str) -> Sequence[Finding]:
        """The findings of the whole `text`, the file `path`, under `settings`, masked.

        The segments the change since the last call does not reach keep their findings."""
        checker = Checker(settings)
        if any(len(line) > MAX_RAW_CHARS for line in _long_lines(text)):
            self.segments, self._under, self._settings, self._found = [], None, None, None
            return whole_findings(checker, path, text)
        under = (id(settings), path)
        if under == self._under and text == self.text and self._found is not None:
            self.relinted = 0
            return self._found
        kept = self.segments if under == self._under else []
        segments, reach = _planned(self.text, kept, text)
        syntax = file_syntax(path)
        whole = WholeText(text, syntax, path)
        place = ChunkPlace.at(FILE_START)
        linted: list[Segment] = []
        self.relinted = 0
        for index, (start, old, lines) in enumerate(segments):
            final = index == len(segments) - 1
            end = start + len(old.text) if old is not None else reach[index]
            if old is not None:
                moved = old.moved(lines, start - old.start)
                if _keeps(moved, place, final, whole):
                    linted.append(moved)
                    if moved.after is not None:
                        place = moved.after
                    continue
            segment = _linted(checker, whole, path, syntax, text, start, end, place, final)
            self.relinted += 1
            linted.append(segment)
            if segment.after is not None:
                place = segment.after
        self.text, self.segments = text, linted
        self._under, self._settings = under, settings
        if len(linted) > 1 and linted[-2].left_open:
            # The last chunk but one ends inside a literal or comment: where it never
            # closes, the whole text's lexer reads what follows its opener as code (fail
            # safe), and each chunk but the last read it as open. The segments stay, for the
            # next edit; the findings are the whole text's.
            self._found = None
            return whole_findings(checker, path, text)
        suppressions = Suppressions()
        for segment in linted:  # copies, placed: the kept stay as they were read
            suppressions.join(segment.directives.moved(*segment.moved_by))
        unused = [masked(f) for f in checker.unused_suppressions(suppressions, path)]
        self._found = PlacedFindings(linted, unused)
        return self._found


def _long_lines(text: str) -> list[str]:
    """`text`'s lines, where one may be longer than MAX_RAW_CHARS; else none."""
    return text.split("\n") if len(text) > MAX_RAW_CHARS else []


def _planned(
    old_text: str, kept: list[Segment], text: str
) -> tuple[list[tuple[int, Segment | None, int]], list[int]]:
    """The segments of `text`: each its start in `text` and a kept one (with the lines it
    moved) or a new stretch of lines, with where each new one ends.

    The segments wholly within the text the old and new share at their start stay; those
    wholly within what they share at their end (after a line start in it) stay, moved;
    the lines between are cut anew into segments of SEGMENT_LINES lines."""
    limit = min(len(old_text), len(text))
    same_start = _common_start(old_text, text, limit)
    same_end = _common_end(old_text, text, limit - same_start)
    plan: list[tuple[int, Segment | None, int]] = []
    reach: list[int] = []
    head = 0  # the new text's offset where the segments not kept start
    index = 0
    while index < len(kept) - 1 and kept[index].start + len(kept[index].text) <= same_start:
        plan.append((kept[index].start, kept[index], 0))
        reach.append(0)
        head = kept[index].start + len(kept[index].text)
        index += 1
    grown = len(text) - len(old_text)
    tail = index
    while tail < len(kept) and kept[tail].start <= len(old_text) - same_end:
        tail += 1
    middle_end = kept[tail].start + grown if tail < len(kept) else len(text)
    for start, end in _cut(text, head, middle_end):
        plan.append((start, None, 0))
        reach.append(end)
    if tail < len(kept):
        lines = text.count("\n") - old_text.count("\n")
        for segment in kept[tail:]:
            plan.append((segment.start + grown, segment, lines))
            reach.append(0)
    return plan, reach


def _cut(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """text[start:end] (from a line start) cut into stretches of SEGMENT_LINES lines."""
    stretches: list[tuple[int, int]] = []
    while start < end or not stretches and start == end == len(text):
        at = start
        for _ in range(SEGMENT_LINES):
            found = text.find("\n", at, end)
            if found < 0:
                at = end
                break
            at = found + 1
        stretches.append((start, at))
        if at == start:
            break
        start = at
    return stretches


def _common_start(old: str, new: str, limit: int) -> int:
    """How many characters `old` and `new` share at their start (at most `limit`)."""
    low, high = 0, limit
    while low < high:  # halving: each comparison is done in C
        middle = (low + high + 1) // 2
        if old[low:middle] == new[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_end(old: str, new: str, limit: int) -> int:
    """How many characters `old` and `new` share at their end (at most `limit`)."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if old[len(old) - middle : len(old) - low] == new[len(new) - middle : len(new) - low]:
            low = middle
        else:
            high = middle - 1
    return low


def _keeps(segment: Segment, place: ChunkPlace, final: bool, whole: WholeText) -> bool:
    """May `segment` (moved to where it now stands) keep its findings: it starts from the
    place it was linted from, it is the last as it was, and its chunk reads the same of the
    whole text as it did?"""
    if segment.place != place or (segment.after is None) != final:
        return False
    start = place.offset_base
    end = start + len(place.carry) + len(segment.text)
    if segment.written is not None and clipped(whole.written(), start, end) != segment.written:
        return False
    return segment.blocks is None or clipped(whole.blocks(), start, end) == segment.blocks


def _linted(
    checker: Checker,
    whole: WholeText,
    path: str,
    syntax: str,
    text: str,
    start: int,
    end: int,
    place: ChunkPlace,
    final: bool,
) -> Segment:
    """The segment text[start:end] linted from `place`."""
    step = ChunkStep(TextChunk(text[start:end], final, "utf-8"), place, path, syntax, True)
    suppressions = Suppressions()
    whole.forget()
    findings = tuple(masked(f) for f in checker.lint_text(step.scanned, path, suppressions, whole))
    # (no Problem of a run cut: a document with a line past MAX_RAW_CHARS is linted whole)
    after = None if final else step.next_place()[0]
    chunk_end = place.offset_base + len(step.scanned.text)
    first = place.line_base + place.carry.count("\n", 0, place.since)
    return Segment(
        start,
        text[start:end],
        place,
        after,
        findings,
        suppressions.of_range(path, final, first),
        clipped(whole.written(), place.offset_base, chunk_end)
        if "written" in whole.asked
        else None,
        clipped(whole.blocks(), place.offset_base, chunk_end) if "blocks" in whole.asked else None,
        step.left_open,
    )
