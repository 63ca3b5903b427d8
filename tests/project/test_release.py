"""The release: tools/release.sh builds the sdist, the pure wheel and the compiled wheel and
checks them with twine; each wheel installs into a fresh virtualenv and runs the README's
Quick start there; the sdist holds what a build needs; pre-commit installs the hook from a
clone at the release tag; and the changelog's newest release is this version, dated.

The builds and installs take minutes and fetch the build's and urlint's dependencies from
the package index (as a user's pip does), so those tests are slow.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from urlint.core.version import __version__

from ..helpers import REPO
from .test_compiled import COMPILED, FAST  # setup.py's, by the tests that keep them equal

NAME = f"urlint-{__version__}"
TAG = f"v{__version__}"
CORPORA = REPO / "corpora"
# The README's Quick start command, `urlint extract --with-position corpora/*.txt ...`, as
# the README writes it, its globs expanded to the repository's files
QUICK_START = "extract --with-position corpora/*.txt corpora/*.eml corpora/*.news"
# A few of its 45 lines: a URL rejoined across lines, a password masked, two URLs at one
# place (an HTML part's link and its text), a URL of a news article
QUICK_START_LINES = [
    f"{CORPORA}/rfc-style.txt:59:13: ftp://ds.internic.net/rfc/rfc1738.txt",
    f"{CORPORA}/document.txt:22:10:"
    " http://www.example.org/cgi-bin/download?package=urlint&version=0.1&format=tar",
    f"{CORPORA}/mail.eml:28:9: ftp://chris:****@ftp.example.org/pub/tools/private/",
    f"{CORPORA}/mime.eml:50:1: http://www.example.org/faq/index.html",
    f"{CORPORA}/mime.eml:50:1: ftp://ftp.example.net/pub/faq/",
    f"{CORPORA}/article.news:19:6: http://info.example.ch/hypertext/WWW/Addressing/Addressing.html",
]


# The environment of what runs in a fresh virtualenv: nothing of this one's import path
CLEAN_ENV = {
    name: value
    for name, value in os.environ.items()
    if name not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")
}


def _run(*argv: str | Path, cwd: Path | None = None, env: dict[str, str] = CLEAN_ENV):
    return subprocess.run(
        [str(arg) for arg in argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=1200,
    )


def _quick_start() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1]
    assert f".venv/bin/urlint {QUICK_START}\n" in quick_start
    words: list[str] = []
    for word in QUICK_START.split():
        words += sorted(str(path) for path in REPO.glob(word)) if "*" in word else [word]
    return words


def _package_files() -> set[str]:
    """The files of src/urlint a build packs: every one but bytecode (and the compiled
    build's own products, left by an in-place build)."""
    root = REPO / "src"
    return {
        path.relative_to(root).as_posix()
        for path in (root / "urlint").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".so", ".c")
    }


# --- The changelog -------------------------------------------------------------------------


def test_the_changelogs_newest_release_is_this_version_and_dated():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## (?!Unreleased)(.*)$", text, flags=re.MULTILINE)
    match = re.fullmatch(r"(\d+\.\d+\.\d+) - (\d{4}-\d{2}-\d{2})", releases[0])
    assert match is not None, releases[0]
    assert match[1] == __version__
    datetime.date.fromisoformat(match[2])  # a real date: 2026-02-30 raises


def test_the_changelogs_releases_have_only_keep_a_changelogs_headings():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    kinds = set(re.findall(r"^### (.*)$", text, flags=re.MULTILINE))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


# --- The build -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The three files tools/release.sh builds and twine checks."""
    missing = [name for name in ("build", "twine") if importlib.util.find_spec(name) is None]
    if missing:
        message = f"the release extra is not installed ({', '.join(missing)})"
        if os.environ.get("CI"):
            pytest.fail(message)  # .ci/run installs it: there the test must run
        pytest.skip(message)
    out = tmp_path_factory.mktemp("dist")
    result = _run(
        "bash", REPO / "tools" / "release.sh", out, env={**CLEAN_ENV, "PYTHON": sys.executable}
    )
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-2000:]
    built = sorted(path.name for path in out.iterdir())
    platform = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert built[0].startswith(f"{NAME}-{platform}-{platform}-"), built
    assert built[1:] == [f"{NAME}-py3-none-any.whl", f"{NAME}.tar.gz"]
    # twine's verdict on each, as release.sh printed it
    for name in built:
        assert re.search(rf"Checking \S*/{re.escape(name)}: \S*PASSED", result.stdout), name
    return out


def _compiled_wheel(dist: Path) -> Path:
    (wheel,) = (path for path in dist.glob("*.whl") if not path.name.endswith("-none-any.whl"))
    return wheel


@pytest.mark.slow
def test_the_sdist_holds_what_a_build_needs_and_no_tests(dist):
    with tarfile.open(dist / f"{NAME}.tar.gz") as sdist:
        names = {member.name for member in sdist.getmembers() if member.isfile()}
    top = {name.split("/")[1] for name in names}
    # the license files setuptools packs by default, where the repository has one
    licenses = {
        path.name
        for pattern in ("LICEN[CS]E*", "COPYING*", "NOTICE*", "AUTHORS*")
        for path in REPO.glob(pattern)
    }
    assert top == {
        "CHANGELOG.md",
        "MANIFEST.in",
        "PKG-INFO",
        "README.md",
        "pyproject.toml",
        "setup.cfg",
        "setup.py",
        "src",
        *licenses,
    }
    packed = {
        name.removeprefix(f"{NAME}/src/")
        for name in names
        if name.startswith(f"{NAME}/src/urlint/")
    }
    assert packed == _package_files()


