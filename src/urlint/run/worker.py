"""What runs in a worker: a unit of work read and worked, input by input (`worked`).

Its results go to the writer, which puts them in order (merge.py), each with the messages
it read.

A range of a text file is scanned from its own start, after a look back that brings the
scanner to the whole file's state (`RangeScan`); a run of an mbox's messages is framed and
scanned as the whole file's scan does it (`scan_run`); an archive's members are read each
within its allowance, or the archive again to its end (`_member_results`). A news article
is a result of its own, for the writer to keep a crosspost once (`_by_article`), and inputs
in a row that read none go back as one (`_merged`).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from ..core.counts import NOTHING, Counts
from ..core.faults import internal_error
from ..core.inputs import ArticleRead, Crossposts, InputFile, Reading
from ..core.model import Flag, ScannedText
from ..core.problems import Problem, ProblemKind
from ..core.records import replaced
from ..core.units import ArchiveMembers, ArchiveRest, MessageRun, TextRange, WholeInput
from ..mail.containers import scan_archive_member, scan_items
from ..pipeline import message_info, scan_archive_again
from ..sources.opening import unreadable
from ..sources.text import TextChunk, read_texts, scan_texts
from .work import InputResult, TextExtent, Unit, UnitResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.model import Candidate
    from ..mail.mbox import FramingEnd
    from ..mail.origin import MessageInfo

_MALFORMED = Flag.MALFORMED  # a near-URL's flag: listed only with `near`


# What a worker makes of one input read whole (the news articles it reads go into the
# Crossposts, what it reads is counted in the Reading), and of the scanned texts of a range
# or a run of messages of `path`; the marks of news articles (core.inputs.ArticleRead) pass
# through both, in their places.
WholeWork = Callable[[InputFile, Crossposts, Reading], list]
PartWork = Callable[[Iterable["ScannedText | Problem | ArticleRead"], str], list]


def worked(
    unit: Unit,
    whole: WholeWork,
    part: PartWork,
    look_back: Callable[[ScannedText], None] | None = None,
    reading: Reading | None = None,
) -> UnitResult:
    """The results of a unit of work, input by input, each with the messages it read.

    The messages are counted in `reading`, or in one of the unit's own. The one frame of the
    work of extract, check, the store and the library (`scan_paths`). A range of a text file
    gives `look_back` the texts scanned again before it (RangeScan: check's suppressions on
    the lines before the range)."""
    if reading is None:
        reading = Reading()
    if isinstance(unit, ArchiveMembers):
        return _member_results(unit, part, reading)
    if isinstance(unit, ArchiveRest):
        rest = _rest_results(unit.source, unit.skip, part, Crossposts(), unit.archive, reading)
        return _merged(rest)
    results: UnitResult = []
    inputs = unit.sources if isinstance(unit, WholeInput) else (unit,)
    for item in inputs:
        if isinstance(item, InputFile):
            crossposts = Crossposts()
            events, counts = _read(partial(whole, item, crossposts, reading), item.path, reading)
            if not crossposts.ids:  # it read no news article: it has no ArticleRead marks
                results.append(InputResult(events, counts=counts))
                continue
        elif isinstance(item, TextRange):
            scan = RangeScan(item, look_back, reading.near)
            events, counts = _read(partial(part, iter(scan), item.path), item.path, reading)
            # Placed by the writer even where a fault cut the scan short: what it found
            # before counts from the range's start, and a file's first range still starts
            # the file's count; what the range held past the fault is not known.
            extent = scan.extent or TextExtent(item.first == 0, 0, 0)
            results.append(InputResult(events, counts=counts, extent=extent))
            continue
        elif item.relative:
            results.append(_relative_run_result(item, part, reading))
            continue
        else:
            scanned = scan_run(item, reading)
            events, counts = _read(partial(part, scanned, item.path), item.path, reading)
        results.extend(_by_article(events, counts))
    return _merged(results)


def url_events(
    items: Iterable[ScannedText | Problem | ArticleRead],
    path: str,
    made: Callable[[str, Candidate, MessageInfo | None], object],
    near: bool = False,
) -> list:
    """What `made` makes of each URL of a unit's scanned texts, the other events as they are.

    An empty wrapper ("<URL:>") is no URL (`check` reports it: X106); the problems and the
    marks of news articles pass among the URLs, in their places. `made` is given the path
    the URL is in (a member's, in an archive), the candidate and its message."""
    events: list = []
    for item in items:
        if isinstance(item, ScannedText):
            where = item.path or path
            mail = message_info(item.mail)
            for candidate in item.candidates:
                if candidate.url and not (
                    candidate.flags and not near and _MALFORMED in candidate.flags
                ):  # (Candidate.listed, written out: a call fewer for each URL)
                    events.append(made(where, candidate, mail))
        else:
            events.append(item)
    return events


def _relative_run_result(unit: MessageRun, part: PartWork, reading: Reading) -> InputResult:
    """A relative run of an mbox read, to be placed by the writer as a range of a text
    is (what it holds: its lines and messages, told by its framing at its end)."""
    from ..mail.mbox import FramingEnd

    end = FramingEnd()
    scanned = scan_run(unit, reading, end)
    events, counts = _read(partial(part, scanned, unit.path), unit.path, reading)
    # A fault that cut it short: placed as a range is (`worked`), as if it held nothing.
    line, messages = (end.line, end.messages) if end.reached else (1, 0)
    extent = TextExtent(unit.place.offset == 0, line - 1, 0, messages)
    return InputResult(events, counts=counts, extent=extent)


def _read(work: Callable[[], list], path: str, reading: Reading) -> tuple[list, Counts]:
    """What `work` gives, and the messages it read (counted in `reading`); a fault in it is
    a problem for `path`, never the end of the run."""
    before = reading.messages, reading.damaged
    try:
        events = work()
    except Exception as error:  # noqa: BLE001 - one unit's fault never ends the run
        reason = f"not read to its end: {internal_error(error)}"
        events = [Problem(ProblemKind.UNREADABLE, reason, path)]
    return events, Counts(0, 0, *reading.since(*before))


def _member_results(unit: ArchiveMembers, part: PartWork, reading: Reading) -> UnitResult:
    """The results of the unit's members, each read within its allowance (`_by_article`);
    should one decompress past it, or fail, the archive read again from its start, on from
    that member to its end, gives the last of them (`_rest_results`)."""
    from ..sources.archives import Budget

    results: UnitResult = []
    seen = Crossposts()  # the news articles of the unit's members so far
    path = unit.source.path
    for member in unit.members:
        budget = Budget.allowing(member.allowance)
        before, counted = seen.copy(), (reading.messages, reading.damaged)
        try:
            events = part(scan_archive_member(member, budget, seen, reading), path)
        except Exception:  # noqa: BLE001 - read again: the whole reading says what it is
            events = None
        if events is None or budget.spent:  # none of what it read is kept
            rest = _rest_results(unit.source, member.index, part, before, unit.archive, reading)
            results.extend(rest)
            break
        read = Counts(0, 0, *reading.since(*counted))
        results.extend(_by_article(events, read, unit.archive))
    return _merged(results)


def _rest_results(
    source: InputFile,
    skip: int,
    part: PartWork,
    seen: Crossposts,
    archive: int,
    reading: Reading,
) -> UnitResult:
    """An archive read again from its start, what its members before `skip` give dropped
    (core.units.ArchiveRest), to its end: the last result says so, and the archive's later
    results are dropped (run_work). `seen`: the news articles of the unit's members before."""
    items = scan_archive_again(source, seen.copy(), skip, reading)
    events, counts = _read(partial(part, items, source.path), source.path, reading)
    results = _by_article(events, counts, archive)
    results[-1] = replaced(results[-1], archive_rest=True)
    return results


def _by_article(events: list, counts: Counts, archive: int = 0) -> UnitResult:
    """One input's events as results, in their order: one for each news article (between
    its two core.inputs.ArticleRead marks, with the messages counted between them) and one for
    each stretch around them, the first with the rest of `counts`: run_work drops an
    article another input read (a crosspost is read once), and only it."""
    results = [InputResult([], (), NOTHING, archive)]
    start: ArticleRead | None = None
    messages, damaged = counts.messages, counts.damaged
    for event in events:
        if not isinstance(event, ArticleRead):
            results[-1].events.append(event)
        elif event.message_id:  # the article's events from here
            start = event
            results.append(InputResult([], (event.message_id,), NOTHING, archive))
        elif start is not None:  # its end: its counts, and no article's events after
            read = event.messages - start.messages, event.damaged - start.damaged
            messages, damaged = messages - read[0], damaged - read[1]
            results[-1] = replaced(results[-1], counts=Counts(0, 0, *read))
            results.append(InputResult([], (), NOTHING, archive))
            start = None
    results[0] = replaced(results[0], counts=Counts(counts.files, counts.bytes, messages, damaged))
    return results


def _merged(results: UnitResult) -> UnitResult:
    """One result for inputs in a row that read no news article: a Maildir's batch of 256
    files goes back as one, not 256 (each costs its trip). One that read an article is
    passed over alone should it be a crosspost (run_work), and the end of an archive's
    rest stays the last of its results. A range's or a run's result is alone in its unit."""
    merged: UnitResult = []
    group: UnitResult = []
    for result in results:
        if group and (result.articles or group[-1].articles or result.archive_rest):
            merged.append(_joined_results(group))
            group = []
        group.append(result)
    if group:
        merged.append(_joined_results(group))
    return merged


def _joined_results(group: UnitResult) -> InputResult:
    """Results in a row, the first's with all their events and counts."""
    first = group[0]
    if len(group) == 1:
        return first
    for result in group[1:]:
        first.events.extend(result.events)
    counts = Counts(*map(sum, zip(*(result.counts for result in group), strict=True)))
    return replaced(first, counts=counts)


def scan_run(
    unit: MessageRun, reading: Reading, end: FramingEnd | None = None
) -> Iterator[ScannedText | Problem]:
    """A run of an mbox's messages scanned as the whole file's scan scans them.

    Read, framed, filtered and scanned, what it reads counted in `reading`; `end` holds, at
    its end, the line after its last and the messages in it (mail.mbox.split_mbox)."""
    from ..mail.prefilter import may_hold_urls
    from ..mail.runs import run_messages

    messages = run_messages(unit, reading.counted(may_hold_urls), end)
    return scan_items(unit.path, messages, reading)


class RangeScan:
    """A range of a text file scanned as the whole file's scan scans it.

    What its chunks give, after its look back's (dropped,
    but for their texts, given to `look_back`), in order; then what the range holds
    (`extent`; None when its bytes could not be read). Each chunk is decoded on its own, as
    the whole file's reading decodes it, and placed from the range's start: line 1, column
    1 (the chunk before it ends a line), character 0. `near`: whether near-URLs are looked
    for (core.inputs.Reading)."""

    def __init__(
        self,
        unit: TextRange,
        look_back: Callable[[ScannedText], None] | None = None,
        near: bool = True,
    ) -> None:
        self.unit = unit
        self.look_back = look_back
        self.near = near
        self.extent: TextExtent | None = None

    def __iter__(self) -> Iterator[ScannedText | Problem]:
        unit = self.unit
        try:
            yield from self._scanned()
        except OSError as error:  # the file went bad since it was cut (`worked` places it)
            yield unreadable(error, unit.path)

    def _scanned(self) -> Iterator[ScannedText | Problem]:
        unit = self.unit
        first = unit.first
        bounds = [(chunk.start, chunk.end, chunk.piece) for chunk in unit.chunks]
        decoded = read_texts(unit.path, bounds)
        look_back = [next(decoded) for _ in range(first)]
        index, start = (
            _look_back_start([text for text, _ in look_back], unit.lookback, unit.lookback_lines)
            if look_back
            else (0, 0)
        )
        kept = [
            TextChunk(text[start:] if number == index else text, False, encoding)
            for number, (text, encoding) in enumerate(look_back)
            if number >= index
        ]
        del look_back
        begins = (
            1 - sum(chunk.text.count("\n") for chunk in kept),
            0,  # the look back's first line starts there, or lies far enough back
            -sum(len(chunk.text) for chunk in kept),
        )
        look_back_texts = len(kept)
        scan = scan_texts(self._texts(kept, decoded), unit.path, begins, near=self.near)
        number = -1
        while True:
            try:
                item = next(scan)
            except StopIteration as done:  # where the range ends
                line, _column, offset = done.value
                self.extent = TextExtent(first == 0, line - 1, offset)
                return
            if isinstance(item, ScannedText):
                number += 1
            if number >= look_back_texts:
                yield item
            elif isinstance(item, ScannedText):
                for _ in item.candidates:  # scanned only to arrive in the whole scan's state
                    pass
                if self.look_back is not None:
                    self.look_back(item)

    def _texts(
        self, look_back: list[TextChunk], decoded: Iterator[tuple[str, str]]
    ) -> Iterator[TextChunk]:
        """The look back's texts, then the range's, read and decoded one at a time."""
        unit = self.unit
        yield from look_back
        look_back.clear()
        for number, (text, encoding) in enumerate(decoded, unit.first):
            final = unit.final and number == len(unit.chunks) - 1
            starts_file = unit.chunks[number].start == len(codecs.BOM_UTF8)
            bom = codecs.BOM_UTF8 if unit.bom and starts_file else b""
            yield TextChunk(text, final, encoding, bom)


def _look_back_start(look_back: list[str], chars: int, lines: int) -> tuple[int, int]:
    """Where the look back starts (which of its texts, where in it): at the latest line
    start that leaves `chars` characters and `lines` line ends before the range, at least
    (text further back cannot change how the range is read), or its first text's start."""
    index = 0
    for later in range(len(look_back) - 1, 0, -1):  # the last text that holds what is left
        text = look_back[later]
        newlines = text.count("\n")
        if chars <= len(text) and lines <= newlines:
            index = later
            break
        chars, lines = chars - len(text), lines - newlines
    text = look_back[index]
    if chars <= 0:
        by_chars = len(text)
    else:
        by_chars = text.find("\n", len(text) - chars) + 1 if chars < len(text) else 0
    by_lines = len(text)
    for _ in range(max(0, lines)):  # back over `lines` line ends, to the line holding the last
        by_lines = text.rfind("\n", 0, by_lines)
        if by_lines < 0:
            break
    if by_lines < len(text):
        by_lines = text.rfind("\n", 0, max(0, by_lines)) + 1
    return index, max(0, min(by_chars, by_lines))
