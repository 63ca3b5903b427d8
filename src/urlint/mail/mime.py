"""One message to the texts a mail client would show: the fast reader.

One message (RFC 5322 / RFC 1036 article) to the texts a mail client would show: the fast
reader, compiled in the optional build (setup.py).

The fast path works on bytes: find the header's end, look fields up with one regex each,
split multiparts on their boundary, decode with binascii (RFC 2045). It reads nearly all real
mail. What it cannot read (an exception on damaged structure, uuencoded parts) goes to the
stdlib `email` parser in compat32 mode (message.read_message, fallback.py), which never
raises on bad headers (docs/design/performance.md: policy.default raises and loses the message).

Each text comes out as a `DecodedText`: the text, where it sits in the file (a first line,
or a Relocator for text that moved when decoded), and what it is (which message, which
MIME part, header or body, HTML attribute or visible text).
"""

from __future__ import annotations

import re
from functools import partial

from ..core.message import HEADER
from ..core.numbers import size_text
from ..core.problems import Problem, ProblemKind
from ..core.records import built, record
from .decoders import (
    decode_base64,
    decode_charset,
    decode_quoted_printable,
    is_single_byte,
    quoted_printable_map,
    unflow,
)
from .headers import (
    PLAIN,
    ContentType,
    Split,
    content_fields,
    content_from,
    field_around,
    newlines,
    split_entity,
    text_of,
)
from .html import read_html
from .loops import LOOPS
from .origin import Envelope, MessageInfo
from .textmap import FixedMap, LazyMap, OffsetMap, Relocator

MAX_DEPTH = 20  # MIME nesting deeper than this is an attack or a loop, not mail
# A decoded text part is held in this much memory at most (its start is read): a character
# past U+FFFF makes Python hold every character of the text in 4 bytes, and decoding and
# reading HTML make copies of it.
MAX_TEXT_BYTES = 32 * 1024 * 1024

# Fields that hold addresses, identifiers, trace or MIME structure: not places a person
# writes a URL (RFC 5322 3.6, RFC 2045, RFC 6376). Every other field that holds one is
# scanned: List-* (RFC 2369), Archived-At (RFC 5064), Content-Base, X-URL, Subject ...
NOT_URL_FIELDS = frozenset(
    """received x-received return-path delivered-to message-id in-reply-to references
    resent-message-id content-id content-type content-transfer-encoding content-disposition
    mime-version dkim-signature domainkey-signature x-google-dkim-signature arc-seal
    arc-message-signature arc-authentication-results authentication-results received-spf
    from to cc bcc sender reply-to resent-from resent-to resent-cc resent-sender
    mail-followup-to errors-to date path xref newsgroups followup-to nntp-posting-host
    x-trace lines""".split()
)
_IDENTITY_ENCODINGS = frozenset({"", "7bit", "8bit", "binary"})
# Content-Transfer-Encoding names of uuencode (no RFC; what mailers wrote), read by the stdlib.
UUENCODINGS = frozenset({"x-uuencode", "uuencode", "x-uue", "uue"})
_MESSAGE_TYPES = frozenset({"rfc822", "news", "global"})
# The media types whose parts are read (`_body`); a part of any other type is an attachment
# that is not text, skipped as a reader would skip it. The prefilter asks this too.
READ_MAINTYPES = frozenset({"text", "message", "multipart"})

# What in a header the scanner could take for a URL (scanner/scanner.py): "://", or
# "mailto:" and "<url:" in any case (RFC 2369 List-* fields hold mailto URLs), all three
# found at their colon by one pattern, or an RFC 2047 encoded word "=?", which can hide any
# of them. Each look is a pass over every header in the archive, so only these: another
# opaque scheme in a header field is not worth a pass of its own. Patterns led by a
# literal, not `bytes.find`: the regex engine's loop to a literal's first byte outruns
# CPython's find of a short needle (four finds, two of them in the lowered header, took
# longer than the two looks); one alternation of the four has no literal to lead it, and
# is slower (docs/design/performance.md).
_HEADER_COLON_HINT = re.compile(rb":(?://|(?<=[Mm][Aa][Ii][Ll][Tt][Oo]:)|(?<=<[Uu][Rr][Ll]:))")
_ENCODED_WORD_START = re.compile(rb"=\?")


