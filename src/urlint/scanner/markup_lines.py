"""What markup says is no URL, or no part of one: a reST role's explicit target, and a line
that is markup of its own. Pure; loaded for Markdown, reST and AsciiDoc files only.

- A reST role with an explicit target, `` :doc:`pdb <python:library/pdb>` ``, names a
  cross-reference, not a URL: Sphinx reads `python:` as an intersphinx inventory's name
  (Sphinx docs, "Cross-referencing syntax" and sphinx.ext.intersphinx: "To reference an
  object from another project, prefix its name with the inventory name"). A hyperlink,
  `` `text <https://x.org>`_ ``, ends in "_" and stays a URL.
- In Markdown, reStructuredText and AsciiDoc a bare URL ends at its line's end: CommonMark's
  autolinks and GFM's extended ones hold no whitespace (CommonMark 0.31.2 section 6.5),
  docutils' standalone hyperlinks hold none, nor Asciidoctor's InlineLinkRx (`[^\\s\\[\\]]+`).
  So no guessed join reads the next line onto one (bare_url.py), and the next line is not
  even offered as its continuation (the linter's hint) where that line is markup of its own:
  an AsciiDoc comment (`//`) or attribute entry (`:name: value`), a list item, a heading, a
  directive, a link definition, a table's row, a block's delimiter.
"""

from __future__ import annotations

import re

# A role before interpreted text: `:name:` or `:domain:name:` (docutils: a role's name is a
# "simple reference name", alphanumerics and isolated "-", "_", ".", ":", "+"; Sphinx's
# `:external+python:ref:` takes a "+").
_ROLE_BEFORE = re.compile(r":[\w.+-]+(?::[\w.+-]+)*:\Z")
_LOOK_BACK = 1024  # interpreted text is a phrase: its opening backquote is no further back
_ROLE_LENGTH = 64  # nor is a role's name longer


def cross_reference(text: str, start: int, end: int) -> bool:
    """Is text[start:end], between "<" and ">" in a reST text, a role's explicit target
    (`` :ref:`x <sphinx:foo>` ``): interpreted text closes right after its ">", a role
    stands right before its opening backquote, and it is no URL by its shape (no "//"
    after its colon, not `mailto:`)?"""
    if text[end : end + 2] != ">`" or text[end + 2 : end + 3] == "_":
        return False  # a hyperlink reference (`text <URL>`_), or no interpreted text
    colon = text.find(":", start, end)
    if colon < 0 or text.startswith("//", colon + 1) or text[start:colon].lower() == "mailto":
        return False
    tick = text.rfind("`", max(0, start - _LOOK_BACK), start)
    if tick < 0 or "\n\n" in text[tick:start]:
        return False  # no backquote in the paragraph before it
    return _ROLE_BEFORE.search(text, max(0, tick - _ROLE_LENGTH), tick) is not None


_LINE_END = r"[ \t]*(?=\r?\n|\Z)"
# Asciidoctor's line-level syntax (https://docs.asciidoctor.org/asciidoc/latest/): a comment
# line, an attribute entry (`:name:`, `:name!:`), a block delimiter, a block title
# (`.Title`), a section title, a list item, a block attribute line (`[source,ruby]`), a
# block macro (`image::`).
_ASCIIDOC = re.compile(
    r"//|:!?\w[\w-]*!?:(?:[ \t]|(?=\r?\n|\Z))"
    rf"|(?:-{{4,}}|\.{{4,}}|\*{{4,}}|={{4,}}|\+{{4,}}|_{{4,}}|\|===){_LINE_END}"
    r"|\.(?=[^\s.])|={1,6}[ \t]|[ \t]*(?:[*.\-]+|\d+\.)[ \t]"
    rf"|\[[^\]\n]*\]{_LINE_END}|\w+::"
)
# CommonMark 0.31.2's block starts: a list item (5.2), an ATX heading (4.2), a block quote
# (5.1), a link reference definition (4.7), a code fence (4.5), a thematic break (4.1), an
# HTML block (4.6); GFM's table row.
_MARKDOWN = re.compile(
    r"[ \t]*(?:[*+\-][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|(?=\r?\n|\Z))|>|\[[^\]\n]+\]:"
    r"|```|~~~|\||<[A-Za-z/!]|(?:[-*_][ \t]*){3,}(?=\r?\n|\Z))"
)
# The docutils specification's body elements: explicit markup (`.. ` directives, comments,
# targets; `__ ` anonymous targets), bullet and enumerated lists, field lists, line blocks,
# doctest blocks, grid tables' borders, section adornments.
_RST = re.compile(
    r"[ \t]*(?:\.\.(?:[ \t]|(?=\r?\n|\Z))|__[ \t]|[*+\-\u2022\u2023\u2043][ \t]"
    r"|\(?(?:\d+|[A-Za-z#])[.)][ \t]|:[^:\n]+:(?:[ \t]|(?=\r?\n|\Z))|\|[ \t]|>>>|\+[-=+]+\+"
    rf"|([!-/:-@\[-`{{-~])\1{{3,}}{_LINE_END})"
)
_OWN_LINES = {"asciidoc": _ASCIIDOC, "markdown": _MARKDOWN, "rst": _RST}


