"""A mail or news input, whatever its container, as a stream of decoded messages.

`read_input` recognises what a stream holds (containers.sniff), opens compressed, zip and
tar containers as found, splits mailboxes, and decodes each message (message.py). Damage is
yielded as a problem where it is met; a damaged member of an archive never stops the
members after it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..faults import internal_error
from ..numbers import size_text
from ..problems import Problem, ProblemKind
from ..records import record, replaced
from . import archives, containers, mbox
from .archives import ArchiveLimit
from .containers import Member, RawMessage, RawText, peek, sniff
from .mbox import UrlFilter
from .message import MessageReader, read_message

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

def stream_errors() -> tuple[type[BaseException], ...]:
    """What a damaged compressed stream or archive member raises as it is read (bz2's
    errors are OSError; a zip member's bad CRC is BadZipFile, its damaged bzip2 data a
    RuntimeError): the rest of that stream is lost. Built on first need: lzma, zlib and
    zipfile are not imported for text."""
    import lzma
    import zipfile
    import zlib

    return (
        EOFError,
        OSError,
        zlib.error,
        lzma.LZMAError,
        ArchiveLimit,
        ValueError,
        zipfile.BadZipFile,
        RuntimeError,
    )


@record
class MessageItem:
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
    depth: int = 0,
    size_hint: int = 0,
    seekable: bool = False,
    may_hold_urls: UrlFilter | None = None,
    budget: archives.Budget | None = None,
) -> Iterator[MessageItem | TextItem | Problem]:
    """Everything in one input of kind `kind` (containers.sniff), streamed. A message for
    `may_hold_urls` turns away is not decoded at all (prefilter.may_hold_urls). `size_hint` is the
    input's size, for its decompression Budget, which nested archives share."""
    if budget is None:
        budget = archives.Budget(size_hint)
    if kind in containers.COMPRESSED:
        yield from _decompressed(path, stream, kind, depth, budget, may_hold_urls)
    elif kind == containers.ZIP:
        yield from _zip(path, stream, depth, seekable, budget, may_hold_urls)
    elif kind == containers.TAR:
        yield from _tar(path, stream, depth, budget, may_hold_urls)
    elif kind == containers.MBOX:
        yield from messages_of(path, mbox.split_mbox(stream, may_hold_urls), None)
    elif kind == containers.MMDF:
        yield from messages_of(
            path, mbox.split_on(stream, b"\x01\x01\x01\x01\n", kind), may_hold_urls
        )
    elif kind == containers.BABYL:
        yield from messages_of(path, mbox.split_on(stream, b"\x1f", kind), may_hold_urls)
    elif kind == containers.MESSAGE:
        data = stream.read(mbox.MAX_MESSAGE_BYTES)
        if may_hold_urls is None or may_hold_urls(data, (0, len(data)))[0]:
            skip = containers.leading_blank_lines(data)
            yield MessageItem(
                path, read_message(data[skip:], 1 + data.count(b"\n", 0, skip), 1), True
            )
        rest = stream.read(1)
        if rest:
            yield Problem(
                ProblemKind.LIMIT,
                f"the message is longer than {size_text(mbox.MAX_MESSAGE_BYTES)}: the rest "
                "is read as plain text",
                path,
            )
            yield TextItem(path, _Prepended(rest, stream), b"", 1 + data.count(b"\n"))  # type: ignore[arg-type]  # it reads as a BinaryIO does
    else:
        yield TextItem(path, stream)


def messages_of(
    path: str, items: Iterator[RawMessage | RawText | Problem], may_hold_urls: UrlFilter | None
) -> Iterator[MessageItem | TextItem | Problem]:
    """The raw messages a container's framing cut out, read (`read_message`), in order; the
    text between them and the problems met pass through. A message `may_hold_urls` turns
    away is not read. runner.MessageRun hands a run of them to a worker."""
    for item in items:
        if isinstance(item, RawMessage):
            try:
                if may_hold_urls is None or may_hold_urls(item.data, (0, len(item.data)))[0]:
                    reader = read_message(item.data, item.line, item.index)
                else:
                    continue
            except Exception as error:  # noqa: BLE001 - one message's fault never ends the archive
                yield Problem(
                    ProblemKind.UNREADABLE,
                    f"message {item.index} not read: {internal_error(error)}",
                    path,
                    item.line,
                )
                continue
            yield MessageItem(path, reader)
        elif isinstance(item, RawText):
            yield TextItem(path, None, item.data, item.line)
        else:
            yield replaced(item, path=path)


