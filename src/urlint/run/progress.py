"""What a run has done, on standard error: the progress line and the summary.

A `Tally` counts the inputs read and their bytes, the messages met and the damaged ones,
and what was found (URLs for `extract`, findings for `check`). Both engines feed it: the
serial loops (commands/extract.py, commands/check.py) say when an input starts and ends,
handing over the `core.inputs.Reading` that counts what the input's reading meets (how far
it is read, its messages); the runner adds each unit's `Counts`, as the planner knows them
(files, bytes) and as the worker counted them (messages), when the unit's result is used.

The progress line is drawn on standard error once the run has worked for PROGRESS_AFTER
seconds (`URLINT_PROGRESS_AFTER` changes it: tests set 0), redrawn in place with a carriage
return at most every REDRAW_EVERY seconds, and erased at the end. It is drawn when the
consumer of the run calls `tick` (after each input, each scanned text, each unit): no
thread. Where the total is known (the regular files' sizes: a second walk over the inputs,
made a slice at a time while the line is shown, so a short run never makes it), it has an
ETA.

Only imported when progress or a summary is asked for: a pre-commit run never loads it.
"""

from __future__ import annotations

import os
import sys
import time

from ..core.counts import NOTHING, Counts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import TextIO, TypeVar

    from ..core.inputs import InputFile, Reading
    from ..sources.files import FileId
    from ..sources.selection import Selection

    _Out = TypeVar("_Out")

PROGRESS_AFTER = 1.0  # seconds of work before the progress line is drawn
REDRAW_EVERY = 0.2  # seconds between two drawings, at least
WALK_SLICE = 0.02  # seconds of the walk that finds the total, per drawing
OUTPUT_HELD = 1 << 16  # characters of output held back, at most, while the line is shown
MB = 1024 * 1024  # as the limits the docs give count: "64 MB"


