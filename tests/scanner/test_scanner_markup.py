"""The scanner reading a markup file's link forms (scanner.markup, called by the scanner).

In a Markdown, reStructuredText or AsciiDoc text the markup says where a URL ends and what it
was found in (`context`); a construct the markup closes (a link, a reference definition, a
target, a macro) ends the URL exactly, and no next line goes on with it. Each case goes
through the scanner's entry points (`extract`, `scan`, `ChunkScan`, `urlint.extract`). Lines
from real files name the repository, the file, the commit and the line; running text reads
the same lines as it always has.
"""

from __future__ import annotations

import pytest

import urlint
from urlint.scanner.scanner import ChunkScan, extract, scan


def found(text: str, syntax: str) -> list[tuple]:
    """Each URL of `text` read in `syntax`: its URL, context, span and pieces (lines and
    columns) and flags."""
    return [
        (
            c.url,
            c.context,
            (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column),
            [(p.start.line, p.start.column, p.end.line, p.end.column) for p in c.pieces],
            sorted(flag.value for flag in c.flags),
        )
        for c in extract(text, syntax=syntax)
    ]


def urls(text: str, syntax: str = "text") -> list[tuple[str, str | None]]:
    return [(c.url, c.context) for c in extract(text, syntax=syntax)]


# --- Markdown ---------------------------------------------------------------------------


def test_a_markdown_inline_link_with_balanced_parentheses_and_a_title():
    # CommonMark 0.31.2 section 6.3: the destination's parentheses balance, the title is no
    # part of it, and its last character is the link's whatever it is.
    text = (
        '[Bash](https://en.wikipedia.org/wiki/Bash_(Unix_shell) "Bash (Unix shell)") and '
        "[Inc](https://en.wikipedia.org/wiki/Inc.)\n"
    )
    assert found(text, "markdown") == [
        (
            "https://en.wikipedia.org/wiki/Bash_(Unix_shell)",
            "markdown-link",
            (1, 8, 1, 55),
            [(1, 8, 1, 55)],
            [],
        ),
        (
            "https://en.wikipedia.org/wiki/Inc.",
            "markdown-link",
            (1, 87, 1, 121),
            [(1, 87, 1, 121)],
            [],
        ),
    ]
    # As running text the sentence's dot is trimmed, and nothing says where it was found.
    assert urls(text) == [
        ("https://en.wikipedia.org/wiki/Bash_(Unix_shell)", None),
        ("https://en.wikipedia.org/wiki/Inc", None),
    ]


def test_markdown_links_around_an_image_real_badge_line():
    """psf/requests README.md, commit 1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e, line 3: a
    badge, an image's link inside a link's text."""
    line = (
        "[![Version](https://img.shields.io/pypi/v/requests.svg?maxAge=86400)]"
        "(https://pypi.org/project/requests/)\n"
    )
    assert found(line, "markdown") == [
        (
            "https://img.shields.io/pypi/v/requests.svg?maxAge=86400",
            "markdown-link",
            (1, 13, 1, 68),
            [(1, 13, 1, 68)],
            [],
        ),
        (
            "https://pypi.org/project/requests/",
            "markdown-link",
            (1, 71, 1, 105),
            [(1, 71, 1, 105)],
            [],
        ),
    ]


def test_a_markdown_reference_definition_with_parentheses_and_a_title_real_line():
    """ericcornelissen/shescape README.md, commit 9791c244bb26be944177f546faf29ea8e8dec83d:
    `[bash]: ...` among the reference definitions at its end (CommonMark 4.7)."""
    line = '[bash]: https://en.wikipedia.org/wiki/Bash_(Unix_shell) "Bourne-Again Shell"\n'
    assert found(line, "markdown") == [
        (
            "https://en.wikipedia.org/wiki/Bash_(Unix_shell)",
            "markdown-reference",
            (1, 9, 1, 56),
            [(1, 9, 1, 56)],
            [],
        )
    ]


def test_a_markdown_reference_definition_with_a_query_real_line():
    """rust-lang/book src/appendix-04-useful-development-tools.md, commit
    917544888a55e4da7109bdba8c88c893c0da70f4, line 169."""
    line = "[vscode]: https://marketplace.visualstudio.com/items?itemName=rust-lang.rust-analyzer\n"
    assert found(line, "markdown") == [
        (
            "https://marketplace.visualstudio.com/items?itemName=rust-lang.rust-analyzer",
            "markdown-reference",
            (1, 11, 1, 86),
            [(1, 11, 1, 86)],
            [],
        )
    ]


