"""Running text's hits read in C: the common bare URL proven easy and read there, every
other hit handed back to the scanner's own code.

Compiled by Cython where a C compiler built it (setup.py; `fast.pxd` gives the C types),
else this same module is plain Python and the scanner does not load it for reading
(scanner.fast_lane: the pure path is the reference, and as Python this module would gain
nothing). Where it runs: running text (plain text, mail, news) read for its URLs alone
(`extract`, the library's `extract`; no near-URL looked for), ProseLane below, which
`scanner._scan` hands such a text.

It finds the hits as the scanner's two literal passes do (scanner._wrapper_hits,
scanner._bare_hits), in C where the text is stored a byte a character (memchr for "<" and
":", a pattern asked only where a wrapper or a scheme's name may stand), and counts the
lines up to each URL in C. Its rules are the pure path's, read off bare.scheme_start,
bare_url.read_bare, continuation.continuation and joins.joined for prose: it only PROVES
that a hit has the common shape, where the pure path takes its simplest way, and gives
what that way gives; a hit it cannot prove so goes to the pure path's own code. It
decides no hard case. tests/scanner/test_fast.py runs the two paths side by side on
generated texts, chunks of them and the shared corpora: a change to the pure path's rules
that this module does not follow fails there.

The common shape (four in five of the bare URLs of the benchmark text,
bench/throughput.py):

- a scheme of ASCII letters and digits, a letter first, shorter than bare.scheme_start's
  short window, after a blank, a double quote or one of `(<[,;*|>` (no escape,
  placeholder or name before it: bare.scheme_start's first way), then "://"; no word glued
  on before a known scheme at its end (bare.glued_on: `websitehttps://`);
- a body of printable ASCII with no opening bracket, no single quote or backquote and no
  "@", shorter than bare.BODY_WINDOW, ended by a blank, `<`, `>`, `"` or the text's end,
  or before a closing bracket it opens none for (the prose's; not after a double quote),
  its last character no "-" and nothing glued on (bare.body_end's simple way,
  bare_url._before_what_is_glued_on's test), sentence punctuation trimmed from it, a
  letter, a digit or "/" first (bare.has_body), no "$" last after a double quote;
- no line end within login_runs_on.NEAR_LINE_END after it (its line goes on); or one
  followed by a blank line or the text's end; or a next line whose first character says
  no to every reading of it at once (`_next_line_says_no`), or else whose readers, the
  pure path's own (continuation and joins, asked as bare_url asks them), find nothing
  there (`_readers_say_no`: a reply's quoted line, a URL ending on a separator); and no
  login that reads on past it (no "@" within LOGIN_READ_ON, or login_runs_on.login_read_on,
  the pure path's own reading, finds none; no "@" on the next line);
- a scheme with no bare shape to check (bare_url.not_bare_shaped).

Past 600 lines: Cython makes one extension of a module, and the easy URL's reading shares
its C helpers (a character's class, read for every character), which a split would call
across extensions. The rule-free primitives it stands on (a character found in narrow
text, line ends counted, a record made) are the kernels' (urlint._kernels), cimported
(fast.pxd): a C call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from re import Match, Pattern

from .._kernels.letters import one_byte_a_character
from .._kernels.lines import line_ends_in_text
from .._kernels.records import record
from .._kernels.search import find_char
from ..core.model import Candidate, Position, Span
from ..grammar.schemes import BARE_WITHOUT_SLASHES, SCHEMES
from . import bare_url
from .bare import _SHORT_WINDOW, BODY_WINDOW, SCHEME_CHAR_LIST, TRAILING_PUNCTUATION, glued_on
from .body import BODY, DELIMITER_ENTITIES
from .login_runs_on import LOGIN_READ_ON, NEAR_LINE_END, login_read_on
from .textpos import LineIndex
from .wrappers import OPEN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .positions import Positions

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")

# The reaches the rules read (bare's, login_runs_on's), as C integers where compiled.
_SCHEME_LOOK = _SHORT_WINDOW  # bare.scheme_start's first look
_BODY_LOOK = BODY_WINDOW
_LOGIN_LOOK = LOGIN_READ_ON
_LINE_END_LOOK = NEAR_LINE_END

# The ASCII characters that are whitespace, that end a bare URL's body (body.BODY's class
# does not take them) and that are trimmed from its end, a byte each: the classes the
# pure path reads, tabled for the C loops.
_SPACE = bytes(chr(code).isspace() for code in range(128))
_BODY_ENDS = bytes(BODY.fullmatch(chr(code)) is None for code in range(128))
_TRAILING = bytes(chr(code) in TRAILING_PUNCTUATION for code in range(128))

# The table's names in lower and in upper case: a scheme written so (nearly every URL's
# "http" or "https") has no word glued on before it, which a set's look tells with no call
# of bare.glued_on (easy_scheme_start).
_NAMES_AS_WRITTEN = frozenset(name for known in SCHEMES for name in (known, known.upper()))
# The schemes whose bare URL has a shape to check (bare_url.not_bare_shaped): handed back.
_SHAPED = frozenset(name for name, spec in SCHEMES.items() if spec.bare_shape is not None)
_SHAPED_FIRST = "".join(sorted({name[0] for name in _SHAPED}))
# Whether an ASCII character, in lower case, starts one of them, a byte each (easy_end asks
# it of every URL: a table where a method call a URL cost more than the rest of the test).
_SHAPED_START = bytes(_SHAPED_FIRST.find(chr(code).lower()) >= 0 for code in range(128))
# A bare candidate's fields after its pieces: the record's defaults (as bare_url.read_bare).
_BARE_DEFAULTS = tuple(Candidate._field_defaults[name] for name in Candidate._fields[3:])  # type: ignore[attr-defined]  # a record's, as namedtuple's


def _is_space(code: int) -> bool:
    """Is the ASCII character `code` whitespace, as str.isspace and the pattern `\\s` read it?"""
    return code < 0x80 and _SPACE[code] == 1


def _is_letter(code: int) -> bool:
    """Is `code` an ASCII letter?"""
    return 0x41 <= code <= 0x5A or 0x61 <= code <= 0x7A


def _is_alnum(code: int) -> bool:
    """Is `code` an ASCII letter or digit?"""
    return 0x30 <= code <= 0x39 or _is_letter(code)


def _ends_body(code: int) -> bool:
    """Does the ASCII character `code` end a bare URL's body (body.BODY: a blank, `<`, `>`,
    `"`)?"""
    return code < 0x80 and _BODY_ENDS[code] == 1


def _may_stand_before(code: int) -> bool:
    """May `code` stand right before an easy URL's scheme: a blank, or one of `(<[,;*|>`? No
    quote (a quote moves where the URL ends: bare._CLOSED_BY, _ANCHOR_QUOTES; easy_end reads
    what a double quote moves itself), no name's
    ":", no "=", "\\", "%", "$" or ")" (bare.scheme_start's escapes and placeholders), no "`"
    or "}" (bare._CUT_AFTER), no "/" or "@"."""
    return (
        _is_space(code)
        or code == 0x28  # (
        or code == 0x3C  # <
        or code == 0x5B  # [
        or code == 0x2C  # ,
        or code == 0x3B  # ;
        or code == 0x2A  # *
        or code == 0x7C  # |
        or code == 0x3E  # >
    )


def _hands_back_in_body(code: int) -> bool:
    """Does `code` in a URL's body hand it back: a control character or non-ASCII (the
    body's full class), a bracket (which may close the prose's), a quote, a backquote, "@"
    (a login), a backslash (an escape sequence: bare._before_an_escape)?"""
    return (
        code < 0x21
        or code > 0x7E
        or code == 0x28  # ( ) [ ] { }
        or code == 0x29
        or code == 0x5B
        or code == 0x5D
        or code == 0x7B
        or code == 0x7D
        or code == 0x27  # '
        or code == 0x60  # `
        or code == 0x40  # @
        or code == 0x5C  # backslash
    )


def _is_trailing(code: int) -> bool:
    """Is `code` sentence punctuation trimmed from a URL's end (bare.TRAILING_PUNCTUATION)?"""
    return code < 0x80 and _TRAILING[code] == 1


