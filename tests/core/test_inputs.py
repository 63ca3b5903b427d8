"""core.inputs: what a reading meets, counted (`Reading`), and a run's memory of the news
articles it read whole (`Crossposts`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from urlint.core.inputs import ArticleRead, Crossposts, Reading

_IDS = st.sets(st.sampled_from(["<a@x>", "<b@x>", "<c@x>", "<d@x>"]), max_size=3)


@given(st.lists(_IDS, max_size=8))
def test_an_article_is_first_read_only_where_none_of_its_ids_was_read(groups):
    # A crosspost is read once: an input whose articles share an id with one read before
    # is passed over, and only what is read is remembered.
    crossposts, read = Crossposts(), set()
    for ids in groups:
        first = not (read & ids)
        assert crossposts.first_read(ids) is first
        if first:
            read |= ids
        assert crossposts.ids == read


def test_a_copy_remembers_what_was_read_and_no_more():
    crossposts = Crossposts(["<a@x>"])
    copy = crossposts.copy()
    assert copy.first_read(["<b@x>"]) is True
    assert crossposts.ids == {"<a@x>"}
    assert copy.ids == {"<a@x>", "<b@x>"}
    assert copy.first_read(["<a@x>", "<c@x>"]) is False
    assert copy.ids == {"<a@x>", "<b@x>"}


def test_the_prefilter_counted_counts_the_messages_it_passes_over():
    reading = Reading()
    reading.messages = 2  # met before
    seen = []

    def may_hold_urls(data: bytes, bounds: list[int]) -> list[bool]:
        seen.append((data, list(bounds)))
        return [True, False, False, True]

    counted = reading.counted(may_hold_urls)
    assert counted(b"mbox", [0, 1, 2, 3]) == [True, False, False, True]
    assert seen == [(b"mbox", [0, 1, 2, 3])]
    assert reading.messages == 4  # the two passed over; the others count as they are read


def test_since_gives_the_messages_and_damaged_ones_met_after_the_counts_given():
    reading = Reading()
    before = reading.messages, reading.damaged
    reading.messages, reading.damaged = 7, 2
    assert reading.since(*before) == (7, 2)
    assert reading.since(5, 1) == (2, 1)
    assert (reading.stream, reading.kind, reading.hash) == (None, None, None)


def test_an_article_read_mark_holds_the_counts_where_it_is_given():
    assert ArticleRead("<a@x>", 3, 1) == ArticleRead(message_id="<a@x>", messages=3, damaged=1)
    assert ArticleRead("") == ("", 0, 0)  # the mark after an article
