"""Which files a directory walk reads, as ruff and ripgrep choose them.

sources/selection.py and sources/files.py's iter_files: ignore files with git's semantics,
the directories tools make, exclude globs, `--no-ignore`, `--files-from` (sources/listed.py);
a path named is always read."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.core.exits import ConfigError
from urlint.core.inputs import InputFile
from urlint.sources.files import iter_files
from urlint.sources.listed import NotAPath, read_path_list
from urlint.sources.selection import (
    DEFAULT_SKIPPED,
    VCS_DIRECTORIES,
    Selection,
    parse_ignore_file,
    path_matches,
)

from ..helpers import examples, run


def tree(root: Path, files: dict[str, str]) -> Path:
    """Files (and, for a name ending in '/', directories) under `root`."""
    for name, text in files.items():
        path = root / name
        if name.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def walked(*paths: str | Path, selection: Selection | None = None) -> list[str]:
    """The paths iter_files yields (files only), relative to the working directory.

    Hidden files are read, as by default: the ignore files under test are among the files
    listed."""
    chosen = Selection() if selection is None else selection
    return [
        item.path
        for item in iter_files([str(p) for p in paths], selection=chosen)
        if isinstance(item, InputFile)
    ]


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A git repository's root as the working directory.

    A git repository's root (a `.git` directory is all a walk looks for) as the working
    directory."""
    (tmp_path / ".git" / "info").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- one ignore file's decisions ---------------------------------------------------------


def decide(lines: str, entry: str) -> bool | None:
    ignore_file = parse_ignore_file(lines)
    assert ignore_file is not None
    name = entry.rstrip("/").rsplit("/", 1)[-1] + ("/" if entry.endswith("/") else "")
    return ignore_file.decides(name, entry)


@pytest.mark.parametrize(
    ("lines", "entry", "expected"),
    [
        ("*.log\n", "a.log", True),
        ("*.log\n", "deep/er/a.log", True),
        ("*.log\n", "a.txt", None),
        ("*.log\n!keep.log\n", "keep.log", False),
        ("!keep.log\n*.log\n", "keep.log", True),  # the last match decides
        ("build/\n", "build/", True),
        ("build/\n", "build", None),  # a directory pattern: not the file of that name
        ("build/\n", "build/x.txt", None),  # below a match is not a match (the walk prunes)
        ("/top\n", "top", True),
        ("/top\n", "sub/top", None),  # anchored
        ("doc/*.txt\n", "doc/a.txt", True),
        ("doc/*.txt\n", "doc/sub/a.txt", None),  # a slash in the middle anchors it too
        ("a/**/b\n", "a/b", True),
        ("a/**/b\n", "a/x/y/b/", True),
        ("**/cache\n", "x/cache/", True),
        ("foo/**\n", "foo/", None),  # everything below foo, not foo itself
        ("foo/**\n", "foo/a", True),
        ("foo/**\n", "foo/a/b/", True),
        ("*\n", "anything", True),
        ("**/\n", "dir/", True),
        ("**/\n", "file", None),
        ("*.py[cod]\n", "x.pyc", True),
        ("\\#hash\n", "#hash", True),
        ("trailing   \n", "trailing", True),  # trailing spaces are not part of a pattern
        ("crlf\r\n", "crlf", True),  # a file written on Windows
        # where pathspec's regexes, used before, were not git's (checked against git)
        ("a[!a]\n", "a/", None),  # a class never matches '/'
        ("a/*\n", "a/", None),  # `*` alone is a name: never empty
        ("/***/\n", "b/", True),  # a run of stars alone is `**`
        ("***/*b\n", "ab", True),
        ("*\n!/\n", "x", True),  # `/` alone matches nothing
        ("caf?.log\n", "caf\u00e9.log", None),  # `?` is one byte, and é two in UTF-8
        ("[[:digit:]x]\n", "7", True),
        ("[[:nope:]]\n*\n", "[", True),  # git gives up on an unknown class: no match
        ("a\\ \n", "a ", True),  # a quoted trailing space is kept
    ],
)
def test_a_pattern_decides_for_the_entry_itself(lines, entry, expected):
    assert decide(lines, entry) is expected


def test_a_file_of_comments_and_bad_lines_only_has_no_patterns():
    assert parse_ignore_file("# only a comment\n\n!\n") is None


