"""A pattern compiled when first used (urlint._runtime.patterns) answers as re.compile's would."""

from __future__ import annotations

import pickle
import re

from urlint._runtime.patterns import compiled_when_used


def test_it_answers_as_the_compiled_pattern():
    deferred = compiled_when_used(r"(a+)b", re.IGNORECASE)
    assert deferred.pattern == r"(a+)b"  # there before it compiles, to build patterns from
    assert deferred.fullmatch("AAb").group(1) == "AA"
    assert [m.span() for m in deferred.finditer("ab xAAB")] == [(0, 2), (4, 7)]
    assert deferred.flags == re.compile(r"(a+)b", re.IGNORECASE).flags
    assert compiled_when_used(rb"\d:\d\d").search(b"From x 10:42").group() == b"0:42"


def test_it_survives_a_pickle_before_and_after_its_first_use():
    deferred = compiled_when_used(r"[/?#@]")
    assert pickle.loads(pickle.dumps(deferred)).search("a@b").start() == 1
    assert deferred.search("a/b").start() == 1
    assert pickle.loads(pickle.dumps(deferred)).search("a?b").start() == 1
