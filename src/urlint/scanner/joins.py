"""A bare URL broken across lines, joined where the text on both sides of the break shows it.

RFC 1738's appendix wants a URL broken across lines wrapped (`<URL:...>`); writers break
bare ones too. `joined` gives such a URL's pieces where the evidence says the writer broke
it: a mail client at its paragraph's wrap column, a document's formatter after a
separator with the paragraph going on at its indent. The first line's reading stays the
other (`alt`), and the linter's X105 still asks for a wrapper (continuation.py).
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from . import bare
from .body import BODY
from .continuation import ALNUM, CELL_GAP, NEXT_LINE_LOOK, TROFF_REQUEST
from .going_on import COMMENT_LEADERS, going_on_at
from .line_breaks import (
    INDENT,
    RULE,
    Lines,
    line_kind,
    past_line_break,
    past_line_end,
    quoted_by_initials,
    run_end,
)
from .next_word import ABBREVIATION, CLOSER_OF, a_tables_row, weighs_as_a_rest
from .soft_breaks import encoded_around, over_soft_breaks, soft_line_break
from .wrappers import QUOTE_PREFIX, SCHEME_START

# A bare URL broken across lines (the appendix's wrapper is for this, but writers break
# bare URLs too): a mail client that hard-wraps a paragraph cuts a URL where its column
# falls (_cut_at_the_wrap_column); a document's formatter (xml2rfc breaks after "/" and
# "-": its TextWrapper.wordsep_re) or its writer breaks one after a separator, and the
# paragraph goes on at its indent (_broken_at_a_separator). The next line is read on only
# with evidence on both sides of the break: prose after a URL is never glued on, and the
# first line's reading stays as `alt`. A join takes at most this many lines (linear) ...
MAX_JOINED_LINES = 4

# The mail client's column. Such a line is at least this long ...
MIN_WRAP_COLUMN = 60
# ... and the next line's first word goes on with the URL only if it looks like the rest of
# one: a separator, a dot inside a name, a digit. Prose ("and", "e.g.") is never glued on.
_URL_REST = compiled_when_used(r"[/=&?%#_~+]|\.[A-Za-z0-9]|[0-9]")
_COLUMN_GAP_BEFORE = compiled_when_used(r"\S[ \t]{3,}\Z")

# A URL seldom ends on one of these: a line that ends on one inside a URL was broken there,
# and any word of URL characters goes on with it. A hyphen above all: xml2rfc breaks after
# one and never adds one (the appendix's typesetter might: `alt` keeps the first line).
_ENDS_INSIDE = frozenset("-_~+#=&")
SEPARATOR_ENDS = _ENDS_INSIDE | frozenset("/\\")  # and "/" or "\\", which need the word
# A line that ends on "/" (or RFC 8792's folding "\") ends a URL as often as it breaks one:
# the next word must look like a path.
_PATH_REST = compiled_when_used(r"[/=&?#%~_;,]|\.[A-Za-z0-9]|[0-9]")
# A URL followed by one of these at its line end was broken there only when the next word
# is what follows it: a host's or path's rest after ".", a parameter after "," ";" "?" (an
# LDAP DN's `c=US`, a tel: URL's `phone-context=`), a port after ":".
_AFTER_TRIMMED = {
    ".": compiled_when_used(r"[a-z0-9]+[/=&?#:.][a-z0-9/]"),
    ",": compiled_when_used(r"[^\s]*="),
    ";": compiled_when_used(r"[^\s]*="),
    "?": compiled_when_used(r"[^\s]*="),
    ":": compiled_when_used(r"[0-9]+(?:[/?#]|\Z)"),
}
# A file name's extension alone goes on with a URL that ended on a dot (`eepro100.`, `html`).
_EXTENSION = compiled_when_used(r"(?:s?html?|xhtml|txt|pdf|ps|gz|tgz|zip|php|aspx?|jsp|cgi|xml)\Z")
# A line that starts with one of these goes on with the URL before it: a path, a query, a
# fragment, a host's or a name's dotted tail.
_STARTS_INSIDE = frozenset("/?&#;.")
# What a document repeats before each line of a comment (code) that a URL and its rest
# both stand in: the same leader on both lines is no text of either.
_COMMENT_LEADER = compiled_when_used(rf"[ \t]*(?:{COMMENT_LEADERS})(?=[ \t])")


def joined(
    text: str, url_start: int, url_end: int, lines: Lines | None = None
) -> tuple[tuple[int, int], ...] | None:
    """The raw pieces of a bare URL broken across lines, first line first; None if unbroken.

    For the bare URL text[url_start:url_end] at its line's end, in a text whose lines are
    read as `lines` says (None: prose; going_on.going_on_at decides which next line may
    go on at all): (start, end) per line, at most MAX_JOINED_LINES. The URL is their text
    joined, `alt` (its first line's reading) text[url_start:min(url_end, pieces[0][1])].
    The first piece ends at url_end, or one later where a separator trimmed as punctuation
    is kept (`http://www.iana.` then `org/...`), or one earlier where RFC 8792's folding
    "\\" is dropped (section 7.2.2) or a quoted-printable soft line break's "="
    (soft_breaks.over_soft_breaks); one piece alone where such a soft break ends the URL, its "="
    no part of it."""
    if text[url_end - 1] == "=":
        over = over_soft_breaks(text, url_start, url_end, MAX_JOINED_LINES)
        if over is not None:
            return over
    first = _first_piece_end(text, url_start, url_end)
    if first is None:
        return None
    piece_end, line_break = first
    next_start = past_line_break(text, line_break)
    if next_start >= len(text) or text.startswith(("\n", "\r\n"), next_start):
        return None  # a blank line after it: most URLs at a line end
    # The next line's words first (most such lines go on with no URL), then whether that
    # line may go on at all: a join needs both, and the words are the cheaper to ask.
    line_start = text.rfind("\n", 0, url_start) + 1  # a line ends one URL at most: linear
    found = _first_rest(text, line_start, url_start, url_end, piece_end, line_break)
    if found is None or not _next_line_may_go_on(text, url_start, piece_end, next_start, lines):
        return None
    first_pieces, may_go_on = found
    if not may_go_on:
        return first_pieces
    pieces = list(first_pieces)
    while len(pieces) < MAX_JOINED_LINES:  # a URL longer than two lines goes on again
        more = _goes_on(text, pieces[-1], lines)
        if more is None:
            break
        pieces[-1], following = more
        pieces.append(following)
    return tuple(pieces)


def _first_rest(
    text: str, line_start: int, url_start: int, url_end: int, piece_end: int, line_break: int
) -> tuple[tuple[tuple[int, int], ...], bool] | None:
    """The pieces of the URL text[url_start:url_end] joined with the next line, by that
    line's words alone (its line from `line_start`, its first piece ending at `piece_end`,
    its line break at `line_break`), and whether a line after may go on too; None where
    the next line does not. A ".htm" cut before its "l", a URL cut at a wrap column or
    wrapped again where quoted end there; one broken at a separator may go on."""
    if piece_end == url_end == line_break:
        rest = _htm_cut_before_its_l(text, line_start, url_start, url_end, line_break)
        if rest is not None:
            return ((url_start, url_end), rest), False
    rest = _broken_at_a_separator(text, line_start, url_start, url_end, piece_end, line_break)
    if rest is not None:
        return ((url_start, piece_end), rest), True
    if piece_end == url_end == line_break and url_end - line_start >= MIN_WRAP_COLUMN:
        if text[url_end - 1] == "=" and encoded_around(text, line_start, line_break):
            return None  # an encoder's soft line break, not a mail client's column
        rest = _cut_at_the_wrap_column(text, line_start, url_start, url_end, line_break)
        if rest is not None:
            return ((url_start, url_end), rest), False
        twice = _wrapped_again_when_quoted(text, line_start, url_start, url_end, line_break)
        if twice is not None:
            return ((url_start, url_end), *twice), False
    return None


def _first_piece_end(text: str, url_start: int, url_end: int) -> tuple[int, int] | None:
    """Where the first line's piece ends and its line break starts, when the URL ends its
    line: right away, after one trimmed separator, or before a folding "\\"; else None."""
    at = url_end
    if at < len(text) and text[at] in _AFTER_TRIMMED:
        at += 1  # the only character trimmed between the URL and its line end
    if not text.startswith(("\n", "\r\n"), at):
        return None
    if at == url_end and text[url_end - 1] == "\\" and url_end - url_start > 1:
        return url_end - 1, at
    return at, at


def _broken_at_a_separator(
    text: str, line_start: int, url_start: int, url_end: int, piece_end: int, line_break: int
) -> tuple[int, int] | None:
    """The next line's first word, where a document broke the URL after a separator and
    its paragraph goes on there; else None."""
    last = "\\" if piece_end < url_end else text[piece_end - 1]  # the separator it ends on
    if not _may_go_on(text, line_break, last, piece_end > url_end):
        return None  # most URLs at a line end: the next line's first word tells at once
    layout = _layout(text, line_start, url_start, line_break)
    if layout is None or not layout[1]:
        return None
    pos = layout[0]
    end = bare.body_end(text, pos)
    if not _goes_on_with(text, url_start, url_end, last, pos, end, line_start, line_break):
        return None
    return pos, end


def _may_go_on(text: str, line_break: int, last: str, trimmed: bool) -> bool:
    """Can the next line go on with a URL whose line ends on `last` (a trimmed separator:
    `trimmed`)? False where its first word alone says no; _goes_on_with decides the rest."""
    # The next line's first word, roughly, past quote marks and blanks (string methods and
    # a pattern every scan has compiled: most URLs at a line end stop here).
    pos = past_line_break(text, line_break)
    head = text[pos : pos + NEXT_LINE_LOOK]
    first = head.lstrip(" \t>|")
    if first[:1].isupper() and quoted_by_initials(text, pos):
        first = head[QUOTE_PREFIX.match(head).end() :].lstrip(" \t")  # type: ignore[union-attr]
    pos += len(head) - len(first)
    letter_or_digit = first[:1].isalnum() and first[:1].isascii()
    if not trimmed and last not in SEPARATOR_ENDS and letter_or_digit:
        return False  # a letter or digit goes on only after a separator (the end's test)
    end = run_end(BODY, text, pos)
    word = text[pos:end]
    if word and not word.strip("*#/;%-") and text.startswith((" ", "\t"), end):
        return True  # a comment's leader: _layout reads past it
    if not word or word[0] in "([{<" or "://" in word:
        return False  # a blank line, a note in brackets, a URL of its own
    if trimmed:
        return (word[0].islower() or word[0].isdigit()) if last in ".:" else "=" in word
    if last in _ENDS_INSIDE:
        return word[0].isalnum() or word[0] == "%"
    if last in "/\\":  # a word of prose, unless a quote closes after it
        letters = word[:-1] if word[-1] in ".,;:!?" else word
        return not (letters.isascii() and letters.isalpha()) or text.startswith('"', end)
    return word[0] in _STARTS_INSIDE


def _goes_on_with(
    text: str,
    url_start: int,
    url_end: int,
    last: str,
    pos: int,
    token_end: int,
    line_start: int,
    line_break: int,
) -> bool:
    """Is text[pos:token_end], the next line's first word, shaped as the rest of a URL whose
    line (from `line_start` to its line break at `line_break`) ends on `last`?"""
    token = text[pos:token_end]
    if not ALNUM.search(token) or SCHEME_START.match(token) or "://" in token:
        return False  # no word, or a URL of its own
    if token[0] in "([{<":
        return False  # a note in brackets, a URL of its own in them
    if "@" in token.partition("/")[0] or "//" in token:
        return False  # an e-mail address, a login, an authority of its own
    if token.startswith("..") or TROFF_REQUEST.match(token) or RULE.search(token):
        return False  # an elision, a troff request (".PP"), a rule (`-o-o-o-o`, `--rsa---`)
    if CELL_GAP.match(text, token_end):
        return False  # a table's row: the word is a cell, another after it
    if last in _AFTER_TRIMMED and url_end < line_break:  # a trimmed separator kept
        return (last == "." and _EXTENSION.match(token) is not None) or _AFTER_TRIMMED[last].match(
            token
        ) is not None
    if not weighs_as_a_rest(text, text[url_start - 1 : url_start], pos, token_end, last):
        return False  # a label, a host of its own, a word of prose with prose after it
    if last in _ENDS_INSIDE:
        if text[url_end - 2] == last:
            return False  # a rule ("____"), a dash ("--"): the URL ended before it
        if last in "=&":  # a value, or the next parameter; not a quoted-printable soft break
            soft = soft_line_break(text, line_start, line_break) or (
                last == "=" and token[0] == "="  # `=` then `=20`: an escape on the next line
            )
            return _URL_REST.search(token) is not None and not soft
        return token[0].isalnum() or token[0] == "%"
    if last in "/\\":
        closer = CLOSER_OF.get(text[url_start - 1 : url_start])
        if closer is not None and text.startswith(closer, token_end):
            return True  # the bracket or quote before the URL closes after the word
        authority = text.find("://", url_start, url_end)
        if authority >= 0 and text.find("/", authority + 3, url_end) == url_end - 1:
            return "/" in token  # a host's "/" then a path, not the next line of a list
        return _PATH_REST.search(token) is not None
    if token[0] in _STARTS_INSIDE:  # the URL ends on a letter or digit, the line on a separator
        return token[0] != "." or _PATH_REST.search(token, 1) is not None
    return False


def _layout(text: str, line_start: int, url_start: int, line_break: int) -> tuple[int, bool] | None:
    """Where the next line's text starts, and whether its indent goes on with the URL's
    line as a paragraph's does; None where it is blank, at another reply level, or the
    URL's line comment ends with its line."""
    next_start = past_line_break(text, line_break)
    key, own = line_kind(text, line_start)
    next_key, nxt = line_kind(text, next_start)
    if next_key != key:
        return None  # another reply level, a patch's other column, a signature's separator
    own = min(own, url_start)
    leader = _COMMENT_LEADER.match(text, own, url_start)
    if leader is not None:  # the same leader on both lines is no text of either
        if text.startswith(leader.group(), nxt):
            own, nxt = leader.end(), nxt + len(leader.group())
        elif not leader.group().endswith("*"):  # "*" also marks a list's item
            return None  # the comment ends with its line: code, or another comment
    next_text = run_end(INDENT, text, nxt)
    if next_text >= len(text) or text[next_text] in "\r\n":
        return None  # a blank line ends the paragraph
    own_text = run_end(INDENT, text, own, url_start)
    indent, column = _width(text, own, own_text), _width(text, own, url_start)
    next_indent = _width(text, nxt, next_text)
    if own_text < url_start and _IN_A_COLUMN.search(text, own_text, url_start):
        return next_text, next_indent == column  # a reference's label, a table: under it
    # At the paragraph's indent, under the URL, or in between (a list item's text after its
    # bullet); under a URL that starts its line, deeper too (a display's hanging indent).
    return next_text, indent <= next_indent and (next_indent <= column or own_text == url_start)


