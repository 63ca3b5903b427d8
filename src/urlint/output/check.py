"""Output of `urlint check`: text, concise, full, json, jsonl, github, and statistics.

Field names and line shapes are public contracts (docs/reference/output-formats.md). Nothing
here ever shows a password: a finding's URL arrives masked, every other field from the input (path,
message) is masked here (`safe`), and source lines shown by `full` arrive from a
`SourceView`, masked wherever any reading of any URL in the file holds one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice, takewhile
from operator import itemgetter

from ..core.findings import Finding, Fix, Severity
from ..grammar.display import printable, shown
from ..grammar.login import MASK, mask_password, merged_spans
from ..linter.rules.rule import RFC1738

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, TextIO

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


def masked_source_line(
    line: str, cuts: Iterable[tuple[int, int]]
) -> tuple[str, Callable[[int], int]]:
    """`line` as shown, its `cuts` masked, and a map from a raw column to a shown one.

    Each of `cuts` (1-based columns, end exclusive; they may overlap) is shown as MASK, tabs
    as one space, other unprintable characters escaped; the map is a function from a raw
    column to its column in what is shown."""
    from bisect import bisect_right  # here: only the full format shows source lines

    masks = merged_spans(list(cuts))
    pieces: list[str] = []
    # (raw column, shown column, per-character shown columns or None) where each run starts
    runs: list[tuple[int, int, list[int] | None]] = []
    width, raw = 0, 1
    for start, end in [*masks, (len(line) + 1, len(line) + 1)]:
        text = line[raw - 1 : start - 1].replace("\t", " ")
        if text:
            if text.isprintable():
                runs.append((raw, width + 1, None))
                pieces.append(text)
                width += len(text)
            else:
                shown_columns = []
                for char in text:
                    shown_columns.append(width + 1)
                    piece = printable(char)
                    pieces.append(piece)
                    width += len(piece)
                runs.append((raw, shown_columns[0], shown_columns))
        if start < end:
            runs.append((start, width + 1, []))  # every column of a mask shows at its start
            pieces.append(MASK)
            width += len(MASK)
        raw = max(raw, end)
    runs.append((max(raw, len(line) + 1), width + 1, None))
    starts = [run[0] for run in runs]

    def column(at: int) -> int:
        run_start, shown_start, per_char = runs[max(0, bisect_right(starts, at) - 1)]
        if per_char is None:
            return shown_start + at - run_start
        return per_char[at - run_start] if at - run_start < len(per_char) else shown_start

    return "".join(pieces), column


# A long line (a minified file's) is shown around the finding: this many characters before
# its span's start and twice as many from there, the line's cuts marked "...". Shown whole
# for each finding, a line of thousands of URLs made output (and time) grow with the
# square of the line.
LINE_CONTEXT = 80


def full_block(
    finding: Finding, line: str | None, cuts: Sequence[tuple[int, int]] = (), colour: bool = False
) -> str:
    """The finding, its source line with a caret under the span, and its fix.

    The line has its `cuts` masked (sorted, apart, as SourceView.line gives them) and the
    finding's own password spans."""
    head = f"{text_line(finding, colour)} [{finding.name}]"
    if line is None:
        return head
    own = [
        (span.start.column, span.end.column)
        for span in finding.password_spans
        if span.start.line == finding.line
    ]
    raw = line.rstrip("\r\n")
    span_end = finding.end_column if finding.end_line == finding.line else len(raw) + 1
    # The columns shown, [first, last): the whole line, or a window of a long one.
    first, last = 1, len(raw) + 1
    if len(raw) > 3 * LINE_CONTEXT:
        first = max(1, finding.column - LINE_CONTEXT)
        last = min(len(raw) + 1, finding.column + 2 * LINE_CONTEXT)
    # Each mask clipped to the window: what of a password the window shows is masked. The
    # cuts in it found by their ends (a line of thousands of findings and passwords, each
    # finding a window: linear, not their product).
    from bisect import bisect_right  # only for `full`: the pre-commit start-up loads no more

    shown_cuts = islice(cuts, bisect_right(cuts, first, key=itemgetter(1)), None)
    masks = [
        (max(start, first) - first + 1, min(end, last) - first + 1)
        for start, end in (*takewhile(lambda cut: cut[0] < last, shown_cuts), *own)
        if start < last and end > first
    ]
    shown_line, column = masked_source_line(raw[first - 1 : last - 1], masks)
    before = "..." if first > 1 else ""
    start = len(before) + column(finding.column - first + 1)
    end = len(before) + column(min(span_end, last) - first + 1)
    shown_line = before + shown_line + ("..." if last <= len(raw) else "")
    width = max(1, end - start)
    number = str(finding.line)
    gutter = " " * len(number)
    lines = [
        head,
        f"{gutter} |",
        f"{number} | {shown_line}",
        f"{gutter} | {' ' * (start - 1)}{'^' * width}",
    ]
    if finding.fix is not None:
        lines.append(f"{gutter} = fix: {printable(finding.fix.description)}")
    return "\n".join(lines)


def statistics(findings: Iterable[Finding]) -> list[str]:
    """The `--statistics` lines: each rule's count, code, name and severity, most found first."""
    counts = Counter((f.code, f.name, f.severity.value) for f in findings)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    width = max((len(str(n)) for _, n in rows), default=1)
    return [f"{n:>{width}}  {code}  {name} [{severity}]" for (code, name, severity), n in rows]


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
