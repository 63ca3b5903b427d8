"""Output of `urlint check`: text, concise, json, jsonl, and statistics.

The full format's blocks are output.full's, GitHub's annotations output.github's (as
GitLab's, SARIF's and JUnit's are their modules'): a hook's run in text loads neither.

Field names and line shapes are public contracts (docs/reference/output-formats.md). Nothing
here ever shows a password: a finding's URL arrives masked, and every other field from the
input (path, message) is masked here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from ..core.findings import Finding, Fix, Severity
from ..grammar.display import shown
from ..grammar.login import mask_password
from ..linter.rules.rule import RFC1738

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

# Whether a report is coloured: `--color`, FORCE_COLOR, NO_COLOR and the terminal. What
# each says, in the order it wins:
# - `--color always` and `--color never` win over both variables: a flag given for this one
#   run says more than an environment set for every program (no-color.org: "user-level
#   configuration files and per-instance command-line arguments should override $NO_COLOR").
# - NO_COLOR (no-color.org): set to a value that is not empty, whatever the value, it turns
#   colour off. An empty value counts as unset.
# - FORCE_COLOR (force-color.org): set to a value that is not empty, whatever the value
#   ("0" and "false" too), it turns colour on where the output is not a terminal. An empty
#   value counts as unset.
# - Both set: NO_COLOR wins, as it does for Python's own coloured output (`_colorize`, 3.13):
#   text with no colour codes reads right everywhere, a report with codes in it does not.
# - Otherwise (`--color auto`, the default): colour on a terminal only.
COLOR_CHOICES = ("auto", "always", "never")


def use_colour(choice: str, is_terminal: bool, environ: Mapping[str, str]) -> bool:
    """Whether to colour the report: `--color`'s `choice`, whether the report goes to a
    terminal, and the environment's NO_COLOR and FORCE_COLOR.

    `choice` is one of COLOR_CHOICES (anything else is read as "auto")."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return is_terminal


_COLOURS = {Severity.ERROR: "\033[31m", Severity.WARNING: "\033[33m", Severity.INFO: "\033[36m"}
_BOLD, _RESET = "\033[1m", "\033[0m"


def location(finding: Finding) -> str:
    """Where the finding is, as `path:line:column` (the path masked and made printable)."""
    return f"{shown(finding.path)}:{finding.line}:{finding.column}"


def text_line(finding: Finding, colour: bool = False) -> str:
    """The finding as one line of the text format: `path:line:column: CODE message`.

    With `colour`, the location is bold and the code in its severity's colour.
    """
    message = shown(finding.message)
    if finding.more:
        message += f" ({len(finding.more)} more in this URL)"
    if not colour:
        return f"{location(finding)}: {finding.code} {message}"
    tint = _COLOURS[finding.severity]
    return f"{_BOLD}{location(finding)}:{_RESET} {tint}{finding.code}{_RESET} {message}"


def summary_from_counts(
    counts: Counter[Severity], fixable: int = 0, standard: str | None = None
) -> str:
    """The closing "Found N problems: ..." sentence, by severity; "" when there are none.

    It ends with what can be fixed and the standard the run linted against (`standard`,
    "RFC 1738"): "(1 fixable with --fix; target: RFC 1738)"."""
    total = sum(counts.values())
    if not total:
        return ""
    parts = [
        f"{counts[s]} {s.value}{'s' if counts[s] != 1 else ''}"
        for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)
        if counts[s]
    ]
    notes = [f"{fixable} fixable with --fix"] if fixable else []
    if standard is not None:
        notes.append(f"target: {standard}")
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"Found {total} problem{'s' if total != 1 else ''}: {', '.join(parts)}{tail}."


def fix_record(fix: Fix | None) -> dict | None:
    """A fix as JSON: its description and its edits' raw spans and text; None for no fix."""
    if fix is None:
        return None
    return {
        "description": fix.description,
        "edits": [
            {
                "line": e.span.start.line,
                "column": e.span.start.column,
                "end_line": e.span.end.line,
                "end_column": e.span.end.column,
                "text": e.text,
            }
            for e in fix.edits
        ],
    }


def finding_json(finding: Finding, target: str = RFC1738) -> dict:
    """One finding as JSON.

    Path, line, column, end_line, end_column, code, name, severity, message, url, fix, mail
    (the message and MIME part in a mail or news container, as extract's `message`; null for
    plain text), target (the standard the run linted against: "rfc1738" or "rfc3986", as
    --target names it)."""
    from .printable import masked_values  # the JSON formats': not loaded for text

    fields = _fields_json(finding)
    fields["mail"] = masked_values(finding.mail.as_json()) if finding.mail is not None else None
    fields["target"] = target
    return fields


def _fields_json(finding: Finding) -> dict:
    """finding_json's fields before `mail`."""
    from .printable import masked_text  # the JSON formats': not loaded for text

    return {
        "path": masked_text(finding.path),
        "line": finding.line,
        "column": finding.column,
        "end_line": finding.end_line,
        "end_column": finding.end_column,
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity.value,
        "message": mask_password(finding.message),
        "url": finding.url,
        "fix": fix_record(finding.fix),
        # the same rule's other places in the URL (linter.certainty.one_a_rule)
        "more": [
            {
                "line": span.start.line,
                "column": span.start.column,
                "end_line": span.end.line,
                "end_column": span.end.column,
            }
            for span in finding.more
        ],
    }


def jsonl_line(finding: Finding, target: str = RFC1738) -> str:
    """`json_line(finding_json(finding, target))`, made without json.dumps for each finding.

    And its message's object made once a message (output.extract.message_json): in mail,
    the message's fields masked and encoded again for each finding were most of a line's
    cost."""
    from ..mail.origin import info_of
    from .extract import message_json
    from .printable import json_object

    head = json_object(_fields_json(finding))
    mail = finding.mail
    mail_json = "null" if mail is None else message_json(info_of(mail))
    return f'{head[:-1]}, "mail": {mail_json}, "target": "{target}"}}'


def write_json(findings: Iterable[Finding], out: TextIO, target: str = RFC1738) -> None:
    """The findings as one JSON list, written one finding at a time.

    As json.dumps(..., indent=1) writes it: a run's findings are never held."""
    from .printable import write_json_list

    write_json_list((finding_json(finding, target) for finding in findings), out)
    out.write("\n")


def statistics(findings: Iterable[Finding]) -> list[str]:
    """The `--statistics` lines: each rule's count, code, name and severity, most found first."""
    counts = Counter((f.code, f.name, f.severity.value) for f in findings)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    width = max((len(str(n)) for _, n in rows), default=1)
    return [f"{n:>{width}}  {code}  {name} [{severity}]" for (code, name, severity), n in rows]
