"""A bare URL at a line end that the next line plausibly goes on with (the linter's X105).

RFC 1738's appendix recommends the `<URL:...>` wrapper precisely because a bare URL cannot
be broken across lines: the reader cannot tell where it ends. `continuation` notes the text
that seems to continue such a URL, so the linter can warn and offer the wrapper as the fix:
a hint, with evidence on both sides of the break (a URL that ends on a separator with a
next line that looks like a path, or a next line that starts with one). Where the evidence
says the writer broke the URL (a mail client at its wrap column, a document's formatter
after a separator, the paragraph going on at its indent), `joins.joined` gives the URL
whole, its first line kept as the other reading.

Where a URL ends inside a login, what goes on with it (the next line's first word:
`login_rest`; the rest of its own word: `login_read_on`) is no hint but a second reading
of where its password ends, which section 6 wants hidden too.
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..grammar.login import LINE_BLANKS, secret_spans, within, word_end
from . import bare
from .body import BODY
from .wrappers import MAX_RAW_LINES, QUOTE_PREFIX, SCHEME_START, quote_key

LINE_END = re.compile(r"[ \t]*\r?\n")
INDENT = re.compile(r"[ \t]*")
# What stands between a URL and the next word on its line: the whitespace that ends a login
# but a line end (grammar.login.LINE_BLANKS); a vertical tab or a form feed inside a
# password reads as one more blank (a reader ends the URL there, the login masker reads on).
_BLANKS_ON_THE_LINE = compiled_when_used(f"[{LINE_BLANKS}]*")
# A URL that ends on one of these is mid-path or mid-query ...
ENDS_MID_URL = frozenset("/-=&?_.%~+;")
# ... and a line that starts with one of these is the rest of a path or query.
STARTS_MID_URL = frozenset("/?&=#%._~;")
# Path-like text: a separator, or a dot inside a name ("index.html").
_PATH_LIKE = compiled_when_used(r"[/=&?%_#]|\.[A-Za-z0-9]")
ALNUM = re.compile(r"[A-Za-z0-9]")
_COLUMN_GAP = compiled_when_used(r"[ \t]{2,}\S")
# What follows a table's cell: three blanks or a tab before the next cell, or two after a
# word that ends on no sentence punctuation (a sentence's end is followed by two spaces).
CELL_GAP = compiled_when_used(r"[^\s]*(?:[ \t]*\t|[ \t]{3,}|(?<![.,;:!?)\]])[ \t]{2})\S")
TROFF_REQUEST = compiled_when_used(r"\.[A-Za-z]{1,2}\Z")  # ".PP": no word of a URL
_PREFIX_LOOKBACK = 200  # a reply prefix is short; never look further back for one
# How far after a bare URL its line end is looked for: only punctuation trimmed from the URL
# and spaces stand between. A URL with no line end that near is followed by text on its
# line, and neither X105 nor login_rest applies.
NEAR_LINE_END = 64
# What stands between such a URL and its line end: punctuation trimmed from it (what
# continues its body, bare.BODY), then spaces. After a URL followed by any other text on its
# line nothing on the next line goes on with it: login_rest reads the next line only after
# this, continuation only after spaces alone, joined after one trimmed separator at most.
URL_LINE_END = re.compile(BODY.pattern + r"[ \t]*\r?\n")


def _next_line_start(
    text: str, url_start: int, url_end: int, any_reply_level: bool = False
) -> int | None:
    """Where the text of the next line starts (after the reply prefix the URL's own line
    has, or any, and any indent), when the URL ends at its line's end; else None."""
    line_end = LINE_END.match(text, url_end)
    if line_end is None:
        return None
    pos = line_end.end()
    if any_reply_level:
        reply = QUOTE_PREFIX.match(text, pos)
        return INDENT.match(text, pos if reply is None else reply.end()).end()  # type: ignore[union-attr]  # matches empty
    # A reply prefix is looked for in the last _PREFIX_LOOKBACK characters only: on a longer
    # line, from there (a run of ">" at the start of a long text is read once, not per URL).
    low = max(0, url_start - _PREFIX_LOOKBACK)
    line_start = text.rfind("\n", low, url_start) + 1 or low
    prefix = QUOTE_PREFIX.match(text, line_start, url_start)
    if prefix is not None and prefix.group().strip():
        reply = QUOTE_PREFIX.match(text, pos)
        if reply is None or quote_key(reply.group()) != quote_key(prefix.group()):
            return None
        pos = reply.end()
    return INDENT.match(text, pos).end()  # type: ignore[union-attr]  # matches empty


