"""The login reader (grammar.login): the user and password where each target reads them,
RFC 3261's userinfo for SIP, and what P501 reports always within what the outputs hide."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.grammar import login
from urlint.grammar.login import (
    ESCAPED_TIMES,
    authority_end,
    mask_password,
    password_spans,
    read_login,
    read_userinfo,
    secret_spans,
)
from urlint.grammar.parse import parse

from ..helpers import examples

# (URL, (user, password, host, port) under RFC 1738, the same under RFC 3986)
READINGS = [
    # RFC 3986 section 3.2: the authority is "totp"; "Example:alice@google.com" is the path.
    # RFC 1738 section 3.1: the url-path starts at the "/" just the same.
    (
        "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
        (None, None, "totp", None),
        (None, None, "totp", None),
    ),
    # A "?" ends the authority to RFC 3986; RFC 1738 section 5 lets it stand in a user.
    ("https://M.A?d4W2@l", ("M.A?d4W2", None, "l", None), (None, None, "M.A", None)),
    ("ftp://fred:2024?pw@h/", ("fred", "2024?pw", "h", None), (None, None, "fred", "2024")),
    (
        "http://example.com?x:y@z",
        ("example.com?x", "y", "z", None),
        (None, None, "example.com", None),
    ),
    # Only the authority's last "@" ends the login, whichever target.
    ("http://a:b@c?d@e/", ("a", "b@c?d", "e", None), ("a", "b", "c", None)),
    ("ftp://fred:p@ss@h/", ("fred", "p@ss", "h", None), ("fred", "p@ss", "h", None)),
    # An escaped ":" is data (RFC 3986 section 3.2.1; RFC 1738 section 3.1 asks for it).
    (
        "http://odder%3auser@h/",
        ("odder%3auser", None, "h", None),
        ("odder%3auser", None, "h", None),
    ),
    ("ftp://us%3Aer:pw@host/", ("us%3Aer", "pw", "host", None), ("us%3Aer", "pw", "host", None)),
    # The url-path starts at the "/", the fragment at the "#": no login in either.
    ("ftp://fred:se/cret@h/", (None, None, "fred", "se"), (None, None, "fred", "se")),
    ("ftp://fred:hunter#2@h/", (None, None, "fred", "hunter"), (None, None, "fred", "hunter")),
    ("http://h.example/a:b@c", (None, None, "h.example", None), (None, None, "h.example", None)),
    # RFC 1738's own examples (section 3.1): an empty user, an empty password.
    ("ftp://@host.com/", ("", None, "host.com", None), ("", None, "host.com", None)),
    ("ftp://foo:@host.com/", ("foo", "", "host.com", None), ("foo", "", "host.com", None)),
]


@pytest.mark.parametrize("url,under_rfc1738,under_rfc3986", READINGS, ids=[r[0] for r in READINGS])
def test_the_grammar_reads_the_login_where_the_target_does(url, under_rfc1738, under_rfc3986):
    for generic, expected in ((False, under_rfc1738), (True, under_rfc3986)):
        parsed = parse(url, generic)
        spans = (parsed.user, parsed.password, parsed.host, parsed.port)
        got = tuple(parsed.text(span) for span in spans)
        assert got == expected, generic


def test_the_authority_ends_where_each_target_ends_it():
    url = "ftp://fred:2024?pw@h/x#y"
    assert (authority_end(url, 6, len(url)), authority_end(url, 6, len(url), generic=True)) == (
        20,
        15,
    )
    # RFC 1738: a "?" with no "@" after it is no login's, and ends the authority there.
    assert authority_end("http://h?q/x", 7, 12) == 8
    assert read_login("ftp://h/", 6) is None
    assert read_login("otpauth://totp/Example:alice@google.com", 10) is None


def _texts(url: str, login) -> tuple[str | None, str | None]:
    if login is None:
        return None, None
    password = None if login.password is None else url[login.password[0] : login.password[1]]
    return url[login.user[0] : login.user[1]], password


# (SIP or SIPS URI, user, password): RFC 3261 section 19.1.1 and its ABNF (section 25).
SIP = [
    ("sip:alice@atlanta.com;transport=tcp?subject=project%20x&priority=urgent", "alice", None),
    ("sips:alice@atlanta.com?subject=project%20x&priority=urgent", "alice", None),
    # RFC 3261's own example of a password (section 19.1.3): it is one.
    ("sip:+1-212-555-1212:1234@gateway.com;user=phone", "+1-212-555-1212", "1234"),
    ("sip:alice:secretword@atlanta.com;transport=tcp", "alice", "secretword"),
    # The "@" is escaped, and in the headers: no login.
    ("sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com", None, None),
    # ... and written unescaped there: still the headers'.
    ("sip:atlanta.com;method=REGISTER?to=alice@atlanta.com", None, None),
    # A user may hold ";" (user-unreserved; a telephone subscriber's parameters).
    ("sip:alice;day=tuesday@atlanta.com", "alice;day=tuesday", None),
    ("sip:+358-555-1234567;postd=pp22@foo.com;user=phone", "+358-555-1234567;postd=pp22", None),
    ("sip:atlanta.com", None, None),
]


@pytest.mark.parametrize("url,user,password", SIP, ids=[s[0] for s in SIP])
def test_sip_userinfo_is_before_the_at_and_never_in_parameters_or_headers(url, user, password):
    start = url.index(":") + 1
    assert _texts(url, read_userinfo(url, start)) == (user, password)
    expected = [] if password is None else [password]
    for generic in (False, True):
        assert [url[a:b] for a, b in password_spans(url, generic=generic)] == expected
        # and what P501 reports is hidden in every output
        hidden = secret_spans(url)
        for a, b in password_spans(url, generic=generic):
            assert any(c <= a and b <= d for c, d in hidden)


# (URL, what P501 reports under RFC 1738, under RFC 3986, the URL as every output shows it)
PASSWORDS = [
    (
        "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
        [],
        [],
        # No login on either reading; the masking's widest reading still hides "alice"
        # ("totp" is no name a reader takes for a host for certain: section 6, hide more).
        "otpauth://totp/Example:****@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
    ),
    ("https://M.A?d4W2@l", [], [], "https://M.A?d4W2@l"),
    ("http://odder%3auser@host/", [], [], "http://odder%3a****@host/"),
    ("ftp://fred:2024?pw@h/", ["2024?pw"], [], "ftp://fred:****@h/"),
    ("ftp://fred:se/cret@h/", [], [], "ftp://fred:****@h/"),
    ("https://fred:secret@example.com/", ["secret"], ["secret"], "https://fred:****@example.com/"),
    # A URL written inside another, as written or escaped, is read as a URL of its own.
    (
        "http://a.example/web/1997/ftp://fred:pw@h/",
        ["pw"],
        ["pw"],
        "http://a.example/web/1997/ftp://fred:****@h/",
    ),
    (
        "https://r.example/url?q=ftp%3A%2F%2Ffred%3Apw%40h%2F&sa=D",
        ["pw"],
        ["pw"],
        "https://r.example/url?q=ftp%3A%2F%2Ffred%3A****%40h%2F&sa=D",
    ),
    (
        "sip:+1-212-555-1212:1234@gateway.com;user=phone",
        ["1234"],
        ["1234"],
        "sip:+1-212-555-1212:****@gateway.com;user=phone",
    ),
    # No "//": no authority (RFC 3986 section 3), and no login; hidden as a browser reads it.
    ("ftp:fred:secret@h", [], [], "ftp:fred:****@h"),
]


@pytest.mark.parametrize("url,rfc1738,rfc3986,shown", PASSWORDS, ids=[p[0] for p in PASSWORDS])
def test_password_spans_are_the_targets_reading_within_the_masking(url, rfc1738, rfc3986, shown):
    assert [url[a:b] for a, b in password_spans(url)] == rfc1738
    assert [url[a:b] for a, b in password_spans(url, generic=True)] == rfc3986
    assert mask_password(url) == shown


def test_a_login_a_line_break_cuts_is_read_on_with_the_rest():
    # Candidate.login_rest_text: the offsets run past the URL, into the rest.
    assert password_spans("ftp://fred:Secr", "etpw2y@host/") == [(11, 21)]
    assert password_spans("ftp://fred:se/", "cret@host/x") == []


# Text that ends no authority early under either target, and holds no "://" of its own.
_WORD = st.text(alphabet="abz019-._~!$&'()*+,;=", max_size=6)
_PATH_TEXT = st.text(alphabet="abz019-._~!$&'()*+,;=:@/%", max_size=20).filter(
    lambda text: "://" not in text
)
_QUERY_TEXT = st.text(alphabet="abz019-._~!$&'()*+,;=:@/?%", max_size=20).filter(
    lambda text: "://" not in text
)
_HOSTS = st.sampled_from(["totp", "h", "example.com", "localhost", "[::1]", "192.0.2.1", ""])
_PORTS = st.sampled_from(["", ":8080", ":"])
_SCHEMES = st.sampled_from(["http", "https", "ftp", "otpauth", "gemini", "telnet", "svn+ssh"])


@st.composite
def authority_free(draw) -> tuple[str, bool]:
    """(a URL whose authority has no "@", whose path or query may hold "@" and ":", and
    whether RFC 1738 reads it so too: a "?" right after the host starts a query to RFC
    3986, while section 5 lets it stand in a login)."""
    head = f"{draw(_SCHEMES)}://{draw(_HOSTS)}{draw(_PORTS)}"
    query = draw(st.one_of(st.just(""), _QUERY_TEXT.map(lambda text: "?" + text)))
    fragment = draw(st.one_of(st.just(""), _QUERY_TEXT.map(lambda text: "#" + text)))
    if draw(st.booleans()):
        return f"{head}/{draw(_PATH_TEXT)}{query}{fragment}", True
    return f"{head}{query}{fragment}", "@" not in query


@settings(max_examples=examples(400), deadline=None)
@given(authority_free())
def test_no_password_where_the_authority_has_no_at(example):
    url, for_rfc1738_too = example
    assert password_spans(url, generic=True) == []
    assert parse(url, True).user is None
    if for_rfc1738_too:
        assert password_spans(url) == []
        assert parse(url).user is None


@settings(max_examples=examples(400), deadline=None)
@given(
    st.sampled_from(["sip", "sips"]),
    _WORD,
    st.text(alphabet="abz019-.;=@:%/", max_size=12),
)
def test_no_sip_password_in_parameters_or_headers(scheme, host, headers):
    url = f"{scheme}:{host or 'h'};transport=tcp?{headers}"
    assert password_spans(url) == password_spans(url, generic=True) == []


@settings(max_examples=examples(400), deadline=None)
@given(
    _SCHEMES,
    _WORD,
    st.text(alphabet="abz019-._~!$&'()*+,;=:%", min_size=1, max_size=8),
    _HOSTS.filter(bool),
    _PORTS,
    st.one_of(st.just(""), _PATH_TEXT.map(lambda text: "/" + text)),
)
def test_a_password_in_the_authority_is_reported_and_hidden(
    scheme, user, password, host, port, path
):
    # A login of characters RFC 3986 allows in a userinfo (section 3.2.1) and RFC 1738 too
    # (a ":" in the password aside, R301's): the password is exactly what both report.
    url = f"{scheme}://{user}:{password}@{host}{port}{path}"
    start = len(scheme) + 3 + len(user) + 1
    end = start + len(password)
    assert password_spans(url) == password_spans(url, generic=True) == [(start, end)]
    assert any(a <= start and end <= b for a, b in secret_spans(url))  # hidden


_PIECES = st.sampled_from(
    [*"ab1:/@?#%;=.[] \t", "://", "%3A", "%40", "%2F", "%25", "&#64;", "\\u0040", "sip:", "ftp://"]
)
_ANY = st.lists(_PIECES, max_size=30).map("".join)


@settings(max_examples=examples(500), deadline=None)
@given(_ANY, _ANY, st.integers(min_value=0, max_value=40))
def test_any_text_is_read_without_raising(url, rest, start):
    for generic in (False, True):
        for begin, end in password_spans(url, rest, generic):
            assert 0 <= begin < end <= len(url + rest)
        parse(url, generic)
        read_login(url, min(start, len(url)), generic=generic)
    read_userinfo(url, min(start, len(url)))


def test_a_remembered_reading_is_each_callers_own():
    """The spans of a text read before come from the cache: a caller may extend its list
    (masked_piece does) without changing what the next caller is given."""
    for text, spans in (
        ("ftp://fred:pw@host/", [(11, 13)]),
        ("see ftp%3A%2F%2Ffred%3Apw%40h/ now", [(23, 25)]),
    ):
        first = secret_spans(text)
        first.append((0, 1))
        assert secret_spans(text) == spans


class _Folded(str):
    """A text that compares equal to any other in another case (as a caller's own str
    subclass may)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and self.casefold() == other.casefold()

    def __hash__(self) -> int:
        return hash(self.casefold())


