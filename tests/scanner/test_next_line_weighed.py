"""A bare URL's next line weighed by its first word and what follows it on its line.

Digests, disk magazines and FAQs break URLs after "/", "-", "?", "=" and set lists of
labelled URLs, signatures in columns and prose right under a URL at its line's end. The
next line's first word goes on with the URL only when it weighs as its rest: alone on its
line (punctuation or a closing bracket after it), or shaped as a URL's rest (a file name's
or host's dot, a query's character, a directory's "/") where prose follows it. Each text
below has the shape of the real line cited (hosts changed to example names); the URL
that is not joined keeps its own line's reading, with X105's hint where the pure shape of
its line end asks for one.
"""

from __future__ import annotations

import pytest

from urlint import extract

from ..helpers import readings

JOINED = ["joined-by-guess", "maybe-continued"]


@pytest.mark.parametrize(
    ("text", "url", "flags"),
    [
        # After "/", a word of prose with prose after it (AmigaTextFiles/mags,
        # misc/AO_0104/volume01_issue04.txt, line 476).
        (
            "http://www.polyphoto.example/upchug/\n"
            "Amiga/Commodore Computer User's club, UPCHUG, or University\n",
            "http://www.polyphoto.example/upchug/",
            ["maybe-continued"],
        ),
        # The same issue, line 575: a program's name, then what it does.
        (
            "http://members.example.com/dancab/set2anim/\n"
            "SET2ANIM is a program which converts animations\n",
            "http://members.example.com/dancab/set2anim/",
            [],
        ),
        # A list of labelled URLs: the next row's label (ham47's amigaaktuell0998,
        # line 3670).
        (
            "Alpha Software: http://www.users.example.co.uk/~gazy/\n"
            "APC&TCP: http://www.chiemgau.example/apc&tcp/\n",
            "http://www.users.example.co.uk/~gazy/",
            [],
        ),
        # Footnotes' labels (FunTime6_97's HITPARADE, line 230).
        (
            "  *1: http://www.cs.example.de/~zerocom/\n  *2: http://bitcom.example/~mbeck\n",
            "http://www.cs.example.de/~zerocom/",
            [],
        ),
        # A line that starts with "#" after a URL that ends on a letter: a signature's
        # motto, not a fragment (AmigaTextFiles/docs, misc/jajan/Jan99.txt, line 2971).
        (
            "Editor, AmiSITE <------> http://surf.example/amisite\n"
            "#The online magazine for those who dare to be different.#\n",
            "http://surf.example/amisite",
            ["maybe-continued"],
        ),
        # A list of mirrors: a host of its own under the URL (misc/Scenet33/SCENET33.TXT,
        # line 6848).
        (
            "   http://www.funet.example/pub/cbm/\n   ftp.funet.fi/pub/cbm/\n",
            "http://www.funet.example/pub/cbm/",
            ["maybe-continued"],
        ),
        # A signature: the homepage, then the writer's machine (misc/amigapl.9905,
        # line 2241).
        (
            " szczepan@blabla.example http://infeco.pb.example.pl/~szczepan/\n"
            " A1200T BlizzIv 2+16MB RAM 425MB HDD x8 CD\n",
            "http://infeco.pb.example.pl/~szczepan/",
            [],
        ),
        # An index's next row under a line set in columns (lists/Aminet-CD-40/Index40,
        # line 278).
        (
            "AnnuaireAmiga6.txt docs/anno    4K   2+Announce for the new http://www.annuaire\n"
            "msworddt.txt       docs/anno    2K  16+Datatype for MS-Word Documents\n",
            "http://www.annuaire",
            [],
        ),
        # A quoted-printable soft break then an escaped blank on the next line
        # (misc/3DWorldArc0700/3DWorldArc-0700.guide, line 2891): the URL ends at the
        # soft break, its "=" no part of it.
        (
            "Tutaj moze znalezc sie Twoja reklama szczegoly http://www.promocja.example.pl=\n=20\n",
            "http://www.promocja.example.pl",
            [],
        ),
    ],
)
def test_a_next_line_that_does_not_weigh_as_the_rest_is_not_joined(text, url, flags):
    assert [(c.url, c.alt, sorted(f.value for f in c.flags)) for c in extract(text)][0] == (
        url,
        None,
        flags,
    )


