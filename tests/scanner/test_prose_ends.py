"""Where a URL in prose, mail and shell ends: the text glued on after it that is none of it.

Each case is written as a short text of the same shape as the real document it cites
(Amiga announcements and the AIO disk magazine, AmigaTextFiles on GitHub; zsh scripts
that print a coloured link with `print -P`; shell tests that grep a remote's URL).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint import extract

from ..helpers import readings

JOINED = ["joined-by-guess", "maybe-continued"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A list's next item: its bullet, a number or a letter and a blank.
        (
            "1. Get it from the archive http://www.example.com/pub/files/\n"
            "2. 2.0/readme is the next step\n",
            ("http://www.example.com/pub/files/", None, [], (1, 28, 1, 61), [(1, 28, 1, 61)]),
        ),
        (
            "   o Sources: ftp://ftp.example.com/pub/sources-\n   o tools for all\n",
            ("ftp://ftp.example.com/pub/sources-", None, [], (1, 15, 1, 49), [(1, 15, 1, 49)]),
        ),
        (
            "* The archive is at http://www.example.com/pub/\n* docs/readme.txt is next\n",
            ("http://www.example.com/pub/", None, [], (1, 21, 1, 48), [(1, 21, 1, 48)]),
        ),
        (
            "> - get http://www.example.com/pub/tools-\n> - unpack it\n",
            ("http://www.example.com/pub/tools-", None, [], (1, 9, 1, 42), [(1, 9, 1, 42)]),
        ),
        # A field's label: `name :` or `name:` and a blank.
        (
            "Archive-name: foo/faq\n"
            "The latest version is kept at http://www.example.com/faq/\n"
            "Data_version : 1.2\n",
            # (X105's hint still asks: it reads the next line on its own evidence)
            (
                "http://www.example.com/faq/",
                None,
                ["maybe-continued"],
                (2, 31, 2, 58),
                [(2, 31, 2, 58)],
            ),
        ),
        # A rule under a signature (announce 1029, Paul Kolenbrander's) and above a cut
        # (announce 1165, the RSA-in-Perl signature).
        (
            "/aul |\\olenbrander    WWW   : http://www.iaehv.nl/users/paul/\n"
            "-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-\n",
            ("http://www.iaehv.nl/users/paul/", None, [], (1, 31, 1, 62), [(1, 31, 1, 62)]),
        ),
        (
            "HAVE *YOU* EXPORTED A CRYPTO SYSTEM TODAY? --> http://dcs.ex.ac.uk/~aba/x.html\n"
            "--rsa--------------------------------8<-------------------------------------\n",
            ("http://dcs.ex.ac.uk/~aba/x.html", None, [], (1, 48, 1, 79), [(1, 48, 1, 79)]),
        ),
    ],
)
def test_a_line_that_does_not_go_on_is_not_joined(text, expected):
    assert readings(text) == [expected]


def test_a_block_comments_star_under_the_url_still_goes_on():
    # RFC 4634's C comment, its text right under the URL: a leader, not a list's bullet.
    text = (
        " *      A combined document is available at\n"
        " *              http://csrc.example.gov/publications/fips/\n"
        " *              fips180-2/notice.pdf\n"
    )
    assert readings(text) == [
        (
            "http://csrc.example.gov/publications/fips/fips180-2/notice.pdf",
            "http://csrc.example.gov/publications/fips/",
            JOINED,
            (2, 17, 3, 37),
            [(2, 17, 2, 59), (3, 17, 3, 37)],
        )
    ]


@given(st.sampled_from("-*+o"), st.text("abcdefgh", min_size=1, max_size=12))
def test_no_bullet_item_is_glued_on(bullet, word):
    text = f"see http://www.example.com/pub/a-\n{bullet} {word}/x\n"
    assert [c.url for c in extract(text)] == ["http://www.example.com/pub/a-"]


@pytest.mark.parametrize(
    ("text", "url", "column"),
    [
        # AIO's own markup (AIOIssue38/data/contact): a link, then its close and style.
        (
            "Web   : {bold}{link http://www.aio.co.uk}http://www.aio.co.uk{end}{nobold}\n"
            "{bold}Email{nobold} : letters@aio.co.uk{p}\n",
            "http://www.aio.co.uk",
            42,
        ),
        (
            "{bold}Contact{nobold}{p}\nsee http://www.aioworld.com{end}{p}or{p}\n",
            "http://www.aioworld.com",
            5,
        ),
        # An AmigaGuide's attribute commands (the comp.sys.amiga.games FAQ's faq.guide).
        (
            "@{b}FTP@{ub}\n    ftp://rtfm.mit.edu/pub/usenet/games_FAQ@{ub}\n",
            "ftp://rtfm.mit.edu/pub/usenet/games_FAQ",
            5,
        ),
    ],
)
def test_a_documents_own_brace_markup_ends_the_url(text, url, column):
    found = [c for c in extract(text) if c.span.start.column == column]
    assert [(c.url, sorted(f.value for f in c.flags)) for c in found] == [(url, [])]


def test_a_template_in_prose_that_writes_no_brace_markup_keeps_its_brace():
    text = "Each user's page is https://api.example.com/users/{user} (see {user} above).\n"
    assert [(c.url, sorted(f.value for f in c.flags)) for c in extract(text)] == [
        ("https://api.example.com/users/{user}", ["template"])
    ]


@pytest.mark.parametrize(
    ("text", "urls"),
    [
        # `print -P` in zsh scripts: the colour's end, the next colour, underline's end.
        (
            'print -P "%F{blue}https://github.com/Veath/codexfast%f"\n',
            ["https://github.com/Veath/codexfast"],
        ),
        (
            "print -rPu2 '%F{red}> See %F{blue}https://www.python.org/dev/peps/pep-0508/"
            "#examples%F{red}'\n",
            ["https://www.python.org/dev/peps/pep-0508/#examples"],
        ),
        (
            'print -P "info: %U%F{blue}https://github.com/alyraffauf/safari%f%u"\n',
            ["https://github.com/alyraffauf/safari"],
        ),
    ],
)
@pytest.mark.parametrize("syntax", ["shell", "text"])
def test_a_zsh_prompt_escape_ends_the_url(text, urls, syntax):
    assert [c.url for c in extract(text, syntax=syntax)] == urls


@pytest.mark.parametrize("syntax", ["shell", "text"])
@pytest.mark.parametrize(
    ("text", "urls"),
    [
        (
            'if git remote get-url origin | grep -q "https://github.com/o/r.git$"; then\n',
            ["https://github.com/o/r.git"],
        ),
        ("grep -q 'https://x.org/a$' log\n", ["https://x.org/a"]),
        # A Windows administrative share's "$" is its name's.
        ('net use "smb://host/C$"\n', ["smb://host/C$"]),
        ('dir "smb://host/ADMIN$"\n', ["smb://host/ADMIN$"]),
        # Not before the quote that opened it: the URL's own "$".
        ("see http://x.org/a$ now\n", ["http://x.org/a$"]),
    ],
)
def test_a_patterns_end_anchor_is_no_part_of_the_url(text, urls, syntax):
    assert [c.url for c in extract(text, syntax=syntax)] == urls


def test_printfs_conversion_after_a_url_no_colour_precedes_stays_a_placeholder():
    (found,) = extract('printf "https://x.org/%s" "$p"\n', syntax="shell")
    assert (found.url, sorted(f.value for f in found.flags)) == ("https://x.org/%s", ["template"])


def test_the_anchor_span_ends_before_the_dollar():
    (found,) = extract('grep -q "https://github.com/o/r.git$" f\n', syntax="shell")
    assert (found.span.start.column, found.span.end.column) == (10, 36)


@pytest.mark.parametrize(
    ("text", "urls"),
    [
        # /etc/passwd's and /etc/shadow's lines: a table's fields, not news: URLs
        ("news:x:9:13:news:/usr/lib/news:/sbin/nologin\n", []),
        ("news:*:12796:0:99999:7:::\n", []),
        # RFC 1738 section 3.6's three forms, and RFC 5538's server
        (
            "see news:comp.infosystems.www.misc and news:*\n",
            ["news:comp.infosystems.www.misc", "news:*"],
        ),
        ("mid news:12345@example.org.\n", ["news:12345@example.org"]),
        ("news://news.example.org/comp.lang.c\n", ["news://news.example.org/comp.lang.c"]),
        # a malformed one someone meant stays a URL, for the linter to name
        ("news:alt.fan.foo/123\n", ["news:alt.fan.foo/123"]),
    ],
)
def test_a_news_url_has_a_group_a_message_id_or_a_server(text, urls):
    assert [candidate.url for candidate in extract(text)] == urls


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The same rules as above, glued to the URL on its own line, with no blank.
        (
            "WWW   : http://www.iaehv.nl/users/paul/-o-o-o-o-o-o-o-o-o-o-o-o-o-o-o-\n",
            ("http://www.iaehv.nl/users/paul/", None, [], (1, 9, 1, 40), [(1, 9, 1, 40)]),
        ),
        (
            "--> http://dcs.ex.ac.uk/~aba/x.html--rsa------------8<------------\n",
            ("http://dcs.ex.ac.uk/~aba/x.html", None, [], (1, 5, 1, 36), [(1, 5, 1, 36)]),
        ),
        (
            "http://www.example.org/~joe/======\n",
            ("http://www.example.org/~joe/", None, [], (1, 1, 1, 29), [(1, 1, 1, 29)]),
        ),
        # A label is the cut's only after a whole file name; a rule's scissors only before <.
        (
            "http://example.com/x--rsa-----8<---\n",
            ("http://example.com/x--rsa", None, [], (1, 1, 1, 26), [(1, 1, 1, 26)]),
        ),
        # An XML comment closed right after the URL it holds (xml2rfc sources of
        # draft-ietf-appsawg-file-scheme, phluid61/internet-drafts): its "--" is the comment's.
        (
            "Section 2.2.1<!--http://msdn.microsoft.com/en-us/library/dd891456.aspx-->.</t>\n",
            (
                "http://msdn.microsoft.com/en-us/library/dd891456.aspx",
                None,
                [],
                (1, 18, 1, 71),
                [(1, 18, 1, 71)],
            ),
        ),
    ],
)
def test_a_rule_or_a_comments_close_glued_on_ends_the_url(text, expected):
    assert readings(text) == [expected]


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/a--b",  # two dashes, and text after them
        "http://example.com/a-b-c-d/e.html",  # pairs that differ
        "http://example.com/x8",
        "http://example.com/88888",
        "http://example.com/a_____",  # "_" is a word's character, as in joins
        "http://example.com/a--",
    ],
)
def test_a_url_with_no_rule_at_its_end_keeps_it(url):
    assert [c.url for c in extract(f"see {url} now\n")] == [url]


@given(st.text(alphabet="-=o8<_/a.", max_size=40))
def test_a_rule_cut_leaves_a_prefix_of_the_url(tail):
    found = extract(f"http://example.com/{tail}\n")
    assert all(("http://example.com/" + tail).startswith(c.url) for c in found[:1])


@pytest.mark.parametrize("syntax", ["markdown", "text"])
@pytest.mark.parametrize(
    ("text", "urls"),
    [
        # A Jekyll archive of a mailing list (GraseHotspot/mailing-list-archives,
        # _emails/2011/10/428e5044...md, line 63): each mail in a code block between
        # `{% raw %}` and `{% endraw %}`, the last line of its footer the list's URL.
        (
            "```\nhttps://lists.sourceforge.net/lists/listinfo/grase-hotspot{% endraw %}\n```\n",
            ["https://lists.sourceforge.net/lists/listinfo/grase-hotspot"],
        ),
        ("see https://x.org/a{%- endfor -%} now\n", ["https://x.org/a"]),
        # a tag that writes text, or decides what is written, is the template's
        ("see https://x.org/a{% if y %}/b now\n", ["https://x.org/a{% if y %}/b"]),
    ],
)
def test_a_template_tag_that_writes_no_text_ends_the_url(text, urls, syntax):
    assert [c.url for c in extract(text, syntax=syntax)] == urls


@pytest.mark.parametrize(
    ("text", "url", "span"),
    [
        # A shell's command substitution quoted in prose: its closing backquote is no part of
        # the URL (section 2.2: "`" is always encoded in one).
        ("run `curl http://x.org/y` now", "http://x.org/y", (1, 11, 1, 25)),
        ("see `curl http://x.org/y`.", "http://x.org/y", (1, 11, 1, 25)),
        # One inside the URL as well: kept, as written (the program's or the markup's own).
        ("two http://x.org/a`b` here", "http://x.org/a`b`", (1, 5, 1, 22)),
        ("odd http://x.org/a`b here", "http://x.org/a`b", (1, 5, 1, 21)),
    ],
)
def test_a_backquote_glued_on_a_urls_end_closes_what_opened_before_it(text, url, span):
    found = extract(text)
    assert [
        (c.url, (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column))
        for c in found
    ] == [(url, span)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # HTML escaped once more (clojure/clojurescript samples/twitterbuzz/tweet_maps.txt,
        # a tweet's `source`): a character reference for a delimiter ends the URL.
        (
            ':source "&lt;a href=&quot;http://bit.ly&quot; rel=&quot;nofollow&quot;&gt;"',
            [("http://bit.ly", (1, 27, 1, 40))],
        ),
        ("&lt;http://y.org/p&gt; and", [("http://y.org/p", (1, 5, 1, 19))]),
        ("'http://z.org/a&#39; b", [("http://z.org/a", (1, 2, 1, 16))]),
        # `&amp;` is a query's own "&", escaped: the URL goes on over it.
        ("see http://x.org/a?b=1&amp;c=2 now", [("http://x.org/a?b=1&amp;c=2", (1, 5, 1, 31))]),
        # A list of URLs (App-vNext/Polly samples/Chaos/Properties/launchSettings.json; make's
        # patsubst in ninenines/cowboy erlang.mk:492): "," or ";" before a scheme and "://".
        (
            '"applicationUrl": "https://localhost:62683;http://localhost:62684",',
            [
                ("https://localhost:62683", (1, 20, 1, 43)),
                ("http://localhost:62684", (1, 44, 1, 66)),
            ],
        ),
        (
            "$(patsubst git://a.org/%,https://a.org/%,x)",
            [
                ("git://a.org/%", (1, 12, 1, 25)),
                ("https://a.org/%,x", (1, 26, 1, 43)),
            ],
        ),
        # A query's URL after "=" is the query's own.
        (
            "see http://a.org/?u=http://b.org/x,y",
            [("http://a.org/?u=http://b.org/x,y", (1, 5, 1, 37))],
        ),
        # A string's escape right before its closing quote (ninenines/cowboy erlang.mk:1944,
        # commercialhaskell/stack etc/scripts/mirror-ghc-bindists-to-github.sh:71).
        (
            'Write("# https://hexdocs.pm/elixir_make/Mix.html\\n"),',
            [("https://hexdocs.pm/elixir_make/Mix.html", (1, 10, 1, 49))],
        ),
        (
            'echo "url: \\"https://github.com/c/ghc/$f\\"" >>a.yaml',
            [("https://github.com/c/ghc/$f", (1, 14, 1, 41))],
        ),
        # A terminal's escape character (junegunn/fzf CHANGELOG.md:1177, an OSC 8 link).
        (
            "printf '<< \\e]8;;http://github.com/junegunn/fzf\\e\\\\Link to \\e[32mfz' | fzf",
            [("http://github.com/junegunn/fzf", (1, 18, 1, 48))],
        ),
        ('echo "see http://x.org/a\\033[0m"', [("http://x.org/a", (1, 11, 1, 25))]),
        # A backslash that is no escape before a quote stays the URL's (C201 reports it).
        ('"http://x.org/a\\b" now', [("http://x.org/a\\b", (1, 2, 1, 18))]),
    ],
)
def test_what_html_escapes_lists_and_string_escapes_end_a_url_with(text, found):
    assert [
        (c.url, (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column))
        for c in extract(text)
    ] == found
