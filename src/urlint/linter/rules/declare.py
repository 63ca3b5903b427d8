"""A rule's record and the decorator that declares one: what the rule families import.

The catalogue (`catalogue`) imports the families to list their rules; the families import
only this module, so imports point one way: families -> declare, catalogue -> families.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...core.findings import Severity
from ...core.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .context import Hit, TextHit, UrlUnderCheck

Check = Callable[["UrlUnderCheck"], Iterable["Hit | TextHit"]]


@record
class Rule:
    """One rule: its code, name, severity, page and check.

    Its page is what `urlint rule CODE` prints. A rule is pickled as its code (the catalogue
    registers how: `catalogue.py`)."""

    code: str
    name: str
    severity: Severity
    section: str | None  # the RFC 1738 section the rule rests on; None: on none (M rules)
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
) -> Callable[[Check], Rule]:
    """Declare the rule `code`, with the decorated function as its check.

    With `schemes`, the engine runs it only on URLs of those schemes. Each family module
    lists its entries in its `RULES`, which the catalogue reads.
    """

    def entry(check: Check) -> Rule:
        only = frozenset(schemes) if schemes is not None else None
        return Rule(
            code, name, severity, section, summary, explanation, example, use_instead, fix,
            fix_safety, safe_fix, check, only,
        )

    return entry
