"""The string literals and comments of a code or configuration file, found in one linear pass.

A small lexer for each family of languages (scanner.syntax) marks where a text's string
literals and comments are, as regions (`Regions`), each with the mode a URL in it is read
in (scanner.literals says how): TEXT for prose (comments, Python docstrings, shell
here-documents, YAML block scalars), LITERAL for a string literal with escape sequences,
RAW for one without (Python's r"...", Go's backquotes, shell's and TOML's '...'), SLASHED
for a LITERAL whose language reads `\\/` as "/" (JSON, RFC 8259 section 7; JavaScript;
YAML's double-quoted scalars, YAML 1.2 section 5.7). Outside regions, code is running text.

Where the lexer cannot tell what it reads it fails safe, to running text: a quote not closed
on its line (where the language closes strings on their line) starts nothing; a construct
never closed (a `\"\"\"` to the end of the file) is no region. A long text is scanned in
chunks (pipeline.scan_texts): `Regions.state_at` is the construct a chunk leaves open at
its end (a docstring across it), for the next chunk's lexer to resume in (`lex(state=)`).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .syntax import Syntax

TEXT, LITERAL, RAW, SLASHED = range(4)
STRING, COMMENT = "string", "comment"

# How to resume a construct a chunk leaves open: (closer, mode, context, honours escapes),
# or a here-document's ("heredoc", word, tabs stripped), or a YAML block scalar's
# ("block", the indentation its lines are deeper than), or a template literal's ("`",).
LexState = tuple


class Regions:
    """The string literals and comments of a text, in text order.

    Each region is the content between a literal's quotes (or a comment's text), from
    `starts[i]`; `items[i]` holds its end (exclusive), the mode a URL in it is read in
    (TEXT, LITERAL, RAW, SLASHED), its context ("string", "comment"; None for a shell
    command substitution), the offset after its closer, and how to resume it where it may
    span a chunk's end (LexState)."""

    __slots__ = ("starts", "items")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.items: list[tuple[int, int, str | None, int, LexState | None]] = []

    def add(
        self,
        start: int,
        end: int,
        mode: int,
        context: str | None,
        resume: LexState | None = None,
        after: int | None = None,
    ) -> None:
        self.starts.append(start)
        self.items.append((end, mode, context, end if after is None else after, resume))

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


def lex(
    text: str, syntax: Syntax | str, state: LexState | None = None, final: bool = True
) -> Regions:
    """The string literals and comments of `text`, written in `syntax` (a code syntax).

    `state`: a construct the text starts inside of (Regions.state_at of the chunk before).
    `final`: the text ends its file; else a construct still open at its end goes on in
    the next chunk (kept, to its end), where at a file's end it is no region."""
    lexer = _Lexer(text, final)
    if state is not None:
        lexer.resume(state)
    _FAMILIES[Syntax(syntax)](lexer)
    return lexer.regions


class _Lexer:
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

    def single_line(self, start: int, quote: str, mode: int, escapes: bool = True) -> bool:
        """A literal whose content starts at `start`, closed by `quote` on its line (a
        backslash and a line end go on with it, where `escapes`); False, and the rest of
        the line passed over as text, where it is not closed there (fail safe)."""
        match = _closing(quote, escapes, True).match(self.text, start)
        if match is None:
            self.pos = self.line_end(start)
            return False
        close = match.end() - len(quote)
        self.regions.add(start, close, mode, STRING)
        self.pos = match.end()
        return True

    def spanning(
        self, start: int, closer: str, mode: int, context: str = STRING, escapes: bool = True
    ) -> None:
        """A literal or comment whose content starts at `start` and closes at `closer`,
        across lines. Never closed: no region where the text ends its file (fail safe),
        else the rest of the text (the next chunk goes on with it)."""
        text, key, resume = self.text, closer + str(escapes), (closer, mode, context, escapes)
        match = None
        if self.missing.get(key, len(text) + 1) > start:
            match = _closing(closer, escapes, False).match(text, start)
        if match is None:
            self.missing[key] = min(start, self.missing.get(key, start))
            if not self.final:
                self.regions.add(start, len(text), mode, context, resume)
                self.pos = len(text)
            else:
                self.pos = start  # fail safe: what follows the opener is read as code
            return
        close = match.end() - len(closer)
        self.regions.add(start, close, mode, context, resume, match.end())
        self.pos = match.end()

    def resume(self, state: LexState) -> None:
        """Start inside the construct `state` says the chunk before left open."""
        kind = state[0]
        if kind == "skip":
            self.pos = state[1]
        elif kind == "heredoc":
            _heredoc_body(self, 0, state[1], state[2])
        elif kind == "block":
            _block_scalar(self, 0, state[1])
        elif kind == "`":
            _template_literal(self, 0)
        else:
            closer, mode, context, escapes = state
            self.spanning(0, closer, mode, context, escapes)


