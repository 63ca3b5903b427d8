"""`--format gitlab`: a GitLab Code Quality report.

GitLab reads a job's `artifacts:reports:codequality` file, a JSON list of issues (a subset
of the Code Climate format), and shows them in the merge request and the pipeline. Each
issue here has the fields GitLab needs:

- `description`: the code and the message, as the text format writes them;
- `check_name`: the rule's code;
- `fingerprint`: what GitLab tells one issue from another by, between the two branches a
  merge request compares; stable across runs and when lines move (below);
- `severity`: info, minor, major, critical or blocker (`gitlab_severity`);
- `location.path` and `location.lines.begin`: the file, as given on the command line with
  no leading "./", and the line.

The fingerprint is the baseline's key of the finding (linter.baseline: the rule, the path
and a hash of the URL, passwords masked before hashing), hashed once more with how many
findings of that key came before it in the file: two identical URLs in a file are two
issues, and a line added above either changes neither fingerprint. A finding in an archive
member (`a.zip!b.eml`) is located at the archive, on its first line (a member's lines are
not the archive's), and the member is named in the description.

No field shows a password: the path, the member and the message have theirs masked, and
the fingerprint hashes only masked text. Written as the findings come (never held).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator

from ..core.findings import Finding, Severity

# The baseline's key, reused so that a fingerprint names a finding as a baseline does.
from ..linter.baseline import finding_key as baseline_key
from ..linter.baseline import normalise_path
from .printable import masked_text, write_json_list
from .sarif import SECURITY_SEVERITY, split_member

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

# urlint's three severities on GitLab's five. An error is a URL a client may read otherwise
# than meant, or not at all: "major". A warning is a URL that works but is fragile: "minor".
# Info is advice, off unless selected: "info". An error of a security rule (a password in a
# URL, a cross-protocol port, an encoded line break: sections 3.1 and 6) is "critical":
# GitLab lists it first. "blocker" is left to the pipeline: whether a finding blocks a
# merge is --fail-on's to say, and the exit status says it.
_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def gitlab_severity(finding: Finding) -> str:
    """The finding's severity as GitLab's Code Quality names it (see _SEVERITY for why)."""
    if finding.severity is Severity.ERROR and finding.code in SECURITY_SEVERITY:
        return "critical"
    return _SEVERITY[finding.severity]


def fingerprint(finding: Finding, occurrence: int = 1) -> str:
    """The finding's fingerprint: its baseline key and its `occurrence` (1 for the first
    finding of that key in its file), hashed; 32 hexadecimal digits."""
    return _hashed(baseline_key(finding), occurrence)


def _hashed(key: tuple[str, str, str], occurrence: int) -> str:
    text = "\0".join((*key, str(occurrence)))
    # (a name that is not UTF-8 holds its bytes as surrogates: hashed as the bytes they are)
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def gitlab_issues(findings: Iterable[Finding]) -> Iterator[dict]:
    """Each finding as a GitLab Code Quality issue, in the order found."""
    path: str | None = None
    parts: tuple[str, str] | None = None
    seen: Counter[tuple[str, str, str]] = Counter()
    for finding in findings:
        # Findings come file by file (and member by member): what is counted, and how a path
        # splits, is kept for the path at hand only, never for the run.
        if finding.path != path:
            path, parts = finding.path, split_member(finding.path)
            seen.clear()
        key = baseline_key(finding)
        seen[key] += 1
        description = f"{finding.code} {masked_text(finding.message)}"
        file, line = finding.path, finding.line
        if parts is not None:
            file, line = parts[0], 1
            description += f" (in {masked_text(parts[1])})"
        yield {
            "description": description,
            "check_name": finding.code,
            "fingerprint": _hashed(key, seen[key]),
            "severity": gitlab_severity(finding),
            "location": {"path": masked_text(normalise_path(file)), "lines": {"begin": line}},
        }


def write_gitlab(findings: Iterable[Finding], out: TextIO) -> None:
    """The GitLab Code Quality report of `findings`: a JSON list, one issue at a time."""
    write_json_list(gitlab_issues(findings), out)
    out.write("\n")


__all__ = ["fingerprint", "gitlab_issues", "gitlab_severity", "write_gitlab"]
