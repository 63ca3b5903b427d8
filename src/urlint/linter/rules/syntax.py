"""S rules of the scheme and of a host's syntax, S401-S409 (RFC 1738 sections 2.1, 3.1, 4, 5).

The scheme itself, and the common syntax of the schemes that name a host (section 3.1).

Each scheme's own syntax (sections 3.2-3.11) is per_scheme.py's, S410-S418.

Past 600 lines: nine rules, S401 to S409, each its data, its check and its message, as the
other rule modules hold theirs."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...core.findings import Severity
from ...core.numbers import bounded_int
from ...grammar.schemes import SCHEMES
from .rule import RFC3986, Hit, UrlUnderCheck, rule

_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\Z")
_DOTTED = re.compile(r"[0-9.]+\Z")
_SCHEME_START = re.compile(r"[^:/?#]*")
_SCHEME_CHARS_ONLY = re.compile(r"[A-Za-z0-9+.\-]+\Z")

# The schemes the S404 and S406 pages name, in the scheme table's order (section 3's).
_RESERVED_NAMES = ", ".join(name for name, spec in SCHEMES.items() if spec.reserved_by_section_4)
_IP_NAMES = ", ".join(name for name, spec in SCHEMES.items() if spec.ip_based)


def off_the_grammar(scheme: str) -> Severity | None:
    """The severity of a host or port check on a URL of `scheme`: None (the rule's) where
    section 5 gives the scheme its grammar (the ten schemes of section 3, and https read as
    http); a warning on any other written with "//", which section 4 only asks to follow
    section 3.1 ("should"), never defines."""
    spec = SCHEMES.get(scheme)
    return None if spec is not None and spec.grammar is not None else Severity.WARNING


# The notes on the rules' checks beyond section 5's BNF that the rules of a host share.
HTTPS_NOTE = (
    "https is held to http's rules (section 3.3): RFC 1738 does not define https, and RFC "
    "2818 section 2.4 reads an https URL as an http one. {verdict}"
)
UNKNOWN_SCHEME_NOTE = (
    'Any scheme RFC 1738 does not define, written with "//", is held to section 3.1\'s '
    '{what}. Section 4 only says that a new scheme "should" follow the common syntax where '
    "it names a host, and RFC 3986 section 3.2 reads an authority more widely: a warning "
    "there, not an error."
)


@rule(
    "S401",
    "invalid-scheme",
    Severity.ERROR,
    "2.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), '
        'followed by ":" (section 3). RFC 3986 requires a letter first, where RFC 1738 '
        'also allowed a digit, "+", "-" or ".": under --target rfc3986 "1http://h/", "0:/" '
        'and "-i:" are reported here, not as unknown schemes (S403), since such text is no '
        "URI, nor a relative reference (section 4.2: a relative path's first segment holds "
        'no ":"). The WHATWG URL standard reads text with no scheme only against a base '
        "URL, as a relative reference."
    ),
    summary="The URL does not start with a scheme name and a colon.",
    explanation=(
        'Section 2.1: "URLs are written as follows: <scheme>:<scheme-specific-part>", and '
        '"Scheme names consist of a sequence of characters. The lower case letters "a"--"z", '
        'digits, and the characters plus ("+"), period ("."), and hyphen ("-") are allowed." '
        "Without one, the text in the wrapper is a host name or a relative path, not a URL."
    ),
    example="<URL:www.example.com/index.html>",
    use_instead="<URL:http://www.example.com/index.html>",
    fix='Write the scheme and its colon, and "//" before a host (section 3.1).',
    fix_safety=(
        "No automatic fix: the scheme cannot be guessed (http? ftp?), nor whether the text was "
        "meant as a URL at all."
    ),
)
def invalid_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    url = subject.url
    if subject.parsed.scheme:
        return
    colon = url.find(":")
    # What comes before the colon is a scheme name gone wrong: any ASCII text, or a name
    # with no "/", "?" or "#" in it ("té:u", which a wrapper holds).
    before = url[:colon] if colon > 0 else ""
    if before and (before.isascii() or not any(char in before for char in "/?#")):
        end = colon
        message = f"'{url[:colon]}' is no scheme name: only letters, digits, '+', '.' and '-'"
        if _SCHEME_CHARS_ONLY.match(before):
            # RFC 3986 section 3.1 (the parse under --target rfc3986): a letter first. Such
            # text is no relative reference either (section 4.2: no ":" in its first segment).
            message = f"'{before}' is no scheme name: a scheme starts with a letter"
    else:
        end = _SCHEME_START.match(url).end() or 1  # type: ignore[union-attr]
        message = "no scheme: a URL starts with <scheme>:"
    yield Hit(0, min(end, len(url)), message)


@rule(
    "S402",
    "uppercase-scheme",
    Severity.INFO,
    "2.1, 5",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        'RFC 3986 section 3.1: schemes are case-insensitive, "the canonical form is '
        'lowercase", and documents "should" write them in lower case (also 6.2.2.1). '
        "The WHATWG URL standard lower-cases the scheme when it parses."
    ),
    summary="A scheme name with upper-case letters.",
    explanation=(
        'Section 5: "the scheme is in lower case; interpreters should use case-ignore". '
        "Upper case is read correctly by careful programs but is not the canonical form."
    ),
    example="<URL:HTTP://example.com/>",
    use_instead="<URL:http://example.com/>",
    fix="Lower-case the scheme name.",
    fix_safety=(
        "`--fix` writes the scheme in lower case; interpreters ignore its case (section 5), so the "
        "URL means the same. No fix where the scheme is broken across lines (a replacement is made "
        "only within one line), in a URL that may hold a password (an edit would show it in "
        "--diff: section 6), or in mail or an archive, whose text is decoded."
    ),
    safe_fix=True,
)
def uppercase_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    span = subject.parsed.scheme_span
    written = subject.url[span[0] : span[1]]
    if written != written.lower():
        yield Hit(
            span[0],
            span[1],
            f"scheme '{written}' in upper case: write '{written.lower()}'",
            replacement=written.lower(),
            fix_description="lower-case the scheme",
        )


@rule(
    "S403",
    "unknown-scheme",
    Severity.INFO,
    "2.1, 4",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        "RFC 3986 section 3.1 defers scheme names to the IANA registry (section 8; "
        "RFC 7595). Under --target rfc3986 a scheme urlint knows as registered (the "
        "scheme table: https, ws, tel, urn, data, ldap ...) counts as known, and only "
        "one outside it is reported."
    ),
    summary="A scheme RFC 1738 does not define and the configuration does not list.",
    explanation=(
        'Section 3 defines ten schemes; section 4: "A new scheme may be introduced by '
        'defining a mapping onto a conforming URL syntax". urlint reads any other scheme by '
        "the generic syntax only. https is read as http (RFC 2818) and counts as known. List "
        "the schemes your text uses under `known-schemes` in the configuration."
    ),
    example="<URL:gemini://example.org/>",
    use_instead=(
        'known-schemes = ["gemini"]   # in urlint.toml, or under [tool.urlint] in pyproject.toml'
    ),
    fix="Add the scheme to `known-schemes`, or check its spelling.",
    fix_safety=(
        "No automatic fix: whether the scheme is one your readers know or a misspelling is the "
        "project's call, and the configuration records it."
    ),
)
def unknown_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    scheme = subject.parsed.scheme
    spec = SCHEMES.get(scheme)
    if not scheme or scheme in subject.options.known_schemes:
        return
    if subject.options.target == RFC3986:
        # Section 3.1 leaves scheme names to the IANA registry: the scheme table's are known.
        if spec is None:
            yield Hit(
                *subject.parsed.scheme_span,
                f"unknown scheme '{scheme}': not one urlint knows as registered",
            )
    elif (spec is None or not spec.named_by_rfc1738) and not scheme.startswith("x-"):
        yield Hit(
            *subject.parsed.scheme_span, f"unknown scheme '{scheme}': not one RFC 1738 defines"
        )


@rule(
    "S404",
    "reserved-scheme",
    Severity.WARNING,
    "4",
    rfc3986=None,
    rfc3986_says=(
        "Off under --target rfc3986: the reservation is RFC 1738 section 4's; RFC "
        "3986 leaves scheme names to the IANA registry (section 8), where cid and mid "
        "(RFC 2392), nfs (RFC 2224), tn3270 (RFC 6270) and afs are registered, and "
        "mailserver is Historic."
    ),
    summary=f"A scheme RFC 1738 reserves but does not define: {_RESERVED_NAMES}.",
    explanation=(
        'Section 4: "The following scheme have been proposed at various times, but this '
        "document does not define their syntax or use at this time. It is suggested that IANA "
        'reserve their scheme names for future definition." Later RFCs defined some of them '
        "(mid and cid: RFC 2392); under RFC 1738 their syntax is undefined."
    ),
    example="<URL:afs://cell.example/usr/fred>",
    use_instead="<URL:file:///afs/cell.example/usr/fred>",
    fix=(
        "Use a defined scheme, or add the name to `known-schemes` if a later RFC your readers "
        "follow defines it."
    ),
    fix_safety=(
        "No automatic fix: which defined scheme reaches the same resource, if any, cannot be "
        "guessed (section 4 leaves these schemes undefined)."
    ),
)
def reserved_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    scheme = subject.parsed.scheme
    spec = SCHEMES.get(scheme)
    reserved = spec is not None and spec.reserved_by_section_4
    if reserved and scheme not in subject.options.known_schemes:
        yield Hit(
            *subject.parsed.scheme_span,
            f"scheme '{scheme}' is reserved but not defined",
        )


@rule(
    "S405",
    "experimental-scheme",
    Severity.INFO,
    "4",
    rfc3986=None,
    rfc3986_says=(
        'Off under --target rfc3986: RFC 3986 has no "x-" convention; scheme names '
        'are registered with IANA (section 8), and RFC 6648 deprecates "X-" prefixes.'
    ),
    summary='An experimental scheme ("x-...").',
    explanation=(
        'Section 4: "URLs for experimental schemes may be used by mutual agreement between '
        'parties. Scheme names starting with the characters "x-" are reserved for '
        'experimental purposes." Such a URL means nothing outside that agreement.'
    ),
    example="<URL:x-local:thing>",
    use_instead="<URL:http://www.example.com/thing>   (in text meant for others)",
    fix="None needed inside the agreement; use a registered scheme in text meant for others.",
    fix_safety=(
        "No automatic fix: the URL means what its parties agreed (section 4), and no registered "
        "scheme can be put in its place mechanically."
    ),
)
def experimental_scheme(subject: UrlUnderCheck) -> Iterator[Hit]:
    if subject.parsed.scheme.startswith("x-"):
        yield Hit(*subject.parsed.scheme_span, f"experimental scheme '{subject.parsed.scheme}'")


@rule(
    "S406",
    "missing-double-slash",
    Severity.ERROR,
    "3.1, 5",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 3 lets a URI have no authority (path-absolute, "
        "path-rootless), but the schemes still name one: RFC 9110 section 4.2.1 and "
        '4.2.2 write http and https with "://", and ftp, gopher, nntp and telnet '
        'keep RFC 1738\'s "//" (RFC 4266, 5538, 4248). file is an exception: RFC '
        '8089 section 2 allows "file:/path" (a local-path), which is not reported under '
        "--target rfc3986; so are wais and prospero, whose RFCs (4156, 4157) are "
        "Historic: they are read by the generic syntax alone. The WHATWG URL standard reads "
        '"http:example.com" as http://example.com/ in its special schemes (a '
        "validation error)."
    ),
    summary=f'An IP-based scheme ({_IP_NAMES}) without "//".',
    explanation=(
        'Section 3.1: "The scheme specific data start with a double slash "//" to indicate '
        'that it complies with the common Internet scheme syntax." Section 5 gives every one '
        'of these schemes the literal "//". http:example.com is read as a relative path.'
    ),
    example="<URL:http:www.example.com/>",
    use_instead="<URL:http://www.example.com/>",
    fix='Write "//" after the colon.',
    fix_safety=(
        "No automatic fix: the text after the colon may be a host or a relative path "
        '(http:page.html), and "//" would make its first segment the host.'
    ),
    beyond_bnf=(
        HTTPS_NOTE.format(
            verdict='An error, as for http: RFC 9110 section 4.2.2 writes https-URI = "https" '
            '"://" authority path-abempty [ "?" query ].'
        ),
    ),
)
def missing_double_slash(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    spec = SCHEMES.get(parsed.scheme)
    if spec is not None and spec.ip_based and not parsed.ip_based:
        colon = parsed.scheme_span[1]
        if subject.options.target == RFC3986:
            if parsed.scheme in _HISTORIC:
                return  # read by RFC 3986's generic syntax alone, which needs no "//"
            # RFC 8089 section 2: local-path = path-absolute ("file:/etc/hosts").
            opaque = parsed.opaque
            if (
                parsed.scheme == "file"
                and opaque is not None
                and subject.url.startswith("/", opaque[0])
            ):
                return
        yield Hit(
            colon,
            colon + 1,
            f"no '//' after '{parsed.scheme}:': the common Internet scheme syntax starts with "
            "it (section 3.1)",
        )


def is_wildcard_host(host: str) -> bool:
    """Is `host` a host pattern: "*", or "*" and an optional "." before a host of section 3.1?

    As httpx's proxy `mounts` keys ("all://*.example.com", "all://*example.com",
    "http://*"), a CSP host-source (W3C CSP 3 section 2.3.1: host-part = "*" / [ "*." ]
    1*host-char ...) and CORS allow-lists write them: a value that is a pattern, not a
    URL, whose "*" no client sends and no DNS name holds."""
    if host == "*":
        return True
    if not host.startswith("*"):
        return False
    rest = host[2:] if host.startswith("*.") else host[1:]
    return bool(rest) and not rest.startswith("*") and host_problem(rest) is None


def host_problem(host: str) -> str | None:
    """Why `host` is no host of section 3.1, or None if it is one."""
    if host.startswith("["):
        return (
            "an IP literal in brackets, where a host is a domain name or a dotted quad "
            "(section 3.1)"
        )
    if _DOTTED.match(host):
        groups = host.split(".")
        if len(groups) != 4 or not all(groups):
            return "a numeric host must be four decimal groups separated by '.'"
        for group in groups:
            if bounded_int(group, 255) > 255:
                return f"'{group}' is over 255 in a dotted-quad address"
        return None
    labels = host.split(".")
    if host.endswith("."):
        return "a host name ends with its top label, not '.' (section 5: hostname)"
    for label in labels:
        if not label:
            return "an empty label ('..' or a leading '.')"
        if not _LABEL.match(label):
            if label.startswith("-") or label.endswith("-"):
                return f"label '{label}' starts or ends with '-'"
            return f"label '{label}' holds characters other than letters, digits and '-'"
    if labels[-1][0].isdigit():
        return f"the top label '{labels[-1]}' starts with a digit (section 3.1: it never does)"
    return None


@rule(
    "S407",
    "invalid-host",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 9110 section 4.2.1, of http (and 4.2.2, of https): "A sender MUST NOT generate '
        'an "http" URI with an empty host identifier. A recipient that processes such a URI '
        'reference MUST reject it as invalid." ftp (RFC 1738 section 3.2, still its only '
        "definition), gopher (RFC 4266), nntp (RFC 5538) and telnet (RFC 4248) keep RFC "
        "1738's host, which is never empty. So under --target rfc3986 this rule reports an "
        "empty host in those schemes (http://, https://:443/, http:///www.example.com) and "
        "nothing else: RFC 3986 section 3.2.2 allows any reg-name (unreserved, "
        'pct-encoded, sub-delims: "my_host", an IDN percent-encoded), "a registered name '
        "intended for lookup in the DNS\" using RFC 1034's syntax only by convention; an "
        "IP literal in brackets is a host there, checked by S419, and 10.0.0.256 is a "
        "reg-name, not an IPv4address (first match wins). The WHATWG URL standard fails on "
        "a host with a forbidden host code point, and on a numeric one over 255."
    ),
    summary="A host that is neither a domain name nor a dotted-quad IP address.",
    explanation=(
        'Section 3.1: "The fully qualified domain name of a network host, or its IP address '
        'as a set of four decimal digit groups separated by "." ... a sequence of domain '
        'labels separated by ".", each domain label starting and ending with an '
        'alphanumerical character and possibly also containing "-" characters. The rightmost '
        "domain label will never start with a digit, though, which syntactically distinguishes "
        'all domain names from the IP addresses." A host pattern ("*", "*.example.com", '
        '"*example.com"), as httpx\'s proxy mounts, CSP host-sources and CORS allow-lists '
        "write them, is a pattern in a value, not a host a URL names: it is not reported."
    ),
    example="<URL:http://my_host.example.com/> or <URL:ftp://10.0.0.256/>",
    use_instead="<URL:http://my-host.example.com/> or <URL:ftp://10.0.0.25/>",
    fix="Write the host's real name or address.",
    fix_safety=(
        "No automatic fix: the right host name or address cannot be guessed from a wrong one."
    ),
    beyond_bnf=(
        "A group over 255 in a dotted quad (10.0.0.256): section 5's hostnumber is four "
        "`digits` groups of any size, but section 3.1 calls it the host's IP address, whose "
        "groups are octets (RFC 791 section 2.3; RFC 3986 section 3.2.2, dec-octet). An error: "
        "no such address exists, so no client reaches the host.",
        HTTPS_NOTE.format(
            verdict="An error, as for http: RFC 2818 section 3.1 checks the host against the "
            "server certificate's dNSName, which is a name of letters, digits and '-' "
            "(RFC 5280 section 4.2.1.6, RFC 1034 section 3.5), and RFC 9110 section 4.2.2 "
            "forbids an empty host."
        ),
        UNKNOWN_SCHEME_NOTE.format(what="host"),
        "A fully qualified name's final dot (http://svc.cluster.local./): a warning, not an "
        "error. Section 5's hostname ends with its toplabel, but RFC 1034 section 3.1 writes "
        'an absolute name with "a dot at the end", which reaches the same host.',
    ),
)
def invalid_host(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    span = parsed.host
    if span is None:
        return
    host = subject.url[span[0] : span[1]]
    generic = subject.options.target == RFC3986
    if not host:
        # file:///path is the local machine (section 3.10); other schemes need a host,
        # and schemes urlint does not know may leave it empty. Under RFC 3986, those whose
        # current RFC still requires one (_HOST_REQUIRED_BY).
        if generic:
            required_by = _HOST_REQUIRED_BY.get(parsed.scheme)
            if required_by is not None:
                yield Hit(span[0], span[0], f"{parsed.scheme} URI with no host ({required_by})")
            return
        spec = SCHEMES.get(parsed.scheme)
        if spec is not None and spec.ip_based and parsed.scheme != "file":
            yield Hit(span[0], span[0], f"{parsed.scheme} URL with no host")
        return
    if generic:
        return  # any reg-name (RFC 3986 section 3.2.2); an IP literal is S419's
    if is_wildcard_host(host):
        return  # a pattern (is_wildcard_host), not a host a URL names
    problem = host_problem(host)
    if problem is not None and host.endswith(".") and host_problem(host[:-1]) is None:
        # An absolute name's root (RFC 1034 section 3.1: "a dot at the end"), which
        # resolves as the name without it: off section 5's grammar, not off the host.
        yield Hit(
            span[0],
            span[1],
            f"invalid host: {problem}; a fully qualified name's final dot (RFC 1034 section "
            "3.1) reaches the same host",
            severity=Severity.WARNING,
        )
    elif problem is not None:
        yield Hit(
            span[0], span[1], f"invalid host: {problem}", severity=off_the_grammar(parsed.scheme)
        )


# Where each scheme's current RFC requires a host, under RFC 3986: an empty one is an error.
_HOST_REQUIRED_BY = {
    "http": "RFC 9110 section 4.2.1: a recipient MUST reject it",
    "https": "RFC 9110 section 4.2.2: a recipient MUST reject it",
    "ftp": "RFC 1738 section 3.2",
    "gopher": "RFC 4266",
    "nntp": "RFC 5538",
    "telnet": "RFC 4248",
}  # fmt: skip


@rule(
    "S408",
    "invalid-port",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 3.2.3: port = *DIGIT, so anything but digits is an error; "
        'an empty port after ":" is allowed, but "URI producers and normalizers '
        'should omit the port component and its ":" delimiter if port is empty" '
        "(6.2.3): below a MUST, so advice, info under --target rfc3986. RFC 3986 sets no "
        "upper bound; the WHATWG URL standard fails on a port over 65535, as any client must."
    ),
    summary="A port that is not a decimal number from 0 to 65535, or a colon with no port.",
    explanation=(
        'Section 3.1: "Another port number may optionally be supplied, in decimal, separated '
        'from the host by a colon. If the port is omitted, the colon is as well." TCP ports '
        "go up to 65535."
    ),
    example="<URL:http://example.com:80a/> or <URL:http://example.com:/>",
    use_instead="<URL:http://example.com:80/> or <URL:http://example.com/>",
    fix="Write the port in decimal, or drop it with its colon.",
    fix_safety=(
        'No automatic fix: the port meant by "80a" cannot be guessed, and a colon with no port may '
        "have lost its digits rather than be stray."
    ),
    beyond_bnf=(
        "A port over 65535: section 5's port is any `digits`, but a TCP port is a 16-bit "
        "number (RFC 793 section 3.1). An error: no client can connect to it.",
        HTTPS_NOTE.format(
            verdict="An error, as for http: RFC 9110 section 4.2.2 gives https an RFC 3986 "
            "authority, whose port is decimal digits (RFC 3986 section 3.2.3)."
        ),
        UNKNOWN_SCHEME_NOTE.format(what="port"),
    ),
)
def invalid_port(subject: UrlUnderCheck) -> Iterator[Hit]:
    span = subject.parsed.port
    if span is None:
        return
    port = subject.url[span[0] : span[1]]
    severity = off_the_grammar(subject.parsed.scheme)
    if not port:
        # RFC 3986 section 3.2.3 allows an empty port, and only asks producers to omit it
        # (a "should": advice, info).
        generic = subject.options.target == RFC3986
        yield Hit(
            span[0] - 1,
            span[0],
            "a ':' with no port: a URI producer should leave the colon out too (section 6.2.3)"
            if generic
            else "a ':' with no port: if the port is omitted, the colon is as well",
            severity=Severity.INFO if generic else severity,
        )
    elif not (port.isascii() and port.isdigit()):
        yield Hit(span[0], span[1], f"port '{port}' is not a decimal number", severity=severity)
    else:
        if bounded_int(port, 65535) > 65535:
            yield Hit(span[0], span[1], f"port {port} is over 65535", severity=severity)


@rule(
    "S409",
    "userinfo-not-allowed",
    Severity.ERROR,
    "3.3, 3.11, 5",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 3.2.1 allows a userinfo in any authority, but some schemes "
        "forbid it: RFC 8089 section 2 gives file none; gopher keeps RFC 1738's hostport "
        "(RFC 4266). nntp may carry one (RFC 5538 section 7), and wais and prospero, "
        "whose RFCs are Historic, are read by the generic syntax: none is reported "
        "there under --target rfc3986 (a password is still P501's). RFC 9110 section 4.2.4 "
        'deprecates it in http and https URIs ("A sender MUST NOT generate the userinfo '
        'subcomponent" in a message): a user name alone there is a warning under --target '
        "rfc3986 (a Sentry DSN's key, a proxy's user, in configuration rather than in an "
        "HTTP message), a password an error (and P501's). The WHATWG URL standard still "
        "parses one."
    ),
    summary="A user name or password in a scheme that has none (all but ftp and telnet).",
    explanation=(
        "Section 5 gives a login (user and password) to ftp and telnet only; the others take "
        'a hostport. Section 3.3 says of http: "No user name or password is allowed"; 3.11 '
        "the same of prospero. Clients that accept one anyway differ in what they do with it, "
        "and it is a favourite of phishing: http://www.bank.example@evil.example/. The login "
        'is read where the target reads it (RFC 1738 lets a "?" stand in one, RFC 3986 '
        'ends the authority there): an "@" in the path or query is none.'
    ),
    example="<URL:http://fred@www.example.com/>",
    use_instead="<URL:http://www.example.com/>",
    fix='Remove the user name and the "@".',
    fix_safety=(
        "No automatic fix: removing the login changes what a client sends, and in a URL like "
        "http://www.bank.example@evil.example/ the author must see which host was meant."
    ),
    beyond_bnf=(
        HTTPS_NOTE.format(
            verdict="An error, as for http: RFC 9110 section 4.2.4 says a sender must not "
            "generate the userinfo of an http or https URI."
        ),
    ),
)
def userinfo_not_allowed(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    span = parsed.userinfo
    spec = SCHEMES.get(parsed.scheme)
    if span is None or spec is None or not spec.ip_based or spec.login:
        return
    scheme = parsed.scheme
    # The messages name the scheme and sections alone, never the login (engine: _unquoted).
    if subject.options.target == RFC3986 and scheme in _USERINFO_ALLOWED:
        return  # RFC 5538 section 7 (nntp); the generic syntax (wais, prospero: Historic)
    if subject.options.target != RFC3986:
        yield Hit(
            span[0],
            span[1] + 1,
            f"{scheme} URLs take no user name or password (section {_NO_LOGIN.get(scheme, '5')})",
            quotes_url=False,
        )
    elif scheme in _DEPRECATED_USERINFO and parsed.password is None:
        # A user name alone: RFC 9110 forbids it in the messages a sender makes, and a URL
        # in configuration (a Sentry DSN, a proxy's user) is none yet. Any ":" after it,
        # an empty password too, is the "user:password" RFC 3986 3.2.1 deprecates: an error.
        yield Hit(
            span[0],
            span[1] + 1,
            f"a user name in an {scheme} URI, deprecated by RFC 9110 section 4.2.4 (RFC 3986 "
            "section 3.2.1 allows it)",
            severity=Severity.WARNING,
            quotes_url=False,
        )
    else:
        yield Hit(
            span[0],
            span[1] + 1,
            f"{scheme} URIs take no userinfo ({_NO_USERINFO.get(scheme, 'its own RFC')})",
            quotes_url=False,
        )


# Where each standard gives the scheme no login: RFC 1738's section (https is read as http,
# RFC 2818 section 2.4), and the scheme's current RFC under RFC 3986.
_NO_LOGIN = {
    "http": "3.3", "https": "3.3", "prospero": "3.11", "gopher": "5", "nntp": "5",
    "wais": "5", "file": "5",
}  # fmt: skip
_DEPRECATED_USERINFO = frozenset({"http", "https"})
_NO_USERINFO = {
    "http": "RFC 9110 section 4.2.4", "https": "RFC 9110 section 4.2.4",
    "file": "RFC 8089 section 2", "gopher": "RFC 4266",
}  # fmt: skip
# The schemes RFC 1738 defines that RFC 3986 reads by the generic syntax alone: their
# RFCs (4156, 4157) are Historic.
_HISTORIC = frozenset({"wais", "prospero"})
# Where a userinfo is allowed under RFC 3986 though RFC 1738 gives the scheme none: nntp
# (RFC 5538 section 7), and the Historic schemes.
_USERINFO_ALLOWED = frozenset({"nntp", *_HISTORIC})


@rule(
    "S419",
    "invalid-ip-literal",
    Severity.ERROR,
    "3.2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", IPv6address '
        "as its ABNF writes the text forms of RFC 3513 section 2.2 (eight groups of one to four "
        'hexadecimal digits, one "::" for a run of zero groups, an IPv4 address in the last '
        'two), IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ); after the "]" '
        'only ":" and a port may follow (section 3.2). The WHATWG URL standard fails on a '
        "malformed IPv6 address too, and knows no IPvFuture."
    ),
    rfc1738=False,
    summary="An IP literal host in brackets that is neither an IPv6 address nor an IPvFuture.",
    explanation=(
        "Under --target rfc3986 a host in brackets is an IP literal (RFC 3986 section 3.2.2), "
        "and it must be one: a malformed address reaches no host, and clients differ in what "
        "they make of it. Under RFC 1738, the default target, any host in brackets is S407's "
        "(section 3.1 has no IP literal), so this rule holds under RFC 3986 only."
    ),
    example="<URL:http://[::1::2]/> or <URL:http://[fe80::1/>",
    use_instead="<URL:http://[::1]/> or <URL:http://[fe80::1]/>",
    fix="Write the address as RFC 3986 section 3.2.2 does, and close the bracket.",
    fix_safety=(
        "No automatic fix: which address was meant cannot be guessed from a malformed one."
    ),
)
def invalid_ip_literal(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    span = parsed.host
    url = subject.url
    if span is None or not url.startswith("[", span[0]):
        return
    start, end = span
    authority_end = parsed.authority[1] if parsed.authority is not None else end
    if url[end - 1] != "]" or end - start < 2:
        yield Hit(start, end, "an IP literal with no closing ']'")
        return
    from ...grammar.rfc3986 import ip_literal_problem  # a check under RFC 3986 alone

    problem = ip_literal_problem(url[start + 1 : end - 1])
    if problem is not None:
        if start + 1 < end - 1:
            yield Hit(start + 1, end - 1, f"invalid IP literal: {problem}")
        else:
            yield Hit(start, end, f"invalid IP literal: {problem}")
    port = parsed.port
    after = port[0] - 1 if port is not None else authority_end
    if after > end:
        yield Hit(
            end,
            after,
            f"'{url[end:after]}' after the IP literal: only ':' and a port may follow "
            "(section 3.2)",
        )


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    invalid_scheme,
    uppercase_scheme,
    unknown_scheme,
    reserved_scheme,
    experimental_scheme,
    missing_double_slash,
    invalid_host,
    invalid_port,
    userinfo_not_allowed,
    invalid_ip_literal,
)
