"""The linter's X105 hint: the text on the next line that seems to continue a bare URL.

RFC 1738's appendix recommends the `<URL:...>` wrapper precisely because a bare URL cannot
be broken across lines: the reader cannot tell where it ends. `continuation` notes the text
that seems to continue such a URL, so the linter can warn and offer the wrapper as the fix:
a hint, with evidence on both sides of the break (a URL that ends on a separator with a
next line that looks like a path, or a next line that starts with one). Where the evidence
says the writer broke the URL (a mail client at its wrap column, a document's formatter
after a separator, the paragraph going on at its indent), joins.py gives the URL whole,
its first line kept as the other reading; it reads the next line's word with this
module's tests too (`ALNUM`, `CELL_GAP`, `TROFF_REQUEST`). Imports going_on.py (which next
line may go on at all), line_breaks.py (the next line's start) and bare.py (a word's end).
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from . import bare
from .going_on import going_on_at
from .line_breaks import Lines, next_line_start, past_line_end, quoted_by_initials
from .wrappers import SCHEME_START

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
# How far into the next line its first character is looked for, past blanks (joins reads
# that far too).
NEXT_LINE_LOOK = 80
# A troff request (".PP"), which is no word of a URL.
TROFF_REQUEST = compiled_when_used(r"\.[A-Za-z]{1,2}\Z")


def continuation(
    text: str, url_start: int, url_end: int, lines: Lines | None = None
) -> tuple[int, int] | None:
    """The text on the next line that seems to continue a bare URL, or None.

    Its (start, end), for the bare URL text[url_start:url_end], in a text whose lines are
    read as `lines` says (None: prose)."""
    url_last = text[url_end - 1]
    ends_mid_url = url_last in ENDS_MID_URL
    next_start = past_line_end(text, url_end)
    if lines is None:
        if next_start is not None and not ends_mid_url:
            # The next line's first character, checked first as most URLs at a line end
            # are followed by one that is no separator (nor a reply prefix's quote mark
            # or a writer's initials).
            first = text[next_start : next_start + NEXT_LINE_LOOK].lstrip(" \t")[:1]
            if (
                first
                and first not in STARTS_MID_URL
                and first not in ">|"
                and not (first.isupper() and quoted_by_initials(text, next_start))
            ):
                return None
        pos = next_line_start(text, url_start, url_end)
    elif next_start is None:
        return None
    else:
        pos = going_on_at(text, url_start, url_end, next_start, lines)
    if pos is None:
        return None
    if not ends_mid_url and text[pos : pos + 1] not in STARTS_MID_URL:
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
    if token[0] in STARTS_MID_URL or (ends_mid_url and _PATH_LIKE.search(token)):
        return pos, end
    return None
