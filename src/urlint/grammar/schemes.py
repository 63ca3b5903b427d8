"""Every scheme urlint knows, and everything it knows about each, in one table (`SCHEMES`).

RFC 1738 section 3 defines ten schemes, section 4 reserves seven names, and later RFCs
registered many more that real text uses. What the scanner, the parser, the rules and the
mail reader need to know of a scheme (is it IP-based, may it carry a login, its default
port, how it is written bare, its section 5 grammar and its component reader) is a field of
its `SchemeSpec` here; everything else derives its sets from this table. Adding a scheme
is adding a row.
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..core.records import record
from . import abnf, components
from .abnf import SCHEME_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "BARE_COLON_PATTERN",
    "BARE_WITHOUT_SLASHES",
    "DEFAULT_PORTS",
    "INSIDE_THE_MESSAGE",
    "IP_SCHEMES",
    "LOGIN_AFTER_COLON",
    "SCHEME_CHARS",
    "SCHEMES",
    "Authority",
    "SchemeSpec",
    "Standing",
    "USERINFO_AFTER_COLON",
    "conforms",
    "glued_before_scheme",
    "is_known_scheme",
]


# Standing and Authority are names for strings, not Enums: building an Enum class is a
# measured part of a hook's run (docs/design/performance.md), and these are only told apart.


class Standing:
    """What RFC 1738 says of a scheme, and so how urlint takes it: one of these."""

    DEFINED = "defined"  # section 3 defines its syntax
    # Section 4 reserves the name and defines no syntax; urlint knows it (a wrapper of it
    # may span lines) ...
    RESERVED = "reserved"
    # ... or does not: a name only proposed then, no longer in use (mailserver: Historic,
    # RFC 6196; z39.50: replaced by z39.50r and z39.50s, RFC 2056).
    PROPOSED = "proposed"
    REGISTERED = "registered"  # not in RFC 1738; `defined_in` names where it is defined


class Authority:
    """Whether the scheme-specific part starts with section 3.1's "//" login: one of these."""

    REQUIRED = "required"  # section 3.1: the IP-based schemes; "http:foo" is S406
    NEVER = "never"  # sections 3.5, 3.6: an address or a group, even after "//"
    IF_WRITTEN = "if written"  # any other scheme: read one when "//" follows the colon


@record
class SchemeSpec:
    """One row of the scheme table: what the scanner, parser, rules and mail reader know of it."""

    name: str
    # The RFC (and section) that defines or reserves it; "IANA provisional" for a scheme
    # registered without one.
    defined_in: str
    standing: str = Standing.REGISTERED
    authority: str = Authority.IF_WRITTEN
    # Section 5 gives a login (user and password) to ftp and telnet only; section 3.3 says
    # of http "No user name or password is allowed", 3.11 the same of prospero.
    login: bool = False
    # A login may follow the colon with no "//" (`ftp:fred:pw@h`, RFC 3261's `sip:`): where
    # grammar.login looks for a password in text.
    login_after_colon: bool = False
    # Its own syntax puts a userinfo right after the colon, before the host, its parameters
    # and the "?" of its headers (RFC 3261 section 19.1.1: sip, sips): grammar.login reads
    # the user and password there as exactly as in an authority.
    userinfo_after_colon: bool = False
    default_port: int | None = None
    # A "?" after the host ends the hostport, as RFC 3986 section 3.2 reads every
    # authority. Section 5 puts the search of httpurl after "/" hpath, and gives the other
    # section 3.1 schemes no search after the host at all: for those (False) the hostport
    # runs to the "/", and a "?" before it is part of the host or port (`ftp://h?x`,
    # `nntp://h?x/g`). http keeps RFC 3986's reading (R303 says the "/" is missing).
    search_after_host: bool = True
    # Taken in bare text without "//" (sections 3.5 and 3.6, and registered opaque schemes).
    # A bare "name:" in prose is far more often a label ("Note:", "Subject:") than a URL, so
    # only these are.
    bare_without_slashes: bool = False
    # Taken bare only when what follows the colon has this shape (text, start, end).
    bare_shape: Callable[[str, int, int], bool] | None = None
    # In an HTML attribute, a reference into the message itself (RFC 2392 cid:, mid:) or
    # content held inline (RFC 2397 data:): not a place a reader could visit.
    inside_the_message: bool = False
    # Its current RFC lets a "//" server follow the colon where RFC 1738 has none (RFC 5538
    # section 4: news:[//server/]group): grammar.parse reads it so under --target rfc3986.
    server_by_rfc3986: bool = False
    # Its section 5 scheme-specific part (`abnf`), None for genericurl's.
    grammar: str | None = None
    # Divides the url-path into the scheme's components (`components`), if it has any.
    reader: Callable[[components.ParsedURL, int], None] | None = None

    @property
    def ip_based(self) -> bool:
        return self.authority == Authority.REQUIRED

    @property
    def reserved_by_section_4(self) -> bool:
        """Section 4 reserves the name but defines no syntax for it."""
        return self.standing in (Standing.RESERVED, Standing.PROPOSED)

    @property
    def named_by_rfc1738(self) -> bool:
        """Does RFC 1738 define or reserve it, or read it by one of its grammars (https)?"""
        return self.standing != Standing.REGISTERED or self.grammar is not None


