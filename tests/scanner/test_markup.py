"""Where a URL ends by its markup: Markdown, reST, AsciiDoc, LaTeX, Org and wikis (markup.py).

Each case hands `markup_end` the URL the plain scanner hands on today (`plain`, its first
occurrence in the text) and checks the end, the context and the pieces the markup gives.
Lines quoted from real repositories name the repository, the file and the line.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.scanner.markup import CONTEXTS, EXACT_CONTEXTS, MarkupEnd, markup_end
from urlint.scanner.scanner import extract

from ..helpers import examples


def read(syntax: str, text: str, plain: str) -> tuple[int, MarkupEnd | None]:
    """Where `plain` starts in `text`, and markup_end for it."""
    start = text.index(plain)
    return start, markup_end(syntax, text, start, start + len(plain))


def url_of(text: str, start: int, found: MarkupEnd) -> str:
    """The URL a result means: its pieces joined, or text[start:end]."""
    end, _, pieces = found
    return "".join(text[a:b] for a, b in pieces) if pieces else text[start:end]


def check(syntax: str, text: str, plain: str, expected: str, context: str) -> None:
    """A URL the markup makes one contiguous run: its exact end and context."""
    start, found = read(syntax, text, plain)
    assert found == (start + len(expected), context, ())
    assert url_of(text, start, found) == expected


# --- Markdown: inline links (CommonMark 0.31.2, 6.3) -----------------------------------


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # a destination with balanced parentheses, ended before whitespace and a title
        ('[a](https://x.org/a_(b) "title")', "https://x.org/a_(b)", "https://x.org/a_(b)"),
        ("[a](https://x.org/a_(b) 'title')", "https://x.org/a_(b)", "https://x.org/a_(b)"),
        ("[a](https://x.org/a_(b) (title))", "https://x.org/a_(b)", "https://x.org/a_(b)"),
        ('[a](https://x.org/a\n  "a title\non two lines")', "https://x.org/a", "https://x.org/a"),
        ("![logo](https://x.org/i.png)", "https://x.org/i.png", "https://x.org/i.png"),
        # the destination is the link's whatever its last character: punctuation stays
        (
            "[Inc](https://en.example.org/wiki/Inc.)",
            "https://en.example.org/wiki/Inc",
            "https://en.example.org/wiki/Inc.",
        ),
        ("[a](https://x.org/a,) b", "https://x.org/a", "https://x.org/a,"),
        # characters RFC 1738 says end a URL in free text are the destination's here
        ("[a](https://x.org/a}b)", "https://x.org/a", "https://x.org/a}b"),
        ('[a](https://x.org/a"b)', "https://x.org/a", 'https://x.org/a"b'),
        # the destination on the line after its "(" (spaces and one line ending allowed)
        ("[a](\n   https://x.org/a.)", "https://x.org/a", "https://x.org/a."),
        # jgm/pandoc test/command/biblatex-sigfridsson.md line 14: a DOI holds "<" and ">"
        (
            "doi:[10.1002/(SICI)1096-987X(199803)19:4<377::AID-JCC1>3.0.CO;2-P](https://doi.org/"
            "10.1002/(SICI)1096-987X(199803)19:4<377::AID-JCC1>3.0.CO;2-P).",
            "https://doi.org/10.1002/(SICI)1096-987X(199803)19:4",
            "https://doi.org/10.1002/(SICI)1096-987X(199803)19:4<377::AID-JCC1>3.0.CO;2-P",
        ),
        # jgm/pandoc test/command/8508.md line 7: an en dash inside a destination
        (
            "[EBNF](https://en.wikipedia.org/wiki/Extended_Backus\u2013Naur_form)",
            "https://en.wikipedia.org/wiki/Extended_Backus",
            "https://en.wikipedia.org/wiki/Extended_Backus\u2013Naur_form",
        ),
    ],
)
def test_markdown_inline_link_destination(text: str, plain: str, expected: str) -> None:
    check("markdown", text, plain, expected, "markdown-link")


def test_markdown_destination_escape_is_dropped() -> None:
    # CommonMark 2.4: "\)" is a ")" of the destination; the backslash is no part of the URL
    text = "[a](https://x.org/a\\)b)"
    start, found = read("markdown", text, "https://x.org/a\\")
    assert found == (22, "markdown-link", ((4, 19), (20, 22)))
    assert url_of(text, start, found) == "https://x.org/a)b"


@pytest.mark.parametrize(
    ("text", "plain", "expected", "context"),
    [
        # no link: a word after the destination is no title; GFM's autolink reading
        ("[a](https://x.org/a. b)", "https://x.org/a", "https://x.org/a", "markdown-autolink"),
        # no link: the destination's parentheses do not balance
        (
            '[a](https://x.org/a(b "t")',
            "https://x.org/a(b",
            "https://x.org/a(b",
            "markdown-autolink",
        ),
        # no link: the title is never closed
        ('[a](https://x.org/a "t)', "https://x.org/a", "https://x.org/a", "markdown-autolink"),
        # no link: a blank line inside the title
        (
            '[a](https://x.org/a "t\n\nu")',
            "https://x.org/a",
            "https://x.org/a",
            "markdown-autolink",
        ),
    ],
)
def test_markdown_not_a_link_reads_as_prose(
    text: str, plain: str, expected: str, context: str
) -> None:
    check("markdown", text, plain, expected, context)


# --- Markdown: link reference definitions (4.7) ----------------------------------------


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        ('[1]: https://x.org/a. "title"', "https://x.org/a", "https://x.org/a."),
        ("   [label]: https://x.org/a_(b)", "https://x.org/a_(b)", "https://x.org/a_(b)"),
        ("[label]:\n  https://x.org/a.", "https://x.org/a", "https://x.org/a."),
        # mkdocs/mkdocs docs/user-guide/installation.md line 101: read as it is today
        (
            "[Python]: https://www.python.org/",
            "https://www.python.org/",
            "https://www.python.org/",
        ),
        # mkdocs/mkdocs docs/dev-guide/themes.md line 800: the next line is the next definition
        (
            "[lunr.js]: https://lunrjs.com/\n[site_dir]: ../user-guide/configuration.md#site_dir",
            "https://lunrjs.com/",
            "https://lunrjs.com/",
        ),
    ],
)
def test_markdown_reference_definition(text: str, plain: str, expected: str) -> None:
    check("markdown", text, plain, expected, "markdown-reference")


@pytest.mark.parametrize(
    "text",
    [
        "[^1]: https://x.org/a.",  # a footnote (GFM) holds prose, not a destination
        "[a]: https://x.org/a. more words",  # no title after the destination: no definition
        "    [a]: https://x.org/a.",  # four spaces in: an indented code block
    ],
)
def test_markdown_reference_look_alikes_read_as_prose(text: str) -> None:
    check("markdown", text, "https://x.org/a", "https://x.org/a", "markdown-autolink")


# --- Markdown: autolinks and wrappers (6.5) ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("see <https://x.org/a> now", "markdown-autolink"),
        ("[a](<https://x.org/a>)", "markdown-link"),
        ("[a]: <https://x.org/a>", "markdown-reference"),
    ],
)
def test_markdown_wrapper_keeps_its_reading_and_gets_a_context(text: str, context: str) -> None:
    start = text.index("https")
    end = text.index(">")
    assert markup_end("markdown", text, start, end) == (end, context, ())


def test_markdown_angle_brackets_with_whitespace_are_no_autolink() -> None:
    # CommonMark 6.5: an autolink holds no whitespace; the wrapper's own reading stands
    text = "<https://x.org/a b>"
    assert markup_end("markdown", text, 1, 18) is None


# --- Markdown: GFM's extended autolinks --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # rust-lang/book nostarch/chapter12.md line 73: emphasis around the URL
        (
            "Some existing libraries on crates.io at *https://crates.io/* can help",
            "https://crates.io/*",
            "https://crates.io/",
        ),
        # rust-lang/book src/ch21-02-multithreaded.md line 49
        (
            "_http://127.0.0.1:7878_ and the other for _http://127.0.0.1:7878/sleep_. If you",
            "http://127.0.0.1:7878_",
            "http://127.0.0.1:7878",
        ),
        # vinta/awesome-python DESIGN.md line 38: strong emphasis, the sentence's dot
        (
            "- **https://www.placestoread.xyz** is the primary visual model",
            "https://www.placestoread.xyz**",
            "https://www.placestoread.xyz",
        ),
        ("~~https://x.org/old~~ gone", "https://x.org/old~~", "https://x.org/old"),
        ("**See https://x.org/a_(b)**.", "https://x.org/a_(b)**", "https://x.org/a_(b)"),
        ("*see https://x.org/a.*", "https://x.org/a.*", "https://x.org/a"),
        # an entity-like "&hl;" at the end is the text's (GFM spec, extended autolinks)
        (
            "https://www.google.com/search?q=commonmark&hl;",
            "https://www.google.com/search?q=commonmark&hl",
            "https://www.google.com/search?q=commonmark",
        ),
        # a URL pattern's own "*", with no emphasis opened before it, stays
        ("match https://*.example.com/*", "https://*.example.com/*", "https://*.example.com/*"),
        # "_" inside a word opens no emphasis (CommonMark 6.2)
        ("snake_case: https://x.org/a_", "https://x.org/a_", "https://x.org/a_"),
        # a list item's "* " opens none either
        ("* https://x.org/a*", "https://x.org/a*", "https://x.org/a*"),
        # jwasham/coding-interview-university translations/README-bn.md line 901: a "_" on a
        # line before the URL's opens nothing for it
        (
            "- [Heap_sort](https://x.org/h)\n-  [a] (https://en.wikedia.org/wiki/Heap_ (b))",
            "https://en.wikedia.org/wiki/Heap_",
            "https://en.wikedia.org/wiki/Heap_",
        ),
        # mkdocs/mkdocs docs/dev-guide/themes.md line 431: a code span closes after the URL
        (
            "For example, if `site_url: https://example.com/`, then the value of",
            "https://example.com/`",
            "https://example.com/",
        ),
        # rust-lang/book src/ch17-01-futures-and-syntax.md line 287
        (
            "`cargo run -- 'https://www.rust-lang.org'`",
            "https://www.rust-lang.org'`",
            "https://www.rust-lang.org",
        ),
    ],
)
def test_markdown_autolink_end(text: str, plain: str, expected: str) -> None:
    check("markdown", text, plain, expected, "markdown-autolink")


def test_markdown_other_scheme_is_text_not_autolink() -> None:
    # rust-lang/book: `Compiling add_one v0.1.0 (file:///projects/add/add_one)`
    check(
        "markdown",
        "   Compiling add_one v0.1.0 (file:///projects/add/add_one)",
        "file:///projects/add/add_one",
        "file:///projects/add/add_one",
        "markdown-text",
    )


def test_markdown_escape_in_prose_is_read() -> None:
    # mkdocs/mkdocs docs/user-guide/configuration.md line 460: `\@` is an "@" (2.4)
    text = "Did you mean 'mailto:mail\\@example.com'?"
    start, found = read("markdown", text, "mailto:mail\\@example.com")
    assert found == (38, "markdown-autolink", ((14, 25), (26, 38)))
    assert url_of(text, start, found) == "mailto:mail@example.com"


def test_markdown_backslash_before_the_closing_quote_is_the_quotes() -> None:
    # jgm/pandoc test/command/typst-images.md line 27: `\"` escapes the quote after the URL
    check(
        "markdown",
        '#figure(image(bytes("<svg xmlns=\\"http://www.w3.org/2000/svg\\" viewBox=',
        "http://www.w3.org/2000/svg\\",
        "http://www.w3.org/2000/svg",
        "markdown-autolink",
    )


def test_markdown_url_right_after_a_backquote_is_code() -> None:
    text = "set `https://x.org/*` here"
    assert read("markdown", text, "https://x.org/*")[1] is None


def test_markdown_html_attribute() -> None:
    # posquit0/Awesome-CV README.md line 2
    check(
        "markdown",
        '  <a href="https://github.com/posquit0/Awesome-CV" title="AwesomeCV Documentation">',
        "https://github.com/posquit0/Awesome-CV",
        "https://github.com/posquit0/Awesome-CV",
        "html-attribute",
    )


# --- reStructuredText ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # pallets/flask docs/templating.rst line 12 (a line-start "<" on quickstart.rst:397)
        "`Jinja2 Template Documentation <https://jinja.palletsprojects.com/templates/>`_ for",
        "documentation\n<https://jinja.palletsprojects.com/templates/>`_ for more",
        # pallets/flask docs/debugging.rst line 57: an anonymous reference
        "documentation <https://jinja.palletsprojects.com/templates/>`__.",
    ],
)
def test_rst_embedded_uri(text: str) -> None:
    start = text.index("https")
    end = text.index(">")
    assert markup_end("rst", text, start, end) == (end, "rst-link", ())


def test_rst_angle_brackets_without_a_reference_get_no_context() -> None:
    text = "see <https://x.org/a> there"
    assert markup_end("rst", text, 5, 20) is None


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # pallets/flask docs/tutorial/next.rst line 35
        (
            ".. _Jinja: https://palletsprojects.com/p/jinja/",
            "https://palletsprojects.com/p/jinja/",
            "https://palletsprojects.com/p/jinja/",
        ),
        # pallets/flask docs/tutorial/blog.rst line 128: a name with spaces
        (
            ".. _Jinja for loops: https://jinja.palletsprojects.com/templates/#for",
            "https://jinja.palletsprojects.com/templates/#for",
            "https://jinja.palletsprojects.com/templates/#for",
        ),
        # a target's URI is taken whole: its punctuation too
        (".. _a: https://x.org/a.", "https://x.org/a", "https://x.org/a."),
        ("  .. __: https://x.org/a.\n  next paragraph", "https://x.org/a", "https://x.org/a."),
        ("__ https://x.org/a.", "https://x.org/a", "https://x.org/a."),
        (".. _`a: b`: https://x.org/a.", "https://x.org/a", "https://x.org/a."),
        # the URI on the line after the name
        (".. _a:\n   https://x.org/a.\n\nnext", "https://x.org/a", "https://x.org/a."),
    ],
)
def test_rst_hyperlink_target(text: str, plain: str, expected: str) -> None:
    check("rst", text, plain, expected, "rst-target")


def test_rst_target_continued_on_indented_lines_is_joined() -> None:
    # python/peps peps/pep-0810.rst line 828
    text = (
        ".. _pyperformance suite: https://github.com/facebookexperimental/\n"
        "    free-threading-benchmarking/blob/main/results/bm-20250922-3.15.0a0-27836e5/\n"
        "    bm-20250922-vultr-x86_64-DinoV-lazy_imports-3.15.0a0-27836e5-vs-base.svg\n"
    )
    start, found = read("rst", text, "https://github.com/facebookexperimental/")
    assert found == (222, "rst-target", ((25, 65), (70, 145), (150, 222)))
    assert url_of(text, start, found) == (
        "https://github.com/facebookexperimental/free-threading-benchmarking/blob/main/results/"
        "bm-20250922-3.15.0a0-27836e5/bm-20250922-vultr-x86_64-DinoV-lazy_imports-3.15.0a0-"
        "27836e5-vs-base.svg"
    )


def test_rst_anonymous_target_continued_after_a_fragment_break() -> None:
    # python/peps peps/pep-0287.rst line 513
    text = (
        "   __ http://docutils.sourceforge.net/docs/dev/rst/problems.html\n"
        "      #section-structure-via-indentation\n"
        "\n"
        "4. Why use reStructuredText for PEPs?"
    )
    start, found = read("rst", text, "http://docutils.sourceforge.net/docs/dev/rst/problems.html")
    assert found == (105, "rst-target", ((6, 64), (71, 105)))
    assert url_of(text, start, found) == (
        "http://docutils.sourceforge.net/docs/dev/rst/problems.html"
        "#section-structure-via-indentation"
    )


@pytest.mark.parametrize(
    "text",
    [
        ".. _a: https://x.org/a\n\n   https://y.org/b",  # a blank line ends the target
        ".. _a: https://x.org/a\nhttps://y.org/b",  # so does a line not indented past ".."
        "  .. _a: https://x.org/a\n  https://y.org/b",  # nor one indented as far as ".."
    ],
)
def test_rst_target_ends_at_its_block(text: str) -> None:
    check("rst", text, "https://x.org/a", "https://x.org/a", "rst-target")


def test_rst_backslash_before_a_letter_is_the_urls() -> None:
    # a literal block reads no escapes: a Windows path keeps its backslashes
    check(
        "rst",
        "    file:///C:\\dir\\x.txt",
        "file:///C:\\dir\\x.txt",
        "file:///C:\\dir\\x.txt",
        "rst-standalone",
    )


def test_rst_target_escapes_are_read() -> None:
    text = ".. _a: https://x.org/a\\_b"
    start, found = read("rst", text, "https://x.org/a\\_b")
    assert found == (25, "rst-target", ((7, 22), (23, 25)))
    assert url_of(text, start, found) == "https://x.org/a_b"


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # python/peps peps/pep-0588.rst line 213: an inline literal closes after the URL
        (
            "we need to add ``origin: https://bugs.python.org/issueXYZ``.",
            "https://bugs.python.org/issueXYZ``",
            "https://bugs.python.org/issueXYZ",
        ),
        # python/peps peps/pep-0391.rst line 326: a quoted string in a literal
        (
            "the string ``'cfg://handlers'`` would resolve to",
            "cfg://handlers'``",
            "cfg://handlers",
        ),
        # python/peps peps/pep-0512.rst line 749: a phrase reference's text
        (
            "  - `Create https://git.python.org`_",
            "https://git.python.org`_",
            "https://git.python.org",
        ),
        # python/peps peps/pep-0347.rst line 198: backquotes with more URL after them stay
        ("svn co file:///`pwd`/py.new/$b", "file:///`pwd`/py.new/$b", "file:///`pwd`/py.new/$b"),
        # a balanced parenthesis stays (docutils would cut it: "RSA_(cryptosystem")
        (
            "see https://en.wikipedia.org/wiki/RSA_(cryptosystem)",
            "https://en.wikipedia.org/wiki/RSA_(cryptosystem)",
            "https://en.wikipedia.org/wiki/RSA_(cryptosystem)",
        ),
    ],
)
def test_rst_standalone_hyperlink(text: str, plain: str, expected: str) -> None:
    check("rst", text, plain, expected, "rst-standalone")


# --- AsciiDoc ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # asciidoctor/asciidoctor README.adoc line 200: the macro's text has a space
        (
            "complete the https://brew.sh[installation instructions] first.",
            "https://brew.sh[installation",
            "https://brew.sh",
        ),
        # README.adoc line 199: the plain reading keeps a balanced "[text]"
        (
            "You can use https://brew.sh[Homebrew], the",
            "https://brew.sh[Homebrew]",
            "https://brew.sh",
        ),
        (
            "see link:https://x.org/a.pdf[the paper].",
            "https://x.org/a.pdf[the",
            "https://x.org/a.pdf",
        ),
        # jgm/pandoc test/asciidoc-reader.adoc line 88
        (
            "mailto:join@discuss.example.org[Subscribe]",
            "mailto:join@discuss.example.org[Subscribe]",
            "mailto:join@discuss.example.org",
        ),
        # an attribute list on two lines
        ("https://x.org/a[some\ntext] after", "https://x.org/a[some", "https://x.org/a"),
        # an empty one
        ("https://x.org/a[] after", "https://x.org/a[]", "https://x.org/a"),
        # asciidoctor/asciidoctor README.adoc line 80: an attribute reference stays
        (
            "image:https://img.shields.io/badge/rubydoc.info-{release-version}-blue.svg"
            "[library (API) docs,link=https://www.rubydoc.info/gems/asciidoctor/{release-version}]",
            "https://img.shields.io/badge/rubydoc.info-{release-version}-blue.svg[library",
            "https://img.shields.io/badge/rubydoc.info-{release-version}-blue.svg",
        ),
        # jgm/pandoc test/asciidoc-reader.adoc line 86: a passthrough holds the target
        (
            "link:++https://example.org/now_this__link_works.html++[]",
            "https://example.org/now_this__link_works.html++[]",
            "https://example.org/now_this__link_works.html",
        ),
        ("link:++https://x.org/a b++[text]", "https://x.org/a", "https://x.org/a b"),
    ],
)
def test_asciidoc_url_macro(text: str, plain: str, expected: str) -> None:
    check("asciidoc", text, plain, expected, "asciidoc-link")


def test_asciidoc_escaped_ellipsis_is_read() -> None:
    # asciidoctor/asciidoctor CHANGELOG.adoc line 1453: `\...` keeps "..." from the
    # replacements; the URL holds the dots, not the backslash
    text = "https://github.com/asciidoctor/asciidoctor/compare/v1.5.5\\...v1.5.6[full diff]"
    plain = "https://github.com/asciidoctor/asciidoctor/compare/v1.5.5\\...v1.5.6[full"
    start, found = read("asciidoc", text, plain)
    assert found == (67, "asciidoc-link", ((0, 57), (58, 67)))
    assert url_of(text, start, found) == (
        "https://github.com/asciidoctor/asciidoctor/compare/v1.5.5...v1.5.6"
    )


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        ("see https://x.org/a.", "https://x.org/a", "https://x.org/a"),
        # a "[" that no "]" closes still ends a bare URL (Asciidoctor's InlineLinkRx)
        ("https://x.org/a[b", "https://x.org/a[b", "https://x.org/a"),
        # a blank line before the "]": no attribute list
        ("https://x.org/a.[\n\nb]", "https://x.org/a", "https://x.org/a"),
        # git/git Documentation/git-credential.adoc line 174: monospace
        ("(e.g., `url=https://example.com` would", "https://example.com`", "https://example.com"),
        ("image::x.png[link=https://x.org/a]", "https://x.org/a", "https://x.org/a"),
    ],
)
def test_asciidoc_bare_url(text: str, plain: str, expected: str) -> None:
    check("asciidoc", text, plain, expected, "asciidoc-autolink")


def test_asciidoc_angle_autolink() -> None:
    assert markup_end("asciidoc", "<https://x.org/a>", 1, 16) == (16, "asciidoc-autolink", ())


def test_asciidoc_author_line_url_macro_in_angle_brackets() -> None:
    # asciidoctor/asciidoctor README.adoc line 2: an author's URL with its link text
    text = "Dan Allen <https://github.com/mojavelinux[@mojavelinux]>; Sarah White"
    start, end = text.index("https"), text.index(">")
    found = markup_end("asciidoc", text, start, end)
    assert found == (41, "asciidoc-link", ())
    assert url_of(text, start, found) == "https://github.com/mojavelinux"


def test_asciidoc_passthrough_without_a_macro_is_left_alone() -> None:
    text = "link:++https://x.org/a b++ no brackets"
    assert read("asciidoc", text, "https://x.org/a")[1] is None


# --- LaTeX, braces, Org and wikis -----------------------------------------------------------


@pytest.mark.parametrize(
    ("syntax", "text", "plain", "expected"),
    [
        ("latex", "\\url{https://x.org/a.}", "https://x.org/a", "https://x.org/a."),
        ("latex", "\\href{https://x.org/a}{the text}", "https://x.org/a", "https://x.org/a"),
        ("text", "\\nolinkurl{https://x.org/a:}", "https://x.org/a", "https://x.org/a:"),
        # jgm/pandoc test/writer.latex
        (
            "markdown",
            "\\href{http://example.com/?foo=1&bar=2}{link with an ampersand in the URL}",
            "http://example.com/?foo=1&bar=2",
            "http://example.com/?foo=1&bar=2",
        ),
        # a template's braces inside stay: the "}" that closes "\url{" ends the URL
        (
            "latex",
            "\\url{https://api.github.com/repos/{owner}/{repo}}.",
            "https://api.github.com/repos/{owner}/{repo}",
            "https://api.github.com/repos/{owner}/{repo}",
        ),
    ],
)
def test_latex_link(syntax: str, text: str, plain: str, expected: str) -> None:
    check(syntax, text, plain, expected, "latex-link")


def test_latex_escapes_are_read() -> None:
    # jgm/pandoc test/command/5340.md line 11: hyperref reads `\%` as "%"
    text = "\\url{https://example.com/foo\\%2Dbar}"
    start, found = read("latex", text, "https://example.com/foo\\%2Dbar")
    assert found == (35, "latex-link", ((5, 28), (29, 35)))
    assert url_of(text, start, found) == "https://example.com/foo%2Dbar"


def test_brace_opened_before_the_url_cuts_a_reading_past_it() -> None:
    # a reading that ran past the "}" (a template's, as the templates reader may give)
    text = "{https://x.org/a}b}"
    assert markup_end("text", text, 1, 18) == (16, "braced", ())


def test_brace_opened_before_the_url_leaves_a_template_whole() -> None:
    text = "{https://x.org/{a}/b}"
    assert markup_end("text", text, 1, 20) is None


@pytest.mark.parametrize(
    ("text", "plain", "expected", "context"),
    [
        # alphapapa/org-super-agenda examples.org line 238
        (
            "the  [[http://orgmode.org/worg/org-tutorials/advanced-searching.html][advanced "
            "searching syntax]], and",
            "http://orgmode.org/worg/org-tutorials/advanced-searching.html",
            "http://orgmode.org/worg/org-tutorials/advanced-searching.html",
            "org-link",
        ),
        # jgm/pandoc test/writer.org line 741
        (
            "With an ampersand: [[http://example.com/?foo=1&bar=2]]",
            "http://example.com/?foo=1&bar=2",
            "http://example.com/?foo=1&bar=2",
            "org-link",
        ),
        ("[[https://x.org/a.]]", "https://x.org/a", "https://x.org/a.", "org-link"),
        # jgm/pandoc test/vimwiki-reader.wiki line 139
        (
            "[[http://google.com|_Google_ search engine]]",
            "http://google.com|_Google_",
            "http://google.com",
            "wiki-link",
        ),
    ],
)
def test_double_bracket_link(text: str, plain: str, expected: str, context: str) -> None:
    for syntax in ("text", "markdown", "asciidoc"):
        check(syntax, text, plain, expected, context)


def test_double_bracket_never_reads_across_whitespace() -> None:
    text = "[[https://x.org/a b]]"
    assert read("text", text, "https://x.org/a")[1] is None


@pytest.mark.parametrize(
    ("text", "plain", "expected"),
    [
        # jgm/pandoc test/writer.mediawiki line 599
        (
            "Here\u2019s a [http://example.com/?foo=1&bar=2 link with an ampersand in the URL].",
            "http://example.com/?foo=1&bar=2",
            "http://example.com/?foo=1&bar=2",
        ),
        ("[https://x.org/a. the text]", "https://x.org/a", "https://x.org/a."),
        ("[https://x.org/a.]", "https://x.org/a", "https://x.org/a."),
    ],
)
def test_mediawiki_external_link(text: str, plain: str, expected: str) -> None:
    check("mediawiki", text, plain, expected, "wiki-link")


# --- the contract ---------------------------------------------------------------------------


def test_plain_text_and_code_get_nothing() -> None:
    for syntax in ("text", "python", "html"):
        assert read(syntax, "[a](https://x.org/a.)", "https://x.org/a")[1] is None
        assert read(syntax, "https://x.org[a]", "https://x.org[a]")[1] is None


def test_an_end_that_leaves_only_the_scheme_is_no_end() -> None:
    assert read("asciidoc", "https://[text]", "https://[text]")[1] is None
    assert read("markdown", "*https://*", "https://*")[1] is None


def test_exact_contexts_are_contexts() -> None:
    assert EXACT_CONTEXTS < CONTEXTS
    assert {"markdown-autolink", "markdown-text", "asciidoc-autolink", "rst-standalone"} == (
        CONTEXTS - EXACT_CONTEXTS - {"html-attribute", "braced"}
    )


_SYNTAXES = ("markdown", "rst", "asciidoc", "latex", "org", "mediawiki", "text")
_URL = re.compile(r"[a-z]+:[^\s<>\"]*")
_MARKUP_TEXT = st.lists(
    st.sampled_from(list("ab.:/_*~()[]{}<>\"'`\\|&;!? \t\n") + ["https://x", ".. _", "]("]),
    max_size=30,
).map("".join)


@settings(max_examples=examples(400), deadline=None)
@given(syntax=st.sampled_from(_SYNTAXES), before=_MARKUP_TEXT, after=_MARKUP_TEXT)
def test_result_is_within_the_text_and_its_pieces_in_order(
    syntax: str, before: str, after: str
) -> None:
    text = f"{before}https://x.org/a{after}"
    start = len(before)
    end = _URL.match(text, start).end()  # type: ignore[union-attr]  # it starts there
    found = markup_end(syntax, text, start, end)
    if found is None:
        return
    new_end, context, pieces = found
    assert context in CONTEXTS
    assert text.find(":", start) + 3 < new_end <= len(text)
    if pieces:
        assert pieces[0][0] == start and pieces[-1][1] == new_end
        assert all(a < b for a, b in pieces)
        assert all(b <= c for (_, b), (c, _) in zip(pieces, pieces[1:], strict=False))


@settings(max_examples=examples(400), deadline=None)
@given(syntax=st.sampled_from(_SYNTAXES), before=_MARKUP_TEXT, after=_MARKUP_TEXT)
def test_an_exact_end_read_again_is_the_same(syntax: str, before: str, after: str) -> None:
    text = f"{before}https://x.org/a{after}"
    start = len(before)
    end = _URL.match(text, start).end()  # type: ignore[union-attr]  # it starts there
    found = markup_end(syntax, text, start, end)
    if found is not None and found[1] in EXACT_CONTEXTS:
        assert markup_end(syntax, text, start, found[0]) == found


@settings(max_examples=examples(200), deadline=None)
@given(syntax=st.sampled_from(_SYNTAXES), before=_MARKUP_TEXT, after=_MARKUP_TEXT)
def test_a_wrapper_end_is_kept_or_cut_on_its_line(syntax: str, before: str, after: str) -> None:
    text = f"{before}<https://x.org/a>{after}"
    start = len(before) + 1
    found = markup_end(syntax, text, start, start + 15)
    assert found is None or start + 8 < found[0] <= start + 15 and found[2] == ()


def test_an_emphasis_opener_is_looked_for_on_the_urls_line_within_a_bound():
    # CommonMark 6.2: `*` opens an emphasis the URL's last `*` closes (cmark-gfm trims it)
    assert [c.url for c in extract("*see https://x.org/a*", syntax="markdown")] == [
        "https://x.org/a"
    ]
    # an opener more than markup._LOOK_BACK back on a long line is not looked for: each
    # URL's search is bounded, so a line of thousands of them is read in linear time
    # (bench/adversarial.py, ".md, line of URLs ending in ~")
    line = "*" + "y " * 600 + "https://x.org/a*"
    assert [c.url for c in extract(line, syntax="markdown")] == ["https://x.org/a*"]
    many = "e http://a/~ " * 3000
    assert [c.url for c in extract(many, syntax="markdown")] == ["http://a/~"] * 3000
