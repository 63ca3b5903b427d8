"""Runs the scanner over inputs: an input opened, recognised, and handed to its reader.

Plain text is read in chunks and scanned as one text (sources.text.scan_texts), in the
syntax its name says (scanner.syntax: a code file's string literals and comments are read
as such); mail and news containers, archives and compressed streams are read item by item
and each decoded text scanned (mail.containers). What a read was comes back as values: the
`Reading` counts it, the `Crossposts` remember the news articles read (core.inputs).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .core.inputs import ArticleRead, Crossposts, InputFile, Reading
from .core.model import Candidate, Flag, ScannedText
from .core.problems import Problem, ProblemKind
from .core.records import record
from .sources.files import iter_files
from .sources.kinds import file_syntax
from .sources.opening import input_stream, unreadable
from .sources.streams import peek
from .sources.text import MAX_RUN, BinaryInput, read_chunks, scan_texts

# Also named here, where they stood, for the modules and tests that import them from here
# (core.inputs, core.model, sources.kinds and sources.text hold them).
__all__ = [
    "MAX_RUN",
    "ArticleRead",
    "Crossposts",
    "Found",
    "Reading",
    "ScannedText",
    "file_syntax",
    "message_info",
    "scan_archive_again",
    "scan_file_texts",
    "scan_input_marked",
    "scan_paths",
    "scan_texts",
    "scanned_inputs",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Generator
    from typing import BinaryIO

    from .core.counts import ReadingObserver
    from .core.message import InMessage
    from .mail.origin import MessageInfo
    from .sources.selection import Selection


@record
class Found:
    """A URL and where it was found."""

    path: str
    candidate: Candidate
    message: MessageInfo | None = None  # where in a mail or news container it was found


def message_info(mail: InMessage | None) -> MessageInfo | None:
    """The reader's record of the message a scanned text is in; None for plain text.

    A scanned text names its message by its shape (core.message.InMessage), and every one it
    names is the reader's MessageInfo (mail.reported makes them): this says so to the type
    checker. Not mail.origin.info_of, which checks it: that import, made for each text a
    message gives, cost more than the rest of this call, and plain text would load mail/."""
    return mail  # type: ignore[return-value]  # a MessageInfo, as the docstring says


def scan_file_texts(
    source: InputFile,
    articles: Crossposts,
    reading: Reading,
) -> Generator[ScannedText | Problem, None, None]:
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
) -> Generator[ScannedText | Problem | ArticleRead, None, None]:
    """What `scan_file_texts` and the others say, read; a problem is yielded, never raised.

    A text a walk found that urlint wrote (a baseline, a report: sources.kinds.urlint_wrote;
    a report of -o in a format with no mark of its own: sources.own_outputs) gives nothing:
    its URLs are the ones it was made of. A file named is read whatever it holds."""
    from .sources.kinds import TEXT, recognised, urlint_wrote

    reading.kind = reading.hash = None
    try:
        with input_stream(source.path, hashing) as opened:
            reading.stream = stream = opened
            problems, stream, kind = recognised(source.path, stream, source.path)
            reading.kind = kind
            if skip is None:  # else the planner said them, before the archive's units
                yield from problems
            if kind == TEXT:
                if not source.explicit:
                    head, stream = peek(stream)  # the bytes `recognised` looked at, kept
                    if urlint_wrote(head) is not None or _own_output(opened):
                        return
                yield from scan_texts(read_chunks(stream), source.path, near=reading.near)
            else:
                from .mail.containers import scan_container

                yield from scan_container(source, stream, kind, articles, reading, skip, marking)
        if hashing:
            from .sources.hashing import read_hash  # the results store's: not a check's

            reading.hash = read_hash(opened)
    except BinaryInput as error:
        yield Problem(ProblemKind.BINARY, str(error), source.path, explicit=source.explicit)
    except OSError as error:
        yield unreadable(error, source.path)
    except Exception as error:  # noqa: BLE001 - one input's fault never ends the run
        from .core.faults import internal_error  # a fault's path: not a hook's every run

        yield Problem(
            ProblemKind.UNREADABLE, f"not read to its end: {internal_error(error)}", source.path
        )


def _own_output(stream: BinaryIO) -> bool:
    """Is the open file a report urlint wrote with -o (sources.own_outputs), unchanged since?

    Asked of the file opened, not of its name: the file read is the file known."""
    import os

    from .sources.own_outputs import is_own_output

    try:
        return is_own_output(os.fstat(stream.fileno()))
    except (OSError, ValueError):  # no descriptor (a stream of a test): not known
        return False


def scan_paths(
    paths: Iterable[str], selection: Selection | None = None
) -> Iterator[Found | Problem]:
    """Every URL under `paths` (empty wrappers too), file by file, in a stable order.

    What a walk passes over is `selection`'s choice. The library's `urlint.scan_paths` reads
    with it in one process (api.py)."""
    path = ""
    for item in scanned_inputs(iter_files(paths, selection=selection), near=False):
        if isinstance(item, ScannedText):
            where, mail = item.path or path, message_info(item.mail)
            for candidate in item.candidates:
                if not candidate.flags or Flag.MALFORMED not in candidate.flags:
                    yield Found(where, candidate, mail)  # a near-URL is no URL's
        elif isinstance(item, InputFile):
            path = item.path  # of the texts that come next
        else:
            yield item


def scanned_inputs(
    sources: Iterable[InputFile | Problem],
    observer: ReadingObserver | None = None,
    passed_over: Callable[[str], bool] | None = None,
    near: bool = True,
) -> Iterator[InputFile | ScannedText | Problem]:
    """Every text of `sources` scanned, input after input, in this process.

    Each input's texts come after the input itself, which says where they are (a text of an
    archive's member names the member: ScannedText.path); a problem reading one is yielded,
    never raised, and a problem among `sources` (a path not walked: sources.files.iter_files)
    passes in its place. `observer` (the run's progress line) hears of each input's start
    and end and of each text read; the rest of an input is not read once `passed_over(its
    path)` says so (`extract -l` has listed it). `near`: whether near-URLs are looked for
    (core.inputs.Reading)."""
    crossposts, reading = Crossposts(), Reading(near)  # the run's: a crosspost is read once
    for source in sources:
        yield source
        if isinstance(source, Problem):
            continue
        if observer is not None:
            observer.reading(source, reading)
        items = scan_file_texts(source, crossposts, reading)
        for item in items:
            yield item
            if type(item) is not ScannedText:
                continue
            if observer is not None:
                observer.tick()
            if passed_over is not None and passed_over(source.path):
                items.close()  # the file with it
                break
        if observer is not None:
            observer.read(source)
