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
(scanner.literals). A URL holding placeholders (`{id}`, `%s`) is a template, wherever it is
found (scanner.templates).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..core.model import Candidate, Flag, Position, Span
from ..core.records import built
from ..grammar.login import LINE_BLANKS, secret_spans, secret_spans_read_on
from ..grammar.schemes import BARE_COLON_PATTERN, BARE_WITHOUT_SLASHES, SCHEMES
from . import bare, wrappers
from .continuation import (
    NEAR_LINE_END,
    URL_LINE_END,
    continuation,
    hard_wrapped,
    login_read_on,
    login_rest,
    wrapper_login_rest,
)
from .furniture import Furniture
from .textpos import LineIndex

# "://" first: a colon followed by "//" is read as one whatever the scheme's name. The
# parser takes the alternatives' common ":" out in front, so the search stays literal-led.
_COLON = re.compile(f"://|{BARE_COLON_PATTERN}")

_MAYBE_CONTINUED = frozenset({Flag.MAYBE_CONTINUED})
_JOINED = frozenset({Flag.JOINED_BY_GUESS, Flag.MAYBE_CONTINUED})
_BARE_NAMES = frozenset(BARE_WITHOUT_SLASHES)

# Texts up to this size have their hits listed and sorted; longer ones merge them lazily,
# so a chunk full of "<a:" never holds a million hits at once.
_SMALL_TEXT = 256 * 1024

# Hit kinds, in the order they win when two start at the same offset.
_WRAPPER, _BARE = 0, 1


TYPE_CHECKING = False
if TYPE_CHECKING:
    from .code import LexState
    from .literals import CodeText
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
) -> Iterator[Candidate]:
    """`scan`, found as they are iterated."""
    index = LineIndex(text, line_base) if positions is None else positions
    return _candidates(_scan(text, index, len(text), 0, _code(text, syntax)))


def _candidates(scanned: Iterator[tuple[Candidate | None, int]]) -> Iterator[Candidate]:
    # A generator function, not a generator expression: mypyc compiles a generator
    # expression into a list, which held every candidate of a decoded mail text at once
    # (bench/adversarial.py's 16 MB base64 HTML part peaked at 304 MB; tests/test_compiled.py).
    for candidate, _ in scanned:
        if candidate is not None:
            yield candidate


class ChunkScan:
    """One chunk of a longer text, scanned as it is iterated.

    A chunk full of "<URL:a" never holds its hundreds of thousands of candidates at once.

    Candidates that start at or after `stop` are left for the next chunk, which begins at
    `stop`; text before `covered_until` belongs to a URL the previous chunk reported.
    Once iterated to the end, `covered` is the offset up to which the candidates cover the
    text and `stop_position()` the position of `stop` (where the next chunk's line and
    column numbers continue). `offset_base` is the offset of the chunk's first character
    in the whole text: the candidates' positions carry offsets into that. `syntax` is what
    the text is written in; `state`, for a code syntax, the construct (a docstring, a
    comment) the chunk before left open at its `stop`, and once iterated `end_state` the
    one this chunk leaves open at its own (scanner.code.Regions.state_at)."""

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
    ) -> None:
        self.text = text
        self.stop = stop
        self.covered_until = covered_until
        self.covered = covered_until
        self.syntax = syntax
        self.state = state
        self.end_state: LexState | None = None
        self._index = LineIndex(text, line_base, column_base, offset_base)

    def __iter__(self) -> Iterator[Candidate]:
        code = _code(self.text, self.syntax, self.state, self.stop >= len(self.text))
        if code is not None:
            self.end_state = code.regions.state_at(self.stop)
        for candidate, end in _scan(self.text, self._index, self.stop, self.covered_until, code):
            self.covered = end
            if candidate is not None:
                yield candidate

    def stop_position(self) -> Position:
        """The position of `stop`: where the next chunk's lines and columns continue."""
        return self._index.position(self.stop)


