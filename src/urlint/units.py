"""Inputs cut into units of work that are scanned apart, each on any core (issue 14).

A unit is small and picklable: it names its input and a byte range, never the bytes of a
plain file (the worker reads them). Five kinds:

- `WholeInput`: inputs each read as `pipeline.scan_file_texts` reads it (small files, the
  message files of a Maildir or spool, a compressed file that holds no mbox or tar, a
  small archive, standard input: that one in the writer's process, whose standard input
  it is).
- `TextRange`: consecutive chunks of a large plain text file. The chunks are those
  `sources.text.read_chunks` makes, byte for byte (found by reading only near their ends),
  so each is decoded as the whole-file reading decodes it; the worker scans a stretch
  before its first chunk again (`lookback`), only to arrive at that chunk in the state the
  whole-file scan arrives in, and keeps what it finds from its first chunk on, placed from
  the range's start (the writer, which has the ranges before it, places it in the file).
- `MessageRun`: consecutive messages of an mbox, between two places where the framing of
  the whole file stands at a message's start or at a piece of a message too long
  (`mail.mbox.mbox_places`, run once, in the process that plans, copying no message); the
  worker reads, frames and filters them. A compressed mbox's runs carry their bytes.
  For `extract`, `check` and the library, a plain mbox's runs are found with no framing
  at all, at From_ lines read near where each should start, and placed by the writer as
  a text's ranges are (mail.runs.relative_runs).
- `ArchiveMembers`: members of a large tar or zip archive (plain or compressed), carried
  in their bytes, read here (sources.members); `ArchiveRest`: the rest of such
  an archive, where its members could not be carried, read again from its start.

Output made from the units in order is byte for byte that of the whole-input scan (see
`tests/test_units.py`).
"""

from __future__ import annotations

import codecs
import os

from .problems import Problem
from .progress import NOTHING, Counts
from .records import record
from .sources.files import InputFile, open_input
from .sources.text import CHUNK_BYTES, is_binary, is_utf16, last_newline, piece_ends, read_head

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from .mail.mbox import MboxPlace

# A text file larger than this is cut into ranges of whole chunks no larger (24 chunks of
# sources.text.CHUNK_BYTES and a line each, mostly): small enough that two cores end
# together (the last range is one core's alone), large enough that the look back, read
# and decoded a chunk at a time, is a small part of each.
RANGE_BYTES = 12 * 1024 * 1024
# Near a text file's end, where a range may hold less than a chunk, a chunk is cut at line
# ends into parts of this much at least, each a range: the last units are that small, and
# two cores end within a few milliseconds of each other (a chunk of 4 MB, as they were,
# took 11 to 58 ms as the URLs in it go: with it last, one core waited for the other that
# long). A part costs a trip to a worker and a look back, a millisecond or two. With
# chunks of 512 KB (3 to 15 ms), parts of 128 KB measured no different from none (120 MB
# with -j 2: 0.377 s against 0.380, alternated).
PART_BYTES = 128 * 1024
# How much text before a range the worker scans again to arrive in the right state: this
# many characters and this many whole lines, at least. What a range's first line is read
# as can hang on the lines before it: a wrapper spans at most MAX_RAW_LINES (60) lines and
# MAX_RAW_CHARS (8 KB), a URL joined or continued two lines (however long the first is),
# and the overlap a chunk carries is bounded by the same. Eight wrappers' worth of
# characters and four of lines let the scan of the look back fall into step with the whole
# file's, should it start inside a construct; the hypothesis property in
# tests/test_units.py checks each rule alone with far less.
LOOKBACK_CHARS = 64 * 1024
LOOKBACK_LINES = 4 * 60
# A run of messages handed to one worker holds this much or more (mail.mbox.mbox_places),
# but near the end of a plain mbox, where the runs shrink (mail.mbox.next_place_after).
RUN_BYTES = 4 * 1024 * 1024
# Small files go to a worker together, this many or this many bytes at most (a Maildir of
# 20,000 messages in batches of 64 cost the writer's process 0.17 s more in hand-offs).
BATCH_FILES = 256
BATCH_BYTES = 4 * 1024 * 1024


@record
class Chunk:
    """One chunk of a plain text file, as `sources.text.read_chunks` cuts it: bytes
    [start, end) of the file (after any UTF-8 byte order mark); or, near the file's end, a
    part of one, cut at a line end, `piece` the chunk's own bounds: a part is decoded as
    its whole chunk decodes (sources.text.read_texts). Parts are the last ranges
    (PART_BYTES) and the start of a range's look back (`_from_line_of`)."""

    start: int
    end: int
    piece: tuple[int, int] | None = None

    def part(self, start: int, end: int) -> Chunk:
        """Bytes [start, end) of this chunk (cut at line ends), decoded as its whole chunk."""
        return Chunk(start, end, self.piece or (self.start, self.end))


