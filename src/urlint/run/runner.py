"""One runner, several engines: the units of `urlint.core.units` scanned in this process, on
every core, or on the workers of a Dask cluster (engines/dask.py), their results in input
order (issues 14 and 16).

Workers send back what the writer prints (`FoundLine`: the formatted line, with the path
and the URL as shown that `-c`, `-l` and `--unique` need) and the problems met, never
`Candidate`s: pickling one costs as much as finding it. A range of a large text file is
placed from its own start (units.TextRange); the writer, which has the ranges before it,
moves what it found to its place in the file (`TextExtent`). The serial engine runs the
same units in this process, so a run's output does not depend on the engine.

The engine is chosen here, once (`_results`): serial, a pool of processes, or Dask. The
two pools share one loop (`_in_order`): they are handed units and give back, for each,
something to wait on; what differs is only how a unit is handed over (`Submit`).
"""

from __future__ import annotations

import codecs
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial

from .._runtime import heap
from ..core.counts import NOTHING, Counts
from ..core.faults import internal_error
from ..core.inputs import InputFile
from ..core.problems import Problem, ProblemKind
from ..core.records import record, replaced
from ..core.units import (
    BATCH_BYTES,
    BATCH_FILES,
    RANGE_BYTES,
    RUN_BYTES,
    ArchiveMembers,
    ArchiveRest,
    MessageRun,
    Planned,
    TextRange,
    WholeInput,
)
from ..pipeline import (
    READ,
    ArticleRead,
    ScannedText,
    counted,
    scan_archive_again,
    scan_archive_member,
    scan_items,
    scan_texts,
)
from ..sources.files import STDIN, FileId, iter_files, plain_file_size, unreadable
from ..sources.ranges import text_ranges
from ..sources.text import TextChunk, read_texts
from .engines import DASK, LOCAL, serial

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from concurrent.futures import Future
    from contextlib import AbstractContextManager

    from ..mail.mbox import FramingEnd
    from ..sources.selection import Selection
    from .progress import Tally

Unit = WholeInput | TextRange | MessageRun | ArchiveMembers | ArchiveRest
# What a worker does with a unit: its results, in order (picklable: a module-level function,
# or a functools.partial of one).
Work = Callable[["Unit"], "UnitResult"]
# A unit handed to a pool: call it to wait for the unit's result (a Future's `result`).
Waiting = Callable[[], "UnitResult"]
# Hands a unit to a pool's workers.
Submit = Callable[["Unit"], Waiting]
# What the writer does with the events of a range of a text file after the file's first,
# or of a relative run of an mbox: (events, the lines, the characters and the messages
# before it) -> the events in their place (`TextExtent`). The events of any other unit
# come in their place.
Place = Callable[[list, int, int, int], list]

@record
class TextExtent:
    """What a range of a text file or a run of an mbox holds, its positions counted from
    its own start (units.TextRange, units.MessageRun.relative): the line ends, the
    characters and the messages in it. The writer places its events after what the
    ranges (or runs) before hold, from 0 again at a file's first."""

    first: bool  # the file's first range (or run)
    lines: int
    chars: int
    messages: int = 0


@record
class InputResult:
    """What one input (or one range or run of it) gave, formatted, and the messages it read
    (`Counts.messages` and `damaged`: progress and the summary)."""

    events: list  # FoundLine | Problem for extract, Finding for check
    articles: tuple[str, ...] = ()  # Message-IDs of the news articles read whole (crossposts)
    counts: Counts = NOTHING
    archive: int = 0  # the archive whose members these are (ArchiveMembers.archive)
    # It reads that archive on to its end (ArchiveRest): its later results are dropped.
    archive_rest: bool = False
    extent: TextExtent | None = None  # a range of a text file: placed by the writer


UnitResult = list[InputResult]


