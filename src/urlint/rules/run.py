"""M rules: findings about the run itself, reported by the checker, not by rule functions."""

from __future__ import annotations

from ..findings import Severity
from .catalogue import Rule, add

add(Rule(
    "M901", "unused-suppression", Severity.WARNING, "-",
    summary="An `urlint: ignore[...]` comment that suppresses nothing.",
    explanation=(
        "A suppression that matches no finding on its line or the next is stale: the URL was "
        "fixed or moved, or the code is misspelt. Left in place, it would silently hide a "
        "future problem."
    ),
    example="# urlint: ignore[P501]   (on a line with no password, nor one on the next line)",
    fix="Remove the comment, or correct its code.",
))
add(Rule(
    "M902", "unreadable-input", Severity.ERROR, "-",
    summary="An input that could not be read (missing, no permission, or undecodable).",
    explanation=(
        "A file that cannot be read was not checked: its URLs are unknown. The run goes on "
        "with the other inputs and reports this one, so CI does not pass by accident."
    ),
    example="urlint check missing.txt",
    fix="Check the path and its permissions.",
))
add(Rule(
    "M903", "binary-skipped", Severity.INFO, "-",
    summary="A binary file named on the command line was skipped.",
    explanation=(
        "urlint reads text. A file with NUL bytes in its first 8 KiB is taken for binary and "
        "skipped; one found while walking a directory is skipped silently."
    ),
    example="urlint check image.png",
    fix="Leave binary files out of the run.",
))
