"""Work units: an input cut into units and scanned unit by unit, in this process
or on several, gives what the whole-input scan gives, byte for byte."""

from __future__ import annotations

import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from urlint.core.counts import Counts
from urlint.core.engines import Engine
from urlint.core.inputs import InputFile
from urlint.core.model import ScannedText
from urlint.core.problems import Problem, ProblemKind
from urlint.core.units import MessageRun, TextRange, WholeInput
from urlint.mail import mbox
from urlint.mail.mbox import lead_bytes, mbox_places, split_mbox
from urlint.output.extract import LineBlock, UrlFormat, blocked, joined
from urlint.pipeline import Found, scan_paths
from urlint.run.plan import plan, planned_units
from urlint.run.runner import run_work
from urlint.run.wire import placed, unpack
from urlint.run.work import not_worked
from urlint.sources.ranges import text_ranges
from urlint.sources.text import decode, read_chunks, read_texts, scan_texts
from urlint.work.extract import placed_lines, run_units, scan_unit
from urlint.work.scan import packed_unit

from ..helpers import examples, line_events, run, shared_path

BLOCKS = st.sampled_from(
    [
        "See http://example.com/a/b.html for it.\n",
        "Yes, Jim, I found it under <URL:ftp://ds.internic.net/rfc/\n    rfc1738.txt>.\n",
        "> quoted <URL:http://www.example.org/long/\n> path/index.html> here\n",
        "mailto:fred@example.com and news:comp.lang.python\n",
        "http://example.com/a-\nb/c.html\n",
        "\n",
        "plain words on a line with nothing in them\n",
        "x" * 300 + " http://example.net/after/a/long/word\n",
        "Grüße aus http://example.de/stra\u00dfe und <URL:http://caf\u00e9.example/\n  x>\n",
        # a long line ending in a URL the next line may go on with
        "y" * 3000 + " see http://example.org/a/very/long/\npath/index.html and more\n",
    ]
)


def _whole(path, chunk_bytes):
    with open(path, "rb") as stream:
        return _collected(scan_texts(read_chunks(stream, chunk_bytes=chunk_bytes), str(path)))


def _collected(items):
    out = []
    for item in items:
        if isinstance(item, ScannedText):
            out.extend(item.candidates)
        else:
            out.append(item)
    return out


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(BLOCKS, min_size=1, max_size=40),
    st.integers(60, 200),
    st.sampled_from([64, 500, 3000]),
    st.sampled_from([1000, 5000]),
    # Either rule alone: 16 KiB (two wrappers' worth, MAX_RAW_CHARS) and 2 lines, or 64
    # characters and 120 lines (two wrappers' worth, MAX_RAW_LINES).
    st.sampled_from([(16384, 2), (64, 120)]),
    # Chunks cut into parts near the end (PART_BYTES), or not at these sizes.
    st.sampled_from([100, 1 << 20]),
    # A Latin-1 line (a chunk that is not UTF-8) this far into the text, or none.
    st.none() | st.floats(0, 1),
)
def test_a_text_cut_in_ranges_reads_as_the_whole_text(
    tmp_path_factory, blocks, repeat, chunk_bytes, range_bytes, lookback, part_bytes, latin1
):
    path = tmp_path_factory.mktemp("ranges") / "t.txt"
    data = ("".join(blocks) * repeat).encode()
    if latin1 is not None:
        at = data.rfind(b"\n", 0, int(latin1 * len(data))) + 1
        data = data[:at] + b"caf\xe9 http://example.fr/caf\xe9\n" + data[at:]
    path.write_bytes(data)
    found = text_ranges(str(path), chunk_bytes, range_bytes, *lookback, part_bytes)
    assert found is not None  # None only for a binary or UTF-16 file
    ranges = list(found)
    assume(len(ranges) > 1)  # one range can hold it all (the first chunk is 8 KiB)
    assert all(isinstance(r, TextRange) for r in ranges) and ranges[-1].final
    whole = [item for item in _whole(path, chunk_bytes) if isinstance(item, Problem) or item.url]
    # Each range placed from its own start, then by the writer in the file (as
    # `scan_paths(..., jobs=N)` does it).
    in_ranges = [
        item if isinstance(item, Problem) else unpack(item).candidate
        for item in run_work(ranges, packed_unit, place=placed)
    ]
    assert in_ranges == whole  # lines, columns and character offsets


def test_a_range_whose_look_back_starts_a_line_longer_than_its_chunk(tmp_path):
    # Found by the property above: lines longer than a chunk, so that the whole file's scan
    # keeps back an overlap from a long line's start, where it sees the line end before it.
    # A range's look back starts at that line's start, the first of its text: it must keep
    # back the same overlap (sources.text.overlap_start, `starts_line`), not one after the
    # line's last blank, or the URL that ends the line is read without its neighbours and
    # not joined with the next line ("path/index.html"), as the whole file's scan joins it.
    short = "See http://example.com/a/b.html for it.\n"
    wrapper = "Yes, Jim, I found it under <URL:ftp://ds.internic.net/rfc/\n    rfc1738.txt>.\n"
    word = "x" * 300 + " http://example.net/after/a/long/word\n"
    long_line = "y" * 3000 + " see http://example.org/a/very/long/\npath/index.html and more\n"
    blocks = [short] * 2 + [wrapper] * 4 + [short] * 3 + [word] * 2 + [long_line] * 2
    path = tmp_path / "t.txt"
    path.write_text("".join(blocks) * 60)
    ranges = list(text_ranges(str(path), 3000, 1000, 16384, 2, 100))
    whole = [item for item in _whole(path, 3000) if isinstance(item, Problem) or item.url]
    in_ranges = [
        item if isinstance(item, Problem) else unpack(item).candidate
        for item in run_work(ranges, packed_unit, place=placed)
    ]
    joined_urls = [c.url for c in whole if c.url.startswith("http://example.org/a/very")]
    assert joined_urls == ["http://example.org/a/very/long/path/index.html"] * 120
    assert in_ranges == whole


