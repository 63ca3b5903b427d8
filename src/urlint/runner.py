"""One runner, several engines: the units of `urlint.units` scanned in this process or on
every core, their results in input order (issue 14).

Workers send back what the writer prints (`FoundLine`: the formatted line, with the path
and URL that counting and `--unique` need) and the problems met, never `Candidate`s:
pickling one costs as much as finding it. The serial engine runs the same units in this
process, so a run's output does not depend on the engine.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from .pipeline import ScannedText, scan_file_texts, scan_items, scan_texts
from .problems import Problem, ProblemKind
from .records import record
from .sources import InputFile, TextChunk, decode, iter_files
from .units import (
    BATCH_BYTES,
    BATCH_FILES,
    RANGE_BYTES,
    RUN_BYTES,
    MessageRun,
    TextRange,
    WholeInput,
    plain_file_size,
    text_ranges,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from concurrent.futures import Future  # imported when a pool is made: it loads logging

    from .mail.message import MessageInfo
    from .model import Candidate
    from .selection import Selection

Unit = WholeInput | TextRange | MessageRun
# Formats a URL found in a path (and message): (the URL as shown, the output line); see
# reporters.extract.UrlFormat.
LineFormat = Callable[[str, "Candidate", "MessageInfo | None"], tuple[str, str]]


@record
class FoundLine:
    """A URL found, as the writer needs it: where, the URL as shown (`--unique`'s key), the
    line to write."""

    path: str
    key: str
    line: str


@record
class InputResult:
    """What one input (or one range or run of it) gave, formatted."""

    events: list[FoundLine | Problem]
    articles: tuple[str, ...] = ()  # Message-IDs of the news articles read whole (crossposts)


UnitResult = list[InputResult]


def run_units(
    units: Iterable[Unit | Problem], line_format: LineFormat, jobs: int = 1
) -> Iterator[FoundLine | Problem]:
    """What every unit found, unit after unit in the order given; with `jobs` > 1 the units
    are scanned in that many processes, at most two a process ahead of the writer (memory
    stays bounded whatever the input's size)."""
    articles: set[str] = set()
    for results in _results(units, line_format, jobs):
        for result in results:
            if result.articles:
                if articles.intersection(result.articles):
                    continue  # a crossposted article already read under another group
                articles.update(result.articles)
            yield from result.events


def _results(
    units: Iterable[Unit | Problem], line_format: LineFormat, jobs: int
) -> Iterator[UnitResult]:
    if jobs <= 1:
        for unit in units:
            yield (
                [InputResult([unit])] if isinstance(unit, Problem) else scan_unit(unit, line_format)
            )
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque = deque()
        for unit in units:
            if isinstance(unit, Problem):
                pending.append([InputResult([unit])])
            else:
                pending.append(pool.submit(scan_unit, unit, line_format))
            while len(pending) > 2 * jobs or (pending and isinstance(pending[0], list)):
                yield _ready(pending.popleft())
        while pending:
            yield _ready(pending.popleft())


def _ready(item: UnitResult | Future[UnitResult]) -> UnitResult:
    return item if isinstance(item, list) else item.result()


def plan(
    paths: Iterable[str],
    *,
    selection: Selection | None = None,
    range_bytes: int = RANGE_BYTES,
    run_bytes: int = RUN_BYTES,
) -> Iterator[Unit | Problem]:
    """The units of `paths`, in the order a serial run reads them: a plain text file or an
    mbox larger than `range_bytes` in ranges or runs of messages, anything else whole."""
    batch: list[InputFile] = []
    batch_bytes = 0
    for item in iter_files(paths, selection=selection):
        size = 0 if isinstance(item, Problem) else plain_file_size(item)
        large = size > min(range_bytes, 2 * run_bytes)
        if batch and (
            isinstance(item, Problem)
            or large
            or len(batch) == BATCH_FILES
            or batch_bytes + size > BATCH_BYTES
        ):
            yield WholeInput(tuple(batch))
            batch, batch_bytes = [], 0
        if isinstance(item, Problem):
            yield item
        elif large:
            yield from _large_file_units(item, size, range_bytes, run_bytes)
        else:
            batch.append(item)
            batch_bytes += size
    if batch:
        yield WholeInput(tuple(batch))


def _large_file_units(
    source: InputFile, size: int, range_bytes: int, run_bytes: int
) -> Iterator[Unit]:
    from .mail.containers import MBOX, TEXT, peek, sniff

    try:
        with open(source.path, "rb") as stream:
            head, _ = peek(stream)
            kind = sniff(source.path, head)
    except OSError:
        kind = ""
    if kind == TEXT and size > range_bytes:
        ranges = text_ranges(source.path, range_bytes=range_bytes)
        if ranges is not None:
            yield from ranges
            return
    elif kind == MBOX and size > 2 * run_bytes:
        yield from _message_runs(source, run_bytes)
        return
    yield WholeInput((source,))


def _message_runs(source: InputFile, run_bytes: int) -> Iterator[Unit]:
    """An mbox cut into runs of whole messages by its one reader (split_mbox)."""
    from .mail.containers import misnamed, peek, sniff
    from .mail.mbox import split_mbox
    from .mail.prefilter import may_hold_urls

    run: list = []
    size = 0
    try:
        with open(source.path, "rb") as raw:
            head, stream = peek(raw)
            reason = misnamed(source.path, sniff(source.path, head))
            if reason is not None:
                run.append(Problem(ProblemKind.MISNAMED, reason, source.path))
            for item in split_mbox(stream, may_hold_urls):
                run.append(item)
                size += len(getattr(item, "data", b""))
                if size >= run_bytes:
                    yield MessageRun(source.path, tuple(run))
                    run, size = [], 0
    except OSError as error:
        run.append(Problem(ProblemKind.UNREADABLE, error.strerror or str(error), source.path))
    if run:
        yield MessageRun(source.path, tuple(run))


def scan_unit(unit: Unit, line_format: LineFormat) -> UnitResult:
    """A unit scanned: what it found, formatted, in order (run in a worker process)."""
    if isinstance(unit, WholeInput):
        results = []
        for source in unit.sources:
            articles: set[str] = set()
            events = _events(scan_file_texts(source, articles), source.path, line_format)
            results.append(InputResult(events, tuple(sorted(articles))))
        return results
    if isinstance(unit, TextRange):
        return [InputResult(_events(_scan_range(unit), unit.path, line_format))]
    return [InputResult(_events(scan_items(unit.path, unit.items), unit.path, line_format))]


def _events(
    items: Iterable[ScannedText | Problem], path: str, line_format: LineFormat
) -> list[FoundLine | Problem]:
    events: list[FoundLine | Problem] = []
    for item in items:
        if isinstance(item, ScannedText):
            where = item.path or path
            for candidate in item.candidates:
                if candidate.url:  # an empty wrapper ("<URL:>") is no URL (`check`: X106)
                    key, line = line_format(where, candidate, item.mail)
                    events.append(FoundLine(where, key, line))
        else:
            events.append(item)
    return events


def _scan_range(unit: TextRange) -> Iterator[ScannedText | Problem]:
    """The range's chunks scanned, after its look back (whose own findings are dropped)."""
    chunks = unit.chunks
    try:
        with open(unit.path, "rb") as stream:
            stream.seek(chunks[0].start)
            data = stream.read(chunks[-1].end - chunks[0].start)
    except OSError as error:
        yield Problem(ProblemKind.UNREADABLE, error.strerror or str(error), unit.path)
        return
    texts = []
    for number, chunk in enumerate(chunks):
        text, encoding = decode(data[chunk.start - chunks[0].start : chunk.end - chunks[0].start])
        final = unit.final and number == len(chunks) - 1
        bom = b"\xef\xbb\xbf" if unit.bom and chunk.start == 3 and number == 0 else b""
        texts.append(TextChunk(text, chunk.line_base, chunk.column_base, final, encoding, bom))
    if unit.first > 0:
        texts[0] = _tail(texts[0], sum(len(t.text) for t in texts[: unit.first]) - unit.lookback)
    number = -1
    for item in scan_texts(texts, unit.path):
        if isinstance(item, ScannedText):
            number += 1
        if number >= unit.first:
            yield item
        elif isinstance(item, ScannedText):
            for _ in item.candidates:  # scanned only to arrive in the whole scan's state
                pass


def _tail(chunk: TextChunk, skip: int) -> TextChunk:
    """The look back's first chunk without its first `skip` characters, from a line start
    (text that far before the range cannot change how the range is read)."""
    if skip <= 0:
        return chunk
    start = chunk.text.find("\n", skip) + 1
    if start <= 0:
        return chunk
    lines = chunk.text.count("\n", 0, start)
    return TextChunk(chunk.text[start:], chunk.line_base + lines, 0, False, chunk.encoding)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


