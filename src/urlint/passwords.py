"""Masking passwords in URLs before any output sees them.

RFC 1738 section 3.1: `//<user>:<password>@<host>:<port>/<url-path>`, and section 6:
"The use of URLs containing passwords that should be secret is clearly unwise." urlint
shows such a URL as `ftp://fred:****@host/` everywhere unless told otherwise.
"""

from __future__ import annotations

import re

from .schemes import SCHEME_CHARS

MASK = "****"

# Section 3.1's login: user and password may not hold ":", "@" or "/" unencoded, but real
# text breaks that rule (the linter's R301), and a password must stay hidden even then.
_LOGIN = re.compile(rf"(?P<head>[A-Za-z][{SCHEME_CHARS}]*://(?P<user>[^/?#@:\s]*):)")
_PORT = re.compile(r"\d*(?:[/?#]|$)")


def password_span(url: str) -> tuple[int, int] | None:
    """(start, end) of the password in `url`, or None when it holds no password.

    The login ends at the last "@" of the authority (section 3.1). When the password
    itself holds an unencoded "/" (so the authority seems to end early), the login still
    ends at the first "@" after it, unless what follows the ":" is a port.
    """
    head = _LOGIN.match(url)
    if head is None:
        return None
    start = head.end()
    if _PORT.match(url, start):  # "host:8080/..." is a port; a password is not all digits
        authority_end = first_of(url, "/?#", start)
        at = url.rfind("@", start, authority_end)
    else:
        at = url.find("@", start)
        # A later "@" before the path ends the login too ("pa@ss" unencoded).
        path_start = first_of(url, "/?#", at + 1) if at >= 0 else -1
        if at >= 0:
            last = url.rfind("@", at, path_start)
            at = last if last >= 0 else at
    if at < 0 or at == start:
        return None  # no login, or an empty password ("ftp://foo:@host/" hides nothing)
    return start, at


def mask_password(url: str) -> str:
    """`url` with its password, if it has one, replaced by `****`."""
    span = password_span(url)
    if span is None:
        return url
    start, end = span
    return url[:start] + MASK + url[end:]


def first_of(text: str, chars: str, start: int, end: int | None = None) -> int:
    """Offset of the first of `chars` in text[start:end], or `end` (the text's end) if none."""
    best = len(text) if end is None else end
    for char in chars:
        at = text.find(char, start, best)
        if at >= 0:
            best = at
    return best
