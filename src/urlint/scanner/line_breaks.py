"""Past a URL's line end: where the next line starts, and where its text starts.

The one place the scanner steps over a line break after a URL (`past_line_break`,
`past_line_end`) and finds the text of the line after it (`next_line_start`), for the
readers that ask what the next line holds: continuation.py (the linter's X105 hint),
going_on.py (which next line may go on with a URL at all), login_runs_on.py (a login's
second readings) and joins.py (a URL broken across lines); and how a text's lines are read
where a URL at a line end may go on (`Lines`: its syntax, and a code text's regions), which
every scan of markup or code holds, and going_on.py reads only where a next line is looked
at. Imports wrappers.py, for the reply prefixes a mail quotes its lines with.
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from .wrappers import QUOTE_PREFIX, quote_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .lexer import Regions
    from .markup_lines import OpenBlock

# A rule drawn with separators, under a signature or above a cut, is no URL's text, though a
# word of it may hold letters: a separator four times running (`--rsa-----8<`, `=====`,
# `*****`, `.[......more......]`), or a separator and a letter or digit repeated (`-o-o-o-o`,
# `=x=x=x=x`). A URL holds no such run (its `%20%20` units are three characters). Neither
# the next line's text (joins.py) nor the URL's own line's glued on (bare_url.py).
RULE = compiled_when_used(r"([^\w\s/%])\1{3}|([^\w\s/%][^\W_]|[^\W_][^\w\s/%])\2{3}")

# Blanks, then a line break: what stands between a URL that ends its line and the next line.
LINE_END = re.compile(r"[ \t]*\r?\n")
INDENT = re.compile(r"[ \t]*")
# A reply prefix is short: it is looked for this far back at most, so a run of ">" at the
# start of a long text is read once, not once a URL.
_PREFIX_LOOKBACK = 200

# A unified diff's hunk header (a patch inline in list mail): the lines after it to the
# hunk's end start with its columns, "+" added, "-" removed, " " kept ("\\ No newline").
_HUNK_HEADER = compiled_when_used(r"@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")
_DIFF_COLUMNS = "+- \\"
# How many lines back a line's hunk header is looked for: a URL in a longer hunk is read
# as prose (bounded: each URL at a line end in a long patch asks).
_HUNK_LOOKBACK = 400
# A signature separator ("-- ", RFC 3676 section 4.3; "--" where the blank was stripped),
# or a sign-off's dashes before a name ("--Alice", "-- Bob").
_SIGNATURE_SEPARATOR = compiled_when_used(r"--[ ]?(?:\r?(?:\n|\Z)|[A-Z][a-z])")


def line_kind(text: str, line_start: int) -> tuple[str, int]:
    """What kind of line of mail, news or prose starts at `line_start`, and where its text
    starts: a URL at a line end goes on only onto a line of its own kind.

    The kind is the line's reply prefix's quote marks (quote_key: ">>", "|", "AB>"; "" for
    none), then, in a patch's hunk, the diff's column ("+", "-", " "), whose text starts
    past it; a signature separator ("-- ", or a sign-off's "--Alice") is a kind of its own,
    which no URL goes on onto."""
    reply = QUOTE_PREFIX.match(text, line_start)
    key = quote_key(reply.group()) if reply is not None else ""
    pos = line_start if reply is None else reply.end()
    column = text[pos : pos + 1]
    if column in ("+", "-", " ") and _in_a_hunk(text, line_start, key):
        return key + "\0" + column, pos + 1
    if column == "-" and _SIGNATURE_SEPARATOR.match(text, pos):
        return key + "\0--", pos
    return key, pos


# A line quoted with a writer's initials (Supercite's " AB> "), which a URL's next line is
# looked at for past its first letter (continuation.py, joins.py; scanner.fast as they do).
_INITIALS = compiled_when_used(r"[ \t]*[A-Z][A-Za-z]{0,3}>")


def quoted_by_initials(text: str, line_start: int) -> bool:
    """Does the line at `line_start` start with a reply prefix of a writer's initials?"""
    return _INITIALS.match(text, line_start) is not None


# The last text asked of and the offsets of every hunk header in it, found once a text:
# an indented line is asked of at every URL at a line end, and nearly every text holds no
# hunk, whose lines then need no walk back. One tuple, swapped whole.
_LAST_HEADERS: tuple[str, list[int]] = ("", [])


def _a_header_before(text: str, line_start: int) -> bool:
    """Does a hunk header stand anywhere in `text` before `line_start`?"""
    global _LAST_HEADERS
    last = _LAST_HEADERS
    if last[0] is not text:
        last = _LAST_HEADERS = (text, [found.start() for found in _HUNK_HEADER.finditer(text)])
    return bool(last[1]) and last[1][0] < line_start


def _in_a_hunk(text: str, line_start: int, key: str) -> bool:
    """Is the line at `line_start`, with reply prefix quote marks `key`, a line of a unified
    diff's hunk: after a hunk header, with only the diff's lines (or blank ones, where a
    mailer stripped a kept line's blank) between, all quoted alike?"""
    if not _a_header_before(text, line_start):
        return False
    end = line_start
    for _ in range(_HUNK_LOOKBACK):
        if end == 0:
            return False
        start = text.rfind("\n", 0, end - 1) + 1
        reply = QUOTE_PREFIX.match(text, start, end)
        if (quote_key(reply.group()) if reply is not None else "") != key:
            return False
        pos = start if reply is None else reply.end()
        if _HUNK_HEADER.match(text, pos):
            return True
        if text[pos : pos + 1] not in _DIFF_COLUMNS and text[pos:end].strip():
            return False
        end = start
    return False


def run_end(pattern: re.Pattern[str], text: str, pos: int, end: int | None = None) -> int:
    """Where `pattern`, which matches the empty string, stops matching text[pos:end]."""
    found = pattern.match(text, pos) if end is None else pattern.match(text, pos, end)
    return pos if found is None else found.end()


def past_line_break(text: str, line_break: int) -> int:
    """Where the next line starts, past the line break ("\\n" or "\\r\\n") at `line_break`."""
    return line_break + (2 if text.startswith("\r", line_break) else 1)


def past_line_end(text: str, pos: int) -> int | None:
    """Where the next line starts, where only blanks stand between `pos` and its line's
    end; else None (text follows on the line, or the text ends)."""
    found = LINE_END.match(text, pos)
    return None if found is None else found.end()


def next_line_start(
    text: str, url_start: int, url_end: int, any_reply_level: bool = False
) -> int | None:
    """Where the text of the next line starts, when the URL text[url_start:url_end] ends
    its line; else None.

    Past the next line's reply prefix, diff column and indent. It must be of the URL's own
    line's kind (line_kind: the same reply level of the same mail, the same column of a
    patch), unless `any_reply_level`."""
    # (past_line_end and run_end, written out: every URL at a line end asks)
    found = LINE_END.match(text, url_end)
    if found is None:
        return None
    pos = found.end()
    if any_reply_level:
        reply = QUOTE_PREFIX.match(text, pos)
        pos = pos if reply is None else reply.end()
        indent = INDENT.match(text, pos)
        return pos if indent is None else indent.end()
    low = max(0, url_start - _PREFIX_LOOKBACK)
    line_start = text.rfind("\n", low, url_start) + 1
    # (a line longer than the look back is read as a line of no kind: prose)
    key = line_kind(text, line_start)[0] if line_start or low == 0 else ""
    kind, pos = line_kind(text, pos)
    if kind != key:
        return None
    indent = INDENT.match(text, pos)
    return pos if indent is None else indent.end()


class Lines:
    """How a text's lines are read where a URL at a line end may go on onto the next one
    (`going_on_at`): its syntax's name, and for code its literals and comments."""

    __slots__ = ("syntax", "regions", "opened", "_written", "_written_in")

    def __init__(
        self, syntax: str, regions: Regions | None = None, opened: OpenBlock = None
    ) -> None:
        # "markdown", "rst", "asciidoc"; "other"; "code", with a code text's regions
        # (scanner.code), which are None for any other syntax. `opened`: the markup block
        # the text starts inside of (markup_lines.OpenBlock: a long text's later chunk).
        self.syntax = syntax
        self.regions = regions
        self.opened = opened
        self._written: list[tuple[int, int]] = []
        self._written_in: str | None = None

    def written(self, text: str) -> list[tuple[int, int]]:
        """What the markup shows as written in `text` (markup_lines.as_written), read once
        a text: only where a URL at a line end has a line after it."""
        if self._written_in is not text:
            from .markup_lines import as_written

            self._written = as_written(self.syntax, text, self.opened)
            self._written_in = text
        return self._written
