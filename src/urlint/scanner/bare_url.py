"""One bare URL read where its scheme starts: where it ends, what goes on with it, its candidate.

Below the scanner (scanner.py), which finds where URLs may start, and the readers of code
(literals.py), which read a URL in the literal or comment it stands in and, in comments
and outside both, as running text here (`read_bare`). A bare URL ends as bare.py says, or
in a markup text where its markup's link forms say (markup.py); at its line's end the next
line may go on with it (going_on.py, continuation.py, joins.py); a login it holds may run
on past its end (login_runs_on.py), and a URL inside a password is none of its own
(section 6).
"""

from __future__ import annotations

from functools import cache

from .._runtime.patterns import compiled_when_used
from ..core.model import Candidate, Flag, Span
from ..core.records import built
from ..grammar.login import LINE_BLANKS, secret_spans, secret_spans_read_on
from ..grammar.schemes import SCHEMES
from . import bare, wrappers
from .line_breaks import RULE
from .login_runs_on import LOGIN_READ_ON, NEAR_LINE_END, URL_LINE_END, login_read_on, login_rest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    # The runs of text a URL is made of, (start, end) each, joined without what lies
    # between (markup's pieces; markup itself loads only for a markup file).
    from .line_breaks import Lines
    from .markup import MarkupEnd
    from .markup import Pieces as Runs
    from .positions import Positions

_MAYBE_CONTINUED = frozenset({Flag.MAYBE_CONTINUED})
_JOINED = frozenset({Flag.JOINED_BY_GUESS, Flag.MAYBE_CONTINUED})

_ENDS_AT_LINE_END = frozenset({"markdown", "rst", "asciidoc"})  # a bare URL (markup_lines.py)


def word_start(text: str, low: int, end: int) -> int:
    """Where the word that ends at `end` starts: the run of characters other than
    whitespace before it, looked for no further back than `low`.

    What the pattern `\\S*\\Z` searched for in text[low:end] finds, read from the end in C
    (a search from `low` tries every offset there); str.split's whitespace is the
    pattern's `\\s`, both Unicode's (str.isspace)."""
    before = text[low:end]
    if not before or before[-1].isspace():
        return end
    return end - len(before.rsplit(None, 1)[-1])


def not_bare_shaped(text: str, start: int, colon: int, end: int) -> bool:
    """Is the bare URL text[start:end] a "data:" without RFC 2397's shape, or a "tel:" or
    "fax:" without RFC 3966's (a label and a number in prose)?"""
    spec = SCHEMES.get(text[start:colon].lower())
    shaped = None if spec is None else spec.bare_shape
    return shaped is not None and not shaped(text, colon + 1, end)


# The schemes a bare URL of which has a shape to check (not_bare_shaped); the rest, "http"
# among them, are not looked up for each URL.
_SHAPED = frozenset(name for name, spec in SCHEMES.items() if spec.bare_shape is not None)
# Their first letters, in either case: a URL that starts otherwise ("http") is passed over
# on one look, its scheme's name not cut out and lowered.
_SHAPED_FIRST = frozenset(name[0] for name in _SHAPED).union(name[0].upper() for name in _SHAPED)

_WORD_LOOKBACK = 200  # a login that starts further back in a word is not looked for


def inside_a_login(text: str, start: int, end: int, floor: int) -> bool:
    """Does the URL text[start:end] stand where its word (read on from the last word of the
    line before, when it starts a line) may hold a password (grammar.login)? Then it is
    part of that: `1ftp://fred:x://y@h/` (no scheme starts with a digit, bare.py),
    `ftp:/` + `/:pw://@h/` (a line break in a URL), and "x://y@h/" or "pw://@h/" taken
    from the middle would show part of a password (section 6)."""
    low = max(floor, start - _WORD_LOOKBACK)
    word = word_start(text, low, start)
    url = text[start:end]
    head = own = text[word:start]  # own: what of the head is not a closed word before
    joined = own_joined = 0  # how much of the head (of own) is the line before's last word
    line_start = text.rfind("\n", low, word) + 1
    if line_start > low and wrappers.LINE_PREFIX.fullmatch(
        text, line_start, word
    ):  # the word starts its line
        line_end = line_start - 1 - (text[line_start - 2 : line_start - 1] == "\r")
        # Even a URL found there: "ftp://:pw" at a line end may go on as "pw://@h/".
        previous = word_start(text, max(0, line_end - _WORD_LOOKBACK), line_end)
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
        for begin, stop in secret_spans(own + url, starts_before=len(own), slashes_from=own_joined)
    )


