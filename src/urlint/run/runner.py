"""A run's units worked on the engine chosen, their events in serial order (`run_work`).

The pool that works them (pool.py) joined to the merge that puts their results in place
(merge.py). The units come from plan.py, and a worker works each with worker.py.

Workers send back what the writer prints (`FoundLine`: the formatted line, with the path
and the URL as shown that `-c`, `-l` and `--unique` need) and the problems met, never
`Candidate`s: pickling one costs as much as finding it. A range of a large text file is
placed from its own start (core.units.TextRange); the writer, which has the ranges before
it, moves what it found to its place in the file (`TextExtent`). The serial engine runs the
same units in this process, so a run's output does not depend on the engine.
"""

from __future__ import annotations

from ..core.engines import HERE, Engine
from .merge import in_serial_order
from .pool import unit_results

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from ..core.problems import Problem
    from ..core.units import Planned
    from .merge import Place
    from .progress import Tally
    from .work import Unit, Work


def run_work(
    units: Iterable[Unit | Problem | Planned],
    work: Work,
    engine: Engine = HERE,
    tally: Tally | None = None,
    place: Place | None = None,
    mark_ends: bool = False,
) -> Iterator[object]:
    """The events `work` makes of every unit, in serial order, on `engine`.

    The events (work.extract's `scan_unit` lines and work.check's `check_unit` findings; a
    Problem met while planning passes as it is), unit after unit in the order
    given, put in their place by `place` (needed where a text file is cut in ranges:
    TextExtent). The local engine with `jobs` > 1 works the units in that many processes,
    the Dask engine on the workers of the cluster at its `scheduler`, or of one started for
    the run (`jobs` at once; None: the cluster's threads, or every core), at most
    pool.AHEAD_OF_WRITER a worker ahead of the writer (memory stays bounded whatever the
    input's size). Each unit's counts go to `tally` as its result is used (give
    `planned_units` for the files and bytes). With `mark_ends`, merge.UNIT_END follows
    each unit's events (a problem met planning is a unit too), whatever became of its
    work: the store's writer commits there."""
    results = unit_results(units, work, engine)
    return in_serial_order(results, tally, place, mark_ends)