def markup_line(syntax: str, text: str, at: int) -> bool:
    """Is the line that starts at `at` markup of its own in `syntax` ("markdown", "rst",
    "asciidoc"), which no URL of the line before goes on on? False for another syntax."""
    own = _OWN_LINES.get(syntax)
    return own is not None and own.match(text, at) is not None


__all__ = [
    "SHOWN_AS_WRITTEN", "OpenBlock", "as_written", "block_open_at", "code_block_lines",
    "cross_reference", "line_spans", "lines_of", "markup_line", "merged", "open_across",
    "within", "written_parts",
]  # fmt: skip


# A fenced code block's opening and closing lines (CommonMark 0.31.2 section 4.5): up to
# three spaces, then three or more backquotes or tildes; it closes at a line of the same
# character, at least as many, and nothing after. AsciiDoc's listing (`----`), literal
# (`....`) and passthrough (`++++`) blocks open and close at a line of four or more of the
# character (Asciidoctor, "Delimited blocks").
_MARKDOWN_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_ASCIIDOC_FENCE = re.compile(r"(-{4,}|\.{4,}|\+{4,})[ \t]*\Z")


# A reST directive whose content is code, shown as written (docutils' `code`, Sphinx's
# `code-block`, `sourcecode`, `literalinclude`, `doctest` and its kin), and a paragraph that
# ends in "::", which makes the indented block after it a literal block (reStructuredText
# Markup Specification, "Literal Blocks").
_RST_CODE_DIRECTIVE = re.compile(
    r"\.\.[ \t]+(?:code-block|code|sourcecode|literalinclude|doctest|testcode|testoutput"
    r"|testsetup|testcleanup|parsed-literal|productionlist)::"
)


def _rst_literal_lines(
    lines: list[str], line_base: int, opened_at: int | None = None
) -> tuple[list[int], int | None]:
    """The lines of reST literal blocks and code directives' content: after a paragraph that
    ends in "::" or such a directive, the blank lines and the lines indented deeper than
    it, up to the first line that is not; and the block open after the last line (the
    indentation of the line that opened it), as `opened_at` is before the first."""
    inside: list[int] = []
    for number, line in enumerate(lines, line_base):
        body = line.strip()
        indent = len(line) - len(line.lstrip(" \t"))
        if opened_at is not None:
            if not body or indent > opened_at:
                inside.append(number)
                continue
            opened_at = None
        if _RST_CODE_DIRECTIVE.match(body) or (body.endswith("::") and not body.startswith("..")):
            opened_at = indent
    return inside, opened_at


def _fenced_lines(
    lines: list[str], line_base: int, fence: re.Pattern[str], opener: str = ""
) -> tuple[list[int], str]:
    """The lines of the blocks `fence` opens and closes, the fences too (a Markdown fence
    closes at a longer one of its character too; an AsciiDoc delimiter at its own); and the
    fence of the block open after the last line ("" for none), as `opener` is before the
    first."""
    markdown = fence is _MARKDOWN_FENCE
    inside: list[int] = []
    for number, line in enumerate(lines, line_base):
        match = fence.match(line.rstrip("\r"))
        after = line[match.end() :].strip() if match else ""
        if not opener:
            # A backquote fence's info string holds no backquote (CommonMark 4.5).
            if match and not (match.group(1)[0] == "`" and "`" in after):
                opener = match.group(1)
                inside.append(number)
            continue
        inside.append(number)
        if match is None or after:
            continue
        closer = match.group(1)
        if closer == opener or (markdown and closer[0] == opener[0] and len(closer) > len(opener)):
            opener = ""
    return inside, opener


