"""The prefilter: it passes every message the scanner finds a URL in.

The prefilter (mail/prefilter.py): it passes every message the scanner finds a URL in, and
reads hidden (encoded) text only where the reader would."""

from __future__ import annotations

import base64
import binascii
import html
import html.entities
import re
import string

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urlint.mail import prefilter
from urlint.mail.decoders import decode_quoted_printable
from urlint.mail.message import read_message
from urlint.mail.prefilter import may_hold_urls
from urlint.mail.reported import message_texts
from urlint.scanner.scanner import extract

from ..helpers import examples


@settings(max_examples=examples(200))
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
            c.url for s in message_texts(read_message(message, 1, 1), "m.eml") for c in s.candidates
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
    texts = message_texts(read_message(message, 1, 1), "m.eml")
    urls = [c.url for s in texts for c in s.candidates]
    assert urls == ["http://example.org/x"]


_HTML_MESSAGE = b"Subject: x\nMIME-Version: 1.0\nContent-Type: text/html\n%s\n%s\n"


def _reader_urls(message: bytes) -> list[str]:
    texts = message_texts(read_message(message, 1, 1), "m.eml")
    return [c.url for s in texts for c in s.candidates]


@pytest.mark.parametrize(
    ("html", "url"),
    [
        (b'<a href="http&#58;//example.org/a">a</a>', "http://example.org/a"),  # a reference
        (b"see http&#x3a;//example.org/b now", "http://example.org/b"),
        (b"see http&colon;//example.org/c now", "http://example.org/c"),
        (b"see http:&sol;/example.org/d now", "http://example.org/d"),
        (b'<a href="http:\n//example.org/e">e</a>', "http://example.org/e"),  # folded
        (b'<a href="http:/\r\n/example.org/f">f</a>', "http://example.org/f"),
        (b"see http:<b></b>//example.org/g now", "http://example.org/g"),  # a tag goes
        (b"write to mail<b></b>to:fred@example.org now", "mailto:fred@example.org"),
        (b"see http:<!-- x -->//example.org/h now", "http://example.org/h"),  # a comment
        (b"see http:<script>x</script>/<b></b>/example.org/i now", "http://example.org/i"),
        (b"see mail<style>p{}</style>to:fred@example.org now", "mailto:fred@example.org"),
        (b'<a href="mail\nto:fred@example.org">f</a>', "mailto:fred@example.org"),
        (b"see &lt;URL&#58;ftp.example.org&gt; now", "ftp.example.org"),
    ],
)
@pytest.mark.parametrize("encoding", [b"", b"quoted-printable"])
@pytest.mark.parametrize("multipart", [False, True])
def test_prefilter_reads_what_an_html_reading_makes_a_url_of(html, url, encoding, multipart):
    # The raw bytes hold no "://" and no bare scheme's colon: only the HTML reading
    # (references decoded, tags dropped, an attribute's line breaks dropped) makes the URL.
    field = b"Content-Transfer-Encoding: " + encoding + b"\n" if encoding else b""
    body = binascii.b2a_qp(html, istext=False) if encoding else html
    if multipart:  # the part's media type, in capitals
        message = (
            b"Subject: x\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n\n"
            b"--b\nContent-Type: text/plain\n\nno link\n"
            b"--b\nContent-Type: TEXT/HTML\n%s\n%s\n--b--\n" % (field, body)
        )
    else:
        message = _HTML_MESSAGE % (field, body)
    assert _reader_urls(message) == [url]
    assert may_hold(message) is True


_MULTIPART_OF = (
    b"Subject: x\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n--b\n%s\n--b--\n"
)


