"""The store's file as the last scan into it that ended left it: a record beside it.

A run reads the pages its queries read, no more: damage elsewhere goes unseen by it (4 KB
overwritten in the middle of the `urls` table, by a re-scan, which reads `inputs`, and by
the summary, which counts from indexes), and checking every page on every run costs
seconds a GB (schema.check_whole). Damage that is not the disk's own comes from something
other than a scan writing the file: bytes written into it, a copy cut short or put back,
another program's writes. So a scan that ends, its store closed, writes the file's size,
modification and change times and inode into `STORE-closed`; a scan or a report that finds
the file otherwise checks it whole before it reads or writes anything else (schema.connect,
report.access.open_store). On a store as a scan left it, that costs a stat and a read of a
few bytes.

What it cannot see: a page the disk itself damages (no time of the file's changes), and a
write that keeps the file's size within its file system's time resolution of the scan's
close. Those are found where a run reads the page (SQLite checks each page it reads:
schema.checked_as_read), and on any page by the whole check asked for (`--check-store`).

A store without a record (written by an earlier urlint, shared or copied without it, its
record unreadable) is one no scan vouches for: a scan checks it whole once before it adds
to it, then writes the record; a report, which writes nothing, reads it unchecked, as it
would otherwise check it on every run (`--check-store` checks it). The record holds nothing
of the store's contents: the numbers `ls -l` shows of the file, and its inode.
"""

from __future__ import annotations

import os
import secrets
import stat

CLOSED_SUFFIX = "-closed"  # beside the store, as its key (store.sealing) and SQLite's -wal
_RECORD_BYTES = 128  # a record as written is under 90 bytes: 4 numbers of 20 digits at most

# A FIFO opened without waiting for a writer, a terminal without becoming the process's own
# (store.sealing reads its key so).
_OPEN_NOT_WAITING = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


# A new file, as bytes (Windows' text mode would write "\r\n": a record never matched).
_OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def _record_of(info: os.stat_result) -> bytes:
    """What the record holds of a file whose state is `info`.

    The change time, which no program sets back (os.utime sets the modification time), and
    the inode, which tells a file put in the store's place (a copy, a backup restored)."""
    fields = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)
    return (" ".join(str(field) for field in fields) + "\n").encode("ascii")


def record_closed(store: str) -> None:
    """The store's file as it is now recorded beside it: a scan into it ended, and closed it.

    Written whole under another name, then put in place: a scan killed meanwhile leaves the
    old record, which the file no longer matches (it is checked). Where none can be written
    (a full disk), the old one is removed: the next scan checks the store whole."""
    target = os.path.realpath(store)  # SQLite's files, and the record, beside the file
    path = target + CLOSED_SUFFIX
    written = f"{path}.{secrets.token_hex(8)}"
    try:
        record = _record_of(os.stat(target))
        descriptor = os.open(written, _OPEN_NEW, 0o644)
        with open(descriptor, "wb") as handle:
            handle.write(record)
        os.replace(written, path)
    except OSError:
        for leftover in (written, path):
            try:
                os.unlink(leftover)
            except OSError:
                pass


def as_closed(store: str) -> bool | None:
    """Whether the store's file is as the last scan into it that ended left it (its record);
    None where that is not known: no record, or none that can be read."""
    target = os.path.realpath(store)
    try:
        info = os.stat(target)
        descriptor = os.open(target + CLOSED_SUFFIX, _OPEN_NOT_WAITING)
    except OSError:
        return None
    with open(descriptor, "rb") as handle:
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return None  # a FIFO would wait for a writer for ever
            recorded = handle.read(_RECORD_BYTES + 1)
        except OSError:
            return None
    return recorded == _record_of(info)
