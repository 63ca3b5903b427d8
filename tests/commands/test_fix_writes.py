"""`check --fix` and `--write-baseline` never lose or bend a user's file: a write is whole or
not at all, fixes are applied to the text they were decided on, and only regular files are
written (sources.rewriting.rewrite)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..helpers import run

DOC = "".join(f"Line {n}: see http://a.example/~fred/{n} for more.\n" for n in range(2000))


def _limited(limit_bytes: int):
    """A child's set-up: files no larger than `limit_bytes` (RLIMIT_FSIZE), and SIGXFSZ
    ignored, so a write past the limit fails with EFBIG as a full disk's with ENOSPC."""

    def set_up() -> None:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return set_up


def _urlint(*argv: str, cwd, limit_bytes: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "urlint", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        preexec_fn=_limited(limit_bytes),  # noqa: PLW1509 - nothing else runs in the child yet
        check=False,
    )


@pytest.mark.slow  # urlint in a Python of its own, under a file-size limit
@pytest.mark.processes
def test_a_fix_that_cannot_be_written_whole_leaves_the_file_byte_for_byte(tmp_path):
    """Under a file-size limit the fixed file cannot be written: the old one stays whole,
    the run says why and exits 2, and no temporary file is left beside it."""
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    done = _urlint("check", "--isolated", "--fix", "doc.md", cwd=tmp_path, limit_bytes=40_000)
    assert (tmp_path / "doc.md").read_text(encoding="utf-8") == DOC
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "urlint: doc.md: cannot write the fixes: File too large",
        "urlint: fixed 0 problems",
    ]
    assert sorted(os.listdir(tmp_path)) == ["doc.md"]


@pytest.mark.slow  # urlint twice in a Python of its own, under a file-size limit
@pytest.mark.processes
def test_a_baseline_that_cannot_be_written_whole_keeps_the_old_one(tmp_path):
    (tmp_path / "doc.md").write_text(DOC[:4000], encoding="utf-8")
    first = _urlint(
        "check",
        "--isolated",
        "--write-baseline",
        "base.json",
        "doc.md",
        cwd=tmp_path,
        limit_bytes=10_000_000,
    )
    assert first.returncode == 0
    old = (tmp_path / "base.json").read_bytes()
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    second = _urlint(
        "check",
        "--isolated",
        "--write-baseline",
        "base.json",
        "doc.md",
        cwd=tmp_path,
        limit_bytes=len(old) + 100,
    )
    assert second.returncode == 2
    assert second.stderr == "urlint: base.json: cannot write the baseline: File too large\n"
    assert (tmp_path / "base.json").read_bytes() == old
    assert len(json.loads(old)["findings"]) == DOC[:4000].count("~")
    assert sorted(os.listdir(tmp_path)) == ["base.json", "doc.md"]


@pytest.mark.processes
def test_ignore_comments_that_cannot_be_written_leave_the_file_and_exit_2(tmp_path):
    code = "".join(f"x{n} = 1  # see http://a.example/~fred/{n}\n" for n in range(300))
    (tmp_path / "code.py").write_text(code, encoding="utf-8")
    done = _urlint(
        "check", "--isolated", "--add-ignore", "code.py", cwd=tmp_path, limit_bytes=len(code) + 10
    )
    assert (tmp_path / "code.py").read_text(encoding="utf-8") == code
    assert done.returncode == 2
    said = done.stderr.splitlines()
    assert said[0] == (
        "urlint: code.py:1: C202: no ignore comment: cannot write the file: File too large"
    )
    assert (len(said), said[-1]) == (301, "urlint: added 0 ignore comments")
    assert sorted(os.listdir(tmp_path)) == ["code.py"]


