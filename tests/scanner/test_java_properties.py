"""A Java properties file (`.properties`) read as java.util.Properties.load reads it
(scanner/code/properties.py's lexer, scanner/literals.py's `_in_property`): "#" and "!"
comment lines, a key and its separator, a value to its logical line's end, its escapes read
as the characters they stand for, the URL's span on the written text.

The Gradle wrapper's files are the real ones of four repositories fetched for this
(int128/gradle-ssh-plugin, Triple-T/gradle-play-publisher, spring-projects/spring-petclinic,
00-Evan/shattered-pixel-dungeon: `gradle/wrapper/gradle-wrapper.properties`, line 3); the
CAS overlay's `etc/cas/config/cas.properties` (apereo/cas-gradle-overlay-template) writes
its separator as ": "; the escaped port and the continued line follow the load method's
documentation (a line that ends on an odd number of backslashes goes on, the next line's
leading blanks skipped).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.scanner.scanner import extract
from urlint.scanner.syntax import Syntax, syntax_of


def read(text: str) -> list[tuple]:
    """(url, context, its pieces as (line, column, end line, end column)) of each URL."""
    return [
        (
            c.url,
            c.context,
            [(p.start.line, p.start.column, p.end.line, p.end.column) for p in c.pieces],
        )
        for c in extract(text, syntax="properties")
    ]


WRAPPER = (
    "distributionBase=GRADLE_USER_HOME\n"
    "distributionPath=wrapper/dists\n"
    "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.14.5-bin.zip\n"
    "networkTimeout=10000\n"
)


def test_a_properties_file_is_named_by_its_extension():
    assert syntax_of("gradle/wrapper/gradle-wrapper.properties") is Syntax.PROPERTIES


def test_the_wrappers_escaped_colon_is_read_as_a_colon_its_span_the_written_text():
    assert read(WRAPPER) == [
        (
            "https://services.gradle.org/distributions/gradle-8.14.5-bin.zip",
            "string",
            [(3, 17, 3, 22), (3, 23, 3, 81)],  # `https`, then from the colon on
        )
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # `: ` as the separator; a comment's URL is a comment's
        (
            "# CAS\ncas.server.name: https://cas.example.org:8443\n",
            [("https://cas.example.org:8443", "string", [(2, 18, 2, 46)])],
        ),
        (
            "! see http://www.gradle.org/docs/current/userguide/build_environment.html\n",
            [
                (
                    "http://www.gradle.org/docs/current/userguide/build_environment.html",
                    "comment",
                    [(1, 7, 1, 74)],
                )
            ],
        ),
        # an escaped port's colon and an escaped "="
        (
            "backendUrl=http\\://10.0.2.2\\:8080/api?a\\=1&b=2\n",
            [
                (
                    "http://10.0.2.2:8080/api?a=1&b=2",
                    "string",
                    [(1, 12, 1, 16), (1, 17, 1, 28), (1, 29, 1, 40), (1, 41, 1, 47)],
                )
            ],
        ),
        # a logical line that goes on: the next line's blanks are no part of the URL
        (
            "long.url = https://example.com/very/long/path/\\\n           continued/index.html\n",
            [
                (
                    "https://example.com/very/long/path/continued/index.html",
                    "string",
                    [(1, 12, 1, 47), (2, 12, 2, 32)],
                )
            ],
        ),
        # an escape of what no URL holds ends it: a backslash, a tab, a character by code
        ("tab=http://x.org/a\\tb\n", [("http://x.org/a", "string", [(1, 5, 1, 19)])]),
        ("u=http://x.org/a\\u0026b=1\n", [("http://x.org/a", "string", [(1, 3, 1, 17)])]),
        ("p=http://x.org/a\\\\b\n", [("http://x.org/a", "string", [(1, 3, 1, 17)])]),
        # an even number of backslashes at the line's end: an escaped one, the line ends
        (
            "p=http://x.org/a\\\\\nq=http://y.org/\n",
            [
                ("http://x.org/a", "string", [(1, 3, 1, 17)]),
                ("http://y.org/", "string", [(2, 3, 2, 16)]),
            ],
        ),
        # no URL: a Windows path written with escapes, a key's escaped colon
        ("sdk.dir=C\\:\\\\Users\\\\you\\\\AppData\\\\Local\\\\Android\\\\Sdk\n", []),
        ("key\\:with=http://x.org/k\n", [("http://x.org/k", "string", [(1, 11, 1, 25)])]),
    ],
)
def test_a_properties_value_is_read_as_java_reads_it(text, expected):
    assert read(text) == expected


def test_a_hash_in_a_value_is_the_values():
    # "#" starts a comment only as a line's first character past its blanks
    assert [c.url for c in extract("u=http://x.org/a#frag\n", syntax="properties")] == [
        "http://x.org/a#frag"
    ]


def test_a_url_in_a_value_is_never_fixed_but_in_a_comment_may_be():
    from urlint.linter.fixable import fix_may_apply, fix_scope

    (value,) = extract("u=http://x.org/~a\n", syntax="properties")
    (comment,) = extract("# http://x.org/~a\n", syntax="properties")
    scope = fix_scope("properties")
    assert (fix_may_apply(value, scope), fix_may_apply(comment, scope)) == (False, True)


@given(
    st.text(alphabet="abc-._~/=:", min_size=1, max_size=30),
    st.lists(st.integers(0, 47), max_size=4),
    st.sampled_from(["=", ":", " = ", "  "]),
)
def test_a_value_written_with_escapes_and_continued_lines_reads_as_the_url_it_means(
    path, cuts, separator
):
    # each ":" and "=" escaped, the value's logical line broken at each cut, its next
    # line indented: java.util.Properties reads the URL back whole. Not inside its "://"
    # (`http\` then `://`): no URL starts there, and the value is not read as one.
    url = "http://h.example/" + path
    bounds = [
        0,
        *sorted({cut for cut in cuts if 0 < cut < len(url) and not 4 <= cut <= 6}),
        len(url),
    ]
    pieces = [url[start:end] for start, end in zip(bounds, bounds[1:], strict=False)]
    written = "\\\n    ".join(p.replace(":", "\\:").replace("=", "\\=") for p in pieces)
    found = extract(f"k{separator}{written}\n", syntax="properties")
    assert [c.url for c in found] == [url.rstrip(".:")]