def _paragraphs_from(
    lines: list[str], line_base: int, skip: frozenset[int], starts: re.Pattern[str]
) -> list[int]:
    """The lines of the paragraphs whose first line `starts` matches (a line after a blank
    one, or the text's first), to the next blank line; past the lines in `skip`."""
    inside: list[int] = []
    open_ = False
    blank_before = True
    for number, line in enumerate(lines, line_base):
        blank = not line.strip()
        if number in skip or blank:
            open_ = False
        elif open_ or (blank_before and starts.match(line)):
            open_ = True
            inside.append(number)
        blank_before = blank
    return inside


# An indented code block's line (CommonMark 0.31.2 section 4.4: four columns or a tab; it
# cannot interrupt a paragraph, so its first line follows a blank one), a reST doctest
# block's first line (docutils, "Doctest Blocks"), an AsciiDoc literal paragraph's
# (Asciidoctor, "Literal paragraphs": its first line indented).
_INDENTED_CODE = re.compile(r"(?: {0,3}\t| {4})")
_DOCTEST = re.compile(r"[ \t]*>>>")
_LITERAL_PARAGRAPH = re.compile(r"[ \t]+\S")
# An AsciiDoc block attribute line that makes the paragraph after it a listing or literal
# one (Asciidoctor, "Source blocks", "Listing blocks", "Literal blocks": `[source,ruby]`,
# `[listing]`, `[literal]`), or a passthrough (`[pass]`).
_ASCIIDOC_VERBATIM_STYLE = re.compile(
    r"\[(?:source|listing|literal|pass)(?:[,#.%][^\]\n]*)?\][ \t]*\r?\Z"
)


def _styled_paragraph_lines(lines: list[str], line_base: int, skip: frozenset[int]) -> list[int]:
    """The lines of AsciiDoc paragraphs that a verbatim style (`[source]`, `[listing]`,
    `[literal]`, `[pass]`) on the line before makes shown as written, to the next blank
    line (a delimited block after one is a fenced block's)."""
    inside: list[int] = []
    open_ = False
    for number, line in enumerate(lines, line_base):
        if number in skip or not line.strip():
            open_ = False
            continue
        if open_:
            inside.append(number)
        elif _ASCIIDOC_VERBATIM_STYLE.match(line):
            open_ = True
    return inside


def _indented_code_lines(lines: list[str], line_base: int, skip: frozenset[int]) -> list[int]:
    """The lines of Markdown's indented code blocks, the blank lines between theirs too. In
    a list item a code block is indented four columns past the item's content (CommonMark
    0.31.2 section 5.2): `- a`, a blank line and a tab-indented `- b` is a nested list."""
    inside: list[int] = []
    pending: list[int] = []  # blank lines, inside only if the block goes on after them
    open_ = False
    blank_before = True
    items: list[int] = []  # the content columns of the list items open, innermost last
    for number, line in enumerate(lines, line_base):
        blank = not line.strip()
        if number in skip:
            open_, pending = False, []
        elif blank:
            if open_:
                pending.append(number)
        else:
            first = line[0]
            if first == " " or first == "\t":
                indent = len(line) - len(line.lstrip(" \t"))
                width = _columns(line, indent) if line.find("\t", 0, indent) >= 0 else indent
            else:
                indent = width = 0  # most lines: no indentation, no code
            if (open_ or blank_before) and width >= (items[-1] if items else 0) + 4:
                inside.extend(pending)
                inside.append(number)
                open_, pending = True, []
            else:
                open_, pending = False, []
                item = _LIST_ITEM.match(line) if line[indent] in _ITEM_STARTS else None
                if item is not None or blank_before:
                    while items and width < items[-1]:
                        items.pop()  # a line left of an item's content ends the item
                if item is not None:
                    items.append(_content_column(line, item.end()))
        blank_before = blank
    return inside