def easy_scheme_start(text: str, colon: int, floor: int) -> int:
    """Where the scheme before the "://" at `colon` starts, where bare.scheme_start takes its
    first way and gives that (letters and digits, a letter first, after a blank or a mark
    `_may_stand_before` allows, inside the short window and after `floor`, no word glued on
    before a known scheme); -1 where that is not proven."""
    low = max(floor, colon - _SCHEME_LOOK)
    at = colon
    while at > low and _is_alnum(ord(text[at - 1])):
        at -= 1
    if at <= low or at == colon:
        return -1  # the window's edge (or `floor`), or no name: the slow way's
    if not _is_letter(ord(text[at])) or not _may_stand_before(ord(text[at - 1])):
        return -1
    if text[at:colon] not in _NAMES_AS_WRITTEN and glued_on(text, at, colon):
        return -1  # a word glued on before a known scheme (`websitehttps://`): the slow way's
    return at


def easy_end(text: str, start: int, anchor: int) -> int:
    """Where the bare URL whose scheme starts at `start`, "://" at `anchor`, ends, where it
    has the common shape (this module's docstring) and bare_url.read_bare, in prose, makes
    it a plain candidate of text[start:end]; -1 where that is not proven."""
    quoted = False
    if start > 0:
        before = ord(text[start - 1])
        quoted = before == 0x22  # '"'
        if not quoted and not _may_stand_before(before):
            return -1
    if anchor + 3 > len(text) or text[anchor + 1] != "/" or text[anchor + 2] != "/":
        return -1
    if (
        anchor - start <= 4
        and _may_start_shaped(text, start)
        and text[start:anchor].lower() in _SHAPED
    ):
        return -1  # "data://": a shape to check
    end = _body_end(text, anchor, quoted)
    if end < 0 or _may_have_glued_on(text, end) or not _nothing_goes_on(text, start, end):
        return -1
    if text.find("@", end, end + _LOGIN_LOOK) >= 0 and login_read_on(text, start, end) is not None:
        return -1  # a login that reads on: the pure path's own reading says (read_bare's)
    return end


