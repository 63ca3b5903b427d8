"""scanner.textpos: offsets to 1-based lines and columns, asked in any order."""

from __future__ import annotations

import codecs

from hypothesis import given
from hypothesis import strategies as st

from urlint.core.model import Position, Span
from urlint.scanner.textpos import LineIndex


def _position(text: str, offset: int, line_base: int, column_base: int, offset_base: int):
    """The position of `offset` read off the text itself."""
    line_start = text.rfind("\n", 0, offset) + 1
    line = line_base + text.count("\n", 0, offset)
    column = offset - line_start + 1 + (column_base if line == line_base else 0)
    return Position(line, column, offset + offset_base)


@given(
    st.text("ab \n\r", max_size=40),
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=8),
    st.integers(1, 5),
    st.integers(0, 5),
    st.integers(0, 100),
)
def test_spans_on_one_line_and_across_lines(text, pairs, line_base, column_base, offset_base):
    index = LineIndex(text, line_base, column_base, offset_base)
    for a, b in pairs:
        start, end = sorted((min(a, len(text)), min(b, len(text))))
        expected = Span(
            _position(text, start, line_base, column_base, offset_base),
            _position(text, end, line_base, column_base, offset_base),
        )
        assert index.span(start, end) == expected
        assert type(index.span(start, end)) is Span
        assert type(index.span(start, end).end) is Position


def test_bytes_are_placed_as_text():
    index = LineIndex(b"ab\ncd ef\n", line_base=0)
    assert index.span(4, 6) == Span(Position(1, 2, 4), Position(1, 4, 6))
    assert index.span(1, 7) == Span(Position(0, 2, 1), Position(1, 5, 7))


@given(
    st.lists(st.sampled_from(["a", "é", "中", "😀", " ", "\n", "x"]), max_size=60),
    st.lists(st.integers(0, 60), max_size=12),
    st.sampled_from(["utf-8", "shift_jis", "iso2022_jp"]),
)
def test_a_relocators_columns_count_on_along_a_line_as_from_its_start(chars, asked, codec):
    # mail.textmap.Relocator._column counts on from the last position on the same line
    # (many URLs on one long raw line: linear); the columns are those of decoding each
    # position's line from its start, asked in any order.
    from urlint.mail.textmap import Relocator

    text = "".join(chars) + "ą"  # not ASCII: the codec is used
    raw = text.encode(codec, "replace")
    relocator = Relocator(raw, 1, codec=codec, charset_text=raw.decode(codec, "replace"))
    for character in asked:
        character = min(character, len(relocator.charset_text))
        # the raw offset as the relocator finds it: a stateful codec's (ISO-2022) prefix
        # encoded without the shift back that ends a whole text
        encoder = codecs.getincrementalencoder(codec)("replace")
        offset = len(encoder.encode(relocator.charset_text[:character]))
        position = relocator.position(character)
        line_start = raw.rfind(b"\n", 0, offset) + 1
        expected = len(raw[line_start:offset].decode(codec, "replace")) + 1
        assert (position.line, position.column) == (raw.count(b"\n", 0, offset) + 1, expected)
