"""The string literals and comments of a code or configuration file, found in one linear pass.

A small lexer for each family of languages (scanner.syntax) marks where a text's string
literals and comments are, as regions (`Regions`), each with the construct it is (a
comment, a string, a raw string, a text block, a here-document, a block scalar ...: the
names below) and the mode a URL in it is read in (scanner.literals says how): TEXT as
running text (comments, Python docstrings, shell here-documents, YAML block scalars), LITERAL for
a string literal with escape sequences, RAW for one without (Python's r"...", Rust's
r#"..."#, C++'s R"(...)", Go's backquotes, shell's and TOML's '...'), SLASHED for a LITERAL
whose language reads `\\/` as "/" (JSON, RFC 8259 section 7; JavaScript; YAML's
double-quoted scalars, YAML 1.2 section 5.7). Outside regions, code is running text. Only a
comment is prose; every other construct is the program's value (linter.fixable: no fix and
no ignore comment goes in one).

Where the lexer cannot tell what it reads it fails safe: a quote not closed on its line
(where the language closes strings on their line) starts nothing, and the rest of its line
is AMBIGUOUS (read as code, but neither prose nor a place for a comment); a `/` that may
start a JavaScript regular expression or be a division, where the two readings differ, the
same; a construct never closed (a `\"\"\"` to the end of the file) is no region, but for a
shell here-document, which the shell reads to the file's end. A long text is scanned in
chunks (pipeline.scan_texts): `Regions.state_at` is the construct a chunk leaves open at
its end (a docstring across it), for the next chunk's lexer to resume in (`lex(state=)`).

Past 600 lines: a lexer for each family written by hand (Python, JavaScript, Go, shell,
C-like, YAML, TOML, JSON, properties), all building the one Regions; each family's could be
a module of its own, read from the file-kind table as the table's kinds are.
"""

from __future__ import annotations

import re

from .._runtime.patterns import load_compiled
from .file_kinds import table_kind
from .lexer import (
    AMBIGUOUS,
    BLOCK_SCALAR,
    COMMENT,
    HEREDOC,
    HEREDOC_STATE,
    LITERAL,
    NESTED_STATE,
    PROPERTY,
    RAW,
    RAW_STRING,
    SLASHED,
    STRING,
    SUBSTITUTION,
    TEMPLATE,
    TEXT,
    TEXT_BLOCK,
    Bodies,
    Lexer,
    LexState,
    Regions,
    closing,
)
from .syntax import Syntax

load_compiled(__name__)  # its patterns, compiled, before they are compiled below (PARTS)


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
        from .table_code import read_table  # a hook's run on a .py file loads it not

        read_table(lexer, kind)
    else:
        _FAMILIES[Syntax(syntax)](lexer)
    return lexer.regions


def _resume(lexer: Lexer, state: LexState) -> None:
    """Start inside the construct `state` says the chunk before left open."""
    kind = state[0]
    if kind in (NESTED_STATE, HEREDOC_STATE):  # a table kind's (scanner.table_code)
        from .table_code import resume_table

        resume_table(lexer, state)
    elif kind == "skip":
        lexer.pos = state[1]
    elif kind == "heredoc":
        _heredoc_body(lexer, 0, state[1], state[2])
    elif kind == "block":
        _block_scalar(lexer, 0, state[1])
    elif kind == "`":
        _template_literal(lexer, 0)
    elif kind == "property":
        _property_value(lexer, 0)
    else:
        closer, mode, construct, escapes = state
        lexer.spanning(0, closer, mode, construct, escapes)


# Python. The prefixes: r, b, u, f, t and their pairs. An f-string (and a t-string) on one
# line is read to its closing quote past its replacement fields, whose expressions may hold
# strings in the same quote (PEP 701, Python 3.12: `f"{d["#"]} ..."`); a placeholder's braces
# are URL text that scanner.templates reads. A triple-quoted one closes at its closer.
_PY_OPEN = re.compile(r"[#\"']")
_PY_PREFIXES = frozenset({"r", "b", "u", "f", "t", "rb", "br", "fr", "rf", "tr", "rt"})
_WORD = re.compile(r"\w")
# What ends a line that an expression goes on after: a literal after it is an operand, not
# a statement of its own (a docstring is one).
_GOES_ON = frozenset("([{,=+\\%")


def _python(lexer: Lexer) -> None:
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
    if prefix_start > 0 and _WORD.match(text, prefix_start - 1):
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


def _javascript(lexer: Lexer) -> None:
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
            _template_literal(lexer, at + 1)
        else:
            lexer.single_line(at + 1, char, SLASHED)


