"""Trouble that kept an input, or part of one, from being read as it is.

One record (`Problem`) and one place for what each kind means (`ProblemKind`). Sources,
containers and the mail reader report a `Problem`; the checker's finding, extract's note on
standard error and the exit status ask its kind what it means.
"""

from __future__ import annotations

import enum

from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .message import InMessage


class ProblemKind(str, enum.Enum):
    """A kind of read problem, and what it means to each output.

    A kind of read problem: its rule code, the label extract's note gives it, what the
    finding's message puts before the reason, and whether it fails an extract run (exit
    status 2: something was not read, or read only in part)."""

    UNREADABLE = "unreadable"  # the input, or the rest of it, is not read
    BINARY = "binary"  # a binary file: skipped (news only when named on the command line)
    MALFORMED = "malformed"  # a damaged message, read as far as it goes
    MISNAMED = "misnamed"  # not what its name says: read as what it is
    CHARSET = "charset"  # a charset unknown or wrong: read as UTF-8 or Windows-1252
    LIMIT = "limit"  # a size limit reached: read in part

    @property
    def code(self) -> str:
        return _CODES[self]

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def fails(self) -> bool:
        return self in (ProblemKind.UNREADABLE, ProblemKind.LIMIT)

    def finding_message(self, reason: str) -> str:
        """The checker's finding message for a problem of this kind: `reason`, after a prefix.

        The prefix says what became of the input ("cannot read: ", "skipped: ", "damaged
        message, read as far as it goes: "); the other kinds' reasons say it themselves.
        """
        return _FINDING_PREFIXES.get(self, "") + reason


_CODES = {
    ProblemKind.UNREADABLE: "M902",
    ProblemKind.BINARY: "M903",
    ProblemKind.MALFORMED: "M904",
    ProblemKind.MISNAMED: "M904",
    ProblemKind.CHARSET: "M905",
    ProblemKind.LIMIT: "M906",
}
_LABELS = {
    ProblemKind.UNREADABLE: "cannot read",
    ProblemKind.BINARY: "skipped",
    ProblemKind.MALFORMED: "damaged message",
    ProblemKind.MISNAMED: "not what its name says",
    ProblemKind.CHARSET: "charset",
    ProblemKind.LIMIT: "limit reached",
}
_FINDING_PREFIXES = {
    ProblemKind.UNREADABLE: "cannot read: ",
    ProblemKind.BINARY: "skipped: ",
    ProblemKind.MALFORMED: "damaged message, read as far as it goes: ",
}


@record
class Problem:
    """Something that kept an input, or part of one, from being read as it is; the run goes on.

    A container or a message reports it without a path (it does not know its own), and the
    reader that opened the file fills it in."""

    kind: ProblemKind
    reason: str
    path: str = ""
    line: int = 1
    explicit: bool = True  # named by the user (a binary file found in a directory is no news)
    mail: InMessage | None = None  # the damaged message, where known

    @property
    def silent(self) -> bool:
        """A binary file found while walking a directory: skipped without a word."""
        return self.kind is ProblemKind.BINARY and not self.explicit
