"""text/html parts: the text a reader sees, and the URLs in `href` and `src` attributes.

Read with regular expressions rather than html.parser (five times slower, and mail HTML is
rarely well formed anyway): comments, scripts and styles are dropped, block tags end lines
(inline tags join what they separate, as a browser shows it), character references are decoded. The visible text keeps a map
back to the HTML source (textmap.OffsetMap) so its URLs are positioned; an attribute's URL
is positioned at its tag.
"""

from __future__ import annotations

import re
from html import unescape

from ..records import record
from .textmap import OffsetMap

URL_ATTRIBUTES = ("href", "src")
_MARKUP = re.compile(
    r"<!--.*?(?:-->|\Z)|<(script|style|head|title)\b[^>]*>.*?(?:</\1\s*>|\Z)|<!\[CDATA\[.*?\]\]>|</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>|<![^>]*>|<\?[^>]*>",
    re.S | re.I,
)
# href and src anywhere in the markup: one pass over the page, not one per tag.
_ATTRIBUTE = re.compile(r"""<[A-Za-z][^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.I)
# Elements that end a line of visible text: a URL never runs from one into the next.
_BLOCK = frozenset(
    "address article aside blockquote br dd div dl dt fieldset figcaption figure footer form "
    "h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul".split()
)
_BLOCK |= {name.upper() for name in _BLOCK}


@record
class Attribute:
    name: str  # "href" or "src"
    value: str
    offset: int  # where its tag starts in the HTML source


@record
class HtmlText:
    text: str  # visible text
    mapping: OffsetMap  # visible text -> HTML source
    attributes: list[Attribute]


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document; broken HTML is read as far
    as it goes."""
    out: list[str] = []
    size = 0
    mapping = OffsetMap()
    at = 0
    for markup in _MARKUP.finditer(source):
        start = markup.start()
        if start > at:
            size = _text(source, at, start, out, size, mapping)
        at = markup.end()
        tag = markup.group(2)
        if tag is not None and (tag in _BLOCK or tag.lower() in _BLOCK) and out and out[-1][-1:] != "\n":
            out.append("\n")
            size += 1
    if at < len(source):
        _text(source, at, len(source), out, size, mapping)
    attributes = []
    for found in _ATTRIBUTE.finditer(source):
        value = found.group(2) or found.group(3) or found.group(4) or ""
        if "&" in value:
            value = unescape(value)
        value = value.strip()
        if value:
            attributes.append(Attribute(found.group(1).lower(), value, found.start()))
    return HtmlText("".join(out), mapping, attributes)
def _text(source: str, start: int, end: int, out: list[str], size: int, mapping: OffsetMap) -> int:
    """Visible text source[start:end], references decoded, appended to `out`."""
    text = source[start:end]
    if "&" in text:
        text = unescape(text)  # positions after a reference drift by its length: fine
    mapping.add(size, start)
    out.append(text)
    return size + len(text)
