"""URLs read in the literal or comment they stand in (scanner/literals.py): an escape's letter
glued before a scheme, a configuration file's `$` variables, an escaped quote after a URL
in a comment. Lines from real repositories name the repository, the file, the commit and
the line; the lines tested are short ones of the same shape."""

from __future__ import annotations

import pytest

from urlint.core.model import Flag
from urlint.scanner.scanner import ChunkScan, extract


def read(text: str, syntax: str) -> list[tuple]:
    """(url, context, (line, column, end line, end column), the placeholders' text, whether
    it is a template) of each URL of `text` read in `syntax`."""
    return [
        (
            c.url,
            c.context,
            (c.span.start.line, c.span.start.column, c.span.end.line, c.span.end.column),
            [c.url[start:end] for start, end in c.placeholders],
            Flag.TEMPLATE in c.flags,
        )
        for c in extract(text, syntax=syntax)
    ]


# --- an escape sequence before a scheme is no part of the URL ----------------------------


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        ("python", 'x = "\\nhttps://x.org/a"\n', ("https://x.org/a", (1, 8, 1, 23))),
        ("javascript", "x = '\\thttps://x.org/a'\n", ("https://x.org/a", (1, 8, 1, 23))),
        ("go", 'x := "\\rhttp://x.org/a"\n', ("http://x.org/a", (1, 9, 1, 23))),
        ("c-like", 'puts("\\nftp://x.org/a\\n");\n', ("ftp://x.org/a", (1, 9, 1, 22))),
        ("json", '{"a": "\\nhttps://x.org/a"}\n', ("https://x.org/a", (1, 10, 1, 25))),
    ],
)
def test_an_escape_right_before_a_scheme_is_not_read_into_the_url(syntax, line, expected):
    url, span = expected
    assert read(line, syntax) == [(url, "string", span, [], False)]


def test_escapes_before_urls_in_a_template_literal_real_lines():
    """vitejs/vite packages/vite/src/node/__tests__/utils.spec.ts, commit
    a98c8d95d552c6fa98ab66fb810f5b39ad5abf49, line 624: a srcset in a template literal, each
    URL after a `\\t` escape (read `thttps://...` before)."""
    text = (
        "    const source = `\n"
        "      \\thttps://example.com/dpr_1,q_auto/v1/img   1x,\n"
        "      \\thttps://example.com/dpr_2,q_auto/v1/img\\t\\t2x\n"
        "    `\n"
    )
    assert read(text, "javascript") == [
        ("https://example.com/dpr_1,q_auto/v1/img", "string", (2, 9, 2, 48), [], False),
        ("https://example.com/dpr_2,q_auto/v1/img", "string", (3, 9, 3, 48), [], False),
    ]


def test_a_scheme_an_escape_letter_starts_is_left_whole():
    # "rsync" is a scheme and "sync" none: the "\r" reading is not taken; "sftp" likewise.
    assert [c.url for c in extract('a = "\\rsync://x.org/m"\n', syntax="python")] == [
        "rsync://x.org/m"
    ]
    assert [c.url for c in extract('a = "\\sftp://x.org/m"\n', syntax="python")] == [
        "sftp://x.org/m"
    ]


# --- a configuration file's `$` variables are placeholders ------------------------------


def test_shell_variables_in_a_yaml_command_are_placeholders_real_line():
    """kubernetes/examples _archived/storage/vitess/vtctld-controller-template.yaml, commit
    279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea, line 46: a folded block scalar that `sh -c`
    runs, its variables filled in by the shell."""
    text = (
        "          command:\n"
        "            - >-\n"
        "              -etcd_global_addrs http://$ETCD_GLOBAL_SERVICE_HOST:$ETCD_GLOBAL_PORT\n"
    )
    assert read(text, "yaml") == [
        (
            "http://$ETCD_GLOBAL_SERVICE_HOST:$ETCD_GLOBAL_PORT",
            "string",
            (3, 34, 3, 84),
            ["$ETCD_GLOBAL_SERVICE_HOST", "$ETCD_GLOBAL_PORT"],
            True,
        )
    ]


