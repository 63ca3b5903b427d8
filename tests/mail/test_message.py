"""One message: every MIME part decoded, tagged and placed.

One message (mail/mime.py, read by mail/message.py): every MIME part decoded, tagged and
placed; header fields scanned or not; quoted replies rejoined."""

from __future__ import annotations

import base64
import email.errors
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ..helpers import examples
from ..mail_helpers import MIME, MIME_URLS, extract_jsonl, found


def test_every_part_decoded_tagged_and_placed(capsys):
    code, records, err = extract_jsonl(capsys, str(MIME))
    assert code == 0 and err == ""
    assert [r["url"] for r in records] == MIME_URLS
    by_url = {(r["url"], r["message"]["source"]): r for r in records}
    subject = by_url["http://www.example.org/mirrors/", "header"]
    assert subject["message"]["header"] == "Subject"  # RFC 2047 decoded, placed at its field
    assert (subject["line"], subject["column"]) == (7, 1)
    post = by_url["mailto:tools-users@example.org", "header"]
    assert (post["line"], post["column"], post["end_column"], post["wrapper"]) == (
        8,
        13,
        43,
        "angle",
    )
    # Quoted-printable: a soft break inside the URL, "=3D" decoded; the raw line of its first piece.
    search = by_url["http://lists.example.org/cgi-bin/search?db=tools&q=mirrors&max=50", "text"]
    assert (search["line"], search["column"], search["end_line"], search["end_column"]) == (
        25,
        20,
        26,
        17,
    )
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
    assert (faq["line"], faq["column"], faq["wrapper"], faq["message"]["part"]) == (
        50,
        1,
        "url",
        "2",
    )
    # message/rfc822, recursed.
    notes = by_url["http://www.example.net/notes/1.0.html", "text"]
    assert (notes["line"], notes["message"]["part"]) == (62, "3.1")
    assert notes["message"] | {"part": None} == {
        "index": 1,
        "line": 1,
        "message_id": "<mime-1@example.com>",
        "date": "Wed, 16 Apr 1997 11:20:00 -0400",
        "from": "René Example <rene@example.com>",
        "part": None,
        "content_type": "text/plain",
        "source": "text",
        "header": None,
    }


def test_html_alternative_does_not_repeat_the_plain_text(capsys):
    _, records, _ = extract_jsonl(capsys, str(MIME))
    archive = [r for r in records if r["url"] == "http://lists.example.org/archive/tools-users/"]
    assert [r["message"]["source"] for r in archive] == ["header", "text"]


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


def test_header_fields_are_placed_on_their_own_lines(tmp_path):
    # The lines before each field are counted once, field after field (a header of
    # thousands of URL fields is read in linear time: bench/adversarial.py); a field that
    # is no place for a URL (Received) is passed over, a folded one starts on its first line.
    message = tmp_path / "fields.eml"
    message.write_bytes(
        b"From: a@example.org\n"
        b"Received: from relay (http://relay.example/) by mx\n"
        b"List-Archive: <http://lists.example/archive/>\n"
        b"Subject: see\n"
        b"List-Help: <mailto:help@lists.example>,\n"
        b"\t<http://lists.example/help/>\n"
        b"X-Mailer: mail 1.0\n"
        b"List-Post: <mailto:post@lists.example>\n"
        b"\n"
        b"body\n"
    )
    assert [
        (item.candidate.url, item.message.header, item.candidate.line, item.candidate.column)
        for item in found(message)
    ] == [
        ("http://lists.example/archive/", "List-Archive", 3, 16),
        ("mailto:help@lists.example", "List-Help", 5, 13),
        ("http://lists.example/help/", "List-Help", 6, 3),
        ("mailto:post@lists.example", "List-Post", 8, 13),
    ]


HEADER_LINES = [
    b"Subject: a note\n",
    b"X-Long: http://a.example/\n",
    b" http://x.example/a\n",
    b"\tmore\r\n",
    b"bad line\n",
    b"From x@y Sat Jan  1 00:00:00 2000\n",
    b"\n",
    b" \n",
]


def _fields_folded_one_by_one(data: bytes) -> tuple:
    """read_header_block's reading, each continuation line added to its field's value as
    it comes (the reference its linear reading must equal)."""
    from urlint.mail.headers import _FIELD_NAME

    fields: list = []
    at, line = 0, 0
    while at < len(data):
        newline = data.find(b"\n", at)
        next_at = len(data) if newline < 0 else newline + 1
        text = data[at:next_at].rstrip(b"\r\n")
        if not text:
            return fields, next_at, line + 1, None
        if text[:1] in (b" ", b"\t") and fields:
            fields[-1] = (fields[-1][0], fields[-1][1] + b"\n" + text, fields[-1][2])
        else:
            match = _FIELD_NAME.match(text)
            if match is None:
                if not (line == 0 and not fields and text.startswith(b"From ")):
                    return fields, at, line, "a header line that is no field: the header ends there"
            else:
                name = match.group()[:-1].rstrip().decode("ascii")
                fields.append((name, text[match.end() :].strip(b" \t"), line))
        at, line = next_at, line + 1
    return fields, len(data), line, None


