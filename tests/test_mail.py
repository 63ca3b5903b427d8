"""Mail and news: containers, MIME decoding, positions and identity, robustness (issue 4)."""

from __future__ import annotations

import base64
import binascii
import bz2
import email
import gzip
import io
import json
import lzma
import shutil
import zipfile
from email import policy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.cli import main
from urlint.mail import containers
from urlint.mail.containers import RawMessage, sniff, split_mbox, split_on
from urlint.mail.decoders import (
    decode_charset,
    decode_quoted_printable,
    quoted_printable_map,
    unflow,
)
from urlint.mail.message import read_message
from urlint.mail.prefilter import may_hold_url, may_hold_urls
from urlint.pipeline import Found, scan_message, scan_paths
from urlint.scanner import extract

from .helpers import CORPORA, REPO, shared_path
from .rfc1738_strategies import rfc1738_url

MIME = REPO / "corpora" / "mime.eml"
MIME_URLS = [
    "http://www.example.org/mirrors/",
    "mailto:tools-users@example.org",
    "http://lists.example.org/archive/tools-users/",
    "http://lists.example.org/options/tools-users",
    "mailto:tools-users-request@example.org?subject=unsubscribe",
    "http://lists.example.org/archive/tools-users/",
    "http://lists.example.org/cgi-bin/search?db=tools&q=mirrors&max=50",
    "http://www.example.org/documentation/manual/chapter-one.html",
    "ftp://ftp.example.org/pub/tools/README",
    "http://www.example.org/old/?lang=en&page=2",
    "http://www.example.org/faq/index.html",
    "ftp://ftp.example.net/pub/faq/",
    "http://www.example.net/notes/1.0.html",
]


def found(*paths: str | Path) -> list[Found]:
    return [item for item in scan_paths([str(p) for p in paths]) if isinstance(item, Found)]


def urls(*paths: str | Path) -> list[str]:
    return [item.candidate.url for item in found(*paths)]


