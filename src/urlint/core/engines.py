"""The engines a run's units may be worked on: their names, and what each accepts.

Named once for the CLI, the commands, the library and the runner: this machine (this
process, or a pool of `-j` processes), or the workers of a Dask cluster
(run/engines/dask.py), one started for the run or one at a scheduler's address. Names and
checks only, in core: a pre-commit hook's run asks for them and loads nothing of run/.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: a hook's run never imports typing for them
    from typing import Final, Literal

LOCAL: Final = "local"  # this machine: this process (-j 1), or a pool of -j processes
DASK: Final = "dask"  # a Dask cluster's workers: one started for the run, or one at --scheduler
ENGINES = (LOCAL, DASK)
if TYPE_CHECKING:
    Engine = Literal["local", "dask"]  # ENGINES, as a type checker reads them
DASK_INSTALL = "pip install 'urlint[dask]'"


def serial(engine: str, jobs: int | None) -> bool:
    """Is a run on `engine` with `jobs` read in this process, input after input?

    No pool, no cluster. `jobs` None: the engine's own default (one process here)."""
    return engine == LOCAL and (jobs is None or jobs <= 1)


def check_engine(engine: str, scheduler: str | None) -> None:
    """Raises ValueError unless `engine` and `scheduler` go together.

    `engine` must be one of ENGINES, and a `scheduler` (an address) is given only to DASK."""
    if engine not in ENGINES:
        raise ValueError(f"no engine {engine!r}: {' or '.join(map(repr, ENGINES))}")
    if scheduler is not None and engine != DASK:
        raise ValueError(f"a scheduler is for the {DASK!r} engine, not {engine!r}")
