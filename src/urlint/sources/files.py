"""Which files to read: the paths named, standard input, and the directory walk.

The walk asks sources/selection.py at each entry; how each file is opened is
sources/opening.py's.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator

from .._runtime.garbage import work_begins
from ..core.exits import ConfigError
from ..core.inputs import InputFile
from ..core.problems import Problem, ProblemKind
from .opening import (
    STDIN,
    unreadable,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeGuard

    from .listed import NotAPath
    from .selection import Rules, Selection


FileId = tuple[int, int]  # (st_dev, st_ino)


def input_paths(paths: Iterable[str], files_from: str | None, from0: bool) -> list[str]:
    """The paths given (`PATH`s), then those the list `files_from` names (`--files-from`;
    `from0`: each ended by a NUL byte, `--from0`).

    Raises ConfigError when the list cannot be read, when `from0` is given without a list,
    or when both the list and a path are standard input."""
    if files_from is None:
        if from0:
            raise ConfigError("--from0 says how --files-from's paths end: give --files-from")
        return list(paths)
    given = list(paths)
    if files_from == "-" and "-" in given:
        raise ConfigError("--files-from - and the PATH - cannot both read standard input")
    from .listed import read_path_list  # here: a hook's run names its paths

    return [*given, *read_path_list(files_from, from0)]


def file_id(path: str) -> FileId | None:
    """What tells a file apart from every other (links and names aside); None if absent."""
    if _not_a_path(path):
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _not_a_path(path: str) -> TypeGuard[NotAPath]:
    """Is `path` a --files-from entry that names no file (sources.listed.NotAPath)?

    A plain string never is; listed.py loads only where another kind of string is met, so a
    pre-commit hook's run, which names its files, never loads it."""
    if type(path) is str:
        return False
    from .listed import NotAPath

    return isinstance(path, NotAPath)


def iter_files(
    paths: Iterable[str],
    skip: frozenset[FileId] = frozenset(),
    selection: Selection | None = None,
) -> Iterator[InputFile | Problem]:
    """The files under `paths`, directories walked in name order, each real directory once.

    A path given is read; what a walk passes over is `selection`'s choice
    (sources/selection.py; by default ignore files and the directories tools make). Files in
    `skip` are never read, named or met in a walk: urlint's own files of this run (a report
    or baseline being written, the baseline it reads, the store it scans into)."""
    work_begins()  # the command's start-up is over, before a pool forks (_runtime/garbage.py)
    seen_dirs: set[tuple[int, int]] = set()
    for path in paths:
        if _not_a_path(path):
            yield Problem(ProblemKind.UNREADABLE, path.why, str(path))
            continue
        if path == STDIN:
            yield InputFile(STDIN, explicit=True)
            continue
        try:
            info = os.stat(path)
        except OSError as error:
            yield unreadable(error, path)
            continue
        except ValueError:  # a library caller's path with a NUL byte (the CLI's never has)
            yield Problem(ProblemKind.UNREADABLE, "a name with a NUL byte is no file name", path)
            continue
        if skip and (info.st_dev, info.st_ino) in skip:
            continue
        if stat.S_ISDIR(info.st_mode):
            if selection is None:
                # Imported at the first directory: reading the files named needs none of it.
                from .selection import Selection

                selection = Selection()
            yield from _walk(path, seen_dirs, _Skipped(skip), selection)
        elif selection is None or not selection.excludes(path):
            yield InputFile(path, explicit=True)


def finds_nothing(
    paths: list[str], selection: Selection, skip: frozenset[FileId] = frozenset()
) -> bool:
    """Would a run over `paths` read no input at all, with nothing to say of it?

    Only where every path is a directory (a file named, standard input or a path that cannot
    be read is read, or said to be unreadable) and its walk finds no file: what ripgrep
    calls "No files were searched". The walks stop at the first file found, before any is
    opened. No path at all (an empty --files-from list: nothing changed) is no walk that
    found nothing. A pre-commit hook's run names its files: it walks nothing here."""
    if not paths:
        return False
    for path in paths:
        if path == STDIN or _not_a_path(path):
            return False
        try:
            if not stat.S_ISDIR(os.stat(path).st_mode):
                return False
        except (OSError, ValueError):  # said by the run: cannot read, or a NUL byte
            return False
    return next(iter(iter_files(paths, skip, selection)), None) is None


def _walk(
    top: str,
    seen_dirs: set[tuple[int, int]],
    skip: _Skipped,
    selection: Selection,
    parent: tuple[Rules, str] | None = None,
) -> Iterator[InputFile | Problem]:
    """The files under the directory `top`; `parent`: the rules of the directory above and
    `top`'s name in it (None for a directory named by the user)."""
    try:
        info = os.stat(top)
    except OSError as error:
        yield unreadable(error, top)
        return
    key = (info.st_dev, info.st_ino)
    if key in seen_dirs:  # a symlink loop, or the same tree reached twice
        return
    seen_dirs.add(key)
    try:
        with os.scandir(top) as entries:
            names = sorted((entry.name, entry) for entry in entries)
    except OSError as error:
        yield unreadable(error, top)
        return
    present = {name for name, _ in names}
    rules = (
        selection.rules_at(top, present)
        if parent is None
        else parent[0].below(parent[1], top, present)
    )
    maildir = _is_maildir(present)
    for name, entry in names:
        path = name if top == os.curdir else entry.path  # "a.txt", not "./a.txt"
        try:
            is_dir = entry.is_dir()  # follows symlinks; loops are cut by seen_dirs
            is_file = entry.is_file()
        except OSError as error:
            yield unreadable(error, path)
            continue
        if not (is_dir or is_file) or rules.skips(name, path, is_dir, maildir):
            continue
        if is_dir:
            if not (name == "tmp" and maildir):
                yield from _walk(path, seen_dirs, skip, selection, (rules, name))
        else:
            if skip.inodes and skip.may_be(entry) and file_id(entry.path) in skip.ids:
                continue
            yield InputFile(path, explicit=False)


class _Skipped:
    """The files a walk passes over, looked up by inode first (os.scandir has it without
    a stat): a re-scan into the results store skips thousands of unchanged files."""

    def __init__(self, ids: frozenset[FileId]) -> None:
        self.ids = ids
        self.inodes = frozenset(inode for _, inode in ids)

    def may_be(self, entry: os.DirEntry[str]) -> bool:
        """May `entry` be one of the files? Its inode says so, or it is a symbolic link,
        whose own inode is not the file's it names (a link to the baseline is the baseline)."""
        return entry.inode() in self.inodes or entry.is_symlink()


def _is_maildir(names: set[str]) -> bool:
    """A Maildir's tmp holds messages still being delivered: a mail client never shows
    them, and they appear in new/ when complete."""
    return "cur" in names and "new" in names
