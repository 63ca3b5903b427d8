"""Passwords are never shown, files are never destroyed, and no name or URL steers a terminal
or a CI runner: each case with its exact expected output (what extract prints, what every
check format and --diff show, what --fix and -o write), and the login reader's readings."""

from __future__ import annotations

import codecs
import json
import zipfile

import pytest

from tests.lint_helpers import every_place
from urlint.api import lint
from urlint.commands.cli import main
from urlint.grammar.login import mask_password, secret_spans
from urlint.grammar.parse import parse

from ..helpers import run

SECRET = "Secretpw2y"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


# (URL, as every output shows it): each reading of where the login ends is hidden.
MASKED = [
    ("ftp://fred:secret@ftp.example.com/", "ftp://fred:****@ftp.example.com/"),
    (
        "ftp://us@er:Secretpw2y@ftp.example.com/",
        "ftp://us@er:****@ftp.example.com/",
    ),  # "@" in the user
    (
        "ftp://fred:2024?Secretpw2y@ftp.example.com/",
        "ftp://fred:****@ftp.example.com/",
    ),  # section 5: "?" in a password
    ("http://us?er:Secretpw2y@www.example.com/", "http://us?er:****@www.example.com/"),
    (
        "1ftp://fred:Secretpw2y@ftp.example.com/",
        "1ftp://fred:****@ftp.example.com/",
    ),  # a digit-led scheme
    (
        "ftp://fred:hunter#2@ftp.example.com/",
        "ftp://fred:****@ftp.example.com/",
    ),  # "#" in the password
    (
        "ftp://fred:se/cret@ftp.example.com/pub/",
        "ftp://fred:****@ftp.example.com/pub/",
    ),  # "/" in it
    ("ftp://fred:12/ab@h/", "ftp://fred:****@h/"),  # a port, or a password? both hidden
    ("ftp://fred:p@ssw0rd@ftp.example.com/", "ftp://fred:****@ftp.example.com/"),
    ("http://user@host:secret@x/", "http://user@host:****@x/"),
    ("ftp://fred:?secret@h/", "ftp://fred:****@h/"),
    ("ftp://fred:/secret@h/", "ftp://fred:****@h/"),
    ("ftp://joe:a@h/ftp://fred:secret@h2/", "ftp://joe:****@h2/"),  # a second login in the path
    (
        "http://web.archive.org/web/1997/ftp://fred:secret@h/",
        "http://web.archive.org/web/1997/ftp://fred:****@h/",
    ),
    (
        "http://example.com?x:y@z",
        "http://example.com?x:****@z",
    ),  # section 5's reading: user "example.com?x"
    ("ftp:fred:secret@h", "ftp:fred:****@h"),  # no "//" (S406), still a login
    ("wss:fred:secret@h.example.com/x", "wss:fred:****@h.example.com/x"),  # as a browser reads it
    ("ftp://fred:a://b1@h/", "ftp://fred:****@h/"),
    ("ftp://:12/ab@[::1]:21/", "ftp://:****@[::1]:21/"),  # empty user, IPv6 host
    # Hex and colons in brackets are no IPv6 address: a browser reads user "[dead" and
    # password "beef]" (WHATWG URL); an address's colons split nothing.
    ("http://[dead:beef]@example.com/x", "http://[dead:****@example.com/x"),
    ("http://[dead:beef]/pw@example.com/x", "http://[dead:****@example.com/x"),
    ("http://[2607:5300::1]:80/a@b", "http://[2607:5300::1]:80/a@b"),
    (
        "file://a/:b@c",
        "file://a/:****@c",
    ),  # host "a" and a path to the grammar; hidden all the same
    ("telnet://us=er:pa/ss@h/", "telnet://us=er:****@h/"),
    ("ftp://us\x1cer:secret@h/", "ftp://us\x1cer:****@h/"),  # a separator in the user (C205)
    ("ftp://us\xa0er:secret@h/", "ftp://us\xa0er:****@h/"),  # a no-break space (C204)
    ("ftp://foo:@host.com/", "ftp://foo:@host.com/"),  # RFC 1738's own example: an empty password
    ("http:/u:secret@h/x", "http:/u:****@h/x"),  # one "/" after the scheme
    # Escaped delimiters: a second reading, where another reader decodes them.
    (
        "https://www.google.com/url?q=ftp%3A%2F%2Ffred%3Asecret%40h.example.com%2F&sa=D",
        "https://www.google.com/url?q=ftp%3A%2F%2Ffred%3A****%40h.example.com%2F&sa=D",
    ),
    (
        "https://web.archive.org/web/1997/ftp%3a//fred:secret@h.example.com/",
        "https://web.archive.org/web/1997/ftp%3a//fred:****@h.example.com/",
    ),
    ("ftp://john.smith:secret&#64;h.example.com/", "ftp://john.smith:****&#64;h.example.com/"),
    # Escaped twice ("%" as %25: a redirect inside a redirect) and three times: each hop
    # decodes once, and the last finds the login.
    (
        "http://r.example/?u=ftp%253A%252F%252Ffred%253Asecret%2540h.example.com%252F",
        "http://r.example/?u=ftp%253A%252F%252Ffred%253A****%2540h.example.com%252F",
    ),
    (
        "http://r.example/?u=ftp%25253A%25252F%25252Ffred%25253Asecret%252540h.example.com",
        "http://r.example/?u=ftp%25253A%25252F%25252Ffred%25253A****%252540h.example.com",
    ),
    (
        "http://h.example/?u=ftp%253A//fred:secret%2540h/",
        "http://h.example/?u=ftp%253A//fred:****%2540h/",
    ),
    # No login on any reading: nothing hidden.
    ("http://example.com:8080/a@b", "http://example.com:8080/a@b"),
    ("http://h/a@b", "http://h/a@b"),
    ("http://localhost:8080/~u@x", "http://localhost:8080/~u@x"),
    ("file:///C:/x/node_modules/@babel/core", "file:///C:/x/node_modules/@babel/core"),
    ("file://C:/x/node_modules/@babel/core", "file://C:/x/node_modules/@babel/core"),
    ("mailto:fred@example.com", "mailto:fred@example.com"),
    ("news:123@example.com", "news:123@example.com"),
    # No "@": a host and a port that is no number (S408), a template's more often than not.
    ("rmi://hostname:port/remoteObjectName", "rmi://hostname:port/remoteObjectName"),
    ("http://example.com/a%2Fb%40c", "http://example.com/a%2Fb%40c"),
    ("http://example.com/100%25/a%2540b:c", "http://example.com/100%25/a%2540b:c"),
]


@pytest.mark.parametrize(("url", "shown"), MASKED)
def test_every_reading_of_the_login_is_hidden(url, shown):
    assert mask_password(url) == shown