def _within(begin: int, stop: int, url_start: int, hidden: list[tuple[int, int]]) -> bool:
    """Does one of `hidden` hold the part of [begin, stop) from `url_start` on?"""
    begin = max(begin, url_start)
    return any(start <= begin and stop <= end for start, end in hidden)


_CLOSING = frozenset(")]}>\"'")

# The defaults of a candidate's fields after its pieces (read from the record), for the
# candidate most URLs are: a bare URL, its span its one piece. Made by the tuple's own
# constructor (records.built): calling Candidate runs its __new__, a Python function, for
# each URL, a measured share of what a URL costs (docs/design/performance.md).
_BARE_DEFAULTS = tuple(Candidate._field_defaults[name] for name in Candidate._fields[3:])  # type: ignore[attr-defined]  # a record's, as namedtuple's


def _before_markup_braces(text: str, start: int, end: int) -> int:
    """Where a URL in prose ends once the text's own brace markup ends it (templates'
    before_markup_braces), the sentence's punctuation before the brace trimmed as at any end."""
    from .templates import before_markup_braces

    cut = before_markup_braces(text, start, end)
    return bare.trim_end(text, start, cut) if cut < end else end


# A short label a rule begins with (`--rsa` of `--rsa-----8<---`, above a cut).
_RULE_LABEL = compiled_when_used(r"[^\w\s/%]{2}[A-Za-z]{1,8}\Z")
_RULE_REACH = 200  # a rule is looked for this far back from a URL's end at most: linear
# An HTML or XML comment's close right after a URL it holds with no blank
# (`<!--http://msdn.microsoft.com/en-us/library/dd891456.aspx-->` in xml2rfc sources): the
# body ends at its `>`, and its `--` is the comment's (no URL ends on `--` before a `>`).
_COMMENT_CLOSE = "-->"


def _before_what_is_glued_on(text: str, start: int, anchor: int, end: int) -> int:
    """Where the bare URL whose body is text[start:end] ends once what is glued on at its
    end with no blank is no part of it, the punctuation before it trimmed as at any end:
    a comment's close (_COMMENT_CLOSE), or a rule drawn with separators (line_breaks.RULE)
    that runs to its end (`.../users/paul/-o-o-o-o-o-o-o` under a signature,
    `x.html--rsa-----8<---` above a cut: the scissors' `8` is the rule's before their `<`,
    a label before it only after a whole file name, bare.FILE_NAME_END); `end` where
    nothing is."""
    if text.startswith(_COMMENT_CLOSE, end - 2) and end - 2 > anchor + 1:
        return bare.trim_end(text, start, end - 2)
    tail = end - 1 if text[end - 1] == "8" and text.startswith("<", end) else end
    last = text[tail - 1]
    # a rule's four repetitions end the URL (a run `====`, a pair `-o-o-o-o`), or nothing
    # does: nearly every URL, told by a few of its last characters
    if not (
        last == text[tail - 2] == text[tail - 3] == text[tail - 4]
        or (last == text[tail - 3] == text[tail - 5] and text[tail - 2] == text[tail - 4])
    ):
        return end
    found = RULE.search(text, max(anchor + 1, tail - _RULE_REACH), tail)
    if found is None or not set(text[found.end() : tail]) <= set(found.group()):
        return end  # no rule, or one with more of the URL after it
    cut = found.start()
    label = _RULE_LABEL.search(text, max(anchor + 1, cut - 10), cut)
    if label is not None and bare.FILE_NAME_END.search(
        text, max(start, label.start() - 8), label.start()
    ):
        cut = label.start()
    return bare.trim_end(text, start, cut) if cut > anchor + 1 else end