def test_a_markdown_autolink_in_a_block_quote_real_lines():
    """rust-lang/book src/title-page.md, commit 917544888a55e4da7109bdba8c88c893c0da70f4,
    lines 29-30: an autolink (CommonMark 6.5), read as the `<scheme:...>` wrapper it is."""
    text = (
        "> of the Rust Book, featuring: quizzes, highlighting, visualizations, and\n"
        "> more**: <https://rust-book.cs.brown.edu>\n"
    )
    assert found(text, "markdown") == [
        (
            "https://rust-book.cs.brown.edu",
            "markdown-autolink",
            (2, 12, 2, 42),
            [(2, 12, 2, 42)],
            [],
        )
    ]
    assert [(c.url, c.wrapper) for c in extract(text, syntax="markdown")] == [
        ("https://rust-book.cs.brown.edu", urlint.Wrapper.ANGLE)
    ]


def test_html_attributes_in_markdown_real_line():
    """psf/black README.md, commit 8947c48ef2077c3a301b03c1e814dc2e3f78436e, line 6: inline
    HTML (CommonMark 6.6), a link around an image."""
    line = (
        '<a href="https://github.com/psf/black/actions"><img alt="Actions Status" '
        'src="https://github.com/psf/black/workflows/Test/badge.svg"></a>\n'
    )
    assert found(line, "markdown") == [
        (
            "https://github.com/psf/black/actions",
            "html-attribute",
            (1, 10, 1, 46),
            [(1, 10, 1, 46)],
            [],
        ),
        (
            "https://github.com/psf/black/workflows/Test/badge.svg",
            "html-attribute",
            (1, 79, 1, 132),
            [(1, 79, 1, 132)],
            [],
        ),
    ]


def test_a_construct_the_markup_closes_is_not_joined_with_the_next_line():
    # A reference definition's destination ends at its line's end (CommonMark 4.7); as
    # running text the "/" at the line end and the path under it are one URL broken there.
    text = "[docs]: https://example.org/very/long/\n  path/index.html for details\n"
    assert found(text, "markdown") == [
        ("https://example.org/very/long/", "markdown-reference", (1, 9, 1, 39), [(1, 9, 1, 39)], [])
    ]
    assert found(text, "text") == [
        (
            "https://example.org/very/long/path/index.html",
            None,
            (1, 9, 2, 18),
            [(1, 9, 1, 39), (2, 3, 2, 18)],
            ["joined-by-guess", "maybe-continued"],
        )
    ]


def test_a_bare_url_in_markdown_prose_ends_at_its_line_end_with_a_hint():
    # An extended autolink holds no whitespace (CommonMark 6.5, GFM): a renderer links the
    # first line only, so no guess joins the next; the hint that it may go on stays.
    text = "See https://example.org/very/long/\npath/index.html for details\n"
    (url,) = extract(text, syntax="markdown")
    assert found(text, "markdown") == [
        (
            "https://example.org/very/long/",
            "markdown-autolink",
            (1, 5, 1, 35),
            [(1, 5, 1, 35)],
            ["maybe-continued"],
        )
    ]
    assert (url.continuation.start.line, url.continuation.start.column) == (2, 1)
    assert (url.continuation.end.line, url.continuation.end.column) == (2, 16)
    # Read as running text (a .txt file) the same lines are joined, as they always were.
    assert [(c.url, c.alt) for c in extract(text)] == [
        ("https://example.org/very/long/path/index.html", "https://example.org/very/long/")
    ]


# --- reStructuredText -------------------------------------------------------------------


def test_an_rst_embedded_uri_real_line():
    """psf/requests docs/index.rst, commit 1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e, line
    50: `text <URL>`_, the URL read as the `<scheme:...>` wrapper it is."""
    line = "See `similar code, sans Requests <https://gist.github.com/973705>`_.\n"
    assert found(line, "rst") == [
        ("https://gist.github.com/973705", "rst-link", (1, 35, 1, 65), [(1, 35, 1, 65)], [])
    ]


