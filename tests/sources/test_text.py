"""Where a chunk's scan keeps back its overlap (sources.text.overlap_start, no_break)."""

from __future__ import annotations

from urlint.scanner.wrappers import MAX_RAW_CHARS, MAX_RAW_LINES
from urlint.sources import text as text_source
from urlint.sources.text import no_break, overlap_start


def test_the_overlap_of_short_lines_holds_one_line_more_than_a_wrapper_can_span():
    text = "x\n" * 100
    start, cut = overlap_start(text)
    # It starts at a line start, with MAX_RAW_LINES + 1 whole lines after it.
    assert (start, cut) == (2 * (100 - MAX_RAW_LINES - 1), False)
    assert text[start:].count("\n") == MAX_RAW_LINES + 1


def test_the_overlap_of_long_lines_starts_at_the_line_start_before_its_last_characters():
    line = "y" * 999 + "\n"
    text = line * 20
    start, cut = overlap_start(text)
    # The line start before the last MAX_RAW_CHARS + 1 characters: nine whole lines after it.
    assert (start, cut) == (len(text) - 9 * len(line), False)
    assert len(text) - start > MAX_RAW_CHARS


def test_a_line_not_started_here_keeps_its_overlap_from_after_a_blank():
    text = "x" * 5000 + " " + "y" * 15000
    assert overlap_start(text, starts_line=False) == (5001, False)
    assert overlap_start(text, starts_line=True) == (0, False)


def test_a_line_longer_than_the_longest_run_is_kept_from_after_its_last_blank(monkeypatch):
    monkeypatch.setattr(text_source, "MAX_RUN", 100_000)
    text = "a" * 200_000 + " " + "b" * 50_000
    assert overlap_start(text) == (200_001, False)


def test_a_run_longer_than_the_longest_run_is_cut_keeping_what_a_wrapper_can_span(monkeypatch):
    monkeypatch.setattr(text_source, "MAX_RUN", 100_000)
    text = "a" * 300_000
    assert overlap_start(text) == (300_000 - MAX_RAW_CHARS - 1, True)


def test_no_break_is_a_stretch_without_line_end_space_or_tab():
    assert no_break("abc def", 3) is True
    assert no_break("abc def", 4) is False
    assert no_break("ab\ncd", 5) is False
    assert no_break("ab\tcd", 5) is False
