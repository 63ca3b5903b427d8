"""The reports urlint wrote with `-o`, known by identity, so that a later walk passes over them.

A report in a format with no mark of its own (check's text, concise, full, github and
gitlab, extract's URL lines) holds the URLs of the files it was made of; a later run over
the same tree would lint it and report each finding again. What urlint writes in the
other formats is known by its first bytes (sources.kinds.urlint_wrote); these are known by
the file itself: each `-o` file, once renamed into place (sources.output_file), is
recorded by its device, inode, size and modification time in nanoseconds, and a walk
passes over a text file whose four are those of a record's entry. A file named on the
command line is read whatever it is, as for the first bytes. Edited since (its size or
time changed), or replaced, a file is read again.

The record is one small file in the user's cache directory (`$URLINT_CACHE_DIR`, else
`$XDG_CACHE_HOME/urlint`, else `~/.cache/urlint`; an empty URLINT_CACHE_DIR keeps none,
as for the configuration cache, _runtime/config_cache.py): a first line that says what it
is, at most KEPT entries (the latest, one a line, four numbers), and the SHA-256 of those
lines. It is read only as a regular file (a link, a FIFO or a device there is no record),
at most RECORD_BYTES of it; one that is missing, of another shape, larger, or whose
checksum differs is no record: nothing is passed over by it, and the run goes on. It is
written whole (a temporary file beside it, renamed over it: a rename replaces a link at
its name, never writes through it). Two runs that write at once keep the entries of the
one that renames last: the other's report is then read by a later walk as before.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

Identity = tuple[int, int, int, int]  # (st_dev, st_ino, st_size, st_mtime_ns)

KEPT = 64  # entries: the reports of the last runs that wrote one
_FILE = "own-outputs-1"  # the number: the layout below
_HEADER = b"urlint own outputs 1\n"
_SUM = b"sha256 "
# The header, KEPT lines of four numbers of at most 20 digits, the checksum line.
RECORD_BYTES = len(_HEADER) + KEPT * (4 * 21) + len(_SUM) + 65

# The record as read, by the directory it was read from: read once a process.
_read: dict[str, frozenset[Identity]] = {}


def identity(info: os.stat_result) -> Identity:
    """What a file is known by in the record: device, inode, size, modification time."""
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def is_own_output(info: os.stat_result) -> bool:
    """Is the file of `info` a report urlint wrote with -o, unchanged since?

    False where there is no record, or none that can be used (the module's docstring)."""
    if not stat.S_ISREG(info.st_mode):
        return False
    directory = record_directory()
    if directory is None:
        return False
    known = _read.get(directory)
    if known is None:
        known = _read[directory] = frozenset(_entries(directory))
    return identity(info) in known


def remember(path: str) -> None:
    """The file at `path` (a report just renamed into place) added to the record.

    Quietly not, where the record cannot be written: the report stays written, and is read
    by a later walk as any text."""
    directory = record_directory()
    if directory is None:
        return
    try:
        added = identity(os.stat(path))
    except OSError:
        return
    entries = [entry for entry in _entries(directory) if entry[:2] != added[:2]]
    entries = [*entries, added][-KEPT:]
    try:
        _write(directory, entries)
    except OSError:
        return
    _read[directory] = frozenset(entries)


def record_directory() -> str | None:
    """The directory the record is kept in (the configuration cache's); None where the user
    keeps no cache."""
    from .._runtime.config_cache import cache_directory

    return cache_directory()


def record_path(directory: str) -> str:
    """The record's file in `directory`."""
    return os.path.join(directory, _FILE)


def _entries(directory: str) -> list[Identity]:
    """The record's entries, oldest first; none where it cannot be used."""
    data = _read_record(record_path(directory))
    if data is None or not data.startswith(_HEADER) or not data.endswith(b"\n"):
        return []
    *lines, check = data[len(_HEADER) : -1].split(b"\n")
    body = b"".join(line + b"\n" for line in lines)
    if check != _SUM + _checksum(body):
        return []
    entries: list[Identity] = []
    for line in lines:
        fields = line.split(b" ")
        if len(fields) != 4 or not all(field.isdigit() and len(field) <= 20 for field in fields):
            return []
        device, inode, size, mtime = (int(field) for field in fields)
        entries.append((device, inode, size, mtime))
    return entries[-KEPT:]


def _read_record(path: str) -> bytes | None:
    """The record's bytes, if it is a regular file of at most RECORD_BYTES; else None."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or info.st_size > RECORD_BYTES:
            return None
        data = os.read(descriptor, RECORD_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    return data if len(data) <= RECORD_BYTES else None


def _checksum(body: bytes) -> bytes:
    import hashlib

    return hashlib.sha256(body).hexdigest().encode("ascii")


def _write(directory: str, entries: Iterable[Identity]) -> None:
    """The record written whole, replacing the last. Raises OSError."""
    import tempfile

    body = b"".join(b"%d %d %d %d\n" % entry for entry in entries)
    data = _HEADER + body + _SUM + _checksum(body) + b"\n"
    os.makedirs(directory, mode=0o700, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix="." + _FILE + ".", dir=directory)
    try:
        try:
            written = memoryview(data)
            while written:  # a write may take less than it was given
                written = written[os.write(handle, written) :]
        finally:
            os.close(handle)
        os.replace(temporary, record_path(directory))
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


__all__ = ["KEPT", "identity", "is_own_output", "record_directory", "remember"]