def test_a_bad_line_is_passed_over_and_the_others_kept():
    # git takes no `!` alone and no trailing backslash; pathspec raises on the whole file
    assert decide("!\nfoo\\\n*.log\n", "a.log") is True


# -- linear time, whatever the pattern ----------------------------------------------------


def test_a_pattern_with_many_stars_is_matched_without_backtracking():
    # Each piece after a `*` but the last is taken where it first occurs (a negative
    # lookahead stops the search there, and backtracking into it meets only places where
    # it does not match): `*a*a*a*a*b` on a name of n `a`s looks at each byte a bounded
    # number of times. pathspec's `[^/]*a[^/]*a[^/]*a[^/]*a[^/]*b` took n^5 steps.
    ignore_file = parse_ignore_file("*a*a*a*a*b\n")
    assert ignore_file is not None
    assert [regex.pattern for regex, _, _ in ignore_file.patterns] == [
        b"(?:(?!a)[^/])*a" * 4 + b"[^/]*b/?"
    ]
    # between `**`, a run of segments is found the same way, a segment at a time
    ignore_file = parse_ignore_file("**/a/**/a/**/b\n")
    assert ignore_file is not None
    assert [regex.pattern for regex, _, _ in ignore_file.patterns] == [
        b"(?:(?!a/)[^/]*/)*a/(?:(?!a/)[^/]*/)*a/(?:[^/]*/)*?b/?"
    ]


DEEP = "x/" + ("a" * 50 + "/") * 2_000


@pytest.mark.parametrize(
    ("lines", "entry", "expected"),
    [
        ("*a*a*a*a*b\n", "a" * 100_000, None),
        ("*a*a*a*a*b\n", "a" * 100_000 + "b", True),
        ("**/a/**/a/**/a/**/a/**/b\n", "a/" * 10_000 + "c", None),
        ("**/a/**/a/**/a/**/a/**/b\n", "a/" * 10_000 + "b", True),
        ("x/**/*a*a*b/**/c\n", DEEP + "d", None),
        ("x/**/*a*a*b/**/c\n", DEEP + "aab/c", True),
    ],
)
def test_patterns_of_many_stars_decide_on_long_names(lines, entry, expected):
    # Done in a moment, where pathspec's regexes ran for hours: a hang here is the failure
    # (no time is asserted: the regexes above are linear by construction).
    assert decide(lines, entry) is expected


ATOMS = ["a", "b", "?", "[ab]", "[!a]", "*", "/"]


def reference_decides(pattern: str, negated: bool, directory_only: bool, entry: str):
    """git's reading of one pattern, by plain recursive backtracking.

    (exponential, fine on small inputs): the reference the linear regexes are checked
    against."""
    if directory_only and not entry.endswith("/"):
        return None
    parts = entry.rstrip("/").split("/")
    if "/" in pattern:
        segments = [re.sub(r"\*\*+", "**", s) for s in pattern.removeprefix("/").split("/")]
        if "" in segments:
            return None
        matched = _segments_match(segments, parts)
    else:
        matched = _segment_match(pattern, parts[-1])
    return (not negated) if matched else None


def _segments_match(segments: list[str], parts: list[str]) -> bool:
    if not segments:
        return not parts
    if segments[0] == "**":
        if len(segments) == 1:
            return bool(parts)  # a trailing `/**`: something inside
        return any(_segments_match(segments[1:], parts[i:]) for i in range(len(parts) + 1))
    return (
        bool(parts)
        and _segment_match(segments[0], parts[0])
        and (_segments_match(segments[1:], parts[1:]))
    )


def _segment_match(glob: str, name: str) -> bool:
    if not glob:
        return not name
    if glob[0] == "*":
        rest = glob.lstrip("*")
        return any(_segment_match(rest, name[i:]) for i in range(len(name) + 1))
    if not name:
        return False
    for atom, member in (("[ab]", name[0] in "ab"), ("[!a]", name[0] != "a"), ("?", True)):
        if glob.startswith(atom):
            return member and _segment_match(glob[len(atom) :], name[1:])
    return glob[0] == name[0] and _segment_match(glob[1:], name[1:])


