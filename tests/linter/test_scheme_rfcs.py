"""Each scheme urlint names, checked by its current RFC under --target rfc3986, and the last
holes of RFC 1738 under the default target: exact codes, severities, spans and messages.

Under rfc3986: http and https by RFC 9110 section 4.2, mailto by RFC 6068 section 2, news
and nntp by RFC 5538, file by RFC 8089 section 2, ftp by RFC 1738 (no successor), telnet by
RFC 4248, wais and prospero (Historic) by the generic syntax; a scheme that starts with
no letter is none (RFC 3986 section 3.1). Under rfc1738: a mailto address is RFC 822's
addr-spec, read decoded (section 3.5), and an unknown scheme's login a warning (section 4).
"""

from __future__ import annotations

import pytest

from urlint.linter.config import select_rules
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.rule import RFC1738, RFC3986, RuleOptions
from urlint.scanner.scanner import scan


def found(text: str, target: str) -> list[tuple]:
    """(code, severity, column, end column) of every finding of `check --select ALL`."""
    linter = Linter(select_rules(["ALL"], [], [], target), RuleOptions(target=target))
    return [
        (f.code, f.severity.value, f.column, f.end_column)
        for candidate in scan(text)
        for f in linter.lint(candidate, "t.txt")
    ]


def said(text: str, target: str) -> list[str]:
    """`CODE message` of every finding under `target`."""
    linter = Linter(select_rules(["ALL"], [], [], target), RuleOptions(target=target))
    return [
        f"{f.code} {f.message}" for candidate in scan(text) for f in linter.lint(candidate, "t.txt")
    ]


