"""The stdlib fallback parser of mail/message.py, read where the fast path fails.

A fault injected into the fast path hands the message to `read_with_stdlib`, which reads
every text part and notes M904; with URLINT_STRICT set (as tests/conftest.py sets it for
every test) the fault propagates instead."""

from __future__ import annotations

import base64
import binascii
import email

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.commands.cli import main
from urlint.core.problems import ProblemKind
from urlint.mail import message as message_module
from urlint.mail.message import read_message
from urlint.mail.mime import MessageReader
from urlint.mail.reported import message_texts

from ..helpers import examples
from ..rfc1738_strategies import rfc1738_url

# A multipart/mixed message: a quoted-printable part (an escape "=3D", soft breaks, one
# inside a URL), then a base64 part.
MESSAGE = (
    b"From: a@example.org\nSubject: fallback\nMIME-Version: 1.0\n"
    b'Content-Type: multipart/mixed; boundary="XX"\n\n'
    b"--XX\nContent-Type: text/plain; charset=utf-8\n"
    b"Content-Transfer-Encoding: quoted-printable\n\n"
    b"See http://qp.example.org/a?b=3D1 and=\n"
    b" the long one http://qp.example.org/very/lo=\n"
    b"ng/path.html\n"
    b"--XX\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
    + base64.encodebytes(
        b"Mirror: ftp://b64.example.org/pub/x.tar.gz\nand http://b64.example.org/\n"
    )
    + b"--XX--\n"
)
FALLBACK_NOTE = "message read by the fallback parser (InjectedFault: injected fault)"


class InjectedFault(Exception):
    """The fault put into the fast path."""


def _raise_injected(*args: object, **kwargs: object) -> object:
    raise InjectedFault("injected fault")


def found(reader: MessageReader) -> list[tuple[str, int, int, str, str, str]]:
    """(url, line, column, part, content type, source) of every URL the reader's texts give."""
    return [
        (c.url, c.line, c.column, s.mail.part, s.mail.content_type, s.mail.source)
        for s in message_texts(reader, "m.eml")
        if s.mail is not None
        for c in s.candidates
    ]


def problems(reader: MessageReader) -> list[tuple[ProblemKind, str, int, str]]:
    return [(p.kind, p.kind.code, p.line, p.reason) for p in reader.problems]


@pytest.fixture
def late_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault raised by the fast path once it has read the whole message.

    The fast path raises once it has read the message, both parts' texts in the reader: what
    it read before the fault must be dropped, not doubled. (Put in through
    message.read_fast, the fault boundary's call, which stays Python: the compiled reader's
    own calls would not see a patched decoder.)"""
    real = message_module.read_fast

    def read_then_raise(reader: MessageReader, *args: object) -> None:
        real(reader, *args)
        assert len(reader.texts) == 2  # the fault comes after both parts were read
        raise InjectedFault("injected fault")

    monkeypatch.setattr(message_module, "read_fast", read_then_raise)


def test_the_fast_path_reads_the_message_at_its_own_positions():
    # What the fallback is compared with: each URL where it stands in the file.
    reader = read_message(MESSAGE, 3, 2)
    assert found(reader) == [
        ("http://qp.example.org/a?b=1", 12, 5, "1", "text/plain", "text"),
        ("http://qp.example.org/very/long/path.html", 13, 15, "1", "text/plain", "text"),
        ("ftp://b64.example.org/pub/x.tar.gz", 19, 1, "2", "text/plain", "text"),
        ("http://b64.example.org/", 19, 1, "2", "text/plain", "text"),
    ]
    assert reader.problems == []


@pytest.mark.usefixtures("late_fault")
def test_a_fault_in_the_fast_path_hands_the_message_to_the_fallback(monkeypatch):
    monkeypatch.delenv("URLINT_STRICT")
    reader = read_message(MESSAGE, 3, 2)
    # The stdlib keeps no offsets: every URL stands at the message's first line, and parts
    # are numbered as email's walk() meets them (1 is the multipart itself).
    assert found(reader) == [
        ("http://qp.example.org/a?b=1", 3, 1, "2", "text/plain", "text"),
        ("http://qp.example.org/very/long/path.html", 3, 1, "2", "text/plain", "text"),
        ("ftp://b64.example.org/pub/x.tar.gz", 3, 1, "3", "text/plain", "text"),
        ("http://b64.example.org/", 3, 1, "3", "text/plain", "text"),
    ]
    assert problems(reader) == [(ProblemKind.MALFORMED, "M904", 3, FALLBACK_NOTE)]
    mail = reader.problems[0].mail
    assert mail is not None and mail.as_json() == {
        "index": 2,
        "line": 3,
        "message_id": None,
        "date": None,
        "from": "a@example.org",
        "part": "",
        "content_type": "",
        "source": "message",
        "header": None,
    }


@pytest.mark.usefixtures("late_fault")
def test_the_strict_switch_lets_the_fault_propagate(tmp_path, capsys):
    # tests/conftest.py has set URLINT_STRICT=1 for this test.
    with pytest.raises(InjectedFault, match="^injected fault$"):
        read_message(MESSAGE, 3, 2)
    # In a run, the fault is an internal error (exit status 2), not a fallback note.
    path = tmp_path / "m.eml"
    path.write_bytes(MESSAGE)
    code = main(["extract", "-H", str(path)])
    assert (code, tuple(capsys.readouterr())) == (
        2,
        (
            "",
            (
                f"urlint: {path}: cannot read: not read to its end: internal error: InjectedFault: "
                "injected fault (set URLINT_DEBUG=1 for a traceback)\n"
            ),
        ),
    )


@pytest.mark.usefixtures("late_fault")
def test_the_fallback_note_is_an_m904_finding_and_the_urls_are_found(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("URLINT_STRICT")
    path = tmp_path / "m.eml"
    path.write_bytes(MESSAGE)
    code = main(["check", "--isolated", "--select", "M904", "--format", "concise", str(path)])
    assert (code, capsys.readouterr().out) == (
        0,
        (  # M904 is a warning
            f"{path}:1:1: M904 damaged message, read as far as it goes: {FALLBACK_NOTE}\n"
        ),
    )
    code = main(["extract", "-H", str(path)])
    captured = capsys.readouterr()
    assert (code, captured.out) == (
        0,
        "".join(
            f"{path}:1:1: {url}\n"
            for url in [
                "http://qp.example.org/a?b=1",
                "http://qp.example.org/very/long/path.html",
                "ftp://b64.example.org/pub/x.tar.gz",
                "http://b64.example.org/",
            ]
        ),
    )
    assert captured.err == f"urlint: {path}:1 (message 1): damaged message: {FALLBACK_NOTE}\n"


def test_the_fallback_reads_html_text_and_notes_an_unknown_charset(monkeypatch):
    monkeypatch.delenv("URLINT_STRICT")
    monkeypatch.setattr(message_module, "read_fast", _raise_injected)
    page = (
        b"From: a@example.org\nContent-Type: text/html; charset=klingon\n\n"
        b'<p>See <a href="http://href.example/">the page</a> at http://text.example/a&amp;b</p>\n'
    )
    reader = read_message(page, 1, 1)
    # Only the visible text: the fallback reads no attributes (nor header fields).
    assert found(reader) == [("http://text.example/a&b", 1, 1, "1", "text/html", "html-text")]
    assert problems(reader) == [
        (ProblemKind.CHARSET, "M905", 1, "unknown charset 'klingon': read as utf-8"),
        (ProblemKind.MALFORMED, "M904", 1, FALLBACK_NOTE),
    ]


def test_when_the_fallback_fails_too_the_message_is_noted_unread(monkeypatch):
    monkeypatch.delenv("URLINT_STRICT")
    monkeypatch.setattr(message_module, "read_fast", _raise_injected)
    monkeypatch.setattr(email, "message_from_bytes", _raise_injected)
    reader = read_message(MESSAGE, 3, 2)
    reason = "message cannot be read: InjectedFault: injected fault"
    assert (reader.texts, problems(reader)) == ([], [(ProblemKind.MALFORMED, "M904", 3, reason)])


# -- the fallback reads what the fast path reads -------------------------------------------


def fallback_reading(data: bytes) -> MessageReader:
    """`data` read by the fallback: the fast path made to fail at its first step."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("URLINT_STRICT", raising=False)
        patch.setattr(message_module, "read_fast", _raise_injected)
        return read_message(data, 1, 1)