def extract_jsonl(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = main(["extract", "--format", "jsonl", *argv])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def mbox_of(*messages: bytes) -> bytes:
    """An mboxrd: From_ lines, body lines matching ^>*From quoted one more level."""
    out = []
    for message in messages:
        quoted = b"\n".join(b">" + line if line.lstrip(b">").startswith(b"From ") else line for line in message.split(b"\n"))
        out.append(b"From sender@example.org Thu Mar  1 03:00:13 2001\n" + quoted.rstrip(b"\n") + b"\n\n")
    return b"".join(out)


# -- one message, decoded --------------------------------------------------------------------


def test_every_part_decoded_tagged_and_placed(capsys):
    code, records, err = extract_jsonl(capsys, str(MIME))
    assert code == 0 and err == ""
    assert [r["url"] for r in records] == MIME_URLS
    by_url = {(r["url"], r["message"]["source"]): r for r in records}
    subject = by_url["http://www.example.org/mirrors/", "header"]
    assert subject["message"]["header"] == "Subject"  # RFC 2047 decoded, placed at its field
    assert (subject["line"], subject["column"]) == (7, 1)
    post = by_url["mailto:tools-users@example.org", "header"]
    assert (post["line"], post["column"], post["end_column"], post["wrapper"]) == (8, 13, 43, "angle")
    # Quoted-printable: a soft break inside the URL, "=3D" decoded; the raw line of its first piece.
    search = by_url["http://lists.example.org/cgi-bin/search?db=tools&q=mirrors&max=50", "text"]
    assert (search["line"], search["column"], search["end_line"], search["end_column"]) == (25, 20, 26, 17)
    assert search["message"]["part"] == "1.1" and search["message"]["content_type"] == "text/plain"
    # format=flowed with DelSp=yes: the mailer's break inside the word is undone.
    manual = by_url["http://www.example.org/documentation/manual/chapter-one.html", "text"]
    assert (manual["line"], manual["column"], manual["end_line"]) == (27, 36, 28)
    # HTML: the href not in the text/plain alternative is kept, tagged; cid: and the
    # title, style, preamble, epilogue and the binary attachment give nothing.
    old = by_url["http://www.example.org/old/?lang=en&page=2", "html-href"]
    assert old["message"]["part"] == "1.2" and old["line"] == 40
    # base64: the part's first body line.
    faq = by_url["http://www.example.org/faq/index.html", "text"]
    assert (faq["line"], faq["column"], faq["wrapper"], faq["message"]["part"]) == (50, 1, "url", "2")
    # message/rfc822, recursed.
    notes = by_url["http://www.example.net/notes/1.0.html", "text"]
    assert (notes["line"], notes["message"]["part"]) == (62, "3.1")
    assert notes["message"] | {"part": None} == {
        "index": 1, "line": 1, "message_id": "<mime-1@example.com>", "date": "Wed, 16 Apr 1997 11:20:00 -0400",
        "from": "René Example <rene@example.com>", "part": None, "content_type": "text/plain", "source": "text",
        "header": None,
    }


def test_html_alternative_does_not_repeat_the_plain_text(capsys):
    _, records, _ = extract_jsonl(capsys, str(MIME))
    archive = [r for r in records if r["url"] == "http://lists.example.org/archive/tools-users/"]
    assert [r["message"]["source"] for r in archive] == ["header", "text"]


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
    assert html_urls(tmp_path, page) == [("http://example.org/x", "html-text", 5, 10), ("http://example.org/y&z", "html-text", 6, 43)]


def html_urls(tmp_path, page: bytes) -> list[tuple[str, str, int, int]]:
    path = tmp_path / "page.eml"
    path.write_bytes(b"From: a@example.org\nContent-Type: text/html; charset=utf-8\n\n" + page)
    return [(i.candidate.url, i.message.source, i.candidate.span.start.line, i.candidate.span.start.column) for i in found(path)]


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


def test_quoted_reply_lines_inside_a_wrapper_are_rejoined(tmp_path):
    message = (
        b"From: a@example.org\nSubject: re\n\n"
        b"> The list is at <URL:http://www.example.org/tools/\n"
        b"> mirrors/by-country.html> now.\n"
    )
    path = tmp_path / "reply.eml"
    path.write_bytes(message)
    [item] = found(path)
    assert item.candidate.url == "http://www.example.org/tools/mirrors/by-country.html"
    assert (item.candidate.line, item.candidate.column, item.candidate.end_line) == (4, 23, 5)


def test_header_fields_that_carry_no_urls_are_not_scanned(tmp_path):
    message = (
        b"Received: from relay (http://relay.example.org/) by mx\n"
        b"Message-ID: <http://not.example.org/id>\n"
        b"X-URL: http://www.example.org/home\n"
        b"Archived-At: <http://archive.example.org/42>\n"
        b"Content-Base: http://base.example.org/\n\nbody\n"
    )
    path = tmp_path / "h.eml"
    path.write_bytes(message)
    assert [(i.candidate.url, i.message.header) for i in found(path)] == [
        ("http://www.example.org/home", "X-URL"),
        ("http://archive.example.org/42", "Archived-At"),
        ("http://base.example.org/", "Content-Base"),
    ]


# -- decoders ------------------------------------------------------------------------------


def test_quoted_printable_map_places_every_decoded_byte():
    raw = b"a=3Db http://exam=\nple.com/x?y=3D1\nnext=20line=\n\nend"
    decoded = decode_quoted_printable(raw)
    assert decoded == b"a=b http://example.com/x?y=1\nnext line\nend"
    mapping = quoted_printable_map(raw)
    assert raw[mapping.source(decoded.index(b"http"))] == ord("h")
    assert raw[mapping.source(decoded.index(b"ple.com"))] == ord("p")  # after the soft break
    assert mapping.source(decoded.index(b"ple.com")) == raw.index(b"ple.com")
    assert raw[mapping.source(decoded.index(b"end"))] == ord("e")


def test_unflow_with_delsp_and_quotes():
    text = "see http://exa \nmple.com/x \nend\n> quoted long \n> line\n>> deep\n-- \nsig\n"
    joined, mapping = unflow(text, delsp=True)
    assert joined == "see http://example.com/xend\n> quoted longline\n>> deep\n-- \nsig\n"
    assert text[mapping.source(joined.index("mple"))] == "m"
    assert mapping.source(joined.index("mple")) == text.index("mple")


@pytest.mark.parametrize(
    ("data", "label", "expected"),
    [
        (b"caf\xc3\xa9", "utf-8", ("café", "utf-8", None)),
        (b"caf\xe9", "iso-8859-1", ("café", "iso8859-1", None)),
        (b"caf\xe9", "us-ascii", ("café", "cp1252", "text is not us-ascii as labelled")),
        (b"caf\xc3\xa9", "klingon", ("café", "utf-8", "unknown charset 'klingon'")),
        (b"abc", "base64", ("abc", "utf-8", "unknown charset 'base64'")),  # a codec, not a charset
        (b"abc", "unknown-8bit", ("abc", "utf-8", None)),
    ],
)
def test_charsets_fall_back_safely(data, label, expected):
    assert decode_charset(data, label) == expected


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(rfc1738_url, st.sampled_from(["quoted-printable", "base64"]), st.integers(10, 76))
def test_any_rfc1738_url_comes_out_of_an_encoded_body_whole(url, encoding, width):
    body = f"Here it is: <URL:{url}> and that is all.\n".encode()
    if encoding == "base64":
        encoded = base64.encodebytes(body)
    else:
        encoded = binascii.b2a_qp(body)
        # re-wrap at `width` with soft breaks anywhere, as a mailer might
        flat = encoded.replace(b"=\n", b"")
        pieces = []
        while flat:
            cut = width
            while b"=" in flat[max(0, cut - 2) : cut] and cut < len(flat):  # never inside an escape
                cut += 1
            pieces.append(flat[:cut])
            flat = flat[cut:]
        encoded = b"=\n".join(pieces)
    message = (
        b"From: a@example.org\nMIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n"
        b"Content-Transfer-Encoding: " + encoding.encode() + b"\n\n" + encoded
    )
    reader = read_message(message, 1, 1)
    got = [c.url for s in scan_message(reader, "m.eml") for c in s.candidates]
    assert got == [url]
    assert reader.problems == []


@settings(max_examples=200)
@given(st.text(st.sampled_from("abcmailtonewsMAILTOhttp:/<>URL .@\n-"), max_size=80))
def test_prefilter_passes_every_message_the_scanner_finds_a_url_in(body):
    message = ("Subject: x\n\n" + body).encode()
    if any(c.url for c in extract(body)):
        assert may_hold_url(message)


_MULTIPART = (
    b"From: a@example.org\nSubject: x\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=XX\n\n"
    b"--XX\nContent-Type: text/plain\n\nNothing to see.\n"
    b"--XX\nContent-Type: %s\nContent-Transfer-Encoding: %s\n\n%s\n--XX--\n"
)


@pytest.mark.parametrize(
    ("content_type", "encoding", "body", "expected"),
    [
        (b"text/plain", b"base64", base64.b64encode(b"see http://example.org/x"), True),
        (b"text/plain", b"base64", base64.b64encode(b"nothing"), True),  # base64 text is always read
        (b"image/png", b"base64", base64.b64encode(b"see http://example.org/x"), False),  # never decoded
        (b"application/octet-stream", b"base64", base64.b64encode(b"http://example.org/"), False),
        (b"text/plain", b"quoted-printable", b"see ht=\ntp=3A//example.org/x", True),  # soft break, =3A
        (b"text/plain", b"quoted-printable", b"write mail=\nto:a@example.org", True),  # an opaque scheme
        (b"text/plain", b"quoted-printable", b"<UR=\nL:ftp=3A//a.example.org/>", True),
        (b"text/plain", b"quoted-printable", b"no URL=20here=\n at all =3D", False),
        (b"text/plain", b"x-uuencode", b"begin 644 a\n`\nend", True),
    ],
)
@pytest.mark.parametrize("line_end", [b"\n", b"\r\n"])
def test_prefilter_reads_hidden_text_only_where_the_reader_would(content_type, encoding, body, expected, line_end):
    message = (_MULTIPART % (content_type, encoding, body)).replace(b"\n", line_end)
    assert may_hold_url(message) is expected
    if expected is False:  # what the prefilter skips, the reader finds nothing in
        assert [c.url for s in scan_message(read_message(message, 1, 1), "m.eml") for c in s.candidates] == []


def test_prefilter_looks_at_a_message_where_it_stands_in_a_buffer():
    with_url = b"Subject: a\n\nmailto:a@example.org\n"
    without = b"Subject: b\n\nno address\n"
    buffer = without + with_url + without
    assert may_hold_url(buffer, len(without), len(without) + len(with_url)) is True
    assert may_hold_url(buffer, 0, len(without)) is False
    assert may_hold_url(buffer, len(without) + len(with_url), len(buffer)) is False


@settings(max_examples=150)
@given(st.text(st.sampled_from("abcmailtonewsMAILTOhttp:/<>URL .@\n-="), max_size=80), st.integers(2, 20))
def test_prefilter_passes_every_quoted_printable_message_the_scanner_finds_a_url_in(body, width):
    encoded = binascii.b2a_qp(body.encode(), istext=True)
    # re-wrapped at `width` with soft breaks, never inside an escape (RFC 2045 6.7 rule 5)
    lines, line = [], b""
    for token in _qp_tokens(encoded):
        if len(line) + len(token) > width and line:
            lines.append(line + b"=")
            line = b""
        line += token
    message = b"Subject: x\nContent-Transfer-Encoding: quoted-printable\n\n" + b"\n".join([*lines, line])
    if any(c.url for c in extract(decode_quoted_printable(message.split(b"\n\n", 1)[1]).decode())):
        assert may_hold_url(message)


def _qp_tokens(encoded: bytes) -> list[bytes]:
    tokens, at = [], 0
    while at < len(encoded):
        width = 3 if encoded[at : at + 1] == b"=" else 1
        tokens.append(encoded[at : at + width])
        at += width
    return tokens


# -- containers ------------------------------------------------------------------------------


def _same_message_everywhere(tmp_path: Path, raw: bytes) -> dict[str, Path]:
    """One message as .eml, mbox, mbox.gz/.bz2/.xz, Maildir, MH and zip (with a nested gz)."""
    places = {}
    places["eml"] = tmp_path / "one.eml"
    places["eml"].write_bytes(raw)
    box = mbox_of(raw)
    places["mbox"] = tmp_path / "box.mbox"
    places["mbox"].write_bytes(box)
    places["gz"] = tmp_path / "2001-March.txt.gz"
    places["gz"].write_bytes(gzip.compress(box))
    places["bz2"] = tmp_path / "box.mbox.bz2"
    places["bz2"].write_bytes(bz2.compress(box))
    places["xz"] = tmp_path / "box.mbox.xz"
    places["xz"].write_bytes(lzma.compress(box))
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    (maildir / "cur" / "1000.abc.host:2,S").write_bytes(raw)
    (maildir / "tmp" / "1001.partial.host").write_bytes(raw)  # still being delivered: not read
    places["maildir"] = maildir
    mh = tmp_path / "mh"
    mh.mkdir()
    (mh / "1").write_bytes(raw)
    (mh / ".mh_sequences").write_text("unseen: 1\n")
    places["mh"] = mh
    places["zip"] = tmp_path / "archive.zip"
    with zipfile.ZipFile(places["zip"], "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("inbox/one.eml", raw)
        archive.writestr("months/2001-March.txt.gz", gzip.compress(box))
    return places


def test_the_same_urls_from_every_container(tmp_path):
    raw = MIME.read_bytes()
    places = _same_message_everywhere(tmp_path, raw)
    for name, place in places.items():
        got = urls(place)
        expected = MIME_URLS * 2 if name == "zip" else MIME_URLS  # the zip holds it twice
        assert got == expected, name
    lines = {name: [i.candidate.line for i in found(p)] for name, p in places.items() if name != "zip"}
    eml_lines = lines.pop("eml")
    for name in ("maildir", "mh"):
        assert lines[name] == eml_lines
    for name in ("mbox", "gz", "bz2", "xz"):  # one line further down: the From_ line
        assert lines[name] == [line + 1 for line in eml_lines]


def test_zip_members_are_named_inside_the_archive(tmp_path):
    places = _same_message_everywhere(tmp_path, MIME.read_bytes())
    paths = sorted({item.path for item in found(places["zip"])})
    assert paths == [f"{places['zip']}!inbox/one.eml", f"{places['zip']}!months/2001-March.txt.gz"]


def test_mboxrd_and_takeout_from_lines():
    mbox = (
        b"From a@example.org Thu Mar  1 03:00:13 2001\nSubject: one\n\n"
        b"From here on it is body text, after a blank line but no date.\n>From quoted\n\n"
        b"From 1737428347291340813@xxx Sat Jan 18 23:07:53 +0000 2025\nSubject: two\n\nhi\n"
    )
    got = list(split_mbox(io.BytesIO(mbox)))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7)]
    assert b"\nFrom quoted\n" in got[0].data  # mboxrd: one level of quoting undone


