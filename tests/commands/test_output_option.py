"""`-o FILE` of check, extract and report: the file replaced whole or not at all, its
errors said as standard output's (naming it), every output of the command written to it,
and, once written, passed over by a later walk (sources.own_outputs)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..helpers import run
from .test_fix_writes import _urlint

DOC = "see http://example.com/~fred\n"
FINDING = (
    "a.md:1:24: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E\n"
)


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.md").write_text(DOC)
    return tmp_path


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "command",
    [
        ("check", "--isolated", "a.md"),
        ("check", "--isolated", "--format", "json", "a.md"),
        ("check", "--isolated", "--diff", "a.md"),
        ("check", "--isolated", "--show-files", "a.md"),
        ("extract", "a.md"),
    ],
)
def test_an_output_file_on_a_full_disk_is_said_as_standard_output_is(capsys, tree, command):
    assert run(capsys, *command, "-o", "/dev/full") == (
        2, "", "urlint: /dev/full: cannot write: No space left on device\n",
    )  # fmt: skip


def test_an_output_file_in_no_folder_is_said_before_anything_is_read(capsys, tree):
    assert run(capsys, "check", "--isolated", "a.md", "-o", "no/such/r.txt") == (
        2, "", "urlint: no/such/r.txt: cannot write: No such file or directory\n",
    )  # fmt: skip


@pytest.mark.processes
def test_an_output_past_a_file_size_limit_leaves_the_old_report_byte_for_byte(tree):
    many = "".join(f"see http://h{n}.example/~fred/{n}\n" for n in range(3000))
    (tree / "a.md").write_text(many)
    (tree / "r.txt").write_text("the last report\n")
    done = _urlint(
        "check", "--isolated", "--format", "concise", "a.md", "-o", "r.txt",
        cwd=tree, limit_bytes=50_000,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "urlint: r.txt: cannot write: File too large\n"
    assert (tree / "r.txt").read_text() == "the last report\n"
    assert sorted(os.listdir(tree)) == ["a.md", "r.txt"]


def test_diff_show_files_and_show_settings_write_to_the_output_file(capsys, tree):
    assert run(capsys, "check", "--isolated", "--diff", "a.md", "-o", "fixes.diff") == (1, "", "")
    assert (tree / "fixes.diff").read_text() == (
        "--- a/a.md\n+++ b/a.md\n@@ -1 +1 @@\n-see http://example.com/~fred\n"
        "+see http://example.com/%7Efred\n"
    )
    assert run(capsys, "check", "--isolated", "--show-files", ".", "-o", "files.txt") == (
        0, "", "",
    )  # fmt: skip
    # the report being written is no input of its run; the diff is a file like any other
    assert (tree / "files.txt").read_text() == "a.md\nfixes.diff\n"
    assert run(capsys, "check", "--isolated", "--show-settings", "-o", "settings.txt") == (
        0, "", "",
    )  # fmt: skip
    assert 'target = "rfc1738"  # default\n' in (tree / "settings.txt").read_text()
    assert run(capsys, "extract", "--show-files", "a.md", "-o", "x.txt") == (0, "", "")
    assert (tree / "x.txt").read_text() == "a.md\n"


def test_a_dash_is_standard_output(capsys, tree):
    assert run(capsys, "check", "--isolated", "a.md", "-o", "-") == (
        0, FINDING + "Found 1 problem: 1 warning (1 fixable with --fix; target: RFC 1738).\n", "",
    )  # fmt: skip
    assert run(capsys, "extract", "a.md", "-o", "-") == (0, "http://example.com/~fred\n", "")
    assert not (tree / "-").exists()


@pytest.mark.processes
def test_dev_stdout_is_written_as_it_is_to_a_pipe_and_appended_to_a_file(tree):
    command = [sys.executable, "-m", "urlint", "extract", "a.md", "-o", "/dev/stdout"]
    piped = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, "http://example.com/~fred\n", "")
    (tree / "log.txt").write_text("before\n")
    with open(tree / "log.txt", "a") as log:
        appended = subprocess.run(command, cwd=tree, stdout=log, check=False)
    assert appended.returncode == 0
    assert (tree / "log.txt").read_text() == "before\nhttp://example.com/~fred\n"


def test_an_output_file_that_is_an_input_is_not_written_over(capsys, tree):
    assert run(capsys, "extract", "a.md", "-o", "a.md") == (
        2, "", "urlint: -o a.md: that file is also an input; it is not written over\n",
    )  # fmt: skip
    assert (tree / "a.md").read_text() == DOC


@pytest.mark.parametrize(
    ("command", "format"),
    [
        ("extract", "text"),
        ("check", "text"),
        ("check", "concise"),
        ("check", "full"),
        ("check", "github"),
        ("check", "gitlab"),
    ],
)
def test_a_report_of_a_format_with_no_mark_is_passed_over_by_a_later_walk(
    capsys, tree, command, format
):
    """Known by the record of what -o wrote, not by its first bytes: a later run over the
    tree finds the tree's URLs only; a copy of the report (not urlint's) is read; named,
    the report is read; edited, it is read again."""
    from urlint.sources.own_outputs import is_own_output

    (tree / "a.md").write_text("see http://example.com/~fred and ftp://u:pw@h.example/\n")
    (tree / "out").mkdir()
    extra = () if command == "extract" else ("--isolated", "--exit-zero")
    assert run(capsys, command, *extra, "--format", format, "a.md", "-o", "out/report")[0] == 0
    report = tree / "out" / "report"
    assert is_own_output(os.stat(report))
    expected = "http://example.com/~fred\nftp://u:****@h.example/\n"
    assert run(capsys, "extract", ".") == (0, expected, "")
    assert run(capsys, "extract", "-j", "2", ".") == (0, expected, "")
    assert run(capsys, "check", "--isolated", "--format", "concise", ".")[1] == (
        FINDING + "a.md:1:42: P501 a password in the URL: never write one (section 6)\n"
    )
    if format in ("text", "full") and command == "extract" or format == "full":
        # its text holds the URLs: a copy, which urlint did not write, gives them again
        (tree / "copy").write_bytes(report.read_bytes())
        shown = expected * (2 if command == "check" else 1)  # full: the line of each finding
        assert run(capsys, "extract", "copy") == (0, shown, "")
        assert run(capsys, "extract", "out/report") == (0, shown, "")  # named: read
        (tree / "copy").unlink()
    with open(report, "a") as edited:
        edited.write("see http://edited.example/\n")
    assert not is_own_output(os.stat(report))
    assert run(capsys, "extract", ".")[1].endswith("http://edited.example/\n")


def test_json_outputs_escape_bidirectional_controls_as_the_text_formats_do(capsys, tree):
    name = "report\u202edm.exe"
    (tree / name).write_text("see http://example.com/\u202egnp.exe/~x\n")
    code, out, _ = run(capsys, "check", "--isolated", "--format", "gitlab", name)
    assert "\u202e" not in out and out.count("\\u202e") == 3  # the path, the message's twice
    assert {issue["location"]["path"] for issue in json.loads(out)} == {name}
    code, out, _ = run(capsys, "extract", "--format", "jsonl", name)
    assert "\u202e" not in out and out.count("\\u202e") == 2
    assert json.loads(out)["url"] == "http://example.com/\u202egnp.exe/~x"
    for format in ("json", "jsonl", "sarif"):
        code, out, _ = run(capsys, "check", "--isolated", "--format", format, name)
        assert "\u202e" not in out and "\\u202e" in out, format
    code, out, _ = run(capsys, "check", "--isolated", "--format", "junit", name)
    assert "\u202e" not in out and "\\u202e" in out
    code, out, _ = run(capsys, "check", "--isolated", "--format", "concise", name)
    assert out.startswith("report\\u202edm.exe:1:")
