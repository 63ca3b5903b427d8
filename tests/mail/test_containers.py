"""Containers: the same message from every mailbox, archive and folder form.

Containers (sources/kinds.py, mail/mbox.py, mail/reader.py): the same message from .eml,
mbox (rd, cl2, CRLF, Netscape's), compressed mbox, Maildir, MH, zip, MMDF and Babyl;
sniffing; a crossposted article read once."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.mail.mbox import RawMessage, split_mbox, split_on
from urlint.mail.prefilter import may_hold_urls
from urlint.sources import kinds
from urlint.sources.kinds import sniff
from urlint.sources.streams import SNIFF_BYTES, read_at_most

from ..helpers import examples, shared_path
from ..mail_helpers import MIME, MIME_URLS, file_urls, found, mbox_of


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
        got = file_urls(place)
        expected = MIME_URLS * 2 if name == "zip" else MIME_URLS  # the zip holds it twice
        assert got == expected, name
    lines = {
        name: [i.candidate.line for i in found(p)] for name, p in places.items() if name != "zip"
    }
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
        b"From a@example.org Thu Mar  1 03:00:13 2001\nContent-Length: %d\nSubject: one\n\n"
        % len(first_body)
        + first_body
        + b"\nFrom c@example.org Thu Mar  1 03:00:15 2001\nContent-Length: 999\nSubject: two\n\n"
        + second_body
    )
    got = list(split_mbox(io.BytesIO(mbox)))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7)]
    assert got[0].data.endswith(first_body + b"\n")
    assert got[1].data.endswith(second_body)  # a length past the end is not believed, nor needed


def test_mbox_split_skips_unwanted_messages_and_keeps_lines_and_indexes():
    mbox = mbox_of(
        *(
            f"Subject: {n}\n\n{'http://example.org/' if n % 3 == 0 else 'no link'} {n}\n".encode()
            for n in range(12)
        )
    )
    every = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))]
    wanted = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox), may_hold_urls)]
    assert [index for index, _, _ in wanted] == [1, 4, 7, 10]
    assert wanted == [every[index - 1] for index in (1, 4, 7, 10)]


def test_crlf_mbox_splits_at_from_lines_after_a_crlf_blank_line():
    mbox = mbox_of(
        *(f"Subject: {n}\n\nhttp://example.org/{n}\nFrom the body\n".encode() for n in range(3))
    ).replace(b"\n", b"\r\n")
    got = list(split_mbox(io.BytesIO(mbox), may_hold_urls))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7), (3, 13)]
    assert (
        got[1].data.startswith(b"From sender@example.org")
        and b"\r\nFrom the body\r\n" in got[1].data
    )


@pytest.mark.parametrize("block", [64, 200, 4096])
def test_a_message_without_its_length_after_counted_ones_is_read_to_its_end(monkeypatch, block):
    # mboxcl: the first message's length is right, the last has none. Looking for it
    # reads on to the end of the file; the message is then cut from what was read, not
    # from what the buffer held before (it came out cut at the block's end).
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", block)
    body = b"word " * 20_000 + b"\n"  # past the 64 KB the first look for a length reads
    first = b"Subject: 1\nContent-Length: %d\n\n" % len(body) + body
    second = b"Subject: 2\n\nsee http://example.org/" + b"x" * 5000 + b"\n"
    got = list(split_mbox(io.BytesIO(mbox_of(first, second))))
    assert [(m.index, m.line) for m in got] == [(1, 1), (2, 7)]
    assert got[1].data.endswith(b"x" * 5000 + b"\n\n")


@pytest.mark.parametrize("block", [7, 61, 4096])
def test_mbox_split_is_the_same_in_any_blocks(monkeypatch, block):
    # Over 64 KB, past what the first look for Content-Length reads: a From_ line is cut by
    # a block boundary somewhere, and must still be found once the rest of it arrives.
    mbox = mbox_of(
        *(
            f"Subject: {n}\n\nhttp://example.org/{n}\nFrom the body\n".encode() * 30
            for n in range(100)
        )
    )
    assert len(mbox) > 8 * SNIFF_BYTES
    whole = [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))]
    assert len(whole) == 100
    from_lines = [at for at in range(len(mbox)) if mbox.startswith(b"From sender@", at)]
    assert [line for _, line, _ in whole] == [1 + mbox.count(b"\n", 0, at) for at in from_lines]
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", block)
    assert [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox))] == whole
    assert [(m.index, m.line, m.data) for m in split_mbox(io.BytesIO(mbox), may_hold_urls)] == whole


def test_mmdf_and_babyl(tmp_path):
    mmdf = (
        b"\x01\x01\x01\x01\nSubject: a\n\nhttp://a.example.org/\n\x01\x01\x01\x01\n"
        b"\x01\x01\x01\x01\nSubject: b\n\nhttp://b.example.org/\n\x01\x01\x01\x01\n"
    )
    babyl = (
        b"BABYL OPTIONS: -*- rmail -*-\nVersion: 5\n\x1f\x0c\n0, unseen,,\n*** EOOH ***\n"
        b"Subject: a\n\nhttp://a.example.org/\n\x1f\x0c\n1,,\nSubject: b\n\nhttp://b.example.org/\n\x1f"
    )
    assert sniff("box", mmdf) == kinds.MMDF and sniff("RMAIL", babyl) == kinds.BABYL
    (tmp_path / "box.mmdf").write_bytes(mmdf)
    (tmp_path / "RMAIL").write_bytes(babyl)
    for name in ("box.mmdf", "RMAIL"):
        items = found(tmp_path / name)
        assert [i.candidate.url for i in items] == [
            "http://a.example.org/",
            "http://b.example.org/",
        ], name
        assert [i.message.index for i in items] == [1, 2]
    assert [i.candidate.line for i in found(tmp_path / "box.mmdf")] == [4, 9]
    assert [i.candidate.line for i in found(tmp_path / "RMAIL")] == [8, 13]
    assert [
        m.index
        for m in split_on(io.BytesIO(mmdf), b"\x01\x01\x01\x01\n", kinds.MMDF)
        if isinstance(m, RawMessage)
    ] == [1, 2]


def test_plain_text_is_not_taken_for_mail():
    assert sniff("notes.txt", b"Note: this is not mail\nTitle: x\n\nhttp://x/") == kinds.TEXT
    assert sniff("a.eml", b"Subject: x\n\nbody") == kinds.MESSAGE
    assert sniff("83687", b"From: a@b\nSubject: x\nNewsgroups: alt.x\n\nbody") == kinds.MESSAGE
    assert (
        sniff("a.jar", b"PK\x03\x04rest") == kinds.TEXT
    )  # documents in zip form are not mail archives


def test_header_test_edges():
    header = kinds._looks_like_header
    assert header(b"From: a@b\nSubject: x\n\nbody", 2) is True
    assert header(b"From: a@b\r\nSubject: x\r\n\r\nbody", 2) is True
    assert header(b"From: a@b\n  folded\nX-Other: y\nSubject: x\n\n", 2) is True
    assert header(b"From: a@b\nSubject: x\nnot a field\n\n", 2) is False
    assert header(b" From: a@b\nSubject: x\n\n", 2) is False  # a fold with no field
    assert header(b"\nFrom: a@b\nSubject: x\n", 1) is False  # a blank first line
    assert header(b"From: a@b\nX-Note: y\n\n", 2) is False  # one mail field of two
    assert header(b"From : a@b\nDate\t: x\n\n", 2) is True  # RFC 822's blanks before ":"
    assert header(b"From: a@b\nSubject: x\nTo: c@d, e", 2) is True  # its end cut short
    assert header(b"Subject: x", 1) is True and header(b"Subject x", 1) is False
    assert header(b"", 1) is False


def _header_line_by_line(head: bytes, known_needed: int) -> bool:
    """The header test as its docstring says it, line by line: the oracle of the regular
    expressions `_looks_like_header` reads it with."""
    known = 0
    lines = head.split(b"\n")
    for number, line in enumerate(lines[:-1] if len(lines) > 1 else lines):
        line = line.rstrip(b"\r")
        if not line:
            return number > 0 and known >= known_needed
        if line[:1] in (b" ", b"\t"):
            if number == 0:
                return False
            continue
        name, colon, _ = line.partition(b":")
        name = name.rstrip(b" \t")
        if not colon or not name or any(not 33 <= byte <= 126 for byte in name):
            return False
        known += name.lower() in kinds._MAIL_FIELDS
    return known >= known_needed


@settings(max_examples=examples(400))
@given(
    st.lists(
        st.sampled_from(
            [
                b"From",
                b"subject",
                b"X-Foo",
                b"Date",
                b":",
                b" ",
                b"\t",
                b"\n",
                b"\r",
                b"a@b",
                b"x",
                b"\xe9",
                b"Note",
            ]
        ),
        max_size=30,
    ),
    st.integers(1, 2),
)
def test_header_test_reads_as_line_by_line(pieces, known_needed):
    head = b"".join(pieces)
    assert kinds._looks_like_header(head, known_needed) == _header_line_by_line(head, known_needed)


class _ShortReads(io.RawIOBase):
    """A pipe's reading: at most `most` bytes a read, whatever is asked."""

    def __init__(self, data: bytes, most: int) -> None:
        self.data, self.most, self.at = data, most, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        piece = self.data[self.at : self.at + min(len(buffer), self.most)]
        buffer[: len(piece)] = piece
        self.at += len(piece)
        return len(piece)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.integers(0, 3 * 1024 * 1024),
    st.integers(0, 3 * 1024 * 1024),
    st.sampled_from([999, 65536, 700_000, 1 << 30]),
    st.booleans(),
)
def test_read_at_most_gives_the_next_limit_bytes(size, limit, most, buffered):
    # A message file is read up to mbox.MAX_MESSAGE_BYTES this way, a megabyte a read: the
    # bytes are those of one read of `limit`, however short the stream's reads are, and
    # the stream goes on after them.
    data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    raw = _ShortReads(data, most)
    stream = io.BufferedReader(raw) if buffered else raw
    assert read_at_most(stream, limit) == data[:limit]
    assert stream.read() == data[limit:]


