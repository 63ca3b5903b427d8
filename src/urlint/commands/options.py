"""The options the subcommands share: their arguments, and what they mean for a run.

The arguments: which rules run and the configuration read (`check`, `scan`), the files
chosen (`check`, `extract`, `scan`), and how a run goes and what it says of itself
(`check`, `extract`, `scan`). What they mean for a run: the paths to read (PATHs and
--files-from), the engine and its workers, and what the run says of itself on standard
error (run/progress.py, loaded only when it has something to say). What a check's options
mean for its settings is linter/config.py's option table."""

from __future__ import annotations

import argparse
import sys

from ..core.exits import ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..core.engines import Engine
    from ..run.progress import Tally
    from ..sources.files import FileId
    from ..sources.selection import Selection

    # What a subcommand's parser is added to (its parsers of their parent's class:
    # cli.Parser).
    Subcommands = argparse._SubParsersAction[Any]


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


def read_nothing(
    paths: list[str], selection: Selection, skip: frozenset[FileId] = frozenset()
) -> bool:
    """Would a run over `paths` read nothing? If so, said in one line on standard error.

    As ripgrep's "No files were searched": a walk that finds no file is a filter that chose
    what was not meant (`-g '*.md'` quoted where nothing matches), not a clean pass. Said
    with -q too: it ends the run (exit 2). Where a file is named (a pre-commit hook's run),
    standard input read or no path given (an empty --files-from list), never
    (sources.files.finds_nothing)."""
    from ..sources.files import finds_nothing

    if not finds_nothing(paths, selection, skip):
        return False
    from ..grammar.display import shown

    said = "paths " + " ".join(_quoted(path) for path in paths)
    if selection.globs:
        said += ", globs " + " ".join(_quoted(glob) for glob in selection.globs)
    print(f"urlint: no files were read: {shown(said)}", file=sys.stderr)
    return True


def _quoted(word: str) -> str:
    """`word` as a shell reads it back: bare when it can be, else in single quotes, else
    (it holds one: a glob quoted twice, `"'*.md'"`) in double quotes where nothing in it
    is special there."""
    import shlex

    quoted = shlex.quote(word)
    if quoted == word or "'" not in word or any(c in word for c in '"$`\\!'):
        return quoted
    return f'"{word}"'


# A run takes every core when the input is at least this large (below it, a single
# process is done before a pool has started: docs/design/performance.md).
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


def run_engine(args: argparse.Namespace, paths: list[str]) -> Engine:
    """The engine a run works on, how many units it works at once, and its scheduler.

    The engine: --engine, or Dask when only --scheduler is given. The units: -j, at most
    the worker processes this machine runs (`_within_the_machine`); None, the Dask engine's
    own default (every core of the cluster it starts, or the threads of the one at
    --scheduler). Raises ConfigError for --scheduler on this machine, for Dask not
    installed, or for a URLINT_MAX_JOBS that is no number: said before anything is read."""
    from ..core.engines import DASK, LOCAL, Engine

    engine = args.engine or (DASK if args.scheduler is not None else LOCAL)
    if args.scheduler is not None and engine != DASK:
        raise ConfigError(f"--scheduler is for --engine {DASK}, not --engine {engine}")
    if engine == DASK:
        from ..run.engines.dask import load, quiet

        load()
        quiet()
        if args.scheduler is not None:  # units at once on that cluster's machines, not here
            return Engine(engine, args.jobs, args.scheduler)
        return Engine(engine, _within_the_machine(args, args.jobs))
    jobs = args.jobs if args.jobs is not None else default_jobs(paths)
    return Engine(engine, _within_the_machine(args, jobs))


def _within_the_machine(args: argparse.Namespace, jobs: int | None) -> int | None:
    """The worker processes a run starts on this machine: `jobs`, or the most it runs
    (run.work.most_jobs) where `jobs` is more. Cut, -j is said once on standard error
    (not with -q): the run goes on with fewer. None (the Dask cluster's default: every core)
    and 1 (no pool) stay as they are.

    Raises ConfigError for a URLINT_MAX_JOBS that is not a number, before a pool needs it."""
    if jobs == 1:
        return jobs  # a serial run: nothing more is loaded
    from ..run.work import most_jobs

    most, limit = most_jobs()
    if jobs is None or jobs <= most:
        return jobs
    if args.jobs is not None and not args.quiet:  # asked for; the default is cut unsaid
        print(f"urlint: -j {jobs} is more than {limit}; using {most}", file=sys.stderr)
    return most


