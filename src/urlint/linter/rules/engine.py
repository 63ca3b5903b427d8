"""Runs the enabled rules over one candidate and turns their hits into findings."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from itertools import islice
from operator import attrgetter

from ..._runtime.patterns import compiled_when_used
from ...core.findings import Edit, Finding, Fix, Severity
from ...core.model import Candidate, Flag, Span
from ...grammar.components import ParsedURL
from ...grammar.login import (
    masked,
    quotes_secret,
    secret_spans_read_on,
    within,
)
from ...grammar.parse import parse
from .catalogue import all_rules
from .locate import UrlMap
from .rule import (
    RFC3986,
    Hit,
    Rule,
    RuleOptions,
    TextHit,
    UrlUnderCheck,
    note,
    noted,
    other_target,
)
from .text import may_hit

# A candidate with no scheme outside a wrapper is linted (S401) only when it looks like an
# attempt at a URL, a host or a path ("www.example.com/x"). A wrapper's content is always:
# the appendix's "<URL:...>" says a URL is there ("<URL:té:u>", "<URL:a>"), and the
# scanner has already left out the elisions and grammar that mention one ("<URL:...>",
# '<URL:" absoluteURL ">').
URL_ATTEMPT = compiled_when_used(r"[A-Za-z0-9/][^./\s]*[./]")

# Rules about the text around a URL apply to an empty wrapper too; the others need a URL.
TEXT_FAMILY = "X"
# Rules about a near-URL (a candidate flagged malformed: scanner.near), the only ones run on
# one: it is no URL, and what the others would find in it is the broken separator again.
NEAR_FAMILY = "N"
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
_CODE_AND_CHECK = attrgetter("code", "check")  # what tells a Linter's rules apart (_READINGS)

# What a rule found in a URL: the rule, its hits (None for an X rule: _FRESH), and each
# hit's note where the other standard judges it otherwise (None: no hit has one).
Ruled = tuple[Rule, "tuple[Hit, ...] | None", "tuple[str | None, ...] | None"]


class _UrlReading:
    """What the rules make of one URL text, whatever its place: its parse, what may be a
    password in it, the URL as shown, and the rules that hit it with their hits and notes
    (Ruled), in the Linter's order (at most one past MAX_HITS_PER_RULE), with the X rules,
    run for each candidate (_FRESH): most URLs are hit by none, and most candidates can be
    hit by no X rule either (text.may_hit): such a candidate then costs a look in the cache."""

    __slots__ = ("parsed", "secrets", "shown", "rules", "hits")

    def __init__(
        self,
        parsed: ParsedURL,
        secrets: list[tuple[int, int]],
        shown: str,
        rules: list[Ruled],
    ) -> None:
        self.parsed, self.secrets, self.shown, self.rules = parsed, secrets, shown, rules
        # the rules without the X family: all a candidate no X rule can hit needs (text.may_hit)
        self.hits: list[Ruled] = [ruled for ruled in rules if ruled[1] is not _FRESH]


# What an empty wrapper ("<URL:>") holds: no component. Shared: nothing writes to a parse.
_EMPTY_WRAPPER = ParsedURL("")


class Linter:
    """Lints candidates with a fixed set of rules and options.

    `judged`: each finding the other standard would not report, or would grade otherwise,
    says so in its message (rule.note); the other standard's Linter, which asks no
    further, is made for the first URL with a finding."""

    def __init__(
        self, rules: Iterable[Rule], options: RuleOptions | None = None, judged: bool = True
    ) -> None:
        self.rules = [entry for entry in rules if entry.check is not None]
        self.options = options = options or RuleOptions()
        # Shared by every Linter of the same rules and options in the process: a worker
        # makes one for each unit of work, and an archive's URLs repeat from unit to unit.
        # (A rule's function is in the key: a test that replaces one gets a cache of its own.)
        ports = sorted(
            (host, tuple(sorted(allowed))) for host, allowed in options.allowed_ports.items()
        )
        checks = tuple(map(_CODE_AND_CHECK, self.rules))
        # The target too: the rules read it (rule.RuleOptions.target), and so does the parse;
        # and whether the readings hold the other standard's notes.
        signature = (checks, options.known_schemes, tuple(ports), options.target, judged)
        self._generic = options.target == RFC3986
        self._readings = _READINGS.setdefault(signature, {})
        self._by_scheme: dict[str, list[tuple[Rule, bool]]] = {}
        self._judged = judged
        self._other: Linter | None = None
        self._held: frozenset[str] = frozenset()  # the codes this standard holds (_other_linter)
        self._rule_notes: dict[str, str | None] = {}

    @cached_property
    def text_rules(self) -> list[Rule]:
        """The rules about the text around a URL (the X family): an empty wrapper's."""
        return [entry for entry in self.rules if entry.code[0] == TEXT_FAMILY]

    @cached_property
    def selected_codes(self) -> frozenset[str]:
        """The codes of the rules it runs (made with the first finding's note)."""
        return frozenset(entry.code for entry in self.rules)

    @cached_property
    def near_rules(self) -> list[Rule]:
        """The N rules: a near-URL's, and the only ones run on it (made with the first)."""
        return [entry for entry in self.rules if entry.code[0] == NEAR_FAMILY]

    def _rules_for(self, scheme: str) -> list[tuple[Rule, bool]]:
        """The rules about a URL of `scheme`, in order, each with whether it is about the
        text around the URL (run for each candidate), worked out once for each scheme."""
        known = self._by_scheme.get(scheme)
        if known is None:
            known = [
                (entry, entry.code[0] == TEXT_FAMILY)
                for entry in self.rules
                if (entry.schemes is None or scheme in entry.schemes)
                and entry.code[0] != NEAR_FAMILY
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
            rules: list[Ruled] = []
            for entry, about_text in self._rules_for(parsed.scheme):
                if about_text:
                    rules.append((entry, _FRESH, None))
                    continue
                found = iter(entry.check(subject))  # type: ignore[misc]
                first = next(found, None)  # most rules hit most URLs not at all
                if first is not None:
                    rules.append((entry, (first, *islice(found, MAX_HITS_PER_RULE)), None))
            if self._judged and any(ruled[1] for ruled in rules):
                rules = self._noted(candidate, rules)
            reading = _UrlReading(parsed, secrets, shown, rules)
        if len(readings) >= CACHED_URLS:
            readings.clear()
        readings[key] = reading
        return reading

    def lint(
        self, candidate: Candidate, path: str = "", mail: InMessage | None = None
    ) -> list[Finding]:
        """The findings of the enabled rules on `candidate`, in position order."""
        if candidate.flags and Flag.MALFORMED in candidate.flags:
            return self._near(candidate, path, mail)
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
                (entry, _FRESH, None)
                for entry in self.text_rules
                if entry.schemes is None or "" in entry.schemes
            ]
        subject = UrlUnderCheck(candidate, parsed, self.options, secrets)
        findings = _Findings(candidate, secrets, shown, path, mail)
        for entry, known, notes in rules:
            if known is _FRESH:
                # The X rules read how the URL was found, never the target: a note of
                # theirs is the rule's, where the other standard grades the rule otherwise
                # (asked for a rule that hit: most wrapped URLs are hit by none).
                hits = list(entry.check(subject))  # type: ignore[misc]
                if hits:
                    findings.add(entry, hits, self._rule_note(entry))
            else:
                findings.add(entry, known, notes)  # type: ignore[arg-type]
        return findings.in_order()

    def _near(self, candidate: Candidate, path: str, mail: InMessage | None) -> list[Finding]:
        """The findings of the N rules on a near-URL (their messages mask a password, read
        on into the word after it too, as a URL's are)."""
        url = candidate.url
        secrets = secret_spans_read_on(url, candidate.login_rest_text)
        subject = UrlUnderCheck(candidate, _EMPTY_WRAPPER, self.options, secrets)
        findings = _Findings(candidate, secrets, masked(url, within(secrets, len(url))), path, mail)
        for entry in self.near_rules:
            hits = list(entry.check(subject))  # type: ignore[misc]
            if hits:
                findings.add(entry, hits)
        return findings.in_order()

    def _other_linter(self) -> Linter:
        """The other standard's Linter, made once: the rules it holds that this run selects
        (a rule selected here is judged by its grade there), and those this standard does
        not hold at all (RFC 1738 reads a host in brackets as S407's, where RFC 3986 has
        S419): a rule this standard holds but the run does not select is no answer, whether
        or not the other reports it."""
        if self._other is None:
            target = self.options.target
            other = other_target(target)
            selected = self.selected_codes
            # The catalogue's own entries, graded by _their_grade: copies graded by RFC
            # 3986 (catalogue.rules_under) cost a hook's run a tenth of a millisecond.
            held: set[str] = set()
            rules = []
            for entry in all_rules():
                here = entry.holds_under(target)
                if here:
                    held.add(entry.code)
                if entry.holds_under(other) and (not here or entry.code in selected):
                    rules.append(entry)
            self._held = frozenset(held)
            options = RuleOptions(other, self.options.known_schemes, self.options.allowed_ports)
            self._other = Linter(rules, options, judged=False)
        return self._other

    def _their_grade(self, entry: Rule) -> Severity:
        """The grade of `entry`, a rule of the catalogue the other standard holds, there."""
        if self.options.target == RFC3986:
            return entry.severity
        return entry.rfc3986 or entry.severity  # (it holds there: rfc3986 is set)

    def _rule_note(self, entry: Rule) -> str | None:
        """The note of every finding of `entry` where the other standard grades the rule
        otherwise (or does not hold it); None where it grades it alike."""
        code = entry.code
        if code not in self._rule_notes:
            other = self._other_linter()
            theirs = next((rule for rule in other.rules if rule.code == code), None)
            elsewhere = self._their_grade(theirs) if theirs is not None else None
            self._rule_notes[code] = (
                None if elsewhere is entry.severity else note(entry, self.options.target, elsewhere)
            )
        return self._rule_notes[code]

    def _noted(self, candidate: Candidate, rules: list[Ruled]) -> list[Ruled]:
        """`rules` with each hit's note, where the other standard judges the same text
        otherwise: the same rule on the same span graded otherwise, or none of its rules
        there (it allows the text), or another rule of its own on the text (what it reports
        the text as: a host in brackets is S419's under RFC 3986, S407's under RFC 1738)."""
        theirs = self._other_linter()._reading(candidate)
        graded: dict[tuple[str, int, int], Severity] = {}
        if theirs is not None:
            for entry, hits, _ in theirs.hits:
                for hit in hits or ():
                    their = hit.severity or self._their_grade(entry)
                    graded[(entry.code, hit.start, hit.end)] = their
        mine = {(entry.code, hit.start, hit.end) for entry, hits, _ in rules for hit in hits or ()}
        selected = self.selected_codes
        # What the other standard reports that this run does not: a rule of its own, or one
        # both hold that found nothing here on that span.
        held = self._held
        instead = [
            (start, end, code)
            for code, start, end in graded
            if (code, start, end) not in mine and (code in selected or code not in held)
        ]
        target = self.options.target
        noted: list[Ruled] = []
        for entry, hits, _ in rules:
            if not hits:
                noted.append((entry, hits, None))
                continue
            notes: list[str | None] = []
            for hit in hits:
                own = hit.severity or entry.severity
                key = (entry.code, hit.start, hit.end)
                if key in graded:
                    elsewhere: Severity | str | None = graded[key]
                    if elsewhere is own:
                        notes.append(None)
                        continue
                else:
                    elsewhere = next(
                        (
                            code
                            for start, end, code in sorted(instead)
                            if _overlap(hit.start, hit.end, start, end)
                        ),
                        None,
                    )
                    if elsewhere == entry.code:
                        # The same rule on an overlapping stretch (the standards cut an
                        # address or a host apart otherwise): judged alike, or graded.
                        elsewhere = next(
                            graded[(code, start, end)]
                            for start, end, code in sorted(instead)
                            if code == entry.code and _overlap(hit.start, hit.end, start, end)
                        )
                        if elsewhere is own:
                            notes.append(None)
                            continue
                notes.append(note(entry, target, elsewhere))
            noted.append((entry, hits, tuple(notes) if any(notes) else None))
        return noted