def _may_start_shaped(text: str, start: int) -> bool:
    """Does text[start], in lower case, start the name of a scheme with a shape to check
    (`_SHAPED_FIRST.find(text[start].lower()) >= 0`)?"""
    code = ord(text[start])
    if code < 0x80:
        return _SHAPED_START[code] == 1
    return _SHAPED_FIRST.find(text[start].lower()) >= 0


def _may_have_glued_on(text: str, end: int) -> bool:
    """May the body that ends at `end` have what is glued on at its end to drop
    (bare_url._before_what_is_glued_on: read_bare's own test of its last characters)?"""
    last = text[end - 1]
    if last == text[end - 3] and (last == text[end - 2] or last == text[end - 5]):
        return True  # a rule's repetitions (`====`, `-o-o-o-o`)
    return last == "-" or (last == "8" and end < len(text) and text[end] == "<")


def _body_end(text: str, anchor: int, quoted: bool) -> int:
    """Where the body after the "://" at `anchor` ends, where bare.body_end takes its simple
    way and bare.has_body holds; -1 where that is not proven. The simple way: printable
    ASCII with no quote, "@" or opening bracket, shorter than its window, no "-" last; or
    such a body up to a closing bracket that opens none in it, which ends it there
    (bare.first_unbalanced_closer: `(see http://x.org/a)`), where the rest of the body's
    run has no template's brace or `$(`, no arrow or `[<` at its end (bare._cut). After a
    double quote (`quoted`), the simple way only with no closing bracket (a quoted value's
    is not the prose's)."""
    length = len(text)
    body = anchor + 3
    window = anchor + 1 + _BODY_LOOK
    closer = -1
    at = body
    while at < length:
        code = ord(text[at])
        if _ends_body(code):
            break
        if closer >= 0:
            # past the closer: the rest of the run, which bare._cut looks through
            if code > 0x7E or code == 0x7B or (code == 0x28 and ord(text[at - 1]) == 0x24):
                return -1  # the body's full class; a template's "{" or "$("
        elif code == 0x29 or code == 0x5D or code == 0x7D:  # ) ] }
            closer = at
        elif _hands_back_in_body(code):
            return -1
        elif code == 0x26 and text.startswith(DELIMITER_ENTITIES, at):
            return -1  # "&quot;": bare.body_end's character references
        at += 1
        if at == window:
            return -1  # a long body: read the window's way
    end = at
    if ord(text[end - 1]) == 0x2D or ord(text[end - 1]) == 0x5B or ord(text[end - 1]) == 0x25:
        return -1  # a dash at the end (a file name's, an arrow's), a "[" (of `[<`), a "%"
    if text.find("://", body, end) >= 0:
        return -1  # maybe two URLs of a list (bare.body_end's separator)
    if closer >= 0:
        if quoted:
            return -1
        end = closer
    if end == body or ord(text[end - 1]) == 0x2D:
        return -1  # nothing after "//"; a dash at the end (a file name's)
    return _trimmed_end(text, anchor, end, quoted)


