"""RFC 3986's host and character classes, transcribed: what --target rfc3986 checks by.

Each piece sits under the ABNF line it implements (RFC 3986 sections 2.3 and 3.2.2,
collected in Appendix A). Patterns are for the standard `re` engine, compiled on first use;
none can backtrack without bound (every repetition is bounded or possessive in effect: the
alternatives of IPv6address never overlap by more than a fixed number of groups).
"""

from __future__ import annotations

import re
from functools import cache

# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"   (section 2.3)
UNRESERVED_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
UNRESERVED_SET = frozenset(UNRESERVED_CHARS)
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="   (2.2)
SUB_DELIMS_CHARS = "!$&'()*+,;="

# h16 = 1*4HEXDIG
_H16 = "[0-9A-Fa-f]{1,4}"
# dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
_DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
_IPV4 = rf"{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}\.{_DEC_OCTET}"
# ls32 = ( h16 ":" h16 ) / IPv4address
_LS32 = f"(?:{_H16}:{_H16}|{_IPV4})"


def _before(count: int) -> str:
    """[ *N( h16 ":" ) h16 ]: up to `count` + 1 groups before a "::" (-1: none at all)."""
    if count < 0:
        return ""
    return f"(?:(?:{_H16}:){{0,{count}}}{_H16})?"


# IPv6address =                            6( h16 ":" ) ls32
#             /                       "::" 5( h16 ":" ) ls32
#             / [               h16 ] "::" 4( h16 ":" ) ls32
#             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
#             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
#             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
#             / [ *4( h16 ":" ) h16 ] "::"              ls32
#             / [ *5( h16 ":" ) h16 ] "::"              h16
#             / [ *6( h16 ":" ) h16 ] "::"
IPV6ADDRESS = "|".join(
    (
        f"(?:{_H16}:){{6}}{_LS32}",
        f"::(?:{_H16}:){{5}}{_LS32}",
        f"{_before(0)}::(?:{_H16}:){{4}}{_LS32}",
        f"{_before(1)}::(?:{_H16}:){{3}}{_LS32}",
        f"{_before(2)}::(?:{_H16}:){{2}}{_LS32}",
        f"{_before(3)}::{_H16}:{_LS32}",
        f"{_before(4)}::{_LS32}",
        f"{_before(5)}::{_H16}",
        f"{_before(6)}::",
    )
)
# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPVFUTURE = r"[vV][0-9A-Fa-f]+\.[" + re.escape(UNRESERVED_CHARS + SUB_DELIMS_CHARS + ":") + "]+"


@cache
def _pattern(piece: str) -> re.Pattern[str]:
    return re.compile(f"(?:{piece})")


def is_ipv6address(text: str) -> bool:
    """Does `text` match RFC 3986 section 3.2.2's IPv6address, whole?"""
    return _pattern(IPV6ADDRESS).fullmatch(text) is not None


def is_ipvfuture(text: str) -> bool:
    """Does `text` match RFC 3986 section 3.2.2's IPvFuture, whole?"""
    return _pattern(IPVFUTURE).fullmatch(text) is not None


def ip_literal_problem(inside: str) -> str | None:
    """Why `inside`, the text between an IP literal's brackets, is neither an IPv6address
    nor an IPvFuture (section 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"), or
    None if it is one."""
    if not inside:
        return "an empty IP literal: section 3.2.2 puts an IPv6 address or IPvFuture in '[ ]'"
    if inside[0] in "vV":
        if is_ipvfuture(inside):
            return None
        return (
            f'\'{inside}\' is no IPvFuture (section 3.2.2: "v" 1*HEXDIG "." and then '
            "unreserved, sub-delims or ':')"
        )
    if is_ipv6address(inside):
        return None
    if "%" in inside:
        return (
            f"'{inside}' is no IPv6 address as section 3.2.2 writes one: a zone identifier "
            "is no part of it"
        )
    return f"'{inside}' is no IPv6 address as section 3.2.2 writes one"
