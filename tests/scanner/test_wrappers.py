"""Wrapped URLs (RFC 1738 appendix): forms, whitespace, hyphens, furniture, prefixes, bounds."""

from __future__ import annotations

import pytest

from urlint import Candidate, Flag, Position, Span, Wrapper, extract, scan

from ..helpers import without_offsets


def only(text: str) -> Candidate:
    found = extract(text)
    assert len(found) == 1, [c.url for c in found]
    return found[0]


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    return Span(Position(line, column), Position(end_line, end_column))


# These tests are about lines and columns (tests/test_library.py checks the offsets).
lines = without_offsets


# --- the appendix's own examples -------------------------------------------------------

APPENDIX = """\
      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
"""


def test_appendix_examples_rejoined_with_pieces_per_line():
    first, second, third = extract(APPENDIX)
    assert first.url == "ftp://info.cern.ch/pub/www/doc;type=d"
    assert lines(first.pieces) == (span(1, 39, 1, 70), span(2, 7, 2, 13))
    assert lines(first.span) == span(1, 39, 2, 13)
    assert lines(first.wrapper_span) == span(1, 34, 2, 14)
    assert first.wrapper is Wrapper.URL
    assert first.flags == {Flag.LINE_BREAK}
    assert first.alt is None
    assert second.url == "ftp://ds.internic.net/rfc"
    assert lines(second.span) == span(2, 57, 3, 21)
    assert third.url == "http://ds.internic.net/instructions/overview.html#WARNING"
    assert lines(third.span) == span(3, 50, 4, 45)


def test_appendix_examples_with_lines_collapsed_to_spaces():
    text = " ".join(line.strip() for line in APPENDIX.splitlines())
    assert [c.url for c in extract(text)] == [
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ]
    assert all(c.flags == {Flag.INNER_WHITESPACE} for c in extract(text))


# --- forms ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "url", "wrapper"),
    [
        ("<URL:http://a.example/x>", "http://a.example/x", Wrapper.URL),
        ("<url:http://a.example/x>", "http://a.example/x", Wrapper.URL),
        ("<Url: http://a.example/x>", "http://a.example/x", Wrapper.URL),
        ("<URL:\thttp://a.example/x >", "http://a.example/x", Wrapper.URL),
        ("< URL:http://a.example/x>", "http://a.example/x", Wrapper.URL),
        ("<http://a.example/x>", "http://a.example/x", Wrapper.ANGLE),
        ("<mailto:joe@a.example>", "mailto:joe@a.example", Wrapper.ANGLE),
        ("<news:comp.infosystems.www>", "news:comp.infosystems.www", Wrapper.ANGLE),
        (
            "URL=<ftp://nnsc.nsf.net/rfc/rfc977.txt>",
            "ftp://nnsc.nsf.net/rfc/rfc977.txt",
            Wrapper.URL_EQUALS,
        ),
        ("url=<ftp://a.example/>", "ftp://a.example/", Wrapper.URL_EQUALS),
        ("<x-proprietary://host/path>", "x-proprietary://host/path", Wrapper.ANGLE),
        ("<foo:bar.example/x>", "foo:bar.example/x", Wrapper.ANGLE),
    ],
)
def test_wrapper_forms(text, url, wrapper):
    candidate = only(f"see {text}, then")
    assert (candidate.url, candidate.wrapper) == (url, wrapper)


def test_url_equals_wrapper_span_starts_at_url_equals():
    candidate = only("x URL=<ftp://a.example/>")
    assert lines(candidate.wrapper_span) == span(1, 3, 1, 25)
    assert lines(candidate.span) == span(1, 8, 1, 24)


def test_whitespace_after_url_prefix_may_include_a_line_break():
    candidate = only("<URL:\n    http://a.example/path>")
    assert candidate.url == "http://a.example/path"
    assert lines(candidate.span) == span(2, 5, 2, 26)
    assert candidate.flags == frozenset()  # one piece: nothing was rejoined


