"""mbox, MMDF and Babyl files split into messages, streamed from a sliding buffer.

A message is cut out where it stands, never the file read whole (RFC 4155 for mbox). A
message comes out as its bytes (`RawMessage`), text that is no message as `RawText`.

Past 600 lines: mbox, MMDF and Babyl are cut from one sliding buffer by one framing
(Content-Length believed or not, a message too long), which each format's reader asks of.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from .._runtime.patterns import compiled_when_used
from ..core.numbers import bounded_int, size_text
from ..core.problems import Problem, ProblemKind
from ..core.records import built, record, replaced
from ..core.units import MboxPlace
from ..sources import archives
from ..sources.kinds import (
    BABYL,
    CLOSE_DELIMITER_LINE,
    DATELESS_FROM_LINE,
    FROM_LINE,
    LONGEST_BASE64_LINE,
    LONGEST_CLOSE_DELIMITER,
    UTF8_BOM,
    UTF8_BOM_FROM,
)
from ..sources.streams import SNIFF_BYTES, Prefix
from .headers import newlines
from .loops import LOOPS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

# A message longer than this is read in pieces: the first as a message, the rest as text.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
# The blocks read (tests set mbox.BLOCK_BYTES): small enough that a block stays in the
# processor's cache while it is added to what is kept and searched (framed faster than in
# blocks of 4 MiB: docs/design/performance.md, "Figures the code's choices rest on"),
# and no larger than a decompressed stream's buffer (archives.BLOCK_BYTES), whose reads
# draw on its Budget.
BLOCK_BYTES = archives.BLOCK_BYTES // 4
# Once what is kept of a message longer than this many blocks is copied into each new one,
# the reads grow to this many blocks (a decompressed stream's buffer, at most): a long
# message is copied a few times, not once a block.
_GROWN_BLOCKS = archives.BLOCK_BYTES // BLOCK_BYTES

# Which messages to read at all: called with a buffer and the offsets that bound messages
# in it (message i is data[bounds[i]:bounds[i + 1]]), so a message that is skipped is never
# copied out (prefilter.may_hold_urls). One flag per message.
UrlFilter = Callable[[bytes, Sequence[int]], Sequence[bool]]


@record
class RawMessage:
    """One message's bytes as they stand in the container."""

    data: bytes
    line: int  # the container line of data[0]
    index: int  # 1-based within the container


@record
class RawText:
    """Text that is not a message: a plain file in an archive, or a message's overflow.

    Text that is not a message: a plain file inside an archive, or the overflow of a message
    too long to decode whole."""

    data: bytes
    line: int


class _Buffer:
    """A sliding window over a stream, addressed by absolute offsets: what the splitters
    cut messages from. `data` holds the stream from offset `base` on."""

    __slots__ = ("stream", "data", "base", "eof", "block")

    def __init__(self, stream: BinaryIO, block: int | None = None) -> None:
        self.stream = stream
        self.data = b""
        self.base = 0
        self.eof = False
        self.block = BLOCK_BYTES if block is None else block  # read when called (tests)

    @property
    def end(self) -> int:
        return self.base + len(self.data)

    def more(self, keep_from: int) -> bool:
        """Read another block, dropping what lies before `keep_from`; False at the end."""
        drop = max(0, keep_from - self.base)
        size = self.block
        if len(self.data) - drop > _GROWN_BLOCKS * size:
            size *= _GROWN_BLOCKS
        block = b"" if self.eof else self.stream.read(size)
        if not block:
            self.eof = True
            return False
        self.data = self.data[drop:] + block
        self.base += drop
        return True

    def fill(self, until: int, keep_from: int) -> None:
        while self.end < until and self.more(keep_from):
            pass

    def slice(self, start: int, end: int) -> bytes:
        return self.data[start - self.base : end - self.base]