def run_work(
    units: Iterable[Unit | Problem | Planned],
    work: Work,
    jobs: int | None = 1,
    tally: Tally | None = None,
    place: Place | None = None,
    engine: str = LOCAL,
    scheduler: str | None = None,
    mark_ends: bool = False,
) -> Iterator[object]:
    """The events `work` makes of every unit (`scan_unit`'s lines, `checker.check_unit`'s
    findings; a Problem met while planning passes as it is), unit after unit in the order
    given, put in their place by `place` (needed where a text file is cut in ranges:
    TextExtent). The local engine with `jobs` > 1 works the units in that many processes,
    the Dask engine on the workers of the cluster at `scheduler`, or of one started for
    the run (`jobs` at once; None: the cluster's threads, or every core), at most
    AHEAD_OF_WRITER a worker ahead of the writer (memory stays bounded whatever the
    input's size). Each unit's counts go to `tally` as its result is used (give
    `planned_units` for the files and bytes). With `mark_ends`, UNIT_END follows each
    unit's events (a problem met planning is a unit too), whatever became of its work:
    the store's writer commits there."""
    articles: set[str] = set()
    archive_read_again = 0  # the archive whose rest was read: its later results are dropped
    # In the ranges of a text file before this one. A range that failed in its reading says
    # it holds nothing (RangeScan): the file went bad under the run, and the later ranges'
    # lines, if they are read at all, are placed as if it held none.
    lines_before = chars_before = messages_before = 0
    for counts, results in _results(units, work, jobs, engine, scheduler):
        for result in results:
            if result.archive and result.archive == archive_read_again:
                continue  # read again by the archive's rest, before it
            if result.archive_rest:
                archive_read_again = result.archive
            if result.articles:
                if articles.intersection(result.articles):
                    continue  # a crossposted article already read under another group
                articles.update(result.articles)
            if tally is not None:
                tally.add(result.counts)
            extent = result.extent
            if extent is None or extent.first:
                if extent is not None:
                    lines_before, chars_before = extent.lines, extent.chars
                    messages_before = extent.messages
                yield from result.events
            elif place is None:
                raise ValueError("a range of a text file, and no place for its events")
            else:
                events = result.events
                if lines_before or messages_before:  # its problems are placed too
                    events = [
                        _placed_problem(event, lines_before, messages_before)
                        if isinstance(event, Problem)
                        else event
                        for event in events
                    ]
                yield from place(events, lines_before, chars_before, messages_before)
                lines_before += extent.lines
                chars_before += extent.chars
                messages_before += extent.messages
        if tally is not None:
            tally.add(counts)
        if mark_ends:
            yield UNIT_END


def _placed_problem(problem: Problem, lines: int, messages: int) -> Problem:
    """A problem met in a range or run (a long line cut, a damaged message), `lines` and
    `messages` further on."""
    mail = None if problem.mail is None else problem.mail.moved(lines, messages)
    return replaced(problem, line=problem.line + lines, mail=mail)


class _UnitEnd:
    def __repr__(self) -> str:
        return "UNIT_END"


UNIT_END = _UnitEnd()  # run_work's mark after each unit's events
# Units handed to a pool ahead of the writer, a worker: the writer takes results in order,
# and a unit slower than the rest (a range dense with URLs: 50 ms where the others take 5)
# held up the other worker once it had done two (its next unit waited for the writer's
# window to move). Results wait in the writer as formatted text; a unit waits as a name
# and a byte range, or, where it carries its bytes (`_carries_bytes`: an archive's members,
# up to 16 MB, a compressed mbox's run), as those: two such a worker at most, as before
# (the writer holds each until its result is back: a tar.gz of 1 GB with -j 2 peaked at
# 195 MB in all processes with four, 155 with two; bench/memory.py --kinds tar).
AHEAD_OF_WRITER = 4
CARRIED_AHEAD_OF_WRITER = 2


def _results(
    units: Iterable[Unit | Problem | Planned],
    work: Work,
    jobs: int | None,
    engine: str,
    scheduler: str | None,
) -> Iterator[tuple[Counts, UnitResult]]:
    """Each unit's counts and result, in order, from the engine chosen: here, serially; a
    pool of `jobs` processes; or Dask (imported only then: a run on this machine never
    pays for it)."""
    pool: AbstractContextManager[tuple[Submit, int]]
    if engine == DASK:
        from .engines.dask import dask_pool

        pool = dask_pool(work, jobs, scheduler)
    elif serial(engine, jobs):
        for item in units:
            unit, counts = _unplanned(item)
            yield counts, ([InputResult([unit])] if isinstance(unit, Problem) else work(unit))
        return
    else:
        pool = _process_pool(work, jobs or 1)
    with pool as (submit, width):
        yield from _in_order(units, work, submit, width)


