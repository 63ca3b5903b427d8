"""A quoted-printable soft line break left encoded, where a bare URL ends its line on "=".

A list's digest saved raw, or a message pasted into a newsletter undecoded, ends its lines
on the encoder's "=" (RFC 2045 section 6.7, rule 5). Where the text or the lines around
show an encoder wrote it, joins.py reads the URL on past the break, the "=" dropped
(`over_soft_breaks`); where they do not, a line that holds an escape still ends the URL
(`soft_line_break`). The mail reader decodes a part that says it is quoted-printable
(mail/decoders.py): this reads only what no header said. Imports line_breaks.py (the next
line's kind) and bare.py (where a URL's rest ends).
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from . import bare
from .continuation import ALNUM
from .line_breaks import line_kind, past_line_break

# An undecoded quoted-printable escape (RFC 2045 section 6.7): a line that holds one, or
# is the 76 characters an encoder fills, ends on a soft line break, not on a URL's "=".
_QP_ESCAPE = compiled_when_used(r"=[0-9A-F]{2}")
_QP_LINE = 76


def over_soft_breaks(
    text: str, url_start: int, url_end: int, max_lines: int
) -> tuple[tuple[int, int], ...] | None:
    """The pieces of a URL that ends its line on a quoted-printable soft line break, the
    "=" dropped (RFC 2045 section 6.7, rule 5: the break is the encoder's, no character of
    the text); None where its line does not end on one (_ends_on_a_soft_break).

    The next line, of the same kind (line_breaks.line_kind: the same reply level), goes on
    with the URL from its first character: a word of URL characters is its rest, and may
    end on a soft break again (on `max_lines` lines at most). A blank there, an escaped
    one (`=20`, `=09`) or any other character that ends a URL ends it at the soft break:
    then the one piece is the URL's own line without the "=". An escape inside the URL
    (`=3D`, an encoded "=") is left as written: the pieces are the text's own."""
    pieces: list[tuple[int, int]] = []
    start, end = url_start, url_end
    while True:
        line_start = text.rfind("\n", 0, start) + 1
        if not _ends_on_a_soft_break(text, line_start, end):
            if pieces:
                pieces.append((start, end))
            break
        pieces.append((start, end - 1))
        if len(pieces) == max_lines:
            break
        kind, pos = line_kind(text, past_line_break(text, end))
        if kind != line_kind(text, line_start)[0]:
            break  # another reply level: the URL ended at the soft break
        rest = bare.body_end(text, pos) if pos < len(text) else pos
        blank = _ESCAPED_BLANK.search(text, pos, rest)
        rest = rest if blank is None else blank.start()  # `da/#=20`: `da/#`, then a blank
        if rest <= pos or not ALNUM.search(text, pos, rest):
            break  # a blank, a bracket, a quote: the URL ended at the soft break
        start, end = pos, rest
    if not pieces:
        return None
    last_start, last_end = pieces[-1]
    if last_end - last_start > 1 and text[last_end - 1] == "#" and _framed(text, url_start):
        pieces[-1] = (last_start, last_end - 1)  # the frame's "#" closes the line
    return tuple(pieces)


def _framed(text: str, url_start: int) -> bool:
    """Does a frame of "#" stand around the URL at `url_start`: its line starts with one,
    or one stands right before the URL? (A signature boxed in "#", `#   ...  http://amiga.
    com.pl/giel=` then `da/#=20`: the "#" at the URL's end closes the box's line.)"""
    line_start = text.rfind("\n", 0, url_start) + 1
    return text[url_start - 1 : url_start] == "#" or text[line_start : line_start + 1] == "#"


# Blanks a quoted-printable encoder writes as escapes: where one stands on the line after
# a soft break, the text went on with a blank, which ends the URL.
_ESCAPED_BLANK = compiled_when_used(r"=(?:20|09)")


def _ends_on_a_soft_break(text: str, line_start: int, line_end: int) -> bool:
    """Does the line from `line_start` end at `line_end` (its line break) on a quoted-
    printable soft line break: an "=" (no "==", which no encoder writes) before a line
    that is not blank, in a text that shows it is encoded (_encoded_text) or with escapes
    around it (_encoded_around)?"""
    if text[line_end - 1] != "=" or text[line_end - 2 : line_end - 1] == "=":
        return False
    if not text.startswith(("\n", "\r\n"), line_end):
        return False
    next_start = past_line_break(text, line_end)
    if next_start >= len(text) or text.startswith(("\n", "\r\n"), next_start):
        return False  # a blank line after it: no encoder breaks a line there (a base64 "=")
    return _encoded_text(text) or encoded_around(text, line_start, line_end)


def soft_line_break(text: str, line_start: int, line_break: int) -> bool:
    """Does the line from `line_start` to `line_break` end on a quoted-printable soft line
    break, when it ends on "=": it holds an undecoded escape, or fills the 76 columns an
    encoder fills?"""
    return _QP_ESCAPE.search(text, line_start, line_break) is not None or encoded_around(
        text, line_start, line_break
    )


def encoded_around(text: str, line_start: int, line_break: int) -> bool:
    """Is the line from `line_start` to `line_break` the 76 columns a quoted-printable
    encoder fills, or are there escapes around it that only an encoder writes?"""
    return (
        line_break - line_start == _QP_LINE
        or _QP_NEARBY.search(
            text, max(line_start - _QP_NEAR, 0), min(line_break + _QP_NEAR, len(text))
        )
        is not None
    )


# A text shows it is quoted-printable kept encoded (a list's digest saved raw, a message
# pasted into a newsletter) where it holds this many of the escapes only an encoder
# writes and no other text holds so: an encoded "=" (`=3D`, as `href=3D"...`, `?id=3D1`)
# or an encoded blank before a line's end (`=20`). Eight-bit escapes are left out: RFCs
# and drafts write hex as `=AA` in their examples (bench/README.md, "Reading choices").
_ENCODED_EQUALS_OR_BLANK = compiled_when_used(r"=3D|=20(?=[ \t]*\r?\n)")
_ENCODED_TEXT_ESCAPES = 3
# The last text asked of and whether it is encoded: each URL that ends its line on "="
# asks, the text is read once. One tuple, swapped whole.
_LAST_ENCODED: tuple[str, bool] = ("", False)


def _encoded_text(text: str) -> bool:
    """Does `text` show it is quoted-printable kept encoded (_ENCODED_TEXT_ESCAPES)?"""
    global _LAST_ENCODED
    last = _LAST_ENCODED
    if last[0] is not text:
        count = 0
        for _ in _ENCODED_EQUALS_OR_BLANK.finditer(text):
            count += 1
            if count >= _ENCODED_TEXT_ESCAPES:
                break
        last = _LAST_ENCODED = (text, count >= _ENCODED_TEXT_ESCAPES)
    return last[1]


# An encoder that wraps at a narrower column (74, 75) leaves its soft breaks on lines
# that hold no escape; the escapes a few lines around tell (a list's digest kept encoded:
# `.../~thorgal/Mo=` then `on/`, with `=B6`, `=3D` and `=20` lines nearby). Only those
# no URL's query holds so often as a value (`?p_prodid=22&p_catid=21`): an encoded "=", a
# blank before a line's end, an eight-bit byte.
_QP_NEARBY = compiled_when_used(
    _ENCODED_EQUALS_OR_BLANK.pattern + r"|=[89A-F][0-9A-F](?![0-9A-Za-z]{2})"
)
_QP_NEAR = 400
