"""Decoders: quoted-printable, format=flowed and charsets.

Decoders (mail/decoders.py): quoted-printable and its byte map, format=flowed, charsets; any
RFC 1738 URL comes out of an encoded body whole."""

from __future__ import annotations

import base64
import binascii

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.mail.decoders import (
    decode_charset,
    decode_quoted_printable,
    quoted_printable_map,
    unflow,
)
from urlint.mail.message import read_message
from urlint.mail.reported import message_texts

from ..helpers import examples
from ..rfc1738_strategies import rfc1738_url


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


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
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
    got = [c.url for s in message_texts(reader, "m.eml") for c in s.candidates]
    assert got == [url]
    assert reader.problems == []
