"""SARIF 2.1.0 output, with what GitHub code scanning reads: rule metadata (short and full
descriptions, help), `partialFingerprints.primaryLocationLineHash`, and URIs relative to the
working directory under `%SRCROOT%`.

The fingerprint hashes the rule, the path and the masked URL (never the source line, which
may hold a password), so it stays put when lines move.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

from ..findings import Finding, Severity
from ..rules.catalogue import Rule

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def rule_descriptor(entry: Rule) -> dict:
    help_text = (
        f"{entry.summary}\n\nWhy: {entry.explanation}\n\nExample: {entry.example}\n\n"
        f"Fix: {entry.fix or 'none'}\n\nRFC 1738 section {entry.section}."
    )
    help_markdown = (
        f"**{entry.code} {entry.name}** (RFC 1738 section {entry.section})\n\n{entry.summary}\n\n"
        f"## Why is this bad?\n{entry.explanation}\n\n## Example\n```\n{entry.example}\n```\n\n"
        f"## Fix\n{entry.fix or 'None.'}\n"
    )
    return {
        "id": entry.code,
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": entry.explanation},
        "help": {"text": help_text, "markdown": help_markdown},
        "defaultConfiguration": {"level": _LEVEL[entry.severity]},
        "properties": {"tags": ["rfc1738", f"section-{entry.section}"], "precision": "high"},
    }


def artifact_location(path: str, root: Path) -> dict:
    """A relative URI under %SRCROOT% where the path lies under the root, else a file URI."""
    if path == "-":
        return {"uri": "stdin"}
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(relative.as_posix()), "uriBaseId": "%SRCROOT%"}


def sarif_log(findings: Iterable[Finding], rules: Iterable[Rule], version: str, root: Path | None = None) -> dict:
    root = Path(os.path.abspath(root or os.getcwd()))
    descriptors = list(rules)
    index = {entry.code: i for i, entry in enumerate(descriptors)}
    seen: Counter[str] = Counter()
    results = []
    for finding in findings:
        digest = hashlib.sha256(f"{finding.code}\0{finding.path}\0{finding.url or ''}".encode()).hexdigest()[:16]
        seen[digest] += 1
        region = {
            "startLine": finding.line,
            "startColumn": finding.column,
            "endLine": finding.end_line,
            "endColumn": max(finding.end_column, 1),
        }
        result = {
            "ruleId": finding.code,
            "level": _LEVEL[finding.severity],
            "message": {"text": finding.message},
            "locations": [
                {"physicalLocation": {"artifactLocation": artifact_location(finding.path, root), "region": region}}
            ],
            "partialFingerprints": {"primaryLocationLineHash": f"{digest}:{seen[digest]}"},
        }
        if finding.code in index:
            result["ruleIndex"] = index[finding.code]
        if finding.mail is not None:
            result["properties"] = {"mail": finding.mail.as_json()}
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "urlint",
                        "version": version,
                        "semanticVersion": version,
                        "rules": [rule_descriptor(entry) for entry in descriptors],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
