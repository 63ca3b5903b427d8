"""`check --select ALL` against RFC 1738 section 5's productions, to the letter.

URLs are drawn from each production (tests/rfc1738_strategies.py, the test's own reading of
the BNF) and linted in the appendix's wrapper, `<URL:...>`, through the linter the other
linter tests use (tests/lint_helpers.py). A drawn URL gets no finding that says it breaks
section 5: only findings about something else (section 6's risks, the info rules on
allowed forms) and the checks a rule makes beyond the BNF, each where its fact holds and
listed on its rule's page ("Beyond the BNF"). Each URL's one-character mutants (a character
replaced, put in or taken out) that leave section 5 get a finding whose span covers the
mutated character, or a component of the URL it is in (as urlint reads the mutant; or the
production's opening literal, "ftp://"), or the place where a left-to-right reading of
section 5 leaves the grammar (in `wais://a/.a/`, from `wais://a0.a/`, the end: the wpath
is missing). Mutants the scanner takes for no URL (an elision, a quoted word) are passed
over. `pytest -m slow` runs 10,000 examples of each production.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.core.findings import Finding
from urlint.grammar import abnf
from urlint.grammar.abnf import SCHEMEPART, compiled
from urlint.grammar.components import ParsedURL
from urlint.grammar.parse import parse
from urlint.grammar.schemes import SCHEMES, conforms
from urlint.linter.rules.catalogue import rules_by_code
from urlint.linter.rules.pages import rule_page
from urlint.linter.rules.syntax import is_wildcard_host
from urlint.scanner.templates import placeholders

from .. import rfc1738_strategies as bnf
from ..helpers import examples
from ..lint_helpers import lint

PRODUCTIONS = {
    "httpurl": bnf.httpurl,
    "ftpurl": bnf.ftpurl,
    "newsurl": bnf.newsurl,
    "nntpurl": bnf.nntpurl,
    "telneturl": bnf.telneturl,
    "gopherurl": bnf.gopherurl,
    "waisurl": bnf.waisurl,
    "mailtourl": bnf.mailtourl,
    "fileurl": bnf.fileurl,
    "prosperourl": bnf.prosperourl,
}

WRAPPER = "<URL:"  # a URL's offset i is the finding's column len(WRAPPER) + i + 1

# Findings that do not say the URL breaks section 5: section 6's risks (a password, a user
# name, a port other than the default, an encoded line break), and the info rules on forms
# the RFC allows (an escape of a character that needs none, section 2.2; a scheme in upper
# case, which section 5 says to read ignoring case).
NOT_ABOUT_CONFORMANCE = {"P501", "P502", "P503", "P504", "P505", "C207", "S402"}

# The characters a mutant puts in: every printable US-ASCII character but the wrapper's
# own "<" and ">", which end the URL in text (the scanner's business, tests/scanner), and a
# control character, DEL and a character outside US-ASCII (section 2.2); and a space or a
# tab inside the URL (`mutants`). Not a line break, which the appendix says to ignore
# inside the wrapper.
MUTANT_CHARS = [chr(code) for code in range(0x21, 0x7F) if chr(code) not in "<>"] + [
    "\x01",
    "\x7f",
    "é",
]

_ESCAPE = re.compile("%([0-9A-Fa-f]{2})")
# What a wrapper may hold that is no URL (README, "Not URLs"; scanner.wrappers): an elision,
# a scheme ("//" or not) and dots alone, or a quoted word. The scanner reports none of it,
# whitespace in it dropped (the appendix).
NOT_A_URL = re.compile(
    r"""(?:[A-Za-z][A-Za-z0-9+.\-]*:(?://)?)?(?:\.+|\u2026+)|"[^"]*"|'[^']*'|`[^`]*`"""
)
_SCHEME = compiled(abnf.SCHEME)


def _decoded(text: str) -> str:
    return _ESCAPE.sub(lambda match: chr(int(match.group(1), 16)), text)


def _beyond_the_bnf(code: str, url: str) -> bool:
    """Is the finding `code` on the grammatical `url` one of a check beyond section 5's BNF,
    whose fact the URL has? (The test's own reading of each fact, from the rule's page.)"""
    parsed = parse(url)
    host = parsed.text(parsed.host) or ""
    port = parsed.text(parsed.port)
    if code == "S407":  # a dotted quad with a group over 255
        groups = host.split(".")
        return all(group.isdigit() for group in groups) and any(int(g) > 255 for g in groups)
    if code == "S408":  # a port over 65535
        return port is not None and port.isdigit() and int(port) > 65535
    if code == "S411":  # a tab, CR or LF in the type or selector; a gopher+ string's form
        gtype = (parsed.text(parsed.gtype) or "").lower()
        selector = (parsed.text(parsed.selector) or "").lower()
        plus = parsed.text(parsed.gopher_plus)
        return (
            gtype in ("%09", "%0a", "%0d")
            or "%0a" in selector
            or "%0d" in selector
            or (plus is not None and plus[:1] not in ("+", "?", "!", "$"))
        )
    if code == "S412":  # an RFC 822 addr-spec, read decoded
        address = parsed.text(parsed.address) or ""
        local, at, domain = address.rpartition("@")
        return not (
            local
            and at
            and _rfc822_words(_decoded(local), _LOCAL_WORD)
            and _rfc822_words(_decoded(domain), _SUB_DOMAIN)
        )
    return False


# RFC 822 section 3.3, the test's own transcription: atom = 1*<any CHAR except specials,
# SPACE and CTLs>, quoted-string = <"> *(qtext / quoted-pair) <">, domain-literal = "["
# *(dtext / quoted-pair) "]"; local-part = word *("." word), domain = sub-domain *("."
# sub-domain) (section 6.1).
_SPECIALS = '()<>@,;:\\".[]'
_ATOM = (
    "["
    + "".join(re.escape(chr(code)) for code in range(33, 127) if chr(code) not in _SPECIALS)
    + "]+"
)
_LOCAL_WORD = re.compile(_ATOM + r'|"(?:[^"\\\r\x80-\uffff]|\\[\x00-\x7f])*"')
_SUB_DOMAIN = re.compile(_ATOM + r"|\[(?:[^\[\]\\\r\x80-\uffff]|\\[\x00-\x7f])*\]")


def _rfc822_words(text: str, word: re.Pattern[str]) -> bool:
    """Is `text` words of `word` separated by "." (no "." inside a quoted one here)?"""
    at = 0
    while True:
        found = word.match(text, at)
        if found is None:
            return False
        at = found.end()
        if at == len(text):
            return True
        if text[at] != ".":
            return False
        at += 1


def _findings(url: str) -> list[Finding]:
    return lint(f"{WRAPPER}{url}>\n")


def _offsets(finding: Finding) -> tuple[int, int]:
    """The finding's span as offsets into the URL (one line: the wrapper's)."""
    assert finding.line == finding.end_line == 1
    start = finding.column - 1 - len(WRAPPER)
    return start, max(finding.end_column - 1 - len(WRAPPER), start + 1)


def _spans(parsed: ParsedURL) -> list[tuple[int, int]]:
    """Every component of the parsed URL (grammar.components), as offsets."""
    # By name, not vars(): the compiled build's ParsedURL has no __dict__.
    spans = [
        value
        for value in (getattr(parsed, name) for name in COMPONENTS)
        if isinstance(value, tuple) and len(value) == 2
    ]
    return [*spans, *parsed.segments, *parsed.fields]


# The single-span components of a ParsedURL (grammar/components.py), every scheme's.
COMPONENTS = (
    "scheme_span",
    "fragment",
    "opaque",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "rest",
    "typecode",
    "typecode_part",
    "search",
    "gtype",
    "selector",
    "gopher_plus",
    "address",
    "headers",
    "group",
    "article",
    "extra",
    "database",
    "wtype",
    "wpath",
    "hsoname",
)


def _components_at(parsed: ParsedURL, points: tuple[int, ...]) -> list[tuple[int, int]]:
    """The components that hold one of `points` (an end counts: a separator ends one)."""
    return [
        (start, end)
        for start, end in _spans(parsed)
        if any(start <= point <= end for point in points)
    ]


def _leaves_the_grammar(url: str) -> int:
    """Where a left-to-right reading of section 5 leaves the grammar: the first offset whose
    character no URL of the scheme's production can have there, or the end of a text that
    only begins one (`wais://a/b/` lacks its wpath). The fragment aside, as `conforms`."""
    head = url.split("#", 1)[0]
    colon = head.find(":")
    scheme = _SCHEME.match(head)
    if colon <= 0 or scheme is None or scheme.end() != colon:
        return 0 if scheme is None else scheme.end()
    spec = SCHEMES.get(head[:colon].lower())
    piece = spec.grammar if spec is not None and spec.grammar is not None else SCHEMEPART
    pattern = compiled(piece)
    rest = head[colon + 1 :]
    for length in range(1, len(rest) + 1):
        if pattern.fullmatch(rest[:length], partial=True) is None:
            return colon + length
    return len(head)


def _literal(url: str) -> tuple[int, int]:
    """The production's quoted literal that starts the URL ("ftp://", "mailto:"), as offsets."""
    colon = url.index(":")
    return 0, colon + (3 if url.startswith("//", colon + 1) else 1)


def _names(
    finding: Finding, points: tuple[int, ...], components: list[tuple[int, int]], length: int
) -> bool:
    """Does the finding's span cover a point, or reach into a component one is in? (A point
    at the URL's end, where something is missing, is covered by a span that ends there.)"""
    start, end = _offsets(finding)
    if any(start <= point < end or point == end == length for point in points):
        return True
    # (A finding right at a component's end, "nothing follows", is about it too.)
    return any(start <= last and end > first for first, last in components)


@st.composite
def mutants(draw: st.DrawFn, production: st.SearchStrategy[str]) -> tuple[str, str, tuple]:
    """A URL of the production, a one-character mutant of it, and the mutant's points: the
    offset of the mutated character, or those on either side of one taken out. A character
    put in or taken out of a run of its like ("//" from "///") could have been any of the
    run's: the points are all of them. Whitespace goes inside the URL only: at the wrapper's
    edges the appendix has it ignored."""
    url = draw(production)
    how = draw(st.sampled_from(["replace", "insert", "delete"]))
    if how == "delete":
        at = draw(st.integers(0, len(url) - 1))
        char = url[at]
        mutant = url[:at] + url[at + 1 :]
        first, last = max(at - 1, 0), min(at + 1, len(mutant))
    else:
        inner = len(url) > 2 and draw(st.booleans())
        chars = [" ", "\t"] if inner else MUTANT_CHARS
        if how == "replace":
            at = draw(st.integers(1, len(url) - 2) if inner else st.integers(0, len(url) - 1))
            char = draw(st.sampled_from([c for c in chars if c != url[at]]))
            return url, url[:at] + char + url[at + 1 :], (at,)
        at = draw(st.integers(1, len(url) - 1) if inner else st.integers(0, len(url)))
        char = draw(st.sampled_from(chars))
        mutant = url[:at] + char + url[at:]
        first, last = at, at + 1
    while first > 0 and mutant[first - 1] == char:
        first -= 1
    while last < len(mutant) and mutant[last] == char:
        last += 1
    return url, mutant, tuple(range(first, last + (how == "delete")))


def _check(url: str, mutant: str, points: tuple[int, ...]) -> None:
    """The URL gets no finding but those allowed it; the mutant, if it leaves section 5, one
    that names the place."""
    assert conforms(url), url
    unexplained = [
        (finding.code, finding.message)
        for finding in _findings(url)
        if finding.code not in NOT_ABOUT_CONFORMANCE and not _beyond_the_bnf(finding.code, url)
    ]
    assert unexplained == [], url
    if conforms(mutant):
        return  # still grammatical (of this production or another)
    if NOT_A_URL.fullmatch(mutant.replace(" ", "").replace("\t", "")):
        return  # "news:.", "'ailto:'": no URL to the scanner, an elision or a quoted word
    if placeholders(mutant):
        return  # "%d", "{x}": a template's placeholder, the program's and never linted
    host = parse(mutant).host
    if host is not None and is_wildcard_host(mutant[host[0] : host[1]]):
        return  # "*.a.example": a host pattern (httpx's mounts, CSP), never a host finding
    found = _findings(mutant)
    components = _components_at(parse(mutant), points)
    # The literal the production starts with ("ftp://") is a component too, where a point is
    # in it: a missing "/" of the "//" is named by a finding on the colon before it.
    literal = _literal(url)
    if min(points) < literal[1]:
        components.append(literal)
    # And where the text leaves the grammar, which may be after the mutated character: in
    # `wais://a/.a/` (from `wais://a0.a/`) the "/" put in reads as the end of the host, and
    # the URL goes wrong at its end, where a wpath is missing.
    points = (*points, _leaves_the_grammar(mutant))
    named = [
        (finding.code, _offsets(finding))
        for finding in found
        if finding.code not in NOT_ABOUT_CONFORMANCE
        and _names(finding, points, components, len(mutant))
    ]
    assert named, (mutant, points, components, [(f.code, _offsets(f), f.message) for f in found])


@pytest.mark.parametrize("name", sorted(PRODUCTIONS))
# a hundred of each production (the quick tier a quarter): the slow tier draws 10,000 below
@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_section_5_urls_lint_clean_and_their_mutants_are_named(name: str, data) -> None:
    _check(*data.draw(mutants(PRODUCTIONS[name])))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRODUCTIONS))
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_section_5_urls_to_the_letter_at_10000_examples(name: str, data) -> None:
    _check(*data.draw(mutants(PRODUCTIONS[name])))


