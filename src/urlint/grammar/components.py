"""A URL's components (`ParsedURL`) and how each scheme of RFC 1738 section 3 reads them.

How each scheme divides its url-path into them: one reader per scheme; `schemes.SCHEMES`
says which scheme uses which.

`grammar.parse` reads the scheme, the login and hostport (section 3.1) and the fragment,
then hands the rest to the scheme's reader. Readers are lenient: they find where each
component lies even when the text breaks the grammar, so a rule can point at it."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

Offsets = tuple[int, int]


class ParsedURL:
    """The components of `url`, each as (start, end) offsets into it, None when absent.

    Every URL may have: fragment (after "#"); an IP-based one (section 3.1)
    authority (after "//"), userinfo, user, password, host, port, then path (after the
    "/" that ends the authority) or rest (what follows the authority without a "/",
    "http://host?q"); any other has opaque (the scheme-specific part). Per scheme:
      ftp: typecode (after ";type="), typecode_part (";type=..."), segments
      http, https: search (after "?"), segments
      gopher: gtype, selector, search, gopher_plus
      mailto: address, headers (after "?")
      news: group or article
      nntp: group, article, extra (anything after the article number)
      telnet: extra (anything after the final "/")
      wais: database, search, wtype, wpath
      file: segments
      prospero: hsoname, fields (one span per ";field=value")

    Absent components are the class's None, so a URL pays only for those it has; a
    misspelt name is an AttributeError (and a type error), never a silent None.
    """

    scheme: str = ""  # lower case; "" when the text starts with no scheme
    scheme_span: Offsets = (0, 0)  # empty when there is no scheme
    fragment: Offsets | None = None
    opaque: Offsets | None = None
    authority: Offsets | None = None
    userinfo: Offsets | None = None
    user: Offsets | None = None
    password: Offsets | None = None
    host: Offsets | None = None
    port: Offsets | None = None
    path: Offsets | None = None
    rest: Offsets | None = None
    segments: Sequence[Offsets] = ()
    typecode: Offsets | None = None
    typecode_part: Offsets | None = None
    search: Offsets | None = None
    gtype: Offsets | None = None
    selector: Offsets | None = None
    gopher_plus: Offsets | None = None
    address: Offsets | None = None
    headers: Offsets | None = None
    group: Offsets | None = None
    article: Offsets | None = None
    extra: Offsets | None = None
    database: Offsets | None = None
    wtype: Offsets | None = None
    wpath: Offsets | None = None
    hsoname: Offsets | None = None
    fields: Sequence[Offsets] = ()

    def __init__(self, url: str) -> None:
        self.url = url

    @property
    def ip_based(self) -> bool:
        """Was it read by section 3.1's common syntax ("//" login)?"""
        return self.authority is not None

    def text(self, span: Offsets | None) -> str | None:
        """The text of a component (`parsed.text(parsed.host)`), None when it is absent."""
        return None if span is None else self.url[span[0] : span[1]]


def _split(url: str, start: int, end: int, sep: str) -> list[Offsets]:
    spans = []
    while True:
        cut = url.find(sep, start, end)
        if cut < 0:
            spans.append((start, end))
            return spans
        spans.append((start, cut))
        start = cut + len(sep)


def read_ftp(parsed: ParsedURL, end: int) -> None:
    """Read an ftp URL's path segments and its ";type=" typecode (section 3.2.2).

    <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
    """
    path = parsed.path
    if path is None:
        return
    url = parsed.url
    path_end = path[1]
    semi = url.rfind(";", path[0], path[1])
    if semi >= 0 and url[semi : semi + 6].lower() == ";type=" and url.find("/", semi, path[1]) < 0:
        parsed.typecode_part = (semi, path[1])
        parsed.typecode = (semi + 6, path[1])
        path_end = semi
    parsed.segments = _split(url, path[0], path_end, "/")


def read_http(parsed: ParsedURL, end: int) -> None:
    """Read an http URL's path segments and its search part (section 3.3).

    http://<host>:<port>/<path>?<searchpart>; the search part may follow the host with no
    "/" before it ("http://host?q").
    """
    url = parsed.url
    path = parsed.path
    rest = parsed.rest
    if path is not None:
        question = url.find("?", path[0], path[1])
        if question >= 0:
            parsed.search = (question + 1, path[1])
            path = parsed.path = (path[0], question)
        parsed.segments = _split(url, path[0], path[1], "/")
    elif rest is not None and url[rest[0]] == "?":
        parsed.search = (rest[0] + 1, rest[1])