class _Findings:
    """The findings of one candidate, made from its rules' hits: where each hit is in the
    raw text, its message (never quoting a password), its fix. The URL's raw map and the
    raw spans of its password are worked out once, for the first hit that needs them."""

    __slots__ = (
        "candidate",
        "secrets",
        "shown",
        "path",
        "mail",
        "fixable",
        "found",
        "_url_map",
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

    def add(
        self,
        entry: Rule,
        hits: Iterable[Hit | TextHit],
        notes: tuple[str | None, ...] | str | None = None,
    ) -> None:
        """The findings of the rule `entry` from its hits, at most MAX_HITS_PER_RULE and one
        more past them that says so: a URL of 4 MB of "%" would otherwise make millions.

        `notes`: each hit's note (rule.note), or one for every hit, or None. A
        template's placeholders (`{user_id}`, `%s`, `${port}`) are the program's, not URL
        text: a hit on one of them, or on a component one stands in, is no finding; what
        lies outside them is linted as any URL is. A password is no finding only where
        placeholders are all it is (`${PW}`): one written around or beside them
        (`Secr%ET1`, `pre{x}post`) is a password written (section 6)."""
        pairs: Iterable[tuple[Hit | TextHit, str | None]] = (
            zip(hits, notes, strict=False)
            if isinstance(notes, tuple)
            else [(hit, notes) for hit in hits]
        )
        placeholders = self.candidate.placeholders
        if placeholders:
            on = _all_placeholders if entry.code == PASSWORD_RULE else _on_a_placeholder
            pairs = [(hit, said) for hit, said in pairs if not on(hit, placeholders)]
        for number, (hit, said) in enumerate(pairs, 1):
            too_many = number > MAX_HITS_PER_RULE
            if too_many:
                # The summary quotes nothing of the URL; the note goes before the count.
                message = (
                    f"{noted(entry.summary.rstrip('.'), said)} (more than "
                    f"{MAX_HITS_PER_RULE} times in this URL: the rest are not listed)"
                )
            else:
                message = noted(self._unquoted(entry, hit.message, hit), said)
            span = self._span(hit)
            fix = None if too_many else self._fix(hit, span)
            # A check beyond section 5's BNF may have a severity of its own (Rule.beyond_bnf).
            severity = (hit.severity if isinstance(hit, Hit) else None) or entry.severity
            self._append(entry, message, span, fix, severity)
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
                entry.code,
                entry.name,
                severity,
                message,
                span,
                self.path,
                self.shown or None,
                fix,
                self.mail,
                self._password_spans,
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


def _overlap(start: int, end: int, other_start: int, other_end: int) -> bool:
    """Do [start, end) and [other_start, other_end) share a character, or does an empty
    one lie within the other ("http URL with no host" at the host's place)?"""
    if start == end or other_start == other_end:
        return other_start <= start <= other_end or start <= other_start <= end
    return start < other_end and other_start < end


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
