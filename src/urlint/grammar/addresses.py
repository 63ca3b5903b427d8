"""A mailto URL's addresses, read by RFC 822 (RFC 1738 section 3.5) or RFC 6068 section 2.

RFC 1738 section 3.5: "mailto:<rfc822-addr-spec> where <rfc822-addr-spec> is (the encoding
of an) addr-spec, as specified in RFC 822": one address, judged decoded (section 2.2), by
RFC 822 section 6.1's addr-spec (a word or dotted words, "@", a domain of atoms or domain
literals: `u@8` and `v@=.h` are addresses, whatever a host name may be).

RFC 6068 section 2, what a mailto URI is now:

    mailtoURI    = "mailto:" [ to ] [ hfields ]
    to           = addr-spec *("," addr-spec )
    hfields      = "?" hfield *( "&" hfield )
    hfield       = hfname "=" hfvalue
    hfname       = *qchar
    hfvalue      = *qchar
    addr-spec    = local-part "@" domain
    local-part   = dot-atom-text / quoted-string
    domain       = dot-atom-text / "[" *dtext-no-obs "]"
    dtext-no-obs = %d33-90 / %d94-126
    qchar        = unreserved / pct-encoded / some-delims
    some-delims  = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"

with its numbered rules: "/", "?", "#", "[", "]", "&", ";" and "=" in an addr-spec MUST be
percent-encoded (1); whitespace and comments MUST NOT be used (3); percent-encoding in a
domain stands for UTF-8 only (4: "URI-producing applications MUST NOT use percent-encoding
in domain names unless it is used to represent a UTF-8 character sequence"), and in a
local-part non-ASCII is UTF-8 (5). The addr-spec is RFC 5322's (section 3.4.1), read
decoded. Each reader says what is wrong and where (offsets into the URL), or nothing.
"""

from __future__ import annotations

import re

from .._runtime.patterns import load_compiled
from ..core.records import record

load_compiled(__name__)  # its patterns, compiled, before they are compiled below (PARTS)

# RFC 822 section 3.3: specials = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" /
# <"> / "." / "[" / "]"; atom = 1*<any CHAR except specials, SPACE and CTLs>.
_822_ATOM = r"[!#-\'*+\-/-9=?A-Z^-~]+"
# quoted-string = <"> *(qtext / quoted-pair) <">, qtext: any CHAR but <">, "\" and CR;
# quoted-pair = "\" CHAR.
_822_QUOTED = r'"(?:[^"\\\r\x80-\U0010ffff]|\\[\x00-\x7f])*"'
_822_WORD = f"(?:{_822_ATOM}|{_822_QUOTED})"
# domain-literal = "[" *(dtext / quoted-pair) "]", dtext: any CHAR but "[", "]", "\", CR.
_822_LITERAL = r"\[(?:[^\[\]\\\r\x80-\U0010ffff]|\\[\x00-\x7f])*\]"
_822_SUB_DOMAIN = f"(?:{_822_ATOM}|{_822_LITERAL})"
RFC822_LOCAL_PART = re.compile(rf"{_822_WORD}(?:\.{_822_WORD})*")
RFC822_DOMAIN = re.compile(rf"{_822_SUB_DOMAIN}(?:\.{_822_SUB_DOMAIN})*")

# RFC 5322 section 3.2.3: atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" /
# "+" / "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~"; dot-atom-text =
# 1*atext *("." 1*atext). Non-ASCII (UTF-8, RFC 6068 rules 4 and 5: an internationalized
# domain, a local-part reserved for one) is taken as atext.
_ATEXT = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\x80-\U0010ffff]"
_DOT_ATOM_TEXT = rf"{_ATEXT}+(?:\.{_ATEXT}+)*"
# quoted-string without whitespace (rule 3): DQUOTE *(qtext / quoted-pair) DQUOTE, qtext =
# %d33 / %d35-91 / %d93-126, quoted-pair = "\" (VCHAR / WSP) (section 3.2.1).
_QUOTED_STRING = r'"(?:[!#-\[\]-~\x80-\U0010ffff]|\\[\x20-\x7e\t])*"'
LOCAL_PART = re.compile(f"{_DOT_ATOM_TEXT}|{_QUOTED_STRING}")
DOMAIN = re.compile(rf"{_DOT_ATOM_TEXT}|\[[!-Z^-~]*\]")
# Rule 1: what an addr-spec may not hold as it is in the URI ("?" and "#" end it anyway).
_MUST_BE_ENCODED = "/[]&;="
# qchar: unreserved / pct-encoded / some-delims ("%" starts the escape, C206 judges it).
_QCHAR = re.compile(r"[A-Za-z0-9\-._~!$'()*+,;:@%]*")
_ESCAPE = re.compile(rb"%([0-9A-Fa-f]{2})")
_IN_HFIELD = {
    "?": "a second '?' (RFC 6068 section 2): header fields are separated by '&'",
    "=": "unencoded '=' in a header field (RFC 6068 section 2): write %3D",
    "/": "unencoded '/' in a header field (RFC 6068 section 2): write %2F",
}


@record
class Fault:
    """What is wrong with a mailto URL, from `start` to `end` (offsets into the URL).

    `advice`: what the RFC says below MUST ("SHOULD NOT"), not an error."""

    start: int
    end: int
    message: str
    advice: bool = False


def _decoded_bytes(text: str) -> bytes:
    """`text` with each %XX escape made its octet (an escape gone wrong stays as written)."""
    raw = text.encode("utf-8", "surrogatepass")
    return _ESCAPE.sub(lambda match: bytes([int(match.group(1), 16)]), raw)


