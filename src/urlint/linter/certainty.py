"""How sure a finding is: what fails a run, and one finding for a URL and a rule.

A linter earns its place in CI only if a healthy repository passes it. What a reader of a
finding would never change fails nothing: a finding stays (it is shown as info, and
`--fail-on info` or the `test-data = "lint"` setting raises it) but is no error or warning:

- **test data**: a file of a test suite or its fixtures, by a documented rule on its path
  (`is_test_data`): URL parsers' and validators' tests hold invalid URLs on purpose, and
  tests hold placeholder logins (`user:pass@`);
- **a placeholder password**: a word that stands for one (`password`, `pass`, `pwd`,
  `changeme`, `xxxx`, `<password>`, `YOUR_PASSWORD`; `${PW}` aside: a template's
  placeholders are no finding at all), one character, or the user's own name again (a
  default account's, `postgres:postgres`), in a documented connection string
  (`postgres://user:password@localhost/db`): no one's secret is shown (and it is masked
  still);
- **a placeholder host, port, user or scheme**: `https://ip:port/`, `http://hostname:PORT`,
  `<host>`, a label in capitals or the reader's own (`USER_NAME.github.io`, `my_host.com`),
  `...` (an elision), an optional part written out
  (`ssh://[user@]host`, `https://(user@)host`), a scheme named `scheme`, a template's
  placeholder in the authority (`file://$1:/`, `http://%s:%d/`), an authority written
  as marks (`https://???????.example.com`): the text says where a reader or a program
  puts their own; a user name that is a word for one (`http://user@host/`) makes the
  login rules info;
- **what the URL's own lines say of it**: that it is invalid (`called_invalid`: a parser's
  documentation showing what it refuses), or that it is a test's input (the first argument
  of a `test(...)`, `assert...(...)` call);
- **a scheme urlint does not know, without "//"**: DocFX's `<xref:Ns.Type`1>`, a
  program's own `name:value`: nothing says the text is a URL at all;
- **a Unix socket's path in the authority**: nginx's and libevent's `http://unix:/path:/`
  (nginx's `proxy_pass`), which no standard writes and no server is named by.

A URL's findings of one rule become one finding, at the first place, holding the others'
spans (`Finding.more`): a URL full of backslashes is one C201, not fifteen.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from functools import cache

from .._runtime.patterns import compiled_when_used
from ..core.findings import Finding, Severity
from ..core.model import Flag
from ..core.records import replaced
from ..grammar.parse import parse
from ..grammar.schemes import SCHEMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.model import Candidate
    from ..grammar.components import ParsedURL

# The names of folders that hold a test suite or its data, whole or as the last word of a
# folder's name (after "-", "_" or "."): `tests/`, `testdata/`, `__tests__/`, `spec/`,
# `fixtures/`, `play-integration-test/`, `protovalidate-conformance/`, `Polly.Core.Tests/`,
# Perl's `t/` (whole only). A folder a word starts (`test_output/`, pytest's
# `test_name_0/`) is not one, but for a suite's plural or data words (LEADING_TEST_WORDS:
# l3build's `testfiles-math-luatex/`, `tests-integration/`).
TEST_FOLDER_WORDS = frozenset(
    {
        "t",
        "test",
        "tests",
        "testing",
        "testdata",
        "testfiles",
        "testcases",
        "testsuite",
        "spec",
        "specs",
        "fixture",
        "fixtures",
        "conformance",
        "e2e",
        "__tests__",
        "__fixtures__",
        "__snapshots__",
        "snapshots",
        "mocks",
        "__mocks__",
    }
)
LEADING_TEST_WORDS = frozenset(
    {"tests", "testdata", "testfiles", "testcases", "testsuite", "fixtures", "specs"}
)
# Test files by their names: `test_x.py`, `x_test.go`, `x_tests.rs`, `XTest.java`,
# `XTests.swift`, `XSpec.scala`, `x_spec.rb`, `x.spec.ts`, `x.test.js`, `x_SUITE.erl`,
# `XSuite.scala`, Perl's `x.t`, a `.test` fixture.
_TEST_FILE = compiled_when_used(
    r"(?:^test_|_tests?\.|_spec\.|_suite\.|\.(?:spec|test)\.|\.t$|\.test$)"
    r"|(?:Tests?|Spec|Suite)\.[A-Za-z0-9]+$"
)
_WORDS = compiled_when_used(r"[-_.]")


# Words that name a test suite's folder whole, but not as a name's last word: Perl's `t/`
# (`lib-t/`), and `testing/` (Kubernetes' `sig-testing/`, a `load-testing/` guide: a topic).
_NOT_LAST_WORDS = frozenset({"t", "testing"})


def is_test_data(path: str) -> bool:
    """Is the file at `path` a test suite's or its data's? A folder of its path named by a
    word of TEST_FOLDER_WORDS (`tests/`, `src/test/java/`, `integration-test/`), or a
    test file's name (`x_test.go`, `FooTest.java`, `foo.spec.ts`, `test_foo.py`)."""
    parts = path.replace("\\", "/").split("/")
    name = parts[-1].rsplit("!", 1)[-1]
    if _TEST_FILE.search(name) or _TEST_FILE.search(name.lower()):
        return True
    for folder in parts[:-1]:
        lowered = folder.lower()
        if lowered in TEST_FOLDER_WORDS:
            return True
        words = _WORDS.split(lowered)
        if len(words) > 1 and (
            (words[-1] not in _NOT_LAST_WORDS and words[-1] in TEST_FOLDER_WORDS)
            or words[0] in LEADING_TEST_WORDS
        ):
            return True  # `play-integration-test/`, `Polly.Core.Tests/`, `testfiles-math/`
    return False


