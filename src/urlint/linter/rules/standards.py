"""What a finding rests on where the two standards differ: the note its message carries.

A check lints against one standard (rule.TARGETS). Where the other would not report the
same text, or would grade it otherwise, the finding's message says which standard and
section it rests on and how to lint by the other: "unsafe character '~' by RFC 1738
section 2.2 (RFC 3986 allows it: --target rfc3986): write it as %7E". The engine asks the
other standard's rules (engine.Linter), and this module words what they said, once.
"""

from __future__ import annotations

from ..._runtime.patterns import compiled_when_used
from ...core.findings import Severity
from .rule import RFC1738, RFC3986, Rule

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
    of a message with no advice; `message` as it is for no note."""
    if said is None:
        return message
    at = message.find(": ")
    if at < 0:
        return f"{message} {said}"
    return f"{message[:at]} {said}{message[at:]}"
