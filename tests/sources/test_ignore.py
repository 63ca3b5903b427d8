"""One ignore file's patterns and decisions (sources/ignore.py), and what they cost.

git's semantics, checked against a plain port of git's wildmatch.c and dir.c below; the
shapes that made reading an ignore file slow (a pattern of a megabyte, thousands of
patterns) decide as git does, and a long pattern is put off, not translated, until an
entry as long as it needs is asked about."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from urlint.core.inputs import InputFile
from urlint.sources import ignore
from urlint.sources.files import iter_files
from urlint.sources.ignore import LONG_PATTERN, load_ignore_file, parse_ignore_file
from urlint.sources.selection import Selection

from ..helpers import examples

# -- git's reading, plainly: wildmatch.c's dowild and dir.c's choice of name or path -------

MATCH, NOMATCH, ABORT_ALL, ABORT_TO_STARSTAR = 0, 1, -1, -2
# wildmatch.c's [:name:] tests, ASCII only (git's sane_ctype)
CLASSES = {
    b"alnum": lambda c: chr(c).isascii() and chr(c).isalnum(),
    b"alpha": lambda c: chr(c).isascii() and chr(c).isalpha(),
    b"blank": lambda c: c in b" \t",
    b"cntrl": lambda c: c < 32 or c == 127,
    b"digit": lambda c: 48 <= c <= 57,
    b"graph": lambda c: 33 <= c <= 126,
    b"lower": lambda c: 97 <= c <= 122,
    b"print": lambda c: 32 <= c <= 126,
    b"punct": lambda c: 33 <= c <= 126 and not chr(c).isalnum(),
    b"space": lambda c: c in b" \t\n\r",
    b"upper": lambda c: 65 <= c <= 90,
    b"xdigit": lambda c: c in b"0123456789abcdefABCDEF",
}


def _at(data: bytes, index: int) -> int:
    """The byte at `index`, 0 past the end (C's string end)."""
    return data[index] if index < len(data) else 0


def dowild(p: bytes, text: bytes) -> int:
    """wildmatch.c's dowild with WM_PATHNAME, line for line (exponential: small inputs)."""
    pi = ti = 0
    while _at(p, pi):
        p_ch, t_ch = p[pi], _at(text, ti)
        if not t_ch and p_ch != ord("*"):
            return ABORT_ALL
        if p_ch == ord("\\"):
            pi += 1
            if t_ch != _at(p, pi):
                return NOMATCH
        elif p_ch == ord("?"):
            if t_ch == ord("/"):
                return NOMATCH
        elif p_ch == ord("*"):
            star = _star(p, pi + 1, text, ti)
            if isinstance(star, int):
                return star
            pi, ti = star
            continue
        elif p_ch == ord("["):
            pi, matched = _bracket(p, pi + 1, t_ch)
            if matched != MATCH:
                return matched
        elif t_ch != p_ch:
            return NOMATCH
        pi, ti = pi + 1, ti + 1
    return NOMATCH if _at(text, ti) else MATCH


def _star(p: bytes, pi: int, text: bytes, ti: int) -> int | tuple[int, int]:
    """dowild's `*` case from the byte after the star: its verdict, or where the pattern
    and the text go on (a single `*` before a '/' takes the text up to its next '/')."""
    match_slash = False
    if _at(p, pi) == ord("*"):
        previous = pi - 2
        while _at(p, pi) == ord("*"):
            pi += 1
        if (previous < 0 or p[previous] == ord("/")) and (
            _at(p, pi) in (0, ord("/")) or p[pi : pi + 2] == b"\\/"
        ):
            if _at(p, pi) == ord("/") and dowild(p[pi + 1 :], text[ti:]) == MATCH:
                return MATCH
            match_slash = True
    if not _at(p, pi):
        return NOMATCH if not match_slash and b"/" in text[ti:] else MATCH
    if not match_slash and _at(p, pi) == ord("/"):
        slash = text.find(b"/", ti)
        return NOMATCH if slash < 0 else (pi + 1, slash + 1)
    t_ch = _at(text, ti)
    while t_ch:
        if _at(p, pi) not in b"*?[\\":
            while (t_ch := _at(text, ti)) and (match_slash or t_ch != ord("/")):
                if t_ch == p[pi]:
                    break
                ti += 1
            if t_ch != p[pi]:
                return NOMATCH
        matched = dowild(p[pi:], text[ti:])
        if matched != NOMATCH:
            if not match_slash or matched != ABORT_TO_STARSTAR:
                return matched
        elif not match_slash and t_ch == ord("/"):
            return ABORT_TO_STARSTAR
        ti += 1
        t_ch = _at(text, ti)
    return ABORT_ALL


def _bracket(p: bytes, pi: int, t_ch: int) -> tuple[int, int]:
    """dowild's `[` case from the byte after it: (where its `]` is, MATCH, NOMATCH or
    ABORT_ALL)."""
    negated = _at(p, pi) in (ord("!"), ord("^"))
    pi += negated
    previous, matched = 0, False
    while True:  # a do-while: the first member may be a `]`
        member = _member(p, pi, t_ch, previous) if _at(p, pi) else None
        if member is None:
            return pi, ABORT_ALL
        pi, previous, hit = member
        matched = matched or hit
        pi += 1
        if _at(p, pi) == ord("]"):
            return pi, NOMATCH if matched == negated or t_ch == ord("/") else MATCH


def _member(p: bytes, pi: int, t_ch: int, previous: int) -> tuple[int, int, bool] | None:
    """One member of a class, at p[pi]: (where it ends, the byte a `-` after it ranges
    from, 0 for none; whether it is t_ch); None where wildmatch gives up."""
    p_ch = p[pi]
    if p_ch == ord("\\"):
        pi += 1
        return (pi, p[pi], t_ch == p[pi]) if _at(p, pi) else None
    if p_ch == ord("-") and previous and _at(p, pi + 1) not in (0, ord("]")):
        pi += 1
        if p[pi] == ord("\\"):
            pi += 1
            if not _at(p, pi):
                return None
        return pi, 0, previous <= t_ch <= p[pi]
    if p_ch == ord("[") and _at(p, pi + 1) == ord(":"):
        start = end = pi + 2
        while _at(p, end) and p[end] != ord("]"):
            end += 1
        if not _at(p, end):
            return None
        if end - start - 1 < 0 or p[end - 1] != ord(":"):
            return pi, p_ch, t_ch == p_ch  # no ":]": a `[` like any other
        test = CLASSES.get(p[start : end - 1])
        return None if test is None else (end, 0, test(t_ch))
    return pi, p_ch, t_ch == p_ch


def git_trimmed(line: bytes) -> bytes:
    """dir.c's trim_trailing_spaces."""
    last_space = None
    at = 0
    while at < len(line):
        if line[at] == ord(" "):
            last_space = at if last_space is None else last_space
        elif line[at] == ord("\\"):
            at += 1
            if at == len(line):
                return line
            last_space = None
        else:
            last_space = None
        at += 1
    return line if last_space is None else line[:last_space]


def git_decides(text: bytes, entry: bytes) -> bool | None:
    """dir.c: the last pattern of `text` that matches `entry` (a path from the file's
    directory, a directory's ending with '/'): True if it ignores, False if it takes back."""
    is_dir = entry.endswith(b"/")
    path = entry.rstrip(b"/")
    for raw in reversed(text.split(b"\n")):
        line = git_trimmed(raw.removesuffix(b"\r"))
        if not line or line.startswith(b"#"):
            continue
        negated = line.startswith(b"!")
        pattern = line[1:] if negated else line
        if pattern.endswith(b"/"):
            if not is_dir:
                continue
            pattern = pattern[:-1]
        if b"/" in pattern:
            matched = git_pathname(pattern.removeprefix(b"/"), path)
        else:
            matched = bool(pattern) and dowild(pattern, path.rsplit(b"/", 1)[-1]) == MATCH
        if matched:
            return not negated
    return None


def git_pathname(pattern: bytes, path: bytes) -> bool:
    """dir.c's match_pathname: the pattern's plain start compared, wildmatch on the rest."""
    special = [pattern.find(byte) for byte in (b"*", b"?", b"[", b"\\")]
    prefix = min([at for at in special if at >= 0], default=len(pattern))
    if prefix:
        if path[:prefix] != pattern[:prefix]:
            return False
        pattern, path = pattern[prefix:], path[prefix:]
        if not pattern and not path:
            return True
    return dowild(pattern, path) == MATCH


def known_difference(line: str) -> bool:
    """A line urlint reads as wildmatch.c does where git's dir.c does not (so unlike `git
    ls-files`): a `**` straight after the plain start of a pattern with a '/' (`a**/b`,
    `x/y**`), which dir.c cuts off before calling wildmatch, so that wildmatch reads the
    `**` as a leading one and lets it match across '/'; and an escaped '/' (`\\/`), which
    urlint reads as a '/' (a leading one dropped, `**\\/` as `**/`), where git does not."""
    if "\\/" in line:
        return True
    pattern = line.removeprefix("!").rstrip(" ")
    pattern = pattern[:-1] if pattern.endswith("/") else pattern
    if "/" not in pattern:  # a name's pattern: wildmatch reads it whole
        return False
    pattern = pattern.removeprefix("/")
    plain = len(pattern) - len(pattern.lstrip("ab/ :#!-]1"))  # what comes before a wildcard
    return 0 < plain and pattern[plain - 1] != "/" and pattern[plain : plain + 2] == "**"


def decides(text: bytes, entry: bytes) -> bool | None:
    """What urlint's reading of `text` decides for `entry` (as git_decides takes it)."""
    ignore_file = ignore._parse(text)
    if ignore_file is None:
        return None
    name = entry.rstrip(b"/").rsplit(b"/", 1)[-1] + (b"/" if entry.endswith(b"/") else b"")
    return ignore_file.decides(os.fsdecode(name), os.fsdecode(entry))


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        (b"a*b", b"axxb", MATCH),
        (b"a*b", b"a/b", NOMATCH),
        (b"a/**/b", b"a/b", MATCH),
        (b"a/**/b", b"a/x/y/b", MATCH),
        (b"**/b", b"x/b", MATCH),
        (b"a/**", b"a/x/y", MATCH),
        (b"[!a]", b"/", NOMATCH),
        (b"[]a]", b"]", MATCH),
        (b"[[:digit:]x]", b"7", MATCH),
        (b"[[:nope:]]", b"[", ABORT_ALL),
        (b"[a-c]", b"b", MATCH),
        (b"\\*", b"*", MATCH),
        (b"a\\", b"ab", NOMATCH),  # a trailing backslash matches nothing
    ],
)
def test_the_reference_is_wildmatch(pattern, text, expected):
    # what wildmatch.c answers (each traced through its code): the port is seen to be git's
    assert dowild(pattern, text) == expected