def test_mboxcl2_content_length_is_believed_where_it_lands_on_a_from_line():
    first_body = b"From b@example.org Thu Mar  1 03:00:14 2001 is a line in the body.\n"
    second_body = b"short\n"
    mbox = (
        b"From a@example.org Thu Mar  1 03:00:13 2001\nContent-Length: %d\nSubject: one\n\n" % len(first_body)
        + first_body
        + b"\nFrom c@example.org Thu Mar  1 03:00:15 2001\nContent-Length: 999\nSubject: two\n\n"
        + second_body
    )
    got = list(split_mbox(io.BytesIO(mbox)))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7)]
    assert got[0].data.endswith(first_body + b"\n")
    assert got[1].data.endswith(second_body)  # a length past the end is not believed, nor needed


def test_mbox_split_skips_unwanted_messages_and_keeps_lines_and_indexes():
    mbox = mbox_of(*(f"Subject: {n}\n\n{'http://example.org/' if n % 3 == 0 else 'no link'} {n}\n".encode() for n in range(12)))
    every = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))]
    wanted = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox), may_hold_urls)]
    assert [index for index, _, _ in wanted] == [1, 4, 7, 10]
    assert wanted == [every[index - 1] for index in (1, 4, 7, 10)]


def test_crlf_mbox_splits_at_from_lines_after_a_crlf_blank_line():
    mbox = mbox_of(*(f"Subject: {n}\n\nhttp://example.org/{n}\nFrom the body\n".encode() for n in range(3))).replace(b"\n", b"\r\n")
    got = list(split_mbox(io.BytesIO(mbox), may_hold_urls))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7), (3, 13)]
    assert got[1].data.startswith(b"From sender@example.org") and b"\r\nFrom the body\r\n" in got[1].data