def _trimmed_end(text: str, anchor: int, end: int, quoted: bool) -> int:
    """Where the body after the "://" at `anchor`, read to `end`, ends once its sentence
    punctuation is trimmed, where bare.has_body holds and, after a double quote (`quoted`),
    it ends on no "$" (a pattern's end anchor: bare._before_an_anchor); else -1."""
    body = anchor + 3
    while end > anchor + 1 and _is_trailing(ord(text[end - 1])):
        end -= 1
    if end <= body:
        return -1
    first = ord(text[body])
    if not (_is_alnum(first) or first == 0x2F):
        return -1  # bare.has_body's other cases
    if quoted and ord(text[end - 1]) == 0x24:
        return -1
    return end


def _nothing_goes_on(text: str, start: int, end: int) -> bool:
    """Does nothing on the next line go on with the URL text[start:end], where read_bare
    reads on at its line's end (bare_url._at_line_end: continuation, joins.joined, a
    login's rest)? True where its line goes on past it (no login_runs_on.URL_LINE_END
    near: what the body's class takes, blanks, a line end), a blank line or the text's end
    follows, or the next line's first character says no at once; False where that is not
    proven."""
    length = len(text)
    near = min(length, end + _LINE_END_LOOK)
    at = end
    while at < near:
        code = ord(text[at])
        if code > 0x7E:
            return False  # the body's full class
        if _ends_body(code):
            break
        at += 1
    trimmed = at > end  # what the body's class takes after the URL: trimmed punctuation
    while at < near and (ord(text[at]) == 0x20 or ord(text[at]) == 0x09):
        at += 1
    if at < near and ord(text[at]) == 0x0D:
        at += 1
    if at >= near or ord(text[at]) != 0x0A:
        return True  # its line goes on
    next_start = at + 1
    if next_start >= length or text.startswith(("\n", "\r\n"), next_start):
        return True  # a blank line or the text's end after it
    if trimmed:
        return False
    return _next_line_says_no(text, start, end, next_start) or _readers_say_no(
        text, start, end, next_start
    )


def _readers_say_no(text: str, start: int, end: int, next_start: int) -> bool:
    """Does the next line, which starts at `next_start`, go on with the URL text[start:end]
    in no way, as the pure path's own readers of it say (bare_url._at_line_end's: continuation
    and joins.joined, asked as it asks them, for prose), with no "@" on it (no login's rest:
    login_runs_on.login_rest)? Asked where the next line's first character alone does not
    say (a reply's quoted line, a URL ending on a separator): the readers' answer, not a
    rule written again."""
    line_end = text.find("\n", next_start)
    if text.find("@", next_start, line_end if line_end >= 0 else len(text)) >= 0:
        return False
    continuation, joined = bare_url.next_line_readers()
    if continuation(text, start, end, None) is not None:
        return False
    return end - start < 8 or joined(text, start, end, None) is None


