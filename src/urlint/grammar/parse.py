"""A URL read into its components, each with its offsets in the URL (RFC 1738 sections 3, 5).

The reading is lenient by design: it finds where each component of section 3's forms lies
even when the text breaks the grammar, so that a rule can say *which* component is wrong
and point at it. Whether a component conforms is the rules' business (`abnf` holds the
strict patterns). Reading is plain string work: one pass of `find`s per URL.
"""

from __future__ import annotations

import re

from ..schemes import IP_SCHEMES
from .login import Login, first_of, read_login

# abnf.SCHEME, on the standard engine: every URL is read, and most need no `regex` at all.
_SCHEME = re.compile(r"[A-Za-z0-9+.\-]+")

# Sections 3.5 and 3.6: an address or a group/message-id, never "//" login.
OPAQUE_SCHEMES = frozenset({"mailto", "news"})

# Default ports (sections 3.2-3.11; https: RFC 2818).
DEFAULT_PORTS = {
    "ftp": 21, "http": 80, "https": 443, "gopher": 70, "nntp": 119, "telnet": 23,
    "wais": 210, "prospero": 1525,
}

Offsets = tuple[int, int]


class ParsedURL:
    """Components of `url`, as (start, end) offsets into it. Missing ones are absent.

    Names: scheme, authority (after "//"), userinfo, user, password, host, port, path
    (the url-path: after the "/" that ends the authority, section 3.1), fragment (after
    "#"), and per scheme:
      ftp: typecode (after ";type="), typecode_part (";type=..."), segments
      http/https: search (after "?"), segments
      gopher: gtype, selector, search, gopher_plus
      mailto: address, headers (after "?")
      news: group or article
      nntp: group, article, extra (anything after the article number)
      telnet: extra (anything after the final "/")
      wais: database, search, wtype, wpath, extra
      file: segments
      prospero: hsoname, fields (one span per ";field=value")
      other schemes: opaque (the scheme-specific part) unless it starts with "//"
    """

    __slots__ = ("url", "scheme", "parts", "segments", "fields")

    def __init__(self, url: str) -> None:
        self.url = url
        self.scheme = ""  # lower case; "" when the text starts with no scheme
        self.parts: dict[str, Offsets] = {}
        self.segments: list[Offsets] = []
        self.fields: list[Offsets] = []

    @property
    def ip_based(self) -> bool:
        return "authority" in self.parts

    def span(self, name: str) -> Offsets | None:
        return self.parts.get(name)

    def text(self, name: str) -> str | None:
        span = self.parts.get(name)
        return None if span is None else self.url[span[0] : span[1]]

    def has(self, name: str) -> bool:
        return name in self.parts


def parse(url: str) -> ParsedURL:
    """Read `url` into components (never raises; a URL with no scheme has scheme "")."""
    parsed = ParsedURL(url)
    colon = url.find(":")
    if colon <= 0 or not _SCHEME.fullmatch(url, 0, colon):
        return parsed
    parsed.scheme = url[:colon].lower()
    parsed.parts["scheme"] = (0, colon)
    start = colon + 1
    authority = url.startswith("//", start) and parsed.scheme not in OPAQUE_SCHEMES
    # The login may hold a "#" (section 6: hide more; grammar.login), so the fragment
    # starts at the first "#" after it.
    login = read_login(url, start + 2, scheme=parsed.scheme) if authority else None
    hash_at = url.find("#", start if login is None else login.at)
    end = len(url) if hash_at < 0 else hash_at
    if hash_at >= 0:
        parsed.parts["fragment"] = (hash_at + 1, len(url))
    if authority:
        start = _read_authority(parsed, start + 2, end, login)
        if start < end and url[start] == "/":
            parsed.parts["path"] = (start + 1, end)
        elif start < end:
            parsed.parts["rest"] = (start, end)  # "http://host?q": no "/" before the search
    elif parsed.scheme not in IP_SCHEMES:
        parsed.parts["opaque"] = (start, end)
    else:
        parsed.parts["opaque"] = (start, end)  # "http:foo": S406 reads this
        return parsed
    reader = _SCHEME_READERS.get(parsed.scheme)
    if reader is not None:
        reader(parsed, end)
    return parsed


def _read_authority(parsed: ParsedURL, start: int, end: int, login: Login | None) -> int:
    """Read login (as grammar.login reads it) and hostport from `start` (just after "//");
    return where they end."""
    url = parsed.url
    host_start = start if login is None else login.at + 1
    stop = first_of(url, "/?#", host_start, end)
    parsed.parts["authority"] = (start, stop)
    if login is not None:
        parsed.parts["userinfo"] = (start, login.at)
        parsed.parts["user"] = login.user
        if login.password is not None:
            parsed.parts["password"] = login.password
    host_end = stop
    if url.startswith("[", host_start):  # an RFC 2732 literal: no such host in RFC 1738
        close = url.find("]", host_start, stop)
        host_end = close + 1 if close >= 0 else stop
        port_colon = url.find(":", host_end, stop)
    else:
        port_colon = url.rfind(":", host_start, stop)
    if port_colon >= 0:
        parsed.parts["port"] = (port_colon + 1, stop)
        host_end = min(host_end, port_colon)
    parsed.parts["host"] = (host_start, host_end)
    return stop


def _split(url: str, start: int, end: int, sep: str) -> list[Offsets]:
    spans = []
    while True:
        cut = url.find(sep, start, end)
        if cut < 0:
            spans.append((start, end))
            return spans
        spans.append((start, cut))
        start = cut + len(sep)


