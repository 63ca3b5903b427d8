"""`extract --format jsonl` writes, to the byte, what a dict and json.dumps per URL wrote.

The lines are made without either; the reference below is the construction they replace.
Passwords stay masked as before: the URL as `--show-passwords` says, every field of the
message object always."""

from __future__ import annotations

import json
import pickle
import string
from http import HTTPStatus

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.core.model import Candidate, Flag, Position, Span, Wrapper
from urlint.grammar.login import mask_password
from urlint.mail.origin import Envelope, MessageInfo
from urlint.output.extract import (
    FLAG_ORDER,
    UrlFormat,
    jsonl_line,
    message_json,
    url_shown,
)
from urlint.output.printable import json_line, json_object, json_string, masked_text, masked_values

from ..helpers import examples, run


def reference_record(path, candidate, message=None, *, show_passwords=False) -> dict:
    """The jsonl object as reporters.extract.jsonl_record made it with a dict.

    Its path as every output writes a name since: the bytes of one that is not UTF-8 as
    \\xNN (reporters.safe.masked_text, CHANGELOG)."""
    return {
        "path": masked_text(path),
        "line": candidate.line,
        "column": candidate.column,
        "end_line": candidate.end_line,
        "end_column": candidate.end_column,
        "url": url_shown(candidate.url, show_passwords, candidate.login_rest_text),
        "alt": url_shown(candidate.alt, show_passwords, candidate.alt_rest_text()),
        "wrapper": candidate.wrapper.value if candidate.wrapper else None,
        "message": masked_values(reference_message(message)) if message is not None else None,
        "flags": [flag.value for flag in sorted(candidate.flags, key=FLAG_ORDER.__getitem__)],
        "context": candidate.context or "text",
    }


def reference_message(message) -> dict:
    """MessageInfo.as_json as it was when the lines were made with a dict."""
    message_id, date, sender = message.envelope.identity()
    return {
        "index": message.index, "line": message.line, "message_id": message_id,
        "date": date, "from": sender, "part": message.part,
        "content_type": message.content_type, "source": message.source, "header": message.header,
    }  # fmt: skip


def reference_line(path, candidate, message=None, *, show_passwords=False) -> str:
    return json_line(reference_record(path, candidate, message, show_passwords=show_passwords))


def candidate(
    url, alt=None, *, wrapper=None, flags=(), rest="", at=(1, 1, 1, 1), context=None
) -> Candidate:
    line, column, end_line, end_column = at
    span = Span(Position(line, column), Position(end_line, end_column))
    return Candidate(
        url,
        span,
        (span,),
        wrapper=wrapper,
        alt=alt,
        flags=frozenset(flags),
        login_rest_text=rest,
        context=context,
    )


def message_with(identity, index=1, line=1, part="1", content_type="text/plain",
                 source="text", header=None) -> MessageInfo:  # fmt: skip
    envelope = Envelope(b"", index, line)
    envelope._identity = identity  # as if read from a header holding these fields
    return MessageInfo(envelope, part, content_type, source, header)


# -- exact lines ---------------------------------------------------------------------------


def test_a_name_that_is_not_utf8_is_written_as_its_bytes():
    # (the reference property's example that found its reference out of date)
    found = candidate("http://a.example/x", at=(3, 7, 3, 25))
    assert jsonl_line("caf\udce9/\udc80.txt", found).startswith(
        '{"path": "caf\\\\xe9/\\\\x80.txt", "line": 3,'
    )


def test_a_plain_text_url_line():
    found = candidate("http://a.example/x", at=(3, 7, 3, 25))
    assert jsonl_line("docs/a.txt", found) == (
        '{"path": "docs/a.txt", "line": 3, "column": 7, "end_line": 3, "end_column": 25, '
        '"url": "http://a.example/x", "alt": null, "wrapper": null, "message": null, '
        '"flags": [], "context": "text"}'
    )


