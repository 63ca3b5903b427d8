"""TeX's link commands: a URL in hyperref's `\\url{...}` or `\\href{...}{...}`, read whole.

The argument of `\\url` and the first of `\\href` is the URL (hyperref's manual, "Additional
user macros"): it ends at the brace that closes the argument, exactly (its last character
is the URL's, no punctuation trimmed), and braces inside it pair. In a macro's definition
(a `.sty`, `.cls`, `.dtx`, `.def`, `.bbx` file; a `.tex` file's preamble) the argument may
hold the macro's own control sequences (`\\name`, and `\\@name`, `\\abx@arxivpath`: `@` is
a letter in a package) and parameters (`#1` to `#9`): the macro fills them in, so they are
a template's placeholders, not URL text (scanner.templates' `{id}` and `%s` are):
`\\href{https://arxiv.org/\\abx@arxivpath/#1}{...}` (biblatex's `eprint:arxiv` field
format) is the template `https://arxiv.org/\\abx@arxivpath/#1`.

Read in a file of a kind urlint does not read (scanner.other), where TeX's files are; a
TeX escape of one character (`\\#`, `\\%`, `\\_`) or a blank in the argument leaves it to
that reading (the URL ends at the backslash), as does an argument not closed within a
bounded stretch.
"""

from __future__ import annotations

import re

from ..core.model import Candidate, Flag
from . import bare
from .bare_url import inside_a_login, password_end
from .login_runs_on import login_read_on

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .positions import Positions

_COMMANDS = ("\\url", "\\href")
# What the argument's reading stops at: a brace, a control sequence or a parameter, and
# what ends it unclosed (a blank, a delimiter of prose: body.BODY's ASCII ones).
_STOP = re.compile(r'[{}\\#\s<>"]')
_CONTROL_WORD = re.compile(r"\\[A-Za-z@]+")
_MACRO = re.compile(r"\\[A-Za-z@]+|#[1-9]")
_MAX_ARGUMENT = 2048  # an argument not closed within this many characters is left to prose's

_DIGITS = frozenset("123456789")
_TEMPLATE = frozenset({Flag.TEMPLATE})


def opens_link(text: str, brace: int) -> bool:
    """Is the `{` at `brace` the argument of hyperref's `\\url` or `\\href`?"""
    return any(
        brace >= len(command) and text.startswith(command, brace - len(command))
        for command in _COMMANDS
    )


def argument_end(text: str, start: int) -> int:
    """The offset of the `}` that closes the argument holding the URL at `start`; -1 where
    it is not closed on its own before a blank, a delimiter, a TeX escape of one character
    or its bounded stretch's end."""
    stop = min(len(text), start + _MAX_ARGUMENT)
    depth, at = 0, start
    while True:
        found = _STOP.search(text, at, stop)
        if found is None:
            return -1
        at = found.start()
        char = text[at]
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return at
            depth -= 1
        elif char == "\\":
            word = _CONTROL_WORD.match(text, at, stop)
            if word is None:
                return -1  # `\#`, `\%`, `\\`: an escape of one character
            at = word.end() - 1
        elif char == "#":
            if text[at + 1 : at + 2] in _DIGITS:  # a parameter, else a fragment's "#"
                at += 1
        else:
            return -1  # a blank or a delimiter: no argument closed on its own
        at += 1


def macros(url: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) offsets in `url` of the control sequences and parameters it holds."""
    return tuple(found.span() for found in _MACRO.finditer(url))


# The commands whose argument is delimited by any character, the same both sides:
# `\verb|...|` and `\verb*|...|` (LaTeX's), `\url|...|` and `\path|...|` (the url package's
# manual: "\url|...| or \url{...}").
_DELIMITED = re.compile(r"\\(?:verb\*?|url|path)\Z")


def delimited_end(text: str, start: int) -> int:
    """The offset of the character that closes the argument a URL at `start` opens, where
    it follows `\\verb`, `\\url` or `\\path` and the argument's delimiter (`\\verb|http://x|`),
    on its line; -1 where it follows none, or the argument is not closed there."""
    if start < 2 or text[start - 1] in "{ \t\n" or text[start - 1].isalpha():
        return -1
    if _DELIMITED.search(text, max(0, start - 7), start - 1) is None:
        return -1
    line_end = text.find("\n", start)
    return text.find(text[start - 1], start, line_end if line_end >= 0 else len(text))


def read_link(
    text: str, start: int, anchor: int, covered: int, index: Positions
) -> tuple[Candidate | None, int] | None:
    """The URL at `start` (its colon at `anchor`) that an `\\url{` or `\\href{` argument
    holds, to the brace that closes it, its macros placeholders; None where the argument
    does not close on its own (then the URL is read as the text's); (None, -1) where it
    holds no URL after its scheme but its macros (nothing is: no text is covered, so that a
    password before it still hides what it runs over); (None, its end) where it is part of
    a password before it."""
    close = argument_end(text, start)
    if close < 0:
        return None
    url = text[start:close]
    held = macros(url)
    # What the macros leave must be a URL: `\href{mailto:\webemail}` holds none of its own
    # (as `"https://" + host` holds none, scanner.literals).
    left = _MACRO.sub("", url) if held else url
    if not bare.has_body(left, anchor - start, len(left)):
        return None, -1
    if text.find("@", start, close) >= 0 and inside_a_login(text, start, close, covered):
        return None, close
    span = index.span(start, close)
    if "{" in url or "%" in url:  # a template's own placeholders too (scanner.templates)
        from .templates import placeholders

        held = _merged(held, placeholders(url))
    # Exact, but for a password the word goes on with past the brace (section 6).
    rest = login_read_on(text, start, close)
    candidate = Candidate(
        url,
        span,
        (span,),
        flags=_TEMPLATE if held else frozenset(),
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[close : rest[0]] + text[rest[1] : rest[2]] if rest else "",
        placeholders=held,
    )
    return candidate, close if rest is None else max(close, password_end(text, url, close, rest))


def _merged(
    first: tuple[tuple[int, int], ...], second: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    """The spans of both, in order, one that lies inside another left out."""
    spans = sorted(set(first) | set(second), key=lambda span: (span[0], -span[1]))
    kept: list[tuple[int, int]] = []
    for span in spans:
        if kept and span[1] <= kept[-1][1]:
            continue
        kept.append(span)
    return tuple(kept)


__all__ = ["argument_end", "delimited_end", "macros", "opens_link", "read_link"]