@pytest.mark.parametrize(
    ("syntax", "line", "expected"),
    [
        # GitLab CI: its predefined variables, in a job's script (a plain scalar: its quote
        # is the shell's, not YAML's)
        (
            "yaml",
            '  - echo "Logs: https://gitlab.example.com/$CI_PROJECT_PATH/-/jobs/$CI_JOB_ID"\n',
            (
                "https://gitlab.example.com/$CI_PROJECT_PATH/-/jobs/$CI_JOB_ID",
                None,
                ["$CI_PROJECT_PATH", "$CI_JOB_ID"],
            ),
        ),
        # GitHub Actions: a `run:` step's plain scalar, a shell's line
        (
            "yaml",
            "        run: curl -fsSL https://api.github.com/repos/$GITHUB_REPOSITORY/tags\n",
            (
                "https://api.github.com/repos/$GITHUB_REPOSITORY/tags",
                None,
                ["$GITHUB_REPOSITORY"],
            ),
        ),
        # Kubernetes' dependent environment variables in a container's args
        (
            "yaml",
            '        args: ["--api=http://$(API_HOST):$(API_PORT)/v1"]\n',
            ("http://$(API_HOST):$(API_PORT)/v1", "string", ["$(API_HOST)", "$(API_PORT)"]),
        ),
        # in a comment too, as in shell
        (
            "yaml",
            "# mirror: https://$MIRROR_HOST/pub\n",
            ("https://$MIRROR_HOST/pub", "comment", ["$MIRROR_HOST"]),
        ),
        (
            "toml",
            'url = "https://example.org/$PKG_NAME/download"\n',
            ("https://example.org/$PKG_NAME/download", "string", ["$PKG_NAME"]),
        ),
    ],
)
def test_variables_in_capitals_in_yaml_and_toml_are_placeholders(syntax, line, expected):
    url, context, holes = expected
    ((found_url, found_context, _, found_holes, template),) = read(line, syntax)
    assert (found_url, found_context, found_holes, template) == (url, context, holes, True)


def test_a_lower_case_dollar_name_in_yaml_is_url_text():
    # OData's system query options are a URL's own: `$top`, `$filter` (OData 4.01 URL
    # conventions, section 5.1); `$` is reserved in a URL (RFC 1738 section 2.2).
    line = 'url: "https://services.odata.org/V4/Svc/Products?$top=2&$skip=4"\n'
    assert read(line, "yaml") == [
        ("https://services.odata.org/V4/Svc/Products?$top=2&$skip=4", "string", (1, 7, 1, 64),
         [], False)
    ]  # fmt: skip
    # Nor does a `$` variable make a template in a language whose strings are not a shell's.
    assert read('u = "https://x.org/$HOME/a"\n', "python") == [
        ("https://x.org/$HOME/a", "string", (1, 6, 1, 27), [], False)
    ]


def test_a_chunk_reads_yaml_variables_as_the_whole_text_does():
    text = '  - echo "https://gitlab.example.com/$CI_PROJECT_PATH/-/jobs"\n'
    chunk = ChunkScan(text, line_base=1, stop=len(text), covered_until=0, syntax="yaml")
    assert [(c.url, Flag.TEMPLATE in c.flags) for c in chunk] == [
        ("https://gitlab.example.com/$CI_PROJECT_PATH/-/jobs", True)
    ]


# --- an escaped quote after a URL in a comment -----------------------------------------


