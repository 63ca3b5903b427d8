"""Wrapped URLs: `<URL:...>`, `<scheme:...>` and `URL=<...>` (RFC 1738, appendix).

The appendix: "extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to
break long URLs across lines. The whitespace should be ignored when extracting the URL. ...
the interpreter of a URL containing a line break immediately after a hyphen should ignore
all unencoded whitespace around the line break, and should be aware that the hyphen may or
may not actually be part of the URL." Text that went through typesetters and mail clients
also leaves page furniture and reply prefixes inside wrappers; neither is part of the URL.
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..core.model import Flag, Wrapper
from ..grammar.schemes import SCHEME_CHARS, conforms, is_known_scheme
from . import bare
from .furniture import Furniture

# "<URL:" (the appendix's prefix, case-insensitive, whitespace allowed before the colon's
# payload) or "<scheme:" (the older form). The pattern starts with the literal "<" so the
# regex engine's fast literal search finds candidates (docs/design/performance.md).
OPEN = re.compile(rf"<(?:[ \t]*([Uu][Rr][Ll]):|([A-Za-z][{SCHEME_CHARS}]*):(?!:))")
_LINE_BREAK_NEXT = re.compile(r"[ \t]*\r?\n")
URL_EQUALS = "url="  # the March 1993 draft wrote URL=<...>

# Mail reply prefixes: "> ", ">> ", "> > ", "| " (and Usenet's "|> ") ...
MARKS_PREFIX = re.compile(r"[ \t]*(?:[>|][ \t]?)+")
# ... and Supercite's quoted writer's initials before a mark (" AB> ", "> Jo> ").
QUOTE_PREFIX = re.compile(r"[ \t]*(?:(?:[>|]|[A-Z][A-Za-z]{0,3}>)[ \t]?)+")
# What may stand before a line's text: a reply prefix, then an indent.
LINE_PREFIX = re.compile(rf"(?:{QUOTE_PREFIX.pattern})?[ \t]*")
ASCII_WHITESPACE = re.compile(r"[ \t\r\n\f\v]+")
_BLANKS = re.compile(r"[ \t\r\f\v]+")
_URL_RUN = re.compile(r"[^ \t\r\n\f\v]+")
SCHEME_START = re.compile(rf"[A-Za-z][{SCHEME_CHARS}]*:")
# Characters that suggest a URL rather than markup or prose after an unknown scheme.
URLISH = compiled_when_used(r"[./@%=?]")

MAX_CONTENT_LINES = 20  # an unterminated wrapper gives up after this many lines ...
MAX_CONTENT_CHARS = 2048  # ... or this many characters of URL text
# Hard bounds on the raw extent, page furniture included; chunked scanning keeps this much
# text in hand past every chunk boundary (see sources.text.overlap_start).
MAX_RAW_LINES = 60
MAX_RAW_CHARS = 8192


class WrapperMatch:
    """A wrapper as read from text, in offsets; the scanner turns it into a Candidate."""

    __slots__ = ("kind", "start", "end", "pieces", "url", "alt", "flags", "no_url")

    def __init__(
        self,
        kind: Wrapper,
        start: int,
        end: int,
        pieces: list[tuple[int, int]],
        url: str,
        alt: str | None,
        flags: set[Flag],
        no_url: bool,
    ) -> None:
        self.kind = kind
        self.start = start  # offset of "<" (or of "URL=")
        self.end = end  # offset just past ">" (or past the URL's end, when unterminated)
        self.pieces = pieces  # runs of URL text, whitespace dropped
        self.url = url
        self.alt = alt  # the reading without a hyphen at a line break (appendix)
        self.flags = flags
        # It holds no URL, nor does any text inside it (encoded data, an elision).
        self.no_url = no_url


# What a wrapper's body reads as: its end, its URL's pieces, the URL, its other reading, flags.
_Body = tuple[int, list[tuple[int, int]], str, str | None, set[Flag]]


def read_wrapper(text: str, lt: int, furniture: Furniture) -> WrapperMatch | None:
    """Read the wrapper whose "<" is at `lt`, or None if the "<" opens no wrapper."""
    match = OPEN.match(text, lt)
    if match is None:
        return None
    start = lt
    if match.group(1):  # <URL:
        kind = Wrapper.URL
        body = match.end()
    else:
        body = lt + 1
        if text[max(0, lt - 4) : lt].lower() == URL_EQUALS:
            kind, start = Wrapper.URL_EQUALS, lt - 4
        else:
            kind = Wrapper.ANGLE
            if not _plausible_angle(text, match):
                return None
    end, pieces, url, alt, flags = _read_body(text, start, body, furniture)
    no_url = False
    if url:
        if "<" in url:
            return None  # no URL holds a "<" (section 2.2): prose about wrappers, read on
        no_url = (
            _elided(url)
            or _CLOSING_QUOTE.match(url) is not None
            or (kind == Wrapper.ANGLE and _ENCODED.match(url) is not None)
        )
    return WrapperMatch(kind, start, end, pieces, url, alt, flags, no_url)


# What a wrapper may hold that is no URL: an elision or a quoted word (`<URL:...>`,
# `<http://...>`, `<URL:"name">`), and in a `<scheme:...>` wrapper encoded data: "begin 644
# name", a uuencoded line (M and 60 characters from " " to "`"), a long base64 run.
_ELISION = re.compile(
    rf"""(?:{SCHEME_START.pattern}(?://)?)?(?:\.+|\u2026+)|"[^"]*"|'[^']*'|`[^`]*`"""
)


# A quote right after the wrapper's colon that closes a string: the one in code that held
# `<URL:`, and what follows is the program, not a URL (Perl's `print "<URL:", $d->url, ">"`
# closes at `->`). A quote before a word is a URL's unsafe character, or a quoted name
# (`_elided`).
_CLOSING_QUOTE = compiled_when_used(r"""["'`](?:[\s,;.)+]|$)""")


def _elided(url: str) -> bool:
    """Is the wrapper's text an elision or a quoted word? A scheme and one "." that section
    5's grammar reads as a URL ("mailto:.": encoded822addr = 1*xchar) is a URL."""
    if _ELISION.fullmatch(url) is None:
        return False
    return not (url.endswith(":.") and conforms(url))


_ENCODED = compiled_when_used(
    rf"{SCHEME_START.pattern}(?:begin[0-7]{{3}}|M[ -`]{{40,}}|[A-Za-z0-9+/]{{40,}}={{0,2}}$)"
)


def _plausible_angle(text: str, match: re.Match[str]) -> bool:
    """Is `<name:...` a URL? For a known scheme, yes. For an unknown one, only with "//", or
    when its name is in one case, the wrapper closes on the same line, has no whitespace,
    looks like a URL and is not markup: `<xsl:template match=...>`, `<std::string>`,
    `<dc:title>` are not URLs."""
    colon = match.end()
    name = match.group(2)
    if is_known_scheme(name):
        # RFC 1630 breaks "<ftp:" / "//quake.think.com/...>": a line break may follow the
        # colon; other whitespace there is prose ("<http: the scheme>").
        return (
            not text[colon : colon + 1].isspace() or _LINE_BREAK_NEXT.match(text, colon) is not None
        )
    if text.startswith("//", colon):
        return True
    if not (name.islower() or name.isupper()):
        # a scheme is written in one case (RFC 3986 section 3.1: lower case is canonical,
        # RFC 1738 section 2.1 allows upper case): `<bG:pYu53f3S=/q:bZFj8XW~>` is encoded
        # data (ASCII85 in a PostScript image), `<xsl:...>` and `<dc:...>` stay as before
        return False
    limit = colon + MAX_CONTENT_CHARS  # bounded, so many "<x:" on one long line stay linear
    eol = text.find("\n", colon, limit)
    close = text.find(">", colon, eol if eol >= 0 else limit)
    if close < 0:
        return False
    inside = text[colon:close]
    if inside.endswith("/") or ASCII_WHITESPACE.search(inside):
        return False
    return URLISH.search(inside) is not None and not _uuencoded_line(text, colon, eol)


# A line of uuencoded data: "M" (45 bytes) and 60 characters from " " to "`" (POSIX uuencode,
# the historical algorithm), where `<TS:H!;JOLM/5N`7&W&>` is no wrapper but bytes.
_UUENCODED = compiled_when_used(r"M[ -`]{60}\r?")


def _uuencoded_line(text: str, at: int, eol: int) -> bool:
    """Is the line around `at` (ended at `eol`, -1 for the text's end) uuencoded data?"""
    end = len(text) if eol < 0 else eol
    start = text.rfind("\n", max(0, end - 63), at) + 1
    return end - start <= 62 and _UUENCODED.fullmatch(text, start, end) is not None


def _read_body(text: str, start: int, body: int, furniture: Furniture) -> _Body:
    """Follow the wrapper that starts at `start` line by line to its ">", dropping what is
    not URL text."""
    n = len(text)
    # The first line's reply prefix, looked for a bounded way back (a line that long is
    # no quoted mail line), so that many wrappers on one long line stay linear.
    floor = max(0, start - MAX_RAW_CHARS)
    line_start = text.rfind("\n", floor, start) + 1
    prefix = QUOTE_PREFIX.match(text, line_start, start) if line_start or floor == 0 else None
    first_key = quote_key(prefix.group()) if prefix else ""
    raw: list[tuple[int, int]] = []
    flags: set[Flag] = set()
    pos = body
    content_lines = 1
    content_chars = 0
    # No search looks past the largest extent a wrapper may have, so a long line full of
    # unclosed "<URL:" costs each of them a bounded amount: linear time overall.
    limit = min(n, start + MAX_RAW_CHARS)
    while True:
        eol = text.find("\n", pos, limit)
        if eol < 0:
            eol = limit
        close = text.find(">", pos, eol)
        if close >= 0:
            raw.append((pos, close))
            return _assemble(text, close + 1, raw, flags)
        if eol >= limit:
            return _unterminated(text, body)
        raw.append((pos, eol))
        content_chars += eol - pos
        content_lines += 1
        nxt, had_furniture = furniture.skip_block(eol + 1)
        if had_furniture:
            flags.add(Flag.PAGE_BREAK)
        if first_key:
            # Only a prefix that repeats the first line's is a reply prefix; any other ">"
            # at a line start closes the wrapper. A first line quoted by marks alone has
            # the next read by marks alone: `> A>` there is the URL's rest "A" and the
            # wrapper's close, not a writer's initials.
            quoted = QUOTE_PREFIX if first_key.strip(">|") else MARKS_PREFIX
            reply = quoted.match(text, nxt)
            if reply and quote_key(reply.group()) == first_key:
                flags.add(Flag.REPLY_PREFIX)
                nxt = reply.end()
        next_eol = text.find("\n", nxt, limit)
        if next_eol < 0:
            next_eol = limit
        if (
            nxt >= limit
            or text[nxt:next_eol].strip(" \t\r\f\v") == ""  # a blank line ends a wrapper
            or content_lines > MAX_CONTENT_LINES
            or content_chars > MAX_CONTENT_CHARS
            or text.count("\n", start, nxt) > MAX_RAW_LINES
        ):
            return _unterminated(text, body)
        flags.add(Flag.LINE_BREAK)
        pos = nxt


def quote_key(prefix: str) -> str:
    """The quote marks of a reply prefix, spacing aside: "> > " and ">> " are both ">>",
    " AB> " is "AB>"."""
    return "".join(ch for ch in prefix if ch not in " \t")


def _assemble(text: str, end: int, raw: list[tuple[int, int]], flags: set[Flag]) -> _Body:
    """Join the per-line URL text of a wrapper that ends at `end`; note hyphen breaks and
    inner whitespace in `flags`."""
    parts: list[str] = []
    pieces: list[tuple[int, int]] = []
    for a, b in raw:
        chunk = text[a:b]
        stripped = chunk.strip(" \t\r\n\f\v")
        if stripped:
            # One piece per run of URL text: a piece never holds whitespace, so the URL is
            # exactly its pieces' raw text joined, and the linter can point at any character.
            runs = list(_URL_RUN.finditer(text, a, b))
            pieces.extend((run.start(), run.end()) for run in runs)
            if len(runs) > 1:
                flags.add(Flag.INNER_WHITESPACE)
                stripped = "".join(run.group() for run in runs)
        parts.append(stripped)
    url = "".join(parts)
    # Every part but the last ends at a line break; a "-" there, with URL text after the
    # break, may be the typesetter's (appendix): keep it, and offer the reading without it.
    hyphen_breaks = {
        i for i in range(len(parts) - 1) if parts[i].endswith("-") and any(parts[i + 1 :])
    }
    alt = None
    if hyphen_breaks:
        flags.add(Flag.HYPHEN_BREAK)
        alt = "".join(p[:-1] if i in hyphen_breaks else p for i, p in enumerate(parts))
    if len(pieces) < 2:
        flags.discard(Flag.LINE_BREAK)
    return end, pieces, url, alt, flags


def _unterminated(text: str, body: int) -> _Body:
    """No ">" within the bounds: the URL is what the wrapper's first line holds, read as a
    bare URL (it ends at whitespace, trailing punctuation trimmed), and scanning goes on
    after it."""
    flags = {Flag.UNTERMINATED}
    blank = _BLANKS.match(text, body)
    start = blank.end() if blank else body
    end = bare.body_end(text, start)  # a body ends at whitespace, so within its line
    if end <= start:
        eol = text.find("\n", start)
        end = eol if eol >= 0 else len(text)
    # Prose that merely mentions the prefix ("the `<URL:` wrapper") holds no URL.
    if end > start and SCHEME_START.match(text, start, end):
        return end, [(start, end)], text[start:end], None, flags
    return end, [], "", None, flags
