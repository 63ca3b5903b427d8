"""Fuzzing as a habit: mutated real text and mail, and generated mail, through the scanner,
the grammar, the rules, the mail reader and the CLI. No input may raise, print a traceback
or an internal error, or end with an exit status other than 0, 1 or 2.

CI runs a few hundred examples of each target. A long run, of 100,000 inputs
or more:

    URLINT_FUZZ_EXAMPLES=50000 python -m pytest tests/acceptance/test_fuzz.py -p no:cacheprovider

Mutated inputs are cut from ../shared/corpora when it is present (every file type there:
RFCs, drafts, list mail in Maildir and gzipped mbox, MIME test mail, netnews), else from
our own corpora/.
"""

from __future__ import annotations

import gzip
import io
import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.api import lint
from urlint.commands.cli import main
from urlint.grammar.parse import parse
from urlint.mail.message import read_message

from ..helpers import CORPORA, REPO, examples

EXAMPLES = int(os.environ.get("URLINT_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
SAMPLE_BYTES = 6000


def _seed_files() -> list[Path]:
    roots = [CORPORA] if CORPORA.is_dir() else [REPO / "corpora"]
    files = sorted(
        p for root in roots for p in root.rglob("*") if p.is_file() and p.stat().st_size > 0
    )
    # A spread over every corpus, not all the files of the largest.
    return files[:: max(1, len(files) // 400)]


SEEDS = _seed_files()
TROUBLE = "<>\"'()[]{}:/?#@%=;&~|\\^`\t\n\r\x0c\x00\x1b-. URL:http://ftp://mailto:news:=?utf-8?b?=\u00e9\u2028\ufeff"


@st.composite
def mutated(draw) -> bytes:
    """A piece of a real file, gunzipped where it is gzip, with a few edits."""
    path = draw(st.sampled_from(SEEDS))
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(data)).read(200_000)
        except (OSError, EOFError):
            pass
    start = draw(st.integers(0, max(0, len(data) - 1)))
    if draw(st.booleans()):
        start = 0  # the start of a file: headers, From_ lines, BOMs
    data = bytearray(data[start : start + SAMPLE_BYTES])
    for _ in range(draw(st.integers(0, 8))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.sampled_from(["flip", "insert", "delete", "repeat"]))
        if edit == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif edit == "insert":
            data[at:at] = draw(st.text(alphabet=TROUBLE, max_size=12)).encode("utf-8")
        elif edit == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        else:
            data[at:at] = data[at : at + draw(st.integers(1, 200))] * draw(st.integers(1, 5))
    return bytes(data)


_WORDS = st.text(alphabet=TROUBLE + "abcxyz019", max_size=30)
_TYPES = st.sampled_from(
    [
        "text/plain",
        "text/html",
        "multipart/mixed",
        "multipart/alternative",
        "message/rfc822",
        "application/octet-stream",
        "text/x-weird",
        "multipart/digest",
        "",
    ]
)
_ENCODINGS = st.sampled_from(
    ["", "7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "binary", "BASE64", "nonsense"]
)
_CHARSETS = st.sampled_from(
    [
        "",
        "utf-8",
        "us-ascii",
        "iso-8859-1",
        "windows-1252",
        "utf-16",
        "idna",
        "x-unknown",
        "utf-8\x00",
        "gb2312",
        "iso-2022-jp",
        "=",
    ]
)


@st.composite
def entity(draw, depth: int = 0) -> str:
    ctype = draw(_TYPES)
    boundary = draw(st.sampled_from(["B", "=_b", "", "a b", "--"]))
    lines = [
        f'Content-Type: {ctype}; charset="{draw(_CHARSETS)}"; boundary="{boundary}"; '
        "format=flowed; delsp=yes"
    ]
    lines.append(f"Content-Transfer-Encoding: {draw(_ENCODINGS)}")
    lines.extend(
        f"X-{draw(st.sampled_from(['URL', 'Note', 'List-Archive']))}: {draw(_WORDS)}"
        for _ in range(draw(st.integers(0, 2)))
    )
    if ctype.startswith("multipart/") and depth < 3:
        parts = [draw(entity(depth + 1)) for _ in range(draw(st.integers(0, 3)))]
        body = "".join(f"--{boundary}\n{part}\n" for part in parts) + draw(
            st.sampled_from([f"--{boundary}--\n", ""])
        )
    elif ctype == "message/rfc822" and depth < 3:
        body = "From: b@example.com\n" + draw(entity(depth + 1))
    else:
        body = (
            draw(_WORDS)
            + " http://example.com/"
            + draw(_WORDS)
            + "\n"
            + draw(_WORDS)
            + "=\n=4"
            + draw(_WORDS)
            + "\n"
        )
    return "\n".join(lines) + "\n\n" + body


@st.composite
def generated_mail(draw) -> bytes:
    head = (
        f"From: {draw(_WORDS)} <a@example.com>\nSubject: {draw(_WORDS)}\nMessage-ID: "
        f"<{draw(_WORDS)}>\nMIME-Version: 1.0\n"
    )
    return (head + draw(entity())).encode("utf-8", "surrogatepass")


def _run(*argv: str) -> tuple[int, str]:
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(list(argv))
    finally:
        sys.stdout, sys.stderr = saved
    return code, err.getvalue()


def _through_the_cli(data: bytes, name: str) -> None:
    start = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path(name).write_bytes(data)
            for argv in (
                ("extract", "--format", "jsonl", name),
                ("check", "--isolated", "--select", "ALL", "--format", "full", name),
                ("check", "--isolated", "--select", "ALL", "--diff", name),
            ):
                code, err = _run(*argv)
                assert code in (0, 1, 2), (argv, code)
                assert "Traceback" not in err and "internal error" not in err, (argv, err)
        finally:
            os.chdir(start)


@pytest.mark.slow  # each example runs the whole command
@FUZZ
@given(mutated(), st.sampled_from(["input", "input.eml", "input.txt"]))
def test_mutated_real_input_through_the_cli(data, name):
    _through_the_cli(data, name)


@pytest.mark.slow  # each example runs the whole command
@FUZZ
@given(generated_mail())
def test_generated_mail_through_the_reader_and_the_cli(data):
    reader = read_message(data, 1, 1)
    for text in reader.texts:
        assert isinstance(text.text, str)
    _through_the_cli(data, "m.eml")


@settings(FUZZ, max_examples=examples(EXAMPLES))
@given(st.text(alphabet=TROUBLE + "abc019", max_size=300))
def test_any_text_through_the_scanner_grammar_and_rules(text):
    for finding in lint(text, select=["ALL"]):
        assert finding.line >= 1 and finding.column >= 1
    for word in text.split():
        parse(word)
