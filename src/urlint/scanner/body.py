"""The characters a bare URL's body runs over in running text (`BODY`), for bare.py's end.

Below bare.py and templates.py, which both read a body with it: a URL ends at whitespace
(any Unicode whitespace, since text editors and mail clients put non-breaking spaces
there) or a delimiter: ASCII `<`, `>` and `"` (RFC 1738 section 2.2), and the delimiters of
non-ASCII text, which no URL holds: double and angle quotation marks, dashes, the ellipsis,
CJK and fullwidth punctuation (`｜http://example.com｜`). Non-ASCII letters and the
typographic apostrophe (`i’m`) do not end a URL. `BODY_WITHOUT_BRACKETS` reads the same up
to a bracket too (bare.body_end: nearly every URL holds none), and `GLUED_MARKS_FROM` bounds
the closing marks of the text around a URL that scanner.near reads as glued on its end.
`DELIMITER_ENTITIES` are HTML's character references for the delimiters (`&quot;`,
`&lt;`, `&gt;`, `&#39;`...): where text holds HTML escaped once more (HTML inside JSON, a
feed, a log), one ends a URL as its character would.
"""

from __future__ import annotations

import re

# The non-ASCII characters that end a bare URL, as a character class's ranges.
NON_ASCII_DELIMITERS = (
    "\u00ab\u00bb\u2013\u2014\u201c-\u201f\u2026\u2039\u203a"
    "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)
# A bare URL's body: everything up to whitespace or a delimiter (compiled at import: every
# scan reads each URL's body with it).
BODY = re.compile(f'[^\\s<>"{NON_ASCII_DELIMITERS}]*')
# The brackets a URL may hold or be closed by (bare.body_end and first_unbalanced_closer).
BRACKETS = "()[]{}"
# BODY, up to a bracket too: where one stands, bare.body_end reads on with BODY.
BODY_WITHOUT_BRACKETS = re.compile(f'[^\\s<>"{re.escape(BRACKETS)}{NON_ASCII_DELIMITERS}]*')
# The closing marks of the text around a URL that a reader's linker takes in when glued on
# its end (scanner.near.glued: full-width and CJK brackets, curly quotes) all stand past
# U+2000: a URL followed by a character before it has none glued on.
GLUED_MARKS_FROM = 0x2000
# Typography's dashes (en, em), which end a bare URL in text: one glued between a URL and the
# rest of its path (`wiki/Red–black_tree`) is read as a near-URL's (scanner.near).
DASHES = "\u2013\u2014"
# HTML's character references for the delimiters `"`, `'`, `<` and `>` (the HTML Living
# Standard's named references, and the numeric ones in decimal and hexadecimal): escaped
# HTML's `href=&quot;http://x.org/a&quot;&gt;`. No URL holds one: RFC 3986 section 3.4 leaves
# "&" to a query's own use, and a parameter named "quot;" is none a server reads.
DELIMITER_ENTITIES = (
    "&quot;", "&QUOT;", "&lt;", "&LT;", "&gt;", "&GT;", "&apos;",
    "&#34;", "&#39;", "&#60;", "&#62;", "&#x22;", "&#x27;", "&#x3c;", "&#x3e;",
    "&#x3C;", "&#x3E;", "&#X22;", "&#X27;", "&#X3C;", "&#X3E;",
)  # fmt: skip
# A terminal's escape character as strings write it (`\e`, `\033`, `\x1b`, `\u001b`):
# printf's OSC 8 hyperlink, `\e]8;;http://x.org/\e\\text\e]8;;\e\\`, and colour codes
# around a URL. No URL holds one (RFC 3986 section 2: no backslash, no control).
TERMINAL_ESCAPES = ("\\e", "\\E", "\\033", "\\x1b", "\\x1B", "\\u001b", "\\u001B")
