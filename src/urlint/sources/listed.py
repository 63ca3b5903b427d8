"""The paths a `--files-from` list names, and an entry of one that names no file.

The paths a list names (`--files-from`), one a line or each ended by a NUL byte, and the
entry of such a list that names no file (`NotAPath`), kept in its place for the walk
(sources.files.iter_files) to report.
"""

from __future__ import annotations

import os

from ..core.exits import ConfigError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO


class NotAPath(str):
    """An entry of a list of paths that names no file, kept in its place to be reported.

    An entry of a list of paths (`--files-from`) that names no file: one with a NUL byte in
    it, or longer than any path. It keeps its place among the paths, as the entry shown (a
    long one cut short), and the walk reports it as an input not read, saying `why`; nothing
    looks it up (os.stat raises ValueError for a NUL byte)."""

    why: str

    def __new__(cls, shown: str, why: str) -> NotAPath:
        entry = super().__new__(cls, shown)
        entry.why = why
        return entry


def read_path_list(source: str, nul: bool, stdin: BinaryIO | None = None) -> list[str]:
    """The paths listed in `source` (`-`: standard input), one a line or NUL-ended.

    The paths listed in `source` (`-`: standard input), one a line, or each ended by a NUL
    byte when `nul` (`find -print0`, `git ls-files -z`). Empty entries are passed over; a
    line's CR before its LF is its line end. A listed `-` is the file of that name, not
    standard input. An entry that names no file is a `NotAPath`, which the walk reports.
    Raises ConfigError when the list cannot be read."""
    import sys

    try:
        if source == "-":
            stream = stdin if stdin is not None else sys.stdin.buffer
            data = stream.read()
        else:
            # A FIFO (`--files-from <(find ...)`) waits here for its writer, as `cat` does.
            with open(source, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise ConfigError(
            f"--files-from {source}: cannot read: {error.strerror or error}"
        ) from None
    if nul:
        entries = data.split(b"\0")
    else:
        entries = [line.removesuffix(b"\r") for line in data.split(b"\n")]
    longest = _longest_path()
    return [_listed_path(entry, longest) for entry in entries if entry]


def _listed_path(entry: bytes, longest: int) -> str:
    """An entry of a list of paths as the path it names, or as a NotAPath saying why it
    names none. Names are bytes to the system: decoded as os.fsdecode does, so every name
    listed opens as the same file."""
    path = entry.decode("utf-8", "surrogateescape")
    if b"\0" in entry:  # the list's entries end with NUL bytes, read as lines
        why = "a name with a NUL byte is no file name (maybe --from0 was meant)"
        return NotAPath(_cut(path), why)
    if len(entry) >= longest:  # garbage, or a list of names on one line
        why = f"a name of {len(entry):,} bytes is no file name (a path has under {longest:,})"
        return NotAPath(_cut(path), why)
    return os.path.join(os.curdir, path) if path == "-" else path


# A name that is no file name is shown up to this many characters, then "...": a line of
# garbage listed is not written out whole.
SHOWN_NAME = 80


def _cut(name: str) -> str:
    """`name` cut short, its passwords masked first: a cut before a login's "@" would leave
    its password where no later masking sees it (section 6)."""
    from ..grammar.login import mask_password

    name = mask_password(name)
    return name if len(name) <= SHOWN_NAME else name[:SHOWN_NAME] + "..."


def _longest_path() -> int:
    """The bytes a path has at most, its ending NUL counted (PATH_MAX: the system says
    "File name too long" for any longer)."""
    try:
        return os.pathconf(os.curdir, "PC_PATH_MAX")
    except (AttributeError, OSError, ValueError):  # no pathconf: Windows' long paths
        return 32_768
