"""Which files a directory walk reads, as ruff and ripgrep choose them: pure decisions, and
the loading of the ignore files they rest on.

`sources.files` walks directories (the I/O); at each entry it asks `Rules.skips`. A path named on
the command line (or in `--files-from`) is never asked about: it is always read.

What is skipped while walking:

- version control directories (`.git`, `.hg`, `.svn`, `.bzr`, `_darcs`), always;
- unless `--no-ignore`: the directories tools make (`.venv`, `node_modules`, `build`, ...),
  and what `.gitignore`, `.git/info/exclude` and `.ignore` files say, with git's semantics;
- what the `exclude` globs match (configuration, `--exclude`, `--extend-exclude`).

Ignore files are read as ripgrep reads them: a `.ignore` file anywhere (in the walked
directories and above them), a `.gitignore` only inside a git repository (the directory
holding `.git` and below it; git itself reads no other), `.git/info/exclude` of that
repository. The deepest file that has a say decides, a `.ignore` before a `.gitignore` before
`info/exclude`; within a file, the last pattern that matches (`!` re-includes).

pathspec (imported only when an ignore file is found) compiles the patterns. Its
`GitIgnoreSpec` answers for a file path whether the file or any directory above it is
ignored, which is what a list of files needs. A walk asks about one entry at a time, and
never about what is under a directory it pruned; it must not take a match of a directory
above the entry for a match of the entry itself: `build/` in the repository's .gitignore
must not ignore the files of `urlint check build`, which names that directory, and
`foo/**` with `!foo/keep.txt` must not prune `foo` (git reads `foo/keep.txt`). So each
pattern's regular expression is turned into one that matches the entry alone (`_direct`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator

from .exits import ConfigError
from .records import record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import BinaryIO

VCS_DIRECTORIES = frozenset({".git", ".hg", ".svn", ".bzr", "_darcs"})
# Directories that tools make and no one writes by hand: virtual environments, installed
# packages, build output, caches (ruff's and ripgrep's users expect them passed over).
DEFAULT_SKIPPED = frozenset(
    {
        ".venv", "venv", "node_modules", "build", "dist", ".tox", "site-packages",
        "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
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


class IgnoreFile:
    """The patterns of one ignore file, each made to match an entry alone (`_direct`)."""

    __slots__ = ("names", "paths", "patterns", "negates")

    def __init__(self, patterns: list[tuple[re.Pattern[str], bool, bool]]) -> None:
        self.patterns = patterns  # (entry regex, ignores, matches the name alone), in order
        self.negates = any(not ignores for _, ignores, _ in patterns)
        # One alternation answers "does any pattern match?" in one call: most entries match
        # none, and a .gitignore holds tens of patterns (Python's template, over a hundred).
        # Most patterns have no '/' (`*.pyc`, `build/`): they match an entry's name at any
        # depth, and are tried on the name alone, which costs a tenth of a try on the path.
        self.names = _alternation([regex for regex, _, on_name in patterns if on_name])
        self.paths = _alternation([regex for regex, _, on_name in patterns if not on_name])

    def decides(self, name: str, path: str) -> bool | None:
        """True if the file ignores the entry `name` at `path` (relative to the file's
        directory; a directory's name and path end with '/'), False if a `!` pattern takes
        it back, None if no pattern matches it."""
        if (self.names is None or self.names.fullmatch(name) is None) and (
            self.paths is None or self.paths.fullmatch(path) is None
        ):
            return None
        if not self.negates:
            return True
        for regex, ignores, on_name in reversed(self.patterns):  # git: the last match decides
            if regex.fullmatch(name if on_name else path) is not None:
                return ignores
        return None  # pragma: no cover - an alternation matched, so one of them does


def _alternation(regexes: list[re.Pattern[str]]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{r.pattern})" for r in regexes)) if regexes else None


def parse_ignore_file(text: str) -> IgnoreFile | None:
    """The patterns of a .gitignore or .ignore file's text; None when it has none. A line
    git would not take (`!` alone, a trailing backslash) is passed over, as git does."""
    from pathspec import GitIgnoreSpec

    # git splits on LF; a CR before it is the file's line end (written on Windows), as
    # ripgrep reads it.
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    try:
        compiled = GitIgnoreSpec.from_lines(lines).patterns
    except ValueError:  # GitIgnorePatternError: one bad line; compile them one by one
        compiled = []
        for line in lines:
            try:
                compiled.extend(GitIgnoreSpec.from_lines([line]).patterns)
            except ValueError:
                continue
    patterns = []
    for pattern in compiled:
        if pattern.include is None or pattern.regex is None:
            continue  # a comment, a blank line, or a pattern git discards
        regex, on_name = _direct(pattern.regex.pattern, _directories_below(str(pattern.pattern)))
        patterns.append((regex, bool(pattern.include), on_name))
    return IgnoreFile(patterns) if patterns else None


_DIR_MARK = "(?P<ps_d>/)"  # pathspec's marker of a directory match in its regexes
_DIR_OR_END = f"(?:{_DIR_MARK}|$)"
_AT_ANY_DEPTH = "^(?:.+/)?"  # pathspec's start of a pattern with no '/' but at its end


def _directories_below(line: str) -> bool:
    """Does the pattern end with `/**/` (`logs/**/`: every directory below `logs`, not
    `logs`)? pathspec gives it the regex of `/logs/`, the same files below; a walk, which
    asks about `logs` itself, must tell them apart."""
    return (line if line.endswith("\\ ") else line.rstrip()).endswith("/**/")


def _direct(regex: str, directories_below: bool = False) -> tuple[re.Pattern[str], bool]:
    """pathspec's regex for a pattern (searched: it matches a path at or below a matched
    directory) as one that fullmatches an entry the pattern itself matches; and whether
    it is to be matched against the entry's name alone (else its path).

    pathspec builds every regex in one of these shapes (patterns/gitignore/spec.py):
    `^...(?:(?P<ps_d>/)|$)` (a pattern that matches files and directories: the entry is
    matched when the marker is its own trailing '/' or its end), `^...(?P<ps_d>/)` (a
    directory pattern, `foo/`), `^.../` (`foo/**`: everything below `foo`, not `foo`),
    and the whole-pattern forms `.` (`**`, `*`: everything), `(?P<ps_d>/)` (`**/`, `*/`:
    every directory) and `/` (`**/*/**`: everything inside a directory). One shape holds
    two patterns: `^logs(?P<ps_d>/)` is `/logs/`, or `logs/**/` (`directories_below`)."""
    if regex == ".":
        return re.compile(".+"), True
    if regex == _DIR_MARK:
        return re.compile(".*/"), True
    if regex == "/":
        return re.compile(".+/.+"), False
    body = regex.replace(_DIR_MARK, "/")  # a named group may appear once in an alternation
    if directories_below and regex.startswith("^") and regex.endswith(_DIR_MARK):
        return re.compile(body[1:] + ".+/"), False
    if regex.startswith("^") and regex.endswith((_DIR_OR_END, _DIR_MARK)):
        if regex.startswith(_AT_ANY_DEPTH):
            rest = body[len(_AT_ANY_DEPTH) :]
            # No '/' but the final marker's and in `[^/]` (`*`, `?`): one name at any depth.
            if "/" not in rest.replace("[^/]", "").removesuffix("(?:/|$)").removesuffix("/"):
                return re.compile(rest), True
        return re.compile(body[1:]), False
    if regex.startswith("^") and regex.endswith("/"):
        return re.compile(body[1:] + ".+"), False
    # A shape this module does not know (a later pathspec): its own reading, the entry or
    # anything below a match, which may skip more than git would but never reads more.
    return re.compile(body.lstrip("^") + ".*"), False


def load_ignore_file(path: str) -> IgnoreFile | None:
    """The ignore file at `path`; None if it is absent, unreadable or has no pattern. An
    unreadable one is passed over as git and ripgrep do (the walk reports it as an input
    when it reads it)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    # File names are str decoded with surrogateescape (os.fsdecode): decode patterns the
    # same way, so a pattern matches the very bytes of a name that is not UTF-8.
    return parse_ignore_file(data.decode("utf-8", "surrogateescape"))