def read_gopher(parsed: ParsedURL, end: int) -> None:
    """Read a gopher URL's type, selector, search and gopher+ string (section 3.4.1).

    <gophertype><selector>%09<search>%09<gopher+_string>; the type is one character, or
    one %-escape.
    """
    path = parsed.path
    if path is None or path[0] == path[1]:
        return
    url = parsed.url
    start, stop = path
    gtype_end = start + 3 if url[start] == "%" and stop - start >= 3 else start + 1
    parsed.gtype = (start, gtype_end)
    lower = url.lower()
    tab = lower.find("%09", gtype_end, stop)
    if tab < 0:
        parsed.selector = (gtype_end, stop)
        return
    parsed.selector = (gtype_end, tab)
    second = lower.find("%09", tab + 3, stop)
    if second < 0:
        parsed.search = (tab + 3, stop)
    else:
        parsed.search = (tab + 3, second)
        parsed.gopher_plus = (second + 3, stop)


def read_mailto(parsed: ParsedURL, end: int) -> None:
    """Read a mailto URL's address, and the headers after a "?" (section 3.5).

    mailto:<rfc822-addr-spec>; the "?" headers are RFC 2368's, not RFC 1738's.
    """
    if parsed.opaque is None:
        return
    start = parsed.opaque[0]
    question = parsed.url.find("?", start, end)
    if question >= 0:
        parsed.address = (start, question)
        parsed.headers = (question + 1, end)
    else:
        parsed.address = (start, end)


def read_news(parsed: ParsedURL, end: int) -> None:
    """Read a news URL as a newsgroup or a message-id (section 3.6).

    news:<newsgroup-name> | news:<message-id>; "@" tells them apart. Under --target rfc3986
    the server RFC 5538 lets come first (news://server/group) is read as an authority, and
    the group or message-id is the path after it.
    """
    span = parsed.opaque if parsed.opaque is not None else parsed.path
    if span is None:
        return
    if "@" in parsed.url[span[0] : span[1]]:
        parsed.article = span
    else:
        parsed.group = span


def read_nntp(parsed: ParsedURL, end: int) -> None:
    """Read an nntp URL's group and article number, and anything after them (section 3.7).

    nntp://<host>:<port>/<newsgroup-name>/<article-number>
    """
    path = parsed.path
    if path is None:
        return
    pieces = _split(parsed.url, path[0], path[1], "/")
    parsed.group = pieces[0]
    if len(pieces) > 1:
        parsed.article = pieces[1]
    if len(pieces) > 2:
        parsed.extra = (pieces[2][0] - 1, path[1])


def read_telnet(parsed: ParsedURL, end: int) -> None:
    """Read what a telnet URL has after its final "/" (section 3.8), which should be nothing.

    telnet://<user>:<password>@<host>:<port>/ ; the final "/" may go.
    """
    path = parsed.path
    if path is not None and path[0] < path[1]:
        parsed.extra = path
    rest = parsed.rest
    if rest is not None:
        parsed.extra = rest


def read_wais(parsed: ParsedURL, end: int) -> None:
    """Read a wais URL's database, and its search or its wtype and wpath (section 3.9).

    /<database>, /<database>?<search>, /<database>/<wtype>/<wpath>
    """
    path = parsed.path
    if path is None:
        return
    url = parsed.url
    start, stop = path
    question = url.find("?", start, stop)
    slash = url.find("/", start, stop)
    if question >= 0 and (slash < 0 or question < slash):
        parsed.database = (start, question)
        parsed.search = (question + 1, stop)
        return
    if slash < 0:
        parsed.database = (start, stop)
        return
    parsed.database = (start, slash)
    second = url.find("/", slash + 1, stop)
    if second < 0:
        parsed.wtype = (slash + 1, stop)  # a wtype with no wpath: S416
        return
    parsed.wtype = (slash + 1, second)
    parsed.wpath = (second + 1, stop)


def read_file(parsed: ParsedURL, end: int) -> None:
    """Read a file URL's path segments (section 3.10: file://<host>/<path>)."""
    path = parsed.path
    if path is not None:
        parsed.segments = _split(parsed.url, path[0], path[1], "/")


def read_prospero(parsed: ParsedURL, end: int) -> None:
    """Read a prospero URL's hsoname and its ";field=value" fields (section 3.11).

    prospero://<host>:<port>/<hsoname>;<field>=<value>
    """
    path = parsed.path
    if path is None:
        return
    url = parsed.url
    semi = url.find(";", path[0], path[1])
    if semi < 0:
        parsed.hsoname = path
        return
    parsed.hsoname = (path[0], semi)
    parsed.fields = [(a - 1, b) for a, b in _split(url, semi + 1, path[1], ";")]
