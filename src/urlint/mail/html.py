"""text/html parts: the text a reader sees, and the URLs of links and images.

Read with regular expressions, not html.parser (mail HTML is rarely well formed, and a
tag-by-tag walk in Python costs more than the rest of a message), by the rules of HTML's
tokenizer where they decide what a reader sees:

- comments hide what they hold, links included: `<!--` runs to the next `-->` (or `--!>`),
  or to the end when there is none, so an unclosed `<!-- x --` runs on; `<!-->` and
  `<!--->` are empty comments. `<!--[if mso]> ... <![endif]-->` is a comment to every
  client but Outlook. Scripts, styles, the head and the title are hidden too;
- block tags end lines, other tags go (a browser shows "http://exa<b>mple</b>.com" as one
  word), character references are decoded. Each of the two steps records where its output
  stands in its input (an OffsetMap), so a URL in the text is placed exactly;
- the URLs of `href` (a, area, link), `src`, each of `srcset`, `<form action>`, the
  `background` of a body, a table or a cell, and `<meta http-equiv=refresh
  content="0; url=...">` are read from the tag's attributes as the tokenizer parts them
  (no space needed after a quoted value; a quoted value holds no attribute; a name given
  twice keeps its first value), as a browser reads an attribute URL: references decoded,
  tabs and line breaks removed (mail servers fold long HTML lines at 998 characters, RFC
  5322 section 2.1.1, often inside a URL), leading and trailing spaces stripped. Each is
  placed where its text starts in the source.
"""

from __future__ import annotations

import re
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from html import unescape
from itertools import accumulate, compress, islice

from .._runtime.patterns import compiled_when_used
from ..core.records import built, record
from ..grammar.login import word_end
from ..scanner.login_runs_on import LOGIN_READ_ON
from .loops import LOOPS
from .textmap import OffsetMap

# Markup, in one pass over the page: what is hidden (comments by the tokenizer's rules,
# scripts, styles, the head), the elements that end a line of visible text (a URL never
# runs from one into the next), and any other tag. Group 1 is the match; group 2 the "!"
# of a comment, group 3 the name of an element read to its end tag, group 4 the ">" of a
# block tag: one character, where the match has it (Python shares one-character strings,
# so re.split makes no copy for them).
# Written for Python's regex engine: it finds what the plain form finds (tests/mail/test_html.py
# holds that and compares the two), in less time:
# - the "<" every alternative starts with is written once, before them: the engine skips
#   to the next "<" rather than try each alternative at every character;
# - a hidden element's text runs to the first "<" that starts its end tag: `.*?` tries the
#   end tag after every character. It is read possessively (Python 3.11): the engine keeps
#   no place to go back to for each "<" in it, which for a script of many "<" took memory
#   in proportion. Python 3.10 has no possessive forms, and reads it lazily (the same
#   matches);
# - the block names are grouped by their first letter; each must be the whole word (`\b`),
#   so their order does not matter.
_HIDDEN_TEXT = r"[^<]*+(?:<(?!/\3\s*>)[^<]*+)*+" if sys.version_info >= (3, 11) else r".*?"
# The elements that end a line of text (a tag of any other element joins the text around
# it), and those whose text goes with them (the head's tags are read, its title is not).
BLOCK_ELEMENTS = frozenset(
    "address article aside blockquote br dd div dl dt fieldset figcaption figure footer form"
    " h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul".split()
)
HIDDEN_ELEMENTS = ("script", "style", "head", "title")
_HIDDEN_SET = frozenset(HIDDEN_ELEMENTS)


def _grouped(names: frozenset[str]) -> str:
    """`names` as one alternation, grouped by their first letter."""
    rests: dict[str, list[str]] = {}
    for name in sorted(names):
        rests.setdefault(name[0], []).append(name[1:])
    alternatives = [
        first if after == [""] else f"{first}(?:{'|'.join(after)})"
        for first, after in rests.items()
    ]
    return f"(?:{'|'.join(alternatives)})"


