"""A document linted a segment at a time (server/segments.py) gives the findings of its
whole lint after every edit, and lints again only what an edit reaches."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.server import segments
from urlint.server.segments import SegmentedLint, whole_findings

from ..helpers import examples

DEFAULTS = build_settings()

# Lines of each syntax: URLs with findings and fixes, and what opens and closes the
# constructs a chunk hands on or reads whole (fences, comments, literals, test blocks,
# suppressions, wrappers over lines)
_PROSE = [
    "See http://example.com/~user/page for more.",
    "A <http://example.org/a b",
    "c/d> wrapped over lines.",
    "Mail ftp://ftp.example.net:99999/pub/x today.",
    "http://user:secret@example.com/x is a login.",
    "Go to https://www.example.org/guide.html before.",
    "http://example.com/very/long/path/that/",
    "continues/here.html and then prose.",
    "plain words with nothing in them",
    "",
    "urlint: ignore[C202]",
]
LINES = {
    "doc.md": _PROSE
    + [
        "```",
        "~~~",
        "    indented http://example.com/~code",
        "<!-- a comment http://example.com/~c",
        "-->",
        "`code span http://example.com/~s`",
        "![alt http://example.com/~alt](http://example.com/~img)",
        "[ref]: http://example.com/~ref 'title'",
        "<a href='http://example.com/~h'>x</a>",
        "Title http://example.com/~t",
        "=====",
        "<!-- urlint: ignore[C202] -->",
    ],
    "doc.rst": _PROSE
    + [
        "::",
        "",
        "    literal http://example.com/~lit",
        "Title http://example.com/~t",
        "=======",
        "+-----+-----+",
        "| http://example.com/~a | b |",
        ".. raw:: html",
        "   :alt: http://example.com/~o",
        ".. comment http://example.com/~c",
        "`link <http://example.com/~l>`_",
    ],
    "doc.py": [
        "# See http://example.com/~user/page here",
        "x = 'http://example.com/~s'",
        '"""',
        "'''",
        "def test_links():",
        "    url = 'http://example.com/~t'",
        "    return url",
        "# urlint: ignore[C202]",
        "y = 1  # http://user:secret@example.com/",
        "#   http://example.com/wrapped/",
        "#   continued.html",
        "",
        "class A:",
        "    pass",
    ],
    "doc.txt": _PROSE,
}


@st.composite
def documents_and_edits(draw):
    """A document of one syntax's lines, and edits of it: each lines put in at a place,
    or a stretch taken out, or characters typed."""
    name = draw(st.sampled_from(sorted(LINES)))
    line = st.sampled_from(LINES[name])
    lines = draw(st.lists(line, min_size=1, max_size=60)) * draw(st.integers(1, 8))
    text = "\n".join(lines) + draw(st.sampled_from(["\n", ""]))
    edits = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["lines", "cut", "type"]))
        if kind == "lines":
            new = "\n".join(draw(st.lists(line, min_size=1, max_size=4))) + "\n"
        elif kind == "type":
            new = draw(st.sampled_from(["x", "~", " ", "\n", "`", "'", '"', "<", ">", "-->"]))
        else:
            new = ""
        edits.append((draw(st.floats(0, 1)), draw(st.integers(0, 120)) if not new else 0, new))
    return name, text, edits


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(documents_and_edits())
def test_every_edit_gives_the_whole_documents_findings(monkeypatch, case):
    # Segments of 16 lines: a document of a few hundred lines has many, and an edit's reach
    # (the look back of 60 lines and the overlap) passes over several
    monkeypatch.setattr(segments, "SEGMENT_LINES", 16)
    name, text, edits = case
    kept = SegmentedLint()
    assert list(kept.findings(DEFAULTS, name, text)) == whole_findings(
        Checker(DEFAULTS), name, text
    )
    for where, cut, new in edits:
        at = int(where * len(text))
        text = text[:at] + new + text[at + cut :]
        assert list(kept.findings(DEFAULTS, name, text)) == whole_findings(
            Checker(DEFAULTS), name, text
        ), (name, text)


REACH = 3 + 122 // segments.SEGMENT_LINES


def _document(lines: int) -> str:
    out = []
    for number in range(lines):
        if number % 10 == 0:
            out.append(f"Item {number}: see http://example.com/~docs/{number} today.")
        else:
            out.append(f"Line {number} of prose with nothing in it to be found at all.")
    return "\n".join(out) + "\n"


def test_an_edit_lints_again_only_the_segments_that_read_it():
    text = _document(2000)
    kept = SegmentedLint()
    kept.findings(DEFAULTS, "guide.md", text)
    assert kept.relinted == 2000 // segments.SEGMENT_LINES + 1  # 32: the first lint is whole
    at = text.index("Line 1005 ")
    edited = text[:at] + "http://example.com/~new " + text[at:]
    found = kept.findings(DEFAULTS, "guide.md", edited)
    # the segment the edit is in (cut anew: in two where it grew past SEGMENT_LINES lines),
    # and those after it whose chunk's text holds it: a chunk starts 122 lines before its
    # segment (the look back of 60 lines before the overlap of 62 the chunk before kept
    # back), so at most 3 + 122 // 64 segments
    assert 2 <= kept.relinted <= REACH
    assert [f.line for f in found if f.line > 995 and f.line < 1012] == [1001, 1006, 1011]
    assert list(found) == whole_findings(Checker(DEFAULTS), "guide.md", edited)
    # a line put in moves the findings after it, which are kept, a line further on
    at = edited.index("Line 1501 ")
    grown = edited[:at] + "A new line.\n" + edited[at:]
    found = kept.findings(DEFAULTS, "guide.md", grown)
    assert 2 <= kept.relinted <= REACH
    assert [f.line for f in found][-2:] == [1982, 1992]
    assert list(found) == whole_findings(Checker(DEFAULTS), "guide.md", grown)


def test_a_fence_opened_lints_again_what_it_reaches():
    text = _document(1000)
    kept = SegmentedLint()
    kept.findings(DEFAULTS, "guide.md", text)
    fenced = "```\n" + text
    found = kept.findings(DEFAULTS, "guide.md", fenced)
    assert kept.relinted == len(kept.segments) == 17  # every one: each is in code now
    assert list(found) == whole_findings(Checker(DEFAULTS), "guide.md", fenced)


@pytest.mark.parametrize("settings_changed", [False, True])
def test_other_settings_lint_every_segment_again(settings_changed):
    text = _document(300)
    kept = SegmentedLint()
    kept.findings(DEFAULTS, "guide.md", text)
    other = build_settings({"target": "rfc3986"}) if settings_changed else DEFAULTS
    found = kept.findings(other, "guide.md", text)
    assert kept.relinted == (300 // segments.SEGMENT_LINES + 1 if settings_changed else 0)
    assert list(found) == whole_findings(Checker(other), "guide.md", text)


def test_a_line_past_the_look_backs_bound_is_linted_whole():
    text = "See http://example.com/~a today.\n" + "word " * 3000 + "\n"
    kept = SegmentedLint()
    found = kept.findings(DEFAULTS, "guide.md", text)
    assert kept.segments == []
    assert [(f.code, f.line, f.column) for f in found] == [("C202", 1, 24)]
