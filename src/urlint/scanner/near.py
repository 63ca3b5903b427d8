"""Near-URLs: the broken shapes of a URL someone meant, found beside the URLs. Pure.

People mistype the separator after a scheme, and editors, translators and copy-paste leave
it broken: one slash (`https:/stalw.art`) or none (`https:www.example.com`), no colon
(`http//example.com/admin`), a semicolon (`https;//github.com/x`), whitespace around it
(`http: // example.com`), a full-width colon (`https：// github.com / user / repo`), a
scheme written twice (`//https://host/`, `https://https://host/`). None of these is a URL
by RFC 1738 (section 3.1: the scheme, ":" and "//" before the host) or RFC 3986 (section
3: `scheme ":" hier-part`, `"//" authority`), so the scanner's bare URL reader does not
take them; this module finds them, and the scanner hands each on flagged `malformed`, for
the linter's N rules: in prose, markup, comments, string literals, and a shell's or a
configuration's values (scanner.near_placed). `extract` lists none of them but with
`--near`. A character of the text around glued on the URL's end where a reader that links
it takes it in (`https://x.org/a）`) is found here too (GLUED), a URL a blank split where
what follows goes on with it beyond doubt (`https://example. org/a`: SPLIT), and in
Markdown a link written around a URL that Markdown reads as no link (SWAPPED, UNCLOSED:
scanner.markup.broken_link finds them; `markdown_shape` reads them), and a word glued on
before a URL's scheme (WORD: `websitehttps://x.org/`; the URL read from the scheme).

Strict, so that what is found is worth reading: a scheme urlint knows that writes "//"
(NEAR_SCHEMES: not `file`, whose `file:/path` is RFC 8089's), at a word's start, then the
broken separator, then a host: a dotted name whose last label is letters, or a dotted-quad
address, then a port and a path as a URL has them. So no `C://`, `std::`, `Note: //x`, a
template (`http//{host}`) or a regular expression (`https?//`, `http//www\\.x`) is read.
`//https://host/` is read only in prose and markup, where `//` opens no comment, and only
right after a blank or an opening bracket or quote. A near-URL inside a URL found (a
query's `?u=http//x.org`) is left alone by the scanner.

`read_shape` tells the linter what a near-URL's text is: its kind, where its broken part
is, and the URL it most likely meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._runtime.patterns import compiled_when_used
from ..core.records import record
from ..grammar.schemes import SCHEMES, glued_before_scheme
from .body import DASHES

# The schemes whose URLs write "//" and a host, in any case: those with a default port or
# section 3.1's syntax, but `file` (`file:/path` is RFC 8089's local path) and the opaque
# ones (`mailto:`, `news:`, taken without "//").
NEAR_SCHEMES = tuple(
    sorted(
        (
            name
            for name, spec in SCHEMES.items()
            if (spec.default_port or spec.ip_based)
            and name != "file"
            and not spec.bare_without_slashes
        ),
        key=lambda name: (-len(name), name),
    )
)

# The kinds of near-URL (the N rules' subjects).
# The schemes read with no slash at all before a host (`https:www.x.org`, `http:x.org`):
# the web's, which nobody writes so on purpose.
NO_SLASH_SCHEMES = ("http", "https", "ftp")
ONE_SLASH = "one-slash"  # https:/stalw.art
NO_SLASH = "no-slash"  # https:www.example.com
NO_COLON = "no-colon"  # http//example.com
SEMICOLON = "semicolon"  # https;//github.com
COLONS = "colons"  # http:://www.itk.org
SPACED = "spaced"  # http: // example.com
FULL_WIDTH = "full-width"  # https：//github.com
TWICE = "twice"  # //https://host/, https://https://host/
GLUED = "glued"  # https://x.org/a）: a closing mark of the text glued on
SWAPPED = "swapped"  # [https://x.org/](Site): a Markdown link's text and target swapped
UNCLOSED = "unclosed"  # [a](https://x.org/p, [a](https://x.org/a b.pdf): Markdown makes no link
QUOTED = "quoted"  # [a]("https://x.org/"): Markdown takes the quotes into the link
DASHED = "dashed"  # https://x.org/wiki/Red–black_tree: a dash between a URL and its rest
SPLIT = "split"  # https://example. org/a, https://x.org/paper/ report.pdf: a blank inside
WORD = "word"  # websitehttps://x.org/a, 2024http://x.org/a: a word glued on before the scheme

_SCHEME = "|".join(re.escape(name) for name in NEAR_SCHEMES)
# A host: a dotted name whose last label is letters (RFC 1738 section 3.1's toplabel; RFC
# 1034 section 3.5), but a file's extension, a dotted-quad address, or `localhost`.
_NAME = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9_-])"
_QUAD = r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?![0-9.])"
_HOST = rf"(?:{_QUAD}|{_NAME}|localhost(?![A-Za-z0-9_.-]))"
# The separators, each its group: what stands between the scheme and the host.
_SEPARATOR = (
    r"(?P<one>:/)"
    r"|(?P<none>//)"
    r"|(?P<semi>;//)"
    r"|(?P<colons>:{2,3}//)"
    r"|(?P<spaced>[ \t]*[:\uff1a][ \t]*/[ \t]*/[ \t]*)"
    rf"|(?P<bare>:)(?=(?:{_QUAD}|{_NAME}))"
)
# Where a scheme may start: not inside a word, a path, an escape, a placeholder or a query.
_BEFORE = r"(?<![A-Za-z0-9+.\-_/\\%$@{:&?#])"
NEAR = compiled_when_used(
    rf"{_BEFORE}(?P<scheme>(?i:{_SCHEME}))(?:{_SEPARATOR})(?={_HOST})"
    rf"|(?P<doubled>//)(?=(?i:{_SCHEME})://{_HOST})"
    rf"|(?<=://)(?P<again>(?i:{_SCHEME}))(?=://{_HOST})"
)
# The host as matched after a separator, to place the rest.
_HOST_AT = compiled_when_used(rf"{_HOST}(?::[0-9]{{1,5}})?")
# A file's extension is no top label: `http//index.html` names a file.
_EXTENSIONS = frozenset(
    "html htm php js json xml css png jpg jpeg gif svg txt pdf yml yaml toml cfg ini exe "
    "md rst py rb java".split()
)
# What ends a near-URL's path: whitespace, the delimiters of RFC 1738 section 2.2 and of
# the text around (quotes, CJK and full-width punctuation), as a bare URL ends.
_PATH_END = compiled_when_used(
    r"[\s<>\"`\u00a0\u2018-\u201f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff5b-\uff65]"
)
# Trimmed from a near-URL's end, as from a bare URL's: sentence punctuation.
_TRAILING = ".,;:!?'"
# Closing marks of the text around, glued on a URL's end (GLUED), each with its opening:
# where the opening stands before the URL on its line, the pair is the text's and no fault.
GLUE_PAIRS = {
    "\uff09": "\uff08",  # ）（ full-width parentheses
    "\u300d": "\u300c",  # 」「 corner brackets
    "\u300f": "\u300e",  # 』『
    "\u3011": "\u3010",  # 】【
    "\u300b": "\u300a",  # 》《
    "\u201d": "\u201c",  # ” “
    "\u2019": "\u2018",  # ’ ‘
}
# Sentence marks of CJK text, glued on a URL's end: a fault only in Markdown, where GitHub's
# autolink (GFM's extended autolinks) takes them into the link.
GLUE_SENTENCE = "\uff0c\u3002\u3001\uff1b\uff01\uff1f\uff1a"  # ，。、；！？：
# Marks no URL holds (RFC 3986 section 2; RFC 1738 section 2.2 calls them unsafe), glued on
# a URL's end inside a string literal whose value is the URL and the mark
# (`"https://x.org/a'"`): a program that reads the value takes the mark in. Markdown's
# autolinks end at "<" but take a ">" in (GFM's extended autolinks), so there a ">" glued on
# a URL that no "<" opens is one too.
GLUE_IN_A_VALUE = "'\"<>]`"


@record
class NearHit:
    """A near-URL in a text: offsets [start, end) of its raw text, and its kind."""

    start: int
    end: int
    kind: str


def near_hits(text: str, lo: int, hi: int, slashes: Iterable[int]) -> list[NearHit]:
    """The near-URLs that start in text[lo:hi], in text order, each read around one of
    `slashes`: the offsets of the "/" ending what may start one, or of a host's first
    letter right after a scheme's ":" (the scanner's look for them, scanner.MAY_BE_NEAR, a
    literal-led search: the patterns here are looked for at those places only)."""
    found: dict[int, NearHit] = {}
    match_at = NEAR.match
    for slash in slashes:
        for start in (_scheme_before(text, slash, lo), slash - 1, slash + 1):
            if start < lo or start >= hi or start in found:
                continue
            match = match_at(text, start)
            if match is not None:
                hit = _near_at(text, match)
                if hit is not None:
                    found[hit.start] = hit
    return [found[start] for start in sorted(found)]


def _scheme_before(text: str, slash: int, lo: int) -> int:
    """Where a scheme whose broken separator ends at `slash` would start: back over the
    separator's characters (a few), then the scheme's letters."""
    at = slash
    floor = max(lo, slash - _SEPARATOR_LONGEST)
    while at > floor and text[at - 1] in _SEPARATOR_CHARS:
        at -= 1
    floor = max(lo, at - _SCHEME_LONGEST)
    while at > floor and text[at - 1].isascii() and text[at - 1].isalpha():
        at -= 1
    return at


_SEPARATOR_CHARS = "/:;\uff1a \t"
_SEPARATOR_LONGEST = 12  # "http :  / / x": blanks around each
_SCHEME_LONGEST = max(len(name) for name in NEAR_SCHEMES)


def _near_at(text: str, match: re.Match[str]) -> NearHit | None:
    """The near-URL `match` starts, or None where it is none after all."""
    start = match.start()
    if match.group("doubled") is not None:
        if start > 0 and not (text[start - 1].isspace() or text[start - 1] in "([\"'<="):
            return None  # a path's "//", or a comment's
        kind, host_from = TWICE, text.index("://", start + 2) + 3
    elif match.group("again") is not None:
        begin = _scheme_back(text, start - 3)
        if begin < 0:
            return None
        start, kind, host_from = begin, TWICE, match.end() + 3
    else:
        read = _kind(match)
        if read is None:
            return None
        kind, host_from = read, match.end()
    host = _HOST_AT.match(text, host_from)
    if host is None or _is_extension(text, host.start(), host.end()):
        return None
    end = _path_end(
        text, host.end(), spaced=kind == FULL_WIDTH and match.group("spaced") != "\uff1a//"
    )
    return NearHit(start, end, kind)


def _kind(match: re.Match[str]) -> str | None:
    if match.group("one") is not None:
        return ONE_SLASH
    if match.group("bare") is not None:
        return NO_SLASH if match.group("scheme").lower() in NO_SLASH_SCHEMES else None
    if match.group("none") is not None:
        return NO_COLON
    if match.group("semi") is not None:
        return SEMICOLON
    if match.group("colons") is not None:
        return COLONS
    spaced = match.group("spaced")
    if "\uff1a" in spaced:
        return FULL_WIDTH
    if spaced == "://":
        return None  # a URL, the bare reader's
    return SPACED


def _scheme_back(text: str, colon: int) -> int:
    """Where the scheme ends at `colon` starts (a scheme of NEAR_SCHEMES at a word's
    start), or -1."""
    at = colon
    while at > 0 and (text[at - 1].isalnum() or text[at - 1] in "+.-") and colon - at < 12:
        at -= 1
    if text[at:colon].lower() not in NEAR_SCHEMES:
        return -1
    if at > 0 and (text[at - 1].isalnum() or text[at - 1] in "+.-_/\\%$@{:&?#"):
        return -1
    return at


def _is_extension(text: str, start: int, end: int) -> bool:
    """Is the host's last label a file's extension (`index.html`), not a name's?"""
    host = text[start:end].split(":", 1)[0]
    return host.rsplit(".", 1)[-1].lower() in _EXTENSIONS


