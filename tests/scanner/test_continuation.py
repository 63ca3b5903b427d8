"""What the next line says about a bare URL at its line end: the text that may continue it
(`continuation`, the linter's X105) and the pieces of one broken across lines (`joined`).

Most URLs at a line end are settled by the next line's first character, or by a blank
line after them, before any pattern runs on the next line's word: these pin the readings
on each side of those early answers.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.scanner.continuation import continuation
from urlint.scanner.joins import joined

from ..helpers import examples


def _url_at_line_end(text: str) -> tuple[int, int]:
    start = text.index("http")
    return start, text.index("\n", start)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A reply prefix on both lines: the next line's first character is a quote mark,
        # and the rest is read past it.
        ("> see http://example.com/a\n> /rest of it\n", "/rest"),
        # Past an indent, a path's rest.
        ("see http://example.com/a\n   /b/c.html\n", "/b/c.html"),
        # The URL ends on a separator: any word shaped as a path goes on.
        ("see http://example.com/a/\nb/c.html here\n", "b/c.html"),
    ],
)
def test_the_next_line_that_may_continue_a_url(text, expected):
    start, end = _url_at_line_end(text)
    found = continuation(text, start, end)
    assert found is not None
    assert text[found[0] : found[1]] == expected


@pytest.mark.parametrize(
    "text",
    [
        "see http://example.com/a\nmore words\n",  # prose after a URL that ends on a letter
        "see http://example.com/a\n2024 was a year\n",  # a digit starts no path either
        "> see http://example.com/a\n/rest at another reply level\n",
        "see http://example.com/a\n\n/b/c.html\n",  # a blank line: a new paragraph
        "see http://example.com/a\n",  # the text's end
    ],
)
def test_a_next_line_that_does_not_continue_a_url(text):
    start, end = _url_at_line_end(text)
    assert continuation(text, start, end) is None
    assert joined(text, start, end) is None


def test_a_url_broken_after_a_hyphen_goes_on_with_a_digit():
    text = "   see https://example.com/a-\n   2024/x.html more\n"
    start, end = _url_at_line_end(text)
    pieces = joined(text, start, end)
    assert pieces == ((7, 29), (33, 44))
    assert [text[a:b] for a, b in pieces] == ["https://example.com/a-", "2024/x.html"]


def test_a_url_that_ends_on_a_letter_is_not_joined_with_a_digit():
    text = "   see https://example.com/a\n   2024/x.html more\n"
    start, end = _url_at_line_end(text)
    assert (joined(text, start, end), continuation(text, start, end)) == (None, None)


@settings(max_examples=examples(200), deadline=None)
@given(
    last=st.sampled_from("abcZ09"),
    first=st.sampled_from("abcXYZ0123456789"),
    rest=st.text(alphabet="abc/.-=?&_ ", max_size=12),
)
def test_a_letter_or_digit_never_goes_on_with_a_url_that_ends_on_one(last, first, rest):
    # A URL that ends on a letter or digit is broken there only before a separator (a
    # path, a query, a host's tail): a word that starts with a letter or digit is the
    # text's next word, whatever follows it.
    text = f"   see http://example.com/path{last}\n   {first}{rest}\n"
    start, end = _url_at_line_end(text)
    assert joined(text, start, end) is None
    assert continuation(text, start, end) is None


# Which next line may go on with a URL at its line end at all (going_on.going_on_at),
# read in the file's own syntax: a code or configuration file's, or a file of a kind urlint
# does not read. Each the URL's line and the next ones as written in the file cited; the
# URL, its line and column, its flags. Before, each URL that is none was flagged
# maybe-continued (X105), most joined with the next line.
NEVER_GOES_ON = [
    # android/nowinandroid d6abd6d3, build-logic/gradle.properties line 1: a key after a
    # commented line (was joined as ".../2534org.gradle.parallel=true")
    (
        "build-logic/gradle.properties",
        "# Gradle properties are not passed to included builds https://github.com/gradle/"
        "gradle/issues/2534\norg.gradle.parallel=true\norg.gradle.caching=true\n",
        ("https://github.com/gradle/gradle/issues/2534", 1, 55),
    ),
    # ansible/ansible c9ac477e, lib/ansible/constants.py line 109: code after a comment
    (
        "lib/ansible/constants.py",
        "# http://nezzen.net/2008/06/23/colored-text-in-python-using-ansi-escape-sequences/\n"
        "COLOR_CODES = {\n",
        ("http://nezzen.net/2008/06/23/colored-text-in-python-using-ansi-escape-sequences/", 1, 3),
    ),
    # ansible/ansible c9ac477e, test/lib/ansible_test/_internal/ci/azp.py line 177: a
    # comment after code, then code
    (
        "test/lib/ansible_test/_internal/ci/azp.py",
        "            self.org_uri = os.environ['SYSTEM_COLLECTIONURI']  # ex: https://dev.azur"
        "e.com/{org}/\n            self.project = os.environ['SYSTEM_TEAMPROJECT']\n",
        ("https://dev.azure.com/{org}/", 1, 70),
    ),
    # ansible/ansible c9ac477e, test/integration/targets/ansible-config/files/
    # galaxy_server.ini line 19: a key's value, then a key (was joined as
    # ".../tokenclient_id=galaxy-ng")
    (
        "files/galaxy_server.ini",
        "auth_url=http://my_keycloak:8080/auth/realms/myco/protocol/openid-connect/token\n"
        "client_id=galaxy-ng\n",
        ("http://my_keycloak:8080/auth/realms/myco/protocol/openid-connect/token", 1, 10),
    ),
    # ansible/ansible c9ac477e, test/integration/targets/module_utils_Ansible.ModuleUtils.
    # PrivilegeUtil/library/privilege_util_test.ps1 line 19: PowerShell code after a
    # comment (was joined as ".../privilege-constants$total_privileges")
    (
        "library/privilege_util_test.ps1",
        "# taken from https://docs.microsoft.com/en-us/windows/desktop/SecAuthZ/privilege-c"
        "onstants\n$total_privileges = @(\n",
        ("https://docs.microsoft.com/en-us/windows/desktop/SecAuthZ/privilege-constants", 1, 14),
    ),
    # bitnami/charts 5165628a, bitnami/mariadb-galera/values.yaml line 525: a my.cnf in a
    # block scalar, its comment and then a key
    (
        "bitnami/mariadb-galera/values.yaml",
        "  mariadbConfiguration: |-\n    innodb_autoinc_lock_mode=2\n"
        "    # Per https://www.percona.com/blog/2006/08/04/innodb-double-write/\n"
        "    innodb_doublewrite=1\n",
        ("https://www.percona.com/blog/2006/08/04/innodb-double-write/", 3, 11),
    ),
    # bitnami/charts 5165628a, bitnami/rabbitmq/values.yaml line 135: a comment of the same
    # style whose text is no URL's rest ("E.g." after a URL ending on "/")
    (
        "bitnami/rabbitmq/values.yaml",
        "## ref: https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/\n"
        "## E.g.\n## dnsPolicy: ClusterFirst\n",
        ("https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/", 1, 9),
    ),
    # traefik/traefik fd5a576d, contrib/systemd/traefik.service line 3: a key's value, and
    # a directive commented out (was joined over three lines)
    (
        "contrib/systemd/traefik.service",
        "Documentation=https://doc.traefik.io/traefik/\n#After=network-online.target\n"
        "#AssertFileIsExecutable=/usr/bin/traefik\n",
        ("https://doc.traefik.io/traefik/", 1, 15),
    ),
    # traefik/traefik fd5a576d, docs/mkdocs.yml line 186: a key after a comment
    (
        "docs/mkdocs.yml",
        "# https://facelessuser.github.io/pymdown-extensions/\nmarkdown_extensions:\n",
        ("https://facelessuser.github.io/pymdown-extensions/", 1, 3),
    ),
    # golangci/golangci-lint 6fb5dee3, go.sum line 26: a module's path on the next row
    # (was joined as "h1://...=cloud.google.com/go/bigquery")
    (
        "go.sum",
        "cloud.google.com/go/bigquery v1.7.0/go.mod h1://okPTzCYNXSlb24MZs83e2Do+h+VXtc4gLo"
        "IoXIAPc=\ncloud.google.com/go/bigquery v1.8.0/go.mod h1:J5hqkt3O0uAFnINi6JXValWI"
        "b1v0goeZM77hZzJN/fQ=\n",
        ("h1://okPTzCYNXSlb24MZs83e2Do+h+VXtc4gLoIoXIAPc=", 1, 44),
    ),
    # curl/curl 5c61e168, CMake/unix-cache.cmake line 262: CMake code after a comment that
    # follows code (was joined as ".../msg00029.htmlendif()")
    (
        "CMake/unix-cache.cmake",
        "  set(HAVE_STROPTS_H 0)  # glibc 2.30 or newer. https://sourceware.org/legacy-ml/"
        "libc-alpha/2019-08/msg00029.html\nendif()\n",
        ("https://sourceware.org/legacy-ml/libc-alpha/2019-08/msg00029.html", 1, 49),
    ),
    # curl/curl 5c61e168, configure.ac line 5223: a shell variable's value, then a macro
    (
        "configure.ac",
        "  CURL_PACKAGE_MAINTAINER=https://curl.se/\n  AC_SUBST(CURL_PACKAGE_MAINTAINER)\n",
        ("https://curl.se/", 1, 27),
    ),
    # jeroenrinzema/psql-wire 41ef7a63, error.go line 12: a Go directive glued to its
    # comment's leader
    (
        "error.go",
        "// http://www.postgresql.org/docs/current/static/protocol-error-fields.html\n"
        "//nolint:varcheck,deadcode\nconst (\n",
        ("http://www.postgresql.org/docs/current/static/protocol-error-fields.html", 1, 4),
    ),
    # curl/curl 5c61e168, docs/internals/CONNECTION-FILTERS.md line 293: a Markdown code
    # block's lines are code, shown as written
    (
        "docs/internals/CONNECTION-FILTERS.md",
        "```\n* create connection for http://curl.se/\n"
        "conn[curl.se] --> SETUP[TCP] --> HAPPY-EYEBALLS --> NULL\n```\n",
        ("http://curl.se/", 2, 25),
    ),
    # traefik/traefik fd5a576d, pkg/provider/kubernetes/crd/generated/applyconfiguration/
    # traefikio/v1alpha1/ingressroutetcpspec.go line 38: a key in the next comment line
    (
        "v1alpha1/ingressroutetcpspec.go",
        "\t// More info: https://doc.traefik.io/traefik/v3.7/reference/install-configuration"
        "/entrypoints/\n\t// Default: all.\n",
        ("https://doc.traefik.io/traefik/v3.7/reference/install-configuration/entrypoints/", 1, 16),
    ),
]


@pytest.mark.parametrize(("path", "text", "expected"), NEVER_GOES_ON)
def test_no_line_of_code_key_directive_or_path_goes_on_with_a_url(path, text, expected):
    from urlint.scanner.scanner import scan
    from urlint.scanner.syntax import syntax_of

    found = [
        (c.url, c.span.start.line, c.span.start.column, c.span.end.line, sorted(c.flags))
        for c in scan(text, syntax=syntax_of(path))
        if c.url.startswith(expected[0][:8])
    ]
    url, line, column = expected
    flags = ["template"] if "{" in url else []
    assert found == [(url, line, column, line, flags)]


def test_a_comments_url_goes_on_in_a_comment_of_the_same_style_after_a_query_separator():
    """A query's next parameter, on a comment line of the same leader: X105's hint (the
    comment's end bounds the URL itself)."""
    from urlint.scanner.scanner import scan

    # reed9999/slowgames 42ba756e, site-yucata/classify_games.py line 46
    text = (
        "    # https://yucata.de/data.jqdt?dataSource=RankingDetailsUser&UserID=188172&OppID"
        "=-1&\n    #   GameType=-1&draw=1&columns%5B0%5D%5Bdata%5D=function&columns%5B0%5D%5"
        "Bname%5D=&\n"
    )
    (url,) = scan(text, syntax="python")
    assert (url.url, sorted(url.flags), url.context) == (
        "https://yucata.de/data.jqdt?dataSource=RankingDetailsUser&UserID=188172&OppID=-1&",
        ["maybe-continued"],
        "comment",
    )
    assert url.continuation is not None
    assert (url.continuation.start.line, url.continuation.start.column) == (2, 9)
    assert text[url.continuation.start.offset : url.continuation.end.offset] == (
        "GameType=-1&draw=1&columns%5B0%5D%5Bdata%5D=function&columns%5B0%5D%5Bname%5D=&"
    )
    # and in the same line written after "//" in Go, or "#" in a kind urlint does not read
    for syntax, leader in (("go", "//"), ("other", "#")):
        other = text.replace("#", leader)
        (url,) = scan(other, syntax=syntax)
        assert sorted(url.flags) == ["maybe-continued"]
    # but not onto a comment of another style, nor onto code
    for following in ("    ## GameType=-1&draw=1\n", "    GameType=-1&draw=1\n"):
        other = text.split("\n")[0] + "\n" + following
        (url,) = scan(other, syntax="python")
        assert url.flags == frozenset()
