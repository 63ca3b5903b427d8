"""The shell's and make's quoted strings, comments, here-documents and command substitutions."""

from __future__ import annotations

import re

from ..lexer import HEREDOC, LITERAL, RAW, SUBSTITUTION, TEXT, Bodies, Lexer, closing

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


def read(lexer: Lexer) -> None:
    """The shell's strings, comments and here-documents in `lexer`'s text, as regions."""
    text = lexer.text
    heredocs = Bodies()  # opened on this line, read from the next
    while True:
        match = _SH_OPEN.search(text, lexer.pos)
        due = heredocs.due(lexer, -1 if match is None else match.start())
        if due:  # the line that opened them has ended: their bodies come first
            for word, tabs in due:
                heredoc_body(lexer, lexer.pos, word, bool(tabs))
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


def heredoc_body(lexer: Lexer, start: int, word: str, tabs: bool) -> None:
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
