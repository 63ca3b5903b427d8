"""Where a URL ends by the markup it is written in: Markdown, reStructuredText, AsciiDoc, and
the brackets and braces LaTeX, Org and wikis put around one.

The plain scanner ends a bare URL by RFC 1738's rules for free text (bare.py): at whitespace,
`<`, `>`, `"`, at a closer that closes nothing opened inside it, sentence punctuation trimmed.
A markup language draws that line itself, and a reader of the source knows where it is:
`[a](https://x.org/wiki/Inc.)` holds `https://x.org/wiki/Inc.` with its dot, AsciiDoc's
`https://x.org[the site]` holds `https://x.org`. This module reads those rules; it is pure.

The one entry point::

    markup_end(syntax, text, start, end) -> (end, context, pieces) | None

`syntax` names the file's markup, a value of `scanner.syntax.Syntax`: "markdown", "rst",
"asciidoc", and "latex", "org", "mediawiki" where the scanner knows them. Any other syntax
(text, code) is read only for the constructs that open right before the URL and that no
other text writes so: `\\url{`, `\\href{`, `{` and Org's `[[`. `text[start:end]` is a URL
the plain scanner found: a bare URL, or a wrapper's URL (`text[start - 1]` is its `<`; `start`
its first piece's start, `end` its last piece's end).

None: the markup says nothing about this URL; the scanner's reading stands, no context.
Otherwise a tuple:

- `end`: where the URL ends by the markup. Before the scanner's `end` (AsciiDoc's `[text]`,
  GFM's `*`, `_`, `~` closing an emphasis, an entity `&hl;`), or after it on the URL's
  line: a Markdown link destination holds `"`, `<`, `>`, `{`, `}` and a trailing `.`
  (CommonMark 6.3, 4.7), `\\url{...}` a trailing `.`, AsciiDoc's `link:++...++` spaces. For
  a wrapper the scanner's `end` comes back with pieces (): the wrapper's reading stands and
  the context is what is new; but for one on one line, whose URL is then text[start:end],
  AsciiDoc's `<https://x.org[text]>` (an author line's) gives an end before its `[`.
- `context`: what the URL was found in, one of CONTEXTS.
- `pieces`: () where the URL is `text[start:end]`; otherwise the runs of text the URL is
  made of, in order, the first from `start`, the last to `end`, joined without what lies
  between: a reST target continued on indented lines (docutils joins them, whitespace
  removed), an escape's backslash (`[a](https://x.org/a\\)b)` is `https://x.org/a)b`,
  CommonMark 2.4; AsciiDoc's `v1.5.5\\...v1.5.6` is `v1.5.5...v1.5.6`).

A context in EXACT_CONTEXTS is a construct the markup closes: its end is exact, and the
scanner neither trims more nor reads the next line as its continuation. The others are bare
URLs in prose (`markdown-autolink`, `markdown-text`, `asciidoc-autolink`, `rst-standalone`,
`braced`), which a line break may still cut.

Cost: a few character comparisons around `start` and `end` for most URLs; a line, a title or
a paragraph is read only where those match. Called once per candidate in markup files.

Past 600 lines: a reader for each markup (Markdown, reStructuredText, AsciiDoc, LaTeX, Org,
wikis), each a few functions over the one question of where a URL ends in it.
"""

from __future__ import annotations

import re

from . import bare
from .line_breaks import run_end

MARKDOWN_LINK = "markdown-link"  # [text](URL "title"), ![alt](URL), [text](<URL>)
MARKDOWN_REFERENCE = "markdown-reference"  # [label]: URL "title"
MARKDOWN_AUTOLINK = "markdown-autolink"  # <URL>, and GFM's extended autolinks (bare http, ftp)
MARKDOWN_TEXT = "markdown-text"  # another scheme bare in Markdown prose: no link, but a URL
HTML_ATTRIBUTE = "html-attribute"  # href="URL" in Markdown's inline HTML
RST_LINK = "rst-link"  # `text <URL>`_ and `text <URL>`__: an embedded URI
RST_TARGET = "rst-target"  # .. _name: URL, .. __: URL, __ URL
RST_STANDALONE = "rst-standalone"  # a standalone hyperlink
ASCIIDOC_LINK = "asciidoc-link"  # URL[text], link:URL[text], link:++URL++[text]
ASCIIDOC_AUTOLINK = "asciidoc-autolink"  # a bare URL, <URL>
LATEX_LINK = "latex-link"  # \url{URL}, \href{URL}{text}, \nolinkurl{URL}
ORG_LINK = "org-link"  # [[URL]], [[URL][text]]
WIKI_LINK = "wiki-link"  # MediaWiki's [URL text], DokuWiki's and vimwiki's [[URL|text]]
BRACED = "braced"  # {URL}: a brace opened right before the URL closes it

# Constructs the markup closes (the module's docstring), then every context.
EXACT_CONTEXTS = frozenset({MARKDOWN_LINK, MARKDOWN_REFERENCE, RST_LINK, RST_TARGET})
EXACT_CONTEXTS |= {ASCIIDOC_LINK, LATEX_LINK, ORG_LINK, WIKI_LINK}
CONTEXTS = EXACT_CONTEXTS | {MARKDOWN_AUTOLINK, MARKDOWN_TEXT, HTML_ATTRIBUTE, RST_STANDALONE}
CONTEXTS |= {ASCIIDOC_AUTOLINK, BRACED}

Pieces = tuple[tuple[int, int], ...]
MarkupEnd = tuple[int, str, Pieces]

_NO_PIECES: Pieces = ()
# How far back a line's or a paragraph's start is looked for: a longer line is no markup
# construct's, and the bound keeps a text of one long line linear.
_LOOK_BACK = 1024
# A Markdown link title, an AsciiDoc attribute list, a reST target: read this far at most,
# within the text a chunk's scan holds past its end (sources.text.overlap_start).
_TITLE_LIMIT = 4096
_TARGET_LINES = 20  # a reST target's indented lines, at most (as a wrapper's, wrappers.py)


def markup_end(syntax: str, text: str, start: int, end: int) -> MarkupEnd | None:
    """Where the URL the plain scanner found at text[start:end] ends by `syntax`'s own rules,
    what it was found in, and the runs it is made of (the module's docstring)."""
    before = text[start - 1] if start > 0 else "\n"  # a URL at the text's start starts a line
    found: MarkupEnd | None = None
    if before == "{":
        found = _braced(text, start, end)
    elif before == "[" and start >= 2 and text[start - 2] == "[":
        found = _org(text, start)
    elif syntax == "markdown":
        found = _markdown(text, start, end, before)
    elif syntax == "rst":
        found = _rst(text, start, end, before)
    elif syntax == "asciidoc":
        found = _asciidoc(text, start, end, before)
    elif syntax == "mediawiki" and before == "[":
        found = _wiki(text, start)
    if found is None or found[0] >= end:
        return found
    # A markup end that leaves no URL past the scheme ("https://[text]", bare.has_body) is no
    # URL's end: the plain reading stands.
    colon = text.find(":", start, found[0])
    return found if colon >= 0 and bare.has_body(text, colon, found[0]) else None


# Markdown: CommonMark 0.31.2 (https://spec.commonmark.org/0.31.2/) sections 6.3 (links:
# destinations, titles), 4.7 (link reference definitions), 6.5 (autolinks), 2.4 (backslash
# escapes); GitHub Flavored Markdown's autolinks (extension), as cmark-gfm's
# extensions/autolink.c reads them.

_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")  # escapable (2.4)
# A destination's run up to the first character that needs a look (CommonMark 6.3: no
# space, no ASCII control character; parentheses balanced or escaped).
_DESTINATION_RUN = re.compile(r"[^\x00-\x20\x7f\\()]*")
# [label]: at a line start, up to three spaces in (4.7); a footnote's [^label]: is not one.
_REFERENCE_LABEL = re.compile(r" {0,3}\[(?!\^)(?:[^\\\[\]]|\\.){1,999}\]:[ \t]*")
_ENTITY_BEFORE = re.compile(r"&[A-Za-z0-9]+\Z")  # a trailing "&hl" before a ";" (cmark-gfm)
# Schemes cmark-gfm links bare (sd_autolink_issafe), and the GFM spec's extended protocol
# autolinks.
_GFM_SCHEMES = frozenset({"http", "https", "ftp", "mailto", "xmpp"})
_BLANK_LINE = re.compile(r"[ \t\r]*(?:\n|\Z)")


def _markdown(text: str, start: int, end: int, before: str) -> MarkupEnd | None:
    """A URL in Markdown: a link's destination, a reference definition's, an autolink, or
    a URL in prose (GFM's extended autolink)."""
    if before == "<":
        return _markdown_angle(text, start, end)
    if before == "`":
        return None  # a code span: code, not a link (6.1)
    if before in ('"', "'") and start >= 2 and text[start - 2] == "=":
        return end, HTML_ATTRIBUTE, _NO_PIECES  # <a href="URL">: raw HTML (6.6)
    opener = start - 1 if before == "(" else _opening_parenthesis(text, start)
    if opener > 0 and text[opener - 1] == "]":
        found = _destination(text, start)
        if found is not None and _link_closes(text, found[0]):
            return found[0], MARKDOWN_LINK, found[1]
    elif _after_line_prefix(_REFERENCE_LABEL, _REFERENCE_LABEL, text, start):
        found = _destination(text, start)
        if found is not None and _definition_ends(text, found[0]):
            return found[0], MARKDOWN_REFERENCE, found[1]
    end = _cell_end(text, start, end)
    return _gfm_autolink(text, start, _escape_end(text, start, _code_end(text, start, end, before)))


# A GFM table's row: a line that starts with a pipe (GFM spec, "Tables (extension)"). Its
# cells are split at each unescaped pipe before their text is read: no URL goes on past one.
_TABLE_ROW = re.compile(r"[ \t]*\|")


def _cell_end(text: str, start: int, end: int) -> int:
    """`end`, or the unescaped pipe before it that ends the table cell a URL at `start` is
    in."""
    pipe = text.find("|", start, end)
    line = _line_start(text, start) if pipe >= 0 else -1
    if line < 0 or not _TABLE_ROW.match(text, line):
        return end  # no pipe, or a line too long to be a table's row
    while pipe >= 0 and text[pipe - 1] == "\\":
        pipe = text.find("|", pipe + 1, end)
    return end if pipe < 0 else pipe


def _markdown_angle(text: str, start: int, end: int) -> MarkupEnd | None:
    """A wrapper in Markdown: `[a](<URL>)` (6.3), `[a]: <URL>` (4.7) or an autolink `<URL>`
    (6.5). An autolink holds no whitespace; the wrapper's reading stands for one that does."""
    if text[end : end + 1] != ">":
        return None
    opener = start - 1
    if opener >= 2 and text[opener - 2 : opener] == "](":
        if "\n" not in text[start:end]:
            return end, MARKDOWN_LINK, _NO_PIECES
    elif _after_line_prefix(_REFERENCE_LABEL, _REFERENCE_LABEL, text, opener):
        return end, MARKDOWN_REFERENCE, _NO_PIECES
    elif not _BLANK.search(text, start, end):
        return end, MARKDOWN_AUTOLINK, _NO_PIECES
    return None


def _opening_parenthesis(text: str, start: int) -> int:
    """The offset of the "(" a link destination at `start` would follow, spaces, tabs and
    up to one line ending between (6.3), or -1."""
    at = start
    low = max(0, start - _LOOK_BACK)
    while at > low and text[at - 1] in " \t":
        at -= 1
    if at > low and text[at - 1] == "\n":
        at -= 1
        if at > low and text[at - 1] == "\r":
            at -= 1
        while at > low and text[at - 1] in " \t":
            at -= 1
    return at - 1 if at > 0 and text[at - 1] == "(" else -1


def _destination(text: str, start: int) -> tuple[int, Pieces] | None:
    """The end of the link destination that starts at `start` and the pieces its backslash
    escapes leave (6.3); None where its parentheses do not balance."""
    at = run_end(_DESTINATION_RUN, text, start)
    if text[at : at + 1] in (")", " ", "\n", ""):  # nearly every destination: done
        return at, _NO_PIECES
    depth = 0
    escapes: list[int] = []
    n = len(text)
    while True:
        at = run_end(_DESTINATION_RUN, text, at)
        if at >= n:
            break
        char = text[at]
        if char == "\\":
            if at + 1 < n and text[at + 1] in _ASCII_PUNCTUATION:
                escapes.append(at)
                at += 2
            else:
                at += 1
            continue
        if char == "(":
            depth += 1
        elif char == ")" and depth > 0:
            depth -= 1
        else:
            break  # whitespace, a control character, or a ")" that closes the link
        at += 1
    if depth:
        return None
    return at, _without(start, at, escapes)


def _link_closes(text: str, at: int) -> bool:
    """Does an inline link close after its destination ends at `at`: a ")", or whitespace,
    a title in quotes or parentheses, and a ")" (6.3)?"""
    if text.startswith(")", at):  # nearly every link: no title
        return True
    after = _skip_blanks(text, at)
    char = text[after : after + 1]
    if char == ")":
        return True
    closer = {'"': '"', "'": "'", "(": ")"}.get(char)
    if closer is None or after == at:  # a title is set apart by whitespace
        return False
    close = _title_end(text, after + 1, char, closer)
    return close >= 0 and text.startswith(")", _skip_blanks(text, close + 1))


def _definition_ends(text: str, at: int) -> bool:
    """Does a reference definition's destination end at `at`: at its line's end, or before
    whitespace and a title (4.7)?"""
    after = at
    while after < len(text) and text[after] in " \t":
        after += 1
    char = text[after : after + 1]
    return char in ("", "\n", "\r") or (after > at and char in "\"'(")


def _title_end(text: str, at: int, opener: str, closer: str) -> int:
    """The offset of the character that closes a link title opened before `at`, or -1:
    escapes skipped, no blank line crossed, no unescaped "(" in a parenthesized one."""
    limit = min(len(text), at + _TITLE_LIMIT)
    while at < limit:
        char = text[at]
        if char == "\\":
            at += 2
            continue
        if char == closer:
            return at
        if char == "(" and opener == "(":
            return -1
        if char == "\n" and _BLANK_LINE.match(text, at + 1):
            return -1  # a blank line ends the paragraph
        at += 1
    return -1


def _gfm_autolink(text: str, start: int, end: int) -> MarkupEnd | None:
    """A URL in Markdown prose: GFM's extended autolink ends as cmark-gfm's autolink_delim
    ends it, where that cuts more than the plain reading: an entity-like `&hl;` at its end,
    a `*`, `_` or `~` closing an emphasis or a strikethrough opened before it on its line
    (`*https://x/*`).
    cmark-gfm trims those three whatever opened before; a URL pattern's own `*`
    (`https://*.example.com/*`) is kept here unless an emphasis opened before it."""
    new_end = end
    if text[end : end + 1] == ";":
        new_end = _before_entity(text, start, end)
    while new_end > start:
        char = text[new_end - 1]
        if char in "*_~":  # emphasis and strikethrough delimiters
            if not _emphasis_opened(text, start, char):
                break
            while new_end > start and text[new_end - 1] == char:
                new_end -= 1
        elif char in bare.TRAILING_PUNCTUATION:
            new_end = _before_entity(text, start, new_end - 1) if char == ";" else new_end - 1
        elif char == ")" and text.count(")", start, new_end) > text.count("(", start, new_end):
            new_end -= 1
        else:
            break
    scheme = text[start : text.find(":", start, end)].lower()
    context = MARKDOWN_AUTOLINK if scheme in _GFM_SCHEMES else MARKDOWN_TEXT
    return new_end, context, _escaped(text, start, new_end)


def _before_entity(text: str, start: int, at: int) -> int:
    """Where the URL ends when text[at] is a ";": before an entity-like `&name` (cmark-gfm
    reads `&hl;` as an entity reference, not the URL's), else at the ";"."""
    entity = _ENTITY_BEFORE.search(text, start, at)
    return entity.start() if entity is not None else at


def _emphasis_opened(text: str, start: int, char: str) -> bool:
    """Did `char` open an emphasis (`*`, `_`) or a strikethrough (`~`) before the URL on its
    line: left-flanking, followed by no whitespace, preceded by none of a word's characters
    (CommonMark 6.2)? An opener on a line before is not looked for: a stray `_` further up a
    list would cut a URL's own, nor one further back than _LOOK_BACK on a long line (each
    URL's search bounded: a line of many URLs stays linear)."""
    line = _line_start(text, start)
    low = line if line >= 0 else start - _LOOK_BACK
    at = start
    while True:
        run_stop = text.rfind(char, low, at) + 1
        if run_stop <= 0:
            return False
        at = run_stop - 1
        while at > low and text[at - 1] == char:
            at -= 1
        follows = text[run_stop : run_stop + 1]
        if follows.strip() and not text[at - 1 : at].isalnum():
            return True


