"""URL templates: placeholders keep a URL whole, flag it `template` and are placed in it
(scanner/templates.py). Lines quoted from real repositories name the repository and file."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.model import Flag
from urlint.scanner.scanner import extract
from urlint.scanner.templates import CONFIG, SHELL, placeholders


def holes(url: str, shell: bool | str = False) -> list[str]:
    return [url[start:end] for start, end in placeholders(url, shell)]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        # Python's format strings and f-strings
        ("https://api.example.com/users/{user_id}/items", ["{user_id}"]),
        ("http://{host}:{port}/", ["{host}", "{port}"]),  # psf/requests tests/test_lowlevel.py
        ("https://x.org/Status/{0.status_code}", ["{0.status_code}"]),  # encode/httpx _models.py
        ("http://{}:{}@{}:9000/path", ["{}", "{}", "{}"]),  # psf/requests tests/test_requests.py
        # printf
        ("https://%s%s", ["%s", "%s"]),
        ("https://github.com/pallets/flask/issues/%s", ["%s"]),  # pallets/flask docs/conf.py
        ("oci://%s/u/ocitestuser/%s", ["%s", "%s"]),  # helm/helm pkg/cmd/pull_test.go
        ("http://h/%(name)s/%d/x", ["%(name)s", "%d"]),
        ("http://h/page%d", ["%d"]),
        ("http://h/%v/%q", ["%v", "%q"]),  # Go's verbs
        # RFC 6570 section 2.2's expressions, each operator
        ("https://api.github.com/repos/{owner}/{repo}", ["{owner}", "{repo}"]),
        ("http://h{+path}/a{#frag}", ["{+path}", "{#frag}"]),
        ("http://h{/var*}{?x,y}{&z}", ["{/var*}", "{?x,y}", "{&z}"]),
        ("http://h/p{;x}{.ext}{=a}", ["{;x}", "{.ext}", "{=a}"]),
        ("https://api.github.com/users/u/starred{/owner}{/repo}", ["{/owner}", "{/repo}"]),
        # JavaScript, shell and GitHub Actions; Jinja, Go and Helm templates
        ("https://github.com/${this.owner}/${this.repo}/x", ["${this.owner}", "${this.repo}"]),
        ("https://a.org/${encodeURIComponent(user)}/c", ["${encodeURIComponent(user)}"]),
        ("https://pypi.org/project/Flask/${{ github.ref_name }}", ["${{ github.ref_name }}"]),
        ("http://h/{{ .Values.service.port }}/a", ["{{ .Values.service.port }}"]),
        ("http://h/{{{raw}}}", ["{{raw}}"]),  # Mustache's triple: the inner pair
        # Ruby's format and RFC 7208's SPF macros
        ("http://%{d}/why.html?s=%{S}&i=%{I}", ["%{d}", "%{S}", "%{I}"]),
    ],
)
def test_placeholders_are_placed_in_the_url(url, expected):
    assert holes(url) == expected


@pytest.mark.parametrize(
    "url",
    [
        "http://h/a%20b%2Fc",  # escapes (RFC 1738 section 2.2)
        "http://h/%da",  # `%da` is an escape: the escape's reading wins over printf's `%d`
        "http://h/%DA%d0",
        "http://h/{unclosed",
        "http://h/}{",
        "http://h/$HOME",  # `$` is a URL's own character outside shell
        "http://h/100%",
        "http://foo.com/blah_blah_{I'm_king}",  # a name in braces (linkify-it's test links)
    ],
)
def test_escapes_and_lone_braces_are_no_placeholders(url):
    assert holes(url) == []


def test_shell_variables_are_placeholders_in_shell_only():
    # nvm-sh/nvm Dockerfile
    url = "https://github.com/koalaman/shellcheck/releases/download/v$SHELLCHECK_VERSION/x.tar"
    assert holes(url, shell=True) == ["$SHELLCHECK_VERSION"]
    assert holes(url) == []
    assert holes("https://get.helm.sh/helm-$(VERSION)-${OS}.tgz", shell=True) == [
        "$(VERSION)",
        "${OS}",
    ]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://$ETCD_SERVICE_HOST:$ETCD_PORT/v2", ["$ETCD_SERVICE_HOST", "$ETCD_PORT"]),
        ("https://x.org/$CI_PROJECT_PATH/-/jobs", ["$CI_PROJECT_PATH"]),
        ("http://$(API_HOST):$(api_port)/", ["$(API_HOST)", "$(api_port)"]),
        ("https://x.org/${version}/a", ["${version}"]),  # any syntax's
        ("https://x.org/Svc?$top=2&$skip=4", []),  # OData's own, lower case
        ("https://x.org/$Home/a", []),  # a capital, then lower case: a name, no variable
    ],
)
def test_variables_in_capitals_are_placeholders_in_configuration(url, expected):
    # YAML and TOML values are handed to a shell or envsubst (scanner.templates).
    assert holes(url, shell=CONFIG) == expected
    assert [url[a:b] for a, b in placeholders(url, SHELL)] == holes(url, shell=True)


def test_a_template_is_flagged_in_running_text_too():
    (found,) = extract("Use https://api.github.com/repos/{owner}/{repo} (RFC 6570).\n")
    assert (found.url, found.flags, found.placeholders) == (
        "https://api.github.com/repos/{owner}/{repo}",
        frozenset({Flag.TEMPLATE}),
        ((29, 36), (37, 43)),
    )
    (plain,) = extract("see http://a.example/x%20y\n")
    assert (plain.flags, plain.placeholders) == (frozenset(), ())


def test_blanks_inside_a_placeholder_do_not_end_the_url():
    # rust-lang/mdBook guide/src/continuous-integration.md
    text = (
        "curl -sSL https://github.com/rust-lang/mdBook/releases/download/v{{ mdbook-version }}"
        "/mdbook-v{{ mdbook-version }}-x86_64-unknown-linux-gnu.tar.gz | tar -xz\n"
    )
    (found,) = extract(text)
    assert found.url == text[10 : text.index(" | tar")]
    assert (found.span.start.column, found.span.end.column) == (11, text.index(" | tar") + 1)
    assert [found.url[a:b] for a, b in found.placeholders] == ["{{ mdbook-version }}"] * 2
    assert Flag.TEMPLATE in found.flags
    # pallets/flask .github/workflows/publish.yaml
    (action,) = extract("      url: https://pypi.org/project/Flask/${{ github.ref_name }}\n")
    assert action.url == "https://pypi.org/project/Flask/${{ github.ref_name }}"
    # a Go template's action holds quotes too (the shape of bitnami/charts 5165628a,
    # bitnami/wordpress/templates/NOTES.txt line 69: `{{- if ne $port "80" }}`)
    (helm,) = extract('echo "URL: http://127.0.0.1{{- if ne $port "80" }}:{{ .Values.port }}/"\n')
    assert helm.url == 'http://127.0.0.1{{- if ne $port "80" }}:{{ .Values.port }}/'


@pytest.mark.parametrize(
    ("text", "url"),
    [
        # a brace not closed on the line, or too far on: the URL ends at the blank
        ("see http://h/a/{{ name\n }} now", "http://h/a/"),
        ("see http://h/a/{{ " + "x " * 50 + "}} now", "http://h/a/"),
        # what ends a URL for certain ends it inside braces that prose may write too
        ('see http://h/{ a "b" } now', "http://h/"),
        ("see http://h/{ a } and { b }", "http://h/{ a }"),
    ],
)
def test_a_placeholder_must_close_soon_on_its_line(text, url):
    assert [found.url for found in extract(text)] == [url]


placeholder_texts = st.lists(
    st.sampled_from(["a", "/", "{x}", "{{ y }}", "${z}", "%s", "%d", "%(n)s", "%20", "{", "}"]),
    max_size=12,
).map("".join)


@given(placeholder_texts)
def test_placeholders_lie_in_the_url_in_order_and_apart(rest):
    url = "http://h/" + rest
    spans = placeholders(url)
    assert all(0 <= start < end <= len(url) for start, end in spans)
    pairs = zip(spans, spans[1:], strict=False)
    assert all(end <= next_start for (_, end), (next_start, _) in pairs)
    assert all(url[start] in "{$%" for start, _ in spans)


@given(placeholder_texts)
def test_the_flag_goes_with_the_placeholders(rest):
    for found in extract(f"see http://h/{rest} and more\n"):
        assert (Flag.TEMPLATE in found.flags) == bool(found.placeholders)
        assert found.placeholders == placeholders(found.url)