_Stack = tuple[tuple[IgnoreFile, str], ...]  # (file, path from its directory to here + "/")


@record
class Selection:
    """How a walk chooses files: the exclude globs, and whether ignore files and the
    default skipped directories count (`--no-ignore` turns both off)."""

    exclude: tuple[str, ...] = ()
    respect_ignores: bool = True
    # Exclude files named on the command line too (`--force-exclude`, as ruff's: a
    # pre-commit hook names every file it is given, excluded or not).
    force_exclude: bool = False

    def excludes(self, path: str) -> bool:
        """Is a path named on the command line one `exclude` passes over?"""
        return self.force_exclude and any(path_matches(path, p) for p in self.exclude)

    def rules_at(self, directory: str, names: Collection[str]) -> Rules:
        """The rules inside `directory`, a directory named on the command line whose
        entries are `names`: the ignore files of the directories above it count too."""
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

    def skips(self, name: str, path: str, is_dir: bool) -> bool:
        """Is the entry `name` of this directory (`path` as the walk shows it) passed over?"""
        selection = self.selection
        if is_dir and name in VCS_DIRECTORIES:
            return True
        if is_dir and selection.respect_ignores and name in DEFAULT_SKIPPED:
            return True
        if selection.exclude and any(path_matches(path, p) for p in selection.exclude):
            return True
        if not (self.ignores or self.gitignores or self.info_exclude):
            return False
        entry = name + "/" if is_dir else name
        for stack in (self.ignores, self.gitignores, self.info_exclude):
            for ignore_file, prefix in stack:
                decision = ignore_file.decides(entry, prefix + entry)
                if decision is not None:
                    return decision
        return False

    def below(self, name: str, directory: str, names: Collection[str]) -> Rules:
        """The rules inside this directory's subdirectory `name` (at `directory`, whose
        entries are `names`)."""
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
            self.ignores, self.gitignores, self.info_exclude, self.in_repository
        ):
            return self
        return Rules(self.selection, ignores, gitignores, info_exclude, in_repository)