def _path_end(text: str, at: int, spaced: bool) -> int:
    """Where a near-URL whose host ends at `at` ends: its port and path read as a bare
    URL's are, sentence punctuation and an unbalanced closing bracket trimmed. With
    `spaced` (a full-width colon with blanks around "//", as machine translation writes
    a URL), its path's " / " separators are read as "/"."""
    end = at
    if end < len(text) and text[end] in "/?#":
        stop = _PATH_END.search(text, end)
        end = stop.start() if stop is not None else len(text)
    if spaced:
        while True:
            step = _SPACED_SEGMENT.match(text, end)
            if step is None:
                break
            end = step.end()
    end = _untrailed(text, at, end)
    for opening, closing in ("()", "[]", "{}"):
        while (
            end > at
            and text[end - 1] == closing
            and (text.count(opening, at, end) < text.count(closing, at, end))
        ):
            end -= 1
    return end


# A path segment after " / ", where a full-width colon's URL is written with blanks around
# its slashes (`https：// github.com / user / repo`).
_SPACED_SEGMENT = compiled_when_used(r"[ \t]*/[ \t]*[A-Za-z0-9._~%-]+")


@record
class Shape:
    """What a near-URL's text is: its kind, the offsets [start, end) of its broken part in
    the text, the URL it most likely meant, and whether that URL is certain (a fix may
    write it)."""

    kind: str
    start: int
    end: int
    intended: str
    certain: bool


