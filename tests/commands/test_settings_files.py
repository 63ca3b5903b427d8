"""The files a run reads whole before it starts (its configuration, the ignore files of a
walk, a baseline) cannot exhaust the machine nor hold the run: a FIFO, a device or a link
to one is refused at once by what it is, a file over its limit by its size. A
configuration or a baseline refused is one line and exit 2; an ignore file refused is a
warning, and the run goes on without it. A configuration nested too deeply is one line and
exit 2, for check and extract alike."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest

from urlint.sources.opening import BASELINE_LIMIT, CONFIG_LIMIT, IGNORE_LIMIT

from ..helpers import run

A_MD = "see http://example.com/~fred\n"
B_MD = "ftp://fred:pw@h/x\n"
C202 = (
    "a.md:1:24: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E\n"
)
P501 = "b.md:1:12: P501 a password in the URL: never write one (section 6)\n"
ONE_WARNING = "Found 1 problem: 1 warning (1 fixable with --fix; target: RFC 1738).\n"
BOTH = "Found 2 problems: 1 error, 1 warning (1 fixable with --fix; target: RFC 1738).\n"
LINK_TO_ZERO = "a symbolic link to a character device, not a regular file"

needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")


@pytest.fixture
def repository(tmp_path, monkeypatch):
    """A git repository's working tree (its .git), its own empty configuration, a.md with a
    warning and b.md with an error."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git" / "info").mkdir(parents=True)
    (tmp_path / "urlint.toml").write_text("")
    (tmp_path / "a.md").write_text(A_MD)
    (tmp_path / "b.md").write_text(B_MD)
    return tmp_path