def test_a_range_starts_only_after_a_chunk_that_ends_a_line(tmp_path, monkeypatch):
    # Runs without whitespace past MAX_RUN (made 100,000 here) are cut inside their line:
    # the chunk after such a cut starts mid-line, so no range starts there (its first
    # column would be a guess); what the ranges find, placed by the writer, is the whole
    # file's, the problem at each cut run included.
    from urlint.sources import text as text_source

    monkeypatch.setattr(text_source, "MAX_RUN", 100_000)
    path = tmp_path / "t.txt"
    # (no URL in the run: "-" joins "http" to the word before it, where "xhttp://" would be
    # a URL after a word glued on, and one in the rest of a cut run no range reads yet)
    run = "x" * 250_000 + "-http://example.com/in/a/long/run" + "y" * 200
    path.write_text(("see http://example.org/a\n" * 40 + run + "\n") * 6)
    ranges = list(text_ranges(str(path), 20_000, 100_000, 16384, 2) or ())
    data = path.read_bytes()
    starts = [r.chunks[r.first].start for r in ranges[1:]]
    assert len(starts) == 6 and all(data[start - 1 : start] == b"\n" for start in starts)
    assert any(  # and chunks cut inside a line were there to start after
        data[c.start - 1 : c.start] != b"\n" for r in ranges for c in r.chunks if c.start
    )
    whole = [item for item in _whole(path, 20_000) if isinstance(item, Problem) or item.url]
    assert [item.line for item in whole if isinstance(item, Problem)] == [
        41 * block for block in range(1, 7)
    ]
    in_ranges = [
        item if isinstance(item, Problem) else unpack(item).candidate
        for item in run_work(ranges, packed_unit, place=placed)
    ]
    assert in_ranges == whole


def test_a_range_whose_reading_fails_is_still_placed(tmp_path, monkeypatch):
    # The file goes bad under the run while the third range is read: what that range found
    # before the fault and the ranges after it come out whole lines, in their places (its
    # found events used to pass unplaced: a line in pieces, and extract's writer failed).
    from urlint.run import worker

    path = tmp_path / "t.txt"
    path.write_text("".join(f"line {n} http://example.com/{n}\n" for n in range(6000)))
    ranges = list(text_ranges(str(path), 10_000, 30_000, 0, 0) or ())
    assert len(ranges) > 4
    failing = ranges[2]
    real = worker.read_texts

    def failing_pieces(path, bounds):
        pieces = real(path, bounds)
        if bounds[-1][1] == failing.chunks[-1].end:
            yield next(pieces)
            yield next(pieces)
            raise OSError(5, "Input/output error")
        yield from pieces

    url_format = UrlFormat(with_position=True)
    whole = line_events(run_units(ranges, url_format, Engine(jobs=1)))
    before_failing = len(line_events(run_units(ranges[:2], url_format, Engine(jobs=1))))
    monkeypatch.setattr(worker, "read_texts", failing_pieces)
    events = line_events(run_units(ranges, url_format, Engine(jobs=1)))
    problems = [n for n, event in enumerate(events) if isinstance(event, Problem)]
    assert len(problems) == 1
    problem = events[problems[0]]
    assert (problem.kind.value, problem.reason) == ("unreadable", "Input/output error")
    # What came before the fault is the run's own, the failing range's first chunk too:
    # "t.txt:N:8: http://example.com/N-1", placed.
    before = events[: problems[0]]
    assert before == whole[: len(before)] and len(before) > before_failing
    placed = re.search(r":(\d+):\d+: http://example.com/(\d+)$", before[-1])
    assert placed is not None and int(placed[1]) - 1 == int(placed[2])
    assert all(isinstance(line, str) for line in events[problems[0] + 1 :])


def test_ranges_start_with_one_chunk_and_shrink_towards_the_end(tmp_path):
    # 2,000 lines of 100 bytes in chunks of 10,000 bytes (the first 20,000: the head read
    # and one more): the first range is one chunk, then each holds 50,000 bytes at most
    # and a quarter of what is left at most, a chunk at least; the empty last chunk goes
    # with the range before it.
    path = tmp_path / "t.txt"
    path.write_text(("x" * 99 + "\n") * 2000)
    ranges = list(text_ranges(str(path), 10_000, 50_000, 0, 0) or ())
    assert [(r.chunks[r.first].start, r.chunks[-1].end) for r in ranges] == [
        (0, 20_000),
        (20_000, 60_000),  # a quarter of the 180,000 left: 45,000 at most
        (60_000, 90_000),  # of 140,000: 35,000
        (90_000, 110_000),
        (110_000, 130_000),
        *((start, start + 10_000) for start in range(130_000, 200_000, 10_000)),
    ]
    assert [len(r.chunks) - r.first for r in ranges][-2:] == [1, 2]
    assert ranges[-1].chunks[-1].start == ranges[-1].chunks[-1].end == 200_000
    assert [r.final for r in ranges] == [False] * 11 + [True]


