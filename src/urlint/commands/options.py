"""What the options of a run mean (`extract`, `check`, `scan`).

The paths to read (PATHs and --files-from), the engine and how many units it works at
once, and what the run says of itself on standard error (progress.py, loaded only when it
has something to say). What the rule and file selection options mean, and the
configuration's keys, linter/config.py's OPTIONS decides."""

from __future__ import annotations

import sys

from ..core.exits import ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ..run.progress import Tally
    from ..sources.files import FileId
    from ..sources.selection import Selection


def input_paths(args: argparse.Namespace) -> list[str]:
    """The PATHs and the paths --files-from lists.

    Raises ConfigError when the list cannot be read, or when both it and a PATH are
    standard input."""
    if args.files_from is None:
        if args.from0:
            raise ConfigError("--from0 says how --files-from's paths end: give --files-from")
        return list(args.paths)
    if args.files_from == "-" and "-" in args.paths:
        raise ConfigError("--files-from - and the PATH - cannot both read standard input")
    from ..sources.listed import read_path_list

    return [*args.paths, *read_path_list(args.files_from, args.from0)]


def make_tally(
    args: argparse.Namespace,
    noun: str,
    paths: list[str],
    selection: Selection | None,
    skip: frozenset[FileId] = frozenset(),
    own_summary: bool = False,
) -> Tally | None:
    """What the run says of itself on standard error (progress.py).

    Progress when standard error is a terminal or --progress asks (git's rule), the summary
    with --summary or after a run that showed progress (`own_summary`: the output ends with
    one of its own, so only with --summary), neither with -q. None when there is nothing to
    say: a pre-commit hook's run counts nothing and loads nothing more."""
    progress = args.progress
    if progress is None:
        progress = not args.quiet and _is_terminal(sys.stderr)
    summary: bool | None = None
    if args.quiet or (own_summary and not args.summary):
        summary = False
    elif args.summary:
        summary = True
    if not progress and not summary:
        return None
    from ..run.progress import Tally, input_sizes

    sizes = input_sizes(paths, selection, skip)
    return Tally(noun, progress=progress, summary=summary, sizes=sizes)


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


# A run takes every core when the input is at least this large (a pool starts in about
# 50 ms; below this a single process is done sooner).
PARALLEL_BYTES = 64 * 1024 * 1024


def default_jobs(paths: list[str]) -> int:
    """Every core for a large input or a directory; one for a few small files (a hook's)."""
    import os

    total = 0
    for path in paths:
        # A str of another type is a --files-from entry that names no file (NotAPath): its
        # module is not loaded to tell, as a hook's run names plain paths.
        if path == "-" or type(path) is not str:
            continue
        try:
            if os.path.isdir(path):
                total = PARALLEL_BYTES
            else:
                total += os.path.getsize(path)
        except OSError:
            continue
        if total >= PARALLEL_BYTES:
            from ..run.work import core_count

            return core_count()
    return 1


def run_engine(args: argparse.Namespace, paths: list[str]) -> tuple[str, int | None]:
    """The engine a run works on, and how many units it works at once.

    The engine: --engine, or Dask when only --scheduler is given. The units: -j; None, the
    Dask engine's own default (every core of the cluster it starts, or the threads of the
    one at --scheduler). Raises ConfigError for --scheduler on this machine, or for Dask
    not installed: said before anything is read."""
    from ..core.engines import DASK, LOCAL

    engine = args.engine or (DASK if args.scheduler is not None else LOCAL)
    if args.scheduler is not None and engine != DASK:
        raise ConfigError(f"--scheduler is for --engine {DASK}, not --engine {engine}")
    if engine == DASK:
        from ..run.engines.dask import load, quiet

        load()
        quiet()
        return engine, args.jobs
    return engine, args.jobs if args.jobs is not None else default_jobs(paths)
