"""JavaScript's and TypeScript's string literals, template literals, comments and regular
expression literals."""

from __future__ import annotations

import re

from ..lexer import AMBIGUOUS, SLASHED, TEMPLATE, TEXT, Lexer, closing
from .c_like import comment
from .preceding import WORD, previous

# JavaScript and TypeScript: '...' and "..." (each closed on its line), `...${}...`, //,
# /* */, and regular expression literals (whose quotes open nothing). Whether a "/" starts
# one or divides is decided as JavaScript's tokenizers do, by the token before it: after an
# operator, an opening bracket, a keyword or at a line's start a regular expression; after a
# name, a number or a closing bracket a division; after a `)`, a regular expression where the
# parenthesis closes an `if`, `while`, `for` or `with` head. Where that `(` is not found
# near, and both readings are possible, the rest of the line is AMBIGUOUS.
_JS_OPEN = re.compile(r"[/\"'`]")
_REGEX_LITERAL = re.compile(r"(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/")
# After these (or at a line's start) a "/" starts a regular expression, not a division.
_BEFORE_REGEX = frozenset("(,=:[!&|?{};+-*%<>~^")
_BEFORE_REGEX_WORDS = frozenset(
    {"return", "typeof", "case", "do", "else", "in", "of", "void", "yield", "await"}
)
_CONDITION_WORDS = frozenset({"if", "while", "for", "with"})
_PARENS = re.compile(r"[()]")
_PAREN_LOOK_BACK = 512  # a condition's head is no longer than this
_PAREN_STEPS = 64  # nor holds more parentheses
_PAREN_STRETCH = 64


def read(lexer: Lexer) -> None:
    """JavaScript's string and template literals and comments in `lexer`'s text, as regions."""
    text = lexer.text
    while True:
        match = _JS_OPEN.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "/":
            if comment(lexer, at):
                continue
            regex = _regex_may_start(lexer, at)
            if regex is not False:
                literal = _REGEX_LITERAL.match(text, at + 1, at + 1000)  # one is short
                if literal is not None:
                    if regex is None:  # a regular expression or a division: not known
                        lexer.ambiguous_to_line_end(at)
                    else:
                        lexer.pos = literal.end()
                    continue
            lexer.pos = at + 1
        elif char == "`":
            template_literal(lexer, at + 1)
        else:
            lexer.single_line(at + 1, char, SLASHED)


def _regex_may_start(lexer: Lexer, at: int) -> bool | None:
    """Does a "/" at `at` start a regular expression literal (after an operator, an opening
    bracket, a keyword, at a line's start, or after a condition's `)`), not a division?
    None where it is not known (a `)` whose `(` is not found near)."""
    text = lexer.text
    before = previous(text, at)
    if before < 0 or text[before] == "\n" or text[before] in _BEFORE_REGEX:
        return True
    if text[before] == ")":
        return _closes_a_condition(lexer, before)
    return _word_before(text, before) in _BEFORE_REGEX_WORDS


def _word_before(text: str, last: int) -> str:
    """The keyword-sized word that ends at `last` (inclusive); "" where none, or where it is
    the end of a longer name."""
    start = last + 1
    while start > 0 and start > last - 7 and text[start - 1].isalpha():
        start -= 1
    if start > 0 and WORD.match(text, start - 1):
        return ""
    return text[start : last + 1]


def _closes_a_condition(lexer: Lexer, close: int) -> bool | None:
    """Does the `)` at `close` end an `if`, `while`, `for` or `with` head (after which a
    "/" starts a regular expression)? None where its `(` is not found within a bounded
    look back (the parentheses in strings and comments not counted)."""
    text, regions = lexer.text, lexer.regions
    floor = max(0, close - _PAREN_LOOK_BACK)
    depth = 1
    steps = 0
    high = close
    while high > floor:  # back from `close`, a stretch at a time: most `(` are near
        low = max(floor, high - _PAREN_STRETCH)
        for match in _PARENS.finditer(text[low:high][::-1]):
            at = high - 1 - match.start()
            if regions.at(at) >= 0:
                continue
            steps += 1
            if steps > _PAREN_STEPS:
                return None
            depth += 1 if text[at] == ")" else -1
            if depth == 0:
                before = previous(text, at)
                return before >= 0 and _word_before(text, before) in _CONDITION_WORDS
        high = low
    return None


_TEMPLATE_STOP = re.compile(r"[`\\$]")
_EXPRESSION_STOP = re.compile(r"[{}\"'`]")


def template_literal(lexer: Lexer, start: int) -> None:
    """A template literal whose content starts at `start`: to its closing backquote, past
    `${...}` expressions (their braces counted, their strings and templates read)."""
    text = lexer.text
    end = _template_end(text, start, 0)
    if end < 0 and lexer.final:
        # never closed (or nested past what is read): what follows is not known, and is
        # not read again from each backquote after it
        lexer.regions.add(start - 1, len(text), TEXT, AMBIGUOUS)
        lexer.pos = len(text)
        return
    close, after = (len(text), len(text)) if end < 0 else (end, end + 1)  # open: the chunk's rest
    lexer.regions.add(start, close, SLASHED, TEMPLATE, ("`",), after)
    lexer.pos = after


_MAX_NESTING = 8  # templates inside templates' expressions, at most


def _template_end(text: str, pos: int, nesting: int) -> int:
    """The offset of the backquote closing a template literal whose content starts at
    `pos`; -1 where it is not closed."""
    while True:
        match = _TEMPLATE_STOP.search(text, pos)
        if match is None:
            return -1
        at = match.start()
        char = text[at]
        if char == "`":
            return at
        if char == "\\":
            pos = at + 2
        elif text.startswith("${", at):
            pos = _expression_end(text, at + 2, nesting)
            if pos < 0:
                return -1
        else:
            pos = at + 1


def _expression_end(text: str, pos: int, nesting: int) -> int:
    """The offset after the `}` closing a template's `${` expression starting at `pos`."""
    depth = 1
    while True:
        match = _EXPRESSION_STOP.search(text, pos)
        if match is None:
            return -1
        at = match.start()
        char = text[at]
        if char == "{":
            depth += 1
            pos = at + 1
        elif char == "}":
            depth -= 1
            pos = at + 1
            if depth == 0:
                return pos
        elif char == "`":
            if nesting >= _MAX_NESTING:
                return -1
            end = _template_end(text, at + 1, nesting + 1)
            if end < 0:
                return -1
            pos = end + 1
        else:
            closed = closing(char, True, True).match(text, at + 1)
            pos = at + 1 if closed is None else closed.end()
