"""Bare URLs a mail client hard-wrapped at its paragraph's wrap column.

Joined, with the first line as `alt` and the joined-by-guess flag; prose never glued on."""

from __future__ import annotations

import json

import pytest

from urlint import extract
from urlint.commands.cli import main
from urlint.core.model import Flag

from ..helpers import CORPORA, readings

PARAGRAPH = (
    "Hello all, the new release notes are now published on the project site at\n"
    "http://www.example.org/projects/urlint/releases/2026/november/notes-for-ver\n"
    "sion-0.2.html and the old ones stay where they were before, for reference.\n"
)


def joins(text: str) -> list[tuple[str, str | None, int, int, int, int]]:
    return [
        (c.url, c.alt, c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column)
        for c in extract(text)
        if Flag.JOINED_BY_GUESS in c.flags
    ]


def test_a_url_cut_at_the_wrap_column_is_joined():
    url = "http://www.example.org/projects/urlint/releases/2026/november/notes-for-version-0.2.html"
    first = "http://www.example.org/projects/urlint/releases/2026/november/notes-for-ver"
    assert joins(PARAGRAPH) == [(url, first, 2, 1, 3, 14)]
    assert joins(PARAGRAPH.replace("\n", "\n> ").replace("Hello", "> Hello").rstrip("> ")) == [
        (url, first, 2, 3, 3, 16)
    ]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # the line is shorter than the paragraph's: not cut at its column
        (
            "short line",
            PARAGRAPH.replace(
                "at\nhttp", "at the address below, which you can open in any web browser\nhttp"
            ),
        ),
        # prose after a URL at a line end, an abbreviation, a note in brackets, a rule of "_"
        ("prose", PARAGRAPH.replace("sion-0.2.html and", "and then")),
        ("abbreviation", PARAGRAPH.replace("sion-0.2.html and", "e.g. and")),
        ("brackets", PARAGRAPH.replace("sion-0.2.html", "[2.6.10]")),
        ("underscores", PARAGRAPH.replace("sion-0.2.html", "______________")),
        # trailing punctuation: the URL ended there; the next line indented, or at another
        # reply level; a signature's column; a next line that holds a URL of its own
        ("punctuation", PARAGRAPH.replace("for-ver\n", "for-ver.\n")),
        ("indented", PARAGRAPH.replace("\nsion", "\n  sion")),
        ("reply level", PARAGRAPH.replace("\nsion", "\n> sion")),
        (
            "column",
            "The Libertarian Party                                http://www.lp.org/\n2600 "
            "Virginia Ave. NW, Suite 100\n",
        ),
        ("a URL of its own", PARAGRAPH.replace("sion-0.2.html and", "2,http://b.example/ and")),
    ],
)
def test_nothing_else_is_joined(name, text):
    assert joins(text) == []


def test_a_word_alone_after_a_url_a_mail_client_cut_is_its_rest():
    # A mail client cut the URL at its wrap column and the rest, a word without a
    # separator, stands alone on the next line (a linux-mips message of February 2004,
    # line 48); a sign-off or a name there is no part of it.
    cut = (
        "there is a manual\n"
        "(http://www.example.com/content/Documentation/Examples/Software/doclib\n"
        "rary\n"
        "\n"
        "and more text after it.\n"
    )
    assert readings(cut) == [
        (
            "http://www.example.com/content/Documentation/Examples/Software/doclibrary",
            "http://www.example.com/content/Documentation/Examples/Software/doclib",
            ["joined-by-guess", "maybe-continued"],
            (2, 2, 3, 5),
            [(2, 2, 2, 71), (3, 1, 3, 5)],
        )
    ]
    for rest in ("Regards,\n", "thanks\n", "rary\nBob\n"):
        assert [c.url for c in extract(cut.replace("rary\n", rest, 1))][0] == (
            "http://www.example.com/content/Documentation/Examples/Software/doclib"
        )


# A reference list quoted twice (perceval's hyperkitty_2016_april.mbox, line 169): the
# reply's second quote mark pushed "elop" past the column of a line already cut there.
TWICE = (
    "> > Saludos,\n"
    "> > \n"
    "> > [2]?https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-dev\n"
    "> > elop\n"
    "> > ment-analytics\n"
    "> > \n"
    "> > --\n"
)