_CONTENT_LENGTH = compiled_when_used(rb"(?im)^Content-Length:[ \t]*(\d+)[ \t]*\r?$")
_HEADER_END = compiled_when_used(rb"\n\r?\n")
_QUOTED_FROM = compiled_when_used(rb"(?m)^>(>*From )")
# Where mboxrd's quoting may be, looked for before a message is copied out: the regex
# engine's loop to a literal's first byte (">") outruns CPython 3.11's `bytes.find` of a
# short needle, and the compiled loops' search led by its "F" (mail.fast.find) outruns
# both (docs/design/performance.md, "Figures the code's choices rest on").
_QUOTED_FROM_LITERAL = compiled_when_used(rb">From ")


class FramingEnd:
    """Where a framing of an mbox ended, once its stream is read to its end.

    Where a framing of an mbox ended (split_mbox's `end`), once its stream is read to its
    end: the line after its last, and the messages it counted; `line` is 0 before."""

    __slots__ = ("line", "messages")

    def __init__(self) -> None:
        self.line = 0
        self.messages = 0

    @property
    def reached(self) -> bool:
        return self.line > 0


def split_mbox(
    stream: BinaryIO,
    may_hold_urls: UrlFilter | None = None,
    place: MboxPlace | None = None,
    goes_on: bool = False,
    end: FramingEnd | None = None,
) -> Iterator[RawMessage | RawText | Problem]:
    """Messages of an mbox, streamed (RFC 4155).

    A message starts at a From_ line after a blank line or a multipart's closing boundary
    line (or at the start); mboxrd's `>From ` quoting is undone one level; where a
    Content-Length field (mboxcl, mboxcl2) ends the body exactly on the next From_ line or at
    the end, it is believed, so an unquoted "From " in such a body stays in it. A message
    longer than MAX_MESSAGE_BYTES is read as a message up to its last line end before there
    and as text after, in pieces of that size at most.

    The messages whole in the buffer are cut out together, and `may_hold_urls` says which of
    them to read: one that is skipped is never copied out, nor its lines counted one by one
    (many of an archive's messages hold no URL).

    From a `place` (mbox_places), `stream` starts at that message (`lead_bytes(place)`
    before it): it is read as the whole file is read from there. `goes_on`: the stream
    ends inside a message too long (at a place in it: a run of an mbox, the next run
    going on with the message), which the whole file's reading read on as text in pieces,
    the last one ending there. `end` holds, once the stream is read to its end, the line
    after its last and the messages counted (mail.runs: a run placed by the writer)."""
    mbox = _Mbox(stream, may_hold_urls, place)
    mbox.goes_on = goes_on
    items = _split(mbox, end=end)
    return items  # type: ignore[return-value]  # no MboxPlace among them: no `every`


# A From_ line counts only after a blank line, a closing boundary line or a base64 line: up
# to this many bytes before it ("\n", the longest closing boundary line or base64 line,
# "\r\n"), and no byte further back.
_LOOK_BEHIND = 1 + max(LONGEST_CLOSE_DELIMITER, LONGEST_BASE64_LINE) + 2


def lead_bytes(place: MboxPlace) -> int:
    """How many bytes before `place` a stream read from it starts with.

    Inside a message too long, a From_ line may follow at once, and the blank line or
    closing boundary line it follows lies before the place."""
    return min(_LOOK_BEHIND, place.offset) if place.overflowing else 0