def test_a_str_subclass_is_read_for_itself_never_from_the_cache():
    """HTML's named references are lower case: `&COLON;` escapes nothing. A subclass that
    takes the two texts for one is given its own reading, in either order."""
    lower, upper = (
        "see ftp&colon;//fred&colon;pw&commat;h/",
        "see ftp&COLON;//fred&COLON;pw&COMMAT;h/",
    )
    assert secret_spans(lower) == [(27, 29)]
    assert secret_spans(_Folded(upper)) == []
    assert secret_spans(_Folded(upper + " ")) == []
    assert secret_spans(lower + " ") == [(27, 29)]


@settings(max_examples=examples(500), deadline=None)
@given(
    st.one_of(_ANY, _ANY.map(lambda text: text + "x" * 250 + text)),
    st.one_of(st.none(), st.integers(min_value=0, max_value=60)),
    st.integers(min_value=0, max_value=ESCAPED_TIMES),
    st.integers(min_value=0, max_value=10),
)
def test_the_quick_answers_and_the_remembered_ones_are_the_full_readings(
    text, starts_before, decodings, slashes_from
):
    """No escape's start and no login start: no span, as the whole reading finds; a text
    read again (remembered where short) is read the same."""
    full = login._read_spans(text, starts_before, decodings, slashes_from, bool(decodings))
    assert secret_spans(text, starts_before, decodings, slashes_from) == full
    assert secret_spans(text, starts_before, decodings, slashes_from) == full
