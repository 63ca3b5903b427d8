"""Hostile and damaged input never ends the run: inputs that once crashed it (a codec name
for a charset, numbers of thousands of digits, a bad CRC, a broken configuration...), each
fixed at its cause, and a fault in one unit (a message, an archive member, a URL, a file)
reported for that unit while the run goes on."""

from __future__ import annotations

import json
import zipfile

import pytest

from urlint.core.numbers import bounded_int

from ..helpers import run


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("URLINT_DEBUG", raising=False)
    return tmp_path


def urls(out: str) -> list[str]:
    return [json.loads(line)["url"] for line in out.splitlines()]


def test_a_codec_name_that_is_no_mime_charset_is_read_as_utf8(capsys, here):
    (here / "idna.eml").write_text(
        "From: a@example.com\nMIME-Version: 1.0\nContent-Type: text/plain; charset=idna\n"
        "Content-Transfer-Encoding: quoted-printable\n\nxn--bcher-kva.example see http://example.com/x\n"
    )
    code, out, err = run(capsys, "extract", "--format", "jsonl", "idna.eml")
    assert (code, urls(out)) == (0, ["http://example.com/x"])
    assert json.loads(out)["column"] == 27
    assert err == "urlint: idna.eml:6 (message 1): charset: unknown charset 'idna': read as utf-8\n"


def test_a_bad_encoded_word_in_from_is_shown_as_written(capsys, here):
    (here / "from.eml").write_text(
        "From: =?utf-8?b?a?= <a@example.com>\nSubject: x\n\nsee http://example.com/~x\n"
    )
    code, out, err = run(capsys, "extract", "--format", "jsonl", "from.eml")
    assert (code, err) == (0, "")
    assert json.loads(out)["message"]["from"] == "=?utf-8?b?a?= <a@example.com>"
    code, out, _ = run(capsys, "check", "--isolated", "--format", "sarif", "from.eml")
    assert code == 0 and json.loads(out)["runs"][0]["results"][0]["ruleId"] == "C202"


def test_a_zip_member_with_a_bad_crc_is_m902_and_the_next_is_read(capsys, here):
    with zipfile.ZipFile(here / "crc.zip", "w") as archive:
        archive.writestr(
            "1.eml", "From: a@example.com\nSubject: x\n\nsee http://example.com/~one\n"
        )
        archive.writestr(
            "2.eml", "From: a@example.com\nSubject: y\n\nsee http://example.com/~two\n"
        )
    data = bytearray((here / "crc.zip").read_bytes())
    data[data.find(b"see http://example.com/~one")] ^= (
        0x20  # the stored bytes no longer match the CRC
    )
    (here / "crc.zip").write_bytes(bytes(data))
    code, out, err = run(capsys, "extract", "crc.zip")
    assert (code, out) == (2, "http://example.com/~two\n")
    assert err == (
        "urlint: crc.zip!1.eml: cannot read: cannot be read to its end: Bad CRC-32 for file "
        "'1.eml'\n"
    )
    code, out, _ = run(capsys, "check", "--isolated", "--format", "concise", "crc.zip")
    assert (code, out) == (
        1,
        (
            "crc.zip!1.eml:1:1: M902 cannot read: cannot be read to its end: Bad CRC-32 for file "
            "'1.eml'\n"
            "crc.zip!2.eml:4:24: C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
        ),
    )


def test_a_port_and_an_address_of_thousands_of_digits_are_linted(capsys, here):
    nines = "9" * 5000
    (here / "digits.txt").write_text(
        f"see http://example.com:{nines}/ and http://1.2.3.{nines}/ and http://example.org/~ok\n"
    )
    code, out, _ = run(capsys, "check", "--isolated", "--format", "concise", "digits.txt")
    assert code == 1
    assert [line.split(" ")[1] for line in out.splitlines()] == ["S408", "S407", "C202"]
    assert out.splitlines()[0].endswith(" is over 65535")


@pytest.mark.parametrize(
    ("digits", "limit", "value"),
    [
        ("0", 10, 0),
        ("00010", 10, 10),
        ("11", 10, 11),
        ("9" * 5000, 65535, 65536),
        ("65535", 65535, 65535),
        (b"123", 1000, 123),
    ],
)
def test_bounded_int(digits, limit, value):
    assert bounded_int(digits, limit) == value