def add_run_arguments(parser: argparse.ArgumentParser, notes: str = "") -> None:
    """How a run goes and what it says of itself on standard error.

    The same for `check`, `extract` and `scan` (`notes`: what -q leaves out besides)."""
    from ..core.engines import DASK, DASK_INSTALL, ENGINES, LOCAL

    parser.add_argument(
        "-j",
        "--jobs",
        type=_jobs,
        metavar="N",
        help="processes to read with (default: every core when the input is over 64 MB or "
        f"holds a directory, else 1); with --engine {DASK}, the worker processes started "
        "(default: every core), or the units the cluster at --scheduler works at once "
        "(default: its threads); the output is the same whatever N. Processes started here "
        "are at most twice the cores, or URLINT_MAX_JOBS, and no more than the units of work",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        help=f"where the work is done: {LOCAL}, this machine (default), or {DASK}, the "
        f"workers of a Dask cluster ({DASK_INSTALL}), started here unless "
        "--scheduler names one; the output is the same",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"the scheduler of a running Dask cluster (tcp://host:8786), for --engine {DASK} "
        "(implied); every worker reads the inputs at the paths given here, standard input "
        "is read here",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help=f"say nothing on standard error but errors that end the run: {notes}no progress, "
        "no summary",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show progress on standard error, redrawn in place (default: when standard "
        "error is a terminal, after a second of work)",
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="end with a summary line on standard error (files, messages, what was found, "
        "MB/s); by default it ends a run that showed progress",
    )


def add_selection_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the files, the same for `check` and `extract`."""
    selection = parser.add_argument_group(
        "file selection",
        "A directory is walked, hidden files and directories (a name starting with '.') "
        "read too, passing over what .gitignore, .ignore and .git/info/exclude ignore, the "
        "directories tools make (ruff's default exclude but .vscode: .direnv, .eggs, "
        ".git-rewrite, .ipynb_checkpoints, .mypy_cache, .nox, .pants.d, .pyenv, "
        ".pytest_cache, .pytype, .ruff_cache, .tox, .venv, __pycache__, __pypackages__, "
        "_build, buck-out, build, dist, node_modules, site-packages, venv), version control "
        "directories and what exclude matches. A path named (or listed by --files-from) is "
        "always read: --glob, --no-hidden and ignore files choose only among the files a "
        "walk finds. A check or extract whose walks find no file to read says so and "
        "exits 2.",
    )
    selection.add_argument(
        "-g",
        "--glob",
        action="append",
        default=[],
        metavar="GLOB",
        help="read only the files of a walk that GLOB matches; '!GLOB' passes over what it "
        "matches instead (repeatable; the last glob that matches decides; .gitignore's "
        "syntax, a GLOB without '/' matching a name at any depth), as ripgrep's -g: what a "
        "glob includes is read even where ignore files, --no-hidden or the default skips "
        "would pass it over, but not where exclude matches. Not for the files named",
    )
    # One setting, the last of the two flags deciding, as ripgrep's pair: linter/config.py
    # reads it as --no-hidden's (a flag given says so in --show-settings, as --no-ignore).
    selection.add_argument(
        "--no-hidden",
        dest="no_hidden",
        action="store_true",
        default=False,
        help="pass over hidden files and directories (a name starting with '.') in a walk, "
        "as ripgrep does by default (a Maildir++ folder, .Sent beside cur and new, is still "
        "read)",
    )
    selection.add_argument(
        "--hidden",
        dest="no_hidden",
        action="store_false",
        default=False,
        help="read hidden files and directories in a walk (the default; undoes an earlier "
        "--no-hidden). Version control directories are passed over either way",
    )
    selection.add_argument(
        "--exclude",
        action="append",
        metavar="GLOBS",
        help="files and directories a walk passes over, instead of the configuration's exclude "
        "(comma-separated)",
    )
    selection.add_argument(
        "--extend-exclude",
        action="append",
        default=[],
        metavar="GLOBS",
        help="files and directories a walk passes over, besides exclude (comma-separated)",
    )
    selection.add_argument(
        "--force-exclude",
        action="store_true",
        help="pass over the files named, too, where exclude matches them (for pre-commit)",
    )
    selection.add_argument(
        "--no-ignore",
        action="store_true",
        help="read what ignore files ignore, and the directories tools make, too",
    )
    selection.add_argument(
        "--files-from",
        metavar="FILE",
        help="read the paths to read from FILE ('-': standard input), one a line, after PATHs",
    )
    selection.add_argument(
        "--from0",
        action="store_true",
        help="the paths of --files-from each end with NUL, not a newline (find -print0, "
        "git ls-files -z)",
    )


def add_check_only_arguments(parser: argparse.ArgumentParser) -> None:
    """What `check` alone has: standard input named, comments added, and what a run would
    use and read shown instead of running (ruff's --show-settings and --show-files)."""
    parser.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="read standard input as the file NAME: its syntax (a .py NAME: Python's "
        "literals and comments), per-file-ignores and the path findings name are NAME's "
        "(reads standard input when no PATH is given; else give '-' as a PATH)",
    )
    parser.add_argument(
        "--add-ignore",
        action="store_true",
        help="add an 'urlint: ignore[CODE]' comment, in the file's own comment syntax, on "
        "the line of each current finding (merged with one already there); say on standard "
        "error each finding that no comment can hold (JSON, plain text, mail, a line that "
        "ends inside a multi-line string), and how many were added; exit 0",
    )
    parser.add_argument(
        "--show-settings",
        action="store_true",
        help="print the configuration the run would use, each value with where it came "
        "from (default, the configuration file and key, or the flag), and the rules it "
        "enables; read no input; exit 0",
    )
    add_show_files_argument(parser)


def add_show_files_argument(parser: argparse.ArgumentParser) -> None:
    """--show-files (ruff's): the files a run would read, listed instead (commands/show.py)."""
    parser.add_argument(
        "--show-files",
        action="store_true",
        help="print the files the run would read, one a line, after ignore files, exclude, "
        "--glob and --no-hidden; read none of them; exit 0 (2 when a PATH cannot be read)",
    )


def add_urls_from_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """--urls-from: which URLs, by where they were in their message (`scan`, `report`).

    `what`: what the command does with the URLs it takes ("store", "report")."""
    from ..core.message import ALL, URLS_FROM

    parser.add_argument(
        "--urls-from",
        choices=URLS_FROM,
        default=ALL,
        help=f"which URLs to {what}: all (default); body: leave out those of a mail or news "
        "header field (List-Unsubscribe, X-Url, ...); headers: those alone",
    )


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """Which rules run, and the configuration read: the same for `check` and `scan`."""
    parser.add_argument(
        "--select",
        action="append",
        metavar="CODES",
        help=(
            "rules to enable, replacing the default (codes, prefixes, names or ALL; "
            "comma-separated)"
        ),
    )
    parser.add_argument(
        "--extend-select",
        action="append",
        default=[],
        metavar="CODES",
        help="rules to enable besides the selection",
    )
    parser.add_argument(
        "--ignore", action="append", default=[], metavar="CODES", help="rules to disable"
    )
    parser.add_argument(
        "--target",
        choices=("rfc1738", "rfc3986"),  # linter.rules.rule.TARGETS
        help="the standard URLs are linted against: rfc1738 (default), or rfc3986 for "
        "URLs written today (docs/guide/target-standard.md)",
    )
    add_config_arguments(
        parser, "read this urlint.toml or pyproject.toml instead of searching for one"
    )


def add_config_arguments(parser: argparse.ArgumentParser, config_help: str) -> None:
    """--config and --isolated: the configuration file read, or none."""
    parser.add_argument("--config", metavar="FILE", help=config_help)
    parser.add_argument("--isolated", action="store_true", help="read no configuration file")


def _jobs(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of processes (1 or more)")
    return jobs
