"""The rule catalogue: every rule of every family, in one table in code order.

Codes and names are a public contract (CHANGELOG.md). Families: X the text around a URL
(appendix), C characters (2.2), R reserved characters (3.1-3.11), S scheme syntax (2.1, 3,
4, 5), P security (3.1, 6), N near-URLs (2.1, 3.1), M the run itself. Each family declares
its rules with `rule.rule` and lists them in its `RULES`; this module is the one that
imports the families, and none of them imports it.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from functools import cache

from ...core.records import replaced
from .rule import RFC1738, RFC3986, Rule


@cache
def rules_by_code() -> dict[str, Rule]:
    """Every rule by its code, in code order.

    The family modules are loaded on first call: a run that lints nothing never imports
    them.
    """
    from . import characters, meta, near, per_scheme, reserved, security, syntax, text

    # X C R S S P N M
    families = (text, characters, reserved, syntax, per_scheme, security, near, meta)
    entries = sorted((entry for family in families for entry in family.RULES), key=_code)
    for before, after in zip(entries, entries[1:], strict=False):
        if before.code == after.code or before.name == after.name:
            raise ValueError(f"two rules {before.code} {before.name}, {after.code} {after.name}")
    return {entry.code: entry for entry in entries}


def _code(entry: Rule) -> str:
    return entry.code


def _by_code(code: str, target: str = RFC1738) -> Rule:
    if target == RFC1738:
        return rules_by_code()[code]
    return _graded(target)[code]


def _as_its_code(entry: Rule) -> tuple[Callable[..., Rule], tuple[str, ...]]:
    """How pickle takes a rule: as its code (and the standard it is graded by, where that
    is not the default), looked up again on loading (a worker process has the same
    catalogue). Its check is a function whose module-level name is the entry itself, which
    pickle could not follow; and the page's text need not travel."""
    if entry.graded_by == RFC1738:
        return _by_code, (entry.code,)
    return _by_code, (entry.code, entry.graded_by)


# Registered here, not as Rule.__reduce__: the lookup is the catalogue's, which the module
# that declares Rule must not import.
copyreg.pickle(Rule, _as_its_code)


def all_rules() -> list[Rule]:
    """Every rule, in code order."""
    return list(rules_by_code().values())


def rules_under(target: str) -> list[Rule]:
    """Every rule that holds under the standard `target` (rule.TARGETS), in code order,
    each graded as that standard grades what it checks (`Rule.rfc3986`)."""
    if target == RFC1738:
        return [entry for entry in all_rules() if entry.rfc1738]
    return list(_graded(target).values())


@cache
def _graded(target: str) -> dict[str, Rule]:
    """The rules `target` holds, by code, each a copy graded by it (one copy per process,
    so that a rule unpickled in a worker is the very entry the parent had)."""
    if target != RFC3986:
        raise ValueError(f"no standard {target!r}")
    return {
        entry.code: replaced(entry, severity=entry.rfc3986, graded_by=target)
        for entry in all_rules()
        if entry.rfc3986 is not None
    }


def find(code_or_name: str) -> Rule | None:
    """The rule of that code (any case) or name, or None."""
    wanted = code_or_name.strip()
    for entry in all_rules():
        if entry.code == wanted.upper() or entry.name == wanted.lower():
            return entry
    return None
