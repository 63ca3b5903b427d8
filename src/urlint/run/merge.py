"""The results of a run's units put in serial order, as one process reading alone gives them.

Each unit's events come in the units' order, a range of a text file (or a relative run of
an mbox) moved to its place in the file after what the ranges before it hold
(`TextExtent`), the later results of an archive read again by its rest dropped, and a
crossposted news article kept once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..core.inputs import Crossposts
from ..core.problems import Problem
from ..core.records import replaced

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.counts import Counts
    from .progress import Tally
    from .work import UnitResult

# What the writer does with the events of a range of a text file after the file's first,
# or of a relative run of an mbox: (events, the lines, the characters and the messages
# before it) -> the events in their place (`TextExtent`). The events of any other unit
# come in their place.
Place = Callable[[list, int, int, int], list]


def in_serial_order(
    results: Iterable[tuple[Counts, UnitResult]],
    tally: Tally | None = None,
    place: Place | None = None,
    mark_ends: bool = False,
) -> Iterator[object]:
    """The events of each unit's results, in their place in serial order.

    The results come with their unit's counts, in the units' order (runner.run_work says
    how they are placed)."""
    crossposts = Crossposts()  # the news articles of the results used
    archive_read_again = 0  # the archive whose rest was read: its later results are dropped
    # In the ranges of a text file before this one. A range that failed in its reading says
    # it holds nothing (RangeScan): the file went bad under the run, and the later ranges'
    # lines, if they are read at all, are placed as if it held none.
    lines_before = chars_before = messages_before = 0
    for counts, unit_result in results:
        for result in unit_result:
            if result.archive and result.archive == archive_read_again:
                continue  # read again by the archive's rest, before it
            if result.archive_rest:
                archive_read_again = result.archive
            if result.articles and not crossposts.first_read(result.articles):
                continue  # a crossposted article already read under another group
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
