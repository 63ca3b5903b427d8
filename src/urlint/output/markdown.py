"""The markdown format of `urlint check`: a report a person reads, as a CI job summary.

What GitHub shows as a job's summary (the action writes it to GITHUB_STEP_SUMMARY) and a
merge request comment can hold: a heading with the counts by severity, a table of the
findings' counts by rule, and the first findings (FIRST_SHOWN, the most severe first) with
their places. A rule
links to its page, a place to the file's line, where the run was given where those are
(`--rule-pages`, `--source-links`: templates holding `{code}`, and `{path}` and `{line}`).
Every text from the run (a path, a message) is masked as every output masks a password,
and escaped so that it reads as text, not as Markdown or HTML.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from urllib.parse import quote

from ..core.findings import Finding, Severity
from ..grammar.display import shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

FIRST_SHOWN = 50  # findings listed one by one, the most severe first; the rest are counted
_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)
_PLURAL = {Severity.ERROR: "errors", Severity.WARNING: "warnings", Severity.INFO: "infos"}
_SINGULAR = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}


def escaped(text: str) -> str:
    """`text` as Markdown that shows it as written, in a table cell (never a line's start):
    what marks emphasis, code, links and cells backslash-escaped, `<`, `>` and `&` as
    entities (GitHub renders HTML), its line ends as spaces."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = "".join("\\" + c if c in "\\`*_[]|~" else c for c in text)
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def filled(template: str, **values: str) -> str:
    """`template` with each `{name}` of `values` replaced by its value, percent-encoded as
    a URL's path (one pass: a value is never read as a name)."""
    import re

    names = "|".join(map(re.escape, values))
    return re.sub(
        "\\{(" + names + ")\\}", lambda match: quote(values[match[1]], safe="/"), template
    )


def write_markdown(
    findings: Iterable[Finding],
    out: TextIO,
    standard: str,
    rule_pages: str | None = None,
    source_links: str | None = None,
) -> None:
    """The report of `findings` (linted against `standard`, its name) as Markdown.

    The findings are counted as they pass; only the first FIRST_SHOWN of each severity are
    kept, and the first FIRST_SHOWN of those, errors first, listed (each severity in the
    order found)."""
    by_severity: Counter[Severity] = Counter()
    by_rule: Counter[tuple[str, str, Severity]] = Counter()
    kept: dict[Severity, list[Finding]] = {severity: [] for severity in _ORDER}
    for finding in findings:
        by_severity[finding.severity] += 1
        by_rule[(finding.code, finding.name, finding.severity)] += 1
        if len(kept[finding.severity]) < FIRST_SHOWN:
            kept[finding.severity].append(finding)
    first = [finding for severity in _ORDER for finding in kept[severity]][:FIRST_SHOWN]
    total = sum(by_severity.values())
    if not total:
        out.write(f"## urlint: no findings\n\nEvery URL passes against {standard}.\n")
        return
    counts = ", ".join(
        f"{by_severity[s]:,} {_SINGULAR[s] if by_severity[s] == 1 else _PLURAL[s]}"
        for s in _ORDER
        if by_severity[s]
    )
    out.write(f"## urlint: {total:,} finding{'s' if total != 1 else ''} ({counts})\n\n")
    out.write(f"Linted against {standard}.\n\n| rule | name | severity | findings |\n")
    out.write("|---|---|---|---:|\n")
    for (code, name, severity), count in sorted(
        by_rule.items(), key=lambda item: (-item[0][2].rank, -item[1], item[0][0])
    ):
        out.write(
            f"| {_rule(code, rule_pages)} | {escaped(name)} | {_SINGULAR[severity]} | {count:,} |\n"
        )
    shown_here = (
        "All findings"
        if total <= FIRST_SHOWN
        else f"The first {FIRST_SHOWN} findings, the most severe first"
    )
    out.write(f"\n{shown_here}:\n\n| where | rule | message |\n|---|---|---|\n")
    for finding in first:
        out.write(
            f"| {_place(finding, source_links)} | {_rule(finding.code, rule_pages)} "
            f"| {escaped(shown(finding.message))} |\n"
        )
    if total > FIRST_SHOWN:
        rest = total - FIRST_SHOWN
        out.write(f"\nand {rest:,} more (the full list: the SARIF report or the log).\n")


def _rule(code: str, rule_pages: str | None) -> str:
    return f"[{code}]({filled(rule_pages, code=code)})" if rule_pages else code


def _place(finding: Finding, source_links: str | None) -> str:
    path = shown(finding.path)
    text = escaped(f"{path}:{finding.line}:{finding.column}")
    relative = path[2:] if path.startswith("./") else path
    if not source_links or finding.mail is not None or relative.startswith(("/", "../")):
        return text  # a message's place is no file's line; a file outside has no link
    line = str(finding.line)
    return f"[{text}]({filled(source_links, path=relative, line=line)})"