# A Markdown list item's marker and the blanks after it (CommonMark 0.31.2 section 5.2),
# and the characters one starts with (most lines start with none: one comparison).
_LIST_ITEM = re.compile(r"[ \t]*(?:[-+*]|[0-9]{1,9}[.)])(?:[ \t]+|\Z)")
_ITEM_STARTS = frozenset("-+*0123456789")


def _columns(line: str, end: int) -> int:
    """The column line[:end] reaches, a tab going on to the next multiple of four."""
    column = 0
    for char in line[:end]:
        column = column + 4 - column % 4 if char == "\t" else column + 1
    return column


def _content_column(line: str, end: int) -> int:
    """The column a list item's content starts at, its marker and blanks ending at `end`:
    after the blanks, or one past the marker where more than four (or none) follow it."""
    marker_end = len(line[:end].rstrip(" \t"))
    column = _columns(line, end)
    after = _columns(line, marker_end)
    return after + 1 if column - after > 4 or end >= len(line) else column


# The block a markup text's start is inside of, which what comes before it opened: a fence
# (Markdown's ``` or ~~~, AsciiDoc's ----), or a reST literal block's opening line's
# indentation; None for none. A long text's chunk is read knowing it
# (sources.text.scan_texts: `block_open_at` the chunk before's end).
OpenBlock = str | int | None


def code_block_lines(
    syntax: str, text: str, line_base: int = 1, opened: OpenBlock = None
) -> frozenset[int]:
    """The numbers of the lines of `text` (its first is `line_base`) in a block that the
    markup `syntax` shows as written: a Markdown fenced or indented code block, an AsciiDoc
    listing, literal or passthrough block (delimiters included) or literal paragraph, a reST
    literal block, code directive or doctest block. A URL in it is an example of text,
    which a fix would change (a comment in a code sample that shows `^` unescaped on
    purpose). A block left open runs to the text's end, as CommonMark and Asciidoctor read
    it; `opened`: the block the text starts inside of."""
    lines = lines_of(text)
    if syntax == "rst":
        literal, _ = _rst_literal_lines(lines, line_base, _indent(opened))
        doctest = _paragraphs_from(lines, line_base, frozenset(literal), _DOCTEST)
        return frozenset(literal + doctest)
    if syntax == "markdown":
        fenced, _ = _fenced_lines(lines, line_base, _MARKDOWN_FENCE, _fence(opened))
        return frozenset(fenced + _indented_code_lines(lines, line_base, frozenset(fenced)))
    if syntax == "asciidoc":
        fenced, _ = _fenced_lines(lines, line_base, _ASCIIDOC_FENCE, _fence(opened))
        literal = _paragraphs_from(lines, line_base, frozenset(fenced), _LITERAL_PARAGRAPH)
        styled = _styled_paragraph_lines(lines, line_base, frozenset(fenced))
        return frozenset(fenced + literal + styled)
    return frozenset()


def block_open_at(syntax: str, text: str, offset: int, opened: OpenBlock = None) -> OpenBlock:
    """The block open at `offset` (a line start) of a text in the markup `syntax` that
    starts inside `opened`: what the next chunk of a long text starts inside of."""
    lines = lines_of(text[:offset])
    if syntax == "rst":
        return _rst_literal_lines(lines, 1, _indent(opened))[1]
    if syntax in ("markdown", "asciidoc"):
        fence = _MARKDOWN_FENCE if syntax == "markdown" else _ASCIIDOC_FENCE
        return _fenced_lines(lines, 1, fence, _fence(opened))[1] or None
    return None


def lines_of(text: str) -> list[str]:
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the text's last line ends with its newline: no line after it
    return lines


def _fence(opened: OpenBlock) -> str:
    return opened if isinstance(opened, str) else ""


def _indent(opened: OpenBlock) -> int | None:
    return opened if isinstance(opened, int) else None