def _read_ftp(parsed: ParsedURL, end: int) -> None:
    # Section 3.2.2: <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
    path = parsed.parts.get("path")
    if path is None:
        return
    url = parsed.url
    path_end = path[1]
    semi = url.rfind(";", path[0], path[1])
    if semi >= 0 and url[semi : semi + 6].lower() == ";type=" and url.find("/", semi, path[1]) < 0:
        parsed.parts["typecode_part"] = (semi, path[1])
        parsed.parts["typecode"] = (semi + 6, path[1])
        path_end = semi
    parsed.segments = _split(url, path[0], path_end, "/")


def _read_http(parsed: ParsedURL, end: int) -> None:
    # Section 3.3: http://<host>:<port>/<path>?<searchpart>
    url = parsed.url
    path = parsed.parts.get("path")
    rest = parsed.parts.get("rest")
    if path is not None:
        question = url.find("?", path[0], path[1])
        if question >= 0:
            parsed.parts["search"] = (question + 1, path[1])
            parsed.parts["path"] = (path[0], question)
        parsed.segments = _split(url, *parsed.parts["path"], "/")
    elif rest is not None and url[rest[0]] == "?":
        parsed.parts["search"] = (rest[0] + 1, rest[1])


def _read_gopher(parsed: ParsedURL, end: int) -> None:
    # Section 3.4.1: <gophertype><selector>%09<search>%09<gopher+_string>
    path = parsed.parts.get("path")
    if path is None or path[0] == path[1]:
        return
    url = parsed.url
    start, stop = path
    gtype_end = start + 3 if url[start] == "%" and stop - start >= 3 else start + 1
    parsed.parts["gtype"] = (start, gtype_end)
    lower = url.lower()
    tab = lower.find("%09", gtype_end, stop)
    if tab < 0:
        parsed.parts["selector"] = (gtype_end, stop)
        return
    parsed.parts["selector"] = (gtype_end, tab)
    second = lower.find("%09", tab + 3, stop)
    if second < 0:
        parsed.parts["search"] = (tab + 3, stop)
    else:
        parsed.parts["search"] = (tab + 3, second)
        parsed.parts["gopher_plus"] = (second + 3, stop)


def _read_mailto(parsed: ParsedURL, end: int) -> None:
    # Section 3.5: mailto:<rfc822-addr-spec>
    start = parsed.parts["opaque"][0]
    question = parsed.url.find("?", start, end)
    if question >= 0:
        parsed.parts["address"] = (start, question)
        parsed.parts["headers"] = (question + 1, end)
    else:
        parsed.parts["address"] = (start, end)


def _read_news(parsed: ParsedURL, end: int) -> None:
    # Section 3.6: news:<newsgroup-name> | news:<message-id>; "@" tells them apart
    opaque = parsed.parts.get("opaque")
    if opaque is None:
        return
    kind = "article" if "@" in parsed.url[opaque[0] : opaque[1]] else "group"
    parsed.parts[kind] = opaque


def _read_nntp(parsed: ParsedURL, end: int) -> None:
    # Section 3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>
    path = parsed.parts.get("path")
    if path is None:
        return
    pieces = _split(parsed.url, path[0], path[1], "/")
    parsed.parts["group"] = pieces[0]
    if len(pieces) > 1:
        parsed.parts["article"] = pieces[1]
    if len(pieces) > 2:
        parsed.parts["extra"] = (pieces[2][0] - 1, path[1])


def _read_telnet(parsed: ParsedURL, end: int) -> None:
    # Section 3.8: telnet://<user>:<password>@<host>:<port>/ ; the final "/" may go
    path = parsed.parts.get("path")
    if path is not None and path[0] < path[1]:
        parsed.parts["extra"] = path
    rest = parsed.parts.get("rest")
    if rest is not None:
        parsed.parts["extra"] = rest


def _read_wais(parsed: ParsedURL, end: int) -> None:
    # Section 3.9: /<database>, /<database>?<search>, /<database>/<wtype>/<wpath>
    path = parsed.parts.get("path")
    if path is None:
        return
    url = parsed.url
    start, stop = path
    question = url.find("?", start, stop)
    slash = url.find("/", start, stop)
    if question >= 0 and (slash < 0 or question < slash):
        parsed.parts["database"] = (start, question)
        parsed.parts["search"] = (question + 1, stop)
        return
    if slash < 0:
        parsed.parts["database"] = (start, stop)
        return
    parsed.parts["database"] = (start, slash)
    second = url.find("/", slash + 1, stop)
    if second < 0:
        parsed.parts["wtype"] = (slash + 1, stop)  # a wtype with no wpath: S416
        return
    parsed.parts["wtype"] = (slash + 1, second)
    parsed.parts["wpath"] = (second + 1, stop)


def _read_file(parsed: ParsedURL, end: int) -> None:
    # Section 3.10: file://<host>/<path>
    path = parsed.parts.get("path")
    if path is not None:
        parsed.segments = _split(parsed.url, path[0], path[1], "/")


def _read_prospero(parsed: ParsedURL, end: int) -> None:
    # Section 3.11: prospero://<host>:<port>/<hsoname>;<field>=<value>
    path = parsed.parts.get("path")
    if path is None:
        return
    url = parsed.url
    semi = url.find(";", path[0], path[1])
    if semi < 0:
        parsed.parts["hsoname"] = path
        return
    parsed.parts["hsoname"] = (path[0], semi)
    parsed.fields = [(a - 1, b) for a, b in _split(url, semi + 1, path[1], ";")]


_SCHEME_READERS = {
    "ftp": _read_ftp,
    "http": _read_http,
    "https": _read_http,
    "gopher": _read_gopher,
    "mailto": _read_mailto,
    "news": _read_news,
    "nntp": _read_nntp,
    "telnet": _read_telnet,
    "wais": _read_wais,
    "file": _read_file,
    "prospero": _read_prospero,
}
