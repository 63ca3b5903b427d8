"""What a file or stream is, recognised by its content (and its name).

What a file or stream is, recognised by content (and name): a single message (.eml, a
netnews article), an mbox (mboxo, mboxrd, mboxcl, mboxcl2), MMDF or Babyl file (split into
messages by `mail.mbox`), a gzip, bzip2, xz or zstd stream, a zip or tar archive (opened by
`sources.archives`, nested as found by `sources.nested`), or plain text (`sniff`,
`misnamed`, `recognised`). Nothing is unpacked to disk and no archive is ever in memory
whole.

Maildir and MH folders need nothing here: their files are single messages, found by the
directory walk (sources.files) and recognised by content.
"""

from __future__ import annotations

import os
import re

from .._runtime.patterns import compiled_when_used
from ..core.problems import Problem, ProblemKind
from .opening import open_input
from .streams import peek

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO


MBOX, MMDF, BABYL, MESSAGE, TEXT = "mbox", "mmdf", "babyl", "message", "text"
GZIP, BZIP2, XZ, ZSTD, ZIP, TAR = "gzip", "bzip2", "xz", "zstd", "zip", "tar"
# What a compressed file's name ends with ("2001-March.txt.gz" holds "2001-March.txt").
COMPRESSED_SUFFIXES = {
    ".gz": GZIP,
    ".tgz": GZIP,
    ".bz2": BZIP2,
    ".tbz": BZIP2,
    ".tbz2": BZIP2,
    ".xz": XZ,
    ".txz": XZ,
    ".zst": ZSTD,
    ".tzst": ZSTD,
}
# The short names of compressed tars: "mail.tgz" holds "mail.tar".
_TAR_SHORTHANDS = (".tgz", ".tbz", ".tbz2", ".txz", ".tzst")
# Files whose lines are not the lines of any text urlint reads (compressed, zipped, tarred).
PACKED_SUFFIXES = (*COMPRESSED_SUFFIXES, ".zip", ".tar")
COMPRESSED = (GZIP, BZIP2, XZ, ZSTD)
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

# An mbox From_ line: "From " sender, then a date (asctime, RFC 5322 or Google Takeout's
# "+0000 2025" form): something with a time in it.
FROM_LINE = compiled_when_used(rb"From [^ \t\n]+[ \t]+[^\n]*?\d:\d\d")
# Netscape's and Mozilla's From_ line where they wrote no date: "From -", blanks at most
# after the dash (with a date, "From - Mon Jan  1 00:00:00 2001", it is a FROM_LINE). It
# opens an mbox where a mail header follows it (`sniff`: a text may open so), and mail.mbox
# starts a message at it as at a dated one. A sender alone with no date starts none there,
# and opens no mbox: the messages after the first would be read as its epilogue.
DATELESS_FROM_LINE = compiled_when_used(rb"From -[ \t]*(?=\r?\n)")
# RFC 2046 section 5.1.1: a boundary's characters (bchars, the space last), and the closing
# delimiter line that ends a multipart: "--", a boundary of 1 to 70 of them whose last is no
# space, "--", its line end; a line of dashes alone is taken for a rule, not for one.
# Netscape wrote an mbox's next From_ line right after it, with no blank line (mail.mbox).
BOUNDARY_CHARS = rb"0-9A-Za-z'()+_,\-./:=? "
LONGEST_CLOSE_DELIMITER = 74  # "--", 70 bchars, "--"; its line end not counted
LONGEST_BASE64_LINE = 76  # RFC 2045 section 6.8; Netscape wrote a From_ line after one too
CLOSE_DELIMITER_LINE = (
    rb"--(?!-+--\r?\n)[" + BOUNDARY_CHARS + rb"]{0,69}[" + BOUNDARY_CHARS[:-1] + rb"]--\r?\n"
)
# RFC 5322 section 2.2: a field name is printable ASCII but ":" (ftext = %d33-57 /
# %d59-126), then the colon (RFC 822's obsolete syntax allows blanks before it). Every reader
# of a header line builds on this one piece (mail.headers, mail.mime), and so does the
# header test that tells a message from text.
FIELD_NAME = rb"[!-9;-~]+[ \t]*:"
# A header's lines (RFC 5322 section 2.2): each a field, or the continuation of one (a
# folded line starts with a blank, section 2.2.3), up to a blank line. What tells a line
# that is neither, what starts a field, and the blank line after a line.
_FIELD = re.compile(FIELD_NAME)
_NOT_A_HEADER_LINE = re.compile(rb"\n(?![ \t]|" + FIELD_NAME + rb")")
_FIELD_NAMES = re.compile(rb"^" + FIELD_NAME, re.MULTILINE)
_BLANK_LINE_AFTER = re.compile(rb"\n\r*\n")
# Fields that say a header is a mail or news header, not a text that starts "Note: ..."
_MAIL_FIELDS = frozenset(
    b"""from to cc subject date message-id received return-path newsgroups path mime-version
    content-type delivered-to sender reply-to references in-reply-to x-mailer organization lines
    xref user-agent list-id precedence status approved distribution followup-to
    nntp-posting-host summary keywords x-newsreader article-i.d. envelope-to""".split()
)
# UTF-8's byte order mark, which an editor on Windows writes before an mbox's first From_
# line: the mbox is read past it.
UTF8_BOM = b"\xef\xbb\xbf"
UTF8_BOM_FROM = UTF8_BOM + b"From "
MESSAGE_SUFFIXES = (".eml", ".msg", ".mbox", ".mbx", ".news", ".art")
_BLANK_LINES = re.compile(rb"(?:[ \t]*\r?\n)+")