class Tally:
    """A run's counts, its progress line and its summary.

    `noun`: what the run finds ("URL", "finding"). `progress`: draw the progress line.
    `summary`: True, print the summary at the end; None, print it if the progress line was
    drawn (a run long enough to watch ends with its figures); False, never. `sizes`: the
    size of each input the run reads, None for one whose size is not known (standard
    input, a FIFO), for the total and the ETA."""

    def __init__(
        self,
        noun: str,
        *,
        progress: bool,
        summary: bool | None,
        sizes: Iterator[int | None] | None = None,
        stream: TextIO | None = None,
    ) -> None:
        self.noun = noun
        self.progress = progress
        self.summary = summary
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self.counts = NOTHING  # what the runner and the ends of inputs added
        self.found = 0  # URLs written, or findings reported
        self.total: int | None = None
        self.shown = False  # the progress line was drawn at least once
        # The serial engine's reading of the input under way (what it counted when the input
        # started), and the size of that input, a regular file's (0: none, or no size)
        self._read: Reading | None = None
        self._read_base = (0, 0)
        self._reading = 0
        self._sizes = sizes if progress else None
        self._walked = 0
        self._next = self.started + _delay()
        self._width = 0  # the width of the line on the screen; 0 when none is
        self._out: _Guarded | None = None

    # What feeds it

    def reading(self, source: InputFile, reading: Reading) -> None:
        """The serial engine starts reading `source`, what it reads counted in `reading`.

        From `reading` the line takes how far the input is read and the messages met."""
        from ..sources.opening import plain_file_size

        self.counts += self._read_so_far()  # an input left unfinished: what it read counts
        self._read = reading
        self._read_base = (reading.messages, reading.damaged)
        self._reading = plain_file_size(source.path)
        self.tick()

    def read(self, source: InputFile) -> None:
        """The serial engine is done with `source` (its bytes: those of a regular file)."""
        self.counts += self._read_so_far() + Counts(1, self._reading)
        self._read = None
        self._reading = 0
        self.tick()

    def _read_so_far(self) -> Counts:
        """The messages the input under way has met (serial engine)."""
        if self._read is None:
            return NOTHING
        return Counts(0, 0, *self._read.since(*self._read_base))

    def add(self, counts: Counts) -> None:
        """A unit's counts, or one of its results' (the parallel engine).

        The runner (run/merge.py) adds a unit's results' counts (the messages its worker
        met, no bytes) before the unit's own (its inputs done and bytes, as planned): the
        line is drawn at the latter, so that no frame shows messages read and none of the
        bytes they came from."""
        self.counts += counts
        if counts.files or counts.bytes:
            self.tick()

    def totals(self) -> Counts:
        """Everything counted so far (serial engine: the input under way's messages too)."""
        if self._read is None:
            return self.counts
        return self.counts + self._read_so_far()

    # The progress line

    def tick(self) -> None:
        """Draw the progress line, if it is time to."""
        if self.progress and time.monotonic() >= self._next:
            self._draw()

    def _draw(self) -> None:
        out = self._out
        if out is not None:
            out.flush()  # what was written goes above the progress line
            if not out.at_line_start:
                return  # a line of output is under way: wait for its end
        now = time.monotonic()
        self._walk(now + WALK_SLICE)
        line = self.progress_line(self._bytes_done(), now - self.started)
        columns = _columns(self.stream)
        if columns:
            line = line[: columns - 1]
        self._write("\r" + line + " " * max(0, self._width - len(line)))
        self._width = len(line)
        self.shown = True
        self._next = time.monotonic() + REDRAW_EVERY

    def progress_line(self, done: int, elapsed: float) -> str:
        """The progress line: `urlint: 12 files, 3,456 messages, 123.4/313.0 MB, 39.6 MB/s`.

        With a total, `ETA 0:05` after it. Inputs done (left out while none is and
        messages are read: one large mbox is done only at its end, and "0 files" would say
        nothing moves), messages (when any), MB read (of the total, once known), the speed
        and, with a total, the time left at that speed."""
        counts = self.totals()
        parts = []
        if counts.files or not counts.messages:
            parts.append(plural(counts.files, "file"))
        if counts.messages:
            parts.append(plural(counts.messages, "message"))
        of = f"/{self.total / MB:,.1f}" if self.total is not None else ""
        parts.append(f"{done / MB:,.1f}{of} MB")
        rate = done / max(elapsed, 1e-6)
        parts.append(f"{rate / MB:,.1f} MB/s")
        if self.total is not None and done and self.total >= done:
            parts.append(f"ETA {_clock((self.total - done) / rate)}")
        return "urlint: " + ", ".join(parts)

    def _bytes_done(self) -> int:
        done = self.counts.bytes
        if self._reading:  # how far the serial engine is in a regular file
            stream = None if self._read is None else self._read.stream
            try:
                position = stream.tell() if stream is not None else 0
            except (OSError, ValueError):  # closed, or not seekable
                position = 0
            done += min(position, self._reading)
        return done

    def _walk(self, deadline: float) -> None:
        """Go on finding the total, until `deadline`."""
        sizes = self._sizes
        if sizes is None:
            return
        for number, size in enumerate(sizes, 1):
            if size is None:  # an input whose size is not known: no total, no ETA
                self._sizes = None
                return
            self._walked += size
            if number % 64 == 0 and time.monotonic() > deadline:
                return
        self._sizes = None
        self.total = self._walked

    def settle(self) -> None:
        """Write the output held back and erase the progress line.

        Before a note on standard error, and when the run ends or is stopped."""
        if self._out is not None:
            try:
                self._out.flush()
            except (OSError, ValueError):  # a reader gone away: main says nothing of it
                pass
        self.clear()

    def clear(self) -> None:
        """Erase the progress line (before a note, or at the end)."""
        if self._width:
            self._write("\r" + " " * self._width + "\r")
            self._width = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (AttributeError, OSError, ValueError):  # no standard error, or it went away
            self.progress = False

    def guarded(self, out: _Out) -> _Out:
        """`out` (standard output), guarded if the progress line is drawn on its terminal.

        Guarded: what is written to it is held back until the line is next drawn (or
        OUTPUT_HELD characters wait), then written above it, the line erased first and
        drawn again after it (when it ends a line)."""
        if not (self.progress and _isatty(out)):
            return out
        self._out = _Guarded(out, self)
        return self._out  # type: ignore[return-value]  # it writes as `out` does

    # The end

    def finish(self, out: object = None) -> None:
        """Erase the progress line and, if it is due, write the summary.

        After flushing `out`, so it comes after the output on a terminal)."""
        self.settle()
        if self.summary or (self.summary is None and self.shown):
            if out is not None:
                out.flush()  # type: ignore[attr-defined]
            self._write(self.summary_line(time.monotonic() - self.started) + "\n")

    def summary_line(self, elapsed: float) -> str:
        """The summary line: what was read and found, the bytes, the time and the speed.

        `urlint: 60 files, 86,040 messages, 120,311 URLs, 3 damaged messages; 313 MB in
        7.9 s (39.6 MB/s)`: messages only where there are any; the bytes of regular files
        (none: standard input alone, then only the time)."""
        counts = self.totals()
        parts = [plural(counts.files, "file")]
        if counts.messages:
            parts.append(plural(counts.messages, "message"))
        parts.append(plural(self.found, self.noun))
        if counts.messages:
            parts.append(plural(counts.damaged, "damaged message"))
        if not counts.bytes:
            return f"urlint: {', '.join(parts)}; {duration(elapsed)}"
        rate = counts.bytes / MB / max(elapsed, 1e-6)
        return (
            f"urlint: {', '.join(parts)}; {_size(counts.bytes)} in {duration(elapsed)} "
            f"({rate:,.1f} MB/s)"
        )