# The passwords P501 reports in each of MASKED, under RFC 1738 and under RFC 3986: the login
# as the target reads it (grammar.login), and the logins of URLs written inside the URL, as
# written or escaped. Every other URL of MASKED has none (what the outputs hide there is a
# reading the target does not make: `ftp://fred:se/cret@h/` is host "fred", port "se").
REPORTED = {
    "ftp://fred:secret@ftp.example.com/": (["secret"], ["secret"]),
    "ftp://us@er:Secretpw2y@ftp.example.com/": (["Secretpw2y"], ["Secretpw2y"]),
    # RFC 1738 section 5 lets "?" stand in a password; RFC 3986 section 3.2 ends the
    # authority at it.
    "ftp://fred:2024?Secretpw2y@ftp.example.com/": (["2024?Secretpw2y"], []),
    "http://us?er:Secretpw2y@www.example.com/": (["Secretpw2y"], []),
    "1ftp://fred:Secretpw2y@ftp.example.com/": (["Secretpw2y"], ["Secretpw2y"]),
    "ftp://fred:p@ssw0rd@ftp.example.com/": (["p@ssw0rd"], ["p@ssw0rd"]),
    "http://user@host:secret@x/": (["secret"], ["secret"]),
    "ftp://fred:?secret@h/": (["?secret"], []),
    "ftp://joe:a@h/ftp://fred:secret@h2/": (["a", "secret"], ["a", "secret"]),
    "http://web.archive.org/web/1997/ftp://fred:secret@h/": (["secret"], ["secret"]),
    "http://example.com?x:y@z": (["y"], []),
    "http://[dead:beef]@example.com/x": (["beef]"], ["beef]"]),
    "ftp://us\x1cer:secret@h/": (["secret"], ["secret"]),
    "ftp://us\xa0er:secret@h/": (["secret"], ["secret"]),
    "https://www.google.com/url?q=ftp%3A%2F%2Ffred%3Asecret%40h.example.com%2F&sa=D": (
        ["secret"],
        ["secret"],
    ),
    "https://web.archive.org/web/1997/ftp%3a//fred:secret@h.example.com/": (
        ["secret"],
        ["secret"],
    ),
    "http://r.example/?u=ftp%253A%252F%252Ffred%253Asecret%2540h.example.com%252F": (
        ["secret"],
        ["secret"],
    ),
    "http://r.example/?u=ftp%25253A%25252F%25252Ffred%25253Asecret%252540h.example.com": (
        ["secret"],
        ["secret"],
    ),
    "http://h.example/?u=ftp%253A//fred:secret%2540h/": (["secret"], ["secret"]),
}


@pytest.mark.parametrize(("url", "shown"), MASKED)
def test_the_password_rule_fires_where_the_target_reads_one_within_the_masking(url, shown):
    hidden = secret_spans(url)
    for target, expected in zip(("rfc1738", "rfc3986"), REPORTED.get(url, ([], [])), strict=True):
        found = lint(f"<URL:{url}>\n", select=["P501"], target=target)
        spans = [  # in the URL, 0-based
            (span.start.column - 6, span.end.column - 6) for _, span in every_place(found)
        ]
        assert [url[start:end] for start, end in spans] == expected, target
        assert all(any(a <= start and end <= b for a, b in hidden) for start, end in spans)
        assert all(f.url == shown for f in found)


@pytest.mark.parametrize(
    ("url", "user", "password", "host", "port"),
    [
        # The url-path starts at the "/" (section 3.1), the fragment at the "#" (section
        # 2.2): no login, its possible password hidden all the same.
        ("ftp://fred:se/cret@h/", None, None, "fred", "se"),
        ("ftp://fred:hunter#2@h/", None, None, "fred", "hunter"),
        ("ftp://fred:12/ab@h/", None, None, "fred", "12"),  # "fred:12" is a hostport: kept
        ("ftp://us@er:pw@h:21/", "us@er", "pw", "h", "21"),
        ("ftp://?@a", "?", None, "a", None),  # section 5: "?" in a user name
    ],
)
def test_the_grammar_reads_the_login_where_the_standard_has_it(url, user, password, host, port):
    parsed = parse(url)
    assert [
        parsed.text(span) for span in (parsed.user, parsed.password, parsed.host, parsed.port)
    ] == [user, password, host, port]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # Names and other text: a scheme-relative login, `//user:password@host`.
        ("a.zip!//fred:secret@h.example.com/x.txt", "a.zip!//fred:****@h.example.com/x.txt"),
        ('<a href="//fred:secret@h.example.com/">', '<a href="//fred:****@h.example.com/">'),
        # ... after a directory in a path typed with "//", or in a URL's path
        ("mirror//fred:secret@h.example.com/x.txt", "mirror//fred:****@h.example.com/x.txt"),
        (".//fred:secret@h.example.com/x", ".//fred:****@h.example.com/x"),
        (
            "http://archive.example/1997//fred:secret@h.example.com/",
            "http://archive.example/1997//fred:****@h.example.com/",
        ),
        ("a///fred:secret@h.example.com/", "a///fred:****@h.example.com/"),
        ("//comment:foo and bob@example.com", "//comment:foo and bob@example.com"),
        # Whitespace that cuts a login: a folded From or Message-ID, a name with a space,
        # a tab; the word read with the next one joined on is a second reading.
        (
            "ftp://joe:secret pw@ftp.example.com/ <joe@example.com>",
            "ftp://joe:**** ****@ftp.example.com/ <joe@example.com>",
        ),
        ("<ftp://x:sec 2XYZ@h.example.com/>", "<ftp://x:**** ****@h.example.com/>"),
        ("ftp://jo e:secret@h/ x", "ftp://jo e:****@h/ x"),
        ("ftp://fred:sec\tret@h/", "ftp://fred:****\t****@h/"),
        (
            "see http://example.com/ and bob@example.com",
            "see http://example.com/ and bob@example.com",
        ),
        ("see http://example.com/ bob@example.com", "see http://example.com/ bob@example.com"),
        # An address for a user name: its "@" is no login's end where the colon after it
        # starts the password a space cuts (read as a port alone).
        (
            "https://fred@example.org:sec ret@files.example.com/",
            "https://fred@example.org:**** ****@files.example.com/",
        ),
        (
            "http://fred@example.org:8080/x bob@example.org",
            "http://fred@example.org:8080/x bob@example.org",
        ),
        (
            "ftp://u:secret@h.example.com/ bob@example.org",
            "ftp://u:****@h.example.com/ bob@example.org",
        ),
        # An encoded word shown as written (an unknown charset, or no "?=" to end it): its
        # quoted-printable escapes read as the delimiters they stand for.
        (
            "=?x-unknown?q?ftp=3A=2F=2Ffred=3Asecret=40h.example.com=2F?= <a@example.com>",
            "=?x-unknown?q?ftp=3A=2F=2Ffred=3A****=40h.example.com=2F?= <a@example.com>",
        ),
        ("=?utf-8?q?ftp=3A=2F=2Ffred=3Asecret=40h", "=?utf-8?q?ftp=3A=2F=2Ffred=3A****=40h"),
        ("a=3Db&c=40", "a=3Db&c=40"),
        # An RFC 2231 parameter quoted by a note.
        (
            "unknown charset 'utf-8''ftp%3A%2F%2Fu%3Asecret%40h.example.com%2F'",
            "unknown charset 'utf-8''ftp%3A%2F%2Fu%3A****%40h.example.com%2F'",
        ),
        # HTML's numeric references without their ";" (HTML5 decodes them), and the
        # escapes of JavaScript and JSON strings; a reference to another character is none.
        ('href="ftp://fred:secret&#64h.example.com/"', 'href="ftp://fred:****&#64h.example.com/"'),
        ("ftp://fred:secret&#x40h.example.com/", "ftp://fred:****&#x40h.example.com/"),
        ("ftp://fred:secret&#641h.example.com/", "ftp://fred:secret&#641h.example.com/"),
        (
            'u = "ftp://fred:secret\\u0040h.example.com/"',
            'u = "ftp://fred:****\\u0040h.example.com/"',
        ),
        ('"ftp://fred:secret\\x40h/"', '"ftp://fred:****\\x40h/"'),
        (
            '{"u": "ftp:\\/\\/fred:secret@h.example.com\\/"}',
            '{"u": "ftp:\\/\\/fred:****@h.example.com\\/"}',
        ),
    ],
)
def test_every_reading_of_a_login_in_any_text_is_hidden(text, shown):
    assert mask_password(text) == shown


