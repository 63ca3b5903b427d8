"""A mail or news input, whatever its container, as a stream of decoded messages.

`read_input` asks sources for the streams an input holds (sources.nested opens compressed,
zip and tar containers as found and recognises what each stream holds: kinds.sniff) and
reads each by its kind: a mailbox is split (mbox.py), each message decoded (message.py),
plain text passed on. Damage is yielded as a problem where it is met; a damaged member of
an archive never stops the members after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from ..core.faults import internal_error
from ..core.numbers import size_text
from ..core.problems import Problem, ProblemKind
from ..core.records import built, record, replaced
from ..sources import kinds
from ..sources.kinds import leading_blank_lines
from ..sources.nested import ReadFromHere, read_member_bytes, read_nested
from ..sources.streams import Prepended, read_at_most
from . import mbox, message
from .mbox import RawMessage, RawText, UrlFilter
from .mime import MessageReader
from .origin import Envelope, MessageInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from ..sources.archives import Budget


@record
class MessageItem:
    """One message met in a container, read into its texts and problems, with its file's path."""

    path: str
    reader: MessageReader
    whole_file: bool = False  # a file (or archive member) of its own: a news spool's article


@record
class TextItem:
    """Plain text met inside a container: a stream to read in chunks, or bytes."""

    path: str
    stream: BinaryIO | None
    data: bytes = b""
    line: int = 1


def read_input(
    path: str,
    stream: BinaryIO,
    kind: str,
    *,
    size_hint: int = 0,
    seekable: bool = False,
    may_hold_urls: UrlFilter | None = None,
    skip: int | None = None,
) -> Iterator[MessageItem | TextItem | Problem | ReadFromHere]:
    """Everything in one input of kind `kind`, streamed, each stream read by its kind.

    Everything in one input of kind `kind` (kinds.sniff), streamed: each stream it holds
    (sources.nested.read_nested) read by its kind (`read_kind`). A message `may_hold_urls`
    turns away is not decoded at all (prefilter.may_hold_urls). `size_hint` is the input's
    size, for its decompression Budget; `skip`, an archive's members read before
    ReadFromHere (units.ArchiveRest)."""
    read = partial(read_kind, may_hold_urls=may_hold_urls)
    yield from read_nested(
        path, stream, kind, read, size_hint=size_hint, seekable=seekable, skip=skip
    )


def read_archive_member(
    path: str,
    data: bytes,
    depth: int,
    budget: Budget,
    may_hold_urls: UrlFilter | None = None,
) -> Iterator[MessageItem | TextItem | Problem | ReadFromHere]:
    """An archive's member from its bytes, read as the whole archive's reading reads it.

    An archive's member from its bytes (units.MemberBytes), read as the whole archive's
    reading reads it (sources.nested.read_member_bytes)."""
    read = partial(read_kind, may_hold_urls=may_hold_urls)
    yield from read_member_bytes(path, data, depth, budget, read)


def read_kind(
    path: str, stream: BinaryIO, kind: str, may_hold_urls: UrlFilter | None = None
) -> Iterator[MessageItem | TextItem | Problem]:
    """A stream that is neither compressed nor an archive, read by its kind.

    A mailbox's messages, a lone message, or plain text (a TextItem, read in chunks by its
    reader)."""
    if kind == kinds.MBOX:
        yield from messages_of(path, mbox.split_mbox(stream, may_hold_urls), None)
    elif kind == kinds.MMDF:
        yield from messages_of(
            path, mbox.split_on(stream, b"\x01\x01\x01\x01\n", kind), may_hold_urls
        )
    elif kind == kinds.BABYL:
        yield from messages_of(path, mbox.split_on(stream, b"\x1f", kind), may_hold_urls)
    elif kind == kinds.MESSAGE:
        data = read_at_most(stream, mbox.MAX_MESSAGE_BYTES)
        if may_hold_urls is None or may_hold_urls(data, (0, len(data)))[0]:
            skip = leading_blank_lines(data)
            yield MessageItem(
                path, message.read_message(data[skip:], 1 + data.count(b"\n", 0, skip), 1), True
            )
        rest = stream.read(1)
        if rest:
            yield Problem(
                ProblemKind.LIMIT,
                f"the message is longer than {size_text(mbox.MAX_MESSAGE_BYTES)}: the rest "
                "is read as plain text",
                path,
            )
            yield TextItem(path, Prepended(rest, stream), b"", 1 + data.count(b"\n"))  # type: ignore[arg-type]  # it reads as a BinaryIO does
    else:
        yield TextItem(path, stream)


def messages_of(
    path: str, items: Iterator[RawMessage | RawText | Problem], may_hold_urls: UrlFilter | None
) -> Iterator[MessageItem | TextItem | Problem]:
    """The raw messages a container's framing cut out, read, in order.

    The raw messages a container's framing cut out, read (`read_message`), in order; the
    text between them and the problems met pass through. A message `may_hold_urls` turns
    away is not read. A run of an mbox's messages is read by the same (mail.runs)."""
    for item in items:
        if isinstance(item, RawMessage):
            try:
                if may_hold_urls is None or may_hold_urls(item.data, (0, len(item.data)))[0]:
                    reader = message.read_message(item.data, item.line, item.index)
                else:
                    continue
            except Exception as error:  # noqa: BLE001 - one message's fault never ends the archive
                # Which message it is, in `mail`, where the writer may yet place it (a
                # relative run of an mbox: mail.runs): no number in the reason.
                envelope = Envelope(b"", item.index, item.line, b"")
                yield Problem(
                    ProblemKind.UNREADABLE,
                    f"message not read: {internal_error(error)}",
                    path,
                    item.line,
                    mail=MessageInfo(envelope, "", "", "message"),
                )
                continue
            yield built(MessageItem, (path, reader, False))  # (a record's call is Python's)
        elif isinstance(item, RawText):
            yield TextItem(path, None, item.data, item.line)
        else:
            yield replaced(item, path=path)