_SHAPE = compiled_when_used(
    rf"(?P<lead>//)?(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)"
    rf"(?P<sep>:/(?!/)|//|;//|:{{2,3}}//|[ \t]*[:\uff1a][ \t]*/[ \t]*/[ \t]*|:(?=[A-Za-z0-9]))"
    rf"(?P<again>(?i:{_SCHEME})://)?"
)


def read_shape(url: str) -> Shape | None:
    """What the near-URL `url` (a candidate's text, flagged malformed) is, or None where it
    is no near-URL's (a GLUED one is read by `glued_shape`, a Markdown link's by
    `markdown_shape`)."""
    match = _SHAPE.match(url)
    if match is None:
        return None
    scheme, separator, rest = match.group("scheme"), match.group("sep"), url[match.end() :]
    if match.group("lead") is not None:
        return Shape(TWICE, 0, 2, url[2:], True)
    again = match.group("again")
    if again is not None:
        inner = again[:-3]
        start = match.start("sep") - len(scheme)
        return Shape(
            TWICE,
            start,
            match.start("again"),
            url[match.start("again") :],
            inner.lower() == scheme.lower(),
        )
    sep_start, sep_end = match.start("sep"), match.end("sep")
    if separator == "://":
        return None  # a URL's own separator
    if separator == ":/":
        kind = ONE_SLASH
    elif separator == ":":
        kind = NO_SLASH
    elif separator == "//":
        kind = NO_COLON
    elif separator == ";//":
        kind = SEMICOLON
    elif separator.startswith("::"):
        kind = COLONS
    elif "\uff1a" in separator:
        kind = FULL_WIDTH
    else:
        kind = SPACED
    spaced = kind == SPACED or separator != "\uff1a//" and kind == FULL_WIDTH
    if spaced:
        rest = re.sub(r"[ \t]*/[ \t]*", "/", rest)
    return Shape(kind, sep_start, sep_end, f"{scheme}://{rest}", not spaced)