def test_crossposted_article_is_read_once(tmp_path):
    article = (
        b"Path: news!not-for-mail\nFrom: a@example.org\nNewsgroups: comp.a,comp.b\nSubject: x\n"
        b"Message-ID: <x1@example.org>\n\nhttp://example.org/crossposted\n"
    )
    for group in ("comp/a", "comp/b"):
        (tmp_path / group).mkdir(parents=True)
        (tmp_path / group / "17").write_bytes(article)
    assert file_urls(tmp_path) == ["http://example.org/crossposted"]


@given(
    st.lists(st.sampled_from([b">From ", b">", b"From ", b">Fro", b"\n", b"x"]), max_size=12),
    st.integers(0, 40),
    st.integers(0, 40),
)
def test_mboxrd_quoting_is_looked_for_where_a_find_finds_it(pieces, start, end):
    from urlint.mail.mbox import _quoted_from

    data = b"".join(pieces)
    assert _quoted_from(data, start, end) == data.find(b">From ", start, end)


@given(
    st.lists(st.sampled_from([b">From ", b">", b"From ", b">Fro", b"\n", b"x"]), max_size=12),
    st.integers(0, 40),
    st.integers(0, 40),
    st.integers(-3, 1),
)
def test_mboxrd_quoting_is_told_by_the_look_for_from_lines_where_it_covers(
    pieces, start, end, before
):
    # The framing's look for From_ lines says where ">From " first stands from where it
    # looked (mail.fast.from_lines); the messages' pass takes that, or looks itself.
    from urlint.mail.mbox import _first_quoted

    data = b"".join(pieces)
    looked_from = max(0, start + before)
    hint = (looked_from, data.find(b">From ", looked_from))
    assert _first_quoted(data, start, end, hint) == data.find(b">From ", start, end)
    assert _first_quoted(data, start, end, None) == data.find(b">From ", start, end)


