"""Where a fix or an ignore comment may go: the kinds of file and the contexts urlint knows
to be prose.

A fix is offered only where applying it cannot change what the file means, and urlint
fails safe: it offers one only in the kinds and contexts `FIXED_IN` names, and in none it
does not know (a kind of file it does not read, JSON, a string literal, a template, code,
what markup shows as written: scanner.markup_lines.as_written). The last guard is on the
URL itself (`plain_raw_text`): never a fix for a URL whose raw text holds a backslash, a
placeholder, or a character its file's syntax may give a meaning. The checker decides by
this module (linter.checker.lint_text); the rule pages say it, in one sentence made from
`FIXED_IN` (linter.rules.pages).

In a code text only a comment is prose: every other construct its lexer knows
(scanner.code: a string, a raw string, a text block, a here-document, a block scalar ...)
is the program's value, and a stretch it cannot read one way is not known to be prose. A
URL there gets no fix (its context is not "comment"), and `check --add-ignore` writes no
comment at the end of a line that ends inside one (`comment_place`, which says why in the
words of `values`); nor inside what markup shows as written.
"""

from __future__ import annotations

from functools import cache

from ..core.model import Flag
from ..grammar.abnf import HEX_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.model import Candidate
    from ..scanner.lexer import Regions

PROSE, COMMENTS = "prose", "comments"

# Each syntax urlint reads (scanner.syntax) that a fix may go in: its name on the rule pages,
# and where in it. PROSE: anywhere but what its markup shows as written; COMMENTS: in its
# comments only (a string literal, a YAML plain scalar, a shell word are values).
FIXED_IN: tuple[tuple[str, str, str], ...] = (
    ("text", "plain text", PROSE),
    ("markdown", "Markdown", PROSE),
    ("rst", "reStructuredText", PROSE),
    ("asciidoc", "AsciiDoc", PROSE),
    ("html", "HTML", PROSE),
    ("python", "Python (and gettext catalogs)", COMMENTS),
    ("javascript", "JavaScript and TypeScript", COMMENTS),
    ("go", "Go", COMMENTS),
    ("shell", "shell and make", COMMENTS),
    ("c-like", "C-like languages", COMMENTS),
    ("yaml", "YAML", COMMENTS),
    ("toml", "TOML", COMMENTS),
    ("properties", "Java properties", COMMENTS),
    (
        "table",
        "the file-kind table's other kinds (Haskell, OCaml, Ruby, Lua, TeX and more)",
        COMMENTS,
    ),
)
# And the syntaxes no fix goes in, each with why (the rule pages name them too).
NEVER_FIXED: dict[str, str] = {
    "json": "JSON, which has no comments",
    "other": "a file of a kind urlint does not know (a man page, an unknown extension ...)",
}
_SCOPES = {syntax: scope for syntax, _, scope in FIXED_IN}


def fix_scope(syntax: str) -> str | None:
    """Where in a text of `syntax` a fix may go: PROSE, COMMENTS, or None (nowhere)."""
    scope = _SCOPES.get(syntax)
    if scope is not None or syntax in NEVER_FIXED:
        return scope  # a hook's README.txt loads no table of kinds
    from ..scanner.file_kinds import table_kind

    return _SCOPES["table"] if table_kind(syntax) is not None else None


def fix_may_apply(candidate: Candidate, scope: str | None) -> bool:
    """May a fix edit this URL, found where a fix may go as `scope` (fix_scope) says?

    Not in a template (its placeholders are the program's, not URL text), not in a string
    literal (its value is the program's: a test that compares it, a server that routes on
    it), and where only comments are prose nowhere but in a comment. In prose, a comment
    and a markup link a fix writes the same URL as RFC 1738 asks (section 2.2)."""
    if scope is None or Flag.TEMPLATE in candidate.flags or candidate.context == "string":
        return False
    return scope == PROSE or candidate.context == "comment"


# Where an ignore comment goes on a line (comment_place): after the line's code, in a comment
# of its own, or inside the comment (or HTML comment) the line ends in, as its text.
AFTER, INSIDE = "after", "inside"
# What markup shows as written, said where no comment goes in it.
AS_WRITTEN = (
    "the line ends in what the markup shows as written (a code block, <pre>, <script>): a "
    "comment would be shown as code or run"
)


@cache
def values() -> dict[str, str]:
    """The constructs of a code text that are the program's value, or not known to be prose
    (scanner.code), each named as --add-ignore says it: all but a comment."""
    from ..scanner import lexer as code  # loaded for code files only: not on a README's path

    return {
        code.STRING: "a multi-line string",
        code.RAW_STRING: "a raw string",
        code.TEXT_BLOCK: "a text block",
        code.TEMPLATE: "a template literal",
        code.HEREDOC: "a here-document",
        code.BLOCK_SCALAR: "a YAML block scalar",
        code.SUBSTITUTION: "a command substitution",
        code.AMBIGUOUS: "code urlint cannot read one way (a quote not closed on its line, a "
        "/ that may start a regular expression)",
    }