@given(st.lists(st.sampled_from(HEADER_LINES), max_size=30))
def test_a_header_block_folded_over_many_lines_reads_as_line_by_line(lines):
    # Continuation lines are joined once their field ends (a field folded over thousands
    # of lines: linear, bench/adversarial.py), to the same fields as added one by one.
    from urlint.mail.headers import read_header_block

    data = b"".join(lines)
    block = read_header_block(data)
    fields = [(field.name, field.value, field.line) for field in block.fields]
    assert (fields, block.body_start, block.body_line, block.problem) == (
        _fields_folded_one_by_one(data)
    )


FIELD_PIECES = [
    b"Content-Type",
    b"content-TYPE",
    b"Subject",
    b":",
    b" ",
    b"\t",
    b"\r",
    b"\n",
    b"\r\n",
    b"text/plain;",
    b'boundary="b"',
    b"x",
]


@given(st.lists(st.sampled_from(FIELD_PIECES), max_size=24))
def test_a_field_is_unfolded_where_a_blank_follows_its_line_breaks(pieces):
    # header_field cuts a field's value at the first line end no blank follows, so every
    # line end it keeps is a fold: dropped with its CR (RFC 5322 2.2.3), as the regex
    # substitution it stands for drops it.
    import re

    from urlint.mail.headers import FIELD_END, header_field

    header = b"".join(pieces)
    lowered = header.lower()
    value = header_field(header, "Content-Type", lowered)
    starts = [0] * lowered.startswith(b"content-type") + [
        at + 1 for at in range(len(lowered)) if lowered.startswith(b"\ncontent-type", at)
    ]
    for start in starts:
        colon = start + len(b"content-type")
        colon += len(lowered[colon:]) - len(lowered[colon:].lstrip(b" \t"))
        if lowered[colon : colon + 1] == b":":
            end = FIELD_END.search(header, colon)
            raw = header[colon + 1 : end.start() if end else len(header)]
            assert value == re.sub(rb"\r?\n(?=[ \t])", b"", raw).strip()
            break
    else:
        assert value is None


HEADER_PIECES = [
    b"\n",
    b"\r\n",
    b"\r",
    b" ",
    b"\t",
    b"Subject",
    b"X-a1",
    b"-",
    b"_",
    b":",
    b"x y",
    b"\x01",
    b"\xe9",
    b"From ",
    b"9",
]


@given(st.lists(st.sampled_from(HEADER_PIECES), max_size=30))
def test_a_header_ends_where_the_general_field_name_says(pieces):
    # The header's end (a blank line) or first bad line, as the reader finds it
    # (headers.header_stop, over mail.header_ends), is where a line end is followed by
    # neither a blank nor RFC 5322 2.2's ftext, then blanks and a colon (or the end).
    import re

    from urlint.mail.headers import header_stop
    from urlint.sources.kinds import FIELD_NAME

    general = re.compile(rb"\n(?:\r?\n|(?![ \t]|" + FIELD_NAME + rb"))")
    data = b"".join(pieces)
    for at in range(len(data) + 1):
        expected = general.search(data, at)
        assert header_stop(data, at, len(data)) == (expected.start() if expected else len(data))


CONTENT_PIECES = [
    b"Content-Type",
    b"content-TYPE",
    b"Content-Transfer-Encoding",
    b"CONTENT-transfer-encoding",
    b"Content-",
    b"Content-Typo",
    b"Subject",
    b":",
    b" ",
    b"\t",
    b"\r",
    b"\n",
    b"\r\n",
    b"text/html;",
    b"multipart/mixed;",
    b'boundary="b"',
    b"charset=utf-8",
    b"Base64",
    b"x",
]


@given(
    st.lists(st.sampled_from(CONTENT_PIECES), max_size=30),
    st.sampled_from(["text/plain", "message/rfc822"]),
)
def test_one_look_finds_the_content_type_and_the_transfer_encoding_as_two_do(pieces, default):
    # content_fields reads both fields from one look at the lines starting "content-": the
    # first field of each name, as content_type_of and transfer_encoding_of read them.
    from urlint.mail.headers import (
        content_fields,
        content_from,
        content_type_of,
        transfer_encoding_of,
    )

    header = b"".join(pieces)
    lowered = header.lower()
    assert content_from(content_fields(header, lowered), default) == (
        content_type_of(header, lowered, default),
        transfer_encoding_of(header, lowered),
    )


