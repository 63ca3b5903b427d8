"""Where the two targets differ, a finding's message says which standard it rests on.

Each finding that the other target would not report, or would grade otherwise, names the
standard and section it rests on and how to lint by the other (linter/rules/rule.py, note);
every other finding's message is as it was. The notes are checked word for word, and
against what linting under each target finds (tests/linter/test_target.py's cases).
"""

from __future__ import annotations

import pytest

from urlint.core.findings import Severity
from urlint.linter.config import select_rules
from urlint.linter.rules.catalogue import all_rules, rules_by_code, rules_under
from urlint.linter.rules.engine import MAX_HITS_PER_RULE, Linter
from urlint.linter.rules.rule import (
    RFC1738,
    RFC3986,
    RuleOptions,
    citation,
    note,
    noted,
    other_target,
)
from urlint.scanner.scanner import scan

from .test_target import CASES

SECRET = "s3cr3t-Pa55"


def messages(text: str, target: str, select: tuple[str, ...] = ("ALL",)) -> list[str]:
    """`CODE message` of every finding under `target`."""
    linter = Linter(select_rules(list(select), [], [], target), RuleOptions(target=target))
    return [
        f"{finding.code} {finding.message}"
        for candidate in scan(text)
        for finding in linter.lint(candidate, "t.txt")
    ]


