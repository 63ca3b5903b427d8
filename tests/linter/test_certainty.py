"""What fails a run (linter.certainty): test data, placeholders, one finding a URL and a
rule, and the setting that raises findings in test data."""

from __future__ import annotations

import json

import pytest

from tests.helpers import run
from urlint.api import lint
from urlint.core.findings import Severity
from urlint.linter import certainty
from urlint.linter.certainty import is_test_data, placeholder_authority, placeholder_password


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("tests/a.py", True),
        ("src/test/java/a/B.java", True),
        ("core/play-integration-test/src/x.scala", True),
        ("tools/protovalidate-conformance/internal/cases/cases_is_uri.go", True),
        ("src/Polly.Core.Tests/Foo.cs", True),
        ("required/latex-lab/testfiles-math-luatex/fakemath.tpf", True),  # l3build's
        ("tests-integration/a.go", True),
        ("test-results/a.txt", False),
        ("spec/url_spec.rb", True),
        ("t/uri.t", True),
        ("lib/x_test.go", True),
        ("FooTest.java", True),
        ("FooTests.swift", True),
        ("UriSuite.scala", True),
        ("test/rfc7230_SUITE.erl", True),
        ("test_x.py", True),
        ("src/a.spec.ts", True),
        ("web/__tests__/a.js", True),
        ("testdata/golden.json", True),
        ("fixtures/mail.eml", True),
        ("README.md", False),
        ("docs/testing.md", False),
        # a topic's folder (kubernetes/community, contributors/devel/sig-testing/)
        ("contributors/devel/sig-testing/flaky-tests.md", False),
        ("testing/helpers.go", True),
        ("contest/a.txt", False),
        ("latest/notes.txt", False),
        ("src/main/scala/x.scala", False),
        # pytest's own temporary folders start with a test's name: no test data by that
        ("/tmp/pytest-of-root/pytest-1/test_the_full_format_0/a.txt", False),
        ("test_output/a.txt", False),
    ],
)
def test_test_data_is_told_by_its_path(path, expected):
    assert is_test_data(path) is expected


@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("password", True),
        ("Password", True),
        ("pass", True),
        ("pwd", True),
        ("changeme", True),
        ("<password>", True),
        ("YOUR_PASSWORD", True),
        ("PASSWORD", True),
        ("xxxx", True),
        ("****", True),
        ("yourpassword", True),
        ("secret", False),  # a word a real one may be
        ("hunter2pw", False),
        ("s3cretpw", False),
        ("pw", False),
        ("x", True),  # one character: `http://a:b@c/`
    ],
)
def test_a_placeholder_password_is_a_word_that_stands_for_one(password, expected):
    assert placeholder_password(password) is expected