@pytest.mark.slow
@settings(max_examples=examples(2000))
@given(
    tokens=st.lists(st.sampled_from(ATOMS), min_size=1, max_size=7),
    negated=st.booleans(),
    directory_only=st.booleans(),
    parts=st.lists(st.sampled_from(["a", "b", "ab", "ba", "aab", "bb"]), min_size=1, max_size=5),
    is_dir=st.booleans(),
)
def test_the_linear_regexes_decide_as_plain_backtracking(
    tokens, negated, directory_only, parts, is_dir
):
    pattern = "".join(tokens).rstrip("/")
    if not pattern or pattern.startswith("//") or not pattern.strip("/"):
        return
    line = ("!" if negated else "") + pattern + ("/" if directory_only else "")
    entry = "/".join(parts) + ("/" if is_dir else "")
    name = parts[-1] + ("/" if is_dir else "")
    ignore_file = parse_ignore_file(line + "\n")
    expected = reference_decides(pattern, negated, directory_only, entry)
    assert (ignore_file.decides(name, entry) if ignore_file else None) is expected


# -- walking ------------------------------------------------------------------------------


def test_the_directories_tools_make_and_vcs_are_skipped(repo):
    files = {f"{name}/x.txt": "" for name in sorted(DEFAULT_SKIPPED | {".hg", "_darcs"})}
    tree(repo, {**files, "a.txt": "", "src/b.txt": "", "src/node_modules/c.txt": ""})
    assert walked(".") == ["a.txt", "src/b.txt"]


# ruff's default `exclude`, as https://docs.astral.sh/ruff/settings/#exclude lists it
RUFF_EXCLUDE = {
    ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
    ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache", ".pytype", ".ruff_cache",
    ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build", "buck-out", "build", "dist",
    "node_modules", "site-packages", "venv",
}  # fmt: skip


def test_the_skipped_directories_are_ruffs_but_vscode_and_with_pycache():
    assert VCS_DIRECTORIES == {".git", ".hg", ".svn", ".bzr", "_darcs"}
    assert DEFAULT_SKIPPED == (RUFF_EXCLUDE - VCS_DIRECTORIES - {".vscode"}) | {"__pycache__"}


def test_the_settings_of_an_editor_and_of_ci_are_read(repo):
    tree(
        repo,
        {
            ".vscode/settings.json": "", ".github/workflows/ci.yml": "", ".gitlab-ci.yml": "",
            ".pre-commit-config.yaml": "", ".cargo/config.toml": "",
            ".ipynb_checkpoints/n.ipynb": "", ".git-rewrite/t/a.txt": "",
            "docs/_build/html/index.html": "",
        },
    )  # fmt: skip
    assert walked(".") == [
        ".cargo/config.toml", ".github/workflows/ci.yml", ".gitlab-ci.yml",
        ".pre-commit-config.yaml", ".vscode/settings.json",
    ]  # fmt: skip


def test_no_ignore_reads_them_but_never_vcs_directories(repo):
    tree(repo, {"a.txt": "", ".venv/x.txt": "", "build/y.txt": "", ".svn/z": "", ".git/HEAD": ""})
    (repo / ".gitignore").write_text("a.txt\n")
    assert walked(".", selection=Selection(respect_ignores=False)) == [
        ".gitignore",
        ".venv/x.txt",
        "a.txt",
        "build/y.txt",
    ]


def test_a_file_named_build_is_read(repo):
    tree(repo, {"build": "", "dist": ""})
    assert walked(".") == ["build", "dist"]


def test_gitignore_semantics(repo):
    tree(
        repo,
        {
            ".gitignore": "*.log\n!keep.log\n/out/\ndocs/*.tmp\nfoo/**\n!foo/keep.txt\n",
            "a.log": "",
            "keep.log": "",
            "out/x.txt": "",
            "sub/out/y.txt": "",
            "docs/a.tmp": "",
            "docs/deep/b.tmp": "",
            "foo/keep.txt": "",
            "foo/gone.txt": "",
            "src/.gitignore": "local.txt\n!important.log\n",
            "src/local.txt": "",
            "src/important.log": "",
            "src/other.log": "",
        },
    )
    assert walked(".") == [
        ".gitignore",
        "docs/deep/b.tmp",
        "foo/keep.txt",
        "keep.log",
        "src/.gitignore",
        "src/important.log",
        "sub/out/y.txt",
    ]


def test_info_exclude_and_ignore_files(repo):
    (repo / ".git" / "info" / "exclude").write_text("*.bak\n")
    tree(repo, {"a.bak": "", "b.txt": "", "c.tmp": "", ".ignore": "*.tmp\n", "d.txt": ""})
    (repo / ".gitignore").write_text("d.txt\n")
    assert walked(".") == [".gitignore", ".ignore", "b.txt"]


