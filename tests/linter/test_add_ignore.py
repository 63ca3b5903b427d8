"""`check --add-ignore`: a comment for each finding in the file's own syntax, merged with one
already there; the findings no comment can hold said; then `check` reports nothing and every
code file still parses (the parser checks of test_checker.py)."""

from __future__ import annotations

import ast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..helpers import examples, run
from ..lint_helpers import assert_code_means_the_same

PYTHON = (
    "# the docs: http://a.example/~fred/\n"
    'HOME = "http://a.example/~fred/"\n'
    "PIPE = 'http://a.example/a|b'  # urlint: ignore[C202]\n"
    'print("http://a.example/~x/", end="")\n'
)
JAVASCRIPT = (
    "// the docs: http://a.example/~fred/\n"
    'const home = "http://a.example/~fred/";\n'
    "const user = `http://a.example/users/${id}/~x`;\n"
    "/* a block comment\n"
    "   http://a.example/~y/\n"
    "*/\n"
)
SHELL = (
    "#!/bin/sh\n"
    "# the docs: http://a.example/~fred/\n"
    "curl http://a.example/~fred/ -o out\n"
    'wget "http://a.example/a|b"\n'
)
YAML = (
    "# the docs: http://a.example/~fred/\n"
    "home: http://a.example/~fred/\n"
    'quoted: "http://a.example/a|b"\n'
    "list:\n"
    "  - http://a.example/~x/\n"
)
MARKDOWN = (
    "# Title\n"
    "\n"
    "See http://a.example/~fred/ and [this](http://a.example/~x/).\n"
    "\n"
    "<!-- an old note\n"
    "http://a.example/~z/\n"
    "-->\n"
)
FILES = {"a.py": PYTHON, "b.js": JAVASCRIPT, "c.sh": SHELL, "d.yaml": YAML, "e.md": MARKDOWN}


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    return tmp_path


def test_add_ignore_then_check_reports_nothing_and_every_file_still_parses(capsys, project):
    for name, text in FILES.items():
        (project / name).write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", "--select", "ALL", "--format", "concise", *FILES)
    assert (code, len(out.splitlines())) == (1, 17)
    # a URL inside an HTML comment that spans lines: the comment's text is a tool's to
    # read (a directive), and a directive added to it would change it
    assert run(capsys, "check", "--select", "ALL", "--add-ignore", *FILES) == (
        0,
        "",
        "urlint: e.md:6: C202: no ignore comment: the line ends inside an HTML comment or "
        "tag: a comment there would be part of it, or break it\n"
        "urlint: added 15 ignore comments\n",
    )
    code, out, _ = run(capsys, "check", "--select", "ALL", "--format", "concise", *FILES)
    assert (code, out.splitlines()) == (
        0,
        ["e.md:6:18: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
         "--target rfc3986): write it as %7E"],
    )  # fmt: skip
    written = {name: (project / name).read_text(encoding="utf-8") for name in FILES}
    assert written["a.py"] == (
        "# the docs: http://a.example/~fred/  # urlint: ignore[C202]\n"
        'HOME = "http://a.example/~fred/"  # urlint: ignore[C202]\n'
        "PIPE = 'http://a.example/a|b'  # urlint: ignore[C202, C201]\n"
        # the directive on the line before covers this line's C202 already
        'print("http://a.example/~x/", end="")\n'
    )
    assert written["b.js"].splitlines()[2:5] == [
        "const user = `http://a.example/users/${id}/~x`;  // urlint: ignore[C202]",
        "/* a block comment",
        "   http://a.example/~y/ urlint: ignore[C202]",
    ]
    assert written["e.md"].splitlines()[2:6] == [
        "See http://a.example/~fred/ and [this](http://a.example/~x/). <!-- urlint: "
        "ignore[C202] -->",
        "",
        "<!-- an old note",
        "http://a.example/~z/",
    ]
    assert_code_means_the_same(project, FILES)