@pytest.mark.parametrize("block", [7, 61, 4096])
def test_mbox_split_is_the_same_in_any_blocks(monkeypatch, block):
    # Over 64 KB, past what the first look for Content-Length reads: a From_ line is cut by
    # a block boundary somewhere, and must still be found once the rest of it arrives.
    mbox = mbox_of(*(f"Subject: {n}\n\nhttp://example.org/{n}\nFrom the body\n".encode() * 30 for n in range(100)))
    assert len(mbox) > 8 * containers.SNIFF_BYTES
    whole = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))]
    assert len(whole) == 100
    from_lines = [at for at in range(len(mbox)) if mbox.startswith(b"From sender@", at)]
    assert [line for _, line, _ in whole] == [1 + mbox.count(b"\n", 0, at) for at in from_lines]
    monkeypatch.setattr(containers, "BLOCK_BYTES", block)
    assert [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))] == whole
    assert [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox), may_hold_urls)] == whole


def test_mmdf_and_babyl(tmp_path):
    mmdf = b"\x01\x01\x01\x01\nSubject: a\n\nhttp://a.example.org/\n\x01\x01\x01\x01\n\x01\x01\x01\x01\nSubject: b\n\nhttp://b.example.org/\n\x01\x01\x01\x01\n"
    babyl = (
        b"BABYL OPTIONS: -*- rmail -*-\nVersion: 5\n\x1f\x0c\n0, unseen,,\n*** EOOH ***\n"
        b"Subject: a\n\nhttp://a.example.org/\n\x1f\x0c\n1,,\nSubject: b\n\nhttp://b.example.org/\n\x1f"
    )
    assert sniff("box", mmdf) == containers.MMDF and sniff("RMAIL", babyl) == containers.BABYL
    (tmp_path / "box.mmdf").write_bytes(mmdf)
    (tmp_path / "RMAIL").write_bytes(babyl)
    for name in ("box.mmdf", "RMAIL"):
        items = found(tmp_path / name)
        assert [i.candidate.url for i in items] == ["http://a.example.org/", "http://b.example.org/"], name
        assert [i.message.index for i in items] == [1, 2]
    assert [i.candidate.line for i in found(tmp_path / "box.mmdf")] == [4, 9]
    assert [i.candidate.line for i in found(tmp_path / "RMAIL")] == [8, 13]
    assert [m.index for m in split_on(io.BytesIO(mmdf), b"\x01\x01\x01\x01\n", containers.MMDF) if isinstance(m, RawMessage)] == [1, 2]


