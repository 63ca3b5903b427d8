"""The patterns of one ignore file (.gitignore, .ignore, info/exclude), as git reads them.

A pattern of plain bytes (no `*`, `?`, `[` or `\\`: most of them, and all of a long list of
files) matches exactly the entries it names: it is looked up in a table. Every other one is
translated into a regular expression (`_translate`), as git's dir.c and wildmatch.c read
it, and a file's patterns are matched together: one alternation over an entry's name (the
patterns without a '/'), one over its path, each compiled once for the file. A walk asks
about one entry at a time, and never about what is under a directory it pruned; it must
not take a match of a directory above the entry for a match of the entry itself: `build/`
in the repository's .gitignore must not ignore the files of `urlint check build`, which
names that directory, and `foo/**` with `!foo/keep.txt` must not prune `foo` (git reads
`foo/keep.txt`). So each regex matches the entry alone. (pathspec's `GitIgnoreSpec`
answers instead whether a file or a directory above it is ignored, and its regexes
backtrack: `*a*a*a*b` on a long name never ends.)

git's last match decides, and only whether it ignores or takes back counts: the patterns
fall into runs of one kind (a `!` line after one that ignores starts a run, and a line that
ignores after a `!` line), and the last run holding a pattern that matches decides.

Reading a file takes time linear in its length: each byte of a pattern is looked at a
bounded number of times, and a pattern that only an entry of more than `LONG_PATTERN`
bytes could match (it holds that many bytes that each match one: plain, `?`, a class) is
read no further, and translated only when so long an entry is asked about, which a walk
hardly ever meets: a hostile `.gitignore` of one pattern of a million characters costs
the time its reading takes, not a regex of megabytes to compile. A decision takes time
linear in the entry's length (times the patterns with wildcards, as git's does).
"""

from __future__ import annotations

import os
import re
import sys
from functools import lru_cache

from .opening import IGNORE_LIMIT, NotRead, read_settings

# No entry shorter than this (a name, or a path from the ignore file's directory) is matched
# by a pattern holding more one-byte parts: a name has 255 bytes at most on the usual file
# systems, and paths seldom reach it. Past it a pattern waits (see the module's docstring).
LONG_PATTERN = 1024

_Line = tuple[bytes, bool, bool]  # (a pattern, whether it ignores, for directories only)
_Regexes = tuple["re.Pattern[bytes] | None", "re.Pattern[bytes] | None"]  # (name's, path's)


