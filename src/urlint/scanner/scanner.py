"""Text in, URL candidates out. Pure: no I/O, no printing.

Two literal-led passes find every place a URL can start, each on the regex engine's fast
literal search (one alternation of what starts with different characters has none, and is
much slower: docs/design/performance.md, hot-path table):

1. `<` opening a wrapper (`<URL:`, `<scheme:`, `URL=<`), read by `wrappers`;
2. `:` of a bare URL, its scheme read backwards: followed by "//", of any scheme (section
   3.1), or right after an opaque scheme name (`mailto:`, `news:`, ... sections 3.5, 3.6).
   Both alternatives start with the colon, which the pattern's search looks for as a
   literal: one pass over the text finds both (two passes cost the text's length twice).

The hits are merged in text order; a hit inside a URL already read (a bare URL inside a
wrapper, a second "://" inside a query) is not a URL of its own.

A text is read in a syntax (scanner.syntax): running text (plain text and mail) by the
rules above; a code or configuration file's string literals and comments are found first
(scanner.code), and a URL in a literal ends at its closing quote and at an escape
(scanner.literals). In markup (Markdown, reStructuredText, AsciiDoc, HTML) the markup's own
link forms say where a URL ends and what it was found in (scanner.markup). A text of a kind
urlint does not read (Perl, TeX, a man page ...) is running text read warily: what ends a
URL in code ends it there, and no next line goes on with it (scanner.other). A URL holding
placeholders (`{id}`, `%s`) is a template, wherever it is found (scanner.templates); a
regular expression in code or such a text is no URL (scanner.regexes).

Past 600 lines: the scan of a whole text and of a chunk of a long one are the same steps
over the same state (the passes, the covered spans, the near-URLs), which a split would hand
from module to module for every hit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from .._runtime.patterns import compiled_when_used
from ..core.builds import compiled
from ..core.model import Candidate, Flag, Position, Span, Wrapper
from ..grammar.schemes import BARE_COLON_PATTERN, BARE_WITHOUT_SLASHES
from . import bare, wrappers
from .bare_url import markup_reader, password_end, read_bare, templated, word_start
from .body import GLUED_MARKS_FROM
from .furniture import Furniture
from .login_runs_on import login_read_on, wrapper_login_rest
from .textpos import LineIndex

# "://" first: a colon followed by "//" is read as one whatever the scheme's name. The
# parser takes the alternatives' common ":" out in front, so the search stays literal-led.
_COLON = re.compile(f"://|{BARE_COLON_PATTERN}")

_BARE_NAMES = frozenset(BARE_WITHOUT_SLASHES)

# Where a near-URL (scanner.near) may be: one search, led by the literal "/" (the regex
# engine's fast loop, in ASCII text and wider alike), that stops at "//" after a letter or
# ";" before a host's first character (`http//`, `;//`), after a colon and blanks (`: //`),
# after a full-width colon (`：//`), after a blank or an opening, or at the text's start,
# before a scheme (`//https://`), and "://" before a blank, after one or a second colon
# (`http:://`), or before a second scheme; and at ":/" after a letter but "://"
# (`https:/x`, `http:/ /x`). What it matches
# is the "/"s alone (the rest is looked around), so each match ends at the "/" a
# near-URL's separator ends with. One search, not one for "//" and one for ":/": each pass
# over a text costs what the colon pass does, and a pattern whose alternatives start with
# different characters ("//" or ":") has no literal to search for, and is much slower. A
# text where none stands (most) loads no more.
MAY_BE_NEAR = compiled_when_used(
    r"/(?:/(?:(?<=[A-Za-z;]//)(?=[A-Za-z0-9])|(?<=[:\uff1a][ \t]//)|(?<=[:\uff1a][ \t][ \t]//)"
    r"|(?<=\uff1a//)|(?<=://)(?=[ \t]|[A-Za-z]{2,6}://)|(?<=[ \t]://)|(?<=[A-Za-z]:://)"
    r"""|(?:(?<=[\s(\["'<=]//)|(?<=\A//))(?=[A-Za-z]{2,6}://))"""
    r"|(?<=:/)(?<=[A-Za-z]:/)(?![/\\]))"
)

# Where a web scheme (scanner.near.NO_SLASH_SCHEMES: "http:", "https:", "ftp:") may stand
# before a host with no slash: a search led by the literal "tp", one pass for all three
# (lower case: `HTTP:x.org` is left).
MAY_HAVE_NO_SLASH = compiled_when_used(r"tps?:(?=[A-Za-z0-9])")

# Texts up to this size have their hits listed and sorted; longer ones merge them lazily,
# so a chunk full of "<a:" never holds a million hits at once.
_SMALL_TEXT = 256 * 1024

# Where fewer "<" than one in this many characters stand, they are found by str.find, a
# Python step each; where more, the wrapper pattern's search reads the next block of the
# text (this long at first), to a line's end (`_wrapper_hits`). Their density is looked at
# after each run of this many "<".
_SPARSE_LT = 512
_LT_LOOK = 64
_DENSE_BLOCK = _LT_LOOK * _SPARSE_LT

# Hit kinds, in the order they win when two start at the same offset.
_WRAPPER, _BARE = 0, 1


TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType

    from .lexer import LexState
    from .line_breaks import Lines
    from .literals import CodeText
    from .markup_lines import OpenBlock
    from .other import OtherText
    from .positions import Positions
    from .syntax import Syntax

# A syntax's value: scanner.syntax.Syntax is a str enum, and running text's is not imported
# for it (a pre-commit hook's run on a .txt file imports nothing it does not use).
TEXT = "text"


def scan(
    text: str,
    *,
    line_base: int = 1,
    positions: Positions | None = None,
    syntax: Syntax | str = TEXT,
) -> list[Candidate]:
    """Every URL candidate in `text`, in text order, empty wrappers included.

    `line_base` is the line number of the text's first line; `positions`, when given,
    places candidates instead. `syntax` is what the text is written in (scanner.syntax:
    "python", "json", ...; running text by default).
    """
    return list(iter_candidates(text, line_base=line_base, positions=positions, syntax=syntax))


def iter_candidates(
    text: str,
    *,
    line_base: int = 1,
    positions: Positions | None = None,
    syntax: Syntax | str = TEXT,
    near: bool = True,
) -> Iterator[Candidate]:
    """`scan`, found as they are iterated; without `near`, no near-URL is looked for (ChunkScan)."""
    index = LineIndex(text, line_base) if positions is None else positions
    if syntax == TEXT:  # running text (mail's, news's): no code, markup, lines or other kind
        return _candidates(_scan(text, index, len(text), 0, near=near))
    scanned = _scan(
        text,
        index,
        len(text),
        0,
        _code(text, syntax),
        _markup(syntax),
        _lines(syntax),
        _other(text, syntax),
        near,
    )
    return _candidates(scanned)


def _candidates(scanned: Iterator[tuple[Candidate | None, int]]) -> Iterator[Candidate]:
    # A generator function, not a generator expression: mypyc compiles a generator
    # expression into a list, which held every candidate of a decoded mail text at once
    # (bench/adversarial.py's base64 HTML part: docs/design/performance.md#memory).
    for candidate, _ in scanned:
        if candidate is not None:
            yield candidate


class ChunkScan:
    """One chunk of a longer text, scanned as it is iterated.

    A chunk full of "<URL:a" never holds its hundreds of thousands of candidates at once.

    Candidates that start at or after `stop` are left for the next chunk; text before
    `covered_until` belongs to a URL the previous chunk reported, and text before `since`
    is the look back: the previous chunk scanned it, and it is read here only as what
    stands before the chunk's first line (the line a URL is joined from, an opening fence
    or quote), as the whole text's scan reads it. `state_from` is where the next chunk's
    text starts (its look back's start; `stop` by default). `opened`, for a markup syntax,
    the block (a fence, a literal block) the text starts inside of, and once iterated
    `end_opened` the one open where the next chunk's text starts (markup_lines.OpenBlock).
    Once iterated to the end, `covered` is the offset up to which the candidates cover the
    text and `stop_position()` the position of `stop` (where the next chunk's line and
    column numbers continue). `offset_base` is the offset of the chunk's first character
    in the whole text: the candidates' positions carry offsets into that. `syntax` is what
    the text is written in; `state`, for a code syntax, the construct (a docstring, a
    comment) the chunk before left open at its `stop`, and once iterated `end_state` the
    one this chunk leaves open at its own (scanner.code.Regions.state_at). `near`: whether
    near-URLs (scanner.near, flagged malformed) are looked for: the linter's N rules read
    them, and a reading that lists only URLs (`extract` but with `--near`) is spared their
    search, a pass over the whole text; the other candidates are the same either way."""

    def __init__(
        self,
        text: str,
        *,
        line_base: int,
        column_base: int = 0,
        offset_base: int = 0,
        stop: int,
        covered_until: int,
        syntax: Syntax | str = TEXT,
        state: LexState | None = None,
        near: bool = True,
        since: int = 0,
        state_from: int | None = None,
        opened: OpenBlock = None,
    ) -> None:
        self.text = text
        self.near = near
        self.stop = stop
        self.since = since
        self.state_from = stop if state_from is None else state_from
        self.covered_until = covered_until
        self.covered = covered_until
        self.syntax = syntax
        self.state = state
        self.end_state: LexState | None = None
        # In code, a literal or comment open where the text ends (or a closer ending there),
        # read as open because the text is not the last chunk: where it never closes, the
        # whole text's lexer reads what follows its opener as code (scanner.lexer.spanning)
        self.open_at_end = False
        self.opened = opened
        self.end_opened: OpenBlock = None
        self._index = LineIndex(text, line_base, column_base, offset_base)

    def __iter__(self) -> Iterator[Candidate]:
        code = _code(self.text, self.syntax, self.state, self.stop >= len(self.text))
        if code is not None:
            self.end_state = code.regions.state_at(self.state_from)
            last = len(self.text) - 1
            self.open_at_end = last >= 0 and code.regions.state_at(last) is not None
        markup, lines = _markup(self.syntax), _lines(self.syntax, self.opened)
        if lines is not None and self.state_from < len(self.text):  # a fence, a literal block
            from .markup_lines import block_open_at

            self.end_opened = block_open_at(lines.syntax, self.text, self.state_from, self.opened)
        other = _other(self.text, self.syntax)
        scanned = _scan(
            self.text,
            self._index,
            self.stop,
            self.covered_until,
            code,
            markup,
            lines,
            other,
            self.near,
            self.since,
            self.opened,
        )
        for candidate, end in scanned:
            self.covered = end
            if candidate is not None:
                yield candidate

    def stop_position(self) -> Position:
        """The position of `stop`: where the next chunk's lines and columns continue."""
        return self._index.position(self.stop)

    def position(self, offset: int) -> Position:
        """The position of text[offset] (where the next chunk's look back starts)."""
        return self._index.position(offset)


def extract(text: str, *, syntax: Syntax | str = TEXT) -> list[Candidate]:
    """Every URL in `text`, in text order (an empty wrapper yields nothing).

    `syntax` says what `text` is written in: "text" (the default: prose, mail, news) or a
    code, configuration or markup syntax (`urlint.scanner.syntax.Syntax`: "python",
    "javascript", "go", "shell", "c-like", "json", "yaml", "toml", "markdown", "rst",
    "asciidoc", "html"; `syntax_of(name)` tells it from a file name). In code, a URL in a
    string literal ends at its closing quote and never takes in an escape sequence
    (`"https://x.org\\n"` gives `https://x.org`; JSON's `\\/` reads as `/`), and each
    candidate's `context` says where it was found ("string", "comment", None for text). In
    markup the markup says where a URL ends (`[a](https://x.org/Inc.)` holds its dot) and
    `context` names the construct ("markdown-link", "rst-target", ...: scanner.markup).
    A URL holding placeholders (`{id}`, `%s`, `${name}`, `{{ name }}`, RFC 6570's
    `{?q}`) is flagged `template` in any syntax, its placeholders' offsets in its
    `placeholders`."""
    code, other = _code(text, syntax), _other(text, syntax)
    scanned = _scan(
        text,
        LineIndex(text),
        len(text),
        0,
        code,
        _markup(syntax),
        _lines(syntax),
        other,
        near=False,
    )
    return [candidate for candidate, _ in scanned if candidate is not None and candidate.listed]


def _code(
    text: str, syntax: Syntax | str, state: LexState | None = None, final: bool = True
) -> CodeText | None:
    """The literals and comments of `text` where `syntax` is a code syntax (scanner.code,
    read by scanner.literals); None for running text."""
    if syntax == TEXT:
        return None  # nothing imported for it
    from .syntax import CODE_SYNTAXES, family_of

    if family_of(syntax) not in CODE_SYNTAXES:  # a ValueError for a name it does not know
        return None  # markup: running text, its link forms read by scanner.markup
    from .literals import code_text

    return code_text(text, syntax, state, final)


def _markup(syntax: Syntax | str) -> str | None:
    """The markup syntax `syntax` names ("markdown", "rst", "asciidoc", "html"), whose link
    forms say where a URL ends (scanner.markup); None for running text and code."""
    if syntax == TEXT:
        return None  # nothing imported for it
    from .syntax import MARKUP_SYNTAXES, family_of

    read_as = family_of(syntax)
    return read_as.value if read_as in MARKUP_SYNTAXES else None


def _lines(syntax: Syntax | str, opened: OpenBlock = None) -> Lines | None:
    """How the lines of a text in `syntax` are read where a URL at a line end may go on
    onto the next (line_breaks.Lines): for markup; None for prose, HTML and code (whose
    comments' reader has its own: scanner.literals), and a kind urlint does not read (no
    line goes on with a URL there: scanner.other). `opened`: the markup block the text
    starts inside of (ChunkScan)."""
    if syntax == TEXT:
        return None  # nothing imported for it
    from .line_breaks import Lines
    from .syntax import Syntax, family_of

    read_as = family_of(syntax)
    if read_as in (Syntax.MARKDOWN, Syntax.RST, Syntax.ASCIIDOC):
        return Lines(read_as.value, opened=opened)
    return None


def _other(text: str, syntax: Syntax | str) -> OtherText | None:
    """How a text of a kind urlint does not read is read (scanner.other), where `syntax` is
    that kind's; None for any other."""
    if syntax != "other":
        return None  # running text, code and markup: nothing imported for them
    from .other import OtherText

    return OtherText(text)


def _hits(
    text: str, covered_until: int, stop: int, slashed: bool = False, escaped: bool = False
) -> Iterator[tuple[int, int, int]]:
    """(start, kind, anchor) for every place a URL may start, in text order; `slashed`:
    the colons of `:\\/\\/` too; `escaped`: of `\\://` too, after the backslash."""
    lo = covered_until
    colon_stop = _colon_stop(text, stop)
    passes: tuple[Iterator[tuple[int, int, int]], ...] = (
        _wrapper_hits(text, lo),
        _bare_hits(text, _COLON.finditer(text, lo, colon_stop), lo),
    )
    if slashed:
        from .literals import SLASHED_COLON

        passes += (_slashed_hits(text, SLASHED_COLON.finditer(text, lo, colon_stop), lo),)
    if escaped:
        from .other import ESCAPED_COLON

        passes += (_escaped_hits(text, ESCAPED_COLON.finditer(text, lo, colon_stop), lo),)
    if len(text) <= _SMALL_TEXT:
        # A mail body or a short file: a sorted list costs less than merging generators,
        # and its size is bounded by the text's.
        hits = [hit for found in passes for hit in found]
        hits.sort()
        return iter(hits)
    if len(passes) == 2:
        return _merged(passes[1], passes[0])
    import heapq  # here: a pre-commit hook's small files never merge

    return heapq.merge(*passes)


def _colon_stop(text: str, stop: int) -> int:
    """Where the colon pass ends for hits before `stop`: a URL that starts before it has
    its colon at most a scheme's length after it."""
    return min(len(text), stop + bare.SCHEME_WINDOW + 3)


def _merged(
    common: Iterator[tuple[int, int, int]], rare: Iterator[tuple[int, int, int]]
) -> Iterator[tuple[int, int, int]]:
    """The hits of two passes in text order, `rare` the one with fewer (the wrappers'): a
    comparison for each of `common`'s, where heapq.merge's heap costs more."""
    next_rare = next(rare, None)
    for hit in common:
        while next_rare is not None and next_rare < hit:
            yield next_rare
            next_rare = next(rare, None)
        yield hit
    if next_rare is not None:
        yield next_rare
        yield from rare


def _wrapper_hits(text: str, lo: int) -> Iterator[tuple[int, int, int]]:
    """Wrapper starts: each "<" from `lo` on that may open one (a generator, as `_candidates`
    is).

    Where "<" is rare, as in prose, str.find (memchr, in C) steps from one to the next
    faster than the pattern's search, which reads every character on the way; where it is
    dense (HTML, XML) each step's Python costs more, and the search reads on, to a line's
    end. No "<" stands inside a match of OPEN, so matching at each one finds what its
    search does; and none runs over a line's end, so a search that stops after one misses
    none."""
    find, opens, search = text.find, wrappers.OPEN.match, wrappers.OPEN.finditer
    at = find("<", lo)
    seen, since = 0, at
    block = _DENSE_BLOCK
    while at >= 0:
        if opens(text, at) is not None:
            yield at, _WRAPPER, at
        seen += 1
        if seen == _LT_LOOK:
            if at - since < _LT_LOOK * _SPARSE_LT:
                block_end = find("\n", at + block) + 1 or len(text)
                for match in search(text, at + 1, block_end):
                    start = match.start()
                    yield start, _WRAPPER, start
                at = block_end - 1
                # Dense again after the block: a longer one, so that a page of HTML is read
                # by the search nearly all, not a run of steps after each block.
                block *= 2
            else:
                block = _DENSE_BLOCK
            seen, since = 0, at
        at = find("<", at + 1)


def _slashed_hits(
    text: str, colons: Iterator[re.Match[str]], floor: int
) -> Iterator[tuple[int, int, int]]:
    """Bare URL starts before `:\\/\\/`, the colon their anchor (read in `_in_literal`)."""
    for match in colons:
        start = bare.scheme_start(text, match.start(), floor)
        if start >= 0:
            yield start, _BARE, match.start()


def _escaped_hits(
    text: str, backslashes: Iterator[re.Match[str]], floor: int
) -> Iterator[tuple[int, int, int]]:
    """Bare URL starts before `\\://`, the colon their anchor (read in scanner.other)."""
    for match in backslashes:
        start = bare.scheme_start(text, match.start(), floor)
        if start >= 0:
            yield start, _BARE, match.start() + 1


def _bare_hits(
    text: str, colons: Iterator[re.Match[str]], floor: int
) -> Iterator[tuple[int, int, int]]:
    """Bare URL starts: the scheme before each colon found (_COLON), of any name before
    "://", else one of the opaque schemes taken bare."""
    scheme_start = bare.scheme_start
    for match in colons:
        colon = match.start()
        start = scheme_start(text, colon, floor)
        if start < 0:
            continue
        if match.end() > colon + 1:  # "://" matched, not the colon alone
            yield start, _BARE, colon
        elif text[start:colon].lower() in _BARE_NAMES and not _property_parameter(
            text, start, floor
        ):
            if not text[start:colon].islower():  # `Tel:+1 541 ...`, a signature's label?
                from .labels import is_phone_label  # here: lower-case names never load it

                if is_phone_label(text, start, colon):
                    continue
            yield start, _BARE, colon


def _property_parameter(text: str, start: int, floor: int) -> bool:
    """Is the opaque scheme name at `start` a vCard or iCalendar parameter (`TEL;TYPE=fax:+1
    555`, RFC 6350 section 5; `TEL;FAX:`, vCard 2.1; RFC 5545 section 3.2), not a URL?"""
    if start == 0 or text[start - 1] not in "=;":
        return False  # `TEL;TYPE=fax:`, and vCard 2.1's `TEL;WORK;FAX:`
    word = word_start(text, max(floor, start - 80), start)
    return text.find(";", word, start) >= 0


def _scan(
    text: str,
    index: Positions,
    stop: int,
    covered_until: int,
    code: CodeText | None = None,
    markup: str | None = None,
    lines: Lines | None = None,
    other: OtherText | None = None,
    near: bool = True,
    since: int = 0,
    opened: OpenBlock = None,
) -> Iterator[tuple[Candidate | None, int]]:
    """(candidate, the offset it covers the text to); None for a wrapper that holds no URL
    (nothing inside it is one either). `code`: the text's literals and comments, where it
    is code; `markup`: the markup syntax it is written in (scanner.markup), where it is
    markup; `lines`: how its lines are read where a URL at a line end may go on; `other`:
    how its URLs are read, where it is of a kind urlint does not read; `near`: whether
    near-URLs are looked for; `since`: where the look back before a chunk ends (ChunkScan),
    no place before it looked at for a URL; `opened`: the markup block the text starts
    inside of (ChunkScan). Running text read for its URLs alone (no near-URL) is read on
    the compiled fast path where it runs (fast_lane)."""
    if not near and code is None and markup is None and lines is None and other is None:
        lane = fast_lane()
        if lane is not None:
            return _scan_fast(lane, text, index, stop, covered_until, max(since, covered_until))
    return _scan_read(
        text, index, stop, covered_until, code, markup, lines, other, near, since, opened
    )


def _scan_read(
    text: str,
    index: Positions,
    stop: int,
    covered_until: int,
    code: CodeText | None,
    markup: str | None,
    lines: Lines | None,
    other: OtherText | None,
    near: bool,
    since: int,
    opened: OpenBlock,
) -> Iterator[tuple[Candidate | None, int]]:
    """_scan, hit by hit, in Python (the pure path)."""
    furniture = Furniture(text)
    covered = covered_until
    lo = max(since, covered_until)
    slashed = code is not None and code.slashed
    escaped = other is not None and other.escaped_colons
    read = read_bare if code is None else code.bare
    if other is not None:
        read = other.bare
    # Near-URLs (scanner.near), flagged malformed: beside the URLs, never instead of one.
    near_urls = _near_candidates(text, index, lo, stop, code, markup, other, opened) if near else []
    for start, kind, anchor in _hits(text, lo, stop, slashed, escaped):
        if start < covered:
            continue
        if start >= stop:
            break
        if near_urls:
            yield from _near_placed().near_before(text, index, near_urls, start, covered)
        if kind == _WRAPPER:
            found = _wrapper_at(text, start, furniture, index, code, markup, other)
            if found is not None:
                candidate, covered = found
                yield candidate, covered
        else:
            if markup is None and lines is None:  # prose and code
                found = read(text, start, anchor, covered, index)
            else:
                found = read_bare(text, start, anchor, covered, index, None, markup, lines=lines)
            if found is None:
                continue
            candidate, covered = found
            if candidate is None:
                continue
            if near and _may_have_near_around(text, start, candidate, markup):
                near_around = _near_placed().near_around
                yield from near_around(text, start, candidate, covered, index, code, markup, opened)
            else:
                yield candidate, covered
    if near_urls:
        yield from _near_placed().near_before(text, index, near_urls, len(text), covered)


def _wrapper_at(
    text: str,
    start: int,
    furniture: Furniture,
    index: Positions,
    code: CodeText | None,
    markup: str | None,
    other: OtherText | None,
) -> tuple[Candidate | None, int] | None:
    """The wrapper whose `<` is at `start`, placed in its code or markup, and where it
    ends; None where none is read there (no wrapper, or a doc comment's link and label in
    code, whose bare URL the colon's hit reads alone)."""
    wrapper = wrappers.read_wrapper(text, start, furniture)
    if wrapper is None:
        return None
    candidate, covered = _wrapped(text, wrapper, index)
    if (code is not None or other is not None) and _labelled(candidate):
        return None  # `<https://x.org/a label>`: the bare URL in it is read alone
    if code is not None and candidate is not None:
        candidate = code.placed(candidate, start)
    elif markup is not None and candidate is not None:
        candidate = _in_markup(markup, text, wrapper, candidate, index)
    return candidate, covered


def _labelled(candidate: Candidate | None) -> bool:
    """Is `candidate` a `<scheme:...>` wrapper holding a blank on one of its lines: in
    code and the kinds not read as prose, a doc comment's link and its label (Haddock's
    `<https://x.org/a label>`), not RFC 1738's wrapper, whose blanks are dropped only in
    prose and in a `<URL:...>`?"""
    return (
        candidate is not None
        and candidate.wrapper is Wrapper.ANGLE
        and Flag.INNER_WHITESPACE in candidate.flags
    )


@cache
def fast_lane() -> ModuleType | None:
    """scanner.fast where it is compiled (setup.py) and URLINT_PURE does not turn it off
    ("1": the pure path, the reference, in a compiled install); None for the pure path.

    Loaded with the first text read on it (_scan): a hook's `check`, which looks for
    near-URLs too, never loads it."""
    from . import fast

    return compiled(fast)


def _scan_fast(
    fast: ModuleType, text: str, index: Positions, stop: int, covered: int, lo: int
) -> Iterator[tuple[Candidate | None, int]]:
    """_scan for running text where no near-URL is looked for, on the compiled fast path
    `fast` (scanner.fast.ProseLane): its easy bare URLs read in C, every other hit as
    _scan_read's loop reads it (written out for prose below), from `lo` on."""
    furniture = Furniture(text)

    def hard(
        start: int, kind: int, anchor: int, covered: int
    ) -> tuple[Candidate | None, int] | None:
        if kind == _WRAPPER:
            wrapper = wrappers.read_wrapper(text, start, furniture)
            return None if wrapper is None else _wrapped(text, wrapper, index)
        return read_bare(text, start, anchor, covered, index)

    def other_hits(match: re.Match[str]) -> Iterator[tuple[int, int, int]]:
        return _bare_hits(text, iter((match,)), lo)

    colon_stop = _colon_stop(text, stop)
    lane = fast.ProseLane(
        text,
        lo,
        stop,
        colon_stop,
        covered,
        index,
        hard,
        other_hits,
        _COLON,
        _wrapper_hits,
    )
    batch = lane.batch()
    while batch:
        yield from batch
        batch = lane.batch()


def _near_candidates(
    text: str,
    index: Positions,
    lo: int,
    stop: int,
    code: CodeText | None,
    markup: str | None,
    other: OtherText | None,
    opened: OpenBlock = None,
) -> list[tuple[int, int, str | None]]:
    """The near-URLs starting in text[lo:stop] (near_placed.near_found), where the search for
    them finds a place one may stand: most texts have none, and load no more."""
    end = min(len(text), stop + _NEAR_LOOK)
    first = MAY_BE_NEAR.search(text, lo, end)
    slashes = (
        []
        if first is None
        else [match.end() - 1 for match in MAY_BE_NEAR.finditer(text, first.start(), end)]
    )
    # A host right after a web scheme's colon, no slash between (`https:www.x.org`): found
    # where its name starts, read back from there as from a separator's last "/".
    slashes.extend(match.end() for match in MAY_HAVE_NO_SLASH.finditer(text, lo, end))
    if not slashes:
        return []
    return _near_placed().near_found(text, slashes, lo, stop, code, markup, other, opened)


# How far past a chunk's stop a near-URL that starts before it is looked at.
_NEAR_LOOK = 40


def _may_have_near_around(text: str, start: int, candidate: Candidate, markup: str | None) -> bool:
    """May the bare URL `candidate` at `start` have a near-URL around it (near_placed.
    near_around): a link Markdown makes none of around it, a closing mark glued on its
    end, the rest of it split off by a blank, a word glued on before it? Most URLs: no."""
    url = candidate.url
    end = start + len(url)
    if markup == "markdown" or bare.may_follow_a_glued_word(text, start):
        return True
    if end >= len(text):
        return False
    after = text[end]
    return (
        ord(after) >= GLUED_MARKS_FROM
        or (after == " " and url[-1] in "/=")  # a segment split off its path's "/"?
        or (after == " " and text[start - 1 : start] in _QUOTES)  # a literal's value split?
        or (after == "." and text.startswith(" ", end + 1))  # a top label off its name?
        or after == ">"  # no "<" opens it?
        or (after == "`" and markup == "rst")  # interpreted text's end?
        or (after == '"' and markup is None and candidate.context is None)  # none opens it?
        or (after in "'\"<]" and text[end + 1 : end + 2] in _QUOTES)  # a literal's mark?
    )


# What closes a string literal, where a mark before it may be glued on a URL in its value.
_QUOTES = ("'", '"', "`")


@cache
def _near_placed() -> ModuleType:
    """scanner.near_placed, loaded with the first near-URL a text may hold (most hold none),
    and once: an import statement run for each URL of a Markdown text costs more than the
    call."""
    from . import near_placed

    return near_placed


def _wrapped(
    text: str, found: wrappers.WrapperMatch, index: Positions
) -> tuple[Candidate | None, int]:
    """A wrapper's candidate (None where it holds no URL) and the offset it covers the
    text to: its end, or past the password its login runs on with (password_end)."""
    if found.no_url:
        return None, found.end
    # A login the word goes on with past the wrapper's ">": `<URL:ftp://fred:pw>d@h/>`.
    # Or past its line's end, where the wrapper is not closed on it:
    # `<URL:ftp://fred:pw` / `d@h/>` at another reply level.
    rest = None
    if found.pieces:
        url_start, url_end = found.pieces[0][0], found.pieces[-1][1]
        rest = login_read_on(text, url_start, url_end, found.url) or wrapper_login_rest(
            text, found.url, url_start, url_end
        )
    covered = found.end
    if rest is not None:
        covered = max(covered, password_end(text, found.url, found.pieces[-1][1], rest))
    return _wrapped_candidate(text, found, index, rest), covered


def _in_markup(
    markup: str, text: str, found: wrappers.WrapperMatch, candidate: Candidate, index: Positions
) -> Candidate | None:
    """A `<scheme:...>` wrapper's candidate in a markup text, with what it was found in (a
    Markdown autolink, a link's `<destination>`, a reST `text <URL>`_) and, for one on one
    line, the end the markup gives (AsciiDoc's `<https://x.org[text]>` ends before "[");
    None for a reST role's target (`` :doc:`pdb <python:library/pdb>` ``: markup_lines)."""
    if found.kind is not Wrapper.ANGLE or not found.pieces:
        return candidate  # `<URL:...>` and `URL=<...>`: the appendix's forms, read as such
    url_start, url_end = found.pieces[0][0], found.pieces[-1][1]
    marked = markup_reader()[0](markup, text, url_start, url_end)
    if marked is None:
        if markup == "rst":
            from .markup_lines import cross_reference

            if cross_reference(text, url_start, url_end):
                return None
        return candidate
    end, context, _ = marked
    if end != url_end and len(found.pieces) == 1:
        span = index.span(url_start, end)
        candidate = candidate._replace(  # type: ignore[attr-defined]  # a record's, as namedtuple's
            url=text[url_start:end],
            span=span,
            pieces=(span,),
            flags=candidate.flags - {Flag.TEMPLATE},
            placeholders=(),
        )
        candidate = templated(candidate)
    return candidate._replace(context=context)  # type: ignore[attr-defined]  # a record's, as namedtuple's


def _wrapped_candidate(
    text: str,
    found: wrappers.WrapperMatch,
    index: Positions,
    rest: tuple[int, int, int] | None,
) -> Candidate:
    pieces = tuple(index.span(a, b) for a, b in found.pieces)
    wrapper_span = index.span(found.start, found.end)
    # an empty wrapper has no URL text: its span is the wrapper itself
    span = Span(pieces[0].start, pieces[-1].end) if pieces else wrapper_span
    candidate = Candidate(
        url=found.url,
        span=span,
        pieces=pieces,
        wrapper=found.kind,
        alt=found.alt,
        flags=frozenset(found.flags),
        wrapper_span=wrapper_span,
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[rest[1] : rest[2]] if rest is not None else "",
    )
    url = found.url
    if "{" in url or "%" in url or "$" in url or "[" in url:  # may be a template
        return templated(candidate)
    return candidate


__all__ = ["ChunkScan", "extract", "iter_candidates", "scan"]