# RFC 2397 section 3: dataurl := "data:" [ mediatype ] [ ";base64" ] "," data, mediatype :=
# [ type "/" subtype ] *( ";" parameter ). "data:" without that shape is a label in prose.
_TOKEN = r"[A-Za-z0-9!#$&^_.+\-]+"
_DATA_HEAD = compiled_when_used(rf"(?:{_TOKEN}/{_TOKEN})?(?:;{_TOKEN}(?:=[^,;\s]*)?)*,")


def data_shaped(text: str, start: int, end: int) -> bool:
    """Is text[start:end], what follows "data:", the body of an RFC 2397 data URL?"""
    return _DATA_HEAD.match(text, start, end) is not None


# RFC 3966 section 3 (tel, and RFC 2806's fax, which it replaced): a number is global, "+"
# and digits, or local with a "phone-context" parameter. "fax:408-555-0100" in a signature
# ("office:408-555-0199, fax:408-555-0100") is a label and a number, not a URL.
_PHONE_NUMBER = compiled_when_used(r"\+[0-9]|[^\s]*;phone-context=", re.IGNORECASE)


def phone_shaped(text: str, start: int, end: int) -> bool:
    """Is text[start:end], what follows "tel:" or "fax:", an RFC 3966 number?"""
    return _PHONE_NUMBER.match(text, start, end) is not None


# RFC 1738 section 3.6 (and RFC 5538): news:*, news:<group>, news:<article> (its "@" and host
# after any of uchar ; / ? : & =), or RFC 5538's news://server. A group or "*" followed by a
# ":" with no "@" after it (an /etc/passwd or /etc/shadow line's `news:x:9:13:news:/usr/lib/news`,
# `news:*:12796:0`) is a field of a table, not a URL.
_NEWS_BODY = compiled_when_used(r"//|[^@\s<>]+@|(?:\*|[A-Za-z0-9][-A-Za-z0-9.+_]*)(?![:\w])")


def news_shaped(text: str, start: int, end: int) -> bool:
    """Is text[start:end], what follows "news:", a newsgroup, "*", a message-id or a
    server (RFC 1738 section 3.6, RFC 5538 section 4)?"""
    return _NEWS_BODY.match(text, start, end) is not None


_DEFINED, _RESERVED, _PROPOSED = Standing.DEFINED, Standing.RESERVED, Standing.PROPOSED
_IP, _NEVER = Authority.REQUIRED, Authority.NEVER


def _ip(
    name: str,
    section: str,
    port: int | None,
    grammar: str,
    reader: Callable[[components.ParsedURL, int], None],
    login: bool = False,
    search_after_host: bool = False,
) -> SchemeSpec:
    """A section 3.1 scheme: "//" login, and a login may also follow a bare colon."""
    return SchemeSpec(
        name,
        section,
        _DEFINED,
        _IP,
        login=login,
        login_after_colon=True,
        default_port=port,
        search_after_host=search_after_host,
        grammar=grammar,
        reader=reader,
    )