# (URL in the appendix's wrapper, findings under rfc1738, findings under rfc3986)
CASES = [
    # RFC 9110 sections 4.2.1 and 4.2.2: a recipient MUST reject an empty host.
    ("http://", [("S407", "error", 13, 13)], [("S407", "error", 13, 13)]),
    ("https://:443/", [("S407", "error", 14, 15)], [("S407", "error", 14, 15)]),
    ("http:///www.pegasos-suisse.com", [("S407", "error", 13, 14)], [("S407", "error", 13, 14)]),
    ("ftp://", [("S407", "error", 12, 12)], [("S407", "error", 12, 12)]),
    # RFC 6068 section 2: to = addr-spec *("," addr-spec); hfields = "?" hfield *("&" hfield).
    ("mailto:,", [("S412", "error", 13, 14)], [
        ("S412", "error", 13, 14), ("S412", "error", 14, 14),
    ]),
    ("mailto:@", [("S412", "error", 13, 14)], [("S412", "error", 13, 14)]),
    ("mailto:a", [("S412", "error", 13, 14)], [("S412", "error", 13, 14)]),
    # Its own "WRONG!" example (section 6.1): "?" twice.
    (
        "mailto:joe@example.com?cc=bob@example.com?body=hello",
        [],
        [("S412", "error", 47, 48), ("S412", "error", 52, 53)],
    ),
    # Its own examples (sections 6.1-6.3) are valid; RFC 822 has no UTF-8 domain.
    ("mailto:%22not%40me%22@example.org", [], []),
    ("mailto:addr1@an.example,addr2@an.example", [("S412", "error", 13, 35)], []),
    ("mailto:?to=addr1@an.example,addr2@an.example", [("S412", "error", 13, 14)], []),
    ("mailto:gorby%25kremvax@example.com", [], []),
    ("mailto:unlikely%3Faddress@example.com?blat=foop", [], []),
    (
        "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
        [("S412", "error", 18, 48)],
        [],
    ),
    # Rule 4: percent-encoding in a domain only for UTF-8; rule 1: "=" is encoded there.
    ("mailto:v@%75.h", [("C207", "info", 15, 18)], [
        ("C207", "info", 15, 18), ("S412", "error", 15, 18),
    ]),
    ("mailto:v@=.h", [], [("S412", "error", 15, 16)]),
    ("mailto:%75@8", [("C207", "info", 13, 16)], [("C207", "info", 13, 16)]),
    # A fragment SHOULD NOT be used on a mailto URI: advice, info.
    ("mailto:a@b.example#top", [], [("S412", "info", 24, 28)]),
    # RFC 8089 section 2: path-absolute never starts "//"; Appendix E.3.2's UNC form is
    # a nonstandard variation, its host alone too (Windows' `\\foo`).
    ("file:////foo", [], [("S417", "warning", 11, 15)]),
    ("file://localhost//a//../..//", [], [("S417", "error", 22, 24)]),
    ("file:////host.example/share/f", [], [("S417", "warning", 11, 15)]),
    ("file:/etc/hosts", [("S406", "error", 10, 11)], []),
    # RFC 5538 section 4: news:[//server/], a message-id with text both sides of its "@"
    # and no %3E, newsgroups of letters, digits, - + _ . and escapes in any order, a
    # wildmat's "*" (its "?" is %3F), or none (news://news.server.example/ is its example);
    # section 3: an nntp group likewise, an article number of 1 to 16 digits.
    ("news:@", [("S413", "error", 11, 12)], [("S413", "error", 11, 12)]),
    ("news://h", [("S413", "error", 11, 14)], [("S413", "error", 14, 14)]),
    ("news:example.group.*", [("S413", "error", 11, 26)], []),
    ("news://wild.server.example/example.group.th?se", [("S413", "error", 11, 52)], []),
    ("news://wild.server.example/example.group.th%3Fse", [("S413", "error", 11, 54)], []),
    ("news://news.server.example/", [("S413", "error", 11, 33)], []),
    ("news://news.server.example/*", [("S413", "error", 11, 34)], []),
    ("news:a%3Eb@example.org", [], [("S413", "error", 12, 15)]),
    ("news:a/b@example.org", [], [("S413", "error", 12, 13)]),
    ("news:a,b", [("S413", "error", 11, 14)], [("S413", "error", 11, 14)]),
    ("nntp://wild.server.example/example.group.n%2Fa/12345", [("S414", "error", 33, 52)], []),
    ("nntp://news.example/1group/12345678901234567", [("S414", "error", 26, 32)], [
        ("S414", "error", 33, 50),
    ]),
    # RFC 5538 section 7: a user name in an nntp server.
    ("nntp://fred@news.example/g", [("P502", "info", 13, 17), ("S409", "error", 13, 18)], [
        ("P502", "info", 13, 17),
    ]),
    # An IP literal naming a news server is S419's, its brackets no unsafe characters.
    ("news://[::]/g", [
        ("S413", "error", 11, 19), ("C201", "error", 13, 14), ("C201", "error", 16, 17),
    ], []),
    ("news://[::1::2]/g", [
        ("S413", "error", 11, 23), ("C201", "error", 13, 14), ("C201", "error", 20, 21),
    ], [("S419", "error", 14, 20)]),
    # RFC 3986 ends the authority at a "?" (section 3.2); what follows is no part of RFC 1738
    # section 5's ftpurl nor of RFC 4266 section 2.1's gopher URL (the property found them).
    ("ftp://0?0.0.0", [("S407", "error", 12, 19)], [("R302", "error", 13, 19)]),
    ("gopher://0?0.0.0", [("S407", "error", 15, 22)], [("S411", "error", 16, 22)]),
    ("ftp://h/a?b", [], []),
    ("gopher://h/1a?b", [], []),
    # ftp is still RFC 1738's, telnet RFC 4248's: no ":" in a password.
    ("ftp://a:b:c@h/", [
        ("P502", "info", 12, 13), ("P501", "error", 14, 17), ("R301", "error", 15, 16),
    ], [("P502", "info", 12, 13), ("P501", "error", 14, 17), ("R301", "error", 15, 16)]),
    ("telnet://a:b:c@h/", [
        ("P502", "info", 15, 16), ("P501", "error", 17, 20), ("R301", "error", 18, 19),
    ], [("P502", "info", 15, 16), ("P501", "error", 17, 20), ("R301", "error", 18, 19)]),
    # A reg-name holds no ":": the port runs from the first (RFC 3986 section 3.2.3). A
    # host with no dot is an intranet's, its port chosen on purpose: no P503.
    ("http://h:1:2/", [("S407", "error", 13, 16)], [
        ("S408", "error", 15, 18),
    ]),
    ("https://217.68.209.88:12:723", [("S407", "error", 14, 30), ("P503", "warning", 31, 34)], [
        ("S408", "error", 28, 34),
    ]),
    # RFC 3986 section 3.1: a scheme starts with a letter; RFC 1738 section 2.1 allows these.
    ("0:/", [("S403", "info", 6, 7)], [("S401", "error", 6, 7)]),
    ("-i:", [("S403", "info", 6, 8)], [("S401", "error", 6, 8)]),
    ("1http://h/", [("S403", "info", 6, 11)], [("S401", "error", 6, 11)]),
    # wais and prospero are Historic: the generic syntax alone.
    ("wais://u@h/db/x/y/z", [
        ("P502", "info", 13, 14), ("S409", "error", 13, 15), ("S416", "error", 23, 25),
    ], [("P502", "info", 13, 14)]),
    ("prospero://h", [("S418", "error", 18, 18)], []),
    # Section 4: a scheme section 3 does not define "should" follow section 3.1's login.
    ("gemini://a:b@c@h/", [
        ("S403", "info", 6, 12), ("P502", "info", 15, 16), ("P501", "error", 17, 20),
        ("R301", "warning", 18, 19),
    ], [
        ("S403", "info", 6, 12), ("P502", "info", 15, 16), ("P501", "error", 17, 20),
        ("R301", "error", 18, 19),
    ]),
    # The authority ends at the first "?" under RFC 3986 (section 3.2): no user name here;
    # RFC 1738 lets a "?" stand in a login (section 5).
    ("https://M.A?d4W2@l", [("P502", "info", 14, 22), ("S409", "error", 14, 23)], []),
]  # fmt: skip


