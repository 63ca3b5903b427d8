"""What the rules report on a URL template (scanner/templates.py, linter/rules/engine.py):
nothing on a placeholder, the rest linted as any URL is, and no fix in a template. The
false alarms measured on real repositories, each line's findings before in a comment (the
default target, RFC 1738, then `--target rfc3986`), and the URLs that stay URL text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.lint_helpers import every_place
from urlint.core.model import Flag, ScannedText
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.linter.suppressions import Suppressions
from urlint.scanner.scanner import scan
from urlint.sources.kinds import file_syntax


def findings(text: str, path: str, target: str | None = None) -> list[tuple[str, int, int]]:
    """(code, column, end column) of each finding of `--select ALL` in `text`, read as the
    file `path` is."""
    checker = Checker(build_settings({}, select=["ALL"], target=target))
    scanned = ScannedText(text, 1, 0, scan(text, syntax=file_syntax(path)))
    found = list(checker.lint_text(scanned, path, Suppressions()))
    return [(f.code, span.start.column, span.end.column) for f, span in every_place(found)]


def test_a_placeholder_that_may_hold_what_is_missing_silences_its_absence():
    """leancore05/robotTraineeWeb cac01fb54f32357d6d4413b2ff471adf2adbd212,
    abrir_relatorio.py line 9: the "/" and path S417 asks for after a file URL's host (an
    empty finding, at the host's end) may be the placeholder's own, which ends there."""
    line = '    webbrowser.open_new(f"file://{caminho_completo}")\n'
    assert findings(line, "abrir_relatorio.py") == []
    # A placeholder apart from where the "/" is missing does not: `{a}` ends before ".org".
    assert findings('u = f"file://{a}.org"\n', "a.py") == [("S417", 21, 21)]


@pytest.mark.parametrize(
    ("path", "line"),
    [
        # helm/helm e9b85e4de16ad45805843fb121748018cf89094b, pkg/chart/v2/util/create.go
        # line 549, the NOTES.txt `helm create` writes: S407 (8, 15) and S408 (16, 26), then
        # S408 alone; in a .sh file it was quiet
        ("templates/NOTES.txt", "  echo http://$NODE_IP:$NODE_PORT\n"),
        ("README.md", "  echo http://$NODE_IP:$NODE_PORT\n"),
        ("notes.tpl", "  echo http://$NODE_IP:$NODE_PORT\n"),
        # bitnami/charts 5165628ae06697f8f68a670bef7739d93c4b7f44,
        # bitnami/minio/templates/NOTES.txt line 58: S407 (39, 53), C201 (50, 51), C201
        # (51, 52); the URL ended inside the `{{ }}`
        (
            "templates/NOTES.txt",
            '   echo "Minio(R) Console URL: http://$SERVICE_IP{{- if ne $port "80" }}'
            ':{{ .Values.console.service.ports.http }}{{ end }}"\n',
        ),
        # curl/curl 5c61e168698a72b87437d58ed728bcdea6d5db42, lib/openldap.c line 624:
        # S403 (29, 30), C206 (36, 38), S408 (36, 38), the URL read as "s://%s:%u"
        ("lib/openldap.c", '  hosturl = curl_maprintf("%s://%s:%u",\n'),
        # Grafana's conf/defaults.ini root_url: S403 (23, 24), "s://..." read
        ("conf/defaults.ini", "root_url = %(protocol)s://%(domain)s:%(http_port)s/grafana/\n"),
        # curl/curl 5c61e16, docs/cmdline-opts/_GLOBBING.md line 15: C201 (31, 32) and
        # C201 (37, 38)
        ("docs/_GLOBBING.md", "    ftp://ftp.example.com/file[1-100].txt\n"),
        # curl/curl 5c61e16, tests/data/test1 line 37: C206 (8, 11), S407 (8, 15), C206
        # (16, 19), S408 (16, 25), C206 (26, 29)
        ("tests/data/test1", "http://%HOSTIP:%HTTPPORT/%TESTNUMBER\n"),
        # Homebrew/brew aad366ffaf6a8c94c66d35e4b990d42ac4195305,
        # Library/Homebrew/test/cask/upgrade_spec.rb line 757: S417 (23, 24)
        ("upgrade_spec.rb", '          url "file://#{TEST_FIXTURE_DIR}/cask/caffeine.zip"\n'),
        # Homebrew/brew aad366f, Library/Homebrew/vulns/identify.rb line 69: S407 (29, 30),
        # C203 (37, 38)
        ("identify.rb", '            return "https://#{host}/#{repo_path}"\n'),
        # plack/Plack c8215144d5e0cdd826ae2f497a14ca4d5c8a00c9, lib/Plack/Runner.pm line
        # 214 (the "\n" left out): S403, S407 and S408 on "proto://$host:$args-"
        ("Runner.pm", 'print STDERR "$name: at $proto://$host:$args->{port}/";\n'),
        # kazuho/p5-test-httpd-apache2 2726d850443421e47530788aef037a095f764cda, t/00base.t
        # line 29: S409, C201, S407, C201 on "http://@{[$httpd-"
        ("t/00base.t", 'is get("http://@{[$httpd->listen]}/hello.txt"), \'hello\';\n'),
        # square/okhttp 1682d9bac8c03dffde2969b0b74d47649d0dbb52, RecordedRequest.kt line
        # 134: S403, S407 and S408
        ("RecordedRequest.kt", '    this.requestUrl = "$scheme://$hostname:$localPort$path"\n'),
        # Docker Compose's install line: no finding, but the URL ended at "$(uname"
        ("install.md", "curl -L https://github.com/docker/compose/releases/download/1.29.2/"
                       "docker-compose-$(uname -s)-$(uname -m) -o x\n"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("target", [None, "rfc3986"])
def test_no_finding_on_a_placeholder_real_lines(path, line, target):
    assert findings(line, path, target) == []


@pytest.mark.parametrize(
    ("path", "line", "expected"),
    [
        # what lies outside the placeholders is linted as any URL is: guzzle/guzzle
        # 2779e868a00289e1b1fd854af030c43a06f4bcb4, src/Handler/StreamHandler.php line 455
        # (S407, S408 and eight C201 on PHP's `{$...}` before), its scheme not RFC 1738's
        ("StreamHandler.php", "        'proxy' => \"tcp://{$parsed['host']}:{$parsed['port']}\",\n",
         [("S403", 21, 24)]),
        ("notes.txt", "see http://$HOST:$PORT/a~b|c\n", [("C202", 25, 26), ("C201", 27, 28)]),
        ("a.c", 'x = "http://%s:%d/a b~"\n', []),  # a literal's blank ends the URL there
        ("a.c", 'x = "http://%s:%d/a|b"\n', [("C201", 20, 21)]),
        # the IP literal around a variable is still RFC 1738's unsafe brackets
        ("a.pl", 'my $url = "http://[$ip6]:80/";\n', [("C201", 19, 20), ("C201", 24, 25)]),
        # mojolicious/mojo b4de430651b722f560b1577da9018e3f402d96ab, t/mojo/daemon_ipv6_tls.t
        # line 52: the IPv6 literal keeps its findings, the port none
        ("a.t", '  $ua->proxy->https("http://[::1]:$proxy");\n',
         [("C201", 29, 30), ("S407", 29, 34), ("C201", 33, 34)]),
        # eugenp/tutorials 74b6f5afdc73b782fd5c35f90a9922d00e903c4c, apache-olingo/Samples.md
        # line 7: OData's `$metadata` is URL text, linted: no fault (localhost's port is one
        # its writer chose, no P503)
        ("Samples.md", "| `http://localhost:8080/odata/$metadata`  | fetch OData metadata |\n",
         []),
        # escapes stay escapes: curl/curl 5c61e16, tests/data/test1609 line 23
        ("tests/data/test1609", "gopher://%HOSTIP:%GOPHERPORT/1/sel%0d%0aINJECT/%TESTNUMBER\n",
         [("P505", 35, 38), ("S411", 35, 38), ("P505", 38, 41), ("S411", 38, 41)]),
        # a writer's broken escape in prose, and a brace that is no template
        ("notes.txt", "see https://shop.example/50%off and http://x.org/{I'm_king} now\n",
         [("C206", 28, 31), ("C201", 50, 51), ("C201", 59, 60)]),
        # a password that may be written: a login is no host (section 6)
        ("notes.txt", "see ftp://fred:$ecret@ftp.example.org/pub/ here\n",
         [("P502", 11, 15), ("P501", 16, 22)]),
    ],
)  # fmt: skip
def test_the_rest_of_a_template_and_url_text_are_linted(path, line, expected):
    assert findings(line, path) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # placeholders are all the password is: none is written
        ("see ftp://u:${PW}@h.example/ now\n", [("P502", 11, 12)]),
        ('u = f"postgres://{user}:{password}@{host}:{port}/{db}"\n', [("S403", 7, 15)]),
        # a password written around a placeholder, or holding what reads as one, is written
        ("see ftp://fred:Secr%ET1@ftp.example.org/ now\n", [("P502", 11, 15), ("P501", 16, 24)]),
        ("see ftp://fred:pw$1@h.example/ now\n", [("P502", 11, 15), ("P501", 16, 20)]),
        ("see ftp://u:pre{x}post@h.example/ now\n", [("P502", 11, 12), ("P501", 13, 23)]),
    ],
)
def test_a_password_is_no_finding_only_where_placeholders_are_all_it_is(line, expected):
    path = "a.py" if line.startswith("u =") else "notes.txt"
    assert findings(line, path) == expected


# --- a property: never a finding on a placeholder, never a fix in a template ---------------

_TEXT = st.sampled_from(
    ["a", "b1", "/", "-", ".", "~", "|", "^", "%20", "%zz", "\u00e9", "$", "(", ")", "[", "]",
     "=", "&", "?", "#", ":", "@", "'", "_"]
)  # fmt: skip
_HOLES = st.sampled_from(
    ["{id}", "{{ name }}", "${v}", "$(uname -s)", "%s", "%d", "%(n)s", "%-5d", "%1$s", "%@",
     "#{x}", "{$a['k']}", "@{[ $x->y ]}", "$h->{k}", "[1-9]", "[a-z:2]", "{<n>a,b}",
     "%HOSTIP", "$1", "$NAME", "$name", "%u", "%%"]
)  # fmt: skip
_HOSTS = st.sampled_from(
    ["h.example", "$HOST", "{host}", "%s", "[::1]", "[$ip6]", "%HOSTIP", "#{host}", "u:p@h",
     "$user:$pw@$h", "@{[ $h ]}", "u:{pw}@h", "u:a{pw}@h", "u:%s@h"]
)  # fmt: skip
_PORTS = st.sampled_from(["", ":80", ":$PORT", ":{port}", ":%d", ":8o", ":%u", ":$p->{port}"])
_PLACES = st.sampled_from(
    [("notes.txt", "see {url} here\n"), ("README.md", "See {url} here.\n"),
     ("a.pl", 'my $u = "{url}";\n'), ("a.py", "# see {url} here\n"),
     ("a.sh", 'curl "{url}"\n'), ("a.yaml", "url: {url}\n"), ("a.rb", 'url "{url}"\n')]
)  # fmt: skip


@settings(deadline=None)
@given(
    st.sampled_from(["http", "https", "ftp", "file", "%s", "$proto"]),
    _HOSTS,
    _PORTS,
    st.lists(st.one_of(_TEXT, _HOLES), max_size=10),
    _PLACES,
)
def test_a_placeholder_is_never_reported_on_and_a_template_never_fixed(
    scheme, host, port, path_parts, place
):
    path, line = place
    text = line.format(url=f"{scheme}://{host}{port}/{''.join(path_parts)}")
    candidates = scan(text, syntax=file_syntax(path))
    checker = Checker(build_settings({}, select=["ALL"]))
    found = list(checker.lint_text(ScannedText(text, 1, 0, candidates), path, Suppressions()))
    for candidate in candidates:
        assert (Flag.TEMPLATE in candidate.flags) == bool(candidate.placeholders)
        if not candidate.placeholders or len(candidate.pieces) != 1:
            continue
        start, end = candidate.span.start.column, candidate.span.end.column
        holes = [(start + begin, start + stop) for begin, stop in candidate.placeholders]
        mine = [f for f in found if start <= f.column < end]
        for finding in mine:
            assert finding.fix is None, (finding, candidate.url)
            if finding.code == "P501":  # reported where the password holds more than them
                assert not _covered(finding.column, finding.end_column, holes), finding
            elif finding.column == finding.end_column:  # something missing, at a place
                assert not any(b <= finding.column <= e for b, e in holes), (finding, candidate)
            else:
                on_one = any(finding.column < e and b < finding.end_column for b, e in holes)
                assert not on_one, (finding, candidate.url, candidate.placeholders)


def _covered(column: int, end: int, holes: list[tuple[int, int]]) -> bool:
    """Do `holes` (in order) cover the columns [column, end)?"""
    for start, stop in holes:
        if start <= column < stop:
            column = stop
    return column >= end