@pytest.mark.parametrize(
    ("message", "url"),
    [
        # format=flowed with DelSp=yes: a soft line break goes with its space (RFC 3676 4.2)
        (
            b"Subject: x\nContent-Type: text/plain; format=flowed; delsp=yes\n\n"
            b"see http:/ \n/example.org/a now\n",
            "http://example.org/a",
        ),
        (
            _MULTIPART_OF % b"Content-Type: text/plain; format=flowed; DelSp=Yes\n\n"
            b"see http:/ \n/example.org/b now",
            "http://example.org/b",
        ),
        # charsets that write ASCII otherwise
        (
            b"Subject: x\nContent-Type: text/plain; charset=utf-16\n\n"
            + "see http://example.org/c now\n".encode("utf-16"),
            "http://example.org/c",
        ),
        (
            b"Subject: x\nContent-Type: text/plain; charset=utf-7\n\n"
            b"see http+ADoALwAv-example.org/d now\n",
            "http://example.org/d",
        ),
        (
            b"Subject: x\nContent-Type: text/plain; charset=cp500\n\n"
            + "see http://example.org/f now\n".encode("cp500"),
            "http://example.org/f",
        ),
        # a multipart's part in such a charset, its parameter written as RFC 2045 allows
        (
            _MULTIPART_OF % b'Content-Type: text/plain; CharSet = "UTF-7"\n\n'
            b"see http+ADoALwAv-example.org/j now",
            "http://example.org/j",
        ),
        (
            _MULTIPART_OF
            % (
                b"Content-Type: text/plain; charset=\n\tcp500\n\n"
                + "see http://example.org/k now".encode("cp500")
            ),
            "http://example.org/k",
        ),
        (
            _MULTIPART_OF % b"Content-Type: text/plain; format=flowed; delsp =yes\n\n"
            b"see http:/ \n/example.org/l now",
            "http://example.org/l",
        ),
        # an encoded word in a field read for URLs, the first field too (RFC 2047)
        (b"Subject: =?utf-8?q?see_http=3A//example.org/g?=\n\nhello\n", "http://example.org/g"),
        (
            b"Subject: x\nX-URL: =?utf-8?b?aHR0cDovL2V4YW1wbGUub3JnL2g=?=\n\nhello\n",
            "http://example.org/h",
        ),
        (
            _MULTIPART_OF % b"Content-Type: message/RFC822\n\n"
            b"Subject: =?utf-8?q?http=3A//example.org/i?=\n\nhi",
            "http://example.org/i",
        ),
    ],
)
def test_prefilter_reads_what_decoding_makes_a_url_of(message, url):
    # The raw bytes hold no "://" and no other start of a URL: decoding the message makes one.
    assert _reader_urls(message) == [url]
    assert may_hold(message) is True


def test_stray_nuls_of_a_damaged_message_with_no_url_are_passed_over():
    assert may_hold(b"Subject: x\n\nhello\0 wor\0ld: /\0/ \n") is False


def test_an_encoded_word_in_a_field_read_for_no_url_is_passed_over():
    message = b"From: =?utf-8?q?Fred?= <fred@example.org>\nSubject: x\n\nhello\n"
    assert may_hold(message) is False


def test_every_reference_the_html_reading_decodes_to_a_urls_character_is_looked_for():
    # html.unescape is mail.html's decoder: each reference it makes a scheme's character,
    # ":", "/", "<", a tab or a line break of (named, decimal, hexadecimal, with or without
    # ";" and leading zeros) is one the prefilter reads an HTML message for, where what
    # follows may make a URL's start with it ("<" before a wrapper's scheme).
    wanted = set(":/<\t\n\r+-." + string.ascii_letters + string.digits)
    references = ["&" + name for name in html.entities.html5]
    for number in range(0x3000):
        references += [f"&#{number};", f"&#0{number}", f"&#x{number:x};", f"&#X0{number:X}"]
    missed = [
        reference
        for reference in references
        if wanted & set(html.unescape(reference))
        and not prefilter._HTML_REFERENCE.match(reference.encode() + b"URL:")
    ]
    assert missed == []
    for harmless in (b"&#8217;", b"&nbsp;", b"&lt;fred@example.org&gt;", b"&lt;c01ce108&gt;"):
        assert prefilter._HTML_REFERENCE.match(harmless) is None


@settings(max_examples=examples(300))
@given(
    st.lists(
        st.sampled_from(
            [
                "http",
                "mailto",
                "mail",
                "to",
                "news",
                ":",
                "/",
                "&#58;",
                "&#x2f;",
                "&colon;",
                "&sol;",
                "&lt;",
                "&gt;",
                "&#116;",
                "<b>",
                "</b>",
                "<br>",
                "<!-- -->",
                "\n",
                "\t",
                " ",
                "example.org",
                "fred@",
                '<a href="',
                '">',
                "URL",
                "<",
                ">",
                "&amp;",
                "<script>x</script>",
            ]
        ),
        max_size=25,
    ).map("".join)
)
def test_prefilter_passes_every_html_message_the_reader_finds_a_url_in(page):
    message = _HTML_MESSAGE % (b"", page.encode())
    if _reader_urls(message):
        assert may_hold(message)


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


