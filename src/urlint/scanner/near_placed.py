"""Near-URLs placed among a text's URLs: the scanner's side of scanner.near.

The scanner's search (scanner.MAY_BE_NEAR) finds where a near-URL may stand; where it finds
a place (few texts), this module reads the near-URLs there (`near_found`) and hands them
on, flagged malformed, in text order among the URLs (`near_before`), and reads a near-URL
around a bare URL found (`near_around`: a closing mark glued on its end, a Markdown link
around it that Markdown reads as no link). Loaded only then: where no place is found and
no bare URL has a closing mark after it (most prose and code), not at all; in Markdown,
whose every bare URL may have a broken link around it, with the first bare URL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from ..core.model import Candidate, Flag
from .bare import glued_word_start, may_follow_a_glued_word
from .body import DASHES, GLUED_MARKS_FROM

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .literals import CodeText
    from .markup_lines import OpenBlock
    from .other import OtherText
    from .positions import Positions


def near_found(
    text: str,
    slashes: list[int],
    lo: int,
    stop: int,
    code: CodeText | None,
    markup: str | None,
    other: OtherText | None,
    opened: OpenBlock = None,
) -> list[tuple[int, int, str | None]]:
    """The near-URLs starting in text[lo:stop], each read around one of `slashes` (the
    places the scanner's search found: near.near_hits): (start, end, context) of each, to
    be made candidates flagged malformed as they come in text order (`near_before`:
    positions are asked for in order, each costing a walk from the one before). In code
    in its comments, its literals and a shell's or configuration's values (`_in_code`),
    never in what markup shows as written (a code block, a code span but one that opens
    with the near-URL), and `//https://` only in prose, markup and configuration (in code
    and in a kind urlint does not read, "//" may open a comment). `opened`: the markup block the
    text starts inside of (markup_lines.OpenBlock)."""
    from .near import TWICE, near_hits

    hits = near_hits(text, lo, stop, slashes)
    if not hits:
        return []
    found = []
    for hit in hits:
        context = None
        end = hit.end
        if code is not None:
            placed = _in_code(code, hit.start, end)
            if placed is None:
                continue
            context, end = placed
        if (
            ((code is not None and not _configuration(code)) or other is not None)
            and hit.kind == TWICE
            and text.startswith("//", hit.start)
        ):
            continue  # (YAML's and TOML's comments start with "#": "//" is a value's there)
        opens_a_span = text[hit.start - 1 : hit.start] == "`"
        if _shown_as_written(markup, text, hit.start, end, opened) and not opens_a_span:
            continue  # (a code span that opens with a near-URL shows a URL's mistake, not text)
        found.append((hit.start, end, context))
    return found


def _in_code(code: CodeText, start: int, end: int) -> tuple[str | None, int] | None:
    """The context of a near-URL text[start:end] in code and where it ends there (at its
    literal's closing quote), or None where it is in what a program reads as code: an
    expression (`http//x.y` divides in Python), a command substitution. A literal's or a
    comment's text, and in shell and configuration an unquoted word (`RUN curl
    https:/x.org/a`, `url: https:/x.org/a`), is a value or prose someone wrote a URL in."""
    from .lexer import AMBIGUOUS, CONTEXTS, SUBSTITUTION
    from .templates import CONFIG, SHELL

    at = code.regions.at(start)
    if at < 0:
        return (None, end) if code.shell in (SHELL, CONFIG) else None
    region_end, _, construct = code.regions.items[at][:3]
    if construct in (SUBSTITUTION, AMBIGUOUS):
        return None
    return CONTEXTS[construct], min(end, region_end)


def _configuration(code: CodeText) -> bool:
    """Is `code` a configuration kind's (YAML, TOML: `#` comments, values unquoted)?"""
    from .templates import CONFIG  # (loaded with code's reading, not a hook's on prose)

    return code.shell == CONFIG


_MALFORMED = frozenset({Flag.MALFORMED})


def near_before(
    text: str, index: Positions, near: list[tuple[int, int, str | None]], start: int, covered: int
) -> Iterator[tuple[Candidate | None, int]]:
    """The near-URLs of `near` (taken from its front) that start at or before `start`: each
    outside the URLs found yielded, a candidate flagged malformed; each inside one (a
    query's `?u=http//x.org`) dropped. One that starts where a URL does
    (`https://https://x.org/`) comes before it."""
    while near and near[0][0] <= start:
        at, end, context = near.pop(0)
        if at >= covered:
            span = index.span(at, end)
            candidate = Candidate(
                url=text[at:end], span=span, pieces=(span,), flags=_MALFORMED, context=context
            )
            yield candidate, covered


def near_around(
    text: str,
    start: int,
    candidate: Candidate,
    covered: int,
    index: Positions,
    code: CodeText | None,
    markup: str | None,
    opened: OpenBlock = None,
) -> tuple[tuple[Candidate | None, int], ...]:
    """The bare URL `candidate` and the near-URL around it (`_glued`), if any, in text
    order: a Markdown link around the URL starts before it, a glued mark with it. A tuple,
    not a generator: one for each URL."""
    glue = _glued(text, start, candidate, index, code, markup, opened)
    if glue is None:
        return ((candidate, covered),)
    if glue.span.start != candidate.span.start:  # a glued mark starts with the URL
        return (glue, covered), (candidate, covered)
    return (candidate, covered), (glue, covered)


# The last text `_shown_as_written` read, and what of it its markup shows as written: a
# near-URL around a bare URL is rare, and a text's code blocks are found once for all of
# them. One tuple, swapped whole.
_LAST_WRITTEN: tuple[str, str, OpenBlock, list[tuple[int, int]]] = ("", "", None, [])


def _shown_as_written(
    markup: str | None, text: str, first: int, final: int, opened: OpenBlock
) -> bool:
    """Is text[first:final], a near-URL, in what the markup shows as written (a code block,
    a code span: markup_lines.as_written), where no near-URL is reported? A text's spans
    are found once, for the near-URLs the search finds and those around its URLs alike."""
    global _LAST_WRITTEN
    if markup not in ("markdown", "rst", "asciidoc"):
        return False
    from .markup_lines import as_written, within

    last = _LAST_WRITTEN
    if last[0] != markup or last[1] is not text or last[2] != opened:
        last = _LAST_WRITTEN = (markup, text, opened, as_written(markup, text, opened))
    return within(last[3], first, final)


def _glued(
    text: str,
    start: int,
    candidate: Candidate,
    index: Positions,
    code: CodeText | None,
    markup: str | None,
    opened: OpenBlock,
) -> Candidate | None:
    """A near-URL flagged malformed around the bare URL `candidate`: in Markdown a link
    written around it that Markdown reads as no link (scanner.markup.broken_link); the rest
    of it a blank split off (`_split`) or a dash (`_dashed`); a mark glued on its end
    (`_mark_glued_on`). None for most URLs."""
    url = candidate.url
    end = start + len(url)
    word = _word_glued_on(text, start, end, index, candidate, markup, opened)
    if word is not None:
        return word
    if markup == "markdown" and candidate.context in _BARE_IN_MARKDOWN:
        link = _broken_link(text, start, end, index, candidate, opened)
        if link is not None:
            return link
    if end >= len(text):
        return None
    if text[end] in " .":
        return _split(text, start, end, candidate, index, code, markup, opened)
    if candidate.wrapper is not None or not text.startswith(url, start):
        return None
    if text[end] in DASHES:  # and more of a path after it?
        return _dashed(text, start, end, candidate, index, code, markup, opened)
    if not _mark_glued_on(text, start, end, candidate.context, code, markup):
        return None
    if _shown_as_written(markup, text, start, end + 1, opened):
        return None
    # the word after, where a reader may find the rest of a login, read on from the mark
    return _malformed(
        text, start, end + 1, index, candidate, candidate.login_rest_text.removeprefix(text[end])
    )


def _word_glued_on(
    text: str,
    start: int,
    end: int,
    index: Positions,
    candidate: Candidate,
    markup: str | None,
    opened: OpenBlock,
) -> Candidate | None:
    """The near-URL of a word glued on before the bare URL `candidate`'s scheme with no
    blank, the word and the URL (`websitehttps://x.org/a`: bare.glued_word_start), or None:
    most URLs, and one in what markup shows as written."""
    if not may_follow_a_glued_word(text, start):
        return None
    if candidate.wrapper is not None or not text.startswith(candidate.url, start):
        return None
    word = glued_word_start(text, start)
    if word < 0 or _shown_as_written(markup, text, word, end, opened):
        return None
    return _malformed(text, word, end, index, candidate)


def _dashed(
    text: str,
    start: int,
    end: int,
    candidate: Candidate,
    index: Positions,
    code: CodeText | None,
    markup: str | None,
    opened: OpenBlock,
) -> Candidate | None:
    """A near-URL flagged malformed for the bare URL text[start:end], a dash glued on its
    end and the rest of a path after it (scanner.near.dashed_end), or None."""
    if code is not None and candidate.context not in ("comment", "string"):
        return None
    from .near import dashed_end

    rest = dashed_end(text, end)
    if rest < 0 or _shown_as_written(markup, text, start, rest, opened):
        return None
    return _malformed(text, start, rest, index, candidate)


def _mark_glued_on(
    text: str, start: int, end: int, context: str | None, code: CodeText | None, markup: str | None
) -> bool:
    """Is the character at `end` a mark glued on the end of the URL text[start:end], which
    the URL's reader takes in (scanner.near: glued, glued_angle, glued_quote, and a string
    literal's value)?"""
    # (the names, not the module: compiled by mypyc, `from . import near` in a function
    # gives None there: tests/scanner/test_glued_marks.py)
    from .near import GLUED_MARKS, glued, glued_angle, glued_backquote, glued_quote

    mark = text[end]
    if code is not None and context == "string":
        return _literal_end(code, start) == end + 1 and mark in GLUED_MARKS
    if mark == '"':
        return code is None and markup is None and glued_quote(text, start, end) >= 0
    if mark == "`":
        return markup == "rst" and glued_backquote(text, start, end) >= 0
    if mark == ">":
        if markup == "markdown":
            if context not in _BARE_IN_MARKDOWN:
                return False
        elif markup == "html" or (code is not None and context != "comment"):
            return False  # a tag's, or code's
        return glued_angle(text, start, end) >= 0
    if ord(mark) < GLUED_MARKS_FROM or (code is not None and context != "comment"):
        return False  # (scanner._may_have_near_around asked the first, outside Markdown)
    return glued(text, start, end, markup == "markdown") >= 0


def _malformed(
    text: str,
    start: int,
    end: int,
    index: Positions,
    candidate: Candidate,
    login_rest_text: str | None = None,
) -> Candidate:
    """The near-URL text[start:end] around the bare URL `candidate`, flagged malformed: its
    context, and the word after it where a reader may find the rest of a login (the URL's
    own, but where `login_rest_text` says)."""
    span = index.span(start, end)
    return Candidate(
        url=text[start:end],
        span=span,
        pieces=(span,),
        flags=_MALFORMED,
        context=candidate.context,
        login_rest_text=candidate.login_rest_text if login_rest_text is None else login_rest_text,
    )


def _literal_end(code: CodeText, start: int) -> int:
    """The end of the string literal whose content (its value, quotes aside) starts at
    `start`, or -1 where none does (a string of prose that holds a URL further on)."""
    at = code.regions.at(start)
    return code.regions.items[at][0] if at >= 0 and code.regions.starts[at] == start else -1


def _split(
    text: str,
    start: int,
    end: int,
    candidate: Candidate,
    index: Positions,
    code: CodeText | None,
    markup: str | None,
    opened: OpenBlock,
) -> Candidate | None:
    """A near-URL flagged malformed for the bare URL text[start:end] and the rest of it a
    blank split off (scanner.near.split_end: `https://example. org/a`; in a string literal
    whose value starts with the URL, split_in_a_value), or None."""
    if candidate.wrapper is not None or not text.startswith(candidate.url, start):
        return None  # a URL joined across lines, or written in a wrapper: read as it is
    split_end, split_in_a_value = _split_readers()
    rest = split_end(text, start, end)
    if rest < 0 and code is not None and candidate.context == "string":
        value_end = _literal_end(code, start)
        if value_end >= 0:
            rest = split_in_a_value(text, end, value_end)
    if rest < 0 or _shown_as_written(markup, text, start, rest, opened):
        return None
    return _malformed(text, start, rest, index, candidate)


# The contexts of a URL Markdown leaves bare (scanner.markup), where a link written around it
# may be broken.
_BARE_IN_MARKDOWN = frozenset({"markdown-autolink", "markdown-text"})


def _broken_link(
    text: str, start: int, end: int, index: Positions, candidate: Candidate, opened: OpenBlock
) -> Candidate | None:
    """A near-URL flagged malformed for a Markdown link around the bare URL text[start:end]
    that Markdown reads as no link (`[URL](text)`, `[text]("URL")`, `[text](URL` unclosed),
    or None."""
    if start == 0 or text[start - 1] not in "[( \t\n\"'":
        return None  # one comparison for most URLs
    found = _broken_link_reader()(text, start, end)
    if found is None or _shown_as_written("markdown", text, found[0], found[1], opened):
        return None
    return _malformed(text, found[0], found[1], index, candidate)


# Loaded with the first URL that may need them, and once (as bare_url.markup_reader is).
@cache
def _broken_link_reader() -> Callable[[str, int, int], tuple[int, int] | None]:
    """markup.broken_link."""
    from .markup import broken_link

    return broken_link


@cache
def _split_readers() -> tuple[Callable[[str, int, int], int], Callable[[str, int, int], int]]:
    """near.split_end and near.split_in_a_value."""
    from .near import split_end, split_in_a_value

    return split_end, split_in_a_value