def _above(rules: Rules, directory: str, is_root: bool) -> Rules:
    """`rules` with the ignore files of the directories above `directory` (every `.ignore`
    up to the file system's root; the `.gitignore` files and `info/exclude` of the git
    repository `directory` is in, unless it is that repository's root: `is_root`)."""
    ancestors = list(_ancestors(os.path.abspath(directory)))
    root = None if is_root else next(
        (i for i, (path, _) in enumerate(ancestors) if os.path.lexists(os.path.join(path, GIT))),
        None,
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
    return Rules(
        rules.selection, tuple(ignores), tuple(gitignores), info_exclude, root is not None
    )


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


def read_path_list(source: str, nul: bool, stdin: BinaryIO | None = None) -> list[str]:
    """The paths listed in `source` (`-`: standard input), one a line, or each ended by a NUL
    byte when `nul` (`find -print0`, `git ls-files -z`). Empty entries are passed over; a
    line's CR before its LF is its line end. A listed `-` is the file of that name, not
    standard input. Raises ConfigError when the list cannot be read."""
    import sys

    try:
        if source == "-":
            stream = stdin if stdin is not None else sys.stdin.buffer
            data = stream.read()
        else:
            with open(source, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise ConfigError(
            f"--files-from {source}: cannot read: {error.strerror or error}"
        ) from None
    # Names are bytes to the system: decode them as os.fsdecode does, so every name listed
    # opens as the same file.
    text = data.decode("utf-8", "surrogateescape")
    if nul:
        entries = text.split("\0")
    else:
        entries = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    return [os.path.join(os.curdir, entry) if entry == "-" else entry for entry in entries if entry]


__all__ = [
    "DEFAULT_SKIPPED", "VCS_DIRECTORIES", "IgnoreFile", "Rules", "Selection",
    "load_ignore_file", "parse_ignore_file", "path_matches", "read_path_list",
]
