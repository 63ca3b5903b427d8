"""The streams an input holds, opened as found, each handed to the reader it needs.

The streams an input holds, opened as found: a gzip, bzip2, xz or zstd stream is
decompressed, a zip or tar archive read member by member (sources.archives), each stream
inside recognised in its turn (kinds.recognised) and opened again if it is one of these,
down to MAX_NESTING. Every other stream (mail, or plain text) is handed to the reader the
caller gives (mail.reader reads mail). Damage is yielded as a problem where it is met; a
damaged member of an archive never stops the members after it.
"""

from __future__ import annotations

from ..core.problems import Problem, ProblemKind
from ..core.records import record, replaced
from . import archives
from .archives import stream_errors
from .kinds import COMPRESSED, TAR, ZIP, inner_name, recognised
from .opening import open_input

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import BinaryIO, TypeVar

    from .archives import Member

    Item = TypeVar("Item")
    # Reads a stream that is neither compressed nor an archive: (its path, the stream, its
    # kind) to what it holds, problems met included.
    StreamReader = Callable[[str, BinaryIO, str], Iterator[Item]]


@record
class ReadFromHere:
    """Given where an archive read again reaches the member its reading goes on from.

    Given by an archive read again from its start to read on from a member (`read_nested`'s
    `skip`), once the members before it are read: what they gave was given already, by their
    own units (core/units.py's ArchiveMembers). They are read all the same, by the same
    reader, so the decompression Budget stands where the whole reading has it."""

    members: int  # the members read before