# (text, under rfc1738, under rfc3986): every message, verbatim.
MESSAGES = [
    # The README's: "~" is unsafe by RFC 1738 section 2.2, unreserved by RFC 3986.
    (
        "<URL:http://example.com/~fred/%7E>\n",
        [
            "C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
            "rfc3986): write it as %7E"
        ],
        [
            "C207 %7E encodes '~', which needs no encoding by RFC 3986 section 2.3 (RFC 1738 "
            "allows it: --target rfc1738)"
        ],
    ),
    # What both report says nothing of either standard.
    (
        "<URL:http://example.com/a|b#c#d>\n",
        [
            "C201 unsafe character '|': write it as %7C",
            "C203 a second '#': only the first starts the fragment; write %23",
        ],
        [
            "C201 unsafe character '|': write it as %7C",
            "C203 a second '#': only the first starts the fragment; write %23",
        ],
    ),
    # Graded otherwise: a non-default port, an empty port.
    (
        "<URL:http://example.com:3000/> <URL:http://example.com:/>\n",
        [
            "P503 port 3000 is not http's default (80) by RFC 1738 section 6 (RFC 3986 grades it "
            "info: --target rfc3986)",
            "S408 a ':' with no port by RFC 1738 section 3.1 (RFC 3986 grades it info: "
            "--target rfc3986): if the port is omitted, the colon is as well",
        ],
        [
            "P503 port 3000 is not http's default (80) by RFC 3986 section 3.2.3 (RFC 1738 "
            "grades it a warning: --target rfc1738)",
            "S408 a ':' with no port by RFC 3986 section 3.2.3 (RFC 1738 grades it an error: "
            "--target rfc1738): a URI producer should leave the colon out too (section 6.2.3)",
        ],
    ),
    # An empty port after a scheme RFC 1738 does not define: a warning by RFC 1738, advice
    # (info) by RFC 3986, which allows it and asks producers to leave the colon out.
    (
        "<URL:foo://h.example:/>\n",
        [
            "S403 unknown scheme 'foo': not one RFC 1738 defines",
            "S408 a ':' with no port by RFC 1738 section 3.1 (RFC 3986 grades it info: "
            "--target rfc3986): if the port is omitted, the colon is as well",
        ],
        [
            "S403 unknown scheme 'foo': not one urlint knows as registered",
            "S408 a ':' with no port by RFC 3986 section 3.2.3 (RFC 1738 grades it a warning: "
            "--target rfc1738): a URI producer should leave the colon out too (section 6.2.3)",
        ],
    ),
    # What the other reports as another rule: a host in brackets, a telnet "?".
    (
        "<URL:http://[::1::2]/>\n",
        [
            "C201 unsafe character '[' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
            "rfc3986): write it as %5B",
            "S407 invalid host by RFC 1738 section 3.1 (RFC 3986 reports it as S419: --target "
            "rfc3986): an IP literal in brackets, where a host is a domain name or a dotted quad "
            "(section 3.1)",
            "C201 unsafe character ']' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
            "rfc3986): write it as %5D",
        ],
        [
            "S419 invalid IP literal by RFC 3986 section 3.2.2 (RFC 1738 reports it as S407: "
            "--target rfc1738): '::1::2' is no IPv6 address as section 3.2.2 writes one"
        ],
    ),
    (
        "<URL:http://[fe80::1/>\n",
        [
            "C201 unsafe character '[': write it as %5B",
            "S407 invalid host by RFC 1738 section 3.1 (RFC 3986 reports it as S419: --target "
            "rfc3986): an IP literal in brackets, where a host is a domain name or a dotted quad "
            "(section 3.1)",
        ],
        [
            "C201 unsafe character '[': write it as %5B",
            "S419 an IP literal with no closing ']' by RFC 3986 section 3.2.2 (RFC 1738 reports "
            "it as S407: --target rfc1738)",
        ],
    ),
    (
        "<URL:telnet://host?/>\n",
        [
            "S407 invalid host by RFC 1738 section 3.1 (RFC 3986 reports it as S415: --target "
            "rfc3986): label 'host?' holds characters other than letters, digits and '-'"
        ],
        [
            "S415 a telnet URL ends after the host and port (and an optional '/') by RFC 3986 "
            "section 3.2 (RFC 1738 reports it as S407: --target rfc1738)"
        ],
    ),
    (
        "<URL:x-local:thing>\n",
        [
            "S405 experimental scheme 'x-local' by RFC 1738 section 4 (RFC 3986 reports it as "
            "S403: --target rfc3986)"
        ],
        [
            "S403 unknown scheme 'x-local' by RFC 3986 section 3.1 (RFC 1738 reports it as "
            "S405: --target rfc1738): not one urlint knows as registered"
        ],
    ),
    # Rules RFC 3986 does not hold, each naming its RFC 1738 section.
    (
        "<URL:http://example.com/cgi?next=/x> <URL:ws://h.example/> <URL:afs://c.example/u> "
        "<URL:file:/etc/hosts> <URL:mailto:fred> <URL:mailto:> <URL:news:> "
        "<URL:file://h.example/a;b> <URL:http://my_host.example/%24>\n",
        [
            "R303 unencoded '/' in the search part by RFC 1738 section 3.3 (RFC 3986 allows it: "
            "--target rfc3986): write %2F",
            "S403 unknown scheme 'ws' by RFC 1738 sections 2.1 and 4 (RFC 3986 allows it: "
            "--target rfc3986): not one RFC 1738 defines",
            "S404 scheme 'afs' is reserved but not defined by RFC 1738 section 4 (RFC 3986 "
            "allows it: --target rfc3986)",
            "S406 no '//' after 'file:' by RFC 1738 sections 3.1 and 5 (RFC 3986 allows it: "
            "--target rfc3986): the common Internet scheme syntax starts with it (section 3.1)",
            "S412 not an address: an RFC 822 addr-spec is local-part@domain",
            "S412 no address after 'mailto:' by RFC 1738 section 3.5 (RFC 3986 allows it: "
            "--target rfc3986)",
            "S413 no group or message-id after 'news:' by RFC 1738 section 3.6 (RFC 3986 allows "
            "it: --target rfc3986)",
            "R306 unencoded ';' in a file path by RFC 1738 section 3.10 (RFC 3986 allows it: "
            "--target rfc3986): write %3B",
            "S407 invalid host by RFC 1738 section 3.1 (RFC 3986 allows it: --target rfc3986): "
            "label 'my_host' holds characters other than letters, digits and '-'",
            "C207 %24 encodes '$', which needs no encoding by RFC 1738 section 2.2 (RFC 3986 "
            "allows it: --target rfc3986)",
        ],
        # mailto and news by their current RFCs: "mailto:" alone is allowed (RFC 6068
        # section 2: to and hfields are optional), and "news:" (RFC 5538 section 4:
        # newsgroups = *( group-char / pct-encoded / "*" ), possibly empty); "mailto:fred"
        # is not.
        ["S412 not an address (RFC 6068 section 2): an addr-spec is local-part@domain"],
    ),
    # A rule both hold names no standard where the other target reports it alike.
    (
        "<URL:http:example.com/>\n",
        [
            "S406 no '//' after 'http:': the common Internet scheme syntax starts with it "
            "(section 3.1)",
        ],
        [
            "S406 no '//' after 'http:': the common Internet scheme syntax starts with it "
            "(section 3.1)",
        ],
    ),
]


