"""A URL that ends its line on a quoted-printable soft line break, in a text kept encoded.

A list's digest saved raw, or a message pasted into a newsletter undecoded, ends its
lines on the encoder's "=" (RFC 2045 section 6.7, rule 5), a break no reader meant. Where
the text shows it is encoded (escapes only an encoder writes: `=3D`, `=20` before a line
end) or escapes stand around the line, a URL at such a break goes on with the next line's
first characters, the "=" dropped; an escaped blank there ends it at the break. An escape
inside the URL (`=3D`) is kept as written. Each text has the shape of the real lines cited
(hosts changed to example names)."""

from __future__ import annotations

import pytest

from urlint import extract


def read(text: str) -> list[tuple[str, str | None, list[str], list[tuple[int, int, int, int]]]]:
    return [
        (
            c.url,
            c.alt,
            sorted(f.value for f in c.flags),
            [(p.start.line, p.start.column, p.end.line, p.end.column) for p in c.pieces],
        )
        for c in extract(text)
    ]


JOINED = ["joined-by-guess", "maybe-continued"]
# The digest's other lines: escapes only an encoder writes (misc/amigapl.9806).
DIGEST = 'Re: zwiechy=20\nhref=3D"x" a=3Db\n--=20\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Mid host name, in a digest kept encoded (misc/amigapl.9902, line 1401).
        (
            DIGEST + "ETIN Internet Service Provider http://www.gnet.example.p=\nl/\n",
            [
                (
                    "http://www.gnet.example.pl/",
                    "http://www.gnet.example.p",
                    JOINED,
                    [(4, 32, 4, 57), (5, 1, 5, 3)],
                )
            ],
        ),
        # Before a dot, the next line's rest ended by HTML (misc/jajan/Jan99.txt, 5701).
        (
            DIGEST + 'href=3D"x">http://www.amiga1.example.co.uk=\n/aio/</A>*<BR>&gt;\n',
            [
                (
                    "http://www.amiga1.example.co.uk/aio/",
                    "http://www.amiga1.example.co.uk",
                    JOINED,
                    [(4, 12, 4, 43), (5, 1, 5, 6)],
                )
            ],
        ),
        # A query's encoded "=" on the next line: kept as written, the soft "=" dropped
        # (lists/NotizieAmiga/2003-06.guide).
        (
            DIGEST + "http://www.morphzone.example/viewtopic.php?topic_id=3D666&forum=\n=3D9\n",
            [
                (
                    "http://www.morphzone.example/viewtopic.php?topic_id=3D666&forum=3D9",
                    "http://www.morphzone.example/viewtopic.php?topic_id=3D666&forum",
                    JOINED,
                    [(4, 1, 4, 64), (5, 1, 5, 5)],
                )
            ],
        ),
        # Over two soft breaks (lists/NotizieAmiga/2002-09.guide).
        (
            DIGEST + "http://www.vesalia.example/?V02b0f1=\n40090a=\n9304b5 end\n",
            [
                (
                    "http://www.vesalia.example/?V02b0f140090a9304b5",
                    "http://www.vesalia.example/?V02b0f1",
                    JOINED,
                    [(4, 1, 4, 36), (5, 1, 5, 7), (6, 1, 6, 7)],
                )
            ],
        ),
        # An escaped blank after the break's rest, in a signature boxed in "#": the box's
        # "#" closes its line (misc/amigapl.9902, line 2302).
        (
            DIGEST + "#    Ogloszenia  http://amiga.example.pl/giel=\nda/#=20\n",
            [
                (
                    "http://amiga.example.pl/gielda/",
                    "http://amiga.example.pl/giel",
                    JOINED,
                    [(4, 18, 4, 46), (5, 1, 5, 4)],
                )
            ],
        ),
        # An escaped blank right after the break: the URL ends there, without its "="
        # (misc/3DWorldArc0700/3DWorldArc-0700.guide, line 2891).
        (
            DIGEST + "reklama http://www.promocja.example.pl=\n=20\nKrakowski\n",
            [("http://www.promocja.example.pl", None, [], [(4, 9, 4, 39)])],
        ),
        # An encoded HTML part of MimeKit's content-length.mbox.txt (line 10888).
        (
            'Meet us!"></A><A href=3D"http://www.example.com/emissary/emissnews.ht=\n'
            'ml"><IMG src=3D"cid:3.1996@example.com" align=3D"BOTTOM">\n',
            [
                (
                    "http://www.example.com/emissary/emissnews.html",
                    "http://www.example.com/emissary/emissnews.ht",
                    JOINED,
                    [(1, 26, 1, 70), (2, 1, 2, 3)],
                ),
                ("cid:3.1996@example.com", None, [], [(2, 17, 2, 39)]),
            ],
        ),
    ],
)
def test_a_url_goes_on_past_a_soft_break_without_its_equals_sign(text, expected):
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # No escape in the text: a query's "=" and its value on the next line
        # (saku/agsaku30/Saku30.guide).
        "http://www.blittersoft.example/st_prod.html?p_prodid=\n22&p_catid=21\n",
        # Two escapes only (an eight-bit one is no evidence: RFCs write hex so), far off.
        "a=3Db =3D\n" + "x" * 500 + "\nhttp://www.linkedin.example/in/a/en?trk=\npeople-guest\n",
        # A base64 value's "=" before a blank line, in an encoded text
        # (misc/jajun00/Jun00.txt).
        DIGEST + "http://quickdot.example/register.asp?ID=MTkxOTIwNDg=\n\nmore\n",
    ],
)
def test_an_equals_sign_at_a_line_end_is_kept_where_no_encoder_wrote_it(text):
    urls = [c.url for c in extract(text)]
    assert all(not url.endswith(("p_prodid", "?trk", "MTkxOTIwNDg")) for url in urls)
    assert any(url.endswith("=") or "=22" in url or "=people" in url for url in urls)


def test_a_soft_break_never_goes_on_onto_another_reply_level():
    text = DIGEST + "> see http://amiga.example.org=\n.pl/ and more\n"
    assert read(text) == [("http://amiga.example.org", None, [], [(4, 7, 4, 31)])]
