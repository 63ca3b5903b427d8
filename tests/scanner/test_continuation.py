"""What the next line says about a bare URL at its line end: the text that may continue it
(`continuation`, the linter's X105) and the pieces of one broken across lines (`joined`).

Most URLs at a line end are settled by the next line's first character, or by a blank
line after them, before any pattern runs on the next line's word: these pin the readings
on each side of those early answers.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.scanner.continuation import continuation
from urlint.scanner.joins import joined


def _url_at_line_end(text: str) -> tuple[int, int]:
    start = text.index("http")
    return start, text.index("\n", start)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A reply prefix on both lines: the next line's first character is a quote mark,
        # and the rest is read past it.
        ("> see http://example.com/a\n> /rest of it\n", "/rest"),
        # Past an indent, a path's rest.
        ("see http://example.com/a\n   /b/c.html\n", "/b/c.html"),
        # The URL ends on a separator: any word shaped as a path goes on.
        ("see http://example.com/a/\nb/c.html here\n", "b/c.html"),
    ],
)
def test_the_next_line_that_may_continue_a_url(text, expected):
    start, end = _url_at_line_end(text)
    found = continuation(text, start, end)
    assert found is not None
    assert text[found[0] : found[1]] == expected


@pytest.mark.parametrize(
    "text",
    [
        "see http://example.com/a\nmore words\n",  # prose after a URL that ends on a letter
        "see http://example.com/a\n2024 was a year\n",  # a digit starts no path either
        "> see http://example.com/a\n/rest at another reply level\n",
        "see http://example.com/a\n\n/b/c.html\n",  # a blank line: a new paragraph
        "see http://example.com/a\n",  # the text's end
    ],
)
def test_a_next_line_that_does_not_continue_a_url(text):
    start, end = _url_at_line_end(text)
    assert continuation(text, start, end) is None
    assert joined(text, start, end) is None


def test_a_url_broken_after_a_hyphen_goes_on_with_a_digit():
    text = "   see https://example.com/a-\n   2024/x.html more\n"
    start, end = _url_at_line_end(text)
    pieces = joined(text, start, end)
    assert pieces == ((7, 29), (33, 44))
    assert [text[a:b] for a, b in pieces] == ["https://example.com/a-", "2024/x.html"]


def test_a_url_that_ends_on_a_letter_is_not_joined_with_a_digit():
    text = "   see https://example.com/a\n   2024/x.html more\n"
    start, end = _url_at_line_end(text)
    assert (joined(text, start, end), continuation(text, start, end)) == (None, None)


@settings(max_examples=200, deadline=None)
@given(
    last=st.sampled_from("abcZ09"),
    first=st.sampled_from("abcXYZ0123456789"),
    rest=st.text(alphabet="abc/.-=?&_ ", max_size=12),
)
def test_a_letter_or_digit_never_goes_on_with_a_url_that_ends_on_one(last, first, rest):
    # A URL that ends on a letter or digit is broken there only before a separator (a
    # path, a query, a host's tail): a word that starts with a letter or digit is the
    # text's next word, whatever follows it.
    text = f"   see http://example.com/path{last}\n   {first}{rest}\n"
    start, end = _url_at_line_end(text)
    assert joined(text, start, end) is None
    assert continuation(text, start, end) is None