@pytest.mark.parametrize("text,under_rfc1738,under_rfc3986", MESSAGES, ids=[m[0] for m in MESSAGES])
def test_each_message_names_its_standard_where_the_targets_differ(
    text, under_rfc1738, under_rfc3986
) -> None:
    assert messages(text, RFC1738) == under_rfc1738
    assert messages(text, RFC3986) == under_rfc3986


def _differing(text: str, target: str) -> list[bool]:
    """For each finding under `target` (with every rule), whether the other target finds
    the same code on the same span with the same grade: what test_target.py compares."""
    linter = Linter(select_rules(["ALL"], [], [], target), RuleOptions(target=target))
    other = other_target(target)
    theirs = Linter(select_rules(["ALL"], [], [], other), RuleOptions(target=other))
    found = [f for candidate in scan(text) for f in linter.lint(candidate, "t.txt")]
    elsewhere = {
        (f.code, f.span, f.severity)
        for candidate in scan(text)
        for f in theirs.lint(candidate, "t.txt")
    }
    return [(f.code, f.span, f.severity) not in elsewhere for f in found]


@pytest.mark.parametrize("text", [case[0] for case in CASES + MESSAGES])
def test_a_finding_has_a_note_exactly_where_the_other_target_differs(text) -> None:
    for target in (RFC1738, RFC3986):
        said = [f"--target {other_target(target)})" in m for m in messages(text, target)]
        assert said == _differing(text, target), target


def test_a_run_that_selects_part_of_the_rules_judges_by_the_other_standard_all_the_same():
    # P503 is info under RFC 3986, off by default there: under RFC 1738 it is graded so.
    assert messages("<URL:http://example.com:3000/>\n", RFC1738, ("P503",)) == [
        "P503 port 3000 is not http's default (80) by RFC 1738 section 6 (RFC 3986 grades it "
        "info: --target rfc3986)",
    ]
    # Without S415 selected, a telnet host with "?" is what RFC 3986 allows as a host.
    assert messages("<URL:telnet://host?/>\n", RFC1738, ("S407",)) == [
        "S407 invalid host by RFC 1738 section 3.1 (RFC 3986 allows it: --target rfc3986): "
        "label 'host?' holds characters other than letters, digits and '-'",
    ]


def test_a_message_hidden_for_a_password_keeps_its_note_and_shows_no_password():
    # The ":" inside the password is R301's under RFC 1738 only (a warning on a scheme it
    # does not define, section 4); its message would quote it.
    text = f"<URL:ssh://fred:{SECRET}:x@h.example/>\n"
    said = messages(text, RFC1738, ("P5", "R301"))
    assert said == [
        "P502 a user name in the URL",
        "P501 a password in the URL: never write one (section 6)",
        'R301 An unencoded ":", "@" or "/" in a user name or password (in a part of the URL '
        "hidden as a password) by RFC 1738 section 3.1 (RFC 3986 allows it: --target "
        "rfc3986)",
    ]
    assert not any(SECRET in message for message in said + messages(text, RFC3986))