def test_every_excused_code_is_labelled_beyond_the_bnf() -> None:
    """The checks the first half lets through on a grammatical URL are each on their rule's
    page, under "Beyond the BNF"."""
    rules = rules_by_code()
    excused = {"S407", "S408", "S411", "S412"}
    assert {code for code in excused if rules[code].beyond_bnf} == excused
    assert _beyond_the_bnf("S407", "http://10.0.0.256/")
    assert not _beyond_the_bnf("S407", "http://10.0.0.255/")
    assert _beyond_the_bnf("S408", "http://h:65536/")
    assert _beyond_the_bnf("S412", "mailto:fred")
    assert not _beyond_the_bnf("S412", "mailto:someone@w%33.org")


# (text, every finding of `check --select ALL`: code, severity, line, column, end column)
READ_TO_THE_LETTER = [
    # Section 5: no production lets a "?" follow the hostport; for the schemes it defines
    # (http aside) the hostport runs to the "/", so the "?" is in the host (S407) or port
    # (S408).
    ("<URL:ftp://h?x>", [("S407", "error", 1, 12, 15)]),
    ("<URL:gopher://h?x>", [("S407", "error", 1, 15, 18)]),
    ("<URL:ftp://h:21?x/>", [("S408", "error", 1, 14, 18)]),
    ("<URL:telnet://host?/>", [("S407", "error", 1, 15, 20)]),
    ("<URL:nntp://h?x/g>", [("S407", "error", 1, 13, 16)]),
    # httpurl = "http://" hostport [ "/" hpath [ "?" search ]]: the "?" after the "/";
    # RFC 3986 (section 3.3, path-abempty) lets the query follow the host: a warning.
    ("<URL:http://h?x>", [("R303", "warning", 1, 14, 15)]),
    # waisindex = "wais://" hostport "/" database "?" search: search holds no "/" or "?".
    ("<URL:wais://h/db?a/b?c>", [("R305", "error", 1, 19, 20), ("R305", "error", 1, 21, 22)]),
    # Section 2.1: a scheme is letters, digits, "+", "." and "-"; section 2.2: the "é".
    ("<URL:té:u>", [("S401", "error", 1, 6, 8), ("C204", "error", 1, 7, 8)]),
    ("<URL:a>", [("S401", "error", 1, 6, 7)]),
    # Sections 2.2 and 3.5: the address is encoded; its domain is judged decoded.
    ("<URL:mailto:someone@w%33.org>", [("C207", "info", 1, 22, 25)]),
    # RFC 822 section 6.1: a domain of atoms ("w_", "8", "=") or domain literals, read
    # decoded (the "_" of "w%5F"), whatever a host name may be.
    ("<URL:mailto:someone@w%5F.org>", [("C207", "info", 1, 22, 25)]),
    ("<URL:mailto:v@=.h>", []),
    ("<URL:mailto:%75@8>", [("C207", "info", 1, 13, 16)]),
    ("<URL:mailto:someone@w..org>", [("S412", "error", 1, 21, 27)]),
    ("<URL:mailto:a(b@c.example>", [("S412", "error", 1, 13, 16)]),
    # Section 2.2 names "[" and "]" unsafe; section 3.1 has no IP literal (S407). The port
    # is this machine's, chosen on purpose: no P503.
    (
        "<URL:http://[::1]:8080/>",
        [
            ("C201", "error", 1, 13, 14),
            ("S407", "error", 1, 13, 18),
            ("C201", "error", 1, 17, 18),
        ],
    ),
    # Section 2.2: "#" delimits the fragment, and section 5 has none in a login: the login
    # ends before it, so "fred:pa" is a host and a port that is no number (S408, its message
    # quoting none of what the outputs hide as a password: section 6), and no password.
    ("<URL:ftp://fred:pa#ss@h/>", [("S408", "error", 1, 17, 19)]),
    # Sections 3.1 and 5: the login ends at the first "/" (within a user or password a "/"
    # "must be encoded"; ftpurl = "ftp://" login [ "/" fpath ... ]), so an "@" in the path
    # reads no user name past it: the hostport "w.h:u" has a port that is no number (S408),
    # and the path "P/@s" is fine.
    ("<URL:ftp://w.h:u/P/@s>", [("S408", "error", 1, 16, 17)]),
    # A range check beside a fault section 5 has but urlint grades a warning, each on its
    # rule's page: the "/" of an http search (section 3.3: reserved there; RFC 3986 allows
    # it, R303), a "~" (section 2.2: unsafe; RFC 3986 made it unreserved, C202), a search
    # right after the host (section 5; RFC 3986 allows it, R303). The octet or port over
    # range is an error of its own, at its own span.
    (
        "<URL:http://10.0.0.256/?a/b>",
        [("S407", "error", 1, 13, 23), ("R303", "warning", 1, 26, 27)],
    ),
    (
        "<URL:http://10.0.0.256/~u>",
        [("S407", "error", 1, 13, 23), ("C202", "warning", 1, 24, 25)],
    ),
    ("<URL:http://h:99999?x>", [("S408", "error", 1, 15, 20), ("R303", "warning", 1, 20, 21)]),
    # Beyond the BNF: octets and 16-bit ports are errors for the schemes section 5 defines
    # and for https; on a scheme it does not define, section 3.1's host and port are a
    # warning (section 4: "should").
    (
        "<URL:http://10.0.0.256:65536/>",
        [("S407", "error", 1, 13, 23), ("S408", "error", 1, 24, 29)],
    ),
    ("<URL:https://my_host/>", [("S407", "error", 1, 14, 21)]),
    ("<URL:https:h.example>", [("S406", "error", 1, 11, 12)]),
    (
        "<URL:gemini://my_host:99999/>",
        [
            ("S403", "info", 1, 6, 12),
            ("S407", "warning", 1, 15, 22),
            ("S408", "warning", 1, 23, 28),
        ],
    ),
    (
        "<URL:ssh://git@h.example:user/repo>",
        [("S403", "info", 1, 6, 9), ("P502", "info", 1, 12, 15), ("S408", "warning", 1, 26, 30)],
    ),
    (
        "<URL:afs://a_b.example:x/>",
        [
            ("S404", "warning", 1, 6, 9),
            ("S407", "warning", 1, 12, 23),
            ("S408", "warning", 1, 24, 25),
        ],
    ),
]


