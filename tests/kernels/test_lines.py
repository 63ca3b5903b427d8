"""The line-counting kernels (urlint._kernels.lines): the compiled module against its pure
body (the .py beside it, loaded as Python) and `bytes.count` and `str.count`, on generated
bytes and text of each storage width, ranges read as a slice reads them, and on exact
examples (a block of 128 bytes and the bytes after it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from urlint._kernels import lines

from ..helpers import examples, fast_as_python

PURE = fast_as_python(lines)

# Long enough to hold whole blocks (128 bytes) and the rest after them.
LINES = st.lists(st.sampled_from(["\n", "a", "\r\n", "\xe9"]), max_size=400).map("".join)
WIDE = st.sampled_from(["", "\u0100", "\U0001f600"])
OFFSETS = st.integers(-500, 500)


@settings(max_examples=examples(300))
@given(LINES, OFFSETS, OFFSETS)
def test_bytes_line_ends_are_bytes_count(text, start, end):
    data = text.encode("latin-1")
    expected = data.count(b"\n", start, end)
    assert lines.line_ends_in_bytes(data, start, end) == expected
    assert PURE.line_ends_in_bytes(data, start, end) == expected


@settings(max_examples=examples(300))
@given(LINES, WIDE, OFFSETS, OFFSETS)
def test_a_texts_line_ends_are_str_count(text, wide, start, end):
    text = wide + text  # a wide character first: the whole text is stored wider
    expected = text.count("\n", start, end)
    assert lines.line_ends_in_text(text, start, end) == expected
    assert PURE.line_ends_in_text(text, start, end) == expected


def test_the_line_kernels_exact_answers():
    data = b"\n" * 300 + b"a\n"
    for kernels in (lines, PURE):
        assert [kernels.line_ends_in_bytes(data, 0, end) for end in (127, 128, 256, 257, 999)] == [
            127,
            128,
            256,
            257,
            301,
        ]
        assert kernels.line_ends_in_bytes(data, -2, 302) == 1  # from the end, as a slice
        assert kernels.line_ends_in_bytes(data, 5, 3) == 0
        assert kernels.line_ends_in_text("a\nb\n" * 100, 1, 400) == 200
        assert kernels.line_ends_in_text("\u0100\n\n", 0, 3) == 2
        assert kernels.line_ends_in_text("a\nb", -1, 3) == 0
