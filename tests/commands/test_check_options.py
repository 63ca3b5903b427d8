"""The options users look for, as ripgrep and ruff spell them, run as a user runs them:
-g/--glob and --hidden/--no-hidden (check, extract, scan), a walk that finds nothing to read
(check, extract) and --stdin-filename (check).
(--show-settings and --show-files: test_show.py; --add-ignore: linter/test_add_ignore.py.)"""

from __future__ import annotations

import io
import sqlite3
import sys

import pytest

from ..helpers import BAD, run


def stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def paths_of(out: str) -> list[str]:
    return [line.split(":")[0] for line in out.splitlines() if not line.startswith("Found")]


# -- --glob, --hidden and --no-hidden ---------------------------------------------------------

EVERY_FILE = [".env", ".github/ci.yml", "a.py", "b.txt", "src/.cache/d.py", "src/c.py"]


def test_check_reads_hidden_files_unless_no_hidden_is_given(capsys, project):
    code, out, err = run(capsys, "check", "--format", "concise")
    assert (code, paths_of(out), err) == (0, EVERY_FILE, "")
    code, out, err = run(capsys, "check", "--format", "concise", "--no-hidden")
    assert (code, paths_of(out), err) == (0, ["a.py", "b.txt", "src/c.py"], "")
    # the last of the two flags decides, as ripgrep's
    code, out, err = run(capsys, "check", "--format", "concise", "--no-hidden", "--hidden")
    assert (code, paths_of(out), err) == (0, EVERY_FILE, "")
    code, out, err = run(capsys, "check", "--format", "concise", "--hidden", "--no-hidden")
    assert (code, paths_of(out), err) == (0, ["a.py", "b.txt", "src/c.py"], "")


def test_check_reads_hidden_files_named_as_a_pre_commit_hook_names_them(capsys, project):
    assert run(capsys, "check", "--format", "concise", ".env", ".github/ci.yml") == (
        0,
        ".env:1:26: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
        ".github/ci.yml:1:26: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
        "",
    )


def test_check_glob_includes_and_excludes_the_last_that_matches_winning(capsys, project):
    code, out, _ = run(capsys, "check", "--format", "concise", "-g", "*.py")
    assert (code, paths_of(out)) == (0, ["a.py", "src/.cache/d.py", "src/c.py"])
    code, out, _ = run(capsys, "check", "--format", "concise", "--glob", "*.py", "-g", "!src/**")
    assert (code, paths_of(out)) == (0, ["a.py"])
    code, out, _ = run(capsys, "check", "--format", "concise", "-g", "!*.py")
    assert (code, paths_of(out)) == (0, [".env", ".github/ci.yml", "b.txt"])
    # a glob chooses among a walk's files only: a file named is read
    code, out, _ = run(capsys, "check", "--format", "concise", "-g", "*.py", "b.txt", "src")
    assert (code, paths_of(out)) == (0, ["b.txt", "src/.cache/d.py", "src/c.py"])


@pytest.mark.processes
def test_check_on_two_processes_reads_what_glob_and_hidden_choose(capsys, project):
    code, out, _ = run(capsys, "check", "-j", "2", "--format", "concise", "-g", "*.py")
    assert (code, paths_of(out)) == (0, ["a.py", "src/.cache/d.py", "src/c.py"])
    code, out, _ = run(
        capsys, "check", "-j", "2", "--format", "concise", "-g", "*.py", "--no-hidden"
    )
    assert (code, paths_of(out)) == (0, ["a.py", "src/c.py"])


def test_extract_takes_glob_and_hidden(capsys, project):
    # (extract reads standard input when no PATH is given: "." is named)
    assert run(capsys, "extract", "-H", "-g", "*.txt", ".") == (
        0,
        "b.txt:1:7: http://example.com/~x/\n",
        "",
    )
    assert run(capsys, "extract", "-l", "-g", "!*.py", ".") == (
        0,
        ".env\n.github/ci.yml\nb.txt\n",
        "",
    )
    assert run(capsys, "extract", "-l", ".") == (0, "".join(f"{p}\n" for p in EVERY_FILE), "")
    assert run(capsys, "extract", "-l", "--no-hidden", ".") == (0, "a.py\nb.txt\nsrc/c.py\n", "")


def test_scan_takes_glob_and_hidden(capsys, project):
    assert run(capsys, "scan", "-q", "--store", "s.sqlite", "-g", "*.py", ".")[0] == 0
    with sqlite3.connect("s.sqlite") as connection:
        stored = [row[0] for row in connection.execute("SELECT path FROM inputs ORDER BY path")]
    assert stored == ["a.py", "src/.cache/d.py", "src/c.py"]
    code, _, _ = run(capsys, "scan", "-q", "--store", "t.sqlite", "-g", "*.py", "--no-hidden", ".")
    assert code == 0
    with sqlite3.connect("t.sqlite") as connection:
        stored = [row[0] for row in connection.execute("SELECT path FROM inputs ORDER BY path")]
    assert stored == ["a.py", "src/c.py"]


# -- a walk that finds nothing to read ---------------------------------------------------------