@pytest.mark.parametrize(
    ("host", "port", "expected"),
    [
        ("host", "port", True),
        ("ip", "", True),
        ("hostname", "8080", True),
        ("<host>", "", True),
        ("USER_NAME.github.io", "", True),
        ("my_secret_host.com", "", True),
        ("your-domain.example", "", True),
        ("c", "", False),
        ("...", "", True),
        ("localhost", "PORT", True),
        ("host", "", False),  # a real name in tests and examples
        ("example.com", "443", False),
        ("www.chebfun,org", "", False),
        ("x.org", "", False),
    ],
)
def test_a_placeholder_authority_stands_for_the_readers_own(host, port, expected):
    assert placeholder_authority(host, port) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a password that is a placeholder: the login rules are info, the rest as ever
        (
            "see postgres://user:password@localhost/db~x\n",
            [("C202", "warning", ""), ("P501", "info", " (a placeholder password)")],
        ),
        # the user's own name again: a default account's
        (
            "see ecto://postgres:postgres@localhost/db\n",
            [("P501", "info", " (a placeholder password)")],
        ),
        # a real-looking password stays an error
        ("see ftp://fred:secret@ftp.example.org/\n", [("P501", "error", "")]),
        # a placeholder host or port: every finding of the URL is info
        (
            "see https://host:port/a|b\n",
            [("C201", "info", " (a placeholder)"), ("S408", "info", " (a placeholder)")],
        ),
        (
            "see ssh://[user@]host.xz[:port]/path\n",
            [
                ("C201", "info", " (a placeholder)"),
                ("S407", "info", " (a placeholder)"),
                ("S408", "info", " (a placeholder)"),
            ],
        ),
        ("see scheme://me:pw@proxy.com:80\n", [("P501", "info", " (a placeholder)")]),
        # a template's placeholder in the authority (composer/composer
        # src/Composer/Util/Filesystem.php:686, a regular expression's replacement)
        (
            "$path = Preg::replace('{^(?:file:///([a-z]):?/)}i', 'file://$1:/', $path);\n",
            [("S408", "info", " (a placeholder)"), ("S417", "info", " (a placeholder)")],
        ),
        # nginx's Unix socket syntax (libevent/libevent include/event2/http.h:1462)
        (
            " * http://unix:/run/control.sock:/controller\n",
            [("S408", "info", " (a Unix socket's path, nginx's syntax)")],
        ),
        # a scheme urlint does not know, with no "//" (App-vNext/Polly
        # docs/strategies/index.md:132, DocFX's cross-reference)
        (
            "<xref:Polly.PredicateBuilder`1>, is a utility class\n",
            [("C201", "info", " (a scheme urlint does not know)")],
        ),
        # the text calls the URL invalid (libevent include/event2/http.h:1419-1420;
        # status-im/nim-chronos docs/src/tutorials/http_client/chapter4.md:56)
        (
            " * mailto://www.example.com/cgi-bin/fortune.pl is not a reasonable\n",
            [("S412", "info", " (the text calls it invalid)")],
        ),
        (
            "for invalid URIs (e.g. `https://123.456.789.90`) the resolution can stall\n",
            [("S407", "info", " (the text calls it invalid)")],
        ),
        # a test's call's input (latex3/latex2e texmf/tex/luatex/lualibs/lualibs-url.lua:414)
        ('-- test("file:///c|/oeps.txt")\n', [("C201", "info", " (a test's input)")]),
        # an authority written out as marks (trpc/trpc
        # examples/lambda-api-gateway-streaming/src/client.ts:15)
        (
            "url: 'https://???????.execute-api.us-east-1.amazonaws.com/dev',\n",
            [("R303", "info", " (a placeholder)"), ("S407", "info", " (a placeholder)")],
        ),
        # a user name that stands for one (dlang/dub source/dub/internal/vibecompat/inet/url.d)
        ("see http://user@example.com/\n", [("S409", "info", " (a placeholder user)")]),
        ("see http://fred@example.com/\n", [("S409", "error", "")]),
        # an IP literal is no placeholder in brackets
        (
            "see http://[::1]:25/\n",
            [("C201", "error", ""), ("P504", "warning", ""), ("S407", "error", "")],
        ),
        # "invalid" in the URL itself says nothing of it
        ("see http://x.org/invalid|page\n", [("C201", "error", "")]),
    ],
)
def test_what_a_url_stands_for_grades_its_findings(text, expected):
    found = sorted(lint(text), key=lambda f: f.code)
    assert [
        (f.code, f.severity.value, why if f.message.endswith(why) else f.message)
        for f, (_, _, why) in zip(found, expected, strict=True)
    ] == expected
    assert all(f.fix is None for f in found if f.severity is Severity.INFO)


def test_one_finding_a_url_and_a_rule_holds_every_place():
    text = 'x "http://x.org/a\\b\\c\\d" y\n'
    [finding] = lint(text, select=["C201"])
    assert (finding.line, finding.column, finding.end_column) == (1, 18, 19)
    assert [(span.start.column, span.end.column) for span in finding.more] == [
        (20, 21),
        (22, 23),
    ]


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "uri_test.py").write_text('U = "http://x.org/a|b|c"\n')
    (tmp_path / "urlint.toml").write_text("")
    return tmp_path