def test_an_rst_target_on_its_line_real_line():
    """psf/requests docs/user/authentication.rst, commit
    1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e, line 148: a target whose name has spaces."""
    line = (
        ".. _requests-oauthlib OAuth2 documentation: "
        "https://requests-oauthlib.readthedocs.io/en/latest/oauth2_workflow.html\n"
    )
    assert found(line, "rst") == [
        (
            "https://requests-oauthlib.readthedocs.io/en/latest/oauth2_workflow.html",
            "rst-target",
            (1, 45, 1, 116),
            [(1, 45, 1, 116)],
            [],
        )
    ]


def test_rst_targets_with_the_uri_on_the_next_line_real_lines():
    """zephyrproject-rtos/zephyr doc/contribute/style/python.rst, commit
    4d0b43fcbddc7eff92227a70bc1ee1c223ec6ee3, its last lines: each URI in the indented
    block after its target's name."""
    text = (
        "to remove it from the list and format it in a separate commit.\n"
        "\n"
        ".. _PEP 8:\n"
        "   https://peps.python.org/pep-0008/\n"
        "\n"
        ".. _ruff formatter:\n"
        "   https://docs.astral.sh/ruff/formatter/\n"
    )
    assert found(text, "rst") == [
        ("https://peps.python.org/pep-0008/", "rst-target", (4, 4, 4, 37), [(4, 4, 4, 37)], []),
        (
            "https://docs.astral.sh/ruff/formatter/",
            "rst-target",
            (7, 4, 7, 42),
            [(7, 4, 7, 42)],
            [],
        ),
    ]


# docutils/docutils docutils/docs/ref/rst/restructuredtext.txt, commit
# 02055ae1e857da66842b6c6286208942f204e656: the specification's own targets continued on
# indented lines ("Hyperlink Targets", and "Substitution Definitions" for the anonymous one).
_CONTINUED_TARGETS = (
    "       .. _starts-on-this-line: http://\n"
    "          docutils.sourceforge.net/rst.html\n"
    "\n"
    "       .. _entirely-below:\n"
    "          http://docutils.\n"
    "          sourceforge.net/rst.html\n"
    "\n"
    "        __ http://developer.java.sun.com/developer/earlyAccess/\n"
    "           j2eecas/\n"
    "\n"
    '    The "replace_" directive has been implemented.\n'
)


def test_rst_targets_continued_on_indented_lines_real_lines():
    """docutils joins a target's lines with their whitespace removed: the URL is its pieces
    joined, found in the target, no guess."""
    assert found(_CONTINUED_TARGETS, "rst") == [
        (
            "http://docutils.sourceforge.net/rst.html",
            "rst-target",
            (1, 33, 2, 44),
            [(1, 33, 1, 40), (2, 11, 2, 44)],
            [],
        ),
        (
            "http://docutils.sourceforge.net/rst.html",
            "rst-target",
            (5, 11, 6, 35),
            [(5, 11, 5, 27), (6, 11, 6, 35)],
            [],
        ),
        (
            "http://developer.java.sun.com/developer/earlyAccess/j2eecas/",
            "rst-target",
            (8, 12, 9, 20),
            [(8, 12, 8, 64), (9, 12, 9, 20)],
            [],
        ),
    ]
    # As running text: "http://" alone is no URL; the others are joined by a guess.
    assert found(_CONTINUED_TARGETS, "text") == [
        (
            "http://docutils.sourceforge.net/rst.html",
            None,
            (5, 11, 6, 35),
            [(5, 11, 5, 27), (6, 11, 6, 35)],
            ["joined-by-guess", "maybe-continued"],
        ),
        (
            "http://developer.java.sun.com/developer/earlyAccess/j2eecas/",
            None,
            (8, 12, 9, 20),
            [(8, 12, 8, 64), (9, 12, 9, 20)],
            ["joined-by-guess", "maybe-continued"],
        ),
    ]


def test_an_rst_standalone_hyperlink_ends_before_the_sentences_dot():
    assert found("See https://s.example/x.\n", "rst") == [
        ("https://s.example/x", "rst-standalone", (1, 5, 1, 24), [(1, 5, 1, 24)], [])
    ]


# --- AsciiDoc ---------------------------------------------------------------------------


