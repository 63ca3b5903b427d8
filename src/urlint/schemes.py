"""Scheme names the scanner and the linter know (RFC 1738 sections 2.1, 3 and 4)."""

from __future__ import annotations

import re

# RFC 1738 section 2.1: "The lower case letters "a"--"z", digits, and the characters plus
# ("+"), period ("."), and hyphen ("-") are allowed", and upper case is to be read as lower.
SCHEME_CHARS = "A-Za-z0-9+.\\-"

# The schemes RFC 1738 section 3 defines.
RFC1738_SCHEMES = frozenset(
    {"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero"}
)

# Registered schemes seen in real text besides those; an `<scheme:...>` wrapper with one of
# these may span lines like an RFC 1738 one.
REGISTERED_SCHEMES = frozenset(
    {
        "https", "urn", "tel", "fax", "sip", "sips", "xmpp", "cid", "mid", "data", "ldap",
        "ldaps", "irc", "ircs", "imap", "pop", "smtp", "snews", "rtsp", "nfs", "afs", "tn3270",
        "z39.50r", "z39.50s", "vemmi", "service", "dav", "ssh", "sftp", "svn", "git", "rsync",
        "webcal", "feed", "magnet", "im", "pres", "geo", "sms", "ws", "wss", "ipp", "mms",
    }
)

KNOWN_SCHEMES = RFC1738_SCHEMES | REGISTERED_SCHEMES

# Section 3.1: schemes whose scheme-specific part is "//" login [ "/" urlpath ] (https too,
# RFC 2818).
IP_SCHEMES = frozenset({"ftp", "http", "https", "gopher", "nntp", "telnet", "wais", "file", "prospero"})

# Schemes whose URLs are written without "//" (RFC 1738 sections 3.5 and 3.6, and the
# registered opaque schemes). A bare "name:" in prose is far more often a label ("Note:",
# "Subject:") than a URL, so only these are taken bare without "//".
OPAQUE_SCHEMES = (
    "mailto", "news", "urn", "tel", "fax", "sip", "sips", "xmpp", "cid", "mid", "data", "magnet", "geo",
)


def is_known_scheme(name: str) -> bool:
    return name.lower() in KNOWN_SCHEMES


def case_insensitive_literal(word: str) -> str:
    """`mailto` -> `[Mm][Aa]...`: keeps a pattern's first item a literal class, which keeps
    the stdlib engine on its fast prefix search (see DESIGN.md, hot-path measurements)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word)


# ":" right after an opaque scheme name (sections 3.5, 3.6), as one pattern for the scanner
# and for the mail prefilter (which compiles it for bytes). A one-character look-behind on
# the schemes' last letters turns most colons (times, header fields) away before the full
# names are tried.
OPAQUE_COLON_PATTERN = (
    ":(?<=["
    + "".join(sorted({c for s in OPAQUE_SCHEMES for c in (s[-1].lower(), s[-1].upper())}))
    + "]:)(?:"
    + "|".join(f"(?<={case_insensitive_literal(s)}:)" for s in OPAQUE_SCHEMES)
    + ")"
)


# RFC 2397 section 3: dataurl := "data:" [ mediatype ] [ ";base64" ] "," data, mediatype :=
# [ type "/" subtype ] *( ";" parameter ). "data:" without that shape is a label in prose.
_TOKEN = r"[A-Za-z0-9!#$&^_.+\-]+"
_DATA_HEAD = re.compile(rf"(?:{_TOKEN}/{_TOKEN})?(?:;{_TOKEN}(?:=[^,;\s]*)?)*,")


def data_shaped(text: str, start: int, end: int) -> bool:
    """Is text[start:end], what follows "data:", the body of an RFC 2397 data URL?"""
    return _DATA_HEAD.match(text, start, end) is not None


# RFC 3966 section 3 (tel, and RFC 2806's fax, which it replaced): a number is global, "+"
# and digits, or local with a "phone-context" parameter. "fax:408-555-0100" in a signature
# ("office:408-555-0199, fax:408-555-0100") is a label and a number, not a URL.
_PHONE_NUMBER = re.compile(r"\+[0-9]|[^\s]*;phone-context=", re.IGNORECASE)
PHONE_SCHEMES = frozenset({"tel", "fax"})


def phone_shaped(text: str, start: int, end: int) -> bool:
    """Is text[start:end], what follows "tel:" or "fax:", an RFC 3966 number?"""
    return _PHONE_NUMBER.match(text, start, end) is not None

