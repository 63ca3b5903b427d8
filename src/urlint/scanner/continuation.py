"""A bare URL at a line end that the next line plausibly goes on with (the linter's X105).

RFC 1738's appendix recommends the `<URL:...>` wrapper precisely because a bare URL cannot
be broken across lines: the reader cannot tell where it ends. `continuation` notes the text
that seems to continue such a URL, so the linter can warn and offer the wrapper as the fix:
a hint, with evidence on both sides of the break (a URL that ends on a separator with a
next line that looks like a path, or a next line that starts with one). Where the evidence
says the writer broke the URL (a mail client at its wrap column, a document's formatter
after a separator, the paragraph going on at its indent), `joins.joined` gives the URL
whole, its first line kept as the other reading.

Which next line may go on with a URL at all is decided once, here (`going_on_at`), for the
hint and the joins alike: in prose any line may, the evidence decides; in markup no line
that is markup of its own; in code, configuration and a kind urlint does not read no line
of code, key, list item, directive comment or path, and a comment's URL only a comment
line of the same style.

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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .code import Regions

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


def continuation(
    text: str, url_start: int, url_end: int, lines: Lines | None = None
) -> tuple[int, int] | None:
    """The text on the next line that seems to continue a bare URL, or None.

    Its (start, end), for the bare URL text[url_start:url_end], in a text whose lines are
    read as `lines` says (None: prose)."""
    url_last = text[url_end - 1]
    line_end = LINE_END.match(text, url_end) if url_last not in ENDS_MID_URL else None
    if line_end is not None and lines is None:  # the next line's first character must be
        first = text[line_end.end() : line_end.end() + 80].lstrip(" \t")[:1]
        if first and first not in STARTS_MID_URL and first not in ">|":
            return None  # a separator (or a reply prefix's quote mark): most URLs at a line end
    if lines is None:
        pos = _next_line_start(text, url_start, url_end)
    else:
        line_end = LINE_END.match(text, url_end)
        pos = (
            None
            if line_end is None
            else going_on_at(text, url_start, url_end, line_end.end(), lines)
        )
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


class Lines:
    """How a text's lines are read where a URL at a line end may go on onto the next one
    (`going_on_at`): its syntax's name, and for code its literals and comments."""

    __slots__ = ("syntax", "regions", "_written", "_written_in")

    def __init__(self, syntax: str, regions: Regions | None = None) -> None:
        self.syntax = syntax  # "markdown", "rst", "asciidoc"; "other"; "code" with regions
        self.regions = regions  # a code text's (scanner.code); None for any other
        self._written: list[tuple[int, int]] = []
        self._written_in: str | None = None

    def written(self, text: str) -> list[tuple[int, int]]:
        """What the markup shows as written in `text` (markup_lines.as_written), read once
        a text: only where a URL at a line end has a line after it."""
        if self._written_in is not text:
            from .markup_lines import as_written

            self._written, self._written_in = as_written(self.syntax, text), text
        return self._written


def going_on_at(
    text: str, url_start: int, url_end: int, next_start: int, lines: Lines
) -> int | None:
    """Where the text that may go on with a URL at its line end starts on the next line (at
    `next_start`), or None where that line never goes on with it, whatever its words
    (the URL's text on its line is text[url_start:url_end]).

    The one decision X105's hint (`continuation`) and the joins (joins.joined) both ask
    before their own evidence. In prose they alone decide (no `lines`). In Markdown, reST
    and AsciiDoc no line that is markup of its own goes on (markup_lines.markup_line), nor
    any where the URL or that line is in what the markup shows as written (a code block: its
    lines are code; markup_lines.as_written). In
    code, configuration and a kind urlint does not read ("other"), a URL broken across
    lines is rare and the next line mostly is code or a value: no line of code, key,
    list item, directive comment or path goes on, and a line goes on only where its text
    starts as a URL's rest does (a separator, or a word after a URL that ends on one but
    "/", which ends most URLs whole). There a comment's URL goes on only in a comment of
    the same style (the construct it stands in, or a line comment with the same leader and
    a blank after it), a commented line's only on a line commented alike, and a key's value
    on none."""
    syntax = lines.syntax
    if syntax != "other" and lines.regions is None:  # markup
        from .markup_lines import markup_line, within

        if markup_line(syntax, text, next_start):
            return None
        if within(lines.written(text), url_start, next_start + 1):
            return None  # a URL in a code block or span, or a code block's line after it
        return INDENT.match(text, next_start).end()  # type: ignore[union-attr]  # matches empty
    regions = lines.regions
    if regions is None:
        at = _commented_alike(text, url_start, next_start)
    else:
        at = _in_the_same_comment(text, url_start, next_start, regions)
    if at is None or _NO_CONTINUATION.match(text, at) is not None:
        return None
    if text[url_end - 1] not in "&?" and _KEY.match(text, at) is not None:
        return None  # a key: but after a query's "&" or "?", its next parameter
    first = text[at : at + 2]
    if not (first[:1] in _STARTS_GOING_ON and first not in ("./", "..")) and not (
        text[url_end - 1] in _ENDS_GOING_ON and first[:1].isalnum()
    ):
        return None  # no URL's rest by its first character
    line_end = text.find("\n", at)
    if _CODE.search(text, at, len(text) if line_end < 0 else line_end) is not None:
        return None
    return at


