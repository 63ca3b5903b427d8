"""Runs the enabled rules over one candidate and turns their hits into findings."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

from ..._runtime.patterns import compiled_when_used
from ...core.findings import Edit, Finding, Fix, Severity
from ...core.model import Candidate, Span
from ...grammar.components import ParsedURL
from ...grammar.login import masked, quotes_secret, secret_spans_read_on, within
from ...grammar.parse import parse
from .locate import UrlMap
from .rule import RFC3986, Hit, Rule, RuleOptions, TextHit, UrlUnderCheck
from .text import may_hit

# A candidate with no scheme outside a wrapper is linted (S401) only when it looks like an
# attempt at a URL, a host or a path ("www.example.com/x"). A wrapper's content is always:
# the appendix's "<URL:...>" says a URL is there ("<URL:té:u>", "<URL:a>"), and the
# scanner has already left out the elisions and grammar that mention one ("<URL:...>",
# '<URL:" absoluteURL ">').
URL_ATTEMPT = compiled_when_used(r"[A-Za-z0-9/][^./\s]*[./]")

# Rules about the text around a URL apply to an empty wrapper too; the others need a URL.
TEXT_FAMILY = "X"
PASSWORD_RULE = "P501"  # its message says where a password is, never what it is
MAX_HITS_PER_RULE = 100  # findings of one rule in one URL; past it, one finding says so


TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...core.message import InMessage


# How many URLs' readings a Linter keeps (`Linter.lint`): an archive's list footers and
# signatures repeat the same URLs thousands of times, and a URL's rules but the X family's
# see only the URL (and the next line's word that may end its login), never its place.
CACHED_URLS = 4096
_FRESH = None  # a rule about the text around the URL: run for each candidate
_SCHEMES_KEPT = 64  # schemes whose rules a Linter keeps (`Linter._rules_for`)
_READINGS: dict[tuple, dict[tuple[str, str, bool], _UrlReading | None]] = {}


class _UrlReading:
    """What the rules make of one URL text, whatever its place: its parse, what may be a
    password in it, the URL as shown, and the rules that hit it with their hits, in the
    Linter's order (at most one past MAX_HITS_PER_RULE), with the X rules, run for each
    candidate (_FRESH): most URLs are hit by none, and most candidates can be hit by no X
    rule either (text.may_hit): such a candidate then costs a look in the cache."""

    __slots__ = ("parsed", "secrets", "shown", "rules", "hits")

    def __init__(
        self,
        parsed: ParsedURL,
        secrets: list[tuple[int, int]],
        shown: str,
        rules: list[tuple[Rule, tuple[Hit, ...] | None]],
    ) -> None:
        self.parsed, self.secrets, self.shown, self.rules = parsed, secrets, shown, rules
        # the rules without the X family: all a candidate no X rule can hit needs (text.may_hit)
        self.hits: list[tuple[Rule, tuple[Hit, ...] | None]] = [
            (entry, known) for entry, known in rules if known is not _FRESH
        ]


# What an empty wrapper ("<URL:>") holds: no component. Shared: nothing writes to a parse.
_EMPTY_WRAPPER = ParsedURL("")


class Linter:
    """Lints candidates with a fixed set of rules and options."""

    def __init__(self, rules: Iterable[Rule], options: RuleOptions | None = None) -> None:
        self.rules = [entry for entry in rules if entry.check is not None]
        self.text_rules = [entry for entry in self.rules if entry.code.startswith(TEXT_FAMILY)]
        self.options = options = options or RuleOptions()
        # Shared by every Linter of the same rules and options in the process: a worker
        # makes one for each unit of work, and an archive's URLs repeat from unit to unit.
        # (A rule's function is in the key: a test that replaces one gets a cache of its own.)
        ports = sorted((host, tuple(sorted(allowed))) for host, allowed in
                       options.allowed_ports.items())
        checks = tuple((entry.code, entry.check) for entry in self.rules)
        # The target too: the rules read it (rule.RuleOptions.target), and so does the parse.
        signature = (checks, options.known_schemes, tuple(ports), options.target)
        self._generic = options.target == RFC3986
        self._readings = _READINGS.setdefault(signature, {})
        self._by_scheme: dict[str, list[tuple[Rule, bool]]] = {}

    def _rules_for(self, scheme: str) -> list[tuple[Rule, bool]]:
        """The rules about a URL of `scheme`, in order, each with whether it is about the
        text around the URL (run for each candidate), worked out once for each scheme."""
        known = self._by_scheme.get(scheme)
        if known is None:
            known = [
                (entry, entry.code.startswith(TEXT_FAMILY))
                for entry in self.rules
                if entry.schemes is None or scheme in entry.schemes
            ]
            if len(self._by_scheme) < _SCHEMES_KEPT:  # a text may make up any number
                self._by_scheme[scheme] = known
        return known

    def _reading(self, candidate: Candidate) -> _UrlReading | None:
        """The rules' reading of the candidate's URL text (None: no URL, but grammar or
        prose that mentions a wrapper), made once for each text (CACHED_URLS)."""
        url, rest = candidate.url, candidate.login_rest_text
        wrapped = candidate.wrapper is not None
        key = (url, rest, wrapped)
        readings = self._readings
        if key in readings:
            return readings[key]
        parsed = parse(url, self._generic)
        reading = None
        if parsed.scheme or wrapped or URL_ATTEMPT.match(url):
            secrets = secret_spans_read_on(url, rest)
            shown = masked(url, within(secrets, len(url)))
            subject = UrlUnderCheck(candidate, parsed, self.options, secrets)
            rules: list[tuple[Rule, tuple[Hit, ...] | None]] = []
            for entry, about_text in self._rules_for(parsed.scheme):
                if about_text:
                    rules.append((entry, _FRESH))
                    continue
                found = iter(entry.check(subject))  # type: ignore[misc]
                first = next(found, None)  # most rules hit most URLs not at all
                if first is not None:
                    rules.append((entry, (first, *islice(found, MAX_HITS_PER_RULE))))
            reading = _UrlReading(parsed, secrets, shown, rules)
        if len(readings) >= CACHED_URLS:
            readings.clear()
        readings[key] = reading
        return reading

    def lint(
        self, candidate: Candidate, path: str = "", mail: InMessage | None = None
    ) -> list[Finding]:
        """The findings of the enabled rules on `candidate`, in position order."""
        url = candidate.url
        if url:
            reading = self._reading(candidate)
            if reading is None:
                return []  # grammar or prose that mentions the wrapper: "<URL:" absoluteURL ">"
            rules = reading.rules if may_hit(candidate) else reading.hits
            if not rules:
                return []  # most URLs: no rule hits them, and they have no X rule to run
            parsed, secrets, shown = reading.parsed, reading.secrets, reading.shown
        else:  # an empty wrapper: only the rules about the text around a URL apply
            parsed, secrets, shown = _EMPTY_WRAPPER, [], None
            rules = [
                (entry, _FRESH)
                for entry in self.text_rules
                if entry.schemes is None or "" in entry.schemes
            ]
        subject = UrlUnderCheck(candidate, parsed, self.options, secrets)
        findings = _Findings(candidate, secrets, shown, path, mail)
        for entry, known in rules:
            findings.add(entry, entry.check(subject) if known is _FRESH else known)  # type: ignore[misc]
        return findings.in_order()


class _Findings:
    """The findings of one candidate, made from its rules' hits: where each hit is in the
    raw text, its message (never quoting a password), its fix. The URL's raw map and the
    raw spans of its password are worked out once, for the first hit that needs them."""

    __slots__ = (
        "candidate", "secrets", "shown", "path", "mail", "fixable", "found", "_url_map",
        "_password_spans",
    )

    def __init__(
        self,
        candidate: Candidate,
        secrets: list[tuple[int, int]],
        shown: str | None,
        path: str,
        mail: InMessage | None,
    ) -> None:
        self.candidate, self.secrets, self.shown = candidate, secrets, shown
        self.path, self.mail = path, mail
        # A URL with a password gets no fix: an edit there would show the line, and with it
        # the password, in --diff (section 6).
        self.fixable = not secrets
        self.found: list[Finding] = []
        self._url_map: UrlMap | None = None
        self._password_spans: tuple[Span, ...] | None = None

    def add(self, entry: Rule, hits: Iterable[Hit | TextHit]) -> None:
        """The findings of the rule `entry` from its hits, at most MAX_HITS_PER_RULE and one
        more past them that says so: a URL of 4 MB of "%" would otherwise make millions.

        A template's placeholders (`{user_id}`, `%s`, `${port}`) are the program's, not URL
        text: a hit on one of them, or on a component one stands in, is no finding; what
        lies outside them is linted as any URL is. A password is no finding only where
        placeholders are all it is (`${PW}`): one written around or beside them
        (`Secr%ET1`, `pre{x}post`) is a password written (section 6)."""
        placeholders = self.candidate.placeholders
        if placeholders:
            on = _all_placeholders if entry.code == PASSWORD_RULE else _on_a_placeholder
            hits = [hit for hit in hits if not on(hit, placeholders)]
        for number, hit in enumerate(hits, 1):
            too_many = number > MAX_HITS_PER_RULE
            if too_many:
                message = (
                    f"{entry.summary.rstrip('.')} (more than {MAX_HITS_PER_RULE} times in "
                    "this URL: the rest are not listed)"
                )
            else:
                message = hit.message
            span = self._span(hit)
            fix = None if too_many else self._fix(hit, span)
            # A check beyond section 5's BNF may have a severity of its own (Rule.beyond_bnf).
            severity = (hit.severity if isinstance(hit, Hit) else None) or entry.severity
            self._append(entry, self._unquoted(entry, message, hit), span, fix, severity)
            if too_many:
                break

    def in_order(self) -> list[Finding]:
        """The findings, by position, then code."""
        self.found.sort(key=_position)
        return self.found

    def _span(self, hit: Hit | TextHit) -> Span:
        """Where the hit is in the raw text."""
        if isinstance(hit, TextHit):
            return hit.span
        if self._url_map is None:
            self._url_map = UrlMap(self.candidate)
        return self._url_map.span(hit.start, hit.end)

    def _fix(self, hit: Hit | TextHit, span: Span) -> Fix | None:
        """The hit's safe fix: its edits, or its replacement where the hit is on one line."""
        if not self.fixable or not hit.fix_description:
            return None
        if isinstance(hit, TextHit):
            return Fix(hit.fix_description, hit.edits) if hit.edits else None
        if hit.replacement is not None and span.start.line == span.end.line:
            return Fix(hit.fix_description, (Edit(span, hit.replacement),))
        return None

    def _unquoted(self, entry: Rule, message: str, hit: Hit | TextHit) -> str:
        """The message, or the rule's summary where it might quote what may be a password
        (section 6: a message never does)."""
        secrets = self.secrets
        if not secrets or entry.code == PASSWORD_RULE:
            return message
        if isinstance(hit, Hit) and not hit.quotes_url:
            return message  # its words are the rule's own: "no user name" names no password
        # A hit on the text around the URL is about no stretch of the URL: its empty start.
        start, end = (hit.start, hit.end) if isinstance(hit, Hit) else (0, 0)
        candidate = self.candidate
        if quotes_secret(message, candidate.url + candidate.login_rest_text, secrets, start, end):
            return f"{entry.summary.rstrip('.')} (in a part of the URL hidden as a password)"
        return message

    def _append(
        self, entry: Rule, message: str, span: Span, fix: Fix | None, severity: Severity
    ) -> None:
        if self._password_spans is None:
            self._password_spans = password_spans_of(self.candidate, self.secrets)
        self.found.append(
            Finding(
                entry.code, entry.name, severity, message, span, self.path,
                self.shown or None, fix, self.mail, self._password_spans,
            )
        )


