"""Section 5's character classes are written once (grammar/abnf.py): the set the rules ask
and the pattern piece the grammar uses agree on every character."""

from __future__ import annotations

import regex
from hypothesis import given
from hypothesis import strategies as st

from urlint.grammar import abnf
from urlint.rules.characters import NEEDLESSLY_ENCODED, UNSAFE

CLASSES = [
    (abnf.ALPHA, abnf.ALPHA_CHARS),
    (abnf.DIGIT, abnf.DIGIT_CHARS),
    (abnf.SAFE, abnf.SAFE_CHARS),
    (abnf.EXTRA, abnf.EXTRA_CHARS),
    (abnf.NATIONAL, abnf.NATIONAL_CHARS),
    (abnf.PUNCTUATION, abnf.PUNCTUATION_CHARS),
    (abnf.RESERVED, abnf.RESERVED_CHARS),
    (abnf.HEX, abnf.HEX_CHARS),
    (abnf.UNRESERVED, abnf.UNRESERVED_CHARS),
]


@given(st.characters())
def test_each_class_pattern_matches_exactly_its_characters(char):
    for piece, chars in CLASSES:
        assert bool(regex.fullmatch(piece, char)) == (char in chars), (piece, char)


def test_the_classes_are_section_5s():
    assert (
        abnf.RESERVED_CHARS == ";/?:@&="
        and abnf.SAFE_CHARS == "$-_.+"
        and abnf.EXTRA_CHARS == "!*'(),"
    )
    assert len(abnf.UNRESERVED_SET) == 26 * 2 + 10 + 5 + 6
    assert NEEDLESSLY_ENCODED == abnf.UNRESERVED_SET
    assert [chr(i) for i in range(128) if UNSAFE.fullmatch(chr(i))] == [
        " ",
        '"',
        "<",
        ">",
        "[",
        "\\",
        "]",
        "^",
        "`",
        "{",
        "|",
        "}",
    ]