def test_a_quoted_url_cut_at_the_column_twice_is_joined():
    assert readings(TWICE) == [
        (
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-development-analytics",
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-dev",
            ["joined-by-guess", "maybe-continued"],
            (3, 9, 5, 19),
            [(3, 9, 3, 72), (4, 5, 4, 9), (5, 5, 5, 19)],
        )
    ]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("> > elop\n", "> > Jesus\n"),  # a name
        ("> > elop\n", "> > thanks\n"),  # a sign-off
        ("> > elop\n", "> > elopementally\n"),  # longer than a quote mark pushes on
        ("> > ment-analytics\n", ">  ment-analytics\n"),  # another reply level
        ("> > [2]?https", "[2]?https"),  # not quoted: no reply quoted it again
    ],
)
def test_a_word_alone_after_a_quoted_url_that_is_not_its_rest(old, new):
    text = TWICE.replace(old, new, 1)
    if not new.startswith("[2]"):
        assert [c.url for c in extract(text)] == [
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-dev"
        ]
    else:
        assert extract(text)[0].pieces[-1].end.line == 3


@pytest.mark.slow
@pytest.mark.corpus
def test_every_join_on_the_mail_corpora_is_listed(capsys, monkeypatch):
    """Every hard-wrapped URL joined in the mail corpora is the URL its sender wrote.

    Each was read against its message: all 15 are the URL the sender wrote (the EFF one
    goes on after a space the sender's client put in, which no reader can undo). Five are
    cut before a word with no separator, alone on its line ("doclib" then "rary"); a list
    that left them out asserted the cut URL. One was cut twice, quoted again (line 169:
    "open-dev", "elop", "ment-analytics"). One keeps a separator trimmed at the line end
    (joins.joined): `.../eepro100.` then `html`. A spam's `?cid=3D10=` then `00&mid=3D3000`
    (spam/004, line 133) goes on past a quoted-printable soft break left encoded, as the
    `=3D` escapes around it tell, its "=" dropped and its escapes kept as written."""
    folders = (
        sorted(p.name for p in CORPORA.glob("*") if p.name.startswith(("email-", "netnews-")))
        if CORPORA.is_dir()
        else []
    )
    if not folders:
        pytest.skip("../shared/corpora is not present")
    monkeypatch.chdir(CORPORA)
    main(["extract", "--format", "jsonl", *folders])
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["path"], r["line"], r["url"]) for r in found if "joined-by-guess" in r["flags"]] == [
        (
            "email-linux-mips-maildir/cur/1012604611.23fa5816c355.linux-mips:2,S",
            69,
            "ftp://oss.sgi.com/pub/linux/mips/redhat/7.1/SRPMS/toolchain-20011020-1.src.rpm",
        ),
        (
            "email-linux-mips-maildir/cur/1022787370.21f6b35b0304.linux-mips:2,S",
            34,
            "ftp://ftp.mips.com/pub/linux/mips/installation/redhat7.1/01.00/MIPS_RedHat7.1_Release-01.00.iso",
        ),
        (
            "email-linux-mips-maildir/cur/1061220592.fc28ae0e88ab.linux-mips:2,S",
            128,
            "http://linux.junsun.net/patches/generic/experimental/030716.a-jstrace.patch",
        ),
        (
            "email-linux-mips-maildir/cur/1074617987.f13dfdd848df.linux-mips:2,S",
            135,
            "http://www.scyld.com/network/eepro100.html",
        ),
        (
            "email-linux-mips-maildir/cur/1076596853.48c57c6bacd0.linux-mips:2,S",
            48,
            "http://www.mips.com/content/Documentation/MIPSDocumentation/Software/doclibrary",
        ),
        (
            "email-linux-mips-maildir/cur/1090284456.a020009f1518.linux-mips:2,S",
            42,
            "http://ftp.debian.org/debian/pool/main/k/kernel-patch-2.4.26-mips/kernel-image-2.4.26-r3k-kn02_2.4.26-0.040505.1_mipsel.deb",
        ),
        (
            "email-linux-mips-monthly-mbox-gz/2005-September.txt.gz",
            14909,
            "mailto:linux-mips-bounce@linux-mips.org",
        ),
        (
            "email-perceval-hyperkitty-tests/perceval/hyperkitty/hyperkitty_2016_april.mbox",
            35,
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-development-analytics",
        ),
        (
            "email-perceval-hyperkitty-tests/perceval/hyperkitty/hyperkitty_2016_april.mbox",
            88,
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-development-analytics",
        ),
        (
            "email-perceval-hyperkitty-tests/perceval/hyperkitty/hyperkitty_2016_april.mbox",
            169,
            "https://speakerdeck.com/jgbarah/grimoirelab-a-tool-for-open-development-analytics",
        ),
        (
            "email-spamassassin-t-data/spam/004",
            133,
            "http://211.154.134.27/Z/teeth/index.html?cid=3D1000&mid=3D3000",
        ),
        (
            "email-spamassassin-t-data/welcomelists/action.eff.org",
            441,
            "http://www.linuxworldexpo.com/linuxworldexpo/v31/floorplan/floorplan.cvn?b=97&",
        ),
        (
            "email-spamassassin-t-data/welcomelists/action.eff.org",
            504,
            "http://slashdot.org/article.pl?sid=02/08/03/2314232&mode=flat&tid=149",
        ),
        (
            "email-spamassassin-t-data/welcomelists/netcenter-direct_de",
            50,
            "http://dms-www01.netcenter.com/cgi-bin/gx.cgi/mcp?p=041H1b041H2g55Ep6l012000WRnwBz",
        ),
        (
            "email-spamassassin-t-data/welcomelists/netcenter-direct_de",
            61,
            "http://dms-www01.netcenter.com/cgi-bin/gx.cgi/mcp?p=041H1d3Qxx41H2g55Ep6l012000WRnwBz",
        ),
    ]


