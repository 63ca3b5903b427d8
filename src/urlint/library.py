"""`urlint.scan_paths`: every URL in files, directories, mail and news archives, for
Python callers, in one process or on several.

One process reads as `urlint extract` does (pipeline.scan_paths); several run the same
units of work (runner.py) as `extract -j N` and `check -j N` do. Either way the results
come in the serial order, the same ones. A worker sends each URL back packed flat
(packed.py), never as a pickled `Candidate`, which would cost more than finding it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

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
    jobs: int = 1,
    exclude: Iterable[str] = (),
    respect_ignores: bool = True,
) -> Iterator[Found | Problem]:
    """Every URL in `paths` (files, directories walked in name order, "-" for standard
    input), as `urlint extract` finds them: a `Found` (`path`, `candidate`, `message`: a
    `MessageInfo` for mail and news, else None) for each URL, and in its place among them
    a `Problem` for each input or message not read as it is (missing, binary, damaged,
    cut at a limit). Nothing is raised for a bad input: tell the two apart with
    isinstance. An empty wrapper (`<URL:>`) is no URL and is not yielded.

    `jobs` > 1 reads in that many processes, with the same results in the same order: a
    large text file in ranges, an mbox in runs of messages, small files in batches.
    `exclude` (globs, as the configuration's `exclude`) and `respect_ignores` (.gitignore
    and .ignore files, and the directories tools make: `.venv`, `node_modules`, ...)
    choose what a directory walk reads; a path given is
    always read.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    from .selection import Selection

    # One path is one path, not its characters.
    given = [paths] if isinstance(paths, (str, os.PathLike)) else paths
    names = [os.fspath(path) for path in given]
    selection = Selection(exclude=tuple(exclude), respect_ignores=respect_ignores)
    if jobs == 1:
        return _serial(names, selection)
    return _parallel(names, selection, jobs)


def _serial(paths: list[str], selection: Selection) -> Iterator[Found | Problem]:
    from .pipeline import scan_paths as read_paths

    for item in read_paths(paths, selection):
        if isinstance(item, Problem) or item.candidate.url:
            yield item


def _parallel(paths: list[str], selection: Selection, jobs: int) -> Iterator[Found | Problem]:
    from .packed import placed, unpack
    from .runner import planned_units, run_work

    units = planned_units(paths, selection=selection)
    for event in run_work(units, scan_unit, jobs, place=placed):
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
