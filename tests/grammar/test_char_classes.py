"""Section 5's character classes are written once (grammar/abnf.py).

The set the rules ask and the pattern piece the grammar uses agree on every character."""

from __future__ import annotations

import regex
from hypothesis import given
from hypothesis import strategies as st

from urlint.grammar import abnf
from urlint.linter.rules import reserved, syntax
from urlint.linter.rules.characters import NEEDLESSLY_ENCODED, UNSAFE

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
    unsafe_ascii = [chr(i) for i in range(128) if UNSAFE.fullmatch(chr(i))]
    assert "".join(unsafe_ascii) == ' "<>[\\]^`{|}'


def test_each_components_reserved_characters_come_from_its_bnf_line():
    # user = *[ uchar | ";" | "?" | "&" | "=" ]: ":", "@", "/" must be encoded (section 3.1)
    assert reserved._IN_USER == "/:@"
    assert reserved._IN_FSEGMENT == ";/"  # fsegment: "?" ":" "@" "&" "=" allowed (3.2.2)
    assert reserved._IN_SEARCH == "/?"  # search: ";" ":" "@" "&" "=" allowed (3.3)
    assert reserved._IN_WAIS == ";?:@&="  # *uchar; "/" separates the parts (3.9)
    assert reserved._IN_FIELD == ";/="  # fieldvalue: "?" ":" "@" "&" allowed (3.11)


@given(st.text(alphabet="aZ09-._", max_size=8))
def test_the_hosts_label_pattern_is_section_5s_domainlabel(label):
    # syntax._LABEL runs on the standard engine (every host of every URL); abnf.DOMAINLABEL
    # is the BNF line's transcription for `regex`.
    assert bool(syntax._LABEL.match(label)) == abnf.matches(abnf.DOMAINLABEL, label)