# japila-books/spark-structured-streaming-internals
# spark-sql-streaming-FileSystemBasedCheckpointFileManager.adoc, commit
# 7486dc5fdeb842b278f4f4d009c9a237efe758ea, lines 4 and 6.
_HADOOP = "https://hadoop.apache.org/docs/r2.8.3/api/org/apache/hadoop/fs/FileSystem.html"


def test_an_asciidoc_url_macro_real_line():
    """A URL followed by its text in brackets (Asciidoctor's InlineLinkRx): the URL ends
    before "["; as running text the brackets are the URL's."""
    line = (
        "`FileSystemBasedCheckpointFileManager` is a <<spark-sql-streaming-CheckpointFileManager"
        ".adoc#, CheckpointFileManager>> that uses Hadoop's " + _HADOOP + "[FileSystem] API for "
        "managing checkpoint files:\n"
    )
    assert found(line, "asciidoc") == [
        (_HADOOP, "asciidoc-link", (1, 139, 1, 217), [(1, 139, 1, 217)], [])
    ]
    assert urls(line) == [(_HADOOP + "[FileSystem]", None)]


def test_an_asciidoc_link_macro_in_a_passthrough_real_line():
    """`link:++URL++[text]`: the passthrough holds brackets, the URL ends at its "++"."""
    url = _HADOOP + "#listStatus(org.apache.hadoop.fs.Path[],%20org.apache.hadoop.fs.PathFilter)"
    line = (
        "* <<spark-sql-streaming-CheckpointFileManager.adoc#list, list>> uses link:++"
        + url
        + "++[FileSystem.listStatus]\n"
    )
    assert found(line, "asciidoc") == [
        (url, "asciidoc-link", (1, 77, 1, 230), [(1, 77, 1, 230)], [])
    ]
    assert urls(line) == [(url + "++[FileSystem.listStatus]", None)]


def test_an_asciidoc_link_macro_real_lines():
    """asciidoctor/asciidoctor test/links_test.rb, commit
    ae5891df10f12dda069abea8a318c9b94d545bee, lines 48 and 56: the AsciiDoc its tests
    convert, `link:URL[text]`, the attribute list on one line and across two."""
    assert found("We're parsing link:http://asciidoc.org[AsciiDoc] markup\n", "asciidoc") == [
        ("http://asciidoc.org", "asciidoc-link", (1, 20, 1, 39), [(1, 20, 1, 39)], [])
    ]
    assert found("We're parsing link:http://asciidoc.org[AsciiDoc\nmarkup]\n", "asciidoc") == [
        ("http://asciidoc.org", "asciidoc-link", (1, 20, 1, 39), [(1, 20, 1, 39)], [])
    ]


def test_an_asciidoc_url_macro_with_an_escaped_ellipsis_real_line():
    """asciidoctor/asciidoctor CHANGELOG.adoc, commit
    ae5891df10f12dda069abea8a318c9b94d545bee, line 1230: `\\...` keeps the three dots from
    becoming an ellipsis; the URL is its two runs, the backslash left out."""
    line = "https://github.com/asciidoctor/asciidoctor/compare/v1.5.6\\...v1.5.6.1[full diff]\n"
    assert found(line, "asciidoc") == [
        (
            "https://github.com/asciidoctor/asciidoctor/compare/v1.5.6...v1.5.6.1",
            "asciidoc-link",
            (1, 1, 1, 70),
            [(1, 1, 1, 58), (1, 59, 1, 70)],
            [],
        )
    ]


def test_an_asciidoc_url_macro_inside_a_wrapper_ends_before_its_text():
    # An author line's `<URL[text]>`: the wrapper's URL ends before "[".
    assert found("Dan Allen <https://github.com/mojavelinux[@mojavelinux]>\n", "asciidoc") == [
        ("https://github.com/mojavelinux", "asciidoc-link", (1, 12, 1, 42), [(1, 12, 1, 42)], [])
    ]


def test_the_appendix_wrapper_is_read_as_such_in_markup():
    # `<URL:...>` is RFC 1738's, not a markup construct: its reading stands, no context.
    assert urls("See <URL:http://a.example/x.> now.\n", "markdown") == [
        ("http://a.example/x.", None)
    ]


