"""URLs of a code or configuration text, read in the literal or comment they stand in.

The scanner (scanner.py) finds where URLs may start as it does in running text; for a code
text each is then read here, in the region its scheme's colon stands in (scanner.code):

- outside every literal and comment: running text;
- in a comment, a docstring, a here-document, a YAML block scalar: running text, ended at
  the region's end at the latest (`/* see https://x.org*/`), and in a here-document or a
  block scalar at a backslash (another program's text: its escape);
- in a string literal: to the closing quote at most, and never past an escape sequence
  (`"https://x.org\\n"`: `https://x.org`), but for `\\/` where the language reads it as "/"
  (JSON, JavaScript, YAML's double quotes): `"https:\\/\\/x.org\\/a"` is `https://x.org/a`,
  the runs of raw text around each backslash its pieces. Nothing after the closing quote
  goes on with it (no next line's word, no hard-wrap join). A literal that holds only a
  scheme (`"https://" + host`) holds no URL.

In any of them a regular expression is no URL (scanner.regexes):
`re.compile(r"http://127\\.0\\.0\\.1/*")`, ``regexp.MustCompile(`^https://github\\.com/`)``.

Each candidate says where it was found (`context`: "string", "comment", None for code
outside both), and in shell and make files `$name` and `$(name)` are placeholders too, in
YAML and TOML `$NAME` and `$(name)` (scanner.templates).
"""

from __future__ import annotations

import re

from .._runtime.patterns import load_compiled
from ..core.model import Candidate, Flag, Span
from ..core.records import built
from . import bare, regexes
from .bare_url import (
    bare_candidate,
    inside_a_login,
    not_bare_shaped,
    password_end,
    read_bare,
    templated,
)
from .body import BODY
from .code.lexing import lex
from .code.python import field_end, formats_fields
from .file_kinds import table_kind
from .lexer import (
    AMBIGUOUS,
    BLOCK_SCALAR,
    CONTEXTS,
    HEREDOC,
    LITERAL,
    PROPERTY,
    RAW,
    SLASHED,
    STRING,
    TEXT,
    LexState,
    Regions,
)
from .line_breaks import Lines
from .login_runs_on import login_read_on
from .syntax import CODE_SYNTAXES, Syntax, family_of

load_compiled(__name__)  # its patterns, compiled, before they are compiled below (PARTS)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .positions import Positions

# Where `\/` reads as "/": JSON (RFC 8259 section 7), JavaScript, YAML 1.2 (section 5.7).
_TEMPLATE = frozenset({Flag.TEMPLATE})
_SLASHED_SYNTAXES = frozenset({Syntax.JSON, Syntax.JAVASCRIPT, Syntax.YAML})
# Where a URL may start that no colon's hit finds: JSON's escaped "://" (`https:\/\/`,
# anchored at its colon), and a properties file's escaped colon (`https\://`, anchored at
# its backslash: CodeText.bare reads it only in a properties value).
SLASHED_COLON = re.compile(r":\\/\\/|\\:(?=//)")
# Whose `$` variables are placeholders: scanner.templates' SHELL and CONFIG, and CODE for any
# other code, where every printf conversion is (that module loads only for a URL that may be
# a template: a hook's start-up).
_VARIABLES = {Syntax.SHELL: "shell", Syntax.YAML: "config", Syntax.TOML: "config"}
_CODE = "code"

Found = tuple[Candidate | None, int] | None
# A candidate's fields after its pieces and before its context, at their defaults.
_DEFAULTS_BEFORE_CONTEXT = tuple(
    Candidate._field_defaults[name]  # type: ignore[attr-defined]  # a record's, as namedtuple's
    for name in Candidate._fields[3 : Candidate._fields.index("context")]  # type: ignore[attr-defined]
)


# The regions whose text is another program's, quoted whole (scanner.code).
_ANOTHER_PROGRAMS = frozenset({HEREDOC, BLOCK_SCALAR})


