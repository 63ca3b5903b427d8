"""Near-URLs (scanner.near): the broken shapes of a URL someone meant, found beside the URLs,
flagged malformed; never listed by `extract` (the library's too), and never one where the
text holds no such mistake."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.model import Flag
from urlint.scanner.near import (
    FULL_WIDTH,
    GLUED,
    NO_COLON,
    NO_SLASH,
    ONE_SLASH,
    SEMICOLON,
    SPACED,
    SPLIT,
    SWAPPED,
    TWICE,
    UNCLOSED,
    Shape,
    glued_shape,
    markdown_shape,
    near_hits,
    read_shape,
    split_shape,
)
from urlint.scanner.scanner import MAY_BE_NEAR, extract, iter_candidates, scan
from urlint.scanner.syntax import syntax_of


def near(text: str, syntax: str = "text") -> list[tuple[str, int, int, int, str | None]]:
    """(url, line, column, end column, context) of each near-URL scanned in `text`."""
    return [
        (c.url, c.line, c.column, c.end_column, c.context)
        for c in scan(text, syntax=syntax)
        if c.has(Flag.MALFORMED)
    ]


# Each shape as real text wrote it (the defect kinds of the lint-trust issue's mined fixes).
@pytest.mark.parametrize(
    ("text", "url", "column"),
    [
        ("Demo: https:/stalw.art for more.\n", "https:/stalw.art", 7),
        ("Site http:/redaxscript.com today\n", "http:/redaxscript.com", 6),
        ("Post to http//example.com/admin/post now.\n", "http//example.com/admin/post", 9),
        ("(https//supportivekoala.com/)\n", "https//supportivekoala.com/", 2),
        ("Fork https;//github.com/user/repo.\n", "https;//github.com/user/repo", 6),
        ("Open http: // example.com in a browser\n", "http: // example.com", 6),
        ("Open http :// example.com:8080/x here\n", "http :// example.com:8080/x", 6),
        ("地址：https：// github.com / user / repo\n", "https：// github.com / user / repo", 4),
        ("地址：https：//github.com/user/repo。\n", "https：//github.com/user/repo", 4),
        ("FTP ftp:/ftp.example.org/pub/ here\n", "ftp:/ftp.example.org/pub/", 5),
        ("Host http//192.168.1.10:8080/status\n", "http//192.168.1.10:8080/status", 6),
        ("WS wss;//push.example.com/socket\n", "wss;//push.example.com/socket", 4),
        ("Visit https:www.example.com/ now\n", "https:www.example.com/", 7),
        # a web scheme and a host, no slash (conda-forge/staged-recipes 893e395a^,
        # recipes/skforecast/meta.yaml line 43), a colon too many
        ("home: https:skforecast.org\n", "https:skforecast.org", 7),
        ("Home: http:://www.itk.org\n", "http:://www.itk.org", 7),
        ("(http:www.example.com/A)\n", "http:www.example.com/A", 2),
        ("See https://example. org/docs now\n", "https://example. org/docs", 5),
        ("At http://www.example. com.\n", "http://www.example. com", 4),
        (
            "Read http://x.example.org/paper/ report2015.pdf today\n",
            "http://x.example.org/paper/ report2015.pdf",
            6,
        ),
        # a path split where only a URL's text follows: an escape, a slug and its fragment
        # (ansible/ansible, a generated line wrap), a query's value that is a host
        (
            "See: https://x.example.com/docs/disks/   local-ssd#limits for\n",
            "https://x.example.com/docs/disks/   local-ssd#limits",
            6,
        ),
        (
            "B https://img.example.io/badge/ %E2%9C%94%20Ok-green.svg x\n",
            "https://img.example.io/badge/ %E2%9C%94%20Ok-green.svg",
            3,
        ),
        (
            "Go http://www.example.com/r?to= www.attacker.com. Here\n",
            "http://www.example.com/r?to= www.attacker.com",
            4,
        ),
        # a typographer's dash between a URL and the rest of its path
        (
            "See https://en.wikipedia.org/wiki/Red–black_tree.\n",
            "https://en.wikipedia.org/wiki/Red–black_tree",
            5,
        ),
        (
            "IBM: http://www.ibm.example—copytrade.shtml\n",
            "http://www.ibm.example—copytrade.shtml",
            6,
        ),
    ],
)
def test_each_broken_separator_is_a_near_url_at_its_place(text, url, column):
    assert near(text) == [(url, 1, column, column + len(url), None)]


def test_a_near_url_is_flagged_malformed_with_one_piece_and_no_other_flag():
    (found,) = scan("See https:/stalw.art now\n")
    assert (found.url, found.flags, found.pieces, found.span) == (
        "https:/stalw.art",
        frozenset({Flag.MALFORMED}),
        (found.span,),
        found.span,
    )
    assert (found.span.start.offset, found.span.end.offset) == (4, 20)


def test_a_doubled_scheme_is_a_near_url_beside_the_url_it_holds():
    text = "[docs](//https://example.com/docs/) and https://https://example.com/a\n"
    found = [(c.url, c.column, c.has(Flag.MALFORMED)) for c in scan(text, syntax="markdown")]
    assert found == [
        ("//https://example.com/docs/", 8, True),
        ("https://example.com/docs/", 10, False),
        ("https://https://example.com/a", 41, True),
        ("https://https://example.com/a", 41, False),
    ]


def test_a_doubled_scheme_at_the_texts_start_is_a_near_url_as_after_a_blank():
    # The first line of a file or of a mail's body: no character before its "//".
    for text, column in (("//https://x.org/path here\n", 1), ("see //https://x.org/path\n", 5)):
        assert near(text) == [("//https://x.org/path", 1, column, column + 20, None)]


@pytest.mark.parametrize(
    ("text", "syntax", "url"),
    [
        ("详见 https://example.com/docs）更多\n", "text", "https://example.com/docs）"),
        ("See https://example.com/r” here\n", "text", "https://example.com/r”"),
        ("请访问 https://example.com/x，然后\n", "markdown", "https://example.com/x，"),
        ("结束 https://example.com/y。\n", "markdown", "https://example.com/y。"),
        ("# see https://example.com/c） here\n", "python", "https://example.com/c）"),
        ("见 http://example.org/themes：\n", "markdown", "http://example.org/themes："),
        # GitHub's autolinks end at "<" only: a ">" no "<" opens is taken in
        (
            "See https://github.com/a/b/issues> for bugs.\n",
            "markdown",
            "https://github.com/a/b/issues>",
        ),
        # a ">" no "<" opens: a reST hyperlink target's (python/peps f2109c5f^, pep-0462.txt
        # line 303), a comment's
        (
            ".. _Elastic recheck: http://status.example.org/recheck/>\n",
            "text",
            "http://status.example.org/recheck/>",
        ),
        (
            "/* https://en.wikipedia.org/wiki/De_Morgan%27s_laws> */\n",
            "c-like",
            "https://en.wikipedia.org/wiki/De_Morgan%27s_laws>",
        ),
        # reST: a URL that closes interpreted text, or a reference, not in <...> (ansible/
        # ansible 30039544^, docs/docsite/rst/dev_guide/testing_units_modules.rst line 563)
        (
            '   `"Why Most Unit Testing is Waste" https://x.example.com/Waste.pdf`\n',
            "rst",
            "https://x.example.com/Waste.pdf`",
        ),
        (
            "using is `to support Python-3 http://x.example.com/s.html#p-3`_\n",
            "rst",
            "http://x.example.com/s.html#p-3`",
        ),
        # a double quote no quote before it opens (rails/rails 159e605d^, a Textile link in
        # railties/guides/source/action_controller_overview.textile line 137)
        (
            'the "API documentation":http://api.example.org/P.html" here\n',
            "text",
            'http://api.example.org/P.html"',
        ),
        # a string literal whose value is a URL and a mark: the program reads it in
        ('x = "https://example.com/c）"\n', "python", "https://example.com/c）"),
        ("B = ['https://x.example.org/a\"']\n", "python", 'https://x.example.org/a"'),
        ('const u = "https://x.example.org/a>";\n', "javascript", "https://x.example.org/a>"),
        ('  "homepage": "https://x.example.org/a\'",\n', "json", "https://x.example.org/a'"),
    ],
)
def test_a_closing_mark_glued_on_a_urls_end_is_a_near_url(text, syntax, url):
    (found,) = near(text, syntax)
    assert found[0] == url
    assert text[found[2] - 1 : found[3] - 1] == url


@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        # paired marks are the text's: GB and Japanese brackets, quotations
        ("（见 https://example.com/a）\n", "text"),
        ("“https://example.com/q” he said\n", "text"),
        ("「https://example.com/q」\n", "text"),
        # a CJK sentence mark after a URL in plain text: no reader there is known to link it
        ("请访问 https://example.com/x，然后\n", "text"),
        # a string literal whose value is more than the URL and the mark: prose
        ('x = "（见 https://example.com/c）"\n', "python"),
        ('x = "see https://example.com/c。"\n', "python"),
        ('x = ["https://example.com/a", "https://example.com/b"]\n', "python"),
        # reST links written right, a role's text, an inline literal
        (
            "`link <https://x.example.org/b>`_ :code:`https://x.example.org/d` "
            "``https://x.example.org/e``\n",
            "rst",
        ),
        # a ">" an HTML tag's, an autolink's or a wrapper's "<" opens
        ("<https://x.example.org/a> and <img src=https://x.example.org/b.png>\n", "markdown"),
        ("<URL:https://x.example.org/a> and <https://x.example.org/b>\n", "text"),
        # a URL ending at a blank, or at ASCII punctuation
        ("See https://example.com/a) and https://example.com/b.\n", "text"),
    ],
)
def test_no_glued_mark_where_the_text_pairs_it_or_none_stands(text, syntax):
    assert near(text, syntax) == []


# Lines of real files that hold no near-URL (each cited), and the look-alikes the issue
# names: none is read as one.
@pytest.mark.parametrize(
    ("text", "syntax"),
    [
        ("Note: //comment here\n", "text"),
        ("Copy it to C://Users/me/app.example.com\n", "text"),
        ("C:/Windows/System32/drivers/etc.hosts\n", "text"),
        ("std::string url = base + host;\n", "c-like"),
        ("file:/etc/hosts.allow is a local path (RFC 8089)\n", "text"),
        # a regular expression, a template, a placeholder
        ('re.compile(r"https?//(www\\.)?example\\.com")\n', "python"),
        ("pattern = 'https?//[^/]+'  # http//{host}/path\n", "python"),
        ('url = "http//" + host + ".example.com"\n', "python"),
        ('fmt.Sprintf("%s//%s.example.com", scheme, host)\n', "go"),
        ("Use http//{host}/api or http//$HOST.example.com\n", "text"),
        # a name inside a word, a path, a query
        ("See https://web.archive.org/web/2019/http:/example.com/x\n", "text"),
        ("Go https://x.example/r?u=http//example.com/a now\n", "text"),
        ("sub-http//example.com and xhttp//example.com\n", "text"),
        # a file name is no host
        ("Open http//index.html or https:/docs.md\n", "text"),
        # no host at all
        ("Use http: // as the prefix, or http:/path/to\n", "text"),
        ("http:// and https:// are the schemes\n", "text"),
        # a line comment after code, in C-like code and a kind urlint does not read
        ("x = 1; //https://example.com/a\n", "c-like"),
        ("my $x = 1; //https://example.com/a\n", "other"),
        # a code span's command and a fenced block show text as written
        ("Never run `curl http//example.com` here.\n", "markdown"),
        ("```\ncurl http//example.com/x\n```\n", "markdown"),
        # the URLs a near-URL is made of, written right
        ("See https://stalw.art and http://example.com/admin/post.\n", "text"),
    ],
)
def test_no_near_url_in_text_that_holds_no_such_mistake(text, syntax):
    assert near(text, syntax) == []


def test_in_code_a_comment_and_a_string_hold_near_urls_and_an_expression_none():
    text = (
        '# docs at https//example.com/x\nURL = "https//example.com/y"\n'
        "B = 'https:/example.org/a.json'\nC = http//example.com\n"
        'D = "http://example. org/x"\n'
    )
    assert near(text, "python") == [
        ("https//example.com/x", 1, 11, 31, "comment"),
        ("https//example.com/y", 2, 8, 28, "string"),
        ("https:/example.org/a.json", 3, 6, 31, "string"),
        ("http://example. org/x", 5, 6, 27, "string"),
    ]


@pytest.mark.parametrize(
    ("text", "syntax", "found"),
    [
        (
            'class A { String u = "https://http://host.example.com/x"; }\n',
            "c-like",
            [("https://http://host.example.com/x", 1, 23, 56, "string")],
        ),
        (
            'class A { String v = "http;//www.example.com/"; }\n',
            "c-like",
            [("http;//www.example.com/", 1, 23, 46, "string")],
        ),
        # a shell's and a configuration's unquoted words are values
        (
            "FROM debian\nRUN curl -fsSL https:/foo.example.com/a | sh\n",
            syntax_of("Dockerfile"),
            [("https:/foo.example.com/a", 2, 16, 40, None)],
        ),
        (
            'url: https:/foo.example.com/a\nother: "http;//www.example.com/"\n',
            "yaml",
            [
                ("https:/foo.example.com/a", 1, 6, 30, None),
                ("http;//www.example.com/", 2, 9, 32, "string"),
            ],
        ),
        (
            ".TH X 1\nSee https:/example.org/a.json now.\n",
            syntax_of("x.1"),
            [
                ("https:/example.org/a.json", 2, 5, 30, None),
            ],
        ),
        (
            "See https:www.example.com/ now.\n",
            "rst",
            [("https:www.example.com/", 1, 5, 27, None)],
        ),
        # a string literal's value that is a URL with blanks in its path (ScoopInstaller/
        # Extras, bucket/postman.json line 11); a message that starts with a URL is none
        (
            '{"url": "https://dl.example.io/11.8/Postman v11.8 (x64).exe#/dl.7z",\n'
            ' "note": "https://x.example.org is down", "n": "see https://x.example.org/ d.pdf"}\n',
            "json",
            [("https://dl.example.io/11.8/Postman v11.8 (x64).exe#/dl.7z", 1, 10, 67, "string")],
        ),
        # YAML's comments start with "#": a "//" before a scheme is a value's
        (
            "  url: //https://pypi.io/packages/source/p/x-1.0.tar.gz\n",
            "yaml",
            [("//https://pypi.io/packages/source/p/x-1.0.tar.gz", 1, 8, 56, None)],
        ),
        # a code span that opens with a near-URL shows a URL's mistake (spring-projects/
        # spring-boot 21c63082^, spring-boot-sample-liquibase/README.adoc line 5)
        (
            "You can look at `http//localhost:8080/liquibase` to review.\n",
            "asciidoc",
            [("http//localhost:8080/liquibase", 1, 18, 48, None)],
        ),
        (
            "- Use `http: // example.com` instead.\n",
            "markdown",
            [("http: // example.com", 1, 8, 28, None)],
        ),
    ],
)
def test_every_kind_holds_near_urls_in_its_strings_comments_and_values(text, syntax, found):
    assert near(text, syntax) == found


@pytest.mark.parametrize(
    "text",
    [
        # a sentence's next word after a URL: no part of it
        "See http://x.org/ first. Then http://localhost. Then go.\n",
        "Mirror at http://x.org/docs/ index and https://x.org/ report.pdf\n",
        "The host http://example.com. org is a word here\n",
        "A name with its top label http://www.example.com. com\n",
        "Not a label: http://example. organisation/\n",
        "Capitals: http://server. Com/x\n",
        # a dash before a sentence's next word, a blank before a word or a heading's "#"
        "See https://x.example/a—the best site, https://x.example/b – a.html\n",
        "See https://x.example/a/ C# docs and https://x.example/b/ #1 and/or more\n",
        # a colon after a scheme that writes none before a host, a port, a word
        "Use http:8080 or git:example.com/x, or ssh:host.example.com\n",
        "Protocols: http:, https: and ftp: are read\n",
        # "www." after a colon that follows no scheme, or a word
        "Note:www.example.com and mailto:www.example.com\n",
    ],
)
def test_no_blank_inside_and_no_missing_slashes_where_the_text_goes_on_otherwise(text):
    assert near(text) == []


def test_extract_lists_no_near_url_and_the_same_urls():
    text = "See https:/stalw.art, //https://x.example/a and https://x.example/b）\n"
    assert [c.url for c in extract(text)] == ["https://x.example/a", "https://x.example/b"]


@pytest.mark.parametrize(
    ("url", "shape"),
    [
        ("https:/stalw.art", Shape(ONE_SLASH, 5, 7, "https://stalw.art", True)),
        ("http//example.com/x", Shape(NO_COLON, 4, 6, "http://example.com/x", True)),
        ("https;//github.com/a", Shape(SEMICOLON, 5, 8, "https://github.com/a", True)),
        ("http: // example.com", Shape(SPACED, 4, 9, "http://example.com", False)),
        ("https：//github.com/a", Shape(FULL_WIDTH, 5, 8, "https://github.com/a", True)),
        (
            "https：// github.com / user / repo",
            Shape(FULL_WIDTH, 5, 9, "https://github.com/user/repo", False),
        ),
        ("//https://x.example/", Shape(TWICE, 0, 2, "https://x.example/", True)),
        ("https://https://x.example/", Shape(TWICE, 0, 8, "https://x.example/", True)),
        ("http://https://x.example/", Shape(TWICE, 0, 7, "https://x.example/", False)),
        ("https:www.example.com/", Shape(NO_SLASH, 5, 6, "https://www.example.com/", True)),
        ("https://x.example/", None),
    ],
)
def test_a_near_urls_shape_names_its_broken_part_and_the_url_meant(url, shape):
    assert read_shape(url) == shape


def test_a_split_urls_shape_is_certain_where_a_host_name_was_split():
    assert split_shape("https://example. org/a") == Shape(
        SPLIT, 16, 17, "https://example.org/a", True
    )
    assert split_shape("https://x.example/p/ r.pdf") == Shape(
        SPLIT, 20, 21, "https://x.example/p/r.pdf", False
    )
    assert split_shape("[https://x.example/a](the docs)") is None


def test_a_glued_marks_shape_is_the_url_without_it():
    assert glued_shape("https://x.example/a）") == Shape(
        GLUED, 19, 20, "https://x.example/a", False
    )
    assert glued_shape("https://x.example/a") is None


# Text around a near-URL: prose words and blanks, none of which holds a scheme.
_WORDS = st.lists(st.sampled_from(["see", "the", "docs", "at", "(", ")", ",", "\n", "note:"]))


@given(_WORDS, _WORDS)
def test_a_near_url_is_found_wherever_it_stands_and_alone(before, after):
    text = " ".join(before) + " http//example.com/a " + " ".join(after)
    slashes = [match.end() - 1 for match in MAY_BE_NEAR.finditer(text)]
    hits = near_hits(text, 0, len(text), slashes)
    assert [(hit.kind, text[hit.start : hit.end]) for hit in hits] == [
        (NO_COLON, "http//example.com/a")
    ]


def test_a_quotation_opened_lines_before_pairs_its_closing_mark():
    # esr's Jargon File 4.4.7, "bamf" sense 4: the quotation opens two lines before its URL
    text = (
        "   3, to refer to directing someone to another location or resource (\u201cA user\n"
        "   was asking about some technobabble so I bamfed them to\n"
        "   http://www.catb.org/~esr/jargon/\u201d.)\n"
    )
    assert near(text) == []
    assert near("A\n\n\u201cold.\n\nSee http://x.example/a\u201d now\n") == [
        ("http://x.example/a\u201d", 5, 5, 24, None)
    ]


# Markdown links written around a URL that Markdown reads as no link: the link's whole text,
# before the URL it holds (which is a URL as ever).
@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "See [http://a.example/](Site) now\n",
            [
                ("[http://a.example/](Site)", 1, 5, 30, "markdown-autolink"),
            ],
        ),
        (
            "![https://a.example/logo.png](the logo)\n",
            [("[https://a.example/logo.png](the logo)", 1, 2, 40, "markdown-autolink")],
        ),
        (
            "[t](https://a.example/p more\n",
            [("[t](https://a.example/p", 1, 1, 24, "markdown-autolink")],
        ),
        (
            "x\n[t]( https://a.example/p",
            [("[t]( https://a.example/p", 2, 1, 25, "markdown-autolink")],
        ),
        (
            "* [Perl](http://a.example/wiki/Perl}\n",
            [("[Perl](http://a.example/wiki/Perl}", 1, 3, 37, "markdown-autolink")],
        ),
        (
            "请打开一个[问题](https://a.example/issues）开始讨论相关主题。\n",
            [("[问题](https://a.example/issues）", 1, 6, 36, "markdown-autolink")],
        ),
        (
            "* [S](https://a.example/Vo C.pdf) - x\n",
            [("[S](https://a.example/Vo C.pdf)", 1, 3, 34, "markdown-autolink")],
        ),
    ],
)
def test_a_markdown_link_markdown_reads_as_no_link_is_a_near_url(text, found):
    assert near(text, "markdown") == found
    assert [c.url for c in scan(text, syntax="markdown") if not c.has(Flag.MALFORMED)] == [
        url[url.index("http") :].split(" ")[0].split("]")[0].rstrip("}）") for url, *_ in found
    ]


@pytest.mark.parametrize(
    "text",
    [
        "[https://a.example](https://a.example) [https://a.example/a](#top)\n",
        "[https://a.example/a](docs/a.md) [https://a.example/b](b.html)\n",
        '[a](https://a.example/a "T") [b](https://a.example/(b)c) [c](<https://a.example/c d>)\n',
        "[c](\n  https://a.example/c)\n",
        "see (https://a.example/p more) and \\[https://a.example/](Site)\n",
        "`[t](https://a.example/p` and [a] (https://a.example/q r)\n",
        "Formats:\n\n    ```text\n    [(PDF)](https://a.example/book.\n    ```\n",
        "```\n[https://a.example/](Site) 详见 https://a.example/docs）\n```\n",
    ],
)
def test_a_markdown_link_that_is_one_or_is_no_link_at_all_is_no_near_url(text):
    assert near(text, "markdown") == []


def test_the_same_links_in_plain_text_are_no_near_urls():
    assert near("See [http://a.example/](Site) and [t](https://a.example/p more\n") == []


_LINK_TEXT = st.text(st.sampled_from("ab xyz.-"), min_size=1, max_size=12).filter(
    lambda t: t.strip() == t
)
_PATH = st.lists(st.sampled_from(["a", "b", "/", "-", "_", ".", "~", "%20"]), max_size=8).map(
    lambda parts: "".join(parts) + "z"  # a letter last: no sentence punctuation to trim
)


@given(_LINK_TEXT, _PATH, st.sampled_from(["", ' "title"', " 'title'"]))
def test_a_link_markdown_makes_is_never_a_near_url(text, path, title):
    line = f"See [{text}](https://a.example/{path}{title}) now.\n"
    assert near(line, "markdown") == []


@given(_LINK_TEXT, _PATH)
def test_a_link_not_closed_on_its_line_is_a_near_url_from_its_bracket(text, path):
    line = f"See [{text}](https://a.example/{path}\nnext line\n"
    assert near(line, "markdown") == [
        (
            f"[{text}](https://a.example/{path}",
            1,
            5,
            5 + len(text) + 21 + len(path),
            "markdown-autolink",
        )
    ]


def test_markdown_shape_reads_the_link_meant():
    assert markdown_shape("[http://a.example/](Site)") == Shape(
        SWAPPED, 0, 25, "[Site](http://a.example/)", False
    )
    assert markdown_shape("[t](https://a.example/p") == Shape(
        UNCLOSED, 0, 23, "[t](https://a.example/p)", False
    )
    assert markdown_shape("[S](https://a.example/V C.pdf)") == Shape(
        UNCLOSED, 0, 30, "[S](https://a.example/V%20C.pdf)", False
    )
    assert markdown_shape("[P](http://a.example/P}") == Shape(
        UNCLOSED, 0, 23, "[P](http://a.example/P)", False
    )
    assert markdown_shape("[问题](https://a.example/issues）") == Shape(
        UNCLOSED, 0, 30, "[问题](https://a.example/issues)", False
    )
    assert glued_shape("[问题](https://a.example/issues）") is None
    assert markdown_shape("https://a.example/") is None
    assert read_shape("[t](https://a.example/p") is None


def test_in_markdown_a_paired_closing_mark_glued_on_a_url_is_a_near_url():
    # free-programming-books' CODE_OF_CONDUCT-ja.md before a6c5241d5a: GitHub linked
    # "https://contributor-covenant.org/version/1/3/0/）から引用したものです。"
    text = "バージョン1.3.0（https://x.example/version/1/3/0/）から引用したものです。\n"
    assert near(text, "markdown") == [
        ("https://x.example/version/1/3/0/）", 1, 12, 45, "markdown-autolink")
    ]
    assert near(text) == []


# Pieces of text where near-URLs and URLs stand side by side, glued and apart, in each
# syntax's forms: the search for near-URLs may be left out, and nothing else changes.
_PIECES = st.lists(
    st.sampled_from(
        [
            "https://x.example/a",
            "https:/x.example/b",
            "http//x.example/c",
            "ftp;//x.example/d",
            "http: // x.example",
            "https：//x.example/e",
            "//https://x.example/f",
            "https://https://x.example/g",
            "）",
            "”",
            "[",
            "](",
            ")",
            "<",
            ">",
            '"',
            "`",
            "#",
            "@",
            " ",
            "\n",
            "\n\n",
            "    ",
            "```\n",
            "mailto:a@x.example",
        ]
    ),
    max_size=14,
).map("".join)


@given(_PIECES, st.sampled_from(["text", "markdown", "rst", "html", "python", "yaml", "other"]))
def test_without_near_urls_looked_for_the_other_candidates_are_the_same(text, syntax):
    every = scan(text, syntax=syntax)
    assert list(iter_candidates(text, syntax=syntax, near=False)) == [
        c for c in every if not c.has(Flag.MALFORMED)
    ]


def test_every_closing_mark_read_as_glued_on_stands_past_the_bound_the_scanner_asks():
    # The scanner asks near.glued only after a URL followed by a character past
    # GLUED_MARKS_FROM (scanner._may_have_near_around): a mark below it would never be read.
    from urlint.scanner.body import GLUED_MARKS_FROM
    from urlint.scanner.near import GLUE_PAIRS, GLUE_SENTENCE

    assert min(map(ord, {*GLUE_PAIRS, *GLUE_SENTENCE})) >= GLUED_MARKS_FROM == 0x2000
