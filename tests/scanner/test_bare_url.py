"""One bare URL read where its scheme starts (scanner.bare_url.read_bare): at a line end,
what the next line's word and a login read on with it, looked for only where an "@" or
a non-blank next line makes them possible."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.model import Flag
from urlint.scanner.bare_url import word_start
from urlint.scanner.scanner import scan


def test_a_login_reads_on_with_the_next_lines_word():
    (candidate,) = scan("get ftp://fred:sec\nret@host/ now\n")
    assert (candidate.url, candidate.login_rest_text) == ("ftp://fred:sec", "ret@host/")
    assert (candidate.login_rest.start.offset, candidate.login_rest.end.offset) == (19, 28)


def test_a_login_reads_on_with_its_own_lines_next_word():
    (candidate,) = scan("get ftp://fred:pw d@h/ now\n")
    assert (candidate.url, candidate.login_rest_text) == ("ftp://fred:pw", " d@h/")


def test_an_at_sign_further_on_is_no_part_of_a_login():
    (candidate,) = scan("mail fred at ftp://h.example/x and fred@example.com\n")
    assert (candidate.url, candidate.login_rest, candidate.login_rest_text) == (
        "ftp://h.example/x",
        None,
        "",
    )


@pytest.mark.parametrize("blank", ["\n", "\r\n", " \n"])
def test_a_url_before_a_blank_line_is_read_alone(blank):
    text = f"at http://example.com/a/\n{blank}/b/c.html\n"
    candidates = scan(text)
    assert [c.url for c in candidates] == ["http://example.com/a/"]
    assert (candidates[0].flags, candidates[0].continuation) == (frozenset(), None)


def test_a_url_at_the_end_of_the_text_is_read_alone():
    (candidate,) = scan("at http://example.com/a/\n")
    assert (candidate.url, candidate.flags, candidate.continuation) == (
        "http://example.com/a/",
        frozenset(),
        None,
    )


def test_a_url_the_next_line_goes_on_with_is_joined():
    (candidate,) = scan("at http://example.com/a/\n/b/c.html\n")
    assert (candidate.url, candidate.alt) == (
        "http://example.com/a//b/c.html",
        "http://example.com/a/",
    )
    assert candidate.flags == frozenset({Flag.JOINED_BY_GUESS, Flag.MAYBE_CONTINUED})
    assert (candidate.continuation.start.offset, candidate.continuation.end.offset) == (25, 34)


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("call tel:+1-201-555-0123 now\n", "tel:+1-201-555-0123"),
        ("a data:text/plain;base64,SGVsbG8= here\n", "data:text/plain;base64,SGVsbG8="),
    ],
)
def test_the_schemes_with_a_bare_shape_are_read_in_it(text, url):
    assert [c.url for c in scan(text)] == [url]


@pytest.mark.parametrize("text", ["Fax: 555 0123\n", "the data: 3 rows\n", "Tel: +1 555\n"])
def test_a_shaped_scheme_out_of_its_shape_is_no_url(text):
    assert scan(text) == []


_WORD_BEFORE = re.compile(r"\S*\Z")  # what word_start finds, as a pattern's search finds it


@given(st.text("ab \t\n\x1c\xa0\u2003:/@", max_size=30), st.data())
def test_the_word_before_starts_where_the_patterns_search_finds_it(text, data):
    low = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(low, len(text)))
    assert word_start(text, low, end) == _WORD_BEFORE.search(text, low, end).start()


def test_the_word_before_is_empty_after_a_blank_and_starts_no_further_back_than_asked():
    assert word_start("see ftp://x", 0, 4) == 4
    assert word_start("see ftp://x", 0, 11) == 4
    assert word_start("see\u00a0ftp://x", 0, 11) == 4  # a no-break space is whitespace
    assert word_start("abcdef", 2, 6) == 2