class CodeText:
    """A code text's regions, and how its syntax reads URLs (the scanner's `code`)."""

    __slots__ = ("regions", "shell", "slashed", "lines", "wary")

    def __init__(self, regions: Regions, shell: str, slashed: bool, wary: bool = False) -> None:
        self.regions = regions
        # a kind read from its row (scanner.file_kinds): its code outside literals and
        # comments is read as the kinds not read are (scanner.other): a backslash, a
        # backquote, a double quote, or the quote the URL follows ends a URL there
        self.wary = wary
        self.lines = Lines("code", regions)  # which next line a comment's URL may go on onto
        self.shell = shell  # `$` variables are placeholders too: templates.SHELL, CONFIG, ""
        self.slashed = slashed  # `:\/\/` may start a URL: its hits are looked for

    def placed(self, candidate: Candidate, offset: int) -> Candidate:
        """A wrapper's candidate found at `offset`, with its context (and, in shell, its
        variables as placeholders)."""
        at = self.regions.at(offset)
        if at >= 0:
            context = CONTEXTS[self.regions.items[at][2]]
            candidate = candidate._replace(context=context)  # type: ignore[attr-defined]  # a record's, as namedtuple's
        return templated(candidate, self.shell) if self.shell else candidate

    def _region_at(self, offset: int) -> int:
        """The index of the region `offset` is in, -1 where it is in none, or in code the
        lexer could not read one way (AMBIGUOUS: read as code)."""
        at = self.regions.at(offset)
        return -1 if at >= 0 and self.regions.items[at][2] == AMBIGUOUS else at

    def _colon(self, text: str, anchor: int, at: int) -> int:
        """The colon of a URL whose hit is at `anchor`, in the region at index `at` (-1:
        none): its backslash's colon where it is a properties value's `https\\://`; -1
        where the hit starts no URL there (`:\\/\\/` where `\\/` is no "/", `\\://`
        outside a properties value)."""
        mode = self.regions.items[at][1] if at >= 0 else TEXT
        if text.startswith("\\/", anchor + 1) and mode != SLASHED:
            return -1
        if text[anchor] == "\\":
            return anchor + 1 if mode == PROPERTY else -1
        return anchor

    def bare(self, text: str, start: int, anchor: int, covered: int, index: Positions) -> Found:
        """`read_bare` for a URL of this text: read in the region its colon is in."""
        regions = self.regions
        at = self._region_at(anchor)
        context = None
        anchor = self._colon(text, anchor, at)
        if anchor < 0:
            return None
        if at < 0:  # code outside literals and comments: a value ends at its line's end
            limit = _code_stop(text, start, anchor) if self.wary else None
            found = read_bare(text, start, anchor, covered, index, limit, lines_go_on=False)
            if _a_pattern(text, start, anchor, None, TEXT):
                return regexes.no_url(found)  # a regular expression
        else:
            region_start = regions.starts[at]
            limit, mode, construct = regions.items[at][:3]
            context = CONTEXTS[construct]
            if start < region_start:  # no scheme starts before its literal
                start = bare.scheme_start(text, anchor, region_start)
                if start < 0:
                    return None
            pattern = _a_pattern(text, start, anchor, limit, mode)
            if mode != TEXT:  # a string literal, a properties value (its escapes, its lines)
                if mode == PROPERTY:
                    found = _in_property(text, start, anchor, covered, index, limit, region_start)
                else:
                    found = _in_literal(text, start, anchor, covered, index, mode, limit)
                if pattern:
                    return regexes.no_url(found)  # a regular expression
                return self._literals(text, start, anchor, found, region_start - 1, limit, index)
            # a comment, a docstring, another program's text
            limit = _before_an_escape(text, anchor, limit, construct)
            found = read_bare(text, start, anchor, covered, index, limit, lines=self.lines)
            if pattern:
                return regexes.no_url(found)
            if found is not None and _before_an_escaped_quote(text, found):
                # `# url: "http://x.org/a\""`: a quoted value's escaped quote, quoted in prose
                found = read_bare(
                    text, start, anchor, covered, index, found[1] - 1, lines=self.lines
                )
        if found is None:
            return None
        candidate, end = found
        if candidate is None:
            return found
        if context is not None:
            candidate = candidate._replace(context=context)  # type: ignore[attr-defined]  # a record's, as namedtuple's
        if self.shell:
            candidate = templated(candidate, self.shell)
        return candidate, end

    def _literals(
        self,
        text: str,
        start: int,
        anchor: int,
        found: Found,
        quote_at: int,
        limit: int,
        index: Positions,
    ) -> Found:
        """The URL `found` in the string literal whose quote is at `quote_at`, with this
        syntax's variables as placeholders, and an f-string's fields read whole."""
        if found is None or found[0] is None:
            return found
        read = found[0], found[1]
        if self.shell:
            read = templated(read[0], self.shell), read[1]
        if formats_fields(text, quote_at):
            read = _with_fields(text, start, anchor, read, quote_at, limit, index)
        return read


