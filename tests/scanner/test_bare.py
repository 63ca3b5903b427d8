"""Bare URLs: where they start and end in running text (RFC 1738 sections 2.1, 2.2)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint import Position, Span, extract
from urlint.grammar import schemes
from urlint.grammar.schemes import (
    BARE_COLON_PATTERN,
    BARE_WITHOUT_SLASHES,
    SCHEMES,
    is_known_scheme,
)
from urlint.scanner import bare

from ..helpers import examples, urls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ends at whitespace, <, >, "
        ("go to http://a.example/x now", ["http://a.example/x"]),
        ('href="http://a.example/x"', ["http://a.example/x"]),
        ("http://a.example/x<b>", ["http://a.example/x"]),
        ("http://a.example/x>y", ["http://a.example/x"]),
        ("http://a.example/x\u00a0more", ["http://a.example/x"]),  # no-break space is whitespace
        # trailing sentence punctuation belongs to the sentence
        ("See http://a.example/x.", ["http://a.example/x"]),
        ("See http://a.example/x, and", ["http://a.example/x"]),
        ("Is it http://a.example/x?", ["http://a.example/x"]),
        ("it is http://a.example/x!", ["http://a.example/x"]),
        ("at http://a.example/x; then", ["http://a.example/x"]),
        ("at http://a.example/x: then", ["http://a.example/x"]),
        ("'http://a.example/x'", ["http://a.example/x"]),
        ("http://a.example/x?!.", ["http://a.example/x"]),
        # inside punctuation stays
        ("http://a.example/x.html?a=1&b=2", ["http://a.example/x.html?a=1&b=2"]),
        ("http://a.example/it's", ["http://a.example/it's"]),
        # brackets: kept when balanced inside the URL
        ("(http://a.example/x)", ["http://a.example/x"]),
        ("(see http://en.example.org/wiki/Foo_(bar))", ["http://en.example.org/wiki/Foo_(bar)"]),
        ("[http://a.example/x]", ["http://a.example/x"]),
        ("[link](http://a.example/x).", ["http://a.example/x"]),
        ("{http://a.example/x}", ["http://a.example/x"]),
        ("http://a.example/a[1]", ["http://a.example/a[1]"]),
        # unsafe characters do not end a URL (the linter reports them)
        ("http://a.example/~joe/", ["http://a.example/~joe/"]),
        ("http://a.example/a|b", ["http://a.example/a|b"]),
        ("http://a.example/{x}", ["http://a.example/{x}"]),
        ("http://a.example/caf\u00e9/men\u00fc", ["http://a.example/caf\u00e9/men\u00fc"]),
        ("http://a.example/a^b`c", ["http://a.example/a^b`c"]),
        # backquotes: a closing one paired with an opening one is markup
        ("`http://a.example/x`", ["http://a.example/x"]),
        ("``http://a.example/x''", ["http://a.example/x"]),
        # the first backquote closes a URL a backquote opened, whatever follows it: a
        # Markdown line break's backslash (sindresorhus/got d00d845a,
        # documentation/migration-guides/request.md line 75)
        (
            "  `got('https://example.com', {searchParams: {test: ''}})` \u2192 "
            "`https://example.com/?test=`\\\n",
            ["https://example.com", "https://example.com/?test="],
        ),
        ("`http://a.example/x`.", ["http://a.example/x"]),
        # an unbalanced closer anywhere closes the surrounding text (Markdown links)
        (
            "[a](https://a.example/x)[b](mailto:b@a.example)",
            ["https://a.example/x", "mailto:b@a.example"],
        ),
        ("http://a.example/ab)c", ["http://a.example/ab"]),
        ("http://a.example/(", ["http://a.example/"]),
        # quotes: closing ones after an opening one before the URL; paired ones kept
        ("'http://a.example/x'", ["http://a.example/x"]),
        ("''http://a.example/x''", ["http://a.example/x"]),
        ("http://a.example/blah_'quoted'", ["http://a.example/blah_'quoted'"]),
        ("http://a.example/" + "'" * 3, ["http://a.example/" + "'" * 2]),
        ("\u2018http://a.example/i\u2019m\u2019", ["http://a.example/i\u2019m"]),
        (
            "http://a.example/my-wife-thinks-i\u2019m-a-swan/",
            ["http://a.example/my-wife-thinks-i\u2019m-a-swan/"],
        ),
        # non-ASCII delimiters end a URL; non-ASCII letters do not
        ("\uff5chttp://a.example/x\uff5cbar", ["http://a.example/x"]),
        ("\u201chttp://a.example/x\u201d", ["http://a.example/x"]),
        ("\u00abhttp://a.example/x\u00bb", ["http://a.example/x"]),
        ("see http://a.example/x\u2014it moved", ["http://a.example/x"]),
        ("\u53c2\u89c1http://a.example/x\u3002", ["http://a.example/x"]),
        # schemes: any scheme with //, case kept
        ("HTTP://A.EXAMPLE/X", ["HTTP://A.EXAMPLE/X"]),
        ("svn+ssh://a.example/repo", ["svn+ssh://a.example/repo"]),
        ("x-foo.bar://a.example/", ["x-foo.bar://a.example/"]),
        ("URL:http://a.example/", ["http://a.example/"]),
        ("(ftp://a.example/pub)", ["ftp://a.example/pub"]),
        # opaque schemes without //
        ("mail mailto:joe@a.example.", ["mailto:joe@a.example"]),
        ("MAILTO:Joe@A.example", ["MAILTO:Joe@A.example"]),
        ("NeWs:comp.mail.misc", ["NeWs:comp.mail.misc"]),
        ("read news:comp.infosystems.www.", ["news:comp.infosystems.www"]),
        ("all of news:*", ["news:*"]),
        ("urn:isbn:0451450523", ["urn:isbn:0451450523"]),
        ("call tel:+1-201-555-0123", ["tel:+1-201-555-0123"]),
        ("(geo:3.14159,-2.71828)", ["geo:3.14159,-2.71828"]),
        ("the root file:/// as a URL", ["file:///"]),
        ("1.http://a.example/", ["http://a.example/"]),
        ("can...http://a.example/", ["http://a.example/"]),
        ("z39.50r://a.example/db", ["z39.50r://a.example/db"]),
        # not URLs
        ("Note: this", []),
        ("at 12:30 today", []),
        ("Subject: news: today", []),
        ("mailto: nobody", []),
        ("http:// alone", []),
        ("a scheme://` in backquotes", []),
        ("www.example.com and joe@example.com", []),
        ("Re:http", []),
        # a long s is no "s" of a scheme's name
        ("call \u017fip:alice@a.example or \u017fips:bob@a.example", []),
        ("://a.example/", []),
        ("1abc://a.example/", []),
        # what quoted-printable left undecoded puts before a scheme (a tab, an "=")
        ("=09http://beryl.example/copy.html", ["http://beryl.example/copy.html"]),
        (
            "go?u=3Dhttp://a.example/ or =3Dmailto:fred@a.example",
            ["http://a.example/", "mailto:fred@a.example"],
        ),
    ],
)
def test_bare_url_extent(text, expected):
    assert urls(text) == expected


def test_bare_url_at_line_end_ends_there():
    # A word of prose on the next line goes on with nothing (a path-shaped one, such as
    # "path.html", is the URL's rest: tests/scanner/test_document_wraps.py).
    assert urls("see http://a.example/long/\nfor details now") == ["http://a.example/long/"]


def test_positions_are_characters_of_the_decoded_line():
    (candidate,) = extract("caf\u00e9 \u00fcber http://a.example/x")
    assert candidate.span == Span(Position(1, 11, 10), Position(1, 29, 28))


def test_second_scheme_inside_a_query_is_one_url():
    assert urls("http://a.example/r?u=http://b.example/&m=mailto:x@y") == [
        "http://a.example/r?u=http://b.example/&m=mailto:x@y"
    ]


def test_several_urls_on_a_line_in_order():
    text = "a http://a.example/ b ftp://b.example/ c mailto:c@d.example d"
    assert urls(text) == ["http://a.example/", "ftp://b.example/", "mailto:c@d.example"]


def _scheme_start_by_search(text: str, colon: int, floor: int) -> int:
    """scheme_start as the window search alone finds it (SCHEME_BEFORE tried at each offset):
    what its shortcut for a run of letters and digits must agree with."""
    short = colon - bare._SHORT_WINDOW
    low = max(floor, short)
    match = bare.SCHEME_BEFORE.search(text, low, colon)
    if match is not None and match.start() == low and low > floor and low == short:
        match = bare.SCHEME_BEFORE.search(text, max(floor, colon - bare.SCHEME_WINDOW), colon)
    run_start = low + re.search(r"[A-Za-z0-9+.\-]*\Z", text[low:colon]).start()
    if (
        run_start > low
        and text[run_start - 1] == "="
        and re.fullmatch("[0-9A-F]{2}", text[run_start : run_start + 2])
        and text[run_start + 2 : colon].lower() in _KNOWN_SCHEMES
    ):
        return run_start + 2  # a quoted-printable escape left undecoded before a scheme
    if match is None:
        return -1
    start = match.start()
    slashed = text.startswith("//", colon + 1)
    name = text[start:colon].lower()
    # a word glued on before a known scheme, "://" after it, the name opened by no delimiter
    # (a quote, a bracket, "=") nor a placeholder's sign
    tails = [cut for cut in range(1, len(name) - 1) if name[cut:] in _KNOWN_SCHEMES]
    if (
        slashed
        and tails
        and name not in _KNOWN_SCHEMES
        and name not in _WHOLE_NAMES
        and (name[tails[0] - 1].isalnum() or name[tails[0] - 1] == ".")
        and not (start > 0 and text[start - 1] in "\"'`(<[=$%")
    ):
        start += tails[0]
    elif start > 0 and text[start - 1].isascii() and text[start - 1].isalnum():
        if not (slashed and name in _KNOWN_SCHEMES):
            return -1  # a word that starts with a digit, but for a known scheme's "://"
    if start > 0 and text[start - 1] == "\\":  # an escape's letter glued on: "\\nhttps://"
        run = text[start:colon].lower()
        if run not in _KNOWN_SCHEMES and run[1:] in _KNOWN_SCHEMES:
            start += 1
        elif run not in _KNOWN_SCHEMES and run[:1] == "f" and run[2:] in _KNOWN_SCHEMES:
            start += 2  # troff's font change "\\fI"
    if text.startswith("::", start - 2) and start >= 2 and not text.startswith("//", colon + 1):
        return -1
    return start


_KNOWN_SCHEMES = {name for name in SCHEMES if is_known_scheme(name)}
_WHOLE_NAMES = schemes._ENDING_IN_A_KNOWN_ONE
_SCHEME_TEXT = st.one_of(
    st.text("ab19Z+.-:_/ \u00e9", max_size=60),
    st.lists(
        st.sampled_from(["=", "=3D", "=A0", "=09", "=3d", "=FE", "3D", "http", "ftp", "ED"])
        | st.sampled_from(["mailto", "x", "1", "://", ":", " ", "+", "."])
        | st.sampled_from(["\\", "n", "fI", "::", "sftp", "rsync"])
        | st.sampled_from(["EUR", "web", "snews", "tftp", "ws", "-", "s", "2024"]),
        max_size=12,
    ).map("".join),
)


@pytest.mark.slow
@settings(max_examples=examples(2000))
@given(_SCHEME_TEXT, st.data())
def test_scheme_start_agrees_with_the_window_search(text, data):
    colon = data.draw(st.integers(0, len(text)))
    floor = data.draw(st.integers(0, colon))
    assert bare.scheme_start(text, colon, floor) == _scheme_start_by_search(text, colon, floor)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see http://", 4),
        ("1abc://", -1),
        ("can...http://", 6),
        ("svn+ssh://", 0),
        ("std::string:", -1),  # a name in program text
        ("Foo::news:", -1),
        # No name goes on with "://": an AsciiDoc block macro's target is a URL
        ("include::https://", 9),
        # an escape's letter glued on (a string literal, troff's font change)
        ("\\nhttps://", 2),
        ("'\\thttp://", 3),
        ("\\fIhttps://", 3),
        ("\\sftp://", 1),  # "sftp" is a scheme: no letter is an escape's
        ("\\rsync://", 1),  # "rsync" is a scheme, "sync" none: no "\\r" is read
        ("\\xyz://", 1),  # "yz" is no known scheme
        ("x" * 20 + "://", 0),  # longer than the short window: looked for in the whole one
        ("1" + "x" * 20 + "://", -1),
        ("x" * 45 + "://", -1),  # longer than the whole window: no scheme
        # a quoted-printable escape left undecoded (RFC 2045 6.7) before a known scheme
        ("=09http://", 3),
        ("a=3Dhttps://", 4),
        ("=A0ftp://", 3),
        # lower-case hex is no escape RFC 2045 writes, but a word glued on before "http"
        ("=3dhttp://", 3),
        ("=3dhttp:", -1),  # no "://": "3dhttp" is no name taken bare
        ("=FEED://", 1),  # "ED" is no scheme: "FEED" is one
        ("1=3Dhttp://", 4),
    ],
)
def test_scheme_start(text, expected):
    assert bare.scheme_start(text, text.rindex(":")) == expected


def test_a_colon_read_by_both_alternatives_gives_one_url():
    # "news:" is taken bare without "//" and, like any scheme, with it: one hit, one URL
    text = "news://news.example/comp.x, news:comp.y and NEWS://n.example/ then mailto://a@b.c"
    assert urls(text) == [
        "news://news.example/comp.x",
        "news:comp.y",
        "NEWS://n.example/",
        "mailto://a@b.c",
    ]


@settings(max_examples=examples(500))
@given(st.text("mailtonewscidurnelfaxpsgMAILTOSX: ", max_size=80))
def test_bare_colon_pattern_finds_the_colon_after_each_bare_name(text):
    # its look-behind on the names' last letters turns colons away, never one of theirs
    found = [m.start() for m in re.finditer(BARE_COLON_PATTERN, text)]
    expected = [
        colon
        for colon, char in enumerate(text)
        if char == ":" and text[:colon].lower().endswith(BARE_WITHOUT_SLASHES)
    ]
    assert found == expected


def test_bare_colon_pattern_takes_the_names_in_any_ascii_case_only():
    # Unicode's case folding would take the long s for an "s" ("\u017fips:" for "sips:")
    text = "SIPS:a SiPs:b \u017fips:c sip\u017f:d"
    assert [m.start() for m in re.finditer(BARE_COLON_PATTERN, text)] == [4, 11]


def test_a_url_in_a_troff_font_change():
    """A man page's source sets a URL in a font: `\\fIhttps://...\\fR` (groff(7), "\\f").
    The font's letters are no part of the URL, and the next font change ends it."""
    text = ".SH SEE ALSO\n\\fIhttps://example.org/docs/man.html\\fR and \\fBftp://x.org/pub\\fP.\n"
    assert [(c.url, c.span.start.column, c.span.end.column) for c in extract(text)] == [
        ("https://example.org/docs/man.html", 4, 37),
        ("ftp://x.org/pub", 48, 63),
    ]


