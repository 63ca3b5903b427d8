"""Header blocks of messages and MIME parts, read from bytes without the `email` package.

The stdlib parser is the fallback, not the hot path (docs/design/performance.md).

RFC 5322 section 2.2: a header field is a name, a colon and a body; a line starting with
whitespace continues the field before it (folding, 2.2.3). RFC 2047 encoded words are
decoded where a header is shown or scanned.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core.faults import internal_error
from ..core.records import built, record, replaced
from ..grammar.login import masked_piece
from ..sources.kinds import FIELD_NAME  # RFC 5322 section 2.2, the one piece every reader builds on
from .header_ends import field_name_at  # the rule written once, the loops' too (mail.fast)
from .header_ends import header_stop as _stop
from .loops import LOOPS

_FIELD_NAME = re.compile(FIELD_NAME)


@record
class HeaderField:
    """One header field as written: its name, its raw folded value and its line in the block."""

    name: str  # as written
    value: bytes  # raw, folded, without the trailing line end
    line: int  # 0-based line of the field within the block


@record
class HeaderBlock:
    """A message's or part's header fields, where its body starts, and what ended it early."""

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
                ended().append(HeaderField(name, text[match.end() :].strip(b" \t"), line))
        at = next_at
        line += 1
    return HeaderBlock(ended(), end, line, problem)


def unfold(value: bytes) -> bytes:
    """A field's value as `header_field` cuts it, unfolded (RFC 5322 2.2.3).

    Every line break in it is a fold, since the field ends at the first that no blank
    follows (FIELD_END), so each goes, with a CR before it, and the blank after it stays.
    Two `replace` calls: the regex substitution they stand for is slower (bench/README.md),
    and many Content-Type fields are folded (their boundary on a line of its own)."""
    if b"\n" not in value:
        return value
    return value.replace(b"\r\n", b"").replace(b"\n", b"")


def text_of(value: bytes) -> str:
    """A header value as text: encoded words decoded, raw 8-bit read as UTF-8 or Latin-1.

    A header value as text: RFC 2047 encoded words decoded, raw 8-bit read as UTF-8 or
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
    text = _BETWEEN_WORDS.sub(r"\1", text)
    return _ENCODED_WORD.sub(_decoded_match, text)


def _decoded_match(word: re.Match[str]) -> str:
    """One encoded word decoded; read once, where it is short (`_remembered_word`)."""
    text = word.group()
    return _word_decoded(text) if len(text) > _REMEMBERED_WORD else _remembered_word(text)


# A thread's subject and a sender's name come back in message after message, each read
# by the standard library's header classes, which are slow at it: a word is
# remembered where it is at most this long (RFC 2047 section 2 allows 75 characters;
# mailers write longer ones), so that the cache stays small: a word of a megabyte, which
# the pattern reads too, is decoded each time.
_REMEMBERED_WORD = 256


@lru_cache(maxsize=1024)
def _remembered_word(word: str) -> str:
    """`_word_decoded(word)`, remembered."""
    return _word_decoded(word)


def _word_decoded(word: str) -> str:
    """The encoded word `word` (a match of _ENCODED_WORD) decoded; as written where it
    will not decode."""
    from email.errors import MessageError  # only for encoded words: start-up
    from email.header import decode_header, make_header

    try:
        return str(make_header(decode_header(word)))
    except LookupError:  # a charset Python does not know
        return _decoded_anyway(word)
    except (UnicodeError, ValueError, AssertionError, MessageError):
        return word  # HeaderParseError, CharsetError ("=?\xe9utf-8?b?...?=")


def _decoded_anyway(word: str) -> str:
    """An encoded word in a charset Python does not know, read as a text part in one is
    (decoders.decode_charset: UTF-8, else Windows-1252), not shown as written: a base64
    word would show what it hides, a password too, to anyone who decodes it (RFC 1738
    section 6); as written where it will not decode."""
    import binascii

    from .decoders import decode_charset

    _, encoding, text = word[2:-2].split("?")  # (none of its parts holds a "?")
    payload = text.encode("latin-1", "replace")
    try:
        if encoding in "Bb":
            data = binascii.a2b_base64(payload + b"=" * (-len(payload) % 4))
        else:  # Q: "_" is a space (RFC 2047 4.2)
            data = binascii.a2b_qp(payload.replace(b"_", b" "))
    except (binascii.Error, ValueError):
        return word
    return decode_charset(data, None)[0]


