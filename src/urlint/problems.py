"""What kind of trouble kept an input, or part of one, from being read as it is: one place
for what each kind means. Sources, containers and the mail reader say which kind they met
(a `kind` string on ReadProblem, ContainerProblem, ProblemItem and MailProblem); the
checker's finding, extract's note on standard error and the exit status ask here.
"""

from __future__ import annotations

import enum


class ProblemKind(str, enum.Enum):
    """A kind of read problem: its rule code, the label extract's note gives it, what the
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
        return _FINDING_PREFIXES.get(self, "") + reason


_CODES = {
    ProblemKind.UNREADABLE: "M902", ProblemKind.BINARY: "M903", ProblemKind.MALFORMED: "M904",
    ProblemKind.MISNAMED: "M904", ProblemKind.CHARSET: "M905", ProblemKind.LIMIT: "M906",
}
_LABELS = {
    ProblemKind.UNREADABLE: "cannot read", ProblemKind.BINARY: "skipped", ProblemKind.MALFORMED: "damaged message",
    ProblemKind.MISNAMED: "not what its name says", ProblemKind.CHARSET: "charset", ProblemKind.LIMIT: "limit reached",
}
_FINDING_PREFIXES = {
    ProblemKind.UNREADABLE: "cannot read: ",
    ProblemKind.BINARY: "skipped: ",
    ProblemKind.MALFORMED: "damaged message, read as far as it goes: ",
}