def test_blocks(path: str, text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the test blocks `text`, a file named `path`, keeps beside
    its code, in order: its kind's `tests` (scanner.file_kinds), a block to the brace that
    closes its opener's first `{` (braces in its strings and comments counted too: a block
    read too long or too short is test data or not, never a fix) or to its closer's text;
    [] for a kind that has none."""
    from ..scanner.file_kinds import by_file_name  # code's only: a README loads no table

    kind = by_file_name(path)
    if kind is None or not kind.tests:
        return []
    blocks: list[tuple[int, int]] = []
    for opener, closer in kind.tests:
        reached = 0  # an opener inside a block found is that block's: each text read once
        for match in _opener(opener).finditer(text):
            if match.start() < reached:
                continue
            if closer == "}":
                end = _braces_closed(text, text.find("{", match.end()))
            else:
                found = text.find(closer, match.end())
                end = len(text) if found < 0 else found + len(closer)
            blocks.append((match.start(), end))
            reached = end
    return sorted(blocks)


@cache
def _opener(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


_BRACE = compiled_when_used(r"[{}]")


def _braces_closed(text: str, brace: int) -> int:
    """Where the `{` at `brace` is closed (after its `}`); the text's end where it is not,
    or where no `{` is (-1)."""
    if brace < 0:
        return len(text)
    depth = 0
    for match in _BRACE.finditer(text, brace):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            return match.end()
    return len(text)


def in_blocks(offset: int, blocks: list[tuple[int, int]]) -> bool:
    """Is `offset` inside one of `blocks` (in order, not overlapping)?"""
    from bisect import bisect_right  # a file with test blocks only: a hook's start-up

    at = bisect_right(blocks, (offset, sys.maxsize)) - 1
    return at >= 0 and blocks[at][0] <= offset < blocks[at][1]


# Words that stand for a password, not one (compared lower-cased, without "-", "_"): what
# documentation writes where the reader's own goes. Words that may be a real one (`secret`,
# `foo`) are not among them: a finding on them still fails.
_PASSWORD_WORDS = frozenset(
    """pass passwd password pwd changeme changeit mypassword yourpassword mypass
    yourpass dbpassword userpassword adminpassword rootpassword""".split()
)
_MASKED_WORD = compiled_when_used(r"(?:x{3,}|\*{3,}|\.{3}|…)\Z", re.IGNORECASE)
_CAPITALS = compiled_when_used(r"[A-Z][A-Z0-9_]*\Z")
_BRACKETED = compiled_when_used(r"(?:<[^<>]*>|\[[^\[\]]*\]|\{[^{}]*\}|\([^()]*\))\Z")


def placeholder_word(word: str, words: frozenset[str]) -> bool:
    """Does `word` stand for a value rather than be one: one of `words` (any case, `-`
    and `_` aside), a word in capitals (`YOUR_PASSWORD`, `PORT`), `my` or `your` before a
    name, a run of `x`s or `*`s, an ellipsis, or anything in brackets (`<password>`)?"""
    if not word:
        return False
    plain = word.lower().replace("-", "").replace("_", "")
    if plain in words or _MASKED_WORD.match(word) or _BRACKETED.match(word):
        return True
    if len(word) > 1 and _CAPITALS.match(word):
        return True
    return plain.startswith("your") and plain[4:].isalpha()


# Words that stand for a user name (`http://user@example.com/`), compared as passwords are.
_USER_WORDS = frozenset(
    "user username usr login yourname yourusername youruser myuser myusername".split()
)
# An authority written out as marks (`https://???????.execute-api.example.com/`,
# `ftp://****:****@host/`, `https://xxx.example.com`): where the reader's own goes.
_ELIDED = compiled_when_used(r"\?{3,}|\*{3,}|[xX]{3,}[.:@]")
# Words that stand for a host or a port in an authority (`https://ip:port/`,
# `http://hostname:PORT`); `host` and `example` are real names in examples and tests.
_HOST_WORDS = frozenset("ip ipaddress hostname yourdomain yourhost servername domainname".split())
_PORT_WORDS = frozenset("port portnumber".split())


def placeholder_password(password: str) -> bool:
    """Is `password` a word standing for one (`password`, `<pass>`, `XXXX`), or one
    character (`http://a:b@c/`)?"""
    return len(password) == 1 or placeholder_word(password, _PASSWORD_WORDS)


def placeholder_authority(host: str, port: str) -> bool:
    """Does the host or the port stand for one: a port that is a word (`port`, `PORT`,
    `<port>`), a host in brackets (`<host>`), a word such as `ip` and `hostname`, a label
    in capitals or one of the reader's own (`USER_NAME.github.io`, `my_host.com`,
    `your-domain.example`), or an elision (`...`)?"""
    if port and not port.isdigit() and placeholder_word(port, _PORT_WORDS):
        return True
    if not host or (host.startswith("[") and ":" in host):
        return False  # none, or an IP literal (RFC 3986 section 3.2.2), `[::1]`
    if host.startswith(("...", "…")) or host.endswith(("...", "…")):
        return True
    if placeholder_word(host, _HOST_WORDS):
        return True
    return any(_PLACEHOLDER_LABEL.match(label) for label in host.split("."))


# A host's label that names the reader's own: in capitals (`USER_NAME`, `YOUR_ORG`), or
# `my_`, `your_`, `your-` before a name.
_PLACEHOLDER_LABEL = compiled_when_used(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+\Z|(?i:my_|your[_-])\w")
# Schemes whose name is a word for one: a syntax written out (`scheme://user@host/`).
_PLACEHOLDER_SCHEMES = frozenset({"scheme", "protocol", "proto"})


def as_info(finding: Finding, why: str) -> Finding:
    """`finding` shown as info, never failing a run, and with no fix; `why` said."""
    if finding.severity is Severity.INFO:
        return finding
    return replaced(finding, severity=Severity.INFO, fix=None, message=f"{finding.message} ({why})")


def one_a_rule(findings: Iterable[Finding]) -> list[Finding]:
    """The findings of one URL, one a rule: the first of each code, the others' spans in
    its `more`, in text order."""
    kept: dict[str, Finding] = {}
    more: dict[str, list] = {}
    for finding in findings:
        first = kept.get(finding.code)
        if first is None:
            kept[finding.code] = finding
        else:
            more.setdefault(finding.code, []).append(finding.span)
    if not more:
        return list(kept.values())
    return [
        replaced(finding, more=tuple(more[code])) if code in more else finding
        for code, finding in kept.items()
    ]


def _placeholder_in(
    part: tuple[int, int] | None, placeholders: tuple[tuple[int, int], ...]
) -> bool:
    """Does one of a template's `placeholders` (offsets in its URL) stand in `part`?"""
    if part is None:
        return False
    start, end = part
    return any(begin < end and start < finish for begin, finish in placeholders)


