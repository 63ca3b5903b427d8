"""Where the login is: the one reader of the user and password in a URL.

Two questions. Where IS the password, as the standard a check is graded by reads the URL
(`read_login`, `password_spans`: the grammar's user and password, and P501)? And what MAY
be a password to whoever reads the text (`secret_spans`: what every output hides, and no
rule message quotes)? The first is exact; the second hides more, as RFC 1738 section 6 asks
("The use of URLs containing passwords that should be secret is clearly unwise").

The exact reading. RFC 3986 section 3.2: the authority follows "//" and "is terminated by
the next slash ("/"), question mark ("?"), or number sign ("#") character, or by the end of
the URI". RFC 1738 section 3.1, `//<user>:<password>@<host>:<port>/<url-path>`: the
url-path starts at the "/", a "#" starts the fragment (section 2.2), and section 5 lets a
"?" stand in a user or password but not in a hostport, so a "?" ends the authority only
where no "@" follows it (`ftp://fred:2024?pw@h/` is user "fred", password "2024?pw" to RFC
1738; host "fred", port "2024" and a query to RFC 3986). The login runs to the authority's
last "@", the password from its first ":"; an escaped ":" (%3A) is data (RFC 3986 3.2.1).
An "@" past the authority is no login's (`otpauth://totp/Example:alice@google.com`: the
authority is "totp"); with no "//" there is no authority (`ftp:fred:pw@h`). SIP puts its
userinfo after the colon (RFC 3261: `read_userinfo`). A URL written inside another
(`http://a.example/1997/ftp://fred:pw@h/`, escaped or not) is read as a URL of its own.

What may be a password. Real text breaks section 3.1's rule that ":", "@" and "/" in a
login be encoded, writes "#" there, and escapes URLs inside others: two readings of each
authority, the plain one (RFC 1738's, above) and the widest, where the login runs to the
last "@" before the authority ends for certain, which a "/", "?" or "#" does only after a
stretch that can be nothing but a host and port (a dotted name, `localhost` or an IP
literal, an optional decimal port; or nothing, `file:///path`). So
`http://example.com:8080/a@b` has no login, while `ftp://fred:se/cret@h/`,
`ftp://fred:hunter#2@h/` and `ftp://fred:12/ab@h/` may. Each is read again with escaped
delimiters decoded (a client that decodes `odder%3auser` before it splits it sends "user"
as a password), after every "://" (`1ftp://` too), and after the section 3.1 schemes
written without it (`ftp:fred:pw@h`, S406). The exact reading is always within them (RFC
3986's ends no later than RFC 1738's, its password starting at the same ":").

Past 600 lines: the one reader of a URL's login; the two questions it answers read the same
grammar, and two modules would be two readers of it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .._runtime.patterns import compiled_when_used
from ..core.records import record
from .schemes import (
    LOGIN_AFTER_COLON,
    SCHEME_CHARS,
    SCHEMES,
    USERINFO_AFTER_COLON,
    Authority,
    SchemeSpec,
)

MASK = "****"

# The patterns compile when first used (patterns.py): only a text with an "@" needs them.

# A stretch that can only be a host and port (section 3.1: hostport = host [ ":" port ]):
# a name with a dot (a user name seldom has one), `localhost` or an RFC 2732 literal, then
# an optional decimal port. Anything else ("fred:2024", "fred:hunter") may be a login.
# RFC 2732's literal, by its characters (an address only where _ip_literal_end says so).
_LITERAL = r"\[[0-9A-Fa-f:.]*\]"
_CERTAIN_HOSTPORT = compiled_when_used(
    rf"(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+\.?|localhost|{_LITERAL})(?::[0-9]*)?",
    re.IGNORECASE,
)
_IP_LITERAL = compiled_when_used(_LITERAL)
# A drive letter where a host would be (`file://C:/x`, `file://c|/x`), in file URLs only.
_DRIVE = compiled_when_used(r"[A-Za-z][:|]")
_DELIMITERS = compiled_when_used(r"[/?#@]")

# Where a login may start in any text: after "://" (any scheme, digit-led or none); after a
# scheme and one "/" (`http:/u:pw@h`, what a walk makes of a URL as a directory name); after
# any other "//" or longer run (section 3.1's `//<user>:<password>@<host>` itself,
# scheme-relative: `href="//u:pw@h/"`, an archive's member `a.zip!//u:pw@h/x`, a path typed
# with it after a directory, `mirror//u:pw@h/x`, a URL's path that holds one); or after a
# section 3.1 scheme written without "//" (`ftp:fred:pw@h`; RFC 3261's `sip:` too).
_LOGIN_SCHEMES = "|".join(re.escape(name) for name in sorted(LOGIN_AFTER_COLON))
_LOGIN_START = compiled_when_used(
    rf"://|(?<![{SCHEME_CHARS}])[A-Za-z][{SCHEME_CHARS}]*:/(?=[^/\s])"
    rf"|(?<![:/])//+(?=[^/\s])"
    rf"|(?<![{SCHEME_CHARS}])(?:{_LOGIN_SCHEMES}):(?=[^/\s])",
    re.IGNORECASE,
)
_SCHEME_BEFORE = compiled_when_used(rf"[{SCHEME_CHARS}]*\Z")
_LONGEST_SCHEME = 40  # looked back no further: a scheme name is short


@record
class Login:
    """Offsets in the URL of one login.

    `user` and `password` are (start, end) spans (the password is None when there is no
    ":"); `at` is the "@" that ends the login."""

    user: tuple[int, int]
    password: tuple[int, int] | None
    at: int


def first_of(text: str, chars: str, start: int, end: int | None = None) -> int:
    """Offset of the first of `chars` in text[start:end], or `end` (the text's end) if none."""
    best = len(text) if end is None else end
    for char in chars:
        at = text.find(char, start, best)
        if at >= 0:
            best = at
    return best


def read_login(url: str, start: int, end: int | None = None, generic: bool = False) -> Login | None:
    """The login of the authority that starts at `start` (just after "//"), as the target reads it.

    Within url[:end], to the authority's end (`authority_end`) and its last "@" there
    (`ftp://fred:p@ss@h/`: the password "p@ss", as a browser reads it); None without one."""
    if url.find("@", start, end) < 0:
        return None  # nearly every URL
    return _login_before(url, start, authority_end(url, start, end, generic))


def authority_end(url: str, start: int, end: int | None = None, generic: bool = False) -> int:
    """Where the authority that starts at `start` ends (at `end` at the latest).

    RFC 3986 section 3.2 (`generic`): at the first "/", "?" or "#". RFC 1738: at the first
    "/" (section 3.1: the url-path) or "#" (section 2.2: the fragment's), and at a "?" only
    where no "@" follows it (section 5: a "?" may stand in a user or password, never in a
    hostport)."""
    if generic:
        return first_of(url, "/?#", start, end)
    stop = first_of(url, "/#", start, end)
    query = url.find("?", start, stop)
    return query if query >= 0 and url.find("@", query, stop) < 0 else stop


def read_userinfo(url: str, start: int, end: int | None = None) -> Login | None:
    """The login of a URI whose userinfo follows its scheme's colon: SIP's (RFC 3261).

    Section 25: SIP-URI = "sip:" [ userinfo ] hostport uri-parameters [ headers ], userinfo =
    ( user / telephone-subscriber ) [ ":" password ] "@" (19.1.1). The user may hold ";" (a
    telephone number's parameters: `sip:+358-555-1234567;postd=pp22@foo.com`). The ABNF lets
    a "?" stand in a user too, but the first "?" is read as the headers' start, whose "@" is
    a header value's (`?to=alice%40atlanta.com`, as often written unescaped), and a "#"
    starts a fragment (RFC 3986 section 3.5): no login there."""
    return _login_before(url, start, first_of(url, "?#", start, end))


def _login_before(url: str, start: int, stop: int) -> Login | None:
    at = url.rfind("@", start, stop)
    return None if at < 0 else _login_to(url, start, at)


def password_spans(url: str, rest: str = "", generic: bool = False) -> list[tuple[int, int]]:
    """Where the passwords of `url` are, as the target reads it: what P501 reports, in order.

    The password of the URL's own authority (`read_login`, RFC 3986's where `generic`;
    `read_userinfo` for SIP), and of each URL written after it, as written or escaped (a
    web archive's `/1997/ftp://fred:pw@h/`, a redirect's `?q=ftp%3A%2F%2Ffred%3Apw%40h`),
    read the same way; "fred:@h" has none. `rest`: what a line break cut off the URL's login
    (Candidate.login_rest_text), read on; offsets are into `url + rest`. Always within what
    `secret_spans_read_on` hides."""
    text = url + rest
    logins: list[Login | None] = []
    after = 0  # where the URLs written inside this one may start
    own = _OWN_SCHEME.match(text)
    if own is not None:
        after = own.end()
        spec = SCHEMES.get(text[: after - 1].lower())
        if text.startswith("//", after) and _has_authority(spec, generic):
            logins.append(read_login(text, after + 2, generic=generic))
            after = authority_end(text, after + 2, None, generic)
        elif spec is not None and spec.userinfo_after_colon:
            login = read_userinfo(text, after)
            logins.append(login)
            after = after if login is None else login.at
    spans = [span for span in map(_password_of, logins) if span is not None]
    spans.extend(_inner_passwords(text, after, len(url), generic, ESCAPED_TIMES))
    return merged_spans(spans)


def _inner_passwords(
    text: str, after: int, before: int, generic: bool, decodings: int
) -> list[tuple[int, int]]:
    """The passwords of the URLs written in `text` that start from `after` to `before`, as
    written and with escaped delimiters decoded (`decodings` times over at most)."""
    spans: list[tuple[int, int]] = []
    for match in _INNER_URL.finditer(text, after):
        if match.start() >= before:
            break
        spec = SCHEMES.get(match.group()[:-3].lower())
        if _has_authority(spec, generic):
            password = _password_of(read_login(text, match.end(), generic=generic))
            spans.extend(() if password is None else (password,))
    if decodings and _ESCAPED_DELIMITER.search(text, after):
        decoded = _Decoded(text)
        start, stop = decoded.first_at_or_after(after), decoded.first_at_or_after(before)
        for begin, end in _inner_passwords(decoded.text, start, stop, generic, decodings - 1):
            spans.append((decoded.raw(begin), decoded.raw(end)))
    return spans


# A URL's scheme, as grammar.parse reads one; a URL written in another's path or query.
_OWN_SCHEME = compiled_when_used(rf"[{SCHEME_CHARS}]+:")
_INNER_URL = compiled_when_used(rf"(?<![{SCHEME_CHARS}])[A-Za-z][{SCHEME_CHARS}]*://")
_NEVER = Authority.NEVER


def _has_authority(spec: SchemeSpec | None, generic: bool) -> bool:
    """Does a "//" after the scheme's colon start an authority, as the target reads it? Not
    in mailto or news to RFC 1738 (sections 3.5, 3.6); in news to RFC 3986 (RFC 5538's
    server)."""
    return spec is None or spec.authority != _NEVER or (generic and spec.server_by_rfc3986)


def _widest_login(url: str, start: int, end: int, scheme: str) -> Login | None:
    """The widest reading (the module's docstring), where it holds a password."""
    last_at = -1
    stretch = start  # start of the text since the last "@"
    clean = True  # no delimiter yet in that text: it may still be a host and port
    for match in _DELIMITERS.finditer(url, start, end):
        at = match.start()
        if url[at] == "@":
            last_at, stretch, clean = at, at + 1, True
            continue
        if clean and _ends_authority(url, stretch, at, scheme, stretch == start):
            break
        clean = False
    if last_at < 0:
        return None
    login = _login_to(url, start, last_at)
    return login if _password_of(login) is not None else None


def _login_to(url: str, start: int, at: int) -> Login:
    """The login url[start:at]: the user to its first ":", the password after it (section
    3.1; an empty one in "fred:@h"). Where it starts with an IP literal (RFC 2732), its
    colons split nothing (`https://[2607:5300::1]]` / `[mailto:a@b]` read as one word); a
    "[" that starts no literal is a character of the user's, as a browser reads it (WHATWG
    URL): `http://[fred:pw]@h/` is user "[fred" and password "pw]"."""
    after = _ip_literal_end(url, start, at) if url.startswith("[", start) else start
    colon = url.find(":", after, at)
    if colon < 0:
        return Login((start, at), None, at)
    return Login((start, colon), (colon + 1, at), at)


def _password_readings(url: str, start: int, end: int, scheme: str) -> list[tuple[int, int]]:
    """The password spans of both readings of one authority, and SIP's (read_userinfo)."""
    if url.find("@", start, end) < 0:
        return []
    readings = [read_login(url, start, end), _widest_login(url, start, end, scheme)]
    if scheme in USERINFO_AFTER_COLON:
        readings.append(read_userinfo(url, start, end))
    return [span for span in map(_password_of, readings) if span is not None]


def _password_of(login: Login | None) -> tuple[int, int] | None:
    """The login's password, where it has one that is not empty ("fred:@h" hides nothing)."""
    if login is None or login.password is None or login.password[0] == login.password[1]:
        return None
    return login.password


def _ends_authority(url: str, start: int, end: int, scheme: str, first: bool) -> bool:
    if start == end:
        return first and url[end] == "/"  # no host at all: `file:///path` (not "fred:pw@/")
    if _CERTAIN_HOSTPORT.fullmatch(url, start, end):
        return url[start] != "[" or _ip_literal_end(url, start, end) > start
    return scheme == "file" and _DRIVE.fullmatch(url, start, end) is not None


def _ip_literal_end(url: str, start: int, end: int) -> int:
    """Where the RFC 2732 literal that starts at url[start] ("[") ends, or `start` where
    none does: an IPv6 address in brackets, as a browser reads one (`[::1]`,
    `[2607:5300::1]`). Hex and colons alone are no address: `http://[dead:beef]@h/` is
    user "[dead" and password "beef]" to a browser (WHATWG URL), and hidden so."""
    literal = _IP_LITERAL.match(url, start, end)
    if literal is None:
        return start
    import ipaddress  # here: only a login that starts with "[" asks

    try:
        ipaddress.IPv6Address(url[start + 1 : literal.end() - 1])
    except ValueError:
        return start
    return literal.end()


# How many times over a login may be escaped and still be read: a URL escaped inside
# another's query (`?u=ftp%3A%2F%2Ffred%3Apw%40h`), that URL escaped again inside a third's
# (`%253A`: "%" is escaped as %25, section 2.2; a redirect's redirect, each hop decoding
# once), and once more. Each decoding is a pass over the text: bounded, the time stays
# linear however many "%25" a word nests.
ESCAPED_TIMES = 3


def secret_spans(
    text: str,
    starts_before: int | None = None,
    decodings: int = ESCAPED_TIMES,
    slashes_from: int = 0,
) -> list[tuple[int, int]]:
    """Every (start, end) of `text` that may be a password, in order, merged where they overlap.

    The password of the widest login after each login start (_LOGIN_START) that starts
    before `starts_before`, read with escaped delimiters decoded too (`decodings` times over
    at most), and across whitespace where the next word holds the "@". `text` is a URL, or
    any text (a header field, a name, a source line). A bare "//" (no scheme before it)
    starts a login only from `slashes_from` on: the scanner reads a line's last word joined
    to the next line's first, and a path typed with "//" there (`/srv/mirror//data`) is no
    login the next line's URL goes on."""
    escapes = bool(decodings) and ("%" in text or "&" in text or "\\" in text or "=" in text)
    if not escapes and ("@" not in text or ":" not in text):
        # no escape's start, and no login starts (each holds a ":"), or none holds a
        # password: most text, most URLs
        return []
    if len(text) > _REMEMBERED_LENGTH or type(text) is not str:
        # (a str subclass may compare equal to a text whose reading differs: read each)
        return _read_spans(text, starts_before, decodings, slashes_from, escapes)
    return list(_remembered_spans(text, starts_before, decodings, slashes_from, escapes))


# The texts whose reading is remembered: a URL (a mailing list's footer and signatures name
# the same ones in every message, an HTML part's repeat of its text/plain part names them
# again, and each is read where it is found, then where it is shown: a few texts read many
# times over), at most this long, so that the cache stays small whatever the texts hold
# (docs/design/performance.md has the counts and the cache's size at its bound).
_REMEMBERED_LENGTH = 256


@lru_cache(maxsize=4096)
def _remembered_spans(
    text: str, starts_before: int | None, decodings: int, slashes_from: int, escapes: bool
) -> tuple[tuple[int, int], ...]:
    """`_read_spans`' answer, remembered: a tuple, each caller given its own list of it."""
    return tuple(_read_spans(text, starts_before, decodings, slashes_from, escapes))


def _read_spans(
    text: str, starts_before: int | None, decodings: int, slashes_from: int, escapes: bool
) -> list[tuple[int, int]]:
    """`secret_spans` read; `escapes`: whether `text` holds an escape's start."""
    spans: list[tuple[int, int]] = []
    if escapes and _ESCAPED_DELIMITER.search(text):
        spans.extend(_escaped_reading(text, starts_before, decodings - 1, slashes_from))
    if "@" not in text or ":" not in text:
        return merged_spans(spans) if spans else spans
    at = 0
    end = -1  # the end of the word of the last login start
    in_word = 0  # login starts in that word so far
    while (match := _LOGIN_START.search(text, at)) is not None:
        if starts_before is not None and match.start() >= starts_before:
            break
        start, found = match.end(), match.group()
        at = start
        if found[0] == "/" and match.start() < slashes_from:
            continue
        if start < end:  # the same word as the last start
            in_word += 1
            if in_word > _STARTS_A_WORD:
                # Each start's readings run to the word's end: a word of thousands of them
                # ("a://a://...@h") is hidden whole to its last "@" instead (linear time).
                spans.append((start, max(start, text.rfind("@", start, end))))
                at = end
                continue
        else:
            end, in_word = word_end(text, start), 1
        scheme = ""
        if found == "://":
            scheme = _scheme_before(text, match.start())
            if scheme != "file":
                while text.startswith("/", start, end):  # "ftp:///fred:pw@h": hidden the same
                    start += 1
        elif found.endswith(":/") or found[:-1].lower() in USERINFO_AFTER_COLON:  # "sip:"
            scheme = found.rstrip("/")[:-1].lower()
        readings = _password_readings(text, start, end, scheme)
        spans.extend(readings)
        spans.extend(_across_whitespace(text, start, end, scheme, bool(readings)))
    return merged_spans(spans)


# A URL holds a few logins at most (a web archive's: `http://a.example/1997/ftp://u:p@h/`).
_STARTS_A_WORD = 16


def _escaped_reading(
    text: str, starts_before: int | None, decodings: int, slashes_from: int
) -> list[tuple[int, int]]:
    """The passwords of `text` read with its escaped ":", "/" and "@" decoded (section 2.2:
    %3A, %2F, %40; HTML's character references, in a page read as plain text; and the
    escapes of a JavaScript or JSON string, `\\u0040`, `\\/`; quoted-printable's `=40`,
    in an encoded word shown as written: `=?x-unknown?q?ftp=3A=2F=2Ffred=3Apw=40h?=`), and
    its escaped "%" (%25), so that what was escaped twice is read again escaped once
    (`decodings` more times at most), mapped back to `text`: a URL escaped inside
    another's query (`/url?q=ftp%3A%2F%2Ffred%3Apw%40h%2F`), a web archive's
    `ftp%3A//fred:pw@h/`, an RFC 2231 parameter (`charset*=utf-8''ftp%3A...`),
    `href="ftp://fred:pw&#64;h/"`, `?u=ftp%253A%252F%252Ffred%253Apw%2540h`. Another reader
    decodes them, and finds the login: a second reading (section 6: hide more)."""
    decoded = _Decoded(text)
    before = None if starts_before is None else decoded.first_at_or_after(starts_before)
    slashes = decoded.first_at_or_after(slashes_from) if slashes_from else 0
    return [
        (decoded.raw(begin), decoded.raw(stop))
        for begin, stop in secret_spans(decoded.text, before, decodings, slashes)
    ]


class _Decoded:
    """A text with its escaped delimiters decoded (_ESCAPED_DELIMITER), and the map back."""

    def __init__(self, text: str) -> None:
        from bisect import bisect_left  # only here: the pre-commit start-up loads no more

        self.bisect_left = bisect_left
        self.escapes: list[int] = []  # where each escape stands in the decoded text ...
        self.extra = [0]  # ... and the characters the escapes before each took more in `text`
        self.text = _ESCAPED_DELIMITER.sub(self._decoded_one, text)

    def _decoded_one(self, match: re.Match[str]) -> str:
        self.escapes.append(match.start() - self.extra[-1])
        self.extra.append(self.extra[-1] + match.end() - match.start() - 1)
        return _decoded(match.group())

    def raw(self, at: int) -> int:
        """Where the decoded character `at` starts in the text as written."""
        return at + self.extra[self.bisect_left(self.escapes, at)]

    def first_at_or_after(self, offset: int) -> int:
        """The first decoded character that starts at `offset` of the text, or after it."""
        return self.bisect_left(range(len(self.text) + 1), offset, key=self.raw)


_ESCAPED_DELIMITER = compiled_when_used(
    r"%(?:3[Aa]|2[Ff]|40|25)"
    # quoted-printable's, and an RFC 2047 encoded word's (RFC 2045 6.7, RFC 2047 4.2) where
    # it is shown undecoded (an unknown charset, no "?=" to end it)
    r"|=(?:3[Aa]|2[Ff]|40)"
    # HTML's numeric references, their ";" left out too (HTML5 decodes `&#64h` as "@h")
    r"|&#0*(?:58|47|64)(?:;|(?![0-9]))|&#[Xx]0*(?:3[Aa]|2[Ff]|40)(?:;|(?![0-9A-Fa-f]))"
    r"|&(?:colon|sol|commat);"
    # JavaScript's and JSON's escapes in a string (and JSON's "\/", which PHP writes)
    r"|\\(?:u00(?:3[Aa]|2[Ff]|40)|x(?:3[Aa]|2[Ff]|40)|/)"
)
_DELIMITER_NAMES = {"colon": ":", "sol": "/", "commat": "@"}


def _decoded(escape: str) -> str:
    """The delimiter an escape (_ESCAPED_DELIMITER) stands for."""
    if escape[0] in "%=":
        return chr(int(escape[1:], 16))
    if escape[0] == "\\":
        return "/" if escape == "\\/" else chr(int(escape[2:], 16))
    reference = escape.rstrip(";")
    if reference[1] != "#":
        return _DELIMITER_NAMES[reference[1:]]
    return chr(int(reference[3:], 16) if reference[2] in "xX" else int(reference[2:]))


def _across_whitespace(
    text: str, start: int, end: int, scheme: str, has_password: bool
) -> list[tuple[int, int]]:
    """A login that whitespace cuts: the word from `start` to `end` has no login of its
    own, and the next word has an "@" (a header field folded inside a login,
    `ftp://joe:pw` / ` d@h/`; a name, or a quoted value, holding a space; a tab). Read
    with the next word joined on, its passwords are a second reading (section 6: hide
    more), spanning the whitespace on both sides of it where they cross it (the
    whitespace itself shown). `has_password`: the word has one read alone
    (_password_readings)."""
    if end == len(text):
        return []  # a URL alone (nearly every call)
    at = text.rfind("@", start, end)
    if at >= 0 and (has_password or text.find(":", at, end) < 0):
        # A login of its own. Not where the "@" is in the user name and what follows the
        # colon after it, read as a port, is the password's start: `https://fred@example.org:pa`
        # / `ss@h/` (an address for a user name).
        return []
    after = _NOT_WHITESPACE.search(text, end)
    if after is None:
        return []
    following, following_end = after.start(), word_end(text, after.start())
    if text.find("@", following, following_end) < 0:
        return []
    first = end - start  # the first word's length in the joined text
    joined = text[start:end] + text[following:following_end]
    spans = []
    for begin, stop in _password_readings(joined, 0, len(joined), scheme):
        if begin < first:
            spans.append((start + begin, start + min(stop, first)))
        if stop > first:
            spans.append((following + max(begin, first) - first, following + stop - first))
    return spans


def secret_spans_read_on(text: str, rest: str) -> list[tuple[int, int]]:
    """What may be a password in `text` read alone, and read with `rest` after it.

    `rest` is the first word of the next line, where a bare URL at a line end leaves a login
    open (scanner.continuation.login_rest: `ftp://fred:sec` / `ret@host/`). Offsets are into
    `text + rest`, so a span may run past the end of `text`."""
    if not rest:
        return secret_spans(text)
    # Only logins that start in `text`: the next line's own URLs are read on their own.
    return merged_spans([*secret_spans(text), *secret_spans(text + rest, starts_before=len(text))])


def within(spans: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """The parts of `spans` before `length` (the parts of a URL, not of the word after it)."""
    return [(start, min(end, length)) for start, end in spans if start < length]


def _scheme_before(text: str, colon: int) -> str:
    """The scheme name (lower case) that ends at `colon`, as far as it is needed here."""
    return _SCHEME_BEFORE.search(text, max(0, colon - _LONGEST_SCHEME), colon).group().lower()  # type: ignore[union-attr]


def word_end(text: str, start: int, limit: int | None = None) -> int:
    """Where a login that runs on from `start` ends at the latest.

    At whitespace (looked for up to `limit`, and `limit` where there is none before it)."""
    limit = len(text) if limit is None else min(limit, len(text))
    match = _WHITESPACE.search(text, start, limit)
    return limit if match is None else match.start()


# Only ASCII whitespace ends a login here: a URL may hold an information separator (\x1c)
# or a no-break space that other readers take for a space (C205, C204), and the login
# goes on past it all the same (hide more). The blanks within a line (a URL's reader stops
# at each; scanner.continuation reads on past them to the next word), then the line ends.
LINE_BLANKS = " \t\f\v"
_WHITESPACE_CHARS = LINE_BLANKS + "\n\r"
_WHITESPACE = compiled_when_used(f"[{_WHITESPACE_CHARS}]")
_NOT_WHITESPACE = compiled_when_used(f"[^{_WHITESPACE_CHARS}]")


def merged_spans(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` sorted, those that overlap or touch joined, empty ones left out.

    The wider of two masks always wins."""
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        elif start < end:
            merged.append((start, end))
    return merged


def masked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each of `spans` (sorted, not overlapping) replaced by MASK."""
    if not spans:
        return text
    pieces, cursor = [], 0
    for start, end in spans:
        pieces.append(text[cursor:start])
        pieces.append(MASK)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def mask_password(text: str, rest: str = "") -> str:
    """`text` with every password, on every reading of where it ends, replaced by `****`.

    `text` is a URL, or any text holding URLs; `rest` as for `secret_spans_read_on`."""
    if rest:
        return masked(text, within(secret_spans_read_on(text, rest), len(text)))
    spans = secret_spans(text)  # none in most text: secret_spans says so first
    return masked(text, spans) if spans else text


def masked_items(text: str, separators: re.Pattern[str] | None = None) -> list[str]:
    """The items of a list written as one text, stripped, with any password hidden.

    The list is comma-separated, or cut by `separators`; empty items are left out. It is cut
    after masking, since a "," or a space may be part of a password (section 3.1 keeps only
    ":", "@" and "/" out of one), and an item cut out of it would show a piece no longer
    read as a password. For lists whose items never hold one (rule codes, host names,
    schemes): masking changes no item that means anything."""
    shown = mask_password(text)
    parts = shown.split(",") if separators is None else separators.split(shown)
    return [part.strip() for part in parts if part.strip()]


def masked_piece(piece: str, text: str, at: int | None = None) -> str:
    """`piece`, a part cut out of `text`, with what may be a password hidden in it.

    The piece is, say, a MIME parameter out of its field. What may be a password in `text`
    is hidden where the piece stands in it, and the piece's own: the cut may fall inside a
    password, whose rest no longer reads as one in the piece alone. `at`: where it was cut
    from, where the caller knows; else every place it stands is taken for that one, each
    after the last one's end (a place that overlaps the one before, a piece that repeats
    itself, is not looked at: each span is looked at once, and the time stays linear in
    `text`)."""
    from bisect import bisect_right  # only here: the pre-commit start-up loads no more

    spans = secret_spans(piece)
    around = secret_spans(text) if piece else []  # merged: their ends in order too
    ends = [end for _, end in around]
    exact = at is not None and text.startswith(piece, at)
    place = (at if exact else text.find(piece)) if around else -1
    while place is not None and place >= 0:
        stop = place + len(piece)
        index = bisect_right(ends, place)  # the first that ends past the place
        while index < len(around) and around[index][0] < stop:
            start, end = around[index]
            spans.append((max(start, place) - place, min(end, stop) - place))
            index += 1
        place = None if exact else text.find(piece, stop)
    return masked(piece, merged_spans(spans))


def masked_quoting(message: str, text: str, rest: str = "") -> str:
    """`message`, which may quote `text`, with each password of `text` hidden in it.

    It may quote `text` or parts of it as something else wrote it (a library's error repeats
    an address without its scheme, where the login reads no more): each password of `text`
    is hidden wherever it stands, and the message's own masked. `rest` as for
    `secret_spans_read_on`: a password `text` starts and the word after it ends is hidden
    too, as far as `text` holds it."""
    for start, end in secret_spans_read_on(text, rest):
        end = min(end, len(text))
        if end > start:  # (an empty stretch stands everywhere)
            message = message.replace(text[start:end], MASK)
    return mask_password(message)


def quotes_secret(
    message: str, text: str, spans: list[tuple[int, int]], start: int, end: int
) -> bool:
    """Might `message`, about text[start:end], show part of a hidden span of `text`?

    It does if it holds a run of 4 of its characters (or a whole shorter one), or if it is
    about a stretch that overlaps one and quotes anything ('s'). What a rule
    message must never do (section 6)."""
    for hide_start, hide_end in spans:
        if start < hide_end and hide_start < max(end, start + 1) and _QUOTED.search(message):
            return True
        width = min(4, hide_end - hide_start)
        for at in range(hide_start, hide_end - width + 1):
            if text[at : at + width] in message:
                return True
    return False


_QUOTED = compiled_when_used(r"'[^']+'")