def sniff(name: str, head: bytes) -> str:
    """What a file is, from its first bytes (and, for a lone message, its name)."""
    if head.startswith(b"\x1f\x8b"):
        return GZIP
    if head.startswith(b"BZh") and head[3:4].isdigit():
        return BZIP2
    if head.startswith(b"\xfd7zXZ\x00"):
        return XZ
    if head.startswith(ZSTD_MAGIC) or _skippable_then_zstd(head):
        return ZSTD
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")) and name.lower().endswith(".zip"):
        return ZIP  # not .jar, .docx, .epub ...: those are documents, not mail archives
    if _is_tar(name, head):
        return TAR
    if head.startswith((b"\x01\x01\x01\x01\n", b"\x01\x01\x01\x01\r\n")):
        return MMDF
    if head.startswith(b"BABYL OPTIONS:"):
        return BABYL
    if head.startswith(UTF8_BOM_FROM):
        head = head[len(UTF8_BOM) :]  # an mbox an editor saved with a BOM (mail.mbox skips it)
    if head.startswith(b"From "):
        if FROM_LINE.match(head):
            return MBOX  # a From_ line with a date (RFC 4155): what no other text starts with
        if DATELESS_FROM_LINE.match(head) and _looks_like_header(head[head.find(b"\n") + 1 :], 2):
            return MBOX
    if _looks_like_header(
        head[leading_blank_lines(head) :], 1 if name.lower().endswith(MESSAGE_SUFFIXES) else 2
    ):
        return MESSAGE
    return TEXT


def _skippable_then_zstd(head: bytes) -> bool:
    """A zstd skippable frame (pzstd opens its files with one) and a zstd frame after it."""
    if len(head) < 8 or head[1:4] != b"\x2a\x4d\x18" or head[0] & 0xF0 != 0x50:
        return False
    after = 8 + int.from_bytes(head[4:8], "little")
    return head.startswith(ZSTD_MAGIC, after)


def _is_tar(name: str, head: bytes) -> bool:
    """A tar header block: POSIX and GNU tar write "ustar" at offset 257; an old (v7) tar,
    which has no such mark, and an empty one are taken for one by their name. The header's
    checksum must hold either way (a text about tar may hold "ustar" there)."""
    block = head[:512]
    if len(block) < 512:
        return False
    if block[257:262] != b"ustar":
        if not name.lower().endswith(".tar"):
            return False
        if not block.strip(b"\x00"):
            return True  # an empty archive: its end, two zero blocks, and nothing before
    try:
        stored = int(block[148:156].strip(b" \x00") or b"-1", 8)
    except ValueError:
        return False
    rest = block[:148] + block[156:]
    unsigned = 8 * 0x20 + sum(rest)  # the checksum field itself counts as eight spaces
    high = len(rest) - len(rest.translate(None, bytes(range(128, 256))))
    return stored in (unsigned, unsigned - 256 * high)  # some old tars summed signed bytes


def inner_name(name: str) -> str:
    """The name of what a compressed file holds.

    For sniff and misnamed: "2001-March.txt.gz" holds "2001-March.txt", "mail.tgz" holds
    "mail.tar"."""
    lowered = name.lower()
    for suffix in COMPRESSED_SUFFIXES:
        if lowered.endswith(suffix):
            return name[: -len(suffix)] + (".tar" if suffix in _TAR_SHORTHANDS else "")
    return name


def leading_blank_lines(data: bytes) -> int:
    """How many bytes of blank or whitespace-only lines open `data`.

    A message saved with them before its header is still a message (mail clients and
    `mailbox` skip them)."""
    match = _BLANK_LINES.match(data)
    return match.end() if match else 0


