"""The census counts one URL once: its normal form (RFC 3986 section 6.2.2, and section
6.2.3's for the scheme), checked against a reference written from the RFC's text, and a
census of spellings of one URL that has one row for them."""

from __future__ import annotations

import re
import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from urlint.store.report.census import DEFAULT_PORTS, normal_url, with_census_functions

from ..helpers import run
from ..store_helpers import StoreBuilder

# RFC 3986 section 2.3.
UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# RFC 3986 Appendix B: the regular expression that splits a URI reference into its five
# components (scheme, authority, path, query, fragment).
APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?")


def percent_normal(text: str) -> str:
    """Section 6.2.2.1 (the hexadecimal digits of a percent-encoding in upper case) and
    6.2.2.2 (a percent-encoded unreserved character decoded)."""

    def one(match: re.Match[str]) -> str:
        char = chr(int(match.group(0)[1:], 16))
        return char if char in UNRESERVED else match.group(0).upper()

    return re.sub("%[0-9A-Fa-f]{2}", one, text)


def reference(uri: str) -> str:
    """The normal form, component by component as Appendix B splits the URI: section
    6.2.2.1's case (scheme and host), 6.2.2.2's percent-encodings, 6.2.3's port and empty
    path. Dot-segments (6.2.2.3) are kept, as the census keeps them."""
    parts = APPENDIX_B.match(uri)
    assert parts is not None
    scheme, authority, path = parts.group(2), parts.group(4), parts.group(5)
    query, fragment = parts.group(7), parts.group(9)
    out = "" if scheme is None else scheme.lower() + ":"
    if authority is not None:
        userinfo, at, host_port = authority.rpartition("@")
        split = re.fullmatch(r"(\[[^\]]*\]|[^:]*)(?::(\d*))?", host_port)
        assert split is not None
        host, port = split.group(1), split.group(2)
        default = DEFAULT_PORTS.get((scheme or "").lower())
        if port == "" or (port is not None and int(port) == default):
            port = None
        out += "//" + percent_normal(userinfo) + at + percent_normal(host).lower()
        out += "" if port is None else ":" + port
        path = path or "/"
    out += percent_normal(path)
    out += "" if query is None else "?" + percent_normal(query)
    out += "" if fragment is None else "#" + percent_normal(fragment)
    return out


def cased(word: str) -> st.SearchStrategy[str]:
    """`word` with each letter in either case."""
    return st.tuples(*(st.sampled_from(sorted({c.lower(), c.upper()})) for c in word)).map("".join)


HEX = "0123456789abcdefABCDEF"
percent = st.tuples(st.sampled_from(HEX), st.sampled_from(HEX)).map(lambda p: "%" + "".join(p))
# an unreserved character, percent-encoded in either case
encoded_unreserved = st.sampled_from(sorted(UNRESERVED)).flatmap(lambda c: cased(f"%{ord(c):02x}"))


def text_of(chars: str) -> st.SearchStrategy[str]:
    piece = st.one_of(st.sampled_from(chars), percent, encoded_unreserved)
    return st.lists(piece, max_size=8).map("".join)


scheme = st.sampled_from(["http", "https", "ftp", "gopher", "mailto", "news", "x-test"]).flatmap(
    cased
)
host = st.one_of(
    text_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-."),
    st.sampled_from(["[2001:DB8::1]", "[::1]", "[v7.Fe]"]),
)
port = st.one_of(st.none(), st.sampled_from(["", "80", "080", "443", "21", "70", "8080", "0"]))
userinfo = st.one_of(st.none(), st.sampled_from(["fred", "fred:****", "Fred%3a****", ""]))
segment = text_of("abcXYZ019-._~!$&'()*+,;=:@")
path = st.lists(segment, max_size=4).map(lambda segments: "".join("/" + s for s in segments))


@st.composite
def uris(draw: st.DrawFn) -> str:
    name = draw(scheme)
    if draw(st.booleans()):  # with an authority
        login = draw(userinfo)
        at = "" if login is None else login + "@"
        number = draw(port)
        rest = "//" + at + draw(host) + ("" if number is None else ":" + number) + draw(path)
    else:  # a path alone, rootless (mailto:, news:) or absolute
        rest = draw(st.sampled_from(["", "/"])) + draw(segment)
    if draw(st.booleans()):
        rest += "?" + draw(text_of("abc=&/?:@"))
    if draw(st.booleans()):
        rest += "#" + draw(text_of("abc/?:@"))
    return f"{name}:{rest}"


