"""The units of work a run's inputs make, in the order a serial run reads them.

Small inputs go in batches, a large plain text file in ranges, a large mbox in runs of
messages, a large archive in units of members, anything else whole. Only running text is
cut in ranges: a code or markup file (scanner.syntax) goes whole, as its lexer's state at a
line (inside a triple-quoted string, a comment, a fenced block) is known only from the
file's start.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.counts import Counts
from ..core.inputs import InputFile
from ..core.problems import Problem, ProblemKind
from ..core.units import (
    BATCH_BYTES,
    BATCH_FILES,
    RANGE_BYTES,
    RUN_BYTES,
    Planned,
    WholeInput,
)
from ..sources.files import iter_files
from ..sources.opening import STDIN, plain_file_size, unreadable
from ..sources.ranges import text_ranges

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..sources.files import FileId
    from ..sources.selection import Selection
    from .work import Unit


def plan(
    paths: Iterable[str],
    *,
    selection: Selection | None = None,
    range_bytes: int = RANGE_BYTES,
    run_bytes: int = RUN_BYTES,
    relative: bool = False,
) -> Iterator[Unit | Problem]:
    """The units of work of `paths`, in the order a serial run reads them.

    A plain text file of running text or an mbox larger than `range_bytes` in ranges or
    runs of messages, anything else whole (a code or markup file too)."""
    for planned in planned_units(
        paths,
        selection=selection,
        range_bytes=range_bytes,
        run_bytes=run_bytes,
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
    """The units of `plan`, each with the inputs it ends and the bytes it covers.

    The bytes of regular files (standard input and FIFOs count none), and for a run of an mbox's
    messages, the messages its prefilter passed over while cutting it. The sizes default
    to RANGE_BYTES and RUN_BYTES, read when called. `relative`: a plain mbox's runs are
    found with no framing of the file, and count their lines and messages from their own
    start (mail.runs.relative_runs), for a `place` that moves messages too (extract's
    `placed_lines`, check's `placed_findings`, the library's `run.wire.placed`; not the
    results store, whose resume places are framed): the writer's process no longer
    frames every byte of it."""
    return planned_from(
        iter_files(paths, skip, selection),
        range_bytes=range_bytes,
        run_bytes=run_bytes,
        relative=relative,
    )


def planned_from(
    files: Iterable[InputFile | Problem],
    *,
    range_bytes: int | None = None,
    run_bytes: int | None = None,
    relative: bool = False,
) -> Iterator[Planned]:
    """`planned_units` of a walk already made (sources.files.iter_files).

    The results store walks once, to know what changed, and plans what it reads from that walk)."""
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
    # Running text alone in ranges: a range of a code or markup file would be read from a
    # line where the lexer's state is not known (a string or a fenced block open across the
    # cut). Its syntax is its name's, as its reading's (sources.kinds.file_syntax). A large
    # report urlint wrote, found in a walk, is read whole: its reading gives nothing.
    if (
        kind == TEXT
        and size > range_bytes
        and _running_text(source.path)
        and (source.explicit or not _urlint_wrote(source.path))
    ):
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


def _urlint_wrote(path: str) -> bool:
    """Did urlint write the file at `path`: known by its first bytes
    (sources.kinds.urlint_wrote), or a report of -o unchanged since (sources.own_outputs)?"""
    import os

    from ..sources.kinds import urlint_wrote
    from ..sources.opening import open_input
    from ..sources.own_outputs import is_own_output
    from ..sources.streams import SNIFF_BYTES

    try:
        with open_input(path) as stream:
            if is_own_output(os.fstat(stream.fileno())):
                return True
            return urlint_wrote(stream.read(SNIFF_BYTES)) is not None
    except OSError:
        return False


def _running_text(path: str) -> bool:
    """Is the file at `path` running text by its name (scanner.syntax.syntax_of): prose, or
    a kind not read as code or markup, whose text is scanned as prose's is?"""
    from ..scanner.syntax import Syntax, syntax_of

    return syntax_of(path) in (Syntax.TEXT, Syntax.OTHER)
