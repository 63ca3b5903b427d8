"""Header blocks of messages and MIME parts, read from bytes without the `email` package
(DESIGN.md: the stdlib parser is the fallback, not the hot path).

RFC 5322 section 2.2: a header field is a name, a colon and a body; a line starting with
whitespace continues the field before it (folding, 2.2.3). RFC 2047 encoded words are
decoded where a header is shown or scanned.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..faults import internal_error
from ..grammar.login import masked_piece
from ..records import record, replaced
from ..sources.kinds import FIELD_NAME  # RFC 5322 section 2.2, the one piece every reader builds on

_FIELD_NAME = re.compile(FIELD_NAME)
_BLANK_LINE = re.compile(rb"\r?\n\r?\n")


@record
class HeaderField:
    name: str  # as written
    value: bytes  # raw, folded, without the trailing line end
    line: int  # 0-based line of the field within the block


@record
class HeaderBlock:
    fields: list[HeaderField]
    body_start: int  # offset of the body in the message bytes
    body_line: int  # 0-based line of the body's first line within the message
    problem: str | None  # a malformed line ended the header early


def read_header_block(data: bytes, start: int = 0) -> HeaderBlock:
    """The header fields of the message or part starting at `start`.

    A line that is neither a field nor a continuation ends the header there, as the stdlib
    parser does: that line and the rest are the body, and the damage is reported.
    """
    fields: list[HeaderField] = []
    # The last field's continuation lines, joined to its value once it ends: added one by
    # one, a field folded over thousands of lines was copied whole for each of them.
    folded: list[bytes] = []

    def ended() -> list[HeaderField]:
        if folded:
            last = fields[-1]
            fields[-1] = replaced(last, value=b"\n".join([last.value, *folded]))
            folded.clear()
        return fields

    at = start
    line = 0
    end = len(data)
    problem = None
    while at < end:
        newline = data.find(b"\n", at)
        next_at = end if newline < 0 else newline + 1
        text = data[at:next_at].rstrip(b"\r\n")
        if not text:
            return HeaderBlock(ended(), next_at, line + 1, problem)
        if text[:1] in (b" ", b"\t") and fields:
            folded.append(text)
        else:
            match = _FIELD_NAME.match(text)
            if match is None:
                if line == 0 and not fields and text.startswith(b"From "):
                    pass  # an mbox From_ line left in an .eml: not a field
                else:
                    problem = "a header line that is no field: the header ends there"
                    return HeaderBlock(ended(), at, line, problem)
            else:
                name = match.group()[:-1].rstrip().decode("ascii")
                ended().append(HeaderField(name, text[match.end():].strip(b" \t"), line))
        at = next_at
        line += 1
    return HeaderBlock(ended(), end, line, problem)


def unfold(value: bytes) -> bytes:
    """A field's value as `header_field` cuts it, unfolded (RFC 5322 2.2.3): every line
    break in it is a fold, since the field ends at the first that no blank follows
    (FIELD_END), so each goes, with a CR before it, and the blank after it stays. Two
    `replace` calls: the regex substitution they stand for cost ten times as much, and
    most Content-Type fields are folded (their boundary on a line of its own)."""
    if b"\n" not in value:
        return value
    return value.replace(b"\r\n", b"").replace(b"\n", b"")


def text_of(value: bytes) -> str:
    """A header value as text: RFC 2047 encoded words decoded, raw 8-bit read as UTF-8 or
    Latin-1 (as mail clients do for unlabelled 8-bit headers)."""
    try:
        text = value.decode("utf-8")
    except UnicodeDecodeError:
        text = value.decode("latin-1")
    if "=?" in text:
        try:
            text = decode_encoded_words(text)
        except Exception as error:  # noqa: BLE001 - read at output time, where nothing may fail
            internal_error(error)  # raises again with URLINT_DEBUG set
    return text


_ENCODED_WORD = re.compile(r"=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=")
_BETWEEN_WORDS = re.compile(r"(\?=)\s+(?==\?)")


def decode_encoded_words(text: str) -> str:
    """RFC 2047 encoded words decoded; whitespace between two of them dropped (section 6.2).
    A word that will not decode is left as written."""
    from email.errors import MessageError  # only for encoded words: start-up
    from email.header import decode_header, make_header

    text = _BETWEEN_WORDS.sub(r"\1", text)

    def one(match: re.Match[str]) -> str:
        try:
            return str(make_header(decode_header(match.group())))
        except LookupError:  # a charset Python does not know
            return _decoded_anyway(match)
        except (UnicodeError, ValueError, AssertionError, MessageError):
            return match.group()  # HeaderParseError, CharsetError ("=?\xe9utf-8?b?...?=")

    return _ENCODED_WORD.sub(one, text)


def _decoded_anyway(word: re.Match[str]) -> str:
    """An encoded word in a charset Python does not know, read as a text part in one is
    (decoders.decode_charset: UTF-8, else Windows-1252), not shown as written: a base64
    word would show what it hides, a password too, to anyone who decodes it (RFC 1738
    section 6); as written where it will not decode."""
    import binascii

    from .decoders import decode_charset

    payload = word.group(3).encode("latin-1", "replace")
    try:
        if word.group(2) in "Bb":
            data = binascii.a2b_base64(payload + b"=" * (-len(payload) % 4))
        else:  # Q: "_" is a space (RFC 2047 4.2)
            data = binascii.a2b_qp(payload.replace(b"_", b" "))
    except (binascii.Error, ValueError):
        return word.group()
    return decode_charset(data, None)[0]


_QUOTED_PAIR = re.compile(r"\\(.)")
_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)')


@record
class ContentType:
    maintype: str
    subtype: str
    params: dict[str, str]
    field: str = ""  # the field's value, unfolded
    # where each parameter's value stands in `field`, where it stands there as it is
    # (not where a quoted value held "\" pairs): `shown` masks the field's passwords there
    places: dict[str, int] | None = None

    @property
    def full(self) -> str:
        return f"{self.maintype}/{self.subtype}"

    def shown(self, name: str) -> str:
        """The parameter `name` as a note may quote it: with what may be a password in the
        field hidden where it stands in it (a value is cut at a ";" or a space, which a
        password may hold: `charset=ftp://fred:pa;ss@h/`), and its own."""
        places = self.places or {}
        return masked_piece(self.params.get(name, ""), self.field, places.get(name))


@lru_cache(maxsize=512)
def content_type(value: bytes | None, default: str = "text/plain") -> ContentType:
    """Content-Type (RFC 2045, section 5.1) with its parameters, names lower-cased; an
    unreadable type falls back to `default`, as RFC 2045 section 5.2 says. Cached: most
    messages in an archive share a handful of values (the result is shared: read only)."""
    text = unfold(value).decode("latin-1") if value else ""
    kind, _, rest = text.partition(";")
    maintype, slash, subtype = kind.strip().lower().partition("/")
    if not slash or not maintype or not subtype:
        maintype, _, subtype = default.partition("/")
        rest = text.partition(";")[2] if slash else rest
    params: dict[str, str] = {}
    places: dict[str, int] = {}
    base = len(text) - len(rest) - 1  # ";" + rest starts there in `text`
    for match in _PARAMETER.finditer(";" + rest):
        raw = match.group(2)
        place = base + match.start(2)
        if raw.startswith('"'):
            raw, place = raw[1:-1], place + 1
            if "\\" in raw:
                raw = _QUOTED_PAIR.sub(r"\1", raw)
        name = match.group(1).lower().rstrip("*")
        if name not in params:
            params[name] = raw
            if text.startswith(raw, place):
                places[name] = place
    return ContentType(
        maintype, subtype.split()[0] if subtype.split() else subtype, params, text, places
    )


# A field ends at a line end not followed by a blank (RFC 5322 2.2.3: folding).
FIELD_END = re.compile(rb"\n(?![ \t])")


def header_field(header: bytes, name: str, lowered: bytes | None = None) -> bytes | None:
    """The first field `name` in a header block, unfolded and trimmed. `lowered` is the
    block in lower case, when the caller has it: field names are case-insensitive (RFC
    5322 1.2.2), and a plain find in the lowered block is what makes this fast."""
    if lowered is None:
        lowered = header.lower()
    key, line_key = _field_keys(name)
    at = 0 if lowered.startswith(key) else lowered.find(line_key) + 1
    while at > 0 or (at == 0 and lowered.startswith(key)):
        colon = at + len(key)
        while lowered[colon : colon + 1] in (b" ", b"\t"):
            colon += 1
        if lowered[colon : colon + 1] == b":":
            end = FIELD_END.search(header, colon)
            value = header[colon + 1 : end.start() if end else len(header)]
            return unfold(value).strip()
        at = lowered.find(line_key, at + 1) + 1
        if at == 0:
            break
    return None


@lru_cache(maxsize=64)
def _field_keys(name: str) -> tuple[bytes, bytes]:
    """The name in lower case, as it starts a header block and as it starts a line."""
    key = name.lower().encode()
    return key, b"\n" + key