_CLOSINGS: dict[tuple[str, bool, bool], re.Pattern[str]] = {}


def _closing(closer: str, escapes: bool, one_line: bool) -> re.Pattern[str]:
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


# Python (PEP 701 f-strings read as other strings: a placeholder's braces are URL text
# that scanner.templates reads). The prefixes: r, b, u, f, t and their pairs.
_PY_OPEN = re.compile(r"[#\"']")
_PY_PREFIXES = frozenset({"r", "b", "u", "f", "t", "rb", "br", "fr", "rf", "tr", "rt"})
_WORD = re.compile(r"\w")
# What ends a line that an expression goes on after: a literal after it is an operand, not
# a statement of its own (a docstring is one).
_GOES_ON = frozenset("([{,=+\\%")


def _python(lexer: _Lexer) -> None:
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
        prefix_start = at
        while prefix_start > at - 2 and prefix_start > 0 and text[prefix_start - 1].isalpha():
            prefix_start -= 1
        prefix = text[prefix_start:at].lower()
        if prefix_start > 0 and _WORD.match(text, prefix_start - 1):
            prefix = ""  # part of a longer name: no prefix we know
        raw = "r" in prefix if prefix in _PY_PREFIXES else False
        if text.startswith(char * 3, at):
            start = at + 3
            if _statement(text, prefix_start):
                lexer.spanning(start, char * 3, TEXT)  # a docstring: prose
            else:
                lexer.spanning(start, char * 3, RAW if raw else LITERAL)
        else:
            lexer.single_line(at + 1, char, RAW if raw else LITERAL)


def _statement(text: str, at: int) -> bool:
    """Does a literal that starts at `at` stand as a statement of its own (a docstring, or
    a string written as documentation): only blanks before it on its line, and no
    expression going on from the line before (a `:` ends a `def` or `class` line)?"""
    before = _previous(text, at)
    if before >= 0 and text[before] != "\n":
        return False
    while before >= 0 and text[before].isspace():
        before -= 1
    return before < 0 or text[before] not in _GOES_ON


def _previous(text: str, at: int) -> int:
    """The offset of the last character before `at` but spaces and tabs (-1: none)."""
    before = at - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    return before


# JavaScript and TypeScript: '...' and "..." (each closed on its line), `...${}...`, //,
# /* */, and regular expression literals (whose quotes open nothing).
_JS_OPEN = re.compile(r"[/\"'`]")
_REGEX_LITERAL = re.compile(r"(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/")
# After these (or at a line's start) a "/" starts a regular expression, not a division.
_BEFORE_REGEX = frozenset("(,=:[!&|?{};+-*%<>~^")
_BEFORE_REGEX_WORDS = frozenset(
    {"return", "typeof", "case", "do", "else", "in", "of", "void", "yield", "await"}
)


def _javascript(lexer: _Lexer) -> None:
    text = lexer.text
    while True:
        match = _JS_OPEN.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "/":
            if _comment(lexer, at):
                continue
            if _regex_may_start(text, at):
                literal = _REGEX_LITERAL.match(text, at + 1, at + 1000)  # one is short
                if literal is not None:
                    lexer.pos = literal.end()
                    continue
            lexer.pos = at + 1
        elif char == "`":
            _template_literal(lexer, at + 1)
        else:
            lexer.single_line(at + 1, char, SLASHED)


def _comment(lexer: _Lexer, at: int) -> bool:
    """A `//` or `/*` comment starting at `at` (read, True), or none."""
    text = lexer.text
    if text.startswith("//", at):
        lexer.comment_to_line_end(at + 2)
        return True
    if text.startswith("/*", at):
        lexer.spanning(at + 2, "*/", TEXT, COMMENT, escapes=False)
        return True
    return False


def _regex_may_start(text: str, at: int) -> bool:
    """Does a "/" at `at` start a regular expression literal (after an operator, an opening
    bracket, a keyword, or at a line's start), not a division?"""
    before = _previous(text, at)
    if before < 0 or text[before] == "\n" or text[before] in _BEFORE_REGEX:
        return True
    start = before
    while start > 0 and start > before - 7 and text[start - 1].isalpha():
        start -= 1
    word = text[start : before + 1]
    return word in _BEFORE_REGEX_WORDS and (start == 0 or not _WORD.match(text, start - 1))


