"""A byte, a character or a run of bytes found in a range: memchr where compiled.

Each function gives what its pure body (the `str` or `bytes` method, or the pattern, it
names) gives, for any range: `start` and `end` are held to the data, as a pattern's `pos`
and `endpos` are (never counted from the end, nor read past either end). Compiled by
Cython where a C compiler built it (setup.py; `search.pxd` gives the C types, and the
compiled loops cimport them: a C call, no Python one); tests/kernels/test_search.py holds
the two bodies to the same answers.
"""

from __future__ import annotations

import re

# typing's names for mypy alone: imported at run time, typing costs a command's start-up.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")
# The loops' test of it: a C constant where compiled (search.pxd).
_IN_C = COMPILED
if COMPILED:
    # Cython's own names (cython.cast, ...: compiled, never imported): only the compiled
    # module's branches use them, and this file as Python needs no Cython.
    import cython


def find_byte(data: bytes, byte: int, start: int, end: int) -> int:
    """The first offset of `byte` in data[start:end], or -1: `data.find(bytes((byte,)),
    start, end)` with the range held to the data (memchr)."""
    start = max(start, 0)
    end = min(end, len(data))
    if start >= end:
        return -1
    if _IN_C:
        base = cython.cast(cython.p_uchar, data)
        found = cython.cast(
            cython.p_uchar,
            memchr(base + start, byte, end - start),  # type: ignore[name-defined]  # noqa: F821
        )
        return -1 if found == cython.NULL else found - base
    return data.find(bytes((byte,)), start, end)


def find_char(text: str, char: int, start: int, end: int) -> int:
    """The first offset of the character of code `char` in text[start:end], or -1:
    `text.find(chr(char), start, end)` with the range held to the text; memchr where the
    text is stored one byte a character (Latin-1) and `char` is one of those."""
    start = max(start, 0)
    end = min(end, len(text))
    if start >= end:
        return -1
    if _IN_C and char < 0x100 and PyUnicode_KIND(text) == 1:  # type: ignore[name-defined]  # noqa: F821
        base = cython.cast(cython.p_uchar, PyUnicode_DATA(text))  # type: ignore[name-defined]  # noqa: F821
        found = cython.cast(
            cython.p_uchar,
            memchr(base + start, char, end - start),  # type: ignore[name-defined]  # noqa: F821
        )
        return -1 if found == cython.NULL else found - base
    return text.find(chr(char), start, end)


def find_bytes(data: bytes, needle: bytes, start: int, end: int, lead: int = 0) -> int:
    """The first offset of `needle` in data[start:end], or -1: `data.find(needle, start,
    end)`, found by memchr from each of the needle's byte at `lead`, the caller's rarest,
    and memcmp (memchr passes over the bytes between at many a step, where memmem and the
    regex engine's search for a short needle look at each: docs/design/performance.md,
    "Figures the code's choices rest on"). A negative `start`, an empty needle or a `lead`
    outside it is read by `bytes.find` itself."""
    end = min(end, len(data))
    size = len(needle)
    if start < 0 or end - start < size or not 0 <= lead < size:
        return data.find(needle, start, end)  # (offsets from the end, as bytes.find reads them)
    byte = needle[lead]
    last = end - size + lead + 1  # the lead byte of a needle that ends by `end` stands before
    at = find_byte(data, byte, start + lead, last)  # memchr where compiled: a C call
    while at >= 0:
        if _needle_at(data, needle, at - lead):
            return at - lead
        at = find_byte(data, byte, at + 1, last)
    return -1


def _needle_at(data: bytes, needle: bytes, at: int) -> bool:
    """Does `needle` stand at data[at] (within the data)? memcmp where compiled."""
    if _IN_C:
        base = cython.cast(cython.p_uchar, data)
        wanted = cython.cast(cython.p_uchar, needle)
        return memcmp(base + at, wanted, len(needle)) == 0  # type: ignore[name-defined]  # noqa: F821
    return data.startswith(needle, at)


def find_byte_after(data: bytes, byte: int, tables: bytes, start: int, end: int) -> int:
    """The first offset of `byte` in data[start:end] that a byte of its class stands right
    before at each place `tables` holds a table for, or -1.

    `tables` is a table of 256 bytes a place, the nearest place first, each nonzero for a
    byte of that place's class. The bytes before are read wherever they stand, before
    `start` too, as a pattern's look behind reads them (never before the data). memchr and
    the tables where compiled; as Python, the regex engine's search for the byte, a look
    behind at the classes after it (`_after`, made once for each byte and tables): its
    loop to a literal byte passes over the bytes between in C, where a call for each byte
    found would not."""
    start = max(start, 0)
    end = min(end, len(data))
    if start >= end:
        return -1
    if _IN_C:  # each `byte` found by memchr, the bytes before it read in the tables
        places = len(tables) // 256
        base = cython.cast(cython.p_uchar, data)
        table = cython.cast(cython.p_uchar, tables)
        at = find_byte(data, byte, start, end)
        while at >= 0:
            place = 1
            while place <= places and place <= at and table[(place - 1) * 256 + base[at - place]]:
                place += 1
            if place > places:
                return at
            at = find_byte(data, byte, at + 1, end)
        return -1
    found_after = _after(byte, tables).search(data, start, end)
    return -1 if found_after is None else found_after.start()


