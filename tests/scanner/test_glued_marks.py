"""A mark glued on a URL's end, read where the scanner looks around a bare URL for one."""

from __future__ import annotations

from urlint import extract
from urlint.scanner.near_placed import _mark_glued_on


def test_a_quoted_url_has_no_mark_glued_on():
    # (a compiled build once read scanner.near, which this asks, as None)
    text = 'url = "https://testthat.r-lib.org",\n'
    assert [c.url for c in extract(text)] == ["https://testthat.r-lib.org"]
    assert _mark_glued_on(text, 7, 33, None, None, None) is False
