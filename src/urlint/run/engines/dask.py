"""The Dask engine: a run's units worked on the workers of a Dask cluster.

The writer's output is the same as on this machine, byte for byte.

Without a scheduler's address the run starts a cluster of its own on this machine (up to
`jobs` worker processes, one thread each, started as units come; no dashboard) and closes
it at its end; with one it works on that cluster and leaves it running. Units are handed
over in order, a few a worker ahead of the writer (pool._in_order), and their results
taken in order. A unit names its input by path (core/units.py): every worker must see
the inputs at the paths the planner saw. The unit that reads standard input is worked in
this process (pool.py).

Imported only when the engine is chosen (pool.unit_results), and `distributed` only then:
it takes half a second to import, which a pre-commit hook's run must never pay.
"""

from __future__ import annotations

import asyncio
import warnings
from concurrent.futures import CancelledError
from contextlib import contextmanager
from functools import partial

from ..._runtime import heap
from ...core.engines import DASK_INSTALL
from ...core.exits import ConfigError
from ...grammar.login import masked_quoting

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import ModuleType

    from distributed import (  # type: ignore[import-not-found, unused-ignore]
        Client,
        Future,
        LocalCluster,
    )

    from ..work import Submit, Unit, UnitResult, Waiting, Work


class EngineUnavailable(ConfigError, ImportError):
    """The Dask engine cannot run here: Dask is not installed.

    The CLI says so in one line
    (exit status 2: a ConfigError); a library caller gets an ImportError."""


def load() -> ModuleType:
    """`distributed`, imported; EngineUnavailable when it cannot be (not installed)."""
    try:
        import distributed  # type: ignore[import-not-found, unused-ignore]
    except ImportError as error:
        raise EngineUnavailable(
            f"the dask engine needs Dask's distributed package, not installed here: {DASK_INSTALL}"
        ) from error
    return distributed


def quiet() -> None:
    """Dask's notes off this process's standard error, its errors kept.

    For the CLI, whose
    standard error is the run's. A lost connection is noted at INFO with a traceback of
    Dask's own, and the units it cost are the run's problems already."""
    import logging

    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed.")]
    for name in ("distributed", *names):
        logger = logging.getLogger(name)
        logger.setLevel(max(logger.level, logging.ERROR))


# How long the units of a cluster the run started wait with no worker running before each
# is given up as a problem (the scheduler's NoWorkerError): a worker that dies is started
# again by its nanny in a second or two, but now and then the nanny does not start it (a
# unit that killed its worker at once, about one death in 200 on this project's tests),
# and the run waited for good. Read by the scheduler as it starts; a cluster at
# --scheduler keeps its own settings.
NO_WORKERS_SECONDS = 60


def own_cluster_settings() -> dict[str, str]:
    """Dask's settings for the cluster a run starts (`dask_pool`)."""
    return {"distributed.scheduler.no-workers-timeout": f"{NO_WORKERS_SECONDS}s"}


@contextmanager
def dask_pool(work: Work, jobs: int | None, scheduler: str | None) -> Iterator[tuple[Submit, int]]:
    """Dask's workers as a pool (pool._in_order): how units are handed over, how many at once.

    How many they work at once: `jobs`, or by default every core of this machine for a cluster
    started here (at most work.most_jobs: the CLI said so where -j asked for more), or the
    threads of the cluster at `scheduler` when the run starts."""
    distributed = load()
    if scheduler is None:
        from ..work import core_count, most_jobs

        workers = min(jobs or core_count(), most_jobs()[0])
        import dask  # type: ignore[import-not-found, unused-ignore]

        with warnings.catch_warnings(), dask.config.set(own_cluster_settings()):
            # Its scheduler's HTTP server (health and metrics; no dashboard) takes another
            # port where 8787 is taken, and warns: a run's standard error is the run's.
            warnings.filterwarnings("ignore", "Port 8787 is already in use", UserWarning)
            cluster = distributed.LocalCluster(
                n_workers=0,  # started as units come (`_Growing`)
                threads_per_worker=1,  # a unit is CPU-bound Python: a thread more would wait
                processes=True,
                dashboard_address=None,
            )
        with cluster, distributed.Client(cluster, set_as_default=False) as client:
            # The cluster's workers are urlint's own processes, as a pool's are (_runtime/heap.py).
            submit = partial(_submitted, client, partial(_on_own_worker, work))
            yield _Growing(cluster, workers, submit), workers
        return
    with _connected(distributed, scheduler) as client:
        width = jobs or max(1, sum(client.nthreads().values()))
        yield partial(_submitted, client, work), width


class _Growing:
    """How units are handed to the cluster a run starts: a worker more is started as each
    comes, up to `workers`, so the cluster never has more workers than units handed over
    (50 small files are one unit: one worker)."""

    def __init__(self, cluster: LocalCluster, workers: int, submit: Submit) -> None:
        self.cluster = cluster
        self.workers = workers
        self.submit = submit
        self.handed = 0

    def __call__(self, unit: Unit) -> Waiting:
        if self.handed < self.workers:
            self.handed += 1
            # On the cluster's own event loop (a running cluster's is set), which starts the
            # worker: `scale` is not safe from another thread while that loop changes them.
            loop = self.cluster.loop
            loop.add_callback(self.cluster.scale, self.handed)  # type: ignore[union-attr, unused-ignore]
        return self.submit(unit)


