"""The next line's first word after a bare URL at its line's end, weighed for joins.py.

Whether that word is the URL's rest depends on what follows it on its line: alone it may
be, with prose after it only when shaped as a URL's rest; a label, a host of its own and a
table's next cell never are.
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from .continuation import CELL_GAP

# An abbreviation ("e.g.", "V.A.K"): dotted, but no host's or file name's dot.
ABBREVIATION = compiled_when_used(r"(?:[A-Za-z]\.)+[A-Za-z]?")
# What closes a bracket or quote that stands right before a URL, by its opening (bare.OPENERS
# has the brackets alone).
CLOSER_OF = {"(": ")", "[": "]", "<": ">", '"': '"', "'": "'"}

# The next line's first word weighed against what stands after it on its line. Alone, or
# with only punctuation or a closing bracket after it, it ends the URL as it would on one
# line. With words after it, it is the rest of a URL only when shaped as one: a file
# name's or a host's dot, a query's or fragment's character, a directory's "/" at its end
# (`club.de/aida/0031.html abrufen.`, `peter.weigoldt/ zum Download`); a word with prose
# after it is prose (FAQs and digests: `.../upchug/` then `Amiga/Commodore Computer User's
# club`, `.../set2anim/` then `SET2ANIM is a program`, `.../amisite` then `#The online
# magazine`, a signature's `.../szczepan/` then `A1200 BlizzIv 2+8MB RAM`). A word before
# a colon and a blank is a label (`APC&TCP: http://...`, `*2: http://...`, the next row
# of a list of labelled URLs), and a host name after a "/" an address of its own (a list
# of mirrors: `.../pub/cbm/` then `ftp.funet.fi/pub/cbm/`). A hyphen's word is not
# weighed so: a hyphen breaks a word of the URL (`.../Copyright-` then `Owner.  Since`).
_URL_SHAPED = compiled_when_used(r"\.[A-Za-z0-9]|[?=&#%~_]|/\Z")
_AFTER_A_WORD = compiled_when_used(r"\S*[ \t][^\n]*?[^\W_]")
_A_HOST = compiled_when_used(
    r"(?i:(?:www|ftp)\.[a-z0-9-]+\.|[a-z0-9-]+(?:\.[a-z0-9-]+)+\.(?:com|org|net|edu|gov|mil)(?:/|\Z))"
)


def weighs_as_a_rest(text: str, opener: str, pos: int, token_end: int, last: str) -> bool:
    """Does the next line's first word text[pos:token_end], after a URL whose line ends on
    `last` and that `opener` stands right before (a bracket or quote; "": none or not
    asked), weigh as the URL's rest against what follows it on its line (above)?"""
    if text.startswith((": ", ":\t", ":\n", ":\r\n"), token_end):
        return False  # a label
    closer = CLOSER_OF.get(opener)
    if last == "-" or (closer is not None and text.startswith(closer, token_end)):
        return True  # a hyphen's word; a word the bracket or quote before the URL closes
    token = text[pos:token_end]
    core = token[1:] if token[0] in "/?&#;" else token  # ".gz" keeps its dot
    if last and last in "/\\" and _A_HOST.match(core):
        return False
    if not _AFTER_A_WORD.match(text, token_end):
        return True  # alone on its line, or a closing mark after it
    return _URL_SHAPED.search(core) is not None and not ABBREVIATION.fullmatch(core)


def a_tables_row(text: str, pos: int, end: int) -> bool:
    """Is the word text[pos:end] that starts a line a table's cell, another after it, under
    a line set in columns too (an index's `docs/anno    4K   2+Announce for the new
    http://www.annuaire`, then `msworddt.txt       docs/anno`)? Justified prose, whose
    blanks are two at most, is no table."""
    if not CELL_GAP.match(text, end):
        return False
    next_start = text.rfind("\n", 0, pos) + 1
    own_start = text.rfind("\n", 0, max(next_start - 1, 0)) + 1
    return _TABLE_GAP.search(text, own_start, next_start) is not None


_TABLE_GAP = compiled_when_used(r"\S(?:[ \t]*\t|[ \t]{3,})\S")