def login_rest(
    text: str, url_start: int, url_end: int, line_end: int
) -> tuple[int, int, int] | None:
    """Where a bare URL's login may read on with the next line's first word.

    Where the bare URL text[url_start:url_end], which has "//", ends at its line end and the
    first word of the next line has an "@", so that the two read as one may hold a login
    (`ftp://fred:sec` / `ret@host/`, `ftp://fr` / `ed:secret@host/`, `ftp://:@se` /
    `cret@host/`): the end of the punctuation trimmed from the URL's end, and the word's
    start and end. Not a hint that the URL goes on (X105 asks for more): a second reading of
    where a password ends, which section 6 wants hidden too (grammar.login decides whether
    the joined text holds a password at all). `line_end` is the "\n" after it
    (NEAR_LINE_END)."""
    # First what settles nearly every URL, in C: no "@" on the next line (each line is
    # looked through for one URL at most: linear).
    next_line_end = text.find("\n", line_end + 1)
    if text.find("@", line_end + 1, next_line_end if next_line_end >= 0 else len(text)) < 0:
        return None
    if text.find("//", url_start, url_end) < 0:
        return None
    body_end = BODY.match(text, url_end).end()  # type: ignore[union-attr]  # matches empty
    word = _next_line_login(text, url_start, body_end)
    return None if word is None else (body_end, *word)


def wrapper_login_rest(
    text: str, url: str, url_start: int, url_end: int
) -> tuple[int, int, int] | None:
    """Where a wrapper's URL's login may read on with the next line's first word.

    Where a wrapper's URL `url` (its text from url_start, its last piece ending at
    `url_end`) ends at its line end with the wrapper not closed there, and the next line's
    first word has an "@": (url_end, the word's start, its end), as login_rest gives it for
    a bare URL. The wrapper's reader did not join that line (it is not indented, or at
    another reply level: `<URL:ftp://fred:sec` / `ret@host/>`; or no ">" ever comes), but a
    reader who joins it reads a password there, which section 6 wants hidden."""
    if "//" not in url or LINE_END.match(text, url_end) is None:
        return None
    # Blank lines too: the appendix ignores whitespace inside a wrapper, and a reader who
    # joins across one (`<URL:ftp://fred:sec` / `` / `ret@host/>`) reads the same password.
    word = _next_line_login(text, url_start, url_end, _BLANK_LINES_IN_A_WRAPPER)
    if word is None:  # or the wrapper closed first on that line, inside the login
        word = _next_line_login(text, url_start, url_end, _BLANK_LINES_IN_A_WRAPPER, closed=">")
        if word is None or not _hides_more(url, text[word[0] : word[1]]):
            return None
    return (url_end, *word)


_BLANK_LINES_IN_A_WRAPPER = MAX_RAW_LINES  # a wrapper spans no more lines (wrappers.py)


def _next_line_login(
    text: str, url_start: int, url_end: int, blank_lines: int = 0, closed: str = ""
) -> tuple[int, int] | None:
    """The start and end of the next line's first word, where it has an "@" and the URL
    ending at url_end ends its line (past at most `blank_lines` blank lines).

    Past `closed` where the line starts with it: a wrapper's end that stands first on the
    next line may stand inside the login, as on one line (`<URL:ftp://fred:s` / `>e@h/>`,
    a password "s>e" whose ">" the wrapper's reader took for its end)."""
    # Whatever the next line's reply level: a quoting mailer that wrapped the line may have
    # given the rest another (a second reading, not a guess that the URL goes on).
    pos = _next_line_start(text, url_start, url_end, any_reply_level=True)
    while pos is not None and blank_lines > 0 and LINE_END.match(text, pos) is not None:
        pos = _next_line_start(text, pos, pos, any_reply_level=True)
        blank_lines -= 1
    if pos is None:
        return None
    if closed and text.startswith(closed, pos):
        pos += len(closed)
    end = BODY.match(text, pos).end()  # type: ignore[union-attr]  # matches empty
    return (pos, end) if text.find("@", pos, end) >= 0 else None


