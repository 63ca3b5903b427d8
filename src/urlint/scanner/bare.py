"""Bare URLs: where one starts and where it ends in running text.

RFC 1738 section 2.2 lists the characters that are unsafe in a URL; the appendix adds that
in running text a URL is hard to tell from the punctuation around it. A bare URL therefore
ends at whitespace and at the delimiters `<`, `>` and `"` (section 2.2: "The characters
"<" and ">" are unsafe because they are used as the delimiters around URLs in free text;
the quote mark ('"') is used to delimit URLs in some systems"). Sentence punctuation at its
end belongs to the sentence. Other unsafe characters (`~`, `|`, `{`, non-ASCII letters) do
NOT end it: they are kept so that the linter can report them (section 2.2).
"""

from __future__ import annotations

import re

from ..schemes import SCHEME_CHARS

# The scheme just before a ":" (section 2.1). Searched within a short window ending at the
# colon; the leftmost match is the longest run, which must begin with a letter.
SCHEME_BEFORE = re.compile(rf"[A-Za-z][{SCHEME_CHARS}]*\Z")
SCHEME_WINDOW = 40

# The body of a bare URL: everything up to whitespace (any Unicode whitespace, since text
# editors and mail clients put non-breaking spaces there) or a delimiter.
BODY = re.compile(r'[^\s<>"]*')

_ALNUM = re.compile(r"[^\W_]")
TRAILING_PUNCTUATION = frozenset(".,;:!?'")
CLOSERS = {")": "(", "]": "[", "}": "{"}


def scheme_start(text: str, colon: int, floor: int = 0) -> int:
    """Offset where the scheme ending at `colon` starts, or -1 if there is none."""
    match = SCHEME_BEFORE.search(text, max(floor, colon - SCHEME_WINDOW), colon)
    return match.start() if match else -1


def body_end(text: str, start: int, stop: int | None = None, url_start: int | None = None) -> int:
    """Offset where a bare URL body starting at `start` ends, trailing punctuation trimmed.

    `url_start` is where the whole URL starts (its scheme), to see what quotes it.
    """
    match = BODY.match(text, start) if stop is None else BODY.match(text, start, stop)
    assert match is not None  # BODY matches the empty string
    end = trim_end(text, start, match.end())
    opener = url_start if url_start is not None else start
    # `http://example.com` (Markdown, man pages): a backquote that closes the one just
    # before the URL is a delimiter; a backquote elsewhere stays (unsafe, section 2.2).
    if end > start and text[end - 1] == "`" and opener > 0 and text[opener - 1] == "`":
        end = trim_end(text, start, end - 1)
    return end


def has_body(text: str, colon: int, end: int) -> bool:
    """Is there a URL after the scheme? "http://", "mailto:" or "scheme://`" is none."""
    body = colon + 1
    if text.startswith("//", body):
        body += 2
    if end - body == 1 and text[body] == "*":
        return True  # "news:*", all groups (section 3.6)
    return _ALNUM.search(text, body, end) is not None


def trim_end(text: str, start: int, end: int) -> int:
    """Trim sentence punctuation and unbalanced closing brackets from text[start:end].

    A ")" is kept when it closes a "(" inside the URL (Wikipedia-style paths); likewise "]"
    and "}". Linear: the bracket balance is counted once, then updated while trimming.
    """
    if end <= start:
        return end
    last = text[end - 1]
    if last not in TRAILING_PUNCTUATION and last not in CLOSERS:
        return end  # the common case: nothing to trim, nothing to count
    segment = text[start:end]
    balance = {closer: segment.count(closer) - segment.count(opener) for closer, opener in CLOSERS.items()}
    while end > start:
        char = text[end - 1]
        if char in TRAILING_PUNCTUATION:
            end -= 1
        elif char in CLOSERS and balance[char] > 0:
            balance[char] -= 1
            end -= 1
        else:
            break
    return end
