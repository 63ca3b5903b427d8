"""Streams that give back what was read from them, and streams read up to a limit.

Streams that give back what was read from them: a first look at a stream that leaves it
whole (`peek`), and bytes put back in front of one (`Prepended`); and a stream read up to a
limit (`read_at_most`).
"""

from __future__ import annotations

import io

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from typing_extensions import Buffer  # collections.abc.Buffer from Python 3.12

# One first look at a stream tells what it is (sources.kinds) and whether its text is
# binary (sources.text): as git and grep do, a NUL byte in the first 8 KiB means binary.
SNIFF_BYTES = 8192


def peek(stream: BinaryIO) -> tuple[bytes, BinaryIO]:
    """The first bytes of `stream`, and a stream that still yields them."""
    if hasattr(stream, "peek"):
        try:
            head = stream.peek(SNIFF_BYTES)[:SNIFF_BYTES]
            return head, stream
        except (OSError, ValueError):
            pass
    buffered = io.BufferedReader(_Raw(stream), SNIFF_BYTES * 2)  # type: ignore[arg-type]
    return buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES], buffered


# What one read asks for: a lone message, a tar member, fits in it nearly always.
_READ_PIECE = 1024 * 1024


def read_at_most(stream: BinaryIO, limit: int) -> bytes:
    """The next `limit` bytes of `stream`, or fewer at its end.

    Read a megabyte at a time: one read of `limit` (a message's limit, for one) allocates
    the whole of it before it reads, and a Maildir's small files paid more for that (mmap,
    munmap) than for their reading."""
    pieces: list[bytes] = []
    left = limit
    while left > 0:
        piece = stream.read(min(left, _READ_PIECE))
        if not piece:
            break  # its end (a read may give less than asked before it: a pipe's does)
        pieces.append(piece)
        left -= len(piece)
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


class _Raw(io.RawIOBase):
    """A file-like object as a raw stream, so io.BufferedReader can put peek() on it."""

    def __init__(self, inner: BinaryIO) -> None:
        self.inner = inner

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Buffer) -> int:
        view = memoryview(buffer)
        data = self.inner.read(len(view))
        view[: len(data)] = data
        return len(data)


class Prepended:
    """A stream with some bytes put back in front."""

    def __init__(self, first: bytes, rest: BinaryIO) -> None:
        self.first = first
        self.rest = rest

    def read(self, size: int = -1) -> bytes:
        """Read the bytes put back first, then the stream's, `size` in all (-1: to the end)."""
        if self.first:
            data, self.first = self.first, b""
            if size is None or size < 0:
                return data + self.rest.read()
            return data + self.rest.read(max(0, size - len(data)))
        return self.rest.read(size)


class Prefix:
    """The first `size` bytes of a stream, read from where it stands.

    (mail.mbox.place_at: an mbox framed up to a message's start)."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        self.stream = stream
        self.left = size

    def read(self, size: int = -1) -> bytes:
        """Read at most `size` bytes (-1: all), never past the prefix's end."""
        data = self.stream.read(self.left if size < 0 else min(size, self.left))
        self.left -= len(data)
        return data
