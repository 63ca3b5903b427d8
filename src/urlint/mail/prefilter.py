"""Which messages can hold a URL at all: ASCII byte patterns behind literal prefixes, run
on a message's raw bytes before anything is decoded (issue 4, "Speed").

Every place the scanner starts a URL (scanner.py: a wrapper "<URL:" or "<scheme:", a
"://", an opaque scheme's ":") is ASCII, so in a message whose text parts are not encoded
it stands in the raw bytes as it will in the decoded text. A message with base64 or
quoted-printable content (which can hide those bytes, or split them with a soft break) is
always read. This must stay a superset of the scanner's triggers:
tests/test_mail.py checks it against the scanner on generated text.
"""

from __future__ import annotations

import re

from ..schemes import OPAQUE_COLON_PATTERN, SCHEME_CHARS

# Each pattern starts with a literal byte ("<", "/", ":"), so the regex engine skips to
# candidates at memchr speed.
_WRAPPER = re.compile(rb"<[ \t]*[A-Za-z][" + SCHEME_CHARS.encode() + rb"]*:")
_OPAQUE = re.compile(OPAQUE_COLON_PATTERN.encode())  # the scanner's own pattern, for bytes
# Content-Transfer-Encoding fields (any case): their values say whether text is hidden.
_TRANSFER_ENCODING = re.compile(rb"-(?:[Ee]ncoding|ENCODING)[ \t]*:[ \t]*(?:\r?\n[ \t]+)?[\"']?([A-Za-z0-9-]*)")
_HIDING = frozenset({b"base64", b"quoted-printable", b"x-uuencode", b"uuencode", b"x-uue", b"uue"})


def may_hold_url(data: bytes) -> bool:
    """False only when no URL can come out of this message."""
    if b"://" in data:
        return True
    # The header is only ever scanned where it holds "://", "mailto:", "<url:" or an
    # encoded word (message._HEADER_HINTS); the body wherever the scanner would start a URL.
    header_end = data.find(b"\n\n")
    if header_end < 0 or b"\r" in data[:header_end]:
        header_end = 0
    lowered = data[:header_end].lower()
    if b"mailto:" in lowered or b"<url:" in lowered:
        return True
    if _OPAQUE.search(data, header_end) or _WRAPPER.search(data, header_end):
        return True
    for field in _TRANSFER_ENCODING.finditer(data):
        if field.group(1).lower() in _HIDING:
            return True
    # An encoded word can hide a URL in a header field; of the fields a URL is read from,
    # the Subject is the one mailers encode (the name in From is no place for a URL).
    subject = lowered.find(b"\nsubject:")
    if subject < 0:
        return False
    end = lowered.find(b"\n", subject + 1)
    while 0 <= end < len(lowered) - 1 and lowered[end + 1] in (32, 9):  # folded (RFC 5322 2.2.3)
        end = lowered.find(b"\n", end + 1)
    return b"=?" in lowered[subject : end if end >= 0 else len(lowered)]
