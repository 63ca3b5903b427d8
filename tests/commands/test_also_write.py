"""`check --also-write FORMAT:FILE`: the same run's findings written in other formats too,
each file whole or not at all and never read by the run that writes it."""

from __future__ import annotations

import json

import pytest

from ..helpers import run

SECRET = "s3cretpw"
TEXT = f"see <URL:ftp://fred:{SECRET}@h.example.com/> and http://example.com/~x/\n"
ANNOTATIONS = [
    "::error file=a.txt,line=1,col=21,endLine=1,endColumn=29,title=P501 embedded-password::"
    "a password in the URL: never write one (section 6)",
    "::warning file=a.txt,line=1,col=69,endLine=1,endColumn=70,title=C202 unsafe-tilde::"
    "unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): "
    "write it as %257E",
]
CONCISE = [
    "a.txt:1:21: P501 a password in the URL: never write one (section 6)",
    "a.txt:1:69: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E",
]


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text(TEXT, encoding="utf-8")
    return tmp_path


def test_one_run_annotates_and_writes_sarif_and_another_format(tree, capsys):
    (tree / "out").mkdir()
    code, out, err = run(
        capsys, "check", "--isolated", "--format", "github",
        "--also-write", "sarif:out/r.sarif", "--also-write", "concise:r.txt", ".",
    )  # fmt: skip
    assert (code, out.splitlines(), err) == (1, ANNOTATIONS, "")
    log = json.loads((tree / "out/r.sarif").read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["P501", "C202"]
    assert log["runs"][0]["properties"]["target"] == "rfc1738"
    assert (tree / "r.txt").read_text(encoding="utf-8").splitlines() == CONCISE
    assert SECRET not in out + (tree / "out/r.sarif").read_text() + (tree / "r.txt").read_text()
    # a later run over the same tree reads neither report: the same findings, the same files
    code, again, _ = run(
        capsys, "check", "--isolated", "--format", "github", "--also-write", "concise:r.txt", "."
    )
    assert (code, again.splitlines()) == (1, ANNOTATIONS)
    assert sorted(path.name for path in tree.rglob("*") if path.is_file()) == [
        "a.txt", "r.sarif", "r.txt",
    ]  # fmt: skip


def test_a_clean_run_writes_empty_reports(tree, capsys):
    (tree / "a.txt").write_text("see http://example.com/x\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--isolated", "--also-write", "jsonl:r.jsonl", ".")
    assert (code, out) == (0, "")
    assert (tree / "r.jsonl").read_text(encoding="utf-8") == ""


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (
            ("--also-write", "sarif"),
            "argument --also-write: 'sarif' is not FORMAT:FILE with FORMAT one of text, "
            "concise, full, json, jsonl, sarif, github, gitlab, junit, markdown",
        ),
        (
            ("--also-write", "pdf:r.pdf"),
            "argument --also-write: 'pdf:r.pdf' is not FORMAT:FILE with FORMAT one of text, "
            "concise, full, json, jsonl, sarif, github, gitlab, junit, markdown",
        ),
    ],
)
def test_a_malformed_value_is_a_usage_error(tree, capsys, arguments, said):
    with pytest.raises(SystemExit) as ended:
        run(capsys, "check", *arguments, "a.txt")
    assert ended.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"urlint check: error: {said}"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (
            ("--also-write", "sarif:a.txt", "a.txt"),
            "urlint: --also-write a.txt: that file is also an input; it is not written over",
        ),
        (
            ("--also-write", "sarif:r.sarif", "--diff", "a.txt"),
            "urlint: --also-write goes with a report of the findings, not --diff, "
            "--add-ignore, --write-baseline or --statistics",
        ),
    ],
)
def test_what_it_cannot_go_with_is_refused_and_nothing_is_written(tree, capsys, arguments, said):
    before = (tree / "a.txt").read_text(encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", *arguments)
    assert (code, out, err) == (2, "", said + "\n")
    assert (tree / "a.txt").read_text(encoding="utf-8") == before
    assert not (tree / "r.sarif").exists()