# What markup shows as written inside a line or paragraph: a Markdown code span (a run of
# backquotes to the next run as long, CommonMark 0.31.2 section 6.1), a reST inline literal
# (``...``) and a literal role's text (:code:`...`), AsciiDoc's monospace (`...`, ``...``:
# a sample command, fail safe though Asciidoctor still reads a URL there), passthroughs
# (+...+, ++...++, +++...+++, pass:[...], $$...$$, and literal monospace `+...+`); and an
# HTML element whose text a browser shows or runs as written (<pre>, <code>, <script>,
# <style>, <textarea>), in HTML and in Markdown's HTML.
_CODE_SPAN_RUN = re.compile(r"`+")
_RST_LITERAL_RUN = re.compile(r"(?<!`)``(?!`)")
_RST_LITERAL_ROLE = re.compile(r":(?:code|literal|samp|file|command|kbd)(?::[\w-]+)?:`[^`]*`")
_ASCIIDOC_PASS_RUN = re.compile(r"(?<!\+)\+{2,3}(?!\+)")
# A constrained passthrough's `+` (Asciidoctor, "Passthroughs"): a lone one that opens,
# before a character that is no blank and after none that is a word's, or that closes.
_ASCIIDOC_PLUS = re.compile(r"(?<!\+)\+(?!\+)")
_ASCIIDOC_PASS_MACRO = re.compile(r"pass:[a-z,]*\[[^\]]*\]|\$\$.*?\$\$|`\+[^`\n]*\+`")
_HTML_AS_WRITTEN = re.compile(r"<(pre|code|script|style|textarea)\b[^>]*>", re.IGNORECASE)
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\r?\n")

Spans = list[tuple[int, int]]

# What each markup shows as written (`as_written` finds them), named for the rule pages.
SHOWN_AS_WRITTEN: dict[str, str] = {
    "markdown": "Markdown's fenced and indented code blocks and code spans",
    "rst": "reST's literal blocks, code directives, doctest blocks and inline literals",
    "asciidoc": "AsciiDoc's listing, literal and passthrough blocks, literal paragraphs (and "
    "those styled [source], [listing], [literal]), monospace and passthroughs",
    "html": "the text of HTML's <pre>, <code>, <script>, <style> and <textarea>, in Markdown too",
}


def as_written(syntax: str, text: str, opened: OpenBlock = None) -> Spans:
    """The stretches of `text` (offsets, sorted, apart) that the markup `syntax`
    ("markdown", "rst", "asciidoc", "html") shows as written: its code blocks and literal
    blocks (`code_block_lines`), code spans, inline literals and passthroughs, and HTML's
    <pre>, <code>, <script>, <style> and <textarea> elements. A fix changes no URL in them
    (linter.checker), and no URL goes on onto their lines (continuation.going_on_at)."""
    return written_parts(syntax, text, opened)[0]


def written_parts(syntax: str, text: str, opened: OpenBlock = None) -> tuple[Spans, Spans]:
    """What `as_written` finds, and apart from it, sorted, the part inside or across lines
    (code spans, elements, literals): not the blocks, whose state at a line start
    `block_open_at` tells, so a later chunk of a long text is handed it."""
    blocks = line_spans(text, code_block_lines(syntax, text, 1, opened))
    inline: Spans = []
    if syntax == "html":
        inline.extend(_html_elements(text))
    if syntax == "markdown":
        code_spans = _paired_runs(text, _CODE_SPAN_RUN, blocks)
        inline.extend(code_spans)
        # `<script>` in a code span or a code block is text, no element (a security
        # guide's prose): it opens none
        inline.extend(_html_elements(text, merged(blocks + code_spans)))
    elif syntax == "rst":
        inline.extend(_paired_runs(text, _RST_LITERAL_RUN, blocks))
        inline.extend(match.span() for match in _RST_LITERAL_ROLE.finditer(text))
    elif syntax == "asciidoc":
        inline.extend(_paired_runs(text, _ASCIIDOC_PASS_RUN, blocks))
        inline.extend(_constrained_passthroughs(text, blocks))
        inline.extend(_paired_runs(text, _CODE_SPAN_RUN, blocks))
        inline.extend(match.span() for match in _ASCIIDOC_PASS_MACRO.finditer(text))
    return merged(blocks + inline), sorted(inline)


def open_across(spans: Spans, offset: int, length: int) -> bool:
    """Does one of `spans` (of a text `length` long) hold `offset`, or run on to the text's
    end from before it (left open there)?"""
    return any(start <= offset and (end > offset or end == length) for start, end in spans)