def rfc822_faults(url: str, start: int, end: int) -> list[Fault]:
    """What keeps url[start:end] (a mailto URL's address) from being one RFC 822 addr-spec,
    judged decoded (RFC 1738 sections 2.2, 3.5)."""
    address = url[start:end]
    if not address:
        return [Fault(start, end, "no address after 'mailto:'")]
    at = address.rfind("@")
    if at <= 0 or at == len(address) - 1:
        return [Fault(start, end, "not an address: an RFC 822 addr-spec is local-part@domain")]
    faults = []
    local = _decoded_bytes(address[:at]).decode("latin-1")
    if RFC822_LOCAL_PART.fullmatch(local) is None:
        faults.append(
            Fault(
                start,
                start + at,
                "invalid local part: RFC 822 words (atoms or quoted strings) separated by '.'",
            )
        )
    domain = _decoded_bytes(address[at + 1 :]).decode("latin-1")
    if RFC822_DOMAIN.fullmatch(domain) is None:
        faults.append(
            Fault(
                start + at + 1,
                end,
                "invalid mail domain: RFC 822 atoms or domain literals separated by '.'",
            )
        )
    return faults


def rfc6068_faults(
    url: str,
    to: tuple[int, int] | None,
    headers: tuple[int, int] | None,
    fragment: tuple[int, int] | None,
) -> list[Fault]:
    """What keeps a mailto URI from RFC 6068 section 2: its addresses (`to`, before any
    "?"), its header fields (`headers`, after it), and a fragment, which it advises
    against."""
    faults: list[Fault] = []
    if to is not None and to[0] < to[1]:
        start = to[0]
        for piece in url[to[0] : to[1]].split(","):
            faults.extend(_addr_spec_faults(url, start, start + len(piece)))
            start += len(piece) + 1
    if headers is not None:
        faults.extend(_hfields_faults(url, *headers))
    if fragment is not None:
        faults.append(
            Fault(
                fragment[0] - 1,
                fragment[1],
                "a fragment on a mailto URI, which RFC 6068 "
                "section 2 advises against: fragment identifiers SHOULD NOT be used on one",
                advice=True,
            )
        )
    return faults


def _addr_spec_faults(url: str, start: int, end: int) -> list[Fault]:
    """What keeps url[start:end], one address of a mailto URI's "to", from RFC 6068's
    addr-spec, as written (rule 1) and decoded (rules 3-5)."""
    if start == end:
        return [
            Fault(
                start, end, "an empty address (RFC 6068 section 2): addresses are separated by ','"
            )
        ]
    written = url[start:end]
    faults = [
        Fault(
            at,
            at + 1,
            f"unencoded '{char}' in an address (RFC 6068 section 2): write %{ord(char):02X}",
        )
        for at, char in enumerate(written, start)
        if char in _MUST_BE_ENCODED
    ]
    at = written.rfind("@")
    if at <= 0 or at == len(written) - 1:
        return [
            *faults,
            Fault(
                start, end, "not an address (RFC 6068 section 2): an addr-spec is local-part@domain"
            ),
        ]
    try:
        local = _decoded_bytes(written[:at]).decode("utf-8")
    except UnicodeDecodeError:
        return [
            *faults,
            Fault(start, start + at, "the local part's escapes are no UTF-8 (RFC 6068 section 2)"),
        ]
    if LOCAL_PART.fullmatch(local) is None:
        faults.append(
            Fault(
                start,
                start + at,
                "invalid local part (RFC 6068 section 2): dot-atom text or "
                "a quoted string, with no whitespace",
            )
        )
    domain_at = start + at + 1
    domain_written = written[at + 1 :]
    escape = re.search("%[0-7][0-9A-Fa-f]", domain_written)
    if escape is not None:
        # Rule 4: percent-encoding in a domain stands for UTF-8 (an IDN), never for ASCII.
        return [
            *faults,
            Fault(
                domain_at + escape.start(),
                domain_at + escape.end(),
                f"{escape.group()} in a mail domain (RFC 6068 section 2): percent-encoding "
                "there stands for UTF-8 only",
            ),
        ]
    try:
        domain = _decoded_bytes(domain_written).decode("utf-8")
    except UnicodeDecodeError:
        return [
            *faults,
            Fault(domain_at, end, "the mail domain's escapes are no UTF-8 (RFC 6068 section 2)"),
        ]
    if DOMAIN.fullmatch(domain) is None:
        faults.append(
            Fault(
                domain_at,
                end,
                "invalid mail domain (RFC 6068 section 2): dot-atom text or a domain literal",
            )
        )
    return faults


def _hfields_faults(url: str, start: int, end: int) -> list[Fault]:
    """What keeps url[start:end], after a mailto URI's "?", from hfield *( "&" hfield )."""
    faults = []
    for piece_start, piece_end in _pieces(url, start, end, "&"):
        equals = url.find("=", piece_start, piece_end)
        if equals < 0:
            faults.append(
                Fault(
                    piece_start,
                    piece_end,
                    "a header field with no '=' (RFC 6068 section 2): hfname=hfvalue",
                )
            )
            equals = piece_end
        for part_start, part_end in ((piece_start, equals), (equals + 1, piece_end)):
            matched = _QCHAR.match(url, part_start, part_end)
            stop = matched.end() if matched is not None else part_start
            while stop < part_end:
                char = url[stop]
                if char in "?=/":
                    faults.append(Fault(stop, stop + 1, _IN_HFIELD[char]))
                stop += 1
                matched = _QCHAR.match(url, stop, part_end)
                stop = matched.end() if matched is not None else stop
    return faults


def _pieces(url: str, start: int, end: int, sep: str) -> list[tuple[int, int]]:
    pieces = []
    while True:
        cut = url.find(sep, start, end)
        if cut < 0:
            pieces.append((start, end))
            return pieces
        pieces.append((start, cut))
        start = cut + 1