@settings(max_examples=examples(150))
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


# A single part's body is read as its header's first Content-Type and Content-Transfer-
# Encoding say (mail.headers: content_type_of, transfer_encoding_of; names in any case,
# values folded or not). Each reading here makes a URL of bytes that hold no start of one.
_URL = b"see http://example.org/x\n"
_READINGS = [
    (b"Content-Transfer-Encoding: base64", base64.b64encode(_URL) + b"\n"),
    (b"CONTENT-TRANSFER-ENCODING:\n QUOTED-PRINTABLE", b"see http=3A//example.org/x\n"),
    (b"Content-Transfer-Encoding: x-uuencode", b"begin 644 a\n%s`\nend\n" % binascii.b2a_uu(_URL)),
    (b"Content-Type: text/plain; charset=utf-7", b"see http+ADo-//example.org/x\n"),
    (b"Content-Type: text/plain; charset=UTF-16", _URL.decode().encode("utf-16")),
    (b'Content-Type: text/plain;\n charset="cp500"', _URL.decode().encode("cp500")),
    (b"Content-Type: text/plain; format=flowed; DelSp=yes", b"see http:/ \n/example.org/x\n"),
    (b"content-type : TEXT/HTML", b"see http&#58;//example.org/x\n"),
]
# Fields around them: other types and encodings (the first of each counts), and fields the
# reader passes over.
_OTHER_FIELDS = [
    b"Content-Type: text/plain",
    b"Content-Type: image/gif",
    b"Content-Type: no-slash",
    b"Content-Type:",
    b"Content-Type: text/plain; charset=us-ascii",
    b"Content-Transfer-Encoding: 8bit",
    b"X-Content-Type: text/html; charset=utf-16",
    b"X-Original-Content-Transfer-Encoding: base64",
    b"Subject: x",
    b"not a field",
]


@pytest.mark.parametrize(("field", "body"), _READINGS)
def test_prefilter_reads_a_single_part_as_its_header_says(field, body):
    message = b"From: a@example.org\n%s\n\n%s" % (field, body)
    assert _reader_urls(message) == ["http://example.org/x"]
    assert may_hold(message) is True


# A part's header, with what the reader reads from it (_READINGS), in a message of one part
# or in a multipart after an image's part.
_BESIDE_AN_IMAGE = (
    b"From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=XX\n\n"
    b"--XX\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\naGVsbG8=\n"
    b"--XX\n%s\n\n%s\n--XX--\n"
)
_MESSAGES = {
    "single part": lambda header, body: b"From: a@example.org\n%s\n\n%s" % (header, body),
    "after an image": lambda header, body: _BESIDE_AN_IMAGE % (header, body),
}


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(_MESSAGES))
@settings(max_examples=examples(300))
@example(_READINGS[0], [], [b"Content-Type: no-slash", b"Content-Type: image/gif"])  # the first
@example(_READINGS[1], [], [b"not a field", b"Content-Type: image/gif"])  # found by CI
@example(_READINGS[0], [], [b"not a field", b"Content-Type: image/gif"])  # a damaged header
@given(
    st.sampled_from(_READINGS),
    st.lists(st.sampled_from(_OTHER_FIELDS), max_size=3),
    st.lists(st.sampled_from(_OTHER_FIELDS), max_size=3),
)
def test_prefilter_reads_a_part_by_the_fields_the_reader_reads(shape, reading, before, after):
    # Whatever other fields stand around them, a body the reader makes a URL of is read:
    # its header read as the reader reads it, its first Content-Type (an unreadable one is
    # text/plain), up to a line that is no field.
    message = _MESSAGES[shape](b"\n".join([*before, reading[0], *after]), reading[1])
    if _reader_urls(message):
        assert may_hold(message)