# The block elements' names as one pattern, any case (the patterns using it are), each the
# whole word: mail.prefilter asks it too.
BLOCK_NAMES = _grouped(BLOCK_ELEMENTS) + r"\b"
# (compiled at import: its pattern is this Python's own, possessive from 3.11 on, where
# tools/compile_patterns.py keeps one program for every Python)
_MARKUP = re.compile(
    r"(<(?:(!)--(?:-?>|.*?(?:--!?>|\Z))"
    r"|(" + "|".join(HIDDEN_ELEMENTS) + r")\b[^>]*>" + _HIDDEN_TEXT + r"(?:</\3\s*>|\Z)"
    r"|/?" + BLOCK_NAMES + r"[^>]*(>)"
    r"|/?[A-Za-z][^>]*>|![^>]*>|\?[^>]*>))",
    re.S | re.I,
)
# A character reference, as html.unescape finds one (HTML5, a semicolon optional); one
# group, so that re.split gives the text and the references in turn.
_REFERENCE = compiled_when_used(r"(&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?))")
# A start tag (to its ">", or to the end of a page where it has none: one match, not a
# failed search from each "<" of it). Only a tag that names a URL attribute and "=" is read
# attribute by attribute (most tags name none).
_START_TAG = compiled_when_used(r"<[A-Za-z][^>]*>?")
# HTML's whitespace (WHATWG "ASCII whitespace"; a CR is one before the tokenizer sees it),
# which parts a tag's names and attributes; the classes below are built from it.
_SPACE = " \t\n\r\f"
_NOT_NAME = _SPACE + "/>"  # what ends a tag's or an attribute's name
# An attribute's name follows HTML's whitespace, "/" or a quoted value's end
# (_ATTRIBUTE), which leads the pattern: the engine tries the names only there.
_URL_NAMES = ("href", "src", "srcset", "action", "content", "background")
_NAMES_A_URL = compiled_when_used(rf"[{_SPACE}/\"'](?:{'|'.join(_URL_NAMES)})[{_SPACE}]*=", re.I)
# A tag's name and its attributes, by the tokenizer's rules (WHATWG HTML 13.2.5.8 and
# 13.2.5.32-39), within the tag as _START_TAG ends it (the markup pattern's end, so the
# two agree on what is a tag): a name runs to HTML's whitespace, "/" or ">"; attributes are
# parted by whitespace or "/", or by nothing after a quoted value (`style="x"href=...`, a
# parse error every browser reads as two attributes: real mail has it); an attribute's
# name runs to whitespace, "/", ">" or "=" (its first character may be "="); its value is
# quoted (to the tag's end if the quote is never closed), or runs to whitespace or ">",
# quotes in it too. Read in turn (re.finditer): each match starts where the one before
# ended, as every character but the separators at the end starts one, so none starts
# inside a value: what a quoted value holds is no attribute (`title="see href=..."`).
# Group 1 is the name, 2 to 4 the value (double-quoted, single-quoted, unquoted).
_TAG_NAME = compiled_when_used(f"[^{_NOT_NAME}]*")
_ATTRIBUTE = compiled_when_used(
    f"[{_SPACE}/]*([^{_NOT_NAME}][^{_NOT_NAME}=]*)"
    f"""(?:[{_SPACE}]*=[{_SPACE}]*(?:"([^"]*)"?|'([^']*)'?|([^{_SPACE}>]*)))?"""
)
# `background` (of body, table and its cells: an image every client loads, newsletters'
# and spam's tracking images among them) is obsolete HTML that mail still writes. srcset
# is a list of URLs; content is one only in a meta refresh, which http-equiv says.
_URL_ATTRIBUTES = frozenset({"href", "src", "srcset", "action", "background"})
_READ_ATTRIBUTES = _URL_ATTRIBUTES | {"content", "http-equiv"}
# content="5; url='http://...'" (HTML's "shared declarative refresh steps").
_REFRESH_URL = compiled_when_used(r"\s*[0-9.]*\s*[;,]?\s*(?:url\s*=\s*)?['\"]?", re.I)
_SRCSET_URL = compiled_when_used(r"[\s,]*(\S+)")
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")