def test_a_password_a_url_ends_inside_is_hidden_in_every_output(capsys, here):
    # A reader ends a URL at ")", '"', ">" or a no-break space: where the word goes on to
    # the login's "@", the URL's part of the password is hidden (the word read on), and
    # no rule quotes it (S408 reads a port). So where the next line goes on with it at
    # another reply level, and where a tab or a space cuts it.
    (here / "t.txt").write_text(
        "a ftp://fred:hunter)2XYZ@ftp.example.com/pub/\n"
        "b <URL:ftp://john.smith:Pw0rd>SECRET1@ftp.example.com/> now\n"
        'c "ftp://fred:Pw0rdSECRET1"@ftp.example.com/ now\n'
        "d ftp://fred:Pw0rd\xa0SECRET1@ftp.example.com/ now\n"
        "e ftp://john.smith:hunter)2XYZ@ftp.example.com/pub/\n"
        "f ftp://john.smith:x@h.example.com/ and ftp://j.s:y)z@h/ ok\n"
        "> g ftp://fred:Pw0rd\n>> SECRET1@ftp.example.com/\n"
        "h ftp://fred:Pw0rd\tSECRET1@ftp.example.com/ i http://example.com/ bob@example.com\n"
    )
    assert run(capsys, "extract", "-H", "t.txt") == (
        0,
        (
            "t.txt:1:3: ftp://fred:****\nt.txt:2:8: ftp://john.smith:****\n"
            "t.txt:3:4: ftp://fred:****\nt.txt:4:3: ftp://fred:****\n"
            "t.txt:5:3: ftp://john.smith:****\nt.txt:6:3: ftp://john.smith:****@h.example.com/\n"
            "t.txt:6:41: ftp://j.s:****\nt.txt:7:5: ftp://fred:****\n"
            "t.txt:9:3: ftp://fred:****\nt.txt:9:47: http://example.com/\n"
        ),
        "",
    )
    code, out, _ = run(capsys, "check", "--isolated", "--select", "P501,S408", "t.txt")
    assert code == 1
    assert out.splitlines()[:2] == [
        "t.txt:1:14: P501 a password in the URL: never write one (section 6)",
        "t.txt:1:14: S408 A port that is not a decimal number from 0 to 65535, or a colon "
        "with no port (in a part of the URL hidden as a password)",
    ]
    for argv in (
        ("check", "--isolated", "--select", "ALL", "--format", "full", "t.txt"),
        ("check", "--isolated", "--select", "ALL", "--format", "json", "t.txt"),
        ("extract", "--format", "jsonl", "t.txt"),
    ):
        _, out, err = run(capsys, *argv)
        for secret in ("hunter", "2XYZ", "Pw0rd", "SECRET1", "z@h"):
            assert secret not in out + err, (argv, secret)


def _assert_hidden(capsys, name: str, *secrets: str) -> None:
    """No trace of any of `secrets` in what check (full, json) and extract (jsonl) show of
    the file `name`."""
    for argv in (
        ("check", "--isolated", "--select", "ALL", "--format", "full", name),
        ("check", "--isolated", "--select", "ALL", "--format", "json", name),
        ("extract", "--format", "jsonl", name),
    ):
        _, out, err = run(capsys, *argv)
        for secret in secrets:
            assert secret not in out + err, (argv, secret)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param(
            # The wrapper's reader does not join a next line that is not indented, or at
            # another reply level, or a wrapper that is never closed; a reader who joins
            # them reads the rest of a password there (the URL alone reads it as a port:
            # S408 quotes none of it).
            "<URL:ftp://fred:Pw0rd\n@SECRET1.example.com/x\n\n"
            "> <URL:ftp://fred:Pw0rd\n>> SECRET1@ftp.example.com/x>\n\n"
            "<ftp://fred:Pw0rd\n@h.example.com/x\n\n"
            "URL=<ftp://fred:Pw0rd\nSECRET1@h.example.com/x\n\n"
            "<URL:ftp://u@ftp.example.com:21>\nbob@example.com\n",
            "t.txt:1:6: ftp://fred:****\nt.txt:4:8: ftp://fred:****\n"
            "t.txt:7:2: ftp://fred:****\nt.txt:10:6: ftp://fred:****\n"
            "t.txt:13:6: ftp://u@ftp.example.com:21\n",
            id="a wrapper not closed on the line its URL ends",
        ),
        pytest.param(
            # A reader ends a bare URL at ". " or at '"' and a line end; one who reads on
            # finds the rest of the password in the next word (a leak hunt's: S408 quoted
            # the first part as a port, extract printed it).
            "see ftp://fred:Pw0rd. SECRET1@host.example.com/ ok\n"
            "see ftp://fred:Pw0rd) SECRET1@host.example.com/ ok\n"
            'see ftp://fred:Pw0rd"\nSECRET1@host.example.com/ ok\n'
            "see ftp://fred:Pw0rd>\nSECRET1@host.example.com/ ok\n"
            "see http://example.com/a. Write to fred@example.org\n",
            "t.txt:1:5: ftp://fred:****\nt.txt:2:5: ftp://fred:****\n"
            "t.txt:3:5: ftp://fred:****\nt.txt:5:5: ftp://fred:****\n"
            "t.txt:7:5: http://example.com/a\n",
            id="a password cut by punctuation, then a blank or a line end",
        ),
        pytest.param(
            # The appendix ignores whitespace inside a wrapper: a reader who joins across
            # the blank lines reads "Pw0rdSECRET1" (a leak hunt's: S408 quoted "Pw0rd" as
            # a port).
            "see <URL:ftp://fred:Pw0rd\n\nSECRET1@host.example.com/pub/>\n\n"
            "see <URL:ftp://fred:Pw0rd\n  \n\n> SECRET1@host.example.com/pub/>\n\n"
            "see <URL:http://example.com/a>\n\nfred@example.org\n",
            "t.txt:1:10: ftp://fred:****\nt.txt:5:10: ftp://fred:****\n"
            "t.txt:10:10: http://example.com/a\n",
            id="a wrapper broken by blank lines inside its password",
        ),
    ],
)
def test_a_password_a_reader_may_read_on_with_is_hidden_everywhere(capsys, here, text, shown):
    (here / "t.txt").write_text(text)
    assert run(capsys, "extract", "-H", "t.txt") == (0, shown, "")
    _assert_hidden(capsys, "t.txt", "Pw0rd", "SECRET1")


