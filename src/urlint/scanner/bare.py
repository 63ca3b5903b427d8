"""Bare URLs: where one starts and where it ends in running text.

RFC 1738 section 2.2 lists the characters that are unsafe in a URL; the appendix adds that
in running text a URL is hard to tell from the punctuation around it. A bare URL therefore
ends at whitespace and at the delimiters `<`, `>` and `"` (section 2.2: "The characters
"<" and ">" are unsafe because they are used as the delimiters around URLs in free text;
the quote mark ('"') is used to delimit URLs in some systems"). Sentence punctuation at its
end belongs to the sentence. Other unsafe characters (`~`, `|`, `{`, non-ASCII letters) do
NOT end it: they are kept so that the linter can report them (section 2.2).
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..grammar.abnf import SCHEME_CHARS
from ..grammar.schemes import glued_before_scheme, is_known_scheme
from .body import BODY, BODY_WITHOUT_BRACKETS, BRACKETS, DELIMITER_ENTITIES, TERMINAL_ESCAPES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

# The scheme just before a ":" (section 2.1: letters, digits, "+", ".", "-"), searched
# within a short window ending at the colon; the leftmost match is the longest. Its
# punctuation joins alphanumeric runs one character at a time ("svn+ssh", "z39.50r"):
# "can...http://" is the word "can..." before "http://", not a scheme. Departure from
# section 5's BNF, which lets a scheme start with a digit: a scheme starts with a letter,
# as RFC 3986 later required and every registered scheme does, so "1.http://" is a list
# number before "http://" and "1abc://" is no URL. A word glued on before a scheme urlint
# knows is no part of it either ("websitehttps://", "2024http://": glued_on).
# Compiled when first used, as what only scheme_start's slow way reads (a hook's run on a
# small file mostly never takes it: _runtime.patterns).
SCHEME_BEFORE = compiled_when_used(r"[A-Za-z][A-Za-z0-9]*(?:[+.\-][A-Za-z0-9]+)*\Z")
_ALNUM_BEFORE = compiled_when_used(r"[A-Za-z0-9]")
SCHEME_WINDOW = 40
_SHORT_WINDOW = 12  # nearly every scheme is shorter: search this first
# Quoted-printable a reader left undecoded (an archive's copy of a message, a newsletter
# saved raw) puts an escape right before a scheme: "=09http://" (a tab), "=20http://" (a
# space), "=3Dhttp://" (an "=" in a query), "=A0http://" (a no-break space). RFC 2045
# section 6.7 writes the escape as "=" and two upper-case hex digits, which section 2.1
# allows as the start of a scheme's name: where a scheme urlint knows follows them, the
# URL starts there (`_after_an_escape`).
_UPPER_HEX = "0123456789ABCDEF"
# Section 2.1's scheme characters listed one by one, for str.rstrip: the run of them that
# ends at the colon is the only place a scheme can start (SCHEME_BEFORE holds no other).
SCHEME_CHAR_LIST = re.sub(f"[^{SCHEME_CHARS}]", "", "".join(map(chr, range(128))))

_ALNUM = re.compile(r"[^\W_]")
_BRACKET = re.compile(f"[{re.escape(BRACKETS)}]")
_BRACKETS = frozenset(BRACKETS)
TRAILING_PUNCTUATION = frozenset(".,;:!?")
QUOTES = {"'": "'", "\u2019": "\u2018"}  # closing quote -> its opening quote
CLOSERS = {")": "(", "]": "[", "}": "{"}
OPENERS = {opener: closer for closer, opener in CLOSERS.items()}


def scheme_start(text: str, colon: int, floor: int = 0) -> int:
    """Offset where the scheme ending at `colon` starts, or -1 if there is none."""
    low = max(floor, colon - _SHORT_WINDOW)
    # A match of SCHEME_BEFORE lies inside the run of scheme characters that ends at the
    # colon (str.rstrip finds where it starts, in C). When the run starts inside the window,
    # begins with a letter and holds letters and digits only ("http", "ftp"), the match is
    # the whole run, and the character before it, outside the run, is no letter or digit:
    # the search, which tries every offset of the window, is left for the rest.
    run_start = low + len(text[low:colon].rstrip(SCHEME_CHAR_LIST))
    run = text[run_start:colon]
    if run_start > low and text[run_start - 1] == "=" and _after_an_escape(text, run_start, colon):
        start = run_start + 2
    elif run_start > low and run[:1].isalpha() and run.isalnum():
        start = run_start + glued_on(text, run_start, colon)
    else:
        match = SCHEME_BEFORE.search(text, run_start, colon)
        if match is not None and run_start == low and low > floor and low == colon - _SHORT_WINDOW:
            # The run of scheme characters fills the short window, and may go on before it:
            # a long scheme (`com.example.app://`, whose window starts at a "."), so look
            # back the whole window.
            match = SCHEME_BEFORE.search(text, max(floor, colon - SCHEME_WINDOW), colon)
        if match is None:
            return -1  # "12:30", "1.2://"
        start = match.start()
        glued = glued_on(text, start, colon)
        if glued:
            start += glued
        elif (
            start > floor and start == colon - SCHEME_WINDOW and text[start - 1] in SCHEME_CHAR_LIST
        ):
            return -1  # a run of scheme characters longer than the window: its end is none
        elif (
            start > 0
            and _ALNUM_BEFORE.match(text, start - 1)
            and not (text.startswith("//", colon + 1) and is_known_scheme(text[start:colon]))
        ):
            return -1  # a word that starts with a digit: "1abc://" (but "2024http://")
    if start > 0 and text[start - 1] in "\\:%$)":  # rare: one look for all
        if text[start - 1] == "\\":
            start += _escape_letters(text[start:colon])
        elif text[start - 1] != ":":  # a placeholder may end with the name (`%s://`)
            from .templates import scheme_start as placeholder_start

            start = placeholder_start(text, start, floor)
        elif text.startswith("::", start - 2) and not text.startswith("//", colon + 1):
            # A name in program text: `Foo::Data::Bar`, `std::string`. No such name goes on
            # with "://", but AsciiDoc's block macros put a URL right after theirs:
            # `image::https://x.org/a.png[Alt]`, `include::https://x.org/a.adoc[]`.
            return -1
    return start


def glued_on(text: str, start: int, colon: int) -> int:
    """How many characters at `start` of the scheme's name text[start:colon] are a word glued
    on before a scheme urlint knows (schemes.glued_before_scheme: `websitehttps://`,
    `EUR.https://`, `2024http://`), where "://" follows: a name before a bare colon alone is
    taken only whole (`return:` holds no "urn:", `Hotel:` no "tel:"). None where a
    delimiter opens the name (`_NAME_OPENED_BY`)."""
    if (start > 0 and text[start - 1] in _NAME_OPENED_BY) or not text.startswith("//", colon + 1):
        return 0
    return glued_before_scheme(text[start:colon])


def may_follow_a_glued_word(text: str, start: int) -> bool:
    """May a word be glued on before the scheme that starts at `start` (`glued_word_start`
    tells)? Only a letter or digit right before it: nearly every URL has a blank, a line
    end or a mark there. A "." is left out: the URL starts at the scheme all the same
    (`glued_on`), but a batch file's `echo.http://...` (Sphinx's make.bat) and a full stop
    with no blank after it are no word glued on."""
    return start > 0 and text[start - 1].isalnum()


def glued_word_start(text: str, start: int) -> int:
    """Where the word `glued_on` cut off before the scheme that starts at `start` starts
    (`websitehttps://`, `2024http://`), or -1 where no word is glued on there: the letters
    of an escape (`\\nhttp://`) are none."""
    low = max(0, start - SCHEME_WINDOW)
    run_start = low + len(text[low:start].rstrip(SCHEME_CHAR_LIST))
    if run_start == start or text[run_start - 1 : run_start] == "\\":
        return -1
    colon = text.find(":", start, start + SCHEME_WINDOW)
    if colon < 0 or glued_on(text, run_start, colon) != start - run_start:
        return -1
    return run_start


# What, right before a scheme's name, says where the URL starts, as a wrapper's "<" does: a
# quote, an opening bracket, "=" (a Markdown link's destination, an HTML attribute's value,
# a string's: `[a](websitehttps://x.org)` links to that whole name, and the linter reports
# its scheme); and a placeholder's sign, whose name the letters are (`$xhttp://`,
# `%sftp://`: templates).
_NAME_OPENED_BY = frozenset("\"'`(<[=$%")


def _escape_letters(run: str) -> int:
    """How many letters of the run of scheme characters `run`, which a backslash leads, are
    an escape's, not the scheme's: one where what follows it is a scheme urlint knows and the
    whole run is none (a string literal's `"\\nhttps://x.org"`, `\\t`, `\\r`), two for
    troff's font change `\\fI` (groff(7), "\\f"); else none. No scheme holds a backslash, so
    the URL starts after it at the earliest, and the letter glued on is no part of it."""
    if is_known_scheme(run):
        return 0
    if is_known_scheme(run[1:]):
        return 1
    return 2 if run[0] == "f" and is_known_scheme(run[2:]) else 0


def _after_an_escape(text: str, run_start: int, colon: int) -> bool:
    """Is the run of scheme characters text[run_start:colon], which an "=" leads, a
    quoted-printable escape's two hex digits and a scheme urlint knows?"""
    return (
        colon - run_start > 2
        and text[run_start] in _UPPER_HEX
        and text[run_start + 1] in _UPPER_HEX
        and is_known_scheme(text[run_start + 2 : colon])
    )


def body_end(text: str, start: int, url_start: int | None = None, stop: int | None = None) -> int:
    """Offset where a bare URL body starting at `start` ends, trailing punctuation trimmed.

    `url_start` is where the whole URL starts (its scheme), to see what quotes it; `stop`
    where it ends at the latest (a string literal's closing quote: scanner.code). A
    template's placeholder with blanks inside (`{{ name }}`) does not end it
    (scanner.templates). An HTML character reference for a delimiter ends it as its
    character would (body.DELIMITER_ENTITIES: `&quot;http://x.org/a&quot;`), and so does a
    "," or ";" that another URL follows (a list's: `https://a:1;http://a:2`).
    """
    end = _body_end(text, start, url_start, stop)
    if (
        text.find("&", start, end) < 0
        and text.find("://", start, end) < 0
        and text.find("\\", start, end) < 0
    ):
        return end  # nearly every URL: no reference, no other URL's "://", no backslash
    cut = _separator(text, start, end)
    return end if cut < 0 else _body_end(text, start, url_start, cut)


def _separator(text: str, start: int, end: int) -> int:
    """The first place in the body text[start:end] that ends it as a delimiter would: an
    HTML character reference for one, or a "," or ";" right before another URL's scheme
    and "://" (a list's separator: no URL holds another's scheme after one, as a query's
    `?u=http://...` does after "="), or a terminal's escape sequence (an OSC 8 link's
    `\\e]8;;http://x.org/\\e\\\\`); -1 where none is."""
    entity = text.find("&", start, end)
    while entity >= 0 and not text.startswith(DELIMITER_ENTITIES, entity):
        entity = text.find("&", entity + 1, end)
    escape = text.find("\\", start, entity if entity >= 0 else end)
    while escape >= 0 and not text.startswith(TERMINAL_ESCAPES, escape):
        escape = text.find("\\", escape + 1, entity if entity >= 0 else end)
    if escape >= 0:
        entity = escape  # the first of the two
    slashes = text.find("://", start, entity if entity >= 0 else end)
    while slashes >= 0:
        # the scheme's name before it, and what stands before the name (ASP.NET's
        # launchSettings' `applicationUrl`, make's `$(patsubst git://%,https://%,...)`)
        low = max(start, slashes - _SHORT_WINDOW)  # (a name no longer: linear)
        before = text[low:slashes].rstrip(SCHEME_CHAR_LIST)
        name = low + len(before)
        if before[-1:] in (",", ";") and name < slashes and text[name].isalpha():
            return name - 1
        slashes = text.find("://", slashes + 3, entity if entity >= 0 else end)
    return entity


def _body_end(text: str, start: int, url_start: int | None, stop: int | None) -> int:
    """body_end's answer, character references aside."""
    window = start + BODY_WINDOW
    # The body is read a window at a time, the window doubled while nothing ends the URL in
    # it: in a long run without a blank, URL after URL each ended by a bracket it does not
    # open (`a://b)a://b)...`) would have each read the run to its end again (time
    # quadratic in the run); so each reads twice its own length at most.
    limit = len(text) if stop is None else stop
    reach = window if window < limit else limit
    # Up to a bracket first, one match: nearly every URL holds none, and is read whole.
    match = BODY_WITHOUT_BRACKETS.match(text, start, reach)
    assert match is not None  # it matches the empty string
    end = match.end()
    opener = url_start if url_start is not None else start
    quoted_by = text[opener - 1] if opener > 0 else ""
    if end < reach and text[end] in _BRACKETS:  # the rest of the body, brackets and all
        match = BODY.match(text, end, reach)
        assert match is not None
        return _end_read_on(text, start, match.end(), window, limit, opener, quoted_by, True)
    if (
        end == window
        or quoted_by in _CUT_AFTER
        or text[end - 1] in _RARE_LAST
        or text[end - 2] == "\\"
    ):
        return _end_read_on(text, start, end, window, limit, opener, quoted_by, False)
    return end  # nearly every URL: nothing ends it early, nothing is trimmed


def _end_read_on(
    text: str,
    start: int,
    end: int,
    window: int,
    limit: int,
    opener: int,
    quoted_by: str,
    bracket: bool,
) -> int:
    """body_end's answer for a body text[start:end] (read no further than `limit`) that
    holds a bracket, fills its first `window`, follows a quote or a sign that may end it
    early (_CUT_AFTER), or ends on a character that may be no part of it (_RARE_LAST)."""
    if (
        bracket
        or end == window
        or quoted_by in _CUT_AFTER
        or (text[end - 1] == "-" and text.startswith(">", end))
        or (text[end - 1] == "%" and text.startswith("<", end))
    ):
        end = _cut(text, start, end, limit, quoted_by, opener, bracket)  # nearly all: not cut
        while end == window:  # nothing ended it in the window: a window twice as long
            # (the body read on from the window's end: BODY is a class of characters)
            reached, window = window, start + 2 * (window - start)
            match = BODY.match(text, reached, window if window < limit else limit)
            assert match is not None
            end = _cut(text, start, match.end(), limit, quoted_by, opener)
        if bracket and quoted_by not in ('"', "'"):  # (a quoted value's blank is no prose's)
            end = _before_a_parenthesis_of_prose(text, start, end, limit)
    if text[end - 1] == "-" and (end == len(text) or text[end].isspace()):
        end = _before_a_dash(text, start, end)
    if end < limit and end > start + 1 and "\\" in text[end - 2 : end]:
        end = _before_an_escape(text, start, end)  # (at `limit`: a raw literal's text)
    if end > start and text[end - 1] in _MAY_TRIM:
        end = trim_end(text, start, end, quoted_by)
    if end > start and text[end - 1] == "$" and quoted_by in _ANCHOR_QUOTES:
        end = _before_an_anchor(text, start, end, quoted_by)
    return end


def _before_an_escape(text: str, start: int, end: int) -> int:
    """Where a URL whose body text[start:end] ends on a backslash or an escape sequence
    right before a quote ends: before them, the string's own (`"https://x.org/a\\n"`, a
    shell's `"url: \\"https://x.org/$f\\""`), as no URL holds a backslash (RFC 1738 section
    2.2, RFC 3986 section 2); else `end`."""
    if end >= len(text) or text[end] not in "\"'":
        return end
    while end - start > 2 and text[end - 2] == "\\" and text[end - 1] in _ESCAPED:
        end -= 2
    if text[end - 1] == "\\":
        end -= 1
    return end


# The characters after a backslash that make a string's escape sequence at a URL's end:
# a line end, a tab, a NUL, a quote, a backslash (C's, and every language's after it).
_ESCAPED = frozenset("nrt0\\\"'")


# A file name's extension at a URL's end: the name is whole (a page, a document, an
# archive), and what is glued on after it is no part of it (joins.py: no word of the next
# line goes on with it; body_end: a dash of the prose).
FILE_NAME_END = compiled_when_used(
    r"(?i:\.(?:s?html?|xhtml|txt|pdf|ps|tar|gz|tgz|bz2|xz|zip|hqx|sit|exe|lzh|arj))\Z"
)


def _before_a_dash(text: str, start: int, end: int) -> int:
    """Where a URL whose body text[start:end] ends on "-" before a blank or a line end ends:
    before the "-" where a whole file name stands before it, a dash of the prose glued on
    (`.../files/teamstat.htm- year 2017`, `.../corpus.htm- not downloadable`); else `end`
    (a hyphen that ends a path's word, or breaks it at the line's end: the appendix's)."""
    found = FILE_NAME_END.search(text, max(start, end - 9), end - 1)
    return end - 1 if found is not None else end


def _before_an_anchor(text: str, start: int, end: int, quote: str) -> int:
    """Where a URL whose body text[start:end] ends on "$" right before the quote that
    opened it closes ends: before the "$", a pattern's end anchor (a shell's
    `grep -q "https://github.com/o/r.git$"`: the URL is the text the pattern matches), after
    a letter, a digit or "/" (a name's end, anchored), but for a Windows share's "$" in a
    `smb:`, `cifs:` or `file:` URL (`smb://host/C$`, `/ADMIN$`, `/IPC$`, `/print$`)."""
    if not text.startswith(quote, end) or not (text[end - 2].isalnum() or text[end - 2] == "/"):
        return end  # after another sign: a test's odd fragment (`#fragment^%$`, Catalyst's)
    share = text[max(0, start - 5) : start].lower().endswith(_SHARE_SCHEMES)
    if share and _SHARE.search(text, max(start, end - 7), end):
        return end
    return end - 1


_ANCHOR_QUOTES = frozenset("\"'")
_SHARE_SCHEMES = ("smb:", "file:", "cifs:")  # a share is named in these (before "//")
# A Windows administrative share's name: a drive's letter, ADMIN, IPC, PRINT, then "$".
_SHARE = compiled_when_used(r"/(?:[A-Za-z]|(?i:admin|ipc|print))\$\Z")


# How much of a bare URL's body is read at first (body_end): nearly every URL ends within it.
BODY_WINDOW = 256


def _cut(
    text: str,
    start: int,
    end: int,
    limit: int,
    quoted_by: str,
    opener: int,
    bracket: bool | None = None,
) -> int:
    """Where the body text[start:end] ends once a bracket it does not open, the backquote
    closing the one it opened after, or what follows a scheme glued on end it (a template's
    placeholder read on first); `end` where none does (`bracket`: whether the body holds a
    bracket, where that was looked for). What it gives depends on the text before its answer
    only: a window of the body ended by one of these gives what the whole body does."""
    if bracket is None:
        bracket = _BRACKET.search(text, start, end) is not None
    arrow = text[end - 1] == "-" and text.startswith(">", end)  # Perl's `$o->{k}`, PHP's
    # or Ruby's named conversion, `%<name>s`: read on as an arrow is
    arrow = arrow or (text[end - 1] == "%" and text.startswith("<", end))
    if arrow or bracket:
        # rare: a URL with a brace, `$(` or `->` may be a template's, which reads on
        if (
            arrow
            or text.find("{", start, end) >= 0
            or text.find("$(", start, end) >= 0
            or text.startswith("[<", end - 1)
        ):
            from .templates import extended_end

            end = extended_end(text, start, end, limit)
        end = first_unbalanced_closer(text, start, end)
    if quoted_by == "`":
        # Opened by a backquote (a Markdown code span, TeX's ``): the first backquote closes
        # it, whatever follows it (`https://x.org/?q=`\ before a Markdown line break).
        close = text.find("`", start, end)
        if close >= 0:
            end = close
    elif quoted_by in _GLUED_ON:  # rare: no blank or quote before the scheme
        end = _glued_end(text, start, end, opener)
    elif quoted_by == "}" and _PROMPT_COLOUR.search(text, max(0, opener - 24), opener):
        end = _before_a_prompt_escape(text, start, end)
    return end


# A zsh prompt's colour right before a URL (zshmisc(1), "Visual effects": `%F{blue}`, a
# background's `%K{...}`), as `print -P` and PROMPT write one.
_PROMPT_COLOUR = compiled_when_used(r"%[FK]\{[\w#]*\}\Z")
# The prompt escapes that end what it colours: `%f`, `%k`, the next colour, bold, underline,
# standout (`%b`, `%u`, `%s`, in either case), `%{...%}`.
_PROMPT_ESCAPE = compiled_when_used(r"%[fFkKbBuUsS{}]")


def _before_a_prompt_escape(text: str, start: int, end: int) -> int:
    """Where a URL coloured by a zsh prompt escape, its body text[start:end], ends: before
    the escape that ends its colour (`print -P "%F{blue}https://x.org/a%f"`, `%F{red}`,
    `%f%u`); zsh reads each "%" so, where printf would read `%f` and `%s` as conversions."""
    found = _PROMPT_ESCAPE.search(text, start, end)
    return end if found is None else found.start()


def _before_a_parenthesis_of_prose(text: str, start: int, end: int, limit: int) -> int:
    """Where the body text[start:end] ends once a "(" it opens and never closes is closed
    on its line after it: the parenthesis is the prose's, glued on with no blank
    (`http://www.ibmlink.ibm.com/(search for ...)`, `.../x.zip(unsupported version)`). A
    balanced one is the URL's own (`.../Foo_(bar)`); one closed nowhere on the line stays,
    as ever. `end` otherwise."""
    first = text.find("(", start, end)
    if first < 0:
        return end
    depth, unclosed = 0, -1
    for at in range(first, end):  # the body's own characters: linear in the URL
        char = text[at]
        if char == "(":
            if depth == 0:
                unclosed = at
            depth += 1
        elif char == ")" and depth:
            depth -= 1
    if depth == 0 or unclosed <= start or text[unclosed - 1] == "$":
        return end  # closed, or a shell's `$(`: a template's placeholder (templates.py)
    stop = min(limit, end + _PROSE_PARENTHESIS)  # a bound: a long line of them stays linear
    line_end = text.find("\n", end, stop)
    if text.find(")", end, line_end if line_end >= 0 else stop) < 0:
        return end
    return unclosed


# How far after a URL the ")" closing a parenthesis it opened is looked for.
_PROSE_PARENTHESIS = 200


def _glued_end(text: str, start: int, end: int, opener: int) -> int:
    """Where a URL whose scheme at `opener` follows a name's "::" or troff's font change
    ends, its body at text[start:end]: before an AsciiDoc block macro's attribute list
    (`image::https://x.org/a.png[Alt]`, in any file that quotes one: Asciidoctor's
    BlockMediaMacroRx and IncludeDirectiveRx end the target at the first "["), or before
    troff's next font change (`\\fIhttps://x.org/a\\fR`, groff(7) "\\f"; no URL holds a
    backslash)."""
    if text.startswith("::", opener - 2):
        cut = text.find("[", start, end)
    elif text.startswith("\\f", opener - 3):
        cut = text.find("\\f", start, end)
    else:
        return end
    return end if cut < 0 else cut


def has_body(text: str, colon: int, end: int) -> bool:
    """Is there a URL after the scheme?

    "http://", "mailto:" or "scheme://`" is none; "file:///" (the root, section 3.10) and
    "news:*" (all groups, section 3.6) are."""
    body = colon + 1
    if text.startswith("//", body):
        body += 2
    if end > body and text[body].isalnum():  # nearly every URL (_ALNUM's first character)
        return True
    if end - body == 1 and text[body] == "*":
        return True
    return end > body and (text[body] == "/" or _ALNUM.search(text, body, end) is not None)


def first_unbalanced_closer(text: str, start: int, end: int) -> int:
    """A ")" with no "(" before it in the URL closes a parenthesis of the surrounding text
    (`(see http://a.example/x)`, Markdown's `[a](http://a.example/x)[b]`), so the URL ends
    there; a balanced one is the URL's own (`.../Foo_(bar)`). Likewise "]" and "}"."""
    first = _BRACKET.search(text, start, end)
    if first is None:
        return end  # nearly every URL: no bracket at all
    depth = {"(": 0, "[": 0, "{": 0}
    for bracket in _BRACKET.finditer(text, first.start(), end):
        char = bracket.group()
        if char in depth:
            depth[char] += 1
        else:
            opener = CLOSERS[char]
            if depth[opener] == 0:
                return bracket.start()
            depth[opener] -= 1
    return end


def trim_end(text: str, start: int, end: int, quoted_by: str = "") -> int:
    """Trim sentence punctuation, an opening bracket and closing quotes from text[start:end].

    An opening bracket is a trailing "(", "[" or "{".

    A URL right after an opening quote ends before its closing quotes: `'http://x/'`,
    `‘http://x/’`, and after a backquote `http://x/` (Markdown) or ``http://x/'' (TeX).
    Otherwise a trailing "'" stays when it pairs with one inside the URL
    (`.../blah_'quoted'`) and goes when the URL holds an odd number of them. A trailing
    backquote, the URL's only one, closes what opened before it (a shell's
    `` `curl http://x/y` ``): section 2.2 lists "`" among the characters a URL always
    encodes."""
    closing_quotes = _CLOSED_BY.get(quoted_by, "")
    counts: dict[str, int] | None = None  # taken once, so a run of quotes trims in linear time
    while end > start:
        char = text[end - 1]
        if char in TRAILING_PUNCTUATION or char in OPENERS or char in closing_quotes:
            pass
        elif char == "`":
            if text.count("`", start, end) != 1 or text[end - 2] == "\\":
                break  # one inside the URL too, or escaped: a markup's or a program's own
        elif char in QUOTES:
            if counts is None:
                segment = text[start:end]
                counts = {q: segment.count(q) for q in ("'", "\u2018", "\u2019")}
            opening = QUOTES[char]
            paired = counts[char] % 2 == 0 if opening == char else counts[opening] >= counts[char]
            if paired:
                break
        else:
            break
        if counts is not None and char in counts:
            counts[char] -= 1
        end -= 1
    return end


# What stands right before a scheme glued on: a name's "::", troff's one-letter font names
# (groff(7): R, I, B, the previous font P, and C where a device has a constant-width one).
_GLUED_ON = frozenset(":RIBPC")
# What before a scheme may make its body end early (_cut): a backquote, or a scheme glued on.
_CUT_AFTER = _GLUED_ON.union("`}")  # and a zsh prompt's colour (_before_a_prompt_escape)
# The quotes that close a URL opened by the quote just before it.
_CLOSED_BY = {"'": "'", "\u2018": "\u2019", "`": "`'"}
# What trim_end may take from a URL's end: a URL that ends otherwise is left as it is.
_MAY_TRIM = frozenset(TRAILING_PUNCTUATION).union(OPENERS, QUOTES, *_CLOSED_BY.values())
# What a body may end on that is no part of it: what trim_end takes, a dash of the prose
# (_before_a_dash, and `->` after a placeholder: _cut), a pattern's end anchor
# (_before_an_anchor), an escape sequence's backslash (_before_an_escape), the "%" of Ruby's
# `%<name>s` (_cut). Every other ending, body_end takes as it is.
_RARE_LAST = _MAY_TRIM.union("-$\\%")


def runs_taken(runs: Iterable[tuple[int, int]], count: int) -> list[tuple[int, int]]:
    """The stretches of `runs` (start and end offsets, in order) that hold their first
    `count` characters: where a URL read over a string's or a line's joined runs lies."""
    spans = []
    for run_start, run_end in runs:
        if count <= 0:
            break
        taken = min(count, run_end - run_start)
        if taken:
            spans.append((run_start, run_start + taken))
        count -= taken
    return spans
