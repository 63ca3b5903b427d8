"""A URL at a line end goes on only onto a line of its own kind (line_breaks.line_kind).

A reply prefix (`>`, `> >`, `|`, a writer's initials `AB>`), a patch's column (`+`, `-`,
` ` in a hunk) and a signature separator each make a kind of line; the next line's text
is read past its prefix and column, and never across a change of kind."""

from __future__ import annotations

import pytest

from urlint import extract
from urlint.scanner.line_breaks import line_kind

from ..helpers import readings

# A patch inline in a list's mail, as `git format-patch` writes it.
PATCH = (
    "Subject: [PATCH] README: say where the tarballs are\n"
    "\n"
    "---\n"
    " README | 2 ++\n"
    " 1 file changed, 2 insertions(+)\n"
    "\n"
    "diff --git a/README b/README\n"
    "index 3b18e51..a8c5e3f 100644\n"
    "--- a/README\n"
    "+++ b/README\n"
    "@@ -10,6 +10,8 @@ Installing\n"
    " Download the release tarball from https://downloads.example.org/urlint/dist/\n"
    "+You can find the signatures beside each tarball, and the checksums in\n"
    "+SHA256SUMS.\n"
    " Then unpack it.\n"
)


def spans(text: str) -> list[tuple[str, str | None, tuple[int, int, int, int]]]:
    return [
        (
            c.url,
            c.alt,
            (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column),
        )
        for c in extract(text)
    ]


def test_a_patchs_added_line_is_never_glued_onto_a_url_on_a_kept_line():
    url = "https://downloads.example.org/urlint/dist/"
    assert spans(PATCH) == [(url, None, (12, 36, 12, 78))]
    # on an added line of its own, the next added line's text is read past its "+": prose
    added = PATCH.replace(" Download", "+Download")
    assert spans(added) == [(url, None, (12, 36, 12, 78))]
    # quoted in a reply, the same
    quoted = "".join("> " + line + "\n" for line in PATCH.splitlines())
    assert spans(quoted) == [(url, None, (12, 38, 12, 80))]


def test_a_url_cut_on_a_patchs_added_line_goes_on_past_the_next_ones_plus():
    text = (
        "@@ -1,3 +1,4 @@\n"
        " Intro line of the file that is long enough to reach the wrap column.\n"
        "+See https://git.example.org/cgit/project.git/tree/docs/installation-gu\n"
        "+ide.html for the steps.\n"
        " end\n"
    )
    assert readings(text) == [
        (
            "https://git.example.org/cgit/project.git/tree/docs/installation-guide.html",
            "https://git.example.org/cgit/project.git/tree/docs/installation-gu",
            ["joined-by-guess", "maybe-continued"],
            (3, 6, 4, 10),
            [(3, 6, 3, 72), (4, 2, 4, 10)],
        )
    ]
    # onto a kept line or a removed one, never
    for column in (" ", "-"):
        assert spans(text.replace("+ide", column + "ide")) == [
            (
                "https://git.example.org/cgit/project.git/tree/docs/installation-gu",
                None,
                (3, 6, 3, 72),
            )
        ]


def test_a_quoted_lone_word_with_its_sentence_going_on_is_not_a_urls_rest():
    # A reply's client cut the quoted sentence short after the URL (the "says" of
    # "...#directive says that"): a word alone with prose after it is no URL's rest.
    text = (
        "Bob wrote:\n"
        "> The documentation at https://httpd.apache.org/docs/2.4/mod/core.html#directive\n"
        "> says\n"
        "> that the option applies to each directory.\n"
    )
    url = "https://httpd.apache.org/docs/2.4/mod/core.html#directive"
    assert spans(text) == [(url, None, (2, 24, 2, 81))]
    assert spans(text.replace("> ", "BW> ")) == [(url, None, (2, 26, 2, 83))]
    # at the paragraph's end, a mail client's cut: the word alone is the URL's rest
    cut = text.replace("#directive\n> says\n> that", "#direct\n> ive\n>\n> that")
    assert spans(cut) == [
        (
            "https://httpd.apache.org/docs/2.4/mod/core.html#directive",
            "https://httpd.apache.org/docs/2.4/mod/core.html#direct",
            (2, 24, 3, 6),
        )
    ]