@pytest.mark.slow  # a file of 200,000 bytes planned in parts of 2,000
def test_the_last_ranges_are_parts_of_chunks(tmp_path):
    # The same file, parts of 2,000 bytes at least: where a quarter of what is left is
    # less than a chunk, the range that starts a chunk is a part of it, cut at a line end
    # (the rest of the chunk goes round again), so the last ranges are small.
    path = tmp_path / "t.txt"
    path.write_text(("http://example.com/" + "x" * 80 + "\n") * 2000)  # lines of 100 bytes
    ranges = list(text_ranges(str(path), 10_000, 50_000, 0, 0, 2_000) or ())
    assert [(r.chunks[r.first].start, r.chunks[-1].end) for r in ranges][-9:] == [
        (160_000, 170_000),  # a quarter of the 40,000 left: the chunk whole
        (170_000, 177_500),  # of 30,000: 7,500
        (177_500, 180_000),  # the rest of the chunk: 2,500 (a part, with 2,000 at least after
        (180_000, 185_000),  # it, would be less than 2,000)
        (185_000, 190_000),
        (190_000, 192_500),
        (192_500, 194_500),  # 2,000 at least
        (194_500, 196_500),
        (196_500, 200_000),  # the last, with the empty last chunk
    ]
    parts = [r.chunks[r.first] for r in ranges[-8:]]
    assert [part.piece for part in parts] == [(170_000, 180_000)] * 2 + [(180_000, 190_000)] * 2 + [
        (190_000, 200_000)
    ] * 4
    assert all(r.chunks[r.first].piece is None for r in ranges[:-8])
    url_format = UrlFormat(with_position=True)
    whole = line_events(run_units(text_ranges(str(path), 10_000, 50_000) or (), url_format))
    assert whole[1999] == f"{path}:2000:1: http://example.com/{'x' * 80}"
    # The same parts with a look back, as a run reads them, read as the whole file
    looking_back = list(text_ranges(str(path), 10_000, 50_000, part_bytes=2_000) or ())
    assert [r.chunks[r.first] for r in looking_back] == [r.chunks[r.first] for r in ranges]
    assert line_events(run_units(looking_back, url_format)) == whole


_PART = "b\u00e9 http://example.com/\n"


@pytest.mark.parametrize(
    ("before", "part", "after", "expected"),
    [
        # ASCII reads alike in both encodings (the rest of the piece is not read)
        (b"caf\xe9\n", b"plain http://example.com/\n", b"end\n", "plain http://example.com/\n"),
        # A part that is not UTF-8: neither is the whole
        (b"a\n", b"b\xe9 http://example.com/\n", b"c\n", "b\u00e9 http://example.com/\n"),
        # A part that is UTF-8, in a piece that is: UTF-8
        (b"a\n", _PART.encode(), b"c\n", _PART),
        # A part that is UTF-8, in a piece that is not (a Latin-1 byte after it, or
        # before it): Latin-1, as the whole piece reads
        (b"a\n", _PART.encode(), b"c\xe9\n", _PART.encode().decode("latin-1")),
        (b"\xe9\n", _PART.encode(), b"", _PART.encode().decode("latin-1")),
    ],
)
def test_a_part_of_a_chunk_is_decoded_as_its_whole_chunk(tmp_path, before, part, after, expected):
    path = tmp_path / "t.txt"
    path.write_bytes(b"head\n" + before + part + after)
    start = 5 + len(before)
    piece = (5, start + len(part) + len(after))
    texts = list(read_texts(str(path), [(start, start + len(part), piece), (*piece, None)]))
    assert texts[0][0] == expected
    assert texts[1][0] == decode(before + part + after)[0]  # the piece whole, as ever


_LINES = st.sampled_from(
    [b"plain http://example.com/a\n", "\u00e9t\u00e9\n".encode(), b"caf\xe9\n", b"\n"]
)


@given(st.lists(_LINES, min_size=1, max_size=12), st.data())
def test_parts_of_a_chunk_read_as_the_chunk_whole(tmp_path_factory, lines, data):
    # Any piece of lines, cut at any of its line ends: its parts' texts, joined, are the
    # piece's own, decoded whole.
    piece = b"".join(lines)
    ends = data.draw(st.lists(st.integers(1, len(lines)), max_size=4))
    cuts = sorted({len(b"".join(lines[:at])) for at in [0, *ends, len(lines)]})
    path = tmp_path_factory.mktemp("parts") / "t.txt"
    path.write_bytes(piece)
    bounds = [(low, high, (0, len(piece))) for low, high in zip(cuts, cuts[1:], strict=False)]
    assert "".join(text for text, _ in read_texts(str(path), bounds)) == decode(piece)[0]


def _lines(paths, jobs=None, line_format=UrlFormat(jsonl=True), **sizes):  # noqa: B008 - a record
    if jobs is None:  # the serial reading every command used before units
        return [
            line_format(item.path, item.candidate, item.message)[1]
            if isinstance(item, Found)
            else repr(item)
            for item in scan_paths(paths)
            if not isinstance(item, Found) or item.candidate.url
        ]
    return [
        line if isinstance(line, str) else repr(line)
        for line in line_events(run_units(plan(paths, **sizes), line_format, Engine(jobs=jobs)))
    ]


MBOX_LINES = st.sampled_from(
    [
        b"see http://example.com/a/b.html\n",
        b"From the body, unquoted\n",
        b">From a quoted line\n",
        b"\n",
        b"From someone@example.org Thu Mar  1 03:00:13 2001\n",  # a From_ line in a body
        b"words " * 30 + b"\n",
        b"--" + b"b" * 70 + b"--\n",  # a closing boundary line, the longest: a From_ line after it
        b"From - \n",  # Netscape's From_ line, with no date
    ]
)