_QUOTED_PAIR = re.compile(r"\\(.)")
# A parameter: its name, and its value, quoted (its quoted pairs in it) or a token. The
# quoted string's loop is unrolled (runs of plain characters, then a pair): the same strings
# as `"(?:[^"\\]|\\.)*"`, which the regex engine reads at one alternation a character, in
# less than half the time (a multipart's boundary, a part's name: most fields' values
# are new ones, not in content_type's cache).
_PARAMETER = re.compile(r';\s*([^\s=;]+)\s*=\s*("[^"\\]*(?:\\.[^"\\]*)*"|[^;\s]*)')


@record
class ContentType:
    """A Content-Type field read (RFC 2045, section 5.1): type, subtype and parameters."""

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
        """The parameter `name` as a note may quote it, passwords hidden.

        The parameter `name` as a note may quote it: with what may be a password in the
        field hidden where it stands in it (a value is cut at a ";" or a space, which a
        password may hold: `charset=ftp://fred:pa;ss@h/`), and its own."""
        places = self.places or {}
        return masked_piece(self.params.get(name, ""), self.field, places.get(name))


@lru_cache(maxsize=512)
def content_type(value: bytes | None, default: str = "text/plain") -> ContentType:
    """Content-Type (RFC 2045, section 5.1) with its parameters.

    Names lower-cased; an unreadable type falls back to `default`, as RFC 2045 section 5.2
    says. Cached: most messages in an archive share a handful of values (the result is
    shared: read only)."""
    text = unfold(value).decode("latin-1") if value else ""
    semicolon = _parameters_start(text)
    maintype, subtype = _media_type(text, semicolon, default)
    params: dict[str, str] = {}
    places: dict[str, int] = {}
    for match in _PARAMETER.finditer(text, semicolon):
        raw = match.group(2)
        place = match.start(2)
        if raw.startswith('"'):
            raw, place = raw[1:-1], place + 1
            if "\\" in raw:
                raw = _QUOTED_PAIR.sub(r"\1", raw)
        name = match.group(1).lower().rstrip("*")
        if name not in params:
            params[name] = raw
            if text.startswith(raw, place):
                places[name] = place
    words = subtype.split()
    # (built: a record's own constructor is a Python function, called for most parts)
    return built(ContentType, (maintype, words[0] if words else subtype, params, text, places))


def _parameters_start(text: str) -> int:
    """Where a Content-Type value's parameters start: its first ";", or its end."""
    semicolon = text.find(";")
    return len(text) if semicolon < 0 else semicolon


def _media_type(text: str, semicolon: int, default: str) -> tuple[str, str]:
    """The type and subtype a Content-Type value names before its parameters (at
    `semicolon`), in lower case; `default`'s where it names none that reads."""
    maintype, slash, subtype = text[:semicolon].strip().lower().partition("/")
    if not slash or not maintype or not subtype:
        maintype, _, subtype = default.partition("/")
    return maintype, subtype


@lru_cache(maxsize=512)
def maintype_of(value: bytes | None) -> str:
    """`content_from`'s Content-Type's top-level type, for a header block whose
    Content-Type field has the value `value` (None: it has none), where only that is asked:
    the parameters, a multipart's boundary among them, new at each message, are not read
    (mail.prefilter). Cached, as content_type is: most single parts' values recur."""
    if not value:
        return "text"
    text = unfold(value).decode("latin-1")
    return _media_type(text, _parameters_start(text), "text/plain")[0]


# A field ends at a line end not followed by a blank (RFC 5322 2.2.3: folding).
FIELD_END = re.compile(rb"\n(?![ \t])")
# Blanks, the colon, and the value to FIELD_END (the first line end no blank follows): a
# field's value as `header_field` cuts it, in one match from the end of its name.
_COLON_AND_VALUE = re.compile(rb"[ \t]*:([^\n]*(?:\n[ \t][^\n]*)*)")


def _value_after_name(header: bytes, colon: int) -> bytes | None:
    """The value of the field whose name ends at `colon`, as `header_field` cuts it; None
    where blanks and a colon do not follow the name (it is another field's)."""
    found = _COLON_AND_VALUE.match(header, colon)
    return None if found is None else unfold(found.group(1)).strip()


def header_field(header: bytes, name: str, lowered: bytes | None = None) -> bytes | None:
    """The first field `name` in a header block, unfolded and trimmed.

    `lowered` is the block in lower case, when the caller has it: field names are
    case-insensitive (RFC 5322 1.2.2), and a plain find in the lowered block is what makes
    this fast."""
    if lowered is None:
        lowered = header.lower()
    key, line_key = _field_keys(name)
    at = 0 if lowered.startswith(key) else lowered.find(line_key) + 1
    while at > 0 or (at == 0 and lowered.startswith(key)):
        value = _value_after_name(header, at + len(key))
        if value is not None:
            return value
        at = lowered.find(line_key, at + 1) + 1
        if at == 0:
            break
    return None