@pytest.mark.parametrize(
    "text",
    [
        "<xsl:template match='x'>",
        "std::vector<std::string> v;",
        "<dc:title>Example</dc:title>",
        "<xsl:apply-templates/>",
        "<Note: this is prose>",
        "a <b> c",
        "<joe@example.com>",
        "<12:30>",
        # ASCII85 image data in a PostScript file (josephwright/beamer e9e99b8,
        # base/art/beamericonarticle.eps line 461): a scheme is written in one case
        "o`+afq!7nCf<bG:pYu53f3S=/q:bZFj8XW~>",
        "<Ab1:x/y>",
        # uuencoded data (a MIME test message's part, uuencode's 61-character "M" lines):
        # GMime's tests/data/mime-part/raptors.uu, line 1356
        "MNU\",MU/8<TS:H!;JOLM/5N`7&W&>@S^-1RR?PM\\I[?+@'WXH`E5W8!<X4#ID\n",
    ],
)
def test_markup_and_prose_in_angle_brackets_is_no_url(text):
    assert extract(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<git:foo/bar>", ["git:foo/bar"]),  # an unknown scheme in one case: as before
        ("<GIT:foo/bar>", ["GIT:foo/bar"]),
        ("<z39.50r:db/rec>", ["z39.50r:db/rec"]),
        ("<xY://host/p>", ["xY://host/p"]),  # with "//" any scheme is a URL's
    ],
)
def test_an_unknown_scheme_in_one_case_may_open_an_angle_wrapper(text, expected):
    assert [c.url for c in extract(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        # libwww-perl/libwww-perl 65c6384, t/local/http.t line 724: the quote closes the
        # string that held "<URL:"; what follows is Perl, closed at "->"
        '    print "Pleased to meet you at: <URL:", $d->url, ">\n";\n',
        "<URL:'name'>",
        "x = '<URL:' + url + '>'",
        '<URL:", 5>',
    ],
)
def test_a_quote_that_closes_a_string_after_the_wrappers_colon_is_no_url(text):
    assert extract(text) == []
    assert [(c.url, c.flags) for c in scan(text) if c.url] == []


def test_empty_wrapper_yields_nothing_but_scan_reports_it():
    assert extract("an empty <URL:> and <URL:   > here") == []
    empties = scan("an empty <URL:> and <URL:   > here")
    assert [(c.url, lines(c.wrapper_span)) for c in empties] == [
        ("", span(1, 10, 1, 16)),
        ("", span(1, 21, 1, 30)),
    ]


def test_bare_url_inside_wrapper_is_not_reported_twice():
    found = extract("<URL:http://a.example/?u=http://b.example/> and http://c.example/")
    assert [c.url for c in found] == ["http://a.example/?u=http://b.example/", "http://c.example/"]


# --- whitespace and hyphens -------------------------------------------------------------


def test_inner_whitespace_removed_and_flagged():
    candidate = only("<gopher://gopher.micro.umn.edu/00/Information\nAbout Gopher/About Gopher>")
    assert candidate.url == "gopher://gopher.micro.umn.edu/00/InformationAboutGopher/AboutGopher"
    assert candidate.flags == {Flag.LINE_BREAK, Flag.INNER_WHITESPACE}


def test_crlf_line_ends():
    candidate = only("<URL:http://a.example/one/\r\n   two.html>\r\n")
    assert candidate.url == "http://a.example/one/two.html"
    assert lines(candidate.pieces) == (span(1, 6, 1, 27), span(2, 4, 2, 12))


def test_hyphen_at_line_break_kept_with_alternative():
    candidate = only(
        "<URL:http://www.example.org/release-notes-for-the-previous-\n   version.html>"
    )
    assert candidate.url == "http://www.example.org/release-notes-for-the-previous-version.html"
    assert candidate.alt == "http://www.example.org/release-notes-for-the-previousversion.html"
    assert candidate.flags == {Flag.LINE_BREAK, Flag.HYPHEN_BREAK}


def test_hyphen_with_trailing_whitespace_before_break():
    candidate = only("<URL:ftp://a.example/x-   \n  y>")
    assert (candidate.url, candidate.alt) == ("ftp://a.example/x-y", "ftp://a.example/xy")