def _before_an_escape(text: str, anchor: int, limit: int, construct: str) -> int:
    """Where a URL of a region (`construct`, to `limit`) ends at the latest: in another
    program's text (a script in a YAML block scalar, a here-document's) at a backslash,
    that language's escape (`'...issues/new/choose\\n\\n'`), which no URL holds."""
    if construct not in _ANOTHER_PROGRAMS:
        return limit
    escape = text.find("\\", anchor, limit)
    return limit if escape < 0 else escape


def _a_pattern(text: str, start: int, anchor: int, limit: int | None, mode: int) -> bool:
    """Is the URL-looking text at `start` (its colon at `anchor`) part of a regular
    expression (scanner.regexes), read in a region of `mode` that ends at `limit`? Looked
    for in its body, backslashes and all, to the brackets around it
    (`re.compile(r"http://127\\.0\\.0\\.1/*")`)."""
    stop = anchor + 1 + regexes.WINDOW
    if limit is not None and limit < stop:
        stop = limit
    end = BODY.match(text, anchor + 1, stop).end()  # type: ignore[union-attr]  # matches empty
    if not regexes.may_be_one(text, start, end):
        return False  # nearly every URL: no pattern's character
    end = bare.first_unbalanced_closer(text, anchor + 1, end)
    return regexes.is_pattern(text, start, end, mode in (LITERAL, SLASHED), mode == SLASHED)


def _before_an_escaped_quote(text: str, found: tuple[Candidate | None, int]) -> bool:
    """Does the URL `found` (its candidate, the offset it covers the text to) end on a
    backslash that escapes the quote ending it (`"http://x.org/a\""`)? No URL holds one."""
    candidate, end = found
    return (
        candidate is not None
        and candidate.url.endswith("\\")
        and text[end - 1 : end] == "\\"
        and text[end : end + 1] in ('"', "'")
    )


def code_text(
    text: str, syntax: Syntax | str, state: LexState | None = None, final: bool = True
) -> CodeText | None:
    """`text`'s regions where `syntax` is a code syntax (scanner.code); None otherwise
    (running text, and markup, which scanner.markup reads)."""
    read_as = family_of(syntax)
    if read_as not in CODE_SYNTAXES:
        return None
    slashed = (read_as in _SLASHED_SYNTAXES and text.find(":\\/\\/") >= 0) or (
        read_as is Syntax.PROPERTIES and text.find("\\://") >= 0
    )
    kind = table_kind(syntax)
    variables = kind.variables if kind is not None else _VARIABLES.get(read_as, _CODE)
    return CodeText(lex(text, syntax, state, final), variables, slashed, kind is not None)


_CODE_STOPS = re.compile(r"[\\`\"\n]")


def _code_stop(text: str, start: int, anchor: int) -> int | None:
    """Where a URL in the code of a kind read from its row stops at the latest: at a
    backslash, a backquote or a double quote (no URL holds one: RFC 3986 section 2), or at
    the quote it follows; None where none is on its line."""
    found = _CODE_STOPS.search(text, anchor)
    stop = found.start() if found is not None and text[found.start()] != "\n" else None
    if start > 0 and text[start - 1] == "'":
        quote = text.find("'", anchor, stop if stop is not None else text.find("\n", anchor))
        if quote >= 0:
            stop = quote
    return stop


def _in_literal(
    text: str,
    start: int,
    anchor: int,
    covered: int,
    index: Positions,
    mode: int,
    limit: int,
) -> Found:
    """The URL at `start` in a string literal that closes at `limit`, read in `mode`
    (scanner.code): to the closing quote at most, and to the first escape sequence but
    `\\/` where the language reads it as "/" (SLASHED)."""
    context = STRING
    runs = [start]  # where each run of raw text starts, the first at the scheme
    if mode != RAW:
        escape = text.find("\\", anchor, limit)
        while mode == SLASHED and escape >= 0 and text.startswith("/", escape + 1):
            runs.append(escape + 1)
            escape = text.find("\\", escape + 2, limit)
        if escape >= 0:
            limit = escape
    if len(runs) > 1:
        return _unescaped(text, runs, anchor, limit, index)
    end = bare.body_end(text, anchor + 1, url_start=start, stop=limit)
    if text.find("@", start, end) >= 0 and inside_a_login(text, start, end, covered):
        return None, end
    if not bare.has_body(text, anchor, end) or (
        anchor - start <= 4 and not_bare_shaped(text, start, anchor, end)
    ):
        return None
    span = index.span(start, end)
    url = text[start:end]
    rest = login_read_on(text, start, end)
    if rest is None:  # most URLs: made in C
        candidate = built(Candidate, (url, span, (span,), *_DEFAULTS_BEFORE_CONTEXT, context, ()))
        if "{" in url or "%" in url:
            candidate = templated(candidate)
        return candidate, end
    candidate = bare_candidate(text, start, end, None, rest, index)._replace(context=context)  # type: ignore[attr-defined]  # a record's, as namedtuple's
    return templated(candidate), max(end, password_end(text, url, end, rest))