def _bare(
    name: str,
    defined_in: str,
    shape: Callable[[str, int, int], bool] | None = None,
    inside: bool = False,
    standing: str = Standing.REGISTERED,
) -> SchemeSpec:
    """A registered scheme written without "//" and taken bare so."""
    return SchemeSpec(
        name,
        defined_in,
        standing,
        bare_without_slashes=True,
        bare_shape=shape,
        inside_the_message=inside,
    )


def _port(name: str, defined_in: str, port: int) -> SchemeSpec:
    return SchemeSpec(name, defined_in, default_port=port)


_ROWS = (
    # Section 3: the ten schemes RFC 1738 defines, and their default ports.
    _ip("ftp", "RFC 1738 section 3.2", 21, abnf.FTP_PART, components.read_ftp, login=True),
    _ip(
        "http",
        "RFC 1738 section 3.3",
        80,
        abnf.HTTP_PART,
        components.read_http,
        search_after_host=True,
    ),
    _ip("gopher", "RFC 1738 section 3.4", 70, abnf.GOPHER_PART, components.read_gopher),
    SchemeSpec(
        "mailto",
        "RFC 1738 section 3.5",
        _DEFINED,
        _NEVER,
        bare_without_slashes=True,
        grammar=abnf.MAILTO_PART,
        reader=components.read_mailto,
    ),
    SchemeSpec(
        "news",
        "RFC 1738 section 3.6",
        _DEFINED,
        _NEVER,
        bare_without_slashes=True,
        server_by_rfc3986=True,
        bare_shape=news_shaped,
        grammar=abnf.NEWS_PART,
        reader=components.read_news,
    ),
    _ip("nntp", "RFC 1738 section 3.7", 119, abnf.NNTP_PART, components.read_nntp),
    _ip("telnet", "RFC 1738 section 3.8", 23, abnf.TELNET_PART, components.read_telnet, login=True),
    _ip("wais", "RFC 1738 section 3.9", 210, abnf.WAIS_PART, components.read_wais),
    _ip("file", "RFC 1738 section 3.10", None, abnf.FILE_PART, components.read_file),
    _ip("prospero", "RFC 1738 section 3.11", 1525, abnf.PROSPERO_PART, components.read_prospero),
    # RFC 2818 reads https as http with its own port; urlint reads it by section 3.3.
    SchemeSpec(
        "https",
        "RFC 2818",
        authority=_IP,
        login_after_colon=True,
        default_port=443,
        grammar=abnf.HTTP_PART,
        reader=components.read_http,
    ),
    # Section 4: "proposed at various times, but this document does not define their syntax".
    _bare("cid", "RFC 1738 section 4; RFC 2392", inside=True, standing=_RESERVED),
    _bare("mid", "RFC 1738 section 4; RFC 2392", inside=True, standing=_RESERVED),
    SchemeSpec("afs", "RFC 1738 section 4; IANA provisional", _RESERVED),
    SchemeSpec("nfs", "RFC 1738 section 4; RFC 2224", _RESERVED),
    SchemeSpec("tn3270", "RFC 1738 section 4; RFC 6270", _RESERVED),
    SchemeSpec("mailserver", "RFC 1738 section 4; Historic (RFC 6196)", _PROPOSED),
    SchemeSpec("z39.50", "RFC 1738 section 4; replaced by RFC 2056", _PROPOSED),
    # Registered later, and seen in real text: an `<scheme:...>` wrapper with one of these
    # may span lines like an RFC 1738 one.
    _bare("urn", "RFC 2141"),
    _bare("tel", "RFC 3966", shape=phone_shaped),
    _bare("fax", "RFC 2806", shape=phone_shaped),
    SchemeSpec(
        "sip",
        "RFC 3261",
        login_after_colon=True,
        userinfo_after_colon=True,
        bare_without_slashes=True,
    ),
    SchemeSpec(
        "sips",
        "RFC 3261",
        login_after_colon=True,
        userinfo_after_colon=True,
        bare_without_slashes=True,
    ),
    _bare("xmpp", "RFC 5122"),
    _bare("data", "RFC 2397", shape=data_shaped, inside=True),
    _bare("magnet", "IANA provisional"),
    _bare("geo", "RFC 5870"),
    _port("ldap", "RFC 4516", 389),
    _port("ldaps", "IANA provisional (ldap of RFC 4516 over TLS)", 636),
    _port("irc", "draft-butcher-irc-url", 6667),
    _port("ircs", "draft-butcher-irc-url", 6697),
    _port("imap", "RFC 5092", 143),
    _port("pop", "RFC 2384", 110),
    _port("smtp", "none (a URL form in use; the protocol is RFC 5321's)", 25),
    _port("snews", "RFC 5538", 563),
    _port("rtsp", "RFC 2326", 554),
    _port("ssh", "draft-ietf-secsh-scp-sftp-ssh-uri", 22),
    _port("sftp", "draft-ietf-secsh-scp-sftp-ssh-uri", 22),
    _port("git", "IANA provisional", 9418),
    _port("svn", "IANA provisional", 3690),
    _port("rsync", "RFC 5781", 873),
    # The WHATWG URL standard's special schemes (ftp, file, http, https, ws, wss) read a
    # login after the colon with no "//" (`ws:fred:pw@h/` is user "fred", password "pw").
    SchemeSpec("ws", "RFC 6455", login_after_colon=True, default_port=80),
    SchemeSpec("wss", "RFC 6455", login_after_colon=True, default_port=443),
    _port("ipp", "RFC 3510", 631),
    _port("mms", "IANA provisional", 1755),
    SchemeSpec("z39.50r", "RFC 2056"),
    SchemeSpec("z39.50s", "RFC 2056"),
    SchemeSpec("vemmi", "RFC 2122"),
    SchemeSpec("service", "RFC 2609"),
    SchemeSpec("dav", "RFC 4918"),
    SchemeSpec("webcal", "IANA provisional"),
    SchemeSpec("feed", "IANA provisional"),
    SchemeSpec("im", "RFC 3860"),
    SchemeSpec("pres", "RFC 3859"),
    SchemeSpec("sms", "RFC 5724"),
)