@record
class DecodedText:
    """A text to scan, and where its URLs are in the file."""

    text: str
    line_base: int  # the file line of the text's first line, when relocator is None
    relocator: Relocator | None
    envelope: Envelope
    part: str
    content_type: str
    source: str
    header: str | None = None
    alternative_group: int | None = None  # the multipart/alternative it is one version of
    # An HTML attribute's: the source's word after its value (html.Attribute.read_on)
    read_on: str = ""

    def info(self) -> MessageInfo:
        """Where in the container the text is: its message, part, content type and source."""
        return MessageInfo(self.envelope, self.part, self.content_type, self.source, self.header)


def _decoded(
    text: str,
    line_base: int,
    relocator: Relocator | None,
    envelope: Envelope,
    part: str,
    content_type: str,
    source: str,
    header: str | None = None,
    group: int | None = None,
    read_on: str = "",
) -> DecodedText:
    """A DecodedText made by records.built, its fields in the class's order here alone: a
    record's own constructor is a Python function, and the reader makes one a text."""
    fields = (
        text,
        line_base,
        relocator,
        envelope,
        part,
        content_type,
        source,
        header,
        group,
        read_on,
    )
    return built(DecodedText, fields)


class MessageReader:
    """Reads one message into DecodedTexts and Problems.

    (damage: the message is read as far as it goes)."""

    def __init__(self, envelope: Envelope) -> None:
        self.envelope = envelope
        self.texts: list[DecodedText] = []
        self.problems: list[Problem] = []
        self._groups = 0

    def problem(self, line: int, reason: str, kind: ProblemKind = ProblemKind.MALFORMED) -> None:
        """Note a problem at file line `line`, said of the whole message.

        `kind` is MALFORMED, CHARSET or LIMIT.
        """
        self.problems.append(Problem(kind, reason, line=line, mail=self.info()))

    def info(self) -> MessageInfo:
        """The message as a whole, for what is said of all of it."""
        return MessageInfo(self.envelope, "", "", "message")

    # -- entities: a header and a body -----------------------------------------------

    def message(
        self,
        data: bytes,
        line: int,
        part: str = "",
        depth: int = 0,
        split: Split | None = None,
    ) -> None:
        """A whole message (or a message/rfc822 part): its URL fields, then its body."""
        header, body, body_line, fields = split or self._split(data, line)
        self._header_urls(header, line, part)
        if fields is None:  # not read with the header's end
            # (the envelope's lowered header for the pure path's look; the loops in C need none)
            lowered = self.envelope.lowered if split and LOOPS is None else None
            fields = content_fields(header, lowered)
        ctype, encoding = content_from(fields)
        if ctype.maintype == "multipart":
            self._multipart(ctype, body, body_line, part, depth)
        else:  # a single-part body is part 1 of its message (IMAP numbering, RFC 3501 6.4.5)
            number = f"{part}.1" if part else "1"
            entity = built(_Part, (header, encoding, body, body_line, number, None))
            self._body(entity, ctype, depth)

    def _split(self, data: bytes, line: int) -> Split:
        """(header, body, file line of the body's first line, the header's content fields
        where read with its end: a Split); damage is recorded."""
        header, body, body_line, damage, fields = split_entity(data, line)
        if damage:
            self.problem(body_line, damage)
        return header, body, body_line, fields

    def _header_urls(self, header: bytes, line: int, part: str) -> None:
        """The header's fields read for URLs that may hold one, each a DecodedText."""
        hits = _url_hints(header)
        if not hits:
            return
        done = -1
        counted, lines = 0, 0  # the line ends before `counted`: fields come in header order
        for hit in hits:
            if hit < done:
                continue
            start, done, name = field_around(header, hit)
            raw = header[start:done]
            if not holds_urls(name):
                continue
            lines += newlines(header, counted, start)
            counted = start
            field_line = line + lines
            raw = raw.replace(b"\r", b"")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            relocator = None
            if "=?" in text:  # RFC 2047: the decoded words stand nowhere in the file
                text = text_of(raw)
                relocator = Relocator(b"", field_line, collapsed=True)
            decoded = _decoded(text, field_line, relocator, self.envelope, part, "", HEADER, name)
            self.texts.append(decoded)

    def _entity(
        self, data: bytes, line: int, part: str, default: str, depth: int, group: int | None
    ) -> None:
        """A MIME body part: its own header, then its body."""
        header, body, body_line, fields = self._split(data, line)
        if fields is None:  # not read with the header's end
            fields = content_fields(header)
        ctype, encoding = content_from(fields, default)
        if ctype.maintype == "multipart":
            self._multipart(ctype, body, body_line, part, depth)
        else:
            self._body(built(_Part, (header, encoding, body, body_line, part, group)), ctype, depth)

    # -- bodies -------------------------------------------------------------------------

    def _multipart(self, ctype: ContentType, body: bytes, line: int, part: str, depth: int) -> None:
        if depth >= MAX_DEPTH:
            self.problem(line, f"MIME parts nested deeper than {MAX_DEPTH}: the rest is not read")
            return
        boundary = ctype.params.get("boundary")
        if not boundary:
            self.problem(line, f"{ctype.full} without a boundary: read as text")
            self._text(_Part(b"", "", body, line, part or "1", None), PLAIN)
            return
        marks = _delimiters(body, boundary.encode("latin-1", "replace"))
        if not marks:
            self.problem(
                line,
                f"multipart boundary '{ctype.shown('boundary')}' never appears: read as text",
            )
            self._text(_Part(b"", "", body, line, part or "1", None), PLAIN)
            return
        if not marks[-1][2]:
            self.problem(
                line + body.count(b"\n"),
                f"multipart boundary '{ctype.shown('boundary')}' is never closed: read to the end",
            )
        group = None
        if ctype.subtype == "alternative":
            self._groups += 1
            group = self._groups
        default = "message/rfc822" if ctype.subtype == "digest" else "text/plain"
        prefix = f"{part}." if part else ""
        counted, part_line = 0, line  # lines counted once, part by part (linear in the parts)
        for number, (mark, following) in enumerate(
            zip(marks, [*marks[1:], None], strict=True), start=1
        ):
            line_start, content_start, closing = mark
            if closing:
                break  # the closing delimiter: what follows is the epilogue
            end = following[0] if following else len(body)
            # The line end before a delimiter belongs to the delimiter (RFC 2046 5.1.1).
            if body.endswith(b"\r\n", content_start, end):
                end -= 2
            elif body.endswith(b"\n", content_start, end):
                end -= 1
            chunk = body[content_start:end]  # (cut once: a part may be megabytes)
            part_line += newlines(body, counted, content_start)
            counted = content_start
            self._entity(chunk, part_line, f"{prefix}{number}", default, depth + 1, group)

    def _body(self, entity: _Part, ctype: ContentType, depth: int) -> None:
        if ctype.maintype == "message" and ctype.subtype in _MESSAGE_TYPES:
            if depth >= MAX_DEPTH:
                self.problem(
                    entity.line, f"messages nested deeper than {MAX_DEPTH}: the rest is not read"
                )
                return
            if entity.encoding in _TRANSFORMING:
                # not allowed (RFC 2046 5.2.1): read as text
                self._text(entity, PLAIN)
                return
            self.message(entity.body, entity.line, entity.number, depth + 1)
        elif ctype.maintype == "text":
            self._text(entity, ctype)
        # Any other type is an attachment that is not text: skipped, as a reader would.

    def _within_memory(self, data: bytes, line: int) -> bytes:
        """The start of a text part's decoded bytes that its text holds in MAX_TEXT_BYTES:
        one byte a character for ASCII, up to four for any other text."""
        limit = MAX_TEXT_BYTES if data.isascii() else MAX_TEXT_BYTES // 4
        if len(data) <= limit:
            return data
        cut = data.rfind(b"\n", 0, limit) + 1 or limit
        while cut > 0 and data[cut] & 0xC0 == 0x80:  # never inside a UTF-8 character
            cut -= 1
        lines = data.count(b"\n", 0, cut)
        self.problem(
            line,
            f"a text part of {size_text(len(data))}: its first {lines} lines are read, "
            f"a decoded text is held in {size_text(MAX_TEXT_BYTES)} of memory at most "
            f"({size_text(limit)} of this one)",
            ProblemKind.LIMIT,
        )
        return data[:cut]

    def _text(self, entity: _Part, ctype: ContentType) -> None:
        """A text part, decoded from its transfer encoding and its charset, as the texts it
        shows: itself (unwrapped where it is flowed), or an HTML page's visible text and URL
        attributes."""
        body, line, part, group = entity.body, entity.line, entity.number, entity.group
        data, byte_map, fixed = self._transfer_decoded(entity.encoding, entity.header, body, line)
        if len(data) > MAX_TEXT_BYTES // 4:
            data = self._within_memory(data, line)
        text, codec = self._charset_decoded(data, ctype, line)
        kind = ctype.full
        html = ctype.subtype == "html"
        flowed = _broken_inside_words(ctype)
        if byte_map is None and not fixed and not flowed and not html:  # most texts
            self.texts.append(
                _decoded(text, line, None, self.envelope, part, kind, "text", None, group)
            )
            return
        relocator = Relocator(
            body,
            line,
            byte_map=byte_map,
            codec=None if is_single_byte(codec) else codec,
            charset_text=text,
            collapsed=fixed,
        )
        if flowed:
            text, mapping = unflow(text, delsp=True)
            relocator = relocator.then(mapping)
        if html:
            self._html(text, relocator, part, kind, group)
            return
        self.texts.append(
            _decoded(text, 1, relocator, self.envelope, part, kind, "text", None, group)
        )

    def _transfer_decoded(
        self, encoding: str, header: bytes, body: bytes, line: int
    ) -> tuple[bytes, OffsetMap | None, bool]:
        """A part's body decoded from its Content-Transfer-Encoding (RFC 2045, section 6).

        `encoding` is its name in lower case (headers.content_from), `header` the part's
        header. Returns (the bytes, where each stands in the body when they moved and can
        be placed one by one, whether they moved as a whole); a problem met is recorded."""
        if encoding in _IDENTITY_ENCODINGS:
            return body, None, False
        if encoding == "quoted-printable":
            return decode_quoted_printable(body), LazyMap(lambda: quoted_printable_map(body)), False
        if encoding == "base64":
            data, trouble = decode_base64(body)
            if trouble:
                self.problem(line, trouble)
            return data, None, True
        if encoding in UUENCODINGS:
            return _stdlib_payload(header, body), None, True
        self.problem(line, f"unknown Content-Transfer-Encoding '{encoding}': read as is")
        return body, None, False

    def _charset_decoded(self, data: bytes, ctype: ContentType, line: int) -> tuple[str, str]:
        """A part's decoded bytes as text in its charset, and the codec read with; a label
        that could not be read, and NUL bytes (each read as a space), are recorded."""
        label = ctype.params.get("charset")
        text, codec, trouble = decode_charset(data, label, partial(ctype.shown, "charset"))
        if trouble:
            self.problem(line, f"{trouble}: read as {codec}", ProblemKind.CHARSET)
        if "\0" in text:
            self.problem(line, "NUL bytes in a text part")
            text = text.replace("\0", " ")
        return text, codec

    def _html(
        self, source: str, relocator: Relocator, part: str, kind: str, group: int | None
    ) -> None:
        """An HTML part's texts: its visible text, then each URL attribute's value."""
        page = read_html(source)
        envelope = self.envelope
        steps = relocator.then(page.steps[0]).then(page.steps[1])
        self.texts.append(
            _decoded(page.text, 1, steps, envelope, part, kind, "html-text", None, group)
        )
        for attribute in page.attributes:
            placed = relocator.then(FixedMap(attribute.offset))
            named = f"html-{attribute.name}"
            value, read_on = attribute.value, attribute.read_on
            decoded = _decoded(value, 1, placed, envelope, part, kind, named, None, group, read_on)
            self.texts.append(decoded)


