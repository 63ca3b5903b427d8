"""A large mbox, plain or compressed, cut into runs of whole messages for the cores.

A run is read back in a worker as the whole file's reading reads it.

The cuts are places where the whole file's framing stands at a message's start
(mbox.mbox_places): a run read on from its place gives what the whole file gives there,
message numbers and lines included. A plain file's run is a byte range the worker reads;
a compressed file is decompressed here, once, as a stream, and each run carries its bytes.
For `extract`, `check` and the library, a plain mbox is cut with no framing at all
(`relative_runs`): at From_ lines read near where each run should start, each run
counting its lines and messages from there, for the writer to place.
"""

from __future__ import annotations

from io import BytesIO

from ..core.counts import NOTHING, Counts
from ..core.problems import Problem
from ..core.units import MboxPlace, MessageRun, Planned
from ..sources.archives import stream_errors
from ..sources.kinds import recognised
from ..sources.nested import broken_stream
from ..sources.opening import open_input, read_range, unreadable
from . import mbox
from .mbox import mbox_places, split_mbox

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from ..core.inputs import InputFile
    from ..sources.nested import OpenedInput
    from .mbox import RawMessage, RawText, UrlFilter


def message_runs(
    source: InputFile, size: int, run_bytes: int, start: MboxPlace | None = None
) -> Iterator[Planned]:
    """A plain mbox in runs of `run_bytes` or more, each covering its bytes.

    A plain mbox in runs of `run_bytes` or more (less near its end: mbox.next_place_after),
    each covering its bytes, the last one the rest of the file; from `start` on, where given
    (an mbox read on from where the results store's last scan stopped: what comes before is
    as it was)."""
    last = None
    covered = 0 if start is None else start.offset
    try:
        with open_input(source.path) as raw:
            if start is None:
                problems, stream, _ = recognised(source.path, raw, source.path)
                for problem in problems:
                    yield Planned(problem)
            else:
                raw.seek(start.offset - mbox.lead_bytes(start))
                stream = raw
            for place in mbox_places(stream, run_bytes, start=start, size=size):
                if last is not None:
                    run = MessageRun(source.path, last, place.offset, goes_on=place.overflowing)
                    yield Planned(run, Counts(0, place.offset - last.offset))
                last = place
    except OSError as error:
        problem = unreadable(error, source.path)
        yield Planned(problem, Counts(int(last is None), size - covered if last is None else 0))
    if last is not None:  # the last run ends the file
        yield Planned(MessageRun(source.path, last, None), Counts(1, max(0, size - last.offset)))


def relative_runs(source: InputFile, size: int, run_bytes: int) -> Iterator[Planned]:
    """A plain mbox in runs as `message_runs` cuts it, found with no framing of the file.

    Each run starts at a From_ line after a blank line (or a closing boundary line), found
    by reading near where it should start (mbox.message_start_after), and counts its lines
    and messages from there (`MessageRun.relative`), for the writer to place
    (run.work.TextExtent). Where the messages end by their Content-Length (a From_ line in a
    body is no message's start), or no From_ line is found near enough (a message too long:
    no run may hold one), the file is cut as `message_runs` cuts it, on from the last run
    found."""
    last = 0  # where the run being cut starts
    # A run holds no message too long: the whole file's reading reads one on as text,
    # saying which message it is by its number, which a run does not know.
    longest = mbox.MAX_MESSAGE_BYTES // 2
    try:
        with open_input(source.path) as raw:
            problems, stream, _ = recognised(source.path, raw, source.path)
            for problem in problems:
                yield Planned(problem)
            counted = mbox.counted_mbox(stream)
            while not counted:
                target = last + mbox.next_place_after(run_bytes, size, last)
                if target >= size or target - last > longest:
                    break
                cut = mbox.message_start_after(raw, target, longest - (target - last))
                if cut is None:
                    break
                place = MboxPlace(last, 1, 0, counted=False)
                yield Planned(
                    MessageRun(source.path, place, cut, relative=True), Counts(0, cut - last)
                )
                last = cut
            if not counted and size - last <= longest:
                place = MboxPlace(last, 1, 0, counted=False)
                yield Planned(
                    MessageRun(source.path, place, None, relative=True),
                    Counts(1, max(0, size - last)),
                )
                return
            start = _framed_to(stream, last, counted)
    except OSError as error:
        yield Planned(unreadable(error, source.path), Counts(1, max(0, size - last)))
        return
    yield from message_runs(source, size, run_bytes, start)