def extract(text: str, *, syntax: Syntax | str = TEXT) -> list[Candidate]:
    """Every URL in `text`, in text order (an empty wrapper yields nothing).

    `syntax` says what `text` is written in: "text" (the default: prose, mail, news) or a
    code, configuration or markup syntax (`urlint.scanner.syntax.Syntax`: "python",
    "javascript", "go", "shell", "c-like", "json", "yaml", "toml", "markdown", "rst",
    "asciidoc", "html"; `syntax_of(name)` tells it from a file name). In code, a URL in a
    string literal ends at its closing quote and never takes in an escape sequence
    (`"https://x.org\\n"` gives `https://x.org`; JSON's `\\/` reads as `/`), and each
    candidate's `context` says where it was found ("string", "comment", None for text).
    A URL holding placeholders (`{id}`, `%s`, `${name}`, `{{ name }}`, RFC 6570's
    `{?q}`) is flagged `template` in any syntax, its placeholders' offsets in its
    `placeholders`."""
    code = _code(text, syntax)
    return [
        candidate
        for candidate, _ in _scan(text, LineIndex(text), len(text), 0, code)
        if candidate is not None and candidate.url
    ]


def _code(
    text: str, syntax: Syntax | str, state: LexState | None = None, final: bool = True
) -> CodeText | None:
    """The literals and comments of `text` where `syntax` is a code syntax (scanner.code,
    read by scanner.literals); None for running text."""
    if syntax == TEXT:
        return None  # nothing imported for it
    from .syntax import CODE_SYNTAXES, Syntax

    if Syntax(syntax) not in CODE_SYNTAXES:  # a ValueError for a name it does not know
        return None  # markup (scanner.markup's to read) is running text here
    from .literals import code_text

    return code_text(text, syntax, state, final)


def _hits(
    text: str, covered_until: int, stop: int, slashed: bool = False
) -> Iterator[tuple[int, int, int]]:
    """(start, kind, anchor) for every place a URL may start, in text order; `slashed`:
    the colons of `:\\/\\/` too."""
    lo = covered_until
    # A URL that starts before `stop` has its colon at most a scheme's length after it.
    colon_stop = min(len(text), stop + bare.SCHEME_WINDOW + 3)
    passes: tuple[Iterator[tuple[int, int, int]], ...] = (
        _wrapper_hits(wrappers.OPEN.finditer(text, lo)),
        _bare_hits(text, _COLON.finditer(text, lo, colon_stop), lo),
    )
    if slashed:
        from .literals import SLASHED_COLON

        passes += (_slashed_hits(text, SLASHED_COLON.finditer(text, lo, colon_stop), lo),)
    if len(text) <= _SMALL_TEXT:
        # A mail body or a short file: a sorted list costs less than merging generators,
        # and its size is bounded by the text's.
        hits = [hit for found in passes for hit in found]
        hits.sort()
        return iter(hits)
    import heapq  # here: a pre-commit hook's small files never merge

    return heapq.merge(*passes)


def _wrapper_hits(opens: Iterator[re.Match[str]]) -> Iterator[tuple[int, int, int]]:
    """Wrapper starts: each "<" that may open one (a generator, as `_candidates` is)."""
    for match in opens:
        start = match.start()
        yield start, _WRAPPER, start


def _slashed_hits(
    text: str, colons: Iterator[re.Match[str]], floor: int
) -> Iterator[tuple[int, int, int]]:
    """Bare URL starts before `:\\/\\/`, the colon their anchor (read in `_in_literal`)."""
    for match in colons:
        start = bare.scheme_start(text, match.start(), floor)
        if start >= 0:
            yield start, _BARE, match.start()


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
            yield start, _BARE, colon


_SPACE_BEFORE = re.compile(r"\S*\Z")  # the word that ends where a search stops