def test_a_check_whose_walk_finds_nothing_says_so_and_exits_2(capsys, project):
    # the action's `args: -g '*.md'`, its quotes kept: no name has them
    assert run(capsys, "check", "-g", "'*.md'") == (
        2,
        "",
        "urlint: no files were read: paths ., globs \"'*.md'\"\n",
    )
    assert run(capsys, "check", "-q", "-g", "*.md", "-g", "!docs/**", ".", "src") == (
        2,
        "",
        "urlint: no files were read: paths . src, globs '*.md' '!docs/**'\n",
    )
    (project / "empty").mkdir()
    assert run(capsys, "check", "--format", "json", "empty") == (
        2,
        "",
        "urlint: no files were read: paths empty\n",
    )
    # every file passed over by exclude
    assert run(capsys, "check", "--exclude", "*", ".")[0] == 2


def test_extract_whose_walk_finds_nothing_says_so_and_exits_2(capsys, project):
    assert run(capsys, "extract", "-g", "*.md", ".") == (
        2,
        "",
        "urlint: no files were read: paths ., globs '*.md'\n",
    )
    (project / "dots").mkdir()
    (project / "dots" / ".profile").write_text("http://example.com/\n")
    assert run(capsys, "extract", "--no-hidden", "dots") == (
        2,
        "",
        "urlint: no files were read: paths dots\n",
    )
    assert run(capsys, "extract", "dots") == (0, "http://example.com/\n", "")


def test_a_run_that_names_a_file_or_reads_standard_input_never_says_nothing_was_read(
    capsys, project, monkeypatch
):
    # a pre-commit hook's run: the files named, each excluded (--force-exclude) or not
    assert run(capsys, "check", "--force-exclude", "--exclude", "*.py", "a.py") == (0, "", "")
    assert run(capsys, "check", "-g", "*.md", "--format", "concise", "a.py")[:2] == (
        0,
        "a.py:1:26: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
        "--target rfc3986): write it as %7E\n",
    )
    # a directory that finds nothing beside a file named: the file is read
    assert run(capsys, "check", "-g", "*.md", "--format", "concise", ".", "b.txt")[0] == 0
    # an empty list of paths (nothing changed): nothing to read, nothing wrong
    stdin_bytes(monkeypatch, b"")
    assert run(capsys, "check", "--files-from", "-") == (0, "", "")
    # standard input, empty, is read
    stdin_bytes(monkeypatch, b"")
    assert run(capsys, "check", "-g", "*.md", "-") == (0, "", "")
    stdin_bytes(monkeypatch, b"")
    assert run(capsys, "extract", "-g", "*.md", "-") == (1, "", "")
    # a path that cannot be read says so itself, once
    code, out, err = run(capsys, "extract", "-g", "*.md", "missing")
    assert (code, out, err) == (2, "", "urlint: missing: cannot read: No such file or directory\n")


# -- --stdin-filename -------------------------------------------------------------------------


def test_stdin_filename_reads_standard_input_in_the_syntax_of_its_name(
    capsys, project, monkeypatch
):
    code_text = b'URL = "http://example.com/a|b"  # http://example.com/~x/\n'
    stdin_bytes(monkeypatch, code_text)
    assert run(capsys, "check", "--format", "concise", "--stdin-filename", "pkg/m.py") == (
        1,
        "pkg/m.py:1:28: C201 unsafe character '|': write it as %7C\n"
        "pkg/m.py:1:54: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
        "",
    )
    # read as `-`, the same text is prose: a fix is offered for the '|' in the string
    stdin_bytes(monkeypatch, code_text)
    code, out, _ = run(capsys, "check", "--format", "jsonl", "-")
    assert code == 1 and '"path": "-"' in out and '"fix": {' in out.splitlines()[0]


def test_stdin_filename_takes_the_per_file_ignores_of_its_name(capsys, project, monkeypatch):
    (project / "urlint.toml").write_text('[per-file-ignores]\n"docs/*" = ["C2"]\n')
    stdin_bytes(monkeypatch, BAD.encode())
    assert run(capsys, "check", "--stdin-filename", "docs/x.md", "-") == (0, "", "")
    stdin_bytes(monkeypatch, BAD.encode())
    assert run(capsys, "check", "--format", "concise", "--stdin-filename", "x.md") == (
        0,
        "x.md:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
        "",
    )


def test_stdin_filename_with_paths_but_no_dash_is_a_usage_error(capsys, project):
    assert run(capsys, "check", "--stdin-filename", "x.py", "a.py") == (
        2,
        "",
        "urlint: --stdin-filename names standard input: give '-' as a PATH\n",
    )


def test_stdin_filename_refuses_mail_on_standard_input(capsys, project, monkeypatch):
    stdin_bytes(monkeypatch, b"From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\n\nhttp://e.example/\n")
    assert run(capsys, "check", "--stdin-filename", "x.txt") == (
        2,
        "",
        "urlint: --stdin-filename x.txt: standard input holds mbox, not text: give it as "
        "'-' alone\n",
    )


def test_stdin_filename_full_format_never_shows_the_line_of_the_file_on_disk(
    capsys, project, monkeypatch
):
    # a.py on disk holds another text: its line is not the one standard input's finding is on
    (project / "a.py").write_text("TOKEN = 'not this line'\n")
    stdin_bytes(monkeypatch, BAD.encode())
    assert run(capsys, "check", "--format", "full", "--stdin-filename", "a.py") == (
        0,
        "a.py:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E [unsafe-tilde]\n\n"
        "Found 1 problem: 1 warning (target: RFC 1738).\n",
        "",
    )
