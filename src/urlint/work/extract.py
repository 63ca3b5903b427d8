"""The work `extract` hands the runner, and how the writer places a range's results.

Each URL's line formatted in the worker (`scan_unit`), sent back as a `FoundLine`, never as
a `Candidate` (pickling one costs as much as finding it). The runner (run/) does not know
it: it is handed these functions, and the output formats stay apart from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial

from ..core.engines import HERE, Engine
from ..core.inputs import ArticleRead, Crossposts, InputFile, Reading
from ..core.model import ScannedText
from ..core.problems import Problem
from ..core.units import MessageRun, Planned, TextRange
from ..output.extract import LineBlock, blocked, joined
from ..pipeline import scan_input_marked
from ..run.runner import run_work
from ..run.worker import url_events, worked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.model import Candidate
    from ..mail.origin import MessageInfo
    from ..output.extract import LinePieces, UrlFormat
    from ..run.progress import Tally
    from ..run.work import Unit, UnitResult

# Formats a URL found in a path (and message): (the URL as shown, the output line, in
# pieces where it shows line numbers); see output.extract.UrlFormat.pieces.
LineFormat = Callable[[str, "Candidate", "MessageInfo | None"], "tuple[str, str | LinePieces]"]

# A URL found, as the writer needs it: (path, the URL as shown: `--unique`'s key, the line to
# write: in pieces from a worker, LinePieces). A plain tuple, told from the problems (named
# tuples) by its type: pickle's C code takes it whole, where a record goes through
# Python-level code, object by object.
FoundLine = tuple


def is_found_line(event: object) -> bool:
    """Is `event` a FoundLine (a plain tuple, where a problem is a named tuple)?"""
    return type(event) is tuple


def run_units(
    units: Iterable[Unit | Problem | Planned],
    url_format: UrlFormat,
    engine: Engine = HERE,
    tally: Tally | None = None,
) -> Iterator[FoundLine | Problem]:
    """What every unit found (`scan_unit`), unit after unit in the order given.

    Each URL's line as `url_format` writes it."""
    work = partial(scan_unit, url_format=url_format)
    # (typing.cast is not imported: typing costs a -j run some milliseconds before its
    # workers fork)
    return run_work(units, work, engine, tally, placed_lines)  # type: ignore[return-value]  # extract's work makes only these


def placed_lines(events: list, lines: int, chars: int, messages: int) -> list:
    """The FoundLines and LineBlocks of a range's (or a run's) result, placed in the file.

    The result whole
    (output.extract.joined), their line numbers `lines` further on, their messages'
    numbers `messages`."""
    return [
        (event[0], event[1], joined(event[2], lines, messages))
        if is_found_line(event)
        else LineBlock(event.count, event.text(lines, messages))
        if type(event) is LineBlock
        else event
        for event in events
    ]


def scan_unit(unit: Unit, url_format: UrlFormat) -> UnitResult:
    """A unit scanned in a worker process: what it found, formatted, in order.

    Each line whole, but in a range after a file's first, where it stays in pieces for the
    writer to place (run.work.TextExtent); lines in a row one LineBlock where each is
    written as it comes (UrlFormat.in_blocks). The format goes to the worker whole, not as
    a bound method: a compiled class's (setup.py) does not pickle."""
    placed_later = (isinstance(unit, TextRange) and unit.first > 0) or (
        isinstance(unit, MessageRun) and unit.relative and unit.place.offset > 0
    )
    line_format: LineFormat = url_format.pieces if placed_later else url_format

    def read_whole(source: InputFile, articles: Crossposts, reading: Reading) -> list:
        items = scan_input_marked(source, articles, reading)
        return found_lines(items, source.path, line_format=line_format, near=url_format.near)

    results = worked(
        unit,
        read_whole,
        partial(found_lines, line_format=line_format, near=url_format.near),
        reading=Reading(url_format.near),  # near-URLs looked for only where they are listed
    )
    if url_format.in_blocks:
        for result in results:
            result.events[:] = blocked(result.events, url_format.end)
    return results


def found_lines(
    items: Iterable[ScannedText | Problem | ArticleRead],
    path: str,
    *,
    line_format: LineFormat,
    near: bool = False,
) -> list[FoundLine | Problem | ArticleRead]:
    """The FoundLine of each URL in `items` (near-URLs too with `near`), in order, the other
    events as they are."""

    def found_line(where: str, candidate: Candidate, mail: MessageInfo | None) -> FoundLine:
        return (where, *line_format(where, candidate, mail))

    return url_events(items, path, found_line, near)
