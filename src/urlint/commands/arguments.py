"""The arguments several subcommands share.

Which rules run and the configuration read (`check`, `scan`), the files chosen (`check`,
`extract`, `scan`), and how a run goes and what it says of itself (`check`, `extract`,
`scan`)."""

from __future__ import annotations

import argparse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # What a subcommand's parser is added to (its parsers of their parent's class:
    # parser.Parser).
    Subcommands = argparse._SubParsersAction[Any]


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
        "(default: its threads); the output is the same whatever N",
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
        "A directory is walked passing over what .gitignore, .ignore and .git/info/exclude "
        "ignore, the directories tools make (.venv, venv, node_modules, build, dist, .tox, "
        "site-packages, __pycache__, .pytest_cache, .mypy_cache, .ruff_cache), version "
        "control directories and what exclude matches. A path named (or listed by "
        "--files-from) is always read.",
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
