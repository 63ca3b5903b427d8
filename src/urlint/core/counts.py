"""What a unit of work (or one input of it) read, counted.

The progress line's and the summary's figures, added up as units end."""

from __future__ import annotations

from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    from .inputs import InputFile

    class ReadingObserver(Protocol):
        """What hears of a serial run's reading: the progress line (run.progress.Tally).

        The linter and the runner stand side by side; the linter knows the line by these
        three calls alone."""

        def reading(self, source: InputFile, reading: Any) -> None:
            """`source` starts to be read, what it reads counted in `reading`."""

        def read(self, source: InputFile) -> None:
            """`source` is done."""

        def tick(self) -> None:
            """A text is read: the line may be drawn."""


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