def token_at(data: bytes, run: bytes, gap: bytes, last: int, at: int, end: int) -> bool:
    """Does a token start at data[at] and end before `end`: one or more bytes of class
    `run`, any number of class `gap`, then the byte `last`? Each class is a table of 256
    bytes, nonzero for a byte of it. Loops over the tables where compiled; as Python, the
    regex engine's match of the token (`_token`, made once for each classes and byte)."""
    end = min(end, len(data))
    if at < 0 or at >= end:
        return False
    if _IN_C:
        return _token_in_c(cython.cast(cython.p_uchar, data), run, gap, last, at, end)
    return _token(run, gap, last).match(data, at, end) is not None


def _token_in_c(base: Any, run: bytes, gap: bytes, last: int, at: int, end: int) -> bool:
    """token_at on the bytes at `base`, `at` before `end` (compiled only)."""
    run_table = cython.cast(cython.p_uchar, run)
    gap_table = cython.cast(cython.p_uchar, gap)
    first = at
    while at < end and run_table[base[at]]:
        at += 1
    if at == first:
        return False
    while at < end and gap_table[base[at]]:
        at += 1
    return at < end and base[at] == last


def find_byte_not_before(
    data: bytes, byte: int, lone: bytes, run: bytes, gap: bytes, last: int, start: int, end: int
) -> int:
    """The first offset of `byte` in data[start:end] that neither a byte of class `lone` nor
    a token (`token_at`'s: bytes of class `run`, of class `gap`, then `last`) follows, or
    -1. What follows is read no further than `end`, as a pattern's look ahead reads it.
    memchr and the tables where compiled; as Python, the regex engine's search for the
    byte and a look ahead at what follows it (`_not_before`, made once for each byte and
    classes): its loop to a literal byte passes over the bytes between in C, where a call
    for each byte found would not."""
    start = max(start, 0)
    end = min(end, len(data))
    if start >= end:
        return -1
    if _IN_C:  # each `byte` found by memchr, what follows it read in the tables
        base = cython.cast(cython.p_uchar, data)
        lone_table = cython.cast(cython.p_uchar, lone)
        at = find_byte(data, byte, start, end)
        while at >= 0:
            after = at + 1
            if not (after < end and lone_table[base[after]]):
                if not _token_in_c(base, run, gap, last, after, end):
                    return at
            at = find_byte(data, byte, after, end)
        return -1
    found_not_before = _not_before(byte, lone, run, gap, last).search(data, start, end)
    return -1 if found_not_before is None else found_not_before.start()


def byte_table(byte_class: bytes) -> bytes:
    """The table of the pattern class `byte_class` (`b"[...]"`) as the searches read one: a
    byte each of the 256, nonzero for a byte of the class."""
    return bytes(re.fullmatch(byte_class, bytes((code,))) is not None for code in range(256))


def _class(table: bytes) -> bytes:
    """The pattern of one byte of the class `table` holds (one of none where it holds
    none: a class one byte wide all the same)."""
    if not any(table):
        return b"[^\\x00-\\xff]"
    return b"[%s]" % b"".join(b"\\x%02x" % code for code in range(256) if table[code])


# token_at's and find_byte_not_before's patterns as Python, by classes and bytes.
_TOKENS: dict[tuple[bytes, bytes, int], re.Pattern[bytes]] = {}
_NOT_BEFORE: dict[tuple[int, bytes, bytes, bytes, int], re.Pattern[bytes]] = {}


def _token_pattern(run: bytes, gap: bytes, last: int) -> bytes:
    """The pattern of a token: bytes of class `run`, of class `gap`, then `last`."""
    return _class(run) + b"+" + _class(gap) + b"*\\x%02x" % last


def _token(run: bytes, gap: bytes, last: int) -> re.Pattern[bytes]:
    """token_at's pattern."""
    pattern = _TOKENS.get((run, gap, last))
    if pattern is None:
        pattern = _TOKENS[run, gap, last] = re.compile(_token_pattern(run, gap, last))
    return pattern


def _not_before(byte: int, lone: bytes, run: bytes, gap: bytes, last: int) -> re.Pattern[bytes]:
    """find_byte_not_before's pattern: the byte, then a look ahead at neither a byte of
    class `lone` nor a token."""
    pattern = _NOT_BEFORE.get((byte, lone, run, gap, last))
    if pattern is None:
        ahead = b"(?!" + _class(lone) + b"|" + _token_pattern(run, gap, last) + b")"
        pattern = re.compile(b"\\x%02x" % byte + ahead)
        _NOT_BEFORE[byte, lone, run, gap, last] = pattern
    return pattern


# find_byte_after's patterns as Python, by byte and tables.
_AFTER: dict[tuple[int, bytes], re.Pattern[bytes]] = {}


def _after(byte: int, tables: bytes) -> re.Pattern[bytes]:
    """The pattern of `byte` with a byte of each place's class of `tables` before it: the
    byte, then a look behind at the classes, the farthest first, and the byte."""
    pattern = _AFTER.get((byte, tables))
    if pattern is None:
        literal = b"\\x%02x" % byte
        classes = b"".join(
            _class(tables[at : at + 256]) for at in range(len(tables) - 256, -1, -256)
        )
        pattern = _AFTER[byte, tables] = re.compile(literal + b"(?<=" + classes + literal + b")")
    return pattern


__all__ = [
    "COMPILED",
    "byte_table",
    "find_byte",
    "find_byte_after",
    "find_byte_not_before",
    "find_bytes",
    "find_char",
    "token_at",
]
