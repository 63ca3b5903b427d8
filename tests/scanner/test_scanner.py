"""scanner.scanner: the places a URL may start, found in passes and merged in text order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from urlint.scanner import scanner, wrappers


def _opens(text: str, lo: int = 0) -> list[tuple[int, int, int]]:
    """The wrapper starts as the pattern's own search finds them."""
    return [(m.start(), 0, m.start()) for m in wrappers.OPEN.finditer(text, lo)]


# Pieces of text with "<" that opens a wrapper, that opens none, and long runs without one:
# a text of them has "<" dense in places (found by the search) and sparse in others (by
# str.find), and the density looked at (after each 64 "<") changes along it.
_PIECES = st.sampled_from(
    ["<URL:a>", "<http:x>", "< URL:y", "<b>", "<", "a<", "<x::y>", "<mailto:", " ", "\n", "w",
     "x" * 900 + "\n", "y" * 5000]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=300), st.integers(0, 60))
def test_wrapper_starts_are_the_patterns_matches_where_dense_or_sparse(pieces, lo):
    text = "".join(pieces)
    lo = min(lo, len(text))
    assert list(scanner._wrapper_hits(text, lo)) == _opens(text, lo)


def test_wrapper_starts_in_prose_then_markup_then_prose():
    prose = ("a <URL:http://x.example/> b " + "w" * 600 + "\n") * 100  # one "<" in 600
    # Five "<" in 40: the search reads on, in blocks that double, each ending at a line's
    # end, the line after it opened by a wrapper.
    markup = "<URL:http://m.example/> <p><a>y</a></p>\n" * 12000
    text = prose + markup + "<URL:http://y.example/>\n" + prose
    hits = list(scanner._wrapper_hits(text, 0))
    assert hits == _opens(text)
    assert len(hits) == 100 + 12000 + 1 + 100


_STARTS = st.lists(st.integers(0, 100), max_size=30, unique=True)


@given(_STARTS, _STARTS)
def test_two_passes_merge_in_text_order(bare_starts, wrapper_starts):
    bares = sorted((start, scanner._BARE, start + 4) for start in bare_starts)
    opens = sorted((start, scanner._WRAPPER, start) for start in wrapper_starts)
    merged = list(scanner._merged(iter(bares), iter(opens)))
    assert merged == sorted(bares + opens)


def test_a_long_texts_hits_are_a_short_texts_in_the_same_order():
    line = "see <URL:http://a.example/> and http://b.example/ or mailto:c@d.example\n"
    text = line * (scanner._SMALL_TEXT // len(line) + 1)  # merged, not sorted as a list
    hits = list(scanner._hits(text, 0, len(text)))
    assert hits[:3] == [(4, scanner._WRAPPER, 4), (9, scanner._BARE, 13), (32, scanner._BARE, 36)]
    assert hits == sorted(hits)
    assert len(hits) == 4 * (scanner._SMALL_TEXT // len(line) + 1)