def _next_line_says_no(text: str, start: int, end: int, next_start: int) -> bool:
    """Does the next line, which starts at `next_start`, go on with the URL text[start:end]
    that only blanks follow to its line's end in no way? Its first character past blanks
    (within continuation.NEXT_LINE_LOOK, as both readers look) is no path's or query's and
    no reply prefix's (continuation.continuation says no there), the URL ends on no separator
    (continuation.ENDS_MID_URL, joins.SEPARATOR_ENDS); where the URL ends its line with no
    blank, that character is a letter or digit (joins._may_go_on says no), the URL is no
    ".htm" cut before its "l" and its line is shorter than a mail client's wrap column
    (joins.MIN_WRAP_COLUMN); and the line holds no "@" (login_runs_on.login_rest)."""
    ends_mid_url, starts_mid_url, separator_ends, wrap_column, look = _next_line_rules()
    last = text[end - 1]
    if last in ends_mid_url or last in separator_ends:
        return False
    length = len(text)
    window = min(length, next_start + look)
    at = next_start
    while at < window and (ord(text[at]) == 0x20 or ord(text[at]) == 0x09):
        at += 1
    if at >= window:
        return False
    first = text[at]
    if first in starts_mid_url or first == ">" or first == "|":
        return False
    if _initials_before(text, at, window):
        return False  # a reply prefix of a writer's initials: its readers look past it
    if ord(text[end]) == 0x0A or ord(text[end]) == 0x0D:  # the URL ends its line
        code = ord(first)
        if not _is_alnum(code) or text[end - 4 : end].lower() == ".htm":
            return False
        if end - (text.rfind("\n", 0, start) + 1) >= wrap_column:
            return False
    line_end = text.find("\n", next_start)
    return text.find("@", next_start, line_end if line_end >= 0 else length) < 0


def _initials_before(text: str, at: int, window: int) -> bool:
    """Does text[at:] start with a writer's initials before a quote mark (" AB> ", as
    line_breaks.quoted_by_initials reads them past the blanks): a capital, at most three
    letters more, then ">"?"""
    if at >= window or not 0x41 <= ord(text[at]) <= 0x5A:
        return False
    stop = min(window, at + 5)
    pos = at + 1
    while pos < stop and _is_letter(ord(text[pos])):
        pos += 1
    return pos < stop and ord(text[pos]) == 0x3E


def _next_line_rules() -> tuple[frozenset[str], frozenset[str], frozenset[str], int, int]:
    """continuation's and joins' characters and column (_next_line_says_no), loaded with
    the first URL a next line may go on with, as bare_url loads those readers."""
    global _NEXT_LINE_RULES
    if _NEXT_LINE_RULES is None:
        from .continuation import ENDS_MID_URL, NEXT_LINE_LOOK, STARTS_MID_URL
        from .joins import MIN_WRAP_COLUMN, SEPARATOR_ENDS

        _NEXT_LINE_RULES = (
            ENDS_MID_URL,
            STARTS_MID_URL,
            SEPARATOR_ENDS,
            MIN_WRAP_COLUMN,
            NEXT_LINE_LOOK,
        )
    return _NEXT_LINE_RULES


_NEXT_LINE_RULES: tuple[frozenset[str], frozenset[str], frozenset[str], int, int] | None = None


# An iterator with nothing left (shared: nothing is ever taken from it).
_NONE_LEFT: Iterator = iter(())


