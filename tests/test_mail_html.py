"""HTML parts (mail/html.py): visible text and link attributes, placed in the source, as a
browser reads them."""

from __future__ import annotations

from .mail_helpers import found


def test_html_only_message_gives_href_and_visible_text(tmp_path):
    page = (
        b"From: a@example.org\nContent-Type: text/html; charset=utf-8\n\n"
        b'<p>See <a href="http://example.org/a">http://example.org/a</a> and<br>http://example.org/b&amp;c</p>'
        b'<script>var u = "http://example.org/script";</script><img src="http://example.org/logo.png">\n'
    )
    path = tmp_path / "page.eml"
    path.write_bytes(page)
    got = [(item.candidate.url, item.message.source) for item in found(path)]
    assert got == [
        ("http://example.org/a", "html-text"),
        ("http://example.org/b&c", "html-text"),
        ("http://example.org/logo.png", "html-src"),
    ]


def test_html_visible_urls_are_placed_exactly(tmp_path):
    # Each piece of visible text knows where it stands in the source: after a reference
    # (&nbsp; is no text of the source), a hidden style block, or a URL written twice.
    page = (
        b"<style>p { background: url(http://example.org/hidden) }</style>\n"
        b"<p>&nbsp;http://example.org/x&nbsp;and</p>\n"
        b"<p>again <b>http://example.org/x</b>&nbsp;http://example.org/y&amp;z</p>\n"
    )
    assert html_urls(tmp_path, page) == [
        ("http://example.org/x", "html-text", 5, 10),
        ("http://example.org/y&z", "html-text", 6, 43),
    ]


def html_urls(tmp_path, page: bytes) -> list[tuple[str, str, int, int]]:
    path = tmp_path / "page.eml"
    path.write_bytes(b"From: a@example.org\nContent-Type: text/html; charset=utf-8\n\n" + page)
    return [
        (
            i.candidate.url,
            i.message.source,
            i.candidate.span.start.line,
            i.candidate.span.start.column,
        )
        for i in found(path)
    ]


def test_html_comments_hide_their_links_by_the_tokenizers_rules(tmp_path):
    page = (
        b'<!-- <a href="http://commented.example/">old</a> http://commented.example/text -->\n'
        b'<!--[if mso]><a href="http://outlook-only.example/">x</a><![endif]-->\n'
        b"<!-->http://after-an-empty-comment.example/ <!--->http://after-another.example/\n"
        b'<!-- unclosed -- <a href="http://runs-on.example/">y</a>\n'
        b"--> http://after-the-end.example/\n"
    )
    assert html_urls(tmp_path, page) == [
        ("http://after-an-empty-comment.example/", "html-text", 6, 6),
        ("http://after-another.example/", "html-text", 6, 51),
        ("http://after-the-end.example/", "html-text", 8, 5),
    ]


def test_html_attribute_urls_as_a_browser_reads_them(tmp_path):
    # A mail server folds a long line inside an href (RFC 5322's 998 characters): the tab
    # and line break are no part of the URL. Each URL is placed where its text starts.
    page = (
        b'<p><a\n  href="http://fold.example/a/very/long\n\t/path?x=1&amp;y=2">a</a>\n'
        b'<img src="cid:part1" srcset="http://img.example/1.png 1x, http://img.example/2.png 2x">\n'
        b'<map><area shape="rect" href="http://area.example/"></map>'
        b'<form action="http://form.example/post"></form>\n'
        b'<meta http-equiv="refresh" content="0; url=\'http://refresh.example/\'">\n'
    )
    assert html_urls(tmp_path, page) == [
        ("http://fold.example/a/very/long/path?x=1&y=2", "html-href", 5, 9),
        ("http://img.example/1.png", "html-srcset", 7, 30),
        ("http://img.example/2.png", "html-srcset", 7, 59),
        ("http://area.example/", "html-href", 8, 31),
        ("http://form.example/post", "html-action", 8, 73),
        ("http://refresh.example/", "html-refresh", 9, 45),
    ]
