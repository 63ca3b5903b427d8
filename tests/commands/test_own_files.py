"""A run never lints urlint's own files: the baseline it reads.

The baseline given (--baseline, --write-baseline) is known by identity, whatever its name
or a link to it."""

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


def test_the_baseline_read_is_no_input_by_any_name(capsys, tree):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    os.symlink("base.json", tree / "link.json")
    (tree / "sub").mkdir()
    for given in ("base.json", "./base.json", "sub/../base.json", "link.json"):
        # named among the inputs, or met in the walk as itself or through a link
        for paths in ((".",), ("base.json", "notes.txt"), ("link.json", "notes.txt")):
            assert run(capsys, "check", "--baseline", given, *paths) == (0, "", ""), (
                given, paths,
            )
    # what --show-files lists is what the run reads
    assert run(capsys, "check", "--show-files", "--baseline", "link.json", ".") == (
        0, "notes.txt\nurlint.toml\n", "",
    )  # fmt: skip


def test_the_baseline_is_no_input_on_two_processes(capsys, tree):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    (tree / "more.txt").write_text("see http://example.com/~fred/\n")
    code, out, _ = run(capsys, "check", "--format", "jsonl", "-j", "2", "--baseline",
                       "base.json", ".")
    assert (code, [json.loads(line)["path"] for line in out.splitlines()]) == (0, ["more.txt"])


def test_the_library_reads_no_baseline_it_was_given_as_a_path_too(tree, capsys):
    run(capsys, "check", "--write-baseline", "base.json", ".")
    assert list(check_paths(["."], baseline=tree / "base.json")) == []