def test_an_mboxrd_message_copied_out_has_its_quoting_undone():
    from urlint.mail.mbox import _quoted_from

    data = b"From a 1:00\n\n>From here\n>>From there\n"
    assert _quoted_from(data, 0, len(data)) == 13
    assert _quoted_from(data, 14, len(data)) == 25
    assert _quoted_from(data, 15, 30) == -1
    messages = list(split_mbox(io.BytesIO(data)))
    assert [m.data for m in messages] == [b"From a 1:00\n\nFrom here\n>From there\n"]


# The first lines of a Netscape mbox: its From_ line with no date, then the header
# (email-mimekit-gmime-tests/mimekit/mbox/content-length.mbox.txt, lines 1 to 3).
_NETSCAPE_START = (
    b"From - \n"
    b"Return-Path: <>\n"
    b"Received: from navstar1.mcom.com ([205.217.251.46]) by hedgehog.mcom.com\n"
)


def test_an_mbox_opening_with_a_dateless_from_line_is_sniffed_as_one():
    header = b"From: a@example.org\nSubject: x\n\nbody\n"
    assert sniff("inbox", _NETSCAPE_START + b"To: atzet@netscape.com\n\n") == kinds.MBOX
    assert sniff("inbox", b"From -\n" + header) == kinds.MBOX
    assert sniff("inbox", b"From - \r\n" + header.replace(b"\n", b"\r\n")) == kinds.MBOX
    assert sniff("inbox", b"From - Thu Feb  8 18:49:08 1996\nbody\n") == kinds.MBOX  # dated
    # no header after it, or prose: text
    assert sniff("notes", b"From - \nthe notes go on here\n") == kinds.TEXT
    assert sniff("notes", b"From -\nSubject: one mail field\nNote: of two\n\n") == kinds.TEXT
    assert sniff("notes", b"From the desk of the editor\n" + header) == kinds.TEXT
    assert sniff("notes", b"From here on, notes.\n\nhttp://example.org/\n") == kinds.TEXT
    # A sender alone, with no date (MimeKit's mbox/issue1189.mbox.txt opens so): the framing
    # starts no message at such a line, so an mbox of them is read as text, where every
    # message's URLs are found, not as one message with the others for its epilogue.
    assert sniff("inbox", b"From 1844347792267117879@xxx\n" + header) == kinds.TEXT


