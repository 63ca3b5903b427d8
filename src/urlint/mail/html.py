"""text/html parts: the text a reader sees, and the URLs in `href` and `src` attributes.

Read with regular expressions, not html.parser (mail HTML is rarely well formed, and a
tag-by-tag walk in Python costs more than the rest of a message): comments, scripts,
styles and the head are dropped, block tags end lines, other tags go (a browser shows
"http://exa<b>mple</b>.com" as one word), character references are decoded. Each piece
of visible text records where it stands in the source (an OffsetMap), so a URL in it is
placed exactly; an attribute's URL is placed at its tag.
"""

from __future__ import annotations

import re
from html import unescape

from ..records import record
from .textmap import OffsetMap

URL_ATTRIBUTES = ("href", "src")
# Markup, split out of the page in one pass (re.split gives text, then the markup and its
# two groups, then text ...): what is hidden (comments, scripts, styles, the head), the
# elements that end a line of visible text (the third group: a URL never runs from one into
# the next), and any other tag.
_MARKUP = re.compile(
    r"(<!--.*?(?:-->|\Z)|<(script|style|head|title)\b[^>]*>.*?(?:</\2\s*>|\Z)"
    r"|(</?(?:address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form"
    r"|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>)"
    r"|</?[A-Za-z][^>]*>|<![^>]*>|<\?[^>]*>)",
    re.S | re.I,
)
_SPLIT_STRIDE = 4  # text, markup, its hidden element's name, its block tag
# A character reference, as html.unescape finds one (HTML5, a semicolon optional).
_REFERENCE = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
# href and src anywhere in the markup: one pass over the page.
_ATTRIBUTE = re.compile(r"""<[A-Za-z][^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.I)


@record
class Attribute:
    name: str  # "href" or "src"
    value: str
    offset: int  # where its tag starts in the HTML source


@record
class HtmlText:
    text: str  # visible text
    attributes: list[Attribute]
    mapping: OffsetMap  # offsets in `text` -> offsets in the source


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document; broken HTML is read as far
    as it goes. Each piece of visible text records where it came from in the source, so a
    URL in it is placed exactly, in time linear in the page."""
    pieces: list[str] = []
    mapping = OffsetMap()
    starts, targets = mapping.starts, mapping.targets  # appended to in step, for speed
    length = at = 0
    parts = _MARKUP.split(source) if "<" in source else [source]
    for index in range(0, len(parts), _SPLIT_STRIDE):
        text = parts[index]
        if text:
            if "&" not in text:
                starts.append(length)
                targets.append(at)
                pieces.append(text)
                length += len(text)
            else:
                for piece, origin in _decoded(source, at, at + len(text)):
                    starts.append(length)
                    targets.append(origin)
                    pieces.append(piece)
                    length += len(piece)
            at += len(text)
        if index + 1 < len(parts):
            if parts[index + 3] is not None:  # a block tag ends the line
                starts.append(length)
                targets.append(at)
                pieces.append("\n")
                length += 1
            at += len(parts[index + 1])
    attributes = []
    for found in _ATTRIBUTE.finditer(source):
        value = found.group(2) or found.group(3) or found.group(4) or ""
        if "&" in value:
            value = unescape(value)
        value = value.strip()
        if value:
            attributes.append(Attribute(found.group(1).lower(), value, found.start()))
    return HtmlText("".join(pieces), attributes, mapping)


def _decoded(source: str, start: int, end: int) -> list[tuple[str, int]]:
    """source[start:end], text between tags, in pieces with their character references
    decoded: (text, where it starts in the source)."""
    pieces = []
    for reference in _REFERENCE.finditer(source, start, end):
        if start < reference.start():
            pieces.append((source[start : reference.start()], start))
        pieces.append((unescape(reference.group()), reference.start()))
        start = reference.end()
    if start < end:
        pieces.append((source[start:end], start))
    return pieces