class IgnoreFile:
    """The patterns of one ignore file, and whether they ignore or take back an entry."""

    __slots__ = (
        "lines",
        "run_ignores",
        "plain_names",
        "plain_paths",
        "names",
        "paths",
        "wild_runs",
        "_wild",
        "_run_regexes",
        "long",
        "long_from",
        "_long_regexes",
    )

    def __init__(
        self,
        lines: list[_Line],
        run_ignores: list[bool],
        plain: tuple[dict[bytes, int], dict[bytes, int]],
        wild: list[tuple[int, bytes, bool]],
        long: list[tuple[int, int, int]],
    ) -> None:
        self.lines = lines  # the patterns kept, in order
        self.run_ignores = run_ignores  # whether each run ignores (else `!` takes back)
        # the entries (names; paths from the file's directory) plain patterns name: their run
        self.plain_names, self.plain_paths = plain
        # Patterns with wildcards, as (run, regex, whether for the name alone). Most have no
        # '/' (`*.pyc`, `*.egg-info/`): they match an entry's name at any depth, and are tried
        # on the name alone, which costs far less than a try on the path. Each regex takes
        # time linear in the entry's length, and so does their alternation.
        self.names = _alternation([regex for _, regex, on_name in wild if on_name])
        self.paths = _alternation([regex for _, regex, on_name in wild if not on_name])
        self.wild_runs = sorted({run for run, _, _ in wild})
        self._wild: dict[int, tuple[list[bytes], list[bytes]]] = {}
        for run, regex, on_name in wild:
            self._wild.setdefault(run, ([], []))[0 if on_name else 1].append(regex)
        self._run_regexes: dict[int, _Regexes] = {}
        self.long = long  # (run, fewest bytes an entry it matches has, index in lines)
        # the fewest of them all (as they were read: a lower bound as they grow, below)
        self.long_from = min((fewest for _, fewest, _ in long), default=-1)
        self._long_regexes: dict[int, tuple[re.Pattern[bytes], bool] | None] = {}

    def decides(self, name: str, path: str) -> bool | None:
        """Whether this file ignores the entry (True), takes it back (False) or says nothing.

        True if the file ignores the entry `name` at `path` (relative to the file's
        directory; a directory's name and path end with '/'), False if a `!` pattern takes
        it back, None if no pattern matches it."""
        # git matches bytes (`?` is one byte of a UTF-8 name); the names are str decoded
        # with surrogateescape (os.fsdecode), so this gives back the very bytes.
        name_bytes = name.encode("utf-8", "surrogateescape")
        path_bytes = path.encode("utf-8", "surrogateescape")
        # the last run holding a pattern that matches (git: the last match decides)
        last = max(self.plain_names.get(name_bytes, -1), self.plain_paths.get(path_bytes, -1))
        if (
            self.wild_runs
            and self.wild_runs[-1] > last
            and (
                (self.names is not None and self.names.fullmatch(name_bytes) is not None)
                or (self.paths is not None and self.paths.fullmatch(path_bytes) is not None)
            )
        ):
            last = self._last_wild_run(name_bytes, path_bytes, last)
        if 0 <= self.long_from <= len(path_bytes):  # (a path is as long as its name or more)
            last = self._last_long_run(name_bytes, path_bytes, last)
        return None if last < 0 else self.run_ignores[last]

    def _last_wild_run(self, name: bytes, path: bytes, last: int) -> int:
        """The last run, `last` or one of those holding wildcard patterns, with a pattern
        that matches; some wildcard pattern does. Each run's own alternations are compiled
        when first needed (a file without `!` has one run, and needs none)."""
        if len(self.wild_runs) == 1:
            return self.wild_runs[0]
        for run in reversed(self.wild_runs):
            if run <= last:
                break
            regexes = self._run_regexes.get(run)
            if regexes is None:
                names, paths = self._wild[run]
                regexes = self._run_regexes[run] = (_alternation(names), _alternation(paths))
            if (regexes[0] is not None and regexes[0].fullmatch(name) is not None) or (
                regexes[1] is not None and regexes[1].fullmatch(path) is not None
            ):
                return run
        return last

    def _last_long_run(self, name: bytes, path: bytes, last: int) -> int:
        """The last run, `last` or one holding a long pattern that matches; each long
        pattern translated the first time an entry as long as it needs is asked about."""
        for position in range(len(self.long) - 1, -1, -1):
            run, fewest, index = self.long[position]
            if run <= last:
                break
            if len(path) < fewest:
                continue
            if index not in self._long_regexes:
                # read on only as far as this entry's length: a pattern holding more
                # one-byte parts is put off again, as long as that number says
                pattern, _, directory_only = self.lines[index]
                translated = _translate(pattern, directory_only, limit=len(path))
                if isinstance(translated, int):
                    self.long[position] = (run, translated, index)
                    continue
                self._long_regexes[index] = (
                    None if translated is None else (re.compile(translated[0]), translated[1])
                )
            compiled = self._long_regexes[index]
            if compiled is not None and compiled[0].fullmatch(name if compiled[1] else path):
                return run
        return last

    @property
    def patterns(self) -> list[tuple[re.Pattern[bytes], bool, bool]]:
        """Each pattern's own regex, whether it ignores, whether it is for the name alone,
        in order: what a line was read as (a walk looks up and matches the tables and the
        alternations, never these)."""
        compiled = [(_compiled(line), line[1]) for line in self.lines]
        return [(found[0], ignores, found[1]) for found, ignores in compiled if found]


def _compiled(line: _Line) -> tuple[re.Pattern[bytes], bool] | None:
    """A pattern's regex, translated in full, and whether it is for the name alone; None if
    it can match nothing."""
    pattern, _, directory_only = line
    translated = _translate(pattern, directory_only, limit=None)
    assert not isinstance(translated, int)  # no limit: never put off
    return None if translated is None else (re.compile(translated[0]), translated[1])


