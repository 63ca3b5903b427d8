"""The N rules on near-URLs: code, place, message (the URL meant), severity under both
targets, and a fix only where the URL meant is certain and a fix may go."""

from __future__ import annotations

import json

import pytest

from urlint.api import lint
from urlint.core.findings import Severity
from urlint.linter.rules.catalogue import rules_by_code

from ..helpers import run


@pytest.mark.parametrize(
    ("text", "code", "column", "end_column", "message"),
    [
        (
            "See https:/stalw.art now\n",
            "N601",
            10,
            12,
            "https:/stalw.art: one slash after the scheme; did you mean https://stalw.art?",
        ),
        (
            "Post http//example.com/admin/post now\n",
            "N602",
            10,
            12,
            "http//example.com/admin/post: no ':' after the scheme; did you mean "
            "http://example.com/admin/post?",
        ),
        (
            "Fork https;//github.com/user/repo\n",
            "N603",
            11,
            14,
            "https;//github.com/user/repo: ';' in place of ':' after the scheme; did you mean "
            "https://github.com/user/repo?",
        ),
        (
            "Open http: // example.com now\n",
            "N604",
            10,
            15,
            "http: // example.com: whitespace inside '://'; did you mean http://example.com?",
        ),
        (
            "地址：https：// github.com / user / repo\n",
            "N605",
            9,
            13,
            "https：// github.com / user / repo: a full-width colon '：' (U+FF1A) in place of "
            "':'; did you mean https://github.com/user/repo?",
        ),
        (
            "Go //https://x.example/a now\n",
            "N606",
            4,
            6,
            "//https://x.example/a: a '//' before the scheme; did you mean https://x.example/a?",
        ),
        (
            "详见 https://example.com/docs）更多\n",
            "N607",
            28,
            29,
            "full-width parenthesis '）' (U+FF09) glued on the end of https://example.com/docs: "
            "a reader that links the URL takes it in; put a blank between them",
        ),
        (
            "Visit https:www.example.com/docs now\n",
            "N610",
            12,
            13,
            "https:www.example.com/docs: no '//' after the scheme; did you mean "
            "https://www.example.com/docs?",
        ),
        (
            "See https://example. org/docs now\n",
            "N611",
            21,
            22,
            "https://example. org/docs: a blank inside the URL; did you mean "
            "https://example.org/docs?",
        ),
        (
            "Read http://files.example.org/paper/ report2015.pdf today\n",
            "N611",
            37,
            38,
            "http://files.example.org/paper/ report2015.pdf: a blank inside the URL; did you mean "
            "http://files.example.org/paper/report2015.pdf?",
        ),
    ],
)
@pytest.mark.parametrize("target", ["rfc1738", "rfc3986"])
def test_each_near_url_is_an_error_showing_the_url_meant(
    text, code, column, end_column, message, target
):
    (finding,) = lint(text, target=target)
    assert (finding.code, finding.line, finding.column, finding.end_column) == (
        code,
        1,
        column,
        end_column,
    )
    assert (finding.message, finding.severity) == (message, Severity.ERROR)


def test_a_doubled_scheme_beside_the_url_it_holds():
    found = lint("Go https://https://x.example/a now\n")
    assert [(f.code, f.column, f.end_column, f.message) for f in found] == [
        (
            "N606",
            4,
            12,
            "https://https://x.example/a: the scheme written twice; did you mean "
            "https://x.example/a?",
        ),
        # what the URL as read is, by RFC 1738: a host "https" and a ":" with no port
        (
            "S408",
            17,
            18,
            "a ':' with no port by RFC 1738 section 3.1 (RFC 3986 grades it info: "
            "--target rfc3986): if the port is omitted, the colon is as well",
        ),
    ]


