"""What markup says is no URL or no part of one (scanner/markup_lines.py): a reST role's
explicit target, and a line that is markup of its own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.scanner.markup_lines import code_block_lines, cross_reference, markup_line


def _target(text: str) -> tuple[int, int]:
    """The offsets of what the first "<" and the ">" after it hold."""
    start = text.index("<") + 1
    return start, text.index(">", start)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (":doc:`pdb <python:library/pdb>`", True),
        (":ref:`x <sphinx:foo>`", True),
        (":py:class:`arrays <numpy:numpy.ndarray>`", True),  # a domain's role
        (":external+python:ref:`x <python:tut>`", True),
        (":doc:`a long\ntitle <setuptools:userguide/x>`", True),  # the title wraps
        ("`text <https://x.org>`_", False),  # a hyperlink reference
        ("`text <python:library/pdb>`_", False),
        (":doc:`x <https://x.org>`", False),  # "//" after the colon: a URL's shape
        (":ref:`x <mailto:a@x.org>`", False),
        ("`x <python:foo>`", False),  # no role: the default role's, not said here
        (":doc:`a\n\ntitle <python:foo>`", False),  # a blank line: another paragraph
        ("see <python:foo>`", False),  # no opening backquote
    ],
)
def test_a_role_target_is_a_cross_reference(text, expected):
    assert cross_reference(text, *_target(text)) is expected


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        ("asciidoc", "// a comment", True),
        ("asciidoc", "//:uri-install-doc: {uri-docs}/install-toolchain", True),
        ("asciidoc", ":uri-home: https://x.org", True),
        ("asciidoc", ":sectnums!:", True),
        ("asciidoc", "----", True),
        ("asciidoc", "|===", True),
        ("asciidoc", "== Section", True),
        ("asciidoc", ".Block title", True),
        ("asciidoc", "* item", True),
        ("asciidoc", "[source,ruby]", True),
        ("asciidoc", "image::a.png[]", True),
        ("asciidoc", "path/to/file.adoc", False),
        ("asciidoc", "...", False),
        ("markdown", "- item", True),
        ("markdown", "12) item", True),
        ("markdown", "### Heading", True),
        ("markdown", "> quoted", True),
        ("markdown", "[label]: /a", True),
        ("markdown", "```python", True),
        ("markdown", "~~~", True),
        ("markdown", "| a | b |", True),
        ("markdown", "<div>", True),
        ("markdown", "* * *", True),
        ("markdown", "path/index.html for details", False),
        ("markdown", "#hashtag", False),
        ("rst", ".. note::", True),
        ("rst", ".. _target: https://x.org", True),
        ("rst", "__ https://x.org", True),
        ("rst", "* item", True),
        ("rst", "#. item", True),
        ("rst", "(3) item", True),
        ("rst", ":param x: a value", True),
        ("rst", "| a line", True),
        ("rst", ">>> 1 + 1", True),
        ("rst", "+-----+-----+", True),
        ("rst", "~~~~~~~~", True),
        ("rst", "docs/index.html for details", False),
        ("text", "// a comment", False),  # running text has no markup
        ("html", "<p>", False),
    ],
)
def test_a_line_that_is_markup_of_its_own(syntax, line, expected):
    text = f"https://x.org/a/\n{line}\n"
    assert markup_line(syntax, text, text.index("\n") + 1) is expected


@given(st.text("<>`:_ /abcm\n", max_size=40), st.data())
def test_a_cross_reference_closes_interpreted_text_after_a_role(text, data):
    # Any offsets: a cross-reference is one only where interpreted text closes right after
    # it, a role's ":" stands right before its opening backquote, and it has no URL's shape.
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    if cross_reference(text, start, end):
        colon = text.index(":", start, end)
        opening = text.rindex("`", 0, start)
        assert (text[end : end + 2], text[end + 2 : end + 3] == "_") == (">`", False)
        assert (text[colon + 1 : colon + 3] == "//", text[opening - 1]) == (False, ":")


@pytest.mark.parametrize(
    ("syntax", "text", "lines"),
    [
        # CommonMark 0.31.2 section 4.5: a fence closes at one of its character, at least as
        # long, with nothing after it; a shorter one, or one of the other character, does not
        ("markdown", "a\n```python\nx\n```\nb\n", [2, 3, 4]),
        ("markdown", "~~~~\nx\n~~~\n```\n~~~~~\ny\n", [1, 2, 3, 4, 5]),
        ("markdown", "   ```\nx\n```   \ny\n", [1, 2, 3]),
        ("markdown", "    ```\nx\n", [1]),  # four spaces: an indented code block, no fence
        ("markdown", "``` a`b\nx\n", []),  # a backquote in its info string: no fence
        ("markdown", "```\nx\n", [1, 2]),  # left open: to the text's end
        ("markdown", "```\nx\n``` y\nz\n```\n", [1, 2, 3, 4, 5]),  # text after: no close
        # CommonMark 0.31.2 section 5.2: in a list item, code is indented four columns past
        # the item's content; a tab-indented item after a blank line is a nested list
        # (jwasham/coding-interview-university 8f06d1b8^, translations/README-ja.md line 1256)
        ("markdown", "- a\n\n\t- [b](https://x.org/b)\n", []),
        ("markdown", "- a\n\n      code\n\n  para\n\n    more\n", [3]),
        ("markdown", "1.  a\n\n        code\n\n    para\n", [3]),
        ("markdown", "- a\n  - b\n\n  para\n\n      code\n", [6]),
        ("markdown", "- a\n\npara\n\n    code\n", [5]),  # the list ended: code again
        # Asciidoctor's listing and literal blocks close at their own delimiter
        ("asciidoc", "a\n----\nx\n----\nb\n....\ny\n....\n", [2, 3, 4, 6, 7, 8]),
        ("asciidoc", "-----\nx\n----\ny\n-----\n", [1, 2, 3, 4, 5]),
        # reST: a paragraph ending in "::" and a code directive open a block that runs
        # while its lines are blank or indented deeper (sphinx-doc/sphinx e44a40eb,
        # doc/usage/configuration.rst line 3770: a regex in a code-block); a note is prose
        ("rst", "Intro::\n\n    r'https://localhost:\\d+/'\n\nafter\n", [2, 3, 4]),
        ("rst", ".. code-block:: toml\n\n   a = 1\n\n     b\nout\n", [2, 3, 4, 5]),
        ("rst", "  .. code:: python\n  x\n", []),  # not indented deeper: no content
        ("rst", ".. note::\n\n   prose http://x.org/~a\n", []),
    ],
)
def test_the_lines_of_a_code_block(syntax: str, text: str, lines: list[int]) -> None:
    assert sorted(code_block_lines(syntax, text)) == lines
    assert sorted(code_block_lines(syntax, text, line_base=10)) == [n + 9 for n in lines]


@pytest.mark.parametrize(
    ("syntax", "text", "written"),
    [
        # golangci/golangci-lint 6fb5dee3, docs/content/docs/contributing/website.md line 75:
        # a code span (CommonMark 6.1: to the next run of as many backquotes)
        (
            "markdown",
            "And navigate to `http://localhost:1313` after a successful build.\n",
            ["`http://localhost:1313`"],
        ),
        ("markdown", "a `` b ` c `` d `e\n\nf` g\n", ["`` b ` c ``"]),  # no span over a blank
        # curl/curl 5c61e168, docs/SSLCERTS.md line 128: an indented code block
        (
            "markdown",
            "Sample:\n\n    curl https://example.com\n\nafter\n",
            ["    curl https://example.com\n"],
        ),
        ("markdown", "text\n    not code http://x.org\n", []),  # no paragraph interrupted
        # pratas/smash 1be431b2, README.md line 225: <pre>'s text, not its tags
        (
            "markdown",
            "<pre>http://www.gnu.org/licenses/gpl-3.0.html</pre>\n",
            ["http://www.gnu.org/licenses/gpl-3.0.html"],
        ),
        # psf/requests 1f6589ec, docs/user/advanced.rst line 997: inline literals
        (
            "rst",
            "such as ``http://localhost`` will also match ``http://localhost.other.com``\n",
            ["``http://localhost``", "``http://localhost.other.com``"],
        ),
        # psf/requests 1f6589ec, docs/user/quickstart.rst line 32: a doctest block
        (
            "rst",
            "Try:\n\n>>> r = requests.get('https://api.github.com/events')\n\nout\n",
            [">>> r = requests.get('https://api.github.com/events')\n"],
        ),
        ("rst", "See `the events <https://api.github.com/events>`_ here.\n", []),  # a link
        # asciidoctor/asciidoctor-pdf 25bd46ad, NOTICE.adoc line 14: a literal paragraph
        (
            "asciidoc",
            "at:\n\n   http://opensource.org/licenses/MIT\n\nUnless\n",
            ["   http://opensource.org/licenses/MIT\n"],
        ),
        # asciidoctor/asciidoctor-pdf 25bd46ad, examples/chronicles-example.adoc line 226
        (
            "asciidoc",
            'Roses are +++<span style="color: #FF0000">red</span>+++.\n',
            ['+++<span style="color: #FF0000">red</span>+++'],
        ),
        ("asciidoc", "a\n++++\n<b>http://x.org</b>\n++++\n", ["++++\n<b>http://x.org</b>\n++++\n"]),
        # Asciidoctor's monospace (a sample command) and a constrained passthrough; a `+`
        # after a word's character opens none, nor one between blanks
        (
            "asciidoc",
            "Run `curl http://x.org/~f/` now, +http://x.org/~y+ and C+ or 1 + 1.\n",
            ["`curl http://x.org/~f/`", "+http://x.org/~y+"],
        ),
        ("asciidoc", "C+ grade, D+ and http://x.org/~z, ``a`` b\n", ["``a``"]),
        ("asciidoc", "+a\n\nb+ http://x.org/~z\n", []),  # no passthrough over a blank line
        # a paragraph styled as source or literal, to its blank line
        (
            "asciidoc",
            "[source,sh]\ncurl http://x.org/~e/\nls\n\nhttp://x.org/~g/\n",
            ["curl http://x.org/~e/\nls\n"],
        ),
        (
            "asciidoc",
            "[literal]\nhttp://x.org/~l/\n\n[quote]\nhttp://x.org/~q/\n",
            ["http://x.org/~l/\n"],
        ),
        # golangci/golangci-lint 6fb5dee3, docs/layouts/_partials/custom/head-end.html line 1:
        # a script's attributes are markup's, its text is run as written
        (
            "html",
            '<script defer src="https://cdn.example/q.js"></script>\n<script>u = 1',
            ["u = 1"],
        ),
    ],
)
def test_what_markup_shows_as_written(syntax: str, text: str, written: list[str]) -> None:
    from urlint.scanner.markup_lines import as_written, within

    spans = as_written(syntax, text)
    assert [text[start:end] for start, end in spans] == written
    for start, end in spans:
        assert within(spans, start, end) and not within(spans, end, end + 1)
