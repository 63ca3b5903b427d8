"""extract's writer: the URLs of a scanned text written as the options ask (UrlWriter)."""

from __future__ import annotations

import io

from urlint.core.model import ScannedText
from urlint.output.extract import UrlWriter
from urlint.scanner.scanner import scan


def _scanned(text: str, member: str | None = None) -> ScannedText:
    return ScannedText(text, 1, 0, scan(text), member)


def test_a_texts_urls_are_written_in_a_block_and_counted_but_an_empty_wrapper():
    out = io.StringIO()
    writer = UrlWriter(out, with_position=True)
    assert writer.add_text("a.txt", _scanned("<URL:> http://x.example/ and\nftp://y.example/")) == 2
    assert out.getvalue() == "a.txt:1:8: http://x.example/\na.txt:2:1: ftp://y.example/\n"
    assert writer.found


def test_an_archive_members_text_is_written_under_the_members_path():
    out = io.StringIO()
    writer = UrlWriter(out, with_position=True)
    writer.add_text("a.zip", _scanned("http://x.example/", member="a.zip!b.txt"))
    assert out.getvalue() == "a.zip!b.txt:1:1: http://x.example/\n"


def test_a_listed_input_is_written_once_and_the_rest_of_its_text_is_not_read():
    # -l --unique: a URL after the one that listed the file is not taken as seen, so the
    # next file that has it is listed too (as when the rest of a listed file is not read).
    out = io.StringIO()
    writer = UrlWriter(out, files_with_urls=True, unique=True)
    assert writer.add_text("a.txt", _scanned("http://x.example/ http://y.example/")) == 1
    assert writer.listed("a.txt")
    assert writer.add_text("b.txt", _scanned("http://y.example/ http://x.example/")) == 1
    assert out.getvalue() == "a.txt\nb.txt\n"


def test_unique_urls_are_counted_once_across_texts():
    out = io.StringIO()
    writer = UrlWriter(out, count=True, unique=True)
    assert writer.add_text("a.txt", _scanned("http://x.example/ http://x.example/")) == 1
    assert writer.add_text("a.txt", _scanned("http://x.example/ http://z.example/")) == 1
    writer.close()
    assert out.getvalue() == "a.txt:2\n"


_MIXED = (
    "see <URL:ftp://fred:secret@ftp.example.org/x> and http://a.example/p\n"
    "ftp://u:pw\n"
    "d@h.example/ and <http://x.example/very/long/path/that-\n"
    "  continues/here> \x07http://ctl.example/\x07 <URL:>\n"
)


def test_a_block_of_urls_is_written_as_each_would_be_on_its_own():
    # add_text makes each line itself (text and jsonl): the lines url_format makes,
    # passwords masked or shown, a wrapper's other reading, a control character escaped.
    for options in (
        {},
        {"jsonl": True},
        {"with_position": True},
        {"show_passwords": True},
        {"jsonl": True, "show_passwords": True},
    ):
        whole, one_by_one = io.StringIO(), io.StringIO()
        writer = UrlWriter(whole, **options)
        assert writer.add_text("a.txt", _scanned(_MIXED)) == 5
        single = UrlWriter(one_by_one, **options)
        assert [single.add("a.txt", c) for c in scan(_MIXED) if c.url] == [True] * 5
        assert whole.getvalue() == one_by_one.getvalue()
    out = io.StringIO()
    UrlWriter(out).add_text("a.txt", _scanned(_MIXED))
    assert out.getvalue() == (
        "ftp://fred:****@ftp.example.org/x\n"
        "http://a.example/p\n"
        "ftp://u:****\n"
        "http://x.example/very/long/path/that-continues/here\n"
        "http://ctl.example/\\x07\n"  # a control character escaped
    )