def test_a_password_an_html_attributes_quote_or_tag_end_cuts_is_hidden_everywhere(capsys, here):
    # A browser ends a quoted href at its next quote, an unquoted one at ">", and a tag at
    # its first ">": the value is `ftp://fred:Pw0rd`, where its writer meant a password
    # `Pw0rd"SECRET1` (a leak hunt's: extract printed Pw0rd, S408 quoted it as a port).
    # Both readings are hidden, in an href, a src, a srcset's last URL and a meta refresh;
    # a closed value whose tag a word with "@" follows hides nothing more.
    (here / "m.eml").write_text(
        "From: a@example.com\nContent-Type: text/html\n\n"
        '<p><a href="ftp://fred:Pw0rd"SECRET1@h.example.com/">a</a>\n'
        "<a href=ftp://jane:Pw0rd>SECRET1@h.example.com/>b</a>\n"
        '<img src="ftp://bob:Pw0rd>SECRET1@h.example.com/x.png">\n'
        '<a href="http://example.com/a">fred@example.org</a></p>\n'
        '<img srcset="/a.png 1x, ftp://amy:Pw0rd"SECRET1@h.example.com/b.png">\n'
        '<meta http-equiv=refresh content="0; url=ftp://tom:Pw0rd"SECRET1@h.example.com/">\n'
    )
    assert run(capsys, "extract", "-H", "m.eml") == (
        0,
        (
            "m.eml:4:13: ftp://fred:****\nm.eml:5:9: ftp://jane:****\n"
            "m.eml:6:11: ftp://bob:****\nm.eml:7:10: http://example.com/a\n"
            "m.eml:8:25: ftp://amy:****\nm.eml:9:42: ftp://tom:****\n"
        ),
        "",
    )
    assert run(capsys, "check", "--isolated", "--select", "P501", "m.eml") == (
        1,
        "".join(
            f"m.eml:{place}: P501 a password in the URL: never write one (section 6)\n"
            for place in ("4:13", "5:9", "6:11", "8:25", "9:42")
        )
        + "Found 5 problems: 5 errors (target: RFC 1738).\n",
        "",
    )
    _assert_hidden(capsys, "m.eml", "Pw0rd", "SECRET1")


def test_a_login_that_starts_with_a_bracket_but_no_ip_literal_hides_its_password(capsys, here):
    # A browser reads `http://[fred:pw]@h/` as user "[fred", password "pw]" (a leak hunt's:
    # the "[" was taken for an IP literal's, and the password shown); an IP literal's
    # colons still split nothing.
    (here / "k.txt").write_text(
        "see http://[fred:SECRET1]@host.example.com/\nsee http://user@[::1]:8080/x\n"
    )
    assert run(capsys, "extract", "k.txt") == (
        0,
        "http://[fred:****@host.example.com/\nhttp://user@[::1]:8080/x\n",
        "",
    )


def test_a_path_typed_with_slashes_at_a_line_end_hides_no_url_on_the_next_line(capsys, here):
    # A "//" after a directory starts a login in its own word (`mirror//fred:pw@h/x`), but
    # the next line's URL read on from it is no password's rest: it was dropped whole.
    (here / "p.txt").write_text(
        "The copy is in /srv/mirror//data\nftp://anonymous@ftp.example.org/pub/\n"
        "mirror//fred:secret@host/x.txt\nftp://h/a//fred:secret@host/x\n"
        "the old ftp://:pw\npw://@h/ is one\n"
    )
    assert run(capsys, "extract", "-H", "p.txt") == (
        0,
        (
            "p.txt:2:1: ftp://anonymous@ftp.example.org/pub/\n"
            "p.txt:4:1: ftp://h/a//fred:****@host/x\n"
            "p.txt:5:9: ftp://:****\n"
        ),
        "",
    )


def test_a_mime_parameter_is_masked_where_it_was_cut_from_however_often_it_repeats(capsys, here):
    # The parameter's place in its field was looked for by its text, eight places at most:
    # one written nine times before it showed the password its own place cuts.
    earlier = "ftp://u:pa, " * 9
    (here / "m.eml").write_text(
        "From: a@example.org\nSubject: t\nMIME-Version: 1.0\n"
        f'Content-Type: multipart/mixed; x="{earlier}z"; boundary=ftp://u:pa;ss@h/\n\nbody\n'
    )
    assert run(capsys, "check", "--isolated", "m.eml") == (
        0,
        (  # warnings only
            "m.eml:6:1: M904 damaged message, read as far as it goes: multipart boundary "
            "'ftp://u:****' never appears: read as text\n"
            "Found 1 problem: 1 warning (target: RFC 1738).\n"
        ),
        "",
    )


def test_a_list_argument_is_cut_after_its_passwords_are_hidden(capsys, here):
    # A "," or a space may be part of a password (section 3.1): an item cut out of one
    # would show a piece no longer read as a password.
    code, _, err = run(capsys, "check", "--isolated", "--select", "P501,ftp://u:Pw0rd,x@h/", ".")
    assert (code, err) == (
        2,
        (
            "urlint: unknown rule selector 'ftp://u:****@h/': a code (P501), a prefix (P, S41), "
            "a rule name, or ALL\n"
        ),
    )
    (here / "s.txt").write_text(
        "see http://example.com/~a  # urlint: ignore[C202, P501,ftp://x:Pw0rd,y@h/]\n"
    )
    assert run(capsys, "check", "--isolated", "--select", "C,M", "s.txt") == (
        0,
        (  # warnings
            "s.txt:1:30: M901 unused suppression: 'P501' matches no finding here\n"
            "s.txt:1:30: M901 unknown rule code 'FTP://X:****@H/' in a suppression\n"
            "Found 2 problems: 2 warnings (target: RFC 1738).\n"
        ),
        "",
    )


def test_a_mime_parameter_cut_inside_a_password_is_quoted_with_it_hidden(capsys, here):
    # An unquoted parameter ends at a ";" or a space, which a password may hold.
    (here / "m.mbox").write_bytes(
        b"From a@example.com Sat Jan  3 01:05:34 1996\n"
        b"Content-Type: text/plain; charset=ftp://u:Pw0rd;SECRET1@h.example.com/\n\n"
        b"http://example.com/\n\n"
        b"From a@example.com Sat Jan  3 01:05:34 1996\n"
        b"Content-Type: multipart/mixed; boundary=ftp://u:Pw0rd SECRET1@h.example.com/\n\n"
        b"http://example.com/b\n"
    )
    assert run(capsys, "extract", "m.mbox") == (
        0,
        "http://example.com/\nhttp://example.com/b\n",
        (
            "urlint: m.mbox:4 (message 1): charset: unknown charset 'ftp://u:****': read as utf-8\n"
            "urlint: m.mbox:9 (message 2): damaged message: multipart boundary 'ftp://u:****' "
            "never appears: read as text\n"
        ),
    )


def test_an_encoded_word_in_a_charset_python_lacks_is_decoded_all_the_same(capsys, here):
    # As a text part in one is read (UTF-8, else Windows-1252): shown as written, a base64
    # word would show what it hides to anyone who decodes it.
    (here / "e.eml").write_bytes(
        b"From: =?x-unknown?b?ZnRwOi8vdTpQdzByZEBoLmV4YW1wbGUuY29tLw==?= <a@example.com>\n"
        b"Subject: =?x-unknown?q?see_http=3A=2F=2Fexample.com=2F=E9?=\n\nbody\n"
    )
    _, out, _ = run(capsys, "extract", "--format", "jsonl", "e.eml")
    (line,) = out.splitlines()
    found = json.loads(line)
    assert (found["url"], found["message"]["from"], found["message"]["header"]) == (
        "http://example.com/\xe9",
        "ftp://u:****@h.example.com/ <a@example.com>",
        "Subject",
    )


