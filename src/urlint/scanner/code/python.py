"""Python's string literals and comments: prefixes, f-strings' replacement fields, docstrings
as prose."""

from __future__ import annotations

import re

from ..lexer import LITERAL, RAW, STRING, TEXT, Lexer, closing
from .preceding import WORD, previous

# Python. The prefixes: r, b, u, f, t and their pairs. An f-string (and a t-string) on one
# line is read to its closing quote past its replacement fields, whose expressions may hold
# strings in the same quote (PEP 701, Python 3.12: `f"{d["#"]} ..."`); a placeholder's braces
# are URL text that scanner.templates reads. A triple-quoted one closes at its closer.
_PY_OPEN = re.compile(r"[#\"']")
_PY_PREFIXES = frozenset({"r", "b", "u", "f", "t", "rb", "br", "fr", "rf", "tr", "rt"})
# What ends a line that an expression goes on after: a literal after it is an operand, not
# a statement of its own (a docstring is one).
_GOES_ON = frozenset("([{,=+\\%")


def read(lexer: Lexer) -> None:
    """Python's string literals and comments in `lexer`'s text, as regions."""
    text = lexer.text
    while True:
        match = _PY_OPEN.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "#":
            lexer.comment_to_line_end(at)
            continue
        prefix_start, prefix = _py_prefix(text, at)
        raw = "r" in prefix
        if text.startswith(char * 3, at):
            start = at + 3
            if _statement(text, prefix_start):
                lexer.spanning(start, char * 3, TEXT)  # a docstring: prose
            else:
                lexer.spanning(start, char * 3, RAW if raw else LITERAL)
        elif "f" in prefix or "t" in prefix:
            close = _fstring_end(text, at + 1, char, False, 0)
            if close < 0:
                lexer.ambiguous_to_line_end(at + 1)
            else:
                lexer.regions.add(at + 1, close, RAW if raw else LITERAL, STRING)
                lexer.pos = close + 1
        else:
            lexer.single_line(at + 1, char, RAW if raw else LITERAL)


def _py_prefix(text: str, at: int) -> tuple[int, str]:
    """Where the prefix of a string whose quote is at `at` starts, and the prefix (lower
    case; "" where the letters before the quote are no prefix we know)."""
    prefix_start = at
    while prefix_start > at - 2 and prefix_start > 0 and text[prefix_start - 1].isalpha():
        prefix_start -= 1
    prefix = text[prefix_start:at].lower()
    if prefix_start > 0 and WORD.match(text, prefix_start - 1):
        return prefix_start, ""  # part of a longer name: no prefix we know
    return prefix_start, prefix if prefix in _PY_PREFIXES else ""


# What an f-string's text stops at (its quote, a replacement field's brace, an escape, its
# line's end), and what an expression in a replacement field stops at.
_FSTRING_STOPS = {quote: re.compile(rf"[{quote}{{}}\\\n]") for quote in "'\""}
_FIELD_STOP = re.compile(r"[][(){}\"':\\\n]")
_MAX_FSTRING_NESTING = 8  # f-strings inside f-strings' fields, at most


def _fstring_end(text: str, pos: int, quote: str, spec: bool, nesting: int) -> int:
    """The offset of the quote closing a one-line f-string whose text starts at `pos`; -1
    where it is not closed on its line. `spec`: the text is a replacement field's format
    spec, which ends at the field's `}` (the offset after it is returned)."""
    stops = _FSTRING_STOPS[quote]
    while True:
        match = stops.search(text, pos)
        if match is None:
            return -1
        at = match.start()
        char = text[at]
        if char == "\\":
            pos = at + 2
        elif char == "{":
            if not spec and text.startswith("{{", at):
                pos = at + 2
            else:
                pos = _field_end(text, at + 1, quote, nesting)
                if pos < 0:
                    return -1
        elif char == "}":
            if spec:
                return at + 1
            pos = at + 1  # `}}`, or a lone one
        elif char == quote and not spec:
            return at
        else:  # a line's end, or the f-string's quote inside a format spec
            return -1


def formats_fields(text: str, quote_at: int) -> bool:
    """Is the string whose opening quote is at `quote_at` a Python f-string or t-string
    (PEP 498, PEP 750), whose braces open replacement fields? No other language we read
    writes an `f` or `t` right before a quote."""
    if text[quote_at : quote_at + 1] not in ("'", '"'):
        return False  # no quote: a properties value after its key's `=`
    _, prefix = _py_prefix(text, quote_at)
    return "f" in prefix or "t" in prefix


def field_end(text: str, brace: int, quote: str) -> int:
    """The offset after the `}` closing the replacement field opened at `brace` in a
    one-line f-string quoted by `quote`, its expression's strings read (PEP 701:
    `{item["episode"]}` in `f"..."`); -1 where it does not close on its line."""
    return _field_end(text, brace + 1, quote, 0)


def _field_end(text: str, pos: int, quote: str, nesting: int) -> int:
    """The offset after the `}` closing a replacement field whose expression starts at
    `pos`, in a one-line f-string quoted by `quote`; -1 where it does not close."""
    if nesting >= _MAX_FSTRING_NESTING:
        return -1
    depth = 0
    while True:
        match = _FIELD_STOP.search(text, pos)
        if match is None:
            return -1
        at = match.start()
        char = text[at]
        pos = at + 1
        if char in "([{":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "}":
            if depth <= 0:
                return pos
            depth -= 1
        elif char == ":" and depth <= 0:
            return _fstring_end(text, pos, quote, True, nesting)  # the format spec
        elif char in "\"'":
            _, prefix = _py_prefix(text, at)
            if text.startswith(char * 3, at):
                return -1  # a triple-quoted string in a one-line field: not read here
            if "f" in prefix or "t" in prefix:
                close = _fstring_end(text, pos, char, False, nesting + 1)
            else:
                closed = closing(char, True, True).match(text, pos)
                close = -1 if closed is None else closed.end() - 1
            if close < 0:
                return -1
            pos = close + 1
        elif char == "\n":
            return -1
        elif char == "\\":
            pos = at + 2


def _statement(text: str, at: int) -> bool:
    """Does a literal that starts at `at` stand as a statement of its own (a docstring, or
    a string written as documentation): only blanks before it on its line, and no
    expression going on from the line before (a `:` ends a `def` or `class` line)?"""
    before = previous(text, at)
    if before >= 0 and text[before] != "\n":
        return False
    while before >= 0 and text[before].isspace():
        before -= 1
    return before < 0 or text[before] not in _GOES_ON
