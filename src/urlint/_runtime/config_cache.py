"""Configuration files as parsed before, kept so an unchanged one is not parsed again.

A urlint.toml or pyproject.toml read again unchanged is not parsed again, in the `urlint`
command's own process (`enable`, from `__main__.run`).

A pre-commit hook starts urlint for every commit, and in a repository configured in its
pyproject.toml the TOML parser was a large part of that start: importing `tomllib` loads
`typing`, `datetime` and `string`, for a table read in far less time (bench/latency.py,
`--configured`; bench/README.md, "Start-up tuning", has the figures). The parsed document is
kept in one file of the user's cache directory (`$URLINT_CACHE_DIR`, else
`$XDG_CACHE_HOME/urlint`, else `~/.cache/urlint`; an empty URLINT_CACHE_DIR keeps none),
read with `marshal` (built in: microseconds), and used while the file's path, size, inode
and modification and change times are those it was parsed at (any write changes the change
time). A document marshal cannot hold (a TOML date), a cache that cannot be read or written,
or one damaged, and the file is parsed as ever; a file that does not parse is never kept, so
its error is said every time.
"""

from __future__ import annotations

import marshal
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_FILE = "parsed-config-1.marshal"  # the number: the layout below
_KEPT = 32  # files kept at most (a checkout's configuration, and a few more)

_directory: str | None = None  # set by `enable`: the command's process only


def enable() -> None:
    """Keep parsed configurations in the user's cache directory (module docstring)."""
    global _directory
    chosen = os.environ.get("URLINT_CACHE_DIR")
    if chosen is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        chosen = os.path.join(base, "urlint")
    _directory = chosen or None


def kept(parse: Callable[[str], dict]) -> Callable[[str], dict]:
    """`parse`, giving what it gave before for a file unchanged (`parsed`).

    The parse a configuration file is read with (linter.config)."""

    def parse_kept(path: str) -> dict:
        return parsed(path, parse)

    return parse_kept


def parsed(path: str, parse: Callable[[str], dict]) -> dict:
    """`parse(path)`, or what it gave before for the file as it is now."""
    if _directory is None:
        return parse(path)
    try:
        info = os.stat(path)
        where = os.path.realpath(path)
    except OSError:
        return parse(path)  # what reading it says
    state = (info.st_size, info.st_ino, info.st_dev, info.st_mtime_ns, info.st_ctime_ns)
    kept = _read(_directory)
    entry = kept.get(where)
    # An entry of another shape (the file damaged in a way marshal still reads) is none.
    if type(entry) is tuple and len(entry) == 2 and entry[0] == state and type(entry[1]) is dict:
        return entry[1]
    document = parse(path)
    kept.pop(where, None)
    kept[where] = (state, document)
    while len(kept) > _KEPT:
        del kept[next(iter(kept))]  # the one kept longest
    _write(_directory, kept)
    return document


def _read(directory: str) -> dict:
    try:
        with open(os.path.join(directory, _FILE), "rb") as handle:
            kept = marshal.load(handle)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _write(directory: str, kept: dict) -> None:
    """`kept` written whole, replacing the last (atomic: two runs at once leave one or the
    other, never half of each)."""
    try:
        data = marshal.dumps(kept)
    except ValueError:  # a document marshal cannot hold (a TOML date): parsed again next time
        return
    target = os.path.join(directory, _FILE)
    partial = f"{target}.{os.getpid()}"
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        with open(partial, "wb") as handle:
            handle.write(data)
        os.replace(partial, target)
    except OSError:
        try:
            os.unlink(partial)
        except OSError:
            pass
