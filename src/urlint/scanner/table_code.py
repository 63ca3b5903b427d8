"""The string literals and comments of a file of a kind read from its row (scanner.file_kinds).

One pass, led by one search for every opener the row names (its block comments, its string
forms, its line comments, in that order: `--[[` is Lua's block before it is a line comment,
three double quotes open a triple-quoted string before they are an empty one), each read as
scanner.lexer's pass reads a construct: a literal closed on its line (not closed there,
the rest of the line is code read two ways: no fix, no comment), one across lines to its
closer (never closed at the file's end, what follows its opener is read as code), a nested
block comment to the closer that balances it, a here-document's body from the next line to
the line that holds its word alone. What the row does not name is code: a URL in it ends
at its line's end.
"""

from __future__ import annotations

import re
from functools import cache, partial

from .file_kinds import FORMS, Form, Kind, table_kind
from .lexer import (
    COMMENT,
    HEREDOC,
    HEREDOC_STATE,
    NESTED_STATE,
    RAW,
    RAW_STRING,
    STRING,
    TEXT,
    Bodies,
    Lexer,
    LexState,
)

# The constructs a form names (scanner.file_kinds writes them as words).
_CONSTRUCTS = {"string": STRING, "raw string": RAW_STRING, "here-document": HEREDOC}
_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">"}


# What an alternative of a kind's search is: a block comment, a string form, a line comment.
_BLOCK, _FORM, _COMMENT = range(3)


@cache
def _reader(name: str) -> tuple[re.Pattern[str], tuple[tuple[int, int], ...]]:
    """The one search for a kind's openers, and what each alternative is: (_BLOCK, the
    index of the row's block comment), (_FORM, the index of its string form) or
    (_COMMENT, 0)."""
    kind = table_kind(name)
    assert kind is not None
    parts: list[str] = []
    actions: list[tuple[int, int]] = []
    for index, (opener, _, _) in enumerate(kind.blocks):
        parts.append(opener)
        actions.append((_BLOCK, index))
    for index, form_name in enumerate(kind.strings):
        parts.append(FORMS[form_name].opener)
        actions.append((_FORM, index))
    for opener in kind.comments:
        parts.append(opener)
        actions.append((_COMMENT, 0))
    alternatives, groups = [], 0
    for index, part in enumerate(parts):
        # a part's back-references to its own groups, numbered in the whole pattern
        shift = groups + 1  # the alternative's own named group comes first
        renumbered = _BACKREFERENCE.sub(partial(_shifted, shift), part)
        alternatives.append(f"(?P<a{index}>{renumbered})")
        groups += 1 + re.compile(part).groups
    return re.compile("|".join(alternatives) or r"(?!)"), tuple(actions)


def _shifted(shift: int, match: re.Match[str]) -> str:
    """A back-reference `match` found, its group's number moved on by `shift`."""
    return f"{match[1]}\\{int(match[2]) + shift}"


# A back-reference in a pattern (`\1`), not an escaped backslash before a digit (`\\1`).
_BACKREFERENCE = re.compile(r"(?<!\\)((?:\\\\)*)\\(\d)")


