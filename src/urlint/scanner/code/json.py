"""JSON's strings and, in JSON with comments and JSON5, its comments."""

from __future__ import annotations

import re

from ..lexer import SLASHED, STRING, Lexer
from .c_like import comment

# JSON (and JSON with comments): "..." each on its line, and JSON5's '...'; `//` and `/* */`
# comments. One pattern finds the strings (a lock file holds tens of thousands): a string
# not closed on its line matches nothing, and the text after its quote is read on.
_JSON_TOKEN = re.compile(
    r'"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"'
    r"|'([^'\\\n]*(?:\\[^\n][^'\\\n]*)*)'"
    r"|/[/*]"
)


def read(lexer: Lexer) -> None:
    """JSON's strings and comments in `lexer`'s text, as regions."""
    text = lexer.text
    starts, items = lexer.regions.starts, lexer.regions.items
    while True:
        for match in _JSON_TOKEN.finditer(text, lexer.pos):
            if match.lastindex:  # a string
                end = match.end()
                starts.append(match.start() + 1)
                items.append((end - 1, SLASHED, STRING, end, None))
            else:
                comment(lexer, match.start())
                break
        else:
            return
