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
- the URLs of `href` (a, area, link), `src`, each of `srcset`, `<form action>` and
  `<meta http-equiv=refresh content="0; url=...">` are read as a browser reads an attribute
  URL: references decoded, tabs and line breaks removed (mail servers fold long HTML lines
  at 998 characters, RFC 5322 section 2.1.1, often inside a URL), leading and trailing
  spaces stripped. Each is placed where its text starts in the source.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from html import unescape

from ..records import record
from .textmap import OffsetMap

# Markup, in one pass over the page: what is hidden (comments by the tokenizer's rules,
# scripts, styles, the head), the elements that end a line of visible text (group 3: a URL
# never runs from one into the next), and any other tag.
_MARKUP = re.compile(
    r"(<!--(?:-?>|.*?(?:--!?>|\Z))|<(script|style|head|title)\b[^>]*>.*?(?:</\2\s*>|\Z)"
    r"|(</?(?:address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form"
    r"|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>)"
    r"|</?[A-Za-z][^>]*>|<![^>]*>|<\?[^>]*>)",
    re.S | re.I,
)
# A character reference, as html.unescape finds one (HTML5, a semicolon optional).
_REFERENCE = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
# A start tag with an attribute that may hold a URL, then each such attribute in it.
_TAG_WITH_URL = re.compile(r"<[A-Za-z][^>]*?\s(?:href|src|srcset|action|content)\s*=[^>]*>?", re.I)
_URL_ATTRIBUTE = re.compile(
    r"""\s(href|src|srcset|action|content)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.I
)
_META_REFRESH = re.compile(r"<meta\b[^>]*\shttp-equiv\s*=\s*[\"']?refresh", re.I)
# content="5; url='http://...'" (HTML's "shared declarative refresh steps").
_REFRESH_URL = re.compile(r"\s*[0-9.]*\s*[;,]?\s*(?:url\s*=\s*)?['\"]?", re.I)
_SRCSET_URL = re.compile(r"[\s,]*(\S+)")
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")
_SPACE = " \t\n\r\f"


@record
class Attribute:
    name: str  # "href", "src", "srcset", "action" or "refresh" (a meta refresh's content)
    value: str  # the URL, as a browser reads it from the attribute
    offset: int  # where its text starts in the HTML source


@record
class HtmlText:
    text: str  # visible text
    attributes: list[Attribute]
    # Offsets in `text` -> in the text without tags -> in the source.
    steps: tuple[OffsetMap, OffsetMap]


def read_html(source: str) -> HtmlText:
    """The visible text and URL attributes of an HTML document; broken HTML is read as far
    as it goes. Each step records where its output came from in its input, so a URL in the
    text is placed exactly, in time linear in the page and in memory of one copy a step."""
    without_tags = _Step()
    text = _MARKUP.sub(without_tags.markup, source) if "<" in source else source
    decoded = _Step()
    if "&" in text:
        text = _REFERENCE.sub(decoded.reference, text)
    return HtmlText(
        text,
        list(_attributes(source, without_tags.hidden)),
        (without_tags.mapping, decoded.mapping),
    )


def _attributes(source: str, hidden: tuple[array, array]) -> list[Attribute]:
    """The URL attributes of the tags a reader's client reads: none inside a comment, or
    inside a script, style or title, whose text is no markup (`hidden`: their spans). The
    head's tags are tags (`<link href>`, `<base href>`, a meta refresh)."""
    starts, ends = hidden
    found: list[Attribute] = []
    for tag in _TAG_WITH_URL.finditer(source):
        at = tag.start()
        index = bisect_right(starts, at) - 1
        if index >= 0 and starts[index] < at < ends[index]:
            continue
        for attribute in _URL_ATTRIBUTE.finditer(source, at, tag.end()):
            name = attribute.group(1).lower()
            group = (
                2 if attribute.group(2) is not None else 3 if attribute.group(3) is not None else 4
            )
            raw, offset = attribute.group(group), attribute.start(group)
            if name == "content":
                if not _META_REFRESH.match(source, at):
                    continue
                skip = _REFRESH_URL.match(raw).end()  # type: ignore[union-attr]
                name, raw, offset = "refresh", raw[skip:].rstrip("'\""), offset + skip
            if name == "srcset":
                found.extend(_url(name, piece, offset + start) for piece, start in _srcset(raw))
            else:
                found.append(_url(name, raw, offset))
    return [attribute for attribute in found if attribute.value]


def _url(name: str, raw: str, offset: int) -> Attribute:
    """An attribute's URL as a browser reads it (the WHATWG URL parser strips leading and
    trailing spaces and removes tabs and line breaks), placed at its first character."""
    value = unescape(raw) if "&" in raw else raw
    lead = len(value) - len(value.lstrip(_SPACE))
    value = value.strip(_SPACE).translate(_TAB_OR_NEWLINE)
    return Attribute(name, value, offset + (lead if lead < len(raw) else 0))


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


class _Step:
    """The replacement function of one re.sub over a text, recording where its output
    came from: what follows each replacement runs on in step with what followed the match.
    The markup step also records the spans of the comments, scripts, styles and titles it
    hides, whose tags no client reads."""

    __slots__ = ("mapping", "shift", "hidden")

    def __init__(self) -> None:
        self.mapping = OffsetMap()
        self.mapping.starts, self.mapping.targets = array("q"), array("q")  # 8 bytes an entry
        self.shift = 0  # output offset minus input offset, after what was replaced so far
        self.hidden: tuple[array, array] = (array("q"), array("q"))

    def markup(self, match: re.Match[str]) -> str:
        """A tag goes; a block tag leaves a line end (at the tag's place)."""
        if match.group(3) is not None:
            return self._put("\n", match)
        hidden = match.group(2)
        if (hidden is not None and hidden.lower() != "head") or match.group().startswith("<!--"):
            self.hidden[0].append(match.start())
            self.hidden[1].append(match.end())
        return self._put("", match)

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