# A Markdown link as scanner.markup.broken_link hands it on: `[URL](text)`, `[text](URL`,
# `[text](URL with a blank)`.
_MARKDOWN_LINK = compiled_when_used(
    r"\[(?P<text>.*)\]\((?P<blanks>[ \t]*)(?P<target>.*?)(?P<close>\))?"
)


def markdown_shape(url: str) -> Shape | None:
    """What the near-URL `url` is where it is a Markdown link that Markdown reads as no link
    (SWAPPED, UNCLOSED; the span its whole text), or None. An UNCLOSED one's intended link
    is certain only where nothing follows the URL ("[a](https://x.org/p" at its line's
    end): a blank inside is a "%20", a "/" or a slip, which only its author knows."""
    match = _MARKDOWN_LINK.fullmatch(url)
    if match is None:
        return None
    text, target, closed = match.group("text"), match.group("target"), match.group("close")
    if closed and len(target) > 2 and target[0] in "\"'" and target[-1] == target[0]:
        return Shape(QUOTED, 0, len(url), f"[{text}]({target[1:-1]})", False)
    if "://" in text and closed and "://" not in target:
        return Shape(SWAPPED, 0, len(url), f"[{target}]({text})", False)
    if closed:
        return Shape(UNCLOSED, 0, len(url), f"[{text}]({target.replace(' ', '%20')})", False)
    if url[-1] in "]}>\uff09":  # typed for the ")" it stands where: `[a](https://x.org/a}`
        return Shape(UNCLOSED, 0, len(url), f"{url[:-1]})", False)
    return Shape(UNCLOSED, 0, len(url), f"{url})", False)