def test_hyphen_not_at_a_break_gives_no_alternative():
    candidate = only("<URL:ftp://a.example/x-y/\n  z>")
    assert (candidate.url, candidate.alt) == ("ftp://a.example/x-y/z", None)
    assert Flag.HYPHEN_BREAK not in candidate.flags


def test_hyphen_before_the_closing_line_is_no_break():
    candidate = only("<URL:ftp://a.example/x-\n>")
    assert (candidate.url, candidate.alt) == ("ftp://a.example/x-", None)


def test_several_hyphen_breaks_all_removed_in_alt():
    candidate = only("<URL:http://a-\nb.example/c-\nd>")
    assert (candidate.url, candidate.alt) == ("http://a-b.example/c-d", "http://ab.example/cd")


# --- page furniture ----------------------------------------------------------------------

RFC_PAGE_BREAK = """\
   The minutes are in
   <URL:ftp://ftp.example.org/pub/wg/minutes/



Writer                                                          [Page 1]
\f
RFC 9999             Locating Example Resources           April 1996


   1996-april.txt>, with older material.
"""


def test_rfc_page_break_inside_wrapper_is_dropped():
    candidate = only(RFC_PAGE_BREAK)
    assert candidate.url == "ftp://ftp.example.org/pub/wg/minutes/1996-april.txt"
    assert candidate.flags == {Flag.LINE_BREAK, Flag.PAGE_BREAK}
    assert lines(candidate.pieces) == (span(2, 9, 2, 46), span(11, 4, 11, 18))


def test_internet_draft_footer_and_header_without_form_feed():
    text = (
        '"OpenPGP Message Format", RFC 2440, November 1998, <http:/\n\n\n\n'
        "Burdis & Naffah        Expires November 28, 2003               [Page 44]\n"
        "Internet-Draft        SRP Authentication Mechanism              May 2003\n\n\n"
        "              /www.ietf.org/rfc/rfc2440.txt>.\n"
    )
    assert only(text).url == "http://www.ietf.org/rfc/rfc2440.txt"


def make_paged_document(break_inside: str) -> str:
    """A document with its own running footer and header on every page."""
    page = "Some text on this page.\nMore text here.\n"
    furniture = "Berners-Lee {n}\nRFC XXXX Uniform Resource Locators (URL) October 1993\n"
    pages = []
    for n in range(1, 5):
        body = page if n != 2 else "<ftp://boombox.micro.umn.edu/pub/gopher/\n"
        pages.append(body + furniture.format(n=n))
    pages.append(break_inside + "\n" + page)
    return "".join(pages)


def test_document_running_header_and_footer_are_dropped():
    candidate = extract(make_paged_document("gopher_protocol> . See also"))[0]
    assert candidate.url == "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol"
    assert candidate.flags == {Flag.LINE_BREAK, Flag.PAGE_BREAK}


def test_line_repeated_only_twice_is_not_furniture():
    text = "<URL:http://a.example/\nsee also\n>\n see also\n"
    candidate = only(text)
    assert candidate.url == "http://a.example/seealso"
    assert Flag.PAGE_BREAK not in candidate.flags


def test_blank_lines_alone_end_a_wrapper():
    candidate = only("<URL:http://a.example/first\n\n  second>\n")
    assert candidate.url == "http://a.example/first"
    assert candidate.flags == {Flag.UNTERMINATED}


# --- reply prefixes --------------------------------------------------------------------


def test_reply_prefix_repeating_first_line_is_dropped():
    text = "> The list is at <URL:http://www.example.org/tools/\n> mirrors/by-country.html> ok\n"
    candidate = only(text)
    assert candidate.url == "http://www.example.org/tools/mirrors/by-country.html"
    assert candidate.flags == {Flag.LINE_BREAK, Flag.REPLY_PREFIX}
    assert lines(candidate.pieces) == (span(1, 23, 1, 52), span(2, 3, 2, 26))