def test_plain_text_is_not_taken_for_mail():
    assert sniff("notes.txt", b"Note: this is not mail\nTitle: x\n\nhttp://x/") == containers.TEXT
    assert sniff("a.eml", b"Subject: x\n\nbody") == containers.MESSAGE
    assert sniff("83687", b"From: a@b\nSubject: x\nNewsgroups: alt.x\n\nbody") == containers.MESSAGE
    assert sniff("a.jar", b"PK\x03\x04rest") == containers.TEXT  # documents in zip form are not mail archives


def test_crossposted_article_is_read_once(tmp_path):
    article = b"Path: news!not-for-mail\nFrom: a@example.org\nNewsgroups: comp.a,comp.b\nSubject: x\nMessage-ID: <x1@example.org>\n\nhttp://example.org/crossposted\n"
    for group in ("comp/a", "comp/b"):
        (tmp_path / group).mkdir(parents=True)
        (tmp_path / group / "17").write_bytes(article)
    assert urls(tmp_path) == ["http://example.org/crossposted"]


# -- robustness ------------------------------------------------------------------------------


def test_damaged_messages_are_reported_and_the_rest_is_read(tmp_path, capsys):
    good = b"Subject: good\n\nhttp://example.org/after-%d\n"
    damaged = [
        b"Subject: bad header\nthis line is no header field\nhttp://example.org/in-the-body\n\ntext\n",
        b"Content-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: text/plain\n\nhttp://example.org/unclosed\n",
        b"Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2V4YW1wbGUub3JnL3RydW5jYXRlZA",
        b"Content-Type: text/plain\n\nnul\x00byte http://example.org/nul\n",
        b"Content-Type: text/plain\n\n" + b"x" * 20_000_000 + b" http://example.org/long-line\n",
        b"Content-Type: multipart/mixed\n\nno boundary http://example.org/no-boundary\n",
    ]
    messages = []
    for n, bad in enumerate(damaged):
        messages += [bad, good % n]
    path = tmp_path / "damaged.mbox"
    path.write_bytes(mbox_of(*messages))
    code, records, err = extract_jsonl(capsys, str(path))
    assert code == 0
    assert [r["url"] for r in records] == [
        "http://example.org/in-the-body", "http://example.org/after-0",
        "http://example.org/unclosed", "http://example.org/after-1",
        "http://example.org/truncated", "http://example.org/after-2",
        "http://example.org/nul", "http://example.org/after-3",
        "http://example.org/long-line", "http://example.org/after-4",
        "http://example.org/no-boundary", "http://example.org/after-5",
    ]
    assert [line.split(": ", 3)[2:] for line in err.splitlines()] == [
        ["damaged message", "a header line that is no field: the header ends there"],
        ["damaged message", "multipart boundary 'zz' is never closed: read to the end"],
        ["damaged message", "base64 body is truncated or damaged; decoded as far as it goes"],
        ["damaged message", "NUL bytes in a text part"],
        ["damaged message", "multipart/mixed without a boundary: read as text"],
    ]
    assert err.startswith(f"urlint: {path}:3 (message 1): ")