def test_a_file_changed_while_it_was_checked_is_not_fixed(capsys, tmp_path, monkeypatch):
    """Another run fixed the file after this one read it: this one's edits, found in the
    old text, are not applied to the new one (`%7E` would become `%7E7E`)."""
    from urlint.linter import checker

    monkeypatch.chdir(tmp_path)
    (tmp_path / "doc.md").write_text("see http://a.example/~fred/\n", encoding="utf-8")
    check_file = checker.Checker.check_file

    def checked_while_another_run_fixes(self, item, *args, **kwargs):
        found = list(check_file(self, item, *args, **kwargs))
        (tmp_path / "doc.md").write_text("see http://a.example/%7Efred/\n", encoding="utf-8")
        return found

    monkeypatch.setattr(checker.Checker, "check_file", checked_while_another_run_fixes)
    code, _, err = run(capsys, "check", "--isolated", "--fix", "doc.md")
    assert (code, err) == (
        2,
        "urlint: doc.md: not fixed: it changed while it was checked (run again)\n"
        "urlint: fixed 0 problems\n",
    )
    assert (tmp_path / "doc.md").read_text(encoding="utf-8") == "see http://a.example/%7Efred/\n"


def test_a_link_and_a_fifo_are_never_fixed_nor_waited_on(capsys, tmp_path, monkeypatch):
    """A link is not followed to write a file it points to (outside the tree, perhaps); a
    FIFO is read once and never opened again to be written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "outside").mkdir()
    (tmp_path / "tree").mkdir()
    outside = tmp_path / "outside" / "notes.md"
    outside.write_text("see http://a.example/~fred/\n", encoding="utf-8")
    (tmp_path / "tree" / "link.md").symlink_to(outside)
    code, _, err = run(capsys, "check", "--isolated", "--fix", "tree/link.md")
    assert (code, err) == (
        2,
        "urlint: tree/link.md: not fixed: not a regular file (a symbolic link, a FIFO or a "
        "device)\nurlint: fixed 0 problems\n",
    )
    assert outside.read_text(encoding="utf-8") == "see http://a.example/~fred/\n"


def test_a_fifo_named_to_fix_is_read_once_and_never_written(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "pipe.md")
    # The text waits in the pipe before the run opens it: a reader of our own holds the
    # pipe open while the writer's end, its text written, is closed.
    held = os.open(tmp_path / "pipe.md", os.O_RDONLY | os.O_NONBLOCK)
    try:
        writer = os.open(tmp_path / "pipe.md", os.O_WRONLY | os.O_NONBLOCK)
        os.write(writer, b"see http://a.example/~fred/\n")
        os.close(writer)
        code, _, err = run(capsys, "check", "--isolated", "--fix", "pipe.md")
    finally:
        os.close(held)
    assert (code, err) == (
        2,
        "urlint: pipe.md: not fixed: not a regular file (a symbolic link, a FIFO or a "
        "device)\nurlint: fixed 0 problems\n",
    )


def test_fixes_that_overlap_or_follow_one_another_are_all_applied(capsys, tmp_path, monkeypatch):
    """A host's split joined (N611) shows a '~' with a fix of its own: the fixed file is
    checked and fixed again, as ruff's --fix does, until it has no fix left."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "doc.md").write_text("see https://example. org/~x here\n", encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--select", "ALL", "--fix", "doc.md")
    assert (code, out, err) == (0, "", "urlint: fixed 2 problems\n")
    assert (tmp_path / "doc.md").read_text(
        encoding="utf-8"
    ) == "see https://example.org/%7Ex here\n"


def test_diff_shows_what_fix_writes_its_later_passes_too(capsys, tmp_path, monkeypatch):
    """--diff shows the file --fix would write: the '~' the joined host shows is fixed in
    the second pass, and a password stays hidden in both sides."""
    monkeypatch.chdir(tmp_path)
    text = "see https://example. org/~x here\nftp://fred:secret@h.example/~y\n"
    (tmp_path / "doc.md").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--select", "ALL", "--diff", "doc.md")
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "--- a/doc.md",
        "+++ b/doc.md",
        "@@ -1,2 +1,2 @@",
        "-see https://example. org/~x here",
        "+see https://example.org/%7Ex here",
        " ftp://fred:****@h.example/~y",
    ]
    assert (tmp_path / "doc.md").read_text(encoding="utf-8") == text
    run(capsys, "check", "--isolated", "--select", "ALL", "--fix", "doc.md")
    assert (tmp_path / "doc.md").read_text(encoding="utf-8").splitlines()[0] == (
        "see https://example.org/%7Ex here"
    )