def test_an_ignore_file_outranks_a_deeper_gitignore(repo):
    # ripgrep's order: .ignore files first (deepest first), then .gitignore files, then
    # info/exclude; so a .gitignore's `!` cannot take back what a .ignore ignores.
    tree(repo, {".ignore": "*.log\n", "sub/.gitignore": "!*.log\n", "sub/a.log": ""})
    (repo / ".git" / "info" / "exclude").write_text("!*.log\n")
    assert walked("sub") == ["sub/.gitignore"]


def test_a_deeper_gitignore_takes_back_what_a_higher_one_ignores(repo):
    tree(
        repo, {".gitignore": "*.log\n", "sub/.gitignore": "!*.log\n", "sub/a.log": "", "b.log": ""}
    )
    assert walked(".") == [".gitignore", "sub/.gitignore", "sub/a.log"]


def test_gitignore_files_above_a_walked_directory_count(repo):
    tree(
        repo,
        {".gitignore": "sub/gen/\n*.log\n", "sub/gen/x.txt": "", "sub/a.log": "", "sub/b.txt": ""},
    )
    assert walked("sub") == ["sub/b.txt"]
    os.chdir(repo / "sub")
    assert walked(".") == ["b.txt"]


def test_a_directory_named_is_read_though_ignored(repo):
    tree(repo, {".gitignore": "gen/\n*.log\n", "gen/x.txt": "", "gen/y.log": "", "a.log": ""})
    # Named: read, but what is in it is still chosen (`*.log` still applies).
    assert walked("gen") == ["gen/x.txt"]
    assert walked("build") == []  # absent: a Problem, not a file
    tree(repo, {"build/z.txt": "", "build/node_modules/n.txt": ""})
    assert walked("build") == ["build/z.txt"]
    assert walked("a.log", "build/node_modules/n.txt") == ["a.log", "build/node_modules/n.txt"]


def test_gitignore_is_read_only_inside_a_repository(tmp_path, monkeypatch):
    # git reads no .gitignore outside a repository, and ripgrep follows it; .ignore is
    # read everywhere.
    monkeypatch.chdir(tmp_path)
    tree(tmp_path, {".gitignore": "a.txt\n", ".ignore": "b.txt\n", "a.txt": "", "b.txt": ""})
    assert walked(".") == [".gitignore", ".ignore", "a.txt"]


def test_a_nested_repository_does_not_read_the_outer_gitignore(repo):
    tree(repo, {".gitignore": "*.log\n", "inner/.git/HEAD": "", "inner/a.log": "", "b.log": ""})
    assert walked(".") == [".gitignore", "inner/a.log"]


def test_exclude_globs_prune_directories_and_match_names(repo):
    tree(repo, {"vendor/x.txt": "", "a/build1/y.txt": "", "a/z.txt": "", "notes.md": ""})
    assert walked(".", selection=Selection(exclude=("vendor", "build*", "*.md"))) == ["a/z.txt"]
    # a file named is read even when excluded (as ruff, without --force-exclude)
    assert walked("notes.md", selection=Selection(exclude=("*.md",))) == ["notes.md"]


def test_path_matches():
    assert path_matches("./docs/rfc1.txt", "docs/rfc*.txt")
    assert path_matches("a/b/vendor", "vendor")
    assert path_matches("vendor/x/y.txt", "vendor")
    assert not path_matches("vendors/x.txt", "vendor")


def test_an_ignore_file_that_cannot_be_read_is_passed_over(repo):
    # A directory named .gitignore cannot be read as a file (as root, a file always can).
    tree(repo, {".gitignore/a.txt": "", "a.txt": "", ".ignore": "b.txt\n", "b.txt": ""})
    assert walked(".") == [".gitignore/a.txt", ".ignore", "a.txt"]


def test_a_pattern_matches_a_name_that_is_not_utf8(repo):
    name = os.fsdecode(b"caf\xe9.log")
    (repo / name).write_text("")
    (repo / "ok.txt").write_text("")
    (repo / ".gitignore").write_bytes(b"caf\xe9.log\n")
    assert walked(".") == [".gitignore", "ok.txt"]


# -- the same files as git ----------------------------------------------------------------

