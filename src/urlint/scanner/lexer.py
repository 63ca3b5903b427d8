"""The machinery every lexer of scanner.code shares: regions, a pass's state, closers.

A lexer marks where a text's string literals and comments are, as regions (`Regions`), each
with the construct it is and the mode a URL in it is read in (scanner.code says which
family reads which syntax; scanner.table_code reads a kind from its row of
scanner.file_kinds). This module holds what they all use: the modes and construct names,
the regions, and the pass (`Lexer`: a literal on one line, a construct across lines, the
rest of a line read as code where the lexer cannot tell).
"""

from __future__ import annotations

import re
from bisect import bisect_right

TEXT, LITERAL, RAW, SLASHED, PROPERTY = range(5)  # PROPERTY: a properties file's value
# The constructs a region is (linter.fixable words each for what it says).
COMMENT = "comment"
STRING = "string"  # a string literal, a docstring
RAW_STRING = "raw string"  # Rust's r#"..."#, C++'s R"(...)", C#'s @"...", Go's `...`
TEXT_BLOCK = "text block"  # Java's and Kotlin's (and Swift's, C#'s) """..."""
TEMPLATE = "template literal"  # JavaScript's `...${}...`
HEREDOC = "here-document"  # the shell's <<WORD
BLOCK_SCALAR = "block scalar"  # YAML's | and >
SUBSTITUTION = "command substitution"  # the shell's `...`: code
AMBIGUOUS = "code read two ways"  # where the lexer cannot tell: read as code
# The `context` a URL found in each construct is given (core.model.Candidate): "comment",
# "string", or None for code.
CONTEXTS: dict[str, str | None] = {
    COMMENT: "comment", STRING: "string", RAW_STRING: "string", TEXT_BLOCK: "string",
    TEMPLATE: "string", HEREDOC: "string", BLOCK_SCALAR: "string", SUBSTITUTION: None,
    AMBIGUOUS: None,
}  # fmt: skip

# How a table kind's constructs that span lines resume in the next chunk
# (scanner.table_code): a block comment that nests, at its depth, and a here-document.
NESTED_STATE, HEREDOC_STATE = "nested", "table-heredoc"
# How to resume a construct a chunk leaves open: (closer, mode, construct, honours escapes),
# or a here-document's ("heredoc", word, tabs stripped), or a YAML block scalar's
# ("block", the indentation its lines are deeper than), or a template literal's ("`",).
LexState = tuple


class Regions:
    """The string literals and comments of a text, in text order.

    Each region is the content between a literal's quotes (or a comment's text), from
    `starts[i]`; `items[i]` holds its end (exclusive), the mode a URL in it is read in
    (TEXT, LITERAL, RAW, SLASHED), the construct it is (COMMENT, STRING, HEREDOC ...:
    CONTEXTS gives a URL's context from it), the offset after its closer, and how to
    resume it where it may span a chunk's end (LexState)."""

    __slots__ = ("starts", "items")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.items: list[tuple[int, int, str, int, LexState | None]] = []

    def add(
        self,
        start: int,
        end: int,
        mode: int,
        construct: str,
        resume: LexState | None = None,
        after: int | None = None,
    ) -> None:
        self.starts.append(start)
        self.items.append((end, mode, construct, end if after is None else after, resume))

    def at(self, offset: int) -> int:
        """The index of the region holding `offset`, or -1 where it is in no region."""
        index = bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.items[index][0]:
            return index
        return -1

    def state_at(self, offset: int) -> LexState | None:
        """How a lexer resumes at `offset` (a chunk's end): None where no construct that
        spans lines is open there; ("skip", n) where `offset` is inside a closer, n
        characters before its end."""
        index = bisect_right(self.starts, offset) - 1
        if index < 0:
            return None
        end, _, _, after, resume = self.items[index]
        if offset >= after or resume is None:
            return None
        return resume if offset < end else ("skip", after - offset)


