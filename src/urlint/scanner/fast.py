"""Running text's common bare URL, proven easy and read in C; every other hit handed back.

Compiled by Cython where a C compiler built it (setup.py; `fast.pxd` gives the C types),
else this same module is plain Python and the scanner does not call it (scanner.FAST: the
pure path is the reference, and as Python this module would gain nothing). Its rules are
the pure path's, read off bare.scheme_start and bare_url.read_bare for prose (no markup, no
code): it only PROVES that a hit has the common shape, where the pure path takes its
simplest way, and gives what that way gives; a hit it cannot prove so goes to the pure
path's own code (`read_bare` below; `bare_hits`'s `slow`). It decides no hard case.
tests/scanner/test_fast.py runs the two paths side by side on generated texts and the
shared corpora: a change to the pure path's rules that this module does not follow fails
there.

The common shape (two in three of the colon pass's hits on the benchmark text,
bench/throughput.py):

- a scheme of ASCII letters and digits, a letter first, shorter than bare.scheme_start's
  short window, after a blank or one of `(<[,;*|>` (no escape, placeholder or name before
  it: bare.scheme_start's first way), then "://";
- a body of printable ASCII with no opening bracket, no quote or backquote and no "@",
  shorter than bare.BODY_WINDOW, ended by a blank, `<`, `>`, `"` or the text's end, or
  before a closing bracket it opens none for (the prose's), its last character no "-"
  (bare.body_end's simple way), sentence punctuation trimmed from it, a letter, a digit
  or "/" first (bare.has_body);
- no line end within login_runs_on.NEAR_LINE_END after it (its line goes on) or one
  followed by a blank line or the text's end (no next line goes on with it), and no login
  that reads on past it (no "@" within LOGIN_READ_ON, or login_runs_on.login_read_on, the
  pure path's own reading, finds none);
- a scheme with no bare shape to check (bare_url.not_bare_shaped).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from re import Match

from ..core.model import Candidate
from ..core.records import built
from ..grammar.schemes import SCHEMES
from . import bare_url
from .bare import _SHORT_WINDOW, BODY_WINDOW  # (the first: bare.scheme_start's first look)
from .login_runs_on import LOGIN_READ_ON, NEAR_LINE_END, login_read_on

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .positions import Positions

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")

# The schemes whose bare URL has a shape to check (bare_url.not_bare_shaped): handed back.
_SHAPED = frozenset(name for name, spec in SCHEMES.items() if spec.bare_shape is not None)
_SHAPED_FIRST = "".join(sorted({name[0] for name in _SHAPED}))
# A bare candidate's fields after its pieces: the record's defaults (as bare_url.read_bare).
_BARE_DEFAULTS = tuple(Candidate._field_defaults[name] for name in Candidate._fields[3:])  # type: ignore[attr-defined]  # a record's, as namedtuple's


def _is_space(code: int) -> bool:
    """Is the ASCII character `code` whitespace, as str.isspace and the pattern `\\s` read it?"""
    return 0x09 <= code <= 0x0D or 0x1C <= code <= 0x20


def _is_letter(code: int) -> bool:
    """Is `code` an ASCII letter?"""
    return 0x41 <= code <= 0x5A or 0x61 <= code <= 0x7A


def _is_alnum(code: int) -> bool:
    """Is `code` an ASCII letter or digit?"""
    return 0x30 <= code <= 0x39 or _is_letter(code)


def _ends_body(code: int) -> bool:
    """Does the ASCII character `code` end a bare URL's body (body.BODY): a blank, `<`, `>`,
    `"`?"""
    return _is_space(code) or code == 0x3C or code == 0x3E or code == 0x22


def _may_stand_before(code: int) -> bool:
    """May `code` stand right before an easy URL's scheme: a blank, or one of `(<[,;*|>`? No
    quote (a quote moves where the URL ends: bare._CLOSED_BY, _ANCHOR_QUOTES), no name's
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
    (a login)?"""
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
    )


def _is_trailing(code: int) -> bool:
    """Is `code` sentence punctuation trimmed from a URL's end (bare.TRAILING_PUNCTUATION)?"""
    return (
        code == 0x2E  # .
        or code == 0x2C  # ,
        or code == 0x3B  # ;
        or code == 0x3A  # :
        or code == 0x21  # !
        or code == 0x3F  # ?
    )


def easy_scheme_start(text: str, colon: int, floor: int) -> int:
    """Where the scheme before the "://" at `colon` starts, where bare.scheme_start takes its
    first way and gives that (letters and digits, a letter first, after a blank or a mark
    `_may_stand_before` allows, inside the short window and after `floor`); -1 where that is
    not proven."""
    low = max(floor, colon - _SHORT_WINDOW)
    at = colon
    while at > low and _is_alnum(ord(text[at - 1])):
        at -= 1
    if at <= low or at == colon:
        return -1  # the window's edge (or `floor`), or no name: the slow way's
    if not _is_letter(ord(text[at])) or not _may_stand_before(ord(text[at - 1])):
        return -1
    return at


