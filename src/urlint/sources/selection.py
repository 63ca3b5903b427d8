"""Which files a directory walk reads, as ruff and ripgrep choose them.

Pure decisions, and the loading of the ignore files they rest on.

`sources.files` walks directories (the I/O); at each entry it asks `Rules.skips`. A path named on
the command line (or in `--files-from`) is never asked about: it is always read.

What is skipped while walking:

- version control directories (`.git`, `.hg`, `.svn`, `.bzr`, `_darcs`), always;
- with `--no-hidden` only: hidden files and directories, whose name starts with `.`
  (ripgrep's default, not a linter's: a project is configured in `.github/`,
  `.pre-commit-config.yaml`, `.gitlab-ci.yml`), but for a Maildir++ folder (`.Sent` beside
  `cur` and `new`: mail, not a tool's);
- unless `--no-ignore`: the directories tools make (`DEFAULT_SKIPPED`: ruff's default
  `exclude` but `.vscode`, and `__pycache__`), and what `.gitignore`, `.git/info/exclude`
  and `.ignore` files say, with git's semantics;
- what the `exclude` globs match (configuration, `--exclude`, `--extend-exclude`);
- what `--glob` leaves out: ripgrep's overrides, gitignore globs where `!` excludes, the
  last that matches deciding. A file or directory a glob includes is read whatever an
  ignore file, the hidden rule or the default skips say (only `exclude` and version
  control directories still pass it over); with an include glob given, a file that no
  glob matches is passed over (a directory is still walked).

Ignore files are read as ripgrep reads them: a `.ignore` file anywhere (in the walked
directories and above them), a `.gitignore` only inside a git repository (the directory
holding `.git` and below it; git itself reads no other), `.git/info/exclude` of that
repository. The deepest file that has a say decides, a `.ignore` before a `.gitignore` before
`info/exclude`; within a file, the last pattern that matches (`!` re-includes).

The patterns of an ignore file and how they match are sources/ignore.py's: with git's
semantics, in time linear in the file's length and in an entry's.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator

from ..core.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ignore import IgnoreFile

VCS_DIRECTORIES = frozenset({".git", ".hg", ".svn", ".bzr", "_darcs"})
# Directories that tools make and no one writes by hand: ruff's default `exclude`
# (https://docs.astral.sh/ruff/settings/#exclude), its version control directories aside
# (above), and `__pycache__`. Virtual environments and installed packages (`.venv`, `venv`,
# `.direnv`, `.pyenv`, `__pypackages__`, `site-packages`, `node_modules`, `.eggs`), test
# environments (`.tox`, `.nox`), caches (`.mypy_cache`, `.pytest_cache`, `.ruff_cache`,
# `.pytype`, `__pycache__`), build output (`build`, `dist`, `_build`, `buck-out`,
# `.pants.d`), Jupyter's copies of notebooks (`.ipynb_checkpoints`: every URL would be found
# twice) and git's scratch tree of a filter-branch (`.git-rewrite`). Not ruff's `.vscode`: its
# settings, launch and extension files are written by hand and committed, and hold URLs
# (`$schema`, servers) a linter of URLs should read. urlint itself writes no directory
# into a project: docs/guide/files.md, "urlint's own files".
DEFAULT_SKIPPED = frozenset(
    {
        ".direnv",
        ".eggs",
        ".git-rewrite",
        ".ipynb_checkpoints",
        ".mypy_cache",
        ".nox",
        ".pants.d",
        ".pyenv",
        ".pytest_cache",
        ".pytype",
        ".ruff_cache",
        ".tox",
        ".venv",
        "__pycache__",
        "__pypackages__",
        "_build",
        "buck-out",
        "build",
        "dist",
        "node_modules",
        "site-packages",
        "venv",
    }
)
GIT = ".git"
GITIGNORE = ".gitignore"
IGNORE = ".ignore"  # ripgrep's (and ag's): gitignore syntax, read outside git repositories too


def path_matches(path: str, pattern: str) -> bool:
    """A glob against the path as given, relative to the working directory, and its name."""
    import fnmatch  # here: a run with no exclude and no per-file-ignores never matches a glob

    posix = path.replace(os.sep, "/")
    if posix.startswith("./"):
        posix = posix[2:]
    return (
        fnmatch.fnmatch(posix, pattern)
        or fnmatch.fnmatch(posix.rsplit("/", 1)[-1], pattern)
        or fnmatch.fnmatch(posix, pattern.rstrip("/") + "/*")
    )


def parse_ignore_file(text: str) -> IgnoreFile | None:
    """The patterns of a .gitignore or .ignore file's text; None when it has none.

    sources/ignore.py's, loaded where a walk first reads an ignore file: a run that names
    its files (a pre-commit hook's) never loads it, nor compiles its patterns."""
    from .ignore import parse_ignore_file

    return parse_ignore_file(text)


_Stack = tuple[tuple["IgnoreFile", str], ...]  # (file, path from its directory to here + "/")


@record
class Selection:
    """How a walk chooses files: exclude globs, ignore files and the default skips.

    How a walk chooses files: the exclude globs, whether ignore files and the default
    skipped directories count (`--no-ignore` turns both off), the globs, and whether hidden
    files and directories are read (by default; `--no-hidden` passes over them)."""

    exclude: tuple[str, ...] = ()
    respect_ignores: bool = True
    # Exclude files named on the command line too (`--force-exclude`, as ruff's: a
    # pre-commit hook names every file it is given, excluded or not).
    force_exclude: bool = False
    globs: tuple[str, ...] = ()  # --glob, in the order given
    hidden: bool = True  # read hidden files and directories too (off: --no-hidden)

    def excludes(self, path: str) -> bool:
        """Is a path named on the command line one `exclude` passes over?"""
        return self.force_exclude and any(path_matches(path, p) for p in self.exclude)

    def rules_at(self, directory: str, names: Collection[str]) -> Rules:
        """The rules inside `directory`, a directory named on the command line.

        Whose entries are `names`: the ignore files of the directories above it count too."""
        rules = Rules(self, (), (), (), False)
        if self.respect_ignores:
            rules = _above(rules, directory, GIT in names)
        return rules.entered(directory, names)


class Rules:
    """What is skipped in one directory of a walk."""

    __slots__ = ("selection", "ignores", "gitignores", "info_exclude", "in_repository")

    def __init__(
        self,
        selection: Selection,
        ignores: _Stack,
        gitignores: _Stack,
        info_exclude: _Stack,
        in_repository: bool,
    ) -> None:
        self.selection = selection
        self.ignores = ignores  # .ignore files, deepest first
        self.gitignores = gitignores  # .gitignore files of the repository, deepest first
        self.info_exclude = info_exclude  # its .git/info/exclude (none or one)
        self.in_repository = in_repository

    def skips(self, name: str, path: str, is_dir: bool, in_maildir: bool = False) -> bool:
        """Is the entry `name` of this directory (`path` as the walk shows it) passed over?

        `in_maildir`: this directory is a Maildir, whose hidden directories are its
        folders (Maildir++)."""
        selection = self.selection
        if is_dir and name in VCS_DIRECTORIES:
            return True
        if selection.exclude and any(path_matches(path, p) for p in selection.exclude):
            return True
        entry = name + "/" if is_dir else name
        if selection.globs:
            decision = _overrides(selection.globs).decides(entry, _walk_path(path, is_dir))
            if decision is not None:
                return decision
        if not selection.hidden and name.startswith(".") and not (is_dir and in_maildir):
            return True
        if is_dir and selection.respect_ignores and name in DEFAULT_SKIPPED:
            return True
        if not (self.ignores or self.gitignores or self.info_exclude):
            return False
        for stack in (self.ignores, self.gitignores, self.info_exclude):
            for ignore_file, prefix in stack:
                decision = ignore_file.decides(entry, prefix + entry)
                if decision is not None:
                    return decision
        return False

    def below(self, name: str, directory: str, names: Collection[str]) -> Rules:
        """The rules inside this directory's subdirectory `name`.

        (at `directory`, whose entries are `names`)."""
        if not (self.ignores or self.gitignores or self.info_exclude):
            return self.entered(directory, names)
        step = name + "/"
        return Rules(
            self.selection,
            tuple((f, prefix + step) for f, prefix in self.ignores),
            tuple((f, prefix + step) for f, prefix in self.gitignores),
            tuple((f, prefix + step) for f, prefix in self.info_exclude),
            self.in_repository,
        ).entered(directory, names)

    def entered(self, directory: str, names: Collection[str]) -> Rules:
        """These rules with the ignore files of `directory` (entries `names`) added."""
        if not self.selection.respect_ignores:
            return self
        from .ignore import load_ignore_file  # (parse_ignore_file says why here)

        ignores, gitignores, info_exclude = self.ignores, self.gitignores, self.info_exclude
        in_repository = self.in_repository
        if GIT in names:
            # A repository's root (a nested one too): the .gitignore files above it are
            # not its own (ripgrep does the same; git reads none of them for its files).
            in_repository = True
            gitignores = ()
            found = load_ignore_file(os.path.join(directory, GIT, "info", "exclude"))
            info_exclude = ((found, ""),) if found is not None else ()
        if IGNORE in names:
            found = load_ignore_file(os.path.join(directory, IGNORE))
            if found is not None:
                ignores = ((found, ""), *ignores)
        if in_repository and GITIGNORE in names:
            found = load_ignore_file(os.path.join(directory, GITIGNORE))
            if found is not None:
                gitignores = ((found, ""), *gitignores)
        if (ignores, gitignores, info_exclude, in_repository) == (
            self.ignores,
            self.gitignores,
            self.info_exclude,
            self.in_repository,
        ):
            return self
        return Rules(self.selection, ignores, gitignores, info_exclude, in_repository)


def _above(rules: Rules, directory: str, is_root: bool) -> Rules:
    """`rules` with the ignore files of the directories above `directory` (every `.ignore`
    up to the file system's root; the `.gitignore` files and `info/exclude` of the git
    repository `directory` is in, unless it is that repository's root: `is_root`)."""
    from .ignore import load_ignore_file  # (parse_ignore_file says why here)

    ancestors = list(_ancestors(os.path.abspath(directory)))
    root = (
        None
        if is_root
        else next(
            (
                i
                for i, (path, _) in enumerate(ancestors)
                if os.path.lexists(os.path.join(path, GIT))
            ),
            None,
        )
    )
    ignores: list[tuple[IgnoreFile, str]] = []
    gitignores: list[tuple[IgnoreFile, str]] = []
    info_exclude: _Stack = ()
    for index, (path, prefix) in enumerate(ancestors):
        found = load_ignore_file(os.path.join(path, IGNORE))
        if found is not None:
            ignores.append((found, prefix))
        if root is not None and index <= root:
            found = load_ignore_file(os.path.join(path, GITIGNORE))
            if found is not None:
                gitignores.append((found, prefix))
            if index == root:
                found = load_ignore_file(os.path.join(path, GIT, "info", "exclude"))
                info_exclude = ((found, prefix),) if found is not None else ()
    return Rules(rules.selection, tuple(ignores), tuple(gitignores), info_exclude, root is not None)


class Overrides:
    """The --glob globs of a walk, as ripgrep reads them (its overrides)."""

    __slots__ = ("patterns", "includes")

    def __init__(self, patterns: IgnoreFile | None, includes: bool) -> None:
        self.patterns = patterns  # the globs as an ignore file whose `!` is theirs inverted
        self.includes = includes  # some glob includes: the files none matches are left out

    def decides(self, entry: str, path: str) -> bool | None:
        """Whether the globs pass over `entry` (a directory's ends with '/') at `path`
        (True: an exclude glob matches last, or no glob matches a file where one includes),
        read it (False: an include glob matches last), or say nothing (None: the other
        rules decide)."""
        decision = self.patterns.decides(entry, path) if self.patterns is not None else None
        if decision is None and self.includes and not entry.endswith("/"):
            return True
        return decision


_OVERRIDES: dict[tuple[str, ...], Overrides] = {}


def _overrides(globs: tuple[str, ...]) -> Overrides:
    """The globs as Overrides, made once a run. A glob is a line of a .gitignore (a name
    without "/" matches at any depth), its `!` inverted: ripgrep's include is a .gitignore's
    take-back, its `!glob` an ignore."""
    made = _OVERRIDES.get(globs)
    if made is None:
        lines = [
            _literal(glob[1:]) if glob.startswith("!") else "!" + _literal(glob)
            for glob in globs
            if glob not in ("", "!")
        ]
        includes = any(not glob.startswith("!") for glob in globs if glob)
        made = _OVERRIDES[globs] = Overrides(parse_ignore_file("\n".join(lines)), includes)
    return made


def _literal(glob: str) -> str:
    """A glob as a line of an ignore file says it: a leading `#` or `!` is the name's own."""
    return "\\" + glob if glob.startswith(("#", "!")) else glob


def _walk_path(path: str, is_dir: bool) -> str:
    """An entry's path as a glob is matched against it: "/" between names, no "./", a
    directory's ending with "/"."""
    posix = path.replace(os.sep, "/").removeprefix("./")
    return posix + "/" if is_dir else posix


def _ancestors(absolute: str) -> Iterator[tuple[str, str]]:
    """(directory, path from it to `absolute` + "/") for each directory above `absolute`,
    nearest first."""
    child, prefix = absolute, ""
    while True:
        parent = os.path.dirname(child)
        if parent == child:
            return
        prefix = os.path.basename(child) + "/" + prefix
        yield parent, prefix
        child = parent
