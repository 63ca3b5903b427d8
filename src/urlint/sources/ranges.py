"""A large plain text file cut into ranges of whole chunks, each a unit of work.

A large plain text file cut into ranges of whole chunks, units of work each
(core.units.TextRange), found by reading only near the chunks' ends and before each range."""

from __future__ import annotations

import codecs
import os

from ..core.units import (
    LOOKBACK_CHARS,
    LOOKBACK_LINES,
    PART_BYTES,
    RANGE_BYTES,
    Chunk,
    TextRange,
)
from .opening import open_input
from .text import CHUNK_BYTES, is_binary, is_utf16, last_newline, piece_ends, read_head

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO


def text_ranges(
    path: str,
    chunk_bytes: int = CHUNK_BYTES,
    range_bytes: int = RANGE_BYTES,
    lookback: int = LOOKBACK_CHARS,
    lookback_lines: int = LOOKBACK_LINES,
    part_bytes: int = PART_BYTES,
) -> Iterator[TextRange] | None:
    """A plain text file cut into ranges of whole chunks; None when it is read whole.

    `path`, a plain text file, cut into ranges of whole chunks, each yielded as soon as it
    is found (the workers start on the first while the rest is cut); None when it is read
    whole (binary or UTF-16). The file is read only near the chunks' ends
    (`sources.text.piece_ends`) and before each range (its look back).

    A range holds `range_bytes` at most. The first holds one chunk, so that a core starts
    before the next is cut, and each range holds a quarter of what is left from its start
    at most (a chunk at least), so that near the end the ranges shrink and the cores end
    together: one range larger than the others would be one core's work alone; where that
    quarter is less than a chunk, the chunk is cut at line ends into parts of it (of
    `part_bytes` at least), each a range. A range starts after a chunk (or part) that ends
    a line (so its first column is 1)."""
    stream = open_input(path)  # closed by _ranges, or here
    try:
        size = os.fstat(stream.fileno()).st_size
        head = read_head(stream, chunk_bytes)
    except BaseException:
        stream.close()
        raise
    if is_utf16(head) or is_binary(head):  # read whole, or not at all
        stream.close()
        return None
    sizes = (size, chunk_bytes, range_bytes, part_bytes)
    return _ranges(stream, head, path, sizes, (lookback, lookback_lines))


def _ranges(
    stream: BinaryIO,
    head: bytes,
    path: str,
    sizes: tuple[int, int, int, int],  # the file's, a chunk's read, a range's most, a part's least
    lookback: tuple[int, int],  # characters and line ends
) -> Iterator[TextRange]:
    size, chunk_bytes, range_bytes, part_bytes = sizes
    bom = head.startswith(codecs.BOM_UTF8)
    start = len(codecs.BOM_UTF8) if bom else 0
    with stream:
        chunks: list[Chunk] = []  # the range's look back, then its chunks
        first = 0  # where in `chunks` the range starts
        limit = 0  # the first range: one chunk
        mid_line = False  # the last chunk ends inside a line
        for end, cut_in_line in piece_ends(stream, start, len(head), size, chunk_bytes):
            chunk, start = Chunk(start, end), end
            while True:
                if (
                    len(chunks) > first
                    and chunk.end - chunks[first].start > limit
                    and chunk.end > chunk.start
                    and not mid_line
                ):
                    # (an empty last chunk stays with the range before: alone, it would
                    # be a look back scanned for nothing)
                    yield TextRange(path, tuple(chunks), first, False, bom, *lookback)
                    limit = min(range_bytes, (size - chunk.start) // 4)
                    # The next look back starts no earlier than this one (it needs as much
                    # before a later start): the chunks before it are dropped.
                    back = _look_back_from(stream, chunk.start, *lookback)
                    while len(chunks) > 1 and chunks[1].start <= back:
                        del chunks[0]  # (a few chunks a range)
                    chunks[0] = _from_line_of(stream, chunks[0], back)
                    first = len(chunks)
                # A range starts at this chunk, near the file's end: its first part is the
                # range, the rest goes round again (the range ends before it).
                cut = _part_end(stream, chunk, limit, part_bytes) if first == len(chunks) else -1
                if cut < 0:
                    break
                chunks.append(chunk.part(chunk.start, cut))
                chunk, mid_line = chunk.part(cut, chunk.end), False
            chunks.append(chunk)
            mid_line = cut_in_line
        yield TextRange(path, tuple(chunks), first, True, bom, *lookback)


def _part_end(stream: BinaryIO, chunk: Chunk, limit: int, part_bytes: int) -> int:
    """Where a range that starts at `chunk` ends inside it: after the last line end before
    `limit` bytes (`part_bytes` at least) from its start, where `part_bytes` at least are
    left after that; -1 where the range is the chunk whole (the first range, `limit` 0, is
    one chunk; a range may hold more than a chunk far from the file's end)."""
    target = chunk.start + max(limit, part_bytes)
    if not limit or chunk.end - target < part_bytes:
        return -1
    newline = last_newline(stream, chunk.start, target)
    return newline + 1 if newline >= 0 else -1


def _from_line_of(stream: BinaryIO, chunk: Chunk, back: int) -> Chunk:
    """The look back's first chunk from the start of the line that holds `back` (a part of
    it: Chunk.piece), where that line starts inside it: the worker reads and decodes only
    what it scans again, not a whole chunk (read, then decoded as UTF-8 and mostly again
    as Latin-1). Where the look back starts in it is the worker's to say
    (run.worker's _look_back_start), counting back
    from the range's start: the same place in the part as in the whole, since the part
    holds all that `back` leaves before the range (4 bytes a character, UTF-8's most) and
    starts a line."""
    newline = last_newline(stream, chunk.start, back)
    if newline < 0:
        return chunk  # (the line starts before the chunk, or the chunk starts inside it)
    return chunk.part(newline + 1, chunk.end)


def _look_back_from(stream: BinaryIO, start: int, chars: int, lines: int) -> int:
    """Where a range's look back starts, at the latest: 4 bytes a character (UTF-8's most)
    for `chars` characters before `start`, and `lines` line ends."""
    at = max(0, start - 4 * chars)
    stream.seek(at)
    newlines = stream.read(start - at).count(b"\n")
    while newlines < lines and at > 0:
        low = max(0, at - _LOOK_BACK_READ)
        stream.seek(low)
        block = stream.read(at - low)
        found = block.count(b"\n")
        if newlines + found >= lines:  # the line end that makes `lines`, back from `at`
            end = len(block)
            for _ in range(lines - newlines):
                end = block.rfind(b"\n", 0, end)
            return low + end
        newlines, at = newlines + found, low
    return at


_LOOK_BACK_READ = 256 * 1024