def test_past_the_hits_listed_the_note_comes_before_the_count():
    text = "<URL:http://example.com/" + "~" * (MAX_HITS_PER_RULE + 5) + ">\n"
    said = messages(text, RFC1738, ("C202",))
    assert len(said) == MAX_HITS_PER_RULE + 1
    assert said[-1] == (
        'C202 A "~" written as it is by RFC 1738 section 2.2 (RFC 3986 allows it: --target '
        "rfc3986) (more than 100 times in this URL: the rest are not listed)"
    )


def test_the_x_rules_read_no_target_and_carry_no_note():
    assert messages("<URL:http://example.com/long-\n   name.html> <URL:>\n", RFC1738) == [
        "X102 line break after '-': the URL may also be http://example.com/longname.html",
        "X106 empty wrapper: no URL inside",
    ]


def test_the_note_is_worded_once():
    c202, p503, s419 = (rules_by_code()[code] for code in ("C202", "P503", "S419"))
    assert note(c202, RFC1738, None) == (
        "by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986)"
    )
    graded = rules_under(RFC3986)[[e.code for e in rules_under(RFC3986)].index("P503")]
    assert note(graded, RFC3986, Severity.WARNING) == (
        "by RFC 3986 section 3.2.3 (RFC 1738 grades it a warning: --target rfc1738)"
    )
    assert note(p503, RFC1738, Severity.INFO) == (
        "by RFC 1738 section 6 (RFC 3986 grades it info: --target rfc3986)"
    )
    assert note(s419, RFC3986, "S407") == (
        "by RFC 3986 section 3.2.2 (RFC 1738 reports it as S407: --target rfc1738)"
    )


def test_a_note_goes_after_what_is_found_and_before_the_advice():
    assert noted("unsafe character '~': write it as %7E", "by X") == (
        "unsafe character '~' by X: write it as %7E"
    )
    assert noted("port 3000 is not http's default (80)", "by X") == (
        "port 3000 is not http's default (80) by X"
    )
    assert noted("anything: at all", None) == "anything: at all"


