"""Where a URL in an HTML file ends, and the ampersands its character references write.

An attribute's quoted value (`href="URL"`, `src='URL'`) ends at its closing quote: the URL
ends there exactly, and no next line goes on with it; it was found in an `html-attribute`.
In a value and in the text alike a browser decodes character references before it reads a
URL (HTML, "Character references"): `&amp;`, `&#38;` and `&#x26;` are an `&`, and the URL
is read as one, made of runs of the file that leave out the rest of each reference (what
scanner.markup calls pieces). Other references are left as written: a URL rarely holds one,
and the linter names the `&` and `;` that stay. Pure; called for HTML files only.
"""

from __future__ import annotations

import re

from .markup import HTML_ATTRIBUTE, Pieces

# The references that write "&": named (`&amp;`, any case browsers take), decimal, hex.
_AMPERSAND = re.compile(r"&(?:amp|AMP|#0*38|#[xX]0*26);")


def html_end(text: str, start: int, end: int) -> tuple[int, str | None, Pieces] | None:
    """Where the URL the plain scanner found at text[start:end] in an HTML file ends, the
    context it was found in (None for the page's text), and its runs (() where it is
    text[start:new end]); None where HTML says nothing of it."""
    before = text[start - 1] if start > 0 else ""
    context = None
    if before in ('"', "'") and start >= 2 and text[start - 2] == "=":
        close = text.find(before, start, end)
        if close >= 0:
            end = close
        context = HTML_ATTRIBUTE
    runs: list[tuple[int, int]] = []
    at = start
    for reference in _AMPERSAND.finditer(text, start, end):
        runs.append((at, reference.start() + 1))  # through its "&"
        at = reference.end()
    if runs:
        if at < end:
            runs.append((at, end))
        return end, context, tuple(runs)
    return None if context is None else (end, context, ())
