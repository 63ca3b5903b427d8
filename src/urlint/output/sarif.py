"""SARIF 2.1.0 output, with what GitHub code scanning reads.

Rule metadata (short and full descriptions, help),
`partialFingerprints.primaryLocationLineHash`, and URIs relative to the working directory
under `%SRCROOT%`.

The fingerprint hashes the rule, the masked path and the masked URL (never the source line,
which may hold a password), so it stays put when lines move. Every string taken from the
input (paths, messages, the `mail` properties) has its passwords masked: a file or archive
member name is chosen by whoever wrote it, and may hold a URL with a password.

A finding in an archive member (`a.zip!dir/b.eml`) is located at the archive file itself,
with no region (lines of the member are not lines of the archive), and the member is named
in a logical location: a member name is text in the archive, never a path on disk, so
`a.zip!../../etc/passwd` cannot point outside the scanned root, nor at another file in it."""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

from ..core.findings import Finding, Severity
from ..grammar.login import mask_password
from ..linter.rules.pages import rule_page
from ..linter.rules.rule import Rule
from ..sources.opening import STDIN
from .printable import json_line, masked_values, write_json_list

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def rule_descriptor(entry: Rule) -> dict:
    """A rule as a SARIF reportingDescriptor: its code, name, texts, level and RFC 1738 section."""
    page = rule_page(entry)  # the page `urlint rule` prints: Markdown that reads as text too
    return {
        "id": entry.code,
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": entry.explanation},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": _LEVEL[entry.severity]},
        "properties": {
            "tags": ["rfc1738", *([] if entry.section is None else [f"section-{entry.section}"])],
            "precision": "high",
        },
    }


def artifact_location(path: str, root: Path) -> dict:
    """A relative URI under %SRCROOT% where the path lies under the root, else a file URI.

    `path` is a file's path (an archive's, never a member's): its passwords are masked."""
    if path == STDIN:
        return {"uri": "stdin"}
    # Masked as written (abspath would make a "//u:pw@h" in it one slash), and then with the
    # working directory it lies in, as the root is (_source_root).
    absolute = Path(mask_password(os.path.abspath(mask_password(path))))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return {"uri": absolute.as_uri()}
    # A name that is not UTF-8 holds its bytes as surrogates (os.fsdecode): they are escaped
    # as the bytes they are, as Path.as_uri escapes them.
    uri = quote(relative.as_posix(), errors="surrogateescape")
    return {"uri": uri, "uriBaseId": "%SRCROOT%"}


def split_member(path: str) -> tuple[str, str] | None:
    """(archive, member) where `path` names a member of an archive, else None.

    A member is named as the mail readers name one: `a.zip!b/c.eml`. The path is split at
    the first "!" whose left part is a regular file on disk (or standard input): a plain
    file's name may hold a "!" too. A path with a "!" whose left parts are none of them, and
    which is no file either, is split at its first "!": what follows it can only be a
    member's name."""
    if "!" not in path:
        return None
    at = path.find("!")
    while at >= 0:
        archive = path[:at]
        if archive == STDIN or (archive and os.path.isfile(archive)):
            return archive, path[at + 1 :]
        at = path.find("!", at + 1)
    if os.path.isfile(path):
        return None
    archive, _, member = path.partition("!")
    return (archive, member) if archive else None


def location(path: str, region: dict, root: Path, parts: tuple[str, str] | None) -> dict:
    """A result's location: the file and region, or an archive and its member.

    For an archive member (`parts`, from `split_member`): the archive, with no region, and
    the member as a logical location."""
    if parts is None:
        return {
            "physicalLocation": {
                "artifactLocation": artifact_location(path, root),
                "region": region,
            }
        }
    archive, member = parts
    return {
        "physicalLocation": {"artifactLocation": artifact_location(archive, root)},
        "logicalLocations": [
            {
                "name": mask_password(member),
                "fullyQualifiedName": mask_password(path),
                "kind": "resource",
            }
        ],
    }


def _source_root(root: Path | None) -> Path:
    """%SRCROOT%: the directory given, or the working directory, with its passwords masked
    as every path a result names is (artifact_location): a directory's name may hold a URL
    with a password (section 6), and a masked path still lies under the masked root."""
    return Path(mask_password(os.path.abspath(root or os.getcwd())))


def sarif_log(
    findings: Iterable[Finding], rules: Iterable[Rule], version: str, root: Path | None = None
) -> dict:
    """The SARIF document of `findings`, whole (`write_sarif` streams it)."""
    root = _source_root(root)
    descriptors = list(rules)
    document = _document(descriptors, version, root)
    document["runs"][0]["results"] = list(sarif_results(findings, descriptors, root))
    return document


def write_sarif(
    findings: Iterable[Finding],
    rules: Iterable[Rule],
    version: str,
    out: TextIO,
    root: Path | None = None,
) -> None:
    """The SARIF document, its results written one at a time.

    As `json_line(sarif_log(...), indent=1)` writes it: a run's findings are never held."""
    root = _source_root(root)
    descriptors = list(rules)
    text = json_line(_document(descriptors, version, root), indent=1)
    head, marker, tail = text.rpartition(_NO_RESULTS)
    out.write(head + marker[:-2])
    write_json_list(sarif_results(findings, descriptors, root), out, level=3)
    out.write(tail + "\n")


_NO_RESULTS = '"results": []'


def sarif_results(
    findings: Iterable[Finding], descriptors: list[Rule], root: Path
) -> Iterator[dict]:
    """Each finding as a SARIF result, masked, with a fingerprint that survives moved lines.

    The fingerprint hashes the rule, the path and the URL (passwords masked) and counts
    repeats of them within the file, so it does not change when a finding's line does.
    """
    index = {entry.code: i for i, entry in enumerate(descriptors)}
    # Findings come file by file (and member by member): what a fingerprint counts, and how
    # a path splits, is kept for the path at hand only, never for the run.
    path: str | None = None
    seen: Counter[str] = Counter()
    parts: tuple[str, str] | None = None
    for finding in findings:
        if finding.path != path:
            path, parts = finding.path, split_member(finding.path)
            seen.clear()
        shown_path, url = mask_password(finding.path), mask_password(finding.url or "")
        # (a name that is not UTF-8 holds its bytes as surrogates: hashed as the bytes they are)
        key = f"{finding.code}\0{shown_path}\0{url}".encode("utf-8", "surrogateescape")
        digest = hashlib.sha256(key).hexdigest()[:16]
        seen[digest] += 1
        region = {
            "startLine": finding.line,
            "startColumn": finding.column,
            "endLine": finding.end_line,
            "endColumn": max(finding.end_column, 1),
        }
        result: dict[str, object] = {
            "ruleId": finding.code,
            "level": _LEVEL[finding.severity],
            "message": {"text": mask_password(finding.message)},
            "locations": [location(finding.path, region, root, parts)],
            "partialFingerprints": {"primaryLocationLineHash": f"{digest}:{seen[digest]}"},
        }
        if finding.code in index:
            result["ruleIndex"] = index[finding.code]
        if finding.mail is not None:
            result["properties"] = {"mail": masked_values(finding.mail.as_json())}
        yield result


def _document(descriptors: list[Rule], version: str, root: Path) -> dict:
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
                "results": [],
            }
        ],
    }
