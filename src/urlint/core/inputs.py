"""An input a run reads, as the user named it or a walk found it."""

from __future__ import annotations

from .records import record


@record
class InputFile:
    """A file to read: `path` as the user will see it."""

    path: str
    explicit: bool  # named on the command line, rather than found in a directory
