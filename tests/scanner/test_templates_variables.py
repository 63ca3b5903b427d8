"""A shell's or a language's `$` variables in a URL (scanner/templates.py): placeholders in
every syntax where `$` cannot be the URL's own character (the scheme, the host, the port),
and everywhere in shell, `$NAME` everywhere in YAML and TOML; in a path or a query `$` is
URL text elsewhere (OData's `$metadata`, `?$filter=`). Lines quoted from real repositories
name the repository, the commit, the file and the line; a line "of the same shape" is
shortened or made up around the form tested."""

from __future__ import annotations

import pytest

from urlint.core.model import Flag
from urlint.scanner.scanner import extract
from urlint.scanner.templates import CODE, CONFIG, SHELL, placeholders


def read(text: str, syntax: str = "text") -> list[tuple]:
    """(url, (column, end column), the placeholders' text, their offsets in the URL, whether
    it is flagged a template) of each URL of `text` read in `syntax`."""
    return [
        (
            c.url,
            (c.span.start.column, c.span.end.column),
            [c.url[start:end] for start, end in c.placeholders],
            c.placeholders,
            Flag.TEMPLATE in c.flags,
        )
        for c in extract(text, syntax=syntax)
    ]


# helm/helm e9b85e4de16ad45805843fb121748018cf89094b, pkg/chart/v2/util/create.go line 549:
# the NOTES.txt `helm create` writes into every chart (and bitnami/charts 5165628a,
# bitnami/minio/templates/NOTES.txt line 69, the same URL).
NODE_URL = "http://$NODE_IP:$NODE_PORT"
NODE_HOLES = (["$NODE_IP", "$NODE_PORT"], ((7, 15), (16, 26)))


@pytest.mark.parametrize(
    ("syntax", "line", "column"),
    [
        ("text", f"  echo {NODE_URL}\n", 8),  # NOTES.txt
        ("markdown", f"  echo {NODE_URL}\n", 8),
        ("rst", f"  echo {NODE_URL}\n", 8),
        ("asciidoc", f"  echo {NODE_URL}\n", 8),
        ("other", f"  echo {NODE_URL}\n", 8),  # a chart's NOTES.tpl
        ("shell", f"  echo {NODE_URL}\n", 8),
        ("yaml", f"  - echo {NODE_URL}\n", 10),
        ("toml", f'url = "{NODE_URL}"\n', 8),
        ("python", f'URL = "{NODE_URL}"\n', 8),
        ("javascript", f"const url = `{NODE_URL}`;\n", 14),
        ("go", f'url := "{NODE_URL}"\n', 9),
        ("c-like", f'String url = "{NODE_URL}";\n', 15),
        ("json", f'{{"url": "{NODE_URL}"}}\n', 10),
    ],
)
def test_a_variable_host_and_port_are_placeholders_in_every_syntax(syntax, line, column):
    # No host holds a "$" (RFC 1738 section 3.1; RFC 3986 section 3.2.2's names for DNS),
    # no port anything but digits (RFC 3986 section 3.2.3).
    holes, offsets = NODE_HOLES
    assert read(line, syntax) == [(NODE_URL, (column, column + 26), holes, offsets, True)]


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # bitnami/charts 5165628a, bitnami/harbor/templates/nginx/configmap-https.yaml line
        # 201: nginx's variables in a YAML block scalar, the host and the path after it
        (
            "yaml",
            "          return 301 https://$host$request_uri;\n",
            ("https://$host$request_uri", (22, 47), ["$host", "$request_uri"],
             ((8, 13), (13, 25))),
        ),
        # mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab,
        # lib/Mojo/UserAgent/Server.pm line 39: a Perl scheme and a port glued to the host
        (
            "other",
            '    $self->{port} = $server->listen(["$proto://127.0.0.1$port"])->start;\n',
            ("$proto://127.0.0.1$port", (39, 62), ["$proto", "$port"], ((0, 6), (18, 23))),
        ),
        # mojolicious/mojo b4de430, t/mojo/daemon_ipv6_tls.t line 52: an IPv6 literal stays
        # one, its port a variable
        (
            "other",
            '  $ua->proxy->https("http://[::1]:$proxy");\n',
            ("http://[::1]:$proxy", (22, 41), ["$proxy"], ((13, 19),)),
        ),
        # a Perl scalar inside an IP literal's brackets (a line of the same shape)
        ("other", 'my $url = "http://[$ip6]:80/";\n', ("http://[$ip6]:80/", (12, 29), ["$ip6"],
                                                   ((8, 12),))),
        # square/okhttp 1682d9bac8c03dffde2969b0b74d47649d0dbb52,
        # mockwebserver-deprecated/src/main/kotlin/okhttp3/mockwebserver/RecordedRequest.kt
        # line 134: Kotlin's string templates, the scheme, the host and the port
        (
            "c-like",
            '      this.requestUrl = "$scheme://$hostname:$localPort$path".toHttpUrlOrNull()\n',
            ("$scheme://$hostname:$localPort$path", (26, 61),
             ["$scheme", "$hostname", "$localPort", "$path"],
             ((0, 7), (10, 19), (20, 30), (30, 35))),
        ),
        # square/okhttp 1682d9b, okhttp/src/jvmTest/kotlin/okhttp3/HttpUrlTest.kt line 73
        (
            "c-like",
            '    assertInvalid("http://$host/", "Invalid URL host")\n',
            ("http://$host/", (20, 33), ["$host"], ((7, 12),)),
        ),
        # helm/charts 390ee6614b4bb0da96b397f9b382e3ddca9f59a4,
        # stable/traefik/templates/configmap.yaml line 60: a rewrite's back-reference
        ("yaml", '          replacement = "https://$1"\n', ("https://$1", (26, 36), ["$1"],
                                                           ((8, 10),))),
        # composer/composer eba7baa59eb1b59246cf9800b0120fe78915b6ac,
        # src/Composer/Util/Filesystem.php line 686: preg_replace's `$1`, a drive letter
        ("c-like", "    $p = Preg::replace($re, 'file://$1:/', $path);\n",
         ("file://$1:/", (30, 41), ["$1"], ((7, 9),))),
    ],
)  # fmt: skip
def test_variables_in_a_host_or_a_port_real_lines(syntax, line, expected):
    url, span, holes, offsets = expected
    assert read(line, syntax) == [(url, span, holes, offsets, True)]