# What a file's name says it is, where its content can say otherwise.
_CLAIMS = {**COMPRESSED_SUFFIXES, ".zip": ZIP, ".tar": TAR}


def misnamed(name: str, kind: str) -> str | None:
    """Why a file is not read as what its name says it is, or None.

    A message, archive or compressed file read as plain text is news (nothing in it is
    decoded), never a silent result."""
    lowered = name.lower()
    if kind == TEXT and lowered.endswith(MESSAGE_SUFFIXES):
        return "named as a message, but it opens with no mail header: read as plain text"
    for suffix, claimed in _CLAIMS.items():
        if lowered.endswith(suffix) and kind != claimed:
            return (
                f"named as {claimed}, but it is not: read as "
                f"{'plain text' if kind == TEXT else 'what it is'}"
            )
    return None


def _looks_like_header(head: bytes, known_needed: int) -> bool:
    """Does `head` open with a header block holding `known_needed` mail or news fields,
    every line a field or a continuation, up to a blank line (or the end of `head`, whose
    last line, cut short, is not judged)? Judged by looking at each line's start, never at
    the rest of it: every file of a Maildir is asked this."""
    blank = _BLANK_LINE_AFTER.search(head)
    if blank is not None:
        stop = blank.start()  # the end of the header's last line
    else:
        stop = head.rfind(b"\n")  # the last line is cut short: not judged
        if stop < 0:
            stop = len(head)  # one line, unended: judged as it is
    if _FIELD.match(head, 0, stop) is None or _NOT_A_HEADER_LINE.search(head, 0, stop):
        return False
    known = 0
    for field in _FIELD_NAMES.finditer(head, 0, stop):
        if field[0][:-1].rstrip().lower() in _MAIL_FIELDS:
            known += 1
            if known >= known_needed:
                return True
    return False


# Names read as running text for certain, told without importing scanner.syntax: a
# pre-commit hook's run on a README.txt imports nothing it does not use.
_TEXT_NAMES = (".txt", ".text", ".log", ".eml", ".mbox", "-")


def file_syntax(path: str) -> str:
    """The syntax a file named `path` is read in (scanner.syntax.syntax_of): "text" for
    standard input and the names above, without looking further. A regular file whose name
    has no extension is read in the language its interpreter line names, if it has one
    (`#!/bin/sh`: shell; `#!/usr/bin/perl`: a kind not read, scanner.syntax.syntax_of_script):
    scripts in bin/ and test/ are often named so. A compressed file's syntax is that of the
    name it holds (`notes.txt.gz`: text)."""
    if not path or path.lower().endswith(_TEXT_NAMES):
        return "text"
    # The first line is read before the scanner's tables are asked: the name's answer
    # (syntax_of) and the line's (syntax_of_script) are both pure.
    head = b"" if _has_extension(path) else _first_line(path)
    from ..scanner.syntax import Syntax, syntax_of, syntax_of_script

    syntax = syntax_of(inner_name(path))  # a compressed file is read as what it holds
    if syntax is Syntax.TEXT and head:
        if _JSON_START.match(head):  # a fixture, a generated dashboard: JSON, named so
            return Syntax.JSON
        return syntax_of_script(head) or syntax
    return syntax


# What a JSON text without an extension opens with: an object or an array, then a member's
# name, a value's opening, or the line's end (RFC 8259 section 2). No prose does.
_JSON_START = re.compile(rb'[ \t\r\n]*[\[{][ \t\r]*(?:["{\[]|\n|\Z)')


def _has_extension(path: str) -> bool:
    """Does the last component of `path` have an extension (a dot after its first
    character)? A name without one may be a script's, which says its language on its
    first line."""
    base = path.replace("\\", "/").rsplit("/", 1)[-1].rsplit("!", 1)[-1]
    return base.rfind(".") > 0


# An interpreter line is short: Linux reads at most 256 bytes of it (BINPRM_BUF_SIZE).
_INTERPRETER_LINE = 256


def _first_line(path: str) -> bytes:
    """The first bytes of the regular file at `path`; b"" for anything else (an archive
    member's name, a FIFO that must not be read twice, a file that cannot be opened)."""
    try:
        if not os.path.isfile(path):
            return b""
        with open(path, "rb") as handle:
            return handle.read(_INTERPRETER_LINE)
    except OSError:
        return b""