@record
class WholeInput:
    """Inputs each read whole, one after the other (small files go together: a Maildir of
    20,000 messages is not 20,000 trips to a worker)."""

    sources: tuple[InputFile, ...]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as two tuples of plain values, which pickle writes in C, not a record
        for each file, which it writes through a Python call each: a batch of 256 files in
        0.03 ms against 0.31, and the writer's process handing a Maildir of 20,000 files
        to its workers 2 ms against 25."""
        return _whole_input, (
            tuple(source.path for source in self.sources),
            tuple(source.explicit for source in self.sources),
        )


def _whole_input(paths: tuple[str, ...], explicit: tuple[bool, ...]) -> WholeInput:
    """WholeInput, unpickled (WholeInput.__reduce__)."""
    return WholeInput(tuple(map(InputFile, paths, explicit)))


@record
class TextRange:
    """Chunks `chunks[first:]` of `path`, found with `chunks[:first]` scanned before them
    (the look back); `final` when the last chunk ends the file. The planner has read only
    near the chunks' ends, so the worker places what it finds from the range's start: line
    1, column 1 (the chunk before the range ends a line) and character 0; the writer, which
    has the ranges before, places them in the file (runner.TextExtent)."""

    path: str
    chunks: tuple[Chunk, ...]
    first: int
    final: bool
    bom: bool  # the file starts with a UTF-8 byte order mark (the first chunk's `bom`)
    lookback: int = LOOKBACK_CHARS  # characters scanned again before chunks[first], at least
    lookback_lines: int = LOOKBACK_LINES  # and line ends, at least


@record
class MessageRun:
    """The messages of an mbox from `place` to the byte offset `end` (None: to its end),
    read by the worker as the whole file's reading reads them (mail.mbox.MboxPlace). A
    compressed mbox's run carries its bytes, decompressed (`data`); `broken` when the
    stream broke off at their end (mail.runs)."""

    path: str
    place: MboxPlace
    end: int | None
    data: bytes | None = None
    broken: bool = False
    goes_on: bool = False  # it ends inside a message too long (the next run's place does)
    # Its place counts lines and messages from the run's own start (line 1, no message
    # before: mail.runs.relative_runs found it without framing the file before it); the
    # writer, which has the runs before, places what it finds (runner.TextExtent): all
    # but the file's first run, whose count is the file's.
    relative: bool = False


@record
class MemberBytes:
    """A member of a tar or zip archive, carried in its bytes (sources.members)."""

    path: str  # as shown: "archive.tgz!dir/name"
    data: bytes
    depth: int  # of the archives it is in (sources.archives.Member)
    index: int  # the members of its archive before it
    # What its own compressed stream may decompress to (the gzip trailer's size; 0 for a
    # member that is not compressed): the planner counted this much of the archive's
    # Budget for it, and a member that takes more is read again with the archive's own.
    allowance: int


@record
class ArchiveMembers:
    """Consecutive members of a tar or zip archive, each read in a worker as the whole archive's
    reading reads it; should one decompress past its allowance, the worker reads the
    archive again from its start, on from that member (as ArchiveRest), and the
    archive's later units are dropped (runner.run_work)."""

    source: InputFile  # the archive
    members: tuple[MemberBytes, ...]
    archive: int  # which archive of the run (a file named twice is read twice)


@record
class ArchiveRest:
    """A tar or zip archive read from its start as a whole, what its first `skip` members give
    dropped (their units gave it): where its members could not be carried in units (a
    damaged stream, a member too large, compressed in a way whose size is not stated, or
    the decompression limit near), its reading goes on from here on one core."""

    source: InputFile
    skip: int
    archive: int  # as ArchiveMembers' archive


@record
class Planned:
    """A unit, with what it reads of its inputs as the planner knows it (`Counts.files`:
    the inputs it ends, `bytes`: the bytes it covers), for progress and the summary."""

    unit: WholeInput | TextRange | MessageRun | ArchiveMembers | ArchiveRest | Problem
    counts: Counts = NOTHING


def text_ranges(
    path: str,
    chunk_bytes: int = CHUNK_BYTES,
    range_bytes: int = RANGE_BYTES,
    lookback: int = LOOKBACK_CHARS,
    lookback_lines: int = LOOKBACK_LINES,
    part_bytes: int = PART_BYTES,
) -> Iterator[TextRange] | None:
    """`path`, a plain text file, cut into ranges of whole chunks, each yielded as soon as
    it is found (the workers start on the first while the rest is cut); None when it is
    read whole (binary or UTF-16). The file is read only near the chunks' ends
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
    it: Chunk.piece), where that line starts inside it: the worker reads and decodes what
    it scans again, some 256 KB, in 0.1 ms, where a whole chunk of 4 MB (as they were)
    took about 1.2 (read, then decoded as UTF-8 and mostly again as Latin-1). Where the
    look back starts in it is the worker's to say (runner._look_back_start), counting back
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