def _messages(mbox: bytes) -> list[tuple[int, int]]:
    """(index, line) of each message `split_mbox` cuts from `mbox`."""
    return [(m.index, m.line) for m in split_mbox(io.BytesIO(mbox)) if isinstance(m, RawMessage)]


# Two messages, the first a multipart whose closing boundary line the second's From_ line
# follows with no blank line between; `{close}` and `{from_line}` set them.
_AFTER_A_MULTIPART = (
    b"From a@example.org Thu Mar  1 03:00:13 2001\n"
    b"Subject: one\n"
    b'Content-Type: multipart/mixed; boundary="=_b 1(2)"\n'
    b"\n"
    b"--=_b 1(2)\n"
    b"Content-Type: text/plain\n"
    b"\n"
    b"see http://one.example.org/\n"
    b"%(close)s\n"
    b"%(from_line)s\n"
    b"Subject: two\n"
    b"\n"
    b"see http://two.example.org/\n"
)
_SECOND_FROM_LINE = b"From b@example.org Thu Mar  1 03:00:14 2001"


@pytest.mark.parametrize("crlf", [False, True])
@pytest.mark.parametrize("block", [7, 61, 4096])
def test_a_from_line_right_after_a_closing_boundary_starts_a_message(
    tmp_path, monkeypatch, crlf, block
):
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", block)
    mbox = _AFTER_A_MULTIPART % {b"close": b"--=_b 1(2)--", b"from_line": _SECOND_FROM_LINE}
    if crlf:
        mbox = mbox.replace(b"\n", b"\r\n")
    assert _messages(mbox) == [(1, 1), (2, 10)]
    path = tmp_path / "box.mbox"
    path.write_bytes(mbox)
    assert [
        (i.candidate.url, i.candidate.line, i.candidate.column, i.message.index)
        for i in found(path)
    ] == [("http://one.example.org/", 8, 5, 1), ("http://two.example.org/", 13, 5, 2)]