def test_asciidoc_block_macros_with_url_targets_real_line():
    """asciidoctor/asciidoctor data/reference/syntax.adoc, commit
    ae5891df10f12dda069abea8a318c9b94d545bee, line 179: `include::https://...[]`. A URL
    right after a name's "::" was read as program text (`Foo::Bar`); no such name goes on
    with "://". The attribute list ends the target (Asciidoctor's IncludeDirectiveRx and
    BlockMediaMacroRx), in a Markdown or text file quoting the macro too."""
    text = (
        "include::https://example.org/setup.adoc[]\n"
        "image::https://x.org/logo.png[Logo, 200]\n"
        "  video::https://x.org/intro.mp4[width=640]\n"
        "audio::https://x.org/a.ogg[]\n"
    )
    expected = [
        ("https://example.org/setup.adoc", (1, 10, 1, 40)),
        ("https://x.org/logo.png", (2, 8, 2, 30)),
        ("https://x.org/intro.mp4", (3, 10, 3, 33)),
        ("https://x.org/a.ogg", (4, 8, 4, 27)),
    ]
    for syntax, context in (
        ("asciidoc", "asciidoc-link"),
        ("markdown", "markdown-autolink"),
        ("text", None),
    ):
        assert found(text, syntax) == [
            (url, context, span, [span], []) for url, span in expected
        ], syntax


def test_no_guessed_join_onto_an_asciidoc_comment_line_real_lines():
    """asciidoctor/asciidoctor README-de.adoc, commit
    ae5891df10f12dda069abea8a318c9b94d545bee, lines 45 and 46: an attribute entry's URL, then
    a comment line, were joined into `.../docker-asciidoctor//:uri-install-doc`."""
    text = (
        ":uri-install-docker: https://github.com/example/docker-image\n"
        "//:uri-install-doc: {uri-docs}/install-toolchain\n"
        ":uri-render-doc: {uri-docs}/render-documents\n"
    )
    assert found(text, "asciidoc") == [
        (
            "https://github.com/example/docker-image",
            "asciidoc-autolink",
            (1, 22, 1, 61),
            [(1, 22, 1, 61)],
            [],
        )
    ]


def test_no_guessed_join_in_a_markdown_code_block_real_lines():
    """kubernetes/examples _archived/cluster-dns/README.md, commit
    279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea, lines 120 and 121: a log in a fenced block,
    the next line's timestamp joined onto the URL's port."""
    text = (
        "```sh\n"
        "2015-05-07T20:13:54.1Z Send request to: http://backend.local:8000\n"
        "2015-05-07T20:13:54.2Z <Response [200]>\n"
        "```\n"
    )
    assert found(text, "markdown") == [
        ("http://backend.local:8000", "markdown-autolink", (2, 41, 2, 66), [(2, 41, 2, 66)], [])
    ]


@pytest.mark.parametrize(
    ("syntax", "next_line", "in_text"),
    [
        ("markdown", "```shell_session", True),  # a code fence (CommonMark 4.5)
        ("rst", ":url_base: the base", True),  # a field list
        ("asciidoc", "//:uri-install-doc: {uri-docs}/install-toolchain", True),  # a comment
        ("asciidoc", "//comment_here", True),
        # an attribute entry; in running text too a word before ": " and a URL is a label
        ("asciidoc", ":uri_docs: https://docs.example.org", False),
        ("asciidoc", ".Title_of_the_block", True),  # a block title
    ],
)
def test_a_line_that_is_markup_of_its_own_is_no_continuation(syntax, next_line, in_text):
    # Where the URL ends on "/" and the next line's first word looks like a path, it is
    # offered as the URL's continuation (the hint, X105): a line of markup is none.
    text = f"See https://x.org/a/\n{next_line}\n"
    (url, _, span, pieces, flags), *_ = found(text, syntax)
    assert (url, span, pieces, flags) == ("https://x.org/a/", (1, 5, 1, 21), [(1, 5, 1, 21)], [])
    # Read as running text, the same line goes on with it (a hint, or a guessed join).
    assert ("maybe-continued" in found(text, "text")[0][4]) is in_text