def test_a_writers_initials_quote_a_line_as_a_mark_does():
    text = (
        "Bob Wilson wrote:\n"
        " BW> the thread is at https://lists.example.org/archives/list/urlint@\n"
        " BW> lists.example.org/thread/ABCDEF/\n"
    )
    assert readings(text) == [
        (
            "https://lists.example.org/archives/list/urlint@lists.example.org/thread/ABCDEF/",
            "https://lists.example.org/archives/list/urlint@",
            ["joined-by-guess", "maybe-continued"],
            (2, 23, 3, 38),
            [(2, 23, 2, 70), (3, 6, 3, 38)],
        )
    ]
    # another writer's initials, or none: another kind of line
    for other in (" AE> ", ""):
        assert spans(text.replace(" BW> lists", other + "lists")) == [
            ("https://lists.example.org/archives/list/urlint@", None, (2, 23, 2, 70))
        ]


def test_a_sign_offs_dashes_are_no_urls_rest():
    # A URL cut at the column, then a sign-off: the line is a signature's, not the rest.
    text = (
        "Get it at https://www.example.org/projects/urlint/releases/2026/november/notes-for-v\n"
        "--Alice\n"
    )
    url = "https://www.example.org/projects/urlint/releases/2026/november/notes-for-v"
    assert spans(text) == [(url, None, (1, 11, 1, 85))]
    assert spans(text.replace("--Alice", "-- Alice")) == [(url, None, (1, 11, 1, 85))]
    # a word alone there is the URL's rest
    assert spans(text.replace("--Alice", "ersion")) == [(url + "ersion", url, (1, 11, 2, 7))]


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [
        ("plain line\n", 0, ("", 0)),
        ("> > quoted\n", 0, (">>", 4)),
        (" AB> initials\n", 0, ("AB>", 5)),
        ("| usenet\n", 0, ("|", 2)),
        ("-- \nAlice\n", 0, ("\0--", 0)),
        ("--Alice\n", 0, ("\0--", 0)),
        ("--with-ssl\n", 0, ("", 0)),
        ("@@ -1 +1 @@\n+added\n", 12, ("\0+", 13)),
        ("@@ -1 +1 @@\n kept\n", 12, ("\0 ", 13)),
        ("> @@ -1,2 +1,2 @@\n> -removed\n", 18, (">\0-", 21)),
        # no hunk header above: a list's item, an indent
        ("Items:\n- one\n", 7, ("", 7)),
        ("Text:\n indented\n", 6, ("", 6)),
        # another reply level between the header and the line: no hunk
        ("> @@ -1 +1 @@\n+added\n", 14, ("", 14)),
    ],
)
def test_line_kind(text, at, expected):
    assert line_kind(text, at) == expected


# Two messages of the usrp-users list (2025), as their text parts read: a URL at a line
# end, then a word alone before the code it speaks of; a signature's fields.
ADVICE = (
    "Very good advice:\n"
    "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/dboard/db_basic_and_lf.cpp#L269\n"
    "states\n"
    "    // disable TX dboard clock by default\n"
)
SIGNATURE = (
    "Mail: mikio@dolphinsystem.jp\nURL : http://www.dolphinsystem.jp/\nTEL/FAX : 03-6658-4949\n"
)


def test_a_word_before_the_code_it_speaks_of_and_a_signatures_field_are_no_urls_rest():
    assert spans(ADVICE) == [
        (
            "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/dboard/db_basic_and_lf.cpp#L269",
            None,
            (2, 1, 2, 95),
        )
    ]
    assert spans(SIGNATURE)[-1] == ("http://www.dolphinsystem.jp/", None, (2, 7, 2, 35))
