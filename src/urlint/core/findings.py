"""What the linter hands on: findings with raw positions, and the edits that fix them.

Positions are those of `model`: 1-based lines and columns in the decoded text, end column
exclusive. A finding's `url` is already masked (RFC 1738 section 6: "The use of URLs
containing passwords that should be secret is clearly unwise"): no reporter, cache or
baseline ever sees a password.
"""

from __future__ import annotations

import enum

from .model import Located, Span
from .records import record, replaced


class Severity(str, enum.Enum):
    """How serious a finding is: error, warning or info, ranked in that order (`rank`)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.ERROR: 3, Severity.WARNING: 2, Severity.INFO: 1}


@record
class Edit:
    """Replace the raw text in `span` by `text` (an insertion when the span is empty)."""

    span: Span
    text: str


@record
class Fix:
    """A safe fix: it never changes what the URL means and never touches a password."""

    description: str
    edits: tuple[Edit, ...]


TYPE_CHECKING = False
if TYPE_CHECKING:
    from .message import InMessage


@record
class Finding(Located):
    """What a rule (or a read problem) found: its code, severity, message, raw span and fix."""

    code: str
    name: str
    severity: Severity
    message: str
    span: Span
    path: str = ""
    url: str | None = None  # the URL the finding is about, password masked
    fix: Fix | None = None
    mail: InMessage | None = None  # the message and MIME part, for mail and news
    # Raw spans of the URL's password: what a source view masks.
    password_spans: tuple[Span, ...] = ()
    # The other places in the same URL where the same rule found the same fault: one
    # finding a URL and a rule (linter.certainty.one_a_rule), each place kept.
    more: tuple[Span, ...] = ()

    def sort_key(self) -> tuple:
        """The order findings are reported in: by path, line, column, then rule code."""
        return (self.path, self.line, self.column, self.code)

    def moved(self, lines: int, characters: int, messages: int = 0) -> Finding:
        """The finding placed further on, its fix, password spans and message with it.

        The finding placed `lines` lines and `characters` characters further on, its fix and
        password spans with it, and its message `messages` messages further on: one found in
        a range of a text file or a run of an mbox, placed in the file (units.TextRange,
        units.MessageRun.relative, model.Position.moved)."""
        if not (lines or characters or messages):
            return self
        mail = None if self.mail is None else self.mail.moved(lines, messages)
        fix = self.fix
        if fix is not None:
            edits = tuple(Edit(edit.span.moved(lines, characters), edit.text) for edit in fix.edits)
            fix = Fix(fix.description, edits)
        return replaced(
            self,
            span=self.span.moved(lines, characters),
            fix=fix,
            password_spans=tuple(span.moved(lines, characters) for span in self.password_spans),
            more=tuple(span.moved(lines, characters) for span in self.more),
            mail=mail,
        )
