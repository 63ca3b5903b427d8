"""A rule: how one is declared, what its function sees, and what it returns.

The rule families (text, characters, reserved, syntax, per_scheme, security, meta) import
only this module, and the catalogue imports the families, so imports point one way:
families -> rule, catalogue -> families. A rule function is handed a `UrlUnderCheck` (the
candidate, its components as parsed, the run's options) and yields `Hit`s (offsets in the
URL) or `TextHit`s (a raw span of the text around it), which the engine turns into findings.

Where the two standards differ, what a finding rests on is worded here too, once (`note`):
a finding the other target would not report, or would grade otherwise, says which standard
and section it rests on and how to lint by the other ("unsafe character '~' by RFC 1738
section 2.2 (RFC 3986 allows it: --target rfc3986): write it as %7E"). The engine asks the
other standard's rules (engine.Linter); the wording is here, in the module every lint
loads already: a module of its own cost a hook's first finding a tenth of a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from ..._runtime.patterns import compiled_when_used
from ...core.findings import Edit, Severity
from ...core.model import Candidate, Span
from ...core.records import record
from ...grammar.components import ParsedURL

# The standards a check can lint against (the `target` setting, --target): RFC 1738, this
# tool's reason to exist and what 1990s mail and news were written against, and RFC 3986
# (STD 66), what today's URLs are written against.
RFC1738 = "rfc1738"
RFC3986 = "rfc3986"
TARGETS = (RFC1738, RFC3986)

# What RFC 3986 says of a rule about wais or prospero alone: the schemes' RFCs are Historic.
HISTORIC = (
    "Off under --target rfc3986: RFC {rfc}, which took {name} over from RFC 1738, is "
    "Historic, and a {name} URI is read by RFC 3986's generic syntax alone (section 3), "
    "which allows what this rule reports."
)


@record
class RuleOptions:
    """The configuration rules read (docs/reference/configuration.md)."""

    target: str = "rfc1738"  # the standard the rules grade URLs by: one of TARGETS
    known_schemes: frozenset[str] = frozenset()  # schemes not to report as unknown (S403)
    # Ports not to report (P503, P504): host (lower case) -> ports; "*" for every host.
    allowed_ports: Mapping[str, frozenset[int]] = MappingProxyType({})

    def port_allowed(self, host: str, port: int) -> bool:
        """Whether `port` is allowed on `host` (any case), or on every host ("*")."""
        ports = self.allowed_ports
        return port in ports.get(host.lower(), ()) or port in ports.get("*", ())


class UrlUnderCheck:
    """One candidate as the rules see it: the candidate, its parsed URL, the options."""

    __slots__ = ("candidate", "parsed", "options", "secrets")

    def __init__(
        self,
        candidate: Candidate,
        parsed: ParsedURL,
        options: RuleOptions,
        secrets: list[tuple[int, int]],
    ) -> None:
        self.candidate = candidate
        self.parsed = parsed
        self.options = options
        self.secrets = secrets  # what may be a password, on any reading (grammar.login)

    @property
    def url(self) -> str:
        return self.candidate.url

    def in_password(self, offset: int) -> bool:
        """Whether the URL's character at `offset` may be part of a password, on any reading."""
        return any(start <= offset < end for start, end in self.secrets)


@record
class Hit:
    """One fault a rule found in the URL.

    Its offsets [start, end), a message, and a safe fix if there is one (`replacement` for
    url[start:end], `fix_description` saying so)."""

    start: int
    end: int
    message: str
    replacement: str | None = None
    fix_description: str | None = None
    # None: the rule's. A check beyond section 5's BNF may have its own, which the rule's
    # `beyond_bnf` note gives, with why.
    severity: Severity | None = None
    # False: the message quotes no text of the URL (fixed words, the scheme's name), so no
    # word of it is a password's, whatever it spells (engine: a message never quotes one).
    quotes_url: bool = True


@record
class TextHit:
    """One fault a rule found in the text around the URL (an X rule).

    A raw span of the source, a message, and a safe fix if there is one (raw `edits`,
    `fix_description` saying what they do)."""

    span: Span
    message: str
    edits: tuple[Edit, ...] = ()
    fix_description: str | None = None


Check = Callable[[UrlUnderCheck], Iterable["Hit | TextHit"]]