def _alternation(regexes: list[bytes]) -> re.Pattern[bytes] | None:
    """One regex matching what any of `regexes` matches (each once: a pattern written
    again is not tried again)."""
    if not regexes:
        return None
    return re.compile(b"|".join(b"(?:%s)" % regex for regex in dict.fromkeys(regexes)))


def parse_ignore_file(text: str) -> IgnoreFile | None:
    """The patterns of a .gitignore or .ignore file's text; None when it has none.

    A line that can match nothing (`!` alone, a trailing backslash, a `[` never closed) is
    passed over: git never matches it."""
    return _parse(text.encode("utf-8", "surrogateescape"))


def load_ignore_file(path: str) -> IgnoreFile | None:
    """The ignore file at `path`; None if it is absent, unreadable, refused or has no pattern.

    An unreadable one is passed over as git and ripgrep do (the walk reports it as an input
    when it reads it). One that is no regular file (a link to /dev/zero, a FIFO) or is over
    IGNORE_LIMIT is refused unread (`read_settings`), with a warning (`_refused`), and the
    walk goes on without it."""
    try:
        data = read_settings(path, IGNORE_LIMIT)
    except NotRead as refusal:
        _refused(path, str(refusal))
        return None
    except OSError:
        return None
    # File names are str decoded with surrogateescape (os.fsdecode): patterns are matched
    # as bytes against their very bytes, a name that is not UTF-8 too.
    return _parse(data)


_warned: set[str] = set()  # the refused files said so: each once a process


def _refused(path: str, reason: str) -> None:
    """One line on standard error: the ignore file at `path` is not read, and why.

    A warning, not an error that ends the run: the file is not urlint's but the tree's (git
    itself only warns of one it cannot read), and a walk that went on without it reads
    more files, never fewer; the warning says so. Said once, however many walks meet it."""
    whole = os.path.abspath(path)
    if whole in _warned:
        return
    _warned.add(whole)
    from ..grammar.display import shown

    named = shown(os.path.normpath(path))
    print(
        f"urlint: warning: {named}: ignore file not read ({shown(reason)}): the walk goes "
        "on without its patterns",
        file=sys.stderr,
    )


_WILDCARD = re.compile(rb"[*?\[\\]")  # what a plain pattern has none of


def _parse(data: bytes) -> IgnoreFile | None:
    """The patterns of an ignore file's bytes; None when it has none."""
    lines: list[_Line] = []
    run_ignores: list[bool] = []
    plain: tuple[dict[bytes, int], dict[bytes, int]] = ({}, {})  # for names, for paths
    wild: list[tuple[int, bytes, bool]] = []
    long: list[tuple[int, int, int]] = []
    # git splits on LF; a CR before it is the file's line end (written on Windows).
    for raw in data.split(b"\n"):
        line = _read_line(raw.removesuffix(b"\r"))
        if line is None:
            continue
        pattern, ignores, directory_only = line
        named = _named(pattern, directory_only) if _WILDCARD.search(pattern) is None else None
        translated = None if named else _translate(pattern, directory_only, LONG_PATTERN)
        if not named and translated is None:
            continue  # it can match nothing
        if not run_ignores or run_ignores[-1] != ignores:
            run_ignores.append(ignores)
        run = len(run_ignores) - 1
        if named:
            table = plain[0] if named[0] else plain[1]
            for entry in named[1]:
                table[entry] = run  # a later run has the say
        elif isinstance(translated, int):
            long.append((run, translated, len(lines)))
        elif translated is not None:
            wild.append((run, *translated))
        lines.append(line)
    return IgnoreFile(lines, run_ignores, plain, wild, long) if lines else None


def _named(pattern: bytes, directory_only: bool) -> tuple[bool, tuple[bytes, ...]] | None:
    """For a pattern of plain bytes: (whether it is for the name alone, the entries it
    matches: a directory's ends with '/'); None if it matches none (as `_translate`)."""
    on_name = b"/" not in pattern
    if not on_name:  # anchored: a path from the file's directory (git drops a leading '/')
        pattern = pattern.removeprefix(b"/")
        if pattern.startswith(b"/") or pattern.endswith(b"/") or b"//" in pattern:
            return None  # an empty segment: no name is empty
    if not pattern:
        return None
    directory = pattern + b"/"
    return on_name, (directory,) if directory_only else (pattern, directory)


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
#
# The translation itself is linear in the pattern: regexes are joined from lists, never
# grown a piece at a time (a bytes object is copied whole at each `+=`).