@record
class _Part:
    """A MIME entity as its body is read: its header, its Content-Transfer-Encoding (lower
    case, "" for none: headers.content_from), its body and the file line the body starts on,
    its part number (IMAP's, RFC 3501 6.4.5: "1.2") and the multipart/alternative group it
    is one of. Made with records.built for each part (a record's constructor is a Python
    function)."""

    header: bytes
    encoding: str
    body: bytes
    line: int
    number: str
    group: int | None


# The transfer encodings that change a body's bytes (RFC 2045 6.1), which a message/rfc822
# part may not have (RFC 2046 5.2.1).
_TRANSFORMING = ("base64", "quoted-printable")


def _broken_inside_words(ctype: ContentType) -> bool:
    """Is a part format=flowed with DelSp=yes, whose lines are unwrapped before it is read?
    RFC 3676: without DelSp, a flowed line breaks only after a space, and a URL holds none,
    so unwrapping could not change a URL; it is done only where the sender's client broke
    lines inside words (DelSp=yes, section 4.2)."""
    return (
        ctype.params.get("format", "").lower() == "flowed"
        and ctype.params.get("delsp", "").lower() == "yes"
    )


def _url_hints(header: bytes) -> list[int]:
    """Where a header block may hold a URL (a hint's colon, an encoded word's start), in
    order."""
    if LOOPS is not None:
        hints: list[int] = LOOPS.header_url_hints(header)
        return hints
    hits = [found.start() for found in _HEADER_COLON_HINT.finditer(header)]
    hits += [found.start() for found in _ENCODED_WORD_START.finditer(header)]
    hits.sort()
    return hits


