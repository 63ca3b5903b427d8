"""Bytes to text: a file's text in decoded chunks. Only I/O and decoding.

A file is read as a stream of chunks that end at line ends, so a 1 GB file never sits in
memory whole (DESIGN.md: "Decode per message or per chunk, never a whole archive at once").
Each chunk is decoded as UTF-8, or as Latin-1 when it is not UTF-8: Latin-1 maps every byte
to a character, so no input can make decoding fail.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator

from ..records import record
from .files import open_input

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

SNIFF_BYTES = 8192  # as git and grep do: a NUL byte in the first 8 KiB means binary
CHUNK_BYTES = 4 * 1024 * 1024
# A line longer than this is cut at its last whitespace before it (URLs end at whitespace,
# RFC 1738 appendix), and a run with no whitespace where it stands: memory stays bounded on a
# file that is one enormous line. The scan keeps no longer a run whole either
# (pipeline.overlap_start), and reports a run it cuts.
MAX_RUN = 16 * 1024 * 1024

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


@record
class TextChunk:
    """Decoded text that starts at a line start (or, on a cut long line, mid-line)."""

    text: str
    line_base: int  # line number of the chunk's first line
    column_base: int  # column of the chunk's first character, minus one
    final: bool
    encoding: str  # "utf-8", "latin-1", "utf-16-le" or "utf-16-be"
    bom: bytes = b""  # a byte order mark read before this chunk (the first one only)
    exact: bool = True  # False where undecodable bytes were replaced (damaged UTF-16)
    offset_base: int = 0  # characters of the decoded text before the chunk (Position.offset)


def read_chunks(stream: BinaryIO, chunk_bytes: int = CHUNK_BYTES) -> Iterator[TextChunk]:
    """Decoded chunks of `stream`, each ending at a line end (the last one at the end).

    Raises BinaryInput when the stream starts like a binary file.
    """
    head = read_head(stream, chunk_bytes)
    if head.startswith(_UTF16_BOMS):
        # UTF-16 has NUL bytes everywhere and two-byte line ends: read it whole (such
        # files are small notes, not archives) and decode with its byte order mark.
        bom = head[:2]
        data = head[2:] + stream.read()
        codec = "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
        try:
            yield TextChunk(data.decode(codec), 1, 0, True, codec, bom)
        except UnicodeDecodeError:
            yield TextChunk(
                data.decode(codec, errors="replace"), 1, 0, True, codec, bom, exact=False
            )
        return
    if b"\0" in head[:SNIFF_BYTES]:
        raise BinaryInput("binary file (NUL byte)")
    bom = codecs.BOM_UTF8 if head.startswith(codecs.BOM_UTF8) else b""
    line_base, column_base, offset_base = 1, 0, 0
    for piece, final in byte_pieces(stream, head[len(bom) :], chunk_bytes):
        text, encoding = decode(piece)
        yield TextChunk(text, line_base, column_base, final, encoding, bom, offset_base=offset_base)
        bom = b""
        line_base, column_base = position_after(text, line_base, column_base)
        offset_base += len(text)


def read_head(stream: BinaryIO, chunk_bytes: int = CHUNK_BYTES) -> bytes:
    """The first block of a text stream: enough to tell binary and UTF-16 input apart."""
    return stream.read(max(SNIFF_BYTES, min(chunk_bytes, CHUNK_BYTES)))


def byte_pieces(
    stream: BinaryIO, pending: bytes, chunk_bytes: int = CHUNK_BYTES
) -> Iterator[tuple[bytes, bool]]:
    """The stream (after `pending`, read already) cut where read_chunks cuts it: at the last
    line end of what is read, or past MAX_RUN at the last blank; (piece, final). Each piece
    is decoded on its own. units.TextRange cuts a file by the same pieces."""
    while True:
        data = stream.read(chunk_bytes)
        if not data:
            yield pending, True
            return
        cut = data.rfind(b"\n") + 1
        if cut:  # the usual read: the piece is copied once, not twice
            piece = data if cut == len(data) and not pending else b"".join(
                (pending, memoryview(data)[:cut])
            )
            pending = data[cut:]
            yield piece, False
            continue
        pending += data
        cut = pending.rfind(b"\n") + 1
        if cut == 0:
            if len(pending) < MAX_RUN:
                continue
            cut = _last_space(pending) or len(pending)
        yield pending[:cut], False
        pending = pending[cut:]


def position_after(text: str, line_base: int, column_base: int) -> tuple[int, int]:
    """The line and column base of what follows `text`, which starts at those."""
    newlines = text.count("\n")
    if newlines:
        return line_base + newlines, len(text) - text.rfind("\n") - 1
    return line_base, column_base + len(text)


def decode(data: bytes) -> tuple[str, str]:
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def decoded_length(data: bytes) -> int:
    """How many characters `decode` makes of `data`, made only where they must be: ASCII
    and Latin-1 give one a byte (units.TextRange counts a file's characters this way)."""
    if data.isascii():
        return len(data)
    try:
        return len(data.decode("utf-8"))
    except UnicodeDecodeError:
        return len(data)


def _last_space(buffer: bytes) -> int:
    cut = max(buffer.rfind(b" "), buffer.rfind(b"\t"))
    return cut + 1 if cut > 0 else 0


MAX_SOURCE_BYTES = 64 * 1024 * 1024  # larger files are reported, never shown whole nor rewritten


@record
class SourceText:
    """A whole file's text, decoded by `read_chunks` exactly as the scan decoded it, so a
    position means the same character to the scan, `--fix`, `--diff` and `full`; and what
    it takes to write it back as it was: each chunk's encoding, its byte order mark."""

    text: str
    chunks: tuple[tuple[int, str], ...]  # (offset in text where a chunk starts, its encoding)
    bom: bytes
    exact: bool  # False when the decoding replaced bytes: such a text is never written back

    @classmethod
    def read(cls, path: str) -> SourceText | None:
        """The file's text; None when it is too large, binary or unreadable."""
        try:
            if os.path.getsize(path) > MAX_SOURCE_BYTES:
                return None
            with open_input(path) as stream:
                pieces = list(read_chunks(stream))
        except (OSError, BinaryInput):
            return None
        starts, offset = [], 0
        for piece in pieces:
            starts.append((offset, piece.encoding))
            offset += len(piece.text)
        text = "".join(piece.text for piece in pieces)
        return cls(text, tuple(starts), pieces[0].bom, all(piece.exact for piece in pieces))

    def encoded(self, text: str, shifts: list[tuple[int, int]]) -> bytes:
        """`text` (this text after edits) as bytes, each chunk in its own encoding. `shifts`
        are (offset in the old text, length added there) of the edits, in order, to find
        where each chunk starts in the new text. Raises UnicodeEncodeError."""
        bounds = []
        for old_start, encoding in self.chunks:
            new_start = old_start + sum(delta for at, delta in shifts if at < old_start)
            bounds.append((new_start, encoding))
        parts = [self.bom]
        for index, (start, encoding) in enumerate(bounds):
            end = bounds[index + 1][0] if index + 1 < len(bounds) else len(text)
            parts.append(text[start:end].encode(encoding, errors="strict"))
        return b"".join(parts)


class BinaryInput(Exception):
    """The input is not text."""