def header_fields(
    header: bytes, names: tuple[str, ...], lowered: bytes | None = None
) -> list[bytes | None]:
    """`header_field` of each of `names`, in their order: from one pass over the block's
    lines where the loops in C run (`lowered` is then not needed)."""
    if LOOPS is not None:
        found: tuple[bytes | None, ...] = LOOPS.fields_named(header, _lowered_names(names))
        return list(found)
    if lowered is None:
        lowered = header.lower()
    return [header_field(header, name, lowered) for name in names]


@lru_cache(maxsize=64)
def _lowered_names(names: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(_field_keys(name)[0] for name in names)


@lru_cache(maxsize=64)
def _field_keys(name: str) -> tuple[bytes, bytes]:
    """The name in lower case, as it starts a header block and as it starts a line."""
    key = name.lower().encode()
    return key, b"\n" + key


def field_start(header: bytes, at: int) -> int:
    """Where the header field that holds header[at] starts.

    (RFC 5322 2.2.3: a line that starts with a blank continues the field before it)."""
    start = header.rfind(b"\n", 0, at) + 1
    while start > 0 and header[start] in (32, 9):
        start = header.rfind(b"\n", 0, start - 1) + 1
    return start


def field_around(header: bytes, at: int) -> tuple[int, int, str]:
    """The start, end and name of the header field that holds header[at].

    As the reader reads it for URLs: to the first line end not followed by a blank (RFC 5322
    2.2.3), its name up to its first ":" (the whole field where it holds none). The
    prefilter asks it too."""
    start = field_start(header, at)
    end_match = FIELD_END.search(header, at)
    end = end_match.start() if end_match else len(header)
    return start, end, header[start:end].partition(b":")[0].strip().decode("latin-1")


PLAIN = ContentType("text", "plain", {})


def content_type_of(header: bytes, lowered: bytes, default: str = "text/plain") -> ContentType:
    """The Content-Type a message or part is read by.

    Its header's first such field (`lowered` is the header in lower case), or `default` (RFC
    2045 5.2; a multipart/digest's parts default to message/rfc822, RFC 2046 5.1.5).
    mail.prefilter asks it too."""
    value = header_field(header, "Content-Type", lowered)
    if value is None and default == "text/plain":
        return PLAIN
    return content_type(value, default)


def transfer_encoding_of(header: bytes, lowered: bytes) -> str:
    """The Content-Transfer-Encoding a part's body is decoded by, in lower case.

    The Content-Transfer-Encoding a part's body is decoded by, lower case ("" for none): its
    header's first such field. mail.prefilter asks it too."""
    value = header_field(header, "Content-Transfer-Encoding", lowered)
    return _encoding_name(value) if value else ""


# A header block's first Content-Type and Content-Transfer-Encoding values (`content_fields`).
ContentFields = tuple[bytes | None, bytes | None]


def content_from(fields: ContentFields, default: str = "text/plain") -> tuple[ContentType, str]:
    """(content_type_of, transfer_encoding_of) of the header block whose `content_fields`
    are `fields`: read by one look for "content-" at the lines' starts (each of the two
    passed over the whole block where its field is missing, and most messages and parts
    name only one of them), or by the walk that found the block's end (split_entity,
    mail.fast.message_look)."""
    type_value, encoding_value = fields
    if type_value is None and default == "text/plain":
        ctype = PLAIN
    else:
        ctype = content_type(type_value, default)
    return ctype, _encoding_name(encoding_value) if encoding_value else ""


_CONTENT = b"content-"
_LINE_CONTENT = b"\ncontent-"


def content_fields(header: bytes, lowered: bytes | None = None) -> ContentFields:
    """The first Content-Type and Content-Transfer-Encoding fields' values, as `header_field`
    reads each (None for a field missing), from one look at the lines that start "content-"
    (`lowered` is the block in lower case, where the caller has it; the loops in C need
    none)."""
    if LOOPS is not None:
        found: ContentFields = LOOPS.content_fields(header)
        return found
    if lowered is None:
        lowered = header.lower()
    type_value = encoding_value = None
    type_found = encoding_found = False
    if lowered.startswith(_CONTENT):
        at = 0
    else:
        at = lowered.find(_LINE_CONTENT) + 1
        if at == 0:
            return None, None
    while True:
        name = at + 8  # past "content-"
        if not type_found and lowered.startswith(b"type", name):
            value = _value_after_name(header, name + 4)
            if value is not None:
                type_value, type_found = value, True
        elif not encoding_found and lowered.startswith(b"transfer-encoding", name):
            value = _value_after_name(header, name + 17)
            if value is not None:
                encoding_value, encoding_found = value, True
        if type_found and encoding_found:
            break
        at = lowered.find(_LINE_CONTENT, at + 1) + 1
        if at == 0:
            break
    return type_value, encoding_value


@lru_cache(maxsize=64)
def _encoding_name(value: bytes) -> str:
    return value.decode("latin-1").strip().lower()


# A message or part split (split_entity): its header, its body, the file line of the body's
# first line, the damage met or None, and the header's ContentFields where the walk that
# found its end read them (None: content_fields reads them).
Entity = tuple[bytes, bytes, int, str | None, ContentFields | None]
# An Entity as the reader reads it, its damage recorded: header, body, body line, fields.
Split = tuple[bytes, bytes, int, ContentFields | None]


def split_entity(data: bytes, line: int) -> Entity:
    """A message or MIME part split into its header and its body.

    (header, body, file line of the body's first line, damage or None, the header's
    content_fields or None: an Entity) of a message or MIME part starting at file line
    `line`. The compiled loops read the header's end, its lines and its content fields in
    one walk (mail.fast.entity_header)."""
    if data.startswith((b"\n", b"\r\n")):
        cut = data.index(b"\n") + 1
        return b"", data[cut:], line + 1, None, None
    fields: ContentFields | None = None
    lines = -1  # the line ends of the header, where counted with its end
    if LOOPS is None:
        found_start, found_end = _end_span(data, _stop(data, 0, len(data)))
    else:
        stop, lines, type_value, encoding_value = LOOPS.entity_header(data)
        found_start, found_end = _end_span(data, stop)
        if found_end > found_start + 1:  # a blank line after the stop: the values are read
            fields = type_value, encoding_value
    at_bad_line = found_end == found_start + 1  # the line after it is no field (or none)
    if (at_bad_line and found_start < len(data) - 1) or not _starts_a_header(data, 0, len(data)):
        block = read_header_block(data)
        return (
            data[: block.body_start],
            data[block.body_start :],
            line + block.body_line,
            block.problem,
            None,
        )
    if found_start < 0 or at_bad_line:  # all header, no blank line
        header = data if data.endswith(b"\n") else data + b"\n"
        return header, b"", line + newlines(header, 0, len(header)), None, None
    header = data[: found_start + 1]
    if lines < 0:
        lines = newlines(header, 0, len(header))
    return header, data[found_end:], line + lines + 1, None, fields


def newlines(data: bytes, start: int, end: int) -> int:
    """`data.count(b"\\n", start, end)`: counted by the loops in C where they run (many
    bytes at a time, where `bytes.count` looks at one)."""
    if LOOPS is not None:
        count: int = LOOPS.newlines(data, start, end)
        return count
    return data.count(b"\n", start, end)


def _end_span(data: bytes, stop: int) -> tuple[int, int]:
    """The span of a header's end in `data`, where header_ends.header_stop finds its start at
    `stop`: a line end and the blank line after it, or the line end alone before a bad
    line; (-1, -1) for none (a stop of -1)."""
    if stop < 0:
        return -1, -1
    if data.startswith(b"\n", stop + 1):
        return stop, stop + 2
    if data.startswith(b"\r\n", stop + 1):
        return stop, stop + 3
    return stop, stop + 1


def header_stop(data: bytes, start: int, end: int) -> int:
    """Where `split_entity` stops reading the header of data[start:end].

    (a header whose first line is a field's): the line end before its blank line, or before
    a line that is neither a field nor a continuation (what follows is the body), or `end`."""
    stop = _stop(data, start, end)
    return end if stop < 0 else stop


def _starts_a_header(data: bytes, start: int, end: int) -> bool:
    """Does data[start:end] start with a header's first line: an mbox's "From " line or a
    field's name and colon?"""
    return data.startswith(b"From ", start, end) or field_name_at(data, start, end)


def header_end_at(data: bytes, start: int, end: int) -> int:
    """Where `split_entity` ends the header of the message data[start:end].

    The offset of the line end before its blank line; `start` where it reads no header, or a
    damaged one (a line that is neither a field nor a continuation ends it sooner: what
    follows is the body), or one with no blank line after it. mail.prefilter asks it, to
    read the body and the fields the reader will."""
    if not _starts_a_header(data, start, end):
        return start
    stop = header_stop(data, start, end)
    if data.startswith((b"\n\n", b"\n\r\n"), stop, end):  # stopped by its blank line
        return stop
    return start  # by a damaged line, or at `end`: no blank line
