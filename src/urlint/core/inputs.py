"""An input a run reads, and what its reading meets: counts, news articles read, their marks.

`InputFile` is an input as the user named it or a walk found it. The values the layers hand
one another as a run reads it: `Reading` counts what an input's reading meets (the
pipeline, mail and the worker count into it; the progress line and the store read it),
`Crossposts` is a run's memory of the news articles it read whole (a crosspost is read
once), and `ArticleRead` marks where such an article's events start and end.
"""

from __future__ import annotations

from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import BinaryIO

    # Which of an mbox's messages may hold a URL (mail.prefilter.may_hold_urls; mail.mbox's
    # UrlFilter): the file's bytes and the messages' bounds in them, a flag for each.
    UrlFilter = Callable[[bytes, Sequence[int]], Sequence[bool]]


STDIN = "-"  # the path that names standard input, as a command's PATH and everywhere after


@record
class InputFile:
    """A file to read: `path` as the user will see it."""

    path: str
    explicit: bool  # named on the command line, rather than found in a directory


class Reading:
    """One reading of inputs: what it looks for, and what it has met so far, for the caller
    that created it and handed it over.

    The scan functions count into it: the messages met (read, or passed over by the
    prefilter: no URL can come out of them), the damaged ones (a header, a boundary, an
    encoding: ProblemKind.MALFORMED), the input being read (how far it is read is how far
    it is done: the progress line), and what the input read whole was read as
    (sources.kinds: the store records it, and need not sniff the file a second time).

    Its one setting, `near`, says whether the scan looks for near-URLs (the broken shapes
    of a URL someone meant, scanner.near): `check` reads them, and a scan into the results
    store that lints; a reading that drops them (`extract` but with `--near`, `scan
    --no-findings`, the library's scan_paths) is spared their search."""

    __slots__ = ("near", "messages", "damaged", "stream", "kind", "hash")

    def __init__(self, near: bool = True) -> None:
        self.near = near
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


@record
class ArticleRead:
    """The mark given before and after a news article read whole, where marks are asked for.

    An article read whole: a spool's file, an archive's member. What lies between is that
    article's, dropped should another input have read it (run.merge: a crosspost is read
    once), and nothing else is."""

    message_id: str  # "" after the article
    # the reading's counts where it is given: the article's own are those between its two marks
    # (a crosspost dropped is not counted, as the one-process reading does not count it)
    messages: int = 0
    damaged: int = 0