@pytest.mark.parametrize(
    "text,expected", READ_TO_THE_LETTER, ids=[t for t, _ in READ_TO_THE_LETTER]
)
def test_what_section_5_puts_where_is_reported_there(text: str, expected: list[tuple]) -> None:
    found = [
        (f.code, f.severity.value, f.line, f.column, f.end_column)
        for f in lint(text + "\n")
        if f.end_line == f.line
    ]
    assert found == expected


def test_an_at_sign_in_the_path_reads_no_login_and_a_hash_ends_one() -> None:
    """Section 5: a login ends at the "/" before the fpath, and "#" (section 2.2's fragment
    delimiter) is in no login: the S408 on what a login would have read says which part is
    wrong, and quotes none of it (it may be a password, section 6)."""
    message = (
        "A port that is not a decimal number from 0 to 65535, or a colon with no port "
        "(in a part of the URL hidden as a password)"
    )
    for text, span in (
        ("<URL:ftp://w.h:u/P/@s>\n", (16, 17)),
        ("<URL:ftp://fred:pa#ss@h/>\n", (17, 19)),
    ):
        [port] = lint(text)
        assert (port.code, port.column, port.end_column, port.message) == ("S408", *span, message)


def test_a_range_check_beside_a_fault_graded_a_warning_names_each_part() -> None:
    """An octet or port over its range is an error at its own span (beyond the BNF: a TCP port
    is 16 bits, an octet 8), and the fault section 5 has elsewhere in the URL is named at its
    own span, as a warning where RFC 3986 later allowed it (each rule's page says so): the
    range check never stands for it."""
    said = {
        text: [(f.code, f.severity.value, f.column, f.end_column, f.message) for f in lint(text)]
        for text in (
            "<URL:http://10.0.0.256/?a/b>\n",
            "<URL:http://10.0.0.256/~u>\n",
            "<URL:http://h:99999?x>\n",
        )
    }
    octet = (
        "S407", "error", 13, 23,
        "invalid host by RFC 1738 section 3.1 (RFC 3986 allows it: --target rfc3986): '256' "
        "is over 255 in a dotted-quad address",
    )  # fmt: skip
    assert said == {
        "<URL:http://10.0.0.256/?a/b>\n": [
            octet,
            (
                "R303", "warning", 26, 27,
                "unencoded '/' in the search part by RFC 1738 section 3.3 (RFC 3986 allows it: "
                "--target rfc3986): write %2F",
            ),
        ],
        "<URL:http://10.0.0.256/~u>\n": [
            octet,
            (
                "C202", "warning", 24, 25,
                "unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
                "rfc3986): write it as %7E",
            ),
        ],
        "<URL:http://h:99999?x>\n": [
            ("S408", "error", 15, 20, "port 99999 is over 65535"),
            (
                "R303", "warning", 20, 21,
                "a search right after the host by RFC 1738 section 3.3 (RFC 3986 allows it: "
                "--target rfc3986): section 5 puts it after '/' (http://host/?search)",
            ),
        ],
    }  # fmt: skip