def test_an_escaped_quote_after_a_url_in_a_yaml_comment_real_line():
    """kubernetes/examples _archived/sysdig-cloud/sysdig-rc.yaml, commit
    279e8e4fe314f6cb7bc55fa3fbc21bbeaa48c0ea, line 59: a commented-out value, the URL in
    it quoted, its closing quote escaped."""
    line = '#   value: "conf:\\n  status_url: "http://localhost:{port}/status\\""\n'
    assert read(line, "yaml") == [
        ("http://localhost:{port}/status", "comment", (1, 35, 1, 65), ["{port}"], True)
    ]
    # In a Python comment, and before a single quote, the same.
    assert [c.url for c in extract("# s = 'http://x.org/a\\''\n", syntax="python")] == [
        "http://x.org/a"
    ]
    # A backslash before no quote stays (the linter reports it: RFC 1738 section 2.2).
    assert [c.url for c in extract("# see http://x.org/a\\b\n", syntax="python")] == [
        "http://x.org/a\\b"
    ]


# --- an f-string's replacement fields are read whole, quotes and all ---------------------


def test_a_field_holding_the_strings_quote_is_read_whole_real_lines():
    # Real lines (Python 3.12, PEP 701), found in the public code index: a script saving
    # an organisation's repositories, and one listing a user's collaborators.
    text = (
        'r = get(f"https://api.github.com/repos/{repo["full_name"]}/contents/CITATION.cff")\n'
        'r2 = get(f"https://api.github.com/repos/{repo["owner"]["login"]}/{repo["name"]}/c")\n'
    )
    assert read(text, "python") == [
        (
            'https://api.github.com/repos/{repo["full_name"]}/contents/CITATION.cff',
            "string",
            (1, 11, 1, 81),
            ['{repo["full_name"]}'],
            True,
        ),
        (
            'https://api.github.com/repos/{repo["owner"]["login"]}/{repo["name"]}/c',
            "string",
            (2, 12, 2, 82),
            ['{repo["owner"]["login"]}', '{repo["name"]}'],
            True,
        ),
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # the other quote inside, as before Python 3.12
        (
            "u = f\"https://x.org/{item['episode']}/x\"\n",
            ("https://x.org/{item['episode']}/x", (1, 7, 1, 40), ["{item['episode']}"]),
        ),
        # an expression with blanks and its own strings; a format spec with a field
        (
            'u = f"https://x.org/{d["k"] if a else "b c"}/q"\n',
            (
                'https://x.org/{d["k"] if a else "b c"}/q',
                (1, 7, 1, 47),
                ['{d["k"] if a else "b c"}'],
            ),
        ),
        (
            'u = f"https://x.org/{x:{w}}/{d["k"]}"\n',
            ('https://x.org/{x:{w}}/{d["k"]}', (1, 7, 1, 37), ["{x:{w}}", '{d["k"]}']),
        ),
        # a t-string (PEP 750) alike; an escaped brace is the string's text
        (
            't = t"https://x.org/{d["k"]}/t"\n',
            ('https://x.org/{d["k"]}/t', (1, 7, 1, 31), ['{d["k"]}']),
        ),
        (
            'u = f"https://x.org/{{lit}}/{d["k"]}/z"\n',
            ('https://x.org/{{lit}}/{d["k"]}/z', (1, 7, 1, 39), ["{{lit}}", '{d["k"]}']),
        ),
    ],
)
def test_an_f_strings_fields_are_placeholders_read_whole(line, expected):
    url, span, held = expected
    assert read(line, "python") == [(url, "string", span, held, True)]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # what ends a URL outside its fields still ends it: a blank, an escape
        ('u = f"see https://x.org/{a} and {b["c"]}"\n', ("https://x.org/{a}", (1, 11, 1, 28))),
        ('u = f"https://x.org/{a}\\n{b["c"]}"\n', ("https://x.org/{a}", (1, 7, 1, 24))),
        # no f-string: a plain string's quote ends the URL, as ever
        ('u = "https://x.org/{d["\n', ("https://x.org/{d", (1, 6, 1, 22))),
    ],
)
def test_an_f_strings_url_still_ends_outside_its_fields(line, expected):
    assert [(url, span) for url, _, span, _, _ in read(line, "python")] == [expected]
