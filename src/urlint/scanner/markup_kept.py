"""What markup's readers take as written beyond what it shows as such: no fix goes there.

`scanner.markup_lines.as_written` is what a renderer shows as written (code, literals,
<pre>); this is what a tool reads, or a reader is shown as text no link stands for, which a
fix of a URL's characters would change all the same: HTML's comments (a tool's directive)
and its attributes' values but a link's (`alt`, `title`), in HTML and in Markdown's HTML;
Markdown's image alt texts and link titles; and reStructuredText's section titles (a longer
title outgrows its underline), tables (a longer cell moves a border), comments, directive
options and the bodies of directives that are not prose. The checker offers no fix there
(linter.checker), and `--add-ignore` writes no comment inside an HTML comment or tag
(`html_kept`'s second part).
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from .markup_lines import OpenBlock, Spans, line_spans, lines_of, merged, within, written_parts

__all__ = ["fix_free", "html_kept"]


def fix_free(syntax: str, text: str, opened: OpenBlock = None) -> tuple[Spans, Spans]:
    """Where a fix may not go in a markup text (sorted, apart): what `as_written` finds and
    what tools read as written; and apart from it, sorted, the part inside or across lines
    (all but the blocks, whose state a later chunk of a long text is handed:
    markup_lines.written_parts)."""
    shown, inline = written_parts(syntax, text, opened)
    kept: Spans = []
    if syntax == "html":
        kept = html_kept(text)[0]
    elif syntax == "markdown":
        kept = html_kept(text, shown)[0] + _markdown_texts_kept(text, shown)
    elif syntax == "rst":
        kept = line_spans(text, _rst_lines_kept(lines_of(text)))
    if not kept:
        return shown, inline
    return merged(shown + kept), sorted(inline + kept)


# HTML's comments, start tags and their attributes (WHATWG HTML, "13.1.2.3 Attributes",
# "13.1.6 Comments"): a value quoted or not. A quoted value is looked for within a bound,
# so that an unclosed quote costs a bounded search, not one to the text's end.
_HTML_COMMENT_OPEN = "<!--"
_HTML_COMMENT_CLOSE = "-->"
_START_TAG = compiled_when_used(r"<[A-Za-z][A-Za-z0-9:-]*")
_ATTRIBUTE = compiled_when_used(
    r"""[ \t\r\n\f]+([^\s"'>/=]+)(?:[ \t\r\n\f]*=[ \t\r\n\f]*"""
    r"""("[^"]{0,65536}"|'[^']{0,65536}'|[^\s"'=<>`]+))?"""
)
_TAG_END = compiled_when_used(r"[ \t\r\n\f]*/?>")
# The attributes whose value is a link a reader follows: a fix there is a fix of the link
_LINK_ATTRIBUTES = frozenset({"href", "src"})


def html_kept(text: str, skip: Spans | None = None) -> tuple[Spans, Spans]:
    """What a tool reads as written in HTML (and Markdown's HTML): the comments
    (`<!-- ... -->`, some are a tool's directives) and every attribute value but a link's
    (`href`, `src`) on one line; and, apart, each comment and start tag whole, where an
    ignore comment would be part of it or break it. A tag or comment inside one of `skip`
    (sorted, apart: Markdown's code) is text. Linear: each tag's values are read once,
    each quote's close searched within a bound."""
    kept: Spans = []
    whole: Spans = []
    at = 0
    length = len(text)
    while True:
        opener = text.find("<", at)
        if opener < 0:
            return kept, whole
        if skip and within(skip, opener, opener + 1):
            at = opener + 1
            continue
        if text.startswith(_HTML_COMMENT_OPEN, opener):
            closed = text.find(_HTML_COMMENT_CLOSE, opener + 4)
            end = length if closed < 0 else closed + 3
            kept.append((opener, end))
            whole.append((opener, end))
            at = end
            continue
        tag = _START_TAG.match(text, opener)
        if tag is None:
            at = opener + 1
            continue
        place = tag.end()
        while True:
            attribute = _ATTRIBUTE.match(text, place)
            if attribute is None:
                break
            value_start, value_end = attribute.span(2)
            if value_start >= 0 and (
                attribute.group(1).lower() not in _LINK_ATTRIBUTES or "\n" in attribute.group(2)
            ):
                kept.append((value_start, value_end))
            place = attribute.end()
        closing = _TAG_END.match(text, place)
        end = closing.end() if closing is not None else place
        whole.append((opener, end))
        at = max(end, opener + 1)


# Markdown's texts that are no prose a fix may change (CommonMark 0.31.2 sections 6.3 and
# 6.4, 4.7): an image's description (its alt text), a link's title and a link reference
# definition's title, apart from its destination by whitespace (a destination's own
# parentheses, `wiki/A_(b)`, are no title). Each is looked for within a bound, so that an
# unclosed one costs a bounded search.
_IMAGE_OPEN = compiled_when_used(r"!\[")
_IMAGE_ALT_END = compiled_when_used(r"[^\]\n]{0,1000}(?:\n[^\]\n]{1,1000}){0,8}\][(\[]")
_LINK_TITLE = compiled_when_used(
    r"\]\([ \t]*(?:<[^>\n]{0,2000}>|[^\s()<]{1,2000})(?:[ \t]+\n?|\n)[ \t]*"
    r"(\"[^\"]{0,1000}\"|'[^']{0,1000}'|\([^()]{0,1000}\))[ \t]*\)"
)
_DEFINITION_TITLE = compiled_when_used(
    r"^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*\n?[ \t]*(?:<[^>\n]{0,2000}>|\S{1,2000})"
    r"(?:[ \t]+\n?|\n)[ \t]*(\"[^\"]{0,1000}\"|'[^']{0,1000}'|\([^()]{0,1000}\))[ \t]*$",
    re.MULTILINE,
)


def _markdown_texts_kept(text: str, skip: Spans) -> Spans:
    """The alt texts of Markdown's images and the titles of its links and link reference
    definitions, outside `skip` (code): a URL in one is the text a reader is shown or read
    aloud, no link; a fix would change that text."""
    spans: Spans = []
    for opener in _IMAGE_OPEN.finditer(text):
        if skip and within(skip, opener.start(), opener.end()):
            continue
        alt = _IMAGE_ALT_END.match(text, opener.end())
        if alt is not None:
            spans.append((opener.end(), alt.end() - 2))
    for pattern in (_LINK_TITLE, _DEFINITION_TITLE):
        for title in pattern.finditer(text):
            if not (skip and within(skip, title.start(), title.end())):
                spans.append(title.span(1))
    return spans


# reStructuredText's lines that are no prose a fix may change (Docutils, "reStructuredText
# Markup Specification"): a section title (a longer title outgrows its underline), a grid
# or simple table's rows (a longer cell moves the columns), a comment's lines, a directive's
# options (`:alt:`) and the body of a directive whose body is not prose (`raw`, `csv-table`,
# `math`, `include`'s options ...).
_ADORNMENT = compiled_when_used(r"([!-/:-@\[-`{-~])\1+[ \t]*\Z")
_GRID_BORDER = compiled_when_used(r"[ \t]*\+(?:[-=]+\+)+[ \t]*\Z")
_SIMPLE_BORDER = compiled_when_used(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*\Z")
_EXPLICIT = compiled_when_used(r"([ \t]*)\.\.(?:[ \t]+|\Z)")
_DIRECTIVE = compiled_when_used(r"(?:\|[^|\n]+\|[ \t]+)?([\w:+.-]+)::(?:[ \t]|\Z)")
_OPTION = compiled_when_used(r"[ \t]+:(?![ \t])([^:\n]+):(?:[ \t]|\Z)")
_PROSE_DIRECTIVES = frozenset(
    "admonition attention caution danger error hint important note tip warning seealso "
    "versionadded versionchanged deprecated topic sidebar rubric epigraph highlights "
    "pull-quote compound container figure image list-table table class only".split()
)
_LINK_OPTIONS = frozenset({"target"})  # an image's link: a fix there is a fix of the link


def _rst_lines_kept(lines: list[str]) -> frozenset[int]:
    """The numbers (from 1) of `lines` no fix may change in reST: section titles, table
    rows, comments, directive options but a link's, the bodies of directives not of prose.
    One pass; a block's extent by its indentation."""
    kept: set[int] = set()
    count = len(lines)
    index = 0
    while index < count:
        line = lines[index].rstrip("\r")
        following = lines[index + 1].rstrip("\r") if index + 1 < count else ""
        if _GRID_BORDER.match(line) or _SIMPLE_BORDER.match(line):
            end = _table_end(lines, index, _SIMPLE_BORDER.match(line) is not None)
            kept.update(range(index + 1, end + 1))
            index = end
        elif line.strip() and _ADORNMENT.match(following) and not _ADORNMENT.match(line):
            kept.add(index + 1)  # a section title, over its underline
            index += 1
        elif _EXPLICIT.match(line):
            index = _explicit_block(lines, index, kept)
        else:
            index += 1
    return frozenset(kept)


def _table_end(lines: list[str], index: int, simple: bool) -> int:
    """Where the table whose border is line `index` ends (the index after its last line):
    at a blank line, or for a simple table, whose rows may hold blank lines, after the
    paragraph that holds its last border (looked for 40 lines on at most)."""
    count = len(lines)
    end = index + 1
    while end < count and lines[end].strip():
        end += 1
    while (
        simple
        and end + 1 < count
        and lines[end + 1].strip()
        and any(_SIMPLE_BORDER.match(row) for row in lines[end + 1 : end + 40])
    ):
        end += 1
        while end < count and lines[end].strip():
            end += 1
    return end


def _explicit_block(lines: list[str], index: int, kept: set[int]) -> int:
    """The explicit markup block at line `index` (`.. ` and the lines indented past it),
    its lines no fix may change added to `kept` (numbers from 1): a comment's all, a
    directive's options but a link's, and its body where it is not prose; a hyperlink
    target's and a footnote's none. Returns the index after the block."""
    explicit = _EXPLICIT.match(lines[index])
    assert explicit is not None
    indent = len(explicit.group(1))
    rest = lines[index][explicit.end() :]
    count = len(lines)
    end = index + 1
    while end < count and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    while end > index + 1 and not lines[end - 1].strip():
        end -= 1
    if rest.startswith(("_", "[")):  # a hyperlink target, a footnote: a link, prose
        return end
    directive = _DIRECTIVE.match(rest)
    if directive is None:  # a comment: the whole block
        kept.update(range(index + 1, end + 1))
        return end
    prose = directive.group(1).lower() in _PROSE_DIRECTIVES
    in_options = True
    for number in range(index + 1, end):
        option = _OPTION.match(lines[number]) if in_options else None
        if option is not None:
            if option.group(1).strip().lower() not in _LINK_OPTIONS:
                kept.add(number + 1)
            continue
        in_options = False
        if not prose:
            kept.add(number + 1)
    return end