# reStructuredText: the docutils specification
# (https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html), "Embedded URIs and
# Aliases", "Hyperlink Targets", "Standalone Hyperlinks"; docutils/parsers/rst/states.py.

# An explicit hyperlink target's start before its URI on the same line: `.. _name: `,
# `.. __: ` (anonymous), `__ ` (the short anonymous form).
_RST_TARGET = re.compile(r"([ \t]*)(?:\.\.[ ]+(?:_[^\n]*?|__):|__)[ ]+")
# The same with the URI on the next lines.
_RST_TARGET_ALONE = re.compile(r"([ \t]*)\.\.[ ]+(?:_[^\n]*?|__):[ \t]*")
_NON_BLANK = re.compile(r"\S+")
_BLANK = re.compile(r"\s")


def _rst(text: str, start: int, end: int, before: str) -> MarkupEnd | None:
    """A URL in reST: an embedded URI, a hyperlink target's, or a standalone hyperlink."""
    if before == "<":
        if text[end : end + 3] == ">`_" and start >= 2 and text[start - 2] in " \n`":
            return end, RST_LINK, _NO_PIECES
        return None
    target = _after_line_prefix(_RST_TARGET, _RST_TARGET_ALONE, text, start)
    if target is not None:
        return _rst_target(text, start, len(target.group(1).expandtabs()))
    end = _escape_end(text, start, _code_end(text, start, end, before))
    return end, RST_STANDALONE, _escaped(text, start, end)


def _rst_target(text: str, start: int, indent: int) -> MarkupEnd:
    """A target's URI: the rest of its line and the lines after it indented past the
    explicit markup's `indent`, up to a blank line, joined with whitespace removed and
    backslash escapes read (docutils' parse_target)."""
    runs: list[tuple[int, int]] = []
    at = start
    for _ in range(_TARGET_LINES):
        if at - start > _TITLE_LIMIT:
            break  # as far as a title is read: no further (the scanner's chunks overlap)
        line_end = _line_end(text, at)
        runs.extend(run.span() for run in _NON_BLANK.finditer(text, at, line_end))
        if text[line_end : line_end + 1] != "\n":
            break  # the text's end, or a line too long to read on
        at = line_end + 1
        line = text[at : _line_end(text, at)]
        if not line.strip():
            break  # a blank line ends the target
        if len(line.expandtabs()) - len(line.expandtabs().lstrip()) <= indent:
            break  # a line not indented past the markup's start is the next block
    pieces: list[tuple[int, int]] = []
    for run_start, run_stop in runs:
        pieces.extend(_escaped(text, run_start, run_stop) or ((run_start, run_stop),))
    end = pieces[-1][1]
    return end, RST_TARGET, tuple(pieces) if len(pieces) > 1 else _NO_PIECES


def _escaped(text: str, start: int, end: int) -> Pieces:
    """text[start:end] without its escapes' backslashes (Markdown, reST); () where it holds
    none. Only a backslash before ASCII punctuation (`\\_`, `\\@`) is one: docutils reads one
    before any character, but a literal block reads none, and a Windows path there
    (`file:///C:\\dir`) keeps its backslashes."""
    at = text.find("\\", start, end)
    if at < 0:
        return _NO_PIECES
    escapes: list[int] = []
    while 0 <= at < end - 1:
        if text[at + 1] in _ASCII_PUNCTUATION:
            escapes.append(at)
            at += 1
        at = text.find("\\", at + 1, end)
    return _without(start, end, escapes)


# AsciiDoc: https://docs.asciidoctor.org/asciidoc/latest/macros/url-macro/ and link-macro/;
# Asciidoctor's lib/asciidoctor/rx.rb (InlineLinkRx, InlineLinkMacroRx).

# A macro's target up to its attribute list: no whitespace, no bracket (InlineLinkRx's
# `[^\s\[\]]+`), and no "<", which ends a bare URL there too.
_ASCIIDOC_TARGET = re.compile(r"[^\s\[\]<`]*")
# Escapes Asciidoctor's replacements drop in a URL: `\...` (no ellipsis), `\{name}` (no
# attribute reference), `\--` (no dash).
_ASCIIDOC_ESCAPE = re.compile(r"\\(?=\.\.\.|\{|--)")


def _asciidoc(text: str, start: int, end: int, before: str) -> MarkupEnd | None:
    """A URL in AsciiDoc: a URL macro `URL[text]`, a link macro `link:URL[text]` (its target
    in a passthrough `link:++URL++[text]`), an autolink `<URL>`, or a bare URL."""
    if before == "<":
        if text[end : end + 1] != ">" or _BLANK.search(text, start, end):
            return None
        stop = run_end(_ASCIIDOC_TARGET, text, start, end)
        if text[stop : stop + 1] == "[" and text[end - 1] == "]":  # <URL[text]>
            return stop, ASCIIDOC_LINK, _NO_PIECES
        return end, ASCIIDOC_AUTOLINK, _NO_PIECES
    if before == "+" and start >= 7 and text.startswith("link:++", start - 7):
        close = text.find("++", start, _line_end(text, start))
        if close > start and text[close + 2 : close + 3] == "[":
            return close, ASCIIDOC_LINK, _NO_PIECES
        return None
    end = _code_end(text, start, end, before)
    stop = run_end(_ASCIIDOC_TARGET, text, start)
    if text[stop : stop + 1] == "[" and _attributes_close(text, stop + 1):
        return stop, ASCIIDOC_LINK, _asciidoc_escaped(text, start, stop)
    if stop < end:  # a bare URL ends before a bracket (InlineLinkRx)
        end = bare.trim_end(text, start, stop, before)
    return end, ASCIIDOC_AUTOLINK, _asciidoc_escaped(text, start, end)


def _attributes_close(text: str, at: int) -> bool:
    """Does a "]" that no backslash escapes close the attribute list opened before `at`,
    within its paragraph (InlineLinkRx reads `\\[(|.*?[^\\\\])\\]` across lines)?"""
    limit = min(len(text), at + _TITLE_LIMIT)
    while at < limit:
        close = text.find("]", at, limit)
        if close < 0:
            return False
        blank = text.find("\n\n", at, close)
        if blank >= 0 or text.find("\n\r\n", at, close) >= 0:
            return False
        if text[close - 1] != "\\":
            return True
        at = close + 1
    return False


def _asciidoc_escaped(text: str, start: int, end: int) -> Pieces:
    """text[start:end] without the backslashes of `\\...`, `\\{` and `\\--`."""
    if text.find("\\", start, end) < 0:
        return _NO_PIECES
    return _without(start, end, [m.start() for m in _ASCIIDOC_ESCAPE.finditer(text, start, end)])


# Braces and brackets another language opens right before a URL.

_LATEX_COMMANDS = ("\\url", "\\href", "\\nolinkurl")
# The characters TeX makes special, escaped in a URL as hyperref reads them back (`\\%` is %).
_LATEX_ESCAPE = re.compile(r"\\(?=[%#&_$])")
_DOUBLE_BRACKET_TARGET = re.compile(r"[^\s\]|]*")
_WIKI_TARGET = re.compile(r"[^\s\[\]<>\"]*")  # MediaWiki's external link: no space, bracket, <>"


def _braced(text: str, start: int, end: int) -> MarkupEnd | None:
    """A URL right after "{": the "}" that closes that brace ends it, braces inside it
    balanced (a template's `{owner}` stays whole). After LaTeX's `\\url{`, `\\href{` or
    `\\nolinkurl{` that "}" is the exact end (hyperref reads the argument whole:
    `\\url{https://x.org/a.}` holds the dot); after another "{" it only cuts the URL."""
    depth = 0
    at = start
    limit = min(len(text), start + _TITLE_LIMIT)
    while at < limit:
        char = text[at]
        if char.isspace():
            return None
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                break
            depth -= 1
        at += 1
    else:
        return None
    command = start - 1
    while command > 0 and text[command - 1].isalpha():
        command -= 1
    if command > 0 and text[command - 1 : start - 1] in _LATEX_COMMANDS:
        escapes = [m.start() for m in _LATEX_ESCAPE.finditer(text, start, at)]
        return at, LATEX_LINK, _without(start, at, escapes)
    if at >= end:
        return None
    return bare.trim_end(text, start, at), BRACED, _NO_PIECES


def _org(text: str, start: int) -> MarkupEnd | None:
    """Org's `[[URL]]` and `[[URL][text]]` (https://orgmode.org/manual/Link-Format.html: a
    bracket inside the link is escaped), and the wikis' `[[URL|text]]` (DokuWiki, vimwiki):
    the URL ends at the first "]" or "|", and never across whitespace."""
    stop = run_end(_DOUBLE_BRACKET_TARGET, text, start)
    closer = text[stop : stop + 2]
    if closer in ("]]", "]["):
        return stop, ORG_LINK, _NO_PIECES
    if closer[:1] == "|" and text.find("]]", stop, _line_end(text, stop)) >= 0:
        return stop, WIKI_LINK, _NO_PIECES
    return None


def _wiki(text: str, start: int) -> MarkupEnd | None:
    """MediaWiki's `[URL]` or `[URL text]`: the URL ends at the first space or bracket, no
    punctuation trimmed (https://www.mediawiki.org/wiki/Help:Links#External_links)."""
    stop = run_end(_WIKI_TARGET, text, start)
    close = text.find("]", stop, _line_end(text, start))
    if close >= 0 and (close == stop or text[stop] in " \t"):
        return stop, WIKI_LINK, _NO_PIECES
    return None


# Shared pieces.


def _code_end(text: str, start: int, end: int, before: str) -> int:
    """Where a bare URL ends before the backquotes at its end: in Markdown they close a code
    span (CommonMark 6.1), in reST an inline literal or interpreted text (`_` after them is
    a reference's mark; docutils' URI holds no backquote), in AsciiDoc monospace text;
    sentence punctuation before them trimmed (``` ``origin: https://x.org/a`` ```,
    ``` ``'cfg://handlers'`` ```). Backquotes with more of the URL after them are the URL's
    (a shell's `file:///`pwd`/x` in a literal block)."""
    tick = text.find("`", start, end)
    if tick < 0 or text[tick:end].strip("`_"):
        return end
    return bare.trim_end(text, start, tick, before)


def _escape_end(text: str, start: int, end: int) -> int:
    """Before a backslash that escapes the character which ended the URL (`\\"` in
    Markdown or reST prose, and in a code sample's string: `xmlns=\\"http://x/\\"`)."""
    if end > start and text[end - 1] == "\\" and text[end : end + 1] in _ASCII_PUNCTUATION:
        return end - 1
    return end


def _without(start: int, end: int, dropped: list[int]) -> Pieces:
    """The runs of [start, end) without the single characters at `dropped` (ascending); ()
    where none is dropped."""
    if not dropped:
        return _NO_PIECES
    pieces: list[tuple[int, int]] = []
    at = start
    for gap in dropped:
        if gap > at:
            pieces.append((at, gap))
        at = gap + 1
    if end > at:
        pieces.append((at, end))
    return tuple(pieces)


def _skip_blanks(text: str, at: int) -> int:
    """Past spaces and tabs and at most one line ending from `at` (CommonMark's "optional
    spaces or tabs, including up to one line ending")."""
    n = len(text)
    while at < n and text[at] in " \t":
        at += 1
    if text.startswith("\r\n", at):
        at += 2
    elif at < n and text[at] in "\r\n":
        at += 1
    else:
        return at
    while at < n and text[at] in " \t":
        at += 1
    return at


def _after_line_prefix(
    same_line: re.Pattern[str], line_before: re.Pattern[str], text: str, start: int
) -> re.Match[str] | None:
    """`same_line` matched by what comes before `start` on its line, or `line_before` by the
    whole line before, where only blanks come before `start` on its own."""
    line_start = _line_start(text, start)
    if line_start < 0:
        return None
    found = same_line.fullmatch(text, line_start, start)
    if found is not None or line_start == 0 or text[line_start:start].strip(" \t"):
        return found
    previous_end = line_start - 1 - (text[line_start - 2 : line_start - 1] == "\r")
    previous_start = _line_start(text, previous_end)
    return None if previous_start < 0 else line_before.fullmatch(text, previous_start, previous_end)


# Markdown links written around a URL that Markdown reads as no link (scanner.near's SWAPPED
# and UNCLOSED near-URLs): looked at only for a URL the reading above left bare.