def test_a_code_url_line_says_where_in_the_code_it_was_found():
    found = candidate("https://other.org", at=(1, 43, 1, 60), context="string")
    assert jsonl_line("tests/test_responses.py", found).endswith(
        '"url": "https://other.org", "alt": null, "wrapper": null, "message": null, '
        '"flags": [], "context": "string"}'
    )
    templated = candidate("https://h/{id}", flags=(Flag.TEMPLATE,), context="comment")
    assert jsonl_line("a.py", templated).endswith('"flags": ["template"], "context": "comment"}')


def test_passwords_quotes_controls_and_flags_in_the_enum_order():
    found = candidate(
        'ftp://fred:secret@h.example/"\\\x01\x7f\x85\u2028\u2029é\ud800',
        "ftp://fred:sec",
        wrapper=Wrapper.URL_EQUALS,
        flags=(Flag.JOINED_BY_GUESS, Flag.LINE_BREAK, Flag.HYPHEN_BREAK),
        at=(1, 2, 3, 4),
    )
    tail = (
        '@h.example/\\"\\\\\\u0001\\u007f\\u0085\\u2028\\u2029é\\ud800", "alt": "ftp://fred:****", '
        '"wrapper": "url=", "message": null, '
        '"flags": ["line-break", "hyphen-break", "joined-by-guess"], "context": "text"}'
    )
    head = '{"path": "ftp://u:****@h\\t.txt", "line": 1, "column": 2, "end_line": 3, '
    assert jsonl_line("ftp://u:pw@h\t.txt", found) == (
        head + '"end_column": 4, "url": "ftp://fred:****' + tail
    )
    assert jsonl_line("ftp://u:pw@h\t.txt", found, show_passwords=True) == (
        head + '"end_column": 4, "url": "ftp://fred:secret' + tail.replace("****", "sec")
    )


def test_the_message_object_is_masked_whatever_the_url_shows():
    message = message_with(
        ("<ftp://a:pw1@h>", "Thu, 1 Jan 1998", 'F "Q" <ftp://fred:pw2@h/>'),
        index=4, line=90, part="", content_type="", source="header",
        header="X-URL: ftp://fred:pw3@h/",
    )  # fmt: skip
    expected = (
        '{"index": 4, "line": 90, "message_id": "<ftp://a:****@h>", "date": "Thu, 1 Jan 1998", '
        '"from": "F \\"Q\\" <ftp://fred:****@h/>", "part": "", "content_type": "", '
        '"source": "header", "header": "X-URL: ftp://fred:****@h/"}'
    )
    assert message_json(message) == expected
    line = jsonl_line("m", candidate("http://h/"), message, show_passwords=True)
    assert line.endswith(f'"message": {expected}, "flags": [], "context": "text"}}')
    assert "pw" not in line


def test_as_json_keeps_its_fields_and_their_order():
    message = message_with(("<m@h>", None, "f"), index=2, line=7, header="X-URL")
    assert list(message.as_json().items()) == list(reference_message(message).items()) == [
        ("index", 2), ("line", 7), ("message_id", "<m@h>"), ("date", None), ("from", "f"),
        ("part", "1"), ("content_type", "text/plain"), ("source", "text"), ("header", "X-URL"),
    ]  # fmt: skip