@record
class Attribute:
    """An HTML attribute that holds a URL: its name, the URL as a browser reads it, its place."""

    # "href", "src", "srcset", "action", "background" or "refresh" (a meta refresh's content)
    name: str
    value: str  # the URL, as a browser reads it from the attribute
    offset: int  # where its text starts in the HTML source
    # The source's word after the value, where it holds an "@" (`_read_on`): a password the
    # value's URL starts may run on past the quote or ">" that ended the value.
    read_on: str = ""
    read_on_at: int = 0  # where that word starts in the HTML source


@record
class HtmlText:
    """An HTML document read: its visible text, its URL attributes, and where the text came from."""

    text: str  # visible text
    attributes: list[Attribute]
    # Offsets in `text` -> in the text without tags -> in the source.
    steps: tuple[OffsetMap, OffsetMap]


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document.

    Broken HTML is read as far as it goes. Each step records where its output came from in
    its input, so a URL in the text is placed exactly, in time linear in the page and in
    memory bounded by a window's work beside the page and its text."""
    if "<" in source:
        text, without_tags, hidden = _strip_markup(source)
    else:
        text, without_tags, hidden = source, _offset_map(), (array("q"), array("q"))
    if "&" in text:
        text, decoded = _decode_references(text)
    else:
        decoded = _offset_map()
    attributes = _attributes(source, hidden)
    if any(attribute.read_on for attribute in attributes):
        text = _read_ons_blanked(text, attributes, without_tags, decoded)
    return built(HtmlText, (text, attributes, (without_tags, decoded)))


def _read_ons_blanked(
    text: str, attributes: list[Attribute], without_tags: OffsetMap, decoded: OffsetMap
) -> str:
    """`text` with the login that an attribute's value reads on into blanked, to its "@".

    A ">" in a password ends its tag where the markup pattern reads (the attribute's value
    is cut there, `_read_on`); a browser reads the rest as the quoted value's, not as page
    text, and a URL the scanner read in it would show the password's rest (RFC 1738
    section 6). Blanked with spaces, the text keeps its length, and its offset maps hold.
    Only the word's login is: a link's text after the "@" is text."""
    positions = range(len(text))

    def source_of(offset: int) -> int:
        return without_tags.source(decoded.source(offset))

    for attribute in attributes:
        login_end = attribute.read_on.rfind("@") + 1
        if login_end == 0:
            continue
        start = bisect_left(positions, attribute.read_on_at, key=source_of)
        end = bisect_left(positions, attribute.read_on_at + login_end, key=source_of)
        if start < end:
            text = text[:start] + " " * (end - start) + text[end:]
    return text


# Both steps are a re.split and a few passes over lists in C, with no Python call per
# match: a page holds a tag every 30 characters or so, and a replacement function per tag
# (re.sub's) cost more than the regular expression's scan. re.split, with a pattern of
# groups, gives the text between matches and the groups of each match in turn:
# [text, groups..., text, groups..., text]. Those lists hold some 150 bytes a tag, where
# the page holds 30: a page longer than _WINDOW_CHARS is read a window at a time, cut
# where the whole page's reading would stand between two matches, so that each window
# gives what the whole page gives there.
_WINDOW_CHARS = 1 << 20
_WINDOW_TAGS = 1 << 14  # at most this many tags a window, on a long page