@given(uris())
def test_the_normal_form_is_the_reference_one(uri):
    assert normal_url(uri) == reference(uri)


@given(st.one_of(uris(), st.text(max_size=40)))
def test_the_normal_form_of_a_normal_form_is_itself(text):
    once = normal_url(text)
    assert normal_url(once) == once


def test_what_is_one_url():
    """Each line: spellings of one URL, and its normal form."""
    cases = {
        "http://example.com/": [
            "http://example.com",
            "HTTP://Example.COM",
            "http://example.com:80/",
            "http://example.com:/",
            "http://ex%61mple.com/",
            "http://example.com:080",
        ],
        "mailto:ann@example.net": ["Mailto:ann@example.net", "MAILTO:ann@example.net"],
        "http://example.com/~user/": ["http://example.com/%7euser/", "http://example.com/%7Euser/"],
        "http://example.com/a%2Fb?q=%3F#%2A": ["http://example.com/a%2fb?q=%3f#%2a"],
        "ftp://fred:****@ftp.example.org/pub": ["FTP://fred:****@FTP.Example.org:21/pub"],
        "http://[2001:db8::1]/": ["http://[2001:DB8::1]:80"],  # a host, in any case
        "https://example.com:80/": ["https://example.com:80"],  # not https's default port
    }
    for normal, spellings in cases.items():
        assert [normal_url(spelling) for spelling in spellings] == [normal] * len(spellings)
        assert normal_url(normal) == normal
    # What the RFC leaves as it is: the user information's case, a path's case and its
    # dot-segments, a percent-encoded reserved character, a "%" that starts no encoding.
    for kept in (
        "http://Fred@example.com/A/../B",
        "http://example.com/a%2Fb",
        "http://example.com/100%",
        "news:comp.Infosystems.www",
        "www.example.com",
    ):
        assert normal_url(kept) == kept


SPELLINGS = (
    "http://example.com",
    "HTTP://Example.COM/",
    "http://example.com:80/",
    "Mailto:ann@example.net",
    "mailto:ann@example.net",
    "http://example.com/%7euser",
    "http://example.com/~user",
    "ftp://fred:****@ftp.example.org/pub/",
    "FTP://fred:****@FTP.example.org:21/pub/",
    "http://example.com/a",
)


def test_the_census_has_one_row_for_the_spellings_of_one_url(capsys, tmp_path):
    with StoreBuilder(tmp_path / "s.sqlite") as store:
        notes = store.input("notes.txt")
        for line, url in enumerate(SPELLINGS, 1):
            store.url(notes, "notes.txt", url, line=line)
    status, out, _ = run(capsys, "report", str(tmp_path / "s.sqlite"), "--table", "census")
    assert status == 0
    assert out.splitlines() == [
        "url,scheme,host,count,messages,in_headers,first_seen,last_seen,path,message_index,"
        "message_id,line,context,source,header,part,spellings",
        "ftp://fred:****@ftp.example.org/pub/,ftp,ftp.example.org,2,0,0,,,notes.txt,,,8,,,,,"
        "FTP://fred:****@FTP.example.org:21/pub/ ftp://fred:****@ftp.example.org/pub/",
        "http://example.com/,http,example.com,3,0,0,,,notes.txt,,,1,,,,,"
        "HTTP://Example.COM/ http://example.com http://example.com:80/",
        "http://example.com/a,http,example.com,1,0,0,,,notes.txt,,,10,,,,,http://example.com/a",
        "http://example.com/~user,http,example.com,2,0,0,,,notes.txt,,,6,,,,,"
        "http://example.com/%7euser http://example.com/~user",
        "mailto:ann@example.net,mailto,example.net,2,0,0,,,notes.txt,,,4,,,,,"
        "Mailto:ann@example.net mailto:ann@example.net",
    ]
    # No two rows normalise alike, and every spelling is a URL the store holds (masked).
    rows = [line.split(",") for line in out.splitlines()[1:]]
    normals = [normal_url(row[0]) for row in rows]
    assert len(set(normals)) == len(normals)
    spelt = {spelling for row in rows for spelling in row[-1].split(" ")}
    assert spelt == set(SPELLINGS)


def test_the_census_functions_work_on_a_connection_of_its_own():
    connection = sqlite3.connect(":memory:")
    with_census_functions(connection)
    assert connection.execute(
        "SELECT urlint_normal_url('HTTP://A.example:80'), urlint_spellings(u) FROM "
        "(SELECT 'b' AS u UNION ALL SELECT 'a' UNION ALL SELECT 'b')"
    ).fetchone() == ("http://a.example/", "a b")