def test_fixes_left_after_the_last_pass_are_said_and_fail_the_run(capsys, tmp_path, monkeypatch):
    from urlint.linter import fixes

    monkeypatch.setattr(fixes, "_PASSES", 1)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "doc.md").write_text("see https://example. org/~x here\n", encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--select", "ALL", "--fix", "doc.md")
    assert code == 1
    assert out.splitlines()[0].startswith("doc.md:1:25: C202 unsafe character '~'")
    assert err == (
        "urlint: fixed 1 problem\n"
        "urlint: 1 fixable problem not fixed: a fix overlapped another, or a fixed URL has "
        "another fix (run --fix again)\n"
    )


@pytest.mark.slow
def test_a_markdown_file_past_its_first_chunk_is_fixed_whole(capsys, tmp_path, monkeypatch):
    """Read in chunks of 512 KB, a long Markdown file's later chunks kept no fix: --fix
    fixed part of it and exited 0. Each chunk now knows the blocks open before it."""
    monkeypatch.chdir(tmp_path)
    lines = 12_000  # 640 KB: two chunks
    doc = "".join(f"line {n:07d} see http://example.com/~fred/{n}\n" for n in range(lines))
    (tmp_path / "big.md").write_text(doc, encoding="utf-8")
    code, out, err = run(capsys, "check", "--isolated", "--fix", "big.md")
    assert (code, out, err) == (0, "", f"urlint: fixed {lines} problems\n")
    assert (tmp_path / "big.md").read_text(encoding="utf-8") == doc.replace("~", "%7E")


def _fixed_through(stdin: bytes, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "urlint", "check", "--isolated", "--fix", *argv],
        input=stdin,
        capture_output=True,
        check=False,
    )


@pytest.mark.processes
def test_fix_on_standard_input_writes_the_fixed_text_and_says_the_rest():
    """`check --fix -` as ruff's: an editor or a formatter pipes the text through it; the
    fixed text on standard output, in the input's encoding and line ends, the findings
    left and the count on standard error. A code span's URL is the markup's: left."""
    text = "see https://example. org/~x here\r\nand `http://a.example/~code`\r\n"
    done = _fixed_through(text.encode("utf-16"), "--select", "ALL", "--stdin-filename", "a.md", "-")
    assert done.stdout.decode("utf-16") == (
        "see https://example.org/%7Ex here\r\nand `http://a.example/~code`\r\n"
    )
    assert done.stdout.startswith(b"\xff\xfe")  # its byte order mark kept
    assert (done.returncode, done.stderr.decode().splitlines()) == (
        0,
        [
            "a.md:2:23: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows "
            "it: --target rfc3986): write it as %7E",
            "Found 1 problem: 1 warning (target: RFC 1738).",
            "urlint: fixed 2 problems",
        ],
    )


@pytest.mark.processes
def test_standard_input_that_cannot_be_fixed_comes_out_as_it_went_in():
    """Bytes that do not decode as text are not written back changed: out as they came,
    the reason said, exit 2 (a pipe never loses the text); and --fix takes '-' alone."""
    data = b"see http://a.example/~x \xff\xfe\x00 here\n"
    done = _fixed_through(data, "-")
    assert (done.returncode, done.stdout) == (2, data)
    assert done.stderr.decode().splitlines() == [
        "urlint: -: not fixed: some of its bytes do not decode as text"
    ]
    both = _fixed_through(b"see http://a.example/~x\n", "-", "other.md")
    assert (both.returncode, both.stdout) == (2, b"")
    assert both.stderr.decode().splitlines() == [
        "urlint: --fix on standard input takes it alone ('-' the only PATH, no -o or "
        "--also-write): the fixed text goes to standard output"
    ]