# What a text says of a URL it shows as a wrong one, on the URL's own lines: "for invalid
# URIs (e.g. URL)", "URL is not a reasonable mailto url", "a malformed URL: URL".
_CALLED_INVALID = compiled_when_used(
    r"\b(?:invalid|malformed|ill-formed|bogus|not\s+(?:an?\s+)?(?:valid|reasonable|legal"
    r"|correct|well-formed|proper))\b",
    re.IGNORECASE,
)


# A URL that is the first argument of a test's call, on its own line (a test suite kept in
# a library's comments, lualibs-url.lua's `-- test("file:///c|/oeps.txt")`; an inline
# test's `assert("http://[::1")`): an input chosen to be odd, as a test file's are.
_TEST_CALL = compiled_when_used(r"\b(?:test|assert|expect)\w*!?\s*\(\s*[\"'`]? URL ")


def called_invalid(said: str) -> bool:
    """Does `said`, the text of a URL's lines, call the URL a wrong one: `invalid`,
    `malformed`, `not a valid`, `not a reasonable`...? Documentation shows what a parser
    refuses (libevent's `evhttp_uri_parse`: "mailto://www.example.com/cgi-bin/fortune.pl
    is not a reasonable mailto url"), which no reader would change."""
    return _CALLED_INVALID.search(said) is not None


