"""Positions in decoded mail text, mapped back to the raw container file.

A URL in a quoted-printable, flowed or HTML part is found in text that is not the file's
text: soft breaks are gone, `=3D` is `=`, flowed lines are joined, tags are stripped. Every
decoding step records an `OffsetMap` (offsets in its output -> offsets in its input), and a
`Relocator` runs a position back through them to the raw bytes of the part, so a finding
lands on the raw line where the URL's text starts (for quoted-printable, the raw line of
its first piece; for base64, whose text is nowhere in the file, the part's first
body line).
"""

from __future__ import annotations

import codecs
from bisect import bisect_right
from collections.abc import Callable, MutableSequence

from ..core.model import Position, Span
from ..core.records import built
from ..scanner.textpos import LineIndex


class OffsetMap:
    """A piecewise map from offsets in a derived text to offsets in its source.

    From each recorded output offset on, the source runs on in step until the next one."""

    __slots__ = ("starts", "targets")

    def __init__(self) -> None:
        self.starts: MutableSequence[int] = []  # a list, or an array where there are many
        self.targets: MutableSequence[int] = []

    def add(self, output: int, source: int) -> None:
        """Record that from output offset `output` on the text runs on from `source`.

        Offsets are added in order; a second one at the same output offset replaces the first.
        """
        if self.starts and self.starts[-1] == output:
            self.targets[-1] = source
        else:
            self.starts.append(output)
            self.targets.append(source)

    def source(self, offset: int) -> int:
        """The source offset of `offset`: before the first recorded one, the same offset."""
        index = bisect_right(self.starts, offset) - 1
        if index < 0:
            return offset
        return self.targets[index] + offset - self.starts[index]


class FixedMap(OffsetMap):
    """A map of every offset to one source offset.

    Every offset maps to one source offset: text that came from one place in its source as a
    whole (an HTML attribute value, a decoded header)."""

    __slots__ = ("at",)

    def __init__(self, at: int) -> None:
        super().__init__()
        self.at = at

    def source(self, offset: int) -> int:
        """The one source offset, whatever `offset` is."""
        return self.at


class LazyMap(OffsetMap):
    """An OffsetMap made on first use: most decoded parts hold no URL to place."""

    __slots__ = ("_build",)

    def __init__(self, build: Callable[[], OffsetMap]) -> None:
        super().__init__()
        self._build: Callable[[], OffsetMap] | None = build

    def source(self, offset: int) -> int:
        """As OffsetMap.source, the map built first if this is its first use."""
        if self._build is not None:
            made = self._build()
            self.starts, self.targets = made.starts, made.targets
            self._build = None
        return super().source(offset)


class _RawWalk:
    """Where positions in one raw part were last found, shared by the relocators made from
    one another (Relocator.then): its line index (LineIndex walks from the offset it was
    last asked about), how much of its text the codec has encoded, and the column of the
    last position (the raw line's start, the offset, its column). Each relocator its own,
    an HTML part of n links walked its raw lines n times from the start."""

    __slots__ = ("lines", "encoder", "encoded", "column")

    def __init__(self) -> None:
        self.lines: LineIndex | None = None
        self.encoder: codecs.IncrementalEncoder | None = None
        self.encoded = (0, 0)  # (characters, bytes) encoded so far
        self.column: tuple[int, int, int] | None = None