SCHEMES: dict[str, SchemeSpec] = {spec.name: spec for spec in _ROWS}

# The sets the hot paths test membership in, derived once from the table.
IP_SCHEMES = frozenset(name for name, spec in SCHEMES.items() if spec.ip_based)
# The schemes the scanner takes bare without "//", in the table's order.
BARE_WITHOUT_SLASHES = tuple(name for name, spec in SCHEMES.items() if spec.bare_without_slashes)
LOGIN_AFTER_COLON = frozenset(name for name, spec in SCHEMES.items() if spec.login_after_colon)
USERINFO_AFTER_COLON = frozenset(
    name for name, spec in SCHEMES.items() if spec.userinfo_after_colon
)
INSIDE_THE_MESSAGE = frozenset(name for name, spec in SCHEMES.items() if spec.inside_the_message)
DEFAULT_PORTS = {
    name: spec.default_port for name, spec in SCHEMES.items() if spec.default_port is not None
}
# A scheme RFC 1738 only proposed is not taken across lines like a known one.
_KNOWN = frozenset(name for name, spec in SCHEMES.items() if spec.standing != Standing.PROPOSED)


def is_known_scheme(name: str) -> bool:
    """Whether `name`, in any case, is a scheme of the table that RFC 1738 did not only propose."""
    return name.lower() in _KNOWN