def test_a_message_is_serialised_once_and_still_pickles():
    message = message_with(("<m@h>", "d", "ftp://f:pw@h/"))
    sibling = MessageInfo(message.envelope, "2", "text/html", "html-href")
    first = message_json(message)
    # Kept without the message's numbers, which the writer may move (a run of an mbox
    # counted from its own start: runner.TextExtent).
    assert first == '{"index": 1, "line": 1, ' + message.json_text
    assert message.envelope.json_text == (
        '{"message_id": "<m@h>", "date": "d", "from": "ftp://f:****@h/"}'
    )
    message.envelope._identity = ("changed", None, None)  # read once: no longer looked at
    assert message_json(message) == first
    moved = message.moved(100, 7)
    assert message_json(moved) == first.replace(
        '"index": 1, "line": 1,', '"index": 8, "line": 101,'
    )
    assert (message.index, message.line) == (1, 1)
    assert message_json(sibling) == (
        '{"index": 1, "line": 1, "message_id": "<m@h>", "date": "d", "from": "ftp://f:****@h/", '
        '"part": "2", "content_type": "text/html", "source": "html-href", "header": null}'
    )
    copy = pickle.loads(pickle.dumps(sibling))
    assert copy == sibling and copy.json_text == sibling.json_text
    header = b"From: x@example.org\nMessage-ID: <m9@example.org>\n"
    fresh = pickle.loads(pickle.dumps(MessageInfo(Envelope(header, 9, 80), "1", "t", "text")))
    assert fresh.json_text is None and fresh.envelope.json_text is None
    # The identity is read where the header is, and goes without it (a worker's findings
    # carried each message's header twice, and the writer read each again).
    assert (fresh.envelope.header, fresh.envelope.identity()) == (
        b"",
        ("<m9@example.org>", None, "x@example.org"),
    )
    assert message_json(fresh) == (
        '{"index": 9, "line": 80, "message_id": "<m9@example.org>", "date": null, '
        '"from": "x@example.org", "part": "1", "content_type": "t", "source": "text", '
        '"header": null}'
    )


def test_json_string_is_json_line_of_a_string():
    for text in ["", "plain", '"\\/', "\x00\x1f\x7f\x80\x9f\xa0", "\u2028\u2029\ud800\U0001f600"]:
        assert json_string(text) == json_line(text)
    assert json_string(None) == json_line(None) == "null"


def test_json_object_is_json_line_of_an_object():
    record = {"a": 1, "b\u2028": 'x\x85"', "c": None, "d": True, "e": 1.5, "f": [1, "\x7f"]}
    assert (
        json_object(record)
        == json_line(record)
        == (
            '{"a": 1, "b\\u2028": "x\\u0085\\"", "c": null, "d": true, "e": 1.5, '
            '"f": [1, "\\u007f"]}'
        )
    )
    assert json_object({"b": Flag.PAGE_BREAK}) == json_line({"b": Flag.PAGE_BREAK})
    mixed = {"a": "a", 1: "b"}
    assert json_object(mixed) == json_line(mixed) == '{"a": "a", "1": "b"}'
    assert json_object({"n": HTTPStatus.OK}) == json_line({"n": HTTPStatus.OK}) == '{"n": 200}'
    assert json_object({}) == "{}" and json_object(None) == "null"


def test_url_format_writes_the_jsonl_line_and_the_key():
    found = candidate("ftp://fred:secret@h/", at=(2, 1, 2, 21))
    message = message_with(("<m@h>", None, None))
    expected = reference_line("p", found, message)
    assert UrlFormat(jsonl=True)("p", found, message) == ("", expected)
    assert UrlFormat(jsonl=True, keyed=True)("p", found, message) == (
        "ftp://fred:****@h/",
        expected,
    )


