"""X rules: the text around a URL (RFC 1738, appendix)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from ...core.findings import Severity
from ...core.model import Candidate, Flag, Span
from ...grammar.login import mask_password
from .rule import Hit, TextHit, UrlUnderCheck, rule


@rule(
    "X101",
    "unterminated-wrapper",
    Severity.ERROR,
    "appendix",
    rfc3986=Severity.ERROR,
    rfc3986_says=(
        "RFC 3986 Appendix C keeps the angle brackets around a URI in text "
        '(<http://example.com/>) and calls the "URL:" prefix no longer recommended, '
        'though still met; a "<" with no ">" leaves where the URI ends unknown, under '
        "either standard."
    ),
    summary='A "<URL:" (or "<scheme:") wrapper with no closing ">".',
    explanation=(
        'The appendix recommends "that angle brackets ("<" and ">"), along with the prefix '
        '"URL:", be used to delimit the boundaries of the URL." Without the ">", no reader '
        "knows where the URL ends; urlint takes the text up to the first whitespace."
    ),
    example="See <URL:http://example.com/index.html for details.",
    use_instead="See <URL:http://example.com/index.html> for details.",
    fix='Close the wrapper with ">" right after the URL.',
    fix_safety=(
        "No automatic fix: where the URL ends is what is missing. urlint takes it to end at the "
        "first whitespace, which cuts short a URL broken across lines."
    ),
)
def unterminated_wrapper(subject: UrlUnderCheck) -> Iterator[TextHit]:
    candidate = subject.candidate
    # An unterminated wrapper with no URL after it is prose about the prefix ("the `<URL:`
    # wrapper"), not a URL.
    if candidate.has(Flag.UNTERMINATED) and candidate.url and candidate.wrapper_span is not None:
        yield TextHit(
            candidate.wrapper_span,
            "the wrapper has no closing '>': the URL is taken to end at the first whitespace",
        )


@rule(
    "X102",
    "ambiguous-hyphen-break",
    Severity.WARNING,
    "appendix",
    rfc3986=Severity.WARNING,
    rfc3986_says=(
        'RFC 3986 Appendix C: "No whitespace should be introduced after a hyphen" '
        "when a URI is broken across lines, and a reader of one broken right after a "
        '"-" "should be aware that the hyphen may or may not actually be part of the '
        'URI". The same ambiguity, the same grade.'
    ),
    summary='A wrapped URL broken across lines right after a "-".',
    explanation=(
        'The appendix: "No whitespace should be introduced after a hyphen ("-") character. '
        "Because some typesetters and printers may (erroneously) introduce a hyphen at the end "
        "of line when breaking a line, the interpreter of a URL containing a line break "
        "immediately after a hyphen should ignore all unencoded whitespace around the line "
        "break, and should be aware that the hyphen may or may not actually be part of the "
        'URL." urlint keeps the hyphen and offers the other reading.'
    ),
    example="<URL:http://example.com/long-\n   name.html>",
    use_instead="<URL:http://example.com/\n   long-name.html>",
    fix="Break the line elsewhere (not after a hyphen).",
    fix_safety=(
        "No automatic fix: the hyphen may or may not be part of the URL (appendix), and only the "
        "author knows which."
    ),
)
def ambiguous_hyphen_break(subject: UrlUnderCheck) -> Iterator[Hit]:
    candidate = subject.candidate
    if not candidate.has(Flag.HYPHEN_BREAK):
        return
    other = mask_password(candidate.alt or "", candidate.alt_rest_text())
    offset = 0  # the URL is its pieces' text joined: count to the end of each piece
    pieces = candidate.pieces
    for before, after in pairwise(pieces):
        offset += before.end.column - before.start.column
        if after.start.line > before.end.line and candidate.url[offset - 1 : offset] == "-":
            yield Hit(offset - 1, offset, f"line break after '-': the URL may also be {other}")


@rule(
    "X103",
    "page-furniture-in-wrapper",
    Severity.INFO,
    "appendix",
    rfc3986=Severity.INFO,
    rfc3986_says=(
        "RFC 3986 Appendix C has the whitespace added to break a long URI across "
        "lines ignored when it is extracted; a page footer or running header is no "
        "whitespace, and is left out the same way here."
    ),
    summary="A wrapped URL with a page footer, form feed or running header between its lines.",
    explanation=(
        "The appendix allows whitespace to break a URL across lines; pagination then put page "
        "furniture between the pieces. urlint drops it and rejoins the URL, but readers and "
        "simpler tools may not."
    ),
    example=(
        "<URL:ftp://ds.internic.net/internet-\n\nBerners-Lee  [Page 22]\n\f\nRFC 1738  URLs  "
        "December 1994\n\n  drafts/x.txt>"
    ),
    use_instead="<URL:ftp://ds.internic.net/internet-drafts/x.txt>",
    fix="Keep URLs off page breaks, or reflow the text.",
    fix_safety=(
        "No automatic fix: moving a URL off a page break means reflowing or repaginating the "
        "document, which is its author's choice."
    ),
)
def page_furniture_in_wrapper(subject: UrlUnderCheck) -> Iterator[TextHit]:
    candidate = subject.candidate
    if candidate.has(Flag.PAGE_BREAK) and candidate.wrapper_span is not None:
        yield TextHit(
            candidate.wrapper_span,
            "page furniture inside the wrapper was dropped to rejoin the URL",
        )


# A gap this far into a line is on no typed line (RFC lines are 72 columns, mail lines 78):
# the text was reflowed (paragraphs joined, as renderers and format=flowed readers do), and
# the whitespace is a line break that became a space, which the appendix allows.
REFLOWED_COLUMN = 200


@rule(
    "X104",
    "space-in-wrapper",
    Severity.WARNING,
    "appendix, 2.2",
    rfc3986=Severity.WARNING,
    rfc3986_says=(
        "RFC 3986 Appendix C allows whitespace inside a delimited URI only as it was "
        'added "to break a long URI across lines"; whitespace that is not at a line '
        "break is none of that."
    ),
    summary="Whitespace inside a wrapper that is not at a line break.",
    explanation=(
        "The appendix lets whitespace be added to break long URLs across lines, and it is to "
        "be ignored. Whitespace in the middle of a line is something else: a literal space "
        'that should be %20 (section 2.2: "The space character is unsafe"), as the 1993 '
        "drafts still wrote, or a typo. urlint drops it, as the appendix says; a reader may not. "
        "On a line longer than 200 columns the text was reflowed and the gap is taken for a "
        "former line break."
    ),
    example="<URL:ftp://ftp.example.com/My Documents/file.txt>",
    use_instead="<URL:ftp://ftp.example.com/My%20Documents/file.txt>",
    fix="Write a space that belongs to the URL as %20; remove a stray one.",
    fix_safety=(
        "No automatic fix: a space that belongs to the URL becomes %20 and a stray one goes, and "
        "the two give different URLs; only the author knows which it is."
    ),
)
def space_in_wrapper(subject: UrlUnderCheck) -> Iterator[TextHit]:
    candidate = subject.candidate
    if not candidate.has(Flag.INNER_WHITESPACE):
        return
    pieces = candidate.pieces
    for before, after in pairwise(pieces):
        if after.start.line == before.end.line and before.end.column <= REFLOWED_COLUMN:
            yield TextHit(
                Span(before.end, after.start),
                "whitespace inside the URL, not at a line break: a space that belongs to it is %20",
            )


@rule(
    "X105",
    "broken-bare-url",
    Severity.WARNING,
    "appendix",
    rfc3986=Severity.WARNING,
    rfc3986_says=(
        'RFC 3986 Appendix C: "Using <> angle brackets around each URI is especially '
        "recommended as a delimiting style for a reference that contains embedded "
        'whitespace"; a bare URI broken across lines has no delimiter to say where it '
        "ends."
    ),
    summary="A bare URL at a line end that the next line seems to continue.",
    explanation=(
        "A URL without a wrapper ends at whitespace, so one broken across lines is cut short: "
        "readers get the first line only. The appendix recommends the wrapper for exactly "
        'this: "extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to '
        'break long URLs across lines", inside <URL:...>. In a code or configuration file, '
        "and in a file of a kind urlint does not read, only a comment line of the same style "
        "whose text starts as a URL's rest seems to continue one: never a line of code, a "
        "key, a list item, a directive comment or a path."
    ),
    example="see http://example.com/very/long/\n  path/index.html for details",
    use_instead="see <URL:http://example.com/very/long/\n  path/index.html> for details",
    fix="Wrap the URL and the line that continues it in <URL:...>, as the appendix recommends.",
    fix_safety=(
        "No automatic fix: that the next line continues the URL is a guess (a word that "
        "could go on with it, at about the column a mail client wraps at), and a wrong one "
        "would put that word, prose or code, into the URL. Wrap it by hand where it does."
    ),
)
def broken_bare_url(subject: UrlUnderCheck) -> Iterator[TextHit]:
    if subject.candidate.continuation is None:  # set exactly when flagged MAYBE_CONTINUED
        return
    yield TextHit(
        subject.candidate.span,
        "bare URL at a line end, and the next line seems to continue it: wrap it in <URL:...>",
    )


@rule(
    "X106",
    "empty-wrapper",
    Severity.WARNING,
    "appendix",
    rfc3986=Severity.WARNING,
    rfc3986_says=(
        "RFC 3986 Appendix C delimits a URI with angle brackets; an empty pair holds "
        "none. (An empty reference is a same-document reference, section 4.4, which a "
        "wrapper in text never means.)"
    ),
    summary='A wrapper with nothing in it: "<URL:>".',
    explanation=(
        "The appendix's wrapper delimits a URL; an empty one delimits nothing, and usually "
        "marks a URL lost in editing."
    ),
    example="The archive is at <URL:>.",
    use_instead="The archive is at <URL:ftp://ftp.example.com/pub/archive/>.",
    fix="Write the URL, or remove the wrapper.",
    fix_safety=(
        "No automatic fix: the lost URL cannot be guessed, and removing the wrapper would hide "
        "that one is missing."
    ),
)
def empty_wrapper(subject: UrlUnderCheck) -> Iterator[TextHit]:
    candidate = subject.candidate
    if (
        candidate.wrapper is not None
        and not candidate.url
        and not candidate.has(Flag.UNTERMINATED)
        and candidate.wrapper_span is not None
    ):
        yield TextHit(candidate.wrapper_span, "empty wrapper: no URL inside")


def may_hit(candidate: Candidate) -> bool:
    """Whether a rule of the family can hit the candidate at all.

    Each reads a flag of how it was found (Flag) or its wrapper, and a bare URL found whole
    on its line, as most are, has neither (Linter.lint then passes the family over)."""
    return bool(candidate.flags) or candidate.wrapper is not None


# The family's rules, in code order (catalogue.rules_by_code reads this).
RULES = (
    unterminated_wrapper,
    ambiguous_hyphen_break,
    page_furniture_in_wrapper,
    space_in_wrapper,
    broken_bare_url,
    empty_wrapper,
)