def test_a_usage_error_quotes_no_password(capsys, here):
    # argparse quotes the argument it could not use
    with pytest.raises(SystemExit) as exit_status:
        main(["check", "--format", "ftp://u:Secretpw2y@h", "."])
    err = capsys.readouterr().err
    assert exit_status.value.code == 2 and SECRET not in err
    assert "argument --format: invalid choice: 'ftp://u:****@h'" in err


def test_extract_prints_no_password_the_parser_sees(capsys, here):
    (here / "logins.txt").write_text(
        "a <URL:ftp://us@er:Secretpw2y@ftp.example.com/>\nb ftp://fred:2024?Secretpw2y@ftp.example.com/\n"
        "c http://us?er:Secretpw2y@www.example.com/\nd <URL:1ftp://fred:Secretpw2y@ftp.example.com/>\n"
        "e http://web.archive.org/web/1997/ftp://fred:Secretpw2y@ftp.example.com/\n"
    )
    assert run(capsys, "extract", "logins.txt") == (
        0,
        (
            "ftp://us@er:****@ftp.example.com/\nftp://fred:****@ftp.example.com/\nhttp://us?er:****@www.example.com/\n"
            "1ftp://fred:****@ftp.example.com/\nhttp://web.archive.org/web/1997/ftp://fred:****@ftp.example.com/\n"
        ),
        "",
    )
    code, out, _ = run(
        capsys, "check", "--isolated", "--select", "P501", "--format", "concise", "logins.txt"
    )
    assert (code, out) == (
        1,
        (
            "logins.txt:1:20: P501 a password in the URL: never write one (section 6)\n"
            # RFC 3986 ends the authority at the "?": no password there (section 3.2)
            "logins.txt:2:14: P501 a password in the URL by RFC 1738 sections 3.1 and 6 (RFC 3986 "
            "allows it: --target rfc3986): never write one (section 6)\n"
            "logins.txt:3:16: P501 a password in the URL by RFC 1738 sections 3.1 and 6 (RFC 3986 "
            "allows it: --target rfc3986): never write one (section 6)\n"
            "logins.txt:4:20: P501 a password in the URL: never write one (section 6)\n"
            "logins.txt:5:46: P501 a password in the URL: never write one (section 6)\n"
        ),
    )


def test_a_url_inside_a_password_that_starts_before_it_is_not_a_url(capsys, here):
    # Found by the property test: in `1ftp://a://Secretpw@h/` the password of the login
    # after "ftp://" (the "1" a word glued on before it) is "//Secretpw"; the URL
    # "a://Secretpw@h/" taken alone would show it as a user name. Also across a line
    # break; but a URL after a closed word on the line before is a URL.
    (here / "g.txt").write_text(
        "see 1ftp://a://Secretpw@h/ ok\n> see 1ftp://\n> a://Secretpw@h/ ok\n"
        "[https://[2607:5300:60::413a]]\n[mailto:somebody@company.example]\n"
    )
    assert run(capsys, "extract", "g.txt") == (
        0,
        "ftp://a:****@h/\nhttps://[2607:5300:60::413a]\nmailto:somebody@company.example\n",
        "",
    )


def test_a_url_inside_a_password_whose_rest_is_on_the_next_line_is_not_a_url(capsys, here):
    # Found by the property test: `1ftp://b://JJ` / `JJJJ@h/` is the same login broken at
    # the line end: "b://JJ" read with the next line's word as "b://JJJJJJ@h/" took the
    # password "//JJJJJJ" of the login after "1ftp://" for a user name and showed it. A
    # URL whose own login goes on there is still one, its password hidden.
    (here / "b.txt").write_text(
        "see 1ftp://b://Secret\nPw2y@h/ and\nsee ftp://fred:Secret\nPw2y@host/ ok\n"
    )
    assert run(capsys, "extract", "b.txt") == (0, "ftp://b:****\nftp://fred:****\n", "")


def test_a_url_whose_own_login_is_the_one_the_line_before_starts_is_a_url(capsys, here):
    # Found by the property test: "See" / "news:/:a@a" read as one word ("Seenews:/:a@a")
    # is the same login as the URL's own, its password "a" hidden by the URL's own masking;
    # the URL was dropped as if it showed a password. "1ftp://" / "a://Secretpw@h/" still is.
    (here / "n.txt").write_text("See\nnews:/:a@a. for details.\n> 1ftp://\n> a://Secretpw@h/\n")
    assert run(capsys, "extract", "n.txt") == (0, "news:/:****@a\n", "")


def test_a_hard_wrapped_urls_first_line_hides_the_password_its_rest_finishes(capsys, here):
    (here / "w.txt").write_text(
        "Hello all, the new release notes are now published on the ftp site at\n"
        "ftp://fred:Secretpw2ylongerstill/projects/urlint/releases/2026/november/ab/n\n"
        "@www.example.org/2.html and the old ones stay where they were before, ok.\n"
    )
    code, out, _ = run(capsys, "extract", "--format", "jsonl", "w.txt")
    record = json.loads(out)
    assert (record["url"], record["alt"], record["flags"]) == (
        "ftp://fred:****@www.example.org/2.html",
        "ftp://fred:****",
        ["maybe-continued", "joined-by-guess"],
    )


def test_a_password_with_a_hash_is_hidden_and_quoted_by_no_rule(capsys, here):
    # The "#" starts the fragment (RFC 1738 section 2.2, RFC 3986 section 3.2): to either
    # target "fred:hunter" is a host and a port that is no number, and there is no password
    # to report (P501). A reader may still take "hunter#2" for one: hidden, and quoted by no
    # rule (section 6).
    (here / "hash.txt").write_text("ftp://fred:hunter#2@ftp.example.com/\n")
    assert run(capsys, "extract", "hash.txt") == (0, "ftp://fred:****@ftp.example.com/\n", "")
    finding = (
        "hash.txt:1:12: S408 A port that is not a decimal number from 0 to 65535, or a colon "
        "with no port (in a part of the URL hidden as a password)\n"
    )
    assert run(capsys, "check", "--isolated", "hash.txt") == (
        1, finding + "Found 1 problem: 1 error (target: RFC 1738).\n", "",
    )  # fmt: skip
    assert run(capsys, "check", "--isolated", "--target", "rfc3986", "hash.txt") == (
        1, finding + "Found 1 problem: 1 error (target: RFC 3986).\n", "",
    )  # fmt: skip
    assert run(capsys, "check", "--isolated", "--select", "P501", "hash.txt") == (0, "", "")