# Names outside the table that end in one of its schemes right after a letter: read whole,
# never as a word glued on before that scheme (`glued_before_scheme`). Registered with IANA:
# tftp (RFC 3617), shttp (RFC 2660), turn (RFC 7065), and aim, appdata and msnim
# (provisional); in use though unregistered: Globus's gsiftp, KDE's webdav.
_ENDING_IN_A_KNOWN_ONE = frozenset(
    {"aim", "appdata", "gsiftp", "msnim", "shttp", "tftp", "turn", "webdav"}
)
# The names a glued word is cut off before: the table's, and these, read whole (`xtftp`
# is "x" before "tftp", not "xt" before "ftp").
_WHOLE_NAMES = _KNOWN | _ENDING_IN_A_KNOWN_ONE
_LONGEST_KNOWN = max(map(len, _WHOLE_NAMES))
# Their last two letters: a name that ends otherwise (`gemini`, `myapp`) ends in none of them.
_KNOWN_ENDINGS = frozenset(name[-2:] for name in _KNOWN)


def glued_before_scheme(name: str) -> int:
    """How many leading characters of `name`, a run of scheme characters, are a word glued on
    before the scheme urlint knows that ends it; 0 where there is none.

    Spam glues a word or an amount's currency on a URL with no blank (`websitehttps://...`,
    `EUR.https://...`): section 2.1 lets a scheme hold letters, digits and ".", but a scheme
    is a registered name, and a name that is none and ends in a known one is that one with a
    word of the text before it. Only where the longest known scheme at its end follows a
    letter, a digit or ".": a "+" or "-" there joins a registered scheme's parts (`svn+ssh`,
    `git+https`, `coap+ws`), which is kept whole, as is a name with no known scheme at its
    end (`foo.bar`, `myapp`) and one that is itself a scheme (`sftp`, `tftp`: the table's
    and `_ENDING_IN_A_KNOWN_ONE`)."""
    lowered = name.lower()
    if lowered in _WHOLE_NAMES or lowered[-2:] not in _KNOWN_ENDINGS:
        return 0
    # The longest known scheme at its end first: "xsnews" is "x" before "snews", and in
    # "foo+snews" the "+" joins "snews", not a word "foo+s" glued before "news".
    for cut in range(max(1, len(lowered) - _LONGEST_KNOWN), len(lowered) - 1):
        if lowered[cut:] in _WHOLE_NAMES:
            before = lowered[cut - 1]
            return cut if before.isalnum() or before == "." else 0
    return 0


def _letters_at(names: tuple[str, ...], place: int) -> str:
    """A class of the letters that `names` have at `place` (-1: the last), either case."""
    letters = {c for name in names for c in (name[place].lower(), name[place].upper())}
    return "[" + "".join(re.escape(c) for c in sorted(letters)) + "]"


# ":" right after a scheme taken bare without "//" (sections 3.5, 3.6), as one pattern for
# the scanner and for the mail prefilter (which compiles it for bytes). A look-behind on the
# names' last letters, each place a class of what they have there (as many places as the
# shortest name is long), turns nearly every colon (times, header fields, "Note:") away
# before the full names are tried one by one, at one look-behind each. The names are
# matched without regard to ASCII case only (`(?ai:`: Unicode's would take "newſ:" for
# "news:"), which compiles in half the time of a class for each letter ("[Nn][Ee]...";
# start-up, bench/latency.py) and finds the same.
_SHORTEST_BARE = min(map(len, BARE_WITHOUT_SLASHES))
BARE_COLON_PATTERN = (
    ":(?<="
    + "".join(_letters_at(BARE_WITHOUT_SLASHES, -i) for i in range(_SHORTEST_BARE, 0, -1))
    + ":)(?ai:"
    + "|".join(f"(?<={re.escape(s)}:)" for s in BARE_WITHOUT_SLASHES)
    + ")"
)


def conforms(url: str) -> bool:
    """Does `url` (a fragment aside) match section 5 for its scheme (genericurl for others)?"""
    url = url.split("#", 1)[0]
    scheme, colon, rest = url.partition(":")
    if not colon or not abnf.matches(abnf.SCHEME, scheme):
        return False
    spec = SCHEMES.get(scheme.lower())
    grammar = spec.grammar if spec is not None and spec.grammar is not None else abnf.SCHEMEPART
    return abnf.matches(grammar, rest)