def within(spans: Spans, start: int, end: int) -> bool:
    """Does text[start:end] (end > start: a URL's) overlap one of `spans` (as_written's)?"""
    from bisect import bisect_right

    index = bisect_right(spans, (start, end)) - 1  # the last that starts at `start` or before
    if index >= 0 and spans[index][1] > start:
        return True
    return index + 1 < len(spans) and spans[index + 1][0] < end


def line_spans(text: str, numbers: frozenset[int]) -> Spans:
    """The stretches of `text` the lines numbered `numbers` (from 1) take, their line ends
    too."""
    if not numbers:
        return []
    from .textpos import line_starts

    starts = line_starts(text)
    spans: Spans = []
    for number in sorted(numbers):
        start = starts[number - 1]
        end = starts[number] if number < len(starts) else len(text)
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _paired_runs(text: str, run: re.Pattern[str], blocks: Spans) -> Spans:
    """The stretches from each run of `run` to the next run equal to it in its paragraph
    (a run with none is text, and the next one may open): a paragraph ends at a blank line
    and at a block. Linear: each run's next equal one is found from the end, once."""
    runs = [match.span() for match in run.finditer(text)]
    if not runs:
        return []
    paragraph = [0] * len(runs)  # which paragraph each run stands in
    number = 0
    block = 0
    for index, (start, _) in enumerate(runs):
        while block < len(blocks) and blocks[block][1] <= start:
            block += 1
        inside = block < len(blocks) and blocks[block][0] <= start
        before = runs[index - 1][1] if index else 0
        if (
            inside
            or _PARAGRAPH_BREAK.search(text, before, start)
            or (index and paragraph[index - 1] < 0)
        ):
            number += 1
        paragraph[index] = -1 if inside else number
    following: list[int] = [-1] * len(runs)
    last: dict[tuple[int, str], int] = {}
    for index in range(len(runs) - 1, -1, -1):
        if paragraph[index] < 0:
            continue
        key = (paragraph[index], text[runs[index][0] : runs[index][1]])
        following[index] = last.get(key, -1)
        last[key] = index
    spans: Spans = []
    index = 0
    while index < len(runs):
        closer = following[index]
        if closer < 0:
            index += 1
            continue
        spans.append((runs[index][0], runs[closer][1]))
        index = closer + 1
    return spans


def _constrained_passthroughs(text: str, blocks: Spans) -> Spans:
    """AsciiDoc's constrained passthroughs (`+text+`): from a `+` that may open one (no
    blank after it, no word's character before it) to the next that may close one (no
    blank before it, no word's character after it) in its paragraph, outside blocks."""
    spans: Spans = []
    opened = -1
    for match in _ASCIIDOC_PLUS.finditer(text):
        at = match.start()
        if blocks and within(blocks, at, at + 1):
            opened = -1
            continue
        before, after = text[at - 1 : at], text[at + 1 : at + 2]
        if opened >= 0 and before.strip() and not (after.isalnum() or after == "_"):
            if _PARAGRAPH_BREAK.search(text, opened, at) is None:
                spans.append((opened, at + 1))
                opened = -1
                continue
            opened = -1
        if after.strip() and not (before.isalnum() or before == "_"):
            opened = at
    return spans


def _html_elements(text: str, skip: Spans | None = None) -> Spans:
    """The contents of the elements a browser shows or runs as written, from the end of
    their start tag (whose attributes are markup's, `<script src="...">`) to their end tag
    (or the text's end, where it is not closed); a tag inside one of `skip` (sorted, apart:
    Markdown's code spans and blocks) is text, and neither opens nor closes one."""
    spans: Spans = []
    at = 0
    while True:
        opened = _HTML_AS_WRITTEN.search(text, at)
        if opened is None:
            return spans
        if skip and within(skip, opened.start(), opened.end()):
            at = opened.end()
            continue
        closer = re.compile(rf"</{opened.group(1)}\s*>", re.IGNORECASE)
        closed = closer.search(text, opened.end())
        while closed is not None and skip and within(skip, closed.start(), closed.end()):
            closed = closer.search(text, closed.end())
        end = len(text) if closed is None else closed.start()
        spans.append((opened.end(), end))
        if closed is None:
            return spans
        at = closed.end()


def merged(spans: Spans) -> Spans:
    """`spans` sorted, those that overlap or touch made one, the empty left out."""
    merged: Spans = []
    for start, end in sorted(spans):
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged
