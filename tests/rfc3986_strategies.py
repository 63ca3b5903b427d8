"""Hypothesis strategies for URIs by RFC 3986 Appendix A and the scheme RFCs' ABNF, and the
test's own recognisers of each production.

Each strategy and pattern sits under the ABNF line it implements. This is the test's own
reading of the grammars, independent of urlint's, so that the two check each other. The
patterns are for the `regex` package, whose partial matching tells where a text leaves a
production.
"""

from __future__ import annotations

import re

import regex
from hypothesis import strategies as st

MAX = 6  # keep generated parts short: a wrapped URL stays within the scanner's limits

ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGIT = "0123456789"
HEXDIG = DIGIT + "ABCDEFabcdef"
# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
UNRESERVED = ALPHA + DIGIT + "-._~"
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
SUB_DELIMS = "!$&'()*+,;="


def chars(alphabet: str, min_size: int = 0, max_size: int = MAX) -> st.SearchStrategy[str]:
    return st.text(st.sampled_from(alphabet), min_size=min_size, max_size=max_size)


def star(
    item: st.SearchStrategy[str], min_size: int = 0, max_size: int = MAX
) -> st.SearchStrategy[str]:
    return st.lists(item, min_size=min_size, max_size=max_size).map("".join)


# pct-encoded = "%" HEXDIG HEXDIG
pct_encoded = st.builds(lambda a, b: "%" + a + b, st.sampled_from(HEXDIG), st.sampled_from(HEXDIG))


def one_of_chars(alphabet: str) -> st.SearchStrategy[str]:
    """One of `alphabet`, or a pct-encoded octet."""
    return st.one_of(st.sampled_from(alphabet), pct_encoded)


# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
pchar = one_of_chars(UNRESERVED + SUB_DELIMS + ":@")
# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
scheme = st.builds(lambda a, rest: a + rest, st.sampled_from(ALPHA), chars(ALPHA + DIGIT + "+-."))
# userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
userinfo = star(one_of_chars(UNRESERVED + SUB_DELIMS + ":"))
# dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
dec_octet = st.integers(0, 255).map(str)
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
ipv4address = st.lists(dec_octet, min_size=4, max_size=4).map(".".join)
# h16 = 1*4HEXDIG
h16 = chars(HEXDIG, 1, 4)
# IPv6address: eight h16 groups, or fewer with one "::" for the run of zero groups left out.
ipv6address = st.one_of(
    st.lists(h16, min_size=8, max_size=8).map(":".join),
    st.integers(0, 7)
    .flatmap(lambda n: st.tuples(st.lists(h16, min_size=n, max_size=n), st.integers(0, n)))
    .map(lambda drawn: ":".join(drawn[0][: drawn[1]]) + "::" + ":".join(drawn[0][drawn[1] :])),
)
# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
ipvfuture = st.builds(
    lambda v, rest: "v" + v + "." + rest,
    chars(HEXDIG, 1, 3),
    chars(UNRESERVED + SUB_DELIMS + ":", 1),
)
# IP-literal = "[" ( IPv6address / IPvFuture ) "]"
ip_literal = st.one_of(ipv6address, ipvfuture).map(lambda inside: "[" + inside + "]")
# reg-name = *( unreserved / pct-encoded / sub-delims )
reg_name = star(one_of_chars(UNRESERVED + SUB_DELIMS))
# host = IP-literal / IPv4address / reg-name
host = st.one_of(ip_literal, ipv4address, reg_name)
# port = *DIGIT
port = chars(DIGIT, 0, 5)
# authority = [ userinfo "@" ] host [ ":" port ]
authority = st.builds(
    lambda u, h, p: (u + "@" if u is not None else "") + h + (":" + p if p is not None else ""),
    st.one_of(st.none(), userinfo),
    host,
    st.one_of(st.none(), port),
)
segment = star(pchar)  # segment = *pchar
segment_nz = star(pchar, min_size=1)  # segment-nz = 1*pchar
# path-abempty = *( "/" segment )
path_abempty = st.lists(segment, max_size=3).map(lambda parts: "".join("/" + p for p in parts))
# path-absolute = "/" [ segment-nz *( "/" segment ) ]
path_absolute = st.one_of(
    st.just("/"),
    st.builds(
        lambda first, rest: "/" + first + "".join("/" + p for p in rest),
        segment_nz,
        st.lists(segment, max_size=2),
    ),
)
# path-rootless = segment-nz *( "/" segment )
path_rootless = st.builds(
    lambda first, rest: first + "".join("/" + p for p in rest),
    segment_nz,
    st.lists(segment, max_size=2),
)
# query = *( pchar / "/" / "?" ); fragment = *( pchar / "/" / "?" )
query = star(st.one_of(pchar, st.sampled_from("/?")))
fragment = query
# hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
hier_part = st.one_of(
    st.builds(lambda a, p: "//" + a + p, authority, path_abempty),
    path_absolute,
    path_rootless,
    st.just(""),
)