def test_what_each_rule_rests_on_under_each_standard():
    under_rfc1738 = {e.code: citation(e, RFC1738) for e in all_rules() if e.section}
    assert under_rfc1738 == {
        "C201": "RFC 1738 section 2.2", "C202": "RFC 1738 section 2.2",
        "C203": "RFC 1738 section 2.2", "C204": "RFC 1738 section 2.2",
        "C205": "RFC 1738 section 2.2", "C206": "RFC 1738 section 2.2",
        "C207": "RFC 1738 section 2.2",
        "P501": "RFC 1738 sections 3.1 and 6", "P502": "RFC 1738 sections 3.1 and 3.2.1",
        "P503": "RFC 1738 section 6", "P504": "RFC 1738 section 6",
        "P505": "RFC 1738 section 6",
        "R301": "RFC 1738 section 3.1", "R302": "RFC 1738 section 3.2.2",
        "R303": "RFC 1738 section 3.3", "R304": "RFC 1738 section 3.11",
        "R305": "RFC 1738 section 3.9", "R306": "RFC 1738 section 3.10",
        "R307": "RFC 1738 section 3.11",
        "S401": "RFC 1738 section 2.1", "S402": "RFC 1738 sections 2.1 and 5",
        "S403": "RFC 1738 sections 2.1 and 4", "S404": "RFC 1738 section 4",
        "S405": "RFC 1738 section 4", "S406": "RFC 1738 sections 3.1 and 5",
        "S407": "RFC 1738 section 3.1", "S408": "RFC 1738 section 3.1",
        "S409": "RFC 1738 sections 3.3, 3.11 and 5", "S410": "RFC 1738 sections 3.2.2 and 3.2.3",
        "S411": "RFC 1738 section 3.4", "S412": "RFC 1738 section 3.5",
        "S413": "RFC 1738 section 3.6", "S414": "RFC 1738 section 3.7",
        "S415": "RFC 1738 section 3.8", "S416": "RFC 1738 section 3.9",
        "S417": "RFC 1738 section 3.10", "S418": "RFC 1738 section 3.11",
        # S419 is RFC 3986's alone: it rests on RFC 3986 under either name
        "S419": "RFC 3986 section 3.2.2",
        "X101": "RFC 1738's appendix", "X102": "RFC 1738's appendix",
        "X103": "RFC 1738's appendix", "X104": "RFC 1738's appendix and section 2.2",
        "X105": "RFC 1738's appendix", "X106": "RFC 1738's appendix",
        "N601": "RFC 1738 section 3.1", "N602": "RFC 1738 sections 2.1 and 3.1",
        "N603": "RFC 1738 sections 2.1 and 3.1", "N604": "RFC 1738 sections 2.2 and 3.1",
        "N605": "RFC 1738 sections 2 and 2.1", "N606": "RFC 1738 section 3.1",
        "N607": "RFC 1738's appendix and section 2.2",
        "N608": "RFC 1738 section 2.1", "N609": "RFC 1738's appendix and section 2.2",
        "N610": "RFC 1738 section 3.1", "N611": "RFC 1738's appendix and section 2.2",
        "N612": "RFC 1738's appendix and section 2.2", "N613": "RFC 1738 sections 2 and 2.2",
        "N614": "RFC 1738 sections 2.1 and 3.1", "N615": "RFC 1738's appendix and section 2.1",
    }  # fmt: skip
    under_rfc3986 = {e.code: citation(e, RFC3986) for e in rules_under(RFC3986) if e.section}
    assert under_rfc3986 == {
        "C201": "RFC 3986 section 2", "C203": "RFC 3986 section 3.5",
        "C204": "RFC 3986 section 2", "C205": "RFC 3986 section 2",
        "C206": "RFC 3986 section 2.1", "C207": "RFC 3986 section 2.3",
        "P501": "RFC 3986 section 3.2.1", "P502": "RFC 3986 section 3.2.1",
        "P503": "RFC 3986 section 3.2.3", "P504": "RFC 3986 section 7.2",
        "P505": "RFC 3986 section 7.2",
        "R301": "RFC 3986 section 3.2.1",
        # ftp is still RFC 1738's alone; gopher's RFC keeps its text
        "R302": "RFC 1738 section 3.2",
        "S401": "RFC 3986 section 3.1", "S402": "RFC 3986 section 3.1",
        "S403": "RFC 3986 section 3.1", "S406": "RFC 3986 section 3",
        "S407": "RFC 9110 section 4.2.1",
        "S408": "RFC 3986 section 3.2.3", "S409": "RFC 3986 section 3.2.1",
        "S410": "RFC 1738 section 3.2", "S411": "RFC 1738 section 3.4",
        "S412": "RFC 6068 section 2", "S413": "RFC 5538 section 4",
        "S414": "RFC 5538 section 3", "S415": "RFC 3986 section 3.2",
        "S417": "RFC 8089 section 2", "S419": "RFC 3986 section 3.2.2",
        "X101": "RFC 3986 Appendix C", "X102": "RFC 3986 Appendix C",
        "X103": "RFC 3986 Appendix C", "X104": "RFC 3986 Appendix C",
        "X105": "RFC 3986 Appendix C", "X106": "RFC 3986 Appendix C",
        "N601": "RFC 3986 section 3", "N602": "RFC 3986 section 3",
        "N603": "RFC 3986 section 3", "N604": "RFC 3986 Appendix C",
        "N605": "RFC 3986 section 3.1", "N606": "RFC 3986 section 3.2.2",
        "N607": "RFC 3986 Appendix C",
        "N608": "RFC 3986 section 4.2", "N609": "RFC 3986 Appendix C",
        "N610": "RFC 3986 section 3", "N611": "RFC 3986 Appendix C",
        "N612": "RFC 3986 Appendix C", "N613": "RFC 3986 section 2",
        "N614": "RFC 3986 section 3.1", "N615": "RFC 3986 section 3.1",
    }  # fmt: skip