def _message(body: list[bytes], length: int | None) -> bytes:
    """A message with its From_ line; a Content-Length field when `length` is not None
    (the body's own length, give or take: writers and files are not always right)."""
    text = b"".join(body)
    field = b"" if length is None else b"Content-Length: %d\n" % (len(text) + length)
    return b"From a@example.org Thu Mar  1 03:00:13 2001\nSubject: s\n" + field + b"\n" + text


@settings(
    max_examples=examples(60),
    deadline=None,
    # The one setting monkeypatch makes is made again, the same, for every example.
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    bodies=st.lists(st.lists(MBOX_LINES, max_size=12), min_size=1, max_size=30),
    lengths=st.lists(st.sampled_from([None, 0, 0, 0, 1, -1, 5]), min_size=30, max_size=30),
    every=st.integers(1, 3_000),
    longest=st.sampled_from([10**6, 2_000, 700]),
    block=st.sampled_from([1 << 20, 4096, 333, 64]),
    crlf=st.booleans(),
    sized=st.booleans(),
)
def test_an_mbox_read_on_from_each_place_reads_as_the_whole_file(
    monkeypatch, bodies, lengths, every, longest, block, crlf, sized
):
    # Whatever its form (From_ lines, mboxrd quoting, mboxcl lengths right or wrong,
    # CRLF, a message too long read on as text), the runs between places give the whole
    # file's messages, text and problems, with their numbers and lines: the reading does
    # not depend on where its blocks fall (a run's start at a place, not the file's).
    monkeypatch.setattr("urlint.mail.mbox.MAX_MESSAGE_BYTES", longest)
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", block)
    mbox = b"".join(_message(body, n) for body, n in zip(bodies, lengths, strict=False))
    if crlf:
        mbox = mbox.replace(b"\n", b"\r\n")
    whole = list(split_mbox(io.BytesIO(mbox)))
    # sized: the places come closer near the end (mbox.next_place_after)
    places = list(mbox_places(io.BytesIO(mbox), every, size=len(mbox) if sized else None))
    assert places[0][:3] == (0, 1, 0) and not places[0].overflowing
    assert [p.offset for p in places] == sorted({p.offset for p in places})
    runs = []
    for place, after in zip(places, [*places[1:], None], strict=True):
        end = len(mbox) if after is None else after.offset
        goes_on = after is not None and after.overflowing  # it ends inside a message
        start = place.offset - lead_bytes(place)
        runs += split_mbox(io.BytesIO(mbox[start:end]), None, place, goes_on)
    assert runs == whole


# A message whose multipart is never closed: read to its end, with a problem that names it.
_UNCLOSED = (
    b"From b@example.org Thu Mar  1 03:00:13 2001\nSubject: u\n"
    b'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\n'
    b"see http://example.com/unclosed\n\n"
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    bodies=st.lists(
        st.one_of(st.lists(MBOX_LINES, max_size=12), st.just(None)), min_size=1, max_size=40
    ),
    run_bytes=st.integers(40, 2_000),
    crlf=st.booleans(),
    # Lines in blocks (LineBlock), one by one (`--unique`: joined), with positions (-H).
    line_format=st.sampled_from(
        [UrlFormat(jsonl=True), UrlFormat(jsonl=True, keyed=True), UrlFormat(with_position=True)]
    ),
)
def test_an_mbox_in_relative_runs_reads_as_the_whole_file(bodies, run_bytes, crlf, line_format):
    # extract's runs of a plain mbox are found without framing it: each at a From_ line
    # after a blank line read near where it should start, its lines and message numbers
    # counted from there, and moved by the writer. Whatever the bodies hold (From_ lines
    # and "From " lines unquoted, mboxrd quoting, blank lines, damaged messages), what
    # comes out is the whole file's, line numbers, message numbers and lines, and the
    # problems' places included.
    mbox = b"".join(_UNCLOSED if body is None else _message(body, None) for body in bodies)
    if crlf:
        mbox = mbox.replace(b"\n", b"\r\n")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "list.mbox")
        with open(path, "wb") as out:
            out.write(mbox)
        serial = _lines([path], line_format=line_format)
        units = list(plan([path], run_bytes=run_bytes, relative=True))
        runs = [unit for unit in units if isinstance(unit, MessageRun)]
        assume(len(mbox) > 2 * run_bytes)
        assert runs and all(run.relative for run in runs)
        assert [run.place.offset for run in runs] == sorted({run.place.offset for run in runs})
        relative = _lines([path], 1, line_format, run_bytes=run_bytes, relative=True)
        assert relative == serial


_FROM_LINE = "From a@example.org Thu Mar  1 03:00:13 2001\n"  # an mbox's message starts
_HEAD = _FROM_LINE + "Subject: {n}\n\n"


def _with_a_long_message(path, messages, lines):
    """`path` written with an mbox: `messages` short ones, one of `lines` lines (each with
    a URL), and `messages` short ones again."""
    long_body = "".join(f"line {n} see http://example.com/~{n}/\n" for n in range(lines))
    short = "".join(_HEAD.format(n=n) + f"http://example.org/{n}\n\n" for n in range(messages))
    path.write_text(short + _HEAD.format(n="long") + long_body + "\n" + short)
    return path