def test_a_soft_break_of_an_encoder_that_wraps_short_is_told_by_its_neighbours():
    """A digest kept encoded, wrapped at 74 (misc/amigapl.9804/log, line 538): the escapes
    on the line before tell the "=" at the URL's line end is a soft break, which the URL
    goes on past, the "=" dropped."""
    text = (
        "type =B6cie=BFka:dost=EApu/plik.txt =3D\n"
        "http://wfmh.org.example/~thorgal/  |  see it at http://wfmh.org.example/~thorgal/Mo=\n"
        "on/\n"
    )
    assert [(c.url, c.alt) for c in extract(text)] == [
        ("http://wfmh.org.example/~thorgal/", None),
        ("http://wfmh.org.example/~thorgal/Moon/", "http://wfmh.org.example/~thorgal/Mo"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # After "/", a directory with prose after it (Aakt1097's 0017.html, line 191).
        (
            "seines Spiels, das unter http://home.t-online.example/home/\n"
            "peter.weigoldt/ zum Download bereitsteht (Shareware: 5 DM):\n",
            (
                "http://home.t-online.example/home/peter.weigoldt/",
                "http://home.t-online.example/home/",
                JOINED,
                (1, 26, 2, 16),
                [(1, 26, 1, 60), (2, 1, 2, 16)],
            ),
        ),
        # After ".", an extension in the brackets that hold the URL, a note after them
        # (hyper/Spectrum-FAQ/Spectrum-FAQ.TXT, line 1684).
        (
            "[ftp://ftp.nvg.example/pub/sinclair/emulators/spectrum/pc/dos/zxspectrum_v3_66.\n"
            "zip] (not sure if this is the right file).\n",
            (
                "ftp://ftp.nvg.example/pub/sinclair/emulators/spectrum/pc/dos/zxspectrum_v3_66.zip",
                "ftp://ftp.nvg.example/pub/sinclair/emulators/spectrum/pc/dos/zxspectrum_v3_66",
                JOINED,
                (1, 2, 2, 4),
                [(1, 2, 1, 80), (2, 1, 2, 4)],
            ),
        ),
        # A line that starts with the rest of a file name, only punctuation after it (the
        # same FAQ, line 2518).
        (
            "[http://hyperarchive.lcs.example/HyperArchive/Archive/app/power-spectrum-10-ppc\n"
            ".hqx] .\n",
            (
                "http://hyperarchive.lcs.example/HyperArchive/Archive/app/power-spectrum-10-ppc.hqx",
                "http://hyperarchive.lcs.example/HyperArchive/Archive/app/power-spectrum-10-ppc",
                JOINED,
                (1, 2, 2, 5),
                [(1, 2, 1, 80), (2, 1, 2, 5)],
            ),
        ),
        # After a hyphen, a word with prose after it: a hyphen breaks a word of the URL
        # (RFC 2518, line 1801).
        (
            "   remove the property http://www.w3.example/standards/z39.50/Copyright-\n"
            "   Owner.  Since the Copyright-Owner property could not be removed, no\n",
            (
                "http://www.w3.example/standards/z39.50/Copyright-Owner",
                "http://www.w3.example/standards/z39.50/Copyright-",
                JOINED,
                (1, 24, 2, 9),
                [(1, 24, 1, 73), (2, 4, 2, 9)],
            ),
        ),
        # After "=", a value and the next parameters; escape-like "=22", "=21" in a
        # query are no quoted-printable (saku/agsaku30k/Saku30.guide, line 3647).
        (
            "http://www.blittersoft.example/cgi-bin/2/webc.cgi/~bsoft/st_prod.html?p_prodid=\n"
            "22&p_catid=21&sid=9XNHV6OCIJrf3Mr\n",
            (
                "http://www.blittersoft.example/cgi-bin/2/webc.cgi/~bsoft/st_prod.html"
                "?p_prodid=22&p_catid=21&sid=9XNHV6OCIJrf3Mr",
                "http://www.blittersoft.example/cgi-bin/2/webc.cgi/~bsoft/st_prod.html?p_prodid=",
                JOINED,
                (1, 1, 2, 34),
                [(1, 1, 1, 80), (2, 1, 2, 34)],
            ),
        ),
    ],
)
def test_a_next_line_that_weighs_as_the_rest_is_joined(text, expected):
    assert readings(text) == [expected]