_SEPARATOR, _STAR, _STARS = b"/", b"*", b"**"  # tokens; any other token is a regex of bytes
_BYTE = b"[^/]"
_SEGMENT = b"[^/]*/"
_PLAIN = re.compile(rb"[^*?\[\\/]+")  # bytes that each match themselves, a run as one token
_STAR_RUN = re.compile(rb"\*+")


def _read_line(line: bytes) -> tuple[bytes, bool, bool] | None:
    """One line of an ignore file as (its pattern, whether it ignores rather than takes
    back, whether it matches directories only); None for a comment or a blank line."""
    if not line or line.startswith(b"#"):
        return None
    pattern = _trimmed(line)
    ignores = not pattern.startswith(b"!")
    if not ignores:
        pattern = pattern[1:]
    directory_only = pattern.endswith(b"/")
    if directory_only:
        pattern = pattern[:-1]
    return pattern, ignores, directory_only


def _translate(
    pattern: bytes, directory_only: bool, limit: int | None
) -> tuple[bytes, bool] | int | None:
    """(the regex of the entries a pattern matches, whether it is for the entry's name);
    None if it can match nothing; past `limit` one-byte parts, how many it was found to
    hold (no entry shorter is matched: `_tokens`)."""
    tokens = _tokens(pattern, limit) if pattern else None
    if tokens is None or isinstance(tokens, int):
        return tokens
    # git: a '/' anywhere but at the end (escaped, or in a class, too) anchors the pattern.
    segments = _segments(tokens) if b"/" in pattern else [tokens]
    if segments is None:
        return None
    end = b"/" if directory_only else b"/?"  # a directory's entry ends with '/'
    if b"/" not in pattern or segments == [[_STARS]]:  # a name at any depth, or any entry
        return _segment_regex(segments[0]) + end, True
    if len(segments) == 2 and segments[0] == [_STARS]:  # `**/name`: a name at any depth
        return _segment_regex(segments[1]) + end, True
    return _path_regex(segments) + end, False


def _trimmed(line: bytes) -> bytes:
    """The line without its trailing spaces (not tabs), but one a backslash quotes; a line
    that ends in a backslash keeps them all (git's trim_trailing_spaces)."""
    stripped = line.rstrip(b" ")
    if stripped == line:
        return line
    backslashes = len(stripped) - len(stripped.rstrip(b"\\"))
    return stripped + b" " if backslashes % 2 else stripped


def _tokens(pattern: bytes, limit: int | None) -> list[bytes] | int | None:
    """The pattern as tokens: separators, `*`, `**` (a run of two or more), and regexes of
    bytes that each match one (a run of plain bytes is one token); None if it can match
    nothing (a trailing backslash, a class git gives up on). Once more than `limit` such
    bytes are read, their number (a pattern read no further: no shorter entry matches)."""
    tokens: list[bytes] = []
    fixed = 0  # the bytes each token so far matches one of
    at = 0
    classes = _Classes(pattern)
    while at < len(pattern):
        if limit is not None and fixed > limit:
            return fixed
        byte = pattern[at]
        if byte == ord("*"):
            run = _STAR_RUN.match(pattern, at)
            assert run is not None
            tokens.append(_STARS if run.end() - at > 1 else _STAR)
            at = run.end()
            continue
        if byte == ord("["):
            parsed = classes.at(at + 1)
            if parsed is None:
                return None
            token, at = parsed
        elif byte == ord("?"):
            token, at = _BYTE, at + 1
        elif byte == ord("/"):
            tokens.append(_SEPARATOR)
            at += 1
            continue
        elif byte == ord("\\"):
            if at + 1 == len(pattern):
                return None
            quoted = pattern[at + 1 : at + 2]
            at += 2
            if quoted == b"/":
                tokens.append(_SEPARATOR)
                continue
            token = re.escape(quoted)
        else:
            plain = _PLAIN.match(pattern, at)
            assert plain is not None
            token, at = re.escape(plain.group()), plain.end()
            fixed += plain.end() - plain.start() - 1
        tokens.append(token)
        fixed += 1
    return fixed if limit is not None and fixed > limit else tokens


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
_CLASS_PLAIN = re.compile(rb"[^\]\\\-\[]+")  # members that stand for themselves
_ALL_BYTES = frozenset(range(256))