_TEMPLATE_STOP = re.compile(r"[`\\$]")
_EXPRESSION_STOP = re.compile(r"[{}\"'`]")


def _template_literal(lexer: _Lexer, start: int) -> None:
    """A template literal whose content starts at `start`: to its closing backquote, past
    `${...}` expressions (their braces counted, their strings and templates read)."""
    text = lexer.text
    end = _template_end(text, start, 0)
    if end < 0 and lexer.final:
        lexer.pos = start  # fail safe: never closed
        return
    close, after = (len(text), len(text)) if end < 0 else (end, end + 1)  # open: the chunk's rest
    lexer.regions.add(start, close, SLASHED, STRING, ("`",), after)
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
            closed = _closing(char, True, True).match(text, at + 1)
            pos = at + 1 if closed is None else closed.end()


# C, C++, Java, Rust, Ruby, PHP... and Go: "..." and '...' closed on their line (a "'" that
# is not, a Rust lifetime, opens nothing; Go's runes read as strings), //, /* */; and Go's
# raw strings in backquotes, across lines.
_C_OPEN = re.compile(r"[/\"']")
_GO_OPEN = re.compile(r"[/\"'`]")


def _c_like(lexer: _Lexer, opens: re.Pattern[str] = _C_OPEN) -> None:
    text = lexer.text
    while True:
        match = opens.search(text, lexer.pos)
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "/":
            if not _comment(lexer, at):
                lexer.pos = at + 1
        elif char == "`":
            lexer.spanning(at + 1, "`", RAW, escapes=False)
        elif not lexer.single_line(at + 1, char, LITERAL) and char == "'":
            lexer.pos = at + 1  # a lifetime or an apostrophe: on from the next character


# JSON (and JSON with comments): "..." only, each on its line; `//` and `/* */` comments.
# One pattern finds the strings (a lock file holds tens of thousands): a string not closed
# on its line matches nothing, and the text after its quote is read on.
_JSON_TOKEN = re.compile(r'"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"|/[/*]')


def _json(lexer: _Lexer) -> None:
    text = lexer.text
    starts, items = lexer.regions.starts, lexer.regions.items
    while True:
        for match in _JSON_TOKEN.finditer(text, lexer.pos):
            if match.lastindex:  # a string
                end = match.end()
                starts.append(match.start() + 1)
                items.append((end - 1, SLASHED, STRING, end, None))
            else:
                _comment(lexer, match.start())
                break
        else:
            return


# Shell and make: '...' (raw), "..." and $'...' (escapes), across lines; # at a word's
# start; here-documents; a backslash quotes the next character; a command substitution in
# backquotes ends a URL inside it (read as code, no context of its own).
_SH_OPEN = re.compile(r"[#'\"\\<`]")
_HEREDOC = re.compile(r"<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")
_WORD_BREAK = frozenset(" \t\n;&|()")


def _shell(lexer: _Lexer) -> None:
    text = lexer.text
    heredocs: list[tuple[str, bool]] = []  # opened on this line, read from the next
    while True:
        match = _SH_OPEN.search(text, lexer.pos)
        if heredocs:
            line_end = lexer.line_end(lexer.pos)
            if match is None or match.start() > line_end:
                # the line that opened them has ended: their bodies come first
                lexer.pos = line_end + 1
                for word, tabs in heredocs:
                    _heredoc_body(lexer, lexer.pos, word, tabs)
                heredocs = []
                continue
        if match is None:
            return
        at = match.start()
        char = text[at]
        if char == "#":
            if at == 0 or text[at - 1] in _WORD_BREAK:
                lexer.comment_to_line_end(at)
            else:
                lexer.pos = at + 1
        elif char == "\\":
            lexer.pos = at + 2
        elif char == "<":
            heredoc = _HEREDOC.match(text, at)
            if text.startswith("<<<", at):  # a here-string: a word follows, no body
                lexer.pos = at + 3
            elif heredoc is None:
                lexer.pos = at + 1
            else:
                heredocs.append((heredoc.group(3), heredoc.group(1) == "-"))
                lexer.pos = heredoc.end()
        elif char == "'" and (at == 0 or text[at - 1] != "$"):
            lexer.spanning(at + 1, "'", RAW, escapes=False)
        elif char == "`":
            closed = _closing("`", True, True).match(text, at + 1)
            if closed is None:
                lexer.pos = at + 1
            else:
                lexer.regions.add(at + 1, closed.end() - 1, TEXT, None, None, closed.end())
                lexer.pos = closed.end()
        else:
            lexer.spanning(at + 1, char, LITERAL)