def test_the_full_format_hides_a_wrapped_passwords_second_line(capsys, here):
    (here / "wrapped.txt").write_text(
        "Mirror: <URL:ftp://fred:Tr0ub4dor\n   -and-3@ftp.example.com/pub/> or http://example.com/~fred/\n"
    )
    code, out, _ = run(capsys, "check", "--isolated", "--format", "full", "wrapped.txt")
    assert code == 1
    assert "Tr0ub4dor" not in out and "-and-3" not in out
    assert "2 |    ****@ftp.example.com/pub/> or http://example.com/~fred/\n" in out
    assert (
        "  |                                                     ^\n" in out
    )  # the caret still under "~"


def test_overlapping_masks_join_into_one(capsys, here):
    (here / "overlap.txt").write_text("ftp://fred:p@ssw0rd@ftp.example.com/\n")
    code, out, _ = run(capsys, "check", "--isolated", "--format", "full", "overlap.txt")
    assert code == 1
    assert "ssw0rd" not in out
    assert out.count("1 | ftp://fred:****@ftp.example.com/\n") == 2  # P501 and R301


def test_the_full_format_counts_lines_as_the_scanner_does(capsys, here):
    (here / "pages.txt").write_text(
        "page one\n\x0c\n<URL:ftp://fred:se/cret@ftp.example.com/pub/>\nSee "
        "http://example.com/~fred/ now\n"
    )
    code, out, _ = run(capsys, "check", "--isolated", "--format", "full", "pages.txt")
    assert code == 1
    assert "se/cret" not in out and "cret" not in out
    assert "3 | <URL:ftp://fred:****@ftp.example.com/pub/>\n" in out
    assert "4 | See http://example.com/~fred/ now\n  |                        ^\n" in out


UTF16_TEXT = codecs.BOM_UTF16_LE + "hi ftp://fred:secret@h/ http://x/~y\n".encode("utf-16-le")


def test_the_full_format_and_diff_read_utf16_as_the_scan_does(capsys, here):
    (here / "utf16le.txt").write_bytes(UTF16_TEXT)
    _, out, _ = run(capsys, "check", "--isolated", "--format", "full", "utf16le.txt")
    assert "secret" not in out
    assert out.count("1 | hi ftp://fred:****@h/ http://x/~y\n") == 2
    assert run(capsys, "check", "--isolated", "--diff", "utf16le.txt") == (
        1,
        (
            "--- a/utf16le.txt\n+++ b/utf16le.txt\n@@ -1 +1 @@\n"
            "-hi ftp://fred:****@h/ http://x/~y\n+hi ftp://fred:****@h/ http://x/%7Ey\n"
        ),
        "",
    )


def test_the_full_format_hides_another_urls_password_on_the_line(capsys, here):
    (here / "other.txt").write_text("telnet://us=er:pa/ss@h/ http://x/~y\n")
    _, out, _ = run(
        capsys, "check", "--isolated", "--format", "full", "--select", "C202", "other.txt"
    )
    assert "pa/ss" not in out
    assert "1 | telnet://us=er:****@h/ http://x/~y\n" in out


def test_message_metadata_is_masked_in_every_format(capsys, here):
    (here / "meta.eml").write_text(
        'From: "ftp://fred:Secretpw2y@h/" <a@example.com>\nMIME-Version: 1.0\n'
        'Content-Type: text/plain; charset="ftp://fred:Secretpw2y@h/"\n\nsee http://example.com/\n'
    )
    code, out, err = run(capsys, "extract", "--format", "jsonl", "meta.eml")
    assert code == 0
    assert err == (
        "urlint: meta.eml:5 (message 1): charset: unknown charset 'ftp://fred:****@h/': read "
        "as utf-8\n"
    )
    assert json.loads(out)["message"]["from"] == '"ftp://fred:****@h/" <a@example.com>'
    for fmt in ("text", "json", "jsonl", "sarif", "github"):
        _, out, err = run(
            capsys, "check", "--isolated", "--select", "ALL", "--format", fmt, "meta.eml"
        )
        assert SECRET not in out + err


def test_output_onto_an_input_is_refused(capsys, here):
    (here / "notes.txt").write_text("important notes\nsee http://example.com/~fred/\n")
    code, out, err = run(capsys, "check", "--isolated", "-o", "notes.txt", "notes.txt")
    assert (code, out) == (2, "")
    assert err == "urlint: -o notes.txt: that file is also an input; it is not written over\n"
    assert (here / "notes.txt").read_text() == "important notes\nsee http://example.com/~fred/\n"
    assert run(capsys, "check", "--isolated", "--write-baseline", "notes.txt", "notes.txt")[0] == 2


def test_output_into_a_scanned_directory_is_not_read(capsys, here):
    (here / "notes.txt").write_text("see http://example.com/~fred/\n")
    for _ in range(2):  # the second run finds last run's report in the directory
        assert (
            run(capsys, "check", "--isolated", "--format", "jsonl", "-o", "report.jsonl", ".")[0]
            == 0  # a warning
        )
        rows = [json.loads(line) for line in (here / "report.jsonl").read_text().splitlines()]
        assert [(r["path"], r["code"]) for r in rows] == [("notes.txt", "C202")]
    assert sorted(p.name for p in here.iterdir()) == ["notes.txt", "report.jsonl"]


def test_output_through_a_symbolic_link_replaces_the_file_and_keeps_the_link(capsys, here):
    # (A device is written to in place: `-o /dev/null` never replaces /dev/null.)
    (here / "a.txt").write_text("see http://example.com/~fred/\n")
    (here / "reports").mkdir()
    (here / "reports" / "last.txt").write_text("old\n")
    (here / "report.txt").symlink_to(here / "reports" / "last.txt")
    assert (
        run(capsys, "check", "--isolated", "--format", "concise", "-o", "report.txt", "a.txt")[0]
        == 0  # a warning
    )
    assert (here / "report.txt").is_symlink()
    assert (here / "reports" / "last.txt").read_text() == (
        "a.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
    )
    assert sorted(p.name for p in (here / "reports").iterdir()) == ["last.txt"]


@pytest.mark.parametrize("bom", [codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE])
def test_fix_writes_utf16_back_as_utf16(capsys, here, bom):
    codec = "utf-16-le" if bom == codecs.BOM_UTF16_LE else "utf-16-be"
    (here / "utf16.txt").write_bytes(bom + "http://ex.com/~a\n".encode(codec))
    assert run(capsys, "check", "--isolated", "--fix", "utf16.txt") == (
        0,
        "",
        "urlint: fixed 1 problem\n",
    )
    assert (here / "utf16.txt").read_bytes() == bom + "http://ex.com/%7Ea\n".encode(codec)


def test_fix_does_not_rewrite_damaged_utf16(capsys, here):
    data = (
        codecs.BOM_UTF16_LE + "http://ex.com/~a\n".encode("utf-16-le") + b"\x00\xd8\n\x00"
    )  # a lone surrogate
    (here / "utf16.txt").write_bytes(data)
    _, _, err = run(capsys, "check", "--isolated", "--fix", "utf16.txt")
    assert err == (
        "urlint: utf16.txt: not fixed: some of its bytes do not decode as its byte order mark "
        "says\nurlint: fixed 0 problems\n"
    )
    assert (here / "utf16.txt").read_bytes() == data