@pytest.mark.parametrize(
    ("line_before", "messages"),
    [
        pytest.param(b"--=_b 1(2)--", [(1, 1), (2, 10)], id="closing"),
        pytest.param(b"--" + b"b" * 70 + b"--", [(1, 1), (2, 10)], id="longest-boundary"),
        pytest.param(b"--=_b 1(2)", [(1, 1)], id="opening-a-part"),
        pytest.param(b"see the end--", [(1, 1)], id="prose"),
        pytest.param(b"-" * 30, [(1, 1)], id="rule-of-dashes"),
        pytest.param(b"--" + b"b" * 71 + b"--", [(1, 1)], id="boundary-too-long"),
        pytest.param(b"--not a boundary!--", [(1, 1)], id="no-boundary-character"),
        pytest.param(b"--=_b --", [(1, 1)], id="boundary-ending-in-a-space"),
        pytest.param(b" --=_b 1(2)--", [(1, 1)], id="not-at-the-line-start"),
    ],
)
def test_a_from_line_in_a_body_starts_a_message_only_after_a_blank_or_closing_line(
    line_before, messages
):
    mbox = _AFTER_A_MULTIPART % {b"close": line_before, b"from_line": _SECOND_FROM_LINE}
    assert _messages(mbox) == messages
    assert _messages(mbox.replace(b"\n", b"\r\n")) == messages


@pytest.mark.parametrize(
    ("line_before", "from_line", "messages"),
    [
        pytest.param(b"--=_b 1(2)--", b"From - ", [(1, 1), (2, 10)], id="after-closing"),
        pytest.param(b"--=_b 1(2)--\n", b"From -", [(1, 1), (2, 11)], id="after-blank"),
        pytest.param(b"--=_b 1(2)--\n", b"From -\t", [(1, 1), (2, 11)], id="tab-after"),
        pytest.param(b"--=_b 1(2)--\n", b"From - nobody", [(1, 1)], id="words-after"),
        pytest.param(b"--=_b 1(2)--\n", b"From -x", [(1, 1)], id="no-blank-after"),
        pytest.param(b"see the end", b"From - ", [(1, 1)], id="after-prose"),
    ],
)
def test_netscapes_from_line_with_no_date_starts_a_message(line_before, from_line, messages):
    mbox = _AFTER_A_MULTIPART % {b"close": line_before, b"from_line": from_line}
    assert _messages(mbox) == messages
    assert _messages(mbox.replace(b"\n", b"\r\n")) == messages


@pytest.mark.corpus
def test_a_netscape_mbox_is_read_as_its_messages():
    # MimeKit's Netscape mbox: From_ lines with no date ("From - "), and From_ lines right
    # after a multipart's closing boundary line or an attachment's last base64 line (lines
    # 12194, 12399, 12812 and 12916), with no blank line. Its first message's Content-Length
    # is not its body's, so it is split at From_ lines.
    path = shared_path(
        "corpora", "email-mimekit-gmime-tests", "mimekit", "mbox", "content-length.mbox.txt"
    )
    assert kinds.file_kind(str(path)) == kinds.MBOX
    with path.open("rb") as stream:
        lines = [line for _, line in _messages(stream.read())]
    assert lines == [
        1, 53, 211, 369, 536, 10845, 11518, 11643, 11704, 11784, 11905, 12149, 12194,
        12289, 12367, 12399, 12463, 12540, 12649, 12812, 12892, 12916, 12976, 13029, 13105,
        13198, 13296, 13391, 13444,
    ]  # fmt: skip
    assert [
        (i.candidate.url, i.candidate.line, i.candidate.column, i.message.index)
        for i in found(path)
    ] == [
        ("http://www.twg.com/emissary/wmall.html", 10880, 33, 6),
        ("http://www.twg.com/emissary/bort10.html", 10881, 20, 6),
        ("http://www.twg.com/emissary/updt11.html", 10882, 8, 6),
        ("http://www.twg.com/emissary/secure.html", 10884, 15, 6),
        ("http://www.twg.com/press/0108.html", 10886, 12, 6),
        ("http://www.twg.com/emissary/emissnews.html", 10888, 34, 6),
        ("http://www.attachmate.com", 10901, 29, 6),
        ("http://www.twg.com/emissary/emiss1.html", 10902, 67, 6),
        ("http://www.twg.com/Wollongong.html", 10904, 42, 6),
        ("mailto:johnn@twg.com", 10914, 15, 6),
        ("http://www.strataware.com/", 11740, 44, 9),
        ("mailto:rosenqui@strataware.com", 11741, 1, 9),
        # message 10 starts right after message 9's closing boundary line ("---ABC--")
        ("http://www.entrust.com", 11819, 50, 10),
        ("mailto:rangerm@entrust.com", 11821, 22, 10),
        ("mailto:rvander@entrust.com", 11822, 2, 10),
        ("mailto:rosenqui@strataware.com", 11823, 17, 10),
        ("http://www.strataware.com/", 11857, 44, 10),
        ("mailto:rosenqui@strataware.com", 11858, 1, 10),
    ]