def _not_bare_shaped(text: str, start: int, colon: int, end: int) -> bool:
    """Is the bare URL text[start:end] a "data:" without RFC 2397's shape, or a "tel:" or
    "fax:" without RFC 3966's (a label and a number in prose)?"""
    spec = SCHEMES.get(text[start:colon].lower())
    shaped = None if spec is None else spec.bare_shape
    return shaped is not None and not shaped(text, colon + 1, end)


def _property_parameter(text: str, start: int, floor: int) -> bool:
    """Is the opaque scheme name at `start` a vCard or iCalendar parameter (`TEL;TYPE=fax:+1
    555`, RFC 6350 section 5; `TEL;FAX:`, vCard 2.1; RFC 5545 section 3.2), not a URL?"""
    if start == 0 or text[start - 1] not in "=;":
        return False  # `TEL;TYPE=fax:`, and vCard 2.1's `TEL;WORK;FAX:`
    word = _SPACE_BEFORE.search(text, max(floor, start - 80), start).start()  # type: ignore[union-attr]
    return text.find(";", word, start) >= 0


_WORD_LOOKBACK = 200  # a login that starts further back in a word is not looked for


def _inside_a_login(text: str, start: int, end: int, floor: int) -> bool:
    """Does the URL text[start:end] stand where its word (read on from the last word of the
    line before, when it starts a line) may hold a password (grammar.login)? Then it is
    part of that: `1ftp://fred:x://y@h/` (no scheme starts with a digit, bare.py),
    `ftp:/` + `/:pw://@h/` (a line break in a URL), and "x://y@h/" or "pw://@h/" taken
    from the middle would show part of a password (section 6)."""
    low = max(floor, start - _WORD_LOOKBACK)
    word = _SPACE_BEFORE.search(text, low, start).start()  # type: ignore[union-attr]
    url = text[start:end]
    head = own = text[word:start]  # own: what of the head is not a closed word before
    joined = own_joined = 0  # how much of the head (of own) is the line before's last word
    line_start = text.rfind("\n", low, word) + 1
    if line_start > low and wrappers.LINE_PREFIX.fullmatch(
        text, line_start, word
    ):  # the word starts its line
        line_end = line_start - 1 - (text[line_start - 2 : line_start - 1] == "\r")
        # Even a URL found there: "ftp://:pw" at a line end may go on as "pw://@h/".
        previous = _SPACE_BEFORE.search(text, max(0, line_end - _WORD_LOOKBACK), line_end).start()  # type: ignore[union-attr]
        joined = line_end - previous
        head = text[previous:line_end] + head
        if text[line_end - 1 : line_end] not in _CLOSING:
            own, own_joined = head, joined
    if not head:
        return False
    # A password that starts before the URL and runs into it: `1ftp://:pw://@h/`, and over
    # a line break `ftp://:pw` / `pw://@h/` (not from a path's "//" on the line before:
    # `/srv/mirror//data` / `ftp://anonymous@h/` is a path, then a URL).
    if any(
        begin <= len(head) < stop
        for begin, stop in secret_spans(head + url, starts_before=len(head), slashes_from=joined)
    ):
        return True
    # A login before the URL whose password starts inside it: `1ftp://a://pw@h/`, whose
    # "//pw" the URL "a://pw@h/" would show as a user name; but not after a closed word
    # (`[https://[::1]]` / `[mailto:x@y]`), nor for two URLs on two lines
    # (`imap://u;AUTH=*@s2/x` / `imap://u;AUTH=*@s3/y`).
    # What the URL's own login hides (its output masks it) needs no more: "See" / "news:/:a@a"
    # read as one word is the same login, "a" the password either way.
    if not own:
        return False
    url_end = len(own) + len(url)
    hidden = [(begin + len(own), stop + len(own)) for begin, stop in secret_spans(url)]
    return any(
        len(own) < stop and begin < url_end and not _within(begin, stop, len(own), hidden)
        for begin, stop in secret_spans(
            own + url, starts_before=len(own), slashes_from=own_joined
        )
    )