def test_a_rest_role_target_is_a_cross_reference_real_line():
    """pytest-dev/pytest doc/en/how-to/failures.rst, commit
    df87db7b0462fb764ef73fa00561adf8ad047572, line 24: ``:doc:`pdb <python:library/pdb>` ``
    gave the URL `python:library/pdb`. An explicit target in a role names an intersphinx
    inventory (Sphinx's "Cross-referencing syntax"); a hyperlink reference stays a URL, as
    does a target with "//" after its colon, or a `mailto:`."""
    text = (
        "Dropping to :doc:`pdb <python:library/pdb>` on failures, see :ref:`the\n"
        "roles <sphinx:xref-syntax>`, :py:class:`arrays <numpy:numpy.ndarray>`.\n"
        "A :doc:`page <https://x.org/a>`, :ref:`mail <mailto:a@x.org>`, `site <https://x.org/b>`_\n"
        "and `plain <news:comp.lang>`.\n"
    )
    assert found(text, "rst") == [
        ("https://x.org/a", None, (3, 15, 3, 30), [(3, 15, 3, 30)], []),
        ("mailto:a@x.org", None, (3, 46, 3, 60), [(3, 46, 3, 60)], []),
        ("https://x.org/b", "rst-link", (3, 71, 3, 86), [(3, 71, 3, 86)], []),
        ("news:comp.lang", None, (4, 13, 4, 27), [(4, 13, 4, 27)], []),
    ]
    # As running text the wrappers are read as they always were.
    assert [url for url, *_ in found(text, "text")][:2] == [
        "python:library/pdb",
        "numpy:numpy.ndarray",
    ]


# --- Entry points ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("syntax", "text", "expected"),
    [
        ("markdown", "[a](https://x.org/a.)\n", [("https://x.org/a.", "markdown-link")]),
        ("rst", "`a <https://x.org/a>`__\n", [("https://x.org/a", "rst-link")]),
        ("asciidoc", "https://x.org[a]\n", [("https://x.org", "asciidoc-link")]),
        ("html", "<a href=https://x.org/a>a</a>\n", [("https://x.org/a", None)]),
        ("text", "[a](https://x.org/a.)\n", [("https://x.org/a", None)]),
        ("python", "# [a](https://x.org/a.)\n", [("https://x.org/a", "comment")]),
    ],
)
def test_every_entry_point_reads_the_markup_its_syntax_names(syntax, text, expected):
    assert [(c.url, c.context) for c in scan(text, syntax=syntax)] == expected
    assert [(c.url, c.context) for c in urlint.extract(text, syntax=syntax)] == expected
    chunk = ChunkScan(text, line_base=1, stop=len(text), covered_until=0, syntax=syntax)
    assert [(c.url, c.context) for c in chunk] == expected


def test_a_password_a_closed_construct_leaves_open_is_still_read_on_the_next_line():
    # The markup closes the reference definition at its line's end, but what may finish
    # its password on the next line is read with it, so that output hides it (RFC 1738
    # section 6), as for a bare URL in running text.
    text = "[r]: ftp://fred:sec\nret@host/ more\n"
    for syntax, context in (("markdown", "markdown-reference"), ("text", None)):
        (candidate,) = extract(text, syntax=syntax)
        rest = candidate.login_rest
        assert rest is not None
        assert (candidate.url, candidate.context, candidate.login_rest_text) == (
            "ftp://fred:sec",
            context,
            "ret@host/",
        )
        assert (rest.start.line, rest.start.column, rest.end.line, rest.end.column) == (2, 1, 2, 10)
        assert candidate.flags == frozenset()


def test_a_gfm_table_cell_ends_a_url_at_its_pipe():
    """grafana/jsonnet-libs snmp-observ-lib/README.md: a URL in a table's cell, the next
    cell glued on (`...monitor-snmp.html|system,if_mib|`); an escaped pipe stays the
    cell's, and outside a table a pipe is the URL's."""
    text = (
        "| vendor | https://x.org/a/monitor.html|system,if_mib| |\n"
        "| --- | --- |\n"
        "| b | https://y.org/a\\|b | \n"
        "see https://z.org/a|b here\n"
    )
    assert [(c.url, c.context) for c in extract(text, syntax="markdown")] == [
        ("https://x.org/a/monitor.html", "markdown-autolink"),
        ("https://y.org/a|b", "markdown-autolink"),
        ("https://z.org/a|b", "markdown-autolink"),
    ]
