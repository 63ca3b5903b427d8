"""Applying safe fixes (`--fix`) and showing them (`--diff`).

A fix is a set of raw edits (findings.Edit) that never changes what a URL means and never
touches a URL that may hold a password (rules.engine). Edits that overlap an earlier one are
applied in the file's next pass. The file is read and written back by one decoder
(sources.text.SourceText, the scan's own), so an edit lands on the character the scan saw,
and each chunk is written in the encoding it was read in (a UTF-16 file stays UTF-16 with
its byte order mark). The diff hides every password in the file (source_view), so `--diff`
shows none either (RFC 1738 section 6). A file whose fixes cannot be applied is said
(NotFixed), not written. Standard input's text is fixed the same way (`fixed_input`).
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Iterable, Iterator

from ..core.findings import Edit, Finding
from ..core.inputs import InputFile
from ..core.records import record
from ..grammar.display import printable, shown
from ..scanner.textpos import line_starts
from ..sources.files import iter_files
from ..sources.rewriting import Refused, rewrite
from ..sources.text import SourceText
from .checker import Checker
from .config import Settings
from .source_view import SourceView

Replacement = tuple[int, int, str]  # (start, end, text): offsets in a text


def offsets(text: str, edits: Iterable[Edit]) -> list[Replacement]:
    """Edits at raw positions as offsets into `text` (lines counted at "\\n", as the scan does)."""
    starts = line_starts(text)

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    return [
        (
            offset(e.span.start.line, e.span.start.column),
            offset(e.span.end.line, e.span.end.column),
            e.text,
        )
        for e in edits
    ]


def apply_replacements(
    text: str, replacements: Iterable[Replacement]
) -> tuple[str, list[Replacement]]:
    """`text` with `replacements` applied (overlapping ones skipped), and those applied."""
    chosen: list[Replacement] = []
    last_end = -1
    for start, end, new in sorted(replacements, key=lambda item: (item[0], item[1])):
        if start < last_end or (
            start == last_end and chosen and chosen[-1][0] == chosen[-1][1] == start
        ):
            continue
        chosen.append((start, end, new))
        last_end = end
    pieces, cursor = [], 0
    for start, end, new in chosen:
        pieces.append(text[cursor:start])
        pieces.append(new)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces), chosen


def apply_edits(text: str, edits: Iterable[Edit]) -> tuple[str, int]:
    """`text` with `edits` applied (overlapping ones skipped), and how many were applied."""
    fixed, chosen = apply_replacements(text, offsets(text, edits))
    return fixed, len(chosen)


def fixed_bytes(source: SourceText, edits: Iterable[Edit]) -> tuple[bytes, int]:
    """The file's bytes with `edits` applied, and how many were applied.

    Each chunk is written in its own encoding. Raises UnicodeEncodeError."""
    fixed, chosen = apply_replacements(source.text, offsets(source.text, edits))
    shifts = [(start, len(new) - (end - start)) for start, end, new in chosen]
    return source.encoded(fixed, shifts), len(chosen)


def fix_edits(findings: Iterable[Finding]) -> list[Edit]:
    """The edits of every finding's fix, in the findings' order (findings with no fix add none)."""
    return [edit for finding in findings if finding.fix is not None for edit in finding.fix.edits]


@record
class NotFixed:
    """A file whose safe fixes were not applied, and why (said on standard error)."""

    path: str
    reason: str


# How many times a file's fixes are applied, at most, while its fixed text has more (a fix
# that overlapped another's, a host's split joined and then a character of it encoded):
# each pass reads the file again
_PASSES = 8


def fix_files(settings: Settings, paths: list[str]) -> Iterator[int | NotFixed]:
    """The safe fixes under `paths` applied in place: for each file fixed, how many were.

    A fixed file is checked again, and fixed again while it has fixes (at most _PASSES
    times): a fix that overlapped another, or one the fixed text shows, is applied on the
    text the pass before made (ruff's --fix goes on the same way)."""
    for path, source, edits in _fixable_files(settings, paths):
        applied = 0
        for _ in range(_PASSES):
            outcome = _written(path, source, edits)
            if isinstance(outcome, NotFixed):
                if applied:
                    yield applied  # an earlier pass's fixes are in the file
                yield outcome
                break
            applied += outcome
            again = next(_fixable_files(settings, [path]), None)
            if again is None:
                yield applied
                break
            _, source, edits = again
        else:
            yield applied


def _written(path: str, source: SourceText | NotFixed, edits: list[Edit]) -> int | NotFixed:
    """The file at `path` written with `edits` applied to `source`: how many were (those
    overlapping an earlier one are not), or why none could be."""
    if isinstance(source, NotFixed):
        return source
    try:
        data, applied = fixed_bytes(source, edits)
        rewrite(path, data, expected=source.encoded(source.text, []))
    except Refused as refused:
        return NotFixed(path, str(refused))
    except (OSError, UnicodeEncodeError) as error:
        return NotFixed(path, f"cannot write the fixes: {_reason(error)}")
    return applied


def fixed_input(settings: Settings, name: str, data: bytes) -> tuple[bytes, int] | NotFixed:
    """`data` (standard input's bytes, read as the file `name`: --stdin-filename) with its
    safe fixes applied, pass after pass as `fix_files` applies a file's, and how many were;
    NotFixed where it is not text urlint may write back as it was, or `name` is excluded."""
    import io

    from ..sources.kinds import TEXT, recognised

    if settings.selection.excludes(name):
        return NotFixed(name, "not fixed: excluded (--force-exclude)")
    _, _, kind = recognised(name, io.BytesIO(data), name)
    if kind != TEXT:
        return NotFixed(name, f"not fixed: standard input holds {kind}, not text")
    return _fixed_in_passes(Checker(settings), name, data)


def _fixed_in_passes(checker: Checker, name: str, data: bytes) -> tuple[bytes, int] | NotFixed:
    """`data`, the bytes of the file `name`, with its safe fixes applied pass after pass
    (at most _PASSES) while the text they make has more, each pass read as the file is
    read; and how many were applied. NotFixed where the bytes do not decode, or a fix
    cannot be written in the text's encoding."""
    import io

    from ..sources.text import read_chunks, scan_texts

    applied = 0
    for _ in range(_PASSES):
        source = SourceText.of(io.BytesIO(data))
        if source is None or not source.exact:
            return NotFixed(name, "not fixed: some of its bytes do not decode as text")
        found = checker.check_items(name, scan_texts(read_chunks(io.BytesIO(data)), name))
        edits = fix_edits(finding for finding in found if isinstance(finding, Finding))
        if not edits:
            break
        try:
            data, count = fixed_bytes(source, edits)
        except UnicodeEncodeError as error:
            return NotFixed(name, f"cannot write the fixes: {_reason(error)}")
        applied += count
    return data, applied


def fix_diffs(settings: Settings, paths: list[str]) -> Iterator[str | NotFixed]:
    """The safe fixes under `paths` as a unified diff for each file, passwords hidden: what
    `fix_files` would write, its passes after the first included."""
    import io

    checker = Checker(settings)
    for path, source, _ in _fixable_files(settings, paths):
        if isinstance(source, NotFixed):
            yield source
            continue
        fixed = _fixed_in_passes(checker, path, source.encoded(source.text, []))
        if isinstance(fixed, NotFixed):
            yield fixed
            continue
        after = SourceText.of(io.BytesIO(fixed[0]))
        diff = masked_text_diff(path, source.text, source.text if after is None else after.text)
        if diff:
            yield diff


def _fixable_files(
    settings: Settings, paths: list[str]
) -> Iterator[tuple[str, SourceText | NotFixed, list[Edit]]]:
    """(path, its text, the edits of its safe fixes) for every file with one; where the
    text cannot be read again exactly, NotFixed in its place."""
    checker = Checker(settings)
    for item in iter_files(paths, selection=settings.selection):
        if not isinstance(item, InputFile):
            continue
        read = _version(item.path)
        edits = fix_edits(checker.check_file(item))
        if not edits:
            continue
        if read is None:  # read once as a stream; written never, nor through a link
            reason = "not fixed: not a regular file (a symbolic link, a FIFO or a device)"
            yield item.path, NotFixed(item.path, reason), edits
            continue
        source = SourceText.read(item.path)
        if _version(item.path) != read:
            # the edits were decided on a text this one may not be: another run's fixes
            # applied to it meanwhile would be applied twice (`%7E7E`)
            reason = "not fixed: it changed while it was checked (run again)"
            yield item.path, NotFixed(item.path, reason), edits
        elif source is None:
            reason = "not fixed: the file is too large or could not be read again"
            yield item.path, NotFixed(item.path, reason), edits
        elif not source.exact:
            reason = "not fixed: some of its bytes do not decode as its byte order mark says"
            yield item.path, NotFixed(item.path, reason), edits
        else:
            yield item.path, source, edits


def _version(path: str) -> tuple[int, int, int, int] | None:
    """Which version of the regular file at `path` is there: a replaced or rewritten file
    has another inode, size or change time. None for a symbolic link, anything but a
    regular file, or one that cannot be looked at."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def _reason(error: OSError | UnicodeEncodeError) -> str:
    """What went wrong, in the system's words where it has them ("File too large")."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def masked_text_diff(path: str, old: str, new: str) -> str:
    """Unified diff of the text `old` against `new` (the same text fixed), every password
    hidden in both (a fix never touches a URL that may hold one)."""
    before, _ = apply_replacements(old, SourceView(old).mask_edits())
    after, _ = apply_replacements(new, SourceView(new).mask_edits())
    return _unified(path, before, after)


def _unified(path: str, before: str, after: str) -> str:
    """The unified diff of two texts of the file at `path`, each line printable."""
    name = shown(path)
    lines = difflib.unified_diff(
        _lines(before), _lines(after), fromfile=f"a/{name}", tofile=f"b/{name}"
    )
    return "".join(
        printable(line[:-1]) + "\n" if line.endswith("\n") else printable(line) for line in lines
    )


def _lines(text: str) -> list[str]:
    """Lines as the scan counts them: ended by "\n" only (str.splitlines also breaks at
    form feeds and U+2028, and would number the diff's lines differently)."""
    return _LINE.findall(text)


_LINE = re.compile(r"[^\n]*\n|[^\n]+")