TYPE_VALUES = [
    *(b"", b" ", b"MultiPart", b"/", b"message", b"Mixed", b";", b"\n\t", b"\r\n", b"text"),
    *(b" x", b"\x85", b"\xa0", b"\x1c", b"\r"),  # Latin-1's blanks, which str.strip strips
]


@given(st.one_of(st.none(), st.lists(st.sampled_from(TYPE_VALUES), max_size=8).map(b"".join)))
def test_the_top_level_type_alone_is_the_one_the_whole_value_gives(value):
    # The prefilter reads a multipart's type without its parameters (maintype_of): the
    # same type content_from reads, folded, empty, unnamed or damaged.
    from urlint.mail.headers import content_from, maintype_of

    assert maintype_of(value) == content_from((value, None))[0].maintype


def test_one_look_reads_the_first_field_of_each_name():
    from urlint.mail.headers import content_fields, content_from

    header = (
        b"Content-Type:text/x\n"  # the first line: no line end before it
        b"Content-Typo: no\n"
        b"content-transfer-encoding :\n QUOTED-printable \n"
        b"Content-Type: text/html\n"
        b"Content-Transfer-Encoding: base64\n"
    )
    assert content_fields(header, header.lower()) == (b"text/x", b"QUOTED-printable")
    ctype, encoding = content_from(content_fields(header, header.lower()))
    assert (ctype.full, encoding) == ("text/x", "quoted-printable")
    assert content_fields(b"Subject: x\n", b"subject: x\n") == (None, None)
    assert content_fields(b"Content-Type x\n", b"content-type x\n") == (None, None)


HINT_PIECES = [
    b"://",
    b"mailto:",
    b"MailTo:",
    b"<url:",
    b"<URL:",
    b"=?",
    b"?=",
    b":",
    b"/",
    b"<",
    b"mail",
    b"to",
    b"\n",
    b"\r\n",
    b" ",
    b"Subject: ",
    b"Received: ",
    b"From ",
    b"x",
]


@given(st.lists(st.sampled_from(HINT_PIECES), max_size=30))
def test_the_header_fields_read_for_urls_are_those_a_find_of_each_hint_names(pieces):
    # The reader finds "://", "mailto:" and "<url:" (any case) at their colon by one
    # pattern, and "=?" by another: the fields it reads are those holding a place where
    # the header has "://" or "=?", or its lowered text "mailto:" or "<url:", in order.
    from urlint.mail.headers import field_around
    from urlint.mail.mime import MessageReader, holds_urls
    from urlint.mail.origin import Envelope

    header = b"".join(pieces)
    lowered = header.lower()
    hints = ((header, b"://"), (lowered, b"mailto:"), (lowered, b"<url:"), (header, b"=?"))
    hits = sorted(
        at for where, hint in hints for at in range(len(where)) if where.startswith(hint, at)
    )
    expected, done = [], -1
    for hit in hits:
        if hit < done:
            continue
        start, done, name = field_around(header, hit)
        if holds_urls(name):
            expected.append((name, 7 + header.count(b"\n", 0, start)))
    reader = MessageReader(Envelope(header, 1, 7))
    reader._header_urls(header, 7, "")
    assert [(text.header, text.line_base) for text in reader.texts] == expected


def test_a_header_field_is_read_for_the_urls_it_may_hold():
    from urlint.mail.mime import MessageReader
    from urlint.mail.origin import Envelope

    header = (
        b"Subject: see <URL:ftp://x.org/>\n"
        b"To: fred@example.org\n"
        b"List-Post: <MAILTO:list@example.org>\n"
        b"X-Note: plain\n"
        b"List-Id: =?utf-8?q?a?= b\n"
    )
    reader = MessageReader(Envelope(header, 1, 3))
    reader._header_urls(header, 3, "")
    assert [(text.header, text.line_base, text.text) for text in reader.texts] == [
        ("Subject", 3, "Subject: see <URL:ftp://x.org/>"),
        ("List-Post", 5, "List-Post: <MAILTO:list@example.org>"),
        ("List-Id", 7, "List-Id: a b"),
    ]


def test_a_decoded_text_made_in_c_holds_each_field_in_its_own_place():
    from urlint.mail.mime import DecodedText, _decoded
    from urlint.mail.origin import Envelope

    envelope = Envelope(b"From: a@example.org\n", 2, 9)
    made = _decoded("see x", 4, None, envelope, "1.2", "text/html", "html-href", "To", 3, "w")
    assert made == DecodedText(
        text="see x",
        line_base=4,
        relocator=None,
        envelope=envelope,
        part="1.2",
        content_type="text/html",
        source="html-href",
        header="To",
        alternative_group=3,
        read_on="w",
    )
    assert type(made) is DecodedText and made.read_on == "w" and made.alternative_group == 3
    assert _decoded("t", 1, None, envelope, "1", "", "header") == DecodedText(
        "t", 1, None, envelope, "1", "", "header"
    )


