"""Inputs cut into units of work that are scanned apart, each on any core.

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
`tests/run/test_units.py`).
"""

from __future__ import annotations

from .counts import NOTHING, Counts
from .inputs import InputFile
from .problems import Problem
from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


# A text file larger than this is cut into ranges of whole chunks no larger (24 chunks of
# sources.text.CHUNK_BYTES and a line each, mostly): small enough that two cores end
# together (the last range is one core's alone), large enough that the look back, read
# and decoded a chunk at a time, is a small part of each.
RANGE_BYTES = 12 * 1024 * 1024
# Near a text file's end, where a range may hold less than a chunk, a chunk is cut at line
# ends into parts of this much at least, each a range: the last units are that small, and
# two cores end close together (with a large chunk last, one core waited for the other as
# long as that chunk took). A part costs a trip to a worker and a look back
# (bench/README.md has the sizes measured).
PART_BYTES = 128 * 1024
# How much text before a range the worker scans again to arrive in the right state: this
# many characters and this many whole lines, at least. What a range's first line is read
# as can hang on the lines before it: a wrapper spans at most MAX_RAW_LINES (60) lines and
# MAX_RAW_CHARS (8 KB), a URL joined or continued two lines (however long the first is),
# and the overlap a chunk carries is bounded by the same. Eight wrappers' worth of
# characters and four of lines let the scan of the look back fall into step with the whole
# file's, should it start inside a construct; the hypothesis property in
# tests/run/test_units.py checks each rule alone with far less.
LOOKBACK_CHARS = 64 * 1024
LOOKBACK_LINES = 4 * 60
# A run of messages handed to one worker holds this much or more (mail.mbox.mbox_places),
# but near the end of a plain mbox, where the runs shrink (mail.mbox.next_place_after).
RUN_BYTES = 4 * 1024 * 1024
# Small files go to a worker together, this many or this many bytes at most (smaller
# batches cost the writer's process more in hand-offs on a large Maildir).
BATCH_FILES = 256
BATCH_BYTES = 4 * 1024 * 1024


@record
class Chunk:
    """One chunk of a plain text file, or a part of one, as read_chunks cuts it.

    One chunk of a plain text file, as `sources.text.read_chunks` cuts it: bytes [start,
    end) of the file (after any UTF-8 byte order mark); or, near the file's end, a part of
    one, cut at a line end, `piece` the chunk's own bounds: a part is decoded as its whole
    chunk decodes (sources.text.read_texts). Parts are the last ranges (PART_BYTES) and the
    start of a range's look back (`_from_line_of`)."""

    start: int
    end: int
    piece: tuple[int, int] | None = None

    def part(self, start: int, end: int) -> Chunk:
        """Bytes [start, end) of this chunk (cut at line ends), decoded as its whole chunk."""
        return Chunk(start, end, self.piece or (self.start, self.end))


@record
class WholeInput:
    """Inputs each read whole, one after the other.

    (small files go together: a Maildir of 20,000 messages is not 20,000 trips to a worker)."""

    sources: tuple[InputFile, ...]

    def held(self) -> list[tuple[str, int]]:
        """The inputs it holds, each as (path, the line a problem with it is placed on)."""
        return [(source.path, 1) for source in self.sources]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as two tuples of plain values, which pickle writes in C.

        Not a record for each file, which pickle writes through a Python call each: the
        writer's process hands a large Maildir to its workers in a fraction of the time."""
        return _whole_input, (
            tuple(source.path for source in self.sources),
            tuple(source.explicit for source in self.sources),
        )


def _whole_input(paths: tuple[str, ...], explicit: tuple[bool, ...]) -> WholeInput:
    """WholeInput, unpickled (WholeInput.__reduce__)."""
    return WholeInput(tuple(map(InputFile, paths, explicit)))