@pytest.mark.parametrize(
    ("path", "text", "found"),
    [
        (
            "a.py",
            "A = 'https://x.example.org/a\"'\n",
            [
                (
                    "N607",
                    29,
                    30,
                    "double quote '\"' (U+0022) glued on the end of https://x.example.org/a: "
                    "the string's value holds it, and no URL does; remove it",
                )
            ],
        ),
        (
            "a.md",
            "See https://github.com/a/b/issues> now\n",
            [
                (
                    "N607",
                    34,
                    35,
                    "closing angle bracket '>' (U+003E) glued on the end of "
                    "https://github.com/a/b/issues: a reader that links the URL takes it in; "
                    "put a blank between them",
                )
            ],
        ),
        (
            "Dockerfile",
            "RUN curl -o a.tgz https:/dl.example.com/a.tgz\n",
            [
                (
                    "N601",
                    24,
                    26,
                    "https:/dl.example.com/a.tgz: one slash after the scheme; did you mean "
                    "https://dl.example.com/a.tgz?",
                )
            ],
        ),
        (
            "values.yaml",
            "image:\n  url: https:www.example.com/a\n",
            [
                (
                    "N610",
                    13,
                    14,
                    "https:www.example.com/a: no '//' after the scheme; did you mean "
                    "https://www.example.com/a?",
                )
            ],
        ),
        (
            "A.java",
            'String u = "https://https://x.example.org/a";\n',
            [
                (
                    "N606",
                    13,
                    21,
                    "https://https://x.example.org/a: the scheme written twice; did you mean "
                    "https://x.example.org/a?",
                ),
                (
                    "S408",
                    26,
                    27,
                    "a ':' with no port by RFC 3986 section 3.2.3 (RFC 1738 grades it an error: "
                    "--target rfc1738): a URI producer should leave the colon out too (section "
                    "6.2.3)",
                ),
            ],
        ),
        (
            "ls.1",
            ".TH LS 1\nSee http;//www.example.com/ls now.\n",
            [
                (
                    "N603",
                    9,
                    12,
                    "http;//www.example.com/ls: ';' in place of ':' after the scheme; did you "
                    "mean http://www.example.com/ls?",
                )
            ],
        ),
    ],
)
def test_each_file_kind_reports_near_urls_in_its_strings_values_and_prose(
    capsys, tmp_path, monkeypatch, path, text, found
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / path).write_text(text, encoding="utf-8")
    _, out, _ = run(capsys, "check", "--isolated", "--format", "json", "--target", "rfc3986", path)
    assert [
        (f["code"], f["column"], f["end_column"], f["message"]) for f in json.loads(out)
    ] == found


def test_no_other_rule_reads_a_near_url():
    # "http: // example.com/~a b" would give C201, C202, S401 ... read as a URL
    assert [f.code for f in lint("Open http: // example.com/~a|b now\n")] == ["N604"]


@pytest.mark.parametrize("target", ["rfc1738", "rfc3986"])
def test_a_word_glued_on_before_a_scheme_is_a_warning_on_the_word(target):
    text = (
        "Spam: EUR.https://x.example/2024/a and websitehttps://y.example/b 2024http://z.example\n"
    )
    found = [f for f in lint(text, target=target) if f.code == "N615"]
    # "EUR." ends in a mark: the URL starts at the scheme, and no word is reported
    assert [(f.column, f.end_column, f.severity, f.message) for f in found] == [
        (
            40,
            47,
            Severity.WARNING,
            "websitehttps://y.example/b: a word glued on before the scheme; did you mean "
            "https://y.example/b?",
        ),
        (
            67,
            71,
            Severity.WARNING,
            "2024http://z.example: a word glued on before the scheme; did you mean "
            "http://z.example?",
        ),
    ]


