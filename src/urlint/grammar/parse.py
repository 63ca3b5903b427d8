"""A URL read into its components, each with its offsets in the URL (RFC 1738 sections 3, 5).

The reading is lenient by design: it finds where each component of section 3's forms lies
even when the text breaks the grammar, so that a rule can say *which* component is wrong
and point at it. Whether a component conforms is the rules' business (`abnf` holds the
strict patterns). Reading is plain string work: one pass of `find`s per URL.
"""

from __future__ import annotations

import re

from .components import ParsedURL
from .login import Login, first_of, read_login
from .schemes import SCHEME_CHARS, SCHEMES, Authority

# abnf.SCHEME, on the standard engine: every URL is read, and most need no `regex` at all.
_SCHEME = re.compile(f"[{SCHEME_CHARS}]+")
# RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
_GENERIC_SCHEME = re.compile(f"[A-Za-z][{SCHEME_CHARS}]*")


def parse(url: str, generic: bool = False) -> ParsedURL:
    """Read `url` into components (never raises; a URL with no scheme has scheme "").

    `generic`: read every authority as RFC 3986 section 3.2 does, ending at the first "/",
    "?" or "#" whatever the scheme (--target rfc3986); otherwise a "?" ends it only where
    RFC 1738 lets a search follow the host. `generic` reads by RFC 3986 in three more ways:
    a scheme starts with a letter (section 3.1: "1http:" is no scheme, and the text no
    URI); a host that is no IP literal ends at its first ":" (a reg-name holds none, so
    `http://h:1:2/` has the port "1:2"); and a news URI may name its server (RFC 5538:
    `news://server/group`)."""
    parsed = ParsedURL(url)
    colon = url.find(":")
    scheme = _GENERIC_SCHEME if generic else _SCHEME
    if colon <= 0 or not scheme.fullmatch(url, 0, colon):
        return parsed
    parsed.scheme = url[:colon].lower()
    parsed.scheme_span = (0, colon)
    spec = SCHEMES.get(parsed.scheme)
    start = colon + 1
    authority = url.startswith("//", start) and (
        spec is None or spec.authority != Authority.NEVER or (generic and spec.server_by_rfc3986)
    )
    # The login as the target reads it (grammar.login): within the authority, never past
    # a "#", so the fragment starts at the first "#".
    login = read_login(url, start + 2, generic=generic) if authority else None
    hash_at = url.find("#", start)
    end = len(url) if hash_at < 0 else hash_at
    if hash_at >= 0:
        parsed.fragment = (hash_at + 1, len(url))
    if authority:
        # RFC 3986 (section 3.2) ends every authority at a "?" too. Section 5 never lets a
        # "?" follow the hostport: for the schemes it defines (http aside, whose search
        # RFC 3986 lets follow the host) the hostport runs to the "/", and a "?" before it
        # is in the host or port (`telnet://host?/`: the host is "host?"; schemes.py).
        ends = "/?#" if generic or spec is None or spec.search_after_host else "/#"
        start = _read_authority(parsed, start + 2, end, login, ends, generic)
        if start < end and url[start] == "/":
            parsed.path = (start + 1, end)
        elif start < end:
            parsed.rest = (start, end)  # "http://host?q": no "/" before the search
    else:
        parsed.opaque = (start, end)
        if spec is not None and spec.ip_based:
            return parsed  # "http:foo": S406 reads this
    if spec is not None and spec.reader is not None:
        spec.reader(parsed, end)
    return parsed


def _read_authority(
    parsed: ParsedURL, start: int, end: int, login: Login | None, ends: str, generic: bool
) -> int:
    """Read login (as grammar.login reads it) and hostport from `start` (just after "//") to
    the first of `ends`; return where they end. The port starts at the host's last ":"
    (RFC 1738: `ftp://h:2:1/` has the host "h:2", which S407 reports), or at its first
    under RFC 3986 (`generic`), whose reg-name holds no ":" (the port "2:1", S408's)."""
    url = parsed.url
    host_start = start if login is None else login.at + 1
    stop = first_of(url, ends, host_start, end)
    parsed.authority = (start, stop)
    if login is not None:
        parsed.userinfo = (start, login.at)
        parsed.user = login.user
        if login.password is not None:
            parsed.password = login.password
    host_end = stop
    if url.startswith("[", host_start):  # an RFC 2732 literal: no such host in RFC 1738
        close = url.find("]", host_start, stop)
        host_end = close + 1 if close >= 0 else stop
        port_colon = url.find(":", host_end, stop)
    else:
        port_colon = (
            url.find(":", host_start, stop) if generic else url.rfind(":", host_start, stop)
        )
    if port_colon >= 0:
        parsed.port = (port_colon + 1, stop)
        host_end = min(host_end, port_colon)
    parsed.host = (host_start, host_end)
    return stop