def test_a_wrapped_scheme_gone_wrong_is_named() -> None:
    [scheme, _] = lint("<URL:té:u>\n")
    assert scheme.message == "'té' is no scheme name: only letters, digits, '+', '.' and '-'"
    [bare] = lint("<URL:a>\n")
    assert bare.message == "no scheme: a URL starts with <scheme>:"


def test_the_beyond_the_bnf_notes_are_on_the_rule_pages() -> None:
    pages = {code: rule_page(entry) for code, entry in rules_by_code().items()}
    labelled = {code for code, page in pages.items() if "## Beyond the BNF" in page}
    assert labelled == {"R301", "R303", "S406", "S407", "S408", "S409", "S411", "S412"}
    page = pages["S408"]
    section = page[page.index("## Beyond the BNF") : page.index("## Under RFC 3986")]
    assert section.splitlines() == [
        "## Beyond the BNF",
        "RFC 1738 section 5's BNF does not make these checks; each says what it rests on and "
        "why it has its severity.",
        "",
        "- A port over 65535: section 5's port is any `digits`, but a TCP port is a 16-bit "
        "number (RFC 793 section 3.1). An error: no client can connect to it.",
        "- https is held to http's rules (section 3.3): RFC 1738 does not define https, and RFC "
        "2818 section 2.4 reads an https URL as an http one. An error, as for http: RFC 9110 "
        "section 4.2.2 gives https an RFC 3986 authority, whose port is decimal digits (RFC "
        "3986 section 3.2.3).",
        '- Any scheme RFC 1738 does not define, written with "//", is held to section 3.1\'s '
        'port. Section 4 only says that a new scheme "should" follow the common syntax where '
        "it names a host, and RFC 3986 section 3.2 reads an authority more widely: a warning "
        "there, not an error.",
        "",
    ]
    assert "## Beyond the BNF" not in pages["S402"]  # (its whole page: test_rule_pages)
