"""A file's SHA-256, made as it is read: the results store's content hash.

Apart from sources.opening, which opens every input (a hashed one as `open_input` with
`hashing`): a check hashes nothing, and loading this costs a hook's start-up
(docs/design/performance.md, "Figures the code's choices rest on").
"""

from __future__ import annotations

import io
import os

from ..core.inputs import STDIN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from _typeshed import WriteableBuffer


class Hashing(io.RawIOBase):
    """A file's raw reads, hashed (SHA-256) as they go: the results store's content hash,
    made as an input is read whole (no second reading of it: a Maildir's small files paid
    more for opening each again than for reading it), or by `content_hash`."""

    def __init__(self, path: str, size: int | None = None) -> None:
        import hashlib

        super().__init__()
        self.file = io.FileIO(path, "r")
        self.name = path
        self.digest = hashlib.sha256()
        # the bytes the hash must cover: the file's as opened, or its first `size`
        self.size = os.fstat(self.file.fileno()).st_size if size is None else size
        self.read_bytes = 0
        self.in_order = True  # no seek away from where the reading is

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int | None:
        # every read comes here (RawIOBase: read, readall)
        read = self.file.readinto(buffer)
        if read:
            self.digest.update(memoryview(buffer)[:read])
            self.read_bytes += read
        return read

    def seek(self, offset: int, whence: int = 0) -> int:
        place = self.file.seek(offset, whence)
        if place != self.read_bytes:
            self.in_order = False
        return place

    def tell(self) -> int:
        return self.file.tell()

    def fileno(self) -> int:
        return self.file.fileno()

    def close(self) -> None:
        self.file.close()
        super().close()

    def hash(self) -> str | None:
        """The file's SHA-256 if it was read whole, in order; else None."""
        if self.in_order and self.read_bytes == self.size:
            return self.digest.hexdigest()
        return None


def read_hash(stream: object) -> str | None:
    """The SHA-256 of the file `stream` read, if it was read to its end and in order.

    The SHA-256 of the file `stream` read (open_input with `hashing`), if it was read to its
    end and in order; else None (content_hash reads it again)."""
    raw = getattr(stream, "raw", None)
    return raw.hash() if isinstance(raw, Hashing) else None


def content_hash(path: str, size: int | None = None) -> str | None:
    """The SHA-256 of the first `size` bytes of the file at `path`, or None.

    The SHA-256 of the first `size` bytes of the file at `path` (all of them for None): what
    tells the results store that a file is unchanged, or grew by appending (store.
    inventory); None for standard input or a file that cannot be read, or is shorter. Read
    into one buffer the size of the file (at most HASH_BLOCK), unbuffered: a Maildir's small
    files cost a read each, and no megabyte is taken from the heap for them."""
    if path == STDIN:
        return None
    try:
        with Hashing(path, size) as reading:
            buffer = memoryview(bytearray(min(max(reading.size, 1), HASH_BLOCK)))
            while (left := reading.size - reading.read_bytes) > 0:
                if not reading.readinto(buffer[: min(left, len(buffer))]):
                    break  # shorter than `size`: no hash
            return reading.hash()
    except OSError:
        return None


HASH_BLOCK = 1024 * 1024
