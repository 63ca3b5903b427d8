"""Which next line may go on with a URL that ends its line, by the syntax of the text.

The one decision the linter's X105 hint (continuation.py) and the joins (joins.py) both
ask before their own evidence (`going_on_at`): in prose any line may, their evidence
decides; in Markdown, reST and AsciiDoc no line that is markup of its own; in code,
configuration and a kind urlint does not read, no line of code, key, list item,
directive comment or path, and a comment's URL only a comment line of the same style.
How a text's lines are read (`Lines`) is line_breaks.py's, which every scan that reads a
URL at a line end loads; this module, only where a next line is looked at. Imports
markup_lines.py only for a markup text.
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from .line_breaks import INDENT, Lines, run_end

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .lexer import Regions


def going_on_at(
    text: str, url_start: int, url_end: int, next_start: int, lines: Lines
) -> int | None:
    """Where the text that may go on with a URL at its line end starts on the next line (at
    `next_start`), or None where that line never goes on with it, whatever its words
    (the URL's text on its line is text[url_start:url_end]).

    In Markdown, reST and AsciiDoc no line that is markup of its own goes on
    (markup_lines.markup_line), nor any where the URL or that line is in what the markup
    shows as written (a code block: its lines are code; markup_lines.as_written). In code,
    configuration and a kind urlint does not read ("other"), a URL broken across lines is
    rare and the next line mostly is code or a value: no line of code, key, list item,
    directive comment or path goes on, and a line goes on only where its text starts as a
    URL's rest does (a separator, or a word after a URL that ends on one but "/", which
    ends most URLs whole). There a comment's URL goes on only in a comment of the same
    style (the construct it stands in, or a line comment with the same leader and a blank
    after it), a commented line's only on a line commented alike, and a key's value on
    none."""
    syntax = lines.syntax
    if syntax != "other" and lines.regions is None:  # markup
        from .markup_lines import markup_line, within

        if markup_line(syntax, text, next_start):
            return None
        if within(lines.written(text), url_start, next_start + 1):
            return None  # a URL in a code block or span, or a code block's line after it
        return run_end(INDENT, text, next_start)
    regions = lines.regions
    if regions is None:
        at = _commented_alike(text, url_start, next_start)
    else:
        at = _in_the_same_comment(text, url_start, next_start, regions)
    if at is None or _NO_CONTINUATION.match(text, at) is not None:
        return None
    if text[url_end - 1] not in "&?" and _KEY.match(text, at) is not None:
        return None  # a key: but after a query's "&" or "?", its next parameter
    first = text[at : at + 2]
    starts_going_on = first[:1] in _STARTS_GOING_ON and first not in ("./", "..")
    ends_going_on = text[url_end - 1] in _ENDS_GOING_ON and first[:1].isalnum()
    if not starts_going_on and not ends_going_on:
        return None  # no URL's rest by its first character
    line_end = text.find("\n", at)
    if _CODE.search(text, at, len(text) if line_end < 0 else line_end) is not None:
        return None
    return at


# Where no syntax of the file's is known to say where a URL ends, a line's text goes on
# with one only after it ends on a separator, or where it starts with one ("/" starts a
# path, "#" a comment).
_ENDS_GOING_ON = frozenset("-_=&?~+.%;")
_STARTS_GOING_ON = frozenset("?&=%_~;.")
# A line comment's leaders (`#`, `//`, `;` of Lisp and INI files, `%` of TeX, `--` of SQL
# and Lua), and a block comment's "*" on its lines (joins.py reads past them too).
LINE_COMMENT_LEADERS = r"#+|//+|;+|%+|--"
COMMENT_LEADERS = rf"\*|{LINE_COMMENT_LEADERS}"
# A comment's leader at a line's start, and the blanks after it (how a prose comment's
# line starts), a block comment's opening `/*` among them.
_LEADER = compiled_when_used(rf"[ \t]*(/?\*+|{LINE_COMMENT_LEADERS})[ \t]+")
# A comment that starts after code on a line (`set(X 0)  # see https://...`).
_LEADER_AFTER_CODE = compiled_when_used(rf"[ \t](?:{LINE_COMMENT_LEADERS})[ \t]")
# A key's name, as configuration files and code write one (`org.gradle.parallel`,
# `innodb_doublewrite`, PowerShell's `$total_privileges`).
_NAME = r"[$@]?[A-Za-z_][\w.-]*"
# What stands before a URL that is a key's value on its line (`url=https://...`,
# `Documentation=https://...`, `homepage: https://...`): a value ends with its line.
_KEY_BEFORE = compiled_when_used(rf"[ \t]*{_NAME}[ \t]*[=:][ \t]*\Z")
# A key, by how a line starts: `name:`, `name =`, `name=value`.
_KEY = compiled_when_used(rf"{_NAME}[ \t]*(?:=|:(?=[ \t]|\r?\n|\Z))")
# A line no URL goes on onto, by how it starts: a list item, a comment glued to its leader
# (`//nolint`, `#pragma`, `#After=`: a directive or code commented out), a directive
# (`noqa`, `eslint-disable`, a doc comment's `@param`), a path (`/usr/bin`, `./x`, `~/x`,
# `C:\\x`, `src/main`).
_NO_CONTINUATION = compiled_when_used(
    r"(?:[-*+\u2022]|\d{1,9}[.)])(?=[ \t]|\r?\n|\Z)"
    r"|(?:#|//|;|%|--)(?=\S)"
    r"|(?i:nolint|noqa|pragma|eslint-|prettier-|istanbul|jshint|nosec|nosonar|\+build)"
    r"|(?i:(?:end)?region|clang-format)\b|@[A-Za-z]"
    r"|~?/|\.\.?/|[A-Za-z]:[\\/]|[A-Za-z0-9][^\s/]*/"
)
# Code on a line: brackets, a sigil, a backslash (TeX's, a shell's), an assignment, an
# arrow, a scope, a statement's end.
_CODE = compiled_when_used(r"[{}()<>$\\`]|[ \t]=[ \t]|=>|->|::|;[ \t]*\r?\Z")


def _commented_alike(text: str, url_start: int, next_start: int) -> int | None:
    """Where the text of the line at `next_start` starts when it may go on with the URL at
    `url_start` on the line before, in a text whose language is not known: past the same
    comment leader as the URL's line has (`#`, `//`, `;`, `%`, `--`, `*`), where it has
    one, and at its indent where neither line has one; None where the URL is a key's
    value, or the two lines are commented differently."""
    own_start = text.rfind("\n", 0, url_start) + 1
    own = _LEADER.match(text, own_start, url_start)
    following = _LEADER.match(text, next_start)
    if own is None:
        if _LEADER_AFTER_CODE.search(text, own_start, url_start) is not None:
            return None  # a comment after code, which ends with its line
        if following is not None:
            return None  # a comment after prose
        if _KEY_BEFORE.match(text, own_start, url_start):
            return None  # a key's value, which ends with its line
        return run_end(INDENT, text, next_start)
    if following is None or _style(following.group(1)) != _style(own.group(1)):
        return None  # the comment ends with its line: code, or a comment of another style
    return following.end()


def _style(leader: str) -> str:
    """A comment leader's style: a block comment's lines are led by "/*", "/**" or "*"."""
    return "*" if "*" in leader else leader


def _in_the_same_comment(
    text: str, url_start: int, next_start: int, regions: Regions
) -> int | None:
    """Where the text of the line at `next_start` starts when it may go on with the URL at
    `url_start`, in a code text's comment (or docstring, here-document, block scalar: a
    region read as text): in the same region (its lines read as a text of a kind not
    known, `_commented_alike`), or in a line comment right after the URL's, with the
    same leader and a blank after it; else None."""
    index = regions.at(url_start)
    if index < 0:
        return None  # code: a value ends with its line
    if regions.items[index][0] > next_start:  # the region goes on: a block comment's lines
        return _commented_alike(text, url_start, next_start)
    leader = _leader_of(text, regions.starts[index])
    following = _LEADER.match(text, next_start)
    if following is None or following.group(1) != leader:
        return None  # code after a comment, or a comment of another style
    after = regions.at(following.start(1) + len(leader))
    if after < 0 or regions.items[after][2] != "comment":
        return None  # the leader is no comment's: a string's text
    return following.end()


def _leader_of(text: str, region_start: int) -> str:
    """The leader of the comment whose region starts at `region_start` (scanner.code puts
    it before some languages' leaders and after others'): the run of `#`, `/`, `;`, `%`,
    `-` around it."""
    low = region_start
    while low > 0 and text[low - 1] in _LEADER_CHARACTERS:
        low -= 1
    high = region_start
    while high < len(text) and text[high] in _LEADER_CHARACTERS:
        high += 1
    return text[low:high]


_LEADER_CHARACTERS = frozenset("#/;%-")
