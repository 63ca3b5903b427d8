"""A file written back whole or not at all: an input's fixes or ignore comments, a baseline.

Apart from sources.opening, which reads every input: a pre-commit hook's check writes
nothing, and loading what writes costs its start-up (docs/design/performance.md, "Figures
the code's choices rest on").
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from contextlib import AbstractContextManager


class Refused(OSError):
    """A file urlint will not write: not a regular file, or changed since it was read."""

    def __str__(self) -> str:
        return self.strerror or ""


def rewrite(path: str, data: bytes, expected: bytes | None = None) -> None:
    """A file's bytes replaced by `data`, whole or not at all (fixes, baselines).

    The new bytes go to a temporary file in the same directory, flushed to the disk, with
    the old file's owner, group, mode bits and extended attributes (ACLs and security labels
    among them), which is then renamed over the old one (POSIX rename is atomic): a full
    disk, a file-size limit or a crash half way leaves the old file byte for byte. One writer
    at a time: the old file is locked while it is compared and replaced, and with `expected`
    (the bytes the fixes were decided on) a file that holds anything else now is refused
    (Refused), never written over: another run, or an editor, changed it meanwhile.

    Refused too, never opened for writing: a symbolic link, a FIFO or a device; a file the
    user could not write in place, or made read-only, or that is another user's (a rename
    needs only the folder's permission, so it would take their file); a file with a second
    name (a hard link), which a new file would leave holding the old text; and a file whose
    owner, group or attributes the new file could not be given. Raises OSError."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a regular file"
        raise Refused(0, f"not written: {kind}")
    held = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        _lock(held)
        now, there = os.fstat(held), os.lstat(path)
        # the file locked must still be the one at `path`: a writer before us renamed
        # another over it while we waited
        if (now.st_dev, now.st_ino) != (there.st_dev, there.st_ino) or (
            expected is not None and not _holds(held, expected)
        ):
            raise Refused(0, "not written: it changed since it was read (run again)")
        refusal = _not_ours_to_replace(path, now)
        if refusal:
            raise Refused(0, f"not written: {refusal}")
        _replace(path, data, stat.S_IMODE(now.st_mode), (now.st_uid, now.st_gid), held)
    finally:
        os.close(held)  # the lock goes with it


def _not_ours_to_replace(path: str, info: os.stat_result) -> str:
    """Why the file at `path` is not the user's to replace, or "" where it is."""
    if not info.st_mode & stat.S_IWUSR:
        # even for root, who may write anything: its owner chose to keep it as it is
        return f"read-only (mode {stat.S_IMODE(info.st_mode):04o})"
    effective = os.access in os.supports_effective_ids
    if not os.access(path, os.W_OK, effective_ids=effective, follow_symlinks=False):
        return "this user may not write it"
    user = os.geteuid() if hasattr(os, "geteuid") else None
    if user is not None and user != 0 and info.st_uid != user:
        return "it belongs to another user"
    if info.st_nlink > 1:
        return f"it has {info.st_nlink} names (hard links), and the others would keep the old text"
    return ""


def write_whole(path: str, data: bytes) -> None:
    """The file at `path` written with `data`, whole or not at all, made where it is
    missing (a baseline): as `rewrite`, which replaces one that is there. Raises OSError."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        _replace(path, data, 0o666 & ~umask)  # as open() would have made it
        return
    rewrite(path, data)


def _lock(descriptor: int) -> None:
    """An exclusive advisory lock on the open file (POSIX flock; none where there is none)."""
    try:
        import fcntl
    except ImportError:  # Windows: a rename there is no atomic replace either
        return
    fcntl.flock(descriptor, fcntl.LOCK_EX)


def _holds(descriptor: int, expected: bytes) -> bool:
    """Does the open file hold exactly `expected`?"""
    with open(descriptor, "rb", closefd=False) as handle:
        return handle.read(len(expected) + 1) == expected


def _replace(
    path: str,
    data: bytes,
    mode: int,
    owner: tuple[int, int] | None = None,
    original: int | None = None,
) -> None:
    """`path` replaced by a new file holding `data`, made beside it with `owner`'s user and
    group, then `mode` (a change of owner clears setuid and setgid), then the extended
    attributes of the open file `original`; Refused where any of them cannot be given."""
    import tempfile

    folder = os.path.dirname(path) or "."
    handle, temporary = tempfile.mkstemp(
        prefix="." + os.path.basename(path) + ".", suffix=".urlint", dir=folder
    )
    try:
        try:
            written = memoryview(data)
            while written:  # a write may take less than it was given
                written = written[os.write(handle, written) :]
            os.fsync(handle)
            if owner is not None and hasattr(os, "chown"):
                try:
                    os.chown(handle, *owner)
                except OSError:
                    raise Refused(0, "not written: its owner or group cannot be kept") from None
            os.chmod(handle, mode)
            if original is not None:
                _copy_attributes(original, handle)
        finally:
            os.close(handle)
        os.replace(temporary, path)
    except BaseException:
        with _quietly():
            os.unlink(temporary)
        raise
    with _quietly():  # the rename itself reaches the disk with the folder's entry
        folder_handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(folder_handle)
        finally:
            os.close(folder_handle)


def _copy_attributes(source: int, target: int) -> None:
    """The extended attributes of the open file `source` (user attributes, POSIX ACLs,
    SELinux labels) given to `target`; Refused where one cannot be read or given."""
    if not hasattr(os, "listxattr"):  # not Linux: none to keep through this interface
        return
    try:
        names = os.listxattr(source)
    except OSError:  # a file system without extended attributes has none to keep
        return
    for name in names:
        try:
            value = os.getxattr(source, name)
            with _quietly():
                if os.getxattr(target, name) == value:
                    continue  # a label the system gave the new file already
            os.setxattr(target, name, value)
        except OSError:
            raise Refused(0, f"not written: its attribute {name} cannot be kept") from None


def _quietly() -> AbstractContextManager[None]:
    """A block whose OSError is dropped: cleaning up after the error that counts."""
    import contextlib

    return contextlib.suppress(OSError)