def test_a_content_length_of_thousands_of_digits_loses_no_message(capsys, here):
    (here / "length.mbox").write_text(
        "From a@b Mon Jan  1 00:00:00 2001\nContent-Length: "
        + "9" * 5000
        + "\n\nsee http://example.com/\n\n"
        "From a@b Mon Jan  1 00:00:00 2001\n\nsee http://example.com/two\n"
    )
    assert run(capsys, "extract", "length.mbox") == (
        0,
        "http://example.com/\nhttp://example.com/two\n",
        "",
    )


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("pyproject.toml", b"[tool]\nurlint = 5\n", "'tool.urlint' must be a table"),
        (
            "urlint.toml",
            b'fail-on = ["error"]\n',
            "fail-on must be one of error, warning, info, not ['error']",
        ),
        (
            "urlint.toml",
            b'select = ["\xff"]\n',
            "invalid TOML: not UTF-8 (invalid start byte at byte 11)",
        ),
    ],
)
def test_a_configuration_error_exits_2_naming_the_file(capsys, here, name, content, message):
    (here / name).write_bytes(content)
    (here / "a.txt").write_text("see http://example.com/~x\n")
    code, out, err = run(capsys, "check", "a.txt")
    assert (code, out) == (2, "")
    assert err == f"urlint: {here / name}: {message}\n"


def test_a_nul_in_a_charset_label_loses_no_message(capsys, here):
    (here / "nul.eml").write_bytes(
        b'From: a@example.com\nContent-Type: text/plain; charset="utf-8\x00"\n\nsee http://example.com/~lost\n'
    )
    assert run(capsys, "extract", "nul.eml") == (
        0,
        "http://example.com/~lost\n",
        "urlint: nul.eml:4 (message 1): charset: unknown charset 'utf-8\\x00': read as utf-8\n",
    )


def test_a_fault_in_one_message_is_m902_and_the_next_messages_are_read(capsys, here, monkeypatch):
    from urlint.mail import message

    real = message.read_message

    def faulty(data, line, index):
        if b"~two" in data:
            raise KeyError("boom")
        return real(data, line, index)

    monkeypatch.setattr(message, "read_message", faulty)
    box = "".join(
        f"From a@b Mon Jan  1 00:00:00 2001\nSubject: {n}\n\nsee http://example.com/~{n}\n\n"
        for n in ("one", "two", "three")
    )
    (here / "a.mbox").write_text(box)
    code, out, err = run(capsys, "extract", "a.mbox")
    assert (code, out) == (2, "http://example.com/~one\nhttp://example.com/~three\n")
    assert err == (
        # which message: in its `mail` (a run placed by the writer moves it), not the reason
        "urlint: a.mbox:6 (message 2): cannot read: message not read: internal error: "
        "KeyError: 'boom' "
        "(set URLINT_DEBUG=1 for a traceback)\n"
    )
    monkeypatch.setenv("URLINT_DEBUG", "1")
    with pytest.raises(KeyError):
        run(capsys, "extract", "a.mbox")


def test_a_fault_in_one_rule_is_m902_for_that_url_and_the_rest_is_linted(capsys, here, monkeypatch):
    # The fault is put into a rule's check, which the rules engine calls through the rule
    # (a compiled build's modules call each other's functions directly: a patch of the
    # engine's own methods would not be seen there).
    from urlint.linter.rules.catalogue import rules_by_code

    rules = rules_by_code()
    real = rules["C201"]

    def faulty(subject):
        if "bad" in subject.candidate.url:
            raise ZeroDivisionError("division by zero")
        return real.check(subject)

    monkeypatch.setitem(rules, "C201", real._replace(check=faulty))
    (here / "a.txt").write_text("see http://bad.example/ and http://example.com/~ok\n")
    (here / "b.txt").write_text("see http://example.org/~b\n")
    code, out, _ = run(capsys, "check", "--isolated", "--format", "concise", "a.txt", "b.txt")
    assert (code, out) == (
        1,
        (
            "a.txt:1:5: M902 URL not linted: internal error: ZeroDivisionError: division by zero "
            "(set URLINT_DEBUG=1 for a traceback)\n"
            "a.txt:1:48: C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
            "b.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2"
            " (RFC 3986 allows it: --target rfc3986): write it as %7E\n"
        ),
    )


