"""A regular expression is not a URL (scanner/regexes.py), in code and in files of a kind urlint
does not read: not listed, not linted. Lines from real repositories name the repository, the
commit, the file and the line."""

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
        # mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab t/mojo/websocket.t:126
        ("other", "  like $res->body, qr!ws://127\\.0\\.0\\.1:\\d+/!, 'right content';\n"),
        # the same, t/mojolicious/lite_app.t:1148: `\?` and `\=` too
        (
            "other",
            "  ->content_like(qr!http://127\\.0\\.0\\.1:\\d+/url_with/bar\\?foo\\=bar!);\n",
        ),
        # luarocks/luarocks 2d2cc8eff2f03c23d142f8059146fb241dcf56b5
        # src/luarocks/fetch.lua:587 and fetch/git_ssh.lua:28: Lua's patterns
        ("other", '   if rockspec.source.url:match("^git://github%.com/") or\n'),
        ("other", '    if rockspec.source.url:match("^ssh://[^/]+:[^%d]") then\n'),
        # cli/cli 44ee17760709bedf1cad7e452e61751489b81a33
        # pkg/cmd/attestation/verify/verify.go:317: Go's raw string
        (
            "go",
            "\t\torgAndRepoRegexp = regexp.MustCompile(`https://github\\.com/([^/]+/[^/]+)/`)\n",
        ),
        # pypa/pip 6d309205789d368b2749d93fd6193d584811efd5 tests/functional/test_install.py:999
        (
            "python",
            '        r"    https://files\\.pythonhosted\\.org/packages/source/p/peep/peep"\n',
        ),
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
        (
            "javascript",
            "navigateFallbackDenylist: [new RegExp('^https://www\\\\.google\\\\.com/')],\n",
        ),
        ("json", '{"allow": "^https://github\\\\.com/[^/]+$"}\n'),
        # YAML's single quotes, and a plain scalar
        ("yaml", "pattern: '^https://www\\.example\\.com/.*$'\n"),
        ("yaml", "pattern: ^https://www\\.example\\.com/\n"),
        # anchored at both ends, whatever closes it
        ("other", "  qr{^https://example.com/$}x;\n"),
    ],
)
def test_a_regular_expression_is_no_url(syntax, line):
    assert urls(line, syntax) == []


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # perl-catalyst/catalyst-runtime 03d223ae3ad24efdd286683bec5218249a79f3b7
        # t/aggregate/unit_core_uri_for.t:88: "^%$" in a fragment, no pattern's anchors
        (
            "other",
            "    'http://127.0.0.1/foo/bar?param1=value1#fragment^%$',\n",
            [("http://127.0.0.1/foo/bar?param1=value1#fragment^%$", (1, 6, 1, 56))],
        ),
        # nix-community/home-manager ec1a8fdf74ed3f276148ee106299a2ba0e65d51f
        # modules/programs/sbt.nix:203: ".+" in a fragment
        (
            "other",
            "  <https://www.scala-sbt.org/1.x/docs/Launcher-Configuration.html#3.+Repositories>\n",
            [
                (
                    "https://www.scala-sbt.org/1.x/docs/Launcher-Configuration.html#3.+Repositories",
                    (1, 4, 1, 82),
                )
            ],
        ),
        # a glob's "*" (mkerrisk/man-pages ae6b221882ce71ba82fcdbe02419a225111502f0
        # man7/netlink.7:613) and "*.*"
        (
            "other",
            ".UR ftp://ftp.inr.ac.ru\\:/ip\\-routing\\:/iproute2*\n.UE\n",
            [("ftp://ftp.inr.ac.ru/ip-routing/iproute2*", (1, 5, 1, 50))],
        ),
        ("other", "get ftp://x.org/pub/*.* now\n", [("ftp://x.org/pub/*.*", (1, 5, 1, 24))]),
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


def test_a_url_after_a_pattern_is_read_real_line():
    """mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab t/mojo/websocket.t:126: the
    pattern ends with its delimiter; the rest of the line is read as ever."""
    text = "  like $res->body, qr!ws://127\\.0\\.0\\.1:\\d+/!, 'see http://ok.example/';\n"
    assert urls(text, "other") == [("http://ok.example/", (1, 53, 1, 71))]


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("t.py", 'PERL = re.compile(r"^https://www\\.perl\\.(org|co)\\.uk/")\n'),
        ("t.pl", "ok(qr{^https://www\\.perl\\.(org|co)\\.uk/}, 'x');\n"),
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


def test_a_password_a_pattern_runs_over_stays_hidden():
    # What a pattern covers is what its text read as a URL covers: a URL found inside a
    # password its login reads on with is none (bare_url.inside_a_login).
    text = "qr{ftp://u:Kqz\\.jvw mailto:Kqzjvw@h.example/}\n"
    assert urls(text, "other") == []
    assert urls('x = r"ftp://u:Kqz\\.jvw mailto:Kqzjvw@h.example/"\n', "python") == []


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
