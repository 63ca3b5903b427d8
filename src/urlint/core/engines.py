"""The engines a run's units may be worked on: their names, and what each accepts.

Named once for the CLI, the commands, the library and the runner: this machine (this
process, or a pool of `-j` processes), or the workers of a Dask cluster
(run/engines/dask.py), one started for the run or one at a scheduler's address. Names and
checks only, in core: a pre-commit hook's run asks for them and loads nothing of run/.
"""

from __future__ import annotations

from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: a hook's run never imports typing for them
    from typing import Final, Literal

LOCAL: Final = "local"  # this machine: this process (-j 1), or a pool of -j processes
DASK: Final = "dask"  # a Dask cluster's workers: one started for the run, or one at --scheduler
ENGINES = (LOCAL, DASK)
if TYPE_CHECKING:
    EngineName = Literal["local", "dask"]  # ENGINES, as a type checker reads them
DASK_INSTALL = "pip install 'urlint[dask]'"


@record
class Engine:
    """Where a run works its units: the engine's name, how many units at once, and the
    address of the Dask scheduler whose cluster works them (None: one started for the run).

    `jobs` None is the engine's own default: one process here, every core of the cluster a
    run starts, the threads of the one at `scheduler`."""

    name: str = LOCAL
    jobs: int | None = None
    scheduler: str | None = None

    @property
    def serial(self) -> bool:
        """Is the run read in this process, input after input (no pool, no cluster)?"""
        return self.name == LOCAL and (self.jobs is None or self.jobs <= 1)


HERE = Engine()  # this process, input after input: a run's default


def check_engine(engine: str, scheduler: str | None) -> None:
    """Raises ValueError unless `engine` and `scheduler` go together.

    `engine` must be one of ENGINES, and a `scheduler` (an address) is given only to DASK."""
    if engine not in ENGINES:
        raise ValueError(f"no engine {engine!r}: {' or '.join(map(repr, ENGINES))}")
    if scheduler is not None and engine != DASK:
        raise ValueError(f"a scheduler is for the {DASK!r} engine, not {engine!r}")