def glued_angle(text: str, url_start: int, url_end: int) -> int:
    """The offset of a ">" glued on the end of the URL text[url_start:url_end] that no "<"
    opens in its paragraph (a wrapper's, RFC 1738's appendix: `<URL:...>`; an autolink's; an
    HTML tag's), or -1. GitHub's Markdown takes it into the link; a reST hyperlink target
    (`.. _name: URL>`) into the URL."""
    if not text.startswith(">", url_end):
        return -1
    start = _paragraph_start(text, url_start)
    if text.rfind("<", start, url_start) > text.rfind(">", start, url_start):
        return -1  # `<https://x.org/a>`, `<img src=https://x.org/a>`, POD's `L<text\n|URL>`
    return url_end


def glued_backquote(text: str, url_start: int, url_end: int) -> int:
    """The offset of a backquote glued on the end of the URL text[url_start:url_end] in
    reST that closes interpreted text or a reference opened before it in its paragraph:
    `` `"A paper" https://x.org/a.pdf` `` (docutils shows a title, links nothing), `` `a
    paper https://x.org/a.pdf`_ `` (a reference to a target of that name: the URL of a
    link is written in `<...>`). Not a role's (`` :code:`...` ``) or an inline literal's
    (double backquotes), nor a link written right (`` `text <URL>`_ ``); else -1."""
    if not text.startswith("`", url_end) or text.startswith("``", url_end):
        return -1
    if text[url_start - 1 : url_start] == "<":
        return -1
    start = _paragraph_start(text, url_start)
    opening = text.rfind("`", start, url_start)
    if opening < 0 or text[opening - 1 : opening] in ("`", ":", "_"):
        return -1
    return url_end


def glued_quote(text: str, url_start: int, url_end: int) -> int:
    """The offset of a double quote glued on the end of the URL text[url_start:url_end] in
    running text that no quote before it on its line opens: quotes before it there, and
    they pair up (`"API docs":http://x.org/a.html"`, a Textile link), or -1. A quotation
    opened lines before is not read (it may close here), nor data whose quotes the lines
    before left open."""
    floor = max(url_start - _PARAGRAPH_LOOK, 0)
    line = text.rfind("\n", floor, url_start) + 1
    if line == 0 and floor > 0:
        return -1  # a line longer than the look back: its quotes are not counted
    before = text.count('"', line, url_start)
    return url_end if before and before % 2 == 0 else -1


def glued(text: str, url_start: int, url_end: int, markdown: bool) -> int:
    """The offset of a closing mark of the text glued on the end of the URL
    text[url_start:url_end] (GLUE_PAIRS; in `markdown`, GLUE_SENTENCE too), or -1: none
    stands there, or, but in `markdown`, its opening stands before the URL in its
    paragraph, not closed (the pair is the text's: a quotation may start lines before).
    GitHub's Markdown links `（https://x.org/a）` with the "）" whatever stands before: its
    autolinks end at a blank, and trim ASCII punctuation only."""
    if url_end >= len(text):
        return -1
    mark = text[url_end]
    opening = GLUE_PAIRS.get(mark)
    if opening is None or markdown:
        return url_end if markdown and (opening is not None or mark in GLUE_SENTENCE) else -1
    start = _paragraph_start(text, url_start)
    if text.rfind(opening, start, url_start) > text.rfind(mark, start, url_start):
        return -1
    return url_end


# How far back an opening mark is looked for, at most (a paragraph's length, a long one).
_PARAGRAPH_LOOK = 2000


def _paragraph_start(text: str, at: int) -> int:
    """Where the paragraph `at` stands in starts, or `_PARAGRAPH_LOOK` before `at`: each
    search back is bounded, so a long text with no blank line costs each URL no more."""
    floor = max(at - _PARAGRAPH_LOOK, 0)
    return max(text.rfind("\n\n", floor, at), floor)


def glued_shape(url: str) -> Shape | None:
    """What the near-URL `url` is where it is a URL and a closing mark glued on its end
    (GLUED: the scanner takes the mark in), or None."""
    if len(url) < 2 or url[-1] not in GLUED_MARKS:
        return None
    if url[0] == "[":
        return None  # a Markdown link's text (markdown_shape), which ends as it may
    return Shape(GLUED, len(url) - 1, len(url), url[:-1], False)