@record
class Rule:
    """One rule: its code, name, severity, page and check.

    Its page is what `urlint rule CODE` prints. A rule is pickled as its code (the catalogue
    registers how: `catalogue.py`)."""

    code: str
    name: str
    severity: Severity
    # the RFC 1738 section the rule rests on (RFC 3986's for a rule RFC 1738 does not hold:
    # rfc1738=False); None: on none (M rules)
    section: str | None
    summary: str  # what it checks, one line
    explanation: str  # why it matters, with the RFC text it rests on
    example: str  # text that triggers it
    use_instead: str  # the example corrected (M rules: what to do or run instead)
    fix: str | None  # how to fix it; None where no fix applies
    fix_safety: str  # what `--fix` changes and when it does not; or why there is no fix
    safe_fix: bool = False  # whether --fix applies one
    check: Check | None = None  # None for M rules, which the run itself reports
    schemes: frozenset[str] | None = None  # the schemes the rule is about; None: every URL
    # The checks of the rule that section 5's BNF does not make (it rests on the RFC's text,
    # a later RFC, or a scheme RFC 1738 does not define), one note each: what it checks, what
    # it rests on, its severity and why. The rule's page lists them under "Beyond the BNF".
    beyond_bnf: tuple[str, ...] = ()
    # Its grade under --target rfc3986 (None: off there, since RFC 3986 does not hold it),
    # and what RFC 3986 (and, where it differs, the WHATWG URL standard) says of the same
    # text, with the section: the page's "Under RFC 3986".
    rfc3986: Severity | None = None
    rfc3986_says: str = ""
    rfc1738: bool = True  # whether it holds under RFC 1738 (S419 holds under RFC 3986 only)
    graded_by: str = RFC1738  # the standard this copy of the rule is graded by (rules_under)

    def holds_under(self, target: str) -> bool:
        """Whether the standard `target` (TARGETS) holds the rule."""
        return self.rfc1738 if target == RFC1738 else self.rfc3986 is not None

    def grade_under(self, target: str) -> str:
        """Its severity under `target` as `urlint rules` shows it: "off" where it does not hold."""
        if target == RFC1738:
            return self.severity.value if self.rfc1738 else "off"
        return self.rfc3986.value if self.rfc3986 is not None else "off"

    @property
    def on_by_default(self) -> bool:
        """An info rule (uppercase schemes, unknown schemes ...) is off unless selected."""
        return self.severity is not Severity.INFO

    def as_dict(self) -> dict:
        """The rule's page as `urlint rules --format json` lists it."""
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            # "-" for a rule on no section: what the JSON listing has always written
            "section": self.section if self.section is not None else "-",
            "summary": self.summary,
            "explanation": self.explanation,
            "example": self.example,
            "use_instead": self.use_instead,
            "fix": self.fix,
            "fix_safety": self.fix_safety,
            "safe_fix": self.safe_fix,
            "rfc1738": self.grade_under(RFC1738),
            "rfc3986": self.grade_under(RFC3986),
            "rfc3986_says": self.rfc3986_says,
            # For each target: its grade ("off" where it does not hold), the section the
            # rule rests on there (None: the run itself, or a target that does not hold
            # it), and what it checks there.
            "targets": {
                target: {
                    "grade": self.grade_under(target),
                    "rests_on": (
                        citation(self, target)
                        if self.holds_under(target) and self.section is not None
                        else None
                    ),
                    "checks": (
                        self.rfc3986_says
                        if target == RFC3986
                        else self.summary
                        if self.rfc1738
                        else f"Off under RFC 1738: {self.explanation}"
                    ),
                }
                for target in TARGETS
            },
        }