def broken_link(text: str, start: int, end: int) -> tuple[int, int] | None:
    """[from, to) of a Markdown link written around the URL text[start:end], read bare, that
    Markdown reads as no link: its text and its destination swapped (`[URL](text)`: the
    link goes to a relative reference named after its text, RFC 3986 section 4.2), or its
    destination not closed on its line (`[text](URL` with no ")", or a blank inside it,
    `[text](https://x.org/a b.pdf)`: CommonMark 6.3 allows no blank in a destination not
    in `<...>`, and a link is made only where its ")" follows); None for any other URL."""
    before = text[start - 1] if start > 0 else "\n"
    if before == "[":
        return _swapped(text, start, end)
    if before in "( \t\n":
        return _unclosed(text, start, end)
    if before in "\"'":
        return _quoted(text, start, end)
    return None


def _quoted(text: str, start: int, end: int) -> tuple[int, int] | None:
    """`[text]("URL")`: the destination written in quotes, which CommonMark 0.31.2 section
    6.3 takes into it (a title stands after a destination, never alone): the span from the
    link text's "[" to the ")", on the URL's line."""
    quote = text[start - 1]
    if start < 3 or text[start - 3 : start - 1] != "](" or not text.startswith(quote + ")", end):
        return None
    bracket = _link_text_start(text, start - 3)
    return None if bracket < 0 else (bracket, end + 2)


def _swapped(text: str, start: int, end: int) -> tuple[int, int] | None:
    """`[URL](text)`: the URL is the whole link text, and the destination, closed on its
    line, is a word or words, no URL nor path (no ":", "/", ".", "#", "?", "(")."""
    if not text.startswith("](", end) or (start >= 2 and text[start - 2] == "\\"):
        return None
    close = text.find(")", end + 2, _line_end(text, end))
    target = text[end + 2 : close]
    if close < 0 or not target.strip() or any(char in target for char in ":/.#?(\\<"):
        return None
    return start - 1, close + 1


def _unclosed(text: str, start: int, end: int) -> tuple[int, int] | None:
    """`[text](URL` where the URL ends at a blank or its line's end and no ")" closes the
    link there: the span from the link text's "[" to the URL's end, or to the ")" that
    closes the destination a blank broke, on the same line."""
    opener = _opening_parenthesis(text, start)
    if opener <= 0 or text[opener - 1] != "]":
        return None
    found = _destination(text, start)
    if found is not None:
        if _link_closes(text, found[0]):
            return None  # a link after all
        end = max(end, found[0])  # `[a](https://x.org/a}`: the destination's characters
    if end < len(text) and not text[end].isspace():
        return None
    full_width = text.find("\uff09", start, end)  # `[a](https://x.org/a）and prose`
    if full_width >= 0:
        end = full_width + 1
    bracket = _link_text_start(text, opener - 1)
    if bracket < 0:
        return None
    eol = _line_end(text, end)
    close = text.find(")", end, eol)
    if close < 0:
        return bracket, end
    rest = text[end:close]
    if "(" in rest or "[" in rest or rest.strip()[:1] in ('"', "'"):
        return None  # another construct, or a title not closed: not a blank in the URL
    return bracket, close + 1


def _link_text_start(text: str, closer: int) -> int:
    """The offset of the "[" the "]" at `closer` closes, on its line (brackets inside paired,
    escaped ones skipped), or -1."""
    depth = 0
    at = closer - 1
    low = _line_start(text, closer)
    while at >= max(low, 0):
        char = text[at]
        if at > 0 and text[at - 1] == "\\":
            at -= 2
            continue
        if char == "]":
            depth += 1
        elif char == "[":
            if depth == 0:
                return at
            depth -= 1
        at -= 1
    return -1


def _line_start(text: str, at: int) -> int:
    """The start of the line `at` is on, or -1 where it is more than _LOOK_BACK back (a line
    that long starts no construct this module reads)."""
    low = max(0, at - _LOOK_BACK)
    newline = text.rfind("\n", low, at)
    if newline >= 0:
        return newline + 1
    return 0 if low == 0 else -1


def _line_end(text: str, at: int) -> int:
    """The offset of the "\\n" that ends the line `at` is on, or the text's end; looked for
    _TITLE_LIMIT characters on at most (a line that long ends there for this module), so
    that many URLs on one long line cost a bounded amount each."""
    limit = min(len(text), at + _TITLE_LIMIT)
    eol = text.find("\n", at, limit)
    return eol if eol >= 0 else limit


__all__ = ["CONTEXTS", "EXACT_CONTEXTS", "MarkupEnd", "broken_link", "markup_end"]
