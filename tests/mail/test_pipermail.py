"""A pipermail archive's `mailto:user at host` read as the address it stood for (mail.pipermail).

Only in a message pipermail wrote (its From_ line and From: field both obscured, or its
placeholder for no sender): the same text anywhere else is read as it is written."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from urlint.commands.cli import main
from urlint.mail.origin import Envelope
from urlint.mail.pipermail import is_obscured

from ..mail_helpers import extract_jsonl
from ..pipermail_archive import MARCH, write_archive


def _spots(records: list[dict]) -> list[tuple]:
    return [
        (
            r["path"].rsplit("/", 1)[1],
            r["line"],
            r["column"],
            r["end_column"],
            r["url"],
            r["flags"],
            r["wrapper"],
        )
        for r in records
    ]


def test_an_archive_s_addresses_are_read_as_the_addresses_they_stood_for(capsys, tmp_path):
    archive = write_archive(tmp_path)
    code, records, err = extract_jsonl(capsys, str(archive))
    assert (code, err) == (0, "")
    address = ["pipermail-address"]
    assert _spots(records) == [
        ("2010-April.txt", 7, 34, 60, "mailto:quozl@laptop.org", address, None),
        ("2010-April.txt", 8, 5, 36, "http://build.example.org/devel/", [], None),
        ("2010-April.txt", 16, 5, 41, "http://build.example.org:8080/devel/", [], None),
        ("2010-April.txt", 22, 1, 40, "http://lists.example.org/listinfo/devel", [], None),
        ("2010-March.txt", 7, 19, 50, "http://build.example.org/devel/", [], None),
        ("2010-March.txt", 8, 1, 27, "mailto:quozl@laptop.org", address, None),
        ("2010-March.txt", 8, 35, 60, "mailto:esr@thyrsus.com", address, "angle"),
        ("2010-March.txt", 17, 1, 40, "http://lists.example.org/listinfo/devel", [], None),
        ("2010-March.txt", 26, 5, 36, "HTTP://Build.Example.org/devel/", [], None),
        ("2010-March.txt", 26, 64, 80, "tel:+15413828588", [], "angle"),
        (
            "2010-March.txt",
            27,
            14,
            75,
            "mailto:devel-request@lists.example.org?subject=unsubscribe",
            address,
            None,
        ),
        ("2010-March.txt", 32, 1, 40, "http://lists.example.org/listinfo/devel", [], None),
    ]


def test_the_same_text_in_a_mailbox_a_client_wrote_is_read_as_written(capsys, tmp_path):
    box = tmp_path / "box.mbox"
    box.write_text(
        MARCH.replace(
            "From: quozl at laptop.org (James Cameron)", "From: James Cameron <quozl@laptop.org>"
        ),
        encoding="ascii",
    )
    code, records, _ = extract_jsonl(capsys, str(box))
    assert code == 0
    mailtos = [(r["url"], r["flags"]) for r in records if r["url"].startswith("mailto:")]
    assert mailtos == [  # the first message a client's; the second still pipermail's
        ("mailto:quozl", []),
        ("mailto:esratthyrsus.com", ["inner-whitespace"]),
        ("mailto:devel-request@lists.example.org?subject=unsubscribe", ["pipermail-address"]),
    ]


def test_plain_text_is_never_read_so(capsys, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text(
        "mailto:quozl at laptop.org and <mailto:esr at thyrsus.com>\n", encoding="ascii"
    )
    code, records, _ = extract_jsonl(capsys, str(text))
    assert code == 0
    assert [(r["url"], r["flags"]) for r in records] == [
        ("mailto:quozl", []),
        ("mailto:esratthyrsus.com", ["inner-whitespace"]),
    ]


def test_what_is_no_host_after_at_is_left_as_written(capsys, tmp_path):
    box = tmp_path / "2010-May.txt"
    box.write_text(
        MARCH.split("\n\n", 1)[0]
        + "\n\nmailto:nobody at home, mailto:x@y.org at z.org, <mailto:a at b~c.org>\n",
        encoding="ascii",
    )
    code, records, _ = extract_jsonl(capsys, str(box))
    assert code == 0
    assert [(r["url"], r["flags"]) for r in records] == [
        ("mailto:nobody", []),
        ("mailto:x@y.org", []),
        ("mailto:aatb~c.org", ["inner-whitespace"]),
    ]


def test_a_finding_on_such_an_address_says_how_it_was_read(capsys, tmp_path):
    box = tmp_path / "2010-May.txt"
    box.write_text(
        MARCH.split("\n\n", 1)[0] + "\n\nWrite to mailto:jim~c at laptop.org today.\n",
        encoding="ascii",
    )
    code = main(["check", "--format", "jsonl", str(box)])
    (finding,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0  # a warning: check fails on errors
    assert (finding["code"], finding["url"], finding["line"], finding["column"]) == (
        "C202",
        "mailto:jim~c@laptop.org",
        7,
        20,
    )
    assert finding["message"] == (
        "unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): "
        "write it as %7E (read as an address the archive wrote `user at host`)"
    )


def _envelope(header: str) -> Envelope:
    return Envelope(header.encode(), 1, 1)


def test_pipermail_is_told_by_its_from_line_and_from_field_together():
    line = "From quozl at laptop.org  Tue Mar  2 01:02:03 2010\n"
    assert is_obscured(_envelope(line + "From: quozl at laptop.org (James Cameron)\n"))
    assert is_obscured(_envelope(line + "From: quozl at laptop.org\n"))
    assert not is_obscured(_envelope(line + "From: esr at thyrsus.com (Eric)\n"))
    assert not is_obscured(_envelope(line + "From: James Cameron <quozl@laptop.org>\n"))
    assert not is_obscured(_envelope(line + "Subject: none\n"))
    client = "From quozl@laptop.org  Tue Mar  2 01:02:03 2010\n"
    assert not is_obscured(_envelope(client + "From: quozl at laptop.org (James)\n"))
    no_sender = "From bogus@does.not.exist.com  Thu Apr  1 09:00:00 2010\n"
    assert is_obscured(_envelope(no_sender + "From: bogus@does.not.exist.com ()\n"))
    assert not is_obscured(_envelope(no_sender + "From: quozl@laptop.org\n"))


_LOCAL = st.from_regex(r"[a-z][a-z0-9._-]{0,15}", fullmatch=True).filter(
    lambda local: not local.endswith((".", "-", "_"))
)
_HOST = st.from_regex(r"[a-z][a-z0-9]{0,10}(\.[a-z][a-z0-9]{0,10}){1,3}", fullmatch=True)


@given(local=_LOCAL, host=_HOST, wrapped=st.booleans())
def test_any_obscured_address_reads_back_whole(local, host, wrapped):
    from urlint.mail.message import read_message
    from urlint.mail.reported import message_texts

    written = f"mailto:{local} at {host}"
    body = f"<{written}>" if wrapped else f"Mail {written} now."
    data = (
        f"From {local} at {host}  Tue Mar  2 01:02:03 2010\nFrom: {local} at {host} (A)\n\n{body}\n"
    ).encode()
    read = [
        (scanned.text, list(scanned.candidates))  # each text's URLs found as it is read
        for scanned in message_texts(read_message(data, 1, 1), "2010-March.txt")
    ]
    ((text, (candidate,)),) = read
    assert candidate.url == f"mailto:{local}@{host}"
    assert [flag.value for flag in candidate.flags] == ["pipermail-address"]
    start, end = candidate.span.start.offset, candidate.span.end.offset
    assert text[start:end] == written
