"""S rules of each scheme's own syntax (RFC 1738 sections 3.2-3.11), S410-S418.

The scheme itself and the common syntax of the schemes that name a host (section 3.1) are
syntax.py's, S401-S409.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...core.findings import Severity
from ...grammar import abnf
from .rule import HISTORIC, RFC3986, Hit, UrlUnderCheck, rule

_PLUS_TYPES = "+?!$"  # sections 3.4.4-3.4.9: the forms a gopher+ string takes


@rule(
    "S410",
    "invalid-ftp-typecode",
    Severity.ERROR,
    "3.2.2, 3.2.3",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 leaves the ftp syntax to its scheme, and ftp is still defined only "
        'by RFC 1738 section 3.2 (typecode "a", "i" or "d"): the rule holds.'
    ),
    summary='An ftp ";type=" with a typecode other than a, i or d.',
    explanation=(
        'Section 3.2.2: "<typecode> is one of the characters "a", "i", or "d"." A client '
        "meeting any other type cannot tell how to transfer the file."
    ),
    example="<URL:ftp://ftp.example.com/pub/file.txt;type=b>",
    use_instead="<URL:ftp://ftp.example.com/pub/file.txt;type=i>",
    fix='Use a (ASCII), i (image/binary) or d (directory listing), or drop ";type=".',
    fix_safety=(
        "No automatic fix: whether the file is text, binary or a directory cannot be guessed "
        "(section 3.2.2)."
    ),
    schemes=("ftp",),
)
def invalid_ftp_typecode(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    span = parsed.typecode
    if span is None:
        return
    code = subject.url[span[0] : span[1]]
    if code.lower() not in ("a", "i", "d"):
        shown = f"'{code}'" if code else "nothing"
        yield Hit(span[0], span[1], f"ftp typecode is {shown}: it must be a, i or d")


@rule(
    "S411",
    "invalid-gopher-path",
    Severity.ERROR,
    "3.4",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 leaves the gopher syntax to its scheme; RFC 4266 keeps RFC 1738 "
        'section 3.4\'s: the rule holds. And where RFC 3986 ends the authority at a "?" '
        "(section 3.2), what follows the host is no gopher path: RFC 4266 section 2.1 "
        "writes gopher://<host>:<port>/<gopher-path> (gopher://host?x is an error here; "
        'under RFC 1738 the "?" is in the host, S407).'
    ),
    summary=(
        "A gopher path that cannot be sent: a tab, CR or LF in the type or selector, or an "
        "unknown gopher+ form."
    ),
    explanation=(
        'Section 3.4.1: "Gopher selector strings are a sequence of octets which may contain '
        "any octets except 09 hexadecimal (US-ASCII HT or tab) 0A hexadecimal (US-ASCII "
        'character LF), and 0D (US-ASCII character CR)." The first %09 ends the selector '
        "(3.4.2). Sections 3.4.4-3.4.9 give the gopher+ string four forms: it starts with "
        '"+", "?", "!" or "$".'
    ),
    example="<URL:gopher://gopher.example/0sel%0Dector>",
    use_instead="<URL:gopher://gopher.example/0selector>",
    fix="Remove the CR or LF from the selector; start a gopher+ string with + ? ! or $.",
    fix_safety=(
        "No automatic fix: removing characters from a selector asks the server for another item "
        "(section 3.4.1), and the gopher+ form meant cannot be guessed."
    ),
    schemes=("gopher",),
    beyond_bnf=(
        "Section 5 lets the type and the selector be any xchar, and the gopher+ string any "
        "*xchar: the tab, CR and LF of the type and selector are section 3.4.1's text, the "
        "four forms of a gopher+ string sections 3.4.4-3.4.9's. An error all the same: RFC 1738 "
        "itself says so, and a server cannot read such a selector line.",
    ),
)
def invalid_gopher_path(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    url = subject.url
    rest = parsed.rest
    if rest is not None:  # RFC 3986 ended the authority at a "?" (--target rfc3986)
        yield Hit(
            rest[0],
            rest[1],
            "a query after the host (RFC 4266 section 2.1): a gopher path follows a '/'",
            quotes_url=False,
        )
    gtype = parsed.gtype
    if gtype is not None and url[gtype[0] : gtype[1]].upper() in ("%09", "%0A", "%0D"):
        yield Hit(
            gtype[0],
            gtype[1],
            "the gopher type is a tab, CR or LF: the type is one character of the selector line",
        )
    selector = parsed.selector
    if selector is not None:
        lower = url.lower()
        for escape in ("%0a", "%0d"):
            at = lower.find(escape, selector[0], selector[1])
            while at >= 0:
                yield Hit(
                    at,
                    at + 3,
                    f"{url[at : at + 3]} in a gopher selector: a selector holds no CR or LF "
                    "(section 3.4.1)",
                )
                at = lower.find(escape, at + 3, selector[1])
    plus = parsed.gopher_plus
    if plus is not None and (plus[0] == plus[1] or url[plus[0]] not in _PLUS_TYPES):
        yield Hit(
            plus[0],
            max(plus[1], plus[0]),
            "a gopher+ string starts with '+', '?', '!' or '$' (sections 3.4.4-3.4.9)",
        )


@rule(
    "S412",
    "invalid-mailto",
    Severity.ERROR,
    "3.5",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 6068 section 2 now defines mailto with RFC 3986's syntax: mailtoURI = "
        '"mailto:" [ to ] [ hfields ], to = addr-spec *("," addr-spec), hfields = "?" hfield '
        '*( "&" hfield ), hfield = hfname "=" hfvalue, each of *qchar. Under --target '
        "rfc3986 this rule checks that, at MUST level: each address an RFC 5322 addr-spec "
        '(dot-atom text or a quoted string, "@", dot-atom text or a domain literal), read '
        'decoded, with no whitespace (rule 3); "/", "[", "]", "&", ";" and "=" in an '
        "address percent-encoded (rule 1); percent-encoding in a domain only for UTF-8 "
        '(rule 4); no "?", "=" or "/" unencoded in a header field (so its own "WRONG!" '
        "example, mailto:joe@example.com?cc=bob@example.com?body=hello, is an error). A "
        "list of addresses and an empty one (mailto:?to=...) are allowed. A fragment is "
        "advice (info): \"fragment identifiers ... SHOULD NOT be used on 'mailto' URIs\"."
    ),
    summary="A mailto URL that is not one RFC 822 address (local-part@domain).",
    explanation=(
        'Section 3.5: "A mailto URL takes the form: mailto:<rfc822-addr-spec> ... No '
        "additional information other than an Internet mailing address is present or "
        'implied." An addr-spec is local-part "@" domain (RFC 822 section 6.1): a local '
        'part of words (atoms or quoted strings) separated by ".", a domain of atoms or '
        'domain literals separated by "." (so "u@8" and "v@=.h" are addresses, whatever a '
        'host name may be). Header fields after "?" (RFC 2368, which updates section 3.5) '
        "are read as such, not as part of the address."
    ),
    example="<URL:mailto:fred> or <URL:mailto:@example.com>",
    use_instead="<URL:mailto:fred@example.com>",
    fix="Write one full address, local-part@domain.",
    fix_safety="No automatic fix: the missing local part or domain cannot be guessed.",
    schemes=("mailto",),
    beyond_bnf=(
        'Section 5 makes the address any 1*xchar, "further defined in RFC822": the '
        "local-part@domain shape and the syntax of each are RFC 822's (section 6.1). An "
        "error all the same: section 3.5 says the URL holds an Internet mailing address, and "
        "without one no mail can be sent. The address is read decoded (section 2.2): "
        "someone@w%33.org is at w3.org.",
    ),
)
def invalid_mailto(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    url = subject.url
    if parsed.address is None:
        return
    # the address readers load with the first mailto: URL (a hook's run reads few)
    from ...grammar.addresses import rfc822_faults, rfc6068_faults

    if subject.options.target == RFC3986:
        faults = rfc6068_faults(url, parsed.address, parsed.headers, parsed.fragment)
    else:
        faults = rfc822_faults(url, *parsed.address)
    for fault in faults:
        yield Hit(
            fault.start,
            fault.end,
            fault.message,
            severity=Severity.INFO if fault.advice else None,
        )


@rule(
    "S413",
    "invalid-news",
    Severity.ERROR,
    "3.6",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 5538 section 4 now defines news: newsURL = "news:" [ server "/" ] ( '
        "article / newsgroups ), the server an RFC 3986 authority. Under --target rfc3986 "
        'this rule checks that: a server is followed by "/" (news://h is an error); an '
        'article, a Message-ID without its angle brackets, has one "@" with text on both '
        'sides (news:@ is an error), its "/" percent-encoded, and no %3E (">"); '
        'newsgroups = *( group-char / pct-encoded / "*" ), so a group name is letters, '
        'digits, "-", "+", "_", "." and percent-encoded octets, in any order (RFC 5538 '
        "lets a group start with a digit and escape what it needs), with the wildmat's "
        '"*" (news:example.group.*; its "?" is written %3F), and may be empty '
        '(news://news.server.example/ is section 4\'s own example). A "?" starts RFC '
        "3986's query, which section 2.3 leaves unspecified. An IP literal naming the "
        "server is S419's."
    ),
    summary='A news URL that is neither "*", a group name nor a message-id.',
    explanation=(
        'Section 3.6: "news:<newsgroup-name>" or "news:<message-id>", where a newsgroup-name '
        'is "a period-delimited hierarchical name" (section 5: alpha *[ alpha | digit | "-" | '
        '"." | "+" | "_" ]) and a message-id is "the Message-ID of section 2.1.5 of RFC 1036, '
        'without the enclosing "<" and ">"", of the form <unique>@<full_domain_name>.'
    ),
    example="<URL:news:123comp.misc> or <URL:news:id@>",
    use_instead="<URL:news:comp.misc> or <URL:news:id@news.example.com>",
    fix="Write the group name, or the Message-ID without its angle brackets.",
    fix_safety="No automatic fix: the group name or Message-ID meant cannot be guessed.",
    schemes=("news",),
)
def invalid_news(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    if subject.options.target == RFC3986:
        yield from _rfc5538_news(subject)
        return
    if parsed.opaque is None:
        return
    start, end = parsed.opaque
    text = subject.url[start:end]
    if parsed.article is not None:
        if not abnf.matches(abnf.ARTICLE, text):
            yield Hit(start, end, "invalid message-id: <unique>@<full_domain_name> (section 3.6)")
    elif not text:
        yield Hit(start, end, "no group or message-id after 'news:'")
    elif text != "*" and not abnf.matches(abnf.GROUP, text):
        yield Hit(start, end, "invalid newsgroup name: a letter, then letters, digits and - . + _")


# RFC 5538 section 3: group = 1*( group-char / pct-encoded ), group-char = ALPHA / DIGIT /
# "-" / "+" / "_" / ".", in any order ("example.group.n%2Fa"); section 4: newsgroups = *(
# group-char / pct-encoded / "*" ), a wildmat whose "?" is written %3F.
_RFC5538_GROUP = re.compile(r"(?:[A-Za-z0-9\-+_.]|%[0-9A-Fa-f]{2})+")
_RFC5538_NEWSGROUPS = re.compile(r"(?:[A-Za-z0-9\-+_.*]|%[0-9A-Fa-f]{2})*")
# RFC 8089 Appendix E.3.2: unc-authority path-absolute, where unc-authority = 2*3"/"
# file-host ("file:////host.example/share": the text after "file://"), or a host alone
# (`file:////server`, Windows' `\\server`).
_UNC = re.compile(r"/{2,3}[^/?#]+(?:/|\Z)")
_ARTICLE_NUMBER = re.compile("[0-9]{1,16}")  # RFC 5538 section 3: article-number = 1*16DIGIT


def _rfc5538_news(subject: UrlUnderCheck) -> Iterator[Hit]:
    """The news URI as RFC 5538 section 4 writes one: newsURL = "news:" [ server "/" ] (
    article / newsgroups ), the article a Message-ID without its angle brackets, the
    newsgroups a wildmat, possibly empty (news://news.server.example/ is its example). A
    "?" starts RFC 3986's query, which RFC 5538 (section 2.3) does not specify."""
    parsed = subject.parsed
    url = subject.url
    authority = parsed.authority
    if authority is not None and parsed.path is None:
        at = authority[1]
        rest = parsed.rest
        yield Hit(
            at,
            rest[1] if rest else at,
            "a news server is followed by '/' and a group or message-id (RFC 5538 section 4)",
        )
        return
    span = parsed.opaque if parsed.opaque is not None else parsed.path
    if span is None:
        return
    start, end = span
    question = url.find("?", start, end)
    if question >= 0:
        end = question
    text = url[start:end]
    if "@" in text:
        left, _, right = text.partition("@")
        if not left or not right or "@" in right:
            yield Hit(
                start,
                end,
                "invalid message-id (RFC 5538 section 4): one '@' with text on both sides",
            )
        slash = text.find("/")
        while slash >= 0:
            yield Hit(
                start + slash,
                start + slash + 1,
                "unencoded '/' in a message-id (RFC 5538 section 4): write %2F",
            )
            slash = text.find("/", slash + 1)
        at = text.lower().find("%3e")
        if at >= 0:
            yield Hit(
                start + at,
                start + at + 3,
                "'%3E' ('>') in a message-id (RFC 5538 section 4): no Message-ID holds one",
            )
    elif _RFC5538_NEWSGROUPS.fullmatch(text) is None:
        yield Hit(
            start,
            end,
            "invalid newsgroup name (RFC 5538 section 4): letters, digits, - + _ . and %XX "
            "escapes, or a wildmat's * (its ? written %3F)",
        )


@rule(
    "S414",
    "invalid-nntp",
    Severity.ERROR,
    "3.7",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 5538 section 3 now defines nntp: nntp://server/group[/article-number], "
        "the server an RFC 3986 authority. Under --target rfc3986 this rule checks that: "
        'a group is there, its name letters, digits, "-", "+", "_", "." and '
        "percent-encoded octets in any order (so RFC 5538's own "
        "nntp://wild.server.example/example.group.n%2Fa/12345 is valid, where RFC 1738 "
        "wants a letter first and no escape), the article number 1 to 16 digits, and "
        "nothing after it. A user name in the server is allowed (RFC 5538 section 7: no "
        "S409)."
    ),
    summary="An nntp URL without /<newsgroup-name>[/<article-number>] after the host.",
    explanation=(
        'Section 3.7: "nntp://<host>:<port>/<newsgroup-name>/<article-number>"; section 5: '
        'nntpurl = "nntp://" hostport "/" group [ "/" digits ]. The article number is '
        '"the numeric id of the article within that newsgroup".'
    ),
    example="<URL:nntp://news.example/comp.misc/12a>",
    use_instead="<URL:nntp://news.example/comp.misc/12>",
    fix="Write the group, and optionally the article's number.",
    fix_safety="No automatic fix: the group or article number meant cannot be guessed.",
    schemes=("nntp",),
)
def invalid_nntp(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    authority = parsed.authority
    if authority is None:
        return
    url = subject.url
    group = parsed.group
    if group is None or group[0] == group[1]:
        at = group[0] if group else authority[1]
        yield Hit(at, at, "nntp URL with no newsgroup name")
        return
    generic = subject.options.target == RFC3986
    if generic:
        if _RFC5538_GROUP.fullmatch(url, group[0], group[1]) is None:
            yield Hit(
                *group,
                "invalid newsgroup name (RFC 5538 section 3): letters, "
                "digits, - + _ . and %XX escapes",
            )
    elif not abnf.matches(abnf.GROUP, url[group[0] : group[1]]):
        yield Hit(*group, "invalid newsgroup name: a letter, then letters, digits and - . + _")
    article = parsed.article
    if article is not None and (
        _ARTICLE_NUMBER.fullmatch(url, article[0], article[1]) is None
        if generic
        else not abnf.matches(abnf.DIGITS, url[article[0] : article[1]])
    ):
        yield Hit(
            article[0],
            max(article[1], article[0]),
            "the article number must be 1 to 16 decimal digits (RFC 5538 section 3)"
            if generic
            else "the article number must be decimal digits",
        )
    extra = parsed.extra
    if extra is not None:
        yield Hit(*extra, "nothing follows the article number in an nntp URL")


@rule(
    "S415",
    "invalid-telnet",
    Severity.ERROR,
    "3.8",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        'RFC 3986 section 3.2 ends every authority at a "?", and leaves the telnet '
        "syntax to its scheme: RFC 4248 keeps RFC 1738 section 3.8's, nothing after "
        'the final "/". The rule holds, and under --target rfc3986 telnet://host?x has '
        '"?x" after the host, reported here.'
    ),
    summary='A telnet URL with anything after the final "/".',
    explanation=(
        'Section 3.8: "telnet://<user>:<password>@<host>:<port>/ ... The final "/" character '
        'may be omitted." Section 5: telneturl = "telnet://" login [ "/" ]. A path is not '
        "part of a telnet URL, and clients drop it."
    ),
    example="<URL:telnet://bbs.example.com/login>",
    use_instead="<URL:telnet://bbs.example.com/>",
    fix="End the URL at the host (and port).",
    fix_safety=(
        "No automatic fix: the path may be a misplaced user name (telnet://login@host/, section "
        "3.8), which only the author can tell."
    ),
    schemes=("telnet",),
)
def invalid_telnet(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    extra = parsed.extra
    if extra is not None:
        yield Hit(*extra, "a telnet URL ends after the host and port (and an optional '/')")


@rule(
    "S416",
    "invalid-wais",
    Severity.ERROR,
    "3.9",
    rfc3986=None,
    rfc3986_says=HISTORIC.format(name="wais", rfc="4156"),
    summary="A wais URL not of the form /database, /database?search or /database/wtype/wpath.",
    explanation=(
        'Section 3.9: "wais://<host>:<port>/<database>", "...<database>?<search>" or '
        '"...<database>/<wtype>/<wpath>"; section 5 makes each of database, wtype and wpath '
        '*uchar, so no further "/".'
    ),
    example="<URL:wais://wais.example/db/TEXT> (a type with no document id)",
    use_instead="<URL:wais://wais.example/db/TEXT/doc-7>",
    fix="Give the database; for a document, its type and its encoded document id.",
    fix_safety=(
        'No automatic fix: a missing database or document id cannot be guessed, and a "/" in a '
        "document id may be data (%2F) or a separator too many."
    ),
    schemes=("wais",),
)
def invalid_wais(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    authority = parsed.authority
    if authority is None:
        return
    if parsed.database is None:
        at = authority[1]
        yield Hit(at, at, "wais URL with no database")
        return
    if parsed.wtype is not None and parsed.wpath is None:
        yield Hit(*parsed.wtype, "a wais type must be followed by /<wpath> (the document id)")
    wpath = parsed.wpath
    if wpath is not None:
        slash = subject.url.find("/", wpath[0], wpath[1])
        if slash >= 0:
            yield Hit(slash, wpath[1], "a wais document id holds no '/': encode it as %2F")


@rule(
    "S417",
    "invalid-file",
    Severity.ERROR,
    "3.10",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 8089 section 2 defines file URIs with RFC 3986's syntax: file-hier-part = "
        '( "//" auth-path ) / local-path, auth-path = [ file-auth ] path-absolute, '
        'file-auth = "localhost" / host, with no port. So the port, a missing "/" after the '
        'host, and a path that starts "//" (path-absolute never does: '
        "file://localhost//a//../..//) are errors under --target rfc3986. "
        'Appendix E.3.2 names the UNC form file:////host.example/share/file ("//" and a '
        "host, then the path; file:////host, the host alone) a nonstandard variation some "
        "systems read, outside section 2's syntax: a warning."
    ),
    summary='A file URL not of the form file://<host>/<path>: a port, or no "/" after the host.',
    explanation=(
        'Section 3.10: "A file URL takes the form: file://<host>/<path>"; section 5: '
        'fileurl = "file://" [ host | "localhost" ] "/" fpath. There is no port, and the "/" '
        "before the path is required."
    ),
    example="<URL:file://localhost:8000/etc/motd> or <URL:file://host>",
    use_instead="<URL:file://localhost/etc/motd> or <URL:file://host/etc/motd>",
    fix='Drop the port; write "/" and the path after the host (file:///path for this machine).',
    fix_safety=(
        "No automatic fix: a port suggests the URL was meant for another scheme "
        '(http://localhost:8000/), and in file://host the "host" may be a path (file:///host).'
    ),
    schemes=("file",),
)
def invalid_file(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    authority = parsed.authority
    if authority is None:
        return
    port = parsed.port
    if port is not None:
        yield Hit(port[0] - 1, port[1], "a file URL has no port")
    path = parsed.path
    if path is None:
        at = authority[1]
        yield Hit(at, at, "a file URL needs '/' and a path after the host")
    elif subject.options.target == RFC3986 and subject.url.startswith("/", path[0]):
        # RFC 8089 section 2: path-absolute = "/" [ segment-nz *( "/" segment ) ].
        if authority[0] == authority[1] and _UNC.match(subject.url, path[0] - 1):
            yield Hit(
                authority[0] - 2,
                path[0] + 1,
                "a UNC path written 'file:////host/...' is a nonstandard variation (RFC 8089 "
                "Appendix E.3.2), outside section 2's syntax",
                severity=Severity.WARNING,
            )
        else:
            yield Hit(
                path[0] - 1,
                path[0] + 1,
                "a path that starts with '//' (RFC 8089 section 2): path-absolute starts with "
                "one '/' and a segment",
            )


@rule(
    "S418",
    "invalid-prospero",
    Severity.ERROR,
    "3.11",
    rfc3986=None,
    rfc3986_says=HISTORIC.format(name="prospero", rfc="4157"),
    summary="A prospero URL without /<hsoname> after the host.",
    explanation=(
        'Section 3.11: "prospero://<host>:<port>/<hsoname>;<field>=<value>"; section 5: '
        'prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ], fieldspec = ";" '
        'fieldname "=" fieldvalue.'
    ),
    example="<URL:prospero://host.example>",
    use_instead="<URL:prospero://host.example/pros/name>",
    fix="Give the hsoname after the host.",
    fix_safety="No automatic fix: the hsoname cannot be guessed.",
    schemes=("prospero",),
)
def invalid_prospero(subject: UrlUnderCheck) -> Iterator[Hit]:
    parsed = subject.parsed
    authority = parsed.authority
    if authority is None:
        return
    if parsed.path is None:
        at = authority[1]
        yield Hit(at, at, "a prospero URL needs '/' and the hsoname after the host")


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    invalid_ftp_typecode,
    invalid_gopher_path,
    invalid_mailto,
    invalid_news,
    invalid_nntp,
    invalid_telnet,
    invalid_wais,
    invalid_file,
    invalid_prospero,
)