def comment_place(
    regions: Regions | None, written: list[tuple[int, int]], start: int, end: int, length: int
) -> str:
    """Where an ignore comment may go on a line that runs from `start` to `end` (its end,
    before any line break), in a text of `length` characters: AFTER its code, INSIDE the
    comment it ends in (a code text's: `regions`, scanner.code's), or why none may (a
    sentence): the line ends inside a construct that is the program's value (`values`), or
    in what markup shows as written (`written`: scanner.markup_lines.as_written)."""
    if written and inside_a_span(written, end, length):
        return AS_WRITTEN
    if regions is None:
        return AFTER
    index = regions.at(end)
    # the line's last character in a literal: one that goes on (a docstring), or that ends
    # with the line (a YAML block scalar's last line, a here-document's): not a quoted
    # string closed on the line, whose closing quote is in no region
    last = regions.at(end - 1) if end > start else -1
    construct = regions.items[index][2] if index >= 0 else None
    if construct is None and last >= 0:
        construct = regions.items[last][2]
    if construct is None:
        return AFTER
    names = values()
    if construct not in names:
        return INSIDE if index >= 0 else AFTER  # a comment: its text, or after its end
    return f"the line ends inside {names[construct]}: a comment there would be part of it"


def inside_a_span(spans: list[tuple[int, int]], at: int, length: int) -> bool:
    """Is the place `at` (a line's end, where a comment would go) inside one of `spans`: a
    span that starts before it and ends after it, or at the text's end?"""
    from bisect import bisect_left

    index = bisect_left(spans, (at, 0)) - 1
    if index < 0:
        return False
    span_start, span_end = spans[index]
    return span_start < at and (at < span_end or span_end == length == at)


# What a URL's raw text never holds where a fix is offered, in any syntax: a backslash (an
# escape: markup's, a string's, RFC 8792's folding) and what may be a placeholder ("{",
# "}", "$", a "%" without two hex digits: `%s`, `%(name)s`), which the scanner's templates
# may not all know.
_ANYWHERE = "\\{}$"
# The characters each syntax may give a meaning inside a URL's raw text, where the URL read
# is then not what its reader sees, and a fix would change what the file shows: each
# always, and each of the second when it stands twice (what opens and closes a span of
# markup: emphasis, strike-through, AsciiDoc's superscript and subscript); an entity
# reference (`&amp;`) where the syntax reads one. A code file's comments are often markup
# (doc comments: Javadoc, JSDoc, rustdoc's Markdown).
_MEANINGFUL: dict[str, tuple[str, str, bool]] = {
    "markdown": ("`|[]", "*_~", True),  # code spans, table cells, links; emphasis
    "rst": ("`|[]", "*_", False),  # literals, roles, substitutions, citations; emphasis
    "asciidoc": ("`+[]", "*_#^~", True),  # monospace, passthroughs; quotes' marks
    "html": ("", "", True),
    COMMENTS: ("`|[]", "*", False),
}


def plain_raw_text(raw: str, syntax: str, scope: str | None) -> bool:
    """May a fix edit a URL whose raw text (as written in the file) is `raw`, in a text of
    `syntax` where a fix may go as `scope` says? Not where it holds a backslash, a
    placeholder, or a character `syntax` may give a meaning (fail safe)."""
    for character in _ANYWHERE:
        if character in raw:
            return False
    percent = raw.find("%")
    while percent >= 0:
        if not _hex(raw[percent + 1 : percent + 3]):
            return False
        percent = raw.find("%", percent + 1)
    meaningful = _MEANINGFUL.get(COMMENTS if scope == COMMENTS else syntax)
    if meaningful is None:
        return True
    always, paired, references = meaningful
    if any(character in raw for character in always):
        return False
    if any(raw.count(character) >= 2 for character in paired):
        return False
    return not (references and _has_reference(raw))


def _hex(two: str) -> bool:
    """Are `two` the two hex digits of an escape (section 2.2: "%" hex hex)?"""
    return len(two) == 2 and all(character in HEX_CHARS for character in two)


def _has_reference(raw: str) -> bool:
    """Does `raw` hold what reads as a character reference (`&amp;`, `&#38;`, `&#x26;`)?"""
    at = raw.find("&")
    while at >= 0:
        end = raw.find(";", at + 1)
        name = raw[at + 1 : end] if end > at else ""
        if name and (name[0] == "#" or name.isalnum()):
            return True
        at = raw.find("&", at + 1)
    return False
