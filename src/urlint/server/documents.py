"""An open document linted as `urlint check` lints its file, and what an editor is sent of it.

The findings are the checker's (linter.checker.Checker.check_items over the text scanned in
the syntax its name says: sources.text.scan_texts), under the configuration `urlint check`
would read for the file: the nearest urlint.toml or pyproject.toml with a [tool.urlint]
table from the file's directory up, with the file's path as `check` run in that
configuration's directory names it (per-file-ignores match it). The edits are the ones
`check --fix` applies (linter.fixes) and `check --add-ignore` writes (linter.add_ignore),
made by their own code. Nothing here imports pygls: the places are plain numbers, in the
units the editor counts (`Places`).
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Sequence

from ..core.exits import ConfigError
from ..core.findings import Finding
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from ..grammar.display import shown
from ..linter.checker import Checker
from ..linter.config import Settings, build_settings, find_config, load_config
from ..linter.fixes import Replacement, apply_replacements, fix_edits, offsets
from ..scanner.textpos import line_starts
from ..sources.kinds import TEXT, sniff
from ..sources.streams import SNIFF_BYTES
from ..sources.text import is_binary
from .segments import SegmentedLint, masked, whole_findings

# The files a configuration is read from (linter.config.find_config): a change to one
# changes the settings of the documents under its directory.
CONFIG_NAMES = ("pyproject.toml", "urlint.toml")


@record
class Project:
    """What a document is checked under: its settings, and the directory `check` runs in.

    `settings` None where the configuration cannot be read: `error` says why (masked)."""

    settings: Settings | None
    root: str  # the configuration file's directory, else the workspace folder's
    source: str | None = None  # the configuration file read
    error: str = ""


class Configurations:
    """The settings of each configuration file, read once while the file is unchanged."""

    def __init__(self) -> None:
        # configuration file -> (its state when read: size, inode, times; the settings or
        # the error it gave)
        self._read: dict[str, tuple[tuple[int, ...], Settings | str]] = {}
        self._defaults: Settings | None = None

    def project_of(self, path: str, folders: list[str]) -> Project:
        """The project the file at `path` (absolute) is checked in.

        Its configuration, the nearest from its directory up (as `urlint check` run there
        finds it); where there is none, the defaults, in the workspace folder that holds
        it (else its own directory). A configuration that cannot be read, or a
        pyproject.toml that cannot be read to see whether it is one, gives no settings and
        why (`error`)."""
        try:
            source = find_config(os.path.dirname(path))
        except ConfigError as error:
            return Project(None, _folder_of(path, folders), error=shown(str(error)))
        if source is None:
            return Project(self.defaults(), _folder_of(path, folders))
        root = os.path.dirname(source)
        state = _state(source)
        kept = self._read.get(source)
        if kept is None or kept[0] != state:
            kept = (state, _settings_from(source))
            self._read[source] = kept
        read = kept[1]
        if isinstance(read, str):
            return Project(None, root, source, read)
        return Project(read, root, source)

    def defaults(self) -> Settings:
        """The settings of a file no configuration applies to: one object while nothing
        changes, so that a document's segments linted under them are kept
        (server.segments)."""
        if self._defaults is None:
            self._defaults = build_settings()
        return self._defaults

    def forget(self) -> None:
        """Read every configuration file again when next asked (one has changed)."""
        self._read.clear()
        self._defaults = None


def _settings_from(source: str) -> Settings | str:
    """The settings of the configuration file `source`, or why it cannot be read (masked)."""
    try:
        return build_settings(load_config(source), source=source)
    except ConfigError as error:
        return shown(str(error))


def _state(path: str) -> tuple[int, ...]:
    """What tells one version of the file at `path` from another; () where it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return ()
    return info.st_size, info.st_ino, info.st_mtime_ns, info.st_ctime_ns


def _folder_of(path: str, folders: list[str]) -> str:
    """The innermost of `folders` that holds `path`; else the directory `path` is in."""
    holding = [folder for folder in folders if path.startswith(folder.rstrip(os.sep) + os.sep)]
    return max(holding, key=len) if holding else os.path.dirname(path)


def checked_path(path: str, root: str) -> str:
    """`path` as `urlint check` run in `root` names it: relative where it is under it."""
    relative = os.path.relpath(path, root)
    return path if relative.startswith(os.pardir) else relative


def document_findings(
    settings: Settings, path: str, text: str, kept: SegmentedLint | None = None
) -> Sequence[Finding] | str:
    """The findings `urlint check PATH` gives for the file at `path` holding `text`.

    Or, for a text that holds mail, news or an archive (which `check` reads as such, not as
    text), what it holds. `path` is the file's name as `check` names it (`checked_path`):
    its syntax, its per-file-ignores. Messages are masked as `check` writes them (a reason
    may quote a name). Nothing where --force-exclude is configured and `exclude` passes
    over the file, as `check` has it. With `kept`, the document's segments as last linted
    (server.segments): only those the change since reaches are linted again."""
    if settings.selection.excludes(path):
        return []
    head = text[:SNIFF_BYTES].encode("utf-8", "surrogatepass")
    if is_binary(head):  # as sources.text.read_chunks tells it
        problem = Problem(ProblemKind.BINARY, "binary file (NUL byte)", path, explicit=True)
        return [masked(f) for f in Checker(settings).problem_findings(problem)]
    kind = sniff(path, head)
    if kind != TEXT:
        return kind
    if kept is not None:
        return kept.findings(settings, path, text)
    return whole_findings(Checker(settings), path, text)