class Lexer:
    """The state of one pass: the text, where it is, the regions found."""

    __slots__ = ("text", "final", "pos", "regions", "missing")

    def __init__(self, text: str, final: bool) -> None:
        self.text, self.final, self.pos, self.regions = text, final, 0, Regions()
        self.missing: dict[str, int] = {}  # closers not found from an offset on

    def line_end(self, pos: int) -> int:
        """The offset of the line end at or after `pos` (the text's end where none)."""
        return self.text.find("\n", pos) % (len(self.text) + 1)  # -1: the text's length

    def comment_to_line_end(self, start: int) -> None:
        end = self.line_end(start)
        self.regions.add(start, end, TEXT, COMMENT)
        self.pos = end

    def single_line(
        self,
        start: int,
        quote: str,
        mode: int,
        escapes: bool = True,
        ambiguous: bool = True,
    ) -> bool:
        """A literal whose content starts at `start`, closed by `quote` on its line (a
        backslash and a line end go on with it, where `escapes`); False, and the rest of
        the line passed over, where it is not closed there (fail safe: AMBIGUOUS, where
        `ambiguous`; the caller reads on otherwise)."""
        match = closing(quote, escapes, True).match(self.text, start)
        if match is None:
            if ambiguous:
                self.ambiguous_to_line_end(start)
            else:
                self.pos = self.line_end(start)
            return False
        close = match.end() - len(quote)
        self.regions.add(start, close, mode, STRING)
        self.pos = match.end()
        return True

    def ambiguous_to_line_end(self, start: int) -> None:
        """The rest of the line from `start` read as code that may be a literal's value:
        AMBIGUOUS (no fix, no comment at its end)."""
        end = self.line_end(start)
        if end > start:
            self.regions.add(start, end, TEXT, AMBIGUOUS)
        self.pos = end

    def spanning(
        self,
        start: int,
        closer: str,
        mode: int,
        construct: str = STRING,
        escapes: bool = True,
    ) -> None:
        """A literal or comment whose content starts at `start` and closes at `closer`,
        across lines. Never closed: no region where the text ends its file (fail safe),
        else the rest of the text (the next chunk goes on with it)."""
        text, key, resume = self.text, closer + str(escapes), (closer, mode, construct, escapes)
        match = None
        if self.missing.get(key, len(text) + 1) > start:
            match = closing(closer, escapes, False).match(text, start)
        if match is None:
            self.missing[key] = min(start, self.missing.get(key, start))
            if not self.final:
                self.regions.add(start, len(text), mode, construct, resume)
                self.pos = len(text)
            else:
                self.pos = start  # fail safe: what follows the opener is read as code
            return
        close = match.end() - len(closer)
        self.regions.add(start, close, mode, construct, resume, match.end())
        self.pos = match.end()


_CLOSINGS: dict[tuple[str, bool, bool], re.Pattern[str]] = {}


def closing(closer: str, escapes: bool, one_line: bool) -> re.Pattern[str]:
    """A pattern matching a literal's content and its closer: runs of plain characters,
    each escape (where `escapes`) or lone first character of the closer followed by another
    run (the loop unrolled: linear, and a run is one step of the regex engine)."""
    key = (closer, escapes, one_line)
    pattern = _CLOSINGS.get(key)
    if pattern is None:
        first = re.escape(closer[0])
        plain = f"[^{first}" + (r"\n" if one_line else "") + (r"\\" if escapes else "") + "]*"
        others = [r"\\[\s\S]"] if escapes else []
        if len(closer) > 1:  # a quote that does not start the closer: `"` inside `"""`
            others.append(f"{first}(?!{re.escape(closer[1:])})")
        between = f"(?:(?:{'|'.join(others)}){plain})*" if others else ""
        pattern = _CLOSINGS[key] = re.compile(f"{plain}{between}{re.escape(closer)}")
    return pattern


class Bodies:
    """The here-documents opened on the line being read, whose bodies start on the next:
    a lexer reads on to the line's end, then their bodies, in order (the shell's and a
    table kind's). The line's end is found once a line: a long line of constructs after
    a `<<WORD` is read once."""

    __slots__ = ("opened", "line_end")

    def __init__(self) -> None:
        # (word, how its body is read: the shell's tabs stripped, a table kind's mode)
        self.opened: list[tuple[str, int]] = []
        self.line_end = -1

    def due(self, lexer: Lexer, next_at: int) -> list[tuple[str, int]]:
        """The here-documents whose bodies come before the construct found at `next_at`
        (-1: none), the lexer moved to the next line's start; [] where none is due."""
        if not self.opened:
            return []
        if self.line_end < lexer.pos:
            self.line_end = lexer.line_end(lexer.pos)
        if 0 <= next_at <= self.line_end:
            return []
        lexer.pos = self.line_end + 1
        due, self.opened = self.opened, []
        return due