# A top label a host name is read to end with where a blank split it off its name
# (`https://example. org/`): the generic names and the country codes most text names,
# lower case. A word of a sentence after a URL's full stop is seldom one, and then seldom
# followed by "/" or the sentence's end.
_TOP_LABELS = frozenset(
    "com org net edu gov mil int io info biz dev app co us uk de fr jp cn ru ca au nl it "
    "es se no fi dk ch at be pl br in kr tw hk eu me tv cc xyz ai gg ly ie nz za mx ar cz "
    "gr hu pt ro tr ua il sg".split()
)
# After a URL that ends at a blank: the rest of its host (a top label, a port, a path), or a
# file's name after a path's last "/" (`paper/ report2015.pdf`), ending where a URL ends.
_HOST_REST = compiled_when_used(r"(?P<label>[a-z]{2,4})(?=[/:?#]|[.,;!?)]?(?:\s|\Z))")
# The extensions of the files and pages a URL's path names, which prose's words do not end
# with (split_end, dashed_end).
_PAGE_EXTENSION = (
    r"\.(?:pdf|s?html?|php|aspx?|jsp|zip|tar\.gz|tgz|gz|docx?|xlsx?|pptx?|txt|md|json|xml|"
    r"csv|png|jpe?g|gif|svg|mp4|mp3)"
)
_FILE_REST = compiled_when_used(
    rf"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*{_PAGE_EXTENSION}(?=[.,;!?)]?(?:\s|\Z))"
)


def split_end(text: str, url_start: int, url_end: int) -> int:
    """The end of the rest of the URL text[url_start:url_end] that blanks split off it, or
    -1: its host name's top label after "NAME. " (`https://example. org/a`), where the URL
    is a scheme, "//" and a name of no top label; after a path that ends in "/", a file's
    name (`https://x.org/paper/ report2015.pdf`) or a path's segment that only a URL writes
    (an escape, `/ %E2%9C%94x`; a slug and its fragment, `/ local-ssd#limits`); after a
    query's "=", a URL or a "www." name (`?to= www.x.org`). What follows the blanks must go
    on with the URL beyond doubt: a sentence's next word (`see http://x.org/ first.`) does
    not."""
    if text.startswith(". ", url_end):
        match = _HOST_REST.match(text, url_end + 2)
        if match is None or match.group("label") not in _TOP_LABELS:
            return -1
        host = text[url_start:url_end].partition("://")[2]
        if not host or not _BARE_NAME.fullmatch(host) or host.rsplit(".", 1)[-1] in _TOP_LABELS:
            return -1
        return _path_end(text, match.end(), spaced=False)
    last = text[url_end - 1 : url_end] if url_end > url_start else ""
    if last not in ("/", "=") or not text.startswith(" ", url_end):
        return -1
    rest = url_end + 1
    while rest < url_end + _BLANKS_MOST and text.startswith(" ", rest):
        rest += 1
    if last == "=":  # a query's value after "= ": a URL or a host name (`?to= www.x.org`)
        match = _VALUE_REST.match(text, rest)
    elif text.find("/", text.find("://", url_start, url_end) + 3, url_end - 1) < 0:
        return -1  # no path: "https://x.org/ report.pdf" names a site, then a file
    else:
        match = _FILE_REST.match(text, rest) or _PATH_REST.match(text, rest)
    return -1 if match is None else _untrailed(text, match.start(), match.end())


def _untrailed(text: str, start: int, end: int) -> int:
    """The end of text[start:end] with sentence punctuation (`_TRAILING`) trimmed."""
    while end > start and text[end - 1] in _TRAILING:
        end -= 1
    return end


_SCHEME_AND_SLASHES = compiled_when_used(r"[A-Za-z][A-Za-z0-9+.-]*://")
# A few blanks at most, as a line wrapped by a tool leaves them; a segment only a URL
# writes, and a query's value that is a URL or a host (what split_end reads after them).
_BLANKS_MOST = 3
_PATH_REST = compiled_when_used(
    r"(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9._~%]*[-_][A-Za-z0-9._~%-]*#(?=[^\s#]))"
    r"[^\s\"'<>()\[\]]*"
)
_VALUE_REST = compiled_when_used(r"(?:www\.|https?://)[A-Za-z0-9-]+\.[^\s\"'<>()\[\]]*")