def _within(begin: int, stop: int, url_start: int, hidden: list[tuple[int, int]]) -> bool:
    """Does one of `hidden` hold the part of [begin, stop) from `url_start` on?"""
    begin = max(begin, url_start)
    return any(start <= begin and stop <= end for start, end in hidden)


_CLOSING = frozenset(")]}>\"'")

# The defaults of a candidate's fields after its pieces (read from the record), for the
# candidate most URLs are: a bare URL, its span its one piece. Made by the tuple's own
# constructor (records.built): calling Candidate runs its __new__, a Python function, for
# each URL (5,000 instructions of the 50,000 a URL costs; callgrind).
_BARE_DEFAULTS = tuple(Candidate._field_defaults[name] for name in Candidate._fields[3:])  # type: ignore[attr-defined]  # a record's, as namedtuple's


def _scan(
    text: str, index: Positions, stop: int, covered_until: int, code: CodeText | None = None
) -> Iterator[tuple[Candidate | None, int]]:
    """(candidate, the offset it covers the text to); None for a wrapper that holds no URL
    (nothing inside it is one either). `code`: the text's literals and comments, where it
    is code."""
    furniture = Furniture(text)
    covered = covered_until
    slashed = code is not None and code.slashed
    read_bare = _bare if code is None else code.bare
    for start, kind, anchor in _hits(text, covered_until, stop, slashed):
        if start < covered:
            continue
        if start >= stop:
            break
        if kind == _WRAPPER:
            wrapper = wrappers.read_wrapper(text, start, furniture)
            if wrapper is None:
                continue
            candidate, covered = _wrapped(text, wrapper, index)
            if code is not None and candidate is not None:
                candidate = code.placed(candidate, start)
            yield candidate, covered
        else:
            found = read_bare(text, start, anchor, covered, index)
            if found is None:
                continue
            candidate, covered = found
            if candidate is not None:
                yield candidate, covered


def _bare(
    text: str,
    start: int,
    anchor: int,
    covered: int,
    index: Positions,
    limit: int | None = None,
) -> tuple[Candidate | None, int] | None:
    """The bare URL whose scheme starts at `start` (its colon at `anchor`) and the offset it
    covers the text to; (None, its end) where it is part of a password, not a URL of its
    own; None where it is no URL. `limit`: where it ends at the latest (a comment's end)."""
    end = bare.body_end(text, anchor + 1, url_start=start, stop=limit)
    if text.find("@", start, end) >= 0 and _inside_a_login(text, start, end, covered):
        return None, end  # part of a password, not a URL of its own
    if not bare.has_body(text, anchor, end):
        return None
    at_line_end = URL_LINE_END.match(text, end, end + NEAR_LINE_END)
    if at_line_end is None:  # the URL's line goes on: nothing on the next line is its
        after = wrapped = None
        rest = login_read_on(text, start, end)  # a login its own line's word goes on with
    else:
        after, rest, wrapped = _at_line_end(text, start, end, at_line_end.end() - 1)
    if anchor - start <= 4 and after is None and _not_bare_shaped(text, start, anchor, end):
        return None  # "data:" or "fax:" in prose (nor the start of a URL a line break cut)
    if wrapped is not None:
        return _templated(_joined_candidate(text, start, end, wrapped, index)), wrapped[1]
    if after is None and rest is None:  # most URLs: made in C (_BARE_DEFAULTS)
        span = index.span(start, end)
        url = text[start:end]
        candidate = built(Candidate, (url, span, (span,), *_BARE_DEFAULTS))
        if "{" in url or "%" in url:  # may be a template (scanner.templates)
            return _templated(candidate), end
        return candidate, end
    covered = end
    if rest is not None:
        covered = max(end, _password_end(text, text[start:end], end, rest))
    return _templated(_bare_candidate(text, start, end, after, rest, index)), covered


def _templated(candidate: Candidate, shell: bool = False) -> Candidate:
    """`candidate`, flagged as a template where it holds placeholders (scanner.templates)."""
    from .templates import as_template

    return as_template(candidate, shell)


