"""The full format of `urlint check`: each finding with its source line, a caret under it.

Its line shape is a public contract (docs/reference/output-formats.md). Source lines arrive
from a `SourceView`, masked wherever any reading of any URL in the file holds a password,
and the finding's own password spans are masked here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import islice, takewhile
from operator import itemgetter

from ..core.findings import Finding
from ..grammar.display import printable
from ..grammar.login import MASK, merged_spans
from .check import text_line


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