def test_a_fault_in_one_file_is_reported_and_the_next_file_is_read(capsys, here, monkeypatch):
    from urlint import pipeline

    real = pipeline.scan_texts

    def faulty(chunks, path="", near=True):
        for scanned in real(chunks, path, near=near):
            if "crash" in scanned.text:
                raise IndexError("list index out of range")
            yield scanned

    monkeypatch.setattr(pipeline, "scan_texts", faulty)
    (here / "a.txt").write_text("crash http://example.com/a\n")
    (here / "b.txt").write_text("see http://example.com/b\n")
    code, out, err = run(capsys, "extract", "a.txt", "b.txt")
    assert (code, out) == (2, "http://example.com/b\n")
    assert err == (
        "urlint: a.txt: cannot read: not read to its end: internal error: IndexError: list "
        "index out of range (set URLINT_DEBUG=1 for a traceback)\n"
    )


@pytest.mark.parametrize(
    ("separator", "name", "last"),
    [(b"\x01\x01\x01\x01\n", "big.mmdf", 1012), (b"\x1f", "big.babyl", 1014)],
)
def test_an_oversized_mmdf_or_babyl_message_loses_no_later_message(
    capsys, here, monkeypatch, separator, name, last
):
    # The same code as at 64 MB (mbox.MAX_MESSAGE_BYTES), at 4 KB.
    monkeypatch.setattr("urlint.mail.mbox.MAX_MESSAGE_BYTES", 4096)
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", 1024)

    def message(n: int, body: bytes) -> bytes:
        head = b"\x0c\n0, unseen,,\n" if separator == b"\x1f" else separator
        tail = b"" if separator == b"\x1f" else separator
        return head + b"From: a@example.com\nSubject: m%d\n\n" % n + body + tail

    options = b"BABYL OPTIONS: -*- rmail -*-\nVersion: 5\n\x1f" if separator == b"\x1f" else b""
    data = (
        options
        + message(1, b"see http://m1.example/\n")
        + (b"\x1f" if separator == b"\x1f" else b"")
    )
    data += message(2, b"see http://m2.example/\n" + b"filler text line\n" * 1000) + (
        b"\x1f" if separator == b"\x1f" else b""
    )
    data += message(3, b"see http://m3.example/\n")
    (here / name).write_bytes(data)
    code, out, err = run(capsys, "extract", name)
    # Exit 2: lines of the archive are not read (what the warning says).
    assert (code, out) == (2, "http://m1.example/\nhttp://m2.example/\nhttp://m3.example/\n")
    reason = (
        f"message 2 is longer than 4,096 bytes: lines 305 to {last} of it are not read; the "
        "messages after it are"
    )
    assert err == f"urlint: {name}:305: limit reached: {reason}\n"
    code, out, _ = run(capsys, "check", "--select", "M", "--format", "concise", name)
    assert (code, out) == (0, f"{name}:305:1: M906 {reason}\n")  # a warning


def test_base64_encodings_run_together_are_all_read(capsys, here):
    import base64

    body = (
        base64.b64encode(b"see http://one.example/ x")
        + b"\n"
        + base64.b64encode(b"and http://two.example/")
        + b"\n"
    )
    (here / "joined.eml").write_bytes(
        b"From: a@example.com\nContent-Transfer-Encoding: base64\n\n" + body
    )
    code, out, err = run(capsys, "extract", "joined.eml")
    assert (code, out) == (0, "http://one.example/\nhttp://two.example/\n")
    assert err == (
        "urlint: joined.eml:4 (message 1): damaged message: base64 body holds padding inside "
        "it (encodings run together); each piece decoded\n"
    )


def test_a_fifo_never_blocks_and_a_device_is_refused(capsys, here):
    import os

    os.mkfifo(here / "fifo")  # no writer: read as empty, at once
    (here / "a.txt").write_text("see http://example.com/\n")
    assert run(capsys, "extract", "fifo", "a.txt") == (0, "http://example.com/\n", "")
    code, out, err = run(capsys, "extract", "/dev/zero", "a.txt")
    assert (code, out, err) == (
        2,
        "http://example.com/\n",
        "urlint: /dev/zero: cannot read: a character device, not a file: not read\n",
    )
    code, out, _ = run(capsys, "check", "--isolated", "--format", "concise", "/dev/null")
    assert (code, out) == (
        1,
        "/dev/null:1:1: M902 cannot read: a character device, not a file: not read\n",
    )


