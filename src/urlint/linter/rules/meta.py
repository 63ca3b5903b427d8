"""M rules: findings about the run itself, reported by the checker, not by rule functions."""

from __future__ import annotations

from ...core.findings import Severity
from .rule import Rule

# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    Rule(
        "M901",
        "unused-suppression",
        Severity.WARNING,
        None,
        rfc3986=Severity.WARNING,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary="An `urlint: ignore[...]` comment that suppresses nothing.",
        explanation=(
            "A suppression that matches no finding on its line or the next is stale: the URL was "
            "fixed or moved, or the code is misspelt. Left in place, it would silently hide a "
            "future problem."
        ),
        example="# urlint: ignore[P501]   (on a line with no password, nor one on the next line)",
        use_instead=(
            "the same line without the comment; a suppression only where its finding is: "
            "http://example.com/~fred/  # urlint: ignore[C202]"
        ),
        fix="Remove the comment, or correct its code.",
        fix_safety=(
            "No automatic fix: the comment may name a misspelt code for a finding that is there, "
            "which only its author can correct; `--fix` leaves suppressions as they are."
        ),
    ),
    Rule(
        "M902",
        "unreadable-input",
        Severity.ERROR,
        None,
        rfc3986=Severity.ERROR,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary="An input that could not be read (missing, no permission, or undecodable).",
        explanation=(
            "A file that cannot be read was not checked: its URLs are unknown. The run goes on "
            "with the other inputs and reports this one, so CI does not pass by accident."
        ),
        example="urlint check missing.txt",
        use_instead=(
            "urlint check notes.txt   (a path that exists and that the user running urlint may "
            "read)"
        ),
        fix="Check the path and its permissions.",
        fix_safety=(
            "No fix: the input was not read (or, for an internal error, the URL not linted), so "
            "there is nothing urlint could edit."
        ),
    ),
    Rule(
        "M903",
        "binary-skipped",
        Severity.INFO,
        None,
        rfc3986=Severity.INFO,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary="A binary file named on the command line was skipped.",
        explanation=(
            "urlint reads text. A file with NUL bytes in its first 8 KiB is taken for binary and "
            "skipped; one found while walking a directory is skipped silently."
        ),
        example="urlint check image.png",
        use_instead=(
            "urlint check docs/   (binary files found while walking a directory are skipped "
            "without a finding)"
        ),
        fix="Leave binary files out of the run.",
        fix_safety="No fix: the file is not text, and urlint never writes to it.",
    ),
    Rule(
        "M904",
        "damaged-message",
        Severity.WARNING,
        None,
        rfc3986=Severity.WARNING,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary="A mail or news message that is damaged; it was read as far as it goes.",
        explanation=(
            "A message with a malformed header line, a multipart boundary that never appears or "
            "is never closed, truncated base64, NUL bytes or an unknown transfer encoding is "
            "read the way a mail client would read it, and the rest of the archive after it is "
            "read as usual. Its URLs may be incomplete: this finding says where to look. A "
            "mailbox or archive that cannot be read to its end is M902 instead. A file whose "
            "name says it is a message, a zip or a compressed stream, and is not, is M904 too: "
            "it is read as what it is (nothing in it decoded)."
        ),
        example='Content-Type: multipart/mixed; boundary="xyz"   (and no --xyz line follows)',
        use_instead=(
            'Content-Type: multipart/mixed; boundary="xyz"   (then a --xyz line before each part, '
            "and --xyz-- after the last)"
        ),
        fix="Nothing to fix in the project; repair the message if the archive is yours.",
        fix_safety=(
            "No fix: urlint reads mail as a mail client would and never rewrites it; no finding in "
            "mail or an archive gets a fix, since its text is decoded."
        ),
    ),
    Rule(
        "M905",
        "charset-fallback",
        Severity.INFO,
        None,
        rfc3986=Severity.INFO,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary=(
            "A text part whose charset is unknown, or whose text is not in the charset it names."
        ),
        explanation=(
            "The part was read as UTF-8 where it is that, else as Windows-1252, the usual truth "
            "behind a wrong Western label. URLs are ASCII (RFC 1738, section 2.2), so they come "
            "out whole; text around them may show the wrong characters."
        ),
        example="Content-Type: text/plain; charset=us-ascii   (with 8-bit bytes in the body)",
        use_instead=(
            "Content-Type: text/plain; charset=utf-8   (the charset the body is written in)"
        ),
        fix="Nothing to fix in the project; relabel the part if the archive is yours.",
        fix_safety=(
            "No fix: the charset the bytes are in is a guess (UTF-8, else Windows-1252), and "
            "urlint never rewrites mail."
        ),
    ),
    Rule(
        "M906",
        "limit-reached",
        Severity.WARNING,
        None,
        rfc3986=Severity.WARNING,
        rfc3986_says=("About the run, not a URL: the same under either standard."),
        summary=(
            "A limit that keeps time and memory bounded was reached: part of an input was read in "
            "pieces or passed over."
        ),
        explanation=(
            "urlint reads any input in bounded memory. A message longer than 64 MB is read up to "
            "there (the rest of an mbox message as plain text; the rest of an MMDF or Babyl "
            "message is passed over, and the messages after it are read as ever), a text part "
            "is decoded up to 32 MB (8 MB when it is not ASCII), and a run of more than 16 MB "
            "without whitespace is read in pieces, so a URL across a cut is cut "
            "(no real URL is that long: RFC 1738, section 2.2 puts no bound on it, every program "
            "that reads URLs does). What lies past a limit may hold URLs that are not reported."
        ),
        example="an MMDF mailbox whose second message holds a 100 MB attachment",
        use_instead=(
            "the same mailbox with that attachment saved as a file of its own, so that no message "
            "is over 64 MB"
        ),
        fix="Nothing to fix in the project; split the input if every byte of it must be read.",
        fix_safety=(
            "No fix: the limits keep time and memory bounded, and only a smaller input is read "
            "whole."
        ),
    ),
)