@cache
def _opener(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def read_table(lexer: Lexer, kind: Kind) -> None:
    """Mark the literals and comments of `lexer`'s text, written in `kind`."""
    search, actions = _reader(kind.name)
    text = lexer.text
    heredocs = Bodies()  # opened on this line: (word, mode), read from the next
    while True:
        match = search.search(text, lexer.pos)
        due = heredocs.due(lexer, -1 if match is None else match.start())
        if due:
            for word, mode in due:
                _heredoc(lexer, lexer.pos, word, mode)
            continue
        if match is None:
            return
        what, index = actions[int((match.lastgroup or "a0")[1:])]
        end = match.end()
        if what == _COMMENT:
            lexer.comment_to_line_end(end)
        elif what == _BLOCK:
            opener, closer, nested = kind.blocks[index]
            if "\\" in closer:
                local = _opener(opener).match(text, match.start())
                closer = local.expand(closer) if local is not None else closer
            if nested:
                _nested(lexer, end, opener, closer, 1)
            else:
                lexer.spanning(end, closer, TEXT, COMMENT, escapes=False)
        else:
            heredoc = _form(lexer, match, FORMS[kind.strings[index]])
            if heredoc is not None:
                heredocs.opened.append(heredoc)


def _form(lexer: Lexer, match: re.Match[str], form: Form) -> tuple[str, int] | None:
    """Read the string form whose opener `match` found; a here-document's (word, mode),
    whose body is read from the next line."""
    text, at, end = lexer.text, match.start(), match.end()
    local = _opener(form.opener).match(text, at)
    assert local is not None
    construct = _CONSTRUCTS[form.construct]
    escapes = form.mode != RAW
    if form.closer == "heredoc":  # the word: <<~WORD, <<"WORD" or <<WORD
        lexer.pos = end
        return (local.group(2) or local.group(4) or local.group(5), form.mode)
    if not form.closer:  # a character literal: passed over (Clojure's \", Lisp's ?\")
        lexer.pos = end
        return None
    if form.closer.startswith("(?"):  # a closer a pattern says (Nix's '' but ''$)
        _closed_by_pattern(lexer, end, form.closer, form.mode, construct)
        return None
    if form.closer == "pair":
        opening = next(group for group in local.groups() if group)
        closer = _PAIRS.get(opening, opening)
    elif "\\" in form.closer:
        closer = local.expand(form.closer)
    else:
        closer = form.closer
    if closer == "\n":  # to the line's end (Zig's `\\` lines)
        line_end = lexer.line_end(end)
        lexer.regions.add(end, line_end, form.mode, construct)
        lexer.pos = line_end
    elif form.lines:
        lexer.spanning(end, closer, form.mode, construct, escapes)
    else:
        lexer.single_line(end, closer, form.mode, escapes, ambiguous=closer in "\"'")
    return None


def _closed_by_pattern(lexer: Lexer, start: int, closer: str, mode: int, construct: str) -> None:
    """A literal from `start` to the first match of the pattern `closer`, across lines;
    never closed, as `Lexer.spanning`: no region at the file's end, else to the text's end
    (each failed search remembered: one pass over the text)."""
    text, key = lexer.text, "pattern" + closer
    found = None
    if lexer.missing.get(key, len(text) + 1) > start:
        found = _opener(closer).search(text, start)
    if found is None:
        lexer.missing[key] = min(start, lexer.missing.get(key, start))
        if not lexer.final:
            lexer.regions.add(start, len(text), mode, construct)
            lexer.pos = len(text)
        else:
            lexer.pos = start
        return
    lexer.regions.add(start, found.start(), mode, construct, None, found.end())
    lexer.pos = found.end()


def _nested(lexer: Lexer, start: int, opener: str, closer: str, depth: int) -> None:
    """A block comment that nests, its text from `start` at `depth` (1: inside one), to
    the closer that balances it. Never closed: the rest of the text where it goes on in the
    next chunk, else no region (fail safe: read as code), and no later opener of it either
    (a file's one unbalanced comment is read once, not once an opener)."""
    text, key = lexer.text, "nested" + opener
    failed = lexer.missing.get(key, len(text) + 1)
    if start >= failed:
        lexer.pos = start
        return
    pattern = _opener(f"(?P<open>{opener})|{re.escape(closer)}")
    pos = start
    while depth:
        found = pattern.search(text, pos)
        if found is None:
            break
        depth += 1 if found.lastgroup == "open" else -1
        pos = found.end()
        if not depth:
            resume = (NESTED_STATE, opener, closer, 1)
            lexer.regions.add(start, found.start(), TEXT, COMMENT, resume, pos)
            lexer.pos = pos
            return
    if not lexer.final:
        lexer.regions.add(start, len(text), TEXT, COMMENT, (NESTED_STATE, opener, closer, depth))
        lexer.pos = len(text)
        return
    lexer.missing[key] = start
    lexer.pos = start


def _heredoc(lexer: Lexer, start: int, word: str, mode: int) -> None:
    """A here-document's body from `start` (a line's start) to the line holding `word`
    alone, blanks before it allowed (Ruby's `<<~`, PHP's, HCL's `<<-`) and a statement's
    end after it (`EOS;`, `EOS)`); never closed, to the text's end, as the languages read
    it. One search for the closing line: linear in the body, however often the word
    stands inside its lines."""
    text = lexer.text
    resume = (HEREDOC_STATE, word, mode)
    closing = _opener(rf"(?m)^[ \t]*({re.escape(word)})[ \t]*(?=[\r\n;,).]|\Z)")
    found = closing.search(text, start)
    if found is None:
        lexer.regions.add(start, len(text), mode, HEREDOC, resume)
        lexer.pos = len(text)
        return
    lexer.regions.add(start, found.start(), mode, HEREDOC, resume, found.end(1))
    lexer.pos = found.end(1)


def resume_table(lexer: Lexer, state: LexState) -> bool:
    """Start inside a construct of a table kind that the chunk before left open (True),
    or not one of theirs (False)."""
    if state[0] == NESTED_STATE:
        _, opener, closer, depth = state
        _nested(lexer, 0, opener, closer, depth)
        return True
    if state[0] == HEREDOC_STATE:
        _heredoc(lexer, 0, state[1], state[2])
        return True
    return False