@pytest.mark.slow
def test_an_mbox_is_framed_where_relative_runs_cannot_cut_it(tmp_path, monkeypatch):
    # A message too long for a run to hold (a run does not know which message it is, and
    # the note says so by its number), or messages that end by their Content-Length (a
    # From_ line in a body starts no message): cut by the framing, from the last run
    # found, and read as the whole file.
    monkeypatch.setattr("urlint.mail.mbox.MAX_MESSAGE_BYTES", 50_000)
    path = _with_a_long_message(tmp_path / "long.mbox", 2_000, 4_000)
    serial = _lines([str(path)])
    assert sum("message 2001 is longer than 50,000 bytes" in line for line in serial) == 1
    # (wherever the last relative run falls: the framing stands at a message's start
    # once a block it reads, and the place of that run's start is framed exactly)
    for run_bytes in (4_000, 5_000, 6_000, 7_000):
        units = list(plan([str(path)], run_bytes=run_bytes, relative=True))
        runs = [unit for unit in units if isinstance(unit, MessageRun)]
        assert len(runs) == len(units) and runs[0].relative and not runs[-1].relative
        assert runs[-1].place.index > 2_000 and any(run.place.overflowing for run in runs)
        assert _lines([str(path)], 1, run_bytes=run_bytes, relative=True) == serial

    counted = tmp_path / "counted.mbox"
    body = "see http://example.com/~{n}/\n\nFrom a@example.org Thu Mar  1 03:00:13 2001\n"
    counted.write_text(
        "".join(
            _HEAD.format(n=n).replace("\n\n", f"\nContent-Length: {len(body.format(n=n))}\n\n")
            + body.format(n=n)
            for n in range(2_000)
        )
    )
    units = list(plan([str(counted)], run_bytes=5_000, relative=True))
    runs = [unit for unit in units if isinstance(unit, MessageRun)]
    assert len(runs) > 10 and not any(run.relative for run in runs)
    assert runs[-1].place.index > 1_900
    assert _lines([str(counted)], 1, run_bytes=5_000, relative=True) == _lines([str(counted)])


_FROM = _FROM_LINE.encode()


@settings(max_examples=examples(60), deadline=None)
@given(
    pieces=st.lists(
        st.one_of(
            st.sampled_from(
                [b"\n", b"\r\n", _FROM, b"From the body\n", b">" + _FROM, b"From - \n"]
                + [b"--b--\n", b"--b--\r\n", b"--" + b"b" * 70 + b"--\n", b"------\n"]
            ),
            st.integers(1, 150_000).map(lambda n: b"x" * n + b"\n"),  # lines of 1 to 150,000
        ),
        max_size=14,
    ),
    at=st.integers(0, 400_000),
    within=st.integers(0, 400_000),
)
def test_a_message_start_is_found_where_the_whole_search_finds_it(pieces, at, within):
    # Read 64 KB at a time from `at`, with only what a From_ line still arriving needs
    # kept (a line of megabytes is passed over, not searched again a block at a time):
    # the From_ line after a blank line or a closing boundary line found is the first the
    # whole bytes hold from `at`.
    data = b"".join(pieces)
    found = mbox._from_line_starts(data, min(at, len(data)), first_only=True)
    wanted = found[0] if found and found[0] <= at + within else None
    assert mbox.message_start_after(io.BytesIO(data), at, within) == wanted


def test_a_message_start_across_a_read_is_found():
    # A From_ line (after a blank line) that the first 64 KB read cuts, anywhere in it, or
    # after a line longer than a From_ line can be, across the read.
    for length in [*range(65_440, 65_540), 200_000]:
        data = b"x" * (length - 1) + b"\n\n" + _FROM + b"body\n"
        assert mbox.message_start_after(io.BytesIO(data), 0, 10**6) == length + 1


def test_a_lost_relative_run_leaves_the_runs_after_it_in_their_place(tmp_path):
    # A run whose worker died is a problem at the run's first line; it is framed again
    # (copying no message) for what it held, so the runs after it are placed right, and
    # the next file's from its own start.
    def listing(tag):  # message i's URL on line 5 i + 4
        return b"".join(
            b"From a@b Thu Mar  1 03:00:13 2001\nSubject: %d\n\nhttp://%s.example/%d\n\n"
            % (i, tag, i)
            for i in range(100)
        )

    paths = []
    for tag in (b"a", b"b"):
        path = tmp_path / f"{tag.decode()}.mbox"
        path.write_bytes(listing(tag))
        paths.append(str(path))
    units = list(plan(paths, run_bytes=1_000, relative=True))
    b_runs = [u for u in units if isinstance(u, MessageRun) and u.path == paths[1]]
    assert len(b_runs) > 3 and all(run.relative for run in b_runs)
    line_format = UrlFormat(with_position=True)
    for lost in (b_runs[0], b_runs[1]):

        def work(unit, lost=lost):
            return not_worked(unit, "died") if unit == lost else scan_unit(unit, line_format)

        events = line_events(run_work(units, work, Engine(jobs=1), place=placed_lines))
        problems = [event for event in events if isinstance(event, Problem)]
        first = listing(b"b")[: lost.place.offset].count(b"\n") + 1
        assert [(p.path, p.line, p.reason) for p in problems] == [(paths[1], first, "died")]
        urls = [event for event in events if isinstance(event, str)]
        for url in urls:
            where, number = url.split(": ")
            index = int(number.rsplit("/", 1)[1])
            assert where.endswith(f":{5 * index + 4}:1"), url
        assert len(urls) == 200 - listing(b"b")[lost.place.offset : lost.end].count(b"From ")


