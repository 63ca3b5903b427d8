"""Helpers for the mail tests.

The MIME sample and what it gives, URLs found in files, extract's jsonl records, mboxes
built from messages."""

from __future__ import annotations

import json
from pathlib import Path

from urlint.commands.cli import main
from urlint.pipeline import Found, scan_paths

from .helpers import REPO

MIME = REPO / "corpora" / "mime.eml"
MIME_URLS = [
    "http://www.example.org/mirrors/",
    "mailto:tools-users@example.org",
    "http://lists.example.org/archive/tools-users/",
    "http://lists.example.org/options/tools-users",
    "mailto:tools-users-request@example.org?subject=unsubscribe",
    "http://lists.example.org/archive/tools-users/",
    "http://lists.example.org/cgi-bin/search?db=tools&q=mirrors&max=50",
    "http://www.example.org/documentation/manual/chapter-one.html",
    "ftp://ftp.example.org/pub/tools/README",
    "http://www.example.org/old/?lang=en&page=2",
    "http://www.example.org/faq/index.html",
    "ftp://ftp.example.net/pub/faq/",
    "http://www.example.net/notes/1.0.html",
]


def found(*paths: str | Path) -> list[Found]:
    return [item for item in scan_paths([str(p) for p in paths]) if isinstance(item, Found)]


def file_urls(*paths: str | Path) -> list[str]:
    """The URLs found in files, in order (helpers.urls finds them in a text)."""
    return [item.candidate.url for item in found(*paths)]


def extract_jsonl(capsys, *argv: str) -> tuple[int, list[dict], str]:
    code = main(["extract", "--format", "jsonl", *argv])
    captured = capsys.readouterr()
    return code, [json.loads(line) for line in captured.out.splitlines()], captured.err


def mbox_of(*messages: bytes) -> bytes:
    """An mboxrd: From_ lines, body lines matching ^>*From quoted one more level."""
    out = []
    for message in messages:
        quoted = b"\n".join(
            b">" + line if line.lstrip(b">").startswith(b"From ") else line
            for line in message.split(b"\n")
        )
        out.append(
            b"From sender@example.org Thu Mar  1 03:00:13 2001\n" + quoted.rstrip(b"\n") + b"\n\n"
        )
    return b"".join(out)
