"""The rules that read the login (P501, P502, S409) under each target: where the target
reads a user and a password (grammar.login), and how RFC 9110 grades a user name in an http
or https URL under --target rfc3986. Each case: every finding of `--select ALL` on the URL in
a wrapper (code, severity, column, end column, message)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.api import lint
from urlint.core.version import __version__
from urlint.linter.rules.catalogue import rules_under
from urlint.linter.source_view import SourceView
from urlint.output.check import finding_json, jsonl_line, text_line
from urlint.output.full import full_block
from urlint.output.github import github_line
from urlint.output.sarif import sarif_log

from ..helpers import examples

S403_1738 = "unknown scheme '{}': not one RFC 1738 defines"
# A scheme RFC 3986's registry knows: the message says which standard reports it.
S403_REGISTERED = (
    "unknown scheme '{}' by RFC 1738 sections 2.1 and 4 (RFC 3986 allows it: --target "
    "rfc3986): not one RFC 1738 defines"
)
S409_1738 = "{} URLs take no user name or password (section 3.3)"
# Where the other target grades the user name otherwise, the message says so.
# (a message that cites its section already takes the other's verdict alone)
S409_1738_GRADED = S409_1738 + " (RFC 3986 grades it a warning: --target rfc3986)"
S409_WARNING = (
    "a user name in an {} URI, deprecated by RFC 9110 section 4.2.4 (RFC 3986 section 3.2.1 "
    "allows it) (RFC 1738 grades it an error: --target rfc1738)"
)
P501 = "a password in the URL: never write one (section 6)"
P502 = "a user name in the URL"


def found(url: str, target: str) -> list[tuple]:
    """(code, severity, column, end column, message) of every finding on `<URL:url>`."""
    return [
        (f.code, f.severity.value, f.column, f.end_column, f.message)
        for f in lint(f"<URL:{url}>\n", select=["ALL"], target=target)
    ]


# (URL, findings under rfc1738, findings under rfc3986)
CASES = [
    # RFC 3986 section 3.2: the authority is "totp", "Example:alice@google.com" its path.
    (
        "otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example",
        [("S403", "info", 6, 13, S403_1738.format("otpauth"))],
        [("S403", "info", 6, 13, "unknown scheme 'otpauth': not one urlint knows as registered")],
    ),
    # A "?" ends the authority under RFC 3986; RFC 1738 section 5 lets it stand in a user.
    (
        "https://M.A?d4W2@l",
        [
            (
                "P502",
                "info",
                14,
                22,
                P502 + " by RFC 1738 sections 3.1 and 3.2.1 (RFC 3986 allows it: --target rfc3986)",
            ),
            (
                "S409",
                "error",
                14,
                23,
                S409_1738.format("https") + " (RFC 3986 allows it: --target rfc3986)",
            ),
        ],
        [],
    ),
    # An escaped ":" is the user's (RFC 3986 section 3.2.1): no password, and the messages
    # quote nothing, so none is replaced by its summary (though "user" is hidden as a
    # password a client that decodes it may send).
    (
        "http://odder%3auser@host/",
        [
            ("P502", "info", 13, 25, P502),
            ("S409", "error", 13, 26, S409_1738_GRADED.format("http")),
        ],
        [
            ("P502", "info", 13, 25, P502),
            ("S409", "warning", 13, 26, S409_WARNING.format("http")),
        ],
    ),
    (
        "http://odder%3Auser@host/",
        [
            ("P502", "info", 13, 25, P502),
            ("S409", "error", 13, 26, S409_1738_GRADED.format("http")),
        ],
        [
            ("P502", "info", 13, 25, P502),
            ("S409", "warning", 13, 26, S409_WARNING.format("http")),
        ],
    ),
    # RFC 3261 section 19.1.1: parameters after ";" and headers after "?" are no login.
    (
        "sip:alice@atlanta.com;transport=tcp?subject=project%20x&priority=urgent",
        [("S403", "info", 6, 9, S403_REGISTERED.format("sip"))],
        [],
    ),
    (
        "sips:alice@atlanta.com?subject=project%20x&priority=urgent",
        [("S403", "info", 6, 10, S403_REGISTERED.format("sips"))],
        [],
    ),
    # RFC 3261's own example of a password: it is one.
    (
        "sip:+1-212-555-1212:1234@gateway.com;user=phone",
        [("S403", "info", 6, 9, S403_REGISTERED.format("sip")), ("P501", "error", 26, 30, P501)],
        [("P501", "error", 26, 30, P501)],
    ),
    (
        "sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com",
        [("S403", "info", 6, 9, S403_REGISTERED.format("sip"))],
        [],
    ),
    # A Sentry DSN, a proxy's user: a user name alone in an http(s) URL is a warning under
    # RFC 3986 (RFC 9110 section 4.2.4 deprecates it), an error under RFC 1738 (3.3).
    (
        "https://public@o0.ingest.sentry.io/0",
        [
            ("P502", "info", 14, 20, P502),
            ("S409", "error", 14, 21, S409_1738_GRADED.format("https")),
        ],
        [
            ("P502", "info", 14, 20, P502),
            ("S409", "warning", 14, 21, S409_WARNING.format("https")),
        ],
    ),
    (
        "http://proxyuser@proxy.example.com:3128/",
        [
            ("P502", "info", 13, 22, P502),
            ("S409", "error", 13, 23, S409_1738_GRADED.format("http")),
            (
                "P503",
                "warning",
                41,
                45,
                "port 3128 is not http's default (80) by RFC 1738 "
                "section 6 (RFC 3986 grades it info: --target rfc3986)",
            ),
        ],
        [
            ("P502", "info", 13, 22, P502),
            ("S409", "warning", 13, 23, S409_WARNING.format("http")),
            (
                "P503",
                "info",
                41,
                45,
                "port 3128 is not http's default (80) by RFC 3986 "
                "section 3.2.3 (RFC 1738 grades it a warning: --target rfc1738)",
            ),
        ],
    ),
    # A password stays an error everywhere (P501, and S409 in http).
    (
        "https://fred:secret@example.com/",
        [
            ("P502", "info", 14, 18, P502),
            ("S409", "error", 14, 26, S409_1738.format("https")),
            ("P501", "error", 19, 25, P501),
        ],
        [
            ("P502", "info", 14, 18, P502),
            ("S409", "error", 14, 26, "https URIs take no userinfo (RFC 9110 section 4.2.4)"),
            ("P501", "error", 19, 25, P501),
        ],
    ),
    # An empty password is no password to hide (P501), but "user:password" all the same,
    # the form RFC 3986 section 3.2.1 deprecates: an error.
    (
        "https://fred:@h.example/",
        [("P502", "info", 14, 18, P502), ("S409", "error", 14, 20, S409_1738.format("https"))],
        [
            ("P502", "info", 14, 18, P502),
            ("S409", "error", 14, 20, "https URIs take no userinfo (RFC 9110 section 4.2.4)"),
        ],
    ),
    # Other schemes keep their error: their RFCs give them a hostport alone.
    (
        "gopher://fred@gopher.example.com/",
        [
            ("P502", "info", 15, 19, P502),
            ("S409", "error", 15, 20, "gopher URLs take no user name or password (section 5)"),
        ],
        [
            ("P502", "info", 15, 19, P502),
            ("S409", "error", 15, 20, "gopher URIs take no userinfo (RFC 4266)"),
        ],
    ),
    # Section 5's "?" in a password; RFC 3986's query: a port, hidden as a password.
    (
        "ftp://fred.example:2024?pw@ftp.example.com/",
        [
            (
                "P502",
                "info",
                12,
                24,
                P502 + " by RFC 1738 sections 3.1 and 3.2.1 (RFC 3986 allows it: --target rfc3986)",
            ),
            (
                "P501",
                "error",
                25,
                32,
                "a password in the URL by RFC 1738 sections 3.1 and 6 "
                "(RFC 3986 reports it as P503: --target rfc3986): never write one (section 6)",
            ),
        ],
        [
            (
                "P503",
                "info",
                25,
                29,
                "A port other than the scheme's default (in a part of the URL hidden as a "
                "password) by RFC 3986 section 3.2.3 (RFC 1738 reports it as P501: --target "
                "rfc1738)",
            ),
            # ... and the query RFC 3986 starts at the "?", which RFC 1738 section 5's
            # ftpurl has none of (its words quote none of the URL).
            (
                "R302",
                "error",
                29,
                49,
                "a query after the host (RFC 1738 section 5) (RFC 1738 reports it as P501: "
                "--target rfc1738): an ftp URL has only '/' and a path after it",
            ),
        ],
    ),
]


@pytest.mark.parametrize("url,under_rfc1738,under_rfc3986", CASES, ids=[c[0] for c in CASES])
def test_the_login_rules_under_each_target(url, under_rfc1738, under_rfc3986) -> None:
    assert found(url, "rfc1738") == under_rfc1738
    assert found(url, "rfc3986") == under_rfc3986


def test_the_default_rules_under_rfc3986_pass_a_sentry_dsn_with_a_warning() -> None:
    text = "dsn = 'https://public@o0.ingest.sentry.io/0'\n"
    assert [(f.code, f.severity.value) for f in lint(text, target="rfc3986")] == [
        ("S409", "warning"),
    ]
    assert [(f.code, f.severity.value) for f in lint(text)] == [("S409", "error")]


def test_the_rule_pages_say_how_each_target_grades_it() -> None:
    (s409,) = [entry for entry in rules_under("rfc3986") if entry.code == "S409"]
    assert "RFC 9110 section 4.2.4" in s409.rfc3986_says
    assert "a user name alone there is a warning under --target rfc3986" in s409.rfc3986_says


MARKER = "KQZJVWY"  # letters no output, rule text or position uses


@settings(max_examples=examples(150), deadline=None)
@given(
    st.sampled_from(["http", "https", "ftp", "gopher", "telnet", "sip", "otpauth"]),
    st.text(alphabet="abz019-._~!$&'()*+,;=%", max_size=5),
    st.text(alphabet=MARKER, min_size=6, max_size=8),
    st.text(alphabet="abz019-._~!$&'()*+,;=:", max_size=4),
    st.sampled_from(["h", "example.com", "192.0.2.1", "[::1]", "localhost:8080"]),
    st.sampled_from(["", "/", "/a@b:c", "/x?q=a:b@c", "#top@x", ";transport=tcp"]),
    st.sampled_from(["rfc1738", "rfc3986"]),
)
def test_a_password_in_the_authority_is_reported_and_never_shown(
    scheme, user, marker, tail, host, rest, target
) -> None:
    # A login whose password the target reads in the authority (`sip:` has none: its
    # userinfo follows the colon): P501 reports that password exactly, and no output of
    # any finding (text, jsonl, json, github, full with its source line, SARIF) shows any
    # 4 of its characters.
    slashes = "" if scheme == "sip" else "//"
    if scheme == "sip":  # its parameters, and headers: never a login (RFC 3261 19.1.1)
        rest = (rest if rest.startswith(";") else "") + "?to=a@b:c"
    password = marker + tail
    url = f"{scheme}:{slashes}{user}:{password}@{host}{rest}"
    text = f"see <URL:{url}> and http://example.com/~x\n"
    findings = lint(text, select=["ALL"], target=target)
    start = text.index(f":{password}@") + 2  # 1-based column of the password
    assert [(f.column, f.end_column) for f in findings if f.code == "P501"] == [
        (start, start + len(password)),
    ]
    view = SourceView(text)
    shown = [
        text_line(f) + jsonl_line(f) + json.dumps(finding_json(f)) + github_line(f)
        for f in findings
    ]
    for finding in findings:
        line = view.line(finding.line)
        assert line is not None
        shown.append(full_block(finding, line[0], line[1]))
    shown.append(json.dumps(sarif_log(findings, rules_under(target), __version__)))
    output = "\n".join(shown)
    windows = [password[i : i + 4] for i in range(len(password) - 3)]
    assert [w for w in windows if any(c in MARKER for c in w) and w in output] == []


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [*"ab1:/@?#%;=.<> \n", "://", "%3A", "%40", "sip:", "https://", "<URL:", "%25"]
        ),
        max_size=30,
    ).map("".join)
)
def test_any_text_is_linted_under_rfc3986_without_raising(text) -> None:
    for finding in lint(text, select=["ALL"], target="rfc3986"):
        assert finding.code and finding.line >= 1
