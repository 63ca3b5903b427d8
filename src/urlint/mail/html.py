"""text/html parts: the text a reader sees, and the URLs in `href` and `src` attributes.

Read with regular expressions, not html.parser (mail HTML is rarely well formed, and a
tag-by-tag walk in Python costs more than the rest of a message): comments, scripts,
styles and the head are dropped, block tags end lines, other tags go (a browser shows
"http://exa<b>mple</b>.com" as one word), character references are decoded. Each of the
two steps records where its output stands in its input (an OffsetMap), so a URL in the text
is placed exactly; an attribute's URL is placed at its tag.
"""

from __future__ import annotations

import re
from array import array
from html import unescape

from ..records import record
from .textmap import OffsetMap

URL_ATTRIBUTES = ("href", "src")
# Markup, in one pass over the page: what is hidden (comments, scripts, styles, the head),
# the elements that end a line of visible text (group 3: a URL never runs from one into the
# next), and any other tag.
_MARKUP = re.compile(
    r"(<!--.*?(?:-->|\Z)|<(script|style|head|title)\b[^>]*>.*?(?:</\2\s*>|\Z)"
    r"|(</?(?:address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form"
    r"|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>)"
    r"|</?[A-Za-z][^>]*>|<![^>]*>|<\?[^>]*>)",
    re.S | re.I,
)
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
    steps: tuple[OffsetMap, OffsetMap]  # offsets in `text` -> in the text without tags -> in the source


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document; broken HTML is read as far
    as it goes. Each step records where its output came from in its input, so a URL in the
    text is placed exactly, in time linear in the page and in memory of one copy a step."""
    without_tags = _Step()
    text = _MARKUP.sub(without_tags.markup, source) if "<" in source else source
    decoded = _Step()
    if "&" in text:
        text = _REFERENCE.sub(decoded.reference, text)
    attributes = []
    for found in _ATTRIBUTE.finditer(source):
        value = found.group(2) or found.group(3) or found.group(4) or ""
        if "&" in value:
            value = unescape(value)
        value = value.strip()
        if value:
            attributes.append(Attribute(found.group(1).lower(), value, found.start()))
    return HtmlText(text, attributes, (without_tags.mapping, decoded.mapping))


class _Step:
    """The replacement function of one re.sub over a text, recording where its output
    came from: what follows each replacement runs on in step with what followed the match."""

    __slots__ = ("mapping", "shift")

    def __init__(self) -> None:
        self.mapping = OffsetMap()
        self.mapping.starts, self.mapping.targets = array("q"), array("q")  # 8 bytes an entry
        self.shift = 0  # output offset minus input offset, after what was replaced so far

    def markup(self, match: re.Match[str]) -> str:
        """A tag goes; a block tag leaves a line end (at the tag's place)."""
        return self._put("\n" if match.group(3) is not None else "", match)

    def reference(self, match: re.Match[str]) -> str:
        return self._put(unescape(match.group()), match)

    def _put(self, replacement: str, match: re.Match[str]) -> str:
        start, end = match.span()
        at = start + self.shift
        starts, targets = self.mapping.starts, self.mapping.targets
        if replacement:
            starts.append(at)
            targets.append(start)
        self.shift += len(replacement) - (end - start)
        starts.append(at + len(replacement))
        targets.append(end)
        return replacement