def test_a_finding_no_comment_can_hold_is_said_and_the_file_left(capsys, project):
    files = {
        "a.py": 'DOC = """see\nhttp://a.example/~x/ here\n"""\nLONG = "http://a.example/~y/" \\\n'
        '    "z"\n',
        "b.js": "const t = `first line\nhttp://a.example/~x/\n`;\n",
        "c.json": '{"a": "http://a.example/~x/"}\n',
        "d.txt": "see http://a.example/~x/\n",
        "e.md": "```\ncurl http://a.example/~x/\n```\n",
        "f.rst": "see http://a.example/~x/\n",
        "g.yaml": "a: |\n  http://a.example/~x/\n",  # a block scalar's last line
        "h.sh": "cat <<EOF\nhttp://a.example/~x/\nEOF\n",  # a here-document
        "i.mdx": "see http://a.example/~x/\n",  # MDX reads no HTML comment
        "j.rb": "R = Regexp.new(<<~RE)\n  http://a.example/~x/\nRE\n",  # a here-document
        "k.rb": "S = %(http://a.example/~x/\nmore)\n",  # a %(...) string across lines
        "l.py": "# see https://host:port/a~b\n",  # a placeholder: info, failing nothing
    }
    for name, text in files.items():
        (project / name).write_text(text, encoding="utf-8")
    assert run(capsys, "check", "--add-ignore", *files) == (
        0,
        "",
        "urlint: a.py:2: C202: no ignore comment: the line ends inside a multi-line string: "
        "a comment there would be part of it\n"
        "urlint: a.py:4: C202: no ignore comment: the line goes on after a backslash: a "
        "comment would end it\n"
        "urlint: b.js:2: C202: no ignore comment: the line ends inside a template literal: a "
        "comment there would be part of it\n"
        "urlint: c.json:1: C202: no ignore comment: JSON has no comments\n"
        "urlint: d.txt:1: C202: no ignore comment: plain text has no comment syntax\n"
        "urlint: e.md:2: C202: no ignore comment: the line ends in what the markup shows as "
        "written (a code block, <pre>, <script>): a comment would be shown as code or run\n"
        "urlint: f.rst:1: C202: no ignore comment: a reStructuredText comment is a line of its "
        "own\n"
        "urlint: g.yaml:2: C202: no ignore comment: the line ends inside a YAML block scalar: "
        "a comment there would be part of it\n"
        "urlint: h.sh:2: C202: no ignore comment: the line ends inside a here-document: "
        "a comment there would be part of it\n"
        "urlint: i.mdx:1: C202: no ignore comment: an MDX comment is JSX's {/* */}, which "
        "urlint does not write\n"
        "urlint: j.rb:2: C202: no ignore comment: the line ends inside a here-document: a "
        "comment there would be part of it\n"
        "urlint: k.rb:1: C202: no ignore comment: the line ends inside a multi-line string: a "
        "comment there would be part of it\n"
        "urlint: l.py:1: C202: no ignore comment: an info finding fails no run (--fail-on info "
        "writes one)\n"
        "urlint: l.py:1: S408: no ignore comment: an info finding fails no run (--fail-on info "
        "writes one)\n"
        "urlint: added 0 ignore comments\n",
    )
    assert {name: (project / name).read_text(encoding="utf-8") for name in files} == files


def test_add_ignore_says_a_finding_in_mail(capsys, project):
    (project / "box.mbox").write_text(
        "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\n\nsee http://a.example/~x/\n"
    )
    assert run(capsys, "check", "--add-ignore", "box.mbox") == (
        0,
        "",
        "urlint: box.mbox:4: C202: no ignore comment: a finding in mail: urlint writes no "
        "comment into a message\nurlint: added 0 ignore comments\n",
    )


def test_add_ignore_never_writes_a_password_anywhere_it_reports(capsys, project):
    (project / "a.py").write_text("# ftp://fred:s3cret@h.example/~x/\n")
    code, out, err = run(capsys, "check", "--add-ignore", "a.py")
    assert (code, out, err) == (0, "", "urlint: added 1 ignore comment\n")
    assert (project / "a.py").read_text() == (
        "# ftp://fred:s3cret@h.example/~x/  # urlint: ignore[C202, P501]\n"
    )
    assert run(capsys, "check", "a.py") == (0, "", "")