def test_check_reports_damage_and_charset_as_findings(tmp_path, capsys):
    path = tmp_path / "m.eml"
    path.write_bytes(
        b"From: a@example.org\nMessage-ID: <m1@example.org>\nContent-Type: multipart/mixed; boundary=zz\n\n"
        b"--zz\nContent-Type: text/plain; charset=klingon\n\nftp://user:hunter2@ftp.example.org/x\n"
    )
    code = main(["check", "--select", "M9,P501", "--format", "jsonl", str(path)])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert [(r["code"], r["line"], r["column"]) for r in records] == [("P501", 8, 12), ("M905", 8, 1), ("M904", 9, 1)]
    assert records[0]["url"] == "ftp://user:****@ftp.example.org/x" and records[0]["fix"] is None
    assert records[0]["mail"]["message_id"] == "<m1@example.org>" and records[0]["mail"]["part"] == "1"
    assert records[1]["message"] == "unknown charset 'klingon': read as utf-8"


def test_a_damaged_archive_never_stops_the_run(tmp_path, capsys, monkeypatch):
    box = mbox_of(b"Subject: a\n\nhttp://example.org/a\n", b"Subject: b\n\nhttp://example.org/b\n")
    (tmp_path / "a-truncated.mbox.gz").write_bytes(gzip.compress(box)[:-30])
    (tmp_path / "b-bomb.gz").write_bytes(gzip.compress(b"\n" * 3_000_000))
    (tmp_path / "c-fine.mbox").write_bytes(box)
    (tmp_path / "d-not-a.zip").write_bytes(b"PK\x03\x04 broken")
    monkeypatch.setattr(containers, "MIN_LIMIT_BYTES", 1_000_000)
    code, records, err = extract_jsonl(capsys, str(tmp_path))
    assert code == 2
    assert [Path(r["path"]).name for r in records][-2:] == ["c-fine.mbox", "c-fine.mbox"]
    assert "a-truncated.mbox.gz: cannot read: gzip stream cannot be read to its end" in err
    assert "b-bomb.gz: cannot read: gzip stream cannot be read to its end: decompressed past 1,000,000 bytes in all" in err
    assert "d-not-a.zip: cannot read: not a readable zip archive" in err