@contextmanager
def _process_pool(work: Work, jobs: int) -> Iterator[tuple[Submit, int]]:
    """`jobs` processes of this machine, each urlint's own (heap.py): forked from this one
    (engines/forked.py), or where that is not safe, Python's own pool."""
    from .engines import forked

    if forked.AVAILABLE:
        with forked.ForkedPool(work, jobs, _worker_started) as pool:
            yield (lambda unit: partial(pool.result, pool.submit(unit))), jobs
        return
    with _PythonPool(work, jobs) as pool:
        yield pool.submit, jobs


class _PythonPool:
    """Python's ProcessPoolExecutor, for where a fork is not safe. A worker that dies breaks
    it whole, and every unit it held with it: each is worked again once on a new pool, and
    one that breaks that one too is a problem (not_worked), never the end of the run."""

    def __init__(self, work: Work, jobs: int) -> None:
        from concurrent.futures import ProcessPoolExecutor  # loads logging: only for a pool

        self.work = work
        self.started = partial(ProcessPoolExecutor, max_workers=jobs, initializer=_worker_started)
        self.pool = self.started()

    def __enter__(self) -> _PythonPool:
        return self

    def __exit__(self, *_: object) -> None:
        self.pool.shutdown(cancel_futures=True)

    def submit(self, unit: Unit, again: bool = False) -> Waiting:
        from concurrent.futures.process import BrokenProcessPool

        try:
            future = self.pool.submit(self.work, unit)
        except BrokenProcessPool:
            self.pool.shutdown(wait=False)
            self.pool = self.started()
            future = self.pool.submit(self.work, unit)
        return partial(self._result, future, unit, again)

    def _result(self, future: Future, unit: Unit, again: bool) -> UnitResult:
        from concurrent.futures.process import BrokenProcessPool

        try:
            result: UnitResult = future.result()
            return result
        except BrokenProcessPool:
            if again:
                return not_worked(unit, "its worker process died")
            return self.submit(unit, again=True)()


def _worker_started() -> None:
    """A pool worker's start: it is urlint's own process (heap.py), and it ends with the
    run's. Killed (SIGKILL leaves no time to close a pool), the run's process would leave
    its workers waiting for their next unit for ever: each looks twice a second whether
    the process that started it is still its parent."""
    import threading
    import time

    heap.allow()
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="urlint-parent", daemon=True).start()


def _in_order(
    units: Iterable[Unit | Problem | Planned], work: Work, submit: Submit, width: int
) -> Iterator[tuple[Counts, UnitResult]]:
    """The units handed to a pool that works `width` at once, their results taken in
    order, at most AHEAD_OF_WRITER a worker ahead of the writer (CARRIED_AHEAD_OF_WRITER
    of those that carry their bytes). A problem met while planning, and the unit that
    reads standard input (`_reads_stdin`), are not handed over."""
    pending: deque[tuple[Counts, UnitResult | Waiting, bool]] = deque()
    ahead, carried_ahead = AHEAD_OF_WRITER * width, CARRIED_AHEAD_OF_WRITER * width
    carried = 0  # pending units that carry their bytes
    for item in units:
        unit, counts = _unplanned(item)
        if isinstance(unit, Problem):
            pending.append((counts, [InputResult([unit])], False))
        elif _reads_stdin(unit):
            pending.append((counts, work(unit), False))
        else:
            carries = _carries_bytes(unit)
            carried += carries
            pending.append((counts, submit(unit), carries))
        while (
            len(pending) > ahead
            or carried > carried_ahead
            or (pending and isinstance(pending[0][1], list))
        ):
            counts, result, carries = pending.popleft()
            carried -= carries
            yield _ready(counts, result)
    for counts, result, _ in pending:
        yield _ready(counts, result)


def _carries_bytes(unit: Unit) -> bool:
    """Does the unit go to its worker in its bytes (and stay in the writer's memory
    until its result is back)?"""
    if isinstance(unit, MessageRun):
        return unit.data is not None
    return isinstance(unit, ArchiveMembers)


def _reads_stdin(unit: Unit) -> bool:
    """Standard input is this process's: a worker's is not the run's (it reads as empty),
    so the unit that reads it is worked here, in its turn."""
    return isinstance(unit, WholeInput) and any(source.path == STDIN for source in unit.sources)


def _unplanned(item: Unit | Problem | Planned) -> tuple[Unit | Problem, Counts]:
    if isinstance(item, Planned):
        return item.unit, item.counts
    return item, NOTHING


