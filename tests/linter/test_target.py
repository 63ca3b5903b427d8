"""The standard a check lints against (--target rfc1738 | rfc3986), rule by rule.

Each case lints a text with every rule (`ALL`) under each target and compares the exact
findings: code, severity and span (line, column, end column). Under rfc3986 the rules RFC
3986 does not hold are off, the others graded as it grades them (catalogue.rules_under);
wildcard hosts (httpx's proxy mounts, CSP and CORS allow-lists) are patterns under both."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urlint
from tests.lint_helpers import every_place
from urlint.grammar.rfc3986 import ip_literal_problem, is_ipv6address
from urlint.linter.config import build_settings, select_rules
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.rule import RFC1738, RFC3986, RuleOptions
from urlint.linter.rules.syntax import is_wildcard_host
from urlint.scanner.scanner import scan


def found(text: str, target: str, select: tuple[str, ...] = ("ALL",)) -> list[tuple]:
    """(code, severity, line, column, end column) of every finding under `target`."""
    linter = Linter(select_rules(list(select), [], [], target), RuleOptions(target=target))
    return [
        (f.code, f.severity.value, f.line, f.column, f.end_column)
        for candidate in scan(text)
        for f in linter.lint(candidate, "t.txt")
    ]


# (text, findings under rfc1738, findings under rfc3986)
CASES = [
    # RFC 3986 section 2.3: "~" is unreserved (C202 off); its escape needs none (C207).
    (
        "<URL:http://example.com/~fred/%7E>\n",
        [("C202", "warning", 1, 25, 26)],
        [("C207", "info", 1, 31, 34)],
    ),
    # Section 2.3's unreserved set, not RFC 1738's: an escaped "$" is no needless escape.
    ("<URL:http://example.com/%24>\n", [("C207", "info", 1, 25, 28)], []),
    # Section 3.2.2: an IP literal is a host; its brackets are no unsafe characters there.
    (
        "<URL:http://[::1]/>\n",
        [("C201", "error", 1, 13, 14), ("S407", "error", 1, 13, 18), ("C201", "error", 1, 17, 18)],
        [],
    ),
    (
        "<URL:http://[v1.fe:x]/>\n",
        [
            ("C201", "error", 1, 13, 14),
            ("S407", "error", 1, 13, 22),
            ("C201", "error", 1, 21, 22),
        ],
        [],
    ),
    # A malformed literal is S419's, on what is between the brackets.
    (
        "<URL:http://[::1::2]/>\n",
        [
            ("C201", "error", 1, 13, 14),
            ("S407", "error", 1, 13, 21),
            ("C201", "error", 1, 20, 21),
        ],
        [("S419", "error", 1, 14, 20)],
    ),
    # No closing bracket: the "[" is unsafe under both, and the literal is unclosed.
    (
        "<URL:http://[fe80::1/>\n",
        [
            ("C201", "error", 1, 13, 14),
            ("S407", "error", 1, 13, 21),
        ],
        [("C201", "error", 1, 13, 14), ("S419", "error", 1, 13, 21)],
    ),
    # Only ":" and a port may follow the "]" (section 3.2).
    (
        "<URL:http://[::1]x/>\n",
        [
            ("C201", "error", 1, 13, 14),
            ("S407", "error", 1, 13, 18),
            ("C201", "error", 1, 17, 18),
        ],
        [("S419", "error", 1, 18, 19)],
    ),
    # Section 3.2.3: a non-default port is advice (P503 info); an empty one a warning.
    (
        "<URL:http://example.com:3000/>\n",
        [("P503", "warning", 1, 25, 29)],
        [
            ("P503", "info", 1, 25, 29),
        ],
    ),
    (
        "<URL:http://example.com:/>\n",
        [("S408", "error", 1, 24, 25)],
        [
            ("S408", "info", 1, 24, 25),
        ],
    ),
    # A well-known port of another protocol is section 7.2's attack under both.
    (
        "<URL:gopher://h.example:25/>\n",
        [("P504", "error", 1, 25, 27)],
        [
            ("P504", "error", 1, 25, 27),
        ],
    ),
    # Section 3.4: "/" and "?" are query characters (R303 off).
    (
        "<URL:http://example.com/cgi?next=/home?x=1>\n",
        [
            ("R303", "warning", 1, 34, 35),
            ("R303", "warning", 1, 39, 40),
        ],
        [],
    ),
    # Section 3.2: a "?" ends every authority, so telnet's host is "host" and "?/" is
    # after it (S415), where RFC 1738 reads "host?" as the host (S407).
    ("<URL:telnet://host?/>\n", [("S407", "error", 1, 15, 20)], [("S415", "error", 1, 19, 21)]),
    # Section 3.5: "#" only starts the fragment, in every scheme.
    (
        "<URL:http://h.example/p#a#b>\n",
        [("C203", "error", 1, 26, 27)],
        [
            ("C203", "error", 1, 26, 27),
        ],
    ),
    # Section 3.2.1: a ":" in the password is userinfo; the password itself is P501's. Not
    # in ftp, whose login is still RFC 1738's (section 3.2), nor telnet's (RFC 4248).
    (
        "<URL:http://fred:a:b@www.example.com/>\n",
        [
            ("P502", "info", 1, 13, 17),
            ("S409", "error", 1, 13, 22),
            ("P501", "error", 1, 18, 21),
            ("R301", "error", 1, 19, 20),
        ],
        [("P502", "info", 1, 13, 17), ("S409", "error", 1, 13, 22), ("P501", "error", 1, 18, 21)],
    ),
    (
        "<URL:ftp://fred:a:b@ftp.example.com/>\n",
        [
            ("P502", "info", 1, 12, 16),
            ("P501", "error", 1, 17, 20),
            ("R301", "error", 1, 18, 19),
        ],
        [
            ("P502", "info", 1, 12, 16),
            ("P501", "error", 1, 17, 20),
            ("R301", "error", 1, 18, 19),
        ],
    ),
    # A reg-name is any unreserved and sub-delims (section 3.2.2): S407 off.
    ("<URL:http://my_host.example/>\n", [("S407", "error", 1, 13, 28)], []),
    # RFC 8089 section 2: file:/path is a local-path.
    ("<URL:file:/etc/hosts>\n", [("S406", "error", 1, 10, 11)], []),
    # Section 3.1 leaves schemes to IANA: a registered one is known, an unknown one still
    # reported; RFC 1738 section 4's reservation and "x-" are not RFC 3986's.
    ("<URL:ws://h.example/>\n", [("S403", "info", 1, 6, 8)], []),
    ("<URL:gemini://h.example/>\n", [("S403", "info", 1, 6, 12)], [("S403", "info", 1, 6, 12)]),
    ("<URL:afs://cell.example/u>\n", [("S404", "warning", 1, 6, 9)], []),
    ("<URL:x-local:thing>\n", [("S405", "info", 1, 6, 13)], [("S403", "info", 1, 6, 13)]),
    # RFC 6068 (mailto) and RFC 5538 (news) redefine those schemes: S412 and S413 check
    # their syntax. A list of addresses, an empty one, a news server are theirs.
    ("<URL:mailto:fred>\n", [("S412", "error", 1, 13, 17)], [("S412", "error", 1, 13, 17)]),
    ("<URL:mailto:a@b.example,c@d.example>\n", [("S412", "error", 1, 13, 26)], []),
    ("<URL:mailto:?to=a@b.example>\n", [("S412", "error", 1, 13, 14)], []),
    ("<URL:news://news.example/comp.misc>\n", [("S413", "error", 1, 11, 35)], []),
    # RFC 8089: ";" is a path character in a file URL (R306 off).
    ("<URL:file://h.example/a;b>\n", [("R306", "error", 1, 24, 25)], []),
]


@pytest.mark.parametrize("text,under_rfc1738,under_rfc3986", CASES, ids=[c[0] for c in CASES])
def test_each_target_grades_the_text(text, under_rfc1738, under_rfc3986) -> None:
    assert found(text, RFC1738) == under_rfc1738
    assert found(text, RFC3986) == under_rfc3986


# Host patterns from httpx (proxy `mounts` keys, its tests and docs) and CSP: never a host
# finding, under either target; the rest of the URL is linted as ever. (httpx's "all" is no
# scheme: S403, information, off unless selected, says so.)
ALL_SCHEME = [("S403", "info", 1, 2, 5)]
WILDCARDS = [
    ('"all://*.example.com"\n', ALL_SCHEME),
    ('"https://*.example.com/path"\n', []),
    ('"http://*"\n', []),
    ('"all://*example.com"\n', ALL_SCHEME),
    ('"all://*:1234"\n', ALL_SCHEME),
]


@pytest.mark.parametrize("text,expected", WILDCARDS, ids=[w[0] for w in WILDCARDS])
def test_a_wildcard_host_is_a_pattern_not_a_bad_host(text, expected) -> None:
    assert found(text, RFC1738) == expected
    assert found(text, RFC3986) == expected


def test_what_follows_a_wildcard_is_still_linted() -> None:
    assert found('"https://*.example.com/a|b"\n', RFC1738) == [("C201", "error", 1, 25, 26)]
    # a "*" anywhere but at the start of the host is no pattern httpx or CSP writes
    assert found('"https://a.*.example.com/"\n', RFC1738) == [("S407", "error", 1, 10, 25)]
    assert found('"https://**.example.com/"\n', RFC1738) == [("S407", "error", 1, 10, 24)]


def test_wildcard_hosts() -> None:
    assert [is_wildcard_host(h) for h in ("*", "*.a.example", "*a.example", "*.", "**", "a*")] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]


def test_the_target_reaches_the_rules_through_the_settings() -> None:
    settings = build_settings({"target": "rfc3986"})
    assert settings.options.target == RFC3986
    codes = {entry.code for entry in settings.rules}
    assert "C202" not in codes and "S419" in codes and "P503" not in codes  # info: off
    assert {entry.code for entry in build_settings({}).rules} >= {"C202", "P503", "S407"}


def test_a_process_lints_under_both_targets_without_mixing_them() -> None:
    # The engine's readings are shared per process; the target is part of their key.
    text = "<URL:telnet://host?/>\n"
    assert found(text, RFC3986) == [("S415", "error", 1, 19, 21)]
    assert found(text, RFC1738) == [("S407", "error", 1, 15, 20)]
    assert found(text, RFC3986) == [("S415", "error", 1, 19, 21)]


def test_settings_under_rfc3986_cross_to_a_worker_graded_so() -> None:
    settings = build_settings({"target": "rfc3986"}, select=["ALL"])
    again = pickle.loads(pickle.dumps(settings.rules))
    assert [(e.code, e.severity) for e in again] == [(e.code, e.severity) for e in settings.rules]


def test_ip_literal_messages() -> None:
    assert ip_literal_problem("::1") is None
    assert ip_literal_problem("v7.a:b") is None
    assert ip_literal_problem("") == (
        "an empty IP literal: section 3.2.2 puts an IPv6 address or IPvFuture in '[ ]'"
    )
    assert ip_literal_problem("fe80::1%25eth0") == (
        "'fe80::1%25eth0' is no IPv6 address as section 3.2.2 writes one: a zone identifier "
        "is no part of it"
    )
    assert ip_literal_problem("v7") == (
        '\'v7\' is no IPvFuture (section 3.2.2: "v" 1*HEXDIG "." and then unreserved, '
        "sub-delims or ':')"
    )


@given(st.ip_addresses(v=6))
def test_every_ipv6_address_python_writes_is_one_of_section_3_2_2(address) -> None:
    assert is_ipv6address(str(address))
    assert is_ipv6address(address.exploded)


@given(st.lists(st.sampled_from("0123456789abcdefg:."), min_size=1, max_size=45))
def test_the_ipv6_grammar_agrees_with_pythons_reading(chars) -> None:
    import ipaddress

    text = "".join(chars)
    try:
        ipaddress.IPv6Address(text)
        python = True
    except ValueError:
        python = False
    # Python's reader takes the same text forms (RFC 4291 section 2.2), and no zone here.
    assert is_ipv6address(text) == python, text


def test_the_library_lints_text_under_either_target() -> None:
    text = "see http://example.com/~fred/ and http://[::1]:8080/\n"
    assert [(f.code, span.start.column) for f, span in every_place(urlint.lint(text))] == [
        ("C202", 24),
        ("C201", 42),
        ("S407", 42),
        ("C201", 46),
    ]
    assert urlint.lint(text, target="rfc3986") == []
    with pytest.raises(urlint.ConfigError, match="target must be one of rfc1738, rfc3986"):
        urlint.lint(text, target="rfc2396")