# The rules that speak of a URL's login: a placeholder password makes them info.
_LOGIN_RULES = frozenset({"P501", "P502", "S409", "R301"})


def graded(
    findings: list[Finding], candidate: Candidate, test_data: bool, said: str = ""
) -> list[Finding]:
    """A URL's findings, one a rule (`one_a_rule`), each shown as info where what it is
    about stands for something (a placeholder host, port or password), the file is test
    data (`test_data`), or the text of its lines (`said`, the URL's own text as "URL")
    calls it invalid (`called_invalid`)."""
    if not findings:
        return findings
    findings = one_a_rule(findings)
    url = candidate.url
    parsed = parse(url)
    why = "in test data" if test_data else _uncertain(candidate, parsed, said)
    if why:
        return [as_info(finding, why) for finding in findings]
    user = url[slice(*parsed.user)] if parsed.user is not None else ""
    password = url[slice(*parsed.password)] if parsed.password is not None else None
    if password is not None and (placeholder_password(password) or password == user):
        why = "a placeholder password"
    elif password is None and placeholder_word(user, _USER_WORDS):
        why = "a placeholder user"
    else:
        return findings
    return [
        as_info(finding, why) if finding.code in _LOGIN_RULES else finding for finding in findings
    ]


def _uncertain(candidate: Candidate, parsed: ParsedURL, said: str) -> str:
    """Why every finding of `candidate` (its URL `parsed`; `said`, the text of its lines)
    is info, or "": what its text says of it, a placeholder where a host, a port, a user or
    a scheme stands, a scheme urlint does not know, a Unix socket's path."""
    if said and called_invalid(said):
        return "the text calls it invalid"
    if said and _TEST_CALL.search(said) is not None:
        return "a test's input"
    url = candidate.url
    host = url[slice(*parsed.host)] if parsed.host is not None else ""
    port = url[slice(*parsed.port)] if parsed.port is not None else ""
    user = url[slice(*parsed.user)] if parsed.user is not None else ""
    if (
        parsed.scheme in _PLACEHOLDER_SCHEMES
        or placeholder_authority(host, port)
        or "[" in user
        or "(" in user
        or _placeholder_in(parsed.authority, candidate.placeholders)
        or (parsed.authority is not None and _ELIDED.match(url, parsed.authority[0]))
    ):
        return "a placeholder"
    if (
        parsed.scheme not in SCHEMES
        and not url.startswith("//", parsed.scheme_span[1] + 1)
        and not candidate.has(Flag.MALFORMED)  # a near-URL: its N rules read its shape
    ):
        return "a scheme urlint does not know"
    if parsed.host is not None and host.lower() == "unix" and url.startswith(":/", parsed.host[1]):
        return "a Unix socket's path, nginx's syntax"
    return ""