def test_a_glued_word_hides_the_password_of_the_url_it_is_glued_on():
    found = lint("userhttps://u:secret7@x.example/a\n", select=["N615"])
    assert [(f.column, f.end_column, f.message) for f in found] == [
        (
            1,
            5,
            "userhttps://u:****@x.example/a: a word glued on before the scheme; did you mean "
            "https://u:****@x.example/a?",
        )
    ]


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("a.txt", "see https://x.example/a\n"),  # a blank before it
        ("a.txt", "see (websitehttps://x.example/a)\n"),  # a delimiter opens the name
        ("a.txt", "git+https://h.example/x and svn+ssh://h.example/y\n"),  # parts joined
        ("a.txt", "tftp://t.example/boot and shttp://s.example/\n"),  # registered names
        ("a.txt", "%shttp://x.example/ $xhttp://x.example/\n"),  # a placeholder's name
        ("a.py", 'x = "see:\\nhttps://x.example/a"\n'),  # an escape's letter
        ("make.bat", "\techo.http://sphinx-doc.org/\n"),  # batch's echo, Sphinx's make.bat
        ("a.txt", "the site.https://x.example/a and a.b.https://x.example/b\n"),
        ("a.md", "A span: `loghttps://x.example/a`.\n"),  # shown as written
    ],
)
def test_no_glued_word_where_none_is_glued_on(path, text):
    assert [f.code for f in lint(text, path=path, select=["N615"])] == []


def test_each_n_rule_has_one_grade_under_both_targets_and_a_section():
    entries = [entry for code, entry in rules_by_code().items() if code.startswith("N")]
    assert [(e.code, e.name) for e in entries] == [
        ("N601", "one-slash"),
        ("N602", "missing-colon"),
        ("N603", "semicolon-for-colon"),
        ("N604", "space-in-separator"),
        ("N605", "full-width-colon"),
        ("N606", "doubled-scheme"),
        ("N607", "glued-punctuation"),
        ("N608", "swapped-link"),
        ("N609", "unclosed-link"),
        ("N610", "missing-slashes"),
        ("N611", "blank-inside"),
        ("N612", "quoted-link-destination"),
        ("N613", "dash-inside"),
        ("N614", "doubled-colon"),
        ("N615", "glued-word"),
    ]
    # but a glued word, which spam writes on purpose and a reader can see past: a warning
    assert {(e.code, e.severity, e.rfc3986) for e in entries if e.severity != Severity.ERROR} == {
        ("N615", Severity.WARNING, Severity.WARNING)
    }
    assert {e.rfc3986 for e in entries if e.severity == Severity.ERROR} == {Severity.ERROR}
    assert all(e.section and "RFC 3986 " in e.rfc3986_says for e in entries)


FILES = {
    # fixed: the URL meant is certain, in prose
    "a.md": "See https:/stalw.art and http//example.com/x.\n",
    "b.txt": "Fork https;//github.com/user/repo and [d](//https://x.example/d/)\n",
    "c.txt": "地址：https：//github.com/user/repo 和 https://https://x.example/e\n",
    # no fix: the URL meant is a guess (blanks, two schemes, a glued mark)
    "d.txt": "Open http: // example.com or http://https://x.example/f or https://x.example/g）\n",
    # a host name split by a blank is joined; a path split is a guess ("%20"?), not fixed
    "h.txt": "See https://example. org/a and https://x.example/p/ report.pdf\n",
    # no fix: a comment of code is fixed, a string never (its text is a program's value)
    "e.py": "# see https:/stalw.art\nx = 'https:www.example.com/'\n",
    # a kind urlint does not read: reported, never fixed
    "f.rb": "# see https:/stalw.art\n",  # Ruby: read from its row, fixed in comments
    "g.zzz": "# see https:/stalw.art\n",  # a kind not known: never fixed
}


