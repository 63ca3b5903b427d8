"""text/html parts: the text a reader sees, and the URLs in `href` and `src` attributes.

Read with regular expressions, not html.parser (mail HTML is rarely well formed, and a
tag-by-tag walk in Python costs more than the rest of a message): comments, scripts,
styles and the head are dropped, block tags end lines, other tags go (a browser shows
"http://exa<b>mple</b>.com" as one word), character references are decoded. A URL in the
visible text is placed by finding its text in the source (textmap.SearchMap); an
attribute's URL is placed at its tag.
"""

from __future__ import annotations

import re
from html import unescape

from ..records import record

URL_ATTRIBUTES = ("href", "src")
_HIDDEN = re.compile(r"<!--.*?(?:-->|\Z)|<(script|style|head|title)\b[^>]*>.*?(?:</\1\s*>|\Z)", re.S | re.I)
# Elements that end a line of visible text: a URL never runs from one into the next.
_BLOCK_TAG = re.compile(
    r"</?(?:address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form"
    r"|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>",
    re.I,
)
_TAG = re.compile(r"</?[A-Za-z][^>]*>|<![^>]*>|<\?[^>]*>")
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


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document; broken HTML is read as far
    as it goes."""
    text = _HIDDEN.sub("", source) if "<" in source else source
    text = _TAG.sub("", _BLOCK_TAG.sub("\n", text))
    if "&" in text:
        text = unescape(text)
    attributes = []
    for found in _ATTRIBUTE.finditer(source):
        value = found.group(2) or found.group(3) or found.group(4) or ""
        if "&" in value:
            value = unescape(value)
        value = value.strip()
        if value:
            attributes.append(Attribute(found.group(1).lower(), value, found.start()))
    return HtmlText(text, attributes)
