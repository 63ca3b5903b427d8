"""A file a report is written to (`-o FILE`): whole or not at all, written as it comes.

The report goes to a temporary file beside FILE as it is written (extract's URLs of an
archive are never held in memory), which is flushed to the disk, given FILE's mode (and
owner, where the system lets us; a new file's mode as open() would make it), and renamed
over FILE once all is written (POSIX rename is atomic): a full disk, a file-size limit, an
interrupted run or a failed rename leaves FILE as it was, byte for byte, and no temporary
file behind. A symbolic link is followed (the file it names is replaced, the link kept),
as a shell's `>` follows it. The report renamed into place is recorded (sources.own_outputs)
so that a later walk passes over it.

What cannot be renamed over is written as it is: a device (`-o /dev/null`, `/dev/full`), a
FIFO or a socket, and a name of an open descriptor (`/dev/stdout`, `/dev/fd/N`,
`/proc/self/fd/N`), which may be a file a shell opened, to append to or to write, a rename
would take from it. Such a target is appended to, never truncated.

A write that fails raises OutputUnwritable naming FILE: the run says "urlint: FILE: cannot
write: No space left on device" in one line, as it says it of standard output.
"""

from __future__ import annotations

import io
import os
import re
import stat

from ..core.exits import OutputUnwritable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import TracebackType
    from typing import TextIO

    from .files import FileId

# Names of an open descriptor of this process: what they name is not a file to replace.
_DESCRIPTOR_NAME = re.compile(r"/dev/(stdout|stderr|stdin|fd/[0-9]+)|/proc/(self|[0-9]+)/fd/[0-9]+")
TEMPORARY_SUFFIX = ".urlint"


class OutputFile:
    """`-o FILE`, to use in a `with`: the stream to write the report to (`stream`), the
    file replaced when the block ends without an error, left as it was when it raises.

    `skip`: the identities of the temporary file and FILE, which the run's own walk passes
    over (a report being written is not an input of its run). `newline`: as open()'s."""

    def __init__(self, path: str, newline: str | None = None) -> None:
        self.path = path
        self._newline = newline
        self._target: str | None = None  # the file renamed over; None: written as it is
        self._temporary: str | None = None
        self._descriptor = -1
        self.skip: frozenset[FileId] = frozenset()

    def __enter__(self) -> OutputFile:
        try:
            if _written_as_it_is(self.path):
                flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0)
                self._descriptor = os.open(self.path, flags)
            else:
                self._open_temporary()
        except OSError as error:
            raise self._unwritable(error) from None
        raw = _Writing(self._descriptor, self.path)
        self.stream: TextIO = io.TextIOWrapper(
            io.BufferedWriter(raw), encoding="utf-8", errors="replace", newline=self._newline
        )
        return self

    def _open_temporary(self) -> None:
        import tempfile

        from .files import file_id

        target = os.path.realpath(self.path)
        try:
            info: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            info = None
        self._descriptor, self._temporary = tempfile.mkstemp(
            prefix="." + os.path.basename(target) + ".",
            suffix=TEMPORARY_SUFFIX,
            dir=os.path.dirname(target),
        )
        self._target = target
        try:
            if info is None:
                umask = os.umask(0)
                os.umask(umask)
                os.fchmod(self._descriptor, 0o666 & ~umask)  # as open() would make it
            else:
                os.fchmod(self._descriptor, stat.S_IMODE(info.st_mode))
                if hasattr(os, "fchown"):
                    try:  # not ours to give away: it stays the writer's
                        os.fchown(self._descriptor, info.st_uid, info.st_gid)
                    except OSError:
                        pass
        except OSError:
            self._discard()
            raise
        ids = (file_id(self._temporary), file_id(target))
        self.skip = frozenset(found for found in ids if found is not None)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is not None:
            self._discard()
            return
        temporary, target = self._temporary, self._target
        if temporary is None or target is None:  # written as it is
            self.stream.close()  # its flush raises OutputUnwritable
            return
        try:
            self.stream.flush()
            os.fsync(self._descriptor)
            self.stream.close()
            os.replace(temporary, target)
        except OSError as failed:
            self._discard()
            raise self._unwritable(failed) from None
        except BaseException:
            self._discard()
            raise
        self._temporary = None
        _folder_synced(os.path.dirname(target))
        from .own_outputs import remember

        remember(target)

    def _discard(self) -> None:
        """The stream closed, what it failed to write dropped; the temporary file removed."""
        stream = getattr(self, "stream", None)
        try:
            if stream is not None:
                stream.close()
            elif self._descriptor >= 0:
                os.close(self._descriptor)
        except (OSError, ValueError, OutputUnwritable):
            pass  # the write that failed already said why
        if self._temporary is not None:
            try:
                os.unlink(self._temporary)
            except OSError:
                pass
            self._temporary = None

    def _unwritable(self, error: OSError) -> OutputUnwritable:
        return OutputUnwritable(error.strerror or str(error), self.path)


def _written_as_it_is(path: str) -> bool:
    """Is the target at `path` one no rename may replace: a device, FIFO or socket, or a
    descriptor's name?"""
    if _DESCRIPTOR_NAME.fullmatch(os.path.abspath(path)):
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return False  # made
    except OSError:
        return False  # what making the temporary file beside it says (no such folder...)


class _Writing(io.FileIO):
    """The report's file, a write that fails raising OutputUnwritable, which names it.

    A broken pipe (a FIFO whose reader went away) stays BrokenPipeError: a quiet stop, as
    for standard output."""

    def __init__(self, descriptor: int, shown_as: str) -> None:
        super().__init__(descriptor, "w", closefd=True)
        self.shown_as = shown_as

    def write(self, data: object, /) -> int:  # type: ignore[override]
        try:
            return os.write(self.fileno(), data)  # type: ignore[arg-type]
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputUnwritable(error.strerror or str(error), self.shown_as) from None


def _folder_synced(folder: str) -> None:
    """The rename's entry in `folder` flushed to the disk, where the system lets us."""
    try:
        handle = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


__all__ = ["OutputFile"]
