"""A text scanned in chunks gives what its whole scan gives, at the first line after a stop too.

The chunk after a stop (sources.text.overlap_start) used to start at the stop, with none of
the lines before it: whatever the scan reads before a URL's line (a near-URL's "//" after
a line end, the line a URL is joined from, a quotation's opening mark, a fence, a login's
"://") read differently there. Its text now starts at the look back before the stop
(sources.text.look_back_start), its candidates at the stop."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.core.model import ScannedText
from urlint.scanner.wrappers import MAX_RAW_CHARS, MAX_RAW_LINES
from urlint.sources.text import TextChunk, look_back_start, overlap_start, read_chunks, scan_texts

from ..helpers import examples


def found(items) -> list[tuple[str, int, int, int, int, list[str]]]:
    return [
        (
            c.url,
            c.span.start.line,
            c.span.start.column,
            c.span.end.line,
            c.span.end.column,
            sorted(flag.value for flag in c.flags),
        )
        for item in items
        if isinstance(item, ScannedText)
        for c in item.candidates
    ]


def chunks_stopping_at(before: str, probe: str) -> tuple[str, list[TextChunk]]:
    """A text (`before`'s line, then `probe`'s) in two chunks, the first's stop at `probe`."""
    lines = probe.split("\n")
    first = "".join(
        f"{line}\n" for line in [before, *lines] + ["z"] * (MAX_RAW_LINES + 1 - len(lines))
    )
    stop, _ = overlap_start(first)
    assert first[stop:].startswith(probe)  # the stop falls on the probe's first line
    return first + "end\n", [TextChunk(first, False, "utf-8"), TextChunk("end\n", True, "utf-8")]


MALFORMED = ["malformed"]

# (line before the stop, lines from the stop on, syntax's file name, the whole text's
# candidates: url, first line and column, last line and column, flags).
AT_THE_STOP = [
    pytest.param(
        "see",
        "//https://x.org/path here",
        "a.txt",
        [("//https://x.org/path", 2, 1, 2, 21, MALFORMED), ("https://x.org/path", 2, 3, 2, 21, [])],
        id="a scheme written twice at the line start (was lost)",
    ),
    pytest.param(
        "we y " * 12 + "yy",
        "zz " * 15 + " http://x.org/a-\n/b",
        "a.txt",
        [("http://x.org/a-", 2, 47, 2, 62, ["maybe-continued"])],
        id="the line before tells no wrap column (was joined with /b)",
    ),
    pytest.param(
        "\u300c quoted",
        "https://x.org/a\u300d and",
        "a.txt",
        [("https://x.org/a", 2, 1, 2, 16, [])],
        id="the quotation's opening mark on the line before (was a glued near-URL)",
    ),
    pytest.param(
        "://",
        "mailto:e@org x",
        "a.txt",
        [],
        id="a login read on from the line before (was a URL)",
    ),
    pytest.param(
        "```",
        "http//x.org/n\n```",
        "a.md",
        [],
        id="a code block opened on the line before (was a near-URL)",
    ),
    pytest.param(
        "Example::\n",
        "    https:/x.org/n",
        "a.rst",
        [],
        id="a literal block opened before (was a near-URL)",
    ),
]


@pytest.mark.parametrize(("before", "probe", "path", "expected"), AT_THE_STOP)
def test_the_first_line_after_a_stop_reads_as_in_the_whole_text(before, probe, path, expected):
    text, chunks = chunks_stopping_at(before, probe)
    assert found(scan_texts([TextChunk(text, True, "utf-8")], path)) == expected
    assert found(scan_texts(chunks, path)) == expected


@pytest.mark.parametrize(
    ("lines_in_block", "closed_before"),
    [
        pytest.param(800, None, id="a fence opened chunks before and still open"),
        pytest.param(800, 30, id="a fence closed inside the look back"),
        pytest.param(800, 100, id="a fence closed before the look back"),
    ],
)
@pytest.mark.parametrize("chunk_bytes", [4096, 16384])
def test_a_chunk_that_starts_inside_a_fenced_block_knows_it(
    lines_in_block, closed_before, chunk_bytes
):
    block = [f"code line {number:04d} with nothing on it" for number in range(lines_in_block)]
    if closed_before is not None:  # the fence closes that many lines before the block's end
        block.insert(len(block) - closed_before, "```")
    lines = ["Prose first.", "```", *block, "http//x.org/last-in-block"]
    if closed_before is None:
        lines.append("```")
    lines += ["http//x.org/after", "end"]
    text = "\n".join(lines) + "\n"
    after = ("http//x.org/after", len(lines) - 1, 1, len(lines) - 1, 18, MALFORMED)
    if closed_before is None:  # the near-URL in the block is shown as written: none
        expected = [after]
    else:  # the block closed: both are prose
        last = len(lines) - 2
        expected = [("http//x.org/last-in-block", last, 1, last, 26, MALFORMED), after]
    whole = found(scan_texts([TextChunk(text, True, "utf-8")], "a.md"))
    assert whole == expected
    chunks = list(read_chunks(io.BytesIO(text.encode()), chunk_bytes=chunk_bytes))
    assert len(chunks) > 1
    assert found(scan_texts(chunks, "a.md")) == expected


def _look_back_line_by_line(text: str, stop: int) -> int:
    """look_back_start as its bounds say it, a line at a time."""
    if stop == 0 or text[stop - 1] != "\n":
        return stop
    by_lines = stop - 1
    for _ in range(MAX_RAW_LINES):
        by_lines = text.rfind("\n", 0, by_lines)
        if by_lines < 0:
            break
    by_lines += 1
    if stop <= MAX_RAW_CHARS:
        return by_lines
    return max(by_lines, text.find("\n", stop - MAX_RAW_CHARS - 1, stop) + 1)


