"""`urlint.scan_paths`: every URL in files, directories, mail and news archives, for
Python callers, in one process, on several, or on a Dask cluster.

One process reads as `urlint extract` does (pipeline.scan_paths); several, or a cluster's
workers, run the same units of work (runner.py) as `extract -j N` and `check -j N` do.
Either way the results come in the serial order, the same ones. A worker sends each URL
back packed flat (packed.py), never as a pickled `Candidate`, which would cost more than
finding it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from .engines import DASK, LOCAL, check_engine, serial
from .pipeline import ArticleRead, Found, ScannedText, scan_input_marked
from .problems import Problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .runner import InputResult, Unit
    from .selection import Selection
    from .sources.files import InputFile

    PathArg = str | os.PathLike[str]


def scan_paths(
    paths: PathArg | Iterable[PathArg],
    *,
    jobs: int | None = None,
    exclude: Iterable[str] = (),
    respect_ignores: bool = True,
    engine: str = LOCAL,
    scheduler: str | None = None,
) -> Iterator[Found | Problem]:
    """Every URL in `paths` (files, directories walked in name order, "-" for standard
    input), as `urlint extract` finds them: a `Found` (`path`, `candidate`, `message`: a
    `MessageInfo` for mail and news, else None) for each URL, and in its place among them
    a `Problem` for each input or message not read as it is (missing, binary, damaged,
    cut at a limit). Nothing is raised for a bad input: tell the two apart with
    isinstance. An empty wrapper (`<URL:>`) is no URL and is not yielded.

    `jobs` > 1 reads in that many processes, with the same results in the same order: a
    large text file in ranges, an mbox in runs of messages, small files in batches.
    `engine="dask"` reads on the workers of a Dask cluster (`pip install 'urlint[dask]'`),
    the same results again: one started for the call, `jobs` worker processes (default:
    every core), closed at the end; or, with `scheduler` (an address: "tcp://host:8786"),
    the cluster running there, `jobs` units at once (default: its threads), left running.
    Its workers read the paths as given here, so every worker must see the inputs at the
    same paths; standard input is read in this process.
    `exclude` (globs, as the configuration's `exclude`) and `respect_ignores` (.gitignore
    and .ignore files, and the directories tools make: `.venv`, `node_modules`, ...)
    choose what a directory walk reads; a path given is
    always read.
    """
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    from .selection import Selection

    check_engine(engine, scheduler)  # at the call, not at the first URL
    if engine == DASK:
        from .engines.dask import load

        load()  # an ImportError (EngineUnavailable) at the call, too
    # One path is one path, not its characters.
    given = [paths] if isinstance(paths, (str, os.PathLike)) else paths
    names = [os.fspath(path) for path in given]
    selection = Selection(exclude=tuple(exclude), respect_ignores=respect_ignores)
    if serial(engine, jobs):
        return _serial(names, selection)
    return _in_units(names, selection, jobs, engine, scheduler)


def _serial(paths: list[str], selection: Selection) -> Iterator[Found | Problem]:
    from .pipeline import scan_paths as read_paths

    for item in read_paths(paths, selection):
        if isinstance(item, Problem) or item.candidate.url:
            yield item


def _in_units(
    paths: list[str],
    selection: Selection,
    jobs: int | None,
    engine: str,
    scheduler: str | None,
) -> Iterator[Found | Problem]:
    from .packed import placed, unpack
    from .runner import planned_units, run_work

    units = planned_units(paths, selection=selection, relative=True)
    events = run_work(units, scan_unit, jobs, place=placed, engine=engine, scheduler=scheduler)
    for event in events:
        yield event if isinstance(event, Problem) else unpack(event)  # type: ignore[arg-type]


def scan_unit(unit: Unit) -> list[InputResult]:
    """A unit of work read in a worker process: each URL packed (packed.py), each problem
    as it is, in order; input by input, with the news articles each read (a crosspost is
    read once, by the writer's process)."""
    from .runner import worked

    def read_whole(source: InputFile, articles: set[str]) -> list:
        return _packed(scan_input_marked(source, articles), source.path)

    return worked(unit, read_whole, _packed)


def _packed(items: Iterable[ScannedText | Problem | ArticleRead], path: str) -> list:
    from .packed import pack

    events: list = []
    for item in items:
        if isinstance(item, ScannedText):
            where = item.path or path
            for candidate in item.candidates:
                if candidate.url:  # an empty wrapper is no URL (extract's rule)
                    events.append(pack(where, candidate, item.mail))
        else:
            events.append(item)
    return events
