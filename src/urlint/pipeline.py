"""Runs the scanner over inputs: the one place that joins sources to the scanner.

Long texts are scanned in chunks. Each chunk keeps back an overlap at its end, rescanned
with the next chunk, large enough to hold any wrapper that starts before it
(wrappers.MAX_RAW_LINES / MAX_RAW_CHARS), so chunking never changes what is found.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from .records import record

from .model import Candidate
from .scanner import scan_chunk
from .scanner.wrappers import MAX_RAW_CHARS, MAX_RAW_LINES
from .sources import STDIN, BinaryInput, InputFile, ReadProblem, TextChunk, iter_files, read_chunks


@record
class Found:
    """A URL and where it was found."""

    path: str
    candidate: Candidate
    message: int | None = None  # index of the message within a mail or news container


@record
class ScannedText:
    """One chunk as scanned: its text (with the overlap carried from the chunk before), the
    position its first character has, and the candidates found in it."""

    text: str
    line_base: int
    column_base: int
    candidates: list[Candidate]


def scan_texts(chunks: Iterable[TextChunk]) -> Iterator[ScannedText]:
    """Every chunk of a text, scanned; together the candidates are those of the whole text."""
    carry = ""
    carry_line, carry_column = 1, 0
    covered = 0
    for chunk in chunks:
        if carry:
            text, line_base, column_base = carry + chunk.text, carry_line, carry_column
        else:
            text, line_base, column_base = chunk.text, chunk.line_base, chunk.column_base
        stop = len(text) if chunk.final else overlap_start(text)
        candidates, covered_end, at_stop = scan_chunk(
            text, line_base=line_base, column_base=column_base, stop=stop, covered_until=covered
        )
        yield ScannedText(text, line_base, column_base, candidates)
        if chunk.final:
            return
        carry_line, carry_column = at_stop.line, at_stop.column - 1
        carry = text[stop:]
        covered = max(0, covered_end - stop)


def scan_chunks(chunks: Iterable[TextChunk]) -> Iterator[Candidate]:
    """Every candidate in a chunked text, as if it had been scanned whole."""
    for scanned in scan_texts(chunks):
        yield from scanned.candidates


def overlap_start(text: str) -> int:
    """Where the kept-back overlap of a chunk starts: a line start with more than
    MAX_RAW_LINES lines or more than MAX_RAW_CHARS characters after it, whichever is
    nearer the end (a wrapper stops at the first of the two bounds)."""
    by_lines = len(text)
    for _ in range(MAX_RAW_LINES + 2):
        by_lines = text.rfind("\n", 0, by_lines)
        if by_lines < 0:
            by_lines = 0
            break
    else:
        by_lines += 1
    by_chars = max(0, len(text) - MAX_RAW_CHARS - 1)
    line_start = text.rfind("\n", 0, by_chars) + 1
    if line_start == 0 and by_chars > 0:
        # One very long line: start the overlap after whitespace, where no URL is cut.
        space = max(text.rfind(" ", 0, by_chars), text.rfind("\t", 0, by_chars))
        line_start = space + 1
    return max(by_lines, line_start)


def scan_file(source: InputFile) -> Iterator[Found | ReadProblem]:
    """Every URL in one input, streamed; a problem reading it is yielded, never raised."""
    for item in scan_file_texts(source):
        if isinstance(item, ScannedText):
            for candidate in item.candidates:
                yield Found(source.path, candidate)
        else:
            yield item


def scan_file_texts(source: InputFile) -> Iterator[ScannedText | ReadProblem]:
    """One input, chunk by chunk, scanned; a problem reading it is yielded, never raised."""
    try:
        opened = nullcontext(sys.stdin.buffer) if source.path == STDIN else open(source.path, "rb")
        with opened as stream:
            yield from scan_texts(read_chunks(stream))
    except BinaryInput as error:
        yield ReadProblem(source.path, str(error), kind="binary", explicit=source.explicit)
    except OSError as error:
        yield ReadProblem(source.path, error.strerror or str(error))


def scan_paths(paths: Iterable[str]) -> Iterator[Found | ReadProblem]:
    """Every URL under `paths`, file by file, in a stable order."""
    for item in iter_files(paths):
        if isinstance(item, ReadProblem):
            yield item
        else:
            yield from scan_file(item)