def test_decompression_is_bounded_in_total_not_per_stream(capsys, here, monkeypatch):
    import gzip

    # The same code as at 64 MB and 200 times (archives.MIN_LIMIT_BYTES, MAX_RATIO), at 100 KB.
    monkeypatch.setattr("urlint.sources.archives.MIN_LIMIT_BYTES", 100_000)
    monkeypatch.setattr("urlint.sources.archives.MAX_RATIO", 2)
    member = gzip.compress(
        b"see http://example.com/~in\n" + b" " * 80_000
    )  # 80 KB each: within a per-stream limit
    with zipfile.ZipFile(here / "bomb.zip", "w") as archive:
        for n in range(4):
            archive.writestr(f"m{n}.txt.gz", member)
    (here / "after.txt").write_text("see http://example.com/~after\n")
    code, out, err = run(capsys, "extract", "bomb.zip", "after.txt")
    assert code == 2
    assert out == "http://example.com/~in\nhttp://example.com/~after\n"
    assert err == (
        "urlint: bomb.zip!m1.txt.gz: cannot read: gzip stream cannot be read to its end: "
        "decompressed past 100,000 bytes in all "
        "(2 times the input's size): a decompression bomb? The rest is not read\n"
        "urlint: bomb.zip: cannot read: m2.txt.gz and the members after it are not read: the "
        "input's decompression limit is spent\n"
    )


# An archive of five messages whose third is damaged, in every container: the other four's
# URLs all come out.
def _message(n: int, body: str = "", headers: str = "") -> bytes:
    return (
        f"From: a@example.com\nSubject: m{n}\n{headers}\n"
        + (body or f"see http://example.com/~m{n}\n")
    ).encode()


_NESTED = "".join(
    f"--B{i}\nContent-Type: multipart/mixed; boundary=B{i + 1}\n\n" for i in range(1000)
)
DAMAGE = {
    "header line that is no field": _message(3, headers="this is no header line\n"),
    "boundary never closed": _message(
        3,
        "--B\nContent-Type: text/plain\n\nsee http://example.com/~x3\n",
        "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n",
    ),
    "boundary never found": _message(
        3,
        "see http://example.com/~x3\n",
        "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n",
    ),
    "NUL bytes": _message(3, "see \x00\x00 http://example.com/~x3 \x00\n"),
    "truncated base64": _message(
        3, "c2VlIGh0dHA6Ly9leGFtcGxlLmNvbS9-eDM\n", "Content-Transfer-Encoding: base64\n"
    ),
    "bad quoted-printable": _message(
        3, "see =ZZ http://example.com/~x3 =\n=", "Content-Transfer-Encoding: quoted-printable\n"
    ),
    "unknown transfer encoding": _message(3, "", "Content-Transfer-Encoding: x-unknown\n"),
    "unknown charset": _message(3, "", "Content-Type: text/plain; charset=x-no-such\n"),
    "NUL in a charset label": _message(3, "", 'Content-Type: text/plain; charset="utf-8\x00"\n'),
    "charset idna with quoted-printable": _message(
        3,
        "",
        "Content-Type: text/plain; charset=idna\nContent-Transfer-Encoding: quoted-printable\n",
    ),
    "bad encoded word": _message(3, "", "Reply-To: =?utf-8?b?a?= <b@example.com>\n"),
    "huge header": _message(3, "", "X-Big: " + "x" * 2_000_000 + "\n"),
    "1,000-deep nesting": _message(
        3, _NESTED, "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B0\n"
    ),
    "header only": b"From: a@example.com\nSubject: m3\n",
    "bad uuencode": _message(3, "begin 644 x.txt\n#$%^&*\nend\n"),
    "binary": b"From: a@example.com\n\n" + bytes(range(256)) * 40,
    "Content-Length of 5000 digits": _message(3, "", "Content-Length: " + "9" * 5000 + "\n"),
    "empty": b"",
}


