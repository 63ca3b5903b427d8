"""`--show-settings` and `--show-files`: what a run would use and read, said instead of running.

As ruff has them: the resolved configuration, each value with where it came from, and the
files a run would read after ignore files, exclude, --glob and --hidden. Loaded only when
one of them is asked for."""

from __future__ import annotations

import json
import sys

from ..core.exits import EXIT_ERROR, EXIT_OK
from ..grammar.display import shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, TextIO

    from ..linter.config import Settings
    from ..sources.files import FileId
    from ..sources.selection import Selection


def show_settings(args: argparse.Namespace, settings: Settings, out: TextIO) -> int:
    """The settings `args` resolve to, a line each (`name = value  # where from`), then the
    rules they enable; exit status 0. Passwords are masked, as everywhere."""
    from ..linter.config import settings_shown

    for name, value, origin in settings_shown(args):
        out.write(shown(f"{name} = {_value(value)}  # {origin}") + "\n")
    codes = ", ".join(sorted(settings.codes))
    out.write(f"rules = [{codes}]  # what select, extend-select, ignore and target enable\n")
    return EXIT_OK


def _value(value: Any) -> str:
    """A setting's value as TOML writes it (an inline table for a table); the default
    selection, which is no list, in words."""
    if value is None:
        return "(every rule on by default)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (frozenset, set)):
        value = sorted(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if hasattr(value, "items"):
        pairs = [
            f"{json.dumps(str(key), ensure_ascii=False)} = {_value(item)}"
            for key, item in value.items()
        ]
        return "{ " + ", ".join(pairs) + " }" if pairs else "{}"
    return str(value)


def show_files(
    paths: list[str], selection: Selection, out: TextIO, skip: frozenset[FileId] = frozenset()
) -> int:
    """The files a run over `paths` would read, one a line, in the order it would read
    them; exit status 0, or 2 when a path could not be read (said on standard error)."""
    from ..core.problems import Problem
    from ..sources.files import iter_files

    failed = False
    for item in iter_files(paths, skip, selection):
        if isinstance(item, Problem):
            if not item.silent:
                failed = True
                print(f"urlint: {shown(item.path)}: {shown(item.reason)}", file=sys.stderr)
            continue
        out.write(shown(item.path) + "\n")
    return EXIT_ERROR if failed else EXIT_OK
