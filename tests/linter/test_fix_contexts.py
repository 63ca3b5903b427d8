"""`check --fix` in each kind of file and each context in it: a fix only where urlint knows
the text to be prose (linter.fixable), never in what markup shows as written
(scanner.markup_lines.as_written), never for a URL whose raw text may mean more.

Each context is a line as written in the file cited, its URL given a "~" (which C202 fixes
as %7E) where it had none; the file's whole text before and after `--fix`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.core.model import ScannedText
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.linter.fixable import plain_raw_text
from urlint.linter.fixes import apply_replacements, fix_edits, offsets
from urlint.linter.suppressions import Suppressions
from urlint.scanner.scanner import scan
from urlint.sources.kinds import file_syntax

from ..helpers import examples, run

FIXED, LEFT = True, False
CONTEXTS = [
    # golangci/golangci-lint 6fb5dee3, docs/content/docs/contributing/website.md line 75: a
    # Markdown code span, and the same URL in the line's prose
    ("a.md", "And navigate to `http://localhost:1313/~x` after a successful build.\n", LEFT),
    ("b.md", "And navigate to http://localhost:1313/~x after a successful build.\n", FIXED),
    # curl/curl 5c61e168, docs/SSLCERTS.md line 128: an indented code block
    ("c.md", "Sample:\n\n    curl https://example.com/~x\n", LEFT),
    # android/nowinandroid d6abd6d3, CODE_OF_CONDUCT.md line 26: a link reference definition
    ("d.md", "[may adopt]: https://opensource.google/docs/releasing/~x/#conduct\n", FIXED),
    # android/nowinandroid d6abd6d3, docs/ModularizationLearningJourney.md line 131: an
    # attribute of Markdown's HTML, beside a <code> element
    (
        "e.md",
        '<li><a href="https://github.com/android/nowinandroid/tree/main/~x/topic/impl">'
        "<code>feature:topic:impl</code></a> displays\n",
        FIXED,
    ),
    # pratas/smash 1be431b2, README.md line 225: an HTML <pre> in Markdown
    ("f.md", "<pre>http://www.gnu.org/licenses/~x/gpl-3.0.html</pre>\n", LEFT),
    # psf/requests 1f6589ec, docs/user/advanced.rst line 997: reST inline literals
    ("g.rst", "prefixes such as ``http://localhost/~x`` will also match\n", LEFT),
    # psf/requests 1f6589ec, docs/user/quickstart.rst line 32: a doctest block
    ("h.rst", "Try::\n\n>>> r = requests.get('https://api.github.com/~x/events')\n", LEFT),
    ("i.rst", "See `the events <https://api.github.com/~x/events>`_ here.\n", FIXED),
    # asciidoctor/asciidoctor-pdf 25bd46ad, NOTICE.adoc line 14: a literal paragraph
    ("j.adoc", "A copy of the License at:\n\n   http://opensource.org/~x/MIT\n", LEFT),
    ("k.adoc", "A copy of the License at http://opensource.org/~x/MIT here.\n", FIXED),
    # asciidoctor/asciidoctor-pdf 25bd46ad, examples/chronicles-example.adoc line 226: an
    # inline passthrough (here holding a link)
    ("l.adoc", 'Roses are +++<a href="http://x.example/~x/red">red</a>+++.\n', LEFT),
    # golangci/golangci-lint 6fb5dee3, docs/layouts/_partials/custom/head-end.html line 1:
    # a <script>'s attribute is markup's; its text (as in the HTML standard's raw text
    # elements) is run as written
    (
        "m.html",
        '<script defer src="https://cdn.jsdelivr.net/npm/~x/quicklink.umd.js"></script>\n',
        FIXED,
    ),
    ("n.html", "<script>location = 'https://x.example/~x/'</script>\n", LEFT),
    ("o.html", "<style>a { background: url(https://x.example/~x/a.png) }</style>\n", LEFT),
    ("p.html", "<textarea>https://x.example/~x/</textarea>\n", LEFT),
    ("q.html", "<p>See https://x.example/~x/ now.</p>\n", FIXED),
    # What no renderer shows but tools read as written: an HTML comment (a tool's
    # directive, in Markdown too), and an attribute's value but a link's: an alt text
    # across lines, a title; a link's value across lines is left too
    ("t.md", "Text\n\n<!-- see http://x.example/~x/ here -->\n", LEFT),
    ("u.html", "<!--\nhttp://x.example/~x/\n-->\n", LEFT),
    ("v.md", '<img alt="a picture of\nhttp://x.example/~x/ and" src="a.png">\n', LEFT),
    ("w.html", '<a title="http://x.example/~x/" href="b.html">b</a>\n', LEFT),
    ("x.html", '<a href="http://x.example/\n~x/">b</a>\n', LEFT),
    ("y.html", '<img\n  src="http://x.example/~x/a.png"\n  alt="x">\n', FIXED),
    # a comment's opener in a code span is text: the URL after it is prose
    ("z.md", "Write `<!--` to open one; see http://x.example/~x/ here.\n", FIXED),
    # Markdown's texts a reader is shown or read aloud, no link: an image's alt text, a
    # link's title, a reference definition's title on its next line
    ("aa.md", "![diagram of http://x.example/~x/](pic.png)\n", LEFT),
    ("ab.md", 'See [docs](b.html "about http://x.example/~x/").\n', LEFT),
    ("ac.md", '[r]: b.html\n  "mirror http://x.example/~x/"\n', LEFT),
    # a destination's own parentheses are no title: the link is fixed
    ("ak.md", "See [a](http://x.example/~x/a_(b)) here.\n", FIXED),
    # reST: a section title (a longer one outgrows its underline), a comment, an image's
    # alt option, a raw directive's body, a grid table's row (a longer cell moves the
    # border); a note's body is prose, a hyperlink target a link
    ("ad.rst", "Title http://x.example/~x/\n==========================\n", LEFT),
    ("ae.rst", ".. see http://x.example/~x/\n", LEFT),
    ("af.rst", ".. image:: a.png\n   :alt: picture of http://x.example/~x/\n", LEFT),
    ("ag.rst", ".. raw:: html\n\n   <a>http://x.example/~x/</a>\n", LEFT),
    (
        "ah.rst",
        "+---+-------------------------+\n| a | http://x.example/~x/    |\n"
        "+---+-------------------------+\n",
        LEFT,
    ),
    ("ai.rst", ".. note::\n\n   body http://x.example/~x/ here\n", FIXED),
    ("aj.rst", ".. _t: http://x.example/~x/\n", FIXED),
    # a kind urlint does not read, and JSON: no fix anywhere
    ("r.tex", "See \\url{http://x.example/~x/} and http://x.example/~y/ here.\n", LEFT),
    ("s.json", '{"url": "http://x.example/~x/"}\n', LEFT),
]


def test_a_fix_only_in_a_context_urlint_knows_to_be_prose(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    for name, text, _ in CONTEXTS:
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = [name for name, _, _ in CONTEXTS]
    code, _, err = run(capsys, "check", "--isolated", "--fix", "--select", "C202", *names)
    fixed = sum(1 for _, text, expected in CONTEXTS if expected for _ in text.split("~")[1:])
    assert (code, err) == (0, f"urlint: fixed {fixed} problems\n")
    after = {name: (tmp_path / name).read_text(encoding="utf-8") for name, _, _ in CONTEXTS}
    assert after == {
        name: text.replace("~", "%7E") if expected else text for name, text, expected in CONTEXTS
    }


@pytest.mark.parametrize(
    ("raw", "syntax", "scope", "expected"),
    [
        ("http://a.example/~x", "markdown", "prose", True),
        ("http://a.example/a|b", "text", "prose", True),  # plain text gives "|" no meaning
        ("http://a.example/a|b", "markdown", "prose", False),  # a table's cell
        ("http://a.example/*a*/~x", "markdown", "prose", False),  # emphasis
        ("http://a.example/*a/~x", "markdown", "prose", True),  # one "*": no span
        ("http://a.example/?a=1&amp;b=2", "html", "prose", False),  # a reference
        ("http://a.example/?a=1&b=2", "html", "prose", True),
        ("http://a.example/~x^y^", "asciidoc", "prose", False),  # superscript
        ("http://a.example/a\\_b", "markdown", "prose", False),  # an escape
        ("http://a.example/$HOME/~x", "text", "prose", False),  # a placeholder
        ("http://a.example/%s/~x", "text", "prose", False),
        ("http://a.example/%7E/~x", "text", "prose", True),  # an escape, no placeholder
        ("http://a.example/`a`", "python", "comments", False),  # a doc comment's code
    ],
)
def test_the_last_guard_reads_the_urls_raw_text(raw, syntax, scope, expected):
    assert plain_raw_text(raw, syntax, scope) is expected


# Documents of each syntax made of pieces, each a URL with fixable characters in one
# context; the contexts a fix may touch, and those it never does.
URLS = st.sampled_from([
    "http://a.example/~x/", "HTTP://a.example/b", "http://a.example/caf\u00e9",
    "http://a.example/a^b", "http://a.example/~a|b", "https://a.example/p#a#b",
])  # fmt: skip
PIECES = {
    "markdown": {
        "prose": (True, "see {} here\n\n"), "link": (True, "[a]({})\n\n"),
        "span": (False, "`{}`\n\n"), "fence": (False, "```\n{}\n```\n\n"),
        "indented": (False, "    {}\n\n"), "pre": (False, "<pre>{}</pre>\n\n"),
        "code": (False, "a <code>{}</code> b\n\n"),
    },
    "rst": {
        "prose": (True, "see {} here\n\n"), "link": (True, "`a <{}>`_\n\n"),
        "literal": (False, "``{}``\n\n"), "doctest": (False, ">>> get('{}')\n\n"),
        "block": (False, "x::\n\n    {}\n\n"),
    },
    "asciidoc": {
        "prose": (True, "see {} here\n\n"), "literal": (False, " {}\n\n"),
        "listing": (False, "----\n{}\n----\n\n"), "pass": (False, "+++{}+++\n\n"),
    },
    "html": {
        "text": (True, "<p>{}</p>\n"), "attribute": (True, '<a href="{}">a</a>\n'),
        "script": (False, "<script>u = '{}'</script>\n"), "pre": (False, "<pre>{}</pre>\n"),
    },
    "python": {
        "comment": (True, "# see {}\n"), "string": (False, "u = '{}'\n"),
        "docstring": (False, '"""{}"""\n'),
    },
    "yaml": {"comment": (True, "# see {}\n"), "value": (False, "u: {}\n")},
    "toml": {"comment": (True, "# see {}\n"), "value": (False, 'u = "{}"\n')},
    "json": {"value": (False, '{"u": "{}"}\n')},
    "properties": {"comment": (True, "# see {}\n"), "value": (False, "u={}\n")},
    "javascript": {
        "comment": (True, "// see {}\n"), "string": (False, 'u = "{}";\n'),
        "template": (False, "u = `{}`;\n"),
    },
    "go": {"comment": (True, "// see {}\n"), "raw": (False, "u := `{}`\n")},
    "c-like": {"comment": (True, "/* see {} */\n"), "string": (False, 'u = "{}";\n')},
    "shell": {"comment": (True, "# see {}\n"), "word": (False, "curl {}\n")},
    "text": {"prose": (True, "see {} here\n\n")},
    "other": {"prose": (False, "see {} here\n\n"), "comment": (False, "# {}\n")},
    # a kind read from its row of scanner.file_kinds: Haskell's
    "table": {"comment": (True, "-- see {}\n"), "string": (False, 'u = "{}"\n')},
}  # fmt: skip
NAMES = {"markdown": "a.md", "rst": "a.rst", "asciidoc": "a.adoc", "html": "a.html",
         "python": "a.py", "yaml": "a.yaml", "toml": "a.toml", "json": "a.json",
         "javascript": "a.js", "go": "a.go", "c-like": "a.c", "shell": "a.sh",
         "text": "a.txt", "other": "a.zzz", "properties": "a.properties",
         "table": "a.hs"}  # fmt: skip


def test_every_syntax_has_its_pieces():
    from urlint.scanner.syntax import Syntax, family_of, syntax_of

    assert set(PIECES) == set(NAMES) == {syntax.value for syntax in Syntax}
    assert all(family_of(str(syntax_of(NAMES[syntax]))) == syntax for syntax in NAMES)


@pytest.mark.parametrize("syntax", sorted(PIECES))
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_fix_changes_only_url_text_in_prose_comments_and_links(syntax, data):
    """For any document of pieces, `--fix`'s edits change only characters of a URL, and
    only of one in a piece of a context a fix may touch."""
    kinds = data.draw(st.lists(st.sampled_from(sorted(PIECES[syntax])), min_size=1, max_size=6))
    text, pieces = "", []
    for kind in kinds:
        url = data.draw(URLS)
        fixable, form = PIECES[syntax][kind]
        before, after = form.split("{}")
        start = len(text) + len(before)
        pieces.append((start, start + len(url), fixable))
        text += before + url + after
    path = NAMES[syntax]
    checker = Checker(build_settings({}, select=["ALL"]))
    scanned = ScannedText(text, 1, 0, scan(text, syntax=file_syntax(path)))
    edits = fix_edits(checker.lint_text(scanned, path, Suppressions()))
    _, chosen = apply_replacements(text, offsets(text, edits))
    for start, end, _ in chosen:
        assert any(low <= start and end <= high and fixable for low, high, fixable in pieces), (
            text,
            text[start:end],
        )


def test_past_a_long_markup_files_first_chunk_its_fences_are_known(capsys, tmp_path, monkeypatch):
    # A fence opened more than a chunk's look back before the second chunk's start: that
    # chunk alone would read its closing fence as an opener, and the code block's last
    # lines as prose (sources.text.scan_texts). It is handed the fence open where its text
    # starts, so no fix goes in the block, and the prose after it is fixed as the first
    # chunk's is (it kept none once).
    filler = "x = 1  # a line of the sample, long enough to fill the chunk quickly\n"
    text = (
        "See http://example.com/~amy/ first.\n"
        "```\n" + filler * 9000 + "curl http://example.com/~fred/\n```\n"
        "And http://example.com/~bob/ after it.\n"
    )
    assert len(text.encode()) > 600 * 1024  # past the first chunk of 512 KB
    (tmp_path / "long.md").write_text(text)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", "--isolated", "--fix", "--format", "concise", "long.md")
    fixed = text.replace("/~amy/", "/%7Eamy/").replace("/~bob/", "/%7Ebob/")
    assert (tmp_path / "long.md").read_text() == fixed
    note = "by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): write it as %7E"
    assert out.splitlines() == [
        f"long.md:9003:25: C202 unsafe character '~' {note}",  # in the code block: as it was
    ]
    assert (code, err) == (0, "urlint: fixed 2 problems\n")