# What urlint writes, told by what it writes first: a run never lints, in a walk, the
# files an earlier run wrote in the tree (a baseline would report every URL it keeps, the
# masked passwords among them; a report, each finding again). Each entry: the opening its
# writer writes to the byte (and as Windows' text mode writes it, "\r\n"), what the file
# is, and, where the opening goes on with values, the pattern what follows must match.
# tests/sources/test_kinds.py writes each with urlint and reads it here. The table is made
# for the first file that opens with one of these bytes (a hook's README never does).
_FIRST_BYTES = frozenset(b"{[<uc")  # as bytes' items are: their ordinals
_OWN: tuple[tuple[bytes, ...], dict[bytes, tuple[re.Pattern[bytes] | None, str]]] | None = None


def _own_files() -> tuple[tuple[bytes, ...], dict[bytes, tuple[re.Pattern[bytes] | None, str]]]:
    """The openings of what urlint writes, and for each what follows and what it is."""
    global _OWN
    if _OWN is None:
        string = rb'"(?:[^"\\\r\n]|\\.)*"'
        where = (  # a finding's or a URL's place: check's and extract's json and jsonl
            string + rb',\s*"line": \d+,\s*"column": \d+,\s*"end_line": \d+,\s*'
            rb'"end_column": \d+,\s*(?:"code": "[A-Z]\d{3}",\s*"name": "[a-z0-9-]*",\s*'
            rb'"severity": "|"url": ")'
        )
        found = (where, "a report of urlint check or extract")
        table = "a table of urlint report"
        row = rb'"[A-Z]\d{3}", "name": "[a-z0-9-]*", "severity": "[a-z]+", "url": '
        written: dict[bytes, tuple[bytes | None, str]] = {
            b'{\n "urlint_baseline": ': (rb"\d", "a urlint baseline"),
            b'{"urlint_baseline": ': (rb"\d", "a urlint baseline"),
            (
                b'{\n "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/'
                b'schemas/sarif-schema-2.1.0.json",\n "version": "2.1.0",\n "runs": [\n  {\n'
                b'   "tool": {\n    "driver": {\n     "name": "urlint",'
            ): (None, "a SARIF report of urlint check"),
            b'[\n {\n  "path": ': found,
            b'{"path": ': found,
            b'<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="urlint" ': (
                None, "a JUnit report of urlint check"
            ),
            b'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n': (
                rb'(?:<meta [^>\r\n]*>\r?\n){0,4}<meta name="generator" content="urlint ',
                "a page of urlint report --html",
            ),
            # the tables that hold URLs (census, findings), as csv, json and jsonl; the census
            # as a store of schema version 3 or older wrote it too
            b"url,scheme,host,count,messages,in_headers,first_seen,last_seen,": (None, table),
            b"url,scheme,host,count,messages,first_seen,last_seen,path,": (None, table),
            b"code,name,severity,url,date,sender,path,": (None, table),
            b'[\n{"url": ': (string + rb', "scheme": ', table),
            b'{"url": ': (string + rb', "scheme": ', table),
            b'[\n{"code": ': (row, table),
            b'{"code": ': (row, table),
        }  # fmt: skip
        written.update({key.replace(b"\n", b"\r\n"): told for key, told in written.items()})
        # each pattern compiled for the first file whose opening goes on with it
        _OWN = (
            tuple(written),
            {
                opening: (None if follows is None else compiled_when_used(follows), what)
                for opening, (follows, what) in written.items()
            },
        )
    return _OWN


def urlint_wrote(head: bytes) -> str | None:
    """What urlint output a file that opens with `head` is (a baseline, a report, a table),
    or None for any other file.

    One look at the bytes the first read has: most files differ from every opening in their
    first byte, and the table is made only for a file that opens as one does."""
    if not head or head[0] not in _FIRST_BYTES:
        return None
    openings, written = _own_files()
    if not head.startswith(openings):
        return None
    for opening, (follows, what) in written.items():
        if head.startswith(opening):
            if follows is None or follows.match(head, len(opening)):
                return what
    return None


def recognised(path: str, stream: BinaryIO, name: str) -> tuple[list[Problem], BinaryIO, str]:
    """What a stream holds, the problem of a name that says otherwise, and the stream.

    What a stream holds (`sniff`; `name` says what it should hold: the input's own path, an
    archive member's, or what a compressed file's name says it holds), with the problem of a
    name that says otherwise, and a stream that still yields its first bytes."""
    head, stream = peek(stream)
    kind = sniff(name, head)
    reason = misnamed(name, kind)
    return ([] if reason is None else [Problem(ProblemKind.MISNAMED, reason, path)]), stream, kind


def file_kind(path: str) -> str:
    """What the file at `path` is (`sniff`). Raises OSError."""
    with open_input(path) as stream:
        head, _ = peek(stream)
        return sniff(path, head)
