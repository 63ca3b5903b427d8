"""Where a message's bytes may start a URL other than at "://": a bare scheme's colon or a
wrapper's start.

These are the scanner's other triggers (scanner/scanner.py), looked for in bytes, and the
rule is written here once. The prefilter asks it of a body, raw or decoded
(mail.prefilter), and the mail reader's loops of the body after a header they have read
(mail.fast.message_look, which cimports it: a C call). It stands on the kernels' byte
searches and letters (urlint._kernels, cimported too) and is compiled by Cython where a C
compiler built it (setup.py; `url_starts.pxd` gives the C types), else it runs as this
file. Compiled, it is no fast path beside a pure one: URLINT_PURE leaves it on, as it does
mypyc's modules. tests/mail/test_url_starts.py holds both builds to the scanner's own
patterns in bytes, on generated and adversarial bytes.
"""

from __future__ import annotations

from .._kernels.letters import lower_at
from .._kernels.search import byte_table, find_byte, find_byte_after
from ..grammar.schemes import BARE_WITHOUT_SLASHES, SCHEME_CHARS

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")

# The schemes read bare without "//" (grammar.schemes.BARE_WITHOUT_SLASHES), lower case,
# and the letters each of the last places before a colon may hold in one of them (either
# case), a byte table a place, the nearest first: the scanner's pattern looks at those
# places first (grammar.schemes.BARE_COLON_PATTERN), and so most colons ("Date:", "12:30")
# are passed over in the search for one (find_byte_after), before any name is compared.
_BARE_NAMES = tuple(name.encode() for name in BARE_WITHOUT_SLASHES)
_LAST_LETTERS = b"".join(
    bytes(
        code < 128
        and chr(code).isalpha()
        and any(name[-place] == code | 0x20 for name in _BARE_NAMES)
        for code in range(256)
    )
    for place in range(1, min(map(len, _BARE_NAMES)) + 1)
)
# A scheme's characters (RFC 1738 2.1), a byte each: what may follow a wrapper's first
# letter up to its colon.
_SCHEME_CHAR = byte_table(b"[%s]" % SCHEME_CHARS.encode())


def may_start_a_url(data: bytes, start: int, end: int) -> bool:
    """Does data[start:end] hold a bare scheme's colon or a wrapper's start?

    A bare scheme's colon: a colon at or after `start` that the whole name of a scheme read
    without "//" (BARE_WITHOUT_SLASHES, in either case) stands right before, wherever that
    name starts (before `start` too). A wrapper's start: a "<" at or after `start`, then
    blanks, a letter, scheme characters and a colon, all before `end` (scanner.wrappers:
    `<URL:`, `< http:`)."""
    end = min(end, len(data))
    colon = find_byte_after(data, 58, _LAST_LETTERS, start, end)  # ":"
    while colon >= 0:
        if _ends_a_bare_name(data, colon):
            return True
        colon = find_byte_after(data, 58, _LAST_LETTERS, colon + 1, end)
    angle = find_byte(data, 60, start, end)  # "<"
    while angle >= 0:
        if _opens_a_wrapper(data, angle, end):
            return True
        angle = find_byte(data, 60, angle + 1, end)
    return False


def _ends_a_bare_name(data: bytes, colon: int) -> bool:
    """Does the name of a scheme read bare without "//" (either case) end right before
    data[colon]?"""
    for name in _BARE_NAMES:
        if lower_at(data, colon - len(name), name):
            return True
    return False


def _opens_a_wrapper(data: bytes, angle: int, end: int) -> bool:
    """Does data[angle], a "<", start blanks, a letter, scheme characters and a colon, all
    before `end`?"""
    at = angle + 1
    while at < end and (data[at] == 32 or data[at] == 9):
        at += 1
    if at >= end or not 97 <= (data[at] | 0x20) <= 122:  # an ASCII letter
        return False
    at += 1
    while at < end and _SCHEME_CHAR[data[at]]:
        at += 1
    return at < end and data[at] == 58


__all__ = ["COMPILED", "may_start_a_url"]
