"""Runs the enabled rules over one candidate and turns their hits into findings."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..findings import Edit, Finding, Fix
from ..grammar import ParsedURL, parse
from ..model import Candidate, Span
from ..passwords import mask_password, password_span
from .catalogue import Rule
from .context import RuleOptions, Subject
from .locate import UrlMap

# Wrapper content with no scheme is linted (S401) only when it looks like an attempt at a
# URL, a host or a path ("<URL:www.example.com/x>"), not prose ("<URL:...>").
URL_ATTEMPT = re.compile(r"[A-Za-z0-9/][^./\s]*[./]")

# Rules about the text around a URL apply to an empty wrapper too; the others need a URL.
TEXT_FAMILY = "X"


TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..mail.message import MessageInfo


class Linter:
    """Lints candidates with a fixed set of rules and options."""

    def __init__(self, rules: Iterable[Rule], options: RuleOptions | None = None) -> None:
        self.rules = [entry for entry in rules if entry.check is not None]
        self.text_rules = [entry for entry in self.rules if entry.code.startswith(TEXT_FAMILY)]
        self.options = options or RuleOptions()

    def lint(self, candidate: Candidate, path: str = "", mail: MessageInfo | None = None) -> list[Finding]:
        url = candidate.url
        parsed = parse(url) if url else ParsedURL(url)
        if url and not parsed.scheme and not URL_ATTEMPT.match(url):
            return []  # grammar or prose that mentions the wrapper: "<URL:" absoluteURL ">"
        subject = Subject(candidate, parsed, self.options)
        masked = mask_password(url) if url else None
        # A URL with a password gets no fix: an edit there would show the line, and with it
        # the password, in --diff (section 6).
        fixable = masked == url
        url_map: UrlMap | None = None
        hidden: tuple[Span, ...] | None = None
        findings: list[Finding] = []
        scheme = parsed.scheme
        for entry in self.rules if url else self.text_rules:
            if entry.schemes is not None and scheme not in entry.schemes:
                continue
            for hit in entry.check(subject):  # type: ignore[misc]
                if hit.raw is not None:
                    span = hit.raw
                else:
                    url_map = url_map or UrlMap(candidate)
                    span = url_map.span(hit.start, hit.end)
                fix = None
                if fixable and hit.fix_description:
                    if hit.edits:
                        fix = Fix(hit.fix_description, hit.edits)
                    elif hit.replacement is not None and span.start.line == span.end.line:
                        fix = Fix(hit.fix_description, (Edit(span, hit.replacement),))
                if hidden is None:
                    hidden = () if fixable else hidden_spans(candidate)
                findings.append(
                    Finding(
                        entry.code, entry.name, entry.severity, hit.message, span, path,
                        masked or None, fix, mail, hidden,
                    )
                )
        findings.sort(key=_position)
        return findings


def hidden_spans(candidate: Candidate) -> tuple[Span, ...]:
    """Raw spans of the candidate's password, one per piece it crosses: what an output
    that shows source text must mask."""
    found = password_span(candidate.url) if candidate.url else None
    if found is None:
        return ()
    url_map = UrlMap(candidate)
    spans = []
    start, end = found
    # Split at piece boundaries, so each span lies on one line.
    cut = start
    for offset in range(start + 1, end + 1):
        if offset == end or url_map.position(offset).line != url_map.position(offset - 1).line or (
            url_map.position(offset).column != url_map.position(offset - 1).column + 1
        ):
            spans.append(url_map.span(cut, offset))
            cut = offset
    return tuple(spans)


def _position(finding: Finding) -> tuple[int, int, str]:
    return (finding.line, finding.column, finding.code)
