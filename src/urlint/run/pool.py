"""The pools that work a run's units, and the one loop that takes their results in order.

The engine is chosen here, once (`unit_results`): serial, a pool of processes of this
machine (engines/forked.py, or Python's own pool where a fork is not safe), or Dask
(engines/dask.py). The two pools share one loop (`_in_order`): they are handed units and
give back, for each, something to wait on; what differs is only how a unit is handed over
(`Submit`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import partial

from .._runtime import heap
from ..core.counts import NOTHING, Counts
from ..core.engines import DASK, Engine
from ..core.problems import Problem
from ..core.units import ArchiveMembers, MessageRun, Planned, WholeInput
from ..sources.opening import STDIN
from .work import InputResult, Submit, Unit, UnitResult, Waiting, Work, most_jobs, not_worked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from concurrent.futures import Future
    from contextlib import AbstractContextManager

# Units handed to a pool ahead of the writer, a worker: the writer takes results in order,
# and a unit many times slower than the rest (a range dense with URLs) held up the other
# worker once it had done two (its next unit waited for the writer's window to move).
# Results wait in the writer as formatted text; a unit waits as a name and a byte range,
# or, where it carries its bytes (`_carries_bytes`: an archive's members, up to
# sources.members.CARRY_BYTES, a compressed mbox's run), as those: two such a worker at
# most (the writer holds each until its result is back, and an archive's peak memory grows
# with them: bench/memory.py --kinds tar).
AHEAD_OF_WRITER = 4
CARRIED_AHEAD_OF_WRITER = 2


def unit_results(
    units: Iterable[Unit | Problem | Planned],
    work: Work,
    engine: Engine,
) -> Iterator[tuple[Counts, UnitResult]]:
    """Each unit's counts and result, in order, from the engine chosen.

    The engine: here, serially; a pool of `jobs` processes, at most the most this machine
    runs (work.most_jobs: the CLI said so where -j asked for more) and no more than the
    units handed out; or Dask (imported only then: a run on this machine never pays for it)."""
    pool: AbstractContextManager[tuple[Submit, int]]
    if engine.name == DASK:
        from .engines.dask import dask_pool

        pool = dask_pool(work, engine.jobs, engine.scheduler)
    elif engine.serial:
        for item in units:
            unit, counts = _unplanned(item)
            yield counts, ([InputResult([unit])] if isinstance(unit, Problem) else work(unit))
        return
    else:
        pool = _process_pool(work, min(engine.jobs or 1, most_jobs()[0]))
    with pool as (submit, width):
        yield from _in_order(units, work, submit, width)


@contextmanager
def _process_pool(work: Work, jobs: int) -> Iterator[tuple[Submit, int]]:
    """Up to `jobs` processes of this machine, each urlint's own (_runtime/heap.py), started as
    units come: forked from this one (engines/forked.py), or where that is not safe,
    Python's own pool."""
    from .engines import forked

    if forked.AVAILABLE:
        with forked.ForkedPool(work, jobs, _worker_started) as pool:
            yield (lambda unit: partial(pool.result, pool.submit(unit))), jobs
        return
    with _PythonPool(work, jobs) as pool:
        yield pool.submit, jobs


class _PythonPool:
    """Python's ProcessPoolExecutor, for where a fork is not safe; its workers are spawned
    as units come that no worker is free for.

    A worker that dies breaks the pool whole, and every unit it held with it, and which of
    them it was reading is not told: each is worked again on a new pool. One that breaks
    that one too is worked again alone, on a pool of one worker: it is a problem
    (not_worked) only where it breaks that one too, the unit that kills its worker, never
    a unit that was held beside it. Never the end of the run."""

    def __init__(self, work: Work, jobs: int) -> None:
        import multiprocessing  # loaded by the executor anyway: only for a pool
        from concurrent.futures import ProcessPoolExecutor  # loads logging: only for a pool

        self.work = work
        # Spawned, as they are where this pool is used: spawned workers start as units need
        # them (forked ones would all start at once). Python's own race: the pool can miss
        # the end of the worker it spawned last until its next event (a result, a unit).
        self.started = partial(
            ProcessPoolExecutor,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_started,
        )
        self.pools = {False: self.started(max_workers=jobs)}  # True: one worker, alone
        self.jobs = jobs

    def __enter__(self) -> _PythonPool:
        return self

    def __exit__(self, *_: object) -> None:
        for pool in self.pools.values():
            pool.shutdown(cancel_futures=True)

    def submit(self, unit: Unit) -> Waiting:
        return partial(self._result, self._submitted(unit, False), unit)

    def _submitted(self, unit: Unit, alone: bool) -> Future:
        """The unit handed to the pool of all the workers, or to the one of a worker alone;
        a new one made where the one there is broken."""
        from concurrent.futures.process import BrokenProcessPool

        pool = self.pools.get(alone)
        if pool is not None:
            try:
                return pool.submit(self.work, unit)
            except BrokenProcessPool:
                pool.shutdown(wait=False)
        pool = self.pools[alone] = self.started(max_workers=1 if alone else self.jobs)
        return pool.submit(self.work, unit)

    def _result(self, future: Future, unit: Unit) -> UnitResult:
        """The unit's result; worked again where its pool broke: on a new pool, then alone.
        The writer waits for one unit at a time, so a unit worked alone is the only one
        on its pool."""
        from concurrent.futures.process import BrokenProcessPool

        again = iter((False, True))  # worked again on all the workers, then alone
        while True:
            try:
                result: UnitResult = future.result()
                return result
            except BrokenProcessPool:
                alone = next(again, None)
                if alone is None:
                    return not_worked(unit, "its worker process died")
                future = self._submitted(unit, alone)


def _worker_started() -> None:
    """A pool worker's start: it is urlint's own process (_runtime/heap.py), and it ends with the
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
