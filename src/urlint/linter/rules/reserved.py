"""R rules: reserved characters written as they are where a scheme reserves them.

RFC 1738 section 2.2, "Reserved", and sections 3.1-3.11."""

from __future__ import annotations

from collections.abc import Iterator

from ...core.findings import Severity
from ...grammar.abnf import (
    FIELD_RESERVED,
    FSEGMENT_RESERVED,
    SEARCH_RESERVED,
    USER_RESERVED,
    reserved_except,
)
from .rule import HISTORIC, RFC3986, Hit, UrlUnderCheck, rule
from .syntax import UNKNOWN_SCHEME_NOTE, off_the_grammar

# The reserved characters each component may not hold as they are, from its line of section
# 5's BNF (grammar.abnf). A separator the reader already cut the component at ("/" between
# ftp and file segments, ":" between user and password, ";" between prospero fields) never
# appears inside it, so it can stay in the set.
_IN_USER = reserved_except(USER_RESERVED)  # user and password: ":", "@", "/"
_IN_FSEGMENT = reserved_except(FSEGMENT_RESERVED)  # ftp and file: ";" ("/" separates)
_IN_SEARCH = reserved_except(SEARCH_RESERVED)  # http search: "/", "?"
# database, wtype, wpath = *uchar: every reserved character but "/", which separates them
# (a "/" inside a wpath is S416's finding). A waisindex's search is http's search.
_IN_WAIS = reserved_except("/")
_IN_FIELD = reserved_except(FIELD_RESERVED)  # prospero field value: ";" (separates), "/", "="


def _chars_in(
    subject: UrlUnderCheck,
    span: tuple[int, int] | None,
    chars: str,
    message: str,
    severity: Severity | None = None,
) -> Iterator[Hit]:
    if span is None:
        return
    url = subject.url
    for offset in range(span[0], span[1]):
        char = url[offset]
        if char in chars:
            yield Hit(
                offset,
                offset + 1,
                message.format(char=char, code=f"%{ord(char):02X}"),
                severity=severity,
            )


@rule(
    "R301",
    "reserved-in-userinfo",
    Severity.ERROR,
    "3.1",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims "
        '/ ":" ), so "@" and "/" there are still errors; a ":" in the password is '
        "allowed by that grammar and is not reported under --target rfc3986 (the "
        "password itself is P501), except in ftp and telnet, which keep RFC 1738's "
        "login (ftp is still defined by RFC 1738 section 3.2 alone; RFC 4248 section 2), "
        'whose password holds no ":" (ftp://a:b:c@h/ is an error). The WHATWG URL '
        "standard percent-encodes them in the userinfo when it parses."
    ),
    summary='An unencoded ":", "@" or "/" in a user name or password.',
    explanation=(
        'Section 3.1: "Within the user and password field, any ":", "@", or "/" must be '
        'encoded." Unencoded, they move where the login ends and the host begins: '
        "ftp://fred:a@b@host/ is read by some clients as host b@host."
    ),
    example="<URL:ftp://fred@home:secret@ftp.example.com/>",
    use_instead="<URL:ftp://fred%40home@ftp.example.com/>",
    fix='Encode them: ":" as %3A, "@" as %40, "/" as %2F (and leave the password out: P501).',
    fix_safety=(
        'No automatic fix: only the author knows which "@" or ":" is data and which ends the '
        "login, and encoding a reserved character may change what the URL means (section 2.2). "
        "Nor does `--fix` ever edit a URL that may hold a password (section 6)."
    ),
    beyond_bnf=(UNKNOWN_SCHEME_NOTE.format(what="login"),),
)
def reserved_in_userinfo(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    # Section 4 only asks a scheme it does not define to follow section 3.1 ("should"): a
    # warning there (syntax.off_the_grammar), under RFC 1738.
    generic = subject.options.target == RFC3986
    severity = None if generic else off_the_grammar(parsed.scheme)
    yield from _chars_in(
        subject,
        parsed.user,
        _IN_USER,
        "unencoded '{char}' in the user name: write {code}",
        severity,
    )
    # RFC 3986 section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ),
    # but ftp and telnet keep RFC 1738's login (RFC 1738 section 3.2, still ftp's only
    # definition; RFC 4248), whose password holds no ":".
    in_password = (
        _IN_USER.replace(":", "")
        if generic and parsed.scheme not in _LOGIN_BY_RFC1738
        else _IN_USER
    )
    yield from _chars_in(
        subject,
        parsed.password,
        in_password,
        "unencoded '{char}' in the password: write {code}",
        severity,
    )


_LOGIN_BY_RFC1738 = frozenset({"ftp", "telnet"})


@rule(
    "R302",
    "reserved-in-ftp-path",
    Severity.ERROR,
    "3.2.2",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 leaves each scheme's syntax to its specification (section 3), and "
        'ftp is still defined only by RFC 1738 section 3.2, ";type=" included: the '
        'rule holds. RFC 3986 section 3.3 itself allows ";" in a segment (a '
        "sub-delim), which is why it reads ftp by its own rule here. And where RFC 3986 "
        'ends the authority at a "?" (section 3.2), what follows the host is no part of '
        'RFC 1738 section 5\'s ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]] '
        '(ftp://host?x): an error here (under RFC 1738 the "?" is in the host, S407).'
    ),
    summary='An unencoded ";" in an ftp path other than the final ";type=".',
    explanation=(
        'Section 3.2.2: "Within a name or CWD component, the characters "/" and ";" are '
        'reserved and must be encoded." A ";" is read as the start of ";type=<typecode>".'
    ),
    example="<URL:ftp://ftp.example.com/pub/a;b/file.txt>",
    use_instead="<URL:ftp://ftp.example.com/pub/a%3Bb/file.txt>",
    fix='Write a ";" that is part of the name as %3B.',
    fix_safety=(
        'No automatic fix: the ";" may be part of the name or a misspelt ";type=" (section 3.2.2), '
        "and encoding a reserved character may change what the URL means (section 2.2)."
    ),
    schemes=("ftp",),
)
def reserved_in_ftp_path(subject: UrlUnderCheck) -> Iterator[Hit]:
    rest = subject.parsed.rest
    if rest is not None:  # RFC 3986 ended the authority at a "?" (--target rfc3986)
        yield Hit(
            rest[0],
            rest[1],
            "a query after the host (RFC 1738 section 5): an ftp URL has only '/' and a path "
            "after it",
            quotes_url=False,
        )
    for segment in subject.parsed.segments:
        yield from _chars_in(
            subject,
            segment,
            _IN_FSEGMENT,
            "unencoded ';' in an ftp path name (only ';type=' may follow the name): write %3B",
        )