def _strip_markup(source: str) -> tuple[str, OffsetMap, tuple[array, array]]:
    """A tag goes; a block tag leaves a line end (at the tag's place). With the text: its
    OffsetMap, and the spans of the comments, scripts, styles and titles it hides, whose
    tags no client reads."""
    read = _markup_read_at_once(source)
    if read is not None:
        return read
    texts: list[str] = []
    mapping = _offset_map()
    hidden = (array("q"), array("q"))
    window_start = 0
    region = _markup_region(source)
    window_ends = _markup_cuts(source, region)
    if region < len(source):
        window_ends.append(len(source))  # what follows the last ">": _split_tail
    for window_end in window_ends:
        window = (
            source[window_start:window_end] if window_end - window_start < len(source) else source
        )
        # text, then groups 1 to 4 of each match, ..., text
        split = _MARKUP.split(window) if window_start < region else _split_tail(window)
        tags, comments, names, blocks = split[1::5], split[2::5], split[3::5], split[4::5]
        pieces = [""] * (2 * len(tags) + 1)  # the text and the matches in turn
        pieces[::2], pieces[1::2] = split[::5], tags
        del split
        replacements = ["" if block is None else "\n" for block in blocks]
        ends = _replaced(pieces, replacements, texts, mapping, window_start)
        # Hidden: comments, and the elements read to their end tag but the head (whose
        # tags a client reads: <link href>, <base href>, a meta refresh). They are few.
        hides = list(map(bool, comments))
        for index in compress(range(len(names)), names):
            hides[index] = names[index].lower() != "head"
        hidden[0].extend(compress(ends[::2], hides))
        hidden[1].extend(compress(ends[1::2], hides))
        window_start = window_end
    return "".join(texts), mapping, hidden


def _markup_read_at_once(source: str) -> tuple[str, OffsetMap, tuple[array, array]] | None:
    """What `_strip_markup` gives of a page whose whole it reads (no "<" after its last
    ">": `_markup_region`), from the compiled loops (mail.fast.markup) where they run and
    read it (a Latin-1 page): one pass in C, for the pattern's split and the lists made of
    it; None for the pattern's reading."""
    if LOOPS is None or "<" in source[source.rfind(">") + 1 :]:
        return None
    mapping = _offset_map()
    hidden = (array("q"), array("q"))
    text = LOOPS.markup(
        source, BLOCK_ELEMENTS, _HIDDEN_SET, (mapping.starts, mapping.targets), hidden
    )
    if text is None:
        return None
    return text, mapping, hidden


def _markup_cuts(source: str, region: int) -> list[int]:
    """Where the windows of source[:region] end: the end of every _WINDOW_TAGS-th match of
    the whole page's scan, then the region's end; only the region's end for one of at
    most _WINDOW_CHARS. A scan goes on from a match's end as it would from the start, and
    no match runs past one (re.finditer, re.split), so a window read alone gives the
    matches the whole page gives in it (tests/mail/test_html.py cuts pages in tiny
    windows)."""
    if region <= _WINDOW_CHARS:
        return [region]
    every = islice(_MARKUP.finditer(source, 0, region), _WINDOW_TAGS - 1, None, _WINDOW_TAGS)
    return [*[match.end() for match in every], region]


def _markup_region(source: str) -> int:
    """How much of `source` the markup scan reads: all of it, or, where a "<" follows its
    last ">", up to that ">". Past it no tag can close, so the scan from each "<" there
    would run to the page's end and fail (a page of n of them: time in the square of n);
    what the whole page's scan finds there is an unclosed comment at most (`_split_tail`).
    Unless a comment or a hidden element that starts before runs on to the end: it holds
    all of what follows, and the whole page is scanned."""
    last = source.rfind(">") + 1
    if source.find("<", last) < 0:
        return len(source)
    final = next(iter(deque(_MARKUP.finditer(source, 0, last), maxlen=1)), None)
    if final is not None and final.end() == last:
        whole = _MARKUP.match(source, final.start())
        if whole is not None and whole.end() > last:
            return len(source)
    return last


def _split_tail(tail: str) -> list:
    """_MARKUP.split of what follows a page's last ">" (_markup_region): its text, then the
    comment it may open, to its end."""
    comment = tail.find("<!--")
    if comment < 0:
        return [tail]
    return [tail[:comment], tail[comment:], "!", None, None, ""]