def test_fix_in_a_file_whose_chunks_decode_differently(capsys, here):
    head = "café naïve http://example.com/~fred/x\n".encode()
    tail = b"latin1 \xe9 http://example.org/~b\n"
    (here / "mixed.txt").write_bytes(head + b"filler line of ascii text here\n" * 400000 + tail)
    assert run(capsys, "check", "--isolated", "--fix", "mixed.txt") == (
        0,
        "",
        "urlint: fixed 2 problems\n",
    )
    data = (here / "mixed.txt").read_bytes()
    assert data.startswith("café naïve http://example.com/%7Efred/x\n".encode())
    assert data.endswith(b"latin1 \xe9 http://example.org/%7Eb\n")  # still Latin-1 there
    assert len(data) == len(head) + 31 * 400000 + len(tail) + 4


def test_a_file_name_cannot_start_a_workflow_command(capsys, here):
    (here / "x\n::error file=README.md,line=1::injected\n.txt").write_text(
        "see http://example.com/~a\n"
    )
    (here / "::warning::y.txt").write_text("see http://example.com/~b\n")
    _, out, _ = run(capsys, "check", "--isolated", "--format", "concise", ".")
    assert out == (
        "\\x3a:warning::y.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
        "x\\x0a::error file=README.md,line=1::injected\\x0a.txt:1:24: C202 unsafe character '~' by "
        "RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
    )
    _, out, _ = run(capsys, "extract", "-H", ".")
    assert all(not line.startswith("::") for line in out.splitlines())


def test_escape_sequences_in_a_url_reach_no_terminal(capsys, here):
    (here / "escape.txt").write_text("see <URL:http://h\x1b]0;PWNED\x07x.example/>\n")
    assert run(capsys, "extract", "escape.txt") == (0, "http://h\\x1b]0;PWNED\\x07x.example/\n", "")
    _, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", "--select", "S407", "escape.txt"
    )
    assert out == (
        "escape.txt:1:17: S407 invalid host by RFC 1738 section 3.1 (RFC 3986 allows it: "
        "--target rfc3986): label 'h\\x1b]0;PWNED\\x07x' holds characters other than "
        "letters, digits and '-'\n"
    )
    _, out, _ = run(
        capsys, "check", "--isolated", "--format", "full", "--select", "C205", "escape.txt"
    )
    assert "\x1b" not in out and "\x07" not in out
    assert "1 | see <URL:http://h\\x1b]0;PWNED\\x07x.example/>\n  |                  ^^^^\n" in out
    _, out, _ = run(capsys, "extract", "--format", "jsonl", "escape.txt")
    assert json.loads(out)["url"] == "http://h\x1b]0;PWNED\x07x.example/"  # exact in JSON


def test_an_archive_member_name_cannot_point_outside_the_root(capsys, here):
    with zipfile.ZipFile(here / "member.zip", "w") as archive:
        archive.writestr(
            "../../../../../../etc/passwd",
            "From: a@example.com\nSubject: x\n\nsee http://example.com/~a\n",
        )
    _, out, _ = run(capsys, "check", "--isolated", "--format", "sarif", "member.zip")
    location = json.loads(out)["runs"][0]["results"][0]["locations"][0]
    assert location["physicalLocation"]["artifactLocation"] == {
        "uri": "member.zip",
        "uriBaseId": "%SRCROOT%",
    }
    assert "etc/passwd" not in json.dumps(location["physicalLocation"])


def test_an_empty_wrapper_yields_no_url(capsys, here):
    (here / "empty.txt").write_text("a <URL:> b <URL: > c\n")
    assert run(capsys, "extract", "--format", "jsonl", "empty.txt") == (1, "", "")  # 1: no URL


def test_jsonl_escapes_line_separators(capsys, here):
    (here / "separators.txt").write_text("see <URL:http://example.com/a\u2028b\u0085c>\n")
    _, out, _ = run(capsys, "extract", "--format", "jsonl", "separators.txt")
    assert out.splitlines() == [out.rstrip("\n")]
    assert '"url": "http://example.com/a\\u2028b\\u0085c"' in out
    assert json.loads(out)["url"] == "http://example.com/a\u2028b\u0085c"


def test_no_url_is_taken_from_the_middle_of_a_password(capsys, here):
    # The bare scanner starts no URL at "1abc://" (a scheme starts with a letter; "1ftp://"
    # is "ftp://", a word glued on before it), nor where its word may hold a password:
    # "Secretpw2y://@h/" is part of one. A URL in a word with no login before it is still a
    # URL.
    (here / "a.txt").write_text(
        "see 1ftp://:Secretpw2y://@h/ and 1abc://x/http://y.example/ then http://example.com/\n"
    )
    assert run(capsys, "extract", "a.txt") == (
        0,
        "ftp://:****@h/\nhttp://y.example/\nhttp://example.com/\n",
        "",
    )


def test_a_password_a_line_break_cuts_is_hidden_on_both_lines(capsys, here):
    # A bare URL ends at its line end, or the next line goes on with it: both readings'
    # passwords are hidden (the first line's part in the URL, the rest in source views).
    (here / "r.txt").write_text(
        "see ftp://fred:Secr\netpw2y@host/ now\n"
        "> see ftp://fred:\n> Secretpw2y@host/ now\n"
        "ftp://fred:se/\ncret@host/x and http://example.com/~a\n"
        "ftp:\n//joe:Secretpw2y@host/ and http://example.com/~b\n"
    )
    assert run(capsys, "extract", "-H", "r.txt") == (
        0,
        (
            "r.txt:1:5: ftp://fred:****\nr.txt:3:7: ftp://fred\nr.txt:5:1: ftp://fred:****\n"
            "r.txt:6:17: http://example.com/~a\nr.txt:8:28: http://example.com/~b\n"
        ),
        "",
    )
    code, out, _ = run(
        capsys, "check", "--isolated", "--select", "P501", "--format", "concise", "r.txt"
    )
    # (P501 reads the login as the target does: `ftp://fred:se/` + `cret@host/x` ends its
    # authority at the "/", and has no password, though "se" is hidden as one.)
    assert (code, out) == (
        1,
        (
            "r.txt:1:16: P501 a password in the URL: never write one (section 6)\n"
            "r.txt:3:17: P501 a password in the URL: never write one (section 6)\n"
        ),
    )
    code, out, _ = run(capsys, "check", "--isolated", "--diff", "r.txt")
    assert (code, out) == (
        1,
        (
            "--- a/r.txt\n+++ b/r.txt\n@@ -3,6 +3,6 @@\n"
            " > see ftp://fred:\n > ****@host/ now\n ftp://fred:****\n"
            "-****@host/x and http://example.com/~a\n+****@host/x and http://example.com/%7Ea\n"
            " ftp:\n"
            "-//joe:****@host/ and http://example.com/~b\n+//joe:****@host/ and http://example.com/%7Eb\n"
        ),
    )