# Pieces of patterns, names and paths: every rule of gitignore(5) and wildmatch.c shows up
# (stars and their runs, `**` between slashes or not, classes of every shape, escapes,
# trailing spaces, `!`, a trailing '/', a comment).
PIECES = [
    "a",
    "b",
    "ab",
    "/",
    "/",
    "*",
    "*",
    "**",
    "?",
    "[ab]",
    "[!a]",
    "[^b]",
    "[a-b]",
    "[]a]",
    "[[:alpha:]]",
    "[[:digit:]]",
    "[a",
    "[[:x]",
    "\\",
    "\\*",
    "\\ ",
    "\\a",
    " ",
    "-",
    "]",
    "!",
    ":",
    "#",
    "1",
]
NAMES = ["a", "b", "ab", "ba", "1", "a b", "*", "[", "]", "-", "!a", "#", ":", "a\\"]
lines_st = st.lists(
    st.tuples(
        st.sampled_from(["", "", "!", "#"]),
        st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join),
        st.sampled_from(["", "", "/", " ", "\\ ", "  "]),
    ).map("".join),
    min_size=1,
    max_size=6,
)
entries_st = st.lists(
    st.tuples(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4), st.booleans()),
    min_size=1,
    max_size=8,
)


@pytest.mark.slow
@settings(max_examples=examples(2000), deadline=None)
@given(lines=lines_st, entries=entries_st, long_pattern=st.sampled_from([0, 1, 3, 1024]))
def test_a_file_decides_as_git_reads_it(lines, entries, long_pattern):
    # LONG_PATTERN made small puts off patterns a short entry could not match: it must
    # change nothing either.
    assume(not any(known_difference(line) for line in lines))
    text = ("\n" if len(lines) % 2 else "\r\n").join(lines).encode() + b"\n"
    with mock.patch.object(ignore, "LONG_PATTERN", long_pattern):
        for parts, is_dir in entries:
            entry = "/".join(parts).encode() + (b"/" if is_dir else b"")
            assert decides(text, entry) is git_decides(text, entry), (text, entry)