# -- the shared corpora (skipped when absent) ---------------------------------------------------


def _reference_urls(raw: bytes) -> list[str]:
    """URLs of every text/plain part, decoded by the stdlib (an independent decoder)."""
    message = email.message_from_bytes(raw, policy=policy.compat32)
    found_urls = []
    for part in message.walk():
        if part.get_content_type() != "text/plain" or part.get_filename():
            continue
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            continue
        charset = part.get_content_charset() or "utf-8"
        try:
            text = payload.decode(charset)
        except (LookupError, UnicodeDecodeError):
            text = payload.decode("latin-1")
        if part.get_param("format", "").lower() == "flowed" and part.get_param("delsp", "").lower() == "yes":
            text, _ = unflow(text, delsp=True)
        found_urls += [c.url for c in extract(text)]
    return found_urls


@pytest.mark.corpus
def test_real_list_mail_urls_in_encoded_bodies_come_out_whole():
    maildir = shared_path("corpora", "email-linux-mips-maildir")
    checked = 0
    for path in sorted((maildir / "cur").iterdir()):
        raw = path.read_bytes()
        head = raw[: raw.find(b"\n\n")].lower()
        if b"quoted-printable" not in raw.lower() and b"base64" not in raw.lower() and b"format=flowed" not in head:
            continue
        ours = urls(path)
        for url in _reference_urls(raw):
            assert url in ours, (path.name, url)
        checked += 1
    assert checked > 300