def _decode_references(text: str) -> tuple[str, OffsetMap]:
    """Character references decoded, as html.unescape decodes them. A page uses a few
    (&nbsp; most), each many times: each is decoded once a window. A window of a long
    text ends before an "&": no reference holds one but at its start. The compiled loops
    read a Latin-1 text at once (mail.fast.references)."""
    mapping = _offset_map()
    if LOOPS is not None:  # a Latin-1 text, in one pass in C
        decoded = LOOPS.references(text, unescape, (mapping.starts, mapping.targets))
        if decoded is not None:
            return decoded, mapping
    texts: list[str] = []
    window_start = 0
    while window_start < len(text):
        window_end = text.find("&", window_start + max(_WINDOW_CHARS, 1))
        if window_end < 0:
            window_end = len(text)
        window = text[window_start:window_end] if window_end - window_start < len(text) else text
        pieces = _REFERENCE.split(window)  # the text and the references in turn
        references = pieces[1::2]
        decoded = {reference: unescape(reference) for reference in set(references)}
        replacements = list(map(decoded.__getitem__, references))
        _replaced(pieces, replacements, texts, mapping, window_start)
        window_start = window_end
    return "".join(texts), mapping


def _replaced(
    pieces: list[str],
    replacements: list[str],
    texts: list[str],
    mapping: OffsetMap,
    source_start: int,
) -> list[int]:
    """pieces: text, a match, text, ..., text, of a window of a page that starts at
    `source_start`; its text with the matches replaced appended to `texts` (what the page's
    windows before it made), the map's entries to `mapping`. Returns where each piece ends
    in the page (match i runs from ends[2i] to ends[2i + 1]).

    The map has the entries a replacement function of re.sub would append match by match
    (tests/mail/test_html.py checks it against one): where the replacement starts, if it
    is not empty, then where the text after it starts. Entries at one output offset stay
    (OffsetMap.add would merge them)."""
    text_start = sum(map(len, texts))
    output = pieces.copy()
    output[1::2] = replacements
    ends = list(islice(accumulate(map(len, pieces), initial=source_start), 1, None))
    # For match i: entries 2i (its start; kept for a replacement that is not empty) and
    # 2i + 1 (its end); the end of the last text is none.
    keep = [True] * (2 * len(replacements))
    keep[::2] = map(bool, replacements)
    mapping.starts.extend(
        compress(islice(accumulate(map(len, output), initial=text_start), 1, None), keep)
    )
    mapping.targets.extend(compress(ends, keep))
    texts.append("".join(output))
    return ends


def _offset_map() -> OffsetMap:
    mapping = OffsetMap()
    # In arrays: 8 bytes an entry, a list's entry takes 40.
    mapping.starts, mapping.targets = array("q"), array("q")
    return mapping


def _attributes(source: str, hidden: tuple[array, array]) -> list[Attribute]:
    """The URL attributes of the tags a reader's client reads: none inside a comment, or
    inside a script, style or title, whose text is no markup (`hidden`: their spans). The
    head's tags are tags (`<link href>`, `<base href>`, a meta refresh)."""
    starts, ends = hidden
    found: list[Attribute] = []
    for at, end in _url_tags(source):
        index = bisect_right(starts, at) - 1
        if index >= 0 and starts[index] < at < ends[index]:
            continue
        found.extend(_tag_urls(source, at, end))
    return [attribute for attribute in found if attribute.value]


def _url_tags(source: str) -> list[tuple[int, int]]:
    """The spans of the start tags that name a URL attribute (most tags name none): found
    by the compiled loops where they run and read the page (mail.fast.url_tags), else each
    tag looked at for one."""
    tags = LOOPS.url_tags(source, _URL_NAMES) if LOOPS is not None else None
    if tags is not None:
        return tags
    return [
        tag.span()
        for tag in _START_TAG.finditer(source)
        if _NAMES_A_URL.search(source, tag.start(), tag.end()) is not None
    ]


