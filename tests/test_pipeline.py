"""Sources and pipeline: chunked reading finds exactly what a whole-text scan finds."""

from __future__ import annotations

import io
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint import extract
from urlint.core.model import ScannedText
from urlint.core.problems import Problem
from urlint.pipeline import Found, scan_paths
from urlint.scanner.scanner import scan
from urlint.sources import text as text_source
from urlint.sources.text import BinaryInput, byte_pieces, piece_ends, read_chunks, scan_texts

from .helpers import examples

SAMPLE = (
    "intro http://a.example/one and <URL:ftp://b.example/pub/\n   two.txt> done\n"
    "> quoted <URL:http://c.example/x/\n> y.html>\n"
    "tail mailto:joe@d.example.\n"
)


def chunked(data: bytes, chunk_bytes: int) -> list:
    """Every candidate of `data` read in chunks of `chunk_bytes` and scanned chunk by chunk
    (each chunk's candidates taken before the next chunk is asked for)."""
    chunks = read_chunks(io.BytesIO(data), chunk_bytes=chunk_bytes)
    texts = scan_texts(chunks)
    return [found for text in texts if isinstance(text, ScannedText) for found in text.candidates]


@pytest.mark.parametrize("chunk_bytes", [1, 7, 64, 1000, 1 << 20])
def test_chunked_scan_equals_whole_scan(chunk_bytes):
    """Not subsumed by test_properties' chunked = whole property: its texts (under 2 KB) fit in
    the 8 KiB read_chunks reads first (sources.text.SNIFF_BYTES), so they are never cut. This one
    (30 KB) is cut into hundreds of chunks at the small sizes, and read whole at the last."""
    text = SAMPLE * 200 + "filler line\n" * 50 + SAMPLE
    chunks = list(read_chunks(io.BytesIO(text.encode()), chunk_bytes=chunk_bytes))
    assert (len(chunks) > 1) is (chunk_bytes < len(text))
    assert chunked(text.encode(), chunk_bytes) == scan(text)


def test_wrapper_across_chunk_boundary_is_whole_and_not_reported_twice():
    text = (
        "x\n" * 100
        + "<URL:http://a.example/first/\n second/\n third?u=http://in.example/>\n"
        + "y\n" * 100
    )
    found = chunked(text.encode(), 203)
    assert [(c.url, c.line) for c in found] == [
        ("http://a.example/first/second/third?u=http://in.example/", 101)
    ]


def test_long_line_cut_keeps_columns():
    line = "a " * 30000 + "http://a.example/x " + "b " * 30000
    found = chunked((line + "\n").encode(), 4096)
    assert [(c.url, c.line, c.column) for c in found] == [("http://a.example/x", 1, 60001)]


def test_latin1_fallback_keeps_every_byte():
    data = "caf\u00e9 http://a.example/caf\u00e9\n".encode("latin-1")
    (candidate,) = chunked(data, 1 << 20)
    assert (candidate.url, candidate.column) == ("http://a.example/caf\u00e9", 6)


def test_utf8_bom_dropped_and_utf16_decoded():
    (bom,) = chunked(b"\xef\xbb\xbfhttp://a.example/\n", 1 << 20)
    assert (bom.url, bom.column) == ("http://a.example/", 1)
    (wide,) = chunked("see http://a.example/w\n".encode("utf-16"), 1 << 20)
    assert (wide.url, wide.column) == ("http://a.example/w", 5)


def test_binary_detected():
    with pytest.raises(BinaryInput):
        chunked(b"\x1f\x8b\x08\x00\x00\x00http://a.example/", 1 << 20)