def test_the_runs_of_an_mbox_shrink_towards_its_end():
    # 400 messages of 1,000 bytes, a place every 40,000 bytes or more; read in blocks of
    # 10,000 (of 40,000 once more than 40,000 is kept: the first message's Content-Length
    # is looked for in its first 65,536 bytes), the framing stands at a message's start at
    # 89,000 (its first reads), 99,000, 109,000 and so on, and a place falls at the first of
    # those past the distance asked.
    head = b"From a@example.org Thu Mar  1 03:00:13 2001\nSubject: s\n\n"
    mbox = (head + b"x" * (998 - len(head)) + b"\n\n") * 400

    def run_sizes(size):
        places = [p.offset for p in mbox_places(io.BytesIO(mbox), 40_000, 10_000, size=size)]
        return [end - start for start, end in zip(places, [*places[1:], len(mbox)], strict=True)]

    assert run_sizes(None) == [89_000, *[40_000] * 7, 31_000]
    # Known the size, from 289,000 on a quarter of what is left is less than 40,000:
    # 111,000 left, the next place 27,750 on at least (at 319,000); 81,000 left, 20,250
    # (349,000); 51,000 left, 12,750 (369,000); 31,000, 7,750 (379,000); 21,000, 5,250
    # (389,000); 11,000, 5,000: an eighth of 40,000 at least (399,000). The last run, a
    # message, is what the results store reads again should the mbox grow.
    assert run_sizes(len(mbox)) == [
        89_000,
        *[40_000] * 5,
        30_000,
        30_000,
        20_000,
        10_000,
        10_000,
        10_000,
        1_000,
    ]


@pytest.mark.slow
@pytest.mark.processes
def test_every_kind_of_unit_gives_the_serial_output_on_one_and_two_processes(tmp_path):
    mbox_source = shared_path("corpora", "email-linux-mips-monthly-mbox-gz")
    maildir = shared_path("corpora", "email-linux-mips-maildir")
    text = tmp_path / "big.txt"
    block = (
        "Yes, Jim, I found it under <URL:ftp://ds.internic.net/rfc/\n    rfc1738.txt>.\n"
        "See http://example.com/a/b.html and <http://example.org/x\n  /y>\n" + "words " * 40 + "\n"
    )
    text.write_text(block * 30_000)  # ~9 MB: chunks of 512 KB (and 1 MB first) in ranges
    paths = [str(text)]
    if mbox_source.is_dir():
        mbox = tmp_path / "archive.mbox"
        with open(mbox, "wb") as out:
            for gz in sorted(mbox_source.glob("*.gz"))[:3]:
                with gzip.open(gz) as stream:
                    shutil.copyfileobj(stream, out)
        paths += [str(mbox), str(sorted(mbox_source.glob("*.gz"))[0])]
    if maildir.is_dir():  # a Maildir's first 200 messages: a unit each
        folder = tmp_path / "Maildir"
        for sub in ("cur", "new", "tmp"):
            (folder / sub).mkdir(parents=True)
        for message in sorted(p for p in maildir.rglob("*") if p.is_file())[:200]:
            shutil.copy(message, folder / "cur" / message.name)
        paths.append(str(folder))
    serial = _lines(paths)
    units = list(plan(paths, range_bytes=3_000_000, run_bytes=400_000))
    kinds = {type(unit).__name__ for unit in units}
    assert {"TextRange"} <= kinds
    if mbox_source.is_dir():
        assert {"MessageRun", "WholeInput"} <= kinds
    assert sum(line.count('"url"') for line in serial) > 90_000
    assert _lines(paths, 1, range_bytes=3_000_000, run_bytes=400_000) == serial
    assert _lines(paths, 2, range_bytes=3_000_000, run_bytes=400_000) == serial
    # extract's: an mbox's runs found with no framing, placed by the writer
    assert _lines(paths, 2, range_bytes=3_000_000, run_bytes=400_000, relative=True) == serial