class ProseLane:
    """_scan's reading of running text, hit by hit, where this module is compiled: the
    common bare URL read here, every other hit handed to the scanner's own code.

    The hits are scanner._hits' for prose, from `floor` on: each "<" that opens a wrapper
    (wrappers.OPEN, as scanner._wrapper_hits finds them) and each bare URL start of a
    colon that `colon_pattern` (scanner._COLON) matches before `colon_stop` (an easy
    scheme read here, any other by `other_hits`: scanner._bare_hits for that one match),
    in text order, a wrapper first at the same offset. In a text of one byte a character
    (Latin-1: most) C finds the "<" and ":" and looks at each before a pattern is asked;
    in any other, the passes' own iterators give them: `wrapper_hits(text, floor)` and
    `colon_pattern`'s finditer, made only there.

    A hit before `covered` is inside a URL read already; the reading stops at the first
    hit at or after `stop`. An easy URL (easy_end) is made the candidate bare_url.read_bare
    makes of it, its span `index`'s (counted here, where `index` is a textpos.LineIndex,
    and handed back to it before it is asked again); for any other hit, `hard(start, kind,
    anchor, covered)` gives what _scan's loop gives: None for nothing, or (the candidate
    or None, the offset covered to). `batch()` gives the next (candidate, covered) pairs
    _scan yields, a few hundred at most (a chunk full of URLs is never held at once), and
    an empty list at the end."""

    def __init__(
        self,
        text: str,
        floor: int,
        stop: int,
        colon_stop: int,
        covered: int,
        index: Positions,
        hard: Callable[[int, int, int, int], tuple[Candidate | None, int] | None],
        other_hits: Callable[[Match[str]], Iterator[tuple[int, int, int]]],
        colon_pattern: Pattern[str],
        wrapper_hits: Callable[[str, int], Iterator[tuple[int, int, int]]],
    ) -> None:
        self.text = text
        self.floor = floor
        self.stop = stop
        self.colon_stop = colon_stop
        self.covered = covered
        self.index = index
        self.hard = hard
        self.other_hits = other_hits
        self.colon_match = colon_pattern.match
        self.narrow = one_byte_a_character(text)
        # A narrow text's hits are found in C: no pass's iterator made for it.
        self.colons: Iterator[Match[str]] = _NONE_LEFT
        self.wrapper_hits: Iterator[tuple[int, int, int]] = _NONE_LEFT
        if not self.narrow:
            self.colons = colon_pattern.finditer(text, floor, colon_stop)
            self.wrapper_hits = wrapper_hits(text, floor)
        self.lt_from = floor  # where the next "<" is looked for (a narrow text)
        self.colon_from = floor  # where the next ":" is (a narrow text)
        self.wrapper_at = -1
        self.wrappers_done = False
        self.colon_start = -1
        self.colon_anchor = -1
        self.colons_done = False
        self.done = False
        self.kind = self.anchor = 0  # the last hit's (_next_hit)
        # The line walk for easy URLs' spans, where `index` is a LineIndex: where it was
        # last asked (offset, line, that line's start) and its bases.
        self.walks = type(index) is LineIndex
        self.offset = self.line = self.line_start = 0
        self.line_base = self.column_base = self.offset_base = 0
        if self.walks:
            self.line_base, self.column_base, self.offset_base = index.bases()  # type: ignore[attr-defined]  # a LineIndex's
            self._take_walk()

    def _next_wrapper(self) -> None:
        """Take the next wrapper start (or none is left)."""
        if not self.narrow:
            found = next(self.wrapper_hits, None)
            if found is None:
                self.wrappers_done = True
                self.wrapper_at = -1
            else:
                self.wrapper_at = found[0]
            return
        text = self.text
        length = len(text)
        at = self.lt_from
        while True:
            at = find_char(text, 0x3C, at, length)  # "<"
            if at < 0:
                self.wrappers_done = True
                self.wrapper_at = -1
                return
            if _may_open(text, at) and _OPEN(text, at) is not None:
                self.wrapper_at = at
                self.lt_from = at + 1
                return
            at += 1

    def _next_colon(self) -> None:
        """Take the next bare URL start of a colon (or none is left)."""
        text = self.text
        while True:
            match = None
            if self.narrow:
                colon = find_char(text, 0x3A, self.colon_from, self.colon_stop)  # ":"
                if colon < 0:
                    self.colons_done = True
                    self.colon_start = -1
                    return
                slashed = (
                    colon + 3 <= self.colon_stop
                    and ord(text[colon + 1]) == 0x2F
                    and ord(text[colon + 2]) == 0x2F
                )
                # (scanner._COLON: "://", or a name taken bare whose last letters stand
                # before it; its search goes on after what it matched)
                self.colon_from = colon + 3 if slashed else colon + 1
                if not slashed and not _may_end_a_bare_name(text, colon):
                    continue
            else:
                match = next(self.colons, None)
                if match is None:
                    self.colons_done = True
                    self.colon_start = -1
                    return
                colon = match.start()
                slashed = match.end() > colon + 1
            start = easy_scheme_start(text, colon, self.floor) if slashed else -1
            if start < 0:
                if match is None:
                    match = self.colon_match(text, colon, self.colon_stop)
                    if match is None:
                        continue
                found = next(self.other_hits(match), None)
                if found is None:
                    continue
                start = found[0]
            self.colon_start = start
            self.colon_anchor = colon
            return

    def _walk_to(self, offset: int) -> None:
        """Count the lines on to `offset` (at or after where the walk stands), in C."""
        newlines = line_ends_in_text(self.text, self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = _after_last_newline(self.text, self.offset, offset)
        self.offset = offset

    def _hand_walk(self) -> None:
        """Hand the walk to `index` before it is asked (it counts on from there)."""
        self.index.walked_to(self.offset, self.line, self.line_start)  # type: ignore[attr-defined]  # a LineIndex's

    def _take_walk(self) -> None:
        """Go on from where `index` was asked last."""
        self.offset, self.line, self.line_start = self.index.walk()  # type: ignore[attr-defined]  # a LineIndex's

    def _span(self, start: int, end: int) -> Span:
        """The span of the easy URL text[start:end], on one line: index.span's."""
        if not self.walks or start < self.offset:
            if self.walks:
                self._hand_walk()
            span = self.index.span(start, end)
            if self.walks:
                self._take_walk()
            return span
        self._walk_to(start)
        column = start - self.line_start + 1
        if self.line == self.line_base:
            column += self.column_base
        first = record(Position, (self.line, column, start + self.offset_base))
        last = record(Position, (self.line, column + end - start, end + self.offset_base))
        return record(Span, (first, last))

    def _next_hit(self) -> int:
        """The next hit's start (its kind and anchor in `kind` and `anchor`): the wrapper's
        where a wrapper and a bare URL start at one offset; -1 where none is left."""
        if self.wrapper_at >= 0 and (self.colon_start < 0 or self.wrapper_at <= self.colon_start):
            start = self.wrapper_at
            self.kind, self.anchor = 0, start
            self._next_wrapper()
            return start
        if self.colon_start >= 0:
            start = self.colon_start
            self.kind, self.anchor = 1, self.colon_anchor
            self._next_colon()
            return start
        return -1

    def batch(self) -> list[tuple[Candidate | None, int]]:
        """The next pairs _scan yields (empty at the end)."""
        out: list[tuple[Candidate | None, int]] = []
        if self.done:
            return out
        text = self.text
        if self.wrapper_at < 0 and not self.wrappers_done:
            self._next_wrapper()
        if self.colon_start < 0 and not self.colons_done:
            self._next_colon()
        while len(out) < _BATCH:
            start = self._next_hit()
            if start < 0 or start >= self.stop:
                self.done = True
                break
            if start < self.covered:
                continue
            kind, anchor = self.kind, self.anchor
            end = easy_end(text, start, anchor) if kind == 1 else -1
            if end >= 0:
                span = self._span(start, end)
                url = text[start:end]
                candidate = record(Candidate, (url, span, (span,)), _BARE_DEFAULTS)
                if url.find("%") >= 0 or url.find("$") >= 0:  # may be a template (no "{", "[")
                    candidate = bare_url.templated(candidate)
                self.covered = end
                out.append((candidate, end))
                continue
            found = self._hard(start, kind, anchor)
            if found is None:
                continue
            self.covered = found[1]
            if found[0] is not None or kind == 0:  # a wrapper with no URL covers its text
                out.append(found)
        if self.done and self.walks:  # and on to `stop`, where the next chunk's lines go on
            self._walk_on(min(self.stop, len(text)))
            self._hand_walk()
        return out

    def _hard(self, start: int, kind: int, anchor: int) -> tuple[Candidate | None, int] | None:
        """`hard`'s reading of the hit at `start`, the lines up to it counted here."""
        if not self.walks:
            return self.hard(start, kind, anchor, self.covered)
        self._walk_on(start)
        self._hand_walk()
        found = self.hard(start, kind, anchor, self.covered)
        self._take_walk()
        return found

    def _walk_on(self, offset: int) -> None:
        """Count the lines on to `offset`, where it is past where the walk stands."""
        if offset > self.offset:
            self._walk_to(offset)


# How many pairs a batch holds at most.
_BATCH = 256

_OPEN = OPEN.match

# Section 2.1's scheme characters (the ASCII ones a scheme's name is made of), a byte each.
_SCHEME_CHAR = bytes(1 if code in SCHEME_CHAR_LIST.encode() else 0 for code in range(128))


def _may_open(text: str, at: int) -> bool:
    """May the "<" at `at` open a wrapper (wrappers.OPEN, which is asked where it may)? A
    blank after it (`< URL:`), or a letter and scheme characters up to a ":" (`<URL:`,
    `<http:`); no tag's name (`<a href`) or address (`<fred@x.org>`)."""
    length = len(text)
    at += 1
    if at >= length:
        return False
    code = ord(text[at])
    if code == 0x20 or code == 0x09:
        return True
    if not _is_letter(code):
        return False
    at += 1
    while at < length:
        code = ord(text[at])
        if code > 0x7F or _SCHEME_CHAR[code] == 0:
            return code == 0x3A  # ":"
        at += 1
    return False


# The names of the schemes taken bare without "//", as scanner._COLON's pattern reads them
# (grammar.schemes.BARE_COLON_PATTERN: ASCII letters of either case), and the letters they
# have at their last places (the last first), a byte each: most colons have other letters
# before them, told at once.
_BARE_NAMES = tuple(sorted(BARE_WITHOUT_SLASHES))
_NAME_PLACES = min(len(name) for name in _BARE_NAMES)
_NAME_LETTERS = bytes(
    1 if chr(code).lower() in {name[-1 - place] for name in _BARE_NAMES} else 0
    for place in range(_NAME_PLACES)
    for code in range(128)
)


def _may_end_a_bare_name(text: str, colon: int) -> bool:
    """May the colon at `colon` follow a name taken bare without "//" (`_BARE_NAMES`, either
    case)? The pattern is asked only where one does: "Files:" and "Note:" are turned
    away here."""
    if colon < _NAME_PLACES:
        return False
    for place in range(_NAME_PLACES):
        code = ord(text[colon - 1 - place])
        if code > 0x7F or _NAME_LETTERS[place * 128 + code] == 0:
            return False
    for name in _BARE_NAMES:
        size = len(name)
        if size > colon:
            continue
        at = 0
        while at < size:
            code = ord(text[colon - size + at])
            if code > 0x7F or (code | 0x20) != ord(name[at]):
                break
            at += 1
        if at == size:
            return True
    return False


def _after_last_newline(text: str, start: int, end: int) -> int:
    """The offset after the last line end in text[start:end] (one stands there)."""
    return text.rfind("\n", start, end) + 1


__all__ = ["COMPILED", "ProseLane", "easy_end", "easy_scheme_start"]
