"""A word glued on before a scheme: the URL starts at the scheme urlint knows
(schemes.glued_before_scheme), and a registered name is read whole."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint import extract
from urlint.grammar import schemes
from urlint.grammar.schemes import glued_before_scheme, is_known_scheme


def _found(text: str) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Each URL of `text` and its span's (line, column, end line, end column)."""
    return [
        (c.url, (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column))
        for c in extract(text)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Spam: EUR.https://nypost.com/2024/x and websitehttps://moneygarm.com/y ok",
            [
                ("https://nypost.com/2024/x", (1, 11, 1, 36)),
                ("https://moneygarm.com/y", (1, 48, 1, 71)),
            ],
        ),
        ("Xftp://ftp.example/pub", [("ftp://ftp.example/pub", (1, 2, 1, 23))]),
        ("xhttp://x.example/", [("http://x.example/", (1, 2, 1, 19))]),
        ("see 2024http://x.example/a", [("http://x.example/a", (1, 9, 1, 27))]),
        ("a 1http://x.example/ b", [("http://x.example/", (1, 4, 1, 21))]),
        ("a.b.https://x.example/", [("https://x.example/", (1, 5, 1, 23))]),
        ("Price:EUR.https://x.example/", [("https://x.example/", (1, 11, 1, 29))]),
        ("A1http://x.example", [("http://x.example", (1, 3, 1, 19))]),
        ("Xsnews://n.example/g", [("snews://n.example/g", (1, 2, 1, 21))]),  # the longest
        ("line one\nEURhttps://x.example/a", [("https://x.example/a", (2, 4, 2, 23))]),
        ("x" * 45 + "http://x.example/", [("http://x.example/", (1, 46, 1, 63))]),
        # a registered name that ends in a known one is whole
        ("tftp://t.example/boot", [("tftp://t.example/boot", (1, 1, 1, 22))]),
        ("shttp://s.example/", [("shttp://s.example/", (1, 1, 1, 19))]),
        ("webdav://d.example/a", [("webdav://d.example/a", (1, 1, 1, 21))]),
        ("sftp://s.example/", [("sftp://s.example/", (1, 1, 1, 18))]),
        # "+" or "-" joins a scheme's parts: read whole, as before
        ("svn+ssh://h/x", [("svn+ssh://h/x", (1, 1, 1, 14))]),
        ("git+https://h/x", [("git+https://h/x", (1, 1, 1, 16))]),
        ("coap+tcp://h/x", [("coap+tcp://h/x", (1, 1, 1, 15))]),
        ("coap+ws://h/x", [("coap+ws://h/x", (1, 1, 1, 14))]),
        ("foo-https://h/x", [("foo-https://h/x", (1, 1, 1, 16))]),
        ("foo+snews://h/g", [("foo+snews://h/g", (1, 1, 1, 16))]),
        # no known scheme at the end: read as before
        ("foo.bar://x", [("foo.bar://x", (1, 1, 1, 12))]),
        ("myapp://x", [("myapp://x", (1, 1, 1, 10))]),
        ("iris.beep://h/x", [("iris.beep://h/x", (1, 1, 1, 16))]),
        ("z39.50r://h/db", [("z39.50r://h/db", (1, 1, 1, 15))]),
        ("1abc://x.example/", []),
        # a name longer than the first look back, whose look starts at a "." or a "-": whole
        ("com.example.app://cb", [("com.example.app://cb", (1, 1, 1, 21))]),
        ("x org.mozilla.firefox-beta://o", [("org.mozilla.firefox-beta://o", (1, 3, 1, 31))]),
        # the longest name read (40 characters) whole; one longer is no scheme, not its end
        ("x " + "a" * 27 + ".bcdefghijklm://z", [("a" * 27 + ".bcdefghijklm://z", (1, 3, 1, 47))]),
        ("com.googleusercontent.apps.123456789-abcdefg://oauth2redirect", []),
        ("a" * 9 + "." + "b" * 38 + "://q", []),
        ("a" * 49 + ".https://ok.example/", [("https://ok.example/", (1, 51, 1, 70))]),
        # a name before a bare colon is taken whole or not at all
        ("return:x", []),
        ("Hotel:+15551234", []),
        ("contactmailto:a@b.example", []),
        ("ms-settings:display", []),
        # a delimiter opens the name: it says where the URL starts, as before
        ("see (websitehttps://x.example/a)", [("websitehttps://x.example/a", (1, 6, 1, 32))]),
        ('see "EUR.https://x.example/a"', [("EUR.https://x.example/a", (1, 6, 1, 29))]),
        ("href=websitehttps://x.example/", [("websitehttps://x.example/", (1, 6, 1, 31))]),
        # a placeholder's name, not a word: the template's reading, as before
        ("$xhttp://x.example/", [("$xhttp://x.example/", (1, 1, 1, 20))]),
        ("%shttp://x.example/", [("shttp://x.example/", (1, 2, 1, 20))]),
    ],
)
def test_where_a_glued_on_scheme_starts(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    ("name", "glued"),
    [
        ("websitehttps", 7),
        ("EUR.https", 4),
        ("Xftp", 1),
        ("xsnews", 1),  # "snews", not "news"
        ("xtftp", 1),  # "tftp", a name read whole, not "ftp"
        ("Xshttp", 1),
        ("https", 0),
        ("HTTPS", 0),
        ("tftp", 0),
        ("aim", 0),
        ("turn", 0),
        ("svn+ssh", 0),
        ("git+https", 0),
        ("coap+ws", 0),
        ("foo+snews", 0),  # the longest known scheme at the end decides
        ("foo-https", 0),
        ("foo.bar", 0),
        ("myapp", 0),
        ("z39.50r", 0),
        ("x.z39.50r", 2),
    ],
)
def test_glued_before_scheme(name, glued):
    assert glued_before_scheme(name) == glued


@pytest.mark.parametrize(
    ("syntax", "text", "expected"),
    [
        # where the markup or the code says where the URL starts, the name is whole
        ("markdown", "[a](websitehttps://x.example/a)", ("websitehttps://x.example/a", 5)),
        ("html", '<a href="EUR.https://x.example/a">a</a>', ("EUR.https://x.example/a", 10)),
        ("python", 'u = "websitehttps://x.example/a"', ("websitehttps://x.example/a", 6)),
        # its prose is running text
        ("markdown", "see websitehttps://x.example/a", ("https://x.example/a", 12)),
        ("html", "<p>EUR.https://x.example/a</p>", ("https://x.example/a", 8)),
    ],
)
def test_a_glued_on_scheme_in_markup_and_code(syntax, text, expected):
    assert [(c.url, c.span.start.column) for c in extract(text, syntax=syntax)] == [expected]


_KNOWN_OR_WHOLE = sorted(
    {name for name in schemes.SCHEMES if is_known_scheme(name)} | schemes._ENDING_IN_A_KNOWN_ONE
)


@given(
    st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,7}\.?", fullmatch=True),
    st.sampled_from(["http", "https", "ftp", "news", "ws", "ssh"]),
)
def test_a_glued_word_never_makes_the_scheme(word, scheme):
    # The URL found is text[span]; its scheme is the longest name at the end of the run that
    # is a scheme (urlint's or a registered one ending in one), the word before it no part.
    text = f"see {word}{scheme}://h.example/p ok"
    (candidate,) = extract(text)
    assert candidate.url == text[candidate.span.start.offset : candidate.span.end.offset]
    run = (word + scheme).lower()
    expected = next(run[at:] for at in range(len(run)) if run[at:] in _KNOWN_OR_WHOLE)
    assert candidate.url.lower().startswith(expected + "://")
