"""The library's calls on files: `scan_paths` and `check_paths`, behind `urlint`'s names.

`scan_paths`: every URL in files, directories, mail and news archives, in one process, on
several, or on a Dask cluster. One process reads as `urlint extract` does
(pipeline.scan_paths); several, or a cluster's workers, run the same units of work
(run/) as `extract -j N` and `check -j N` do. Either way the results come in the serial
order, the same ones. A worker sends each URL back packed flat (run/wire.py), never as a
pickled `Candidate`, which would cost more than finding it.

`check_paths`: the findings `urlint check` reports on files, directories, mail and news
archives, in its order, on one process, several or a Dask cluster, under the `Settings`
given (the defaults where none are: no configuration file is read that was not given).
Both run the commands' own units of work (work/) on several processes or a cluster: the
same code makes the same output.

Every name an annotation here names is bound at run time (typing.get_type_hints): loading
this module loads the file readers (the pipeline), which `urlint.extract` on a text does not
(api.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Literal

from .core.engines import DASK, ENGINES, LOCAL, Engine, check_engine
from .core.findings import Finding
from .core.problems import Problem
from .grammar.login import mask_password
from .linter.config import Settings
from .pipeline import Found
from .sources.files import FileId
from .sources.selection import Selection

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .core.engines import EngineName
else:
    EngineName = Literal[ENGINES]  # core.engines.EngineName, as the run time spells it

PathArg = str | os.PathLike[str]  # a path as `open` takes one


def scan_paths(
    paths: PathArg | Iterable[PathArg],
    *,
    jobs: int | None = None,
    exclude: Iterable[str] = (),
    respect_ignores: bool = True,
    engine: EngineName = LOCAL,
    scheduler: str | None = None,
) -> Iterator[Found | Problem]:
    """Every URL in `paths`, as `urlint extract` finds them, and the problems met.

    `paths`: files, directories walked in name order, "-" for standard input, each file
    read in the syntax its name says (`urlint.scanner.syntax.syntax_of`: a `.py` file's
    string literals and comments as such, each candidate's `context` saying which). A
    `Found` (`path`, `candidate`, `message`: a `MessageInfo` for mail and news, else None)
    for each URL, and in its place among them a `Problem` for each input or message not read
    as it is (missing, binary, damaged, cut at a limit). Nothing is raised for a bad input:
    tell the two apart with isinstance. An empty wrapper (`<URL:>`) is no URL and is not
    yielded.

    `jobs` > 1 reads in that many processes (at most twice the cores, or URLINT_MAX_JOBS,
    and no more than the units of work), with the same results in the same order: a large
    text file in ranges, an mbox in runs of messages, small files in batches.
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
    names = _path_names(paths, jobs, engine, scheduler)
    run_on = Engine(engine, jobs, scheduler)
    from .linter.config import file_selection

    # What the options mean is linter.config's to say, for the CLI and the API alike.
    selection = file_selection(exclude=tuple(exclude), respect_ignores=respect_ignores)
    if run_on.serial:
        return _serial(names, selection)
    from .work.scan import scan_in_units

    return scan_in_units(names, selection, run_on)


def _path_names(
    paths: PathArg | Iterable[PathArg], jobs: int | None, engine: str, scheduler: str | None
) -> list[str]:
    """`paths` as names, once `jobs`, `engine` and `scheduler` are found to go together.

    Raised at the call, not at the first result: a ValueError for `jobs` under 1 or an
    engine and scheduler that do not go together, an ImportError (EngineUnavailable) for
    Dask not installed."""
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    check_engine(engine, scheduler)
    if engine == DASK:
        from .run.engines.dask import load

        load()
    # One path is one path, not its characters.
    given = [paths] if isinstance(paths, (str, os.PathLike)) else paths
    return [os.fspath(path) for path in given]


def _serial(paths: list[str], selection: Selection) -> Iterator[Found | Problem]:
    from .pipeline import scan_paths as read_paths

    for item in read_paths(paths, selection):
        if isinstance(item, Problem) or item.candidate.url:
            yield item


def check_paths(
    paths: PathArg | Iterable[PathArg],
    settings: Settings | None = None,
    *,
    jobs: int | None = None,
    engine: EngineName = LOCAL,
    scheduler: str | None = None,
    baseline: PathArg | None = None,
) -> Iterator[Finding]:
    """Every finding in `paths`, as `urlint check` reports them, in its order.

    `paths` as `scan_paths` takes them (files, directories, "-" for standard input; mail,
    news and archives read as `check` reads them, a finding in mail carrying its message in
    `mail`). The findings are the `Finding`s the command writes, in the order it writes
    them: each URL's by rule, suppressions (`# urlint: ignore[CODE]`) and per-file ignores
    applied, and for an input not read (missing, binary, damaged) the finding the command
    reports for it (M-codes). Nothing is raised for a bad input.

    `settings`: a `urlint.Settings` (`Settings.from_mapping`, `Settings.from_file`); None,
    the defaults, as `urlint check --isolated` has them. No configuration file is looked for:
    a library reads no file it was not given. `baseline`: a baseline file (`check
    --write-baseline`), whose findings are not reported. `jobs`, `engine` and `scheduler`
    as for `scan_paths`: the same findings in the same order on any of them.

    Passwords are masked as `check` writes them (RFC 1738 section 6): in a finding's `url`,
    its `message` (a reason may quote an archive member's name) and its `path` (the name
    given or walked; `archive!member` for a member of an archive). Its `mail`, the message's
    place and identity, is as read: `as_dict` masks its strings.

    Raised at the call: a TypeError for `settings` that are no Settings, a ValueError and
    ImportError as for `scan_paths`, a ConfigError for a baseline that cannot be read."""
    from .linter.checker import Checker
    from .linter.config import Settings, build_settings

    if settings is None:
        settings = build_settings()
    elif not isinstance(settings, Settings):
        raise TypeError(
            "settings must be urlint.Settings (Settings.from_mapping, Settings.from_file) "
            f"or None, not {type(settings).__name__}"
        )
    names = _path_names(paths, jobs, engine, scheduler)
    accepted = None
    own: frozenset[FileId] = frozenset()  # the baseline file: never linted by the run it serves
    if baseline is not None:
        from .linter.baseline import Baseline
        from .sources.files import file_id

        accepted = Baseline.load(os.fspath(baseline))
        found = file_id(os.fspath(baseline))
        own = frozenset([found]) if found is not None else own
    checker = Checker(settings, accepted)
    run_on = Engine(engine, jobs, scheduler)
    if run_on.serial:
        return _masked(checker.check_paths(names, own))
    from .work.check import check_in_units

    return _masked(check_in_units(checker, names, own, run_on, None))


def _masked(findings: Iterable[Finding]) -> Iterator[Finding]:
    """The findings with a password in their message or path masked, as `check` writes them.

    A finding's URL is masked already, and a rule's message never quotes a password; a
    problem's reason may quote its input (an archive member's name), as a path may."""
    from .core.records import replaced

    # Most findings repeat a path and a message the finding before had: each is masked once
    # (a run of dense findings spent a twentieth of its time masking them again).
    seen: dict[str, str] = {}

    def masked(text: str) -> str:
        shown = seen.get(text)
        if shown is None:
            if len(seen) > 4096:
                seen.clear()
            shown = seen[text] = mask_password(text)
        return shown

    for finding in findings:
        message, path = masked(finding.message), masked(finding.path)
        if message == finding.message and path == finding.path:
            yield finding
        else:
            yield replaced(finding, message=message, path=path)