NAMES = ["a", "b", "x.log", "y.txt", "keep.log", "c d"]
DIRS = ["d", "e", "logs"]
PATTERNS = [
    "a",
    "/a",
    "b/",
    "*.log",
    "!keep.log",
    "!*.log",
    "d/",
    "/d/",
    "e/a",
    "d/**",
    "**/b",
    "d/**/y.txt",
    "!d/",
    "logs",
    "!logs/keep.log",
    "?.txt",
    "[ab]",
    "*",
    "e/*",
    "c d",
    "!b",
    "logs/**",
    "!logs/**/",
    "**/e/",
    "d/*/",
    "**/e/**/",
    "/**/b",
    "**",
    "!**/",
    "*/",
    "e/**",
    "!d/**/",
    "**/*.log",
    "[!a]",
    "d/*",
    "!e",
]
files_st = st.lists(
    st.tuples(st.lists(st.sampled_from(DIRS), max_size=3), st.sampled_from(NAMES)),
    min_size=1,
    max_size=12,
)
ignores_st = st.dictionaries(
    st.lists(st.sampled_from(DIRS), max_size=2).map(tuple),
    st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=4),
    max_size=3,
)


def git_files(root: Path) -> list[str]:
    """The files git would add: untracked and not ignored.

    (only .gitignore files and info/exclude count: no global or system configuration)."""
    environment = {
        **os.environ,
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(root),
        "XDG_CONFIG_HOME": str(root),
    }
    result = subprocess.run(
        ["git", "-c", "core.quotePath=false", "ls-files", "-z", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        check=True,
        env=environment,
    )
    return sorted(name for name in os.fsdecode(result.stdout).split("\0") if name)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@settings(
    max_examples=int(os.environ.get("URLINT_GIT_EXAMPLES", 150)),  # a long run: thousands
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(files=files_st, ignores=ignores_st)
def test_the_walk_reads_what_git_does_not_ignore(files, ignores):
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        for parts, name in files:
            folder = root.joinpath(*parts)
            if folder.is_file() or (folder / name).is_dir():
                continue  # a name both a file and a directory
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text("")
        for parts, patterns in ignores.items():
            folder = root.joinpath(*parts)
            if folder.is_file():
                continue
            folder.mkdir(parents=True, exist_ok=True)
            (folder / ".gitignore").write_text("\n".join(patterns) + "\n")
        ours = sorted(
            os.path.relpath(item.path, root)
            # hidden files read (the default): git lists the .gitignore files
            for item in iter_files([str(root)], selection=Selection())
            if isinstance(item, InputFile)
        )
        assert ours == git_files(root)


# -- --files-from -------------------------------------------------------------------------


def test_read_path_list(tmp_path):
    listed = tmp_path / "list"
    listed.write_bytes(b"a.txt\r\nb c.txt\n\n-\nd\xe9.txt\n")
    assert read_path_list(str(listed), nul=False) == [
        "a.txt",
        "b c.txt",
        "./-",
        os.fsdecode(b"d\xe9.txt"),
    ]
    listed.write_bytes(b"a\nb\0c\0\0")
    assert read_path_list(str(listed), nul=True) == ["a\nb", "c"]


def test_read_path_list_keeps_an_entry_that_names_no_file_in_its_place(tmp_path):
    listed = tmp_path / "list"
    listed.write_bytes(b"a.txt\nb\0c\n" + b"z" * 5000 + b"\nd.txt\n")
    paths = read_path_list(str(listed), nul=False)
    assert paths == ["a.txt", "b\0c", "z" * 80 + "...", "d.txt"]
    assert [type(path) for path in paths] == [str, NotAPath, NotAPath, str]
    longest = os.pathconf(".", "PC_PATH_MAX")
    assert [path.why for path in paths[1:3]] == [
        "a name with a NUL byte is no file name (maybe --from0 was meant)",
        f"a name of 5,000 bytes is no file name (a path has under {longest:,})",
    ]


def test_read_path_list_that_cannot_be_read(tmp_path):
    with pytest.raises(ConfigError) as error:
        read_path_list(str(tmp_path / "nope"), nul=False)
    assert str(error.value) == (
        f"--files-from {tmp_path / 'nope'}: cannot read: No such file or directory"
    )


# -- `urlint check .` in a fresh checkout -------------------------------------------------


def test_check_reports_nothing_from_the_folders_of_a_fresh_checkout(capsys, repo):
    bad = "see http://example.com/~x/\n"
    tree(
        repo,
        {
            "urlint.toml": "",
            ".gitignore": "*.egg-info/\n.hypothesis/\n",
            "README.md": bad,
            ".venv/lib/python3.11/site-packages/pkg/README.txt": bad,
            "build/lib/notes.txt": bad,
            ".pytest_cache/README.md": bad,
            "src/pkg.egg-info/PKG-INFO": bad,
            ".hypothesis/examples/x": bad,
            "src/__pycache__/m.txt": bad,
        },
    )
    code, out, err = run(capsys, "check", "--format", "concise")
    assert (code, err) == (0, "")  # warnings only
    assert out == (
        "README.md:1:24: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
        "--target rfc3986): write it as %7E\n"
    )
    # --no-ignore reads what ignore files and the default skips pass over, hidden
    # directories too (read by default); with --no-hidden, not them (ripgrep's -u)
    code, out, _ = run(capsys, "check", "--format", "concise", "--no-ignore", "--no-hidden")
    assert sorted(line.split(":")[0] for line in out.splitlines()) == [
        "README.md",
        "build/lib/notes.txt",
        "src/__pycache__/m.txt",
        "src/pkg.egg-info/PKG-INFO",
    ]
    code, out, _ = run(capsys, "check", "--format", "concise", "--no-ignore")
    assert sorted(line.split(":")[0] for line in out.splitlines()) == [
        ".hypothesis/examples/x",
        ".pytest_cache/README.md",
        ".venv/lib/python3.11/site-packages/pkg/README.txt",
        "README.md",
        "build/lib/notes.txt",
        "src/__pycache__/m.txt",
        "src/pkg.egg-info/PKG-INFO",
    ]


def test_the_configuration_cache_kept_in_the_tree_gives_nothing(capsys, repo, monkeypatch):
    # URLINT_CACHE_DIR pointed into the project: its one file is marshal's, a binary file
    # (NUL bytes in every entry's sizes and times), which a walk passes over unsaid
    from urlint._runtime import config_cache

    monkeypatch.setenv("URLINT_CACHE_DIR", str(repo / ".urlint-cache"))
    monkeypatch.setattr(config_cache, "_directory", None)
    config_cache.enable()
    tree(repo, {"pyproject.toml": '[tool.urlint]\nexclude = ["http://example.com/~x/"]\n'})
    expected = (0, "pyproject.toml:2:13: http://example.com/~x/\n", "")
    assert run(capsys, "extract", "-H", ".") == expected  # the cache written
    assert os.listdir(repo / ".urlint-cache") == [config_cache._FILE]
    assert run(capsys, "extract", "-H", ".") == expected  # and read, and walked


def test_force_exclude_passes_over_excluded_files_named_on_the_command_line(capsys, repo):
    # What a pre-commit hook needs: it names every staged file, excluded or not.
    bad = "see http://example.com/~x/\n"
    tree(repo, {"urlint.toml": 'exclude = ["docs/*"]\n', "docs/a.txt": bad, "b.txt": bad})
    code, out, _ = run(capsys, "check", "--format", "concise", "docs/a.txt", "b.txt")
    assert (code, [line.split(":")[0] for line in out.splitlines()]) == (0, ["docs/a.txt", "b.txt"])
    code, out, _ = run(
        capsys, "check", "--format", "concise", "--force-exclude", "docs/a.txt", "b.txt"
    )
    assert (code, out) == (
        0,
        "b.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
    )
    code, out, _ = run(capsys, "extract", "--force-exclude", "docs/a.txt", "b.txt")
    assert (code, out) == (0, "http://example.com/~x/\n")


# -- hidden files and --glob, as ripgrep chooses them ---------------------------------------


HIDDEN_TREE = {
    "a.py": "", "b.txt": "", ".env": "", ".github/workflows/ci.yml": "",
    "src/c.py": "", "src/.cache/d.py": "", "docs/e.md": "",
}  # fmt: skip


def test_a_walk_reads_hidden_files_and_directories_unless_told_not_to(repo):
    tree(repo, HIDDEN_TREE)
    assert walked(".", selection=Selection()) == [
        ".env", ".github/workflows/ci.yml", "a.py", "b.txt", "docs/e.md", "src/.cache/d.py",
        "src/c.py",
    ]  # fmt: skip
    # --no-hidden: ripgrep's default
    assert walked(".", selection=Selection(hidden=False)) == [
        "a.py", "b.txt", "docs/e.md", "src/c.py",
    ]  # fmt: skip


def test_hidden_files_named_and_hidden_directories_named_are_read(repo):
    # what pre-commit passes: the files themselves, hidden or not
    tree(repo, HIDDEN_TREE)
    not_hidden = Selection(hidden=False)
    assert walked(".env", ".github/workflows/ci.yml", selection=not_hidden) == [
        ".env", ".github/workflows/ci.yml",
    ]  # fmt: skip
    # a directory named is walked; only the hidden entries inside it are passed over
    assert walked(".github", selection=not_hidden) == [".github/workflows/ci.yml"]
    assert walked("src", selection=not_hidden) == ["src/c.py"]


def test_the_folders_of_a_maildir_plus_plus_are_read_though_hidden(repo):
    tree(repo, {"mail/cur/1": "", "mail/new/2": "", "mail/.Sent/cur/3": "", "mail/.x": ""})
    assert walked("mail", selection=Selection(hidden=False)) == [
        "mail/.Sent/cur/3", "mail/cur/1", "mail/new/2",
    ]  # fmt: skip
    assert walked("mail") == ["mail/.Sent/cur/3", "mail/.x", "mail/cur/1", "mail/new/2"]


@pytest.mark.parametrize(
    ("globs", "expected"),
    [
        (("*.py",), ["a.py", "src/c.py"]),
        (("!*.py",), ["b.txt", "docs/e.md"]),
        (("*.py", "!src/**"), ["a.py"]),
        (("!src/**", "*.py"), ["a.py", "src/c.py"]),  # the later glob wins
        (("!src/",), ["a.py", "b.txt", "docs/e.md"]),  # a directory left unwalked
        (("docs/*.md", "*.txt"), ["b.txt", "docs/e.md"]),
        # an include overrides the hidden rule for the files it matches
        (("*.py", ".cache/"), ["a.py", "src/.cache/d.py", "src/c.py"]),
    ],
)
def test_globs_include_and_exclude_the_files_of_a_walk_as_ripgreps(repo, globs, expected):
    # ripgrep's own default: hidden files passed over (--no-hidden)
    tree(repo, HIDDEN_TREE)
    assert walked(".", selection=Selection(globs=globs, hidden=False)) == expected


@pytest.mark.parametrize(
    ("globs", "expected"),
    [
        (("*.py",), ["a.py", "src/.cache/d.py", "src/c.py"]),
        (("!*.py",), [".env", ".github/workflows/ci.yml", "b.txt", "docs/e.md"]),
        (("!src/",), [".env", ".github/workflows/ci.yml", "a.py", "b.txt", "docs/e.md"]),
        (("*.yml",), [".github/workflows/ci.yml"]),
        (("!.*",), ["a.py", "b.txt", "docs/e.md", "src/c.py"]),  # --no-hidden as a glob
    ],
)
def test_globs_choose_among_hidden_files_too_by_default(repo, globs, expected):
    tree(repo, HIDDEN_TREE)
    assert walked(".", selection=Selection(globs=globs)) == expected


def test_globs_choose_nothing_among_the_files_named(repo):
    tree(repo, HIDDEN_TREE)
    assert walked("b.txt", "src", selection=Selection(globs=("*.py",))) == [
        "b.txt", "src/.cache/d.py", "src/c.py",
    ]  # fmt: skip


def test_an_include_glob_reads_what_an_ignore_file_ignores_but_not_what_exclude_does(repo):
    tree(repo, {".gitignore": "*.log\n", "a.log": "", "b.log": "", "c.txt": ""})
    assert walked(".", selection=Selection()) == [".gitignore", "c.txt"]
    assert walked(".", selection=Selection(globs=("*.log",))) == ["a.log", "b.log"]
    chosen = Selection(exclude=("b.log",), globs=("*.log",))
    assert walked(".", selection=chosen) == ["a.log"]


@settings(
    max_examples=examples(50),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    names=st.lists(st.from_regex(r"[a-c]{1,2}\.(py|txt)", fullmatch=True), min_size=1, max_size=6),
    include=st.sampled_from(["*.py", "*.txt", "a*"]),
)
def test_an_include_glob_reads_exactly_the_files_it_matches(tmp_path_factory, names, include):
    import fnmatch

    root = tmp_path_factory.mktemp("walk")
    for name in names:
        (root / name).write_text("")
    chosen = Selection(globs=(include,))
    got = [os.path.basename(item.path) for item in iter_files([str(root)], selection=chosen)]
    assert got == sorted(n for n in set(names) if fnmatch.fnmatch(n, include))