def _connected(distributed: ModuleType, scheduler: str) -> Client:
    """A client of the cluster at `scheduler`; a ConfigError (one line, exit status 2) when
    it cannot be reached. Not the default client: a library caller's Dask is left alone.

    What cannot reach it: an address Dask cannot read (ValueError), no answer (OSError,
    a TimeoutError), a scheduler that refuses the client (ImportError, Dask's own), and
    what Dask's comm layer raises for an address its settings cannot serve: TLS with none
    of its certificates set (TypeError), or encryption required and a tcp:// address
    (RuntimeError). A TypeError or RuntimeError raised elsewhere is a fault, not the
    address's, and goes on."""
    try:
        # A malformed address is said before a client is made: one that fails on it is
        # left half made, and at exit its __del__ prints a traceback.
        distributed.comm.get_address_host_port(scheduler)
        return _closed_on_failure(distributed.Client)(scheduler, set_as_default=False)
    except (OSError, ValueError, ImportError) as error:
        reason = str(error)
    except (TypeError, RuntimeError) as error:
        if not _raised_in(error, "distributed.comm."):
            raise
        reason = str(error)
    # Dask's message repeats the address, its scheme dropped: hidden as it was given.
    reason = masked_quoting(reason, scheduler)
    raise ConfigError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None


def _closed_on_failure(client: type[Client]) -> type[Client]:
    """Dask's Client, closed as it fails to connect where Dask leaves it open (for all but an
    OSError or ImportError): left open, its __del__ waits twice the connect timeout at exit,
    then prints a traceback."""

    class _Client(client):  # type: ignore[misc, valid-type, unused-ignore]
        def start(self, **kwargs: object) -> None:
            try:
                super().start(**kwargs)
            except BaseException:
                self.close()
                raise

    return _Client


def _raised_in(error: BaseException, package: str) -> bool:
    """Was `error` raised by code of `package` (its innermost frame's module)?"""
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    return trace is not None and trace.tb_frame.f_globals.get("__name__", "").startswith(package)


def _on_own_worker(work: Work, unit: Unit) -> UnitResult:
    """`work` on a worker of the cluster the run started: a process of urlint's own, which
    keeps freed memory for reuse once a large input is opened, as a pool's worker does
    (_runtime/heap.py; Dask's workers are told to give freed memory back at once, which costs a
    large text's reading much system time). Said at each unit, not
    once: a worker that died is started again. A cluster at --scheduler is not urlint's."""
    heap.allow()
    return work(unit)


# A client whose scheduler is gone (it gave up reconnecting): its futures never settle.
_CLOSED = ("closing", "closed")
# How often a wait for a unit's result looks whether the client is still connected.
_LOOK_SECONDS = 1.0
_LOST = "the Dask cluster lost it (the connection to its scheduler is closed)"


def _submitted(client: Client, work: Work, unit: Unit) -> Waiting:
    """The unit handed to the cluster: what to wait on for its result."""
    from ..work import not_worked

    if client.status in _CLOSED:  # the rest of the run's units: a problem each, at once
        return partial(not_worked, unit, _LOST)
    try:
        # pure=False: each unit is a task of its own, its key not a hash of its bytes (an
        # archive's members are carried in theirs).
        future = client.submit(work, unit, pure=False)
    except Exception as error:  # noqa: BLE001 - a unit not handed over is its problem alone
        return partial(not_worked, unit, f"the Dask cluster lost it ({error})")
    return partial(_result, client, future, unit)


def _result(client: Client, future: Future, unit: Unit) -> UnitResult:
    """The unit's result; a worker's failure is a problem for the unit's inputs, never the
    end of the run (work.not_worked)."""
    from ..work import not_worked

    while True:
        try:
            return future.result(timeout=_LOOK_SECONDS)
        except asyncio.TimeoutError:  # the wait's (or, rarely, the work's own)
            if future.status == "error":  # it failed as the wait ran out: say why it did
                return not_worked(unit, _failure(future, future.exception()))
            if client.status in _CLOSED:  # the future would never settle
                return not_worked(unit, _LOST)
        except Exception as error:  # noqa: BLE001 - one unit's failure never ends the run
            return not_worked(unit, _failure(future, error))


def _failure(future: Future, error: Exception) -> str:
    """What is said of a unit whose result did not come back: the workers that took it died
    (Dask tries a unit on several: `distributed.scheduler.allowed-failures`), the work
    raised (urlint's own fault: worker.worked guards the reading), or the cluster lost it
    (the scheduler gone, the connection broken)."""
    from distributed import KilledWorker  # type: ignore[import-not-found, unused-ignore]
    from distributed.scheduler import (  # type: ignore[import-not-found, unused-ignore]
        NoWorkerError,
    )

    from ...core.faults import internal_error

    if isinstance(error, KilledWorker):
        return "the Dask workers that took it died reading it"
    if isinstance(error, NoWorkerError):
        return f"the Dask cluster lost it (no worker ran for {error.timeout:g} s)"
    if future.status == "error":  # raised by the work itself
        return f"not read to its end: {internal_error(error)}"
    if isinstance(error, CancelledError):  # Dask's says why, after the task's key
        return f"the Dask cluster lost it (cancelled: {getattr(error, 'reason', 'unknown')})"
    return f"the Dask cluster lost it ({type(error).__name__}: {error})"
