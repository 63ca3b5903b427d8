"""Every rule: a case that triggers it, with its exact span, and cases that must not.

Each case is linted with that rule alone selected, so other rules cannot hide or add.
Spans are (line, column, end_line, end_column), end column exclusive.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.linter.rules.catalogue import all_rules
from urlint.linter.rules.rule import RuleOptions

from ..helpers import examples
from ..lint_helpers import lint, spans

# (code, text, expected spans)
POSITIVE = [
    ("X101", "See <URL:http://example.com/a for details.\n", [(1, 5, 1, 30)]),
    ("X102", "<URL:http://example.com/long-\n   name.html>\n", [(1, 29, 1, 30)]),
    (
        "X103",
        "<URL:ftp://ds.internic.net/internet-drafts\n\nBerners-Lee  [Page 22]\n\f\nRFC 1738  URLs "
        " December 1994\n\n  /draft-x.txt>\n",
        [(1, 1, 7, 16)],
    ),
    ("X104", "<URL:ftp://ftp.example.com/My Documents/file.txt>\n", [(1, 30, 1, 31)]),
    (
        "X105",
        "see http://example.com/very/long/\n  path/index.html for details\n",
        # joined (joins.joined: "/" then a path at the paragraph's indent), the
        # warning covers the URL across both lines, as its span does
        [(1, 5, 2, 18)],
    ),
    ("X106", "The archive is at <URL:>.\n", [(1, 19, 1, 25)]),
    ("C201", "<URL:http://example.com/a|b^c>\n", [(1, 26, 1, 27), (1, 28, 1, 29)]),
    # the brackets of an IP literal are unsafe too (section 2.2), beside S407's host
    ("C201", "http://[::1]/\n", [(1, 8, 1, 9), (1, 12, 1, 13)]),
    ("C202", "http://example.com/~fred/\n", [(1, 20, 1, 21)]),
    ("C203", "http://example.com/page#part#2\n", [(1, 29, 1, 30)]),
    ("C204", "http://example.com/café\n", [(1, 23, 1, 24)]),
    ("C205", "<URL:http://example.com/a\x01b>\n", [(1, 26, 1, 27)]),
    ("C206", "http://example.com/100%/x\n", [(1, 23, 1, 26)]),
    ("C207", "http://example.com/%41bout\n", [(1, 20, 1, 23)]),
    (
        "R301",
        "<URL:ftp://fred@home:secret@ftp.example.com/> <URL:ftp://fred:se@cr:et@ftp.example.com/>\n",
        [(1, 16, 1, 17), (1, 65, 1, 66), (1, 68, 1, 69)],
    ),
    ("R302", "ftp://ftp.example.com/pub/a;b/file.txt;type=a\n", [(1, 28, 1, 29)]),
    ("R303", "http://example.com/cgi?next=/home?x=1\n", [(1, 29, 1, 30), (1, 34, 1, 35)]),
    ("R304", "<URL:prospero://host.example/pros/a;b/name>\n", [(1, 36, 1, 37)]),
    ("R305", "wais://wais.example/db/TEXT/id=7\n", [(1, 31, 1, 32)]),
    ("R306", "<URL:file://localhost/tmp/a;b>\n", [(1, 28, 1, 29)]),
    ("R307", "<URL:prospero://host.example/name;OBJECT-VERSION=a=b>\n", [(1, 51, 1, 52)]),
    ("S401", "<URL:www.example.com/index.html>\n", [(1, 6, 1, 21)]),
    ("S402", "HTTP://example.com/\n", [(1, 1, 1, 5)]),
    ("S403", "<URL:gemini://example.org/>\n", [(1, 6, 1, 12)]),
    ("S404", "<URL:afs://cell.example/usr/fred>\n", [(1, 6, 1, 9)]),
    ("S405", "<URL:x-local:thing>\n", [(1, 6, 1, 13)]),
    ("S406", "<URL:http:www.example.com/>\n", [(1, 10, 1, 11)]),
    (
        "S407",
        "http://my_host.example.com/ ftp://10.0.0.256/ http://a.1b/ http://-a.com/\n",
        [(1, 8, 1, 27), (1, 35, 1, 45), (1, 54, 1, 58), (1, 67, 1, 73)],
    ),
    (
        "S408",
        "http://example.com:80a/ http://example.com:/ http://example.com:70000/\n",
        [(1, 20, 1, 23), (1, 43, 1, 44), (1, 65, 1, 70)],
    ),
    ("S409", "http://fred@www.example.com/\n", [(1, 8, 1, 13)]),
    ("S410", "ftp://ftp.example.com/pub/file.txt;type=b\n", [(1, 41, 1, 42)]),
    (
        "S411",
        "<URL:gopher://gopher.example/0sel%0Dector> <URL:gopher://g.example/1s%09q%09zz>\n",
        [(1, 34, 1, 37), (1, 77, 1, 79)],
    ),
    (
        "S412",
        "<URL:mailto:fred> <URL:mailto:fred@example..com>\n",
        [(1, 13, 1, 17), (1, 36, 1, 48)],
    ),
    ("S413", "<URL:news:123comp.misc> <URL:news:id@>\n", [(1, 11, 1, 23), (1, 35, 1, 38)]),
    (
        "S414",
        "<URL:nntp://news.example/comp.misc/12a> <URL:nntp://news.example/>\n",
        [(1, 36, 1, 39), (1, 66, 1, 66)],
    ),
    ("S415", "<URL:telnet://bbs.example.com/login>\n", [(1, 31, 1, 36)]),
    (
        "S416",
        "<URL:wais://wais.example/db/TEXT> <URL:wais://w.example/db/t/a/b>\n",
        [(1, 29, 1, 33), (1, 63, 1, 65)],
    ),
    (
        "S417",
        "<URL:file://localhost:8000/etc/motd> <URL:file://host>\n",
        [(1, 22, 1, 27), (1, 54, 1, 54)],
    ),
    (
        "S418",
        "<URL:prospero://host.example> <URL:prospero://h.example>\n",
        [(1, 29, 1, 29), (1, 56, 1, 56)],
    ),
    ("P501", "<URL:ftp://fred:secret@ftp.example.com/>\n", [(1, 17, 1, 23)]),
    ("P502", "<URL:ftp://fred@ftp.example.com/>\n", [(1, 12, 1, 16)]),
    ("P503", "<URL:http://example.com:8080/>\n", [(1, 25, 1, 29)]),
    ("P504", "<URL:gopher://mail.example.com:25/0HELO>\n", [(1, 32, 1, 34)]),
    (
        "P505",
        "<URL:http://example.com/a%0D%0ASet-Cookie:%20x=1>\n",
        [(1, 26, 1, 29), (1, 29, 1, 32)],
    ),
    ("N601", "See https:/stalw.art now\n", [(1, 10, 1, 12)]),
    ("N602", "Post http//example.com/x now\n", [(1, 10, 1, 12)]),
    ("N603", "Fork https;//github.com/a\n", [(1, 11, 1, 14)]),
    ("N604", "Open http: // example.com now\n", [(1, 10, 1, 15)]),
    ("N605", "地址：https：//github.com/a\n", [(1, 9, 1, 12)]),
    ("N606", "Go //https://x.example/a now\n", [(1, 4, 1, 6)]),
    ("N607", "详见 https://example.com/docs）更多\n", [(1, 28, 1, 29)]),
    ("N608", "Read [https://example.com/docs](the docs).\n", [(1, 6, 1, 42)]),
    (
        "N609",
        "See [the guide](https://example.com/guide for more.\n[a](https://x.example/a b.pdf)\n",
        [(1, 5, 1, 42), (2, 1, 2, 31)],
    ),
    ("N610", "Visit https:www.example.com/docs now\n", [(1, 12, 1, 13)]),
    ("N611", "See https://example. org/docs now\n", [(1, 21, 1, 22)]),
    ("N612", 'Read [the paper]("https://x.example/p.pdf") first.\n', [(1, 6, 1, 44)]),
    ("N613", "See https://x.example/wiki/Red–black_tree now\n", [(1, 31, 1, 32)]),
    ("N614", "Home: http:://www.example.org/project\n", [(1, 11, 1, 15)]),
    ("N615", "Read the guide athttps://example.com/guide\n", [(1, 16, 1, 18)]),
]
# The rules on Markdown's links: their cases are read as Markdown.
SYNTAX = {"N608": "markdown", "N609": "markdown", "N612": "markdown"}

# (code, text): the rule stays silent
NEGATIVE = [
    ("X101", "See <URL:http://example.com/a> and prose about the `<URL:` prefix.\n"),
    ("X102", "<URL:http://example.com/long\n   -name.html>\n"),
    ("X103", "<URL:ftp://ds.internic.net/internet-drafts\n  /draft-x.txt>\n"),
    ("X104", "<URL:ftp://ds.in\n   ternic.net/rfc>\n"),
    (
        "X104",
        "x" * 250 + " <URL:ftp://ds.in ternic.net/rfc>\n",
    ),  # a reflowed line: the gap was a break
    ("X105", "see http://example.com/index.html\nfor details\n"),
    (
        "X105",
        "      g?y           =  http://a/b/c/g?y\n      #s            =  (current document)#s\n",
    ),
    ("X105", "see http://example.com/a/\nhttp://example.com/b/\n"),
    ("X106", "<URL:http://example.com/> and the `<URL:` prefix\n"),
    ("C201", "http://example.com/a%7Cb\n"),
    ("C202", "http://example.com/%7Efred/\n"),
    ("C203", "http://example.com/page#part\n"),
    ("C204", "http://example.com/caf%C3%A9\n"),
    ("C206", "http://example.com/100%25/%7e\n"),
    ("C207", "http://example.com/%2F%7E\n"),
    ("R301", "<URL:ftp://fred:se%2Fcret@ftp.example.com/>\n"),
    ("R302", "ftp://ds.internic.net/rfc/rfc1436.txt;type=a\n"),
    ("R303", "http://example.com/cgi?a=1;b=2&c=%2F\n"),
    ("R304", "<URL:prospero://host.dom//pros/name;OBJECT-VERSION=1>\n"),
    ("R305", "wais://wais.example/db?query\n"),
    ("R306", "file://vms.host.edu/disk$user/my/notes/note12345.txt\n"),
    ("R307", "<URL:prospero://host.dom//pros/name;a=b;c=d>\n"),
    ("S401", '<URL:...> and <URL:" absoluteURL ">\n'),
    ("S402", "http://example.com/\n"),
    ("S403", "https://example.com/ ftp://h.example/ <URL:x-a:b>\n"),
    ("S404", "<URL:z39.50s://host.example/db>\n"),
    ("S405", "http://example.com/x-y <URL:xlocal:thing>\n"),
    ("S406", "<URL:mailto:fred@example.com> <URL:news:comp.misc>\n"),
    ("S407", "http://10.0.0.1/ http://1a.example.com/ file:///etc/motd http://a-b.c/\n"),
    ("S408", "http://example.com:8080/ http://example.com/\n"),
    ("S409", "ftp://fred@ftp.example.com/ telnet://fred:pw@bbs.example.com/\n"),
    ("S410", "ftp://h.example/f;type=i ftp://h.example/d;TYPE=D\n"),
    ("S411", "<URL:gopher://g.example/1s%09q%09+> <URL:gopher://h/7%09x%09+%091%0D%0A+-1%0D%0A>\n"),
    ("S412", "mailto:fred@example.com mailto:list@host.com?subject=subscribe\n"),
    ("S413", "news:* news:comp.infosystems.www.misc news:12345@info.cern.ch\n"),
    ("S414", "nntp://news.example/comp.misc/12 nntp://news.example/comp.misc\n"),
    ("S415", "telnet://bbs.example.com/ telnet://bbs.example.com\n"),
    ("S416", "wais://w.example/db wais://w.example/db?x wais://w.example/db/TEXT/id\n"),
    ("S417", "file:///etc/motd file://localhost/etc/motd\n"),
    (
        "S418",
        "<URL:prospero://host.dom//pros/name;OBJECT-VERSION=1> <URL:prospero://h.example/n;=v>\n",
    ),
    ("P501", "<URL:ftp://foo:@host.com/>\n"),  # an empty password hides nothing
    ("P502", "<URL:ftp://@host.com/>\n"),
    ("P503", "http://example.com:80/ https://example.com:443/\n"),
    # Ports their writers chose: this machine's, a private network's, an intranet's names.
    (
        "P503",
        "http://localhost:4000 http://127.0.0.1:8080/ http://0.0.0.0:8000/ "
        "http://10.1.2.3:8080/ http://192.168.1.1:8443/x http://172.16.0.9:3000/ "
        "http://169.254.1.1:81/ http://myserver:8080/ http://db:5432/ http://host1:9000/ "
        "http://printer.local:631/ http://router.home.arpa:8080/ http://api.internal:81/ "
        "http://app.test:3000/ http://app.localhost:3000/\n",
    ),
    ("P504", "gopher://h.example:70/ http://h.example:8080/\n"),
    ("P505", "<URL:gopher://h/7%09x%09+%091%0D%0A+-1%0D%0A>\n"),  # section 3.4.9 requires them
    ("N601", "See https://stalw.art and file:/etc/hosts.allow now\n"),
    ("N602", "Post http://example.com/x or http//{host}/x now\n"),
    ("N603", "Fork https://github.com/a; then build\n"),
    ("N604", "Use http: // as the prefix\n"),
    ("N605", "地址：https://github.com/a\n"),
    ("N606", "See https://web.archive.org/web/2019/https://x.example/a now\n"),
    ("N607", "（详见 https://example.com/docs）更多\n"),
    ("N608", "[https://example.com](https://example.com) [https://x.example/a](#top)\n"),
    (
        "N609",
        '[a](https://x.example/a "T") [b](https://x.example/(b)c) [c](\n  https://x.example/c)\n',
    ),
    ("N610", "Note:www.example.com and https://www.example.com/ and mailto:www.x.org\n"),
    ("N611", "See http://x.org/ first. Then http://localhost. Then https://x.org/ a.pdf\n"),
    ("N612", '[a](https://x.example/a "T") [b](<https://x.example/b>) "https://x.example/c"\n'),
    ("N613", "See https://x.example/a—the best—and https://x.example/b – a.html now\n"),
    ("N614", "std::string a:://b and C:://x.example.org and http://x.example.org/a::b\n"),
    ("N615", "see https://x.example/a, git+https://h.example/x (websitehttps://x.example/a)\n"),
]


@pytest.mark.parametrize("code,text,expected", POSITIVE, ids=[c[0] for c in POSITIVE])
def test_rule_reports_exact_span(code: str, text: str, expected: list[tuple]) -> None:
    assert spans(text, [code], syntax=SYNTAX.get(code, "text")) == [
        (code, *span) for span in expected
    ]


@pytest.mark.parametrize("code,text", NEGATIVE, ids=[c[0] for c in NEGATIVE])
def test_rule_stays_silent(code: str, text: str) -> None:
    assert spans(text, [code], syntax=SYNTAX.get(code, "text")) == []


def test_every_url_rule_has_a_positive_and_a_negative_case() -> None:
    # A rule only RFC 3986 holds (S419) has its cases under that target: test_target.py.
    coded = {entry.code for entry in all_rules() if entry.check is not None and entry.rfc1738}
    assert coded == {code for code, *_ in POSITIVE}
    assert coded - {"C205"} <= {code for code, _ in NEGATIVE}


def test_messages_name_the_fault() -> None:
    [unsafe] = lint("<URL:http://example.com/a|b>\n", ["C201"])
    assert unsafe.message == "unsafe character '|': write it as %7C"
    [port] = lint("<URL:gopher://mail.example.com:25/0HELO>\n", ["P504"])
    assert port.message == "port 25 is smtp's, not gopher's: a cross-protocol request"
    [hyphen] = lint("<URL:http://example.com/long-\n   name.html>\n", ["X102"])
    assert (
        hyphen.message
        == "line break after '-': the URL may also be http://example.com/longname.html"
    )


def test_findings_carry_rule_metadata_and_masked_url() -> None:
    [finding] = lint("<URL:ftp://fred:secret@ftp.example.com/>\n", ["P501"])
    assert (finding.code, finding.name, finding.severity.value) == (
        "P501",
        "embedded-password",
        "error",
    )
    assert finding.url == "ftp://fred:****@ftp.example.com/"
    assert "secret" not in finding.message


def test_a_character_of_a_password_is_never_named() -> None:
    [finding] = lint("<URL:ftp://fred:se|ret@ftp.example.com/>\n", ["C201"])
    assert (finding.line, finding.column) == (1, 19)
    assert "|" not in finding.message and finding.fix is None


def test_spans_follow_a_url_across_lines_and_reply_prefixes() -> None:
    text = "> see <URL:http://example.com/a/\n>   b|c/d>\n"
    assert spans(text, ["C201"]) == [("C201", 2, 6, 2, 7)]


def test_allowed_ports_and_known_schemes_from_options() -> None:
    options = RuleOptions(
        known_schemes=frozenset({"gemini"}), allowed_ports={"localhost": frozenset({8080})}
    )
    assert (
        spans("<URL:gemini://example.org/> http://localhost:8080/\n", ["S403", "P503"], options)
        == []
    )
    assert spans("http://example.com:8080/\n", ["P503"], options) == [("P503", 1, 20, 1, 24)]


def test_a_port_on_a_host_of_the_internet_is_reported() -> None:
    # Public names and addresses, and names that merely look local (`corp` is no reserved name).
    text = "http://8.8.8.8:8080/ http://intranet.corp:8080/ http://localhost.example.com:81/\n"
    assert spans(text, ["P503"]) == [
        ("P503", 1, 16, 1, 20),
        ("P503", 1, 43, 1, 47),
        ("P503", 1, 78, 1, 80),
    ]


def test_fixes_are_safe_edits() -> None:
    [tilde] = lint("http://example.com/~fred/\n", ["C202"])
    assert tilde.fix is not None and [
        (e.span.start.column, e.span.end.column, e.text) for e in tilde.fix.edits
    ] == [(20, 21, "%7E")]
    [scheme] = lint("HTTP://example.com/\n", ["S402"])
    assert scheme.fix is not None and scheme.fix.edits[0].text == "http"
    [host] = lint("http://exämple.com/\n", ["C204"])
    assert host.fix is None  # a host name needs IDNA, not percent-encoding
    # that the next line goes on with a URL is a guess: no fix writes it into the URL
    [broken] = lint("see http://example.com/very/long/\n  path/index.html for details\n", ["X105"])
    assert (broken.span.start.line, broken.span.start.column, broken.fix) == (1, 5, None)


# Text around URLs as the scanner meets it: wrappers, breaks (after a hyphen too), reply
# prefixes, inner spaces, page furniture, a next line that may go on with a bare URL.
_AROUND = st.lists(
    st.sampled_from(
        [
            "http://example.com/a",
            "ftp://ftp.example.org/pub/",
            "<URL:",
            "<",
            ">",
            "-",
            "\n",
            "\n   ",
            "\n> ",
            " ",
            "x",
            "index.html",
            "\f",
            "\nPage 3\n",
            "mailto:a@b.example",
        ]
    ),
    max_size=12,
).map("".join)


@given(_AROUND)
@settings(max_examples=examples(400))
def test_an_x_rule_hits_only_a_candidate_it_may_hit(text):
    """Linter.lint runs no X rule on a candidate text.may_hit rules out: none can hit it."""
    from urlint.grammar.parse import parse
    from urlint.linter.rules.rule import UrlUnderCheck
    from urlint.linter.rules.text import may_hit
    from urlint.scanner.scanner import scan

    x_rules = [entry for entry in all_rules() if entry.code.startswith("X")]
    assert len(x_rules) == 6
    for candidate in scan(text):
        if may_hit(candidate):
            continue
        subject = UrlUnderCheck(candidate, parse(candidate.url), RuleOptions(), [])
        assert [entry.code for entry in x_rules if list(entry.check(subject))] == []


@pytest.mark.parametrize(
    ("code", "text", "expected"),
    [
        # A page's route in the fragment (commercialhaskell/stack README.md:27, matrix.to):
        # browsers keep the second "#"; a plain second "#" is an error still.
        ("C203", "https://matrix.to/#/#haskell-stack:matrix.org\n", [(1, 21, "warning")]),
        ("C203", "https://example.org/#!/a#b\n", [(1, 25, "warning")]),
        ("C203", "https://x.org/tree/master/stable#es#deprecated\n", [(1, 36, "error")]),
        # An absolute name's final dot (grafana/jsonnet-libs nginx-directory/config.libsonnet:
        # 15): off RFC 1738's grammar, the same host.
        ("S407", "http://prometheus.default.svc.cluster.local./p/\n", [(1, 8, "warning")]),
        ("S407", "http://a..b./p\n", [(1, 8, "error")]),
        # Another protocol's port on this machine (ninenines/cowboy src/cowboy_req.erl:332).
        (
            "P504",
            "http://localhost:443/path http://127.0.0.1:25/\n",
            [
                (1, 18, "warning"),
                (1, 44, "warning"),
            ],
        ),
        ("P504", "http://mail.example.com:25/\n", [(1, 25, "error")]),
    ],
)
def test_what_a_rule_grades_by_the_urls_own_shape(code, text, expected):
    assert [(f.line, f.column, f.severity.value) for f in lint(text, [code])] == expected
