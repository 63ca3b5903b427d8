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

    Past the next line's reply prefix and indent. Its prefix must quote as the URL's own
    line does (the same paragraph of the same mail), unless `any_reply_level`."""
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
    line_start = text.rfind("\n", low, url_start) + 1 or low
    prefix = QUOTE_PREFIX.match(text, line_start, url_start)
    if prefix is not None and prefix.group().strip():
        reply = QUOTE_PREFIX.match(text, pos)
        if reply is None or quote_key(reply.group()) != quote_key(prefix.group()):
            return None
        pos = reply.end()
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