MBOX = (
    b"From a@b Thu Jan  1 00:00:00 1998\n"
    b'From: "Fred \\"Q\\" B" <ftp://fred:s3cret@h.example/>\n'
    b"Message-ID: <m1@example.org>\n"
    b"Date: Thu, 1 Jan 1998 00:00:00 +0000\n"
    b"X-URL: http://x.example/\xc3\xa9\n"
    b"\n"
    b'see <URL:http://a.example/very-\n  long> and ftp://u:pw@h.example/a"b\n'
    b"and http://c.example/\x7f\xc2\x85 end\n"
    b"\n"
    b"From b@c Thu Jan  1 00:00:00 1998\n"
    b"Message-ID: <m2@example.org>\n"
    b"\n"
    b"http://d.example/\\x\tend\n"
)
# Written by `urlint extract --format jsonl` when its lines were made with a dict.
FIRST = (
    '"message": {"index": 1, "line": 1, "message_id": "<m1@example.org>", '
    '"date": "Thu, 1 Jan 1998 00:00:00 +0000", '
    '"from": "\\"Fred \\\\\\"Q\\\\\\" B\\" <ftp://fred:****@h.example/>", '
)
TEXT_PART = '"part": "1", "content_type": "text/plain", "source": "text", "header": null}'
MBOX_JSONL = [
    '{"path": "m.mbox", "line": 5, "column": 8, "end_line": 5, "end_column": 26, '
    '"url": "http://x.example/é", "alt": null, "wrapper": null, ' + FIRST
    + '"part": "", "content_type": "", "source": "header", "header": "X-URL"}, "flags": [], '
    '"context": "text"}',
    '{"path": "m.mbox", "line": 7, "column": 10, "end_line": 8, "end_column": 7, '
    '"url": "http://a.example/very-long", "alt": "http://a.example/verylong", "wrapper": "url", '
    + FIRST + TEXT_PART + ', "flags": ["line-break", "hyphen-break"], "context": "text"}',
    '{"path": "m.mbox", "line": 8, "column": 13, "end_line": 8, "end_column": 35, '
    '"url": "ftp://u:****@h.example/a", "alt": null, "wrapper": null, '
    + FIRST + TEXT_PART + ', "flags": [], "context": "text"}',
    '{"path": "m.mbox", "line": 9, "column": 5, "end_line": 9, "end_column": 23, '
    '"url": "http://c.example/\\u007f", "alt": null, "wrapper": null, '
    + FIRST + TEXT_PART + ', "flags": [], "context": "text"}',
    '{"path": "m.mbox", "line": 14, "column": 1, "end_line": 14, "end_column": 20, '
    '"url": "http://d.example/\\\\x", "alt": null, "wrapper": null, '
    '"message": {"index": 2, "line": 11, "message_id": "<m2@example.org>", "date": null, '
    '"from": null, ' + TEXT_PART + ', "flags": [], "context": "text"}',
]  # fmt: skip


