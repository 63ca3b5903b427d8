"""A regular expression is not a URL: the evidence that a text which looks like one is a pattern.

Programs match URLs with patterns: Perl's `qr,^http://www\\.perl\\.(org|co)\\.uk/,` and
`m{...}`, Python's `re.compile(r"http://127\\.0\\.0\\.1/*")`, a Java or JavaScript pattern
in a string (`"^https://github\\\\.com/"`, `".*http://localhost:.*/repo.*"`), Lua's
(`"^git://github%.com/"`). Such a text describes URLs; it is none. A backslash is no URL
character by either RFC (RFC 1738 section 2.2 calls it unsafe, RFC 3986 leaves it out), and
no link a browser follows holds `[^`, `(?:` or `.*`. So a URL whose text holds the evidence
is not reported at all: extract does not list it and check does not lint it (neither a list
of a repository's links nor its findings should hold its patterns' escapes). It is read so
in code (scanner.literals) and in a file of a kind urlint does not read (scanner.other);
never in prose, where a pattern is rare and the URL is kept for the linter.

The evidence, any one enough:

- a backslash (or two: a string's escaped one, `"www\\\\.x\\\\.org"`) before what a pattern
  escapes to take literally: `\\.`, `\\/` (but where the syntax reads `\\/` as "/": JSON,
  JavaScript and YAML strings), `\\?`, `\\+`, `\\*`, `\\[`, `\\]`, `\\|`, `\\^` (not `\\(`
  nor `\\)`: a PDF string's and a shell word's escaped parenthesis too);
  or a class, not followed by a letter: `\\d`, `\\w`, `\\s`, `\\D`, `\\W`, `\\S`
  (`\\d+`; TeX's `\\def` and a Windows path's `\\data` are names);
- a group's extension (`(?:`, `(?=`, `(?!`, `(?<`, `(?P<`), a negated class (`[^`), a class
  repeated (`]+`, `]*`, `]{`), any run (`.*`, but a glob's `*.*`);
- Lua's escaped dot `%.` (a URL's `%` is followed by two hex digits; printf's `%.2f` is a
  template's, scanner.templates);
- anchors at both ends: `^` right before the scheme and `$` the last character, but for
  the pattern's closing delimiters (`qr{^http://x.org/$}`).

Looked for in a bounded stretch after the scheme (WINDOW): linear in the text.
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.model import Candidate


def _evidence(backslash: str, escaped: str) -> str:
    """The evidence as a pattern: `backslash` what an escape starts with, `escaped` the
    characters whose escape is evidence."""
    return (
        rf"{backslash}(?:[{escaped}]|[dwsDWS](?![A-Za-z]))"
        r"|\(\?(?:[:=!<]|P<)|\[\^|\][+*{]|(?<!\*)\.\*|%\.(?![0-9*])"
    )


# A backslash not after another: TeX's line break before its spacing (`\\[2ex]`) is none.
_ONE = r"(?<!\\)\\"
# In a string literal with escapes, the value's backslash may be written as two.
_ONE_OR_TWO = r"\\\\?"
# Compiled when used: a hook's run on a small file with no backslash, bracket or run in its
# URLs never compiles them (`may_be_one` first).
_EVIDENCE = compiled_when_used(_evidence(_ONE, r"./?+*\[\]|^"))
_STRING_EVIDENCE = compiled_when_used(_evidence(_ONE_OR_TWO, r"./?+*\[\]|^"))
_SLASHED_EVIDENCE = compiled_when_used(_evidence(_ONE_OR_TWO, r".?+*\[\]|^"))

# How far after a URL's scheme the evidence is looked for: a pattern's escapes come early
# (`www\.`, `127\.0`), and a look bounded so keeps a long line of URLs linear.
WINDOW = 256


def may_be_one(text: str, start: int, end: int) -> bool:
    """Can text[start:end] hold the evidence at all (str.find's, in C: no pattern compiled)?"""
    return (
        text.find("\\", start, end) >= 0
        or text.find("]", start, end) >= 0
        or text.find("[^", start, end) >= 0
        or text.find("(?", start, end) >= 0
        or text.find(".*", start, end) >= 0
        or text.find("%.", start, end) >= 0
        or _anchored(text, start, end)
    )


def _anchored(text: str, start: int, end: int) -> bool:
    """Is text[start:end] between a pattern's anchors: `^` right before it, and `$` at its
    end, but for the delimiters that close the pattern (`qr{^http://x.org/$}`)?"""
    return (
        start > 0
        and text[start - 1] == "^"
        and text[start:end].rstrip(_CLOSING_DELIMITERS).endswith("$")
    )


# What may close a pattern after its `$`: Perl's delimiters, a string's quote, a call's end.
_CLOSING_DELIMITERS = "})]!,;|'\"/#"


def is_pattern(
    text: str, start: int, end: int, escapes: bool = False, slashed: bool = False
) -> bool:
    """Is the URL-looking text[start:end], its scheme at `start`, a regular expression?

    `escapes`: it is in a string literal with escape sequences, where a pattern's backslash
    is written as two (`"www\\\\.x\\\\.org"`); `slashed`: one whose syntax reads `\\/` as
    "/" (a JSON, JavaScript or YAML string), which is then no evidence."""
    end = min(end, start + WINDOW)
    if not may_be_one(text, start, end):
        return False
    if _anchored(text, start, end):
        return True
    evidence = _SLASHED_EVIDENCE if slashed else _STRING_EVIDENCE if escapes else _EVIDENCE
    return evidence.search(text, start, end) is not None


def no_url(found: tuple[Candidate | None, int] | None) -> tuple[Candidate | None, int] | None:
    """What a pattern covers, `found` the URL read there as if it were one: no URL, but the
    text that URL covers (a password its login reads on with past its end too), so that
    what follows is read as it would be after that URL (bare_url.inside_a_login)."""
    if found is None or found[0] is None:
        return found
    return None, found[1]


__all__ = ["WINDOW", "is_pattern", "may_be_one", "no_url"]
