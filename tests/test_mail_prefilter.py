"""The prefilter (mail/prefilter.py): it passes every message the scanner finds a URL in, and
reads hidden (encoded) text only where the reader would."""

from __future__ import annotations

import base64
import binascii

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.mail.decoders import decode_quoted_printable
from urlint.mail.message import read_message
from urlint.mail.prefilter import may_hold_urls
from urlint.pipeline import scan_message
from urlint.scanner import extract


@settings(max_examples=200)
@given(st.text(st.sampled_from("abcmailtonewsMAILTOhttp:/<>URL .@\n-"), max_size=80))
def test_prefilter_passes_every_message_the_scanner_finds_a_url_in(body):
    message = ("Subject: x\n\n" + body).encode()
    if any(c.url for c in extract(body)):
        assert may_hold(message)


_MULTIPART = (
    b"From: a@example.org\nSubject: x\nMIME-Version: 1.0\n"
    b"Content-Type: multipart/mixed; boundary=XX\n\n"
    b"--XX\nContent-Type: text/plain\n\nNothing to see.\n"
    b"--XX\nContent-Type: %s\nContent-Transfer-Encoding: %s\n\n%s\n--XX--\n"
)


@pytest.mark.parametrize(
    ("content_type", "encoding", "body", "expected"),
    [
        (b"text/plain", b"base64", base64.b64encode(b"see http://example.org/x"), True),
        (
            b"text/plain",
            b"base64",
            base64.b64encode(b"nothing"),
            True,
        ),  # base64 text is always read
        (
            b"image/png",
            b"base64",
            base64.b64encode(b"see http://example.org/x"),
            False,
        ),  # never decoded
        (b"application/octet-stream", b"base64", base64.b64encode(b"http://example.org/"), False),
        (
            b"text/plain",
            b"quoted-printable",
            b"see ht=\ntp=3A//example.org/x",
            True,
        ),  # soft break, =3A
        (
            b"text/plain",
            b"quoted-printable",
            b"write mail=\nto:a@example.org",
            True,
        ),  # an opaque scheme
        (b"text/plain", b"quoted-printable", b"<UR=\nL:ftp=3A//a.example.org/>", True),
        (b"text/plain", b"quoted-printable", b"no URL=20here=\n at all =3D", False),
        (b"text/plain", b"x-uuencode", b"begin 644 a\n`\nend", True),
    ],
)
@pytest.mark.parametrize("line_end", [b"\n", b"\r\n"])
def test_prefilter_reads_hidden_text_only_where_the_reader_would(
    content_type, encoding, body, expected, line_end
):
    message = (_MULTIPART % (content_type, encoding, body)).replace(b"\n", line_end)
    assert may_hold(message) is expected
    if expected is False:  # what the prefilter skips, the reader finds nothing in
        assert [
            c.url for s in scan_message(read_message(message, 1, 1), "m.eml") for c in s.candidates
        ] == []


@pytest.mark.parametrize(
    "name",
    [b"Content-Transfer-Encoding", b"CONTENT-TRANSFER-ENCODING", b"Content-Transfer-EnCoding"],
)
@pytest.mark.parametrize("multipart", [False, True])
def test_a_transfer_encoding_field_is_known_in_any_case(name, multipart):
    # The reader looks a field up in any case (RFC 5322 1.2.2: mail.headers.header_field), and
    # decodes this base64 text: the prefilter must read it so too (it once knew only
    # "-Encoding", "-encoding" and "-ENCODING", and passed over the URL).
    encoded = base64.b64encode(b"see http://example.org/x\n")
    part = b"Content-Type: text/plain\n%s: base64\n\n%s\n" % (name, encoded)
    if multipart:
        message = (
            b"Subject: x\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"
            b"--b\n%s--b--\n" % part
        )
    else:
        message = b"Subject: x\nMIME-Version: 1.0\n" + part
    assert may_hold(message) is True
    urls = [c.url for s in scan_message(read_message(message, 1, 1), "m.eml") for c in s.candidates]
    assert urls == ["http://example.org/x"]


def may_hold(data: bytes, start: int = 0, end: int | None = None) -> bool:
    """The prefilter's verdict on the one message data[start:end]."""
    return may_hold_urls(data, (start, len(data) if end is None else end))[0]


@pytest.mark.parametrize("line_end", [b"\n", b"\r\n"])
def test_each_base64_field_is_read_with_its_own_header_block(line_end):
    # Each part's Content-Type is looked for between the blank lines around its field, in
    # one pass forward (a message of thousands of attachments is read in linear time:
    # bench/adversarial.py), the message's own header included where it starts the data.
    image = b"Content-Type: image/gif\nContent-Transfer-Encoding: base64\n\nR0lGODlh\n"
    text = b"Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nbm8gVVJM\n"
    parts = b"".join(b"--b\n" + part for part in (image, image, text, image))
    multipart = (
        b"From: a@example.org\nMIME-Version: 1.0\n"
        b"Content-Type: multipart/mixed; boundary=b\n\n%s--b--\n"
    )
    for message, expected in (
        (multipart % parts, True),  # the text part's base64
        (multipart % parts.replace(text, image), False),  # images only
        (image, False),  # a lone image: its header starts the data
        (text, True),
    ):
        assert may_hold(message.replace(b"\n", line_end)) is expected


def test_prefilter_looks_at_a_message_where_it_stands_in_a_buffer():
    with_url = b"Subject: a\n\nmailto:a@example.org\n"
    without = b"Subject: b\n\nno address\n"
    buffer = without + with_url + without
    assert may_hold(buffer, len(without), len(without) + len(with_url)) is True
    assert may_hold(buffer, 0, len(without)) is False
    assert may_hold(buffer, len(without) + len(with_url), len(buffer)) is False


@settings(max_examples=150)
@given(
    st.text(st.sampled_from("abcmailtonewsMAILTOhttp:/<>URL .@\n-="), max_size=80),
    st.integers(2, 20),
)
def test_prefilter_passes_every_quoted_printable_message_the_scanner_finds_a_url_in(body, width):
    encoded = binascii.b2a_qp(body.encode(), istext=True)
    # re-wrapped at `width` with soft breaks, never inside an escape (RFC 2045 6.7 rule 5)
    lines, line = [], b""
    for token in _qp_tokens(encoded):
        if len(line) + len(token) > width and line:
            lines.append(line + b"=")
            line = b""
        line += token
    message = b"Subject: x\nContent-Transfer-Encoding: quoted-printable\n\n" + b"\n".join(
        [*lines, line]
    )
    if any(c.url for c in extract(decode_quoted_printable(message.split(b"\n\n", 1)[1]).decode())):
        assert may_hold(message)


def _qp_tokens(encoded: bytes) -> list[bytes]:
    tokens, at = [], 0
    while at < len(encoded):
        width = 3 if encoded[at : at + 1] == b"=" else 1
        tokens.append(encoded[at : at + width])
        at += width
    return tokens
