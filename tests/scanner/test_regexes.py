"""A regular expression is not a URL (scanner/regexes.py), in code: not listed, not linted.
Lines from real repositories name the repository, the commit, the file and the line."""

from __future__ import annotations

import pytest

from urlint import extract, lint
from urlint.scanner import regexes

from ..helpers import run


def urls(text: str, syntax: str) -> list[tuple[str, tuple[int, int, int, int]]]:
    return [
        (c.url, (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column))
        for c in extract(text, syntax=syntax)
    ]


@pytest.mark.parametrize(
    ("syntax", "line"),
    [
        # cli/cli 44ee17760709bedf1cad7e452e61751489b81a33
        # pkg/cmd/attestation/verify/verify.go:317: Go's raw string
        (
            "go",
            "\t\torgAndRepoRegexp = regexp.MustCompile(`https://github\\.com/([^/]+/[^/]+)/`)\n",
        ),
        # pypa/pip 6d309205789d368b2749d93fd6193d584811efd5 tests/functional/test_install.py:999
        ("python", '        r"    https://files\\.pythonhosted\\.org/packages/source/p/peep/peep"\n'),
        # apache/maven 540897d3d3c329a38e4df9648249c9d407dbc8c2 its/core-it-suite/src/test/java/
        # org/apache/maven/it/MavenITmng2741PluginMetadataResolutionErrorMessageTest.java:78
        ("c-like", '            ".*Connection to http://localhost:54312.*refused.*")) {\n'),
        # the same, MavenITmng3477DependencyResolutionErrorMessageTest.java:99: a string's
        # escaped backslash before the pattern's parenthesis
        (
            "c-like",
            '    + "(central|maven-core-it) \\\\(http://localhost:.*/repo\\\\):.*Connect.*"\n',
        ),
        # a pattern in a string with escapes: its backslash written as two
        ("javascript", "navigateFallbackDenylist: [new RegExp('^https://www\\\\.google\\\\.com/')],\n"),
        ("json", '{"allow": "^https://github\\\\.com/[^/]+$"}\n'),
        # YAML's single quotes, and a plain scalar
        ("yaml", "pattern: '^https://www\\.example\\.com/.*$'\n"),
        ("yaml", "pattern: ^https://www\\.example\\.com/\n"),
    ],
)
def test_a_regular_expression_is_no_url(syntax, line):
    assert urls(line, syntax) == []


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # JSON's and JavaScript's `\/` is a "/", no pattern's escape
        (
            "json",
            '{"u": "https:\\/\\/x.org\\/a"}\n',
            [("https://x.org/a", (1, 8, 1, 26))],
        ),
        # a backslash before no character a pattern escapes, in a comment: the linter's
        ("python", "# see http://x.org/a\\b\n", [("http://x.org/a\\b", (1, 7, 1, 23))]),
        # a URL in prose is read as ever (the linter reports its backslash)
        ("text", "qr!ws://127\\.0\\.0\\.1/!\n", [("ws://127\\.0\\.0\\.1/", (1, 4, 1, 22))]),
    ],
)
def test_what_only_looks_like_a_pattern_is_a_url(syntax, line, expected):
    assert urls(line, syntax) == expected


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("t.py", 'PERL = re.compile(r"^https://www\\.perl\\.(org|co)\\.uk/")\n'),
    ],
)
def test_a_pattern_is_neither_listed_nor_linted(capsys, tmp_path, monkeypatch, name, line):
    # What a user of extract and of check both want: no pattern in the list of a
    # repository's URLs, and no finding on its backslashes (C202, unsafe characters).
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(line)
    assert run(capsys, "extract", name) == (1, "", "")
    assert run(capsys, "check", "--isolated", "--select", "ALL", name) == (0, "", "")
    assert lint(line) != []  # in prose, linted


@pytest.mark.parametrize(
    ("text", "slashed", "expected"),
    [
        ("http://x\\.org", False, True),
        ("http://x\\\\.org", False, False),  # TeX's line break before a dot: no escape
        ("http://x/\\d+", False, True),
        ("http://x/\\def", False, False),  # a control word
        ("http://x/\\/a", False, True),
        ("http://x/\\/a", True, False),
        ("http://x/(?:a|b)", False, True),
        ("http://x/[^/]+", False, True),
        ("http://x/a.*", False, True),
        ("http://x/*.*", False, False),
        ("http://github%.com/", False, True),
        ("http://x/?v=%.2f", False, False),  # printf's precision: a template's
        ("http://x/(a)", False, False),
    ],
)
def test_the_evidence(text, slashed, expected):
    assert regexes.is_pattern(text, 0, len(text), slashed=slashed) is expected


def test_a_string_s_doubled_backslash_is_one_of_the_pattern():
    assert regexes.is_pattern("http://x\\\\.org", 0, 15, escapes=True)


def test_a_password_a_pattern_runs_over_stays_hidden():
    # What a pattern covers is what its text read as a URL covers: a URL found inside a
    # password its login reads on with is none (bare_url.inside_a_login).
    assert urls('x = r"ftp://u:Kqz\\.jvw mailto:Kqzjvw@h.example/"\n', "python") == []
