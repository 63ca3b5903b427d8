"""The scanner's fast path (scanner.fast) against the pure path, the reference: both read
every text alike, candidate for candidate (URL, spans, pieces, flags, context).

Two fast paths are compared with the pure one: fast.py as Python (its rules, in any
install) and fast.py as compiled by Cython (skipped where it is not built, with the reason
said; failed there when URLINT_EXPECT_COMPILED=1, as .ci/run's compiled install sets).
The texts: generated ones, mild (prose with URLs in the shapes the fast path takes and the
ones it hands back) and adversarial (the characters its rules turn on, in any order), and
every file of ../shared/corpora (URLINT_SHARED)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.scanner import fast, scanner
from urlint.scanner.scanner import ChunkScan, iter_candidates

from ..helpers import (
    CORPORA,
    examples,
    fast_as_python,
    fast_path_to_compare,
    printed_on_the_pure_path,
    read_text,
    shared_mail_and_news,
)

AS_PYTHON = fast_as_python(fast)


@pytest.fixture(scope="module", params=["python", "compiled"])
def fast_path(request):
    """The fast module to compare with the pure path: fast.py run as Python, or compiled."""
    return fast_path_to_compare(request.param, fast, AS_PYTHON)


def _read(text: str, module, syntax: str = "text", chunk: tuple[int, int, int] | None = None):
    """The candidates of `text` with `module` as the fast path (None: the pure path), as
    `extract` reads them (no near-URL looked for: the fast path's only reading); `chunk`:
    (stop, covered_until, since) of one ChunkScan instead of the whole text's scan, its
    candidates and where they cover the text to."""
    saved = scanner.fast_lane
    scanner.fast_lane = lambda: module
    try:
        if chunk is None:
            return list(iter_candidates(text, syntax=syntax, near=False))
        stop, covered, since = chunk
        scanned = ChunkScan(
            text,
            line_base=3,
            column_base=2,
            offset_base=7,
            stop=stop,
            covered_until=covered,
            since=since,
            syntax=syntax,
            near=False,
        )
        return list(scanned), scanned.covered, scanned.stop_position()
    finally:
        scanner.fast_lane = saved


def _same(text: str, module, syntax: str = "text", chunk=None) -> None:
    assert _read(text, module, syntax, chunk) == _read(text, None, syntax, chunk)


def test_an_easy_urls_records_are_the_pure_paths_in_type_and_hash(fast_path):
    # The lane makes an easy URL's records itself (_kernels.records.record): each is of the class
    # the pure path makes and hashes as its record does, so a set of both holds one.
    text = "see http://example.com/a/b.html and ftp://ftp.example.net/pub/\n"
    made, expected = _read(text, fast_path), _read(text, None)
    assert [c.url for c in made] == ["http://example.com/a/b.html", "ftp://ftp.example.net/pub/"]
    for candidate, pure in zip(made, expected, strict=True):
        for mine, theirs in ((candidate, pure), (candidate.span, pure.span)):
            assert type(mine) is type(theirs)
            assert hash(mine) == hash(theirs)
            assert len({mine, theirs}) == 1
        assert type(candidate.span.start) is type(pure.span.start)
        assert hash(candidate.span.end) == hash(pure.span.end)


# Mild: prose and URLs, most of the common shape (no "@" near), some of the shapes the fast
# path hands back, with marks around them.
_WORDS = ["see ", "the page ", "at ", "Note: ", "x", "\n", "\n\n", " ", "  ", "\t", "\r\n"]
# (a line as long as a mail client's wrap column, where joins reads on at its end)
_WORDS += ["a line of prose as long as the wrap column a mail client cuts at ", "Files: "]
# What the next line starts with, after a URL at a line's end: a path, a query, a login's
# rest, a word, nothing.
_NEXT = ["b/c.html", "/g.html", "c=d", "d@h/", "and more", "  indented", "> quoted", "\n", ""]
_NEXT += ["l", "l.", "| piped", "#frag", "word and x@y", "    ", "9 more", ".PP", "-o-o-o-o"]
_MARKS = list(".,;:!?~-_/#*|()[]<>\"'`%$=")
_COMMON = [
    "http://example.com/",
    "https://www.example.org/a/b.html",
    "ftp://ftp.example.net/pub/file.tar.gz",
    "http://example.com/a?b=c&d=e#f",
    "http://example.com/%7Euser/",
    "http://example.com/$x",
    "HTTP://EXAMPLE.COM/",
    "http://example.com/a.",
    "http://example.com/a...",
    "gopher://g.example:70/1",
    "ftp://fred:pw",
    "http://example.com/a/b/c/d/",
    "http://example.com/a)b",
    "http://example.com/x]",
    "http://example.com/x}$(y)",
    "http://example.com/a)->",
    "http://example.com/page.htm",
    "http://example.com/a=b",
    "http://example.com/a/",
    "http://example.com/x====",
    "http://example.com/a8",
    "news:comp.lang.python",
    "urn:ietf:rfc:1738",
]
_HANDED_BACK = [
    "svn+ssh://h.example/r",
    "news://n.example/g",
    "data://x",
    "mailto:fred@example.com",
    "news:comp.lang.python",
    "http://fred:pw@h.example/",
    "<URL:http://w.example/x>",
    "<http://a.example/>",
    "(http://p.example/x)",
    '"http://q.example/"',
    "'http://q.example/'",
    "http://u.example/file.htm-",
    "http://example.com/{id}",
    "http://example.com/caf\u00e9",
    "http://ex-\nample.com/",
    "http://example.com/very/long/" + "p" * 300,
    "1http://x.example/",
    "websitehttps://w.example/y",
    "EUR.https://e.example/x",
    "xhttp://x.example/",
    "tftp://t.example/f",
    "=3Dhttp://x.example/",
    "%shttp://x.example/",
    "http://",
    "http://.",
    "http:///",
    "https://x.example/a\u2014b",
]
_AT_LINE_END = st.tuples(
    st.sampled_from(_COMMON),
    st.text(st.sampled_from(".,;:!?"), max_size=2),
    st.sampled_from(["\n", " \n", "\r\n", "\t\n"]),
    st.sampled_from(_NEXT),
).map("".join)
_LOGIN_READ_ON = st.sampled_from(
    ["ftp://fred:pw d@h/", "http://h.example/a b@c", "ftp://f:p\nw@h/"]
)
_MILD = st.lists(
    st.tuples(
        st.sampled_from(_WORDS + _MARKS),
        st.one_of(
            st.sampled_from(_COMMON),
            _AT_LINE_END,
            st.sampled_from(_HANDED_BACK),
            _LOGIN_READ_ON,
        ),
        st.text(st.sampled_from(_MARKS), max_size=3),
        st.sampled_from(_WORDS),
    ).map("".join),
    max_size=12,
).map("".join)

# Adversarial: the characters the fast path's rules turn on, in any order.
_ALPHABET = "ab:/.h p@\n\r\t<>\"'`()[]{}%$=-,;!?*|\\\x0b\x1c\u00a0\u2014\u00e9"
_ADVERSARIAL = st.lists(
    st.one_of(st.sampled_from(["http", "://", "ftp://", "x.y/", "\n\n", "@h"]), st.text(_ALPHABET)),
    max_size=30,
).map("".join)
_TEXTS = st.one_of(_MILD, _ADVERSARIAL)
_SYNTAXES = st.sampled_from(["text", "text", "text", "python", "markdown", "other"])


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTS, syntax=_SYNTAXES)
def test_generated_texts_read_alike(fast_path, text, syntax):
    _same(text, fast_path, syntax)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTS, cut=st.integers(0, 400), back=st.integers(0, 50), since=st.integers(0, 50))
def test_generated_chunks_read_alike(fast_path, text, cut, back, since):
    stop = min(cut, len(text))
    _same(text, fast_path, chunk=(stop, max(0, stop - back), min(since, stop)))


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTS, syntax=_SYNTAXES)
def test_ten_thousand_generated_texts_read_alike(fast_path, text, syntax):
    _same(text, fast_path, syntax)


@pytest.mark.slow  # every file of ../shared/corpora, through both paths
def test_every_file_of_the_shared_corpora_reads_alike(fast_path):
    if not CORPORA.is_dir():
        pytest.skip(f"{CORPORA} is not present (URLINT_SHARED)")
    read = 0
    for path in sorted(CORPORA.rglob("*")):
        if path.is_file() and path.suffix != ".gz":
            _same(read_text(path), fast_path)
            read += 1
    assert read > 1000  # every file, not a folder that went missing


def test_the_common_shape_is_read_by_the_fast_path():
    # What the fast path proves easy, and what it hands back (-1), on its own rules.
    text = "see http://example.com/a. and (http://x.example/b) or http://h.example/c\nnext\n"
    colon = text.index("://")
    assert AS_PYTHON.easy_scheme_start(text, colon, 0) == 4
    assert text[4 : AS_PYTHON.easy_end(text, 4, colon)] == "http://example.com/a"
    second = text.index("://", colon + 1)
    assert AS_PYTHON.easy_scheme_start(text, second, 0) == text.index("http://x")
    at = text.index("http://x")  # a closing bracket that opens none in it: the prose's
    assert text[at : AS_PYTHON.easy_end(text, at, second)] == "http://x.example/b"
    opened = "see http://x.example/a_(b) now"
    assert AS_PYTHON.easy_end(opened, 4, 8) == -1  # an opening bracket: handed back
    third = text.index("://", second + 1)
    assert AS_PYTHON.easy_end(text, text.index("http://h"), third) == -1  # a next line
    assert AS_PYTHON.easy_scheme_start("'http://q/'", 5, 0) == -1  # a single quote before it


def test_a_double_quote_before_a_url_keeps_it_easy_but_for_a_bracket_or_an_anchor():
    quoted = 'href "http://q.example/a" and "http://q.example/(b)" or "http://q.example/c$"'
    # (the scheme's start after a quote is bare.scheme_start's: easy_scheme_start's first
    # way takes none after a quote)
    first = quoted.index("://")
    assert quoted[6 : AS_PYTHON.easy_end(quoted, 6, first)] == "http://q.example/a"
    second = quoted.index("://", first + 1)
    assert AS_PYTHON.easy_end(quoted, second - 4, second) == -1  # a closing bracket's
    third = quoted.index("://", second + 1)
    assert AS_PYTHON.easy_end(quoted, third - 4, third) == -1  # a pattern's "$" anchor


@pytest.mark.parametrize(
    ("text", "easy"),
    [
        ("see http://x.example/a\nThe next line\n", True),  # a word of prose: no reading on
        ("see http://x.example/a  \n  and more\n", True),
        ("see http://x.example/a/\nb/c.html\n", False),  # ends on a separator: may go on
        ("see http://x.example/a\n/b.html\n", False),  # the next line starts a path
        ("see http://x.example/a\n> quoted\n", True),  # a reply's line: the readers say no
        ("> see http://x.example/a/\n> b/c.html\n", False),  # a path on the reply's next line
        ("see http://x.example/dir/\nwords of prose\n", True),  # a separator, then prose
        ("see http://x.example/dir/\nindex.html\n", False),  # a separator, then a file
        ("see http://x.example/a.htm\nl\n", False),  # ".htm" cut before its "l"
        ("see http://x.example/a\nfred@x.example\n", False),  # a login's rest may be there
        ("see http://x.example/a.\nThe next\n", False),  # punctuation trimmed before the end
        ("x" * 50 + " http://x.example/abc\nnext\n", False),  # at a mail client's wrap column
        ("x" * 50 + " http://x.example/abc \nnext\n", True),  # a blank: joins reads no further
    ],
)
def test_a_url_at_its_line_end_is_easy_where_nothing_on_the_next_line_goes_on(text, easy):
    colon = text.index("://")
    start = text.rindex(" ", 0, colon) + 1
    end = AS_PYTHON.easy_end(text, start, colon)
    assert (end >= 0) is easy
    if easy:
        assert text[start:end] == text[start:].split()[0]
    _same(text, AS_PYTHON)


@pytest.mark.processes
def test_the_pure_path_is_taken_when_asked_for():
    assert (
        printed_on_the_pure_path("from urlint.scanner import scanner; print(scanner.fast_lane())")
        == "None\n"
    )


def _found(paths: list[Path], module) -> list:
    """What the library's scan_paths finds in `paths` (mail read as mail), with `module`
    as the fast path (None: the pure path)."""
    from urlint.api_paths import scan_paths

    saved = scanner.fast_lane
    scanner.fast_lane = lambda: module
    try:
        return list(scan_paths([str(path) for path in paths]))
    finally:
        scanner.fast_lane = saved


# A message of an mbox: a body of the mild texts, sent as it is, quoted-printable or base64.
_ENCODINGS = st.sampled_from(["8bit", "quoted-printable", "base64"])


def _message(body: str, encoding: str) -> str:
    import base64
    import quopri

    data = body.encode("utf-8")
    if encoding == "quoted-printable":
        data = quopri.encodestring(data)
    elif encoding == "base64":
        data = base64.encodebytes(data)
    encoded = data.decode("ascii", "replace") if encoding != "8bit" else body
    return (
        "From fred@x.example Thu Mar  1 03:00:13 2001\n"
        "From: fred@x.example\nSubject: a note\nMIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=utf-8\n"
        f"Content-Transfer-Encoding: {encoding}\n\n{encoded}\n\n"
    )


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=st.lists(st.tuples(_MILD, _ENCODINGS), min_size=1, max_size=4))
def test_generated_mail_reads_alike(fast_path, messages, tmp_path_factory):
    # The mail reader hands each message's decoded text to the scanner: both paths find
    # the same URLs at the same places in the same messages.
    path = tmp_path_factory.mktemp("mail") / "box.mbox"
    path.write_text("".join(_message(body, encoding) for body, encoding in messages), "utf-8")
    assert _found([path], fast_path) == _found([path], None)


@pytest.mark.slow  # all the mail and news of ../shared/corpora, through both paths
def test_the_shared_mail_and_news_read_alike(fast_path):
    folders = shared_mail_and_news()
    found = _found(folders, fast_path)
    assert found == _found(folders, None)
    assert len(found) > 1000
