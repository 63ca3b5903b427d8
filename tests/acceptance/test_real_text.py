"""Acceptance on real text: RFC 1738 itself, Internet-Drafts, newsletters and netnews.

The corpora live in ../shared/corpora (third-party text, never copied here); every test
skips when they are absent.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from urlint import Flag, Wrapper, extract, scan

from ..helpers import CORPORA, read_text, shared_path

pytestmark = pytest.mark.corpus  # every test here reads ../shared (skipped when absent)

RFC1738_WRAPPED_ACROSS_LINES = [
    # the appendix's examples
    "ftp://info.cern.ch/pub/www/doc;type=d",
    "ftp://ds.internic.net/rfc",
    "http://ds.internic.net/instructions/overview.html#WARNING",
    # the references broken across lines
    "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
    "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
    "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
]

RFC1738_ALL_WRAPPED = [
    "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
    "ftp://@host.com/",
    "ftp://host.com/",
    "ftp://foo:@host.com/",
    "ftp://myname@host.dom/%2Fetc/motd",
    "ftp://myname@host.dom/etc/motd",
    "ftp://myname@host.dom//etc/motd",
    "news:*",
    "file://vms.host.edu/disk$user/my/notes/note12345.txt",
    "prospero://host.dom//pros/name",
    *RFC1738_WRAPPED_ACROSS_LINES[:3],
    "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
    RFC1738_WRAPPED_ACROSS_LINES[3],
    "ftp://ds.internic.net/rfc/rfc1630.txt",
    "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
    "ftp://ds.internic.net/rfc/rfc1123.txt",
    "ftp://ds.internic.net/rfc/rfc822.txt",
    "ftp://quake.think.com/pub/wais/doc/protspec.txt",
    "ftp://ds.internic.net/rfc/rfc1036.txt",
    "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
    "ftp://ds.internic.net/rfc/rfc977.txt",
    RFC1738_WRAPPED_ACROSS_LINES[4],
    "ftp://ds.internic.net/rfc/rfc1034.txt",
    RFC1738_WRAPPED_ACROSS_LINES[5],
    "ftp://ds.internic.net/rfc/rfc959.txt",
    "ftp://ds.internic.net/rfc/rfc1737.txt",
    "ftp://ds.internic.net/rfc/rfc1625.txt",
    "ftp://uu.psi.com/wp/nir.txt",
]


def test_rfc1738_original_layout():
    text = read_text(shared_path("corpora", "rfc-1994-2005", "rfc1738.txt"))
    found = extract(text)
    assert [c.url for c in found if c.wrapper] == RFC1738_ALL_WRAPPED
    spanning = [c for c in found if c.end_line > c.line]
    assert [c.url for c in spanning] == RFC1738_WRAPPED_ACROSS_LINES
    assert all(c.flags == {Flag.LINE_BREAK} and c.wrapper is Wrapper.URL for c in spanning)
    assert [(c.line, c.end_line) for c in spanning] == [
        (1222, 1223),
        (1223, 1224),
        (1224, 1225),
        (1251, 1252),
        (1306, 1307),
        (1316, 1317),
    ]


def test_rfc1738_with_lines_collapsed_to_spaces():
    text = read_text(shared_path("spec", "rfc1738.txt"))
    assert [c.url for c in extract(text) if c.wrapper] == RFC1738_ALL_WRAPPED


def test_october_1993_draft_breaks_a_url_across_its_own_running_header():
    text = read_text(shared_path("spec", "draft-url-1993-10.txt"))
    boombox = [c for c in extract(text) if "boombox" in c.url]
    assert [(c.url, c.line, c.end_line) for c in boombox] == [
        ("ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", 903, 906)
    ]
    assert boombox[0].flags == {Flag.LINE_BREAK, Flag.PAGE_BREAK}


def test_internet_draft_page_break_inside_a_wrapper():
    path = shared_path("corpora", "internet-drafts-1994-2005", "draft-burdis-cat-srp-sasl-08.txt")
    found = [c for c in extract(read_text(path)) if "rfc2440" in c.url]
    assert [(c.url, c.line, c.end_line) for c in found] == [
        ("http://www.ietf.org/rfc/rfc2440.txt", 2460, 2469)
    ]
    assert found[0].flags == {Flag.LINE_BREAK, Flag.PAGE_BREAK}


# --- every wrapper that spans lines, in every file of the text corpora --------------------

TEXT_CORPORA = [
    "rfc-1994-2005",
    "internet-drafts-1994-2005",
    "docs-gutenberg-newsletters-1989-2005",
    "netnews-20newsgroups-bydate-1993",
    "netnews-inn-test-articles",
    "netnews-jargon-file",
]

# An independent, naive reading of the appendix: "<" + optional "URL:" + a scheme the RFCs
# name + ":" ... up to the first ">", with every whitespace character removed.
ORACLE = re.compile(
    r"<(?P<prefix>[ \t]*URL:)?[ "
    r"\t]*(?P<scheme>(?:https?|ftp|gopher|mailto|news|nntp|telnet|wais|file|prospero)"
    r"):[^<>\"]{0,2000}?>",
    re.IGNORECASE,
)


def corpus_files() -> list[Path]:
    files = []
    for name in TEXT_CORPORA:
        folder = CORPORA / name
        if folder.is_dir():
            files += sorted(
                p
                for p in folder.rglob("*")
                if p.is_file() and p.suffix not in {".md", ".tsv", ".gz"}
            )
    return files


def position(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def test_every_wrapper_spanning_lines_is_rejoined():
    files = corpus_files()
    if not files:
        pytest.skip("text corpora not present")
    checked, problems = 0, []
    for path in files:
        text = read_text(path)
        ours = {
            (c.wrapper_span.start.line, c.wrapper_span.start.column): c
            for c in scan(text)
            if c.wrapper_span
        }
        for match in ORACLE.finditer(text):
            if "\n" not in match.group():
                continue
            checked += 1
            inner = match.group()[1:-1]
            if match.group("prefix"):
                inner = inner.split(":", 1)[1]
            lines = [re.sub(r"\s+", "", line) for line in inner.split("\n")]
            candidate = ours.get(position(text, match.start()))
            if candidate is None:
                problems.append(
                    f"{path}:{position(text, match.start())}: missed {''.join(lines)!r}"
                )
                continue
            if Flag.PAGE_BREAK in candidate.flags:
                expected = lines[0] + lines[-1]  # the furniture between is no part of the URL
            else:
                expected = "".join(lines)
            end = position(text, match.end())
            got_end = (candidate.wrapper_span.end.line, candidate.wrapper_span.end.column)
            if candidate.url != expected or got_end != end:
                problems.append(
                    f"{path}: {candidate.url!r} ended at {got_end}, expected {expected!r} at {end}"
                )
    assert problems == []
    if any((CORPORA / "rfc-1994-2005").glob("rfc1738.txt")):
        assert checked >= 6


def test_nothing_outside_a_wrapper_is_glued_on():
    files = corpus_files()
    if not files:
        pytest.skip("text corpora not present")
    glued = []
    for path in files:
        text = read_text(path)
        line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

        def offset(pos, line_starts=line_starts) -> int:  # bound now: the loop moves on
            return line_starts[pos.line - 1] + pos.column - 1

        for candidate in extract(text):
            if candidate.wrapper is None:
                # hard-wrapped (tests/scanner/test_hard_wrap.py)
                if Flag.JOINED_BY_GUESS not in candidate.flags:
                    if candidate.end_line != candidate.line:
                        glued.append((str(path), candidate.url, "bare URL crosses a line"))
                    continue
            elif Flag.UNTERMINATED in candidate.flags:
                continue
            else:
                close = offset(candidate.wrapper_span.end) - 1
                if text[close] != ">" or text[offset(candidate.span.end) : close].strip():
                    glued.append((str(path), candidate.url, "text between the URL and its '>'"))
            for before, after in pairwise(candidate.pieces):
                between = text[offset(before.end) : offset(after.start)]
                if candidate.wrapper is None and between.startswith("="):
                    between = between[1:]  # a quoted-printable soft break left encoded
                if Flag.PAGE_BREAK not in candidate.flags and between.strip(" \t\r\n>|"):
                    glued.append((str(path), candidate.url, f"glued across {between!r}"))
    assert glued == []