def test_fix_writes_the_url_meant_where_it_is_certain_and_a_fix_may_go(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--fix", "--select", "N", *FILES)
    assert (code, err) == (1, "urlint: fixed 9 problems\n")
    after = {name: (tmp_path / name).read_text(encoding="utf-8") for name in FILES}
    assert after == {
        "a.md": "See https://stalw.art and http://example.com/x.\n",
        "b.txt": "Fork https://github.com/user/repo and [d](https://x.example/d/)\n",
        "c.txt": "地址：https://github.com/user/repo 和 https://x.example/e\n",
        "d.txt": FILES["d.txt"],
        "e.py": "# see https://stalw.art\nx = 'https:www.example.com/'\n",
        "f.rb": "# see https://stalw.art\n",
        "g.zzz": FILES["g.zzz"],
        "h.txt": "See https://example.org/a and https://x.example/p/ report.pdf\n",
    }
    assert [line.split(" ")[0:2] for line in out.splitlines()[:-1]] == [
        ["d.txt:1:10:", "N604"],
        ["d.txt:1:30:", "N606"],
        ["d.txt:1:79:", "N607"],
        ["h.txt:1:51:", "N611"],
        ["e.py:2:11:", "N610"],
        ["g.zzz:1:12:", "N601"],
    ]


def test_extract_lists_near_urls_only_when_asked(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("See https:/stalw.art and https://x.example/a athttp://y.ex\n")
    assert run(capsys, "extract", "a.txt") == (0, "https://x.example/a\nhttp://y.ex\n", "")
    assert run(capsys, "extract", "--near", "-H", "a.txt") == (
        0,
        "a.txt:1:5: https:/stalw.art\na.txt:1:26: https://x.example/a\n"
        "a.txt:1:46: athttp://y.ex\na.txt:1:48: http://y.ex\n",
        "",
    )
    code, out, _ = run(capsys, "extract", "--near", "--format", "jsonl", "a.txt")
    assert (code, out.count('"flags": ["malformed"]')) == (0, 2)


def test_a_broken_escape_before_a_word_is_no_printf_conversion():
    # badge URLs of GitHub Actions where a workflow's name had a space
    found = lint(
        "![CI](https://github.com/o/r/workflows/Continuous%integration/badge.svg)\n",
        path="README.md",
    )
    assert [(f.code, f.column) for f in found] == [("C206", 50)]


MARKDOWN = (
    "Read [https://example.com/docs](the docs).\n"
    "See [the guide](https://example.com/guide for more.\n"
    "Get [the PDF](https://x.example/a b.pdf) here\n"
    "Last [one](https://x.example/z\n"
)


@pytest.mark.parametrize("target", ["rfc1738", "rfc3986"])
def test_markdown_links_that_make_no_link_are_errors_showing_the_link_meant_and_never_fixed(
    capsys, tmp_path, monkeypatch, target
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_text(MARKDOWN, encoding="utf-8")
    code, out, err = run(
        capsys, "check", "--isolated", "--fix", "--target", target, "--select", "N", "a.md"
    )
    assert (code, err) == (1, "urlint: fixed 0 problems\n")
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == MARKDOWN
    assert out.splitlines()[:-1] == [
        "a.md:1:6: N608 [https://example.com/docs](the docs): link text and target swapped; "
        "did you mean [the docs](https://example.com/docs)?",
        "a.md:2:5: N609 [the guide](https://example.com/guide: the link's '(' is not closed on "
        "its line: no link is made; did you mean [the guide](https://example.com/guide)?",
        "a.md:3:5: N609 [the PDF](https://x.example/a b.pdf): a blank in the link's "
        "destination, where Markdown ends it: no link is made; did you mean "
        "[the PDF](https://x.example/a%20b.pdf)?",
        "a.md:4:6: N609 [one](https://x.example/z: the link's '(' is not closed on its line: "
        "no link is made; did you mean [one](https://x.example/z)?",
    ]
    code, out, _ = run(
        capsys, "check", "--isolated", "--format", "json", "--target", target, "a.md"
    )
    assert {(f["code"], f["severity"], f["fix"]) for f in json.loads(out)} == {
        ("N608", "error", None),
        ("N609", "error", None),
    }


def test_a_markdown_link_that_makes_no_link_is_no_url_to_extract(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_text(MARKDOWN, encoding="utf-8")
    urls = "https://example.com/docs\nhttps://example.com/guide\nhttps://x.example/a\n"
    assert run(capsys, "extract", "a.md") == (0, urls + "https://x.example/z\n", "")
    code, out, _ = run(capsys, "extract", "--near", "a.md")
    assert (code, out.splitlines()[:2]) == (
        0,
        ["[https://example.com/docs](the docs)", "https://example.com/docs"],
    )


def test_a_password_in_a_broken_markdown_link_is_never_shown(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_text("See [x](ftp://fred:hunter2@x.example/a b)\n")
    code, out, err = run(capsys, "check", "--isolated", "--select", "N", "a.md")
    assert code == 1 and "hunter2" not in out + err
    assert "N609" in out