def rule(
    code: str,
    name: str,
    severity: Severity,
    section: str | None,
    *,
    summary: str,
    explanation: str,
    example: str,
    use_instead: str,
    fix: str | None = None,
    fix_safety: str,
    safe_fix: bool = False,
    schemes: tuple[str, ...] | None = None,
    beyond_bnf: tuple[str, ...] = (),
    rfc3986: Severity | None,
    rfc3986_says: str,
    rfc1738: bool = True,
) -> Callable[[Check], Rule]:
    """Declare the rule `code`, with the decorated function as its check.

    With `schemes`, the engine runs it only on URLs of those schemes. `beyond_bnf`: the
    notes on its checks that go beyond section 5's BNF (`Rule.beyond_bnf`). `rfc3986`: its
    grade under --target rfc3986 (None: off there), `rfc3986_says` what RFC 3986 says of
    the same text, with the section; `rfc1738=False` for a rule RFC 1738 does not hold.
    Each family module lists its entries in its `RULES`, which the catalogue reads.
    """

    def entry(check: Check) -> Rule:
        only = frozenset(schemes) if schemes is not None else None
        return Rule(
            code,
            name,
            severity,
            section,
            summary,
            explanation,
            example,
            use_instead,
            fix,
            fix_safety,
            safe_fix,
            check,
            only,
            beyond_bnf,
            rfc3986,
            rfc3986_says,
            rfc1738,
        )

    return entry


# What each target is called in a message, a summary and a report.
STANDARD_NAMES = {RFC1738: "RFC 1738", RFC3986: "RFC 3986"}

# The first reference of a rule's "Under RFC 3986" text, which names the section (of RFC
# 3986, or of the RFC that now defines the scheme: ftp is still RFC 1738's, section 3.2)
# that the rule rests on under --target rfc3986 (Rule.rfc3986_says).
# Compiled when a note under RFC 3986 is first worded: a hook's run under RFC 1738 never is.
_CITED = compiled_when_used(r"RFC \d+ (?:section \d+(?:\.\d+)*|Appendix [A-Z])")

# How a grade reads after "grades it".
_GRADES = {Severity.ERROR: "an error", Severity.WARNING: "a warning", Severity.INFO: "info"}


def other_target(target: str) -> str:
    """The standard a check under `target` does not lint against."""
    return RFC3986 if target == RFC1738 else RFC1738


def citation(entry: Rule, target: str) -> str:
    """What a finding of `entry` rests on under `target`: "RFC 1738 section 2.2".

    Under RFC 1738, the rule's sections ("sections 2.1 and 4", "the appendix"); under RFC
    3986, the first reference of what the rule's page says RFC 3986 says of the text."""
    if target == RFC3986 or not entry.rfc1738:
        cited = _CITED.search(entry.rfc3986_says)
        return cited.group() if cited is not None else STANDARD_NAMES[RFC3986]
    return _sections(entry.section)


def _sections(section: str | None) -> str:
    """RFC 1738's sections as a rule lists them ("2.1, 4", "appendix, 2.2"), in words."""
    if section is None:
        return STANDARD_NAMES[RFC1738]
    parts = section.split(", ")
    numbers = [part for part in parts if part != "appendix"]
    said = []
    if "appendix" in parts:
        said.append("appendix")
    if numbers:
        listed = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
        said.append(f"section{'s' if len(numbers) > 1 else ''} {listed}")
    if said[0] == "appendix":
        return f"RFC 1738's {' and '.join(said)}"
    return f"RFC 1738 {said[0]}"


def note(entry: Rule, target: str, elsewhere: Severity | str | None) -> str:
    """The note of a finding of `entry` under `target` that the other standard judges
    otherwise: `elsewhere` is its grade there, the code it reports the text as instead
    ("S407"), or None where it allows the text."""
    other = other_target(target)
    name = STANDARD_NAMES[other]
    if elsewhere is None:
        verdict = f"{name} allows it"
    elif isinstance(elsewhere, Severity):
        verdict = f"{name} grades it {_GRADES[elsewhere]}"
    else:
        verdict = f"{name} reports it as {elsewhere}"
    return f"by {citation(entry, target)} ({verdict}: --target {other})"


def noted(message: str, said: str | None) -> str:
    """`message` with the note `said` after what it finds, before its advice.

    Before the first ": " ("unsafe character '~' <note>: write it as %7E"), or at the end
    of a message with no advice; `message` as it is for no note. A message that cites its
    standard already before its advice ("... (section 3.3)") takes the other standard's
    verdict alone, not a second citation."""
    if said is None:
        return message
    at = message.find(": ")
    head = message if at < 0 else message[:at]
    if "RFC " in head or "section " in head:
        said = said[said.index("(") :]
    if at < 0:
        return f"{message} {said}"
    return f"{message[:at]} {said}{message[at:]}"