def password_spans_of(
    candidate: Candidate, secrets: list[tuple[int, int]] | None = None
) -> tuple[Span, ...]:
    """Raw spans of what may be the candidate's password, one per run of it on one line.

    What an output that shows source text must mask (grammar.login reads where a password
    is)."""
    url = candidate.url
    if secrets is None:
        secrets = secret_spans_read_on(url, candidate.login_rest_text) if url else []
    if not secrets:
        return ()
    url_map = UrlMap(candidate)
    spans = []
    rest = candidate.login_rest
    for start, end in secrets:
        if end > len(url) and rest is not None:
            spans.extend(
                _rest_spans(candidate, rest, max(start, len(url)) - len(url), end - len(url))
            )
            end = len(url)
        if start >= end:
            continue
        # Split where the raw text jumps (a line break, dropped whitespace or furniture),
        # so each span is one unbroken run of raw text.
        cut = start
        previous = url_map.position(start)
        for offset in range(start + 1, end + 1):
            here = url_map.position(offset) if offset < end else None
            if here is None or here.line != previous.line or here.column != previous.column + 1:
                spans.append(url_map.span(cut, offset))
                cut = offset
            if here is not None:
                previous = here
    return tuple(spans)


def _rest_spans(candidate: Candidate, rest: Span, start: int, end: int) -> list[Span]:
    """Raw spans of login_rest_text[start:end]: its first characters are the punctuation
    right after the URL on its line, the others the word on the next line."""
    tail = len(candidate.login_rest_text) - (rest.end.column - rest.start.column)
    after = candidate.span.end
    spans = []
    if start < tail:
        spans.append(Span(after.shifted(start), after.shifted(min(end, tail))))
    if end > tail:
        spans.append(
            Span(rest.start.shifted(max(start, tail) - tail), rest.start.shifted(end - tail))
        )
    return spans


def _on_a_placeholder(hit: Hit | TextHit, placeholders: tuple[tuple[int, int], ...]) -> bool:
    """Does the hit touch one of the URL's placeholders (offsets in the URL)? An empty hit
    (something missing: `file://#{dir}` has no "/" after its host) does where one stands
    right before or after it, which may hold what is missing."""
    if isinstance(hit, TextHit):  # about the text around the URL, not its characters
        return False
    if hit.start == hit.end:
        return any(start <= hit.start <= end for start, end in placeholders)
    return any(hit.start < end and start < hit.end for start, end in placeholders)


def _all_placeholders(hit: Hit | TextHit, placeholders: tuple[tuple[int, int], ...]) -> bool:
    """Is every character of the hit a placeholder's (offsets in the URL)?"""
    if isinstance(hit, TextHit):
        return False
    at = hit.start
    for start, end in placeholders:  # in order and apart (scanner.templates)
        if start <= at < end:
            at = end
    return at >= hit.end


def _position(finding: Finding) -> tuple[int, int, str]:
    return (finding.line, finding.column, finding.code)
