"""Properties: any RFC 1738 URL, wrapped and broken anywhere, comes back whole."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from urlint import Flag, extract, scan
from urlint.pipeline import ScannedText, scan_texts
from urlint.sources.text import read_chunks

from ..helpers import examples
from ..rfc1738_strategies import rfc1738_url

PAGE_BREAK = (
    "\n\n\n\nBerners-Lee, Masinter & McCahill                               [Page 7]\n"
    "\f\nRFC 1738            Uniform Resource Locators (URL)       December 1994\n\n\n"
)


@st.composite
def broken_url(draw: st.DrawFn) -> tuple[str, str, str]:
    """(url, text with the url wrapped and broken, how it was broken)."""
    url = draw(rfc1738_url)
    cuts = sorted(draw(st.sets(st.integers(0, len(url)), max_size=6)))
    pieces = [url[a:b] for a, b in pairwise([0, *cuts, len(url)])]
    style = draw(st.sampled_from(["indent", "reply", "deep-reply", "page-break", "collapsed"]))
    indent = draw(st.sampled_from(["", " ", "   ", "\t", "      "]))
    if style == "reply":
        first, joiner = "> Yes, I found it under <URL:", "\n> " + indent
    elif style == "deep-reply":
        first, joiner = ">> > see <URL:", "\n> >> " + indent
    elif style == "collapsed":  # lines collapsed to spaces, as in the spec's own rendering
        first, joiner = "found it under <URL:", " "
    else:
        first, joiner = "Yes, Jim, I found it under <URL:", "\n" + indent
    if style == "page-break" and len(pieces) > 1:
        at = draw(st.integers(1, len(pieces) - 1))
        body = joiner.join(pieces[:at]) + PAGE_BREAK + indent + joiner.join(pieces[at:])
    else:
        body = joiner.join(pieces)
    return url, f"prose before\n{first}{body}> and after.\n", style


def text_at(text: str, span) -> str:
    lines = text.split("\n")
    assert span.start.line == span.end.line
    return lines[span.start.line - 1][span.start.column - 1 : span.end.column - 1]


@pytest.mark.slow
@settings(max_examples=examples(400), suppress_health_check=[HealthCheck.too_slow])
@given(broken_url())
def test_wrapped_url_broken_anywhere_comes_back_whole(case):
    url, text, style = case
    (candidate,) = extract(text)
    assert candidate.url == url
    # the pieces point at the raw text the URL was stitched from
    pieces = [text_at(text, piece) for piece in candidate.pieces]
    assert "".join(p if style != "collapsed" else "".join(p.split()) for p in pieces) == url
    assert Flag.UNTERMINATED not in candidate.flags
    if style == "page-break" and candidate.end_line - candidate.line > 3:
        assert Flag.PAGE_BREAK in candidate.flags
    if candidate.alt is not None:  # the appendix's hyphen ambiguity, and only that
        assert Flag.HYPHEN_BREAK in candidate.flags and len(candidate.alt) < len(url)


def ends_cleanly(url: str) -> bool:
    """Can a bare URL be read exactly, nothing at its end looking like the sentence's?

    A bare URL can be read exactly when nothing at its end looks like the sentence's: it
    ends in a letter, digit or "/", and holds no bracket the text around it could pair with.
    And it has a body: a letter or digit after the scheme, or a path ("scheme://`" and
    "mailto:$/" in prose are no URLs; see README, "Bare URLs")."""
    body = url.split(":", 1)[1].removeprefix("//")
    has_body = any(c.isalnum() for c in body) or body.startswith("/") or body == "*"
    return (
        has_body and (url[-1].isalnum() or url[-1] == "/") and not any(c in url for c in "()[]{}")
    )


@pytest.mark.slow
@settings(max_examples=examples(300))
@given(
    rfc1738_url.filter(ends_cleanly),
    st.sampled_from([" ", "\n", "\t", " (", "\u00a0"]),
    st.sampled_from([". ", ", ", ") ", "\n", " "]),
)
def test_bare_url_in_prose_comes_back_whole(url, before, after):
    text = f"See{before}{url}{after}for details."
    found = [c.url for c in extract(text)]
    assert found == [url]


# read_chunks reads its first 8 KiB at once (to sniff binary input): a text shorter than
# that is one chunk, so the URLs come after a page of prose.
PROSE = "Nothing to see on this line, nor on the next one.\n" * 170


@pytest.mark.slow
@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(broken_url(), min_size=1, max_size=25), st.integers(1, 300))
def test_chunked_reading_finds_what_a_whole_scan_finds(cases, chunk_bytes):
    text = PROSE + "".join(case[1] for case in cases)
    chunks = list(read_chunks(io.BytesIO(text.encode()), chunk_bytes=chunk_bytes))
    assert len(chunks) > 1
    texts = scan_texts(chunks)
    chunked = [c for text in texts if isinstance(text, ScannedText) for c in text.candidates]
    assert chunked == scan(text)
    assert [c.url for c in chunked] == [case[0] for case in cases]


LINE_EXAMPLES = (
    [["see", "http://example.com/a-"], ["b/c.html", "and"]],
    [["see", "ftp://ftp.example.org/pub/"], ["b/c.html"]],
)
LINE_WORDS = st.sampled_from(
    ["see", "http://example.com/a-", "ftp://ftp.example.org/pub/", "b/c.html", "and", ">", ""]
)


@example(LINE_EXAMPLES[0])  # X105's case
@example(LINE_EXAMPLES[1])
@given(st.lists(st.lists(LINE_WORDS, max_size=4), min_size=1, max_size=6))
def test_maybe_continued_and_its_span_go_together(lines):
    """The MAYBE_CONTINUED flag is set exactly when `continuation` is.

    The flag names the fact in output, `continuation` places it: one is set exactly when the
    other is (rules/text.py asks only the span)."""
    text = "\n".join(" ".join(words) for words in lines) + "\n"
    for candidate in extract(text):
        assert (Flag.MAYBE_CONTINUED in candidate.flags) == (candidate.continuation is not None)
    if lines in (LINE_EXAMPLES[0], LINE_EXAMPLES[1]):  # the examples do reach the flag
        assert any(Flag.MAYBE_CONTINUED in c.flags for c in extract(text))