_WORD = st.text(st.sampled_from("abcdefghij.,;:!?()'\"<>-=@"), min_size=1, max_size=8)
_LINE = st.lists(
    st.one_of(_WORD, rfc1738_url, rfc1738_url.map(lambda url: f"<URL:{url}>")),
    min_size=1,
    max_size=5,
).map(" ".join)
_PART = st.tuples(
    st.sampled_from(["7bit", "quoted-printable", "base64"]),
    st.sampled_from(["us-ascii", "utf-8"]),
    st.lists(_LINE, min_size=1, max_size=4),
)


def _encoded(encoding: str, text: str) -> bytes:
    raw = text.encode()
    if encoding == "base64":
        return base64.encodebytes(raw)
    if encoding == "quoted-printable":  # lines wrapped at 76 with soft breaks, "=" as "=3D"
        return binascii.b2a_qp(raw, istext=True)
    return raw


def _message(subject: str, parts: list[tuple[str, str, list[str]]]) -> bytes:
    """A message with one text/plain body, or a multipart/mixed of several: URLs only in
    bodies (the fallback reads no header fields)."""
    header = b"From: a@example.org\nSubject: " + subject.encode() + b"\nMIME-Version: 1.0\n"
    entities = [
        b"Content-Type: text/plain; charset=%s\nContent-Transfer-Encoding: %s\n\n%s"
        % (charset.encode(), encoding.encode(), _encoded(encoding, "\n".join(lines) + "\n"))
        for encoding, charset, lines in parts
    ]
    if len(entities) == 1:
        return header + entities[0]
    body = b"".join(b"--XX\n" + entity for entity in entities) + b"--XX--\n"
    return header + b"Content-Type: multipart/mixed; boundary=XX\n\n" + body


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_WORD, st.lists(_PART, min_size=1, max_size=3))
def test_the_fallback_finds_the_urls_the_fast_path_finds(subject, parts):
    data = _message(subject, parts)
    fast = read_message(data, 1, 1)  # URLINT_STRICT is set: a fault here fails the test
    slow = fallback_reading(data)
    fast_urls = [url for url, *_ in found(fast)]
    assert [url for url, *_ in found(slow)] == fast_urls
    assert {(line, column) for _, line, column, *_ in found(slow)} <= {(1, 1)}
    assert (problems(fast), problems(slow)) == (
        [],
        [(ProblemKind.MALFORMED, "M904", 1, FALLBACK_NOTE)],
    )
