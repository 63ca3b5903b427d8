"""What a unit of work (or one input of it) read, counted.

The progress line's and the summary's figures, added up as units end."""

from __future__ import annotations

from .records import record


@record
class Counts:
    """What a unit (or one input of it) read: inputs, bytes, messages, damaged messages.

    What a unit (or one input of it) read: inputs done, their bytes (regular files only),
    messages met (read, or passed over where no URL can come out of them) and damaged
    messages."""

    files: int = 0
    bytes: int = 0
    messages: int = 0
    damaged: int = 0

    def __add__(self, other: object) -> Counts:  # type: ignore[override]  # not a tuple's +
        if not isinstance(other, Counts):
            return NotImplemented
        return Counts(
            self.files + other.files,
            self.bytes + other.bytes,
            self.messages + other.messages,
            self.damaged + other.damaged,
        )


NOTHING = Counts()
