"""URLs in HTML files (scanner/html_links.py): an attribute's value ends at its quote, and
the references a browser reads as "&" are read so. Real lines name their repository and
file (fetched at their default branch in November 2026)."""

from __future__ import annotations

import pytest

from urlint.scanner.scanner import extract


def found(text: str) -> list[tuple[str, str | None, list[tuple[int, int]]]]:
    """(url, context, the offsets of its pieces) of each URL in an HTML file's `text`."""
    return [
        (c.url, c.context, [(p.start.offset, p.end.offset) for p in c.pieces])
        for c in extract(text, syntax="html")
    ]


def test_an_attributes_value_is_an_html_attribute_real_lines():
    # encode/httpx ae1b9f66, docs/overrides/partials/nav.html line 50
    nav = '       <a href="https://speakeasy.com"><img src="/img/speakeasy.png" width=150px></a>\n'
    assert found(nav) == [("https://speakeasy.com", "html-attribute", [(16, 37)])]
    # pallets/flask 2ac89889, examples/javascript/js_example/templates/jquery.html line 10
    script = '  <script src="https://code.jquery.com/jquery-3.3.1.min.js"></script>\n'
    assert found(script) == [
        ("https://code.jquery.com/jquery-3.3.1.min.js", "html-attribute", [(15, 58)])
    ]


@pytest.mark.parametrize("reference", ["&amp;", "&AMP;", "&#38;", "&#x26;", "&#X026;"])
def test_a_reference_to_an_ampersand_is_read_as_one(reference):
    text = f'<a href="http://a.example/q?x=1{reference}y=2">q</a>\n'
    after = 31 + len(reference)
    assert found(text) == [
        ("http://a.example/q?x=1&y=2", "html-attribute", [(9, 32), (after, after + 3)])
    ]


def test_the_pages_text_reads_references_too_and_is_no_attribute():
    text = "<p>See http://a.example/q?x=1&amp;y=2.</p>\n"
    assert found(text) == [("http://a.example/q?x=1&y=2", None, [(7, 30), (34, 37)])]


def test_a_single_quoted_value_ends_at_its_quote_and_no_line_goes_on_with_it():
    text = "<a href='http://a.example/it'>it</a>\n<a href='http://b.example/'>\nnext</a>\n"
    assert found(text) == [
        ("http://a.example/it", "html-attribute", [(9, 28)]),
        ("http://b.example/", "html-attribute", [(46, 63)]),
    ]


def test_other_references_are_left_as_written():
    text = '<a href="http://a.example/a&#47;b">x</a>\n'
    assert found(text) == [("http://a.example/a&#47;b", "html-attribute", [(9, 33)])]


def test_plain_text_reads_a_reference_as_written():
    (candidate,) = extract("see http://a.example/q?x=1&amp;y=2 now\n", syntax="text")
    assert candidate.url == "http://a.example/q?x=1&amp;y=2"