def read_bare(
    text: str,
    start: int,
    anchor: int,
    covered: int,
    index: Positions,
    limit: int | None = None,
    markup: str | None = None,
    lines_go_on: bool = True,
    lines: Lines | None = None,
) -> tuple[Candidate | None, int] | None:
    """The bare URL whose scheme starts at `start` (its colon at `anchor`) and the offset it
    covers the text to; (None, its end) where it is part of a password, not a URL of its
    own; None where it is no URL. `limit`: where it ends at the latest (a comment's end);
    `markup`: the markup syntax the text is written in, whose link forms say where the URL
    ends and what it was found in (scanner.markup). Without `lines_go_on` (code outside its
    literals and comments: a YAML plain scalar, a shell word) no next line goes on with
    the URL, as a value ends at its line's end; a password may still. `lines`: how the
    text's lines are read where one may go on (line_breaks.Lines; None for prose)."""
    end = bare.body_end(text, anchor + 1, start, limit)  # (url_start, stop)
    last = text[end - 1]  # (a rule repeats its last character 2 and 4 or 1 and 2 back)
    if (
        last == text[end - 3] in (text[end - 2], text[end - 5])
        or last == "-"
        or (last == "8" and text.startswith("<", end))  # scissors: `8<`
    ):
        end = _before_what_is_glued_on(text, start, anchor, end)
    if text.find("{", anchor, end) >= 0 and markup is None and lines is None and lines_go_on:
        end = _before_markup_braces(text, anchor + 1, end)  # prose: a brace may be its markup's
    context = None
    runs: Runs = ()
    exact = False
    if markup is not None:  # never for plain text: one comparison per URL there
        marked = _marked(markup, text, start, end)
        if marked is not None:
            end, context, runs, exact = marked
    if text.find("@", start, end) >= 0 and inside_a_login(text, start, end, covered):
        return None, end  # part of a password, not a URL of its own
    if not bare.has_body(text, anchor, end):
        return None
    at_line_end = URL_LINE_END.match(text, end, end + NEAR_LINE_END)
    if at_line_end is None:  # the URL's line goes on: nothing on the next line is its
        after = wrapped = None
        # a login its own line's word goes on with (only with an "@" after it, found in C)
        rest = (
            login_read_on(text, start, end, _joined(text, runs) if runs else None)
            if text.find("@", end, end + LOGIN_READ_ON) >= 0
            else None
        )
    else:
        line_end = at_line_end.end() - 1
        closed = exact or not lines_go_on
        after, rest, wrapped = _at_line_end(text, start, end, line_end, closed, runs, markup, lines)
        if (
            rest is not None
            and text.find("@", start, end) < 0
            and _login_read_on_before(text, start, rest, covered)
        ):
            return None, end  # `1ftp://b://pw` / `pw@h/`: part of a password read on
    if (
        anchor - start <= 4
        and after is None
        and text[start] in _SHAPED_FIRST
        and text[start:anchor].lower() in _SHAPED
        and not_bare_shaped(text, start, anchor, end)
    ):
        return None  # "data:" or "fax:" in prose (nor the start of a URL a line break cut)
    if wrapped is not None and len(wrapped) == 1:
        # a quoted-printable soft break ends the URL (joins.joined): its "=" is no part of it
        end, wrapped, after = wrapped[0][1], None, None
    if wrapped is not None and (limit is None or wrapped[-1][1] <= limit):
        # (past a comment's end, what follows is no part of it)
        return _joined_found(text, start, end, wrapped, index, context)
    if after is None and rest is None and context is None and not runs:  # most: made in C
        span = index.span(start, end)
        url = text[start:end]
        candidate = built(Candidate, (url, span, (span,), *_BARE_DEFAULTS))
        if "{" in url or "%" in url or "$" in url or "[" in url:  # may be a template
            return templated(candidate), end
        return candidate, end
    covered = end
    if rest is not None:
        url = _joined(text, runs) if runs else text[start:end]
        covered = max(end, password_end(text, url, end, rest))
    candidate = bare_candidate(text, start, end, after, rest, index, context, runs)
    return templated(candidate), covered


def _joined_found(
    text: str,
    start: int,
    end: int,
    wrapped: tuple[tuple[int, int], ...],
    index: Positions,
    context: str | None,
) -> tuple[Candidate, int]:
    """The URL at `start` joined with the lines that go on with it (`wrapped`, its pieces),
    found in `context`, and the offset it covers the text to."""
    candidate = _joined_candidate(text, start, end, wrapped, index)
    if context is not None:
        candidate = candidate._replace(context=context)  # type: ignore[attr-defined]  # a record's, as namedtuple's
    return templated(candidate), wrapped[-1][1]


