"""Inline suppressions: `urlint: ignore[P501]` in a comment on a finding's line or the one before.

The directive is found by its text, in any comment syntax (`#`, `//`, `<!-- -->`, `;`,
`%` ...), not by the comment around it. `urlint: ignore` with no codes suppresses
every rule. Codes may be prefixes (`ignore[C2]`)."""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from ..core.findings import Finding
from ..core.model import ScannedText, Span
from ..core.records import record
from ..grammar.login import masked_items
from ..scanner.textpos import LineIndex

DIRECTIVE = compiled_when_used(r"urlint:[ \t]*ignore(?:\[([^\]\n]*)\])?")
_CODE_SPLIT = compiled_when_used(r"[\s,]+")


class Directive:
    """One `urlint: ignore[...]` directive: its line, its span, its codes and those it used."""

    __slots__ = ("line", "span", "codes", "used")

    def __init__(self, line: int, span: Span, codes: tuple[str, ...]) -> None:
        self.line = line
        self.span = span
        self.codes = codes  # empty: every rule
        self.used: set[str] = set()  # the selectors that suppressed something

    def moved(self, lines: int, characters: int) -> Directive:
        """The directive placed `lines` lines and `characters` characters further on.

        What a range of a text file's directives become, placed in the file
        (model.Span.moved)."""
        directive = Directive(self.line + lines, self.span.moved(lines, characters), self.codes)
        directive.used.update(self.used)
        return directive

    def __reduce__(self) -> tuple:  # to the writer's process, with what it suppressed
        return _directive, (self.line, self.span, self.codes, sorted(self.used))

    def covers(self, code: str) -> str | None:
        """The selector that suppresses `code`, or None."""
        if not self.codes:
            return "*"
        for selector in self.codes:
            if code.startswith(selector):
                return selector
        return None


def _directive(line: int, span: Span, codes: tuple[str, ...], used: list[str]) -> Directive:
    directive = Directive(line, span, codes)
    directive.used.update(used)
    return directive


@record
class RangeDirectives:
    """A range of a text file's part in the file's suppressions.

    Its lines are counted from its own start, line 1 (units.TextRange). It holds the
    directives on its own lines, each with the selectors that suppressed something in it,
    and the selectors of the directives on the lines before it (its look back's) that
    suppressed something in it (a finding on its first line is suppressed from the line
    before). The writer's process
    joins a file's ranges, in order (`Suppressions.join`), and says at the last which
    selectors suppressed nothing (M901), as the check of the whole file does."""

    path: str
    final: bool  # the file's last range: its unused suppressions are known
    own: tuple[Directive, ...]
    used_before: tuple[tuple[int, str], ...]  # (line, selector)

    def moved(self, lines: int, characters: int) -> RangeDirectives:
        """The range's directives placed in the file (Directive.moved)."""
        return RangeDirectives(
            self.path,
            self.final,
            tuple(directive.moved(lines, characters) for directive in self.own),
            tuple((line + lines, selector) for line, selector in self.used_before),
        )


class Suppressions:
    """The directives of one file, collected chunk by chunk as the file is read.

    Or range by range: RangeDirectives."""

    def __init__(self) -> None:
        self._by_line: dict[int, Directive] = {}

    def collect_from(self, scanned: ScannedText) -> None:
        """Note the directives in a scanned text, where they stand in the file."""
        self.collect(scanned.text, scanned.line_base, scanned.column_base, scanned.offset_base)

    def collect(
        self, text: str, line_base: int, column_base: int = 0, offset_base: int = 0
    ) -> None:
        """Note the directives in `text`; cheap when there are none (one literal search).

        Its first line is `line_base`, and its first character the file's `offset_base`."""
        if "urlint:" not in text:
            return
        index = LineIndex(text, line_base, column_base, offset_base)  # lines counted once
        for match in DIRECTIVE.finditer(text):
            span = index.span(match.start(), match.end())
            line = span.start.line
            if line in self._by_line:
                continue  # seen in the overlap of the previous chunk
            codes = tuple(c.upper() for c in masked_items(match.group(1) or "", _CODE_SPLIT))
            self._by_line[line] = Directive(line, span, codes)

    def suppresses(self, finding: Finding) -> bool:
        """Whether a directive on the finding's line or the one before covers its code.

        The selector that covered it is noted as used.
        """
        if not self._by_line:
            return False
        for line in (finding.line, finding.line - 1):
            directive = self._by_line.get(line)
            if directive is not None:
                selector = directive.covers(finding.code)
                if selector is not None:
                    directive.used.add(selector)
                    return True
        return False

    def unused(self) -> list[tuple[Directive, str]]:
        """(directive, selector) for every selector that suppressed nothing.

        "*" stands for a bare `urlint: ignore`."""
        result = []
        for directive in self._by_line.values():
            for selector in directive.codes or ("*",):
                if selector not in directive.used:
                    result.append((directive, selector))
        return result

    def of_range(self, path: str, final: bool, first: int = 1) -> RangeDirectives:
        """What a range of a text file knows of the file's suppressions, for the writer to join.

        The range's lines are counted from 1, its look back's before them; or the range
        starts at line `first` (a segment of a document the language server lints apart,
        its lines counted in the document)."""
        own = tuple(directive for directive in self._by_line.values() if directive.line >= first)
        used_before = tuple(
            (directive.line, selector)
            for directive in self._by_line.values()
            if directive.line < first
            for selector in sorted(directive.used)
        )
        return RangeDirectives(path, final, own, used_before)

    def join(self, part: RangeDirectives) -> None:
        """Take in the next range's directives, placed in the file.

        Its own, and what it used of those before it. A directive it holds that is already
        held (read in the range before's overlap too) keeps what either used."""
        for directive in part.own:
            held = self._by_line.setdefault(directive.line, directive)
            if held is not directive:
                held.used.update(directive.used)
        for line, selector in part.used_before:
            before = self._by_line.get(line)
            if before is not None:
                before.used.add(selector)