def _heredoc_body(lexer: _Lexer, start: int, word: str, tabs: bool) -> None:
    """A here-document's body, from `start` to its line holding `word` alone: prose."""
    text = lexer.text
    if start > len(text):
        lexer.pos = len(text)
        return
    pattern = re.compile(("^\t*" if tabs else "^") + re.escape(word) + r"[ \t]*$", re.MULTILINE)
    closing = pattern.search(text, start)
    if closing is None:
        if not lexer.final:
            lexer.regions.add(start, len(text), TEXT, STRING, ("heredoc", word, tabs))
            lexer.pos = len(text)
        else:
            lexer.pos = start  # never closed: read as shell again
        return
    lexer.regions.add(
        start, closing.start(), TEXT, STRING, ("heredoc", word, tabs), closing.end()
    )
    lexer.pos = closing.end()


# TOML (v1.0.0): "..." and '...' on their line, """...""" and '''...''' across lines, #.
_TOML_OPEN = re.compile(r"[#\"']")


def _toml(lexer: _Lexer) -> None:
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


# YAML 1.2: a quote opens a scalar only at the scalar's start; # after a blank; block
# scalars (| and >) are prose, their lines deeper than the line that opens them.
_YAML_OPEN = re.compile(r"[#\"'|>]")
_BLOCK_HEADER = re.compile(r"[|>][-+0-9]*[ \t]*(?:#[^\n]*)?(?=\n|\Z)")
_INDENT = re.compile(r"[ \t]*")


def _yaml(lexer: _Lexer) -> None:
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
        elif not _scalar_start(text, at):
            lexer.pos = at + 1  # inside a plain scalar: `it's`, `a|b`
        elif char in "|>":
            header = _BLOCK_HEADER.match(text, at)
            if header is None:
                lexer.pos = at + 1
            else:
                line_start = text.rfind("\n", 0, at) + 1
                indent = _INDENT.match(text, line_start).end() - line_start  # type: ignore[union-attr]  # matches empty
                _block_scalar(lexer, header.end() + 1, indent)
        elif char == "'":
            _yaml_single(lexer, at + 1)
        else:
            lexer.spanning(at + 1, '"', SLASHED)


def _scalar_start(text: str, at: int) -> bool:
    """Does a scalar start at `at`: at a line's start (after its indentation), after a
    mapping's `: `, a sequence's `- `, a complex key's `? `, or in a flow collection?"""
    before = _previous(text, at)
    if before < 0 or text[before] in "\n[{,":
        return True
    return text[before] in "-:?" and before + 1 < at


_YAML_SINGLE = re.compile(r"(?:[^']|'')*'")  # '' is a quote (YAML 1.2 section 7.3.2)


def _yaml_single(lexer: _Lexer, start: int) -> None:
    """A single-quoted scalar whose content starts at `start`: no escapes but `''`."""
    match = _YAML_SINGLE.match(lexer.text, start)
    if match is None:
        lexer.pos = lexer.line_end(start)  # never closed: the line read as plain
        return
    lexer.regions.add(start, match.end() - 1, RAW, STRING, None, match.end())
    lexer.pos = match.end()


def _block_scalar(lexer: _Lexer, start: int, indent: int) -> None:
    """A block scalar's lines from `start`: blank ones, and those indented deeper than
    `indent`, prose."""
    text = lexer.text
    pos = end = min(start, len(text))
    while pos < len(text):
        line_end = lexer.line_end(pos)
        blanks = _INDENT.match(text, pos).end()  # type: ignore[union-attr]  # matches empty
        if blanks < line_end and blanks - pos <= indent:
            break
        end = line_end
        pos = line_end + 1
    if end > start:
        lexer.regions.add(start, end, TEXT, STRING, ("block", indent))
    lexer.pos = max(end, start)


_FAMILIES = {
    Syntax.PYTHON: _python,
    Syntax.JAVASCRIPT: _javascript,
    Syntax.GO: lambda lexer: _c_like(lexer, _GO_OPEN),
    Syntax.C_LIKE: _c_like,
    Syntax.JSON: _json,
    Syntax.SHELL: _shell,
    Syntax.TOML: _toml,
    Syntax.YAML: _yaml,
}
