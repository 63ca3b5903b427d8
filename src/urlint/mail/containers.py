"""A container's items scanned: each message's texts, and the plain text inside archives.

What mail.reader gives for an mbox, a Maildir's message, a news spool's article, a
compressed stream or an archive (messages, text members, problems), scanned in order: a
message's decoded texts by mail.reported, a text member or nested stream in chunks
(sources.text.scan_texts). A news article read whole is read once in a run (core.inputs's
Crossposts), and, where asked, marked before and after (ArticleRead) for the writer to drop
a crosspost another input read. What is read is counted in the run's Reading.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.faults import internal_error
from ..core.inputs import ArticleRead, Crossposts, Reading
from ..core.model import ScannedText
from ..core.problems import Problem, ProblemKind
from ..core.records import replaced
from ..sources.opening import STDIN, plain_file_size
from ..sources.text import BinaryInput, TextChunk, decode, read_chunks, scan_texts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from ..core.inputs import InputFile
    from ..core.units import MemberBytes
    from ..sources.archives import Budget
    from ..sources.nested import ReadFromHere
    from .mbox import RawMessage, RawText
    from .reader import MessageItem, TextItem


def scan_container(
    source: InputFile,
    stream: BinaryIO,
    kind: str,
    articles: Crossposts,
    reading: Reading,
    skip: int | None = None,
    marking: bool = False,
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """A mail or news container, an archive or a compressed stream, item by item, scanned.

    `stream` is the input opened, recognised as `kind` (sources.kinds); `skip`: an archive
    read again to read on from that member (pipeline.scan_archive_again); `marking`: an
    ArticleRead before and after each news article read whole."""
    from .prefilter import may_hold_urls
    from .reader import read_input

    seekable = source.path != STDIN
    items = read_input(
        source.path,
        stream,
        kind,
        seekable=seekable,
        size_hint=plain_file_size(source.path),
        may_hold_urls=reading.counted(may_hold_urls),
        skip=skip,
    )
    yield from scan_read(items, articles, reading, skip is not None, marking)


def scan_archive_member(
    member: MemberBytes, budget: Budget, articles: Crossposts, reading: Reading
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """One member of an archive, carried in its bytes, scanned as the whole archive's scan does.

    The member comes in a unit (core.units.ArchiveMembers); its news articles marked; its
    nested streams draw on `budget`."""
    from .prefilter import may_hold_urls
    from .reader import read_archive_member

    items = read_archive_member(
        member.path, member.data, member.depth, budget, reading.counted(may_hold_urls)
    )
    return scan_read(items, articles, reading, marking=True)


def scan_items(
    path: str, items: Iterable[RawMessage | RawText | Problem], reading: Reading
) -> Iterator[ScannedText | Problem]:
    """Messages an mbox's reader cut out, scanned as the whole file's scan scans them.

    A run of them: core.units.MessageRun."""
    from .reader import messages_of

    messages = messages_of(path, iter(items), None)
    return scan_read(messages, Crossposts(), reading)  # type: ignore[return-value]  # no marks unless asked


def scan_read(
    items: Iterable[MessageItem | TextItem | Problem | ReadFromHere],
    crossposts: Crossposts,
    reading: Reading,
    dropping: bool = False,
    marking: bool = False,
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """The items a reader gives, scanned. `dropping`: an archive read again (`skip`), whose
    items are read but dropped until ReadFromHere: its members' own units gave them (their
    news articles are kept in `crossposts`, and their counts are not counted again).
    `marking`: an ArticleRead before and after each news article read whole."""
    from ..sources.nested import ReadFromHere
    from .origin import seen_article
    from .reader import MessageItem
    from .reported import message_texts

    articles = crossposts.ids
    counts_before = reading.messages, reading.damaged
    for item in items:
        if isinstance(item, ReadFromHere):
            # Nothing else counts while a reading is pulled: what its dropped part
            # counted (the prefilter's passing over too) is taken back.
            dropping = False
            reading.messages, reading.damaged = counts_before
            continue
        if dropping:
            _read_only(item, articles)
            continue
        if isinstance(item, MessageItem):
            marked = False
            try:
                # INN's tradspool keeps a crossposted article once per group, a file each.
                known = len(articles)
                if item.whole_file and seen_article(item.reader.envelope, articles):
                    continue
                if marking and len(articles) > known:
                    marked = True
                    message_id = item.reader.envelope.message_id or ""
                    yield ArticleRead(message_id, reading.messages, reading.damaged)
                reading.messages += 1
                yield from message_texts(item.reader, item.path, reading.near)
                problems = item.reader.problems
                if problems:  # (most messages have none: no generator, no sort)
                    reading.damaged += any(p.kind is ProblemKind.MALFORMED for p in problems)
                    for problem in sorted(problems, key=_line_of):
                        yield replaced(problem, path=item.path)
            except Exception as error:  # noqa: BLE001 - one message's fault never ends the archive
                yield _message_not_read(item, error)
            if marked:
                yield ArticleRead("", reading.messages, reading.damaged)  # no article's after
        elif isinstance(item, Problem):
            yield item
        else:
            yield from _contained_text(item, reading.near)


def _message_not_read(item: MessageItem, error: Exception) -> Problem:
    """The problem of a message whose reading failed (urlint's own fault): the container's
    reading goes on with the next."""
    # The message's number is its `mail`'s, which the writer may yet place (a relative run
    # of an mbox: mail.runs): no number in the reason.
    reason = f"message not read: {internal_error(error)}"
    line = item.reader.envelope.line
    return Problem(ProblemKind.UNREADABLE, reason, item.path, line, mail=item.reader.info())


def _contained_text(item: TextItem, near: bool) -> Iterator[ScannedText | Problem]:
    """Plain text inside a container (an archive's member, a nested stream), scanned; a
    damaged member or stream is a problem, the rest of it lost."""
    from ..sources.archives import stream_errors

    try:
        if item.stream is None:
            chunk = TextChunk(_decoded(item.data), True, "utf-8")
            texts = scan_texts([chunk], item.path, (item.line, 0, 0), near=near)
        else:
            texts = scan_texts(read_chunks(item.stream), item.path, near=near)
        for scanned in texts:
            yield replaced(scanned, path=item.path) if isinstance(scanned, ScannedText) else scanned
    except BinaryInput as binary:  # (a name of its own: mypyc types a name by its first use)
        yield Problem(ProblemKind.BINARY, str(binary), item.path, explicit=False)
    except stream_errors() as error:  # a damaged member or stream: the rest of it is lost
        reason = f"cannot be read to its end: {error or type(error).__name__}"
        yield Problem(ProblemKind.UNREADABLE, reason, item.path, item.line)


def _read_only(item: MessageItem | TextItem | Problem, articles: set[str]) -> None:
    """An item of a member whose unit gave it already, read as far as its scan reads it
    (a text member to its end: the decompression Budget must stand where it stood)."""
    from ..sources.archives import stream_errors
    from .origin import seen_article
    from .reader import MessageItem, TextItem

    if isinstance(item, MessageItem):
        if item.whole_file:
            seen_article(item.reader.envelope, articles)
    elif isinstance(item, TextItem) and item.stream is not None:
        ends: tuple[type[BaseException], ...] = (BinaryInput, *stream_errors())
        try:
            for _chunk in read_chunks(item.stream):
                pass
        except ends:
            pass


def _line_of(problem: Problem) -> int:
    return problem.line


def _decoded(data: bytes) -> str:
    return decode(data)[0]
