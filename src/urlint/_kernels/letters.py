"""ASCII letters and digits read at a place: a run compared in either case, a byte lowered,
a hex digit told, a text's storage told (one byte a character or wider).

Each compiled function gives what its pure body gives (tests/kernels/test_letters.py holds
the two to the same answers); compiled by Cython where a C compiler built it (setup.py;
`letters.pxd` gives the C types, and the compiled loops cimport them).
"""

from __future__ import annotations

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")
# The loops' test of it: a C constant where compiled (letters.pxd).
_IN_C = COMPILED
if COMPILED:
    # Cython's own names (cython.cast, ...: compiled, never imported): only the compiled
    # module's branches use them, and this file as Python needs no Cython.
    import cython


def lower_byte(code: int) -> int:
    """The byte `code` in lower case, as bytes.lower makes it (ASCII letters only)."""
    return _lowered(code)


def _lowered(code: int) -> int:
    """`lower_byte`, inlined where compiled (lower_at's loop calls it for every byte)."""
    return code + 32 if 65 <= code <= 90 else code


def lower_at(data: bytes, at: int, lower: bytes) -> bool:
    """Does data[at:] start with `lower` (lower-case ASCII), in either case: is
    `data[at:at + len(lower)].lower() == lower`, for an `at` in the data (none before it)?"""
    size = len(lower)
    if at < 0 or at + size > len(data):
        return False
    if _IN_C:  # the bytes read in place
        base = cython.cast(cython.p_uchar, data)
        wanted = cython.cast(cython.p_uchar, lower)
        for place in range(size):
            if _lowered(base[at + place]) != wanted[place]:
                return False
        return True
    return data[at : at + size].lower() == lower


def text_lower_at(text: str, at: int, lower: str, end: int) -> bool:
    """Does text[at:end] start with `lower` (lower-case ASCII letters), in either case, each
    of its characters read with the bit of case (0x20) set?"""
    size = len(lower)
    if at < 0 or at + size > min(end, len(text)):
        return False
    for place in range(size):
        if (ord(text[at + place]) | 0x20) != ord(lower[place]):
            return False
    return True


def same_letters(text: str, at: int, other: int, size: int) -> bool:
    """Are text[at:at + size] and text[other:other + size], both in the text, alike in
    either case (ASCII letters; any other character alike only to itself)?"""
    if min(at, other, size) < 0 or max(at, other) + size > len(text):
        return False
    for place in range(size):
        one, two = ord(text[at + place]), ord(text[other + place])
        if one != two and not (one | 0x20 == two | 0x20 and 97 <= (one | 0x20) <= 122):
            return False
    return True


def one_byte_a_character(text: str) -> bool:
    """Is every character of `text` U+00FF or below: is it stored one byte a character
    (Latin-1), where C reads its characters as bytes?"""
    if _IN_C:
        return PyUnicode_KIND(text) == 1  # type: ignore[name-defined]  # noqa: F821
    return not text or max(text) <= "\xff"


def is_hex_digit(code: int) -> bool:
    """Is the character of code `code` a hex digit, in either case?"""
    return 48 <= code <= 57 or 65 <= code <= 70 or 97 <= code <= 102


__all__ = [
    "COMPILED",
    "is_hex_digit",
    "lower_at",
    "lower_byte",
    "one_byte_a_character",
    "same_letters",
    "text_lower_at",
]