def read_nested(
    path: str,
    stream: BinaryIO,
    kind: str,
    read: StreamReader[Item],
    *,
    depth: int = 0,
    size_hint: int = 0,
    seekable: bool = False,
    budget: archives.Budget | None = None,
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
    """Everything in one input of kind `kind`, streamed, archives and compressed streams opened.

    Everything in one input of kind `kind` (kinds.sniff), streamed: what `read` makes of
    each stream in it that is neither compressed nor an archive (of the input itself, when
    it is neither). `size_hint` is the input's size, for its decompression Budget, which
    nested archives share. `skip`: a tar or zip archive read again to read on from its
    member `skip` (ReadFromHere is given once the members before are read: what comes before
    is what the members' own units, or the planner, gave already)."""
    # A function that hands on an iterator, not a generator: a mailbox's every message
    # would pass through one more Python frame (this module is not compiled).
    if budget is None:
        budget = archives.Budget(size_hint)
    if kind in COMPRESSED:
        return _decompressed(path, stream, kind, depth, budget, read, skip)
    if kind == ZIP:
        return _zip(path, stream, depth, seekable, budget, read, skip)
    if kind == TAR:
        return _tar(path, stream, depth, budget, read, skip)
    return read(path, stream, kind)


def _nested(
    path: str,
    stream: BinaryIO,
    depth: int,
    budget: archives.Budget,
    read: StreamReader[Item],
    name: str,
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
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
    yield from read_nested(path, stream, kind, read, depth=depth, budget=budget, skip=skip)


def decompressed(
    path: str, stream: BinaryIO, kind: str, budget: archives.Budget
) -> tuple[BinaryIO, str]:
    """The stream a compressed file holds, decompressed on the fly, and the name of what it holds.

    The stream a compressed file of `kind` holds, decompressed on the fly within `budget`,
    and the name that says what it holds ("mail.tgz" holds "mail.tar"): the one opening of a
    compressed input, for its whole reading and for its runs (mail.runs)."""
    return archives.decompress(kind, stream, budget), inner_name(path)


@record
class OpenedInput:
    """An input opened as its whole reading opens it (`opened_input`)."""

    raw: BinaryIO  # the file, for its caller to close
    stream: BinaryIO  # what it holds: decompressed, if it is compressed
    kind: str  # of `stream` (kinds.sniff)
    depth: int  # 1 where it was decompressed
    budget: archives.Budget  # the input's, which its decompression draws on
    problems: list[Problem]  # met opening it: a name that says otherwise


def opened_input(path: str, size: int) -> OpenedInput | None:
    """The file at `path` opened as its whole reading opens it, for the planner; or None.

    The file at `path` (of `size` bytes) opened as its whole reading opens it: what it is
    recognised, decompressed if it is compressed, within the Budget that reading makes, and
    what that holds recognised in turn; None where it cannot be opened so far (the whole
    reading says why). For the planner, which cuts it into units."""
    try:
        raw = open_input(path)
    except OSError:
        return None
    unopened: tuple[type[BaseException], ...] = (archives.Unavailable, *stream_errors())
    try:
        problems, stream, kind = recognised(path, raw, path)
        budget = archives.Budget(size)
        depth = 0
        if kind in COMPRESSED:
            stream, name = decompressed(path, stream, kind, budget)
            inner, stream, kind = recognised(path, stream, name)
            problems += inner
            depth = 1
    except unopened:
        raw.close()
        return None
    return OpenedInput(raw, stream, kind, depth, budget, problems)


def _decompressed(
    path: str,
    stream: BinaryIO,
    kind: str,
    depth: int,
    budget: archives.Budget,
    read: StreamReader[Item],
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
    try:
        inner, name = decompressed(path, stream, kind, budget)
        yield from _nested(path, inner, depth + 1, budget, read, name, skip)
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
    read: StreamReader[Item],
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
    members = archives.zip_members(path, stream, depth, seekable, budget)
    yield from _members(path, members, budget, read, skip)


def _tar(
    path: str,
    stream: BinaryIO,
    depth: int,
    budget: archives.Budget,
    read: StreamReader[Item],
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
    """A tar's members in turn. The tar is one stream: damage met in it, in a member or
    between members, is the end of it (archives.tar_members reads no further), reported
    once, where it was met (for a text member, by the text's reader)."""
    members = archives.tar_members(path, stream, depth, budget)
    try:
        yield from _members(path, members, budget, read, skip)
    except stream_errors() as error:
        yield Problem(ProblemKind.UNREADABLE, f"cannot be read to its end: {_reason(error)}", path)
    finally:
        members.close()


def _members(
    path: str,
    members: Iterator[Member | Problem],
    budget: archives.Budget,
    read: StreamReader[Item],
    skip: int | None = None,
) -> Iterator[Item | Problem | ReadFromHere]:
    """Each member of an archive read as an input of its own; damage in one is reported
    for it, and the archive's reader goes on where it can. With `skip`, ReadFromHere once
    that many members are read."""
    read_so_far = 0
    if skip == 0:
        yield ReadFromHere(0)
    for member in members:
        if isinstance(member, Problem):
            yield replaced(member, path=path)
            continue
        yield from read_member(member, budget, read)
        read_so_far += 1
        if read_so_far == skip:  # before the next member's header is read
            yield ReadFromHere(skip)


def read_member_bytes(
    path: str, data: bytes, depth: int, budget: archives.Budget, read: StreamReader[Item]
) -> Iterator[Item | Problem | ReadFromHere]:
    """A member of an archive from its bytes, read as it is read in the archive.

    A member of an archive from its bytes (core/units.py's MemberBytes), read as
    `read_member` reads it in the archive."""
    from io import BufferedReader, BytesIO

    stream = BufferedReader(BytesIO(data))  # as archives' members are read: buffered
    return read_member(archives.Member(path, stream, depth), budget, read)  # type: ignore[arg-type]  # it reads as a BinaryIO does


def read_member(
    member: Member, budget: archives.Budget, read: StreamReader[Item]
) -> Iterator[Item | Problem | ReadFromHere]:
    """One member of an archive, read as an input of its own.

    Damage in it is reported for it (a unit of its own reads it so too: core/units.py's
    ArchiveMembers)."""
    try:
        yield from _nested(member.path, member.stream, member.depth, budget, read, member.path)
    except stream_errors() as error:
        reason = f"cannot be read to its end: {_reason(error)}"
        yield Problem(ProblemKind.UNREADABLE, reason, member.path)


def _reason(error: BaseException) -> str:
    if isinstance(error, EOFError):
        return "truncated"
    return str(error) or type(error).__name__