class _Classes:
    """The classes of one pattern, read as wildmatch.c reads them (`at`)."""

    __slots__ = ("pattern", "_close")

    def __init__(self, pattern: bytes) -> None:
        self.pattern = pattern
        self._close = -1  # the last `]` found after a `[:`: the first from there on

    def at(self, start: int) -> tuple[bytes, int] | None:
        """The class that opens before pattern[start] as a one-byte regex, and where the
        pattern goes on after it; None where git gives up on the whole match (no closing
        `]`, an unknown `[:name:]`). `!` or `^` first negates, a `]` first is a member,
        `a-z` a range, `\\` quotes, and no class matches '/'."""
        pattern = self.pattern
        at = start + (pattern[start : start + 1] in (b"!", b"^"))
        negated = at > start
        members: set[int] = set()
        previous: int | None = None  # the byte a `-` would make a range from
        first = True
        while at < len(pattern) and (pattern[at] != ord("]") or first):
            first = False
            plain = _CLASS_PLAIN.match(pattern, at)
            if plain is not None:  # members as they stand, a run at once (not a byte a turn)
                members.update(plain.group())
                previous = pattern[plain.end() - 1]
                at = plain.end()
                continue
            byte = pattern[at]
            if byte == ord("\\"):
                at += 1
                if at == len(pattern):
                    return None
                byte = pattern[at]
            elif (
                byte == ord("-")
                and previous is not None
                and (pattern[at + 1 : at + 2] not in _ENDS)
            ):
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
                close = self._next_close(at + 2)
                if close < 0:
                    return None
                # a name ending in ':' (else `[` is a member like any other), looked at
                # only then: `[[:a[:a[:a...]` would otherwise copy its rest at each `[:`
                if close > at + 2 and pattern[close - 1] == ord(":"):
                    test = _POSIX_CLASSES.get(pattern[at + 2 : close - 1].decode("latin-1"))
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
        matched = (_ALL_BYTES - members if negated else frozenset(members)) - {ord("/")}
        return _byte_class(matched), at + 1

    def _next_close(self, start: int) -> int:
        """The first `]` at `start` or after (-1: none). Found once for every `[:` before
        it: `[[:a[:a[:a...]` would otherwise search to its end at each."""
        if self._close < start:
            self._close = self.pattern.find(b"]", start)
            if self._close < 0:
                self._close = len(self.pattern)  # none: no later search finds one either
        return -1 if self._close == len(self.pattern) else self._close


@lru_cache(maxsize=256)
def _byte_class(members: frozenset[int]) -> bytes:
    """A regex matching one byte of `members` (none: a regex that never matches). Kept for
    the classes met again: `[a-z]*[a-z]*...` reads one class many times."""
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
    pieces: list[list[bytes]] = [[]]
    for token in tokens:
        if token in (_STAR, _STARS):
            pieces.append([])
        else:
            pieces[-1].append(token)
    if len(pieces) == 1:
        return b"".join(pieces[0])
    if not any(pieces):  # a star alone: no name is empty (nor the end of a directory's path)
        return _BYTE + b"+"
    first, *middle, last = (b"".join(piece) for piece in pieces)
    return b"".join([first, *(_first_place(piece, _BYTE) for piece in middle), _BYTE, b"*", last])


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
    parts = [b"/".join(blocks[0])]
    for index, block in enumerate(blocks[1:], 1):
        to_block = b"/" if parts != [b""] else b""  # from the end of the segments before
        if not block:  # a trailing `/**`: every entry inside, one segment or more
            parts.append(b"/[^/]+(?:/[^/]+)*")
        elif index < len(blocks) - 1:  # more follows, after a '/'
            parts.append(to_block + _first_place(b"/".join(block), _SEGMENT, followed_by=b"/"))
        else:
            parts.append(to_block + b"(?:%s)*?" % _SEGMENT + b"/".join(block))
    return b"".join(parts)