# -- a URL that ends its line on a whole file name, and ".htm" cut before its "l" ----------


LISTING = (
    "Get the DHCP patch for bootpd from ftp://ftp.example.edu/pub/net/bootpd-243-dhcp.zip\n"
    "960130 the patch is unsupported but works fine on SunOS and on the others too, ok.\n"
)


def spans(text: str) -> list[tuple[str, str | None, int, int, int, int]]:
    return [
        (c.url, c.alt, c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column)
        for c in extract(text)
    ]


def test_a_url_that_ends_on_a_file_name_takes_no_word_from_the_next_line():
    # a listing's date after an archive's name, at a mail client's wrap column
    url = "ftp://ftp.example.edu/pub/net/bootpd-243-dhcp.zip"
    assert spans(LISTING) == [(url, None, 1, 36, 1, 85)]
    assert spans(LISTING.replace("960130 the", "32 bit and")) == [(url, None, 1, 36, 1, 85)]
    # a separator still goes on with it: ".tar" then ".gz", ".html" then "#part"
    tar = LISTING.replace("dhcp.zip\n960130", "dhcp.tar\n.gz, 960130")
    assert joins(tar) == [
        ("ftp://ftp.example.edu/pub/net/bootpd-243-dhcp.tar.gz", url[:-4] + ".tar", 1, 36, 2, 4)
    ]
    # cut inside the name (".z"): its rest alone on the next line, its paragraph's last, is
    # joined by guess; with the paragraph going on after it, it may be a line a reply's
    # quoting cut short (joins._a_word_cut), and is left; a word with prose after it on its
    # line is no URL's rest
    cut = LISTING.replace("dhcp.zip\n960130 the", "dhcp.z\nip\n\n960130 the")
    assert joins(cut) == [(url, url[:-2], 1, 36, 2, 3)]
    cut = LISTING.replace("dhcp.zip\n960130 the", "dhcp.z\nip\n960130 the")
    assert spans(cut) == [(url[:-2], None, 1, 36, 1, 83)]
    cut = LISTING.replace("dhcp.zip\n960130", "dhcp.zi\np960130")
    assert spans(cut) == [(url[:-1], None, 1, 36, 1, 84)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The FAQ is at http://www.example.com/~fred/faq.htm\nl\nand more text here.\n",
            [
                (
                    "http://www.example.com/~fred/faq.html",
                    "http://www.example.com/~fred/faq.htm",
                    1,
                    15,
                    2,
                    2,
                )
            ],
        ),
        (  # in a reply, the letter and a full stop after it
            "> Read http://www.example.com/FAQ.HTM\n> L.\n",
            [("http://www.example.com/FAQ.HTML", "http://www.example.com/FAQ.HTM", 1, 8, 2, 4)],
        ),
    ],
)
def test_htm_cut_before_its_l_is_joined(text, expected):
    assert joins(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "See http://www.example.com/faq.htm\nl is a letter.\n",  # not alone on its line
        "See http://www.example.com/faq.htm\n  l\n",  # indented: a list, a new paragraph
        "See http://www.example.com/faq.htm\n> l\n",  # another reply level
        "See http://www.example.com/faq.htm\nL\n",  # the case of ".htm" is not this "L"'s
        "See http://www.example.com/faq.html\nl\n",  # the name is whole already
    ],
)
def test_htm_and_a_letter_that_is_not_its_rest(text):
    assert joins(text) == []