def test_an_asciidoc_block_macro_ends_at_its_attribute_list_in_any_text():
    # Asciidoctor's IncludeDirectiveRx and BlockMediaMacroRx end the target at "[" (an
    # AsciiDoc snippet quoted in a text file or a code comment).
    text = "image::https://x.org/a.png[Alt text] and video::https://x.org/b.mp4[]\n"
    assert [c.url for c in extract(text)] == ["https://x.org/a.png", "https://x.org/b.mp4"]
    assert bare.body_end(text, 13, url_start=7) == 26
    # After a single ":" a bracket is the URL's own, as it was (`?ids[]=1`).
    assert [c.url for c in extract("see:https://x.org/a?ids[]=1\n")] == ["https://x.org/a?ids[]=1"]


class _CountingBody:
    """A body pattern of bare.py (`name`), counting in `read` the characters each match may
    read (its window)."""

    def __init__(self, name: str, read: list[int]) -> None:
        self.name, self.pattern, self.read = name, getattr(bare, name), read

    def match(self, text: str, start: int, end: int = 2**62) -> re.Match[str] | None:
        self.read[0] += min(end, len(text)) - start
        return self.pattern.match(text, start, end)


@pytest.mark.parametrize("unit", ["ab://b)", "`ab://b`", "ab://b]x", "ab://" + "x" * 300 + ")"])
def test_a_run_of_urls_each_ended_early_is_read_in_linear_time(monkeypatch, unit):
    # URL after URL in a run without a blank, each ended by a bracket it does not open (or
    # the backquote it opened after): each URL's body is read in a window, doubled while
    # nothing ends it, never the rest of the run (which made 140 KB take 14 s).
    def characters_read(copies: int) -> int:
        read = [0]
        counting = [_CountingBody(name, read) for name in ("BODY", "BODY_WITHOUT_BRACKETS")]
        for body in counting:
            monkeypatch.setattr(bare, body.name, body)
        found = extract(unit * copies)
        for body in counting:
            monkeypatch.setattr(bare, body.name, body.pattern)
        assert len(found) == copies
        return read[0]

    few = characters_read(1_000)
    assert 0 < characters_read(4_000) <= 4.5 * few  # 0: the pattern was not the one read