def test_a_variable_host_glued_to_a_helm_template_real_line():
    """bitnami/charts 5165628a, bitnami/minio/templates/NOTES.txt line 58: a Go template's
    action holds a quoted string and blanks, read whole (`{{ }}` is no prose's)."""
    line = (
        '   echo "Minio(R) Console URL: http://$SERVICE_IP{{- if ne $port "80" }}'
        ':{{ .Values.console.service.ports.http }}{{ end }}"\n'
    )
    url = (
        'http://$SERVICE_IP{{- if ne $port "80" }}:{{ .Values.console.service.ports.http }}'
        "{{ end }}"
    )
    assert read(line) == [
        (
            url,
            (32, 123),
            ["$SERVICE_IP", '{{- if ne $port "80" }}', "{{ .Values.console.service.ports.http }}",
             "{{ end }}"],
            ((7, 18), (18, 41), (42, 82), (82, 91)),
            True,
        )
    ]  # fmt: skip


# --- a `$` in a path or a query is URL text, but in shell (and in capitals in YAML) -------

# eugenp/tutorials 74b6f5afdc73b782fd5c35f90a9922d00e903c4c, apache-olingo/Samples.md lines
# 7, 8 and 10: OData's resource path segment and system query options (OData 4.01 URL
# conventions, sections 4.1 and 5.1).
ODATA = (
    "http://localhost:8080/odata/$metadata",
    "http://localhost:8080/odata/CarMakers?$top=10&$skip=10",
    "http://localhost:8080/odata/CarMakers?$filter=startswith(Name,'B')",
)


@pytest.mark.parametrize("url", ODATA)
@pytest.mark.parametrize(
    ("syntax", "before", "after"),
    [
        ("markdown", "| `", "`  | an OData URL |\n"),
        ("text", "see ", " for it\n"),
        ("other", "see ", " for it\n"),
        ("python", 'u = "', '"\n'),
        ("c-like", 'u = "', '";\n'),
        ("yaml", 'u: "', '"\n'),
        ("toml", 'u = "', '"\n'),
        ("json", '{"u": "', '"}\n'),
    ],
)
def test_odata_names_stay_url_text_but_in_shell(url, syntax, before, after):
    column = len(before) + 1
    assert read(before + url + after, syntax) == [(url, (column, column + len(url)), [], (), False)]


