"""The pre-commit hooks, run through the real `pre-commit try-repo` on a scratch repository.

try-repo builds the hook's environment from this repository (a pip install, as a user's
pre-commit would), so this test takes some seconds and needs the package index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from .helpers import REPO

SECRET = "hunter22"


def _git(cwd, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    pytest.importorskip("pre_commit")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path_factory.mktemp("hooked")
    _git(root, "init", "-q")
    _git(root, "config", "user.email", "t@example.com")
    _git(root, "config", "user.name", "t")
    (root / "notes.txt").write_text(f"fetch <URL:ftp://fred:{SECRET}@ftp.example.com/pub/>\n")
    (root / "tilde.md").write_text("home page: http://example.com/~fred/\n")
    (root / "clean.txt").write_text("see <URL:http://example.com/index.html>\n")
    _git(root, "add", ".")
    return root


def try_repo(root, hook: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(root / ".cache"), "NO_COLOR": "1"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pre_commit",
            "try-repo",
            str(REPO),
            hook,
            "--all-files",
            "--color",
            "never",
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_urlint_hook_fails_with_findings(scratch):
    result = try_repo(scratch, "urlint")
    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "notes.txt:1:23: P501 a password in the URL: never write one (section 6)" in result.stdout
    )
    assert "tilde.md:1:31: C202 unsafe character '~': write it as %7E" in result.stdout
    assert "clean.txt" not in result.stdout
    assert SECRET not in result.stdout + result.stderr


def test_passwords_hook_reports_only_passwords(scratch):
    result = try_repo(scratch, "urlint-passwords")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "notes.txt:1:23: P501" in result.stdout
    assert "C202" not in result.stdout
    assert SECRET not in result.stdout + result.stderr
