"""The github format of `urlint check`: GitHub Actions workflow commands (annotations).

Its line shape is a public contract (docs/reference/output-formats.md); the path and the
message are masked as every output masks a password.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.findings import Finding, Severity
from ..grammar.display import shown
from .check import text_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, TextIO


# GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands
GITHUB_LIMIT = 10  # annotations of each type GitHub shows per step
_GITHUB_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def github_escape_data(text: str) -> str:
    """`text` escaped for a workflow command's message: "%", CR and LF as %-escapes."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_escape_property(text: str) -> str:
    """`text` escaped for a workflow command's property: as a message, and ":" and "," too."""
    return github_escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(finding: Finding) -> str:
    """The finding as a GitHub workflow command: `::error file=...,line=...::message`.

    Info findings are notices; the title is the rule's code and name.
    """
    level = _GITHUB_LEVEL[finding.severity]
    props = ",".join(
        f"{key}={value}"
        for key, value in (
            ("file", github_escape_property(shown(finding.path))),
            ("line", finding.line),
            ("col", finding.column),
            ("endLine", finding.end_line),
            ("endColumn", finding.end_column),
            ("title", github_escape_property(f"{finding.code} {finding.name}")),
        )
    )
    return f"::{level} {props}::{github_escape_data(shown(finding.message))}"


def write_github(findings: Iterable[Finding], out: TextIO) -> None:
    """GitHub Actions annotations, at most GITHUB_LIMIT of each type; the rest as log lines.

    Errors first, GitHub dropping annotations past its limit, each type in the order found;
    then the rest as plain log lines, and a note of how many were not annotated. The plain
    lines wait in temporary files (in memory up to 1 MB each): a run's findings are never
    held."""
    import shutil  # here: a pre-commit run in text format never pays for it
    import tempfile

    annotated: dict[Severity, list[str]] = {severity: [] for severity in Severity}
    plain: dict[Severity, IO[str]] = {}
    left: Counter[Severity] = Counter()
    try:
        for finding in findings:
            severity = finding.severity
            if len(annotated[severity]) < GITHUB_LIMIT:
                annotated[severity].append(github_line(finding))
                continue
            if severity not in plain:
                plain[severity] = tempfile.SpooledTemporaryFile(
                    max_size=1 << 20, mode="w+", encoding="utf-8"
                )
            plain[severity].write(text_line(finding) + "\n")
            left[severity] += 1
        ordered = sorted(Severity, key=lambda severity: -severity.rank)
        for severity in ordered:
            out.writelines(line + "\n" for line in annotated[severity])
        for severity in ordered:
            if severity in plain:
                plain[severity].seek(0)
                shutil.copyfileobj(plain[severity], out)
    finally:
        for spool in plain.values():
            spool.close()
    if left:
        parts = ", ".join(
            f"{left[s]} {_GITHUB_LEVEL[s]}{'s' if left[s] != 1 else ''}"
            for s in Severity
            if left[s]
        )
        out.write(
            f"urlint: GitHub shows {GITHUB_LIMIT} annotations of each type per step; not "
            f"annotated: {parts} (listed above)\n"
        )