def test_add_ignore_works_on_files_not_standard_input(capsys, project):
    assert run(capsys, "check", "--add-ignore", "-") == (
        2,
        "",
        "urlint: --diff and --add-ignore work on files, not standard input\n",
    )


PYTHON_LINES = [
    "# see http://a.example/{u}/\n",
    'A = "http://a.example/{u}/"\n',
    "B = 'http://a.example/{u}/'  # a note\n",
    'C = """\nhttp://a.example/{u}/\n"""\n',
    'D = ("http://a.example/{u}/",\n     "x")\n',
    'E = "http://a.example/{u}/" \\\n    "y"\n',
    'F = f"{{x}}http://a.example/{u}/"\n',
    "G = 1  # urlint: ignore[C201] http://a.example/{u}/\n",
]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    lines=st.lists(
        st.tuples(st.sampled_from(PYTHON_LINES), st.sampled_from(["~x", "a|b", "%7Ex"])),
        min_size=1,
        max_size=8,
    )
)
def test_python_after_add_ignore_parses_the_same_and_only_what_was_said_remains(
    capsys, tmp_path_factory, monkeypatch, lines
):
    root = tmp_path_factory.mktemp("add")
    monkeypatch.chdir(root)
    (root / "urlint.toml").write_text("")
    text = "".join(template.format(u=u) for template, u in lines)
    (root / "m.py").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", "--add-ignore", "--ignore", "M901", "m.py")
    said = [line for line in err.splitlines() if ": no ignore comment: " in line]
    assert (code, out) == (0, "")
    written = (root / "m.py").read_text(encoding="utf-8")
    assert ast.dump(ast.parse(written)) == ast.dump(ast.parse(text))
    # what check still reports was said; a finding said may be covered all the same, by
    # the comment added on the line before it
    _, out, _ = run(capsys, "check", "--format", "concise", "--ignore", "M901", "m.py")
    left = {
        f"{line.split(':')[0]}:{line.split(':')[1]}: {line.split(' ')[1]}"
        for line in out.splitlines()
    }
    assert left <= {line.removeprefix("urlint: ").split(": no ignore")[0] for line in said}
    changed = sum(a != b for a, b in zip(text.split("\n"), written.split("\n"), strict=True))
    plural = "" if changed == 1 else "s"
    assert err.splitlines()[-1] == f"urlint: added {changed} ignore comment{plural}"


# Where a Markdown or HTML line ends in what its markup shows as written, or is a link
# reference definition, the comment is said and not written; each line as in the file cited
# (its URL given a "~", which C202 reports).
MARKUP_LINES = {
    # curl/curl 5c61e168, docs/SSLCERTS.md line 128: an indented code block
    "a.md": "Sample:\n\n    curl https://example.com/~x\n",
    # android/nowinandroid d6abd6d3, CODE_OF_CONDUCT.md line 26: a link reference definition
    "b.md": "[may adopt]: https://opensource.google/docs/releasing/preparing/~x#conduct\n",
    # pratas/smash 1be431b2, README.md line 225: an HTML <pre> in Markdown, then the same
    # URL's line ended by its closing tag, after which a comment shows as none
    "c.md": "<pre>\nhttp://www.gnu.org/licenses/~x/gpl-3.0.html\n</pre>\n"
    "<pre>http://www.gnu.org/licenses/~y/gpl-3.0.html</pre>\n",
    # the HTML standard's raw text element: a script's text, run as written
    "d.html": "<script>\nlocation = 'https://x.example/~x/'\n</script>\n",
}


def test_no_comment_in_what_markup_shows_as_written_nor_after_a_reference_definition(
    capsys, project
):
    said, written = _ignores_added(capsys, project, MARKUP_LINES)
    assert said == (
        0,
        "",
        "urlint: a.md:3: C202: no ignore comment: the line ends in what the markup shows as "
        "written (a code block, <pre>, <script>): a comment would be shown as code or run\n"
        "urlint: b.md:1: C202: no ignore comment: a link reference definition: a comment after "
        "it would make it text\n"
        "urlint: c.md:2: C202: no ignore comment: the line ends in what the markup shows as "
        "written (a code block, <pre>, <script>): a comment would be shown as code or run\n"
        "urlint: d.html:2: C202: no ignore comment: the line ends in what the markup shows as "
        "written (a code block, <pre>, <script>): a comment would be shown as code or run\n"
        "urlint: added 1 ignore comment\n",
    )
    assert written == {
        **MARKUP_LINES,
        "c.md": "<pre>\nhttp://www.gnu.org/licenses/~x/gpl-3.0.html\n</pre>\n"
        "<pre>http://www.gnu.org/licenses/~y/gpl-3.0.html</pre> <!-- urlint: ignore[C202] -->\n",
    }