@record
class TextRange:
    """Chunks `chunks[first:]` of `path`, scanned after their look back `chunks[:first]`.

    Chunks `chunks[first:]` of `path`, found with `chunks[:first]` scanned before them (the
    look back); `final` when the last chunk ends the file. The planner has read only near
    the chunks' ends, so the worker places what it finds from the range's start: line 1,
    column 1 (the chunk before the range ends a line) and character 0; the writer, which has
    the ranges before, places them in the file (run.work.TextExtent)."""

    path: str
    chunks: tuple[Chunk, ...]
    first: int
    final: bool
    bom: bool  # the file starts with a UTF-8 byte order mark (the first chunk's `bom`)
    lookback: int = LOOKBACK_CHARS  # characters scanned again before chunks[first], at least
    lookback_lines: int = LOOKBACK_LINES  # and line ends, at least

    def held(self) -> list[tuple[str, int]]:
        """Its file, at the range's first line (placed in the file by the writer)."""
        return [(self.path, 1)]


@record
class MboxPlace:
    """A message's start in an mbox, with where the whole file's reading stands there.

    A message's start in an mbox, with where the whole file's reading stands on arriving
    there: read on from it (`split_mbox(stream, filter, place)`, the stream at `offset`), an
    mbox gives what the whole file's reading gives from there on, message numbers and lines
    included. mail.runs cuts a large mbox into runs between places, for the cores."""

    offset: int  # of the message's From_ line (or of a piece of one too long), in the file
    line: int
    index: int  # the messages before it
    counted: bool  # the file's messages end by their Content-Length (mboxcl, mboxcl2)
    # Inside a message too long, read on as text from here: a run never holds more than
    # about `every` bytes, however long a message is.
    overflowing: bool = False


@record
class MessageRun:
    """The messages of an mbox from `place` to the byte offset `end`.

    (None: to its end), read by the worker as the whole file's reading reads them
    (mail.mbox.MboxPlace). A compressed mbox's run carries its bytes, decompressed (`data`);
    `broken` when the stream broke off at their end (mail.runs)."""

    path: str
    place: MboxPlace
    end: int | None
    data: bytes | None = None
    broken: bool = False
    goes_on: bool = False  # it ends inside a message too long (the next run's place does)
    # Its place counts lines and messages from the run's own start (line 1, no message
    # before: mail.runs.relative_runs found it without framing the file before it); the
    # writer, which has the runs before, places what it finds (run.work.TextExtent): all
    # but the file's first run, whose count is the file's.
    relative: bool = False

    def held(self) -> list[tuple[str, int]]:
        """Its mbox, at the line the run starts on."""
        return [(self.path, self.place.line)]


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
    """Consecutive members of a tar or zip archive, each read in a worker.

    As the whole archive's reading reads it; should one decompress past its allowance, the
    worker reads the archive again from its start, on from that member (as ArchiveRest), and
    the archive's later units are dropped (run.runner.run_work)."""

    source: InputFile  # the archive
    members: tuple[MemberBytes, ...]
    archive: int  # which archive of the run (a file named twice is read twice)

    def held(self) -> list[tuple[str, int]]:
        """Each member it carries, at its first line."""
        return [(member.path, 1) for member in self.members]


@record
class ArchiveRest:
    """A tar or zip archive read from its start, what its first `skip` members give dropped.

    A tar or zip archive read from its start as a whole, what its first `skip` members give
    dropped (their units gave it): where its members could not be carried in units (a
    damaged stream, a member too large, compressed in a way whose size is not stated, or the
    decompression limit near), its reading goes on from here on one core."""

    source: InputFile
    skip: int
    archive: int  # as ArchiveMembers' archive

    def held(self) -> list[tuple[str, int]]:
        """The archive, at its first line."""
        return [(self.source.path, 1)]


@record
class Planned:
    """A unit, with what it reads of its inputs as the planner knows it.

    (`Counts.files`: the inputs it ends, `bytes`: the bytes it covers), for progress and the
    summary."""

    unit: WholeInput | TextRange | MessageRun | ArchiveMembers | ArchiveRest | Problem
    counts: Counts = NOTHING
