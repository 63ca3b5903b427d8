"""One chunk of a text as scanned: its text, where it stands, its candidates.

A file's plain text (the pipeline's chunks) and a message's decoded texts (mail.reported)
alike; it stands in mail/ because a message's text names the message it is in."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.model import Candidate
from ..core.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .origin import MessageInfo


@record
class ScannedText:
    """One chunk of a text as scanned: its text, its position, its candidates.

    The text holds the overlap carried from the chunk before; the position is its first
    character's. For a chunk of a long text the candidates
    are found as they are iterated, once: iterate them before asking for the next chunk,
    which passes over those left (the chunk's text bounds what it costs, not the URLs in
    it)."""

    text: str
    line_base: int
    column_base: int
    candidates: Iterable[Candidate]
    path: str | None = None  # the input's own path when None; "a.zip!b.eml" for a member
    mail: MessageInfo | None = None  # set for decoded mail text: candidates are relocated
    offset_base: int = 0  # the offset of text[0] in the whole decoded text (Position.offset)
