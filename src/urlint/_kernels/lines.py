"""Line ends counted in a range of bytes or of a text: a loop the C compiler runs on many
bytes at once where compiled.

Each function gives what its pure body (`bytes.count`, `str.count` of "\\n") gives, the
range read as a slice reads it. Compiled, both count the bytes of one loop
(`_blocked_count`): a block of 128 bytes at a time, its count a byte a lane, added across
the lanes once a block (a count as wide as the sum made the compiler widen every lane at
each step: docs/design/performance.md, "Figures the code's choices rest on"), where
CPython's `bytes.count` of one byte looks at a byte at a time. Compiled by Cython where a
C compiler built it (setup.py; `lines.pxd` gives the C types); tests/kernels/test_lines.py
holds the two bodies to the same answers.
"""

from __future__ import annotations

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")
# The loops' test of it: a C constant where compiled (lines.pxd).
_IN_C = COMPILED
if COMPILED:
    # Cython's own names (cython.cast, ...: compiled, never imported): only the compiled
    # module's branches use them, and this file as Python needs no Cython.
    import cython


def line_ends_in_bytes(data: bytes, start: int, end: int) -> int:
    """How many line ends data[start:end] holds: `data.count(b"\\n", start, end)`."""
    if _IN_C:
        start, end = _bound(len(data), start), _bound(len(data), end)
        if start >= end:
            return 0
        return _blocked_count(cython.cast(cython.p_uchar, data) + start, end - start)
    return data.count(b"\n", start, end)


def line_ends_in_text(text: str, start: int, end: int) -> int:
    """How many line ends text[start:end] holds: `text.count("\\n", start, end)`, counted
    in C where the text is stored one byte a character (Latin-1)."""
    if _IN_C and PyUnicode_KIND(text) == 1:  # type: ignore[name-defined]  # noqa: F821
        start, end = _bound(len(text), start), _bound(len(text), end)
        if start >= end:
            return 0
        base = cython.cast(cython.p_uchar, PyUnicode_DATA(text))  # type: ignore[name-defined]  # noqa: F821
        return _blocked_count(base + start, end - start)
    return text.count("\n", start, end)


def _blocked_count(base: bytes, length: int) -> int:
    """How many of the `length` bytes from `base` (a pointer where compiled) are line
    ends, counted `_BLOCK` bytes at a time in a byte."""
    count = 0
    at = 0
    while at + _BLOCK <= length:
        block = 0
        for place in range(_BLOCK):
            block += base[at + place] == 10
        count += block
        at += _BLOCK
    for place in range(at, length):
        count += base[place] == 10
    return count


# The bytes a block of `_blocked_count` counts in one byte: fewer than 256.
_BLOCK = 128


def _bound(length: int, offset: int) -> int:
    """`offset` as a slice of `length` items reads it (negative from the end, held to the
    items)."""
    if offset < 0:
        return max(offset + length, 0)
    return min(offset, length)


__all__ = ["COMPILED", "line_ends_in_bytes", "line_ends_in_text"]