# How far past its scheme a URL in an f-string is read for its replacement fields: a URL
# and the fields it holds are short; past it, the URL ends as a literal's does.
_FIELDS_REACH = 2048


def _with_fields(
    text: str,
    start: int,
    anchor: int,
    found: tuple[Candidate, int],
    quote_at: int,
    limit: int,
    index: Positions,
) -> tuple[Candidate, int]:
    """The URL `found` at `start` in an f-string or t-string (its quote at `quote_at`) that
    closes at `limit`, read on through the replacement fields it holds: a field is the
    program's expression, read as Python reads it (code.field_end), its quotes, blanks and
    brackets the field's (PEP 701's `f"https://x.org/{item["episode"]}/x"`, `{d['k']}`,
    `{a + b}`), each field a placeholder and the URL a template. The text is read with
    each field's inside masked, so what ends a URL outside its fields (a blank, a quote, an
    escape) still ends it. A field not closed on its line, an escaped brace (`{{`), and a
    URL read with a login's rest, are left as the literal's reading gives them."""
    candidate, end = found
    if candidate.login_rest is not None:
        return found
    stop = min(limit, anchor + 1 + _FIELDS_REACH)
    quote = text[quote_at]
    fields: list[tuple[int, int]] = []
    shown = [text[start - 1 : anchor + 1]]  # the quote before it, its scheme, then its body
    at = anchor + 1
    while True:
        brace = text.find("{", at, stop)
        if brace < 0:
            break
        if text.startswith("{", brace + 1):  # `{{`: a brace of the string's text
            shown.append(text[at : brace + 2])
            at = brace + 2
            continue
        close = field_end(text, brace, quote)
        if close < 0 or close > stop:
            break
        shown.append(text[at : brace + 1])
        shown.append("x" * (close - brace - 2))  # the field's inside: no URL's end
        at = close - 1
        fields.append((brace, close))
    if not fields:
        return found
    shown.append(text[at:stop])
    masked = "".join(shown)
    escape = masked.find("\\", anchor + 1 - (start - 1))
    new_end = (
        start - 1 + bare.body_end(masked, anchor + 2 - start, 1, escape if escape >= 0 else None)
    )
    inside = tuple((brace - start, close - start) for brace, close in fields if close <= new_end)
    if new_end < end or not inside:
        return found
    span = index.span(start, new_end)
    held = sorted(set(candidate.placeholders) | set(inside))
    # one inside another is the outer one's: `{w}` of the field `{x:{w}}`, the field
    # `{count-1}` of curl's range `[0-{count-1}]`
    placeholders = tuple(
        one for one in held if not any(o[0] <= one[0] and one[1] <= o[1] and o != one for o in held)
    )
    fielded = Candidate(
        text[start:new_end],
        span,
        (span,),
        flags=candidate.flags | _TEMPLATE,
        context=candidate.context,
        placeholders=placeholders,
    )
    return fielded, new_end


# The escapes of a properties value that stand for a character a URL does not hold, or for
# a character not written (java.util.Properties.load): they end the URL, as a string
# literal's escape does. Any other `\X` is X (`\:`, `\=`, `\#`, `\!`).
_PROPERTY_ENDS = frozenset("tnrfu\\ \t\f")
_MAX_PROPERTY_RUNS = 32  # escapes and continued lines read through in one URL: past them, it ends