class _Guarded:
    """Standard output on the terminal the progress line is on (Tally.guarded)."""

    def __init__(self, out: object, tally: Tally) -> None:
        self._target = out
        self._tally = tally
        self._held: list[str] = []
        self._size = 0
        self.at_line_start = True  # what was written ends a line

    def write(self, text: str) -> int:
        self._held.append(text)
        self._size += len(text)
        if self._size > OUTPUT_HELD:
            self.flush()
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._held:
            text = "".join(self._held)
            self._held, self._size = [], 0
            self._tally.clear()
            self._target.write(text)  # type: ignore[attr-defined]
            if text:
                self.at_line_start = text.endswith("\n")
        self._target.flush()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self._target, name)


def input_sizes(
    paths: Iterable[str], selection: Selection | None, skip: frozenset[FileId] = frozenset()
) -> Iterator[int | None]:
    """The size of each input a run over `paths` reads (the same walk).

    None for one that is not a regular file (then the total is not known)."""
    from ..core.inputs import InputFile
    from ..sources.files import iter_files
    from ..sources.opening import regular_file_size

    for item in iter_files(paths, skip, selection):
        if not isinstance(item, InputFile):
            continue
        try:
            size = regular_file_size(item.path)
        except OSError:
            continue  # the run says so
        yield size
        if size is None:
            return


def _delay() -> float:
    try:
        return float(os.environ.get("URLINT_PROGRESS_AFTER", PROGRESS_AFTER))
    except ValueError:
        return PROGRESS_AFTER


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _columns(stream: TextIO) -> int:
    """The terminal's width, 0 when `stream` is no terminal."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def plural(count: int, noun: str) -> str:
    """`1 file`, `1,024 files`."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _size(count: int) -> str:
    megabytes = count / MB
    return f"{megabytes:.1f} MB" if megabytes < 10 else f"{megabytes:,.0f} MB"


def duration(seconds: float) -> str:
    """`0.04 s`, `7.9 s`, `2 min 05 s`, `1 h 02 min`."""
    if seconds < 1:
        return f"{seconds:.2f} s"
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    return f"{minutes // 60} h {minutes % 60:02d} min"


def _clock(seconds: float) -> str:
    """`0:05`, `12:34`, `1:02:03`."""
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes}:{rest:02d}"
    return f"{minutes // 60}:{minutes % 60:02d}:{rest:02d}"