@pytest.mark.slow
def test_the_pure_wheel_holds_the_package_and_its_data(dist):
    with zipfile.ZipFile(dist / f"{NAME}-py3-none-any.whl") as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"{NAME}.dist-info/METADATA").decode()
        tags = wheel.read(f"{NAME}.dist-info/WHEEL").decode()
    assert {name for name in names if name.startswith("urlint/")} == _package_files()
    assert "Tag: py3-none-any\n" in tags
    assert "Root-Is-Purelib: true\n" in tags
    assert f"Version: {__version__}\n" in metadata
    assert "License-Expression: MIT\n" in metadata
    assert "Requires-Python: >=3.10\n" in metadata


@pytest.mark.slow
def test_the_compiled_wheel_is_for_this_platform_and_holds_each_compiled_module(dist):
    wheel_path = _compiled_wheel(dist)
    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        tags = wheel.read(f"{NAME}.dist-info/WHEEL").decode()
    tag = wheel_path.name.removeprefix(f"{NAME}-").removesuffix(".whl")
    assert f"Tag: {tag}\n" in tags
    assert "Root-Is-Purelib: false\n" in tags
    extensions = {name for name in names if name.endswith(".so")}
    for module in [*COMPILED, *FAST]:
        stem = module.replace(".", "/")
        assert any(name.startswith(stem + ".") for name in extensions), module
        assert f"{stem}.py" in names  # the source beside it, as black's wheels have


def _venv_with(wheel: Path, tmp_path: Path) -> Path:
    """A fresh virtualenv with `wheel` installed (its dependencies from the index)."""
    venv = tmp_path / "venv"
    created = _run(sys.executable, "-m", "venv", venv)
    assert created.returncode == 0, created.stderr
    installed = _run(venv / "bin" / "python", "-m", "pip", "install", "-q", wheel)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return venv


def _quick_start_in(venv: Path, cwd: Path, build: str) -> None:
    version = _run(venv / "bin" / "urlint", "--version", cwd=cwd)
    assert (version.returncode, version.stdout) == (0, f"urlint {__version__} ({build})\n")
    result = _run(venv / "bin" / "urlint", *_quick_start(), cwd=cwd)
    assert (result.returncode, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert len(lines) == 45
    for line in QUICK_START_LINES:
        assert line in lines
    assert "secret" not in result.stdout  # chris's password, masked


@pytest.mark.slow
@pytest.mark.processes
@pytest.mark.parametrize("kind", ["pure", "compiled"])
def test_each_wheel_installs_in_a_fresh_virtualenv_and_runs_the_quick_start(dist, tmp_path, kind):
    wheel = dist / f"{NAME}-py3-none-any.whl" if kind == "pure" else _compiled_wheel(dist)
    venv = _venv_with(wheel, tmp_path)
    elsewhere = tmp_path / "elsewhere"  # not the repository: nothing of src/ on the path
    elsewhere.mkdir()
    where = _run(
        venv / "bin" / "python",
        "-c",
        "import urlint, urlint.scanner.scanner as s; print(urlint.__file__); print(s.__file__)",
        cwd=elsewhere,
    )
    package, scanner = where.stdout.splitlines()
    assert package.startswith(str(venv))
    assert scanner.endswith(".py") == (kind == "pure"), scanner
    _quick_start_in(venv, elsewhere, "pure Python" if kind == "pure" else "compiled: cython, mypyc")


# --- pre-commit at the release tag --------------------------------------------------------

SECRET = "hunter22"


def _git(cwd: Path, *args: str) -> str:
    result = _run(
        "git",
        "-c",
        "user.name=urlint tests",
        "-c",
        "user.email=tests@example.invalid",
        *args,
        cwd=cwd,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.slow
@pytest.mark.processes
def test_pre_commit_installs_the_hook_at_the_release_tag(tmp_path):
    pytest.importorskip("pre_commit")
    if _run("git", "-C", REPO, "rev-parse", "--git-dir").returncode != 0:
        pytest.skip("not a git checkout")
    # A clone of this repository, with the release tag: the repository's own where it has
    # one, else one made in the clone at its HEAD (a fresh clone may have no tags)
    clone = tmp_path / "urlint"
    _git(tmp_path, "clone", "-q", str(REPO), str(clone))
    if _run("git", "-C", clone, "rev-parse", "-q", "--verify", f"refs/tags/{TAG}").returncode:
        _git(clone, "tag", "-a", TAG, "-m", f"urlint {__version__}", "HEAD")
    project = tmp_path / "project"
    project.mkdir()
    _git(project, "init", "-q")
    (project / "notes.txt").write_text(f"fetch <URL:ftp://fred:{SECRET}@ftp.example.com/~pub/>\n")
    _git(project, "add", "notes.txt")
    # pure (URLINT_COMPILE=0): this tests the hook at the tag, not the compiled build (the
    # release's wheels above are), which would take minutes more to install
    env = {
        **CLEAN_ENV,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "NO_COLOR": "1",
        "URLINT_COMPILE": "0",
    }
    result = _run(
        sys.executable,
        "-m",
        "pre_commit",
        "try-repo",
        clone,
        "urlint",
        "--ref",
        TAG,
        "--files",
        "notes.txt",
        "--color",
        "never",
        cwd=project,
        env=env,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert f"    rev: {TAG}" in lines  # the configuration try-repo shows: the tag, as pasted
    assert re.search(r"^urlint\.+Failed$", result.stdout, flags=re.MULTILINE), result.stdout
    assert "- hook id: urlint" in lines
    assert "- exit code: 1" in lines
    assert "notes.txt:1:23: P501 a password in the URL: never write one (section 6)" in lines
    assert (
        "notes.txt:1:48: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
        "--target rfc3986): write it as %7E"
    ) in lines
    assert SECRET not in result.stdout + result.stderr
