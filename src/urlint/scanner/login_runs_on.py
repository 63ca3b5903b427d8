"""Where a URL's login runs on past the URL's end: a second reading of where its password ends.

A reader ends a URL where a password may go on: at a character a password may hold
(`ftp://fred:hunter)2@h/`, a wrapper's `>`), at a blank inside it, or at the line's end
(`ftp://fred:sec` / `ret@host/`). Read on from there, the text is no hint that the URL goes
on (continuation.py asks for more) but a second reading of where its password ends, which
RFC 1738 section 6 wants hidden too: `login_read_on` reads the rest of the URL's word and
the next word on its line, `login_rest` and `wrapper_login_rest` the next line's first word.
grammar.login decides whether the text read on holds a password at all; bare_url.py and
scanner.py give the reading to the candidate, and skip the URLs that start inside it.
Imports line_breaks.py (the next line's start) and body.py (a word's end).
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..grammar.login import LINE_BLANKS, secret_spans, within, word_end
from .body import BODY
from .line_breaks import next_line_start, past_line_end, run_end
from .wrappers import MAX_RAW_LINES

# A password runs on no further past a URL's end than this (a line of thousands of URLs is
# read in linear time).
LOGIN_READ_ON = 200
# How far after a bare URL its line end is looked for: only punctuation trimmed from the URL
# and spaces stand between. A URL with no line end that near is followed by text on its
# line, and neither X105 nor login_rest applies.
NEAR_LINE_END = 64
# What stands between such a URL and its line end: punctuation trimmed from it (what
# continues its body, body.BODY), then spaces. After a URL followed by any other text on
# its line nothing on the next line goes on with it: login_rest reads the next line only
# after this, continuation only after spaces alone, joins.joined after one trimmed
# separator at most.
URL_LINE_END = re.compile(BODY.pattern + r"[ \t]*\r?\n")
# What stands between a URL and the next word on its line: the whitespace that ends a login
# but a line end (grammar.login.LINE_BLANKS); a vertical tab or a form feed inside a
# password reads as one more blank (a reader ends the URL there, the login masker reads on).
_BLANKS_ON_THE_LINE = compiled_when_used(f"[{LINE_BLANKS}]*")
# A wrapper spans no more lines than this (wrappers.py), blank ones too: the appendix
# ignores whitespace inside a wrapper, and a reader who joins across a blank line
# (`<URL:ftp://fred:sec` / `` / `ret@host/>`) reads the same password.
_BLANK_LINES_IN_A_WRAPPER = MAX_RAW_LINES


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
    the joined text holds a password at all). `line_end` is the "\\n" after it
    (NEAR_LINE_END)."""
    # First what settles nearly every URL, in C: no "@" on the next line (each line is
    # looked through for one URL at most: linear).
    next_line_end = text.find("\n", line_end + 1)
    if text.find("@", line_end + 1, next_line_end if next_line_end >= 0 else len(text)) < 0:
        return None
    if text.find("//", url_start, url_end) < 0:
        return None
    body_end = run_end(BODY, text, url_end)
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
    reader who joins it reads a password there, which section 6 wants hidden. The wrapper
    may close first on that line, inside the login (`<URL:ftp://fred:s` / `>e@h/>`)."""
    if "//" not in url or past_line_end(text, url_end) is None:
        return None
    lines = _BLANK_LINES_IN_A_WRAPPER
    word = _next_line_login(text, url_start, url_end, lines)
    if word is None:
        word = _next_line_login(text, url_start, url_end, lines, closed=">")
        if word is None or not _hides_more(url, text[word[0] : word[1]]):
            return None
    return (url_end, *word)


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
    pos = next_line_start(text, url_start, url_end, any_reply_level=True)
    while pos is not None and blank_lines > 0 and past_line_end(text, pos) is not None:
        pos = next_line_start(text, pos, pos, any_reply_level=True)
        blank_lines -= 1
    if pos is None:
        return None
    if closed and text.startswith(closed, pos):
        pos += len(closed)
    end = run_end(BODY, text, pos)
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
    (grammar.login), or hides the start of what would else be read as a URL of its own
    (`<URL:http://u:>pw://@h/>`: "pw://@h/" shows most of that password)."""
    limit = url_end + LOGIN_READ_ON
    at = text.find("@", url_end, limit)
    if at < 0:  # nearly every URL
        return None
    end = word_end(text, url_end, limit)  # the rest of the URL's own word
    rest = (url_end, url_end, end)
    if at >= end:  # then the next word, after punctuation too (`ftp://fred:pw. d@h/`)
        following = run_end(_BLANKS_ON_THE_LINE, text, end, limit)
        if following == len(text):
            return None
        if text[following] in "\r\n":
            # The next line's first word (`ftp://fred:pw"` / `d@h/`) after a bare URL's
            # word at its line end; a wrapper's next line is wrapper_login_rest's to read.
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
    read_on = text[url_end : rest[0]] + text[rest[1] : rest[2]]
    return rest if _hides_more(url, read_on) or _hides_a_scheme(url, read_on) else None


def _hides_more(url: str, read_on: str) -> bool:
    """Does `url` read on with `read_on` hide more of itself than alone (grammar.login)?"""
    length = len(url)
    return within(secret_spans(url + read_on, length), length) != secret_spans(url)


def _hides_a_scheme(url: str, read_on: str) -> bool:
    """Does a password that starts in `url` and runs on into `read_on` hold a ":" there,
    where a scheme's name would end and the scanner find a URL of its own?"""
    length = len(url)
    joined = url + read_on
    return any(
        stop > length and ":" in joined[max(start, length) : stop]
        for start, stop in secret_spans(joined, length)
    )