def easy_end(text: str, start: int, anchor: int) -> int:
    """Where the bare URL whose scheme starts at `start`, "://" at `anchor`, ends, where it
    has the common shape (this module's docstring) and bare_url.read_bare, in prose, makes
    it a plain candidate of text[start:end]; -1 where that is not proven."""
    if start > 0 and not _may_stand_before(ord(text[start - 1])):
        return -1
    if anchor + 3 > len(text) or text[anchor + 1] != "/" or text[anchor + 2] != "/":
        return -1
    if (
        anchor - start <= 4
        and _SHAPED_FIRST.find(text[start].lower()) >= 0
        and text[start:anchor].lower() in _SHAPED
    ):
        return -1  # "data://": a shape to check
    end = _body_end(text, anchor)
    if end < 0 or not _line_goes_on_alone(text, end):
        return -1
    if (
        text.find("@", end, end + LOGIN_READ_ON) >= 0
        and login_read_on(text, start, end) is not None
    ):
        return -1  # a login that reads on: the pure path's own reading says (read_bare's)
    return end


def _body_end(text: str, anchor: int) -> int:
    """Where the body after the "://" at `anchor` ends, where bare.body_end takes its simple
    way and bare.has_body holds; -1 where that is not proven. The simple way: printable
    ASCII with no quote, "@" or opening bracket, shorter than its window, no "-" last; or
    such a body up to a closing bracket that opens none in it, which ends it there
    (bare.first_unbalanced_closer: `(see http://x.org/a)`), where the rest of the body's
    run has no template's brace or `$(`, no arrow or `[<` at its end (bare._cut)."""
    length = len(text)
    body = anchor + 3
    window = anchor + 1 + BODY_WINDOW
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
        at += 1
        if at == window:
            return -1  # a long body: read the window's way
    end = at
    if ord(text[end - 1]) == 0x2D or ord(text[end - 1]) == 0x5B:
        return -1  # a dash at the end (a file name's, an arrow's), a "[" (of `[<`)
    if closer >= 0:
        end = closer
    if end == body or ord(text[end - 1]) == 0x2D:
        return -1  # nothing after "//"; a dash at the end (a file name's)
    while end > anchor + 1 and _is_trailing(ord(text[end - 1])):
        end -= 1
    if end <= body:
        return -1
    first = ord(text[body])
    if not (_is_alnum(first) or first == 0x2F):
        return -1  # bare.has_body's other cases
    return end


def _line_goes_on_alone(text: str, end: int) -> bool:
    """Does no next line go on with a URL that ends at `end`: no line end near after it
    (login_runs_on.URL_LINE_END: what the body's class takes, blanks, a line end), or a
    blank line or the text's end after that line end (bare_url._at_line_end)? False where
    that is not proven."""
    length = len(text)
    near = min(length, end + NEAR_LINE_END)
    at = end
    while at < near:
        code = ord(text[at])
        if code > 0x7E:
            return False  # the body's full class
        if _ends_body(code):
            break
        at += 1
    while at < near and (ord(text[at]) == 0x20 or ord(text[at]) == 0x09):
        at += 1
    if at < near and ord(text[at]) == 0x0D:
        at += 1
    if at >= near or ord(text[at]) != 0x0A:
        return True  # its line goes on
    at += 1
    if at >= length or ord(text[at]) == 0x0A:
        return True
    return ord(text[at]) == 0x0D and at + 1 < length and ord(text[at + 1]) == 0x0A


def read_bare(
    text: str, start: int, anchor: int, covered: int, index: Positions
) -> tuple[Candidate | None, int] | None:
    """bare_url.read_bare for prose: the easy URL read here, any other there."""
    end = easy_end(text, start, anchor)
    if end < 0:
        return bare_url.read_bare(text, start, anchor, covered, index)
    span = index.span(start, end)
    url = text[start:end]
    candidate = built(Candidate, (url, span, (span,), *_BARE_DEFAULTS))
    if url.find("%") >= 0 or url.find("$") >= 0:  # may be a template (no "{" or "[" here)
        return bare_url.templated(candidate), end
    return candidate, end


def bare_hits(
    text: str,
    colons: Iterator[Match[str]],
    floor: int,
    slow: Callable[[str, Iterator[Match[str]], int], Iterator[tuple[int, int, int]]],
) -> Iterator[tuple[int, int, int]]:
    """The scanner's bare URL hits (scanner._bare_hits, passed as `slow`, whose kind 1 is a
    bare URL's): each "://" whose scheme has the common shape found here, any other colon
    by `slow`."""
    for match in colons:
        colon = match.start()
        start = easy_scheme_start(text, colon, floor) if match.end() > colon + 1 else -1
        if start >= 0:
            yield start, 1, colon
        else:
            yield from slow(text, iter((match,)), floor)


__all__ = ["COMPILED", "bare_hits", "easy_end", "easy_scheme_start", "read_bare"]
