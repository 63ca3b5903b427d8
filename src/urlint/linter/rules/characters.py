"""C rules: characters a URL may not hold as they are (RFC 1738 section 2.2)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...core.findings import Severity
from ...grammar.abnf import UNRESERVED_SET, UNSAFE_CHARS, char_class
from .rule import RFC3986, Hit, UrlUnderCheck, rule

# Section 2.2, "Unsafe" (grammar.abnf), but "#" and "%" (C203, C206) and "~", which has its
# own rule (C202) because it is so common in home-directory paths.
UNSAFE = re.compile(char_class("".join(char for char in UNSAFE_CHARS if char not in "#%~")))
_TILDE = re.compile("~")
_HASH = re.compile("#")
# What starts a fragment that is a single-page application's route (a hash route, Google's
# old "hash bang"): matrix.to's `#/#room:example.org`.
_ROUTES = ("/", "!/")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
# Section 2.2: "only alphanumerics, the special characters "$-_.+!*'(),", and reserved
# characters used for their reserved purposes may be used unencoded": section 5's unreserved.
NEEDLESSLY_ENCODED = UNRESERVED_SET

_NAMES = {
    " ": "space",
    "<": "'<'",
    ">": "'>'",
    '"': "'\"'",
    "{": "'{'",
    "}": "'}'",
    "|": "'|'",
    "\\": "backslash",
    "^": "'^'",
    "[": "'['",
    "]": "']'",
    "`": "backquote",
    "~": "'~'",
    "#": "'#'",
}


def percent_encode(text: str) -> str:
    """`text` as UTF-8 octets, each written %XX (section 2.2's encoding, upper-case hex)."""
    return "".join(f"%{octet:02X}" for octet in text.encode("utf-8"))


def _describe(subject: UrlUnderCheck, offset: int, char: str) -> str:
    # A character of a password is never named (section 6), only where it is.
    if subject.in_password(offset):
        return "a character in the password"
    return _NAMES.get(char) or f"U+{ord(char):04X} {char!r}"


def _in_host(subject: UrlUnderCheck, offset: int) -> bool:
    host = subject.parsed.host
    return host is not None and host[0] <= offset < host[1]


def _encoding_hits(subject: UrlUnderCheck, pattern: re.Pattern[str], what: str) -> Iterator[Hit]:
    url = subject.url
    for match in pattern.finditer(url):
        offset, char = match.start(), match.group()
        name = _describe(subject, offset, char)
        fixable = not _in_host(subject, offset) and subject.parsed.password is None
        encoded = percent_encode(char)
        yield Hit(
            offset,
            offset + 1,
            f"{what} {name}: write it as {encoded}"
            if "password" not in name
            else f"{what} ({name}): encode it",
            replacement=encoded if fixable else None,
            fix_description=f"encode as {encoded}" if fixable else None,
        )


@rule(
    "C201",
    "unsafe-character",
    Severity.ERROR,
    "2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 2 has none of these characters in a URI (they are neither "
        "reserved, section 2.2, nor unreserved, 2.3): each is percent-encoded (2.1). "
        '"[" and "]" are reserved (2.2) and allowed only as the delimiters of an IP '
        "literal host (3.2.2; Appendix D.1), so under --target rfc3986 those two are "
        "not reported there (S419 checks the literal). The WHATWG URL standard calls "
        "each an invalid URL unit (a validation error) and parses on, "
        'percent-encoding some (space, \'"\', "<", ">", "`", "{", "}" in a path) and '
        'reading "\\" as "/" in its special schemes (http, https, ws, wss, ftp, '
        "file)."
    ),
    summary='An unsafe character (space < > " { } | \\ ^ [ ] `) written as it is.',
    explanation=(
        'Section 2.2: "Characters can be unsafe for a number of reasons. The space character '
        "is unsafe because significant spaces may disappear and insignificant spaces may be "
        'introduced when URLs are transcribed or typeset ... The characters "<" and ">" are '
        "unsafe because they are used as the delimiters around URLs in free text; the quote "
        'mark (""") is used to delimit URLs in some systems ... Other characters are unsafe '
        "because gateways and other transport agents are known to sometimes modify such "
        'characters." And: "All unsafe characters must always be encoded within a URL." '
        "Each one is reported on its own, with its encoding."
    ),
    example="<URL:http://example.com/a|b>",
    use_instead="<URL:http://example.com/a%7Cb>",
    fix=(
        'Percent-encode the character: "%" and the two hexadecimal digits of its octet, %7C for '
        '"|".'
    ),
    fix_safety=(
        "`--fix` replaces each unsafe character with its escape, the same octet encoded (section "
        "2.2), so the URL means the same. No fix in a host name (a host holds no escapes, section "
        "3.1), in a URL that may hold a password (an edit would show it in --diff: section 6), or "
        "in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def unsafe_character(subject: UrlUnderCheck) -> Iterator[Hit]:
    # The brackets of an IP literal host (RFC 2732) too: section 2.2 names "[" and "]"
    # among the unsafe characters, and S407 says the literal is no host of section 3.1.
    # RFC 3986 section 3.2.2 makes them the literal's delimiters, and S419 checks it.
    hits = _encoding_hits(subject, UNSAFE, "unsafe character")
    if subject.options.target != RFC3986:
        return hits
    return _but_ip_literal_brackets(subject, hits)


def _but_ip_literal_brackets(subject: UrlUnderCheck, hits: Iterator[Hit]) -> Iterator[Hit]:
    """`hits` but those on the "[" or "]" around an IP literal host."""
    for hit in hits:
        if not _delimits_ip_literal(subject, hit.start):
            yield hit


def _delimits_ip_literal(subject: UrlUnderCheck, offset: int) -> bool:
    """Is the URL's character at `offset` the "[" or "]" around an IP literal host?"""
    host = subject.parsed.host
    if host is None or host[1] - host[0] < 2:
        return False
    url = subject.url
    if url[host[0]] != "[" or url[host[1] - 1] != "]":
        return False
    return offset in (host[0], host[1] - 1)


@rule(
    "C202",
    "unsafe-tilde",
    Severity.WARNING,
    "2.2",
    rfc3986=None,
    rfc3986_says=(
        'Off under --target rfc3986: RFC 3986 section 2.3 makes "~" unreserved, and '
        '"URIs that differ in the replacement of an unreserved character with its '
        'corresponding percent-encoded US-ASCII octet are equivalent"; %7E "should '
        'not be created by URI producers" (C207 reports it). The WHATWG URL standard '
        'leaves "~" as written too.'
    ),
    summary='A "~" written as it is.',
    explanation=(
        'Section 2.2 lists "~" among the unsafe characters: "gateways and other transport '
        'agents are known to sometimes modify such characters", and "All unsafe characters '
        'must always be encoded within a URL." Home-directory paths (/~user/) are the usual '
        "case; RFC 3986 later made the tilde safe, which is why this is a warning."
    ),
    example="<URL:http://example.com/~fred/>",
    use_instead="<URL:http://example.com/%7Efred/>",
    fix='Write the "~" as %7E.',
    fix_safety=(
        '`--fix` replaces each "~" with %7E, the same octet encoded (section 2.2), so the URL '
        "means the same. No fix in a host name, in a URL that may hold a password (an edit would "
        "show it in --diff: section 6), or in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def unsafe_tilde(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _encoding_hits(subject, _TILDE, "unsafe character")


@rule(
    "C203",
    "unsafe-hash",
    Severity.ERROR,
    "2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.5: fragment = *( pchar / "/" / "?" ); "#" is a reserved '
        "gen-delim (2.2) that only starts the fragment, in every scheme (section 3), "
        'so a second "#" is written %23. The WHATWG URL standard keeps a later "#" in '
        "the fragment as written, so readers still differ."
    ),
    summary='A "#" other than the one that starts the fragment.',
    explanation=(
        'Section 2.2: "The character "#" is unsafe and should always be encoded because it is '
        "used in World Wide Web and in other systems to delimit a URL from a fragment/anchor "
        'identifier that might follow it." The first "#" starts the fragment (appendix); any '
        "later one is read as part of the fragment by some systems and cut off by others. A "
        '"#" inside a login (ftp://fred:pa#ss@host/) is read by some as the password\'s, by '
        "others as the start of the fragment, which leaves no host. A warning, not an error, "
        'where the fragment is a page\'s route ("#/" or "#!/": '
        "https://matrix.to/#/#room:example.org): the page's own script reads the fragment "
        'whole, and every browser keeps the later "#" in it (the WHATWG URL standard\'s '
        "fragment state); %23 is still the standard's way."
    ),
    example="<URL:http://example.com/page#part#2>",
    use_instead="<URL:http://example.com/page#part%232>",
    fix='Encode every "#" after the first as %23.',
    fix_safety=(
        '`--fix` replaces each "#" after the first with %23, so that every reader takes it as part '
        'of the fragment; the first "#" stays. No fix for a "#" inside a login (a reader that '
        "starts the fragment there reads another URL), in a URL that may hold a password (an edit "
        "would show it in --diff: section 6), or in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def unsafe_hash(subject: UrlUnderCheck) -> Iterator[Hit]:
    fragment = subject.parsed.fragment
    # The fragment starts at the first "#" after the login (grammar.parse): one before it is
    # read as part of the login (a password with a "#": section 6, hide more), where
    # section 5 has no "#" either.
    starts = fragment[0] - 1 if fragment is not None else -1
    for match in _HASH.finditer(subject.url):
        offset = match.start()
        if offset == starts:
            continue
        if offset > starts >= 0 and subject.url.startswith(_ROUTES, starts + 1):
            # A client-side route (`#/room/#name`, `#!/a#b`): the page's script reads the
            # fragment whole, as browsers keep it (WHATWG URL's fragment state), though
            # RFC 3986 section 3.5's fragment holds no "#".
            message = (
                "a second '#' in a fragment that is a page's route: browsers keep it, "
                "RFC 3986 section 3.5 does not; write %23"
            )
            yield Hit(
                offset,
                offset + 1,
                message,
                replacement="%23",
                fix_description="encode as %23",
                severity=Severity.WARNING,
            )
        elif offset > starts >= 0:
            message = "a second '#': only the first starts the fragment; write %23"
            yield Hit(
                offset, offset + 1, message, replacement="%23", fix_description="encode as %23"
            )
        else:
            # No fix: readers that end the URL at this "#" read another URL (RFC 3986).
            message = "a '#' inside the login: only one after it starts the fragment; write %23"
            yield Hit(offset, offset + 1, message)


@rule(
    "C204",
    "non-ascii",
    Severity.ERROR,
    "2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 2: a URI is a sequence of US-ASCII characters; other text "
        "is percent-encoded as its UTF-8 octets (2.5), and a host name written in its "
        "IDNA form (3.2.2). RFC 3987 (IRIs) and the WHATWG URL standard accept such "
        "characters in text and encode them when they parse (UTF-8 percent-encoding; "
        "UTS #46 for a host), but the URI they send is the encoded one."
    ),
    summary="A character outside US-ASCII.",
    explanation=(
        'Section 2.2: "URLs are written only with the graphic printable characters of the '
        "US-ASCII coded character set. The octets 80-FF hexadecimal are not used in US-ASCII "
        '... these must be encoded." A URL with such a character means different octets to '
        "readers using different character sets."
    ),
    example="<URL:http://example.com/café>",
    use_instead="<URL:http://example.com/caf%C3%A9>",
    fix=(
        'Percent-encode the character\'s UTF-8 octets (%C3%A9 for "é"); in a host name, write its '
        "IDNA form (RFC 3490)."
    ),
    fix_safety=(
        "`--fix` replaces the character with its UTF-8 octets percent-encoded, as browsers send it "
        "(RFC 1738 names no character set). No fix in a host name, which needs its IDNA form "
        "instead, in a URL that may hold a password (an edit would show it in --diff: section 6), "
        "or in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def non_ascii(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _encoding_hits(subject, _NON_ASCII, "non-ASCII character")


@rule(
    "C205",
    "control-character",
    Severity.ERROR,
    "2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 2: no control character is a URI character (only the "
        "graphic US-ASCII ones are). The WHATWG URL standard strips leading and "
        "trailing C0 controls and spaces, removes tabs and newlines anywhere and "
        "percent-encodes other C0 controls, each a validation error."
    ),
    summary="A control character (00-1F, 7F hexadecimal) written as it is.",
    explanation=(
        'Section 2.2: "the octets 00-1F and 7F hexadecimal represent control characters; '
        'these must be encoded." A raw control character is invisible when read and can end '
        "or alter the URL in transit."
    ),
    example="<URL:http://example.com/a\x01b>   (a raw U+0001, unseen, between the a and the b)",
    use_instead="<URL:http://example.com/a%01b>",
    fix=(
        "Percent-encode it: %01 for U+0001. (A tab is whitespace to urlint, never this rule's: it "
        "ends a bare URL, and inside a wrapper it is X104's.)"
    ),
    fix_safety=(
        "`--fix` replaces each control character with its escape, the same octet encoded (section "
        "2.2). No fix in a host name, in a URL that may hold a password (an edit would show it in "
        "--diff: section 6), or in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def control_character(subject: UrlUnderCheck) -> Iterator[Hit]:
    return _encoding_hits(subject, _CONTROL, "control character")


@rule(
    "C206",
    "invalid-escape",
    Severity.ERROR,
    "2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG, and a "%" meant as '
        'data is written %25 (2.4). The WHATWG URL standard leaves a lone "%" as '
        "written (a validation error), so decoders still differ."
    ),
    summary='A "%" not followed by two hexadecimal digits.',
    explanation=(
        'Section 2.2: octets "may be encoded by a character triplet consisting of the '
        'character "%" followed by the two hexadecimal digits", and "The character "%" is '
        'unsafe because it is used for encodings of other characters." A "%" that starts no '
        "escape is read differently by every decoder. Section 3.5 adds for mailto: "
        '"the percent sign ("%") is commonly used within RFC 822 addresses and must be encoded."'
    ),
    example="<URL:http://example.com/100%/>",
    use_instead="<URL:http://example.com/100%25/>",
    fix='Write a literal "%" as %25, or complete the escape with its two hexadecimal digits.',
    fix_safety=(
        'No automatic fix: a "%" may be a literal one (%25) or an escape that lost its digits, and '
        "the two stand for different octets (section 2.2)."
    ),
)
def invalid_escape(subject: UrlUnderCheck) -> Iterator[Hit]:
    for match in _BAD_ESCAPE.finditer(subject.url):
        offset = match.start()
        yield Hit(
            offset,
            min(offset + 3, len(subject.url)),
            "'%' starts no escape (two hex digits must follow): a literal '%' is %25",
        )


@rule(
    "C207",
    "needless-escape",
    Severity.INFO,
    "2.2",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        "RFC 3986 section 2.3: the characters that need no escape are its unreserved "
        'ones (letters, digits, "-", ".", "_", "~"), whose escapes "should not be '
        'created by URI producers" and are decoded by normalisation (6.2.2.2). Under '
        '--target rfc3986 %7E is reported; an escape of a sub-delim ("$", "+", "!", '
        '"*", "\'", "(", ")", ",") is not, since URIs that differ in the encoding of a '
        "reserved character are not equivalent (2.2)."
    ),
    summary="An escape for a character that needs none (an alphanumeric or $-_.+!*'(),).",
    explanation=(
        'Section 2.2: "characters that are not required to be encoded (including '
        "alphanumerics) may be encoded within the scheme-specific part of a URL, as long as "
        'they are not being used for a reserved purpose." Allowed, but it hides the text and '
        "makes equal URLs look different."
    ),
    example="<URL:http://example.com/%7Efred/%41bout>",
    use_instead="<URL:http://example.com/%7Efred/About>",
    fix="Write the character itself: %41 is A.",
    fix_safety=(
        'No automatic fix: an escape may be there on purpose. Decoding %2B in a query gives "+", '
        "which a server reading HTML form data takes for a space, and some servers compare paths "
        "as written."
    ),
)
def needless_escape(subject: UrlUnderCheck) -> Iterator[Hit]:
    url = subject.url
    needless = NEEDLESSLY_ENCODED
    if subject.options.target == RFC3986:
        # RFC 3986 section 2.3: its unreserved characters are the ones that need no
        # escape. Its grammar loads only for a check under it (a hook's run starts fast).
        # (Imported under its own name: compiled by mypyc, a name imported in a function
        # over a local of the same name leaves the local as it was, and a module imported
        # in a function (`from ...grammar import rfc3986`) may read as None.)
        from ...grammar.rfc3986 import UNRESERVED_SET

        needless = UNRESERVED_SET
    for match in _ESCAPE.finditer(url):
        char = chr(int(match.group(1), 16))
        if char in needless and not subject.in_password(match.start()):
            yield Hit(
                match.start(),
                match.end(),
                f"{match.group()} encodes {char!r}, which needs no encoding",
            )


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    unsafe_character,
    unsafe_tilde,
    unsafe_hash,
    non_ascii,
    control_character,
    invalid_escape,
    needless_escape,
)