def mbox_places(
    stream: BinaryIO,
    every: int,
    block: int | None = None,
    start: MboxPlace | None = None,
    size: int | None = None,
) -> Iterator[MboxPlace]:
    """Places to cut an mbox at, found by its one framing, which copies no message out.

    Places to cut an mbox at, the first at its start, the others `every` bytes or more after
    the one before (a quarter more at most, or a message more), found by its one framing,
    which copies no message out: the cuts are those the whole file's reading makes, whatever
    the mbox's form.

    `block` is the size of its reads: by default a quarter of `every` (the framing stands
    at a message's start once a block, so places are at most that much further apart).
    Reads of BLOCK_BYTES, the whole file's reading's, meet a damaged stream's damage
    where that reading meets it (a read that fails loses what it had decompressed).

    From a place of an earlier framing (`start`: the results store reads an mbox on from
    where its last scan stopped), `stream` is at `lead_bytes(start)` before it, and the
    places are the whole file's from there, `start` the first.

    Given the file's `size`, the places come closer near its end (`next_place_after`)."""
    if block is None:
        block = min(BLOCK_BYTES, max(every // 4, SNIFF_BYTES))
    base = 0 if start is None else start.offset - lead_bytes(start)
    left = None if size is None else size - base  # what the stream holds
    for item in _split(_Mbox(stream, read_none, start, block=block), every, left):
        if isinstance(item, MboxPlace):
            yield replaced(item, offset=item.offset + base) if base else item


def next_place_after(every: int, size: int | None, at: int) -> int:
    """How far past a place at `at` the next one is at least.

    `every`, or, near the end of a stream of known `size`, a quarter of what is left (an
    eighth of `every` at least). The runs between places go to the cores in turn, and the
    last ones are smaller, so that the cores end together: a run as long as the others at
    the end would be one core's work alone (units.text_ranges shrinks a text file's ranges
    so)."""
    if size is None:
        return every
    return max(every // 8, min(every, (size - at) // 4), 1)


def read_none(data: bytes, bounds: Sequence[int]) -> list[bool]:
    """A filter (UrlFilter) that reads no message: framing only, nothing copied out."""
    return [False] * (len(bounds) - 1)


def _split(
    mbox: _Mbox,
    every: int = 0,
    size: int | None = None,
    end: FramingEnd | None = None,
) -> Iterator[RawMessage | RawText | Problem | MboxPlace]:
    """split_mbox's loop; with `every`, it also marks a place each time it stands at a
    message's start (or at a piece of one too long) `next_place_after` bytes or more past
    the last place (`size`: the stream's, if known)."""
    yield from _framed(mbox, every, size)
    if end is not None:
        buffer = mbox.buffer
        mbox.count_lines(buffer.data, buffer.base, buffer.end)
        end.line, end.messages = mbox.line, mbox.index


def _framed(
    mbox: _Mbox, every: int, size: int | None
) -> Iterator[RawMessage | RawText | Problem | MboxPlace]:
    buffer = mbox.buffer
    next_place = 0
    while True:
        data, base = buffer.data, buffer.base
        mbox.count_lines(data, base, mbox.start)  # before the buffer may move on from `start`
        if every and mbox.start >= next_place:
            yield MboxPlace(mbox.start, mbox.line, mbox.index, mbox.counted, mbox.overflowing)
            next_place = mbox.start + next_place_after(every, size, mbox.start)
        if mbox.counted and not mbox.overflowing:
            end = _content_length_end(buffer, mbox.start)
            if end is not None:
                yield from mbox.counted_message(end)
                if buffer.eof and end >= buffer.end:
                    return
                continue
            data, base = buffer.data, buffer.base  # the look for a length read more
        # Where Content-Length rules, only the next From_ line: the message after it may have
        # its own length (looking further each time would be quadratic in the block).
        # (and where mboxrd's quoting first stands from the message's start, if told)
        quoted: list[int] = []
        start = max(0, mbox.start - base)
        ends = _from_lines(data, max(0, mbox.search - base), mbox.counted, quoted, start)
        # What is too long is known by where the message (or text) ends, not by how much the
        # buffer holds: the reading is the same wherever the blocks fall.
        ends = _up_to_one_too_long(ends, mbox.start - base)
        if ends:
            end = base + ends[0]
        else:  # where it ends at the latest: a From_ line may have started, unfinished
            end = buffer.end if buffer.eof else buffer.end - _LONGEST_FROM_LINE
        if end - mbox.start > MAX_MESSAGE_BYTES or (
            mbox.goes_on and buffer.eof and not ends and buffer.end > mbox.start
        ):
            yield from mbox.overflow(data, base)
        elif ends:
            hint = (start, quoted[0]) if quoted else None
            yield from mbox.up_to_from_lines(data, base, ends, hint)
        elif buffer.eof:
            yield from mbox.last(data, base)
            return
        else:
            # The last line may be a From_ line not read to its end yet: look again from there.
            mbox.search = max(mbox.start + 1, base + data.rfind(b"\n") + 1)
            buffer.more(mbox.start)


class _Mbox:
    """Where `split_mbox` is in an mbox: the current message's start (its From_ line, an
    absolute offset), where to look for the next From_ line, the file line at `line_at`,
    the messages counted so far, and whether a message too long is being read on as text."""

    def __init__(
        self,
        stream: BinaryIO,
        may_hold_urls: UrlFilter | None,
        place: MboxPlace | None = None,
        block: int | None = None,
    ) -> None:
        self.buffer = _Buffer(stream, block)
        self.buffer.more(0)
        self.may_hold_urls = may_hold_urls
        lead = 0 if place is None else lead_bytes(place)  # read before the place
        if place is None and self.buffer.data.startswith(UTF8_BOM_FROM):
            lead = len(UTF8_BOM)  # a byte order mark before the first From_ line: no text
        self.start = lead
        self.line = 1 if place is None else place.line
        self.line_at = lead
        self.index = 0 if place is None else place.index
        self.overflowing = place is not None and place.overflowing
        self.goes_on = False  # see split_mbox
        # Where to look for the next From_ line: past the message's own, or, in a message
        # too long, from the piece's start (as `overflow` leaves it).
        self.search = lead if self.overflowing else lead + 1
        if place is None:
            self.counted = _counted(self.buffer)
        else:
            self.counted = place.counted

    def count_lines(self, data: bytes, base: int, at: int) -> None:
        self.line += newlines(data, self.line_at - base, at - base)
        self.line_at = at

    def _may_hold_urls(self, data: bytes, start: int, end: int) -> bool:
        return self.may_hold_urls is None or self.may_hold_urls(data, (start, end))[0]

    def counted_message(self, end: int) -> Iterator[RawMessage]:
        """The message its Content-Length ends at `end`."""
        data, base = self.buffer.data, self.buffer.base
        self.index += 1
        if self._may_hold_urls(data, self.start - base, end - base):
            yield _raw_message(data[self.start - base : end - base], self.line, self.index)
        self.start, self.search = end, end + 1

    def up_to_from_lines(
        self, data: bytes, base: int, ends: list[int], quoted: QuotedHint = None
    ) -> Iterator[RawMessage | RawText]:
        """The messages that the From_ lines at `ends` (offsets in `data`) end (`quoted`:
        what the look for them saw of mboxrd's quoting, `_first_quoted`)."""
        if self.overflowing:  # the first From_ line ends the text
            yield RawText(data[self.start - base : ends[0]], self.line)
            self.overflowing = False
            self.start = base + ends[0]
            self.search = self.start + 1
            return
        bounds = (self.start - base, *ends)
        chosen = self.may_hold_urls(data, bounds) if self.may_hold_urls is not None else None
        if chosen is not None and not any(chosen):
            # None read (the prefilter's verdict, or mbox_places finding where to cut):
            # nothing is searched for quoting nor copied out.
            self.index += len(ends)
        else:
            yield from self._chosen(data, base, bounds, chosen, quoted)
        self.start = base + ends[-1]
        self.search = self.start + 1

    def _chosen(
        self,
        data: bytes,
        base: int,
        bounds: tuple[int, ...],
        chosen: Sequence[bool] | None,
        hint: QuotedHint = None,
    ) -> Iterator[RawMessage]:
        """The messages between `bounds` (offsets in `data`) that `chosen` says to read (all,
        for None), mboxrd's quoting undone."""
        quoted = _first_quoted(data, bounds[0], bounds[-1], hint)  # mboxrd quoting: one pass
        for number in range(len(bounds) - 1):
            self.index += 1
            if chosen is None or chosen[number]:
                at, past = bounds[number], bounds[number + 1]
                self.count_lines(data, base, base + at)
                if 0 <= quoted < at:
                    quoted = _quoted_from(data, at, bounds[-1])
                piece = data[at:past]
                if 0 <= quoted < past:
                    piece = _QUOTED_FROM.sub(rb"\1", piece)
                yield built(RawMessage, (piece, self.line, self.index))

    def last(self, data: bytes, base: int) -> Iterator[RawMessage | RawText]:
        """What is left at the end of the input."""
        if self.buffer.end <= self.start:
            return
        if self.overflowing:
            yield RawText(data[self.start - base :], self.line)
        else:
            self.index += 1
            if self._may_hold_urls(data, self.start - base, len(data)):
                yield _raw_message(data[self.start - base :], self.line, self.index)

    def overflow(self, data: bytes, base: int) -> Iterator[RawMessage | RawText | Problem]:
        """A message longer than MAX_MESSAGE_BYTES: its start as a message, the rest as text.

        In pieces of that size at most, each cut after its last whole line (at the size
        where it has none). The buffer holds the piece: the message goes on past it."""
        limit = self.start + MAX_MESSAGE_BYTES
        cut = data.rfind(b"\n", self.start - base, limit - base) + 1 + base
        cut = cut if cut > self.start else limit
        piece = self.buffer.slice(self.start, cut)
        if self.overflowing:
            yield RawText(piece, self.line)
        else:
            self.index += 1
            reason = (
                f"message {self.index} is longer than {size_text(MAX_MESSAGE_BYTES)}: "
                "its start is read as a message, the rest as plain text"
            )
            yield Problem(ProblemKind.LIMIT, reason, line=self.line)
            yield _raw_message(piece, self.line, self.index)
            self.overflowing = True
        self.start = self.search = cut


# A From_ line is a line (RFC 5322 2.1.1: at most 998 characters, and its line end); a
# longer one starting "From " is a body's line. Bounded, it is known for one or not once
# this much past its start has been read, however the reads fell. A dated one
# (sources.kinds.FROM_LINE), or Netscape's with no date (DATELESS_FROM_LINE).
_LONGEST_FROM_LINE = 1000
_FROM_LINE_TAIL = _LONGEST_FROM_LINE - 7  # its line end past "From " at most
_FROM_LINE = compiled_when_used(
    rb"From (?=[^\n]{0,%d}\n)(?:" % _FROM_LINE_TAIL
    + DATELESS_FROM_LINE.pattern[5:]
    + rb"|"
    + FROM_LINE.pattern[5:]
    + rb")"
)
# A From_ line after a blank line, or after a line that ends "--" (a closing boundary line,
# as `_after_closing_boundary` tells), read to its line end (so one still arriving is left
# for the next look). Led by its literal "From ", with the line before looked at behind it:
# the regex engine then skips to candidates at memchr speed, not to every line end.
_FROM_LINE_AFTER_BREAK = compiled_when_used(
    rb"From (?:(?<=\n\nFrom )|(?<=\n\r\nFrom )|(?<=--\nFrom )|(?<=--\r\nFrom )"
    rb"|(?<=[A-Za-z0-9+/=]\nFrom )|(?<=[A-Za-z0-9+/=]\r\nFrom ))"
    + _FROM_LINE.pattern[5:]
    + rb"[^\n]*\n"
)
# A closing boundary line from its line start to the next line's (sources.kinds).
_CLOSE_DELIMITER_LINE = compiled_when_used(CLOSE_DELIMITER_LINE)


def _from_line_starts(data: bytes, at: int, first_only: bool = False) -> list[int]:
    """Offsets of the From_ lines after a blank line, a closing boundary line or a base64
    line that start at or after `at` (only the first of them, if asked): the pure path's
    look, which the compiled loops' (mail.fast.from_lines) stands for."""
    starts = []
    for found in _FROM_LINE_AFTER_BREAK.finditer(data, at):
        start = found.start()
        # "\n\n" or "\n\r\n" behind: a blank line; "--\n" or "--\r\n" or a base64
        # character's: a line to read.
        if (
            data[start - 2] == 10
            or (start >= 3 and data[start - 2] == 13 and data[start - 3] == 10)
            or _after_closing_boundary(data, start)
            or _after_base64_line(data, start)
        ):
            starts.append(start)
            if first_only:
                break
    return starts


def _after_closing_boundary(data: bytes, start: int) -> bool:
    """Is the line before the one at `start` a closing boundary line, after a line end?

    The line before a From_ line in an mbox Netscape wrote may be the closing delimiter
    line of the message's multipart (RFC 2046 5.1.1), with no blank line between. Read
    from the `_LOOK_BEHIND` bytes before `start` alone, whatever `data` holds before them
    (the whole file's reading and a run's decide alike)."""
    line_start = data.rfind(b"\n", max(0, start - _LOOK_BEHIND), start - 1) + 1
    return line_start > 0 and _CLOSE_DELIMITER_LINE.fullmatch(data, line_start, start) is not None


# A base64 body's line (RFC 2045 section 6.8: whole 4-character groups, 76 characters at
# most), padded with "=" or 16 characters long at least (no word of prose is): Netscape
# wrote the next message's From_ line right after an attachment's last line too.
_BASE64_LINE = compiled_when_used(
    rb"(?=[^\n]*=\r?\n|[A-Za-z0-9+/]{16})"
    rb"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)\r?\n"
)


def _after_base64_line(data: bytes, start: int) -> bool:
    """Is the line before the one at `start` a base64 body's line (`_BASE64_LINE`), after
    a line end? Read from the `_LOOK_BEHIND` bytes before `start` alone, as
    `_after_closing_boundary` reads."""
    line_start = data.rfind(b"\n", max(0, start - _LOOK_BEHIND), start - 1) + 1
    return (
        line_start > 0
        and start - line_start <= LONGEST_BASE64_LINE + 2
        and _BASE64_LINE.fullmatch(data, line_start, start) is not None
    )


def _from_lines(
    data: bytes,
    at: int,
    first_only: bool = False,
    quoted: list[int] | None = None,
    quoted_from: int = 0,
) -> list[int]:
    """Offsets of the From_ lines after a blank line, a closing boundary line or a base64
    line that start at or after `at` (only the first of them, if asked). The compiled loops
    append to `quoted` where mboxrd's quoting first stands from `quoted_from` on, met on the way
    (mail.fast.from_lines); the pure path's look does not."""
    if LOOPS is not None:
        lines: list[int] = LOOPS.from_lines(
            data, at, first_only, _FROM_LINE_TAIL, quoted, quoted_from
        )
        return lines
    return _from_line_starts(data, at, first_only)


def _up_to_one_too_long(ends: list[int], start: int) -> list[int]:
    """The ends of the messages from `start` on, up to the first longer than
    MAX_MESSAGE_BYTES (left for `_Mbox.overflow`)."""
    for number, end in enumerate(ends):
        if end - start > MAX_MESSAGE_BYTES:
            return ends[:number]
        start = end
    return ends


def counted_mbox(stream: BinaryIO) -> bool:
    """Do the messages of the mbox `stream` starts end by their Content-Length (mboxcl, mboxcl2)?

    Read from its start, as the whole file's reading reads it (`_Mbox`)."""
    buffer = _Buffer(stream)
    buffer.more(0)
    return _counted(buffer)


def _counted(buffer: _Buffer) -> bool:
    # mboxcl and mboxcl2 writers give every message a Content-Length; where the first
    # message has none, no message is cut by one (and none pays for looking).
    return _content_length_end(buffer, 0) is not None


def message_start_after(stream: BinaryIO, at: int, within: int) -> int | None:
    """The offset of the first From_ line that starts a message from `at` on, or None.

    The offset of the first From_ line after a blank line, a closing boundary line or a
    base64 line that starts at `at` or later, looked for in the `within` bytes from there
    (the stream is seeked): None when there is none, or when the stream ends first. In an mbox whose
    messages do not end by their Content-Length (`counted_mbox`), the whole file's reading
    starts a message there, and at no other place (`_from_lines`; a message too long is read
    on as text up to it): mail.runs cuts such an mbox there with no framing of what comes
    before."""
    low = max(0, at - _LOOK_BEHIND)  # where `data` starts in the stream
    stream.seek(low)
    data = b""
    search = at - low  # in `data`
    end = at + within + _LONGEST_FROM_LINE  # a From_ line starting within, read to its end
    while low + len(data) < end:
        block = stream.read(min(_FIND_READ, end - low - len(data)))
        if not block:
            return None
        data += block
        found = _from_line_starts(data, search, first_only=True)
        if found:
            return low + found[0] if low + found[0] <= at + within else None
        # A From_ line may stand on the last line, unfinished: the next look starts there,
        # what is before the line it follows dropped. A From_ line starts a line and ends
        # within _LONGEST_FROM_LINE: past a last line longer, none can start before the next
        # line (the look stays linear in a line of megabytes).
        search = max(search, data.rfind(b"\n") + 1)
        if len(data) - search > _LONGEST_FROM_LINE:
            search = len(data)
        drop = max(0, search - _LOOK_BEHIND)
        data, low, search = data[drop:], low + drop, search - drop
    return None


_FIND_READ = 64 * 1024


def place_at(stream: BinaryIO, at: int) -> MboxPlace:
    """The place of the message that starts at byte `at` of an mbox.

    The place of the message that starts at byte `at` of the mbox `stream` holds from its
    start, whose messages do not end by their Content-Length: its line and the messages
    before it, found by framing the stream up to there, copying no message (up to a
    message's start, the stream is framed as the whole of it is)."""
    start = MboxPlace(0, 1, 0, counted=False)
    prefix: BinaryIO = Prefix(stream, at)  # type: ignore[assignment]  # it reads as one does
    end = FramingEnd()
    for _ in split_mbox(prefix, read_none, start, end=end):
        pass
    return MboxPlace(at, end.line, end.messages, counted=False)


# What the look for From_ lines saw of mboxrd's quoting: where it looked from, and the
# first ">From " from there (-1: none); None where it did not say.
QuotedHint = tuple[int, int] | None


def _first_quoted(data: bytes, start: int, end: int, hint: QuotedHint) -> int:
    """`_quoted_from(data, start, end)`, told by `hint` where it says: it looked from `start`
    or before, and what it found is not before `start`."""
    if hint is not None:
        looked_from, first = hint
        if looked_from <= start and (first < 0 or first >= start):
            return first if 0 <= first and first + len(_QUOTE) <= end else -1
    return _quoted_from(data, start, end)


_QUOTE = b">From "


def _quoted_from(data: bytes, start: int, end: int) -> int:
    """Where the first ">From " in data[start:end] starts, as `bytes.find` says (-1: none)."""
    if LOOPS is not None:
        at: int = LOOPS.find(data, _QUOTE, start, end, 1)  # led by its "F", rarer than ">"
        return at
    found = _QUOTED_FROM_LITERAL.search(data, start, end)
    return -1 if found is None else found.start()


def _raw_message(piece: bytes, line: int, index: int) -> RawMessage:
    if _quoted_from(piece, 0, len(piece)) >= 0:
        piece = _QUOTED_FROM.sub(rb"\1", piece)
    return RawMessage(piece, line, index)


def _content_length_end(buffer: _Buffer, start: int) -> int | None:
    """Where the message at `start` ends by its Content-Length, when that lands on a From_
    line or at the end of the file; None to split by From_ lines instead."""
    buffer.fill(start + SNIFF_BYTES * 8, start)
    rel = start - buffer.base
    data = buffer.data
    header_end = _HEADER_END.search(data, rel, rel + SNIFF_BYTES * 8)
    if header_end is None:
        return None
    length = _CONTENT_LENGTH.search(data, rel, header_end.start() + 1)
    if length is None:
        return None
    end = buffer.base + header_end.end() + bounded_int(length.group(1), MAX_MESSAGE_BYTES)
    if end - start > MAX_MESSAGE_BYTES:
        return None
    buffer.fill(end + 1 + _LONGEST_FROM_LINE, start)
    if end == buffer.end and buffer.eof:
        return end
    data, base = buffer.data, buffer.base
    # The body ends with its own line end; mboxcl2 writers add a blank line before From_
    # (and at the end of the input: a run of an mbox ends where a From_ line starts).
    for at in (end - base, end - base + 1):
        if data[at - 1 : at] == b"\n" and (
            (at == len(data) and buffer.eof)
            or (data.startswith(b"From ", at) and _FROM_LINE.match(data, at))
        ):
            return base + at
    return None


def split_on(stream: BinaryIO, separator: bytes, kind: str) -> Iterator[RawMessage | Problem]:
    """Messages of an MMDF or a Babyl file.

    Messages of an MMDF file (each between \\x01\\x01\\x01\\x01 lines) or a Babyl file
    (records after \\x1f; a record's visible header follows `*** EOOH ***`). A message
    longer than MAX_MESSAGE_BYTES is read up to there, the rest of it passed over with a
    problem, and the messages after it are read as ever."""
    buffer = _Buffer(stream)
    buffer.more(0)
    start = 0
    line = 1
    index = 0
    while True:
        at = buffer.data.find(separator, start - buffer.base)
        if at < 0 and not buffer.eof and buffer.end - start <= MAX_MESSAGE_BYTES:
            buffer.more(start)
            continue
        end = buffer.end if at < 0 else buffer.base + at
        piece = buffer.slice(start, end)
        if kind == BABYL:
            skip = _babyl_skip(piece)
        else:
            skip = 0
        if skip is not None and piece[skip:].strip(b"\r\n\x0c"):
            index += 1
            yield RawMessage(piece[skip:], line + piece.count(b"\n", 0, skip), index)
        line += piece.count(b"\n")
        if at >= 0:
            line += separator.count(b"\n")
            start = end + len(separator)
            continue
        if buffer.eof:
            return
        # Too long: pass over the rest of this message, a block at a time, to its separator.
        passed_from = line
        start, line = _pass_over(buffer, end, separator, line)
        yield Problem(
            ProblemKind.LIMIT,
            f"message {index} is longer than {size_text(MAX_MESSAGE_BYTES)}: "
            f"lines {passed_from} to {line - 1} of it are not read; the messages after it are",
            line=passed_from,
        )
        if start < 0:
            return


def _pass_over(buffer: _Buffer, start: int, separator: bytes, line: int) -> tuple[int, int]:
    """(where the next message starts, its line), passing over the stream from `start` to
    the next `separator`; (-1, line) at the end of the stream."""
    while True:
        at = buffer.data.find(separator, start - buffer.base)
        if at >= 0:
            line += buffer.data.count(b"\n", start - buffer.base, at) + separator.count(b"\n")
            return buffer.base + at + len(separator), line
        keep = max(start, buffer.end - len(separator) + 1)  # a separator cut by the block end
        line += buffer.data.count(b"\n", start - buffer.base, keep - buffer.base)
        start = keep
        if not buffer.more(keep):
            return -1, line


def _babyl_skip(record: bytes) -> int | None:
    """Where the message starts in a Babyl record: after its form feed and attribute line,
    and after the original header when a visible header (`*** EOOH ***`) follows it; None
    for the file's options block."""
    if record.startswith(b"BABYL OPTIONS:"):
        return None
    marker = record.find(b"*** EOOH ***\n")
    if marker >= 0:
        return marker + len(b"*** EOOH ***\n")
    cut = record.find(b"\n", record.find(b"\x0c")) + 1  # the "\x0c" line, then attributes
    return record.find(b"\n", cut) + 1
