"""How an input file is opened and read: every input file is opened here.

How an input file is opened and read: a FIFO without waiting for its writer, a device
refused, a regular file hashed as it is read (sources.hashing), a byte range of a file read
again by a worker.
Every input file is opened here, and every file read whole as settings (configuration,
ignore files, baselines: `read_settings`). A file written back (its fixes, a baseline) is
written by sources.rewriting, which a check that writes nothing never loads.
"""

from __future__ import annotations

import io
import os
import stat
import sys

from .._runtime.heap import LARGE_INPUT_BYTES, keep_freed_memory
from ..core.inputs import STDIN
from ..core.problems import Problem, ProblemKind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from typing import BinaryIO


def regular_file_size(path: str) -> int | None:
    """The size of the regular file at `path`; None for anything else.

    (standard input, a FIFO, a device: read as streams, their size unknown). Raises OSError."""
    if path == STDIN:
        return None
    info = os.stat(path)
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def plain_file_size(path: str) -> int:
    """The size of the regular file at `path`; 0 for anything else or an unreadable one.

    `regular_file_size`, 0 where it is None or the file cannot be looked at (the reading
    says why): what a unit covers, and a decompression Budget's base."""
    try:
        return regular_file_size(path) or 0
    except OSError:
        return 0


class NotAFile(OSError):
    """A device or socket named as an input: reading one could block forever or never end."""


def open_input(path: str, hashing: bool = False) -> BinaryIO:
    """An input file opened for reading.

    A FIFO is opened without waiting for a writer (with none, it reads as empty;
    `<(zcat x.gz)` streams as ever); a device or a socket is refused (NotAFile). `hashing`:
    a regular file's bytes are hashed as they are read (sources.hashing.read_hash)."""
    info = os.stat(path)
    if stat.S_ISFIFO(info.st_mode):
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    if not stat.S_ISREG(info.st_mode):
        # a directory: a file replaced by one since the walk found it
        raise NotAFile(f"{_kind(info.st_mode)}, not a file: not read")
    if info.st_size >= LARGE_INPUT_BYTES:
        keep_freed_memory()
    if hashing:
        from .hashing import Hashing  # the results store's: not a check's

        return io.BufferedReader(Hashing(path, info.st_size))
    return open(path, "rb")  # noqa: SIM115 - the caller closes it


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, as a message names it."""
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    return "a socket"


# The most bytes of each file read whole as settings (`read_settings`): far more than any
# written by hand or by urlint holds, far less than a machine's memory. A baseline is
# urlint's own, some 150 bytes an entry: 256 MB is over a million findings.
# (docs/reference/configuration.md, "Files read whole", states them.)
CONFIG_LIMIT = 4 * 1024 * 1024  # urlint.toml, pyproject.toml
IGNORE_LIMIT = 8 * 1024 * 1024  # .gitignore, .ignore, .git/info/exclude (git's: 100 MB)
BASELINE_LIMIT = 256 * 1024 * 1024  # --baseline, and a --write-baseline written over
_READ_PIECE = 64 * 1024  # what a file that grew since its size was looked at is read on in


class NotRead(OSError):
    """A file read whole as settings, refused unread: not a regular file, or over its limit."""

    def __str__(self) -> str:
        return self.strerror or ""


def read_settings(path: str, limit: int) -> bytes:
    """The bytes of the regular file at `path`, of at most `limit` bytes.

    What urlint reads whole to decide how to run: a configuration file, an ignore file, a
    baseline. A symbolic link is followed to a regular file alone: a FIFO, a device, a
    socket or a directory is refused by what it is (NotRead), never read (a link to
    /dev/zero would be read until memory ran out, a FIFO with no writer waited on for
    ever). It is opened without waiting (O_NONBLOCK: a FIFO put in its place after it was
    looked at opens at once, and is refused as it is found open), and more than `limit`
    bytes are refused, the file's size first and then what is read (it may grow).
    Raises NotRead, or OSError where the system would not open or read it."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRead(0, _not_regular(path, info.st_mode))
    descriptor = os.open(
        path,
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_CLOEXEC", 0),
    )
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):  # replaced since it was looked at
            raise NotRead(0, _not_regular(path, info.st_mode))
        if info.st_size > limit:
            raise NotRead(0, _over(limit))
        pieces: list[bytes] = []
        taken = 0
        ask = info.st_size + 1  # all of it at once, and the end seen
        while taken <= limit:
            piece = os.read(descriptor, min(ask, limit + 1 - taken))
            if not piece:
                break
            pieces.append(piece)
            taken += len(piece)
            ask = _READ_PIECE
        if taken > limit:
            raise NotRead(0, _over(limit))
    finally:
        os.close(descriptor)
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


def _over(limit: int) -> str:
    from ..core.numbers import size_text  # a refusal's message: not a hook's every run

    return f"over the {size_text(limit)} limit"


def _not_regular(path: str, mode: int) -> str:
    """Why the file at `path` (`mode`, a link followed) is not read: what it is, and that
    a link led there."""
    kind = _kind(mode)
    if os.path.islink(path):
        kind = "a symbolic link to " + kind
    return f"{kind}, not a regular file"


def input_stream(path: str, hashing: bool = False) -> AbstractContextManager[BinaryIO]:
    """An input opened for reading, to use in a `with` (standard input for STDIN).

    An input opened for reading (open_input), to use in a `with`: standard input for STDIN
    (left open after)."""
    if path != STDIN:
        return open_input(path, hashing)
    from contextlib import nullcontext  # here: a run on files never loads contextlib

    return nullcontext(sys.stdin.buffer)


def read_range(path: str, start: int, end: int | None) -> bytes | Problem:
    """Bytes [start, end) of the file at `path` (None: to its end), or the problem met.

    Opened as every input is (open_input): a range of a large file is read by a process that
    keeps freed memory for its next (_runtime/heap.py: a pool's worker reading an mbox's
    runs gave each run's memory back to the kernel, and paid in page faults and system time
    to take it again)."""
    try:
        with open_input(path) as stream:
            stream.seek(start)
            return stream.read(-1 if end is None else end - start)
    except OSError as error:
        return unreadable(error, path)


def unreadable(error: OSError, path: str) -> Problem:
    """The problem of an input the system would not read, in the system's words.

    The problem of an input the system would not read: its reason as the system says it ("No
    such file or directory"), without the path it repeats."""
    return Problem(ProblemKind.UNREADABLE, error.strerror or str(error), path)