def test_every_dollar_name_is_a_shell_variable_in_shell():
    # A shell expands `$metadata` in double quotes (POSIX XCU 2.6.2): the URL is a template.
    assert read(f'curl "{ODATA[0]}"\n', "shell") == [
        (ODATA[0], (7, 44), ["$metadata"], ((28, 37),), True)
    ]


@pytest.mark.parametrize(
    ("syntax", "expected"),
    [
        ("text", ([], ())),
        ("markdown", ([], ())),
        ("other", ([], ())),
        ("python", ([], ())),
        ("c-like", ([], ())),
        ("yaml", (["$GITHUB_REPOSITORY", "$VERSION"], ((19, 37), (47, 55)))),
        ("toml", (["$GITHUB_REPOSITORY", "$VERSION"], ((19, 37), (47, 55)))),
        ("shell", (["$GITHUB_REPOSITORY", "$VERSION"], ((19, 37), (47, 55)))),
    ],
)
def test_a_variable_in_a_path_is_a_placeholder_in_shell_and_configuration(syntax, expected):
    url = "https://github.com/$GITHUB_REPOSITORY/releases/$VERSION/a.tgz"
    holes, offsets = expected
    assert read(f'x = "{url}"\n', syntax) == [(url, (6, 67), holes, offsets, bool(holes))]


def test_a_perl_query_value_stays_url_text():
    """mojolicious/mojo b4de430, t/mojo/daemon.t line 366: `$fd` is Perl's, but a `$` in a
    query is a URL's own character where the language is not known (a file urlint does not
    read): nothing a rule reports on."""
    line = '  my $d = Mojo::Server::Daemon->new(listen => ["http://127.0.0.1?fd=$fd"]);\n'
    assert read(line, "other") == [("http://127.0.0.1?fd=$fd", (49, 72), [], (), False)]


def test_a_back_reference_is_a_placeholder_anywhere():
    """curl/curl 5c61e168698a72b87437d58ed728bcdea6d5db42, scripts/release-notes.pl line
    197; and an Apache rewrite target (a line of the same shape)."""
    assert read('        $ref = "https://curl.se/bug/?i=$1"\n', "other") == [
        ("https://curl.se/bug/?i=$1", (17, 42), ["$1"], ((23, 25),), True)
    ]
    assert read("RewriteRule ^(.*)$ https://%{HTTP_HOST}/$1 [R=301,L]\n", "other") == [
        ("https://%{HTTP_HOST}/$1", (20, 43), ["%{HTTP_HOST}", "$1"], ((8, 20), (21, 23)), True)
    ]


def test_a_password_that_may_be_written_stays_url_text():
    # A login is no host: `$ecret` may be the password itself (section 6 wants it reported).
    assert read("see ftp://fred:$ecret@ftp.example.org/pub/ here\n") == [
        ("ftp://fred:$ecret@ftp.example.org/pub/", (5, 43), [], (), False)
    ]
    # In shell it is a variable, as every `$name` is there.
    assert read('curl "https://$USER:$TOKEN@github.com/o/r.git"\n', "shell") == [
        ("https://$USER:$TOKEN@github.com/o/r.git", (7, 46), ["$USER", "$TOKEN"],
         ((8, 13), (14, 20)), True)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("url", "kind", "expected"),
    [
        # OkHttp's test of the characters a query may hold: `$()` holds no command
        # (square/okhttp 1682d9b, okhttp/src/jvmTest/kotlin/okhttp3/HttpUrlTest.kt line 1804)
        ("http://host/?a=!$(),/:;?@", CODE, []),
        ("http://h/$(VERSION)/a", "", ["$(VERSION)"]),
        ("http://h/a-$(uname -s)-$((1+2))", "", ["$(uname -s)", "$((1+2))"]),
        ("http://h/${v}/a", "", ["${v}"]),
        ("http://h/a$b", "", []),
        ("http://h/a$b", SHELL, ["$b"]),
        ("http://h/$Home/a", CONFIG, []),  # a capital, then lower case: a name
        ("http://h/$HOME/a", CONFIG, ["$HOME"]),
        ("http://$h:80/$p", "", ["$h"]),
        ("http://u:$p@h/", "", []),
        ("http://u:$p@$h/", "", ["$h"]),
        ("xri://$xrds", "", ["$xrds"]),  # an XRI's global context symbol, read as a variable
        ("http://h/a$", "", []),
        ("file://server/c$/a", "", []),  # an administrative share
    ],
)
def test_dollar_forms(url, kind, expected):
    assert [url[start:end] for start, end in placeholders(url, kind)] == expected