@pytest.mark.parametrize(
    "header",
    [
        b"Content-Type: image/gif\nContent-Transfer-Encoding: base64",  # never read
        b"X-Original-Content-Transfer-Encoding: base64",  # not the part's encoding
        b"Content-Type: text/plain\nContent-Transfer-Encoding: 7bit\n"
        b"Content-Transfer-Encoding: base64",  # the first field is the part's
        b"Content-Type: text/plain; charset=us-ascii\nContent-Type: text/plain; charset=utf-7",
        b"Content-Type: text/plain\nX-Content-Type: text/html; charset=utf-16",
    ],
)
def test_prefilter_passes_over_a_single_part_whose_header_hides_nothing(header):
    message = b"From: a@example.org\n%s\n\nno address here, bW9yZQ== +ADo-\n" % header
    assert _reader_urls(message) == []
    assert may_hold(message) is False


@pytest.mark.parametrize(
    ("message", "url"),
    [
        # The reader ends a header at a line that is neither a field nor a continuation:
        # what follows is the body, its own fields none of the part's (headers.header_end_at).
        (
            b"From: a@example.org\nContent-Transfer-Encoding: quoted-printable\nnot a field\n"
            b"Content-Type: image/gif\n\nsee http=3A//example.org/a\n",
            "http://example.org/a",
        ),
        (
            b"From: a@example.org\nnot a field\nSee news:comp.lang.python\n\nhello\n",
            "news:comp.lang.python",
        ),
        (b"not a header\nSee news:comp.lang.c\n\nhello\n", "news:comp.lang.c"),
    ],
)
def test_prefilter_reads_a_damaged_header_as_the_reader_does(message, url):
    assert _reader_urls(message) == [url]
    assert may_hold(message) is True


# A header of encoded words (RFC 2047) in fields read for no URL: each field is judged once,
# at its first "=?", and the search goes on from its end (a To: field folded over thousands
# of lines of them was read back over once a word: bench/adversarial.py).
_WORDS = b"To: =?utf-8?q?a?= <a@example.org>,\n" + b" =?utf-8?q?b?= <b@example.org>,\n" * 50


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (_WORDS + b"Subject: hello\n", False),  # no field read for URLs holds a word
        # a word on a continuation line, after a field that holds none: its own field's
        (b"Subject: hello\nFrom: Fred\n =?utf-8?q?F?= <f@example.org>\n", False),
        (b"From: f@example.org\nSubject: hello\n =?utf-8?q?http=3A//example.org/a?=\n", True),
        # a folded field read for URLs after a long one of words read for none
        (_WORDS + b"Subject: see\n =?utf-8?q?http=3A//example.org/b?=\n", True),
        (_WORDS + b"X-URL:\n =?utf-8?b?aHR0cDovL2V4YW1wbGUub3JnL2M=?=\n", True),
        (_WORDS + b"Cc: =?utf-8?q?c?= <c@example.org>\nSubject: x\n", False),
        # a name read up to its first ":", as the reader reads it: "=?" in it
        (b"From: f@example.org\nX-A=?b: hello\n", True),
    ],
)
def test_each_field_with_an_encoded_word_is_judged_once_by_its_name(header, expected):
    message = b"MIME-Version: 1.0\n" + header + b"\nno address here\n"
    assert may_hold(message) is expected
    if not expected:
        assert _reader_urls(message) == []


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (b'<a href="http:\n//example.org/a">a</a>', True),  # in a tag
        (b"<a x=http:\r\n//>", True),  # its ">" right after the slashes
        (b"see http:\n//example.org/b now", False),  # in no tag
        (b"<b>see http:/\n/example.org/c</b>", False),  # the next is a "<"
        # several places that share one next "<", then one with none after it
        (b"a http:\n//b c http:/\t/d <i>e</i> f http:\n//g", False),
        (b"a http:\n//b c http:\n//d <p title=x>", False),
        # places outside any tag, then one inside
        (b'a http:\n//b <i>c</i> <a title="http:\n//d">e</a>', True),
        (b'a http:\n//b <a title="http:\n//c" href="http:/\n/d">e</a>', True),
    ],
)
def test_line_broken_slashes_count_only_inside_a_tag(html, expected):
    message = _HTML_MESSAGE % (b"", html)
    assert may_hold(message) is expected
    if not expected:
        assert _reader_urls(message) == []


