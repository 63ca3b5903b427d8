"""P rules: the risks of RFC 1738 sections 3.1 and 6."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..._runtime.patterns import compiled_when_used
from ...core.findings import Severity
from ...core.numbers import bounded_int
from ...grammar.login import password_spans
from ...grammar.schemes import DEFAULT_PORTS
from .rule import RFC3986, Hit, UrlUnderCheck, rule

# Well-known ports of protocols that read a line-oriented stream: a URL that sends one
# protocol's request to another's port is section 6's attack ("the use of gopher URLs to
# cause a rude message to be sent via a SMTP server").
WELL_KNOWN_PORTS = {
    7: "echo",
    9: "discard",
    13: "daytime",
    19: "chargen",
    20: "ftp-data",
    21: "ftp",
    22: "ssh",
    23: "telnet",
    25: "smtp",
    37: "time",
    53: "domain",
    69: "tftp",
    70: "gopher",
    79: "finger",
    80: "http",
    88: "kerberos",
    110: "pop3",
    111: "sunrpc",
    113: "ident",
    119: "nntp",
    123: "ntp",
    135: "msrpc",
    139: "netbios",
    143: "imap",
    161: "snmp",
    179: "bgp",
    194: "irc",
    210: "wais",
    389: "ldap",
    443: "https",
    445: "microsoft-ds",
    465: "smtps",
    512: "exec",
    513: "login",
    514: "shell",
    515: "printer",
    563: "nntps",
    587: "submission",
    636: "ldaps",
    993: "imaps",
    995: "pop3s",
    1525: "prospero",
    6667: "irc",
}
_LINE_BREAK_ESCAPE = re.compile(r"%0[AaDd0]")


# This machine's own names and addresses: `localhost` and its subdomains (RFC 6761 section
# 6.3), 127.0.0.0/8 (RFC 1122 section 3.2.1.3), ::1 (RFC 4291 section 2.5.3).
_LOOPBACK = compiled_when_used(
    r"(?:[a-z0-9.-]*\.)?localhost\.?\Z|127\.[0-9.]+\Z|\[(?:0*:)*:?0*1\]\Z"
)


# Names that stand for one site's own hosts, never for a server on the Internet, beside this
# machine's (_LOOPBACK): RFC 6762's `.local` (mDNS), RFC 8375's `.home.arpa`, ICANN's
# `.internal` (2024, for private use), and RFC 6761 section 6.2's `.test`.
_LOCAL_NAMES = compiled_when_used(r"(?:[a-z0-9_.-]*\.)?(?:local|home\.arpa|internal|test)\.?\Z")


def _chosen_on_purpose(host: str) -> bool:
    """Is `host` (lower case) one whose port its writer chose: this machine, a private or
    link-local network's address, a name with no dot (an intranet's or a container's, `db`,
    `myserver`), or a name reserved for local use? A development server's, a container's or
    an intranet's URL, written so on purpose: no port there is section 6's caution."""
    if not host:
        return False
    if host[0] == "[" or host[-1].isdigit():
        import ipaddress  # an address's: few URLs hold one

        try:
            address = ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            pass  # a name ending in a digit (`host1`), or no address at all
        else:
            return address.is_private or address.is_loopback or address.is_unspecified
    return (
        "." not in host.rstrip(".")
        or _LOOPBACK.match(host) is not None
        or _LOCAL_NAMES.match(host) is not None
    )


def _port(subject: UrlUnderCheck) -> tuple[int, int, int] | None:
    """(start, end, number) of a decimal port in a scheme with a known default port."""
    span = subject.parsed.port
    if span is None or subject.parsed.scheme not in DEFAULT_PORTS:
        return None
    text = subject.url[span[0] : span[1]]
    if not (text.isascii() and text.isdigit()) or bounded_int(text, 65535) > 65535:
        return None  # S408
    number = int(text)
    host = subject.parsed.text(subject.parsed.host) or ""
    if number == DEFAULT_PORTS[subject.parsed.scheme] or subject.options.port_allowed(host, number):
        return None
    return span[0], span[1], number


@rule(
    "P501",
    "embedded-password",
    Severity.ERROR,
    "3.1, 6",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.2.1: "Use of the format "user:password" in the userinfo '
        'field is deprecated"; section 7.5: a password in the userinfo "should be '
        'considered an error (or simply ignored)". The WHATWG URL standard still '
        "parses one."
    ),
    summary="A password written in the URL.",
    explanation=(
        'Section 6: "The use of URLs containing passwords that should be secret is clearly '
        'unwise." A URL is copied, logged, cached and indexed: whoever sees it sees the '
        "password. urlint never shows it (ftp://fred:****@host/) in any output. The "
        'password is the one the target reads: in the authority after "//", up to the '
        'first "/" or "#" under RFC 1738 (sections 3.1, 5: a "?" may stand in a login) and '
        'the first "/", "?" or "#" under RFC 3986 (section 3.2), from the first ":" to the '
        'last "@"; an escaped %3A is the user\'s, not the separator (RFC 3986 section 3.2.1); '
        "sip and sips put theirs after the colon, before the parameters and headers (RFC 3261 "
        "section 19.1.1); a URL written inside the URL (a web archive's, a redirect's, "
        'escaped or not) is read the same way. An "@" in a path or query is no login\'s '
        "(otpauth://totp/Example:alice@google.com). Where a reader may take more for a "
        "password (an unencoded / # ? in the login, ftp://fred:hunter#2@host/), the outputs "
        'hide that too, and another rule reports the URL (S408 for the port "hunter").'
    ),
    example="<URL:ftp://fred:secret@ftp.example.com/>",
    use_instead="<URL:ftp://fred@ftp.example.com/>",
    fix="Remove the password (and rotate it: it has been published). The client asks for it.",
    fix_safety=(
        "No automatic fix: `--fix` never edits a URL that may hold a password (an edit would show "
        "the line, and with it the password, in --diff: section 6), and removing it from the text "
        "does not unpublish it."
    ),
)
def embedded_password(subject: UrlUnderCheck) -> Iterator[Hit]:
    if not subject.secrets:
        return  # nothing may be a password (nearly every URL), so nothing is one
    # The password as the target reads the login (grammar.login: RFC 3986 section 3.2, or
    # RFC 1738 sections 3.1 and 5; RFC 3261 for sip); a URL with "@" in its path or query
    # has none (`otpauth://totp/Example:alice@google.com`). Reported on what every output
    # masks of it (a login read on across whitespace is masked word by word), so no finding
    # points at a part of a password that is shown, where there is one.
    url = subject.url
    length = len(url)
    generic = subject.options.target == RFC3986
    for start, end in password_spans(url, subject.candidate.login_rest_text, generic):
        pieces = [
            (max(start, hide_start), min(end, hide_end))
            for hide_start, hide_end in subject.secrets
            if hide_start < end and start < hide_end
        ]
        in_url = [(begin, stop) for begin, stop in pieces if begin < length]
        # A password all on the next line (scanner: login_rest) is reported where the URL
        # ends; one the masking misses (no URL holds one so) where it is.
        for begin, stop in in_url or pieces[:1] or [(start, end)]:
            yield Hit(
                min(begin, length),
                min(stop, length),
                "a password in the URL: never write one (section 6)",
            )


@rule(
    "P502",
    "embedded-user",
    Severity.INFO,
    "3.1, 3.2.1",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        "RFC 3986 section 3.2.1 allows a user name in the userinfo; section 7.6 notes "
        "that a userinfo can mislead a reader about the host. Information under "
        "either standard."
    ),
    summary="A user name written in the URL.",
    explanation=(
        "Section 3.1 allows a user name for schemes that log in, and section 3.2.1 has the "
        "client ask for the password. A user name still tells readers an account exists; "
        "some projects want none in published text."
    ),
    example="<URL:ftp://fred@ftp.example.com/>",
    use_instead="<URL:ftp://ftp.example.com/>",
    fix='Remove the user name and the "@" if the text need not name the account.',
    fix_safety=(
        "No automatic fix: whether the text should name the account is the project's choice, and "
        'without one an ftp client logs in as "anonymous" (section 3.2.1).'
    ),
)
def embedded_user(subject: UrlUnderCheck) -> Iterator[Hit]:
    span = subject.parsed.user
    if span is not None and span[1] > span[0]:
        yield Hit(span[0], span[1], "a user name in the URL", quotes_url=False)


@rule(
    "P503",
    "non-default-port",
    Severity.WARNING,
    "6",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        "RFC 3986 section 3.2.3 allows any port (port = *DIGIT) and only asks "
        "producers to omit one equal to the scheme's default (6.2.3, scheme-based "
        "normalisation); section 7.2's caution is about well-known ports, which P504 "
        "reports. So under --target rfc3986 a non-default port is advice: info, off "
        "unless selected."
    ),
    summary="A port other than the scheme's default.",
    explanation=(
        'Section 6: "Caution should be used when using any URL which specifies a port number '
        "other than the default for the protocol, especially when it is a number within the "
        'reserved space." List the ports you expect under `allowed-ports` in the configuration. '
        "Not reported where the writer chose the port on purpose: on this machine "
        "(`localhost`, 127.0.0.0/8, [::1], 0.0.0.0), a private or link-local network's "
        "address (RFC 1918, RFC 4193, 169.254.0.0/16, fe80::/10, and the documentation "
        "ranges of RFC 5737 and RFC 3849), a host name with no dot (an intranet's or a "
        "container's: `http://db:5432`), or a name reserved for local use (`.local`, RFC "
        "6762; `.home.arpa`, RFC 8375; `.internal`; `.test`, RFC 6761 section 6.2)."
    ),
    example="<URL:http://example.com:8080/>",
    use_instead="<URL:http://example.com/>",
    fix="Use the default port, or allow this one for this host in the configuration.",
    fix_safety=(
        "No automatic fix: the port may be the right one for this host (then list it under "
        "`allowed-ports`), and the default port may serve something else."
    ),
)
def non_default_port(subject: UrlUnderCheck) -> Iterator[Hit]:
    found = _port(subject)
    if (
        found is not None
        and found[2] not in WELL_KNOWN_PORTS
        and not _chosen_on_purpose((subject.parsed.text(subject.parsed.host) or "").lower())
    ):
        scheme = subject.parsed.scheme
        yield Hit(
            found[0],
            found[1],
            f"port {found[2]} is not {scheme}'s default ({DEFAULT_PORTS[scheme]})",
        )


@rule(
    "P504",
    "cross-protocol-port",
    Severity.ERROR,
    "6",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 7.2: "Applications should prevent dereference of a URI that '
        'specifies a TCP port number within the "well-known port" range (0 - 1023) '
        'unless the protocol being used to dereference that URI is compatible", its '
        'example a port "25" that sends a message via SMTP. The WHATWG Fetch standard '
        'blocks such "bad ports" outright.'
    ),
    summary=(
        "A port that is another protocol's well-known port "
        "(25 smtp, 110 pop3, 119 nntp, 143 imap ...)."
    ),
    explanation=(
        'Section 6: "it is sometimes possible to construct a URL such that an attempt to '
        "perform a harmless idempotent operation such as the retrieval of the object will in "
        "fact cause a possibly damaging remote operation to occur. The unsafe URL is typically "
        "constructed by specifying a port number other than that reserved for the network "
        "protocol in question ... An example has been the use of gopher URLs to cause a rude "
        'message to be sent via a SMTP server." A warning, not an error, where the host is '
        "this machine's own (localhost and its subdomains, RFC 6761 section 6.3; 127.0.0.0/8; "
        "[::1]): a test's or a development server's port, which the reader chose, not a "
        "server another reader's client is sent to."
    ),
    example="<URL:gopher://mail.example.com:25/0HELO%20...>",
    use_instead="<URL:gopher://mail.example.com/0HELO%20...>   (no port: gopher's own, 70)",
    fix="Use the scheme's own port.",
    fix_safety=(
        "No automatic fix: the port the resource is really on cannot be guessed, and a URL like "
        "this may be an attack rather than a mistake (section 6)."
    ),
)
def cross_protocol_port(subject: UrlUnderCheck) -> Iterator[Hit]:
    found = _port(subject)
    if found is not None and found[2] in WELL_KNOWN_PORTS:
        scheme = subject.parsed.scheme
        message = (
            f"port {found[2]} is {WELL_KNOWN_PORTS[found[2]]}'s, not {scheme}'s: a cross-protocol "
            "request"
        )
        host = (subject.parsed.text(subject.parsed.host) or "").lower()
        if _LOOPBACK.match(host):
            # The reader's own machine, whose ports the reader chose (a test's or a
            # development server's), not a server another reader's client is sent to.
            yield Hit(
                found[0],
                found[1],
                f"{message} to this machine's own address",
                severity=Severity.WARNING,
            )
        else:
            yield Hit(found[0], found[1], message)


@rule(
    "P505",
    "encoded-line-break",
    Severity.ERROR,
    "6",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 7.2: percent-encoded delimiters of a protocol ("CR and LF '
        'characters for the TELNET protocol") "must not be decoded before '
        'transmission"; section 7.3: "%00" (NUL) "should be rejected if the '
        'application is not expecting to receive raw data within a component".'
    ),
    summary=(
        "An encoded CR, LF or NUL (%0D, %0A, %00) that a client would decode into a protocol "
        "stream."
    ),
    explanation=(
        'Section 6: "Care should be taken when URLs contain embedded encoded delimiters for a '
        "given protocol (for example, CR and LF characters for telnet protocols) that these "
        "are not unencoded before transmission. This would violate the protocol but could be "
        'used to simulate an extra operation or parameter." A gopher+ string is exempt: '
        "section 3.4.9 requires %0D%0A there."
    ),
    example="<URL:http://example.com/a%0D%0ASet-Cookie:%20x=1>",
    use_instead="<URL:http://example.com/a>",
    fix="Remove the encoded line break.",
    fix_safety=(
        "No automatic fix: removing the escapes changes the resource asked for, and only a reader "
        "can tell data from an injected line (section 6)."
    ),
)
def encoded_line_break(subject: UrlUnderCheck) -> Iterator[Hit]:
    plus = subject.parsed.gopher_plus
    for match in _LINE_BREAK_ESCAPE.finditer(subject.url):
        if plus is not None and plus[0] <= match.start() < plus[1]:
            continue
        yield Hit(
            match.start(),
            match.end(),
            f"{match.group()} decodes to a {_NAME[match.group()[-1].upper()]} a client may send on",
        )


_NAME = {"A": "line feed", "D": "carriage return", "0": "NUL"}


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    embedded_password,
    embedded_user,
    non_default_port,
    cross_protocol_port,
    encoded_line_break,
)