def _login_read_on_before(text: str, start: int, rest: tuple[int, int, int], covered: int) -> bool:
    """Is the bare URL at text[start:] with the next line's word `rest` (login_runs_on.
    login_rest: where the URL's trimmed end is, the word's start and end) part of a login
    that starts before it (`inside_a_login`), the "@" on the next line? The two are read as
    one, from a window as far back as `inside_a_login` looks: a text of such lines costs
    what each line does."""
    base = max(0, start - 2 * _WORD_LOOKBACK - 2)
    glued = text[base : rest[0]] + text[rest[1] : rest[2]]
    return inside_a_login(glued, start - base, len(glued), max(0, covered - base))


def _marked(
    markup: str, text: str, start: int, end: int
) -> tuple[int, str | None, Runs, bool] | None:
    """Where the bare URL text[start:end] ends by `markup`'s link forms, what it was found
    in, the runs it is made of (() for text[start:new end]), and whether the markup closes
    it exactly (scanner.markup.EXACT_CONTEXTS); None where the markup says nothing."""
    if markup == "html":
        in_html = _html_reader()(text, start, end)
        if in_html is None:
            return None
        new_end, in_page, runs = in_html
        return new_end, in_page, runs, in_page is not None  # an attribute's quote closes it
    markup_end, exact_contexts = markup_reader()
    found = markup_end(markup, text, start, end)
    if found is None:
        return None
    new_end, context, runs = found
    return new_end, context, runs, context in exact_contexts


def _joined(text: str, runs: Runs) -> str:
    """The text of `runs` joined: what a URL made of them reads."""
    return "".join([text[run_start:run_end] for run_start, run_end in runs])


def templated(candidate: Candidate, shell: bool | str = False) -> Candidate:
    """`candidate`, flagged as a template where it holds placeholders (scanner.templates;
    `shell`: whose `$` variables are placeholders too, as templates.placeholders says)."""
    url = candidate.url
    if (
        "{" not in url
        and "%" not in url
        and "$" not in url
        and "[" not in url
        and not ("~" in url and shell == "lisp")  # templates.LISP's `format` directives
    ):
        return candidate  # most URLs: templates is not loaded for them (templates.may_hold)
    from .templates import as_template

    return as_template(candidate, shell)


# The markup modules' readers are loaded with a markup file's first URL (plain text never
# loads them), and once: in a compiled module an import statement run for each URL costs
# more than the call (callgrind).
@cache
def markup_reader() -> tuple[Callable[[str, str, int, int], MarkupEnd | None], frozenset[str]]:
    """markup.markup_end, and the contexts whose markup closes a URL exactly (EXACT_CONTEXTS)."""
    from .markup import EXACT_CONTEXTS, markup_end

    return markup_end, EXACT_CONTEXTS


@cache
def _html_reader() -> Callable[[str, int, int], tuple[int, str | None, Runs] | None]:
    """html_links.html_end."""
    from .html_links import html_end

    return html_end


@cache
def next_line_readers() -> tuple[
    Callable[[str, int, int, Lines | None], tuple[int, int] | None],
    Callable[[str, int, int, Lines | None], tuple[tuple[int, int], ...] | None],
]:
    """continuation.continuation and joins.joined, loaded with the first URL a next line may
    go on with (a hook's small README may have none: start-up), and once: an import
    statement run for each such URL costs more than the call (callgrind). The fast path
    (scanner.fast) asks them too."""
    from .continuation import continuation
    from .joins import joined

    return continuation, joined


