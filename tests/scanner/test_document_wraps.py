"""Bare URLs a document's formatter or writer broke across lines, joined.

xml2rfc (RFCs and Internet-Drafts since 2006) breaks a long URL after "/" or "-"; writers
break them after other separators, or at the margin, and set the rest at the paragraph's
indent or under the URL. Each shape is written here as a short text of the same shape as
the document and line cited; the joined URL keeps its first line as `alt`, flagged
joined-by-guess and maybe-continued. Prose, tables, lists of URLs and new paragraphs after
a URL at a line end are never glued on.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urlint import extract
from urlint.core.model import Flag
from urlint.scanner import bare
from urlint.scanner.joins import MAX_JOINED_LINES, joined

from ..helpers import examples, readings

JOINED = ["joined-by-guess", "maybe-continued"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # After a hyphen inside a path segment, the rest at the paragraph's indent
        # (draft-ietf-httpbis-compression-dictionary, 2024, line 30: xml2rfc's "Status
        # information for this document may be found at" paragraph).
        (
            "   Status information for this document may be found at\n"
            "   https://datatracker.example/doc/draft-ietf-wg-long-document-\n"
            "   name/.\n",
            (
                "https://datatracker.example/doc/draft-ietf-wg-long-document-name/",
                "https://datatracker.example/doc/draft-ietf-wg-long-document-",
                JOINED,
                (2, 4, 3, 9),
                [(2, 4, 2, 64), (3, 4, 3, 9)],
            ),
        ),
        # After "/", a path on the next line of a reference (RFC 4648, line 892).
        (
            '   [12]  Doe, J., "Post to a mailing list",\n'
            "         http://lists.example.org/pipermail/some-list/2001-September/\n"
            "         000315.html, September 2001.\n",
            (
                "http://lists.example.org/pipermail/some-list/2001-September/000315.html",
                "http://lists.example.org/pipermail/some-list/2001-September/",
                JOINED,
                (2, 10, 3, 21),
                [(2, 10, 2, 70), (3, 10, 3, 21)],
            ),
        ),
        # After "/", a word that the parenthesis around the URL closes after (RFC 5452,
        # line 30: the IETF Trust's boilerplate as xml2rfc lays it out).
        (
            "   Provisions Relating to IETF Documents (https://trustee.example.org/\n"
            "   license-info) in effect on the date of publication of this document.\n",
            (
                "https://trustee.example.org/license-info",
                "https://trustee.example.org/",
                JOINED,
                (1, 43, 2, 16),
                [(1, 43, 1, 71), (2, 4, 2, 16)],
            ),
        ),
        # A list item's text goes on after its bullet (draft-ietf-httpbis-safe-method-
        # w-body, 2025, line 1240).
        (
            "   *  Added CORS considerations (https://github.example/httpwg/http-\n"
            "      extensions/issues/2898)\n",
            (
                "https://github.example/httpwg/http-extensions/issues/2898",
                "https://github.example/httpwg/http-",
                JOINED,
                (1, 34, 2, 29),
                [(1, 34, 1, 69), (2, 7, 2, 29)],
            ),
        ),
        # After "=", in a reference whose label stands in a column: the rest under the
        # URL (draft-ietf-krb-wg-cross-problem-statement-04, line 625).
        (
            "   [CSPC]        http://www.example.com/news/1,1098,72-news_id=\n"
            "                 531,00.html\n",
            (
                "http://www.example.com/news/1,1098,72-news_id=531,00.html",
                "http://www.example.com/news/1,1098,72-news_id=",
                JOINED,
                (1, 18, 2, 29),
                [(1, 18, 1, 64), (2, 18, 2, 29)],
            ),
        ),
        # Before "/": the next line starts with the path (the Project Gutenberg weekly
        # newsletter of 12 June 2002, line 138).
        (
            "Donations by credit card through\n"
            "https://www.pay.example\n"
            "/xclick/business=donate%40example.net&item_name=Donate+to+Us\n\n",
            (
                "https://www.pay.example/xclick/business=donate%40example.net&item_name=Donate+to+Us",
                "https://www.pay.example",
                JOINED,
                (2, 1, 3, 61),
                [(2, 1, 2, 24), (3, 1, 3, 61)],
            ),
        ),
        # After a hyphen in a tel: URL in quotes (draft-antti-telephony-url-12, line 465).
        (
            '   which an associated phone number is situated. Thus "tel:456-\n'
            '   7890;phone-context=213" would suffice to deliver a call to the\n',
            (
                "tel:456-7890;phone-context=213",
                "tel:456-",
                JOINED,
                (1, 56, 2, 26),
                [(1, 56, 1, 64), (2, 4, 2, 26)],
            ),
        ),
        # Inside an xml2rfc table's cell, its border repeated on each line
        # (draft-ietf-httpbis-no-vary-search, 2025, line 605).
        (
            "      |         (https://infra.example/#list-sort-in-ascending-\n"
            "      |         order) parameters in ascending order by key\n",
            (
                "https://infra.example/#list-sort-in-ascending-order",
                "https://infra.example/#list-sort-in-ascending-",
                JOINED,
                (1, 18, 2, 22),
                [(1, 18, 1, 64), (2, 17, 2, 22)],
            ),
        ),
        # In a C comment, its leader repeated on each line (RFC 4634, line 993).
        (
            " *      A combined document showing all algorithms is available at\n"
            " *              http://csrc.example.gov/publications/fips/\n"
            " *              fips180-2/fips180-2withchangenotice.pdf\n"
            " *\n",
            (
                "http://csrc.example.gov/publications/fips/fips180-2/fips180-2withchangenotice.pdf",
                "http://csrc.example.gov/publications/fips/",
                JOINED,
                (2, 17, 3, 56),
                [(2, 17, 2, 59), (3, 17, 3, 56)],
            ),
        ),
        # In a shell or Python comment, its "#" repeated on each line (the same shape as
        # RFC 4634's C comment, line 993).
        (
            "# Every algorithm is described at\n"
            "# https://csrc.example.gov/publications/fips/\n"
            "# fips180-2/fips180-2withchangenotice.pdf\n",
            (
                "https://csrc.example.gov/publications/fips/fips180-2/fips180-2withchangenotice.pdf",
                "https://csrc.example.gov/publications/fips/",
                JOINED,
                (2, 3, 3, 42),
                [(2, 3, 2, 46), (3, 3, 3, 42)],
            ),
        ),
        # Cut mid-word at the margin, the rest set right under the URL (RFC 2616, line
        # 8916).
        (
            '   [Spero]  Spero, S., "Analysis of HTTP Performance Problems,"\n'
            "            http://www.example.edu/SDG/IT94/Proceedings/DDay/mogul/HTTPLat\n"
            "            ency.html.\n",
            (
                "http://www.example.edu/SDG/IT94/Proceedings/DDay/mogul/HTTPLatency.html",
                "http://www.example.edu/SDG/IT94/Proceedings/DDay/mogul/HTTPLat",
                JOINED,
                (2, 13, 3, 22),
                [(2, 13, 2, 75), (3, 13, 3, 22)],
            ),
        ),
        # A display's hanging indent, deeper than the URL that starts its line
        # (draft-ietf-httpbis-connect-tcp, 2025, line 545).
        (
            "   https://proxy.example:8443/.well-known/masque\n"
            "                    /tcp/target.example/443/\n",
            (
                "https://proxy.example:8443/.well-known/masque/tcp/target.example/443/",
                "https://proxy.example:8443/.well-known/masque",
                JOINED,
                (1, 4, 2, 45),
                [(1, 4, 1, 49), (2, 21, 2, 45)],
            ),
        ),
    ],
)
def test_a_url_a_document_broke_is_joined(text, expected):
    assert readings(text) == [expected]


@pytest.mark.parametrize(
    ("text", "url", "flags"),
    [
        # After "/", a word of prose (RFC 2518, line 1992).
        (
            "   client knows that the attempt to delete http://www.example.bar/container/\n"
            "   must have also failed since the parent can not be deleted\n",
            "http://www.example.bar/container/",
            [],
        ),
        # The next line gives the same URL in parentheses (draft-nottingham-http-pay-reqs,
        # 2025, line 117): no join, and no hint that it goes on.
        (
            "   *  S has some means of identifying C.  See\n"
            "      https://datatracker.example/wg/webbotauth/about/\n"
            "      (https://datatracker.example/wg/webbotauth/about/).\n",
            "https://datatracker.example/wg/webbotauth/about/",
            [],
        ),
        # A new paragraph, less indented (draft-ietf-dnsext-axfr-clarify-07, line 778).
        (
            "     http://rfc-editor.example/\nAdditionally, these documents can be obtained\n",
            "http://rfc-editor.example/",
            [],
        ),
        # A URL in a column ends on a query's empty value; the next line is the next row
        # (MimeKit's bounce.txt, line 200).
        (
            "\tSource Network Address:\thttps://urldefense.example/v2/url?u=a&e=\n"
            "\tSource Port:\t\t57443\n",
            "https://urldefense.example/v2/url?u=a&e=",
            [],
        ),
        # A table of examples: the next line is a row (draft-fielding-uri-syntax-00,
        # line 1290).
        (
            "      g/            =  http://a/b/c/g/\n      /g            =  http://a/g\n",
            "http://a/b/c/g/",
            [],
        ),
        # A line comment ends with its line: the next is code (the shape of a C comment
        # above a statement).
        ("// see https://docs.example.org/a-\nint b = 1;\n", "https://docs.example.org/a-", []),
        # A troff request after a URL (squid.8, line 51).
        (
            "is derived from the Harvest Project\nhttp://harvest.example.edu/\n.PP\n",
            "http://harvest.example.edu/",
            [],
        ),
        # A run of underscores after a URL: a rule, then prose (a linux-mips message of
        # August 2000, line 67).
        (
            "http://www.example.gov/~someone/commercialemail/S771index.html_____________\n"
            "This Message was Composed by a user of Extractor Pro\n",
            "http://www.example.gov/~someone/commercialemail/S771index.html_____________",
            [],
        ),
    ],
)
def test_nothing_else_is_joined(text, url, flags):
    assert [(c.url, sorted(f.value for f in c.flags)) for c in extract(text)][0] == (url, flags)


def pieces_of(text: str) -> list[str] | None:
    """The raw pieces `joined` gives for the first URL of `text`, read as the bare URL that
    ends at its first line, as text."""
    start = extract(text)[0].span.start.offset
    assert start is not None
    end = bare.body_end(text, text.index(":", start) + 1, url_start=start)
    result = joined(text, start, end)
    return None if result is None else [text[a:b] for a, b in result]


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        # A "." trimmed as punctuation is kept where the next line goes on with the
        # host's or the query's rest (draft-ietf-krb-wg-cross-problem-statement-04, line
        # 635).
        (
            "   [RNSS-H8]     http://www.example.com/fmwk.jsp?cnt=h8_family_landing.\n"
            "                 jsp&fp=/products/mpumcu/h8_family/\n",
            [
                "http://www.example.com/fmwk.jsp?cnt=h8_family_landing.",
                "jsp&fp=/products/mpumcu/h8_family/",
            ],
        ),
        # A "," before the next part of an LDAP DN (RFC 4516, line 308).
        (
            "      ldap://ldap1.example.net/o=University%20of%20Michigan,\n"
            "             c=US?postalAddress\n",
            ["ldap://ldap1.example.net/o=University%20of%20Michigan,", "c=US?postalAddress"],
        ),
        # RFC 8792's folding "\": it and the next line's indent are no part of the URL
        # (draft-ietf-httpbis-resumable-upload, 2025, line 1377).
        (
            '     "type":"https://iana.example/assignments/http-problem-types#\\\n'
            '       mismatching-upload-offset",\n',
            ["https://iana.example/assignments/http-problem-types#", "mismatching-upload-offset"],
        ),
        # Three lines: broken after "-", then after "/" (xml2rfc's break opportunities,
        # xml2rfc/utils.py TextWrapper.wordsep_re).
        (
            "   See https://datatracker.example/doc/draft-ietf-somewg-a-rather-long-\n"
            "   document-name-that-goes-on-and-on-past-the-right-margin-of-the/\n"
            "   page/ for the rest.\n",
            [
                "https://datatracker.example/doc/draft-ietf-somewg-a-rather-long-",
                "document-name-that-goes-on-and-on-past-the-right-margin-of-the/",
                "page/",
            ],
        ),
        # A "." at a sentence's end, then a new sentence: no join (RFC 6672, line 969).
        (
            "   registry table at http://www.iana.example/assignments/dns-parameters.\n"
            "   IANA has updated the DNS resource record registry to point to this\n",
            None,
        ),
    ],
)
def test_the_joins_a_scanner_reads_in_pieces(text, pieces):
    assert pieces_of(text) == pieces


def test_a_join_takes_at_most_its_bound_of_lines():
    # Every line ends on a hyphen and the next goes on: the join stops at the bound, so
    # that the text after a URL is read a bounded number of lines ahead (linear time).
    text = "   https://example.org/a-\n" + "   b-\n" * (MAX_JOINED_LINES + 3) + "   end\n"
    start = text.index("https")
    result = joined(text, start, text.index("\n"))
    assert result is not None
    assert [text[a:b] for a, b in result] == ["https://example.org/a-"] + ["b-"] * (
        MAX_JOINED_LINES - 1
    )


def test_the_scanner_joins_what_joined_gives():
    text = (
        "      ldap://ldap1.example.net/o=University%20of%20Michigan,\n"
        "             c=US?postalAddress\n"
    )
    assert readings(text) == [
        (
            "ldap://ldap1.example.net/o=University%20of%20Michigan,c=US?postalAddress",
            "ldap://ldap1.example.net/o=University%20of%20Michigan",
            JOINED,
            (1, 7, 2, 32),
            [(1, 7, 1, 61), (2, 14, 2, 32)],
        )
    ]


_URL_WORD = st.text(alphabet="abc-/._=&?%#~\\", min_size=1, max_size=12)
_INDENT = st.sampled_from(["", " ", "   ", "\t", "> "])


@settings(max_examples=examples(300), deadline=None)
@example([("", "a-", ""), ("", "b.html", " more words")])
@example([("", "a-", ""), ("", "b-", ""), ("", "c/", ""), ("", "d.html", " more words")])
@example([("   ", "a\\", ""), ("      ", "b&c=", ""), ("", "d", "")])
@given(
    st.lists(
        st.tuples(_INDENT, _URL_WORD, st.sampled_from(["", " more words"])), min_size=1, max_size=8
    )
)
def test_a_join_reads_its_pieces_in_order_from_consecutive_lines(lines):
    text = (
        "see http://example.org/"
        + "\n".join(indent + word + tail for indent, word, tail in lines)
        + "\n"
    )
    for candidate in extract(text):
        if Flag.JOINED_BY_GUESS not in candidate.flags:
            continue
        pieces = candidate.pieces
        assert 2 <= len(pieces) <= MAX_JOINED_LINES
        assert [p.start.line for p in pieces] == list(
            range(pieces[0].start.line, pieces[0].start.line + len(pieces))
        )
        assert candidate.url == "".join(text[p.start.offset : p.end.offset] for p in pieces)
        assert candidate.url.startswith(candidate.alt or "")