_IN_A_COLUMN = compiled_when_used(r"\S(?:[ \t]*\t|[ \t]{3,})\Z")  # three blanks or a tab


def _width(text: str, start: int, end: int) -> int:
    """The columns text[start:end] takes, tabs at every eighth."""
    part = text[start:end]
    return len(part.expandtabs(8)) if "\t" in part else len(part)


def _goes_on(
    text: str, piece: tuple[int, int], lines: Lines | None
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where a joined URL's last piece, when it fills its line, goes on again on the next:
    (the piece, perhaps shortened by a folding "\\" or lengthened by a kept separator, and
    the next line's piece); else None."""
    start, end = piece
    first = _first_piece_end(text, start, end)
    line_start = text.rfind("\n", 0, start) + 1
    if first is None or run_end(INDENT, text, line_kind(text, line_start)[1], start) != start:
        return None  # text after the piece on its line, or before it: the URL ends there
    piece_end, line_break = first
    next_start = past_line_break(text, line_break)
    if not _next_line_may_go_on(text, start, piece_end, next_start, lines):
        return None
    rest = _broken_at_a_separator(text, line_start, start, end, piece_end, line_break)
    if rest is None:
        return None
    return (start, piece_end), rest


def _next_line_may_go_on(
    text: str, url_start: int, url_end: int, next_start: int, lines: Lines | None
) -> bool:
    """May the line at `next_start` go on with the URL text[url_start:url_end] at all? In
    code, markup and a kind urlint does not read, as going_on.going_on_at says; in prose,
    unless it is a list's next item or a field's label (_ITEM_OR_LABEL) past its reply
    prefix and diff column (the line's kind, which each reading of the next line holds
    to the URL's own: line_breaks.line_kind)."""
    if lines is not None:
        return going_on_at(text, url_start, url_end, next_start, lines) is not None
    found = _ITEM_OR_LABEL.match(text, line_kind(text, next_start)[1])
    if found is None:
        return True
    if found.group(1) != "*":
        return False
    # A "*" leads a block comment's lines too (RFC 4634 quotes C code so): its text right
    # under the URL goes on with it; a list's next item starts at its item's indent.
    line_start = text.rfind("\n", 0, url_start) + 1
    under = _width(text, next_start, found.end() - 1) == _width(text, line_start, url_start)
    return under


# A prose line that starts with one of these is a list's next item or a field's label, never
# a URL's rest: a bullet (`-`, `*`, `+`, `o`, `•`) or a number (`1.`, `2)`) or a letter
# (`a)`) and a blank (FAQs and READMEs list their items so: an item's URL at its line end
# was read on into the next item's text, `.../pub/files/` + `2`, `...sources-` + `o`, and
# past a `*` as if a comment's leader: a `*` whose text stands right under the URL is
# one, `_next_line_may_go_on`); a name, a colon and a blank or the line's end (a
# header's or a form's next field: `Data_version : 1.2`, `Subject:`, a signature's
# `TEL/FAX : 03-...`), where a URL's rest holds its ":" before a port or a path
# (`org:80/`). going_on.py's _NO_CONTINUATION and _KEY say the same of a line of code.
_ITEM_OR_LABEL = compiled_when_used(
    r"[ \t]*(?:([-*+o\u2022]|\d{1,3}[.)]|[A-Za-z]\))[ \t]+\S"
    r"|[A-Za-z][\w.-]*(?:/[A-Za-z][\w.-]*)?[ \t]*:(?:[ \t]|\r?\n|\Z))"
)


def _cut_at_the_wrap_column(
    text: str, line_start: int, url_start: int, url_end: int, line_break: int
) -> tuple[int, int] | None:
    """The next line's first word, where a mail client hard-wrapped the URL at its
    paragraph's wrap column (or a writer at the margin, the rest right under the URL).

    The URL ends its line with no punctuation trimmed, the line is as long as the
    paragraph's lines around it (and at least MIN_WRAP_COLUMN), and the next line, at the
    same reply level and not indented, starts with a word that looks like the rest of a URL."""
    width = url_end - line_start
    if width < MIN_WRAP_COLUMN or url_end != line_break:
        return None
    key = line_kind(text, line_start)[0]
    next_start = past_line_break(text, line_break)
    pos = _next_line_text(text, next_start, key)
    if pos < 0:  # indented: a writer's rest set right under the URL, at the margin
        if not text.startswith((" ", "\t"), next_start) or url_start == line_start:
            return None  # blank, or another reply level: a new paragraph
        layout = _layout(text, line_start, url_start, line_break)
        if layout is None or _width(text, next_start, layout[0]) != _width(
            text, line_start, url_start
        ):
            return None
        pos = layout[0]
    elif _COLUMN_GAP_BEFORE.search(text, line_start, url_start):
        return None  # a column of a signature or table: the next line is the next row
    end = bare.body_end(text, pos)
    if not _rest_of_a_url(text, pos, end):
        return None
    if bare.FILE_NAME_END.search(text, max(url_start, url_end - 8), url_end) and (
        text[pos] not in _GOES_ON_A_FILE_NAME
    ):
        return None  # a whole file name: the next line's word is the next column or word
    if not all(
        _line_width(text, at, key) <= width for at in _neighbours(text, line_start, next_start)
    ):
        return None  # a line of the paragraph is longer: this one was not cut at its column
    return pos, end


# What a reply's quote mark pushes past the column of a line already cut there: a few
# letters or digits of the URL alone on their line.
_PUSHED_PAST = compiled_when_used(r"[A-Za-z0-9]{1,8}(?=[ \t]*\r?\n)")


def _wrapped_again_when_quoted(
    text: str, line_start: int, url_start: int, url_end: int, line_break: int
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The next two lines' pieces, where a quoted URL was cut at the column twice: a mail
    client cut it at its column (the rest on the next line), and a reply that quoted the
    message again made the line longer than the column, so the line was cut once more, a
    few letters pushed onto a line of their own. In a reference list of a mailing list's
    archive (perceval's hyperkitty_2016_april.mbox, quoted a second time):

        > > [2] https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-dev
        > > elop
        > > ment-analytics

    The URL is quoted and ends its line, at least MIN_WRAP_COLUMN wide, on a letter or
    digit, in no column; the next line holds a word of a few letters or digits alone, no
    sign-off or name; the line after starts with the rest of a URL (_rest_of_a_url); all
    three at the same reply level. Else None."""
    prefix = QUOTE_PREFIX.match(text, line_start, url_start)
    if prefix is None or not text[url_end - 1].isalnum():
        return None  # only a reply quotes a line again; a separator's break is read elsewhere
    if _COLUMN_GAP_BEFORE.search(text, line_start, url_start):
        return None  # a column of a signature or table
    key = line_kind(text, line_start)[0]
    pos = _next_line_text(text, past_line_break(text, line_break), key)
    pushed = _PUSHED_PAST.match(text, pos) if pos >= 0 else None
    if pushed is None or _SIGN_OFF.match(pushed.group()):
        return None
    after = past_line_end(text, pushed.end())
    rest = _next_line_text(text, after, key) if after is not None else -1
    if rest < 0:
        return None
    end = bare.body_end(text, rest)
    if not _rest_of_a_url(text, rest, end):
        return None
    return (pos, pushed.end()), (rest, end)


# A URL that ends its line on a whole file name (bare.FILE_NAME_END) is whole: a mail
# client that wraps at its column cut it before the next word, a date or a size in a listing
# (`.../bootpd-243-dhcp.zip` then `960130 ...`), "32 bit", a word of prose. Only a separator
# goes on with it (`.tar` then `.gz`, `.html` then `?q=`, `#top`).
_GOES_ON_A_FILE_NAME = frozenset("./?#&;=-_~%")


def _htm_cut_before_its_l(
    text: str, line_start: int, url_start: int, url_end: int, line_break: int
) -> tuple[int, int] | None:
    """The next line's "l", where a URL ends its line on ".htm" and the next line, at the
    same reply level, holds that "l" alone (punctuation after it aside): a line cut before
    the last letter of ".html" (no word of prose is one letter "l"); else None. Any width:
    a writer's margin, not only a mail client's column, cuts there."""
    ending = text[url_end - 4 : url_end]
    if ending not in (".htm", ".HTM"):
        return None
    key = line_kind(text, line_start)[0]
    next_start = past_line_break(text, line_break)
    pos = _next_line_text(text, next_start, key)
    letter = "l" if ending[-1] == "m" else "L"
    if pos < 0 or not text.startswith(letter, pos) or _LONE_LETTER.match(text, pos + 1) is None:
        return None
    return pos, pos + 1


_LONE_LETTER = compiled_when_used(r"[.,;:!?)]?[ \t]*(?:\r?\n|\Z)")


def _next_line_text(text: str, pos: int, key: str) -> int:
    """Where the text of the line at `pos` starts, past its reply prefix and diff column,
    when it is of the kind `key` (line_breaks.line_kind); -1 where it is of another kind
    (another reply level, a patch's other column), indented or blank (a new paragraph or
    a list, not a wrapped word)."""
    kind, pos = line_kind(text, pos)
    if kind != key:
        return -1
    if text[pos : pos + 1].isspace() or pos >= len(text):
        return -1  # indented or blank: a new paragraph or a list, not a wrapped word
    return pos


def _rest_of_a_url(text: str, pos: int, end: int) -> bool:
    """Does the word text[pos:end] that starts a line look like the rest of a URL: not a
    note in brackets, a URL of its own, an abbreviation, a word of prose, an address?"""
    token = text[pos:end]
    if (
        len(token) < 2
        or token[0] in "([{<"
        or SCHEME_START.match(token)
        or ABBREVIATION.fullmatch(token)
    ):
        return False  # a note in brackets, a URL of its own, "e.g."
    if not ALNUM.search(token) or RULE.search(token):
        return False  # a rule of "____", `-o-o-o-o`, `--rsa-----8<`
    if not weighs_as_a_rest(text, "", pos, end, "") or a_tables_row(text, pos, end):
        return False  # a label, a word with prose after it, a table's next row
    if not _URL_REST.search(token) and not _a_word_cut(text, token, end):
        return False  # a word of prose
    if "@" in token and "/" not in token:
        return False  # an e-mail address
    next_end = text.find("\n", end)
    # the next line holds a URL of its own: a list or a table of URLs
    return text.find("://", pos, next_end if next_end >= 0 else len(text)) < 0


# A word alone on its line after a URL cut at the column is the URL's rest ("doclib" then
# "rary"), but for a sign-off or a name ("Regards,", "thanks", then a name).
_SIGN_OFF = compiled_when_used(
    r"(?i:thanks?|thx|cheers|regards|bye|ciao|best|greetings|sincerely|hth|enjoy)\Z|[A-Z][a-z]+\Z"
)
_LONE_WORD = compiled_when_used(r"[ \t]*(?:[>|][ \t]?)*[ \t]*[^\s/>|][^\s/]*[ \t]*(?:\r?\n|\Z)")


# What may follow a word cut at the column, on the next line of its kind: nothing (a blank
# line, the text's end), or the link again in brackets (`<http://...>`, as Outlook writes).
_ENDS_A_CUT = ("", "\r", "\n", "<")


def _a_word_cut(text: str, token: str, end: int) -> bool:
    """Is the word `token`, which ends at `end` and has no separator, the rest of a URL cut
    at the column: alone on its line, no sign-off or name, and its paragraph's last line
    (a blank line, the text's end, another reply level, or a mail client's `<http://...>`
    of the same link after it)? A word alone with text going on after it is a line a
    reply's quoting cut short (`> says`, then the rest of the sentence), a word before the
    code it speaks of, a signature's name, or a fragment of a URL wrapped twice."""
    next_start = past_line_end(text, end)
    if next_start is None or _SIGN_OFF.match(token):
        return False
    if next_start >= len(text):
        return True
    if _LONE_WORD.match(text, next_start) is not None:
        return False  # a lone word after it, at any reply level
    line_start = text.rfind("\n", 0, end) + 1
    key = line_kind(text, line_start)[0]
    kind, at = line_kind(text, next_start)
    return kind != key or text[at : at + NEXT_LINE_LOOK].lstrip(" \t")[:1] in _ENDS_A_CUT


def _neighbours(text: str, line_start: int, next_start: int) -> list[int]:
    """Where the lines before the URL's line and after the next one start (those that exist)."""
    starts = []
    if line_start > 0:
        starts.append(text.rfind("\n", 0, line_start - 1) + 1)
    after = text.find("\n", next_start)
    if after >= 0 and after + 1 < len(text):
        starts.append(after + 1)
    return starts


def _line_width(text: str, start: int, key: str) -> int:
    """The length of the line at `start`, or 0 when it is blank or at another reply level
    (no part of the paragraph)."""
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    kind, at = line_kind(text, start)
    if kind != key or not text[at:end].strip():
        return 0
    return len(text[start:end].rstrip("\r"))
