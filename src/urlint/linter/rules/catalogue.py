"""The rule catalogue: one entry per rule, holding everything `urlint rule CODE` prints.

Codes and names are a public contract (CHANGELOG.md). Families: X the text around a URL
(appendix), C characters (2.2), R reserved characters (3.1-3.11), S scheme syntax (2.1, 3,
4, 5), P security (3.1, 6), M the run itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from ...core.findings import Severity
from ...core.records import record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from .context import Hit, UrlUnderCheck

Check = Callable[["UrlUnderCheck"], Iterable["Hit"]]

@record
class Rule:
    code: str
    name: str
    severity: Severity
    section: str  # the RFC 1738 section the rule rests on
    summary: str  # what it checks, one line
    explanation: str  # why it matters, with the RFC text it rests on
    example: str  # text that triggers it
    use_instead: str  # the example corrected (M rules: what to do or run instead)
    fix: str | None  # how to fix it; None where no fix applies
    fix_safety: str  # what `--fix` changes and when it does not; or why there is no fix
    safe_fix: bool = False  # whether --fix applies one
    check: Check | None = None  # None for M rules, which the run itself reports
    schemes: frozenset[str] | None = None  # the schemes the rule is about; None: every URL

    @property
    def on_by_default(self) -> bool:
        """An info rule (uppercase schemes, unknown schemes ...) is off unless selected."""
        return self.severity is not Severity.INFO

    def __reduce__(self) -> tuple[Callable[[str], Rule], tuple[str]]:
        """Pickled as its code (a worker process has the same catalogue): its check is a
        function whose module-level name is the entry itself, which pickle cannot follow."""
        return _by_code, (self.code,)

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "section": self.section,
            "summary": self.summary,
            "explanation": self.explanation,
            "example": self.example,
            "use_instead": self.use_instead,
            "fix": self.fix,
            "fix_safety": self.fix_safety,
            "safe_fix": self.safe_fix,
        }


def rule(
    code: str,
    name: str,
    severity: Severity,
    section: str,
    *,
    summary: str,
    explanation: str,
    example: str,
    use_instead: str,
    fix: str | None = None,
    fix_safety: str,
    safe_fix: bool = False,
    schemes: tuple[str, ...] | None = None,
) -> Callable[[Check], Rule]:
    """The catalogue entry for `code`, with the decorated function as its check; with
    `schemes`, the engine runs it only on URLs of those schemes. Each family module lists
    its entries in its `RULES`."""

    def entry(check: Check) -> Rule:
        only = frozenset(schemes) if schemes is not None else None
        return Rule(
            code, name, severity, section, summary, explanation, example, use_instead, fix,
            fix_safety, safe_fix, check, only,
        )

    return entry


@cache
def rules_by_code() -> dict[str, Rule]:
    """Every rule by its code, in code order (the family modules are loaded on first call:
    a run that lints nothing never imports them)."""
    from . import characters, meta, reserved, security, syntax, text

    families = (text, characters, reserved, syntax, security, meta)  # X, C, R, S, P, M
    entries = sorted((entry for family in families for entry in family.RULES), key=_code)
    for before, after in zip(entries, entries[1:], strict=False):
        if before.code == after.code or before.name == after.name:
            raise ValueError(f"two rules {before.code} {before.name}, {after.code} {after.name}")
    return {entry.code: entry for entry in entries}


def _code(entry: Rule) -> str:
    return entry.code


def _by_code(code: str) -> Rule:
    return rules_by_code()[code]


def all_rules() -> list[Rule]:
    """Every rule, in code order."""
    return list(rules_by_code().values())


def find(code_or_name: str) -> Rule | None:
    wanted = code_or_name.strip()
    for entry in all_rules():
        if entry.code == wanted.upper() or entry.name == wanted.lower():
            return entry
    return None
