"""`check --target rfc3986 --select ALL` against RFC 3986 Appendix A and the scheme RFCs'
ABNF, to the letter.

URIs are drawn from each production (tests/rfc3986_strategies.py, the test's own reading of
the grammars: the generic URI of Appendix A under a scheme urlint reads by it alone, RFC
9110's http-URI and https-URI, RFC 6068's mailtoURI, RFC 5538's nntpURL (section 3) and
newsURL (section 4), RFC 8089's file-URI, RFC 4248's telnet URL and RFC 4266's gopher URL
(each RFC 1738's, in an RFC 3986 authority), RFC 1738's ftpurl (ftp has no successor), and
the generic URI under wais and prospero, which are Historic) and linted in the appendix's
wrapper, `<URL:...>`. A drawn URI gets no finding but those about something else (section
7's risks, the info rules on allowed forms: an unknown scheme, a needless escape, a scheme
in upper case, a non-default port). Each one-character mutant that leaves the production
gets a finding whose span covers the mutated character, or a component of the mutant it is
in, or the place where a left-to-right reading of the production leaves it; mutants the
scanner takes for no URL are passed over, as in the RFC 1738 half
(test_grammar_to_the_letter.py, whose mutants these are). `pytest -m slow` runs 10,000
examples of each production.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.core.findings import Finding
from urlint.grammar.parse import parse
from urlint.linter.config import select_rules
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.rule import RFC3986, RuleOptions
from urlint.scanner.scanner import scan
from urlint.scanner.templates import placeholders

from .. import rfc3986_strategies as abnf
from ..helpers import examples
from .test_grammar_to_the_letter import (
    NOT_A_URL,
    WRAPPER,
    _components_at,
    _names,
    _offsets,
    mutants,
)

# Findings that do not say the URI breaks its grammar: section 7's risks (a password, a
# user name, a port, an encoded line break), and the info rules on forms the RFCs allow (an
# unknown scheme, a needless escape, a scheme in upper case).
NOT_ABOUT_CONFORMANCE = {"P501", "P502", "P503", "P504", "P505", "C207", "S402", "S403"}

_LINTER = Linter(select_rules(["ALL"], [], [], RFC3986), RuleOptions(target=RFC3986))


def _findings(url: str) -> list[Finding]:
    return [
        finding
        for candidate in scan(f"{WRAPPER}{url}>\n")
        for finding in _LINTER.lint(candidate, "t.txt")
    ]


def _conforms(name: str, text: str) -> bool:
    """Does `text` match the production `name`, or the generic URI of another scheme?"""
    pattern = abnf.PRODUCTIONS[name][1]
    if pattern is None and abnf.is_mailto_uri(text):
        return True
    if pattern is not None and abnf.compiled(pattern).fullmatch(text) is not None:
        return True
    # A mutant of the scheme's name that makes it another scheme's is read by that one: by
    # the generic syntax where urlint checks it by no RFC of its own (`tel:et://0.0.0.0`, a
    # telnet URI's "n" made ":", is a valid URI of the tel scheme's name under RFC 3986).
    scheme = text.split(":", 1)[0].lower()
    if name == "URI" or scheme in _OWN_SCHEMES:
        return False
    return bool(abnf.compiled(abnf.URI).fullmatch(text))


_OWN = {"http-URI": ("http", "https"), "mailtoURI": ("mailto",), "nntpURI": ("nntp",),
        "file-URI": ("file",), "newsURI": ("news",), "telnetURI": ("telnet",),
        "gopherURI": ("gopher",), "ftpURI": ("ftp",),
        "historicURI": ("wais", "prospero")}  # fmt: skip
# The schemes urlint checks by an RFC of their own under --target rfc3986.
_OWN_SCHEMES = frozenset(scheme for schemes in _OWN.values() for scheme in schemes)


def _beyond_the_abnf(code: str, url: str) -> bool:
    """Is the finding `code` on the grammatical `url` a check beyond the ABNF, whose fact
    the URI has (each on its rule's page)? A port over 65535 (a TCP port is 16 bits), an
    empty port (RFC 3986 section 6.2.3: producers "should omit" it, a warning)."""
    parsed = parse(url, generic=True)
    port = parsed.text(parsed.port)
    return code == "S408" and port is not None and (port == "" or int(port) > 65535)


def _leaves(name: str, text: str) -> int:
    """Where a left-to-right reading of the production leaves it (the text's end where it
    only begins one); 0 for mailtoURI, read by its parts (its components name the place)."""
    pattern = abnf.PRODUCTIONS[name][1]
    if pattern is None:
        return 0
    compiled = abnf.compiled(pattern)
    for length in range(1, len(text) + 1):
        if compiled.fullmatch(text[:length], partial=True) is None:
            return length - 1
    return len(text)


def _check(name: str, url: str, mutant: str, points: tuple[int, ...]) -> None:
    assert _conforms(name, url), url
    unexplained = [
        (finding.code, finding.message)
        for finding in _findings(url)
        if finding.code not in NOT_ABOUT_CONFORMANCE
        and finding.severity.value != "info"
        and not _beyond_the_abnf(finding.code, url)
    ]
    assert unexplained == [], url
    if _conforms(name, mutant):
        return
    if NOT_A_URL.fullmatch(mutant.replace(" ", "").replace("\t", "")):
        return
    if placeholders(mutant):
        return
    if not scan(f"{WRAPPER}{mutant}>\n"):
        return  # no URL to the scanner ('".:/', an unclosed quote): tests/scanner's business
    found = _findings(mutant)
    parsed = parse(mutant, generic=True)
    components = _components_at(parsed, points)
    # The scheme and what opens the production ("file:", "http://") are a component too,
    # as the drawn URI has them: a colon taken out is named by a finding on the scheme.
    colon = url.find(":")
    if min(points) <= colon + 3:
        components.append((0, colon + 3))
    if mutant.split(":", 1)[0].lower() != url[:colon].lower():
        # Another scheme (`n:ntp://[::]/a`): the rest is read by its grammar, or the generic
        # one, and what it makes wrong may stand anywhere (a '[' in a path).
        components.append((0, len(mutant)))
    points = (*points, _leaves(name, mutant))
    named = [
        (finding.code, _offsets(finding))
        for finding in found
        if finding.code not in NOT_ABOUT_CONFORMANCE
        and _names(finding, points, components, len(mutant))
    ]
    assert named, (mutant, points, components, [(f.code, _offsets(f), f.message) for f in found])


@pytest.mark.parametrize("name", sorted(abnf.PRODUCTIONS))
# a hundred of each production (the quick tier a quarter): the slow tier draws 10,000 below
@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rfc3986_uris_lint_clean_and_their_mutants_are_named(name: str, data) -> None:
    _check(name, *data.draw(mutants(abnf.PRODUCTIONS[name][0])))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(abnf.PRODUCTIONS))
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rfc3986_uris_to_the_letter_at_10000_examples(name: str, data) -> None:
    _check(name, *data.draw(mutants(abnf.PRODUCTIONS[name][0])))