def holds_urls(name: str) -> bool:
    """Is a header field of this name read for URLs?

    (NOT_URL_FIELDS; an mbox's From_ line left in a message is no field)? The prefilter asks
    this too."""
    return name.lower() not in NOT_URL_FIELDS and not name.startswith("From ")


def _delimiters(body: bytes, boundary: bytes) -> list[tuple[int, int, bool]]:
    """(line start, content start, closing?) of every delimiter line "--boundary" or
    "--boundary--" (RFC 2046 5.1.1: at a line start, trailing whitespace allowed)."""
    marks = []
    needle = b"--" + boundary
    at = body.find(needle)
    while at >= 0:
        if at == 0 or body[at - 1] == 10:
            after = at + len(needle)
            closing = body.startswith(b"--", after)
            if closing:
                after += 2
            line_end = body.find(b"\n", after)
            rest = body[after : line_end if line_end >= 0 else len(body)]
            if not rest.strip(b" \t\r"):
                marks.append((at, line_end + 1 if line_end >= 0 else len(body), closing))
                if closing:
                    break
        at = body.find(needle, at + 1)
    return marks


def _stdlib_payload(header: bytes, body: bytes) -> bytes:
    """A part body the fast path does not decode (uuencode), decoded by the stdlib."""
    import email
    from email import policy

    part = email.message_from_bytes(header + b"\n" + body, policy=policy.compat32)
    payload = part.get_payload(decode=True)
    return payload if isinstance(payload, bytes) else body
