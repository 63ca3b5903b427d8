"""Which files a directory walk reads, as ruff and ripgrep choose them.

Pure decisions, and the loading of the ignore files they rest on.

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

Each pattern is translated here into a regular expression (`_compile_line`), as git's
dir.c and wildmatch.c read it. A walk asks about one entry at a time, and never about what
is under a directory it pruned; it must not take a match of a directory above the entry for
a match of the entry itself: `build/` in the repository's .gitignore must not ignore the
files of `urlint check build`, which names that directory, and `foo/**` with
`!foo/keep.txt` must not prune `foo` (git reads `foo/keep.txt`). So each regex matches the
entry alone. (pathspec's `GitIgnoreSpec` answers instead whether a file or a directory
above it is ignored, and its regexes backtrack: `*a*a*a*b` on a long name never ends.)
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator

from ..core.records import record

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
    """The patterns of one ignore file, each a regular expression over an entry's bytes.

    The patterns of one ignore file, each a regular expression that fullmatches the entries
    the pattern itself matches (`_compile_line`), over the bytes of their names."""

    __slots__ = ("names", "paths", "patterns", "negates")

    def __init__(self, patterns: list[tuple[re.Pattern[bytes], bool, bool]]) -> None:
        self.patterns = patterns  # (entry regex, ignores, matches the name alone), in order
        self.negates = any(not ignores for _, ignores, _ in patterns)
        # One alternation answers "does any pattern match?" in one call: most entries match
        # none, and a .gitignore holds tens of patterns (Python's template, over a hundred).
        # Most patterns have no '/' (`*.pyc`, `build/`): they match an entry's name at any
        # depth, and are tried on the name alone, which costs far less than a try on the path.
        # Each regex takes time linear in the entry's length, and so does their alternation.
        self.names = _alternation([regex for regex, _, on_name in patterns if on_name])
        self.paths = _alternation([regex for regex, _, on_name in patterns if not on_name])

    def decides(self, name: str, path: str) -> bool | None:
        """Whether this file ignores the entry (True), takes it back (False) or says nothing.

        True if the file ignores the entry `name` at `path` (relative to the file's
        directory; a directory's name and path end with '/'), False if a `!` pattern takes
        it back, None if no pattern matches it."""
        # git matches bytes (`?` is one byte of a UTF-8 name); the names are str decoded
        # with surrogateescape (os.fsdecode), so this gives back the very bytes.
        name_bytes = name.encode("utf-8", "surrogateescape")
        path_bytes = path.encode("utf-8", "surrogateescape")
        if (self.names is None or self.names.fullmatch(name_bytes) is None) and (
            self.paths is None or self.paths.fullmatch(path_bytes) is None
        ):
            return None
        if not self.negates:
            return True
        for regex, ignores, on_name in reversed(self.patterns):  # git: the last match decides
            if regex.fullmatch(name_bytes if on_name else path_bytes) is not None:
                return ignores
        return None  # pragma: no cover - an alternation matched, so one of them does


def _alternation(regexes: list[re.Pattern[bytes]]) -> re.Pattern[bytes] | None:
    return re.compile(b"|".join(b"(?:%s)" % r.pattern for r in regexes)) if regexes else None


def parse_ignore_file(text: str) -> IgnoreFile | None:
    """The patterns of a .gitignore or .ignore file's text; None when it has none.

    A line that can match nothing (`!` alone, a trailing backslash, a `[` never closed) is
    passed over: git never matches it."""
    patterns = []
    # git splits on LF; a CR before it is the file's line end (written on Windows).
    for line in text.encode("utf-8", "surrogateescape").split(b"\n"):
        compiled = _compile_line(line.removesuffix(b"\r"))
        if compiled is not None:
            patterns.append(compiled)
    return IgnoreFile(patterns) if patterns else None


# -- git's patterns as regular expressions -------------------------------------------------
#
# gitignore(5), as git's dir.c and wildmatch.c read a line: `*` matches anything but '/',
# `?` one byte but '/', `[...]` one byte of a class (never '/'); `**` alone between
# slashes (or at an end) any number of directories; a `/` before the end anchors the
# pattern to the file's directory, else it matches a name at any depth; a trailing `/`
# matches directories only; `!` takes back; `\` quotes the next byte.
#
# Python's `re` backtracks: `[^/]*a[^/]*a[^/]*b`, the plain translation of `*a*a*b`, takes
# time growing as the name's length to the power of its stars. So every piece of text a
# `*` (or a `**`) is followed by, but the last, is matched where it first occurs and never
# tried again: `(?:(?!P)[^/])*P` stops at the first place P matches, and backtracking into
# it meets only places where P does not match. That first place is the right one: what
# follows it starts with another `*` (or `**`), which takes whatever lies before a later
# place too. Each piece is of fixed length (`?`, a class and a byte are one byte each;
# a run of segments between two `**` is of a fixed number of segments), so each position
# of a name is looked at a bounded number of times: time linear in its length.

_SEPARATOR, _STAR, _STARS = b"/", b"*", b"**"  # tokens; any other token is a one-byte regex
_BYTE = b"[^/]"
_SEGMENT = b"[^/]*/"


def _compile_line(line: bytes) -> tuple[re.Pattern[bytes], bool, bool] | None:
    """One line of an ignore file as (the regex of the entries it matches, whether it
    ignores them rather than takes them back, whether the regex is for the entry's name);
    None for a comment, a blank line or a pattern that can match nothing."""
    if not line or line.startswith(b"#"):
        return None
    pattern = _trimmed(line)
    ignores = not pattern.startswith(b"!")
    if not ignores:
        pattern = pattern[1:]
    directory_only = pattern.endswith(b"/")
    if directory_only:
        pattern = pattern[:-1]
    tokens = _tokens(pattern) if pattern else None
    if tokens is None:
        return None
    # git: a '/' anywhere but at the end (escaped, or in a class, too) anchors the pattern.
    segments = _segments(tokens) if b"/" in pattern else [tokens]
    if segments is None:
        return None
    end = b"/" if directory_only else b"/?"  # a directory's entry ends with '/'
    if b"/" not in pattern or segments == [[_STARS]]:  # a name at any depth, or any entry
        return re.compile(_segment_regex(segments[0]) + end), ignores, True
    if len(segments) == 2 and segments[0] == [_STARS]:  # `**/name`: a name at any depth
        return re.compile(_segment_regex(segments[1]) + end), ignores, True
    return re.compile(_path_regex(segments) + end), ignores, False


def _trimmed(line: bytes) -> bytes:
    """The line without its trailing spaces (not tabs), but one a backslash quotes; a line
    that ends in a backslash keeps them all (git's trim_trailing_spaces)."""
    stripped = line.rstrip(b" ")
    if stripped == line:
        return line
    backslashes = len(stripped) - len(stripped.rstrip(b"\\"))
    return stripped + b" " if backslashes % 2 else stripped


def _tokens(pattern: bytes) -> list[bytes] | None:
    """The pattern as tokens: separators, `*`, `**` (a run of two or more), and one-byte
    regexes; None if it can match nothing (a trailing backslash, a class git gives up on)."""
    tokens: list[bytes] = []
    at = 0
    while at < len(pattern):
        byte = pattern[at]
        if byte == ord("*"):
            run = len(pattern[at:]) - len(pattern[at:].lstrip(b"*"))
            tokens.append(_STARS if run > 1 else _STAR)
            at += run
            continue
        if byte == ord("["):
            parsed = _bracket(pattern, at + 1)
            if parsed is None:
                return None
            token, at = parsed
            tokens.append(token)
            continue
        if byte == ord("?"):
            tokens.append(_BYTE)
            at += 1
            continue
        if byte == ord("\\"):
            at += 1
            if at == len(pattern):
                return None
            byte = pattern[at]
        tokens.append(_SEPARATOR if byte == ord("/") else re.escape(bytes([byte])))
        at += 1
    return tokens


# The classes `[:name:]` of git's wildmatch.c: ASCII only, as its sane_ctype has them. Each
# a test of a byte, its members listed only where a pattern names it (a walk's start-up
# never pays for twelve classes of 128 bytes).
_POSIX_CLASSES = {
    "alnum": lambda b: bytes([b]).isalnum(),
    "alpha": lambda b: bytes([b]).isalpha(),
    "blank": lambda b: b in b" \t",
    "cntrl": lambda b: b < 32 or b == 127,
    "digit": lambda b: bytes([b]).isdigit(),
    "graph": lambda b: 33 <= b <= 126,
    "lower": lambda b: bytes([b]).islower(),
    "print": lambda b: 32 <= b <= 126,
    "punct": lambda b: 33 <= b <= 126 and not bytes([b]).isalnum(),
    "space": lambda b: b in b" \t\n\r",
    "upper": lambda b: bytes([b]).isupper(),
    "xdigit": lambda b: b in b"0123456789abcdefABCDEF",
}


_ENDS = (b"", b"]")  # what ends a class: a `-` before it is a member


def _bracket(pattern: bytes, start: int) -> tuple[bytes, int] | None:
    """The class that opens before pattern[start] as a one-byte regex, and where the
    pattern goes on after it; None where git gives up on the whole match (no closing
    `]`, an unknown `[:name:]`). As wildmatch.c reads it: `!` or `^` first negates, a `]`
    first is a member, `a-z` a range, `\\` quotes, and no class matches '/'."""
    at = start + (pattern[start : start + 1] in (b"!", b"^"))
    negated = at > start
    members: set[int] = set()
    previous: int | None = None  # the byte a `-` would make a range from
    first = True
    while at < len(pattern) and (pattern[at] != ord("]") or first):
        first = False
        byte = pattern[at]
        if byte == ord("\\"):
            at += 1
            if at == len(pattern):
                return None
            byte = pattern[at]
        elif byte == ord("-") and previous is not None and pattern[at + 1 : at + 2] not in _ENDS:
            at += 1
            if pattern[at] == ord("\\"):
                at += 1
                if at == len(pattern):
                    return None
            members.update(range(previous, pattern[at] + 1))
            previous = None
            at += 1
            continue
        elif pattern[at : at + 2] == b"[:":
            close = pattern.find(b"]", at + 2)
            if close < 0:
                return None
            name = pattern[at + 2 : close]
            if name.endswith(b":"):  # else `[` is a member like any other
                test = _POSIX_CLASSES.get(name[:-1].decode("latin-1"))
                if test is None:
                    return None
                members.update(byte for byte in range(128) if test(byte))
                previous = None
                at = close + 1
                continue
        members.add(byte)
        previous = byte
        at += 1
    if at == len(pattern):
        return None
    matched = (set(range(256)) - members if negated else members) - {ord("/")}
    return _byte_class(matched), at + 1


def _byte_class(members: set[int]) -> bytes:
    """A regex matching one byte of `members` (none: a regex that never matches)."""
    if not members:
        return b"(?!)"
    ranges, low = [], None
    for byte in range(257):
        if byte in members and low is None:
            low = byte
        elif byte not in members and low is not None:
            ranges.append(b"\\x%02x-\\x%02x" % (low, byte - 1))
            low = None
    return b"[" + b"".join(ranges) + b"]"


def _segments(tokens: list[bytes]) -> list[list[bytes]] | None:
    """The tokens of an anchored pattern split at its separators (git drops a leading '/'),
    runs of `**` segments as one; None if a segment is empty (`a//b`: no name is)."""
    segments: list[list[bytes]] = [[]]
    for token in tokens[1:] if tokens[0] == _SEPARATOR else tokens:
        if token == _SEPARATOR:
            segments.append([])
        else:
            segments[-1].append(token)
    if not all(segments):
        return None
    return [
        segment
        for index, segment in enumerate(segments)
        if not (segment == [_STARS] and index and segments[index - 1] == [_STARS])
    ]


def _segment_regex(tokens: list[bytes]) -> bytes:
    """The regex of one segment of a pattern (`**` in it, other than alone, is `*`): the
    pieces between its stars, each but the last found where it first occurs."""
    pieces: list[bytes] = [b""]
    for token in tokens:
        if token in (_STAR, _STARS):
            pieces.append(b"")
        else:
            pieces[-1] += token
    if len(pieces) == 1:
        return pieces[0]
    if not any(pieces):  # a star alone: no name is empty (nor the end of a directory's path)
        return _BYTE + b"+"
    first, *middle, last = pieces
    return first + b"".join(_first_place(piece, _BYTE) for piece in middle) + _BYTE + b"*" + last


def _first_place(piece: bytes, step: bytes, followed_by: bytes = b"") -> bytes:
    """`piece` where it first matches (followed by `followed_by`), after steps of `step`
    (a byte, a segment) where it does not: no place before is tried for it again."""
    return b"(?:(?!%s%s)%s)*%s" % (piece, followed_by, step, piece)


def _path_regex(segments: list[list[bytes]]) -> bytes:
    """The regex of an anchored pattern's segments over an entry's path. Between two `**`,
    segments of a fixed number: found where they first occur (`_first_place`), the last
    ones tried at each place from the end back to them."""
    blocks: list[list[bytes]] = [[]]  # the segments' regexes between the `**`
    for segment in segments:
        if segment == [_STARS]:
            blocks.append([])
        else:
            blocks[-1].append(_segment_regex(segment))
    regex = b"/".join(blocks[0])
    for index, block in enumerate(blocks[1:], 1):
        to_block = b"/" if regex else b""  # from the end of the segments before
        if not block:  # a trailing `/**`: every entry inside, one segment or more
            regex += b"/[^/]+(?:/[^/]+)*"
        elif index < len(blocks) - 1:  # more follows, after a '/'
            regex += to_block + _first_place(b"/".join(block), _SEGMENT, followed_by=b"/")
        else:
            regex += to_block + b"(?:%s)*?" % _SEGMENT + b"/".join(block)
    return regex


def load_ignore_file(path: str) -> IgnoreFile | None:
    """The ignore file at `path`; None if it is absent, unreadable or has no pattern.

    An unreadable one is passed over as git and ripgrep do (the walk reports it as an input
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
    """How a walk chooses files: exclude globs, ignore files and the default skips.

    How a walk chooses files: the exclude globs, and whether ignore files and the default
    skipped directories count (`--no-ignore` turns both off)."""

    exclude: tuple[str, ...] = ()
    respect_ignores: bool = True
    # Exclude files named on the command line too (`--force-exclude`, as ruff's: a
    # pre-commit hook names every file it is given, excluded or not).
    force_exclude: bool = False

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


