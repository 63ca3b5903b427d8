"""The grammar (RFC 1738 section 5) and the linter on URLs it generates.

RFC 1738's own examples lint clean."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from urlint.grammar.abnf import HOST, matches
from urlint.grammar.login import secret_spans
from urlint.grammar.parse import parse
from urlint.grammar.schemes import DEFAULT_PORTS, conforms
from urlint.linter.rules.security import WELL_KNOWN_PORTS

from ..helpers import examples, shared_path
from ..lint_helpers import lint
from ..rfc1738_strategies import rfc1738_url


@pytest.mark.parametrize(
    "url,parts",
    [
        (
            "ftp://fred:pw@host.dom:2121/a/b;c/d.txt;type=i#x",
            {
                "user": "fred",
                "password": "pw",
                "host": "host.dom",
                "port": "2121",
                "typecode": "i",
                "fragment": "x",
            },
        ),
        ("http://host?q", {"host": "host", "search": "q"}),
        (
            "gopher://h:70/1sel%09q%09+x",
            {"gtype": "1", "selector": "sel", "search": "q", "gopher_plus": "+x"},
        ),
        ("news:a@b.c", {"article": "a@b.c"}),
        ("nntp://h/g/12", {"group": "g", "article": "12"}),
        ("prospero://host.dom//pros/name;a=b", {"hsoname": "/pros/name"}),
        ("mailto:a@b?subject=x", {"address": "a@b", "headers": "subject=x"}),
        ("wais://h/db/t/p", {"database": "db", "wtype": "t", "wpath": "p"}),
        # Section 3.1: the url-path starts at the "/", so the login is read no further; the
        # "@" is the path's (grammar.login hides "pa/ss" all the same).
        (
            "ftp://fred:pa/ss@host/",
            {"user": None, "password": None, "host": "fred", "port": "pa", "path": "ss@host/"},
        ),
        # Section 5 lets no "?" follow the hostport: for the schemes it defines, http aside,
        # the hostport runs to the "/" and the "?" is in the host or port.
        ("ftp://h?x", {"host": "h?x", "path": None, "rest": None}),
        ("gopher://h?x/1s", {"host": "h?x", "gtype": "1", "selector": "s"}),
        ("telnet://host?/", {"host": "host?", "extra": None}),
        ("nntp://h?x/g", {"host": "h?x", "group": "g"}),
        ("ftp://h:21?x/f", {"host": "h", "port": "21?x", "path": "f"}),
        ("wais://h/db?a/b", {"database": "db", "search": "a/b"}),
        # http's search may follow the host (RFC 3986); any other scheme's "?" ends it too.
        ("http://h?x/y", {"host": "h", "rest": "?x/y", "search": "x/y"}),
        ("gemini://h?x", {"host": "h", "rest": "?x"}),
    ],
)
def test_components(url: str, parts: dict[str, str | None]) -> None:
    parsed = parse(url)
    assert {name: parsed.text(getattr(parsed, name)) for name in parts} == parts


def test_https_reads_as_http_with_port_443() -> None:
    parsed = parse("https://example.com/a?b")
    got = (parsed.text(parsed.path), parsed.text(parsed.search), DEFAULT_PORTS["https"])
    assert got == ("a", "b", 443)


def _reason_beyond_bnf(code: str, url: str) -> bool:
    """The rules that go beyond section 5's BNF, each on the RFC's prose or security text,
    and the fact of the URL that triggers it."""
    parsed = parse(url)
    lower = url.lower()
    port = parsed.text(parsed.port)
    host = parsed.text(parsed.host) or ""
    if code == "P501":  # section 6: a password, on any reading of where it ends
        return bool(secret_spans(url))
    if code == "P504":  # section 6: another protocol's port
        return (
            port is not None
            and int(port) in WELL_KNOWN_PORTS
            and int(port) != DEFAULT_PORTS[parsed.scheme]
        )
    if code == "P505":  # section 6: encoded CR, LF or NUL
        return any(escape in lower for escape in ("%0a", "%0d", "%00"))
    if code == "S407":  # section 3.1: four decimal groups, each an octet (BNF: digits)
        return host.replace(".", "").isdigit() and any(int(g) > 255 for g in host.split("."))
    if code == "S408":  # a TCP port (BNF: digits)
        return port is not None and int(port) > 65535
    if code == "S411":  # section 3.4.1: no tab, CR or LF in the type or selector
        gtype = (parsed.text(parsed.gtype) or "").lower()
        selector = (parsed.text(parsed.selector) or "").lower()
        plus = parsed.text(parsed.gopher_plus)  # 3.4.4-3.4.9: it starts with + ? ! or $
        return (
            gtype in ("%09", "%0a", "%0d")
            or "%0a" in selector
            or "%0d" in selector
            or (plus is not None and plus[:1] not in ("+", "?", "!", "$"))
        )
    if code == "S412":  # section 3.5: an RFC 822 addr-spec (BNF: 1*xchar)
        address = parsed.text(parsed.address) or ""
        return "@" not in address.strip("@") or not matches(HOST, address.rsplit("@", 1)[1])
    return False


@pytest.mark.slow
@settings(max_examples=examples(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rfc1738_url)
def test_grammar_urls_conform_and_lint_clean_at_error_level(url: str) -> None:
    assert conforms(url)
    errors = [f for f in lint(f"<URL:{url}>\n") if f.severity.value == "error"]
    # Section 5's BNF is looser than the RFC's prose in a few places; every error left is
    # one of those, for its stated reason. No other rule may fire at error level.
    assert [f.code for f in errors if not _reason_beyond_bnf(f.code, url)] == []


# Every example URL in RFC 1738's text (sections 3.1-3.11, the appendix's three, all references).
RFC1738_EXAMPLES = [
    "ftp://@host.com/",
    "ftp://host.com/",
    "ftp://foo:@host.com/",
    "ftp://myname@host.dom/%2Fetc/motd",
    "ftp://myname@host.dom/etc/motd",
    "ftp://myname@host.dom//etc/motd",
    "news:*",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name",
    "ftp://info.cern.ch/pub/www/doc;type=d",
    "ftp://ds.internic.net/rfc",
    "http://ds.internic.net/instructions/overview.html#WARNING",
    "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
    "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
    "ftp://ds.internic.net/rfc/rfc1630.txt",
    "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
    "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
    "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
    "ftp://uu.psi.com/wp/nir.txt",
    "ftp://quake.think.com/pub/wais/doc/protspec.txt",
    "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
]


@pytest.mark.parametrize("url", RFC1738_EXAMPLES)
def test_rfc1738_examples_lint_clean(url: str) -> None:
    assert conforms(url)
    assert [(f.code, f.message) for f in lint(f"<URL:{url}>\n") if f.severity.value != "info"] == []


@pytest.mark.corpus
@pytest.mark.parametrize("relative", ["spec/rfc1738.txt", "corpora/rfc-1994-2005/rfc1738.txt"])
def test_rfc1738_text_lints_clean(relative: str) -> None:
    text = shared_path(relative).read_text(encoding="utf-8")
    assert [(f.code, f.line, f.url) for f in lint(text) if f.severity.value != "info"] == []