class Relocator:
    """Maps offsets in a decoded text to positions in the raw file.

    The scanner is handed one in place of its line index, so the URLs of decoded mail come
    out where they stand in the file.

    raw        the part's body bytes as they stand in the file
    raw_line   the file line of raw[0]
    byte_map   decoded bytes -> raw bytes (quoted-printable), or None when they are the same
    codec      the codec the decoded bytes were read with, or None when one character is
               one byte (ASCII, Latin-1, ...)
    charset_text  the text as the codec gave it, before `char_maps`
    char_maps  text-level steps in the order they were applied (flowed, HTML)
    collapsed  every position maps to the part's first body line (base64)
    """

    __slots__ = (
        "raw",
        "raw_line",
        "byte_map",
        "codec",
        "charset_text",
        "char_maps",
        "collapsed",
        "_walk",
    )

    def __init__(
        self,
        raw: bytes,
        raw_line: int,
        *,
        byte_map: OffsetMap | None = None,
        codec: str | None = None,
        charset_text: str = "",
        char_maps: tuple[OffsetMap, ...] = (),
        collapsed: bool = False,
    ) -> None:
        self.raw = raw
        self.raw_line = raw_line
        self.byte_map = byte_map
        # Characters and bytes are one to one in ASCII text, whatever the charset says.
        self.codec = None if codec is None or charset_text.isascii() else codec
        self.charset_text = charset_text
        self.char_maps = char_maps
        self.collapsed = collapsed
        self._walk = _RawWalk()

    def then(self, step: OffsetMap) -> Relocator:
        """This relocator for the text one more step (`step`) made from ours.

        The two share their walk over the raw part: an HTML part's visible text and each of
        its attributes are placed in the same raw lines, each text from its start."""
        relocator = Relocator(
            self.raw,
            self.raw_line,
            byte_map=self.byte_map,
            codec=self.codec,
            charset_text=self.charset_text,
            char_maps=(*self.char_maps, step),
            collapsed=self.collapsed,
        )
        relocator._walk = self._walk
        return relocator

    def _bytes_before(self, characters: int) -> int:
        """How many bytes the first `characters` of charset_text take in the codec. Positions
        are asked for in text order, so each character is encoded once (linear); an earlier
        one starts again from the text's start."""
        walk = self._walk
        done_chars, done_bytes = walk.encoded
        if walk.encoder is None or characters < done_chars:
            walk.encoder = codecs.getincrementalencoder(self.codec)("replace")  # type: ignore[arg-type]
            done_chars, done_bytes = 0, 0
        done_bytes += len(walk.encoder.encode(self.charset_text[done_chars:characters]))
        walk.encoded = (characters, done_bytes)
        return done_bytes

    def position(self, offset: int) -> Position:
        """The raw position of an offset in the final decoded text.

        The position's own offset is that one, into the decoded text (there is no raw text
        to count in)."""
        decoded = offset
        if self.collapsed:
            return built(Position, (self.raw_line, 1, decoded))  # (a record's call is Python's)
        for step in reversed(self.char_maps):
            offset = step.source(offset)
        if self.codec is not None:
            offset = self._bytes_before(max(offset, 0))
        if self.byte_map is not None:
            offset = self.byte_map.source(offset)
        raw = self.raw
        offset = min(max(offset, 0), len(raw))
        walk = self._walk
        if walk.lines is None:
            walk.lines = LineIndex(raw, line_base=0)
        index, line_start = walk.lines.locate(offset)
        if self.codec is None:  # one byte, one character
            column = offset - line_start + 1
        else:
            column = self._column(line_start, offset, self.codec)
        return built(Position, (self.raw_line + index, column, decoded))

    def _column(self, line_start: int, offset: int, codec: str) -> int:
        """The column of raw[offset] on its line, in characters of the codec: counted on
        from the last position asked for where it is further on the same line, so that the
        URLs of a long raw line cost its length once, not once each (their offsets stand
        at characters' starts: the bytes between decode on their own, where they decode
        at all). A stateful codec (ISO-2022) is decoded from the line's start each time."""
        walk, raw = self._walk, self.raw
        last = walk.column
        column = None
        if (
            last is not None
            and last[0] == line_start
            and last[1] <= offset
            and not codecs.lookup(codec).name.startswith("iso2022")
        ):
            try:
                column = last[2] + len(raw[last[1] : offset].decode(codec))
            except UnicodeDecodeError:
                pass  # read whole, as below
        if column is None:
            column = len(raw[line_start:offset].decode(codec, "replace")) + 1
        walk.column = (line_start, offset, column)
        return column

    def span(self, start: int, end: int) -> Span:
        """The raw span of text[start:end] of the final decoded text.

        The exclusive end is mapped from the last character: the offset just past it may
        already belong to the next raw line (a soft break, a joined flowed line)."""
        first = self.position(start)
        # The offsets are those of the decoded text whatever the raw lines and columns do.
        line, column = first.line, first.column
        if end <= start or self.collapsed:
            end = max(start, end)
        else:
            last = self.position(end - 1)
            if last.line > line or (last.line == line and last.column >= column):
                line, column = last.line, last.column + 1
        return built(Span, (first, built(Position, (line, column, end))))
