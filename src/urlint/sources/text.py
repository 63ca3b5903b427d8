"""Bytes to text: a file's text in decoded chunks, and those chunks scanned as one text.

A file is read as a stream of chunks that end at line ends, so a 1 GB file never sits in
memory whole (docs/design/performance.md: "Decode per message or per chunk, never a whole
archive at once").
Each chunk is decoded as UTF-8, or as Latin-1 when it is not UTF-8: Latin-1 maps every byte
to a character, so no input can make decoding fail.

A long run without whitespace is cut in two places, by one rule: where the bytes are cut
into pieces (`byte_pieces`) and where a chunk's scan keeps back the overlap it rescans with
the next chunk (`overlap_start`, `scan_texts`).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Generator, Iterable, Iterator

from ..core.model import ScannedText
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from ..scanner.scanner import ChunkScan
from ..scanner.wrappers import MAX_RAW_CHARS, MAX_RAW_LINES
from .kinds import file_syntax
from .opening import open_input
from .streams import SNIFF_BYTES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from ..scanner.lexer import LexState
    from ..scanner.markup_lines import OpenBlock

# A large text is read, decoded and scanned a chunk of this much at a time (and a line
# end). Small enough that the chunk as bytes and as text (ASCII: a byte a character) stays
# in a core's cache through the decoding, the two literal searches and the newline count
# that each pass over all of it (bench/README.md has the sizes measured). A file of mixed
# encodings is decoded in smaller pieces (each chunk as UTF-8 where it is, else as
# Latin-1): fewer lines go with another's.
CHUNK_BYTES = 512 * 1024
# A line longer than this is cut at its last whitespace before it (URLs end at whitespace,
# RFC 1738 appendix), and a run with no whitespace where it stands: memory stays bounded on a
# file that is one enormous line. The scan keeps no longer a run whole either
# (overlap_start, below), and reports a run it cuts.
MAX_RUN = 16 * 1024 * 1024

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


@record
class TextChunk:
    """Decoded text that starts at a line start (or, on a cut long line, mid-line).

    Where it stands in the file is the scan's to count (`scan_texts`): it counts line
    ends where it looks for URLs, and counting them here too was a second pass for nothing."""

    text: str
    final: bool
    encoding: str  # "utf-8", "latin-1", "utf-16-le" or "utf-16-be"
    bom: bytes = b""  # a byte order mark read before this chunk (the first one only)
    exact: bool = True  # False where undecodable bytes were replaced (damaged UTF-16)


def read_chunks(stream: BinaryIO, chunk_bytes: int = CHUNK_BYTES) -> Iterator[TextChunk]:
    """Decoded chunks of `stream`, each ending at a line end (the last one at the end).

    Raises BinaryInput when the stream starts like a binary file.
    """
    head = read_head(stream, chunk_bytes)
    if is_utf16(head):
        # UTF-16 has NUL bytes everywhere and two-byte line ends: read it whole (such
        # files are small notes, not archives) and decode with its byte order mark.
        bom = head[:2]
        data = head[2:] + stream.read()
        codec = "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
        try:
            yield TextChunk(data.decode(codec), True, codec, bom)
        except UnicodeDecodeError:
            yield TextChunk(data.decode(codec, errors="replace"), True, codec, bom, exact=False)
        return
    if is_binary(head):
        raise BinaryInput("binary file (NUL byte)")
    bom = codecs.BOM_UTF8 if head.startswith(codecs.BOM_UTF8) else b""
    for piece, final in byte_pieces(stream, head[len(bom) :], chunk_bytes):
        text, encoding = decode(piece)
        yield TextChunk(text, final, encoding, bom)
        bom = b""


def is_utf16(head: bytes) -> bool:
    """Does a text stream that starts with `head` read as UTF-16 (by its byte order mark)?"""
    return head.startswith(_UTF16_BOMS)


def is_binary(head: bytes) -> bool:
    """Does a stream that starts with `head` (not UTF-16) look binary?

    As git and grep tell: a NUL byte in its first SNIFF_BYTES."""
    return b"\0" in head[:SNIFF_BYTES]


def read_head(stream: BinaryIO, chunk_bytes: int = CHUNK_BYTES) -> bytes:
    """The first block of a text stream: enough to tell binary and UTF-16 input apart."""
    return stream.read(max(SNIFF_BYTES, min(chunk_bytes, CHUNK_BYTES)))


def byte_pieces(
    stream: BinaryIO, pending: bytes, chunk_bytes: int = CHUNK_BYTES
) -> Iterator[tuple[bytes, bool]]:
    """The stream cut into pieces where read_chunks cuts it: (piece, final).

    The stream (after `pending`, read already) cut where read_chunks cuts it: at the last
    line end of what is read, or past MAX_RUN at the last blank; (piece, final). Each piece
    is decoded on its own. units.TextRange cuts a file by the same pieces."""
    while True:
        try:
            data = stream.read(chunk_bytes)
        except Exception:
            # A damaged stream (a compressed file cut short: archives.SalvagingReader gives
            # what came before the damage, then raises): its whole lines are read first.
            cut = pending.rfind(b"\n") + 1
            if cut:
                yield pending[:cut], False
            raise
        if not data:
            yield pending, True
            return
        cut = data.rfind(b"\n") + 1
        if cut:  # the usual read: the piece is copied once, not twice
            piece = (
                data
                if cut == len(data) and not pending
                else b"".join((pending, memoryview(data)[:cut]))
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


def piece_ends(
    stream: BinaryIO, start: int, read: int, size: int, chunk_bytes: int = CHUNK_BYTES
) -> Iterator[tuple[int, bool]]:
    """Where byte_pieces ends the pieces of a seekable file, found without reading it all.

    Where byte_pieces ends the pieces of a file (seekable, `size` bytes), found by reading
    only near each end, not the whole file: (offset, True when the piece ends inside a line,
    cut at a blank past MAX_RUN), the last at the file's end. byte_pieces reads blocks of
    `chunk_bytes` from `read` on (read_head's block was read before), the first piece
    starting at `start` (after a byte order mark); each piece ends at the last line end of
    its block or, with none in it, as byte_pieces cuts a long run. units.TextRange cuts a
    large file by these ends (tests/run/test_units.py checks they are byte_pieces' own)."""
    begin = start  # the piece not yet cut: bytes [begin, read)
    while read < size:
        end = min(read + chunk_bytes, size)
        cut = last_newline(stream, read, end)
        if cut < 0:  # no line end in the block: byte_pieces looks in what is pending
            cut = last_newline(stream, begin, read)
        read = end
        if cut >= 0:
            begin = cut + 1
            yield begin, False
        elif read - begin >= MAX_RUN:
            stream.seek(begin)
            pending = stream.read(read - begin)
            begin += _last_space(pending) or len(pending)
            yield begin, True
    yield size, False


def last_newline(stream: BinaryIO, start: int, end: int) -> int:
    """The offset of the last line end in bytes [start, end) of `stream`, or -1.

    Read back from `end` in windows that double (a line is short, mostly; a long one costs
    reads linear in its length)."""
    window = _NEWLINE_WINDOW
    while end > start:
        low = max(start, end - window)
        stream.seek(low)
        found = stream.read(end - low).rfind(b"\n")
        if found >= 0:
            return low + found
        end, window = low, 2 * window
    return -1


# The first window read back for a line end: a line is short, mostly. A large text has a
# chunk end to find every CHUNK_BYTES, in the writer's process, before the workers have
# their units: a larger window read much of the text there for nothing.
_NEWLINE_WINDOW = 4 * 1024


def no_break(text: str, stop: int, start: int = 0) -> bool:
    """No line end, space or tab in text[start:stop] (where overlap_start may start a chunk)."""
    return (
        text.find(" ", start, stop) < 0
        and text.find("\n", start, stop) < 0
        and text.find("\t", start, stop) < 0
    )


def overlap_start(text: str, starts_line: bool = True, since: int = 0) -> tuple[int, bool]:
    """Where the kept-back overlap of a chunk starts, and whether it cuts a long run.

    The overlap starts at a line start with more than
    MAX_RAW_LINES lines or more than MAX_RAW_CHARS characters after it, whichever is
    nearer the end (a wrapper stops at the first of the two bounds); and whether it cuts a
    run of more than MAX_RUN without whitespace (then it keeps MAX_RAW_CHARS of it).
    `starts_line`: the text starts a line (else it goes on with an overlap started inside
    a long line), so that its start is a line start as a line end before it would make
    it: a range of a file (run.worker.RangeScan) starts its look back at a line start that
    the whole file's scan meets in the middle of its text, and the two must keep back the
    same overlap from there on (tests/run/test_units.py). `since`: where the text after
    the chunk's look back starts (scan_texts); the overlap is that of text[since:], as if
    the text started there."""
    by_lines = len(text)
    for _ in range(MAX_RAW_LINES + 2):
        by_lines = text.rfind("\n", since, by_lines)
        if by_lines < 0:
            by_lines = since
            break
    else:
        by_lines += 1
    by_chars = max(since, len(text) - MAX_RAW_CHARS - 1)
    line_start = max(since, text.rfind("\n", since, by_chars) + 1)
    if line_start == since and by_chars > since and not starts_line:
        # One very long line: start the overlap after whitespace, where no URL is cut.
        space = max(text.rfind(" ", since, by_chars), text.rfind("\t", since, by_chars))
        line_start = max(since, space + 1)
    start = max(by_lines, line_start)
    if len(text) - start > MAX_RUN:
        # A line longer than that: start after its last whitespace, else cut the run.
        space = max(text.rfind(" ", start, by_chars), text.rfind("\t", start, by_chars))
        if space < 0 or len(text) - space - 1 > MAX_RUN:
            return by_chars, True
        start = space + 1
    return start, False


def look_back_start(text: str, stop: int) -> int:
    """Where the text after a chunk's `stop` is read from: the look back before it.

    The line start MAX_RAW_LINES lines before `stop`, or the first line start at most
    MAX_RAW_CHARS before it, whichever is nearer (the text's start where it has fewer);
    `stop` itself where it is inside a line (a long line cut after a blank). What the
    scan reads before a URL's line is bounded as the overlap after it is: the line a URL is
    joined from or its quote's prefix, a wrapper's opening, a quotation's opening mark, a
    fence. A later `stop` never has an earlier look back, so each chunk's text (which starts
    at the one before's look back) holds its own whole, as the whole text would."""
    if stop == 0 or text[stop - 1] != "\n":
        return stop
    low = max(0, stop - MAX_RAW_CHARS - 1)
    # The line ends before the one that ends the line before `stop`, within the characters'
    # bound, counted back in C: where MAX_RAW_LINES of them stand there, the nearer bound
    # is the lines'.
    before = text[low : stop - 1].rsplit("\n", MAX_RAW_LINES)
    if len(before) > MAX_RAW_LINES:
        return low + len(before[0]) + 1
    return 0 if stop <= MAX_RAW_CHARS else text.find("\n", low, stop) + 1


def position_after(text: str, line_base: int, column_base: int) -> tuple[int, int]:
    """The line and column base of what follows `text`, which starts at those."""
    newlines = text.count("\n")
    if newlines:
        return line_base + newlines, len(text) - text.rfind("\n") - 1
    return line_base, column_base + len(text)


# Where a text starts: its first line's number, its first column minus one and the offset
# of its first character (model.Position's line, column - 1, offset).
TextStart = tuple[int, int, int]
FILE_START: TextStart = (1, 0, 0)


@record
class ChunkPlace:
    """Where the scan of a text's next chunk starts, and what the chunks before it left.

    `carry`: the text kept back from the chunk before (its look back and overlap), which
    the next chunk's text starts with, at `line_base`, `column_base` and `offset_base`;
    `since`, where in it the text not yet scanned starts; `covered`, how far into it the
    chunk before's last URL reached. `state`, in code, the literal or comment left open
    (ChunkScan.end_state), and `opened`, in markup, the fence or literal block
    (ChunkScan.end_opened). A chunk's candidates and findings are a function of this and
    its text alone: the language server keeps them a segment of a document at a time
    (server.segments), and lints again only the segments an edit reaches."""

    carry: str
    line_base: int
    column_base: int
    offset_base: int
    covered: int = 0
    since: int = 0
    starts_line: bool = True  # the text starts a line
    run_cut: bool = False  # the chunk before cut a run: the next goes on with it
    state: LexState | None = None
    opened: OpenBlock = None
    start_known: bool = True  # the text's start was read (not a range's middle)

    @classmethod
    def at(cls, start: TextStart) -> ChunkPlace:
        """The place of a text's first chunk, the text starting at `start`."""
        line_base, column_base, offset_base = start
        return cls(
            "",
            line_base,
            column_base,
            offset_base,
            starts_line=not column_base,
            start_known=start == FILE_START,
        )


class ChunkStep:
    """One chunk of a text scanned from its place (ChunkPlace), and the place it leaves.

    `scanned` is the chunk as the linter reads it; once its candidates are all read,
    `next_place()` is the place of the chunk after it (a chunk that is not final), with
    the Problem of a long run it cut, if any, and `end()` where a text after a final one
    would start."""

    def __init__(
        self, chunk: TextChunk, place: ChunkPlace, path: str, syntax: str, near: bool
    ) -> None:
        self.place = place
        self.final = chunk.final
        self.path = path
        text = place.carry + chunk.text if place.carry else chunk.text
        since = place.since
        if chunk.final:
            stop, self._cut = len(text), False
        else:
            stop, self._cut = overlap_start(text, place.starts_line, since)
        self._back = stop if chunk.final else look_back_start(text, stop)
        self._scanning = ChunkScan(
            text,
            line_base=place.line_base,
            column_base=place.column_base,
            offset_base=place.offset_base,
            stop=stop,
            covered_until=place.covered,
            syntax=syntax,
            state=place.state,
            opened=place.opened,
            near=near,
            since=since,
            state_from=self._back,
        )
        self._candidates = iter(self._scanning)
        self.scanned = ScannedText(
            text,
            place.line_base,
            place.column_base,
            self._candidates,
            offset_base=place.offset_base,
            opened=place.opened,
            start_known=place.start_known,
        )

    @property
    def left_open(self) -> bool:
        """Once its candidates are read: does the chunk's text end inside a literal or
        comment (scanner.ChunkScan.open_at_end)?"""
        return self._scanning.open_at_end

    def end(self) -> TextStart:
        """Where a text after this chunk, the final one, would start."""
        at_end = self._scanning.stop_position()
        return at_end.line, at_end.column - 1, self.place.offset_base + self._scanning.stop

    def next_place(self) -> tuple[ChunkPlace, Problem | None]:
        """The next chunk's place (what the reader of this one left is read first), and
        the Problem of a run longer than MAX_RUN cut here."""
        for _ in self._candidates:  # the next chunk needs this one's end
            pass
        scanning, place, back = self._scanning, self.place, self._back
        text, stop, since = scanning.text, scanning.stop, place.since
        problem = None
        if self._cut and not (place.run_cut and no_break(text, stop, since)):  # once a run
            from ..core.numbers import size_text  # a cut's message: not a hook's every run

            reason = (
                f"a run of more than {size_text(MAX_RUN)} without whitespace is read in pieces: a "
                "URL across a cut is cut"
            )
            problem = Problem(ProblemKind.LIMIT, reason, self.path, scanning.stop_position().line)
        at_stop = scanning.stop_position()
        # The next text starts at the look back before `stop` (what is read there is read
        # with the lines before it, as in the whole text), its candidates at `stop`.
        at_back = scanning.position(back) if back < stop else at_stop
        following = ChunkPlace(
            text[back:],
            at_back.line,
            at_back.column - 1,
            place.offset_base + back,
            covered=max(0, scanning.covered - back),
            since=stop - back,
            starts_line=at_stop.column == 1,
            run_cut=self._cut,
            state=scanning.end_state,
            opened=scanning.end_opened,
            start_known=place.start_known,
        )
        return following, problem


def scan_texts(
    chunks: Iterable[TextChunk],
    path: str = "",
    start: TextStart = FILE_START,
    syntax: str | None = None,
    near: bool = True,
) -> Generator[ScannedText | Problem, None, TextStart]:
    """Every chunk of a text that starts at `start`, scanned, as if the text were scanned whole.

    Together the candidates are those of the whole text: a chunk's candidates start at the
    stop of the one before, and its text a look back before that (`look_back_start`), so
    that its first lines are read with the lines before them. A run of text without whitespace
    longer than MAX_RUN is read in pieces, reported as a Problem of kind "limit" at the cut
    (a URL across it is cut there). Returns where a text after the chunks would start (a
    range of a large file: run.work.TextExtent); the overlap of a last chunk that is not
    final is left unscanned, for the text after it. The text is read in `syntax`
    (scanner.syntax), by default the one `path`'s name says; a code file's chunk hands the
    next the literal or comment it leaves open (ChunkScan.end_state), a markup file's the
    fence or literal block (ChunkScan.end_opened): ChunkPlace. A range of a file
    starts its look back in code, outside any literal. Without `near`, no near-URL is
    looked for (scanner.ChunkScan)."""
    read_as = file_syntax(path) if syntax is None else syntax
    place = ChunkPlace.at(start)
    for chunk in chunks:
        step = ChunkStep(chunk, place, path, read_as, near)
        yield step.scanned
        if chunk.final:
            return step.end()
        place, problem = step.next_place()
        if problem is not None:
            yield problem
    line_base, column_base = position_after(place.carry, place.line_base, place.column_base)
    return line_base, column_base, place.offset_base + len(place.carry)


def decode(data: bytes) -> tuple[str, str]:
    """`data` as UTF-8, else as Latin-1 (which maps every byte to a character)."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_texts(
    path: str, bounds: Iterable[tuple[int, int, tuple[int, int] | None]]
) -> Iterator[tuple[str, str]]:
    """The text and encoding of byte ranges of a file, decoded as its whole reading decodes them.

    The text and encoding of bytes [start, end) of the file at `path` for each of `bounds`,
    in order, decoded as the whole file's reading decodes them (read_chunks): a piece whole
    (`piece` None) by `decode`, a part of a piece (`piece` its bounds: units.Chunk) as that
    piece decodes (`_part_text`). Read one at a time: a worker's memory is reused as the
    serial reading's is (one read of them all cost a fresh page, and its fault, every 4 KB).
    Raises OSError."""
    with open_input(path) as stream:
        for start, end, piece in bounds:
            stream.seek(start)
            data = stream.read(end - start)
            yield decode(data) if piece is None else _part_text(stream, data, start, end, piece)


def _part_text(
    stream: BinaryIO, data: bytes, start: int, end: int, piece: tuple[int, int]
) -> tuple[str, str]:
    """`data`, bytes [start, end) of `stream` cut at line ends inside `piece`, decoded as
    `decode` decodes the whole piece. Both encodings decode bytes cut at a line end into
    the texts of the whole cut there (no UTF-8 sequence holds a line end's byte), so the
    part tells, mostly, without the rest of the piece being read: ASCII reads alike in
    both; a part that is not UTF-8 makes a whole that is not. Only a part that is UTF-8,
    and not ASCII, needs the rest of its piece read: the whole is UTF-8 where it is too."""
    if data.isascii():
        return data.decode("ascii"), "utf-8"  # (the bytes UTF-8 writes it back as)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"
    for low, high in ((piece[0], start), (end, piece[1])):
        stream.seek(low)
        try:
            stream.read(high - low).decode("utf-8")  # (no check that makes no text)
        except UnicodeDecodeError:
            return data.decode("latin-1"), "latin-1"
    return text, "utf-8"


def _last_space(buffer: bytes) -> int:
    cut = max(buffer.rfind(b" "), buffer.rfind(b"\t"))
    return cut + 1 if cut > 0 else 0


MAX_SOURCE_BYTES = 64 * 1024 * 1024  # larger files are reported, never shown whole nor rewritten


@record
class SourceText:
    """A whole file's text, decoded as the scan decoded it, and how to write it back.

    A whole file's text, decoded by `read_chunks` exactly as the scan decoded it, so a
    position means the same character to the scan, `--fix`, `--diff` and `full`; and what it
    takes to write it back as it was: each chunk's encoding, its byte order mark."""

    text: str
    chunks: tuple[tuple[int, str], ...]  # (offset in text where a chunk starts, its encoding)
    bom: bytes
    exact: bool  # False when the decoding replaced bytes: such a text is never written back

    @classmethod
    def read(cls, path: str) -> SourceText | None:
        """The file's text; None when it is too large, binary, unreadable or no path.

        A name no file can have (a NUL byte in it: a --files-from entry, say) is none."""
        try:
            if os.path.getsize(path) > MAX_SOURCE_BYTES:
                return None
            with open_input(path) as stream:
                return cls.of(stream)
        except (OSError, ValueError):
            return None

    @classmethod
    def of(cls, stream: BinaryIO) -> SourceText | None:
        """The text of the bytes `stream` holds (standard input's, say); None when binary.
        Raises OSError."""
        try:
            pieces = list(read_chunks(stream))
        except BinaryInput:
            return None
        starts, offset = [], 0
        for piece in pieces:
            starts.append((offset, piece.encoding))
            offset += len(piece.text)
        text = "".join(piece.text for piece in pieces)
        return cls(text, tuple(starts), pieces[0].bom, all(piece.exact for piece in pieces))

    def encoded(self, text: str, shifts: list[tuple[int, int]]) -> bytes:
        """`text` (this text after edits) as bytes, each chunk in its own encoding.

        `shifts` are (offset in the old text, length added there) of the edits, in order, to
        find where each chunk starts in the new text. Raises UnicodeEncodeError."""
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
