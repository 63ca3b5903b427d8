"""What `urlint check` writes into what it reads: `--fix` in place and on standard input,
`--diff`, `--add-ignore`; each file or finding it cannot write for said in one line.
"""

from __future__ import annotations

import sys

from ..core.exits import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK
from ..grammar.display import shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import TextIO

    from ..core.findings import Finding
    from ..linter.baseline import Baseline
    from ..linter.config import Settings
    from ..sources.files import FileId


def note(path: str, text: str) -> None:
    """A note on standard error about `path`; both shown masked and printable (an error's
    text may quote the path again)."""
    print(f"urlint: {shown(path)}: {shown(text)}", file=sys.stderr)


def fixed_stdin(settings: Settings, name: str) -> tuple[bytes | None, int]:
    """Standard input with its safe fixes applied (read as the file `name`), written to
    standard output as ruff's `check --fix -` writes it (an editor or a formatter pipes
    through it): the bytes written and how many fixes. Where it cannot be fixed, it is
    written out as it came and the reason said (None): the text is never lost."""
    from ..linter.fixes import NotFixed, fixed_input
    from ..sources.text import MAX_SOURCE_BYTES

    data = sys.stdin.buffer.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        outcome: tuple[bytes, int] | NotFixed = NotFixed(
            name, "not fixed: standard input is larger than 64 MB"
        )
        data += sys.stdin.buffer.read()
    else:
        outcome = fixed_input(settings, name, data)
    fixed, count = (data, 0) if isinstance(outcome, NotFixed) else outcome
    sys.stdout.buffer.write(fixed)
    sys.stdout.buffer.flush()
    if isinstance(outcome, NotFixed):
        note(outcome.path, outcome.reason)
        return None, 0
    return fixed, count


def fix_in_place(settings: Settings, paths: list[str]) -> tuple[int, int]:
    """The safe fixes applied in place: how many, and in how many files none could be."""
    from ..linter.fixes import NotFixed, fix_files

    fixed = not_fixed = 0
    for outcome in fix_files(settings, paths):
        if isinstance(outcome, NotFixed):
            note(outcome.path, outcome.reason)
            not_fixed += 1
        else:
            fixed += outcome
    return fixed, not_fixed


def diff_written(settings: Settings, paths: list[str], out: TextIO) -> int:
    """The safe fixes written to `out` as a diff; exit 1 when there is one."""
    from ..linter.fixes import NotFixed, fix_diffs

    changed = False
    for diff in fix_diffs(settings, paths):
        if isinstance(diff, NotFixed):
            note(diff.path, diff.reason)
        else:
            changed = True
            out.write(diff)
    return EXIT_FINDINGS if changed else EXIT_OK


def ignores_added(
    settings: Settings,
    paths: list[str],
    baseline: Baseline | None,
    own: frozenset[FileId],
    quiet: bool,
) -> int:
    """An ignore comment added for each current finding (linter/add_ignore.py); each one
    that cannot be, and how many were added, said on standard error; exit status 0, or 2
    where a file could not be written (it is left as it was)."""
    from ..linter.add_ignore import NotAdded, add_ignores

    added, unwritten = 0, False
    for outcome in add_ignores(settings, paths, baseline, own):
        if isinstance(outcome, NotAdded):
            note(
                f"{outcome.path}:{outcome.line}",
                f"{outcome.code}: no ignore comment: {outcome.reason}",
            )
            unwritten = unwritten or outcome.unwritten
        else:
            added += outcome.comments
    if not quiet:
        print(f"urlint: added {added} ignore comment{'s' if added != 1 else ''}", file=sys.stderr)
    return EXIT_ERROR if unwritten else EXIT_OK


class FixesLeft:
    """How many findings a run reported with a fix still to apply, once --fix has run."""

    def __init__(self) -> None:
        self.count = 0

    def counted(self, findings: Iterable[Finding]) -> Iterator[Finding]:
        for finding in findings:
            self.count += finding.fix is not None
            yield finding