# The line ends an editor counts (LSP: "\n", "\r\n" and "\r"); urlint counts "\n" alone.
_LINE_END = re.compile(r"\r\n|\r|\n")
UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"  # LSP's PositionEncodingKind values
_STRIDE = 1024  # characters between a long line's marks (Places.editor_position)


class Places:
    """Places in a text as urlint counts them and as an editor does.

    urlint's: 1-based lines ended by "\\n" and 1-based columns in characters (code
    points); an editor's (the Language Server Protocol's): 0-based lines ended by "\\n",
    "\\r\\n" or "\\r", and characters counted in the units of the position encoding the
    client and server agreed on (UTF-16 code units unless another was agreed: a character
    outside the Basic Multilingual Plane counts two)."""

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.text = text
        self.encoding = encoding
        self._lines: list[int] | None = None  # where urlint's lines start, when first asked
        self._editor_lines: list[int] | None = None  # and the editor's
        self._marks: dict[int, list[int]] = {}  # a long line's units at every _STRIDE

    @property
    def _starts(self) -> list[int]:
        if self._lines is None:
            self._lines = line_starts(self.text)
        return self._lines

    @property
    def _editor_starts(self) -> list[int]:
        if self._editor_lines is None:
            self._editor_lines = (
                self._starts
                if self.lines_alike()
                else [0, *(match.end() for match in _LINE_END.finditer(self.text))]
            )
        return self._editor_lines

    def lines_alike(self) -> bool:
        """Are the editor's lines urlint's (no line ends in a lone "\\r")?"""
        return self.text.count("\r") == self.text.count("\r\n")

    def line_start(self, line: int) -> int:
        """The offset where urlint's `line` starts (past the last line: the text's end)."""
        starts = self._starts
        return starts[line - 1] if line <= len(starts) else len(self.text)

    def offset(self, line: int, column: int) -> int:
        """The offset in the text of urlint's `line` and `column`."""
        starts = self._starts
        if line > len(starts):
            return len(self.text)
        return min(starts[line - 1] + column - 1, len(self.text))

    def editor_position(self, offset: int) -> tuple[int, int]:
        """The editor's (line, character) of the offset `offset`: counted from the line's
        start, or on a long line from the nearest of its marks (a line of thousands of
        findings is counted once, not once a finding)."""
        line = bisect_right(self._editor_starts, offset) - 1
        start = self._editor_starts[line]
        if offset - start <= _STRIDE:
            return line, self._units(self.text[start:offset])
        marks = self._marks.get(line)
        if marks is None:
            marks = self._marks[line] = self._line_marks(line)
        index = (offset - start) // _STRIDE
        mark = start + index * _STRIDE
        return line, marks[index] + self._units(self.text[mark:offset])

    def _line_marks(self, line: int) -> list[int]:
        """The units of the editor's `line` up to each multiple of _STRIDE characters in it."""
        starts = self._editor_starts
        start = starts[line]
        end = starts[line + 1] if line + 1 < len(starts) else len(self.text)
        marks, units = [0], 0
        for at in range(start + _STRIDE, end + 1, _STRIDE):
            units += self._units(self.text[at - _STRIDE : at])
            marks.append(units)
        return marks

    def editor_range(self, start: int, end: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The editor's start and end of the offsets `start` to `end`."""
        return self.editor_position(start), self.editor_position(end)

    def offset_at(self, line: int, character: int) -> int:
        """The offset of the editor's (`line`, `character`): past a line's end, its end."""
        starts = self._editor_starts
        if line >= len(starts):
            return len(self.text)
        start = starts[line]
        end = starts[line + 1] if line + 1 < len(starts) else len(self.text)
        counted = 0
        for at in range(start, end):
            if counted >= character or self.text[at] in "\r\n":
                return at
            counted += self._units(self.text[at])
        return end

    def _units(self, text: str) -> int:
        if self.encoding == UTF8:
            return len(text.encode("utf-8", "surrogatepass"))
        if self.encoding == UTF32 or text.isascii():
            return len(text)
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def span_offsets(self, finding: Finding) -> tuple[int, int]:
        """The offsets of `finding`'s span."""
        span = finding.span
        return (
            self.offset(span.start.line, span.start.column),
            self.offset(span.end.line, span.end.column),
        )


def fix_replacements(text: str, findings: Sequence[Finding]) -> list[Replacement]:
    """The replacements `check --fix` makes in `text` for the fixes of `findings`.

    Its first pass: edits that overlap an earlier one are left for the next fix-all, where
    `check --fix` goes on to its next pass at once (linter.fixes)."""
    _, chosen = apply_replacements(text, offsets(text, fix_edits(findings)))
    return chosen


def ignore_replacement(path: str, text: str, finding: Finding) -> Replacement | None:
    """The replacement `check --add-ignore` makes in `text` to suppress `finding`: an
    `urlint: ignore[CODE]` comment at its line's end, or its code merged into the one there.

    None where --add-ignore writes none (a plain text, a line inside a program's value, a
    code block ...: linter.add_ignore says where), made by its own code on the text as the
    editor holds it (linter.add_ignore.ignore_edits)."""
    from ..linter.add_ignore import ignore_edits

    edits, _ = ignore_edits(path, text, [finding])
    return edits[0] if len(edits) == 1 else None
