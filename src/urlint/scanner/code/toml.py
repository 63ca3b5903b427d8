"""TOML's strings and comments."""

from __future__ import annotations

import re

from ..lexer import LITERAL, RAW, Lexer

# TOML (v1.0.0): "..." and '...' on their line, """...""" and '''...''' across lines, #.
_TOML_OPEN = re.compile(r"[#\"']")


def read(lexer: Lexer) -> None:
    """TOML's strings and comments in `lexer`'s text, as regions."""
    text = lexer.text
    while True:
        match = _TOML_OPEN.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        mode = LITERAL if char == '"' else RAW
        if char == "#":
            lexer.comment_to_line_end(at)
        elif text.startswith(char * 3, at):
            lexer.spanning(at + 3, char * 3, mode, escapes=char == '"')
        else:
            lexer.single_line(at + 1, char, mode, escapes=char == '"')