# -- the shapes that cost time ---------------------------------------------------------


MEGABYTE = 1 << 20


def test_a_pattern_of_a_megabyte_is_put_off_not_translated():
    # A megabyte of plain bytes and a star (a hostile .gitignore's): no entry shorter than a
    # megabyte can match it, so its regex is never made for a walk's names and paths.
    ignore_file = parse_ignore_file("a" * MEGABYTE + "*\n")
    assert ignore_file is not None
    assert [(run, fewest, index) for run, fewest, index in ignore_file.long] == [(0, MEGABYTE, 0)]
    assert (ignore_file.names, ignore_file.paths) == (None, None)
    assert ignore_file.decides("f1.txt", "f1.txt") is None
    assert ignore_file.decides("a" * 255, "a" * 255) is None


def test_a_pattern_is_read_only_as_far_as_its_length_limit():
    # How many one-byte parts a put-off pattern was found to hold: at least LONG_PATTERN
    # and one, whatever follows (read no further: its classes are not parsed).
    ignore_file = parse_ignore_file("?" * (LONG_PATTERN + 5) + "[" * 1000 + "\n")
    assert ignore_file is not None
    assert [fewest for _, fewest, _ in ignore_file.long] == [LONG_PATTERN + 1]
    # a plain run is counted whole
    ignore_file = parse_ignore_file("*" + "x" * 5000 + "*\n")
    assert ignore_file is not None
    assert [fewest for _, fewest, _ in ignore_file.long] == [5000]
    # a class of a megabyte is one byte: no shorter than any
    ignore_file = parse_ignore_file("[" + "xyz" * (MEGABYTE // 3) + "]*\n")
    assert ignore_file is not None
    assert ignore_file.long == []
    assert ignore_file.names is not None
    assert ignore_file.names.pattern == b"(?:[\\x78-\\x7a][^/]*/?)"


def test_a_long_pattern_is_read_on_only_as_far_as_the_entries_met():
    ignore_file = parse_ignore_file("?" * 3000 + "*\n")
    assert ignore_file is not None
    assert [fewest for _, fewest, _ in ignore_file.long] == [LONG_PATTERN + 1]
    assert ignore_file.decides("a" * 2000, "a" * 2000) is None
    # read up to 2,000 one-byte parts, and put off again
    assert [fewest for _, fewest, _ in ignore_file.long] == [2001]
    assert ignore_file.decides("a" * 3000, "a" * 3000) is True  # read whole, translated
    assert ignore_file.decides("a" * 2999, "a" * 2999) is None
    assert ignore_file.decides("a" * 3001 + "/", "a" * 3001 + "/") is True


LONG_SEGMENT = "s" * 200
DEEP = "/".join([LONG_SEGMENT] * 6)  # 1,205 bytes: a pattern under it is put off


@pytest.mark.parametrize(
    ("lines", "entry", "expected"),
    [
        # a long pattern still matches what it names: translated when asked about it
        (f"{DEEP}/*.txt\n", f"{DEEP}/a.txt", True),
        (f"{DEEP}/*.txt\n", f"{DEEP}/a.log", None),
        (f"{DEEP}/*.txt\n", f"{DEEP}/x/a.txt", None),
        (f"/{DEEP}/*.txt/\n", f"{DEEP}/a.txt", None),
        (f"/{DEEP}/*.txt/\n", f"{DEEP}/a.txt/", True),
        (f"**/{LONG_SEGMENT}/" * 6 + "*\n", f"x/{LONG_SEGMENT}/" * 6 + "y/", True),
        (f"**/{LONG_SEGMENT}/" * 6 + "*\n", f"x/{LONG_SEGMENT}/" * 5 + "y/", None),
        # and takes its place in the order: the last match decides
        (f"!{DEEP}/*.txt\n*.txt\n", f"{DEEP}/a.txt", True),
        (f"*.txt\n!{DEEP}/*.txt\n", f"{DEEP}/a.txt", False),
        (f"*.txt\n!{DEEP}/*.txt\n", "a.txt", True),
        (f"!{DEEP}/*\n*.log\n", f"{DEEP}/a.txt", False),
        (f"{DEEP}/*\n!*.txt\n{DEEP[:-1]}?/b*\n", f"{DEEP}/a.txt", False),
        (f"{DEEP}/*\n!*.txt\n{DEEP[:-1]}?/a*\n", f"{DEEP}/a.txt", True),
    ],
)
def test_a_long_pattern_decides_where_it_matches(lines, entry, expected):
    ignore_file = parse_ignore_file(lines)
    assert ignore_file is not None
    name = entry.rstrip("/").rsplit("/", 1)[-1] + ("/" if entry.endswith("/") else "")
    assert ignore_file.decides(name, entry) is expected
    assert ignore_file.decides(name, entry) is git_decides(lines.encode(), entry.encode())


@pytest.mark.parametrize(
    ("lines", "entry", "expected"),
    [
        # hostile shapes, a megabyte each: decided at once (no time is
        # asserted; a hang is the failure)
        ("*a" * (MEGABYTE // 2) + "b\n", "a" * 255, None),
        ("**/a/" * (MEGABYTE // 5) + "b\n", "a/" * 400 + "b", None),
        ("[a-z]*" * (MEGABYTE // 6) + "q\n", "abc" * 80 + "q", None),
        ("\\a" * (MEGABYTE // 2) + "\n", "a" * 255, None),
        ("[" + "xyz" * (MEGABYTE // 3) + "]*.txt\n", "x1.txt", True),
        ("[" + "xyz" * (MEGABYTE // 3) + "]*.txt\n", "a1.txt", None),
        ("f" + "*" * MEGABYTE + "\n", "f1.txt", True),
        ("[" + "[:a" * (MEGABYTE // 3) + "]\n", "a", True),  # `[:` not a class: members
        ("[" + "[:a" * (MEGABYTE // 3) + "\n", "a", None),  # never closed
        ("d1/" * (MEGABYTE // 3) + "*\n", "d1/f1.txt", None),
        ("a" * MEGABYTE + "\n", "a" * MEGABYTE, True),  # plain: a table's key
        ("/" + "a/" * (MEGABYTE // 2) + "\n", "a/" * (MEGABYTE // 2), True),
        # bytes that are not UTF-8, and NUL (a name never holds it)
        ("caf\udce9*\n", "caf\udce9.txt", True),
        ("f1\0.txt\n\udcff\udcfe*\n*.t\udc80xt\n", "f1.txt", None),
        ("f1\0.txt\n\udcff\udcfe*\n*.t\udc80xt\n", "\udcff\udcfe.txt", True),
    ],
)
def test_hostile_shapes_decide_at_once(lines, entry, expected):
    assert decides(os.fsencode(lines), os.fsencode(entry)) is expected


@pytest.mark.slow  # an ignore file of 20,000 patterns
def test_thousands_of_patterns_decide_by_the_last_that_matches():
    lines = "".join(f"f{i}.txt\n!f{i}.txt\nd{i}/f{i}.txt\n!*{i}.log\n" for i in range(5000))
    ignore_file = parse_ignore_file(lines + "f7.txt\nd1/*.log\n")
    assert ignore_file is not None
    # 20,002 patterns in 20,001 runs of one kind (each `!` line starts one, and the line
    # after it another): plain ones looked up in tables, 5,001 runs hold wildcards
    assert (len(ignore_file.lines), len(ignore_file.run_ignores)) == (20_002, 20_001)
    assert (len(ignore_file.plain_names), len(ignore_file.plain_paths)) == (10_000, 10_000)
    assert len(ignore_file.wild_runs) == 5_001
    cases = {
        ("f7.txt", "f7.txt"): True,  # the line after the last
        ("f8.txt", "f8.txt"): False,  # `!f8.txt` after `f8.txt`
        ("f8.txt", "d8/f8.txt"): True,  # `d8/f8.txt`
        ("f8.txt", "d9/f8.txt"): False,
        ("f8.txt/", "f8.txt/"): False,  # a directory so named
        ("x8.log", "x8.log"): False,  # `!*8.log`
        ("x8.log", "d1/x8.log"): True,  # `d1/*.log`, the last line
        ("x8.log", "d2/x8.log"): False,
        ("x.txt", "x.txt"): None,
    }
    assert {entry: ignore_file.decides(*entry) for entry in cases} == cases


def test_a_pattern_written_twice_is_tried_once():
    ignore_file = parse_ignore_file("*.log\n*.tmp\n*.log\nbuild/\n*.log\n")
    assert ignore_file is not None
    assert ignore_file.names is not None
    assert ignore_file.names.pattern == b"(?:[^/]*\\.log/?)|(?:[^/]*\\.tmp/?)"
    assert ignore_file.plain_names == {b"build/": 0}


@pytest.mark.parametrize(
    ("lines", "entry", "expected"),
    [
        ("a/b\n", "a/b", True),
        ("a/b\n", "a/b/", True),
        ("a/b/\n", "a/b", None),
        ("a/b\n", "x/a/b", None),  # anchored
        ("/a\n", "a", True),
        ("/a\n", "x/a", None),
        ("a\n", "x/a", True),  # a name at any depth
        ("a//b\n", "a/b", None),  # an empty segment: no entry
        ("//a\n", "a", None),
        ("a/b//\n", "a/b/", None),
        ("/\n", "a", None),
        ("a b \n", "a b", True),  # trailing spaces are not part of a pattern
        ("a\\ \n", "a ", True),
    ],
)
def test_plain_patterns_name_their_entries(lines, entry, expected):
    assert decides(lines.encode(), entry.encode()) is expected
    assert git_decides(lines.encode(), entry.encode()) is expected


# -- a walk under a long pattern ----------------------------------------------------------


def walked(root: Path) -> list[str]:
    return sorted(
        os.path.relpath(item.path, root)
        # hidden files read: the .gitignore under test is one of the files the walk lists
        for item in iter_files([str(root)], selection=Selection(hidden=True))
        if isinstance(item, InputFile)
    )


@pytest.fixture
def repository(tmp_path):
    """A git repository's root (a `.git` directory is all a walk looks for) of 50 files."""
    (tmp_path / ".git").mkdir()
    for number in range(1, 51):
        (tmp_path / f"f{number}.txt").write_text(f"see http://x{number}.example/\n")
    return tmp_path


FILES = sorted(f"f{number}.txt" for number in range(1, 51))


@pytest.mark.parametrize("length", [0, 16_384, 65_536, 131_072, MEGABYTE])
def test_a_walk_under_one_long_pattern_reads_what_it_does_not_match(repository, length):
    # `a` * length and a star, a hostile .gitignore's one line, matches none of the files.
    (repository / ".gitignore").write_text("a" * length + "*\n")
    expected = [] if length == 0 else [".gitignore", *FILES]  # `*` alone: every entry
    assert walked(repository) == expected


def test_a_walk_under_long_patterns_that_match(repository):
    (repository / ".gitignore").write_text(
        "f" + "*" * MEGABYTE + "\n"  # every name that starts with f
        "!f1[0-9].txt\n"  # f10.txt to f19.txt back
        + "a" * MEGABYTE
        + "\n"  # plain: none of these names
        + "!"
        + "*" * 1000
        + "5.txt\n"  # a run of stars is one: f5.txt, f15.txt, ... back
    )
    assert walked(repository) == [
        ".gitignore",
        "f10.txt",
        "f11.txt",
        "f12.txt",
        "f13.txt",
        "f14.txt",
        "f15.txt",
        "f16.txt",
        "f17.txt",
        "f18.txt",
        "f19.txt",
        "f25.txt",
        "f35.txt",
        "f45.txt",
        "f5.txt",
    ]


def test_a_walk_meets_a_path_as_long_as_a_long_pattern_needs(repository):
    deep = repository.joinpath(*[LONG_SEGMENT] * 6)
    deep.mkdir(parents=True)
    for name in ("a.txt", "b.txt", "c.log"):
        (deep / name).write_text("")
    (repository / ".gitignore").write_text(f"*.log\n/{DEEP}/*.txt\n!{DEEP}/b.*\n")
    assert walked(repository) == [".gitignore", *FILES, f"{DEEP}/b.txt"]


def test_a_long_ignore_file_is_loaded_from_bytes(tmp_path):
    # invalid UTF-8 and NUL read as they stand (as git compares bytes)
    path = tmp_path / ".gitignore"
    path.write_bytes(b"caf\xe9*\n" + b"x" * MEGABYTE + b"\0\n")
    ignore_file = load_ignore_file(str(path))
    assert ignore_file is not None
    assert ignore_file.decides(os.fsdecode(b"caf\xe9.log"), os.fsdecode(b"caf\xe9.log")) is True
    # the two lines ignore both: one run
    assert ignore_file.plain_names == {b"x" * MEGABYTE + b"\0": 0, b"x" * MEGABYTE + b"\0/": 0}
