"""The search kernels (urlint._kernels.search): the compiled module against its pure body
(the .py beside it, loaded as Python) and the str or bytes method each stands for (for a
byte after bytes of classes, a reading a byte at a time), on generated text of each
storage width and bytes, and on exact examples."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from urlint._kernels import search

from ..helpers import examples, fast_as_python

PURE = fast_as_python(search)

# Offsets in and around the short inputs drawn below: negative, past the end.
OFFSETS = st.integers(-40, 80)
# Texts a byte, two bytes and four bytes a character (the widest character decides).
TEXTS = st.builds(
    lambda chars, wide: "".join(chars) + wide,
    st.lists(st.sampled_from("ab:<\n\xe9\xff"), max_size=60),
    st.sampled_from(["", "\u0100", "\u013a", "\U0001f600"]),
)
DATA = st.binary(max_size=60) | st.builds(
    bytes, st.lists(st.sampled_from(b"F>rom :\n\xff"), max_size=60)
)


def _held(length: int, start: int, end: int) -> tuple[int, int]:
    """start and end held to `length` items, never counted from the end."""
    return max(start, 0), min(end, length)


@settings(max_examples=examples(400))
@given(DATA, st.sampled_from(b"F:\n\xff\x00"), OFFSETS, OFFSETS)
def test_a_byte_is_found_as_bytes_find_finds_it_in_the_held_range(data, byte, start, end):
    low, high = _held(len(data), start, end)
    expected = data.find(bytes((byte,)), low, high) if low < high else -1
    assert search.find_byte(data, byte, start, end) == PURE.find_byte(data, byte, start, end)
    assert PURE.find_byte(data, byte, start, end) == expected


@settings(max_examples=examples(400))
@given(
    TEXTS, st.sampled_from([0x3A, 0x3C, 0x0A, 0xE9, 0xFF, 0x100, 0x13A, 0x1F600]), OFFSETS, OFFSETS
)
def test_a_character_is_found_as_str_find_finds_it_in_the_held_range(text, char, start, end):
    low, high = _held(len(text), start, end)
    expected = text.find(chr(char), low, high) if low < high else -1
    assert search.find_char(text, char, start, end) == PURE.find_char(text, char, start, end)
    assert PURE.find_char(text, char, start, end) == expected


@settings(max_examples=examples(400))
@given(
    DATA,
    st.sampled_from([b">From ", b"://", b"F", b"", b"\n\n"]),
    OFFSETS,
    OFFSETS,
    st.integers(-2, 7),
)
def test_a_needle_is_found_as_bytes_find_finds_it(data, needle, start, end, lead):
    expected = data.find(needle, start, end)
    assert search.find_bytes(data, needle, start, end, lead) == expected
    assert PURE.find_bytes(data, needle, start, end, lead) == expected


def _tables(classes: list[set[int]]) -> bytes:
    """A table of 256 bytes for each class, in order."""
    return b"".join(bytes(code in members for code in range(256)) for members in classes)


def _found_after(data: bytes, byte: int, classes: list[set[int]], start: int, end: int) -> int:
    """find_byte_after's answer, read a byte at a time: the first `byte` in the held range
    with a byte of each class right before it, the nearest first."""
    for at in range(*_held(len(data), start, end)):
        if data[at] == byte and at >= len(classes):
            if all(data[at - place] in members for place, members in enumerate(classes, 1)):
                return at
    return -1


@settings(max_examples=examples(400))
@given(
    DATA,
    st.sampled_from(b":F\n\xff"),
    st.lists(st.sets(st.sampled_from(b"F>rom :\n\xff\x00"), max_size=4), max_size=4),
    OFFSETS,
    OFFSETS,
)
def test_a_byte_after_bytes_of_classes_is_found_as_read_a_byte_at_a_time(
    data, byte, classes, start, end
):
    tables = _tables(classes)
    expected = _found_after(data, byte, classes, start, end)
    assert search.find_byte_after(data, byte, tables, start, end) == expected
    assert PURE.find_byte_after(data, byte, tables, start, end) == expected


def _token_read(data: bytes, classes: list[set[int]], last: int, at: int, end: int) -> bool:
    """token_at's answer, read a byte at a time: one or more bytes of the first class, any
    of the second, then `last`, from data[at], before `end` held to the data."""
    run, gap = classes
    end = min(end, len(data))
    if at < 0:
        return False
    first = at
    while at < end and data[at] in run:
        at += 1
    if at == first:
        return False
    while at < end and data[at] in gap:
        at += 1
    return at < end and data[at] == last


def _found_not_before(
    data: bytes, byte: int, lone: set[int], classes: list[set[int]], last: int, start: int, end: int
) -> int:
    """find_byte_not_before's answer, read a byte at a time: the first `byte` in the held
    range that neither a byte of `lone` nor a token follows, before `end`."""
    low, high = _held(len(data), start, end)
    for at in range(low, high):
        if data[at] == byte:
            if not (at + 1 < high and data[at + 1] in lone):
                if not _token_read(data, classes, last, at + 1, high):
                    return at
    return -1


_CLASSES = st.sets(st.sampled_from(b"F>rom :\n\xff\x00\t"), max_size=5)


@settings(max_examples=examples(400))
@given(
    DATA, st.lists(_CLASSES, min_size=2, max_size=2), st.sampled_from(b":F\n\xff"), OFFSETS, OFFSETS
)
def test_a_token_is_found_as_read_a_byte_at_a_time(data, classes, last, at, end):
    run, gap = _tables(classes[:1]), _tables(classes[1:])
    expected = _token_read(data, classes, last, at, end)
    assert search.token_at(data, run, gap, last, at, end) is expected
    assert PURE.token_at(data, run, gap, last, at, end) is expected


@settings(max_examples=examples(400))
@given(
    DATA,
    st.sampled_from(b":F\n\xff"),
    _CLASSES,
    st.lists(_CLASSES, min_size=2, max_size=2),
    st.sampled_from(b":F\n\xff"),
    OFFSETS,
    OFFSETS,
)
def test_a_byte_no_token_follows_is_found_as_read_a_byte_at_a_time(
    data, byte, lone, classes, last, start, end
):
    tables = _tables([lone]), _tables(classes[:1]), _tables(classes[1:])
    expected = _found_not_before(data, byte, lone, classes, last, start, end)
    assert search.find_byte_not_before(data, byte, *tables, last, start, end) == expected
    assert PURE.find_byte_not_before(data, byte, *tables, last, start, end) == expected


def test_the_search_kernels_exact_answers():
    for kernels in (search, PURE):
        assert kernels.find_byte(b"a:b:c", 0x3A, 0, 5) == 1
        assert kernels.find_byte(b"a:b:c", 0x3A, 2, 5) == 3
        assert kernels.find_byte(b"a:b:c", 0x3A, 2, 3) == -1
        assert kernels.find_byte(b"a:b:c", 0x3A, -9, 99) == 1  # held, not from the end
        assert kernels.find_byte(b"a:b:c", 0x3A, 4, 2) == -1
        assert kernels.find_char("see <URL:x>", 0x3C, 0, 11) == 4
        assert kernels.find_char("caf\xe9 <x>", 0xE9, 0, 9) == 3
        assert kernels.find_char("\u0100a<b", 0x3C, 0, 4) == 2  # a wider text: str.find's
        assert kernels.find_char("a:b", 0x13A, 0, 3) == -1  # no byte's: ":" is not U+013A
        assert kernels.find_char("a:b", 0x3A, 2, 99) == -1
        assert kernels.find_bytes(b"x\n>From y\n>From z", b">From ", 0, 17, 1) == 2
        assert kernels.find_bytes(b"x\n>From y\n>From z", b">From ", 3, 17, 1) == 10
        assert kernels.find_bytes(b"x\n>From y", b">From ", 0, 7, 1) == -1  # ends past `end`
        assert (
            kernels.find_bytes(b"http://a", b"://", -3, 99, 1) == -1
        )  # from the end, as bytes.find
        assert kernels.find_bytes(b"a://b://", b"://", -4, 99, 1) == 5
        letters = _tables([set(b"ol"), set(b"i")])  # the nearest place first
        assert kernels.find_byte_after(b"a: to: io: lo:", 0x3A, letters, 0, 14) == 9
        assert kernels.find_byte_after(b"io:", 0x3A, letters, 2, 3) == 2  # "io" before `start`
        assert kernels.find_byte_after(b"o:", 0x3A, letters, 0, 2) == -1  # none before the data
        assert kernels.find_byte_after(b"io:", 0x3A, _tables([set(), set(b"i")]), 0, 3) == -1
        assert kernels.find_byte_after(b"a:", 0x3A, b"", 0, 2) == 1  # no place: find_byte's
        name, blank, none = (_tables([members]) for members in (set(b"abc"), set(b" "), set()))
        assert kernels.token_at(b"ab :x", name, blank, 0x3A, 0, 5)
        assert not kernels.token_at(b"ab :x", name, blank, 0x3A, 0, 3)  # the colon at `end`
        assert not kernels.token_at(b" :x", name, blank, 0x3A, 0, 3)  # no byte of the run
        assert not kernels.token_at(b"ab:", name, blank, 0x3A, -1, 3)  # before the data
        text = b"ab:\n ab\nab :\nx:\n"
        assert kernels.find_byte_not_before(text, 10, blank, name, blank, 0x3A, 0, 99) == 12
        assert kernels.find_byte_not_before(text, 10, blank, name, blank, 0x3A, 0, 12) == -1
        assert kernels.find_byte_not_before(text, 10, blank, name, blank, 0x3A, 0, 11) == 7
        assert kernels.find_byte_not_before(text, 10, none, name, none, 0x3A, 0, 99) == 3
