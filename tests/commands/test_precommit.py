"""The pre-commit hooks, run through the real `pre-commit try-repo` on a scratch repository,
and what a hook's run on a small file loads (its start-up: bench/latency.py).

try-repo builds the hook's environment from this repository (a pip install, as a user's
pre-commit would), so those tests take some seconds and need the package index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from ..helpers import REPO

# Each test runs git, pre-commit or urlint in processes of their own.
pytestmark = pytest.mark.processes

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
    # the hook's environment pure (URLINT_COMPILE=0): these test the hooks, not the compiled
    # build (tests/project/test_release.py's wheels do), which takes minutes to install
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(root / ".cache"),
        "NO_COLOR": "1",
        "URLINT_COMPILE": "0",
    }
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


@pytest.mark.slow  # pre-commit installs the hook's environment
def test_urlint_hook_fails_with_findings(scratch):
    result = try_repo(scratch, "urlint")
    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "notes.txt:1:23: P501 a password in the URL: never write one (section 6)" in result.stdout
    )
    assert (
        "tilde.md:1:31: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
        "--target rfc3986): write it as %7E"
    ) in result.stdout
    assert "clean.txt" not in result.stdout
    assert SECRET not in result.stdout + result.stderr


@pytest.mark.slow  # pre-commit installs the hook's environment
def test_passwords_hook_reports_only_passwords(scratch):
    result = try_repo(scratch, "urlint-passwords")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "notes.txt:1:23: P501" in result.stdout
    assert "C202" not in result.stdout
    assert SECRET not in result.stdout + result.stderr


# What a hook's run on a small file never loads (its start-up: bench/latency.py): shutil,
# which argparse would load for the terminal's width (bz2, lzma and zlib with it, 3.5 ms),
# locale, which gettext would load to look for a translation of argparse's words
# (commands/cli.py), typing, and the modules only other inputs, formats or options need.
NOT_LOADED = (
    "shutil",
    "locale",
    "bz2",
    "lzma",
    "zlib",
    "typing",
    "dataclasses",
    "inspect",
    "tempfile",
    "contextlib",
    "json",
    "heapq",
    "bisect",
    "fnmatch",
    "urlint.run.progress",
    "urlint.run.runner",
    "urlint.mail.mbox",
    # a text file's: the readers of code and markup are loaded for files in their syntax only
    "urlint.scanner.code",
    "urlint.scanner.literals",
    "urlint.scanner.templates",
    "urlint.scanner.markup",
)
# Patterns compiled when first used (urlint._runtime.patterns), which such a file never needs: the
# login reader's (no "@"), page furniture's (no wrapper across lines), data: and tel: shapes.
NOT_COMPILED = (
    "grammar.login._CERTAIN_HOSTPORT",
    "grammar.login._LOGIN_START",
    "grammar.login._OWN_SCHEME",
    "grammar.login._INNER_URL",
    "scanner.furniture._KNOWN_FURNITURE",
    "grammar.schemes._DATA_HEAD",
    "grammar.schemes._PHONE_NUMBER",
    "scanner.wrappers._ENCODED",
    "linter.suppressions.DIRECTIVE",
)


def test_the_command_parses_its_arguments_without_loading_gettext(tmp_path):
    # The command's own process (__main__.run): argparse takes its words from
    # urlint._runtime.untranslated, gettext is never loaded, and argparse's errors read as written.
    (tmp_path / "README.txt").write_text("See http://www.example.com/docs/\n")
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('gettext' in sys.modules, 'locale' in sys.modules))\n"
        "sys.argv = ['urlint'] + sys.argv[1:]\n"
        "from urlint.__main__ import run\n"
        "run()\n"
    )

    def command(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-c", code, *argv],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )

    checked = command("check", "README.txt")
    assert (checked.returncode, checked.stdout.splitlines()[-1]) == (0, "False False")
    wrong = command("check", "--bogus", "README.txt")
    assert wrong.returncode == 2
    assert wrong.stderr.splitlines()[-1] == "urlint: error: unrecognized arguments: --bogus"
    assert wrong.stdout == "False False\n"


def test_a_hook_run_on_a_small_file_loads_only_what_it_uses(tmp_path):
    sample = tmp_path / "README.txt"
    sample.write_text(
        "See <URL:http://www.example.com/docs/index.html> and\n"
        "ftp://ftp.example.org/pub/tools/ for the tools, http://example.com/~fred/ for notes.\n"
    )
    code = (
        "import importlib, re, sys\n"
        "compiled = []\n"
        "real = re.compile\n"
        "re.compile = lambda source, flags=0: compiled.append(source) or real(source, flags)\n"
        "from urlint.commands.cli import main\n"
        f"status = main(['check', '--force-exclude', {str(sample)!r}])\n"
        f"loaded = [name for name in {NOT_LOADED!r} if name in sys.modules]\n"
        "def source(name):\n"
        "    module, _, attribute = name.rpartition('.')\n"
        "    return getattr(importlib.import_module('urlint.' + module), attribute).pattern\n"
        f"print(status, loaded, [name for name in {NOT_COMPILED!r} if source(name) in compiled])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    # exit 0: the file's one finding is a warning, shown and not failing the commit
    assert result.stdout.splitlines()[-1] == "0 [] []", result.stdout + result.stderr