def test_a_batch_goes_back_as_one_result_around_each_news_article(tmp_path):
    # A batch's inputs that read no news article come back as one result (their events in
    # order, their messages summed); a news article read whole comes back alone, for the
    # writer to drop should another group's directory hold it too (merge.in_serial_order).
    def message(name, extra=""):
        path = tmp_path / name
        path.write_text(
            f"From: a@example.org\nMessage-ID: <{name}@x>\n{extra}Subject: s\n\n"
            f"See http://example.org/{name}/\n"
        )
        return InputFile(str(path), explicit=True)

    plain = tmp_path / "notes.txt"
    plain.write_text("and http://example.org/notes/\n")
    sources = (
        message("one"),
        message("two"),
        message("news", "Newsgroups: comp.mail.misc\n"),
        InputFile(str(plain), explicit=True),
        message("three"),
    )
    results = scan_unit(WholeInput(sources), UrlFormat())
    assert [
        (result.articles, result.counts, [event.text() for event in result.events])
        for result in results
    ] == [
        ((), Counts(0, 0, 2, 0), ["http://example.org/one/\nhttp://example.org/two/\n"]),
        (("<news@x>",), Counts(0, 0, 1, 0), ["http://example.org/news/\n"]),
        ((), Counts(0, 0, 1, 0), ["http://example.org/notes/\nhttp://example.org/three/\n"]),
    ]


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["", "truncated", "bomb", "misnamed"])
def test_a_compressed_mbox_in_runs_reads_as_the_whole_file(tmp_path, monkeypatch, damage):
    # Decompressed as a stream and cut into runs as it goes (in blocks of 16 KB here):
    # the runs give the whole file's URLs and problems, in its order, on 1 and 2 processes,
    # also where the stream breaks off (truncated, or past the decompression limit).
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", 16_384)
    message = "From a@example.org Thu Mar  1 03:00:13 2001\nSubject: {n}\n{length}\n{body}\n"
    body = (
        "see http://example.com/~{n}/ and <URL:ftp://ftp.example.org/\n  {n}.txt>\n"
        + "words without links " * 20
        + "\n"
    )
    # mboxcl2: a Content-Length on every message but each seventh (those end at the From_
    # line after them), so the runs are cut by lengths as the whole reading cuts them.
    mbox = "".join(
        message.format(
            n=n,
            body=body.format(n=n),
            length="" if n % 7 == 6 else f"Content-Length: {len(body.format(n=n))}\n",
        )
        for n in range(3_000)
    ).encode()
    assert mbox.count(b"Content-Length") == 3_000 - 3_000 // 7
    packed = gzip.compress(mbox)
    name = "list.mbox.gz"
    if damage == "truncated":
        packed = packed[: len(packed) * 2 // 3]
    elif damage == "bomb":  # the limit is met halfway
        monkeypatch.setattr("urlint.sources.archives.MIN_LIMIT_BYTES", 0)
        monkeypatch.setattr("urlint.sources.archives.MAX_RATIO", len(mbox) // 2 // len(packed))
    elif damage == "misnamed":  # says it holds a gzip stream: it holds the mbox
        name = "list.mbox.gz.gz"
    path = tmp_path / name
    path.write_bytes(packed)
    serial = _lines([str(path)])
    wanted = {
        "": "",
        "truncated": "gzip stream cannot be read to its end: truncated",
        "bomb": "a decompression bomb?",
        "misnamed": "kind=<ProblemKind.MISNAMED",
    }[damage]
    assert wanted in serial[-1 if damage in ("truncated", "bomb") else 0]
    urls = sum('"url"' in line for line in serial)
    if damage in ("", "misnamed"):
        assert urls == 6_000
    else:  # cut off where the stream broke off: the reads before the failing one are read
        assert 1_000 < urls < 5_000
    units = list(plan([str(path)], run_bytes=5_000))
    runs = [unit for unit in units if isinstance(unit, MessageRun)]
    assert len(runs) > 10 and all(run.place.counted for run in runs)
    assert _lines([str(path)], 1, run_bytes=5_000) == serial
    assert _lines([str(path)], 2, run_bytes=5_000) == serial


@pytest.mark.slow
def test_a_message_too_long_is_cut_into_runs_too(tmp_path, monkeypatch):
    # A message longer than MAX_MESSAGE_BYTES (50 KB here) is read on as text; the runs
    # go on being cut inside it (a run holds about RUN_BYTES, however long the message).
    monkeypatch.setattr("urlint.mail.mbox.MAX_MESSAGE_BYTES", 50_000)
    path = _with_a_long_message(tmp_path / "long.mbox", 50, 20_000)
    serial = _lines([str(path)])
    assert sum('"url"' in line for line in serial) == 100 + 20_000
    assert sum("message 51 is longer than 50,000 bytes" in line for line in serial) == 1
    units = list(plan([str(path)], run_bytes=20_000))
    assert sum(isinstance(u, MessageRun) and u.place.overflowing for u in units) > 10
    assert _lines([str(path)], 1, run_bytes=20_000) == serial
    assert _lines([str(path)], 2, run_bytes=20_000) == serial


@pytest.mark.slow
@pytest.mark.processes
def test_a_large_text_misnamed_says_so_on_two_processes(tmp_path):
    text = "".join(f"see http://example.com/{n}/ here\n" for n in range(300_000))
    (tmp_path / "big.eml").write_text(text)  # 9 MB of plain text, named as a message
    paths = [str(tmp_path / "big.eml")]
    serial = _lines(paths)
    assert "MISNAMED" in serial[0] and "named as a message" in serial[0]
    assert len(serial) == 300_001
    assert sum(type(u).__name__ == "TextRange" for u in plan(paths, range_bytes=5_000_000)) > 1
    assert _lines(paths, 2, range_bytes=5_000_000) == serial


@pytest.mark.processes
def test_standard_input_is_read_on_two_processes(tmp_path):
    # A worker's standard input is not the run's: the unit reading it is worked in the
    # writer's process, in its turn.
    (tmp_path / "a.txt").write_text("http://a.example/\n")
    command = [sys.executable, "-m", "urlint.commands.cli", "extract", "-j", "2", "--isolated"]
    args = [str(tmp_path / "a.txt"), "-", str(tmp_path / "a.txt")]
    done = subprocess.run(
        [*command, *args], input=b"see http://stdin.example/x\n", capture_output=True
    )
    assert (done.returncode, done.stdout) == (
        0,
        b"http://a.example/\nhttp://stdin.example/x\nhttp://a.example/\n",
    )


def test_problems_keep_their_place_among_the_urls(tmp_path):
    (tmp_path / "a.txt").write_text("http://a.example/\n")
    (tmp_path / "b.bin").write_bytes(b"\0\0binary")
    (tmp_path / "c.txt").write_text("http://c.example/\n")
    paths = [
        str(tmp_path / "a.txt"),
        str(tmp_path / "missing.txt"),
        str(tmp_path / "b.bin"),
        str(tmp_path / "c.txt"),
    ]
    events = line_events(run_units(plan(paths), UrlFormat(), Engine(jobs=2)))
    assert [e if isinstance(e, str) else (e.kind.value, e.reason) for e in events] == [
        "http://a.example/",
        ("unreadable", "No such file or directory"),
        ("binary", "binary file (NUL byte)"),
        "http://c.example/",
    ]


@pytest.mark.slow
@pytest.mark.processes
def test_check_finds_the_same_on_one_and_two_processes(tmp_path, capsys, monkeypatch):
    # An mbox is checked in runs of messages (of 100 KB here); small files together, a
    # text with suppressions among them (a large text's ranges: tests/run/test_check_ranges.py).
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", 100_000)
    message = (
        "From a@example.org Thu Mar  1 03:00:13 2001\nSubject: {n}\n\n"
        "see http://example.com/~{n}/ and <URL:ftp://fred:pw@ftp.example.org/{n}>\n\n"
    )
    with open(tmp_path / "big.mbox", "w") as out:
        for n in range(3_000):
            out.write(message.format(n=n))
    (tmp_path / "s.txt").write_text(
        "see http://ex.com/~a  # urlint: ignore[C202]\nand http://ex.com/~b\n"
        "# urlint: ignore[S401]\n"
    )
    for n in range(100):
        (tmp_path / f"small{n:03}.txt").write_text(f"<URL:http://example.com/~{n}>\n")
    kinds = [type(planned.unit).__name__ for planned in planned_units([str(tmp_path)])]
    assert kinds.count("MessageRun") > 2 and "WholeInput" in kinds
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = run(
            capsys,
            "check",
            "-j",
            jobs,
            "--isolated",
            "--select",
            "ALL",
            "--format",
            "jsonl",
            str(tmp_path),
        )
        outputs.append((code, out, err))
    assert outputs[0] == outputs[1]
    lines = outputs[0][1].splitlines()
    assert outputs[0][0] == 1 and len(lines) > 9_000
    assert sum('"code": "M901"' in line for line in lines) == 1  # the unused S401 one
    assert sum('"code": "P501"' in line for line in lines) == 3_000


_TEXTS = st.text(alphabet='ab:/ "{}%d', max_size=6)  # "%" and "%d": LineBlock's template
_FOUND = st.one_of(
    _TEXTS,
    st.tuples(_TEXTS, st.integers(1, 10**6), _TEXTS),
    st.tuples(_TEXTS, st.integers(1, 10**6), _TEXTS, st.integers(1, 10**6), _TEXTS),
    # a URL in mail: its message's number and line too
    st.tuples(*[_TEXTS, st.integers(1, 10**6)] * 4, _TEXTS),
).map(lambda pieces: ("p", "", pieces))
_PROBLEM = st.builds(
    Problem, st.just(ProblemKind.MALFORMED), st.sampled_from(["x", "y"]), st.just("p")
)


@given(
    st.lists(st.one_of(_FOUND, _PROBLEM), max_size=12),
    st.integers(0, 10**6),
    st.integers(0, 10**4),
    st.sampled_from(["\n", "\0"]),
)
def test_a_units_lines_in_blocks_write_what_they_write_one_by_one(events, before, messages, end):
    # What a worker sends in LineBlocks (output.extract.blocked), placed and written by
    # the writer, is what the lines one by one would have written (`joined`), the problems
    # between them in their places.
    one_by_one: list = []
    for event in events:
        if type(event) is tuple:
            line = joined(event[2], before, messages) + end
            if one_by_one and isinstance(one_by_one[-1], str):
                one_by_one[-1] += line
            else:
                one_by_one.append(line)
        else:
            one_by_one.append(event)
    blocks = blocked(events, end)
    in_blocks = [
        block.text(before, messages) if type(block) is LineBlock else block for block in blocks
    ]
    assert in_blocks == one_by_one
    assert sum(block.count for block in blocks if type(block) is LineBlock) == sum(
        type(event) is tuple for event in events
    )


def test_a_batch_of_files_travels_to_a_worker_as_it_was_planned(tmp_path):
    # WholeInput pickles as two tuples of plain values (core.units.WholeInput.__reduce__): what
    # the worker unpickles is the batch planned, each file a record with its flag.
    import pickle

    (tmp_path / "sub").mkdir()
    for name in ("sub/a.txt", "b.eml", "sub/c.txt"):
        (tmp_path / name).write_text("see http://example.com/\n")
    named = tmp_path / "b.eml"
    units = [planned.unit for planned in planned_units([str(named), str(tmp_path / "sub")])]
    assert units == [
        WholeInput(
            (
                InputFile(str(named), True),
                *(InputFile(str(tmp_path / "sub" / name), False) for name in ("a.txt", "c.txt")),
            )
        )
    ]
    again = pickle.loads(pickle.dumps(units[0], pickle.HIGHEST_PROTOCOL))
    assert again == units[0]
    assert [type(source) for source in again.sources] == [InputFile] * 3


def test_a_unit_whose_worker_failed_says_so_for_each_input_it_held_in_its_place():
    from urlint.core.inputs import InputFile
    from urlint.core.units import (
        ArchiveMembers,
        ArchiveRest,
        MboxPlace,
        MemberBytes,
        MessageRun,
        WholeInput,
    )

    def places(unit):
        return [
            (problem.path, problem.line, problem.reason)
            for result in not_worked(unit, "died")
            for problem in result.events
        ]

    whole = WholeInput((InputFile("a.txt", True), InputFile("b.txt", True)))
    members = ArchiveMembers(
        InputFile("t.tar", True),
        (MemberBytes("t.tar!x", b"", 1, 0, 0), MemberBytes("t.tar!y", b"", 1, 1, 0)),
        3,
    )
    run = MessageRun("box", MboxPlace(500, 41, 7, False), None)
    assert places(whole) == [("a.txt", 1, "died"), ("b.txt", 1, "died")]
    assert places(members) == [("t.tar!x", 1, "died"), ("t.tar!y", 1, "died")]
    assert not_worked(members, "died")[0].archive == 3
    assert places(ArchiveRest(InputFile("t.tar", True), 2, 3)) == [("t.tar", 1, "died")]
    assert places(run) == [("box", 41, "died")]