@pytest.mark.corpus
def test_real_monthly_archives_give_what_their_messages_give(tmp_path):
    folder = shared_path("corpora", "email-linux-mips-monthly-mbox-gz")
    archive = sorted(folder.glob("*.txt.gz"))[0]
    plain = tmp_path / archive.name.removesuffix(".gz")
    with gzip.open(archive) as source, open(plain, "wb") as target:
        shutil.copyfileobj(source, target)
    from_gz = [(i.candidate.url, i.candidate.line, i.message.index) for i in found(archive)]
    assert from_gz == [(i.candidate.url, i.candidate.line, i.message.index) for i in found(plain)]
    assert len({index for _, _, index in from_gz}) > 50
    # and each message alone, as an .eml, gives the same URLs
    messages = [m for m in split_mbox(open(plain, "rb")) if isinstance(m, RawMessage)]
    for message in messages[:80]:
        eml = tmp_path / "one.eml"
        eml.write_bytes(message.data.split(b"\n", 1)[1])
        assert urls(eml) == [u for u, _, index in from_gz if index == message.index]


@pytest.mark.corpus
def test_every_shared_mail_file_is_read_without_a_crash(capsys):
    roots = [CORPORA / name for name in ("email-cpython-test-email", "email-ietf-mailarchive-tests", "email-mimekit-gmime-tests",
                                         "email-notmuch-corpora", "email-perceval-hyperkitty-tests", "email-spamassassin-t-data",
                                         "netnews-inn-test-articles", "netnews-20newsgroups-bydate-1993")]
    roots = [root for root in roots if root.is_dir()]
    if not roots:
        pytest.skip("shared mail corpora are not present")
    code = main(["extract", *map(str, roots)])
    captured = capsys.readouterr()
    assert code == 0
    assert "Traceback" not in captured.err
    assert len(captured.out.splitlines()) > 1000


def test_a_message_after_blank_lines_is_read_as_mail_and_a_misnamed_file_is_noted(capsys, tmp_path):
    (tmp_path / "blank.eml").write_bytes(
        b"\n  \nFrom: a@example.com\nSubject: hi\nContent-Transfer-Encoding: quoted-printable\n\n"
        b"see http://x.example/a=\nb and\n"
    )
    (tmp_path / "notes.eml").write_bytes(b"just notes http://y.example/\n")
    code = main(["extract", "-H", str(tmp_path / "blank.eml"), str(tmp_path / "notes.eml")])
    captured = capsys.readouterr()
    assert (code, captured.out) == (0, f"{tmp_path}/blank.eml:7:5: http://x.example/ab\n{tmp_path}/notes.eml:1:12: http://y.example/\n")
    assert captured.err == f"urlint: {tmp_path}/notes.eml: not what its name says: named as a message, but it opens with no mail header: read as plain text\n"


def test_a_file_that_is_not_what_its_name_says_is_noted(capsys, tmp_path):
    (tmp_path / "notes.gz").write_bytes(b"notes http://gz.example/\n")
    (tmp_path / "notes.zip").write_bytes(b"zip notes http://zip.example/\n")
    code = main(["check", "--isolated", "--select", "M", "--format", "concise", str(tmp_path / "notes.gz"), str(tmp_path / "notes.zip")])
    assert (code, capsys.readouterr().out) == (1, (
        f"{tmp_path}/notes.gz:1:1: M904 named as gzip, but it is not: read as plain text\n"
        f"{tmp_path}/notes.zip:1:1: M904 named as zip, but it is not: read as plain text\n"
    ))