def login_read_on(
    text: str, url_start: int, url_end: int, url: str | None = None
) -> tuple[int, int, int] | None:
    """Where a URL ends inside a login that its word goes on with.

    Where the URL text[url_start:url_end] (or `url`, a wrapper's joined from its pieces,
    whose last ends at `url_end`) ends inside a login that its word goes on with, "@" and
    all: a reader ends a URL at a character a password may hold (`ftp://fred:hunter)2@h/`,
    `"ftp://fred:pw"d@h/`, `<URL:ftp://fred:pw>d@h/>`, a no-break space), or at a space, a
    tab, a vertical tab or a form feed inside it, after such characters too (the next word
    on the line, then: `ftp://fred:pw d@h/`, `ftp://fred:pw. d@h/`), or, for a bare URL, at
    them and the line's end (the next line's first word: `ftp://fred:pw"` / `d@h/`). Read
    so, the word is a second reading of where the password ends, which section 6 wants
    hidden too: (the end of the URL's own word, the word's start, its end), as login_rest
    gives it for the next line, where the URL read with it hides more of itself than alone
    (grammar.login)."""
    limit = url_end + LOGIN_READ_ON  # read no further: a line of thousands of URLs, linear
    at = text.find("@", url_end, limit)
    if at < 0:  # nearly every URL
        return None
    end = word_end(text, url_end, limit)  # the rest of the URL's own word
    rest = (url_end, url_end, end)
    if at >= end:  # then the next word (after punctuation too: `ftp://fred:pw. d@h/`)
        following = _BLANKS_ON_THE_LINE.match(text, end, limit).end()  # type: ignore[union-attr]  # matches empty
        if following == len(text):
            return None
        if text[following] in "\r\n":  # on the next line (`ftp://fred:pw"` / `d@h/`)
            # (a bare URL's: a wrapper's next line is wrapper_login_rest's to read)
            bare_at_line_end = url is None and following == end
            word = _next_line_login(text, url_start, end) if bare_at_line_end else None
            if word is None:
                return None
            rest = (end, *word)
        else:
            rest = (url_end, url_end, word_end(text, following, limit))
            if at >= rest[2]:
                return None
    if url is None:
        url = text[url_start:url_end]
    return rest if _hides_more(url, text[url_end : rest[0]] + text[rest[1] : rest[2]]) else None


def _hides_more(url: str, read_on: str) -> bool:
    """Does `url` read on with `read_on` hide more of itself than alone (grammar.login)?"""
    length = len(url)
    return within(secret_spans(url + read_on, length), length) != secret_spans(url)


LOGIN_READ_ON = 200  # a password runs on no further past a URL's end than this


def continuation(text: str, url_start: int, url_end: int) -> tuple[int, int] | None:
    """The text on the next line that seems to continue a bare URL, or None.

    Its (start, end), for the bare URL text[url_start:url_end]."""
    url_last = text[url_end - 1]
    line_end = LINE_END.match(text, url_end) if url_last not in ENDS_MID_URL else None
    if line_end is not None:  # then the next line's first character must be a separator
        first = text[line_end.end() : line_end.end() + 80].lstrip(" \t")[:1]
        if first and first not in STARTS_MID_URL and first not in ">|":
            return None  # (or a reply prefix's quote mark): most URLs at a line end
    pos = _next_line_start(text, url_start, url_end)
    if pos is None:
        return None
    if url_last not in ENDS_MID_URL and text[pos : pos + 1] not in STARTS_MID_URL:
        return None  # neither side of the break looks mid-URL (the test at the end, first)
    end = bare.body_end(text, pos)
    token = text[pos:end]
    if len(token) < 2 or SCHEME_START.match(token) or not ALNUM.search(token):
        return None
    if "://" in token or token[0] in "([{<":
        return None  # a URL of its own, in brackets too: "(https://...)"
    if "@" in token and "/" not in token:
        return None  # an e-mail address on the next line
    if token.startswith("..") or TROFF_REQUEST.match(token):
        return None  # an elision ("..."), a troff request (".PP")
    if _COLUMN_GAP.match(text, end) or CELL_GAP.match(text, end):
        return None  # the next line is a row of columns ("g?y   =  http://..."), not prose
    line_end_at = text.find("\n", end)
    if text.find("://", end, line_end_at if line_end_at >= 0 else len(text)) >= 0:
        return None  # the next line holds a URL of its own: a list or table of URLs
    if token[0] in STARTS_MID_URL or (url_last in ENDS_MID_URL and _PATH_LIKE.search(token)):
        return pos, end
    return None