def _container(kind: str, messages: list[bytes], folder) -> str:
    import gzip

    if kind in ("mbox", "mbox.gz"):
        data = b"".join(b"From a@b Mon Jan  1 00:00:00 2001\n" + m + b"\n" for m in messages)
        if kind == "mbox.gz":
            (folder / "a.mbox.gz").write_bytes(gzip.compress(data))
            return "a.mbox.gz"
        (folder / "a.mbox").write_bytes(data)
        return "a.mbox"
    if kind == "mmdf":
        (folder / "a.mmdf").write_bytes(
            b"".join(b"\x01\x01\x01\x01\n" + m + b"\n\x01\x01\x01\x01\n" for m in messages)
        )
        return "a.mmdf"
    if kind == "babyl":
        records = b"".join(b"\x0c\n0, unseen,,\n" + m + b"\n\x1f" for m in messages)
        (folder / "a.babyl").write_bytes(
            b"BABYL OPTIONS: -*- rmail -*-\nVersion: 5\n\x1f" + records
        )
        return "a.babyl"
    if kind == "zip":
        with zipfile.ZipFile(folder / "a.zip", "w") as archive:
            for n, m in enumerate(messages, 1):
                archive.writestr(f"{n}.eml", m)
        return "a.zip"
    box = folder / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (box / sub).mkdir(parents=True)
    for n, m in enumerate(messages, 1):
        (box / "cur" / f"{n}.host:2,S").write_bytes(m)
    return "Maildir"


@pytest.mark.parametrize("container", ["mbox", "mbox.gz", "mmdf", "babyl", "zip", "maildir"])
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_third_message_loses_none_of_the_other_four(capsys, here, container, damage):
    messages = [_message(1), _message(2), DAMAGE[damage], _message(4), _message(5)]
    name = _container(container, messages, here)
    code, out, err = run(capsys, "extract", name)
    assert code in (0, 2)
    assert "Traceback" not in err and "internal error" not in err
    found = out.splitlines()
    assert [url for url in found if url.endswith(("~m1", "~m2", "~m4", "~m5"))] == [
        "http://example.com/~m1",
        "http://example.com/~m2",
        "http://example.com/~m4",
        "http://example.com/~m5",
    ]


def test_one_rule_lists_at_most_100_findings_in_one_url(capsys, here):
    """One finding a URL and a rule (linter.certainty.one_a_rule), holding at most 100
    places more: the rule stops listing them there."""
    (here / "a.txt").write_text("see http://x/" + "%" * 5000 + " ok\n")
    code, out, _ = run(capsys, "check", "--isolated", "--statistics", "a.txt")
    assert (code, out) == (1, "1  C206  invalid-escape [error]\n")
    _, out, _ = run(capsys, "check", "--isolated", "--format", "concise", "a.txt")
    assert out.splitlines()[-1] == (
        "a.txt:1:14: C206 '%' starts no escape (two hex digits must follow): a literal '%' is"
        " %25 (100 more in this URL)"
    )


def test_an_encoded_word_with_a_charset_name_no_codec_has(capsys, here):
    # Found by tests/acceptance/test_fuzz.py: email.errors.CharsetError, at output time.
    (here / "m.eml").write_bytes(
        b"From: =?\xc3\xa9utf-8?b?bWFsbW9ib3Jn?= <daemon@example.se>\n\nsee http://example.se/\n"
    )
    code, out, err = run(capsys, "extract", "--format", "jsonl", "m.eml")
    assert (code, err) == (0, "")
    assert (
        json.loads(out)["message"]["from"] == "=?\u00e9utf-8?b?bWFsbW9ib3Jn?= <daemon@example.se>"
    )


def test_a_run_without_whitespace_past_the_limit_is_read_in_pieces_and_reported(monkeypatch):
    # A line with no whitespace was once carried whole from chunk to chunk (memory was the
    # longest run). Past MAX_RUN it is cut, and the cut reported; what follows is read.
    import io

    from urlint import pipeline
    from urlint.pipeline import ScannedText, scan_texts
    from urlint.sources import text
    from urlint.sources.text import read_chunks

    monkeypatch.setattr(text, "MAX_RUN", 100_000)
    monkeypatch.setattr(pipeline, "MAX_RUN", 100_000)
    data = (
        b"see http://a.example/"
        + b"x" * 300_000
        + b" then http://b.example/\nnext http://c.example/\n"
    )
    urls, problems = [], []
    for item in scan_texts(read_chunks(io.BytesIO(data), chunk_bytes=4096), "long.txt"):
        if isinstance(item, ScannedText):
            urls.extend(candidate.url for candidate in item.candidates)
        else:
            problems.append(item)
    assert [url[:24] for url in urls] == [
        "http://a.example/xxxxxxx",
        "http://b.example/",
        "http://c.example/",
    ]
    assert 100_000 - 8192 < len(urls[0]) < 300_000  # cut, and not before the run was 100,000 long
    reason = (
        "a run of more than 100,000 bytes without whitespace is read in pieces: a URL across a "
        "cut is cut"
    )
    assert [(p.path, p.reason, p.kind, p.line) for p in problems] == [
        ("long.txt", reason, "limit", 1)
    ]


