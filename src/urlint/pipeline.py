"""Runs the scanner over inputs: the one place that joins sources to the scanner.

Plain text is read in chunks (sources.text), in the syntax its name says (scanner.syntax:
a code file's string literals and comments are read as such, an archive member's by its own
name); mail and news containers are read message by message (mail/) and every decoded text
is scanned as running text, its URLs moved back to raw file positions. Long texts are
scanned in chunks. Each chunk keeps back an overlap at its end, rescanned
with the next chunk, large enough to hold any wrapper that starts before it
(sources.text.overlap_start: wrappers.MAX_RAW_LINES / MAX_RAW_CHARS), so chunking never
changes what is found.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence

from .core.faults import internal_error
from .core.inputs import InputFile
from .core.model import Candidate
from .core.numbers import size_text
from .core.problems import Problem, ProblemKind
from .core.records import record, replaced
from .mail.scanned import ScannedText
from .scanner import ChunkScan
from .sources.files import iter_files
from .sources.kinds import file_syntax
from .sources.opening import STDIN, input_stream, plain_file_size, read_hash, unreadable
from .sources.text import (
    MAX_RUN,
    BinaryInput,
    TextChunk,
    decode,
    no_break,
    overlap_start,
    position_after,
    read_chunks,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from .core.units import MemberBytes
    from .mail.mbox import RawMessage, RawText, UrlFilter
    from .mail.origin import MessageInfo
    from .mail.reader import MessageItem, TextItem
    from .sources.archives import Budget
    from .sources.nested import ReadFromHere
    from .sources.selection import Selection


@record
class Found:
    """A URL and where it was found."""

    path: str
    candidate: Candidate
    message: MessageInfo | None = None  # where in a mail or news container it was found


class Reading:
    """What a reading has met so far, for the caller that created it and handed it over.

    The scan functions count into it: the messages met (read, or passed over by the
    prefilter: no URL can come out of them), the damaged ones (a header, a boundary, an
    encoding: ProblemKind.MALFORMED), the input being read (how far it is read is how far
    it is done: the progress line), and what the input read whole was read as
    (sources.kinds: the store records it, and need not sniff the file a second time)."""

    __slots__ = ("messages", "damaged", "stream", "kind", "hash")

    def __init__(self) -> None:
        self.messages = 0
        self.damaged = 0
        self.stream: BinaryIO | None = None
        self.kind: str | None = None  # None until the input read whole is recognised
        # its SHA-256, where the reading was asked to hash it and read it all, in order
        self.hash: str | None = None

    def since(self, messages: int, damaged: int) -> tuple[int, int]:
        """The messages and the damaged ones met since the counts were these."""
        return self.messages - messages, self.damaged - damaged

    def counted(self, may_hold_urls: UrlFilter) -> UrlFilter:
        """The prefilter (mail.prefilter.may_hold_urls), counting here the messages it skips."""

        def chosen(data: bytes, bounds: Sequence[int]) -> Sequence[bool]:
            flags = may_hold_urls(data, bounds)
            self.messages += len(flags) - sum(flags)
            return flags

        return chosen


class Crossposts:
    """The news articles a run has read whole, by Message-ID: a crosspost is read once.

    INN's tradspool keeps a crossposted article once per group, a file each. Owned by the
    run: the serial loop keeps one for all its inputs, a worker one for each input, and the
    writer's merge one for the results it uses (dropping the articles another input read)."""

    __slots__ = ("ids",)

    def __init__(self, ids: Iterable[str] = ()) -> None:
        self.ids: set[str] = set(ids)

    def copy(self) -> Crossposts:
        """Another memory, holding what this one holds now."""
        return Crossposts(self.ids)

    def first_read(self, ids: Iterable[str]) -> bool:
        """Are none of these articles read yet? They are now; one read before is a crosspost."""
        if self.ids.intersection(ids):
            return False
        self.ids.update(ids)
        return True


# Where a text starts: its first line's number, its first column minus one and the offset
# of its first character (model.Position's line, column - 1, offset).
TextStart = tuple[int, int, int]
FILE_START: TextStart = (1, 0, 0)