def _capped() -> None:
    """A run's address space capped at 1 GB: reading /dev/zero fails it, never the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def urlint(*argv: str) -> tuple[int, str, str]:
    """`urlint ARGV...` in its own process, its memory capped: (exit status, stdout, stderr).
    The timeout is a guard alone: a FIFO waited on fails the test instead of holding it."""
    result = subprocess.run(
        [sys.executable, "-m", "urlint", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        preexec_fn=_capped,
    )
    return result.returncode, result.stdout, result.stderr


def ignore_warning(path: str, reason: str) -> str:
    return (
        f"urlint: warning: {path}: ignore file not read ({reason}): the walk goes on without "
        "its patterns\n"
    )


# -- configuration -------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "extract"])
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("urlint.toml", "exclude = " + "[" * 5000 + "]" * 5000 + "\n"),
        ("urlint.toml", "select = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n"),
        ("pyproject.toml", "[tool.urlint]\nexclude = " + "[" * 5000 + "]" * 5000 + "\n"),
    ],
)
def test_a_configuration_nested_too_deeply_is_one_line_and_exit_2(
    capsys, tmp_path, monkeypatch, command, name, text
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    (tmp_path / "a.md").write_text(A_MD)
    assert run(capsys, command, "a.md") == (
        2,
        "",
        f"urlint: {os.getcwd()}/{name}: invalid TOML: nested too deeply\n",
    )


def test_a_configuration_over_its_limit_is_one_line_and_exit_2(capsys, repository):
    with open("urlint.toml", "wb") as handle:
        handle.write(b"# a comment\n" + b"#" * CONFIG_LIMIT + b"\n")
    for command in ("check", "extract"):
        assert run(capsys, command, "a.md") == (
            2,
            "",
            f"urlint: {repository}/urlint.toml: cannot read: over the 4 MB limit\n",
        )


@pytest.mark.processes
@needs_dev_zero
def test_a_configuration_that_links_to_a_device_is_refused_not_passed_over(repository):
    # a urlint.toml found is the configuration: never one further up in its place
    (repository / "sub").mkdir()
    (repository / "sub" / "urlint.toml").symlink_to("/dev/zero")
    (repository / "sub" / "a.md").write_text(A_MD)
    os.chdir("sub")
    said = f"urlint: {repository}/sub/urlint.toml: cannot read: {LINK_TO_ZERO}\n"
    assert urlint("check", "a.md") == (2, "", said)
    assert urlint("extract", "a.md") == (2, "", said)


@pytest.mark.processes
def test_a_configuration_named_that_is_a_fifo_is_refused_at_once(repository):
    os.mkfifo("fifo.toml")
    assert urlint("check", "--config", "fifo.toml", "a.md") == (
        2,
        "",
        "urlint: fifo.toml: cannot read: a FIFO, not a regular file\n",
    )


# -- ignore files ----------------------------------------------------------------------------


@pytest.mark.processes
@needs_dev_zero
@pytest.mark.parametrize("where", [".gitignore", ".ignore", ".git/info/exclude"])
def test_an_ignore_file_that_links_to_a_device_is_a_warning_and_the_run_goes_on(repository, where):
    (repository / where).symlink_to("/dev/zero")
    warned = ignore_warning(where, LINK_TO_ZERO)
    assert urlint("check", ".") == (1, C202 + P501 + BOTH, warned)
    assert urlint("extract", ".") == (0, "http://example.com/~fred\nftp://fred:****@h/x\n", warned)


@pytest.mark.processes
def test_an_ignore_file_that_is_a_fifo_is_a_warning_and_the_run_goes_on(repository):
    os.mkfifo(repository / ".ignore")
    assert urlint("check", ".") == (
        1,
        C202 + P501 + BOTH,
        ignore_warning(".ignore", "a FIFO, not a regular file"),
    )


def test_an_ignore_file_over_its_limit_is_a_warning_and_its_patterns_are_not_used(
    capsys, repository
):
    # b.md is listed, but the file is over its limit: the walk reads b.md
    (repository / ".gitignore").write_bytes(b"b.md\n" + b"#" * IGNORE_LIMIT + b"\n")
    warned = ignore_warning(".gitignore", "over the 8 MB limit")
    assert run(capsys, "check", ".") == (1, C202 + P501 + BOTH, warned)
    (repository / ".gitignore").write_bytes(b"b.md\n" + b"#" * (IGNORE_LIMIT - 6) + b"\n")
    assert run(capsys, "check", ".") == (0, C202 + ONE_WARNING, "")  # at the limit: read


def test_an_ignore_file_refused_is_said_once_for_every_walk_that_meets_it(capsys, repository):
    (repository / "sub").mkdir()
    (repository / "sub" / "c.md").write_text(A_MD)
    os.mkfifo(repository / ".gitignore")
    code, out, err = run(capsys, "check", ".", "sub")
    assert (code, err) == (1, ignore_warning(".gitignore", "a FIFO, not a regular file"))


# -- baselines -------------------------------------------------------------------------------


@pytest.mark.processes
@needs_dev_zero
def test_a_baseline_that_links_to_a_device_is_one_line_and_exit_2(repository):
    (repository / "base.json").symlink_to("/dev/zero")
    said = f"urlint: base.json: cannot read the baseline: {LINK_TO_ZERO}\n"
    assert urlint("check", "--baseline", "base.json", "a.md") == (2, "", said)
    assert urlint("baseline", "show", "base.json") == (2, "", said)


@pytest.mark.processes
def test_a_baseline_that_is_a_fifo_is_refused_at_once(repository):
    os.mkfifo("base.json")
    said = "urlint: base.json: cannot read the baseline: a FIFO, not a regular file\n"
    assert urlint("check", "--baseline", "base.json", "a.md") == (2, "", said)
    assert urlint("baseline", "show", "base.json") == (2, "", said)
    # written over: not read first, and not written either (never opened for writing)
    assert urlint("check", "--write-baseline", "base.json", "a.md") == (
        2,
        "",
        "urlint: base.json: cannot write the baseline: not written: not a regular file\n",
    )


def test_a_baseline_over_its_limit_is_one_line_and_exit_2(capsys, repository):
    with open("base.json", "wb") as handle:
        handle.truncate(BASELINE_LIMIT + 1)  # sparse: refused by its size, never read
    assert run(capsys, "check", "--baseline", "base.json", "a.md") == (
        2,
        "",
        "urlint: base.json: cannot read the baseline: over the 256 MB limit\n",
    )