def test_a_long_line_with_whitespace_is_not_cut(monkeypatch):
    import io

    from urlint import pipeline
    from urlint.pipeline import scan_texts
    from urlint.sources import text
    from urlint.sources.text import read_chunks

    monkeypatch.setattr(text, "MAX_RUN", 100_000)
    monkeypatch.setattr(pipeline, "MAX_RUN", 100_000)
    words = b"".join(b"w%d http://h%d.example/ " % (i, i) for i in range(20_000))
    texts = scan_texts(read_chunks(io.BytesIO(b"first line\n" + words + b"\n"), chunk_bytes=4096))
    urls = [c.url for item in texts for c in item.candidates]  # no Problem: every item is a text
    assert urls == [f"http://h{i}.example/" for i in range(20_000)]


def test_a_text_part_is_read_up_to_the_memory_limit(capsys, here, monkeypatch):
    # A non-ASCII text may take four bytes a character once decoded: it is held to a
    # quarter of the limit, an ASCII one to all of it; past it, M906 and the start is read.
    monkeypatch.setattr("urlint.mail.mime.MAX_TEXT_BYTES", 4000)
    line = b"see http://x.example/a and\n"  # 27 bytes
    wide = "caf\u00e9 \U0001f600\n".encode() + line * 100
    narrow = b"cafe\n" + line * 100
    for name, body in (("wide.eml", wide), ("narrow.eml", narrow)):
        (here / name).write_bytes(
            b"From: a@example.com\nContent-Type: text/plain; charset=utf-8\n\n" + body
        )
    code, out, err = run(capsys, "extract", "wide.eml", "narrow.eml")
    assert (code, out) == (2, "http://x.example/a\n" * (36 + 100))
    assert err == (
        "urlint: wide.eml:4 (message 1): limit reached: a text part of 2,711 bytes: its first 37 "
        "lines are read, "
        "a decoded text is held in 4,000 bytes of memory at most (1,000 bytes of this one)\n"
    )


def test_a_base64_part_past_the_message_limit_is_reported_and_the_next_message_read(
    capsys, here, monkeypatch
):
    # Such a part was once cut silently (exit 0). The same code as at 64 MB, at 4 KB.
    import base64

    monkeypatch.setattr("urlint.mail.mbox.MAX_MESSAGE_BYTES", 4096)
    monkeypatch.setattr("urlint.mail.mbox.BLOCK_BYTES", 1024)
    big = base64.encodebytes(
        b"see http://m2.example/ " + b"x" * 100_000
    )  # past the 64 KB read first
    messages = [
        b"From: a@example.com\nSubject: m1\n\nsee http://m1.example/\n",
        b"From: a@example.com\nSubject: m2\nContent-Transfer-Encoding: base64\n\n" + big,
        b"From: a@example.com\nSubject: m3\n\nsee http://m3.example/\n",
    ]
    (here / "big.mbox").write_bytes(
        b"".join(b"From a@b Mon Jan  1 00:00:00 2001\n" + m + b"\n" for m in messages)
    )
    code, out, err = run(capsys, "extract", "big.mbox")
    assert (code, out) == (2, "http://m1.example/\nhttp://m2.example/\nhttp://m3.example/\n")
    assert err == (
        "urlint: big.mbox:7: limit reached: message 2 is longer than 4,096 bytes: its start is "
        "read as a message, the rest as plain text\n"
    )


def test_a_file_that_became_a_directory_is_said_to_be_one(here):
    # the walk found a file; by the time it is opened, a directory stands there
    from urlint.sources.opening import NotAFile, open_input

    (here / "was-a-file").mkdir()
    with pytest.raises(NotAFile, match="^a directory, not a file: not read$"):
        open_input(str(here / "was-a-file"))