def _with_query_and_fragment(head: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(
        lambda h, q, f: h + ("?" + q if q is not None else "") + ("#" + f if f is not None else ""),
        head,
        st.one_of(st.none(), query),
        st.one_of(st.none(), fragment),
    )


# URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ], of a scheme urlint reads by the
# generic syntax alone: none of the ones whose RFCs the scheme strategies below draw, nor a
# name a scanner takes for something else.
_NAMED = {
    "http",
    "https",
    "ftp",
    "file",
    "mailto",
    "news",
    "nntp",
    "telnet",
    "gopher",
    "wais",
    "prospero",
    "urn",
    "tel",
    "fax",
    "sip",
    "sips",
    "data",
    "cid",
    "mid",
    "xmpp",
    "magnet",
    "geo",
    "afs",
    "nfs",
    "tn3270",
    "mailserver",
    "ws",
    "wss",
}
generic_uri = _with_query_and_fragment(
    st.builds(
        lambda s, h: s + ":" + h,
        scheme.filter(
            lambda name: name.lower() not in _NAMED and not name.lower().startswith("x-")
        ),
        hier_part,
    )
)

# RFC 9110 section 4.2.1: http-URI = "http" "://" authority path-abempty [ "?" query ];
# 4.2.2: https-URI likewise. A sender MUST NOT generate the userinfo (4.2.4), nor an empty
# host (4.2.1).
http_host = st.one_of(ip_literal, ipv4address, star(one_of_chars(UNRESERVED + SUB_DELIMS), 1))
http_uri = _with_query_and_fragment(
    st.builds(
        lambda s, h, p, path: s + "://" + h + (":" + p if p is not None else "") + path,
        st.sampled_from(["http", "https"]),
        http_host,
        st.one_of(st.none(), chars(DIGIT, 1, 5)),
        path_abempty,
    )
)

# RFC 5322 section 3.2.3: atext; dot-atom-text = 1*atext *("." 1*atext). RFC 6068 section 2
# rule 1: in the URI, an addr-spec's "/", "?", "#", "[", "]", "%", "&", ";" and "=" are
# percent-encoded, as are the characters a URI cannot hold.
ATEXT = ALPHA + DIGIT + "!#$%&'*+-/=?^_`{|}~"
_AS_WRITTEN = ALPHA + DIGIT + "!$'*+-_~."  # what of dot-atom-text a URI holds as it is


def _encoded(text: str) -> str:
    return "".join(char if char in _AS_WRITTEN else f"%{ord(char):02X}" for char in text)


dot_atom_text = st.lists(chars(ATEXT, 1, 4), min_size=1, max_size=3).map(".".join)
# addr-spec = local-part "@" domain (dot-atom-text both, here), encoded
# (A domain's escapes stand for UTF-8 only, rule 4: its atext is what a URI holds as it is.)
addr_spec = st.builds(
    lambda local, domain: _encoded(local) + "@" + domain,
    dot_atom_text,
    st.lists(chars(_AS_WRITTEN.replace(".", ""), 1, 4), min_size=1, max_size=3).map(".".join),
)
# to = addr-spec *("," addr-spec)
to = st.lists(addr_spec, min_size=1, max_size=2).map(",".join)
# qchar = unreserved / pct-encoded / some-delims
qchar = one_of_chars(UNRESERVED + "!$'()*+,;:@")
# hfields = "?" hfield *( "&" hfield ); hfield = hfname "=" hfvalue
hfields = st.lists(
    st.builds(lambda n, v: n + "=" + v, star(qchar), star(qchar)), min_size=1, max_size=2
).map(lambda fields: "?" + "&".join(fields))
# mailtoURI = "mailto:" [ to ] [ hfields ]
mailto_uri = st.builds(
    lambda t, h: "mailto:" + (t or "") + (h or ""),
    st.one_of(st.none(), to),
    st.one_of(st.none(), hfields),
).filter(lambda uri: uri != "mailto:")  # (alone, a label in prose to the scanner)

# RFC 5538 section 3: nntpURL = "nntp:" server "/" group [ "/" article-number ], server =
# "//" authority (a host here), group = 1*( group-char / pct-encoded ), article-number =
# 1*16DIGIT.
group = star(one_of_chars(ALPHA + DIGIT + "-+_."), min_size=1)
nntp_uri = st.builds(
    lambda h, g, n: "nntp://" + h + "/" + g + ("/" + n if n is not None else ""),
    http_host,
    group,
    st.one_of(st.none(), chars(DIGIT, 1, 16)),
)

# RFC 8089 section 2: file-URI = "file:" file-hier-part, file-hier-part = ( "//" auth-path )
# / local-path, auth-path = [ file-auth ] path-absolute, file-auth = "localhost" / host.
file_uri = st.one_of(
    st.builds(
        lambda h, p: "file://" + h + p,
        st.one_of(st.just(""), st.just("localhost"), ip_literal, ipv4address, reg_name),
        path_absolute,
    ),
    path_absolute.map(lambda p: "file:" + p),
)

# RFC 5538 section 4: newsURL = "news:" [ server "/" ] ( article / newsgroups ), newsgroups
# = *( group-char / pct-encoded / "*" ) (a wildmat, possibly empty: news://server/ is its
# example), article = msg-id-core: one "@" between text each side of what a path segment
# holds but "@" (its "/", "?", "#", "[", "]" and "%" percent-encoded), no %3E (">").
wildmat = star(one_of_chars(ALPHA + DIGIT + "-+_.*")).filter(
    lambda text: text == "" or text.strip(".") != ""  # (dots alone: an elision to the scanner)
)
_ID_SIDE = UNRESERVED + "!$&'()*+,;=:"
_NO_GT = st.builds(
    lambda a, b: "%" + a + b, st.sampled_from(HEXDIG), st.sampled_from(HEXDIG)
).filter(lambda escape: escape.upper() != "%3E")
message_id = st.builds(
    lambda local, domain: local + "@" + domain,
    star(st.one_of(st.sampled_from(_ID_SIDE), _NO_GT), min_size=1),
    star(st.one_of(st.sampled_from(_ID_SIDE), _NO_GT), min_size=1),
)
news_uri = st.builds(
    lambda server, body: "news:" + ("//" + server + "/" if server is not None else "") + body,
    st.one_of(st.none(), http_host),
    st.one_of(group, wildmat, message_id),
).filter(lambda uri: uri != "news:")  # (alone, a label in prose to the scanner)


def _login(user: str | None, password: str | None) -> str:
    """A login as RFC 1738 section 3.1 writes it before the host: "user:password@", "user@",
    or nothing where there is no user."""
    if user is None:
        return ""
    return user + (":" + password if password is not None else "") + "@"


# RFC 4248 section 2: telnet://<user>:<password>@<host>:<port>/, "The final "/" character may
# be omitted", the login as RFC 1738 section 5 writes it (a password holds no ":"), in an
# RFC 3986 authority (no "?" in it: section 3.2 ends the authority there).
_LOGIN_CHARS = UNRESERVED + SUB_DELIMS
telnet_uri = st.builds(
    lambda user, password, h, p, slash: (
        "telnet://" + _login(user, password) + h + (":" + p if p is not None else "") + slash
    ),
    st.one_of(st.none(), star(one_of_chars(_LOGIN_CHARS))),
    st.one_of(st.none(), star(one_of_chars(_LOGIN_CHARS))),
    http_host,
    st.one_of(st.none(), chars(DIGIT, 1, 5)),
    st.sampled_from(["", "/"]),
)

# RFC 4266 section 2.1: gopher://<host>:<port>/<gopher-path>, gopher-path = <gophertype>
# <selector> [ "%09" <search> [ "%09" <gopher+_string> ] ], each of RFC 1738 section 5's
# xchar (as a path segment of RFC 3986 holds them; a "?" would start its query). The
# selector holds no tab, CR or LF (section 2.1), nor does the type; a gopher+ string starts
# with "+", "!" or "$" (the forms of RFC 1738 sections 3.4.4-3.4.9; "?" would start a query).
_NO_TAB_CR_LF = st.builds(
    lambda a, b: "%" + a + b, st.sampled_from(HEXDIG), st.sampled_from(HEXDIG)
).filter(lambda escape: escape.upper() not in ("%09", "%0A", "%0D"))
_GOPHER_CHAR = st.one_of(st.sampled_from(UNRESERVED + SUB_DELIMS + ":@"), _NO_TAB_CR_LF)
gopher_uri = st.builds(
    lambda h, p, path: "gopher://" + h + (":" + p if p is not None else "") + path,
    http_host,
    st.one_of(st.none(), chars(DIGIT, 1, 5)),
    st.one_of(
        st.just(""),
        st.just("/"),
        st.builds(
            lambda gtype, selector, search, plus: (
                "/"
                + gtype
                + selector
                + (
                    "%09" + search + ("%09" + plus if plus is not None else "")
                    if search is not None
                    else ""
                )
            ),
            _GOPHER_CHAR,
            star(st.one_of(_GOPHER_CHAR, st.just("/"))),
            st.one_of(st.none(), star(_GOPHER_CHAR)),
            st.one_of(
                st.none(),
                st.builds(
                    lambda first, rest: first + rest, st.sampled_from("+!$"), star(_GOPHER_CHAR)
                ),
            ),
        ),
    ),
)

# RFC 1738 section 5 (ftp has no successor): ftpurl = "ftp://" login [ "/" fpath [ ";type="
# ftptype ]], the login in an RFC 3986 authority (no "?" in it), fsegment = *[ uchar | "?" |
# ":" | "@" | "&" | "=" ] ("?" left out: RFC 3986 would start a query there), and RFC 3986's
# "~", unreserved there (section 2.3; RFC 1738 had it encoded).
_FSEGMENT = star(one_of_chars(ALPHA + DIGIT + "$-_.+!*'(),~" + ":@&="))
ftp_uri = st.builds(
    lambda user, password, h, p, path, typecode: (
        "ftp://"
        + _login(user, password)
        + h
        + (":" + p if p is not None else "")
        + (
            "/" + path + (";type=" + typecode if typecode is not None else "")
            if path is not None
            else ""
        )
    ),
    st.one_of(st.none(), star(one_of_chars(ALPHA + DIGIT + "$-_.+!*'(),~;&="))),
    st.one_of(st.none(), star(one_of_chars(ALPHA + DIGIT + "$-_.+!*'(),~;&="))),
    http_host,
    st.one_of(st.none(), chars(DIGIT, 1, 5)),
    st.one_of(st.none(), st.lists(_FSEGMENT, min_size=1, max_size=3).map("/".join)),
    st.one_of(st.none(), st.sampled_from("aidAID")),
)

# wais and prospero are Historic (RFCs 4156, 4157): the generic URI of Appendix A alone.
historic_uri = _with_query_and_fragment(
    st.builds(lambda s, h: s + ":" + h, st.sampled_from(["wais", "prospero"]), hier_part)
)

# The test's own recognisers, one per production, as `regex` patterns (partial matching
# says where a text leaves one).
_U = r"A-Za-z0-9\-._~"
_S = r"!$&'()*+,;="
_PCT = "%[0-9A-Fa-f]{2}"
_PCHAR = f"(?:[{_U}{_S}:@]|{_PCT})"
_H16 = "[0-9A-Fa-f]{1,4}"
_DEC = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_V4 = rf"{_DEC}\.{_DEC}\.{_DEC}\.{_DEC}"
_LS32 = f"(?:{_H16}:{_H16}|{_V4})"


def _before(count: int) -> str:
    return f"(?:(?:{_H16}:){{0,{count}}}{_H16})?"


_V6 = "|".join([
    f"(?:{_H16}:){{6}}{_LS32}", f"::(?:{_H16}:){{5}}{_LS32}",
    f"{_before(0)}::(?:{_H16}:){{4}}{_LS32}", f"{_before(1)}::(?:{_H16}:){{3}}{_LS32}",
    f"{_before(2)}::(?:{_H16}:){{2}}{_LS32}", f"{_before(3)}::{_H16}:{_LS32}",
    f"{_before(4)}::{_LS32}", f"{_before(5)}::{_H16}", f"{_before(6)}::",
])  # fmt: skip
_IP_LITERAL = rf"\[(?:{_V6}|[vV][0-9A-Fa-f]+\.[{_U}{_S}:]+)\]"
_REG_NAME = f"(?:[{_U}{_S}]|{_PCT})*"
_HOST = f"(?:{_IP_LITERAL}|{_V4}|{_REG_NAME})"
_AUTHORITY = f"(?:(?:[{_U}{_S}:]|{_PCT})*@)?{_HOST}(?::[0-9]*)?"
_ABEMPTY = f"(?:/{_PCHAR}*)*"
_ABSOLUTE = f"/(?:{_PCHAR}+(?:/{_PCHAR}*)*)?"
_ROOTLESS = f"{_PCHAR}+(?:/{_PCHAR}*)*"
_QUERY = f"(?:{_PCHAR}|[/?])*"
_TAIL = rf"(?:\?{_QUERY})?(?:#{_QUERY})?"
URI = rf"[A-Za-z][A-Za-z0-9+.\-]*:(?://{_AUTHORITY}{_ABEMPTY}|{_ABSOLUTE}|{_ROOTLESS}|){_TAIL}"
_HTTP_HOST = f"(?:{_IP_LITERAL}|{_V4}|(?:[{_U}{_S}]|{_PCT})+)"
HTTP_URI = rf"(?i:https?)://{_HTTP_HOST}(?::[0-9]*)?{_ABEMPTY}{_TAIL}"
NNTP_URI = (
    rf"(?i:nntp)://{_AUTHORITY}/(?:[A-Za-z0-9\-+_.]|{_PCT})+(?:/[0-9]{{1,16}})?(?:#{_QUERY})?"
)
FILE_URI = rf"(?i:file):(?://(?:{_HOST})?{_ABSOLUTE}|{_ABSOLUTE}){_TAIL}"

_NEWSGROUPS = rf"(?:[A-Za-z0-9\-+_.*]|{_PCT})*"
_ID_SIDE_RE = f"(?:[{_U}{_S}:]|%(?![3][eE])[0-9A-Fa-f]{{2}})+"
# (A query RFC 3986 allows, which RFC 5538 section 2.3 leaves unspecified.)
NEWS_URI = (
    rf"(?i:news):(?://{_AUTHORITY}/)?(?:{_NEWSGROUPS}|{_ID_SIDE_RE}@{_ID_SIDE_RE})"
    rf"(?:\?{_QUERY})?(?:#{_QUERY})?"
)
_LOGIN = f"(?:[{_U}{_S}]|{_PCT})*"
TELNET_URI = rf"(?i:telnet)://(?:{_LOGIN}(?::{_LOGIN})?@)?{_HTTP_HOST}(?::[0-9]*)?/?(?:#{_QUERY})?"
_XCHAR = rf"(?:[{_U}{_S}:@/?]|%(?![0][9aAdD])[0-9A-Fa-f]{{2}})"
GOPHER_URI = (
    rf"(?i:gopher)://{_HTTP_HOST}(?::[0-9]*)?"
    rf"(?:/(?:{_XCHAR}{_XCHAR}*(?:%09(?:{_XCHAR}|%0[9aAdD])*"
    rf"(?:%09[+!$?](?:{_XCHAR}|%0[9aAdD])*)?)?)?)?(?:#{_QUERY})?"
)
# (With RFC 3986's "~", unreserved there (section 2.3), which RFC 1738 had encoded.)
_FCHAR = rf"(?:[A-Za-z0-9$\-_.+!*'(),~?:@&=]|{_PCT})"
FTP_URI = (
    rf"(?i:ftp)://(?:{_LOGIN}(?::{_LOGIN})?@)?{_HTTP_HOST}(?::[0-9]*)?"
    rf"(?:/{_FCHAR}*(?:/{_FCHAR}*)*(?:;(?i:type)=[AIDaid])?)?(?:#{_QUERY})?"
)

PRODUCTIONS = {
    "URI": (generic_uri, URI),
    "http-URI": (http_uri, HTTP_URI),
    "mailtoURI": (mailto_uri, None),  # recognised by `is_mailto_uri`
    "nntpURI": (nntp_uri, NNTP_URI),
    "file-URI": (file_uri, FILE_URI),
    "newsURI": (news_uri, NEWS_URI),
    "telnetURI": (telnet_uri, TELNET_URI),
    "gopherURI": (gopher_uri, GOPHER_URI),
    "ftpURI": (ftp_uri, FTP_URI),
    "historicURI": (historic_uri, URI),
}

_COMPILED: dict[str, regex.Pattern[str]] = {}


def compiled(pattern: str) -> regex.Pattern[str]:
    if pattern not in _COMPILED:
        _COMPILED[pattern] = regex.compile(pattern, regex.VERSION0)
    return _COMPILED[pattern]


# RFC 6068 section 2, read decoded: local-part = dot-atom-text / quoted-string (with no
# whitespace, rule 3), domain = dot-atom-text / "[" *dtext-no-obs "]"; an escape in a domain
# stands for UTF-8 only (rule 4).
_ATEXT_RE = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\x80-\U0010ffff]"
_DOT_ATOM = rf"{_ATEXT_RE}+(?:\.{_ATEXT_RE}+)*"
_LOCAL = regex.compile(rf'{_DOT_ATOM}|"(?:[!#-\[\]-~\x80-\U0010ffff]|\\[\x20-\x7e\t])*"')
_DOMAIN = regex.compile(rf"{_DOT_ATOM}|\[[!-Z^-~]*\]")
_TO_CHARS = regex.compile(rf"(?:[{_U}!$'()*+,:@]|{_PCT})*")
_QCHARS = regex.compile(rf"(?:[{_U}!$'()*+,;:@]|{_PCT})*")


def _decoded(text: str) -> str | None:
    """`text` with its escapes decoded, read as UTF-8 (None where it is no UTF-8)."""
    raw = re.sub(rb"%([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), text.encode())
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def is_mailto_uri(text: str) -> bool:
    """Does `text` match RFC 6068 section 2's mailtoURI (a fragment allowed: RFC 3986's
    URI-reference has one, and RFC 6068 only advises against it)?"""
    if not text[:7].lower() == "mailto:":
        return False
    body = text[7:].split("#", 1)[0]
    to_part, question, headers = body.partition("?")
    if not _TO_CHARS.fullmatch(to_part):
        return False
    if to_part:
        for address in to_part.split(","):
            local, at, domain = address.rpartition("@")
            if not at or regex.search("%[0-7][0-9A-Fa-f]", domain):
                return False
            local_text, domain_text = _decoded(local), _decoded(domain)
            if local_text is None or domain_text is None:
                return False
            if not (_LOCAL.fullmatch(local_text) and _DOMAIN.fullmatch(domain_text)):
                return False
    if question:
        for field in headers.split("&"):
            name, equals, value = field.partition("=")
            if not equals or not _QCHARS.fullmatch(name) or not _QCHARS.fullmatch(value):
                return False
    return True
