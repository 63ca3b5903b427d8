"""YAML's quoted and block scalars, and its comments."""

from __future__ import annotations

import re

from ..lexer import BLOCK_SCALAR, RAW, SLASHED, STRING, TEXT, Lexer
from .preceding import previous

# YAML 1.2: a quote opens a scalar only at the scalar's start; # after a blank; block
# scalars (| and >, with their indicators: section 8.1.1) are the value, their lines deeper
# than the line that opens them, after the node's properties where it has any (an anchor
# `&name`, a tag `!!str`, `!local`: section 6.9).
_YAML_OPEN = re.compile(r"[#\"'|>]")
_BLOCK_HEADER = re.compile(r"[|>][-+0-9]*[ \t]*(?:#[^\n]*|\r)?(?=\n|\Z)")
_INDENT = re.compile(r"[ \t]*")


def read(lexer: Lexer) -> None:
    """YAML's quoted and block scalars and comments in `lexer`'s text, as regions."""
    text = lexer.text
    while True:
        match = _YAML_OPEN.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "#":
            if at == 0 or text[at - 1] in " \t\n":
                lexer.comment_to_line_end(at)
            else:
                lexer.pos = at + 1
        elif char in "|>":
            header = _BLOCK_HEADER.match(text, at)
            if header is None or not _scalar_start(text, _properties_start(text, at)):
                lexer.pos = at + 1  # inside a plain scalar: `a|b`, `x > y`
            else:
                line_start = text.rfind("\n", 0, at) + 1
                indent = _INDENT.match(text, line_start).end() - line_start  # type: ignore[union-attr]  # matches empty
                block_scalar(lexer, header.end() + 1, indent)
        elif not _scalar_start(text, at):
            lexer.pos = at + 1  # inside a plain scalar: `it's`
        elif char == "'":
            _yaml_single(lexer, at + 1)
        else:
            lexer.spanning(at + 1, '"', SLASHED)


def _properties_start(text: str, at: int) -> int:
    """Where the properties (anchors `&a`, tags `!t`) right before the indicator at `at` on
    its line start; `at` where it has none."""
    start = at
    while True:
        last = previous(text, start)
        if last < 0 or text[last] == "\n":
            return start
        first = last
        while first > 0 and text[first - 1] not in " \t\n":
            first -= 1
        if text[first] not in "&!":
            return start
        start = first


def _scalar_start(text: str, at: int) -> bool:
    """Does a scalar start at `at`: at a line's start (after its indentation), after a
    mapping's `: `, a sequence's `- `, a complex key's `? `, or in a flow collection?"""
    before = previous(text, at)
    if before < 0 or text[before] in "\n[{,":
        return True
    return text[before] in "-:?" and before + 1 < at


_YAML_SINGLE = re.compile(r"(?:[^']|'')*'")  # '' is a quote (YAML 1.2 section 7.3.2)


def _yaml_single(lexer: Lexer, start: int) -> None:
    """A single-quoted scalar whose content starts at `start`: no escapes but `''`."""
    match = _YAML_SINGLE.match(lexer.text, start)
    if match is None:
        lexer.pos = lexer.line_end(start)  # never closed: the line read as plain
        return
    lexer.regions.add(start, match.end() - 1, RAW, STRING, None, match.end())
    lexer.pos = match.end()


def block_scalar(lexer: Lexer, start: int, indent: int) -> None:
    """A block scalar's lines from `start`: blank ones, and those indented deeper than
    `indent` (the value, read as prose)."""
    text = lexer.text
    pos = end = min(start, len(text))
    while pos < len(text):
        line_end = lexer.line_end(pos)
        blanks = _INDENT.match(text, pos).end()  # type: ignore[union-attr]  # matches empty
        blank = blanks == line_end or (blanks + 1 == line_end and text[blanks] == "\r")
        if not blank and blanks - pos <= indent:
            break
        end = line_end
        pos = line_end + 1
    if end > start:
        lexer.regions.add(start, end, TEXT, BLOCK_SCALAR, ("block", indent))
    lexer.pos = max(end, start)
