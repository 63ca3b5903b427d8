"""What the core records know of the message a URL, finding or problem is in.

The shape they ask of a mail or news message, for type checkers alone; and where in a
message a URL was, header or body, as `--urls-from` takes it.

The message's place and identity are read by `mail.origin.MessageInfo`, which has this
shape; the records below the mail layer name the shape, not the reader, so they import
nothing above themselves.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class InMessage(Protocol):
        """Where in a mail or news container something was found (the jsonl `message`).

        The message's place, the MIME part and how the text was taken from it."""

        @property
        def index(self) -> int: ...  # 1-based, within its file (or archive member)
        @property
        def line(self) -> int: ...  # the file line where the message starts
        @property
        def part(self) -> str: ...  # MIME part number, IMAP style; "" for the message
        @property
        def content_type(self) -> str: ...
        @property
        def source(self) -> str: ...  # "header", "text", "html-text", "html-href", ...
        @property
        def header(self) -> str | None: ...  # the field, for a header URL
        @property
        def message_id(self) -> str | None: ...  # read from the header when asked

        def as_json(self) -> dict: ...

        def moved(self, lines: int, messages: int) -> InMessage:
            """Where this is, its message `messages` messages and `lines` lines on."""
            ...


# A text's `source` where it is a header field's (mail.mime reads each field's URLs so;
# the field's name is its `header`). Any other source is the body's.
HEADER = "header"

# What `scan` and `report` take by where a URL was (--urls-from): every URL; those of the
# body (and those in no message: plain text); those of a header field alone.
ALL, BODY, HEADERS = "all", "body", "headers"
URLS_FROM = (ALL, BODY, HEADERS)


def taken_from(source: str | None, urls_from: str) -> bool:
    """Is a URL whose text's source is `source` (None: in no message) one `urls_from` takes?"""
    if urls_from == ALL:
        return True
    return (source == HEADER) == (urls_from == HEADERS)