def _at_line_end(
    text: str, start: int, end: int, line_end: int
) -> tuple[tuple[int, int] | None, tuple[int, int, int] | None, tuple[int, int] | None]:
    """For the bare URL text[start:end] near its line's end (at `line_end`): the next line's
    word that may continue it (continuation), where a login it holds reads on (login_rest,
    else login_read_on), and the next line's word a mail client hard-wrapped it before
    (hard_wrapped, only where the URL ends its line)."""
    after = continuation(text, start, end)
    rest = login_rest(text, start, end, line_end)
    wrapped = None
    if text.startswith(("\n", "\r\n"), end) and end - start >= 8:  # the URL ends its line
        wrapped = hard_wrapped(text, start, end)
    if rest is None:  # a login its own line's word goes on with
        rest = login_read_on(text, start, end)
    return after, rest, wrapped


def _bare_candidate(
    text: str,
    start: int,
    end: int,
    after: tuple[int, int] | None,
    rest: tuple[int, int, int] | None,
    index: Positions,
) -> Candidate:
    """A bare URL that the next line may continue (`after`), or whose login reads on past
    its end (`rest`)."""
    span = index.span(start, end)
    return Candidate(
        url=text[start:end],
        span=span,
        pieces=(span,),
        flags=_MAYBE_CONTINUED if after is not None else frozenset(),
        continuation=index.span(*after) if after is not None else None,
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[end : rest[0]] + text[rest[1] : rest[2]] if rest is not None else "",
    )


def _wrapped(
    text: str, found: wrappers.WrapperMatch, index: Positions
) -> tuple[Candidate | None, int]:
    """A wrapper's candidate (None where it holds no URL) and the offset it covers the
    text to: its end, or past the password its login runs on with (_password_end)."""
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
        covered = max(covered, _password_end(text, found.url, found.pieces[-1][1], rest))
    return _wrapped_candidate(text, found, index, rest), covered


def _password_end(text: str, url: str, url_end: int, rest: tuple[int, int, int]) -> int:
    """Where a password that a URL's login runs on with past its end (`rest`, as login_rest
    and login_read_on give it; `url_end` where the URL's text ends, a wrapper's last
    piece's) ends in the text, on the reading that hides most: a URL that starts before
    there is part of that password, which section 6 wants hidden, not a URL of its own
    (`ftp://fred:pw)news:x@h/`, `ftp://fred:pw mailto:x@h`). `url_end` where it hides
    nothing past the URL, or no password starts in the URL (the next line's own login)."""
    gap = text[url_end : rest[0]]
    read_on = gap + text[rest[1] : rest[2]]
    # A password hidden on both sides of the blanks after the URL starts again after them.
    goes_on_at = len(url) + len(read_on) - len(read_on.lstrip(LINE_BLANKS))
    reach = max(
        (
            stop
            for begin, stop in secret_spans_read_on(url, read_on)
            if begin <= goes_on_at and stop > len(url)
        ),
        default=len(url),
    )
    past = reach - len(url)  # characters of the read-on text hidden
    return url_end + past if past <= len(gap) else rest[1] + past - len(gap)


def _joined_candidate(
    text: str, start: int, end: int, rest: tuple[int, int], index: Positions
) -> Candidate:
    """A bare URL a mail client hard-wrapped (continuation.hard_wrapped), joined: the first
    line's reading is `alt`; X105 still asks for a wrapper, which would have kept it whole."""
    first, second = index.span(start, end), index.span(*rest)
    return Candidate(
        url=text[start:end] + text[rest[0] : rest[1]],
        span=Span(first.start, second.end),
        pieces=(first, second),
        alt=text[start:end],
        flags=_JOINED,
        continuation=second,
    )


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
    return _templated(candidate) if "{" in found.url or "%" in found.url else candidate


__all__ = ["ChunkScan", "extract", "iter_candidates", "scan"]
