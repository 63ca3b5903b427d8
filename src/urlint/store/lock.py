"""The scan lock: one scan at a time writes a store.

A scan holds an exclusive lock (flock) on a file beside the store, `STORE-lock`, for as long
as it writes the store, and writes its process id into it: a second scan finds the lock
held and says which process holds it, or, asked to (`urlint scan --wait`), waits for it.

Why a lock of its own, not SQLite's: SQLite's write lock lasts a transaction, and a scan
commits every half second (store.writer), letting any other writer in between two of its
transactions; a second scan let in there would write rows under ids the first one's plan
had already given (it failed with "UNIQUE constraint failed"), or replace rows the first
one had just written. A mark in the store itself ("being written") would outlive a scan
killed by SIGKILL, and need a guess at when it is stale; the kernel lets go of a flock
lock when the last descriptor of its open file is closed, however the process ended.
flock, not POSIX (fcntl) record locks: those belong to the process, so closing any
descriptor of the file lets go of them, and two in one process never conflict.

The holder removes the file before it lets go (a store's directory keeps no lock file
after a scan, as after none): a scan that was waiting then holds the lock of a file no
longer at its path, and takes the lock again on the file now there; the file at the path,
locked, is the lock. A scan killed leaves the file, unlocked: the next scan takes it.

A worker forked from the scan's process would hold the lock's descriptor too, and keep the
lock held after the scan's own process died, until the last worker ended: each child closes
it as it is forked.

Where the system has no flock (Windows), or no file can be made beside the store (a
directory that cannot be written in, a read-only file system, one that is missing), the
scan takes no lock: SQLite's own lock then says that "the store is locked by another
process", and SQLite says whether the store can be written at all.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from .schema import StoreError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = "-lock"  # beside the store, as its key (store.sealing) and SQLite's -wal

# A lock file as a scan writes it: empty (made, its id not yet written), or a process id.
_LOCK_TEXT = re.compile(rb"[0-9]{0,20}\n?")
# Where no lock file can be made, the scan goes on without one (the module's docstring).
_NO_LOCK_FILE = (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT)

# The descriptors of the locks this process holds: closed in a child as it is forked.
_held: set[int] = set()


def _close_held() -> None:
    for descriptor in _held:
        try:
            os.close(descriptor)
        except OSError:
            pass
    _held.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_held)


@contextmanager
def held(
    store: str, *, wait: bool = False, waiting: Callable[[int | None], None] | None = None
) -> Iterator[None]:
    """The store at `store` locked for this scan alone while the block runs.

    Held by another scan: a StoreError that names its process, or, with `wait`, `waiting`
    told of that process (its id; None where it could not be read) and the lock waited for
    (Ctrl-C ends the wait)."""
    if fcntl is None:
        yield
        return
    # Beside the file a link names, as SQLite's -wal: every name of the store, one lock.
    path = os.path.realpath(store) + LOCK_SUFFIX
    descriptor = _locked(store, path, wait, waiting)
    if descriptor is None:
        yield
        return
    _held.add(descriptor)
    try:
        yield
    finally:
        _held.discard(descriptor)
        try:
            if _same_file(descriptor, path):  # removed under the lock (the module's docstring)
                os.unlink(path)
        except OSError:
            pass
        finally:
            os.close(descriptor)  # lets go of the lock


def _locked(
    store: str, path: str, wait: bool, waiting: Callable[[int | None], None] | None
) -> int | None:
    """A descriptor of the lock file at `path`, locked; None where none can be made."""
    assert fcntl is not None
    while True:
        try:
            descriptor = os.open(
                path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644
            )
        except OSError as error:
            if error.errno in _NO_LOCK_FILE:
                return None
            raise StoreError(f"{store}: cannot lock the store: {path}: {error.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise StoreError(f"{store}: cannot lock the store: {path} is not a regular file")
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(descriptor)
                if not wait:
                    named = f" (pid {holder})" if holder is not None else ""
                    raise StoreError(
                        f"{store}: the store is being written by another scan{named}"
                    ) from None
                if waiting is not None:
                    waiting(holder)
                fcntl.flock(descriptor, fcntl.LOCK_EX)
            if not _same_file(descriptor, path):
                os.close(descriptor)  # removed by the scan that held it: the next file's
                continue
            written = os.pread(descriptor, 64, 0)
            if not _LOCK_TEXT.fullmatch(written):
                raise StoreError(
                    f"{store}: cannot lock the store: {path} holds what no scan wrote there "
                    "(it is left as it is)"
                )
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
            return descriptor
        except BaseException:
            os.close(descriptor)
            raise


def _holder(descriptor: int) -> int | None:
    """The process id the lock file holds (its holder's); None where it holds none."""
    try:
        written = os.pread(descriptor, 64, 0)
    except OSError:
        return None
    text = written.strip()
    return int(text) if _LOCK_TEXT.fullmatch(written) and text else None


def _same_file(descriptor: int, path: str) -> bool:
    """Whether `path` still names the file open at `descriptor`."""
    try:
        now = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    opened = os.fstat(descriptor)
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)
