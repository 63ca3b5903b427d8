"""The checker: where a fix may apply, and that `check --fix` never changes what code means."""

from __future__ import annotations

import pytest

from urlint.core.model import Flag
from urlint.linter.fixable import COMMENTS, FIXED_IN, NEVER_FIXED, PROSE, fix_may_apply, fix_scope
from urlint.scanner.scanner import scan
from urlint.scanner.syntax import Syntax
from urlint.sources.kinds import file_syntax

from ..helpers import run
from ..lint_helpers import assert_code_means_the_same


def _candidate(text: str, syntax: str = "text"):
    (candidate,) = scan(text, syntax=syntax)
    return candidate


@pytest.mark.parametrize(
    ("text", "syntax", "expected"),
    [
        ("see http://a.example/~x/ here", "text", True),  # prose
        ("[a](http://a.example/~x/)", "markdown", True),  # a markup link
        ('U = "http://a.example/~x/"\n', "python", False),  # a literal's value
        ("# see http://a.example/~x/\n", "python", True),  # a comment
        ('U = f"http://a.example/{user}/~x"\n', "python", False),  # a template
        ("url: http://a.example/~x/\n", "yaml", False),  # a YAML plain scalar: a value
        ("curl http://a.example/~x/\n", "shell", False),  # a shell word
        ("see http://a.example/{x}/~y here", "text", False),  # a template in prose
        ('{"a": "http://a.example/~x/"}', "json", False),  # JSON: no comments
        ("see http://a.example/~x/ here", "other", False),  # a kind urlint does not read
    ],
)
def test_a_fix_applies_in_prose_comments_and_links_only(text, syntax, expected):
    assert fix_may_apply(_candidate(text, syntax), fix_scope(syntax)) is expected


def test_template_candidates_are_flagged_as_the_policy_reads_them():
    assert Flag.TEMPLATE in _candidate('U = f"http://a.example/{user}/"\n', "python").flags


def test_every_syntax_says_where_a_fix_goes_in_it():
    # One table: a syntax added to the scanner must say where its fixes go, or why none.
    fixed = {syntax for syntax, _, _ in FIXED_IN}
    assert fixed.isdisjoint(NEVER_FIXED)
    assert fixed | set(NEVER_FIXED) == {syntax.value for syntax in Syntax}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("a.py", COMMENTS),
        ("b.yaml", COMMENTS),
        ("c.sh", COMMENTS),
        ("d.json", None),
        ("README.txt", PROSE),
        ("README.md", PROSE),
        ("notes", PROSE),
        ("-", PROSE),
        ("lib/LWP/UserAgent.pm", None),  # Perl: the wary reader, never fixed
        ("man/urlint.1", None),
    ],
)
def test_where_a_fix_goes_is_told_by_the_files_name(path, expected):
    assert fix_scope(file_syntax(path)) == expected


PYTHON = (
    "# the docs: http://a.example/~fred/\n"
    'HOME = "http://a.example/~fred/"\n'
    'USER = f"http://a.example/users/{user_id}/caf\u00e9"\n'
    "PATTERN = r'http://a.example/a|b'\n"
    'print(b"http://a.example/%s~x" % name)\n'
)
JAVASCRIPT = (
    "// the docs: http://a.example/~fred/\n"
    'const home = "http://a.example/~fred/";\n'
    "const user = `http://a.example/users/${id}/~x`;\n"
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
    "url: https://pypi.org/project/Flask/${{ github.ref_name }}\n"
)


