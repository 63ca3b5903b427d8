"""A long markup file read in chunks keeps the fixes its whole text has, and never gains one.

Past its first chunk a Markdown, reST, AsciiDoc or HTML file used to lose every fix (the
blocks open before a chunk were not known to it): `--fix` fixed part of a file and exited 0.
A chunk is now handed the fence or literal block open where its text starts, and the
chunk before tells whether a code span or an element is open there; only then is it
unknown, and fails safe."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.sources.text import read_chunks, scan_texts

from ..helpers import examples

CHUNK = 4096  # the reader's chunk, small: a text of a few hundred lines crosses many


def fixes_of(text: str, path: str, chunk_bytes: int = CHUNK) -> list[tuple[int, str, bool]]:
    """(line, code, has a fix) of each finding of `text` read as a long file is, in chunks
    of `chunk_bytes`."""
    chunks = read_chunks(io.BytesIO(text.encode()), chunk_bytes=chunk_bytes)
    found = Checker(build_settings({})).check_items(path, scan_texts(chunks, path))
    return [(f.span.start.line, f.code, f.fix is not None) for f in found]


def fixes_chunked(text: str, path: str) -> list[tuple[int, str, bool]]:
    return fixes_of(text, path)


def fixes_whole(text: str, path: str) -> list[tuple[int, str, bool]]:
    """The same, of `text` read whole (the language server's and urlint.lint's reading)."""
    return fixes_of(text, path, chunk_bytes=len(text.encode()) + 1)


def prose(count: int, first: int = 0) -> str:
    return "".join(f"line {n:05d} see http://example.com/~fred/{n}\n" for n in range(first, count))


def fixable_lines(found: list[tuple[int, str, bool]]) -> list[int]:
    return [line for line, code, fixed in found if code == "C202" and fixed]


def test_every_chunk_of_a_long_markdown_file_keeps_its_fixes():
    text = prose(400)  # 17 KB: five chunks
    for path in ("long.md", "long.rst", "long.adoc", "long.html"):
        assert fixable_lines(fixes_chunked(text, path)) == list(range(1, 401)), path


def test_a_fence_open_across_a_chunk_keeps_its_urls_unfixed_and_the_rest_fixed():
    text = prose(100) + "```\n" + prose(200, 100) + "```\n" + prose(400, 200)
    # lines 1-100 prose, 101 the fence, 102-201 code, 202 its close, 203-402 prose
    expected = list(range(1, 101)) + list(range(203, 403))
    assert fixable_lines(fixes_chunked(text, "fenced.md")) == expected
    assert fixable_lines(fixes_whole(text, "fenced.md")) == expected


def test_after_an_element_left_open_across_a_chunk_no_fix_is_offered():
    """A <pre> opened in the first chunk and closed in a later one: whether a later chunk's
    text starts inside it is known from the chunk before, and from there on nothing is
    known for sure, so nothing is fixed (the whole text's reading fixes after </pre>)."""
    text = prose(50) + "<pre>\n" + prose(250, 50) + "</pre>\n" + prose(400, 250)
    chunked = fixable_lines(fixes_chunked(text, "pre.md"))
    assert chunked == list(range(1, 51))
    assert fixable_lines(fixes_whole(text, "pre.md")) == list(range(1, 51)) + list(range(253, 403))


def test_a_range_of_a_file_read_from_its_middle_offers_no_fix():
    chunks = read_chunks(io.BytesIO(prose(100).encode()), chunk_bytes=CHUNK)
    items = scan_texts(chunks, "range.md", start=(40, 0, 2000))
    found = list(Checker(build_settings({})).check_items("range.md", items))
    assert len(found) == 100
    assert [f for f in found if f.fix is not None] == []


BLOCKS = st.lists(
    st.sampled_from(
        [
            "prose",
            "```\n",
            "~~~~\n",
            "<pre>\n",
            "</pre>\n",
            "<!-- x\n",
            "-->\n",
            "`a ",
            "\n",
            "    indented http://example.com/~i/\n",
        ]
    ),
    min_size=1,
    max_size=30,
)


@settings(max_examples=examples(60), deadline=None)
@given(blocks=BLOCKS, sizes=st.lists(st.integers(1, 60), min_size=30, max_size=30))
def test_a_chunk_never_offers_a_fix_the_whole_text_does_not(blocks, sizes):
    """Wherever blocks, elements and code spans open and close around the chunks' edges,
    the chunked reading's fixes are the whole text's, or fewer (fail safe), never more."""
    text = "".join(
        prose(size) if block == "prose" else block
        for block, size in zip(blocks, sizes, strict=False)
    )
    for path in ("gen.md", "gen.rst"):
        chunked, whole = fixes_chunked(text, path), fixes_whole(text, path)
        assert [(line, code) for line, code, _ in chunked] == [
            (line, code) for line, code, _ in whole
        ]
        whole_fixed = {(line, code) for line, code, fixed in whole if fixed}
        assert {(line, code) for line, code, fixed in chunked if fixed} <= whole_fixed