def _ready(counts: Counts, item: UnitResult | Waiting) -> tuple[Counts, UnitResult]:
    return counts, item if isinstance(item, list) else item()


def not_worked(unit: Unit, reason: str) -> UnitResult:
    """The result of a unit whose worker failed (died, or raised past `worked`'s own
    guard): a problem for each input it held, in its place, and the run goes on. A range
    of a text file says it holds nothing, as one whose reading failed does (`worked`): the
    ranges after it are placed as if it held no line. A relative run of an mbox is framed
    again here, copying no message, for the runs after it to be placed right."""
    if isinstance(unit, WholeInput):
        inputs = [(source.path, 1) for source in unit.sources]
    elif isinstance(unit, ArchiveMembers):
        inputs = [(member.path, 1) for member in unit.members]
    elif isinstance(unit, ArchiveRest):
        inputs = [(unit.source.path, 1)]
    elif isinstance(unit, MessageRun):
        inputs = [(unit.path, unit.place.line)]  # where the run starts
    else:
        inputs = [(unit.path, 1)]  # the range's first line, placed by the writer
    problems = [Problem(ProblemKind.UNREADABLE, reason, path, line) for path, line in inputs]
    if isinstance(unit, TextRange):
        return [InputResult(problems, extent=TextExtent(unit.first == 0, 0, 0))]
    if isinstance(unit, MessageRun) and unit.relative:  # placed after what it holds, framed again
        from ..mail.runs import run_extent

        lines, messages = run_extent(unit)
        extent = TextExtent(unit.place.offset == 0, lines, 0, messages)
        return [InputResult(problems, extent=extent)]
    archive = unit.archive if isinstance(unit, ArchiveMembers | ArchiveRest) else 0
    return [InputResult(problems, archive=archive)]


def plan(
    paths: Iterable[str],
    *,
    selection: Selection | None = None,
    range_bytes: int = RANGE_BYTES,
    run_bytes: int = RUN_BYTES,
    relative: bool = False,
) -> Iterator[Unit | Problem]:
    """The units of `paths`, in the order a serial run reads them: a plain text file or an
    mbox larger than `range_bytes` in ranges or runs of messages, anything else whole."""
    for planned in planned_units(
        paths, selection=selection, range_bytes=range_bytes, run_bytes=run_bytes,
        relative=relative,
    ):
        yield planned.unit


def planned_units(
    paths: Iterable[str],
    *,
    selection: Selection | None = None,
    skip: frozenset[FileId] = frozenset(),
    range_bytes: int | None = None,
    run_bytes: int | None = None,
    relative: bool = False,
) -> Iterator[Planned]:
    """The units of `plan`, each with the inputs it ends and the bytes it covers (of the
    regular files: standard input and FIFOs count none), and for a run of an mbox's
    messages, the messages its prefilter passed over while cutting it. The sizes default
    to RANGE_BYTES and RUN_BYTES, read when called. `relative`: a plain mbox's runs are
    found with no framing of the file, and count their lines and messages from their own
    start (mail.runs.relative_runs), for a `place` that moves messages too (extract's
    `placed_lines`, check's `placed_findings`, the library's `packed.placed`; not the
    results store, whose resume places are framed): the writer's process no longer
    frames every byte of it."""
    return planned_from(
        iter_files(paths, skip, selection), range_bytes=range_bytes, run_bytes=run_bytes,
        relative=relative,
    )


def planned_from(
    files: Iterable[InputFile | Problem],
    *,
    range_bytes: int | None = None,
    run_bytes: int | None = None,
    relative: bool = False,
) -> Iterator[Planned]:
    """`planned_units` of a walk already made (sources.files.iter_files: the results
    store walks once, to know what changed, and plans what it reads from that walk)."""
    range_bytes = RANGE_BYTES if range_bytes is None else range_bytes
    run_bytes = RUN_BYTES if run_bytes is None else run_bytes
    batch: list[InputFile] = []
    batch_bytes = 0
    for item in files:
        size = 0 if isinstance(item, Problem) else plain_file_size(item.path)
        large = size > min(range_bytes, 2 * run_bytes)
        alone = isinstance(item, Problem) or item.path == STDIN
        if batch and (
            alone or large or len(batch) == BATCH_FILES or batch_bytes + size > BATCH_BYTES
        ):
            yield Planned(WholeInput(tuple(batch)), Counts(len(batch), batch_bytes))
            batch, batch_bytes = [], 0
        if isinstance(item, Problem):
            yield Planned(item)
        elif item.path == STDIN:  # a unit of its own: see _reads_stdin
            yield Planned(WholeInput((item,)), Counts(1, 0))
        elif large:
            yield from _large_file_units(item, size, range_bytes, run_bytes, relative)
        else:
            batch.append(item)
            batch_bytes += size
    if batch:
        yield Planned(WholeInput(tuple(batch)), Counts(len(batch), batch_bytes))