@rule(
    "R303",
    "reserved-in-http-search",
    Severity.WARNING,
    "3.3",
    rfc3986=None,
    rfc3986_says=(
        'Off under --target rfc3986: RFC 3986 section 3.4 allows "/" and "?" in a '
        'query (query = *( pchar / "/" / "?" )), and section 3 lets the query follow '
        "the authority with an empty path (http://example.com?q=1); RFC 9110 section "
        '4.2.1 writes http-URI = "http" "://" authority path-abempty [ "?" query ]. '
        "The WHATWG URL standard reads them the same."
    ),
    summary=(
        'An unencoded "?" or "/" in the search part of an http URL, or a search right after '
        'the host with no "/" before it.'
    ),
    explanation=(
        'Section 3.3: "Within the <path> and <searchpart> components, "/", ";", "?" are '
        'reserved." Section 5: search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]: no "/" '
        'and no "?"; and httpurl = "http://" hostport [ "/" hpath [ "?" search ]]: the "?" '
        'comes after the "/" that ends the host, never right after the host. RFC 3986 later '
        "allowed both characters in a query, and a query right after the host (section 3.3: "
        "path-abempty may be empty), hence a warning. Write http://example.com/?q=1 for "
        "http://example.com?q=1."
    ),
    example="<URL:http://example.com/cgi?next=/home?x=1>",
    use_instead="<URL:http://example.com/cgi?next=%2Fhome%3Fx=1>",
    fix='Encode them: "/" as %2F and "?" as %3F.',
    fix_safety=(
        "No automatic fix: encoding a reserved character may change what the URL means (section "
        "2.2), and the program behind the URL reads the search part as it chooses (RFC 3986 allows "
        "both characters there)."
    ),
    schemes=("http", "https"),
    beyond_bnf=(
        "https is held to http's rules (section 3.3): RFC 1738 does not define https, and RFC "
        "2818 section 2.4 reads an https URL as an http one. A warning, as for http.",
    ),
)
def reserved_in_http_search(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    rest = parsed.rest
    if rest is not None and parsed.path is None:
        yield Hit(
            rest[0],
            rest[0] + 1,
            "a search right after the host: section 5 puts it after '/' (http://host/?search)",
        )
    yield from _chars_in(
        subject,
        parsed.search,
        _IN_SEARCH,
        "unencoded '{char}' in the search part: write {code}",
    )


@rule(
    "R304",
    "reserved-in-prospero-name",
    Severity.ERROR,
    "3.11",
    rfc3986=None,
    rfc3986_says=HISTORIC.format(name="prospero", rfc="4157"),
    summary='An unencoded ";" in a prospero hsoname.',
    explanation=(
        'Section 3.11: "The semicolon ";" is reserved and may not appear without quoting in '
        'the <hsoname>." A ";" starts the field list (";<field>=<value>"), so one that is '
        "part of the name cuts the name short."
    ),
    example="<URL:prospero://host.example/pros/a;b/name>",
    use_instead="<URL:prospero://host.example/pros/a%3Bb/name>",
    fix='Write a ";" that is part of the hsoname as %3B.',
    fix_safety=(
        'No automatic fix: the ";" may be part of the name or start a field that lost its "=" '
        "(section 3.11), and encoding a reserved character may change what the URL means (section "
        "2.2)."
    ),
    schemes=("prospero",),
)
def reserved_in_prospero_name(subject: UrlUnderCheck) -> Iterator[Hit]:
    url = subject.url
    for start, end in subject.parsed.fields:
        field = url[start:end]
        # A ";" that starts no "field=value" (no "=", or a "/" after it) is the name's own.
        if "=" not in field or "/" in field.split("=", 1)[0]:
            yield Hit(
                start,
                start + 1,
                "unencoded ';' in the hsoname (';' starts a field=value pair): write %3B",
            )


@rule(
    "R305",
    "reserved-in-wais-path",
    Severity.ERROR,
    "3.9",
    rfc3986=None,
    rfc3986_says=HISTORIC.format(name="wais", rfc="4156"),
    summary="A reserved character in a wais database, type, document id or search.",
    explanation=(
        "Section 5: database = *uchar, wtype = *uchar, wpath = *uchar; section 3.9: the "
        'wpath is "the WAIS document-id, encoded as necessary using the method described in '
        'Section 2.2". No reserved character may appear in them unencoded. The search of '
        'waisindex = "wais://" hostport "/" database "?" search is section 5\'s search, '
        'which holds no "/" and no "?".'
    ),
    example="<URL:wais://wais.example/db/TEXT/id=7;x> or <URL:wais://wais.example/db?a/b>",
    use_instead=(
        "<URL:wais://wais.example/db/TEXT/id%3D7%3Bx> or <URL:wais://wais.example/db?a%2Fb>"
    ),
    fix='Percent-encode the character: %3D for "=", %3B for ";", %2F for "/".',
    fix_safety=(
        "No automatic fix: encoding a reserved character may change what the URL means (section "
        "2.2), and the server must get back the document id it issued (section 3.9), which only "
        "the text's author can check."
    ),
    schemes=("wais",),
)
def reserved_in_wais_path(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    for name, span in (
        ("database", parsed.database),
        ("wtype", parsed.wtype),
        ("wpath", parsed.wpath),
    ):
        yield from _chars_in(
            subject, span, _IN_WAIS, "unencoded '{char}' in the wais " + name + ": write {code}"
        )
    yield from _chars_in(
        subject, parsed.search, _IN_SEARCH, "unencoded '{char}' in the wais search: write {code}"
    )


@rule(
    "R306",
    "reserved-in-file-path",
    Severity.ERROR,
    "3.10",
    rfc3986=None,
    rfc3986_says=(
        "Off under --target rfc3986: RFC 8089 section 2 defines file URIs with RFC "
        '3986\'s path-absolute, whose segments allow ";" (a sub-delim, section 3.3); '
        "RFC 1738 section 3.10's ban no longer applies."
    ),
    summary='An unencoded ";" in a file URL\'s path.',
    explanation=(
        'Section 5: fileurl = "file://" [ host | "localhost" ] "/" fpath, and an fpath '
        'segment may hold no ";" (it is reserved, as in ftp paths, section 3.2.2).'
    ),
    example="<URL:file://localhost/tmp/a;b>",
    use_instead="<URL:file://localhost/tmp/a%3Bb>",
    fix='Write the ";" as %3B.',
    fix_safety=(
        "No automatic fix: encoding a reserved character may change what the URL means (section "
        '2.2), and only the author knows whether the ";" is part of the file\'s name.'
    ),
    schemes=("file",),
)
def reserved_in_file_path(subject: UrlUnderCheck) -> Iterator[Hit]:
    for segment in subject.parsed.segments:
        yield from _chars_in(
            subject, segment, _IN_FSEGMENT, "unencoded ';' in a file path: write %3B"
        )


@rule(
    "R307",
    "reserved-in-prospero-field",
    Severity.ERROR,
    "3.11",
    rfc3986=None,
    rfc3986_says=HISTORIC.format(name="prospero", rfc="4157"),
    summary='An unencoded "=" or "/" in a prospero field name or value.',
    explanation=(
        'Section 3.11: "each field/value pair is separated from each other and from the rest '
        'of the URL by a ";" (semicolon). The name of the field and its value are separated by '
        'a "=" (equal sign)." Section 5: fieldname and fieldvalue hold no "=", ";" or "/".'
    ),
    example="<URL:prospero://host.example/name;OBJECT-VERSION=a=b>",
    use_instead="<URL:prospero://host.example/name;OBJECT-VERSION=a%3Db>",
    fix='Encode "=" as %3D and "/" as %2F inside the field.',
    fix_safety=(
        'No automatic fix: the "=" or "/" may be part of the value or start a field that lost its '
        '";" (section 3.11), and encoding a reserved character may change what the URL means '
        "(section 2.2)."
    ),
    schemes=("prospero",),
)
def reserved_in_prospero_field(subject: UrlUnderCheck) -> Iterator[Hit]:
    url = subject.url
    for start, end in subject.parsed.fields:
        field = url[start:end]
        equals = field.find("=")
        if equals < 0 or "/" in field[:equals]:
            continue  # R304's case: the ";" belongs to the name
        yield from _chars_in(
            subject,
            (start + equals + 1, end),
            _IN_FIELD,
            "unencoded '{char}' in a prospero field value: write {code}",
        )


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    reserved_in_userinfo,
    reserved_in_ftp_path,
    reserved_in_http_search,
    reserved_in_prospero_name,
    reserved_in_wais_path,
    reserved_in_file_path,
    reserved_in_prospero_field,
)