@given(
    st.lists(st.integers(0, 400), min_size=1, max_size=300),
    st.integers(0, 2**31),
)
def test_the_look_back_is_where_its_bounds_say(line_lengths, at):
    text = "".join("y" * length + "\n" for length in line_lengths)
    line_starts = [offset + 1 for offset, char in enumerate(text) if char == "\n"]
    stops = [0, len(text), MAX_RAW_CHARS, MAX_RAW_CHARS + 1, at % (len(text) + 1)]
    stops.append(line_starts[at % len(line_starts)])  # where a stop falls: a line start
    stops += [start for start in line_starts if abs(start - MAX_RAW_CHARS) < 500]
    for stop in stops:
        stop = min(stop, len(text))
        assert look_back_start(text, stop) == _look_back_line_by_line(text, stop), stop


def test_the_look_back_is_as_long_as_the_overlap_and_starts_a_line():
    text = "x\n" * 200
    assert look_back_start(text, 300) == 300 - 2 * MAX_RAW_LINES
    assert look_back_start(text, 100) == 0  # fewer lines before: the text's start
    long_lines = ("y" * 999 + "\n") * 20
    stop = 15 * 1000
    back = look_back_start(long_lines, stop)
    assert back == stop - 8 * 1000 and stop - back <= MAX_RAW_CHARS  # whole lines
    assert look_back_start("a b", 2) == 2  # inside a line (a long one cut at a blank): none


# Snippets of a generated text: prose, URLs and near-URLs of every shape, wrappers, quotes and
# brackets, a line joined or not, each with the lines before it that its reading hangs on,
# between lines of prose that differ each from the others. (A wrapper's line is followed by
# its own next line: a line the text repeats after it would be read as page furniture
# (scanner.furniture) by how often the text at hand has it, which a chunk of a few kilobytes
# tells otherwise than the whole text; at 512 KB a running header or footer is on every page
# of a chunk.) Fenced blocks open and close anywhere: a chunk's text that starts inside one
# is read knowing it (ChunkScan.opened). Every literal closed, as test_code's chunked
# property has it.
SNIPPETS = st.sampled_from(
    [
        "see http://example.com/a and https://x.org/path?q=1#f for details.",
        "see\n//https://x.org/twice at the line start",
        "https:/x.org/a, http//x.org/b, https;//x.org/c, http: // x.org/d and",
        "https\uff1a//x.org/e https://https://x.org/f (http//x.org/g)",
        "\u300c quoted https://x.org/h\nhttps://x.org/i\u300d and https://x.org/j\uff09 done",
        "> " + "q" * 60 + " http://x.org/k-\n> b/c and more",
        "we y " * 12 + "yy\n" + "zz " * 15 + " http://x.org/a-\n/b/c.html and",
        "zz " * 15 + " http://x.org/l-\n/m/n.html and",
        "<URL:http://x.org/wrapped-\n  across/lines> and",
        "://\nmailto:joe@x.org, news:comp.lang and [link](https://x.org/md)",
        "`https:/x.org/in-span` # see http://x.org/comment",
        '"""\nA docstring: http://x.org/doc, https:/x.org/near\n"""',
        "x = 'http://x.org/string' + \"https;//x.org/s\"",
        "```",
        "```\nrun --url http//x.org/in-fence https:/x.org/fenced\n```",
        "~~~~\nhttp//x.org/tilde-fence\n~~~~~",
        "",
    ]
)


def prose(number: int) -> str:
    """A line of prose no other line of the text repeats (numbers aside: letters)."""
    word = ""
    while True:
        number, letter = divmod(number, 26)
        word += chr(ord("a") + letter)
        if not number:
            return f"Prose line {word} of the text, with nothing to see on it."


@pytest.mark.slow  # texts of hundreds of lines, each scanned whole and in chunks
@settings(max_examples=examples(100))
@given(
    st.lists(st.tuples(SNIPPETS, st.integers(0, 3)), min_size=150, max_size=300),
    st.sampled_from([4096, 8192, 16384]),
    st.sampled_from(["a.txt", "a.py", "a.md"]),
    st.booleans(),
)
def test_a_text_read_in_chunks_of_kilobytes_gives_what_its_whole_scan_gives(
    snippets, chunk_bytes, path, near
):
    lines = []
    for snippet, prose_lines in snippets:
        lines.append(snippet)
        lines.extend(prose(len(lines) + number) for number in range(prose_lines))
    text = "\n".join(lines) + "\n"
    whole = found(scan_texts([TextChunk(text, True, "utf-8")], path, near=near))
    chunks = list(read_chunks(io.BytesIO(text.encode()), chunk_bytes=chunk_bytes))
    assert len(chunks) > 1
    assert found(scan_texts(chunks, path, near=near)) == whole


def test_a_chunk_that_starts_inside_a_rest_literal_block_knows_it():
    block = [f"    code line {number:04d} with nothing on it" for number in range(800)]
    lines = ["Example::", "", *block, "    http//x.org/in-block", "", "http//x.org/after", "end"]
    text = "\n".join(lines) + "\n"
    expected = [("http//x.org/after", len(lines) - 1, 1, len(lines) - 1, 18, MALFORMED)]
    assert found(scan_texts([TextChunk(text, True, "utf-8")], "a.rst")) == expected
    chunks = list(read_chunks(io.BytesIO(text.encode()), chunk_bytes=4096))
    assert len(chunks) > 2
    assert found(scan_texts(chunks, "a.rst")) == expected