def _at_line_end(
    text: str,
    start: int,
    end: int,
    line_end: int,
    exact: bool = False,
    runs: Runs = (),
    markup: str | None = None,
    lines: Lines | None = None,
) -> tuple[tuple[int, int] | None, tuple[int, int, int] | None, tuple[tuple[int, int], ...] | None]:
    """For the bare URL text[start:end] near its line's end (at `line_end`): the next line's
    word that may continue it (continuation), where a login it holds reads on (login_rest,
    else login_read_on), and the pieces of the URL where the lines after go on with it
    (joins.joined). Where its markup closes it (`exact`) no line goes on with it,
    but a password may; where it is made of `runs` (an escape's), no line's are added.
    Markdown, reST and AsciiDoc end a bare URL at its line's end (markup_lines.py): no guess
    joins the next line. Which next line may go on at all, `lines` says
    (going_on.going_on_at)."""
    # Most such URLs have a blank line or the text's end after them, where no line goes on
    # with them: neither reading of the next line is looked for (each is a call of its own).
    next_start = line_end + 1
    goes_on = (
        next_start < len(text)
        and text[next_start] != "\n"
        and not text.startswith("\r\n", next_start)
    )
    after = None
    if goes_on and not exact:
        after = next_line_readers()[0](text, start, end, lines)
    exact = exact or markup in _ENDS_AT_LINE_END
    wrapped = None
    if goes_on and end - start >= 8 and not (exact or runs):
        wrapped = next_line_readers()[1](text, start, end, lines)
    # A login reads on only with a word that has an "@" (each looked for first, in C).
    next_end = text.find("\n", next_start)
    rest = None
    if text.find("@", next_start, next_end if next_end >= 0 else len(text)) >= 0:
        rest = login_rest(text, start, end, line_end)
    if rest is None and text.find("@", end, end + LOGIN_READ_ON) >= 0:
        rest = login_read_on(text, start, end, _joined(text, runs) if runs else None)
    return after, rest, wrapped


def bare_candidate(
    text: str,
    start: int,
    end: int,
    after: tuple[int, int] | None,
    rest: tuple[int, int, int] | None,
    index: Positions,
    context: str | None = None,
    runs: Runs = (),
) -> Candidate:
    """A bare URL that the next line may continue (`after`), or whose login reads on past
    its end (`rest`); found in `context` (a markup link's kind), made of `runs` where its
    markup drops characters between them (an escape's backslash, a reST target's line
    breaks), else text[start:end]."""
    if runs:
        pieces = tuple([index.span(run_start, run_end) for run_start, run_end in runs])
        url = _joined(text, runs)
        span = Span(pieces[0].start, pieces[-1].end)
    else:
        span = index.span(start, end)
        pieces, url = (span,), text[start:end]
    return Candidate(
        url=url,
        span=span,
        pieces=pieces,
        flags=_MAYBE_CONTINUED if after is not None else frozenset(),
        continuation=index.span(*after) if after is not None else None,
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[end : rest[0]] + text[rest[1] : rest[2]] if rest is not None else "",
        context=context,
    )


def password_end(text: str, url: str, url_end: int, rest: tuple[int, int, int]) -> int:
    """Where a password that a URL's login runs on with past its end (`rest`, as login_rest
    and login_read_on give it; `url_end` where the URL's text ends, a wrapper's last
    piece's) ends in the text, on the reading that hides most: a URL that starts before
    there is part of that password, which section 6 wants hidden, not a URL of its own
    (`ftp://fred:pw)news:x@h/`, `ftp://fred:pw mailto:x@h`). `url_end` where it hides
    nothing past the URL, or no password starts in the URL (the next line's own login)."""
    gap = text[url_end : rest[0]]
    read_on = gap + text[rest[1] : rest[2]]
    # A password hidden on both sides of the blanks after the URL starts again after them;
    # one whose login's ":" the URL's reader trimmed as punctuation, right after that
    # (`http://u:)pw://@h/`, read as `http://u`).
    goes_on_at = len(url) + len(read_on) - len(read_on.lstrip(LINE_BLANKS + ":"))
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
    text: str, start: int, end: int, pieces: tuple[tuple[int, int], ...], index: Positions
) -> Candidate:
    """A bare URL broken across lines (joins.joined), joined: the first line's
    reading is `alt`; X105 still asks for a wrapper, which would have kept it whole."""
    spans = tuple(index.span(a, b) for a, b in pieces)
    return Candidate(
        url="".join(text[a:b] for a, b in pieces),
        span=Span(spans[0].start, spans[-1].end),
        pieces=spans,
        alt=text[start : min(end, pieces[0][1])],
        flags=_JOINED,
        continuation=Span(spans[1].start, spans[-1].end),
    )


__all__ = [
    "bare_candidate",
    "inside_a_login",
    "not_bare_shaped",
    "password_end",
    "read_bare",
    "templated",
    "word_start",
]