def test_an_mbox_is_written_as_before(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.mbox").write_bytes(MBOX)
    code, out, err = run(capsys, "extract", "--isolated", "--format", "jsonl", "m.mbox")
    assert (code, err) == (0, "")
    assert out.splitlines() == MBOX_JSONL
    _, shown_out, _ = run(
        capsys, "extract", "--isolated", "--format", "jsonl", "--show-passwords", "m.mbox"
    )
    lines = shown_out.splitlines()
    assert lines[2] == MBOX_JSONL[2].replace("u:****@", "u:pw@")
    assert lines[:2] + lines[3:] == MBOX_JSONL[:2] + MBOX_JSONL[3:]  # From: masked still
    assert all(json.loads(line) for line in lines)


# -- the same text as the reference, for any candidate --------------------------------------

ODD = '"\\\x00\x08\t\n\x0c\r\x1b\x1f\x7f\x80\x85\x9f\xa0\u2028\u2029\ufeff\ud800\udcff€é😀'
odd_text = st.text(
    alphabet=st.one_of(
        st.sampled_from(ODD + ":@/%;?#"),
        st.characters(codec=None, exclude_categories=()),  # lone surrogates too
        st.sampled_from(string.ascii_letters),
    ),
    max_size=30,
)
logins = st.builds(
    lambda scheme, user, password, host, rest: f"{scheme}://{user}:{password}@{host}{rest}",
    st.sampled_from(["ftp", "http", "telnet"]),
    st.text(alphabet="fred:@", max_size=5),
    odd_text,
    st.sampled_from(["h", "h.example", "[::1]"]),
    odd_text,
)
urls = st.one_of(logins, odd_text, odd_text.map(lambda text: "http://h/" + text))
positions = st.integers(min_value=1, max_value=10**7)
optional_text = st.one_of(st.none(), odd_text, logins)


@st.composite
def candidates(draw):
    url = draw(urls)
    alt = draw(st.one_of(st.none(), st.just(url[: len(url) // 2]), urls))
    return candidate(
        url,
        alt,
        wrapper=draw(st.one_of(st.none(), st.sampled_from(Wrapper))),
        flags=draw(st.frozensets(st.sampled_from(Flag))),
        rest=draw(st.one_of(st.just(""), odd_text, st.sampled_from(["et@h/", "ret@host/x"]))),
        at=tuple(draw(positions) for _ in range(4)),
        context=draw(st.sampled_from([None, "string", "comment", "markdown-link"])),
    )


@st.composite
def messages(draw):
    identity = (draw(optional_text), draw(optional_text), draw(optional_text))
    return message_with(
        identity,
        index=draw(positions),
        line=draw(positions),
        part=draw(st.one_of(st.sampled_from(["", "1", "2.1"]), odd_text)),
        content_type=draw(st.one_of(st.sampled_from(["", "text/plain"]), odd_text)),
        source=draw(st.sampled_from(["header", "text", "html-text", "html-href", "message"])),
        header=draw(optional_text),
    )


@pytest.mark.slow
@settings(max_examples=examples(1000), suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.one_of(odd_text, logins),
    found=candidates(),
    message=st.one_of(st.none(), messages()),
    show=st.booleans(),
)
def test_a_line_is_the_reference_line(path, found, message, show):
    expected = reference_line(path, found, message, show_passwords=show)
    assert jsonl_line(path, found, message, show_passwords=show) == expected
    assert jsonl_line(path, found, message, show_passwords=show) == expected  # cached: same
    if message is not None:
        sibling = MessageInfo(message.envelope, "9", "text/html", "html-href", None)
        again = reference_line(path, found, sibling, show_passwords=show)
        assert jsonl_line(path, found, sibling, show_passwords=show) == again
        for value in masked_values(message.as_json()).values():  # a password is never shown
            if isinstance(value, str):
                assert value == mask_password(value)


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), odd_text)


@given(st.dictionaries(st.one_of(odd_text, st.integers()), st.one_of(scalars, st.lists(scalars))))
def test_json_object_is_json_line_for_any_object(record):
    assert json_object(record) == json_line(record)


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow])
@given(headers=st.lists(st.tuples(st.sampled_from(["From", "Message-ID", "Date"]), odd_text)))
def test_a_line_from_a_real_header_is_the_reference_line(headers):
    header = "".join(f"{name}: {value}\n".replace("\r", "") for name, value in headers)
    envelope = Envelope(header.encode("utf-8", "surrogatepass"), 3, 40)
    message = MessageInfo(envelope, "1", "text/plain", "text")
    found = candidate("http://h/x", at=(41, 1, 41, 11))
    assert jsonl_line("a.mbox", found, message) == reference_line("a.mbox", found, message)


@st.composite
def findings(draw):
    from urlint.core.findings import Edit, Finding, Fix, Severity

    def span():
        return Span(Position(draw(positions), draw(positions)), Position(draw(positions), 1))

    fix = draw(st.one_of(st.none(), st.builds(
        lambda description, edits: Fix(description, tuple(edits)),
        odd_text,
        st.lists(st.builds(lambda text: Edit(span(), text), odd_text), max_size=3),
    )))  # fmt: skip
    return Finding(
        draw(st.sampled_from(["C202", "P501", "X101", "M904"])),
        draw(odd_text),
        draw(st.sampled_from(Severity)),
        draw(st.one_of(odd_text, logins)),
        span(),
        draw(st.one_of(odd_text, logins)),
        draw(optional_text),
        fix,
        draw(st.one_of(st.none(), messages())),
    )


@pytest.mark.slow
@settings(max_examples=examples(1000), suppress_health_check=[HealthCheck.too_slow])
@given(findings(), st.sampled_from(["rfc1738", "rfc3986"]))
def test_a_check_jsonl_line_is_its_finding_json_as_json(finding, target):
    # check's jsonl line, made without json.dumps and with the message's object made once,
    # is the line json.dumps made of finding_json: the same text, passwords masked alike
    from urlint.output import check

    expected = json_line(check.finding_json(finding, target))
    assert check.jsonl_line(finding, target) == expected
    assert check.jsonl_line(finding, target) == expected  # the message's object kept: the same
