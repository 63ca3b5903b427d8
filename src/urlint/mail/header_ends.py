"""Where a header block ends: the first line end that neither a field's continuation nor
a field's name and colon follows (its blank line, a line that is neither, or the data's
end), and where a field's name and colon start a line.

RFC 5322 section 2.2: a header is fields, each a name, its colon and a value, which a line
that starts with a blank continues (section 2.2.3), up to a blank line; a field's name is
sources.kinds.FIELD_NAME (printable ASCII but ":", then blanks: RFC 822's obsolete syntax
allows them before the colon). The rule is written here once. The mail reader asks it of
every message's and part's header (mail.headers: split_entity, header_stop,
header_end_at), the prefilter of a multipart's parts (mail.prefilter), and the mail
reader's loops of a header they read field by field (mail.fast: entity_header,
message_look, which cimport it: a C call). It stands on the kernels' byte searches
(urlint._kernels, cimported too) and is compiled by Cython where a C compiler built it
(setup.py; `header_ends.pxd` gives the C types), else it runs as this file. Compiled, it
is no fast path beside a pure one: URLINT_PURE leaves it on, as it does mypyc's modules.
tests/mail/test_header_ends.py holds both builds to the pattern the reader used, on
generated and adversarial bytes.
"""

from __future__ import annotations

from .._kernels.search import byte_table, find_byte_not_before, token_at
from ..sources.kinds import FIELD_NAME

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")


# A field's name and colon (FIELD_NAME) as the kernels read a token: its characters
# (FIELD_NAME's first class: printable ASCII but ":"), then the blanks that may stand before
# its colon (its second: a space or a tab, RFC 5322's WSP, which also starts a field's
# continuation line), each a byte table, then the colon.
_NAME_CLASS, _, _AFTER_NAME = FIELD_NAME.partition(b"+")
_NAME_CHAR = byte_table(_NAME_CLASS)
_BLANK = byte_table(_AFTER_NAME[: _AFTER_NAME.index(b"]") + 1])
_COLON = 58


def header_stop(data: bytes, start: int, end: int) -> int:
    """Where the header block data[start:end] stops: the offset of the first line end at or
    after `start` that neither a blank (a continuation) nor a field's name and colon
    follows (its blank line, a line that is neither, or `end`), -1 where none does. What
    follows a line end is read no further than `end`."""
    return find_byte_not_before(data, 10, _BLANK, _NAME_CHAR, _BLANK, _COLON, start, end)


def field_name_at(data: bytes, at: int, end: int) -> bool:
    """Does a field's name and its colon start at data[at] (FIELD_NAME: printable ASCII but
    ":", then blanks, then ":"), within `end`?"""
    return token_at(data, _NAME_CHAR, _BLANK, _COLON, at, end)


__all__ = ["COMPILED", "field_name_at", "header_stop"]