def _large_file_units(
    source: InputFile, size: int, range_bytes: int, run_bytes: int, relative: bool
) -> Iterator[Planned]:
    from ..sources.kinds import COMPRESSED, MBOX, TAR, TEXT, ZIP, file_kind, misnamed

    try:
        kind = file_kind(source.path)
    except OSError:
        kind = ""
    if kind == TEXT and size > range_bytes:
        covered = 0
        try:
            ranges = text_ranges(source.path, range_bytes=range_bytes)
            if ranges is not None:
                reason = misnamed(source.path, kind)  # as the whole file's reading says first
                if reason is not None:
                    yield Planned(Problem(ProblemKind.MISNAMED, reason, source.path))
                for unit in ranges:
                    end = size if unit.final else unit.chunks[-1].end
                    yield Planned(unit, Counts(int(unit.final), end - covered))
                    covered = end
                return
        except OSError as error:  # the file went bad while it was being cut
            problem = unreadable(error, source.path)
            yield Planned(problem, Counts(1, max(0, size - covered)))
            return
    elif kind == MBOX and size > 2 * run_bytes:
        from ..mail.runs import message_runs, relative_runs

        yield from (relative_runs if relative else message_runs)(source, size, run_bytes)
        return
    elif kind in COMPRESSED or kind in (TAR, ZIP):
        from ..sources.nested import opened_input

        # Opened as its whole reading opens it: a compressed mbox is cut into runs, an
        # archive (compressed or not) into units of members; anything else is read whole.
        opened = opened_input(source.path, size)
        if opened is not None and opened.kind == MBOX:
            from ..mail.runs import stream_runs

            yield from stream_runs(source, kind, size, run_bytes, opened)
            return
        if opened is not None and opened.kind in (TAR, ZIP):
            from ..sources.members import archive_units

            yield from archive_units(source, size, opened)
            return
        if opened is not None:
            opened.raw.close()
    yield Planned(WholeInput((source,)), Counts(1, size))


# What a worker makes of one input read whole (the Message-IDs of the news articles it read
# go into the set), and of the scanned texts of a range or a run of messages of `path`;
# the marks of news articles (pipeline.ArticleRead) pass through both, in their places.
WholeWork = Callable[[InputFile, "set[str]"], list]
PartWork = Callable[[Iterable["ScannedText | Problem | ArticleRead"], str], list]


def worked(
    unit: Unit,
    whole: WholeWork,
    part: PartWork,
    look_back: Callable[[ScannedText], None] | None = None,
) -> UnitResult:
    """The results of a unit, input by input, each with the messages it read (`READ`):
    the one frame of the work of extract, check and the library (`scan_paths`). A range of
    a text file gives `look_back` the texts scanned again before it (RangeScan: check's
    suppressions on the lines before the range)."""
    if isinstance(unit, ArchiveMembers):
        return _member_results(unit, part)
    if isinstance(unit, ArchiveRest):
        return _merged(_rest_results(unit.source, unit.skip, part, set(), unit.archive))
    results: UnitResult = []
    inputs = unit.sources if isinstance(unit, WholeInput) else (unit,)
    for item in inputs:
        if isinstance(item, InputFile):
            articles: set[str] = set()
            events, counts = _read(partial(whole, item, articles), item.path)
            if not articles:  # it read no news article: it has no ArticleRead marks
                results.append(InputResult(events, counts=counts))
                continue
        elif isinstance(item, TextRange):
            scan = RangeScan(item, look_back)
            events, counts = _read(partial(part, iter(scan), item.path), item.path)
            # Placed by the writer even where a fault cut the scan short: what it found
            # before counts from the range's start, and a file's first range still starts
            # the file's count; what the range held past the fault is not known.
            extent = scan.extent or TextExtent(item.first == 0, 0, 0)
            results.append(InputResult(events, counts=counts, extent=extent))
            continue
        elif item.relative:
            results.append(_relative_run_result(item, part))
            continue
        else:
            events, counts = _read(partial(part, scan_run(item), item.path), item.path)
        results.extend(_by_article(events, counts))
    return _merged(results)


