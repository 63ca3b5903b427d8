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


__all__ = ["cross_reference", "markup_line"]


# A fenced code block's opening and closing lines (CommonMark 0.31.2 section 4.5): up to
# three spaces, then three or more backquotes or tildes; it closes at a line of the same
# character, at least as many, and nothing after. AsciiDoc's listing (`----`) and literal
# (`....`) blocks open and close at a line of four or more of the character (Asciidoctor,
# "Delimited blocks").
_MARKDOWN_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_ASCIIDOC_FENCE = re.compile(r"(-{4,}|\.{4,})[ \t]*\Z")


# A reST directive whose content is code, shown as written (docutils' `code`, Sphinx's
# `code-block`, `sourcecode`, `literalinclude`, `doctest` and its kin), and a paragraph that
# ends in "::", which makes the indented block after it a literal block (reStructuredText
# Markup Specification, "Literal Blocks").
_RST_CODE_DIRECTIVE = re.compile(
    r"\.\.[ \t]+(?:code-block|code|sourcecode|literalinclude|doctest|testcode|testoutput"
    r"|testsetup|testcleanup|parsed-literal|productionlist)::"
)


def _rst_literal_lines(lines: list[str], line_base: int) -> list[int]:
    """The lines of reST literal blocks and code directives' content: after a paragraph that
    ends in "::" or such a directive, the blank lines and the lines indented deeper than
    it, up to the first line that is not."""
    inside: list[int] = []
    opened_at: int | None = None  # the indentation of the line that opened a block
    for number, line in enumerate(lines, line_base):
        body = line.strip()
        indent = len(line) - len(line.lstrip(" \t"))
        if opened_at is not None:
            if not body or indent > opened_at:
                inside.append(number)
                continue
            opened_at = None
        if _RST_CODE_DIRECTIVE.match(body) or (
            body.endswith("::") and not body.startswith("..")
        ):
            opened_at = indent
    return inside


def code_block_lines(syntax: str, text: str, line_base: int = 1) -> frozenset[int]:
    """The numbers of the lines of `text` (its first is `line_base`) inside a Markdown
    fenced code block, an AsciiDoc listing or literal block (fences included), or a reST
    literal block or code directive. What such a block holds is shown as written: a URL in
    it is an example of text, which a fix would change (a comment in a code sample that
    shows `^` unescaped on purpose). A block left open runs to the text's end, as CommonMark
    and Asciidoctor read it."""
    if syntax == "rst":
        lines = text.split("\n")
        return frozenset(_rst_literal_lines(lines, line_base))
    if syntax == "markdown":
        fence, markdown = _MARKDOWN_FENCE, True
    elif syntax == "asciidoc":
        fence, markdown = _ASCIIDOC_FENCE, False
    else:
        return frozenset()
    inside: list[int] = []
    opener = ""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the text's last line ends with its newline: no line after it
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
    return frozenset(inside)