def _tag_urls(source: str, at: int, end: int) -> list[Attribute]:
    """The URL attributes of the start tag source[at:end], in their order. `content` is a
    URL only in a meta refresh (`<meta http-equiv="refresh" content="0; url=...">`)."""
    name_end = _TAG_NAME.match(source, at + 1).end()  # type: ignore[union-attr]
    values = read_attributes(source, name_end, end - (source[end - 1] == ">"))
    refresh = (
        values.get("http-equiv", ("", 0))[0].strip(_SPACE).lower() == "refresh"
        and source[at + 1 : name_end].lower() == "meta"
    )
    urls: list[Attribute] = []
    for name, (raw, offset) in values.items():
        if name not in _URL_ATTRIBUTES and not (name == "content" and refresh):
            continue
        value_end = offset + len(raw)
        read_on = _read_on(source, value_end)
        if name == "srcset":
            for piece, start in _srcset(raw):  # the last URL may end the value
                ends_value = start + len(piece) == len(raw)
                last_read_on = read_on if ends_value else ""
                urls.append(_url(name, piece, offset + start, last_read_on, value_end))
        elif name == "content":
            skip = _REFRESH_URL.match(raw).end()  # type: ignore[union-attr]
            url = raw[skip:].rstrip("'\"")
            urls.append(_url("refresh", url, offset + skip, read_on, value_end))
        else:
            urls.append(_url(name, raw, offset, read_on, value_end))
    return urls


def read_attributes(source: str, start: int, end: int) -> dict[str, tuple[str, int]]:
    """The attributes html.py reads of one tag: name, value and where the value starts.

    The attributes html.py reads (`_READ_ATTRIBUTES`: those that hold URLs, and http-equiv)
    of the tag whose name ends at `start` and whose attributes end at `end`: each name, in
    lower case, its value and where the value starts (`_value`). A name given twice keeps
    its first value: the tokenizer drops the second ("duplicate-attribute")."""
    values: dict[str, tuple[str, int]] = {}
    for attribute in _ATTRIBUTE.finditer(source, start, end):
        name = attribute.group(1).lower()
        if name in _READ_ATTRIBUTES and name not in values:
            values[name] = _value(attribute)
    return values


def _value(attribute: re.Match[str]) -> tuple[str, int]:
    """An attribute's value (_ATTRIBUTE's groups 2-4: double-quoted, single-quoted,
    unquoted) and where it starts; "" and the name's end for one with none."""
    for group in (2, 3, 4):
        value = attribute.group(group)
        if value is not None:
            return value, attribute.start(group)
    return "", attribute.end()


def _read_on(source: str, value_end: int) -> str:
    """The source's word from where an attribute's value ends (at its closing quote, or at
    the ">" or the tag's end that cut it) to the next blank, at most LOGIN_READ_ON
    characters (grammar.login.word_end: where a login read on ends), where it holds an "@";
    else "". A quote or a ">" is a character a password
    may hold: `href="ftp://fred:pw"d@h/"` reads as a browser reads it (the value
    `ftp://fred:pw`) and as its writer meant it (the password `pw"d`), and section 6 wants
    both hidden, as the scanner hides a plain text's (scanner.login_runs_on.login_read_on)."""
    word = source[value_end : word_end(source, value_end, value_end + LOGIN_READ_ON)]
    return word if "@" in word else ""


def _url(name: str, raw: str, offset: int, read_on: str = "", read_on_at: int = 0) -> Attribute:
    """An attribute's URL as a browser reads it (the WHATWG URL parser strips leading and
    trailing spaces and removes tabs and line breaks), placed at its first character."""
    value = unescape(raw) if "&" in raw else raw
    lead = len(value) - len(value.lstrip(_SPACE))
    value = value.strip(_SPACE).translate(_TAB_OR_NEWLINE)
    place = offset + (lead if lead < len(raw) else 0)
    # (records.built: a record's own constructor is a Python function)
    return built(Attribute, (name, value, place, read_on, read_on_at))


def _srcset(value: str) -> list[tuple[str, int]]:
    """The URLs of a srcset (image candidate strings: a URL, then descriptors, then ","),
    with where each starts in it."""
    urls = []
    at = 0
    while (found := _SRCSET_URL.match(value, at)) is not None:
        url = found.group(1)
        if url.endswith(","):  # no descriptors: the commas end it
            urls.append((url.rstrip(","), found.start(1)))
            at = found.end()
            continue
        urls.append((url, found.start(1)))
        comma = value.find(",", found.end())
        if comma < 0:
            break
        at = comma + 1
    return urls