def _comment(lexer: Lexer, at: int) -> bool:
    """A `//` or `/*` comment starting at `at` (read, True), or none."""
    text = lexer.text
    if text.startswith("//", at):
        lexer.comment_to_line_end(at + 2)
        return True
    if text.startswith("/*", at):
        lexer.spanning(at + 2, "*/", TEXT, COMMENT, escapes=False)
        return True
    return False


def _regex_may_start(lexer: Lexer, at: int) -> bool | None:
    """Does a "/" at `at` start a regular expression literal (after an operator, an opening
    bracket, a keyword, at a line's start, or after a condition's `)`), not a division?
    None where it is not known (a `)` whose `(` is not found near)."""
    text = lexer.text
    before = _previous(text, at)
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
    if start > 0 and _WORD.match(text, start - 1):
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
                before = _previous(text, at)
                return before >= 0 and _word_before(text, before) in _CONDITION_WORDS
        high = low
    return None


_TEMPLATE_STOP = re.compile(r"[`\\$]")
_EXPRESSION_STOP = re.compile(r"[{}\"'`]")


def _template_literal(lexer: Lexer, start: int) -> None:
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


def _c_like(lexer: Lexer, opens: re.Pattern[str] = _C_OPEN) -> None:
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
            lexer.spanning(at + 1, "`", RAW, RAW_STRING, escapes=False)
        elif char == "'":
            if not lexer.single_line(at + 1, char, LITERAL, ambiguous=False):
                lexer.pos = at + 1  # a lifetime or an apostrophe: on from the next character
        elif not _raw_or_block(lexer, at):
            lexer.single_line(at + 1, char, LITERAL)


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


# JSON (and JSON with comments): "..." each on its line, and JSON5's '...'; `//` and `/* */`
# comments. One pattern finds the strings (a lock file holds tens of thousands): a string
# not closed on its line matches nothing, and the text after its quote is read on.
_JSON_TOKEN = re.compile(
    r'"([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"'
    r"|'([^'\\\n]*(?:\\[^\n][^'\\\n]*)*)'"
    r"|/[/*]"
)


def _json(lexer: Lexer) -> None:
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
#
# A here-document (POSIX, Shell Command Language 2.7.4; bash's manual, "Here Documents"):
# `<<` or `<<-`, then a word, whose quotes are removed to give the delimiter (`<<\\EOF`,
# `<<'EOF'`, `<<"E F"`, `<<END-DATA`); its body, from the next line, ends at a line that
# is the delimiter alone (after tabs, for `<<-`) and, never closed, at the file's end, as
# the shell reads it. A word that starts with a digit or `=` is no delimiter, nor is a `<<`
# inside `((`: arithmetic's shift.
_SH_OPEN = re.compile(r"[#'\"\\<`]")
_HEREDOC_OPEN = re.compile(r"<<(-?)[ \t]*")
_WORD_PART = re.compile(r"""[^\s;&|()<>'"\\]+|'[^'\n]*'|"[^"\n]*"|\\[^\n]""")
_WORD_BREAK = frozenset(" \t\n;&|()")
_WORD_END = frozenset(" \t\r\n\v\f;&|()<>")  # the shell's metacharacters, and blanks
_ARITHMETIC_LOOK_BACK = 200  # an arithmetic expression's `((` is no further back on its line


def _shell(lexer: Lexer) -> None:
    text = lexer.text
    heredocs = Bodies()  # opened on this line, read from the next
    while True:
        match = _SH_OPEN.search(text, lexer.pos)
        due = heredocs.due(lexer, -1 if match is None else match.start())
        if due:  # the line that opened them has ended: their bodies come first
            for word, tabs in due:
                _heredoc_body(lexer, lexer.pos, word, bool(tabs))
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
            heredoc = _heredoc_word(text, at)
            if text.startswith("<<<", at):  # a here-string: a word follows, no body
                lexer.pos = at + 3
            elif heredoc is None:
                lexer.pos = at + 1
            else:
                word, tabs, lexer.pos = heredoc
                heredocs.opened.append((word, tabs))
        elif char == "'" and (at == 0 or text[at - 1] != "$"):
            lexer.spanning(at + 1, "'", RAW, escapes=False)
        elif char == "`":
            _substitution(lexer, at + 1)
        else:
            lexer.spanning(at + 1, char, LITERAL)


def _substitution(lexer: Lexer, start: int) -> None:
    """A command substitution in backquotes whose text starts at `start`, closed on its
    line (code: a URL in it ends there); none where it is not."""
    closed = closing("`", True, True).match(lexer.text, start)
    if closed is None:
        lexer.pos = start
    else:
        lexer.regions.add(start, closed.end() - 1, TEXT, SUBSTITUTION, None, closed.end())
        lexer.pos = closed.end()