# Where no syntax of the file's is known to say where a URL ends, a line's text goes on
# with one only after it ends on a separator, or where it starts with one ("/" starts a
# path, "#" a comment).
_ENDS_GOING_ON = frozenset("-_=&?~+.%;")
_STARTS_GOING_ON = frozenset("?&=%_~;.")
# A line comment's leaders (`#`, `//`, `;` of Lisp and INI files, `%` of TeX, `--` of SQL
# and Lua), and a block comment's "*" on its lines (joins.py reads past them too).
LINE_COMMENT_LEADERS = r"#+|//+|;+|%+|--"
COMMENT_LEADERS = rf"\*|{LINE_COMMENT_LEADERS}"
# A comment's leader at a line's start, and the blanks after it (how a prose comment's
# line starts), a block comment's opening `/*` among them.
_LEADER = compiled_when_used(rf"[ \t]*(/?\*+|{LINE_COMMENT_LEADERS})[ \t]+")
# A comment that starts after code on a line (`set(X 0)  # see https://...`).
_LEADER_AFTER_CODE = compiled_when_used(rf"[ \t](?:{LINE_COMMENT_LEADERS})[ \t]")
# A key's name, as configuration files and code write one (`org.gradle.parallel`,
# `innodb_doublewrite`, PowerShell's `$total_privileges`).
_NAME = r"[$@]?[A-Za-z_][\w.-]*"
# What stands before a URL that is a key's value on its line (`url=https://...`,
# `Documentation=https://...`, `homepage: https://...`): a value ends with its line.
_KEY_BEFORE = compiled_when_used(rf"[ \t]*{_NAME}[ \t]*[=:][ \t]*\Z")
# A key, by how a line starts: `name:`, `name =`, `name=value`.
_KEY = compiled_when_used(rf"{_NAME}[ \t]*(?:=|:(?=[ \t]|\r?\n|\Z))")
# A line no URL goes on onto, by how it starts: a list item, a comment glued to its leader
# (`//nolint`, `#pragma`, `#After=`: a directive or code commented out), a directive
# (`noqa`, `eslint-disable`, a doc comment's `@param`), a path (`/usr/bin`, `./x`, `~/x`,
# `C:\\x`, `src/main`).
_NO_CONTINUATION = compiled_when_used(
    r"(?:[-*+\u2022]|\d{1,9}[.)])(?=[ \t]|\r?\n|\Z)"
    r"|(?:#|//|;|%|--)(?=\S)"
    r"|(?i:nolint|noqa|pragma|eslint-|prettier-|istanbul|jshint|nosec|nosonar|\+build)"
    r"|(?i:(?:end)?region|clang-format)\b|@[A-Za-z]"
    r"|~?/|\.\.?/|[A-Za-z]:[\\/]|[A-Za-z0-9][^\s/]*/"
)
# Code on a line: brackets, a sigil, a backslash (TeX's, a shell's), an assignment, an
# arrow, a scope, a statement's end.
_CODE = compiled_when_used(r"[{}()<>$\\`]|[ \t]=[ \t]|=>|->|::|;[ \t]*\r?\Z")


def _commented_alike(text: str, url_start: int, next_start: int) -> int | None:
    """Where the text of the line at `next_start` starts when it may go on with the URL at
    `url_start` on the line before, in a text whose language is not known: past the same
    comment leader as the URL's line has (`#`, `//`, `;`, `%`, `--`, `*`), where it has
    one, and at its indent where neither line has one; None where the URL is a key's
    value, or the two lines are commented differently."""
    own_start = text.rfind("\n", 0, url_start) + 1
    own = _LEADER.match(text, own_start, url_start)
    following = _LEADER.match(text, next_start)
    if own is None:
        after_code = _LEADER_AFTER_CODE.search(text, own_start, url_start)
        if after_code is not None:  # a comment after code ends with its line
            return None
        if following is not None or _KEY_BEFORE.match(text, own_start, url_start):
            return None  # a comment after prose; a key's value, which ends with its line
        return INDENT.match(text, next_start).end()  # type: ignore[union-attr]  # matches empty
    if following is None or _style(following.group(1)) != _style(own.group(1)):
        return None  # the comment ends with its line: code, or a comment of another style
    return following.end()


def _style(leader: str) -> str:
    """A comment leader's style: a block comment's lines are led by "/*", "/**" or "*"."""
    return "*" if "*" in leader else leader


def _in_the_same_comment(
    text: str, url_start: int, next_start: int, regions: Regions
) -> int | None:
    """Where the text of the line at `next_start` starts when it may go on with the URL at
    `url_start`, in a code text's comment (or docstring, here-document, block scalar: a
    region read as text): in the same region (its lines read as a text of a kind not
    known, `_commented_alike`), or in a line comment right after the URL's, with the
    same leader and a blank after it; else None."""
    index = regions.at(url_start)
    if index < 0:
        return None  # code: a value ends with its line
    if regions.items[index][0] > next_start:  # the region goes on: a block comment's lines
        return _commented_alike(text, url_start, next_start)
    leader = _leader_of(text, regions.starts[index])
    following = _LEADER.match(text, next_start)
    if following is None or following.group(1) != leader:
        return None  # code after a comment, or a comment of another style
    after = regions.at(following.start(1) + len(leader))
    if after < 0 or regions.items[after][2] != "comment":
        return None  # the leader is no comment's: a string's text
    return following.end()


def _leader_of(text: str, region_start: int) -> str:
    """The leader of the comment whose region starts at `region_start` (scanner.code puts
    it before some languages' leaders and after others'): the run of `#`, `/`, `;`, `%`,
    `-` around it."""
    low = region_start
    while low > 0 and text[low - 1] in _LEADER_CHARACTERS:
        low -= 1
    high = region_start
    while high < len(text) and text[high] in _LEADER_CHARACTERS:
        high += 1
    return text[low:high]


_LEADER_CHARACTERS = frozenset("#/;%-")