def _relative_run_result(unit: MessageRun, part: PartWork) -> InputResult:
    """A relative run of an mbox read, to be placed by the writer as a range of a text
    is (what it holds: its lines and messages, told by its framing at its end)."""
    from ..mail.mbox import FramingEnd

    end = FramingEnd()
    events, counts = _read(partial(part, scan_run(unit, end), unit.path), unit.path)
    # A fault that cut it short: placed as a range is (`worked`), as if it held nothing.
    line, messages = (end.line, end.messages) if end.reached else (1, 0)
    extent = TextExtent(unit.place.offset == 0, line - 1, 0, messages)
    return InputResult(events, counts=counts, extent=extent)


def _read(work: Callable[[], list], path: str) -> tuple[list, Counts]:
    """What `work` gives, and the messages it read (`READ`); a fault in it is a problem
    for `path`, never the end of the run."""
    before = READ.messages, READ.damaged
    try:
        events = work()
    except Exception as error:  # noqa: BLE001 - one unit's fault never ends the run
        reason = f"not read to its end: {internal_error(error)}"
        events = [Problem(ProblemKind.UNREADABLE, reason, path)]
    return events, Counts(0, 0, *READ.since(*before))


def _member_results(unit: ArchiveMembers, part: PartWork) -> UnitResult:
    """The results of the unit's members, each read within its allowance (`_by_article`);
    should one decompress past it, or fail, the archive read again from its start, on from
    that member to its end, gives the last of them (`_rest_results`)."""
    from ..sources.archives import Budget

    results: UnitResult = []
    seen: set[str] = set()  # the news articles of the unit's members so far
    path = unit.source.path
    for member in unit.members:
        budget = Budget.allowing(member.allowance)
        before, counted = set(seen), (READ.messages, READ.damaged)
        try:
            events = part(scan_archive_member(member, budget, seen), path)
        except Exception:  # noqa: BLE001 - read again: the whole reading says what it is
            events = None
        if events is None or budget.spent:  # none of what it read is kept
            results.extend(_rest_results(unit.source, member.index, part, before, unit.archive))
            break
        results.extend(_by_article(events, Counts(0, 0, *READ.since(*counted)), unit.archive))
    return _merged(results)


def _rest_results(
    source: InputFile, skip: int, part: PartWork, seen: set[str], archive: int
) -> UnitResult:
    """An archive read again from its start, what its members before `skip` give dropped
    (units.ArchiveRest), to its end: the last result says so, and the archive's later
    results are dropped (run_work). `seen`: the news articles of the unit's members before."""
    items = scan_archive_again(source, set(seen), skip)
    events, counts = _read(partial(part, items, source.path), source.path)
    results = _by_article(events, counts, archive)
    results[-1] = replaced(results[-1], archive_rest=True)
    return results


def _by_article(events: list, counts: Counts, archive: int = 0) -> UnitResult:
    """One input's events as results, in their order: one for each news article (between
    its two pipeline.ArticleRead marks, with the messages counted between them) and one for
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


def scan_run(unit: MessageRun, end: FramingEnd | None = None) -> Iterator[ScannedText | Problem]:
    """A run of an mbox's messages read, framed, filtered and scanned as the whole file's
    scan does it; `end` holds, at its end, the line after its last and the messages in it
    (mail.mbox.split_mbox)."""
    from ..mail.prefilter import may_hold_urls
    from ..mail.runs import run_messages

    return scan_items(unit.path, run_messages(unit, counted(may_hold_urls), end))


class RangeScan:
    """A range of a text file scanned: what its chunks give, after its look back's (dropped,
    but for their texts, given to `look_back`), in order; then what the range holds
    (`extent`; None when its bytes could not be read). Each chunk is decoded on its own, as
    the whole file's reading decodes it, and placed from the range's start: line 1, column
    1 (the chunk before it ends a line), character 0."""

    def __init__(
        self, unit: TextRange, look_back: Callable[[ScannedText], None] | None = None
    ) -> None:
        self.unit = unit
        self.look_back = look_back
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
        scan = scan_texts(self._texts(kept, decoded), unit.path, begins)
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


def core_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