@pytest.mark.parametrize(
    "first, next_prefix", [(">> ", ">> "), ("> > ", ">> "), (">> ", "> > "), ("| ", "| ")]
)
def test_reply_prefixes_of_the_same_depth(first, next_prefix):
    text = f"{first}see <URL:ftp://a.example/pub/\n{next_prefix}  file.txt>\n"
    assert only(text).url == "ftp://a.example/pub/file.txt"


def test_gt_at_line_start_closes_an_unquoted_wrapper():
    candidate = only("see <URL:http://a.example/x\n> more text")
    assert candidate.url == "http://a.example/x"
    assert Flag.UNTERMINATED not in candidate.flags


def test_deeper_quote_on_continuation_closes_the_wrapper():
    candidate = only("> see <URL:http://a.example/x\n>> y>\n")
    assert candidate.url == "http://a.example/x"


# --- unterminated wrappers -----------------------------------------------------------------


def test_unterminated_wrapper_yields_first_line_and_scanning_goes_on():
    text = "see <URL:http://a.example/start, and more\nprose http://b.example/ here\n"
    first, second = extract(text)
    assert first.url == "http://a.example/start"
    assert first.flags == {Flag.UNTERMINATED}
    assert lines(first.span) == span(1, 10, 1, 32)
    assert (second.url, lines(second.span)) == ("http://b.example/", span(2, 7, 2, 24))


def test_unterminated_after_twenty_lines():
    text = "<URL:http://a.example/x\n" + "y\n" * 25
    candidate = only(text)
    assert (candidate.url, candidate.flags) == ("http://a.example/x", {Flag.UNTERMINATED})


def test_twenty_line_wrapper_still_closes():
    text = "<URL:http://a.example/\n" + "y/\n" * 18 + "z>\n"
    assert only(text).url == "http://a.example/" + "y/" * 18 + "z"


def test_unterminated_after_2048_characters():
    text = "<URL:http://a.example/" + "x" * 1500 + "\n" + "y" * 1500 + "\n>"
    candidate = only(text)
    assert candidate.url == "http://a.example/" + "x" * 1500
    assert candidate.flags == {Flag.UNTERMINATED}


def test_unterminated_at_end_of_text():
    candidate = only("look at <URL:ftp://a.example/pub/")
    assert (candidate.url, candidate.flags) == ("ftp://a.example/pub/", {Flag.UNTERMINATED})


def test_prose_mentioning_the_prefix_is_no_url():
    assert extract("The `<URL:` wrapper prefix is recommended.\n") == []


@pytest.mark.parametrize(
    ("text", "url", "rest", "rest_span"),
    [
        # The wrapper's ">" first on the next line stands inside the login: read on past it.
        ("<URL:ftp://fred:s\n>e@h/>\n", "ftp://fred:s", "e@h/", span(2, 2, 2, 6)),
        ("> see <URL:ftp://:JJJ-\n>    >JJJ@h/> and\n", "ftp://:JJJ-", "JJJ@h/", span(2, 7, 2, 13)),
        # Read on, it hides nothing more (no login): the wrapper simply ends there.
        ("> see <URL:ftp://h.example/a-\n>    >b@x\n", "ftp://h.example/a-", "", None),
    ],
)
def test_a_wrapper_closed_first_on_the_next_line_reads_the_login_on_past_it(
    text, url, rest, rest_span
):
    found = only(text)
    assert (found.url, found.login_rest_text) == (url, rest)
    assert without_offsets(found.login_rest) == rest_span


@pytest.mark.parametrize(
    ("text", "url"),
    [
        # quoted by marks: the next line's "A>" is the URL's rest and the close
        ("> found it under <URL:nntp://h.example/a00\n> A> and after.\n", "nntp://h.example/a00A"),
        # quoted by a writer's initials: the same initials are the next line's prefix
        ("Jo> see <URL:http://x.example/a\nJo> bc> and after\n", "http://x.example/abc"),
    ],
)
def test_a_quoted_wrapper_reads_its_next_line_by_its_first_lines_prefix(text, url):
    assert [(c.url, c.span.start.line, c.span.end.line) for c in extract(text)] == [(url, 1, 2)]
