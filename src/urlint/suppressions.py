"""Inline suppressions: `urlint: ignore[P501]` in a comment on a finding's line or the line
before it, in any comment syntax (`#`, `//`, `<!-- -->`, `;`, `%` ...): the directive is
found by its text, not by the comment around it. `urlint: ignore` with no codes suppresses
every rule. Codes may be prefixes (`ignore[C2]`)."""

from __future__ import annotations

from .findings import Finding
from .model import Span
from .patterns import compiled_when_used
from .scanner.textpos import LineIndex

DIRECTIVE = compiled_when_used(r"urlint:[ \t]*ignore(?:\[([^\]\n]*)\])?")
_CODE_SPLIT = compiled_when_used(r"[\s,]+")


class Directive:
    __slots__ = ("line", "span", "codes", "used")

    def __init__(self, line: int, span: Span, codes: tuple[str, ...]) -> None:
        self.line = line
        self.span = span
        self.codes = codes  # empty: every rule
        self.used: set[str] = set()  # the selectors that suppressed something

    def covers(self, code: str) -> str | None:
        """The selector that suppresses `code`, or None."""
        if not self.codes:
            return "*"
        for selector in self.codes:
            if code.startswith(selector):
                return selector
        return None


class Suppressions:
    """The directives of one file, collected chunk by chunk as the file is read."""

    def __init__(self) -> None:
        self._by_line: dict[int, Directive] = {}

    def collect(self, text: str, line_base: int, column_base: int = 0) -> None:
        """Note the directives in `text`, whose first line is `line_base`. Cheap when there
        are none: one literal search."""
        if "urlint:" not in text:
            return
        index = LineIndex(text, line_base, column_base)  # lines counted once (linear)
        for match in DIRECTIVE.finditer(text):
            span = index.span(match.start(), match.end())
            line = span.start.line
            if line in self._by_line:
                continue  # seen in the overlap of the previous chunk
            codes = tuple(c.upper() for c in _CODE_SPLIT.split(match.group(1) or "") if c)
            self._by_line[line] = Directive(line, span, codes)

    def suppresses(self, finding: Finding) -> bool:
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
        """(directive, selector) for every selector that suppressed nothing ("*" for a bare
        `urlint: ignore`)."""
        result = []
        for directive in self._by_line.values():
            for selector in directive.codes or ("*",):
                if selector not in directive.used:
                    result.append((directive, selector))
        return result