# The pattern the line-broken slashes were once looked for with, its look ahead to the ">"
# run from each of them: the split keeps what it accepted.
_SLASHES_WITH_LOOK_AHEAD = re.compile(
    rb":(?:"
    + prefilter._TAGS
    + rb"/"
    + prefilter._TAGS
    + rb"/|"
    + prefilter._BREAKS
    + rb"/"
    + prefilter._BREAKS
    + rb"/(?=[^<>]*>))"
)


@settings(max_examples=examples(500))
@given(
    st.text(st.sampled_from(":/\n\t\r<>ab ="), max_size=60), st.integers(0, 5), st.integers(0, 5)
)
def test_the_slashes_are_found_where_the_look_ahead_found_them(text, skip, trim):
    data = text.encode()
    end = max(0, len(data) - trim)  # the look ahead stops at the searched range's end
    found = bool(
        prefilter._HTML_SLASHES.search(data, skip, end)
        or prefilter._slashes_in_a_tag(data, skip, end)
    )
    assert found is bool(_SLASHES_WITH_LOOK_AHEAD.search(data, skip, end))


@given(
    st.lists(
        st.sampled_from(
            [b"=?", b"?=", b"=", b"?", b"Subject: ", b"To: ", b"From ", b"\n", b" ", b"x"]
        ),
        max_size=20,
    )
)
def test_an_encoded_word_is_judged_in_each_field_where_a_find_finds_one(pieces):
    # The prefilter looks for "=?" with the regex engine, not bytes.find: the fields it
    # judges are the same, each at its first encoded word.
    from urlint.mail.headers import field_around
    from urlint.mail.mime import holds_urls

    header = b"".join(pieces)
    expected, at = False, header.find(b"=?")
    while at >= 0 and not expected:
        _, end, name = field_around(header, at)
        expected = holds_urls(name)
        at = header.find(b"=?", end)
    assert prefilter._encoded_url_field(header) == expected


def test_an_encoded_word_in_a_field_read_for_urls_keeps_the_message():
    assert prefilter._encoded_url_field(b"To: =?a?q?b?=\nSubject: =?a?q?b?=\n")
    assert not prefilter._encoded_url_field(b"To: =?a?q?b?=\nFrom: =?a?q?b?=\n")
    assert may_hold_urls(b"From a 1:00\nX-Note: see <URL:x>\n\nno link\n", (0, 41)) == [True]


@given(
    st.lists(
        st.sampled_from(
            [b"/", b"html", b"HTML", b"message", b"Message", b"/rfc822", b"/news", b"x", b"\n"]
        ),
        max_size=16,
    ),
    st.integers(0, 40),
    st.integers(0, 80),
)
def test_a_multipart_is_read_for_html_and_a_message_part_in_one_pass(pieces, start, end):
    # One pass to the first of the two types, the other looked for after it: what a search
    # for each says.
    data = b"".join(pieces)
    assert prefilter._types_named(data, start, end) == (
        prefilter._HTML_TYPE.search(data, start, end) is not None,
        prefilter._MESSAGE_PART.search(data, start, end) is not None,
    )


def test_the_types_a_multipart_names():
    assert prefilter._types_named(b"a/Html b", 0, 8) == (True, False)
    assert prefilter._types_named(b"message/RFC822 text/html", 0, 24) == (True, True)
    assert prefilter._types_named(b"message/news", 0, 12) == (False, True)
    assert prefilter._types_named(b"message/news", 0, 11) == (False, False)


@given(
    st.lists(
        st.lists(st.sampled_from([b"://", b":/", b"/", b":", b"x", b"\n", b"Subject: s\n"])),
        min_size=1,
        max_size=6,
    )
)
def test_each_message_of_a_block_is_read_where_every_slash_of_the_block_says(bodies):
    # Each message is looked at for its first "://": the messages read are those a pass
    # over the whole block for every "://", each placed in its message, says hold one (the
    # others looked at further as ever).
    messages = [b"From a 1:00\nSubject: m\n\n" + b"".join(body) for body in bodies]
    data = b"".join(messages)
    bounds = [sum(map(len, messages[:number])) for number in range(len(messages) + 1)]
    slashes = [at for at in range(len(data)) if data.startswith(b"://", at)]
    expected = [
        any(start <= at < end for at in slashes)
        or prefilter._without_double_slash(data, start, end)
        for start, end in zip(bounds, bounds[1:], strict=False)
    ]
    assert may_hold_urls(data, bounds) == expected