def _in_property(
    text: str,
    start: int,
    anchor: int,
    covered: int,
    index: Positions,
    limit: int,
    value_start: int,
) -> Found:
    """The URL at `start` in a properties value whose logical line ends at `limit`, read as
    java.util.Properties reads it: an escape that stands for a character is that character,
    a line that ends on a backslash goes on past the next line's leading blanks
    (`https\\://x.org/a/\\` then `    b` is `https://x.org/a/b`), the URL made of the runs
    of written text around them, its span on the written text; an escape of a character no
    URL holds (`\\\\`, `\\t`, `\\u0026`) ends it. A URL written with none is read as a
    literal's is."""
    # `h\` then `    ttp://...`: the scheme's first letters on the lines before
    bounds = _scheme_begun_before(text, start, value_start)
    run = start
    escape = text.find("\\", start, limit)
    while escape >= 0 and len(bounds) < _MAX_PROPERTY_RUNS:
        after = text[escape + 1 : escape + 2]
        if after in ("\n", "\r") and escape + 1 < limit:  # the logical line goes on
            next_line = text.find("\n", escape + 1) + 1
            bounds.append((run, escape))
            run = _BLANKS.match(text, next_line).end()  # type: ignore[union-attr]  # matches empty
        elif after and after not in _PROPERTY_ENDS and escape + 1 < limit:
            bounds.append((run, escape))
            run = escape + 1  # the escaped character, read as itself
        else:
            limit = escape
            break
        escape = text.find("\\", run + (1 if run == escape + 1 else 0), limit)
    if not bounds:
        return _in_literal(text, start, anchor, covered, index, RAW, limit)
    bounds.append((run, limit))
    return _from_runs(text, bounds, anchor, index)


_BLANKS = re.compile(r"[ \t\f]*")


def _scheme_begun_before(text: str, start: int, value_start: int) -> list[tuple[int, int]]:
    """The first letters of a scheme that a properties value's lines before the one at
    `start` end with before their continuing backslash (`h\\` then `    ttp://`), each
    line's as (start, the backslash), first line first; none where the URL's line does not
    go on from one so."""
    begun: list[tuple[int, int]] = []
    while len(begun) < _MAX_PROPERTY_RUNS:
        line_break = text.rfind("\n", value_start, start)
        if line_break < 0 or _BLANKS.match(text, line_break + 1).end() != start:  # type: ignore[union-attr]
            break
        backslash = line_break - 2 if text[line_break - 1 : line_break] == "\r" else line_break - 1
        if backslash <= value_start or text[backslash] != "\\":
            break
        letters = backslash
        while letters > value_start and _SCHEME_CHAR.match(text, letters - 1):
            letters -= 1
        if letters == backslash:
            break
        begun.insert(0, (letters, backslash))
        start = letters
    while begun and not text[begun[0][0]].isalpha():
        begun.pop(0)  # a scheme starts with a letter
    return begun


_SCHEME_CHAR = re.compile(r"[A-Za-z0-9+.-]")


def _unescaped(text: str, runs: list[int], anchor: int, limit: int, index: Positions) -> Found:
    """The URL whose raw text runs from each of `runs` to the backslash before the next
    (the last to `limit`), read as the runs joined: `https:\\/\\/x.org\\/a` is
    `https://x.org/a`, its pieces the runs it takes."""
    bounds = [(run, following - 1) for run, following in zip(runs, runs[1:], strict=False)]
    bounds.append((runs[-1], limit))
    return _from_runs(text, bounds, anchor, index)


def _from_runs(text: str, bounds: list[tuple[int, int]], anchor: int, index: Positions) -> Found:
    """The URL made of the runs of raw text `bounds` ((start, end) each, the scheme at the
    first's start, its colon at `anchor` in one of them), read as the runs joined, its
    pieces the runs it takes."""
    joined = "".join(text[run:run_end] for run, run_end in bounds)
    quoted = text[bounds[0][0] - 1 : bounds[0][0]] + joined  # what quotes it, as body_end reads
    colon = 1  # where the colon is in `quoted`, the quote before it counted
    for run, run_end in bounds:
        if run <= anchor < run_end:
            colon += anchor - run
            break
        colon += run_end - run
    end = bare.body_end(quoted, colon + 1, url_start=1)
    if not bare.has_body(quoted, colon, end):
        return None
    spans = bare.runs_taken(bounds, end - 1)  # the joined text's characters taken
    pieces = tuple(index.span(piece_start, piece_end) for piece_start, piece_end in spans)
    raw_end = spans[-1][1]
    url = joined[: end - 1]
    rest = login_read_on(text, bounds[0][0], raw_end, url)
    candidate = Candidate(
        url,
        Span(pieces[0].start, pieces[-1].end),
        pieces,
        context=STRING,
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[raw_end : rest[0]] + text[rest[1] : rest[2]] if rest else "",
    )
    return templated(candidate), raw_end
