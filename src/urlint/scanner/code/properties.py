"""A Java properties file's comments and values."""

from __future__ import annotations

import re

from ..lexer import PROPERTY, STRING, Lexer

# Java's properties files (java.util.Properties.load): a line whose first character past
# its blanks is "#" or "!" is a comment; any other holds a key, a separator ("=", ":" or
# blanks) and the value, to its logical line's end: a line that ends on an odd number of
# backslashes goes on, the next line's leading blanks passed over. In the key and the
# value a backslash escapes the character after it (`\:` is ":", `\=` is "=", `\\` is
# "\"; `\t`, `\n`, `\r`, `\f` and `\uXXXX` stand for what they name). A value is read in
# PROPERTY mode (scanner.literals, which reads its escapes and its logical line).
_PROPERTY_BLANKS = re.compile(r"[ \t\f]*")


def read(lexer: Lexer) -> None:
    """A properties file's comments and values in `lexer`'s text, as regions."""
    text = lexer.text
    length = len(text)
    while lexer.pos < length:
        line_end = lexer.line_end(lexer.pos)
        at = _PROPERTY_BLANKS.match(text, lexer.pos).end()  # type: ignore[union-attr]  # matches empty
        if at >= line_end or text[at] in "\r\n":
            lexer.pos = line_end + 1
        elif text[at] in "#!":
            lexer.comment_to_line_end(at + 1)
            lexer.pos = line_end + 1
        else:
            property_value(lexer, _value_start(text, at, line_end))
            lexer.pos += 1


def _value_start(text: str, at: int, line_end: int) -> int:
    """Where the value of the property whose key starts at `at` starts: past the key (to
    its first unescaped "=", ":" or blank) and the separator (blanks, one "=" or ":",
    blanks)."""
    pos = at
    while pos < line_end:
        char = text[pos]
        if char == "\\":
            pos += 2
            continue
        if char in "=: \t\f\r":
            break
        pos += 1
    pos = _PROPERTY_BLANKS.match(text, min(pos, line_end)).end()  # type: ignore[union-attr]
    if pos < line_end and text[pos] in "=:":
        pos = _PROPERTY_BLANKS.match(text, pos + 1).end()  # type: ignore[union-attr]
    return min(pos, line_end)


def property_value(lexer: Lexer, start: int) -> None:
    """The value that starts at `start`, to its logical line's end: a PROPERTY region (its
    lines' line breaks in it, where it goes on past one)."""
    end = property_line_end(lexer.text, start)
    if end > start:
        lexer.regions.add(start, end, PROPERTY, STRING, ("property",))
    lexer.pos = end


def property_line_end(text: str, pos: int) -> int:
    """Where the logical line of a properties file at `pos` ends (before its line break):
    past each line that ends on an odd number of backslashes (it goes on)."""
    while True:
        line_end = text.find("\n", pos)
        if line_end < 0:
            return len(text)
        last = line_end - 1 if text[line_end - 1 : line_end] == "\r" else line_end
        at = last
        while at > pos and text[at - 1] == "\\":  # the line's own run: each line read once
            at -= 1
        if (last - at) % 2 == 0:
            return last
        pos = line_end + 1