HTML_LINES = {
    # a URL in an HTML comment that spans lines: a comment's text is a tool's to read
    "e.md": "Text\n\n<!--\nhttp://x.example/~x/\n-->\n",
    # a tag across lines: a comment after its first or middle line would be in the tag
    "f.html": '<img\n  src="http://x.example/~x/a.png"\n  alt="x">\n',
    # an alt text across lines: a comment there would be the alt text's
    "g.md": '<img alt="see\nhttp://x.example/~x/ and\nmore" src="a.png">\n',
    # after a comment closed on its line, and after a tag: between elements
    "h.md": "<!-- see http://x.example/~x/ here -->\n",
    "i.html": '<a href="http://x.example/~x/">x</a>\n',
}


def _ignores_added(capsys, project, files: dict[str, str]) -> tuple[tuple, dict[str, str]]:
    """`check --select C202 --add-ignore` on `files` (name: text) written in `project`:
    what it said, and the files' texts after it."""
    for name, text in files.items():
        (project / name).write_text(text, encoding="utf-8")
    said = run(capsys, "check", "--select", "C202", "--add-ignore", *files)
    return said, {name: (project / name).read_text(encoding="utf-8") for name in files}


def test_an_ignore_comment_only_where_the_html_parser_sees_one_between_elements(capsys, project):
    said, written = _ignores_added(capsys, project, HTML_LINES)
    why = (
        "no ignore comment: the line ends inside an HTML comment or tag: a comment there "
        "would be part of it, or break it"
    )
    assert said == (
        0,
        "",
        f"urlint: e.md:4: C202: {why}\n"
        f"urlint: f.html:2: C202: {why}\n"
        f"urlint: g.md:2: C202: {why}\n"
        "urlint: added 2 ignore comments\n",
    )
    assert written == {
        **HTML_LINES,
        "h.md": "<!-- see http://x.example/~x/ here --> <!-- urlint: ignore[C202] -->\n",
        "i.html": '<a href="http://x.example/~x/">x</a> <!-- urlint: ignore[C202] -->\n',
    }


AFTER_THE_LINE = {
    # a YAML plain scalar going on onto the next line: a comment ends it, and the next
    # line no longer parses; on its last line, a comment is the file's own
    "j.yaml": "key: first part\n  http://x.example/~a\n  last http://x.example/~b\n",
    # a Markdown hard line break, of a backslash and of two spaces
    "k.md": "Line with http://x.example/~c \\\nnext\n\nLine http://x.example/~d  \nnext\n",
    # a link reference definition whose title is on the next line
    "l.md": '[r]: http://x.example/a\n  "title http://x.example/~e"\n',
}


def test_no_comment_where_it_would_end_a_scalar_a_break_or_a_definition(capsys, project):
    said, written = _ignores_added(capsys, project, AFTER_THE_LINE)
    assert said == (
        0,
        "",
        "urlint: j.yaml:2: C202: no ignore comment: a plain scalar goes on onto the next line: "
        "a comment would end it, and the file would not parse\n"
        "urlint: k.md:1: C202: no ignore comment: a hard line break ends the line: a comment "
        "after it would undo it\n"
        "urlint: k.md:4: C202: no ignore comment: a hard line break ends the line: a comment "
        "after it would undo it\n"
        "urlint: l.md:2: C202: no ignore comment: a link reference definition: a comment after "
        "it would make it text\n"
        "urlint: added 1 ignore comment\n",
    )
    assert written == {
        **AFTER_THE_LINE,
        "j.yaml": "key: first part\n  http://x.example/~a\n"
        "  last http://x.example/~b  # urlint: ignore[C202]\n",
    }