_CHARSETS = ["utf-8", "UTF-8", "iso-8859-1", "us-ascii", "iso-2022-jp", "bog5", "utf-8*en"]


def _word(charset: str, encoding: str, payload: bytes, raw: str) -> str:
    """An encoded word of `payload`, or of `raw` as written where it is given."""
    if raw:
        return f"=?{charset}?{encoding}?{raw}?="
    if encoding in "Bb":
        text = base64.b64encode(payload).decode("ascii").rstrip("=")
    else:
        text = "".join(f"={byte:02X}" if byte > 126 or byte < 33 else chr(byte) for byte in payload)
        text = text.replace("?", "=3F")
    return f"=?{charset}?{encoding}?{text}?="


@settings(max_examples=examples(1000))
@given(
    st.lists(
        st.tuples(
            st.sampled_from(_CHARSETS),
            st.sampled_from("BbQq"),
            st.one_of(st.binary(max_size=12), st.text("ab=_/:%\xe9", max_size=12).map(str.encode)),
            st.sampled_from(["", "", "Zm9v", "==", "a=3", "=E9t=C3=A9", "\xe9"]),
        ),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from([" ", "\n ", " x "]),
)
def test_encoded_words_decode_as_the_standard_librarys_header_classes_read_them(words, between):
    """Each word (decoded once and then remembered) reads as email.header reads it alone,
    in any charset, a known one, one Python lacks, one that will not decode it; whitespace
    between two words goes (RFC 2047 6.2)."""
    from email.header import decode_header, make_header

    from urlint.mail.headers import _ENCODED_WORD, _decoded_anyway, decode_encoded_words

    def alone(word: str) -> str:
        try:
            return str(make_header(decode_header(word)))
        except LookupError:
            return _decoded_anyway(word)
        except (UnicodeError, ValueError, AssertionError, email.errors.MessageError):
            return word

    written = between.join(_word(*word) for word in words)
    adjacent = re.sub(r"(\?=)\s+(?==\?)", r"\1", written)
    expected = _ENCODED_WORD.sub(lambda word: alone(word.group()), adjacent)
    for _ in range(2):  # read, then remembered
        assert decode_encoded_words(written) == expected


def test_a_long_encoded_word_is_decoded_each_time_not_remembered():
    """The cache holds short words only: a word of a megabyte would hold its memory."""
    from urlint.mail.headers import _remembered_word, decode_encoded_words

    word = "=?utf-8?B?" + base64.b64encode(b"ftp://h/" + b"a" * 600).decode("ascii") + "?="
    before = _remembered_word.cache_info()
    for _ in range(2):
        assert decode_encoded_words(word) == "ftp://h/" + "a" * 600
    after = _remembered_word.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)


def test_an_encoded_word_in_a_charset_python_lacks_reads_as_utf_8_or_windows_1252():
    from urlint.mail.headers import decode_encoded_words

    assert (
        decode_encoded_words("=?bog5?B?Zm9v?= =?x-unknown?q?ftp=3A=2F=2Fh_=E9?=") == "fooftp://h é"
    )
    assert decode_encoded_words("=?bog5?B?Zm9vY?=") == "=?bog5?B?Zm9vY?="  # will not decode


# RFC 2045 5.1's parameter: a token, "=", a value that is a token or a quoted-string (RFC
# 822's, its quoted pairs in it), blanks around the "=" as mailers write them.
_PARAMETER_AS_WRITTEN = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)')


@settings(max_examples=examples(2000))
@given(st.lists(st.sampled_from(list(';=" \\\tab\nx\r*\xe9')), max_size=30).map("".join))
def test_parameters_are_read_as_the_grammar_reads_them(value):
    # headers._PARAMETER's quoted string is unrolled for speed: the same matches.
    from urlint.mail.headers import _PARAMETER

    def read(pattern: re.Pattern[str]) -> list:
        return [(found.span(), found.groups()) for found in pattern.finditer(value)]

    assert read(_PARAMETER) == read(_PARAMETER_AS_WRITTEN)


def test_a_quoted_parameter_holds_its_pairs_and_ends_at_its_closing_quote():
    from urlint.mail.headers import content_type

    ctype = content_type(b'multipart/mixed; boundary="a\\"b;c" ; charset = x')
    assert (ctype.full, ctype.params) == ("multipart/mixed", {"boundary": 'a"b;c', "charset": "x"})
    assert ctype.places == {"charset": 47}  # (the boundary, unquoted, stands nowhere as it is)
