"""The work the library's `scan_paths` hands the runner: each URL packed flat, in order.

A worker sends each URL back packed (run/wire.py), never as a pickled `Candidate`, which
would cost more than finding it; the caller's process unpacks it into a `Found`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.inputs import Reading
from ..core.problems import Problem
from ..pipeline import scan_input_marked
from ..run.plan import planned_units
from ..run.runner import run_work
from ..run.wire import pack, placed, unpack
from ..run.worker import url_events, worked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.engines import Engine
    from ..core.inputs import ArticleRead, Crossposts, InputFile
    from ..core.model import ScannedText
    from ..pipeline import Found
    from ..run.work import InputResult, Unit
    from ..sources.selection import Selection


def scan_in_units(
    paths: list[str],
    selection: Selection,
    engine: Engine,
) -> Iterator[Found | Problem]:
    """Every URL in `paths` and every problem, read in units of work, in the serial order."""
    units = planned_units(paths, selection=selection, relative=True)
    events = run_work(units, packed_unit, engine, place=placed)
    for event in events:
        yield event if isinstance(event, Problem) else unpack(event)  # type: ignore[arg-type]


def packed_unit(unit: Unit) -> list[InputResult]:
    """A unit of work read in a worker process: each URL packed, each problem as it is.

    The URLs packed by run/wire.py, each problem as it is, in order; input by input, with
    the news articles each read (a crosspost is read once, by the writer's process)."""

    def read_whole(source: InputFile, articles: Crossposts, reading: Reading) -> list:
        return _packed(scan_input_marked(source, articles, reading), source.path)

    return worked(unit, read_whole, _packed, reading=Reading(near=False))  # none is packed


def _packed(items: Iterable[ScannedText | Problem | ArticleRead], path: str) -> list:
    """Each URL of a unit's scanned texts packed for the trip back, the rest as it is."""
    return url_events(items, path, pack)