def test_a_url_longer_than_the_first_window_is_read_whole():
    url = "http://a.example/" + "x" * (3 * bare.BODY_WINDOW) + "/end"
    assert urls(f"see {url}) and ({url}/more)\n") == [url, url + "/more"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a parenthesis the URL opens and the prose closes after a blank: the prose's
        (
            "See http://www.ibmlink.ibm.com/(search for the letter) today.",
            [("http://www.ibmlink.ibm.com/", 5, 32)],
        ),
        (
            "Patch: ftp://ftp.example.com/pub/x.zip(unsupported version) here",
            [("ftp://ftp.example.com/pub/x.zip", 8, 39)],
        ),
        # balanced inside the URL, or closed nowhere on its line: the URL's, as ever
        (
            "Wiki http://en.wikipedia.org/wiki/Foo_(bar) ok",
            [("http://en.wikipedia.org/wiki/Foo_(bar)", 6, 44)],
        ),
        (
            "Old http://x.example/a(b with no close\n) on the next line",
            [("http://x.example/a(b", 5, 25)],
        ),
        # a shell's `$(` is a template's placeholder (templates.py), not prose
        (
            "curl http://x.example/v/$(uname -s)/a.tgz",
            [("http://x.example/v/$(uname -s)/a.tgz", 6, 42)],
        ),
    ],
)
def test_a_parenthesis_of_prose_glued_on_ends_the_url(text, expected):
    assert [(c.url, c.span.start.column, c.span.end.column) for c in extract(text)] == expected