def scan_texts(
    chunks: Iterable[TextChunk],
    path: str = "",
    start: TextStart = FILE_START,
    syntax: str | None = None,
) -> Generator[ScannedText | Problem, None, TextStart]:
    """Every chunk of a text that starts at `start`, scanned, as if the text were scanned whole.

    Together the candidates are those of the whole text. A run of text without whitespace
    longer than MAX_RUN is read in pieces, reported as a Problem of kind "limit" at the cut
    (a URL across it is cut there). Returns where a text after the chunks would start (a
    range of a large file: run.work.TextExtent); the overlap of a last chunk that is not
    final is left unscanned, for the text after it. The text is read in `syntax`
    (scanner.syntax), by default the one `path`'s name says; a code file's chunk hands the
    next the literal or comment it leaves open (ChunkScan.end_state). A range of a file
    starts its look back in code, outside any literal."""
    carry = ""
    line_base, column_base, offset_base = start
    covered = 0
    run_cut = False  # the chunk before cut a run: this one goes on with it
    read_as = file_syntax(path) if syntax is None else syntax
    state = None  # what the chunk before left open, in code
    for chunk in chunks:
        text = carry + chunk.text if carry else chunk.text
        stop, cut = (len(text), False) if chunk.final else overlap_start(text, not column_base)
        scanning = ChunkScan(
            text,
            line_base=line_base,
            column_base=column_base,
            offset_base=offset_base,
            stop=stop,
            covered_until=covered,
            syntax=read_as,
            state=state,
        )
        candidates = iter(scanning)
        yield ScannedText(text, line_base, column_base, candidates, offset_base=offset_base)
        if chunk.final:
            at_end = scanning.stop_position()
            return at_end.line, at_end.column - 1, offset_base + stop
        for _ in candidates:  # what the reader of this chunk left: the next chunk needs its end
            pass
        state = scanning.end_state
        at_stop = scanning.stop_position()
        if cut and not (run_cut and no_break(text, stop)):  # once a run
            reason = (
                f"a run of more than {size_text(MAX_RUN)} without whitespace is read in pieces: a "
                "URL across a cut is cut"
            )
            yield Problem(ProblemKind.LIMIT, reason, path, at_stop.line)
        run_cut = cut
        line_base, column_base = at_stop.line, at_stop.column - 1
        offset_base += stop
        carry = text[stop:]
        covered = max(0, scanning.covered - stop)
    line_base, column_base = position_after(carry, line_base, column_base)
    return line_base, column_base, offset_base + len(carry)


def scan_file(
    source: InputFile, articles: Crossposts, reading: Reading
) -> Iterator[Found | Problem]:
    """Every URL in one input, streamed; a problem reading it is yielded, never raised."""
    for item in scan_file_texts(source, articles, reading):
        if isinstance(item, ScannedText):
            path = item.path or source.path
            for candidate in item.candidates:
                yield Found(path, candidate, item.mail)
        else:
            yield item


def scan_file_texts(
    source: InputFile,
    articles: Crossposts,
    reading: Reading,
) -> Iterator[ScannedText | Problem]:
    """One input, chunk by chunk or message by message, scanned.

    A problem reading it is yielded, never raised. `articles`: the news articles read so far
    in the run (a crossposted article is read once); `reading` counts what is read."""
    items = _scan_file(source, articles, reading)
    return items  # type: ignore[return-value]  # no marks unless asked


