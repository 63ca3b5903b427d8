"""Which messages can hold a URL at all, told from their raw bytes before anything is decoded.

ASCII byte patterns behind literal prefixes, and mail.url_starts' look for a bare scheme's
colon or a wrapper's start, are run on a message's raw bytes, so that a message with no URL
is never decoded. Every place the scanner starts a URL (scanner/scanner.py: a wrapper
"<URL:" or "<scheme:", a "://", an opaque scheme's ":") is ASCII, so in a message whose
text parts are not encoded it stands in the raw bytes as it will in the decoded text. A
message with base64 or quoted-printable content (which can hide those bytes, or split them
with a soft break) is always read. This must stay a superset of the scanner's triggers:
tests/mail/test_prefilter.py checks it against the scanner on generated text.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterator, Sequence
from itertools import pairwise

from .._runtime.patterns import compiled_when_used
from ..grammar.schemes import BARE_WITHOUT_SLASHES, SCHEME_CHARS
from .decoders import keeps_ascii
from .headers import (
    ContentFields,
    ContentType,
    content_fields,
    content_from,
    content_type_of,
    field_around,
    header_end_at,
    header_stop,
    maintype_of,
)
from .html import BLOCK_NAMES
from .loops import LOOPS
from .mime import READ_MAINTYPES, UUENCODINGS, holds_urls
from .url_starts import may_start_a_url

# Content-Transfer-Encoding fields, their names in any case (RFC 5322 1.2.2), anywhere in a
# multipart or message part (a single part's own is read as the reader reads it:
# headers.transfer_encoding_of): their values say whether text is hidden. Led by the
# literal "-" (searching the lower-cased text for "-encoding" instead cost more: a
# multipart's attachments lowered too).
_TRANSFER_ENCODING = compiled_when_used(
    rb"-(?i:encoding)[ \t]*:[ \t]*(?:\r?\n[ \t]+)?[\"']?([A-Za-z0-9-]*)"
)
# The transfer encodings that can hide a URL from the raw bytes.
_HIDING = frozenset({"base64", "quoted-printable", *UUENCODINGS})


# What reading an HTML part (mail.html: tags dropped, references decoded, tabs and line
# breaks dropped from an attribute's URL) can make a URL's start of, in bytes that hold none:
# - a reference to ":", "/", a scheme's character or a line break an attribute drops
#   (`http&#58;//`), or to "<" before what may be a wrapper's scheme (`&lt;URL:`; not an
#   address's `&lt;fred@example.org&gt;`);
# - a tag between a colon and its slashes (`http:<b>//`), or tabs and line breaks in a tag
#   (an href a mail server folded after `http:`, RFC 5322 2.1.1);
# - a tag inside a scheme's name (`mail<b>to:`), or a line end (`mail` / `to:`).
# A tag of an element that ends a line (mail.html.BLOCK_NAMES) leaves a line end, and joins
# nothing; a script, a style, the head and the title go with their text. Looked for where a
# body may be read as HTML (the message names html) and holds no other start. A comment that
# holds "<" or ">", or such an element that holds "<", is not taken for what goes here.
_HTML_TYPE = compiled_when_used(rb"/(?i:html)")  # led by "/": lowering a multipart cost more
_SCHEME = SCHEME_CHARS.encode()
# After a "<": an element read to its end tag, whose text goes too (one that holds no "<"),
# or a tag, a comment or a declaration (that holds no "<" or ">").
_HIDDEN = rb"(?i:script|style|title|head)\b[^<>]*>[^<]*</(?i:script|style|title|head)\s*>"
_DROPPED = (
    rb"(?:" + _HIDDEN + rb"|(?:/?(?!(?i:" + BLOCK_NAMES.encode() + rb"))[A-Za-z]|!|\?)[^<>]*>)"
)
_TAGS = rb"(?:<" + _DROPPED + rb")*"
_BREAKS = rb"[\t\r\n]*"
_HTML_REFERENCE = compiled_when_used(
    rb"&(?:colon|sol|period|plus|Tab|NewLine|fjlig"
    rb"|#0*(?:9|1[03]|4[3-9]|5[0-8]|6[5-9]|[78][0-9]|9[07-9]|1[01][0-9]|12[0-2])(?![0-9])"
    rb"|#[xX]0*(?:[9aAdD]|2[b-fB-F]|3[0-9abAB]|[4-6][0-9a-fA-F]|7[0-9aA])(?![0-9a-fA-F])"
    rb"|(?:lt|LT|nvlt|#0*60(?![0-9])|#[xX]0*3[cC](?![0-9a-fA-F]));?[ \t]*"
    rb"(?:[A-Za-z][" + _SCHEME + rb"]*)?(?::|<|&(?!gt;|amp;|nbsp;|quot;)))"
)
_HTML_SLASHES = compiled_when_used(rb":" + _TAGS + rb"/" + _TAGS + rb"/")
# Line breaks around the slashes, which count only in a tag (`_slashes_in_a_tag`): a look
# ahead to the ">" in the pattern ran on to the next "<" or ">" again from each of them, a
# body of thousands of them and no tag read over once each.
_HTML_BROKEN_SLASHES = compiled_when_used(rb":" + _BREAKS + rb"/" + _BREAKS + rb"/")
_ANGLE = compiled_when_used(rb"[<>]")
_HTML_SPLIT_SCHEME = compiled_when_used(
    rb"<(?<=[" + _SCHEME + rb"<]<)" + _DROPPED + _TAGS + rb"[" + _SCHEME + rb"]*:"
)
# A line end between letters, the next line's a word and a colon: where a bare scheme's
# name broken by it (a fold in an href) may end (`_folded_bare_scheme`).
_LONGEST_BARE = max(map(len, BARE_WITHOUT_SLASHES))
_BARE_NAMES = tuple(name.encode() for name in BARE_WITHOUT_SLASHES)
_LINE_STARTING_A_COLON = compiled_when_used(
    rb"\n(?:(?<=[A-Za-z]\n)|(?<=[A-Za-z]\r\n))(?=([A-Za-z]{1,%d}):)" % (_LONGEST_BARE - 1)
)


def _named_before(name: bytes) -> bytes:
    """A look behind an "=" for a parameter's name, in any case, a blank between or none
    (RFC 2045 5.1 allows one: content_type reads `charset = utf-7` so)."""
    letters = b"".join(b"[%s%s]" % (c.upper(), c) for c in [bytes([b]) for b in name])
    return rb"(?<=%s=)|(?<=%s[ \t]=)" % (letters, letters)


# A multipart's parts' DelSp and charset parameters, in any case, from their "=" (most of a
# multipart's "=" are no parameter's: one look behind at the byte before each turns most
# away), the charset's value.
_PART_PARAMETER = compiled_when_used(
    rb"=(?<=[PpTt \t]=)(?:" + _named_before(b"delsp") + rb"|" + _named_before(b"charset") + rb")"
    rb"[ \t]*(?:\r?\n[ \t]+)?[\"']?([^\s\"';]*)"  # (the value folded after the "=" too)
)
# A message part's media type (message/rfc822, news, global: mime.py reads its header
# as a message's), any case, from its "/".
_MESSAGE_PART = compiled_when_used(
    rb"/(?<=[Mm][Ee][Ss][Ss][Aa][Gg][Ee]/)(?:[Rr][Ff][Cc]822|[Nn][Ee][Ww][Ss]|[Gg][Ll][Oo][Bb][Aa][Ll])"
)
# "/html" or a message part's type (_HTML_TYPE, _MESSAGE_PART), from its "/": a multipart is
# read for both in one pass to the first of either (each alone ran over the whole of it, its
# attachments too, from each "/"), the other looked for on from there (`_types_named`).
_NAMED_TYPE = compiled_when_used(_HTML_TYPE.pattern + rb"|" + _MESSAGE_PART.pattern)
_DOUBLE_SLASH = compiled_when_used(rb"://")
# Literals looked for in a header: the regex engine's loop to a literal's first byte
# outruns CPython's `bytes.find` of a short needle where that byte is rare ("mailto:",
# whose "m" is common, stays a find; docs/design/performance.md).
_URL_WRAPPER = compiled_when_used(rb"<url:")
_ENCODED_WORD_START = compiled_when_used(rb"=\?")


def may_hold_urls(data: bytes, bounds: Sequence[int]) -> list[bool]:
    """Whether a URL can come out of each message of a block of a container.

    For each message data[bounds[i]:bounds[i + 1]] (a block of a container, cut where its
    messages start), whether a URL can come out of it. Each message is looked at for a
    "://" to its first (most messages that hold a URL hold one, and the look stops there;
    the compiled loops lead it by its "/", rarer in mail than ":", in one call for the
    block: docs/design/performance.md); only the others are looked at further."""
    if LOOPS is not None:
        flags = [True] * (len(bounds) - 1)
        for number in LOOPS.lacking(data, b"://", bounds, 1):
            flags[number] = _without_double_slash(data, bounds[number], bounds[number + 1])
        return flags
    return [
        _holds_double_slash(data, start, end) or _without_double_slash(data, start, end)
        for start, end in pairwise(bounds)
    ]


def _holds_double_slash(data: bytes, start: int, end: int) -> bool:
    """Does data[start:end] hold "://"?"""
    if LOOPS is not None:
        return bool(LOOPS.find(data, b"://", start, end, 1) >= 0)
    return _DOUBLE_SLASH.search(data, start, end) is not None


def _without_double_slash(data: bytes, start: int, end: int) -> bool:
    """Whether a URL can come out of data[start:end], a message known to hold no "://"."""
    # The header is only ever scanned where it holds "://", "mailto:", "<url:" or an
    # encoded word (mime._header_urls); the body wherever the scanner would start a URL,
    # or its decoding may make one.
    # The header as the reader splits it: none where it is damaged (a line that is neither
    # a field nor a continuation ends it, and the body, read from there, may start a URL
    # in what would else be taken for fields), or has a "\r" (the body read whole).
    fields: ContentFields
    if LOOPS is not None:  # the header's end, its content fields and the first looks, at once
        header_end, starts, encoded, type_value, encoding_value = LOOPS.message_look(
            data, start, end
        )
        fields = type_value, encoding_value
    else:
        header_end = header_end_at(data, start, end)
        if data.find(b"\r", start, header_end) >= 0:
            header_end = start
        lowered = data[start:header_end].lower()  # for the looks below
        starts = b"mailto:" in lowered or _URL_WRAPPER.search(lowered) is not None
        starts = starts or may_start_a_url(data, header_end, end)
        encoded = True  # (_encoded_url_field looks for an encoded word's start itself)
        fields = content_fields(data[start:header_end], lowered)
    if starts or (encoded and _encoded_url_field(data[start:header_end])):
        return True
    # Only a multipart or message/* body holds part headers of its own (RFC 2046 5.1, 5.2);
    # any other body is read with the message's own transfer encoding, and as HTML, in a
    # charset and flowed only as its own Content-Type says: the one the reader reads (a
    # header the reader ends sooner, at a damaged line, has none of its own, or this one).
    # Only a single part's Content-Type is read whole: a multipart's parameters (its
    # boundary, new at each message, which content_type's cache never holds) are not read.
    nested = header_end == start or maintype_of(fields[0]) in ("multipart", "message")
    ctype: ContentType | None = None
    encoding = ""
    if not nested:
        ctype, encoding = content_from(fields)
        if ctype.maintype not in READ_MAINTYPES:
            return False  # a body the reader does not read (an image, an application)
    marks = _nested_marks(data, start, end) if nested else None
    if nested:
        hiding = _hiding_encodings(data, start, end, marks)
    else:  # the body is decoded as the reader decodes it
        hiding = {encoding} & _HIDING
    if hiding - {"quoted-printable"}:  # base64 or uuencode
        return True
    if hiding:  # quoted-printable only
        # Decoded (binascii, C speed), the message is looked at as the scanner will see
        # it, soft breaks gone and "=3A" a colon (RFC 2045 6.7).
        headless = header_end == start  # no header read: the body is the whole message
        data = binascii.a2b_qp(data[start:end])
        start, end, header_end = 0, len(data), 0 if headless else data.find(b"\n\n") + 1
        body = header_end
        if _decoded_starts_a_url(data, body):
            return True
        marks = _nested_marks(data, start, end) if nested else None
    # A multipart's own parts say which of them is HTML (their media type, in any case).
    if ctype is None:
        html, message_part = _types_named(data, start, end, marks)
    else:
        html, message_part = ctype.subtype == "html", False
    if html and _html_may_start_a_url(data, header_end, end):
        return True
    return _decoded_apart(data, start, end, ctype, html, message_part, marks)


# What the compiled loops read of a multipart or message/* in one pass (mail.fast.nested_marks:
# its Content-Transfer-Encoding fields, whether it names html and a message part's type,
# whether it holds a NUL and "=?", its DelSp and charset parameters), where they run; the
# pure path runs each pattern below where it is asked, and stops as soon as it can.
NestedMarks = tuple[list[tuple[int, bytes]], bool, bool, bool, bool, list[tuple[int, bytes]]]


def _found(
    pattern: re.Pattern[bytes], data: bytes, start: int, end: int
) -> Iterator[tuple[int, bytes]]:
    """The start and group 1 of each of `pattern`'s matches in data[start:end], found as
    they are iterated (a generator function: mypyc makes a list of a generator expression),
    as nested_marks lists them."""
    for match in pattern.finditer(data, start, end):
        yield match.start(), match.group(1)


def _nested_marks(data: bytes, start: int, end: int) -> NestedMarks | None:
    if LOOPS is None:
        return None
    marks: NestedMarks = LOOPS.nested_marks(data, start, end)
    return marks


def _types_named(
    data: bytes, start: int, end: int, marks: NestedMarks | None = None
) -> tuple[bool, bool]:
    """Does data[start:end] name html anywhere (_HTML_TYPE), and a message part's type
    (_MESSAGE_PART)? One pass to the first of either, the other looked for after it (or
    what `marks` says)."""
    if marks is not None:
        return marks[1], marks[2]
    found = _NAMED_TYPE.search(data, start, end)
    if found is None:
        return False, False
    if data[found.start() + 1] in b"Hh":  # "/html"
        return True, _MESSAGE_PART.search(data, found.end(), end) is not None
    return _HTML_TYPE.search(data, found.end(), end) is not None, True


def _decoded_starts_a_url(decoded: bytes, body: int = 0) -> bool:
    """Does text a decoding made hold "://", or from `body` on another start of a URL the
    scanner reads (a bare scheme's colon, a wrapper), where the raw bytes held none?"""
    return _holds_double_slash(decoded, 0, len(decoded)) or may_start_a_url(
        decoded, body, len(decoded)
    )


def _html_may_start_a_url(data: bytes, start: int, end: int) -> bool:
    """Does data[start:end], a body holding no "://" and no other start of a URL, hold a
    place where reading it as HTML may make one?"""
    # Patterns led by a literal each: one alternation of them stopped at every byte.
    return bool(
        _HTML_REFERENCE.search(data, start, end)
        or _HTML_SLASHES.search(data, start, end)
        or _slashes_in_a_tag(data, start, end)
        or _HTML_SPLIT_SCHEME.search(data, start, end)
        or _folded_bare_scheme(data, start, end)
    )


def _slashes_in_a_tag(data: bytes, start: int, end: int) -> bool:
    """Does data[start:end] hold a colon and two slashes with line breaks among them
    (`_HTML_BROKEN_SLASHES`: an href folded after `http:`, RFC 5322 2.1.1) inside a tag,
    where the next "<" or ">" after them is a ">"? The places share the answer up to the
    "<" or ">" last found: the bytes after each are read once, not once a place."""
    angle = -1  # the first "<" or ">" at or after the last place asked about; -1: none yet
    for place in _HTML_BROKEN_SLASHES.finditer(data, start, end):
        after = place.end()
        if after > angle:
            found = _ANGLE.search(data, after, end)
            if found is None:
                return False  # no ">" after this place, nor after any later one
            angle = found.start()
        if data[angle] == 62:  # ">"
            return True
    return False


def _folded_bare_scheme(data: bytes, start: int, end: int) -> bool:
    """Does a line end in data[start:end] break a bare scheme's name before its colon
    (`mail` / `to:`, in either case)? Lines that start with a word and a colon are few."""
    for line_end in _LINE_STARTING_A_COLON.finditer(data, start, end):
        at = line_end.start()
        if at > start and data[at - 1] == 13:  # "\r\n"
            at -= 1
        rest = line_end.group(1)
        joined = (data[max(start, at - _LONGEST_BARE) : at] + rest).lower()
        if any(len(rest) < len(name) and joined.endswith(name) for name in _BARE_NAMES):
            return True
    return False


def _hiding_encodings(
    data: bytes, start: int, end: int, marks: NestedMarks | None = None
) -> set[str]:
    """The transfer encodings in data[start:end], a multipart's or message part's, that can
    hide a URL from the raw bytes (_HIDING), of parts the reader decodes as text: of its
    Content-Transfer-Encoding fields (_TRANSFER_ENCODING's, or `marks`')."""
    found = set()
    parts = None  # made at the first base64 field: most parts are never asked about
    fields = marks[0] if marks is not None else _found(_TRANSFER_ENCODING, data, start, end)
    for at, value in fields:
        encoding = value.decode("latin-1").lower()
        if encoding not in _HIDING or encoding in found:
            continue
        if encoding == "base64":
            parts = parts or _ReadParts(data, start, end)
            if not parts.read_by(at):
                continue
        found.add(encoding)
    return found


class _ReadParts:
    """Whether a base64 field, of those of data[start:end] asked about in order, is the
    transfer encoding of a part the reader reads: one in the part's header as the reader
    reads it (from its header block's start or the last boundary line before the field, to
    a blank line or a line that is neither a field nor a continuation: headers.header_stop),
    whose Content-Type (headers.content_type_of) is of a type the reader reads. A base64
    part of another type (an image, an application) hides no URL we would report. Each
    part's header is read once, and each byte looked back over once: a part of thousands of
    base64 fields is read in linear time (bench/adversarial.py)."""

    def __init__(self, data: bytes, start: int, end: int) -> None:
        self.data = data
        self.blocks = _HeaderBlocks(data, start, end)
        self.after = start  # no boundary line before this is looked for again
        self.part = (-1, -1, False)  # the last part asked about: start, header's stop, read

    def read_by(self, at: int) -> bool:
        data = self.data
        block_start, block_end = self.blocks.around(at)
        boundary = data.rfind(b"\n--", max(block_start, self.after), at)
        self.after = at
        if boundary >= 0:
            part_start = data.find(b"\n", boundary + 1, at) + 1 or at
        elif self.part[0] >= block_start:
            part_start = self.part[0]  # the part of the field before
        elif data.startswith(b"--", block_start):
            part_start = data.find(b"\n", block_start, at) + 1 or at
        else:
            part_start = block_start
        if part_start != self.part[0]:
            stop = header_stop(data, part_start, block_end)
            header = data[part_start:stop]
            kind = content_type_of(header, header.lower()).maintype
            self.part = (part_start, stop, kind in READ_MAINTYPES)
        _, stop, read = self.part
        return read and at <= stop  # (past it, in the part's body: nothing decoded by it)


# Where a blank line starts: "\n\n" or "\n\r\n" (a header block ends there).
_BLANK_LINE = compiled_when_used(rb"\n(?=\r?\n)")


class _HeaderBlocks:
    """The header blocks of the fields of data[start:end], asked about in order: the block
    of a field runs from the end of the last blank line before it (or `start`) to the
    start of the first after it (or `end`). One pass over the blank lines, forward: a
    search back and forth from each field cost a pass over the message a field, a message
    of thousands of attachments thousands of passes."""

    def __init__(self, data: bytes, start: int, end: int) -> None:
        self.blank_lines = _BLANK_LINE.finditer(data, start, end)
        self.data = data
        self.start = start  # where the block of the field last asked about starts
        self.end = end
        self.ahead = self._next()  # the first blank line not passed: (start, end)

    def _next(self) -> tuple[int, int] | None:
        found = next(self.blank_lines, None)
        if found is None:
            return None
        at = found.start()
        return at, at + (3 if self.data[at + 1] == 13 else 2)

    def around(self, at: int) -> tuple[int, int]:
        """The block of the field at `at` (later than any asked about before).

        No blank line holds `at`: the field starts with "-"."""
        while self.ahead is not None and self.ahead[1] <= at:
            self.start = self.ahead[1]
            self.ahead = self._next()
        return self.start, self.end if self.ahead is None else self.ahead[0]


def _encoded_url_field(header: bytes) -> bool:
    """Does a header field the reader reads for URLs (mime.holds_urls) hold an RFC 2047
    encoded word, which can hide one (`Subject: =?utf-8?q?see_http=3A//...?=`)? Each field
    is judged once, at its first "=?", and the search goes on from its end: looked back
    over from each of its words, a field folded over thousands of lines of them (RFC 5322
    2.2.3) was read once a word."""
    word = _ENCODED_WORD_START.search(header)
    while word is not None:
        _, end, name = field_around(header, word.start())  # as the reader reads it for URLs
        if holds_urls(name):
            return True
        word = _ENCODED_WORD_START.search(header, end)
    return False


def _decoded_apart(
    data: bytes,
    start: int,
    end: int,
    ctype: ContentType | None,
    html: bool,
    message_part: bool = False,
    marks: NestedMarks | None = None,
) -> bool:
    """Does data[start:end] hold text that decoding may make a URL's start of where the raw
    bytes hold none: UTF-16 or UTF-32 (their ASCII with NULs between: looked at without
    them; a damaged message's stray NULs make none), another charset that does not write ASCII as
    ASCII (UTF-7, EBCDIC: decoders.keeps_ascii), format=flowed with DelSp=yes (a soft line
    break goes with its space, RFC 3676 4.2: `http:/ ` / `/example.org`), or a message part
    and an encoded word, which its header may hold (read as a message's)? A single part's
    parameters are read from `ctype`, its Content-Type; in a multipart or message/* (no
    `ctype`), every DelSp and charset parameter in it (a superset of its parts' own);
    `message_part`: it names a message part's type (_types_named); `marks`, what the
    compiled loops read of it."""
    nul = marks[3] if marks is not None else data.find(b"\0", start, end) >= 0
    if nul:  # UTF-16, UTF-32: their ASCII with NULs between
        joined = data[start:end].replace(b"\0", b"")
        if _decoded_starts_a_url(joined):
            return True
        if html and _html_may_start_a_url(joined, 0, len(joined)):
            return True
    if ctype is not None:
        return "delsp" in ctype.params or not keeps_ascii(ctype.params.get("charset", ""))
    # (A message part's type is rarer than "=?", which quoted-printable words hold too.)
    if message_part and (marks[4] if marks is not None else data.find(b"=?", start, end) >= 0):
        return True  # an encoded word, maybe in a message part's header
    parameters = marks[5] if marks is not None else _found(_PART_PARAMETER, data, start, end)
    for at, value in parameters:
        name_end = at - (data[at - 1] in b" \t")
        if data[name_end - 1] in b"pP" or not keeps_ascii(value.decode("latin-1")):
            return True  # DelSp, or a charset that does not keep ASCII
    return False