def test_fix_changes_comments_only_in_code_and_every_file_still_means_the_same(
    capsys, tmp_path, monkeypatch
):
    """Every fix `check --fix --select ALL` makes in Python, JavaScript, shell and YAML: the
    files parse as before, to the same values; only the comments' URLs are rewritten."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    files = {"a.py": PYTHON, "b.js": JAVASCRIPT, "c.sh": SHELL, "d.yaml": YAML}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "check", "--fix", "--select", "ALL", *files)
    assert "fixed 4 problems" in err
    fixed = {name: (tmp_path / name).read_text(encoding="utf-8") for name in files}
    for name, text in files.items():
        before, after = text.splitlines(), fixed[name].splitlines()
        assert len(before) == len(after)
        changed = [line for line, old in zip(after, before, strict=True) if line != old]
        assert changed == [text.splitlines()[0 if name != "c.sh" else 1].replace("~", "%7E")]
    assert_code_means_the_same(tmp_path, files)


def _findings(text: str, path: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.column, f.end_column) for f in _linted(text, path, "ALL")]


def _linted(text: str, path: str, select: str) -> list:
    """The findings of `text` read as the file `path` (its syntax by its name), `select`ed."""
    from urlint.core.model import ScannedText
    from urlint.linter.checker import Checker
    from urlint.linter.config import build_settings
    from urlint.linter.suppressions import Suppressions
    from urlint.sources.kinds import file_syntax

    checker = Checker(build_settings({}, select=[select]))
    scanned = ScannedText(text, 1, 0, scan(text, syntax=file_syntax(path)))
    return list(checker.lint_text(scanned, path, Suppressions()))


@pytest.mark.parametrize(
    ("path", "text", "expected"),
    [
        # encode/httpx ae1b9f66, httpx/_models.py line 812: a str.format field
        (
            "a.py",
            '    "check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/'
            '{0.status_code}"\n',
            [],
        ),
        # sindresorhus/got d00d845a, test/cookies.ts line 148: a template literal's port
        ("b.ts", "\tawait t.throwsAsync(got(`http://127.0.0.1:${port}`, options), {\n", []),
        # pallets/flask 2ac89889, .github/workflows/publish.yaml line 51: an Actions expression
        ("c.yaml", "      url: https://pypi.org/project/Flask/${{ github.ref_name }}\n", []),
        # a host and a port that are placeholders, the rest linted as usual
        ("d.py", 'U = f"http://{host}:{port}/~x/{id}"\n', [("C202", 28, 29)]),
        ("e.py", 'U = "https://%s%s" % (host, path)\n', []),
        ("f.sh", 'curl "http://$HOST:$PORT/a|b"\n', [("C201", 27, 28)]),
    ],
)
def test_a_templates_placeholders_are_never_linted_and_the_rest_is(path, text, expected):
    assert _findings(text, path) == expected


# encode/httpx ae1b9f66, docs/advanced/extensions.md line 157: a comment in a Python sample
# that shows the unescaped "^" on purpose (the sample explains how it would be escaped)
MARKDOWN = (
    "See http://a.example/~fred/ for more.\n"
    "\n"
    "```python\n"
    '# Typically a request to "https://www.example.com/test^path" would\n'
    "# GET /test%5Epath HTTP/1.1\n"
    "```\n"
    "And http://a.example/a^b after it.\n"
)
ASCIIDOC = (
    "See http://a.example/~fred/ for more.\n----\ncurl https://www.example.com/test^path\n----\n"
)


def test_fix_never_touches_a_url_in_a_markup_files_code_block(capsys, tmp_path, monkeypatch):
    """A code block shows its text as written: the prose's URLs are fixed, the sample's
    are reported and left."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    (tmp_path / "a.md").write_text(MARKDOWN, encoding="utf-8")
    (tmp_path / "b.adoc").write_text(ASCIIDOC, encoding="utf-8")
    code, out, _ = run(capsys, "check", "--select", "C2", "--format", "concise", "a.md", "b.adoc")
    assert (code, out.splitlines()) == (
        1,
        [
            "a.md:1:22: C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E",
            "a.md:4:55: C201 unsafe character '^': write it as %5E",
            "a.md:7:23: C201 unsafe character '^': write it as %5E",
            "b.adoc:1:22: C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E",
            "b.adoc:3:34: C201 unsafe character '^': write it as %5E",
        ],
    )
    code, _, err = run(capsys, "check", "--fix", "--select", "C2", "a.md", "b.adoc")
    assert "fixed 3 problems" in err
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == MARKDOWN.replace(
        "~fred", "%7Efred"
    ).replace("a^b", "a%5Eb")
    assert (tmp_path / "b.adoc").read_text(encoding="utf-8") == ASCIIDOC.replace("~fred", "%7Efred")


@pytest.mark.parametrize(
    ("path", "text", "syntax"),
    [
        # Perl: "\@" keeps Perl from interpolating @aas; "%5C@" would not
        ("t/uri.t", 'is($u, "http://a.example/~fred/\\@aas");\n', "other"),
        # % starts a TeX comment
        ("doc/paper.tex", "\\href{http://a.example/~fred/}{Fred}\n", "other"),
        ("spec/url_spec.lua", 'assert.equal("http://a.example/~fred/", u)\n', "lua"),
        ("pom.xml", "<url>http://a.example/~fred/</url>\n", "xml"),
        ("bin/run", "#!/usr/bin/perl\nprint 'http://a.example/~fred/';\n", "other"),
        ("man/urlint.1", ".UR http://a.example/~fred/\n.UE\n", "other"),
        ("data.zzz", "see http://a.example/~fred/ here\n", "other"),
    ],
)
def test_a_file_outside_the_written_readers_is_reported_and_not_fixed_in_code(
    path, text, syntax, tmp_path
):
    """A file of a kind read from its row (scanner.file_kinds) or not known at all
    (scanner.syntax.Syntax.OTHER): its URLs are linted, and no fix is offered outside a
    comment (a string, a macro's argument, an element's text are the program's)."""
    from urlint.core.model import ScannedText
    from urlint.linter.checker import Checker
    from urlint.linter.config import build_settings
    from urlint.linter.suppressions import Suppressions
    from urlint.sources.kinds import file_syntax

    named = tmp_path / path
    named.parent.mkdir(parents=True, exist_ok=True)
    named.write_text(text, encoding="utf-8")
    checker = Checker(build_settings({}, select=["C202"]))
    assert file_syntax(str(named)) == syntax
    scanned = ScannedText(text, 1, 0, scan(text, syntax=syntax))
    found = list(checker.lint_text(scanned, str(named), Suppressions()))
    line = text.count("\n", 0, text.index("~")) + 1
    column = text.index("~") - text.rfind("\n", 0, text.index("~"))
    assert [(f.code, f.line, f.column, f.fix) for f in found] == [("C202", line, column, None)]


def test_x105_only_where_the_next_line_may_go_on_with_the_url():
    """X105 asks the scanner's one decision (going_on.going_on_at): none onto a key in a
    file of a kind urlint does not read, one onto a comment of the same style in code."""
    found = {
        # android/nowinandroid d6abd6d3, build-logic/gradle.properties line 1
        "gradle.properties": _x105(
            "# Gradle properties are not passed to included builds https://github.com/gradle/"
            "gradle/issues/2534\norg.gradle.parallel=true\n",
            "gradle.properties",
        ),
        # reed9999/slowgames 42ba756e, site-yucata/classify_games.py line 46
        "classify_games.py": _x105(
            "    # https://yucata.de/data.jqdt?dataSource=RankingDetailsUser&UserID=188172&OppID"
            "=-1&\n    #   GameType=-1&draw=1&columns%5B0%5D%5Bdata%5D=function\n",
            "classify_games.py",
        ),
    }
    assert found == {"gradle.properties": [], "classify_games.py": [("X105", 1, 7, None)]}


def _x105(text: str, path: str) -> list[tuple[str, int, int, object]]:
    return [(f.code, f.line, f.column, f.fix) for f in _linted(text, path, "X105")]