@pytest.mark.parametrize(
    ("line_before", "messages"),
    [
        # an attachment's last base64 line: padded, or unpadded and 16 characters at least
        pytest.param(b"9I6Afej0ntfbH9vlRwQIl7MeXMqoBV0AAAAAAAAAAAAA", [(1, 1), (2, 10)], id="full"),
        pytest.param(b"AA==", [(1, 1), (2, 10)], id="padded-twice"),
        pytest.param(b"GgAAAAAAAAAAAAA=", [(1, 1), (2, 10)], id="padded-once"),
        pytest.param(b"A" * 76, [(1, 1), (2, 10)], id="longest"),
        # a word, a line too long or not of whole groups, other characters: no base64 line
        pytest.param(b"Alex", [(1, 1)], id="a-word"),
        pytest.param(b"A" * 80, [(1, 1)], id="too-long"),
        pytest.param(b"AAAAA==", [(1, 1)], id="not-whole-groups"),
        pytest.param(b"A===", [(1, 1)], id="padded-thrice"),
        pytest.param(b"AAAA-AAAAAAAAAAA", [(1, 1)], id="a-dash"),
    ],
)
def test_a_from_line_right_after_a_base64_line_starts_a_message(line_before, messages):
    # Netscape wrote the next message's From_ line right after an attachment's last base64
    # line (MimeKit's mbox/content-length.mbox.txt, line 12194 after "...BV0AAAAAAAAAAAAA").
    mbox = _AFTER_A_MULTIPART % {b"close": line_before, b"from_line": _SECOND_FROM_LINE}
    assert _messages(mbox) == messages
    assert _messages(mbox.replace(b"\n", b"\r\n")) == messages


@pytest.mark.corpus
def test_an_mbox_opening_with_a_byte_order_mark_is_read_as_its_messages(tmp_path):
    # MimeKit's mbox/unmunged.mbox.txt: a UTF-8 BOM, then Netscape's dateless "From -".
    path = shared_path(
        "corpora", "email-mimekit-gmime-tests", "mimekit", "mbox", "unmunged.mbox.txt"
    )
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfFrom -\n")
    assert kinds.file_kind(str(path)) == kinds.MBOX
    assert _messages(data) == [(1, 1), (2, 13)]
    # a URL in each message is found in it, on its line
    box = tmp_path / "box.mbox"
    box.write_bytes(data.replace(b"Russia with love", b"Russia https://example.org/007"))
    assert [
        (i.candidate.url, i.candidate.line, i.candidate.column, i.message.index) for i in found(box)
    ] == [("https://example.org/007", 9, 13, 1), ("https://example.org/007", 21, 13, 2)]
    # a BOM before anything but a From_ line is no mbox's
    assert sniff("notes", b"\xef\xbb\xbfFrom here on, notes.\n") == kinds.TEXT