def split_in_a_value(text: str, url_end: int, value_end: int) -> int:
    """`value_end` where a string literal's value, from a URL that ends at a blank at
    `url_end` to `value_end`, is that URL and more of its path: what follows holds no other
    URL and ends as a path does (a "/", a file's extension, a fragment: `".../Postman
    v11.84.2 (x64).exe#/dl.7z"`), or -1 (a message: `"https://x.org is down"`)."""
    rest = text[url_end:value_end]
    if "://" in rest or _VALUE_PATH_END.search(rest) is None:
        return -1
    return value_end


# How a URL's path that blanks split ends in a literal's value: a file's extension, a
# fragment or a query after one, or a "/".
_VALUE_PATH_END = compiled_when_used(r"(?:\.[A-Za-z0-9]{1,5}(?:[#?][^\s]*)?|/)\Z")
# A host name's labels, no top label yet: what a URL split after "NAME." holds.
_BARE_NAME = compiled_when_used(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")


def split_shape(url: str, in_a_value: bool = False) -> Shape | None:
    """What the near-URL `url` is where it is a URL a blank split (SPLIT, read by
    `split_end`): the blank, and the URL without it, certain where a host name was split
    (its top label is certain) and not where a path was (a "%20", a "-" or nothing may
    have been meant); `in_a_value` (a string literal's, split_in_a_value), the URL with
    each blank escaped, as the program that reads it sends it."""
    blank = url.find(" ")
    if blank < 0 or _SCHEME_AND_SLASHES.match(url, 0, blank) is None:
        return None  # a Markdown link's text (markdown_shape), or no URL's
    after = len(url) - len(url[blank:].lstrip(" "))
    if in_a_value and url[blank - 1] != ".":  # a program reads a literal's value: each
        # blank but a host name's as a space it escapes
        return Shape(SPLIT, blank, after, url.replace(" ", "%20"), False)
    intended = url[:blank] + url[after:]
    return Shape(SPLIT, blank, after, intended, url[blank - 1] == ".")


def word_shape(url: str) -> Shape | None:
    """What the near-URL `url` is where a word is glued on before its scheme with no blank
    (WORD; the scanner reads the URL from the scheme: bare.glued_on): the word, and the URL
    without it, not certain (a blank may have been meant, or nothing of the word)."""
    colon = url.find("://")
    glued = glued_before_scheme(url[:colon]) if colon > 0 else 0
    if not glued:
        return None
    return Shape(WORD, 0, glued, url[glued:], False)


# Every mark read as glued on a URL's end, somewhere.
GLUED_MARKS = frozenset(GLUE_PAIRS) | frozenset(GLUE_SENTENCE) | frozenset(GLUE_IN_A_VALUE)


# The rest of a path glued on after a dash (body.DASHES) that only a URL writes: a "_", a
# "/", or a page's extension (`wiki/Red–black_tree`, `www.ibm.com—copytrade.shtml`), not a
# sentence's next word (`https://x.org—the site`).
_DASHED_REST = compiled_when_used(
    rf"[A-Za-z0-9][A-Za-z0-9.~%-]*(?:[_/][A-Za-z0-9_.~%/-]*|{_PAGE_EXTENSION})"
    r"(?![A-Za-z0-9_~%/-])"
)


def dashed_end(text: str, url_end: int) -> int:
    """The end of the rest of a URL that a dash at `url_end` splits off it (`DASHES`,
    `_DASHED_REST`), sentence punctuation trimmed, or -1."""
    match = _DASHED_REST.match(text, url_end + 1)
    return -1 if match is None else _untrailed(text, match.start(), match.end())


def dashed_shape(url: str) -> Shape | None:
    """What the near-URL `url` is where a dash splits a URL and the rest of its path
    (DASHED): the dash, and the URL meant with an ASCII hyphen, not certain (an em dash
    often stands for a "/" a converter took)."""
    at = next((index for index, char in enumerate(url) if char in DASHES), -1)
    if at <= 0 or _SCHEME_AND_SLASHES.match(url, 0, at) is None:
        return None
    return Shape(DASHED, at, at + 1, f"{url[:at]}-{url[at + 1 :]}", False)
