"""SARIF 2.1.0 output, with what GitHub code scanning reads.

Rule metadata (short and full descriptions, help, precision, and the `security` tag and
`security-severity` on the security rules),
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
from ..linter.rules.rule import RFC1738, Rule
from ..sources.opening import STDIN
from .printable import json_line, masked_values, write_json_list

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


# GitHub code scanning reads two properties of a rule beyond SARIF's own ("SARIF support for
# code scanning", reportingDescriptor object): `precision` (very-high, high, medium, low),
# how often the rule's results are true, which orders and filters the alerts; and, for a
# rule tagged `security`, `security-severity`, a score from "0.0" to "10.0" that ranks its
# alerts as security alerts (over 9.0 critical, 7.0-8.9 high, 4.0-6.9 medium, 0.1-3.9 low).

# The security rules (the P family, RFC 1738 sections 3.1 and 6) and their scores, each set
# beside the CWE the rule's risk is and the score GitHub's own CodeQL queries give that CWE.
SECURITY_SEVERITY = {
    # A password written in a URL: a credential stored in clear text (CWE-312), 7.5 as
    # CodeQL's clear-text storage queries; high, not critical, as many are examples in
    # documentation, and none is known to be live.
    "P501": "7.5",
    # A user name: exposure of information (CWE-200) that tells an account exists; low.
    "P502": "2.0",
    # A port other than the scheme's default: section 6's caution, a risk only with another
    # fault (a service on that port that reads the request another way); low.
    "P503": "3.1",
    # Another protocol's well-known port: section 6's cross-protocol request (a gopher URL that
    # sends mail through an SMTP server), CWE-441 (unintended proxy); medium, as it takes a
    # client to follow the URL.
    "P504": "5.3",
    # An encoded CR, LF or NUL a client decodes into its request: CRLF injection (CWE-93),
    # 6.1 as CodeQL's response-splitting queries.
    "P505": "6.1",
}

# What a rule's results are worth, by family: a C, R or S rule compares the URL with section
# 5's BNF and a table of schemes, and an M rule reports what the run itself met, so their
# results are what they say ("very-high"); a check beyond the BNF rests on the RFC's prose
# or a later RFC ("high", as the rule's page says under "Beyond the BNF"); a P rule on a
# login reports every reading of where an ambiguous login ends, not only the reading a
# client takes ("high"); an X rule reads the text around a URL (how it was wrapped, where a
# page footer is), where a reader may have meant otherwise ("medium"), but for a wrapper
# that never closes or holds nothing, which is what it is.
_PRECISION_BY_FAMILY = {"C": "very-high", "R": "very-high", "S": "very-high", "M": "very-high"}
_PRECISION = {
    "P501": "high", "P502": "high", "P503": "very-high", "P504": "very-high", "P505": "very-high",
    "X101": "very-high", "X106": "very-high",
}  # fmt: skip


def rule_precision(entry: Rule) -> str:
    """How often the rule's results are true, as GitHub code scanning's `precision` says it."""
    if entry.code in _PRECISION:
        return _PRECISION[entry.code]
    if entry.beyond_bnf:
        return "high"
    return _PRECISION_BY_FAMILY.get(entry.code[:1], "medium")


def rule_descriptor(entry: Rule, rule_pages: str | None = None) -> dict:
    """A rule as a SARIF reportingDescriptor: its code, name, texts, level and RFC 1738
    section; its precision, and for a security rule its tag and security severity; with
    `rule_pages` (a URL template holding `{code}`), its page's address (helpUri).

    A rule graded by --target rfc3986 (catalogue.rules_under) has that standard's level and
    the tag "rfc3986" (its page says which section of RFC 3986 speaks to it)."""
    page = rule_page(entry)  # the page `urlint rule` prints: Markdown that reads as text too
    if entry.graded_by != "rfc1738":
        tags = [entry.graded_by]
    else:
        tags = ["rfc1738", *([] if entry.section is None else [f"section-{entry.section}"])]
    properties: dict[str, object] = {"tags": tags, "precision": rule_precision(entry)}
    score = SECURITY_SEVERITY.get(entry.code)
    if score is not None:
        tags.append("security")
        properties["security-severity"] = score
    descriptor = {
        "id": entry.code,
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": entry.explanation},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": _LEVEL[entry.severity]},
        "properties": properties,
    }
    if rule_pages:
        from .markdown import filled

        descriptor["helpUri"] = filled(rule_pages, code=entry.code)
    return descriptor


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
    findings: Iterable[Finding],
    rules: Iterable[Rule],
    version: str,
    root: Path | None = None,
    target: str = RFC1738,
    rule_pages: str | None = None,
) -> dict:
    """The SARIF document of `findings`, whole (`write_sarif` streams it); `target`: the
    standard the run linted against, in the run's property bag; `rule_pages`: where the
    rules' pages are (rule_descriptor)."""
    root = _source_root(root)
    descriptors = list(rules)
    document = _document(descriptors, version, root, target, rule_pages)
    document["runs"][0]["results"] = list(sarif_results(findings, descriptors, root))
    return document


def write_sarif(
    findings: Iterable[Finding],
    rules: Iterable[Rule],
    version: str,
    out: TextIO,
    root: Path | None = None,
    target: str = RFC1738,
    rule_pages: str | None = None,
) -> None:
    """The SARIF document, its results written one at a time.

    As `json_line(sarif_log(...), indent=1)` writes it: a run's findings are never held."""
    root = _source_root(root)
    descriptors = list(rules)
    text = json_line(_document(descriptors, version, root, target, rule_pages), indent=1)
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
        if finding.more:  # the same rule's other places in this URL
            result["relatedLocations"] = [
                {
                    "id": number,
                    **location(
                        finding.path,
                        {
                            "startLine": span.start.line,
                            "startColumn": span.start.column,
                            "endLine": span.end.line,
                            "endColumn": max(span.end.column, 1),
                        },
                        root,
                        parts,
                    ),
                }
                for number, span in enumerate(finding.more, 1)
            ]
        if finding.mail is not None:
            result["properties"] = {"mail": masked_values(finding.mail.as_json())}
        yield result


def _document(
    descriptors: list[Rule], version: str, root: Path, target: str, rule_pages: str | None
) -> dict:
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
                        "rules": [rule_descriptor(e, rule_pages) for e in descriptors],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                # The run's property bag (SARIF 2.1.0 section 3.8): the standard it linted
                # against, as --target names it.
                "properties": {"target": target},
                "results": [],
            }
        ],
    }
