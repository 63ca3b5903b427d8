"""A run never lints urlint's own files: the baseline it reads, nor, in a walk, what an
earlier run wrote in the tree (a baseline, a report, a table, the results store).

The baseline given (--baseline, --write-baseline) is known by identity, whatever its name
or a link to it; the others by their first bytes (sources.kinds.urlint_wrote). A file
named on the command line is read whatever it holds, as ruff reads a file named to it."""

from __future__ import annotations

import json
import os

import pytest

from urlint import check_paths

from ..helpers import run

SECRET = "hunter2pw"
NOTES = (
    "drafts at ftp://fred:secret@ftp.example.org/~drafts/\n"
    f"and postgres://admin:{SECRET}@db.example.com:5432/app here.\n"
)
FOUND = [
    "notes.txt:1:22: P501 a password in the URL: never write one (section 6)",
    "notes.txt:1:45: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E",
    "notes.txt:2:22: P501 a password in the URL: never write one (section 6)",
]


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    (tmp_path / "notes.txt").write_text(NOTES)
    return tmp_path


def test_a_tree_with_its_own_baseline_checks_clean(capsys, tree):
    # the sequence of a project adopting a baseline, as detect-secrets' users know it
    assert run(capsys, "check", "--write-baseline", "urlint-baseline.json", ".") == (
        0, "", "urlint: wrote a baseline of 3 findings to urlint-baseline.json\n",
    )  # fmt: skip
    baseline = (tree / "urlint-baseline.json").read_text()
    assert "postgres://admin:****@db.example.com:5432/app" in baseline
    assert SECRET not in baseline
    assert run(capsys, "check", "--baseline", "urlint-baseline.json", ".") == (0, "", "")
    # again, over the baseline it reads: its findings are the tree's, nothing of its own
    assert run(capsys, "check", "--write-baseline", "urlint-baseline.json", ".") == (
        0, "", "urlint: baseline: 3 entries, 0 dropped\n",
    )  # fmt: skip
    # without --baseline, a walk knows the file for urlint's by its first bytes
    code, out, err = run(capsys, "check", "--format", "concise", ".")
    assert (code, out.splitlines(), err) == (1, FOUND, "")


def test_the_baseline_read_is_no_input_by_any_name(capsys, tree):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    os.symlink("base.json", tree / "link.json")
    (tree / "sub").mkdir()
    for given in ("base.json", "./base.json", "sub/../base.json", "link.json"):
        # named among the inputs, or met in the walk as itself or through a link
        for paths in ((".",), ("base.json", "notes.txt"), ("link.json", "notes.txt")):
            assert run(capsys, "check", "--baseline", given, *paths) == (0, "", ""), (
                given,
                paths,
            )
    # what --show-files lists is what the run reads
    assert run(capsys, "check", "--show-files", "--baseline", "link.json", ".") == (
        0, "notes.txt\nurlint.toml\n", "",
    )  # fmt: skip


@pytest.mark.processes
def test_the_baseline_is_no_input_on_two_processes(capsys, tree):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    (tree / "more.txt").write_text("see http://example.com/~fred/\n")
    code, out, _ = run(
        capsys, "check", "--format", "jsonl", "-j", "2", "--baseline", "base.json", "."
    )
    assert (code, [json.loads(line)["path"] for line in out.splitlines()]) == (0, ["more.txt"])


def test_the_library_reads_no_baseline_it_was_given_as_a_path_too(tree, capsys):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    assert list(check_paths(["."], baseline=tree / "base.json")) == []
    found = [(f.path, f.code) for f in check_paths(["."])]
    assert found == [("notes.txt", "P501"), ("notes.txt", "C202"), ("notes.txt", "P501")]


def _reports(capsys, tree) -> None:
    """What a project's earlier runs left in its tree: check's reports, a baseline, the
    report page and tables of a store, the store itself."""
    (tree / "out").mkdir()
    for fmt in ("sarif", "json", "jsonl", "junit"):
        run(capsys, "check", "--format", fmt, "-o", f"out/urlint.{fmt}", "notes.txt")
    run(capsys, "check", "--write-baseline", "out/base.json", "notes.txt")
    _, urls, _ = run(capsys, "extract", "--format", "jsonl", "notes.txt")
    (tree / "out" / "urls.jsonl").write_text(urls)
    run(capsys, "scan", "-q", "--store", "out/urls.sqlite", "notes.txt")
    run(capsys, "report", "out/urls.sqlite", "--html", "out/report.html")
    for fmt in ("csv", "json", "jsonl"):
        run(
            capsys,
            "report",
            "out/urls.sqlite",
            "--table",
            "census",
            "--format",
            fmt,
            "-o",
            f"out/census.{fmt}",
        )
    assert len(os.listdir(tree / "out")) == 15  # the store's key, close record, WAL, index


def test_a_walk_passes_over_the_files_earlier_runs_wrote(capsys, tree):
    _reports(capsys, tree)
    code, out, err = run(capsys, "check", "--format", "concise", "--select", "ALL", ".")
    assert (code, err) == (1, "")
    assert {line.split(":")[0] for line in out.splitlines()} == {"notes.txt"}
    _, out, _ = run(capsys, "extract", "-H", ".")
    assert {line.split(":")[0] for line in out.splitlines()} == {"notes.txt"}
    # a scan into another store reads none of them, nor the store it wrote before
    assert run(capsys, "scan", "-q", "--store", "again.sqlite", ".")[0] == 0
    _, out, _ = run(capsys, "report", "again.sqlite", "--table", "census", "--format", "jsonl")
    assert {json.loads(line)["path"] for line in out.splitlines()} == {"notes.txt"}


def test_a_file_named_is_read_whatever_it_holds(capsys, tree):
    _reports(capsys, tree)
    code, out, _ = run(capsys, "check", "--format", "concise", "out/urlint.jsonl")
    tilde = (
        "C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
        "rfc3986): write it as %7E"
    )
    # the report's passwords are urlint's masks (`****`): a placeholder's, info
    masked = "P501 a password in the URL: never write one (section 6) (a placeholder password)"
    assert (code, out.splitlines()) == (0, [
        f"out/urlint.jsonl:1:231: {masked}",
        f"out/urlint.jsonl:1:252: {tilde}",
        f"out/urlint.jsonl:2:278: {masked}",
        f"out/urlint.jsonl:2:299: {tilde}",
        f"out/urlint.jsonl:3:237: {masked}",
    ])  # fmt: skip
    assert SECRET not in out
    # as --show-files lists a walk's files by name: what holds they are not read for
    _, out, _ = run(capsys, "check", "--show-files", "out")
    assert out.splitlines() == [
        "out/base.json", "out/census.csv", "out/census.json", "out/census.jsonl",
        "out/report.html", "out/urlint.json", "out/urlint.jsonl", "out/urlint.junit",
        "out/urlint.sarif", "out/urls.jsonl", "out/urls.sqlite", "out/urls.sqlite-closed",
        "out/urls.sqlite-key", "out/urls.sqlite-shm", "out/urls.sqlite-wal",
    ]  # fmt: skip
    assert run(capsys, "check", "out") == (0, "", "")
