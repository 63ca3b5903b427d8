"""The string literals and comments of C and the languages that write as it does, and Go's."""

from __future__ import annotations

import re

from ..lexer import COMMENT, LITERAL, RAW, RAW_STRING, TEXT, TEXT_BLOCK, Lexer

# C, C++, Java, Rust, Ruby, PHP... and Go: "..." and '...' closed on their line (a "'" that
# is not, a Rust lifetime, opens nothing; Go's runes read as strings), //, /* */; and across
# lines, each to its own closer with no escapes but the text block's: Go's raw strings in
# backquotes, Rust's raw strings (r"...", r#"..."#, br and cr too; the Rust Reference,
# "Raw string literals"), C++'s raw strings (R"delim(...)delim", with u8, u, U, L before;
# C++11 [lex.string]), C#'s verbatim strings (@"...", where "" is a quote), and the text
# blocks of Java (JEP 378), Kotlin, Swift and C# 11 (three or more double quotes).
_C_OPEN = re.compile(r"[/\"']")
_GO_OPEN = re.compile(r"[/\"'`]")
_RAW_PREFIX = re.compile(r"(?<!\w)(?:[bc]?r|(?:u8|[uUL])?R)\Z")  # Rust's, C++'s
_CPP_DELIMITER = re.compile(r'"([^()\\\s"]{0,16})\(')
_VERBATIM = re.compile(r'[^"]*(?:""[^"]*)*"(?!")')  # C#'s @"...": "" is a quote
_MAX_HASHES = 255  # a Rust raw string's #s (the Rust Reference: fewer than 256)
_QUOTES = re.compile(r'"{3,}')


def read(lexer: Lexer, opens: re.Pattern[str] = _C_OPEN) -> None:
    """The string literals and comments of a C-like language in `lexer`'s text, as regions;
    `opens`: what may open one."""
    text = lexer.text
    while True:
        match = opens.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "/":
            if not comment(lexer, at):
                lexer.pos = at + 1
        elif char == "`":
            lexer.spanning(at + 1, "`", RAW, RAW_STRING, escapes=False)
        elif char == "'":
            if not lexer.single_line(at + 1, char, LITERAL, ambiguous=False):
                lexer.pos = at + 1  # a lifetime or an apostrophe: on from the next character
        elif not _raw_or_block(lexer, at):
            lexer.single_line(at + 1, char, LITERAL)


def read_go(lexer: Lexer) -> None:
    """Go's: backquotes open its raw strings."""
    read(lexer, _GO_OPEN)


def comment(lexer: Lexer, at: int) -> bool:
    """A `//` or `/*` comment starting at `at` (read, True), or none."""
    text = lexer.text
    if text.startswith("//", at):
        lexer.comment_to_line_end(at + 2)
        return True
    if text.startswith("/*", at):
        lexer.spanning(at + 2, "*/", TEXT, COMMENT, escapes=False)
        return True
    return False


def _raw_or_block(lexer: Lexer, at: int) -> bool:
    """A raw string, a verbatim string or a text block whose `"` is at `at` (read, True),
    or none."""
    text = lexer.text
    quotes = _QUOTES.match(text, at)
    if quotes is not None:
        closer = quotes.group()
        lexer.spanning(quotes.end(), closer, LITERAL, TEXT_BLOCK, escapes=len(closer) == 3)
        return True
    hashes = at
    while hashes > 0 and text[hashes - 1] == "#" and at - hashes < _MAX_HASHES:
        hashes -= 1
    letter = text[hashes - 1 : hashes]
    if letter in ("r", "R") and _RAW_PREFIX.search(text, max(0, hashes - 4), hashes):
        if letter == "r":  # Rust's
            closer = '"' + text[hashes:at]
            lexer.spanning(at + 1, closer, RAW, RAW_STRING, escapes=False)
            return True
        delimiter = _CPP_DELIMITER.match(text, at) if hashes == at else None
        if delimiter is not None:  # C++'s
            closer = ")" + delimiter.group(1) + '"'
            lexer.spanning(delimiter.end(), closer, RAW, RAW_STRING, escapes=False)
            return True
    if hashes == at and (letter == "@" or text[at - 2 : at] == "@$"):
        return _verbatim(lexer, at + 1)
    return False


def _verbatim(lexer: Lexer, start: int) -> bool:
    """C#'s verbatim string whose content starts at `start`: to a `"` not doubled."""
    failed = lexer.missing.get("@", len(lexer.text) + 1)
    match = _VERBATIM.match(lexer.text, start) if start < failed else None
    if match is None:
        lexer.missing["@"] = min(start, failed)
        lexer.ambiguous_to_line_end(start)  # never closed: not known
        return True
    lexer.regions.add(start, match.end() - 1, RAW, RAW_STRING, None, match.end())
    lexer.pos = match.end()
    return True