def _nested(
    path: str,
    stream: BinaryIO,
    depth: int,
    budget: archives.Budget,
    may_hold_urls: UrlFilter | None,
    name: str,
) -> Iterator[MessageItem | TextItem | Problem]:
    """A stream met inside a container, recognised and read in its turn: an archive member
    (`name` is its path) or a decompressed stream (`name` is what its file's name says it
    holds: "mail.tgz" holds "mail.tar")."""
    if depth > archives.MAX_NESTING:
        yield Problem(
            ProblemKind.UNREADABLE,
            f"archives nested deeper than {archives.MAX_NESTING}: not read",
            path,
        )
        return
    problems, stream, kind = recognised(path, stream, name)
    yield from problems
    yield from read_input(
        path, stream, kind, depth=depth, may_hold_urls=may_hold_urls, budget=budget
    )


def recognised(path: str, stream: BinaryIO, name: str) -> tuple[list[Problem], BinaryIO, str]:
    """What a stream met inside a container holds (containers.sniff; `name` says what it
    should hold), with the problem of a name that says otherwise, and a stream that still
    yields its first bytes."""
    head, stream = peek(stream)
    kind = sniff(name, head)
    reason = containers.misnamed(name, kind)
    return ([] if reason is None else [Problem(ProblemKind.MISNAMED, reason, path)]), stream, kind


def _decompressed(
    path: str,
    stream: BinaryIO,
    kind: str,
    depth: int,
    budget: archives.Budget,
    may_hold_urls: UrlFilter | None,
) -> Iterator[MessageItem | TextItem | Problem]:
    try:
        inner = archives.decompress(kind, stream, budget)
        name = containers.inner_name(path)
        yield from _nested(path, inner, depth + 1, budget, may_hold_urls, name)
    except archives.Unavailable as error:
        yield Problem(ProblemKind.UNREADABLE, str(error), path)
    except stream_errors() as error:
        yield broken_stream(path, kind, error)


def broken_stream(path: str, kind: str, error: BaseException) -> Problem:
    """The problem of a compressed stream of `kind` that broke off (one of stream_errors)."""
    return Problem(
        ProblemKind.UNREADABLE, f"{kind} stream cannot be read to its end: {_reason(error)}", path
    )


def _zip(
    path: str,
    stream: BinaryIO,
    depth: int,
    seekable: bool,
    budget: archives.Budget,
    may_hold_urls: UrlFilter | None,
) -> Iterator[MessageItem | TextItem | Problem]:
    members = archives.zip_members(path, stream, depth, seekable, budget)
    yield from _members(path, members, budget, may_hold_urls)


def _tar(
    path: str,
    stream: BinaryIO,
    depth: int,
    budget: archives.Budget,
    may_hold_urls: UrlFilter | None,
) -> Iterator[MessageItem | TextItem | Problem]:
    """A tar's members in turn. The tar is one stream: damage met in it, in a member or
    between members, is the end of it (archives.tar_members reads no further), reported
    once, where it was met (for a text member, by the text's reader)."""
    members = archives.tar_members(path, stream, depth, budget)
    try:
        yield from _members(path, members, budget, may_hold_urls)
    except stream_errors() as error:
        yield Problem(ProblemKind.UNREADABLE, f"cannot be read to its end: {_reason(error)}", path)
    finally:
        members.close()


def _members(
    path: str,
    members: Iterator[Member | Problem],
    budget: archives.Budget,
    may_hold_urls: UrlFilter | None,
) -> Iterator[MessageItem | TextItem | Problem]:
    """Each member of an archive read as an input of its own; damage in one is reported
    for it, and the archive's reader goes on where it can."""
    for member in members:
        if isinstance(member, Problem):
            yield replaced(member, path=path)
            continue
        try:
            yield from _nested(
                member.path, member.stream, member.depth, budget, may_hold_urls, member.path
            )
        except stream_errors() as error:
            reason = f"cannot be read to its end: {_reason(error)}"
            yield Problem(ProblemKind.UNREADABLE, reason, member.path)


def _reason(error: BaseException) -> str:
    if isinstance(error, EOFError):
        return "truncated"
    return str(error) or type(error).__name__


class _Prepended:
    """A stream with some bytes put back in front."""

    def __init__(self, first: bytes, rest: BinaryIO) -> None:
        self.first = first
        self.rest = rest

    def read(self, size: int = -1) -> bytes:
        if self.first:
            data, self.first = self.first, b""
            if size is None or size < 0:
                return data + self.rest.read()
            return data + self.rest.read(max(0, size - len(data)))
        return self.rest.read(size)