def test_a_quoted_value_keeps_its_parenthesis():
    # an HTML attribute's value runs to its quote (javadoc's `#wait(long, int)`): not cut
    line = '<A HREF="http://java.example/Object.html#wait(long, int)">wait</A>'
    assert [c.url for c in extract(line, syntax="html")] == [
        "http://java.example/Object.html#wait(long"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a dash of the prose glued on after a whole file name, before a blank: the
        # prose's (ubbulls volleyball scraper's docstring; a Vietnamese word list's README)
        (
            " -http://ubbulls.com/sports/wvball/2017-18/files/teamstat.htm- year 2017\n",
            [("http://ubbulls.com/sports/wvball/2017-18/files/teamstat.htm", 1, 3, 1, 62)],
        ),
        (
            "* http://sealang.net/vietnamese/corpus.htm- not downloadable.\n",
            [("http://sealang.net/vietnamese/corpus.htm", 1, 3, 1, 43)],
        ),
        # before a line end too: no hyphen break to join the next line's word
        (
            "see http://www.example.com/electro.htm-\nnext line here\n",
            [("http://www.example.com/electro.htm", 1, 5, 1, 39)],
        ),
        # a hyphen that ends a path's word, or comes before more of the URL, stays
        ("see http://x.example/a-b- here\n", [("http://x.example/a-b-", 1, 5, 1, 26)]),
        (
            "see http://x.example/a.htm-b.htm here\n",
            [("http://x.example/a.htm-b.htm", 1, 5, 1, 33)],
        ),
    ],
)
def test_a_dash_after_a_whole_file_name_is_the_prose_s(text, expected):
    found = [
        (c.url, c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column)
        for c in extract(text)
    ]
    assert found == expected