def test_a_header_field_folded_inside_a_password_hides_both_halves(capsys, here):
    # RFC 5322 2.2.3: a fold is a line break before whitespace; the field read on one line
    # keeps a space where the fold was, and the password runs across it.
    (here / "m.eml").write_bytes(
        b"From: ftp://joe:Pw0rd\n SECRET1@ftp.example.com/ <joe@example.com>\n"
        b"Message-ID: <ftp://x:hunter\n 2XYZ@h.example.com/>\n"
        b'Subject: s\nContent-Type: text/plain; charset="ftp://u:Pw0rd SECRET1@h.example.com/"\n'
        b"\nsee http://example.com/ \xe9\n"
    )
    code, out, err = run(capsys, "extract", "--format", "jsonl", "m.eml")
    message = json.loads(out)["message"]
    assert (message["message_id"], message["from"]) == (
        "<ftp://x:**** ****@h.example.com/>",
        "ftp://joe:**** ****@ftp.example.com/ <joe@example.com>",
    )
    assert err == (
        "urlint: m.eml:8 (message 1 <ftp://x:**** ****@h.example.com/>): charset: unknown "
        "charset 'ftp://u:**** ****@h.example.com/': read as cp1252\n"
    )


def test_the_word_a_url_ends_inside_is_its_logins_second_reading():
    # scanner.login_runs_on.login_read_on: the rest of the word, as login_rest gives the
    # next line's; a word whose "@" closes no login across the URL's end is no rest.
    from urlint import extract

    text = "a ftp://j.s:pw)d@h.example.com/ b <URL:ftp://j.s:pw>d@h/> c http://h/x)y@z\n"
    bare, wrapped, plain = extract(text)
    assert (bare.url, bare.login_rest_text) == ("ftp://j.s:pw", ")d@h.example.com/")
    assert (bare.login_rest.start.column, bare.login_rest.end.column) == (15, 32)
    assert (wrapped.url, wrapped.login_rest_text) == ("ftp://j.s:pw", ">d@h/>")
    assert (wrapped.login_rest.start.column, wrapped.login_rest.end.column) == (52, 58)
    assert (plain.url, plain.login_rest, plain.login_rest_text) == ("http://h/x", None, "")


@pytest.mark.slow  # a word of thousands of logins
def test_a_word_of_many_logins_is_hidden_in_linear_time():
    # Each login start's readings run to its word's end: past 16 starts in one word the
    # rest of it is hidden whole, to its last "@" (bench/adversarial.py times it).
    one = "ftp://u:secret@h.example/"
    assert mask_password(one * 20) == "ftp://u:****@h.example/" * 16 + "ftp://****@h.example/"
    assert mask_password("a://" * 100_000 + "@x") == "a://a:****@x"


def test_a_url_that_starts_inside_another_urls_hidden_password_is_not_shown(capsys, here):
    # The first URL ends inside its password (")", a space, '"', "<"), and its login read
    # on hides the rest up to the "@": a URL found in that rest is part of the password.
    # A URL on the next line after a URL whose own text hides nothing is still a URL.
    (here / "n.txt").write_text(
        "a ftp://fred:Qz7)news:Secretpw2y@h.example.com/ b\n"
        "c ftp://fred:Qz7 mailto:Secretpw2y@h.example.com d\n"
        'e ftp://fred:Qz7"http://Secretpw2y@h.example.com/ f\n'
        "<ftp://fred:ab<cd:Secretpw2y@h.example.com/p>\n"
        "g ftp://fred:Qz7\nnews:Secretpw2y@h.example.com/\n"
        "Download: ftp://ftp.example.org/pub/\nhttp://user@example.com/ now\n"
    )
    assert run(capsys, "extract", "-H", "n.txt") == (
        0,
        (
            "n.txt:1:3: ftp://fred:****\nn.txt:2:3: ftp://fred:****\nn.txt:3:3: ftp://fred:****\n"
            "n.txt:4:2: ftp://fred:****\nn.txt:5:3: ftp://fred:****\n"
            "n.txt:7:11: ftp://ftp.example.org/pub/\nn.txt:8:1: http://user@example.com/\n"
        ),
        "",
    )
    _, out, err = run(capsys, "check", "--isolated", "--select", "ALL", "n.txt")
    assert SECRET not in out + err


def test_a_vertical_tab_or_a_form_feed_in_a_password_is_read_on(capsys, here):
    # A reader ends a URL at any whitespace; the login reader reads on past a vertical tab
    # or a form feed as past a space, to the "@".
    (here / "v.txt").write_text(
        "x ftp://fred:Qz7\vSecretpw2y@h.example.com/ y\nz http://fred:Qz7\fSecretpw2y@w.example.com/\n"
    )
    assert run(capsys, "extract", "v.txt") == (0, "ftp://fred:****\nhttp://fred:****\n", "")
    code, out, _ = run(capsys, "check", "--isolated", "--select", "S408", "v.txt")
    assert (code, out.splitlines()[0]) == (
        1,
        (
            "v.txt:1:14: S408 A port that is not a decimal number from 0 to 65535, or a colon "
            "with no port (in a part of the URL hidden as a password)"
        ),
    )


def test_the_store_and_its_report_name_no_password(capsys, here):
    # The store's own name, the report's filters, a Content-Type read from a message and
    # the flags at the end of a Maildir file's name are the user's or the input's text.
    import sqlite3

    (here / "ftp:").mkdir()
    (here / "ftp:" / "fred:Secretpw2y@h").mkdir()
    store = "ftp:/fred:Secretpw2y@h/s.db"
    (here / "md" / "cur").mkdir(parents=True)
    (here / "md" / "new").mkdir()
    (here / "md" / "tmp").mkdir()
    (here / "md" / "cur" / "1.host:2,http:fred:Secretpw2y@h").write_text(
        "From: a@b\nSubject: x\n\nsee http://example.com/m\n"
    )
    (here / "ct.eml").write_text(
        "From: a@b\nMIME-Version: 1.0\n"
        "Content-Type: text/ftp://fred:Secretpw2y@h.example.com/\n\nsee http://example.com/x\n"
    )
    code, _, err = run(capsys, "scan", "--store", store, "md", "ct.eml")
    assert code == 0, err
    connection = sqlite3.connect(here / store)
    assert connection.execute(
        "SELECT content_type FROM urls WHERE content_type LIKE 'text/ftp%'"
    ).fetchall() == [("text/ftp://fred:****@h.example.com/",)]
    assert connection.execute("SELECT flags FROM messages WHERE flags IS NOT NULL").fetchall() == [
        ("http:fred:****@h",)
    ]
    connection.close()
    code, out, err = run(capsys, "report", store, "--folder", "ftp://fred:Secretpw2y@h/")
    assert code == 0, err
    assert out.splitlines()[0].startswith("Store:       ftp:/fred:****@h/s.db (schema 4, ")
    assert "Filters:     --folder ftp://fred:****@h/" in out.splitlines()
    code, _, err = run(capsys, "report", store, "--html", "page.html")
    page = (here / "page.html").read_text()
    assert code == 0 and SECRET not in page and "ftp:/fred:****@h/s.db" in page


def test_sarif_names_no_password_in_its_source_root(capsys, here, monkeypatch):
    root = here / "ftp:" / "fred:Secretpw2y@h"
    root.mkdir(parents=True)
    (root / "b.txt").write_text("see http://example.com/~a\n")
    monkeypatch.chdir(root)
    code, out, _ = run(capsys, "check", "--isolated", "--format", "sarif", "b.txt")
    document = json.loads(out)
    run_ = document["runs"][0]
    assert code == 0 and SECRET not in out  # a warning
    source_root = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert source_root.endswith("/ftp%3A/fred%3A%2A%2A%2A%2A%40h/")
    location = run_["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "b.txt", "uriBaseId": "%SRCROOT%"}