def test_findings_in_test_data_are_info_and_pass_the_run(capsys, project):
    code, out, _ = run(capsys, "check", "--format", "concise", ".")
    assert (code, out.splitlines()) == (
        0,
        [
            "tests/uri_test.py:1:20: C201 unsafe character '|': write it as %7C (in test data)"
            " (1 more in this URL)"
        ],
    )
    code, out, _ = run(capsys, "check", "--format", "jsonl", ".")
    record = json.loads(out)
    assert (record["severity"], record["more"]) == (
        "info",
        [{"line": 1, "column": 22, "end_line": 1, "end_column": 23}],
    )


def test_the_test_data_setting_grades_them_as_anywhere(capsys, project):
    (project / "urlint.toml").write_text('test-data = "lint"\n')
    code, out, _ = run(capsys, "check", "--format", "concise", ".")
    assert (code, out.splitlines()[0]) == (
        1,
        "tests/uri_test.py:1:20: C201 unsafe character '|': write it as %7C (1 more in this URL)",
    )
    (project / "urlint.toml").write_text('test-data = "quiet"\n')
    code, _, err = run(capsys, "check", ".")
    assert code == 2 and "test-data must be one of info, lint, not 'quiet'" in err


def test_sarif_lists_the_other_places_as_related_locations(capsys, project):
    (project / "urlint.toml").write_text('test-data = "lint"\n')
    _, out, _ = run(capsys, "check", "--format", "sarif", ".")
    [result] = json.loads(out)["runs"][0]["results"]
    related = result["relatedLocations"]
    assert [(r["id"], r["physicalLocation"]["region"]["startColumn"]) for r in related] == [(1, 22)]


@pytest.mark.parametrize(
    ("path", "text", "blocks"),
    [
        # Rust's test module: from the attribute to the brace closing the module
        (
            "src/lib.rs",
            'fn f() {}\n#[cfg(test)]\nmod tests {\n    fn t() { "x" }\n}\nfn g() {}\n',
            [(10, 55)],
        ),
        # D's unittest blocks (dlang/dub source/dub/internal/vibecompat/inet/url.d)
        ("url.d", "unittest {\n  a;\n}\nvoid f() {}\nunittest { b; }\n", [(0, 17), (30, 45)]),
        # Zig's test declarations; an opener never closed runs to the text's end
        ("a.zig", 'const a = 1;\ntest "x" {\n  {}\n}\ntest "y" {\n', [(13, 30), (31, 42)]),
        # EUnit's tests in the module, to -endif.
        ("a.erl", "f() -> ok.\n-ifdef(TEST).\nt() -> ok.\n-endif.\ng() -> ok.\n", [(11, 43)]),
        # a kind that keeps none, and a name no kind has
        ("a.py", "#[cfg(test)]\nmod tests {}\n", []),
        ("README", "unittest {}\n", []),
    ],
)
def test_test_blocks_are_where_a_file_keeps_its_tests(path, text, blocks):
    assert certainty.test_blocks(path, text) == blocks


def test_a_finding_in_a_test_block_is_info_and_passes_the_run(capsys, project):
    (project / "lib.rs").write_text(
        'const U: &str = "https://x.org/a|b";\n#[cfg(test)]\nmod tests {\n'
        '    const V: &str = "http://[::1";\n}\n'
    )
    assert run(capsys, "check", "lib.rs")[0] == 1  # the first URL's error
    out = run(capsys, "check", "--format", "concise", "--select", "C201", "lib.rs")[1]
    assert out.splitlines()[:2] == [
        "lib.rs:1:33: C201 unsafe character '|': write it as %7C",
        "lib.rs:4:29: C201 unsafe character '[': write it as %5B (in test data)",
    ]
