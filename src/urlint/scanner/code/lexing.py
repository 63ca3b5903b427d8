"""A code file's string literals and comments: its family's lexer, or the file-kind table's
reader, resuming in the construct the chunk before left open."""

from __future__ import annotations

from ..file_kinds import table_kind
from ..lexer import HEREDOC_STATE, NESTED_STATE, Lexer, LexState, Regions
from ..syntax import Syntax
from . import c_like, javascript, json, properties, python, shell, toml, yaml


def lex(
    text: str, syntax: Syntax | str, state: LexState | None = None, final: bool = True
) -> Regions:
    """The string literals and comments of `text`, written in `syntax` (a code syntax).

    `state`: a construct the text starts inside of (Regions.state_at of the chunk before).
    `final`: the text ends its file; else a construct still open at its end goes on in
    the next chunk (kept, to its end), where at a file's end it is no region."""
    lexer = Lexer(text, final)
    if state is not None:
        _resume(lexer, state)
    kind = table_kind(syntax)
    if kind is not None:
        from ..table_code import read_table  # a hook's run on a .py file loads it not

        read_table(lexer, kind)
    else:
        _FAMILIES[Syntax(syntax)](lexer)
    return lexer.regions


def _resume(lexer: Lexer, state: LexState) -> None:
    """Start inside the construct `state` says the chunk before left open."""
    kind = state[0]
    if kind in (NESTED_STATE, HEREDOC_STATE):  # a table kind's (scanner.table_code)
        from ..table_code import resume_table

        resume_table(lexer, state)
    elif kind == "skip":
        lexer.pos = state[1]
    elif kind == "heredoc":
        shell.heredoc_body(lexer, 0, state[1], state[2])
    elif kind == "block":
        yaml.block_scalar(lexer, 0, state[1])
    elif kind == "`":
        javascript.template_literal(lexer, 0)
    elif kind == "property":
        properties.property_value(lexer, 0)
    else:
        closer, mode, construct, escapes = state
        lexer.spanning(0, closer, mode, construct, escapes)


_FAMILIES = {
    Syntax.PYTHON: python.read,
    Syntax.JAVASCRIPT: javascript.read,
    Syntax.GO: c_like.read_go,
    Syntax.C_LIKE: c_like.read,
    Syntax.JSON: json.read,
    Syntax.SHELL: shell.read,
    Syntax.TOML: toml.read,
    Syntax.YAML: yaml.read,
    Syntax.PROPERTIES: properties.read,
}