def test_scan_paths_walks_directories_in_order_and_skips_vcs_and_binary(tmp_path):
    (tmp_path / "b.txt").write_text("http://b.example/\n")
    (tmp_path / "a.txt").write_text("http://a.example/\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.txt").write_text("http://c.example/\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text("url = http://git.example/\n")
    (tmp_path / "blob.bin").write_bytes(b"\0\0http://bin.example/")
    os.symlink(tmp_path, tmp_path / "sub" / "loop")  # a symlink loop back to the top
    items = list(scan_paths([str(tmp_path)]))
    found = [
        (os.path.relpath(i.path, tmp_path), i.candidate.url) for i in items if isinstance(i, Found)
    ]
    assert found == [
        ("a.txt", "http://a.example/"),
        ("b.txt", "http://b.example/"),
        ("sub/c.txt", "http://c.example/"),
    ]
    problems = [i for i in items if isinstance(i, Problem)]
    assert [(os.path.basename(p.path), p.kind, p.explicit) for p in problems] == [
        ("blob.bin", "binary", False)
    ]


def test_missing_file_is_a_problem_and_the_run_goes_on(tmp_path):
    (tmp_path / "ok.txt").write_text("http://ok.example/\n")
    items = list(scan_paths([str(tmp_path / "missing.txt"), str(tmp_path / "ok.txt")]))
    assert isinstance(items[0], Problem) and items[0].reason == "No such file or directory"
    assert [i.candidate.url for i in items[1:]] == ["http://ok.example/"]


def test_extract_matches_scan_without_empty_wrappers():
    text = "<URL:> http://a.example/ <URL: >"
    assert [c.url for c in scan(text)] == ["", "http://a.example/", ""]
    assert [c.url for c in extract(text)] == ["http://a.example/"]


def _pieces_as_first_written(stream, pending, chunk_bytes):
    """byte_pieces before it copied a read once: every read joined to what was pending,
    then cut at the last line end (past MAX_RUN at the last blank)."""
    while True:
        data = stream.read(chunk_bytes)
        if not data:
            yield pending, True
            return
        pending += data
        cut = pending.rfind(b"\n") + 1
        if cut == 0:
            if len(pending) < text_source.MAX_RUN:
                continue
            cut = text_source._last_space(pending) or len(pending)
        yield pending[:cut], False
        pending = pending[cut:]


# Text in pieces that make line ends, blanks, runs and UTF-8; a head read before the
# blocks; a block's size; MAX_RUN.
PIECES_CASES = (
    st.lists(st.sampled_from([b"\n", b"ab", b" ", b"x" * 50, b"\r\n", b"\xc3\xa9"]), max_size=80),
    st.integers(0, 40),
    st.integers(1, 90),
    st.sampled_from([30, 200, 1 << 20]),
)
# The one setting monkeypatch makes is made again for every example.
PIECES_SETTINGS = settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@PIECES_SETTINGS
@given(*PIECES_CASES)
def test_byte_pieces_cut_where_they_always_did(monkeypatch, parts, head, chunk_bytes, max_run):
    monkeypatch.setattr(text_source, "MAX_RUN", max_run)
    data = b"".join(parts)
    expected = list(_pieces_as_first_written(io.BytesIO(data[head:]), data[:head], chunk_bytes))
    pieces = list(byte_pieces(io.BytesIO(data[head:]), data[:head], chunk_bytes))
    assert pieces == expected
    assert b"".join(piece for piece, _final in pieces) == data


@PIECES_SETTINGS
@given(*PIECES_CASES, st.sampled_from([0, 3]))
def test_piece_ends_are_where_byte_pieces_cuts(
    monkeypatch, parts, head, chunk_bytes, max_run, start
):
    """The planner's ends (read near each end only, in windows as small as 8 bytes here)
    are byte_pieces' own, and so is each cut inside a line (past MAX_RUN, at a blank)."""
    monkeypatch.setattr(text_source, "MAX_RUN", max_run)
    monkeypatch.setattr(text_source, "_NEWLINE_WINDOW", 8)
    data = b"".join(parts)
    head = max(head, start) if len(data) >= start else len(data)
    start = min(start, head)
    pieces = list(byte_pieces(io.BytesIO(data[head:]), data[start:head], chunk_bytes))
    ends, end = [], start
    for piece, final in pieces:
        end += len(piece)
        ends.append((end, not final and not piece.endswith(b"\n")))
    found = list(piece_ends(io.BytesIO(data), start, head, len(data), chunk_bytes))
    assert found == ends


_ARTICLE = (
    b"Path: news!not-for-mail\nFrom: a@example.org\nNewsgroups: comp.a,comp.b\nSubject: x\n"
    b"Message-ID: <x1@example.org>\n\nhttp://example.org/crossposted\n"
)


def test_a_news_article_read_whole_is_marked_before_and_after_with_the_counts(tmp_path):
    # A worker's reading (scan_input_marked): the writer drops what lies between the two
    # marks where another input read the article, and counts the messages between them.
    from urlint.core.inputs import ArticleRead, Crossposts, InputFile, Reading
    from urlint.pipeline import scan_input_marked

    for group in ("a", "b"):
        (tmp_path / group).mkdir()
        (tmp_path / group / "17").write_bytes(_ARTICLE)
    crossposts, reading = Crossposts(), Reading()
    source = InputFile(str(tmp_path / "a" / "17"), True)
    events = []
    for event in scan_input_marked(source, crossposts, reading):
        if isinstance(event, ScannedText):  # its URLs are found as it is read: taken now
            urls = [candidate.url for candidate in event.candidates]
            event = (urls, event.path, event.mail.index)
        events.append(event)
    assert events == [
        ArticleRead("<x1@example.org>", 0, 0),
        (["http://example.org/crossposted"], source.path, 1),
        ArticleRead("", 1, 0),
    ]
    assert (reading.messages, reading.damaged, reading.kind) == (1, 0, "message")
    assert crossposts.ids == {"<x1@example.org>"}
    # the same article under the other group, with the same memory: read once, not again
    second = InputFile(str(tmp_path / "b" / "17"), True)
    assert list(scan_input_marked(second, crossposts, reading)) == []
    assert (reading.messages, reading.kind) == (1, "message")


@pytest.mark.processes
def test_a_plain_texts_reading_gives_no_message_record_and_loads_no_mail(tmp_path):
    # message_info: plain text's scanned texts name no message, and asking for the record
    # of none imports nothing of mail/ (a pre-commit hook's run reads plain text only).
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from urlint.core.inputs import Crossposts, InputFile, Reading\n"
        "from urlint.pipeline import message_info, scan_file_texts\n"
        f"texts = list(scan_file_texts(InputFile({str(tmp_path / 'a.txt')!r}, True), "
        "Crossposts(), Reading()))\n"
        "print([message_info(t.mail) for t in texts], "
        "sorted(m for m in sys.modules if m.startswith('urlint.mail')))\n"
    )
    (tmp_path / "a.txt").write_text("see http://example.org/a\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "[None] []\n"


_TWO_MESSAGES = (
    b"From a@example.org Mon Jan  1 00:00:00 2024\nSubject: one\n\nhttp://one.example/\n\n"
    b"From b@example.org Mon Jan  1 00:00:00 2024\nSubject: two\n\nhttp://two.example/\n"
)


class _Heard:
    """A progress line that notes what it hears (core.counts.ReadingObserver)."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str]] = []

    def reading(self, source, reading) -> None:
        self.heard.append(("reading", os.path.basename(source.path)))

    def read(self, source) -> None:
        self.heard.append(("read", os.path.basename(source.path)))

    def tick(self) -> None:
        self.heard.append(("tick", ""))


def _events(tmp_path, items) -> list:
    """The events of scanned_inputs as values: an input's name, a text's URLs, a problem's
    kind."""
    from urlint.core.inputs import InputFile

    events: list = []
    for item in items:
        if isinstance(item, InputFile):
            events.append(os.path.relpath(item.path, tmp_path))
        elif isinstance(item, ScannedText):
            events.append([candidate.url for candidate in item.candidates])
        else:
            events.append(item.kind)
    return events


def test_scanned_inputs_give_each_input_then_its_texts_and_tell_the_observer(tmp_path):
    from urlint.pipeline import scanned_inputs
    from urlint.sources.files import iter_files

    (tmp_path / "a.mbox").write_bytes(_TWO_MESSAGES)
    (tmp_path / "b.txt").write_text("see http://b.example/\n")
    (tmp_path / "c.bin").write_bytes(b"\0\0http://bin.example/")
    heard = _Heard()
    items = scanned_inputs(iter_files([str(tmp_path), str(tmp_path / "gone")]), heard)
    assert _events(tmp_path, items) == [
        "a.mbox", ["http://one.example/"], ["http://two.example/"],
        "b.txt", ["http://b.example/"],
        "c.bin", "binary",
        "unreadable",  # the path not there: a problem of the walk, in its place
    ]  # fmt: skip
    assert heard.heard == [
        ("reading", "a.mbox"), ("tick", ""), ("tick", ""), ("read", "a.mbox"),
        ("reading", "b.txt"), ("tick", ""), ("read", "b.txt"),
        ("reading", "c.bin"), ("read", "c.bin"),
    ]  # fmt: skip


def test_scanned_inputs_read_no_more_of_an_input_once_it_is_passed_over(tmp_path):
    # extract -l: once a file is listed, the rest of it is not read; the next one is.
    from urlint.pipeline import scanned_inputs
    from urlint.sources.files import iter_files

    (tmp_path / "a.mbox").write_bytes(_TWO_MESSAGES)
    (tmp_path / "b.mbox").write_bytes(_TWO_MESSAGES)
    listed = str(tmp_path / "a.mbox")
    heard = _Heard()
    items = scanned_inputs(iter_files([listed, str(tmp_path / "b.mbox")]), heard, listed.__eq__)
    assert _events(tmp_path, items) == [
        "a.mbox", ["http://one.example/"],
        "b.mbox", ["http://one.example/"], ["http://two.example/"],
    ]  # fmt: skip
    assert heard.heard[:3] == [("reading", "a.mbox"), ("tick", ""), ("read", "a.mbox")]


def test_a_text_urlint_wrote_gives_nothing_where_a_walk_found_it(tmp_path):
    # A baseline lists the URLs of the files it was made of; read, it reports them again.
    from urlint.core.inputs import Crossposts, InputFile, Reading
    from urlint.pipeline import scan_file_texts

    path = tmp_path / "base.json"
    path.write_text(
        '{\n "urlint_baseline": 2,\n "findings": [\n  {\n   "rule": "C202",\n   "path": '
        '"a.txt",\n   "url": "http://example.com/~fred/",\n   "url_hash": "0",\n   '
        '"count": 1\n  }\n ]\n}\n'
    )

    def read(explicit: bool) -> list:
        reading = Reading()
        texts = list(scan_file_texts(InputFile(str(path), explicit), Crossposts(), reading))
        return [[c.url for c in text.candidates] for text in texts] + [reading.kind]

    assert read(explicit=False) == ["text"]  # recognised, then nothing: no text, no problem
    assert read(explicit=True) == [["http://example.com/~fred/"], "text"]