def _heredoc_word(text: str, at: int) -> tuple[str, bool, int] | None:
    """The delimiter of a here-document whose `<<` is at `at` (its word's quotes removed),
    whether its body's lines may start with tabs (`<<-`), and the offset after the word;
    None where no here-document starts there."""
    opener = _HEREDOC_OPEN.match(text, at)
    if opener is None:
        return None
    pos = opener.end()
    first = text[pos : pos + 1]
    if not first or first.isdigit() or first == "=":
        return None
    line_start = text.rfind("\n", max(0, at - _ARITHMETIC_LOOK_BACK), at) + 1
    before = text[max(line_start, at - _ARITHMETIC_LOOK_BACK) : at]
    if before.count("((") > before.count("))"):
        return None  # `$(( x << y ))`: a shift
    parts = []
    while pos < len(text) and text[pos] not in _WORD_END:
        part = _WORD_PART.match(text, pos)
        if part is None:
            return None  # a quote not closed on its line
        piece = part.group()
        parts.append(piece[1:-1] if piece[0] in "'\"" else piece[1:] if piece[0] == "\\" else piece)
        pos = part.end()
    word = "".join(parts)
    return (word, opener.group(1) == "-", pos) if word else None


def _heredoc_body(lexer: Lexer, start: int, word: str, tabs: bool) -> None:
    """A here-document's body, from `start` to its line holding `word` alone: the
    program's text (read as prose). Never closed: to the text's end."""
    text = lexer.text
    if start > len(text):
        lexer.pos = len(text)
        return
    closing = _heredoc_end(text, start, word, tabs)
    if closing is None:
        lexer.regions.add(start, len(text), TEXT, HEREDOC, ("heredoc", word, tabs))
        lexer.pos = len(text)
        return
    close, after = closing
    lexer.regions.add(start, close, TEXT, HEREDOC, ("heredoc", word, tabs), after)
    lexer.pos = after + 1 if after < len(text) else after  # past its line's end


def _heredoc_end(text: str, start: int, word: str, tabs: bool) -> tuple[int, int] | None:
    """Where the line that closes a here-document whose body starts at `start` (a line's
    start) starts, and where its text ends (before its newline); None where no line does.
    Each occurrence of `word` is looked at once: linear in the body."""
    at = start
    while True:
        found = text.find(word, at)
        if found < 0:
            return None
        line = found
        if tabs:
            while line > start and text[line - 1] == "\t":
                line -= 1
        end = found + len(word)
        if end < len(text) and text[end] == "\r":
            end += 1  # a CRLF line's
        if (line == start or text[line - 1] == "\n") and (end == len(text) or text[end] == "\n"):
            return line, end
        at = found + 1


# TOML (v1.0.0): "..." and '...' on their line, """...""" and '''...''' across lines, #.
_TOML_OPEN = re.compile(r"[#\"']")


def _toml(lexer: Lexer) -> None:
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
# scalars (| and >, with their indicators: section 8.1.1) are the value, their lines deeper
# than the line that opens them, after the node's properties where it has any (an anchor
# `&name`, a tag `!!str`, `!local`: section 6.9).
_YAML_OPEN = re.compile(r"[#\"'|>]")
_BLOCK_HEADER = re.compile(r"[|>][-+0-9]*[ \t]*(?:#[^\n]*|\r)?(?=\n|\Z)")
_INDENT = re.compile(r"[ \t]*")


def _yaml(lexer: Lexer) -> None:
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
                _block_scalar(lexer, header.end() + 1, indent)
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
        last = _previous(text, start)
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
    before = _previous(text, at)
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


def _block_scalar(lexer: Lexer, start: int, indent: int) -> None:
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


# Java's properties files (java.util.Properties.load): a line whose first character past
# its blanks is "#" or "!" is a comment; any other holds a key, a separator ("=", ":" or
# blanks) and the value, to its logical line's end: a line that ends on an odd number of
# backslashes goes on, the next line's leading blanks passed over. In the key and the
# value a backslash escapes the character after it (`\:` is ":", `\=` is "=", `\\` is
# "\"; `\t`, `\n`, `\r`, `\f` and `\uXXXX` stand for what they name). A value is read in
# PROPERTY mode (scanner.literals, which reads its escapes and its logical line).
_PROPERTY_BLANKS = re.compile(r"[ \t\f]*")


def _properties(lexer: Lexer) -> None:
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
            _property_value(lexer, _value_start(text, at, line_end))
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


def _property_value(lexer: Lexer, start: int) -> None:
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


_FAMILIES = {
    Syntax.PYTHON: _python,
    Syntax.JAVASCRIPT: _javascript,
    Syntax.GO: lambda lexer: _c_like(lexer, _GO_OPEN),
    Syntax.C_LIKE: _c_like,
    Syntax.JSON: _json,
    Syntax.SHELL: _shell,
    Syntax.TOML: _toml,
    Syntax.YAML: _yaml,
    Syntax.PROPERTIES: _properties,
}