def scan_input_marked(
    source: InputFile, articles: Crossposts, reading: Reading, hashing: bool = False
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """`scan_file_texts`, each news article read whole marked (ArticleRead).

    A worker's reading, whose articles the writer's process drops one by one where another input
    read them (run.worker.worked). `hashing`: the file's SHA-256 made as it is read
    (`reading.hash`: the results store's)."""
    return _scan_file(source, articles, reading, marking=True, hashing=hashing)


def scan_archive_again(
    source: InputFile, articles: Crossposts, skip: int, reading: Reading
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """A tar or zip archive read again from its start, to read on from its member `skip`.

    The unit is a core.units.ArchiveRest: the members before are read but what they give is
    dropped (their units gave it), and each news article after is marked (ArticleRead)."""
    return _scan_file(source, articles, reading, skip, marking=True)


def _scan_file(
    source: InputFile,
    articles: Crossposts,
    reading: Reading,
    skip: int | None = None,
    marking: bool = False,
    hashing: bool = False,
) -> Iterator[ScannedText | Problem | ArticleRead]:
    from .sources.kinds import TEXT, recognised

    reading.kind = reading.hash = None
    try:
        with input_stream(source.path, hashing) as opened:
            reading.stream = stream = opened
            problems, stream, kind = recognised(source.path, stream, source.path)
            reading.kind = kind
            if skip is None:  # else the planner said them, before the archive's units
                yield from problems
            if kind == TEXT:
                yield from scan_texts(read_chunks(stream), source.path)
            else:
                yield from _scan_container(source, stream, kind, articles, reading, skip, marking)
        if hashing:
            reading.hash = read_hash(opened)
    except BinaryInput as error:
        yield Problem(ProblemKind.BINARY, str(error), source.path, explicit=source.explicit)
    except OSError as error:
        yield unreadable(error, source.path)
    except Exception as error:  # noqa: BLE001 - one input's fault never ends the run
        yield Problem(
            ProblemKind.UNREADABLE, f"not read to its end: {internal_error(error)}", source.path
        )


def _scan_container(
    source: InputFile,
    stream: BinaryIO,
    kind: str,
    articles: Crossposts,
    reading: Reading,
    skip: int | None = None,
    marking: bool = False,
) -> Iterator[ScannedText | Problem | ArticleRead]:
    from .mail.prefilter import may_hold_urls
    from .mail.reader import read_input

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
    yield from _scan_read(items, articles, reading, skip is not None, marking)


def scan_archive_member(
    member: MemberBytes, budget: Budget, articles: Crossposts, reading: Reading
) -> Iterator[ScannedText | Problem | ArticleRead]:
    """One member of an archive, carried in its bytes, scanned as the whole archive's scan does.

    The member comes in a unit (core.units.ArchiveMembers); its news articles marked; its
    nested streams draw on `budget`."""
    from .mail.prefilter import may_hold_urls
    from .mail.reader import read_archive_member

    items = read_archive_member(
        member.path, member.data, member.depth, budget, reading.counted(may_hold_urls)
    )
    return _scan_read(items, articles, reading, marking=True)


def scan_items(
    path: str, items: Iterable[RawMessage | RawText | Problem], reading: Reading
) -> Iterator[ScannedText | Problem]:
    """Messages an mbox's reader cut out, scanned as the whole file's scan scans them.

    A run of them: core.units.MessageRun."""
    from .mail.reader import messages_of

    messages = messages_of(path, iter(items), None)
    return _scan_read(messages, Crossposts(), reading)  # type: ignore[return-value]  # no marks unless asked


@record
class ArticleRead:
    """The mark given before and after a news article read whole, where marks are asked for.

    An article read whole: a spool's file, an archive's member. What lies between is that article's,
    dropped should another input have read it (run.merge: a crosspost is read once),
    and nothing else is."""

    message_id: str  # "" after the article
    # the reading's counts where it is given: the article's own are those between its two marks
    # (a crosspost dropped is not counted, as the one-process reading does not count it)
    messages: int = 0
    damaged: int = 0


def _scan_read(
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
    from .mail.origin import seen_article
    from .mail.reader import MessageItem
    from .mail.reported import message_texts
    from .sources.nested import ReadFromHere

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
                yield from message_texts(item.reader, item.path)
                problems = item.reader.problems
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
            yield from _contained_text(item)


def _message_not_read(item: MessageItem, error: Exception) -> Problem:
    """The problem of a message whose reading failed (urlint's own fault): the container's
    reading goes on with the next."""
    # The message's number is its `mail`'s, which the writer may yet place (a relative run
    # of an mbox: mail.runs): no number in the reason.
    reason = f"message not read: {internal_error(error)}"
    line = item.reader.envelope.line
    return Problem(ProblemKind.UNREADABLE, reason, item.path, line, mail=item.reader.info())


def _contained_text(item: TextItem) -> Iterator[ScannedText | Problem]:
    """Plain text inside a container (an archive's member, a nested stream), scanned; a
    damaged member or stream is a problem, the rest of it lost."""
    from .sources.archives import stream_errors

    try:
        if item.stream is None:
            chunk = TextChunk(_decoded(item.data), True, "utf-8")
            texts = scan_texts([chunk], item.path, (item.line, 0, 0))
        else:
            texts = scan_texts(read_chunks(item.stream), item.path)
        for scanned in texts:
            yield replaced(scanned, path=item.path) if isinstance(scanned, ScannedText) else scanned
    except BinaryInput as error:
        yield Problem(ProblemKind.BINARY, str(error), item.path, explicit=False)
    except stream_errors() as error:  # a damaged member or stream: the rest of it is lost
        reason = f"cannot be read to its end: {error or type(error).__name__}"
        yield Problem(ProblemKind.UNREADABLE, reason, item.path, item.line)


def _read_only(item: MessageItem | TextItem | Problem, articles: set[str]) -> None:
    """An item of a member whose unit gave it already, read as far as its scan reads it
    (a text member to its end: the decompression Budget must stand where it stood)."""
    from .mail.origin import seen_article
    from .mail.reader import MessageItem, TextItem
    from .sources.archives import stream_errors

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


def scan_paths(
    paths: Iterable[str], selection: Selection | None = None
) -> Iterator[Found | Problem]:
    """Every URL under `paths` (empty wrappers too), file by file, in a stable order.

    What a walk passes over is `selection`'s choice. The library's `urlint.scan_paths` reads
    with it in one process (api.py)."""
    crossposts, reading = Crossposts(), Reading()
    for item in iter_files(paths, selection=selection):
        if isinstance(item, Problem):
            yield item
        else:
            yield from scan_file(item, crossposts, reading)