def _framed_to(stream: BinaryIO, at: int, counted: bool) -> MboxPlace:
    """The place of the message at `at`, a message's start, in the framing of the mbox
    `stream` holds from its start: how many lines and messages come before it."""
    if at == 0:
        return MboxPlace(0, 1, 0, counted)
    stream.seek(0)
    return mbox.place_at(stream, at)


def run_extent(unit: MessageRun) -> tuple[int, int]:
    """The line ends and the messages in a relative run; (0, 0) when it cannot be read.

    The line ends and the messages in a relative run, framed again copying no message: what
    the writer places the runs after it by when the run's worker was lost (runner.
    not_worked); (0, 0) when it cannot be read."""
    end = mbox.FramingEnd()
    try:
        for _ in run_messages(unit, mbox.read_none, end):
            pass
    except Exception:  # noqa: BLE001 - a count for placing, never the end of the run
        return 0, 0
    return (end.line - 1, end.messages) if end.reached else (0, 0)


def stream_runs(
    source: InputFile, kind: str, size: int, run_bytes: int, opened: OpenedInput
) -> Iterator[Planned]:
    """A compressed mbox, opened, cut into runs as it is read, each carrying its bytes.

    A compressed mbox (`kind`: kinds.COMPRESSED), opened (`opened.stream`: the mbox
    decompressed), cut into runs as it is read, each carrying its bytes."""
    raw, inner = opened.raw, opened.stream
    with raw:
        for problem in opened.problems:
            yield Planned(problem)
        kept = _Kept(inner)
        last = None
        lead = b""  # the bytes before the run's place it is read with (mbox.lead_bytes)
        covered = 0  # compressed bytes the runs so far stand for
        broken = None
        try:
            # The whole file's reading's reads: damage is met where it meets it.
            for place in mbox_places(kept, run_bytes, mbox.BLOCK_BYTES):  # type: ignore[arg-type]  # it reads as a BinaryIO does
                if last is not None:
                    data = lead + kept.take(place.offset)
                    run = MessageRun(
                        source.path, last, place.offset, data, goes_on=place.overflowing
                    )
                    at = min(raw.tell(), size)
                    yield Planned(run, Counts(0, at - covered))
                    covered = at
                    lead = data[len(data) - mbox.lead_bytes(place) :]
                last = place
        except stream_errors() as error:
            broken = broken_stream(source.path, kind, error)
        ends = Counts(1, max(0, size - covered))
        if last is not None:
            data = lead + kept.take(kept.end)
            run = MessageRun(source.path, last, None, data, broken is not None)
            yield Planned(run, NOTHING if broken is not None else ends)
        if broken is not None:
            yield Planned(broken, ends)


class _Kept:
    """A stream that keeps what was read from it, from `base` on, until taken."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.kept = bytearray()
        self.base = 0

    @property
    def end(self) -> int:
        return self.base + len(self.kept)

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        self.kept += data
        return data

    def take(self, end: int) -> bytes:
        """What was read from `base` to `end`, no longer kept."""
        piece = bytes(self.kept[: end - self.base])
        del self.kept[: end - self.base]
        self.base = end
        return piece


def run_messages(
    unit: MessageRun,
    may_hold_urls: UrlFilter | None,
    end: mbox.FramingEnd | None = None,
) -> Iterator[RawMessage | RawText | Problem]:
    """A run's messages (and text, and problems), as the whole file's reading gives them.

    `end` holds the line after its last, and its messages, at its end (split_mbox)."""
    place = unit.place
    if unit.data is None:
        data = read_range(unit.path, place.offset - mbox.lead_bytes(place), unit.end)
        if isinstance(data, Problem):
            yield data
            return
    else:
        data = unit.data
    stream: BinaryIO = _BreaksOff(data) if unit.broken else BytesIO(data)  # type: ignore[assignment]  # it reads as a BinaryIO does
    try:
        yield from split_mbox(stream, may_hold_urls, place, unit.goes_on, end)
    except _BrokenOff:
        return  # where the stream broke off: the planner reports it after this run


class _BrokenOff(Exception):
    pass


class _BreaksOff:
    """The bytes a damaged stream gave before it broke off, then its breaking off: read
    from a place, what the whole file's reading made of them is made again."""

    def __init__(self, data: bytes) -> None:
        self.data = BytesIO(data)

    def read(self, size: int = -1) -> bytes:
        data = self.data.read(size)
        if not data:
            raise _BrokenOff
        return data