@pytest.mark.parametrize("url,under_rfc1738,under_rfc3986", CASES, ids=[c[0] for c in CASES])
def test_each_scheme_by_its_rfc(url: str, under_rfc1738: list, under_rfc3986: list) -> None:
    text = f"<URL:{url}>\n"
    assert found(text, RFC1738) == under_rfc1738
    assert found(text, RFC3986) == under_rfc3986


def test_the_messages_name_the_scheme_rfc_and_what_is_wrong() -> None:
    text = (
        "<URL:https://:443/> <URL:mailto:joe@example.com?cc=bob@example.com?body=hello> "
        "<URL:file://localhost//a//../..//> <URL:news://h> <URL:http://h:1:2/> <URL:1http://h/> "
        "<URL:file:////host.example/share/f> <URL:mailto:a@b.example#top>\n"
    )
    assert said(text, RFC3986) == [
        "S407 https URI with no host (RFC 9110 section 4.2.2: a recipient MUST reject it)",
        "S412 a second '?' (RFC 6068 section 2) (RFC 1738 allows it: --target rfc1738): header "
        "fields are separated by '&'",
        "S412 unencoded '=' in a header field (RFC 6068 section 2) (RFC 1738 allows it: --target "
        "rfc1738): write %3D",
        "S417 a path that starts with '//' (RFC 8089 section 2) (RFC 1738 allows it: --target "
        "rfc1738): path-absolute starts with one '/' and a segment",
        "S413 a news server is followed by '/' and a group or message-id (RFC 5538 section 4)",
        "S408 port '1:2' is not a decimal number by RFC 3986 section 3.2.3 (RFC 1738 reports it "
        "as S407: --target rfc1738)",
        "S401 '1http' is no scheme name by RFC 3986 section 3.1 (RFC 1738 reports it as S403: "
        "--target rfc1738): a scheme starts with a letter",
        "S417 a UNC path written 'file:////host/...' is a nonstandard variation (RFC 8089 "
        "Appendix E.3.2), outside section 2's syntax (RFC 1738 allows it: --target rfc1738)",
        "S412 a fragment on a mailto URI, which RFC 6068 section 2 advises against (RFC 1738 "
        "allows it: --target rfc1738): fragment identifiers SHOULD NOT be used on one",
    ]
    assert said("<URL:ftp://h?x> <URL:gopher://h?x>\n", RFC3986) == [
        "R302 a query after the host (RFC 1738 section 5) (RFC 1738 reports it as S407: "
        "--target rfc1738): an ftp URL has only '/' and a path after it",
        "S411 a query after the host (RFC 4266 section 2.1) (RFC 1738 reports it as S407: "
        "--target rfc1738): a gopher path follows a '/'",
    ]
    assert said("<URL:news:a%3Eb@example.org> <URL:news:a,b>\n", RFC3986) == [
        "S413 '%3E' ('>') in a message-id (RFC 5538 section 4) (RFC 1738 allows it: --target "
        "rfc1738): no Message-ID holds one",
        "S413 invalid newsgroup name (RFC 5538 section 4): letters, digits, - + _ . and %XX "
        "escapes, or a wildmat's * (its ? written %3F)",
    ]
    assert said("<URL:mailto:v@=.h> <URL:mailto:a.@b>\n", RFC1738) == [
        "S412 invalid local part: RFC 822 words (atoms or quoted strings) separated by '.'",
    ]
