"""URLs in code and configuration: string literals, escapes, comments (scanner/code/ and
scanner/literals.py). Lines quoted from real repositories (fetched at their default branch in
November 2026) name the repository and the file; each is a line or two, not a file."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import urlint
from urlint.core.model import Flag
from urlint.pipeline import ScannedText, scan_texts
from urlint.scanner.code.lexing import lex
from urlint.scanner.lexer import (
    AMBIGUOUS,
    BLOCK_SCALAR,
    COMMENT,
    HEREDOC,
    LITERAL,
    RAW,
    RAW_STRING,
    SLASHED,
    STRING,
    SUBSTITUTION,
    TEMPLATE,
    TEXT,
    TEXT_BLOCK,
)
from urlint.scanner.scanner import ChunkScan, extract, scan
from urlint.sources.text import TextChunk

from ..helpers import examples


def urls(text: str, syntax: str) -> list[tuple[str, str | None]]:
    """(url, context) of each URL found in `text` read in `syntax`."""
    return [(found.url, found.context) for found in extract(text, syntax=syntax)]


def only(text: str, syntax: str):
    (found,) = extract(text, syntax=syntax)
    return found


def offsets(found) -> list[tuple[int, int]]:
    return [(piece.start.offset, piece.end.offset) for piece in found.pieces]


# --- a literal's closing quote and its escapes end a URL ----------------------------------


def test_the_closing_quote_and_an_escape_end_a_url():
    # encode/httpx tests/models/test_responses.py: the quote and the "\n" were read in
    text = "        \"Redirect location: 'https://other.org'\\n\"\n"
    found = only(text, "python")
    assert (found.url, found.context, found.flags) == ("https://other.org", "string", frozenset())
    assert (found.line, found.column, found.end_line, found.end_column) == (1, 30, 1, 47)
    # read as running text, the escape before the closing quote ends it too (bare.body_end)
    assert [c.url for c in extract(text)] == ["https://other.org"]


def test_an_escape_right_after_a_url_is_not_read_in():
    # encode/httpx tests/models/test_url.py
    assert urls('        httpx.URL("https://www.example.com/\\n")\n', "python") == [
        ("https://www.example.com/", "string")
    ]
    # helm/helm pkg/chart/common/util/jsonschema.go
    line = "\terrStr = strings.TrimPrefix(errStr, \"jsonschema validation failed with " \
        "'file:///values.schema.json#'\\n\")\n"  # fmt: skip
    assert urls(line, "go") == [("file:///values.schema.json#", "string")]
    # rust-lang/mdBook tests/testsuite/rendering.rs: an escaped quote, then a line continued
    rust = (
        '        "<a href=\\"https://github.com/rust-lang/mdBook/edit/master/guide/src/README.md'
        '\\" \\\n         title=\\"Suggest an edit\\">",\n'
    )
    found = only(rust, "c-like")
    assert found.url == "https://github.com/rust-lang/mdBook/edit/master/guide/src/README.md"
    assert offsets(found) == [(19, 19 + len(found.url))]


def test_a_scheme_before_an_escape_is_no_url():
    # helm/helm pkg/cmd/search_repo.go: "oci://\tChart OCI prefix", a scheme and a tab
    line = '\tfor _, url := range []string{"oci://\\tChart OCI prefix", "https://\\tChart URL"} {\n'
    assert urls(line, "go") == []


def test_a_literal_part_that_is_a_scheme_alone_is_no_url():
    # axios/axios test/unit/adapters/fetch.js: a URL put together
    line = "    const res = await axios.get('http://' + user + '@localhost:4444/', {headers});\n"
    assert urls(line, "javascript") == []
    assert urls('    p = "https://" + host + "/path"\n', "python") == []


def test_a_unicode_escape_ends_a_url_and_is_not_decoded():
    # A candidate's url is its pieces' raw text: no raw text stands for the "&" of \u0026.
    text = '{"u": "https://example.com/?a=1\\u0026b=2"}'
    found = only(text, "json")
    assert (found.url, offsets(found)) == ("https://example.com/?a=1", [(7, 31)])


def test_raw_strings_have_no_escapes():
    # The backslash is the literal's own character, kept (a pattern's would be no URL:
    # test_regexes.py).
    assert urls("    r'https://x.org/a\\n'\n", "python") == [("https://x.org/a\\n", "string")]
    # spf13/cobra bash_completionsV2.go: a bash script in a Go raw string, a comment in it
    go = (
        "var script = `\n"
        "        # completions at once on the command-line we must remove the descriptions.\n"
        "        # https://github.com/spf13/cobra/issues/1508\n"
        "`\n"
    )
    assert urls(go, "go") == [("https://github.com/spf13/cobra/issues/1508", "string")]


def test_json_escaped_slashes_read_as_slashes():
    # RFC 8259 section 7: "\/" is "/" (PHP's json_encode writes it so unless told not to)
    text = '{"compare_url": "https:\\/\\/github.com\\/drogus\\/test-project-1\\/compare"}'
    found = only(text, "json")
    assert found.url == "https://github.com/drogus/test-project-1/compare"
    assert (found.context, found.flags) == ("string", frozenset())
    start = text.index("https")
    assert offsets(found) == [
        (start, start + 6),  # https:
        (start + 7, start + 8),  # /
        (start + 9, start + 20),  # /github.com
        (start + 21, start + 28),  # /drogus
        (start + 29, start + 44),  # /test-project-1
        (start + 45, start + 53),  # /compare
    ]
    assert "".join(text[a:b] for a, b in offsets(found)) == found.url
    assert (found.span.start.offset, found.span.end.offset) == (start, start + 53)
    # JavaScript reads "\/" so too, YAML's double quotes as well; Python does not
    assert urls("x = 'https:\\/\\/a.example\\/b';\n", "javascript") == [
        ("https://a.example/b", "string")
    ]
    assert urls('u: "https:\\/\\/a.example\\/b"\n', "yaml") == [("https://a.example/b", "string")]
    assert urls('u = "https:\\/\\/a.example\\/b"\n', "python") == []
    assert urls('{"u": "https:\\/\\/"}', "json") == []  # a scheme alone


def test_a_regular_expression_literal_holds_no_url():
    # travis-ci/travis-web config/environment.js
    line = "      /https:\\/\\/cdn\\.travis-ci\\.(org|com)\\/assets\\/(vendor|travis)-.+.js/,\n"
    assert urls(line, "javascript") == []
    # travis-ci/travis-web app/adapters/v3.js: the quotes inside open no string
    line = (
        "    let match = this.host.match(/(https?:\\/\\/)?([^\\/\"]+)/); s = 'http://a.example/';\n"
    )
    assert urls(line, "javascript") == [("http://a.example/", "string")]


# --- comments and docstrings are running text ----------------------------------------------


def test_comments_and_docstrings_are_running_text():
    # spf13/cobra command.go
    assert urls("\t\t// See https://github.com/spf13/cobra/issues/1002\n", "go") == [
        ("https://github.com/spf13/cobra/issues/1002", "comment")
    ]
    python = (
        'def f():\n    """See https://docs.python.org/3/ for more."""\n'
        "    # see https://peps.python.org/pep-0008/.\n"
    )
    assert urls(python, "python") == [
        ("https://docs.python.org/3/", "string"),
        ("https://peps.python.org/pep-0008/", "comment"),
    ]
    # a block comment's end ends the URL
    assert urls("/* https://a.example/x*/ y", "c-like") == [("https://a.example/x", "comment")]


def test_a_docstring_url_may_go_on_on_the_next_line_as_in_text():
    python = (
        'def f():\n    """The long link:\n'
        "    https://example.com/a/very/long/path/to/a/page-\n"
        '    name.html, and more.\n    """\n'
    )
    (found,) = extract(python, syntax="python")
    (as_text,) = extract(python)
    assert found.url == as_text.url and found.flags == as_text.flags
    assert found.context == "string"


def test_code_outside_literals_is_running_text():
    # nvm-sh/nvm Dockerfile: a shell word, its variables placeholders
    line = (
        "RUN wget https://github.com/koalaman/shellcheck/releases/download/v$SHELLCHECK_VERSION"
        "/shellcheck-v$SHELLCHECK_VERSION.linux.x86_64.tar.xz -O- | \\\n"
    )
    found = only(line, "shell")
    assert found.url == line[9 : line.index(" -O-")]
    assert found.context is None and Flag.TEMPLATE in found.flags
    assert [found.url[a:b] for a, b in found.placeholders] == ["$SHELLCHECK_VERSION"] * 2


def test_a_shell_command_substitution_ends_a_url():
    # rust-lang/mdBook ci/publish-crates-io.sh
    line = (
        "    output=`curl --fail --silent --head --location "
        "https://static.crates.io/crates/$crate_name/$version/download`\n"
    )
    assert urls(line, "shell") == [
        ("https://static.crates.io/crates/$crate_name/$version/download", None)
    ]


def test_shell_quotes_comments_and_here_documents():
    script = (
        'curl -fsSL "https://raw.githubusercontent.com/nvm-sh/nvm/${ref}/install.sh" | bash\n'
        "echo 'see https://a.example/x' # it's https://b.example/y\n"
        "cat <<'EOF'\n"
        "don't: https://c.example/z\n"
        "EOF\n"
    )
    found = extract(script, syntax="shell")
    assert [(c.url, c.context) for c in found] == [
        ("https://raw.githubusercontent.com/nvm-sh/nvm/${ref}/install.sh", "string"),
        ("https://a.example/x", "string"),
        ("https://b.example/y", "comment"),
        ("https://c.example/z", "string"),
    ]
    assert found[0].placeholders == ((45, 51),)


def test_yaml_quotes_open_a_scalar_only_at_its_start():
    yaml = (
        "a: it's at https://a.example/x # see https://b.example/y\n"
        'b: "https://c.example/z\\n"\n'
        "run: |\n"
        "  curl 'https://d.example/w'\n"
    )
    assert urls(yaml, "yaml") == [
        ("https://a.example/x", None),
        ("https://b.example/y", "comment"),
        ("https://c.example/z", "string"),
        ("https://d.example/w", "string"),
    ]


def test_toml_strings():
    # rust-lang/mdBook guide/book.toml
    toml = 'edit-url-template = "https://github.com/rust-lang/mdBook/edit/master/guide/{path}"\n'
    found = only(toml, "toml")
    assert (found.url, found.context, found.placeholders) == (
        "https://github.com/rust-lang/mdBook/edit/master/guide/{path}",
        "string",
        ((54, 60),),
    )
    multi = "a = '''\nhttps://a.example/x\\n'''\nb = \"\"\"\nhttps://b.example/y\\n\"\"\"\n"
    assert urls(multi, "toml") == [
        ("https://a.example/x\\n", "string"),  # a literal string: no escapes
        ("https://b.example/y", "string"),
    ]


# --- templates in literals -----------------------------------------------------------------


def test_templates_in_literals():
    # psf/requests tests/test_lowlevel.py
    found = only('        url = f"http://{host}:{port}/"\n', "python")
    assert (found.url, found.placeholders, found.flags) == (
        "http://{host}:{port}/",
        ((7, 13), (14, 20)),
        frozenset({Flag.TEMPLATE}),
    )
    assert (found.column, found.end_column) == (17, 38)
    # pallets/flask docs/conf.py
    found = only('    "issue": ("https://github.com/pallets/flask/issues/%s", "#%s"),\n', "python")
    assert (found.url, found.placeholders) == (
        "https://github.com/pallets/flask/issues/%s",
        ((40, 42),),
    )
    # axios/axios gulpfile.js: a template literal's expressions
    line = (
        "    `https://api.github.com/repos/${encodeURIComponent(user)}"
        "/${encodeURIComponent(repo)}/contributors`,\n"
    )
    found = only(line, "javascript")
    assert found.url == line[5 : line.index("`,")]
    assert [found.url[a:b] for a, b in found.placeholders] == [
        "${encodeURIComponent(user)}",
        "${encodeURIComponent(repo)}",
    ]
    # encode/httpx httpx/_models.py
    line = (
        '                "For more information check: '
        'https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/{0.status_code}"\n'
    )
    found = only(line, "python")
    assert found.url.endswith("/Status/{0.status_code}") and Flag.TEMPLATE in found.flags


def test_seven_literals_of_a_test_suite():
    sample = (
        "    assert r.text == \"Redirect location: 'https://other.org'\\n\"\n"
        '    url = f"https://api.example.com/users/{user_id}/items"\n'
        '    x = b"https://%s%s" % (host, path)\n'
        '    t = "https://api.github.com/repos/{owner}/{repo}"\n'
        '    j = "https:\\/\\/example.com\\/x"\n'
        '    u = "https://example.com/?a=1\\u0026b=2"\n'
        '    p = "https://" + host + "/path"\n'
    )
    assert [(c.url, sorted(c.flags)) for c in extract(sample, syntax="python")] == [
        ("https://other.org", []),
        ("https://api.example.com/users/{user_id}/items", [Flag.TEMPLATE]),
        ("https://%s%s", [Flag.TEMPLATE]),
        ("https://api.github.com/repos/{owner}/{repo}", [Flag.TEMPLATE]),
        ("https://example.com/?a=1", []),
    ]
    as_json = [c.url for c in extract(sample, syntax="json")]
    assert as_json[4] == "https://example.com/x"  # "\/" is "/" in JSON


# --- failing safe ---------------------------------------------------------------------------


def test_a_quote_not_closed_on_its_line_starts_nothing():
    assert urls('x = "https://a.example/x\ny = 1\n', "python") == [("https://a.example/x", None)]
    # a Rust lifetime's quote opens nothing: the string after it is read
    assert urls('let s: &\'static str = "https://a.example/x";\n', "c-like") == [
        ("https://a.example/x", "string")
    ]
    # a docstring never closed: the rest read as code
    assert urls('"""\nhttps://a.example/x\n', "python") == [("https://a.example/x", None)]


MESSAGE = (
    "From: a@example.org\nTo: b@example.org\nSubject: x\nMessage-ID: <m1@example.org>\n\n"
    'See "https://a.example/x\\n" now\n'
)


def test_a_file_is_read_in_the_syntax_its_name_says_and_mail_as_running_text(tmp_path):
    (tmp_path / "c.py").write_text('u = "https://a.example/x\\n"\n')
    (tmp_path / "m.py").write_text(MESSAGE)  # mail, whatever its name: running text
    (tmp_path / "m.eml").write_text(MESSAGE)
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("src/a.json", '{"u": "https:\\/\\/a.example\\/y"}')
    (tmp_path / "z.zip").write_bytes(data.getvalue())
    found = [
        (item.path[len(str(tmp_path)) + 1 :], item.candidate.url, item.candidate.context)
        for item in urlint.scan_paths(tmp_path)
    ]
    assert found == [
        ("c.py", "https://a.example/x", "string"),
        ("m.eml", "https://a.example/x", None),  # an escape before a quote: the string's
        ("m.py", "https://a.example/x", None),
        ("z.zip!src/a.json", "https://a.example/y", "string"),  # a member by its own name
    ]


def test_running_text_is_read_as_before():
    line = "  \"Redirect location: 'https://other.org'\\n\"\n"
    assert extract(line, syntax="text") == extract(line)
    assert extract(line)[0].url == "https://other.org"
    with pytest.raises(ValueError, match="'klingon' is not a valid Syntax"):
        extract(line, syntax="klingon")


# --- the lexer -------------------------------------------------------------------------------


def regions(text: str, syntax: str) -> list[tuple[str, int, str | None]]:
    found = lex(text, syntax)
    return [
        (text[start:end], mode, context)
        for start, (end, mode, context, _, _) in zip(found.starts, found.items, strict=True)
    ]


def test_python_prefixes_and_triple_quotes():
    text = "a = rb'x\\'' + f\"{y}\" + '''z''' # c\nprint\"q\"\n"
    assert regions(text, "python") == [
        ("x\\'", RAW, "string"),
        ("{y}", LITERAL, "string"),
        ("z", LITERAL, "string"),
        ("# c", TEXT, "comment"),
        ("q", LITERAL, "string"),  # `print"`: no prefix we know
    ]


def test_javascript_template_literals_nest():
    text = "`a ${b ? `c${d}` : 'e}'} f` + \"g\" // h\n"
    assert regions(text, "javascript") == [
        ("a ${b ? `c${d}` : 'e}'} f", SLASHED, "template literal"),
        ("g", SLASHED, "string"),
        (" h", TEXT, "comment"),
    ]


def test_a_chunk_hands_the_next_the_construct_it_leaves_open():
    text = 'x = 1\n"""a docstring\nwith a "quote\n"""\ny = "https://a.example/b\\n"\n'
    stop = text.index("with")
    first = ChunkScan(text, line_base=1, stop=stop, covered_until=0, syntax="python")
    assert list(first) == [] and first.end_state == ('"""', TEXT, "string", True)
    second = ChunkScan(
        text[stop:], line_base=3, stop=len(text) - stop, covered_until=0, syntax="python",
        state=first.end_state,
    )  # fmt: skip
    assert [c.url for c in second] == ["https://a.example/b"]
    closer = text.index('"""\ny')
    inside = ChunkScan(text, line_base=1, stop=closer + 1, covered_until=0, syntax="python")
    list(inside)
    assert inside.end_state == ("skip", 2)  # two of the closer's three quotes to pass over


LINES = st.sampled_from(
    [
        'x = "https://a.example/s\\n"',
        "# it's https://b.example/c",
        '"""doc https://c.example/d',
        "it's https://e.example/f",
        '"""',
        "y = f'http://{h}/g'",
        "z = 1",
        "",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(LINES, min_size=1, max_size=30), st.integers(min_value=1, max_value=40))
def test_chunked_code_reads_as_the_whole_text(lines, copies):
    text = "\n".join(lines * copies) + "\n"
    if text.count('"""') % 2:  # every construct closed: what a chunk cannot know
        text += '"""\n'
    pieces = [text[at : at + 997] for at in range(0, len(text), 997)]
    chunks = [TextChunk(piece, at == len(pieces) - 1, "utf-8") for at, piece in enumerate(pieces)]
    chunked = [
        candidate
        for scanned in scan_texts(chunks, "a.py")
        if isinstance(scanned, ScannedText)
        for candidate in scanned.candidates
    ]
    assert chunked == scan(text, syntax="python")


SOURCE_CHARS = st.text(alphabet="\"'`#/\\*{}$<-:| \n\tax=h.oEF", max_size=300)


@settings(max_examples=examples(300))
@given(SOURCE_CHARS, st.sampled_from(["python", "javascript", "go", "shell", "c-like",
                                        "json", "yaml", "toml"]))  # fmt: skip
def test_regions_are_in_order_apart_and_within_the_text(text, syntax):
    found = lex(text, syntax)
    previous_after = 0
    for index, start in enumerate(found.starts):
        end, _, _, after, _ = found.items[index]
        assert previous_after <= start <= end <= after <= len(text)
        previous_after = after


@settings(max_examples=examples(300))
@given(st.text(alphabet="\"'`#/\\{}$ \nabh:.%s", max_size=120), st.sampled_from(
    ["python", "javascript", "go", "shell", "c-like", "json", "yaml", "toml"]))  # fmt: skip
def test_a_candidate_is_its_pieces_raw_text(text, syntax):
    text = text.replace("h:", "https://a.example/")
    for found in extract(text, syntax=syntax):
        raw = "".join(text[p.start.offset : p.end.offset] for p in found.pieces)
        assert raw == found.url


# --- code outside literals: a value ends at its line's end -----------------------------------


def test_a_yaml_plain_value_is_never_joined_with_the_next_key():
    """encode/httpx ae1b9f66, mkdocs.yml lines 22-23: the URL ends the value; `edit_uri:`
    is the next key, not the URL's rest (nor a sign that it goes on)."""
    text = 'repo_url: https://github.com/encode/httpx/\nedit_uri: ""\n'
    found = only(text, "yaml")
    assert (found.url, found.alt, sorted(found.flags), found.context) == (
        "https://github.com/encode/httpx/",
        None,
        [],
        None,
    )
    assert (found.span.start.offset, found.span.end.offset) == (10, 42)


def test_a_shell_word_is_never_joined_with_the_next_command():
    text = "curl -O https://a.example/pub/\nrelease-1.2.tar.gz\n"
    assert urls(text, "shell") == [("https://a.example/pub/", None)]
    # the same lines in prose: a document broke the URL after "/"
    assert [c.url for c in extract(text, syntax="text")] == [
        "https://a.example/pub/release-1.2.tar.gz"
    ]


# --- the program's value: raw strings, text blocks, here-documents, block scalars -----------
#
# The reliability review's shapes (../shared/reviews/reliability-repro-2026-11-26b.sh, the
# fixes that changed what a file means): the URL is found where it is one, in the construct
# it stands in, never in a comment (no fix and no ignore comment goes there: linter.fixable).

VALUES = [
    # a Rust raw string holding JavaScript (the Rust Reference, "Raw string literals")
    (
        'const JS: &str = r#"\n  var s = "x"; // docs: http://example.com/~fred/\n"#;\n'
        'fn main() { print!("{}", JS); }\n',
        "c-like",
        [("http://example.com/~fred/", 45, 70, "string")],
    ),
    # r"..." has no escapes: the backslash before its quote is text, and it closes there
    (
        'let a = r"C:\\dir // http://example.com/~a/ \\"; // b\n',
        "c-like",
        [("http://example.com/~a/", 20, 42, "string")],
    ),
    # a Java text block (JEP 378)
    (
        'String s = """\n    <script>var x = 1; // see http://example.com/~fred/\n'
        '    </script>\n    """;\n',
        "c-like",
        [("http://example.com/~fred/", 45, 70, "string")],
    ),
    # a C++ raw string with a delimiter, `)"` inside it
    (
        '#include <cstdio>\nconst char *js = R"js(\nvar x = 1; // see '
        'http://example.com/~fred/ )"\n)js";\n',
        "c-like",
        [("http://example.com/~fred/", 59, 84, "string")],
    ),
    # C#'s verbatim string: "" is a quote, and it goes on across lines
    (
        'var s = @"C:\\ ""q"" // http://example.com/~fred/\n";\n',
        "c-like",
        [("http://example.com/~fred/", 23, 48, "string")],
    ),
    # here-documents: a quoted word, a word with a hyphen, `<<-` and a quoted word with a
    # blank; after the last one's line, a comment again
    (
        "cat <<\\EOF\n# see http://example.com/~fred/\nEOF\ncat <<END-DATA\n"
        '# also http://example.com/~fred/\nEND-DATA\ncat <<-"E F"\n'
        "\t# tab http://example.com/~fred/\n\tE F\n# after http://example.com/~fred/\n",
        "shell",
        [
            ("http://example.com/~fred/", 17, 42, "string"),
            ("http://example.com/~fred/", 69, 94, "string"),
            ("http://example.com/~fred/", 124, 149, "string"),
            ("http://example.com/~fred/", 163, 188, "comment"),
        ],
    ),
    # never closed: the shell reads the body to the file's end
    (
        "cat <<EOF\n# see http://example.com/~fred/\n",
        "shell",
        [("http://example.com/~fred/", 16, 41, "string")],
    ),
    # YAML block scalars after an anchor and after a tag (YAML 1.2 section 6.9)
    (
        "anchored: &note |\n  see the page # http://example.com/~fred/\n"
        "tagged: !!str >-\n  echo hi # http://example.com/~fred/\n"
        "# after http://example.com/~fred/\n",
        "yaml",
        [
            ("http://example.com/~fred/", 35, 60, "string"),
            ("http://example.com/~fred/", 90, 115, "string"),
            ("http://example.com/~fred/", 124, 149, "comment"),
        ],
    ),
    # a regular expression after an `if (...)`: its quote opens no string
    (
        "const line = '\"x';\nif (line.length) /^\"/.test(line) && "
        'console.log("see // http://example.com/~fred/");\n',
        "javascript",
        [("http://example.com/~fred/", 75, 100, "string")],
    ),
    # JSON5's single-quoted string
    (
        "{ note: 'see // http://example.com/~fred/' }\n",
        "json",
        [("http://example.com/~fred/", 16, 41, "string")],
    ),
    # a Python 3.12 f-string whose field holds its own quote (PEP 701)
    (
        'd = {"#": "k"}\nprint(f"{d["#"]} http://example.com/~fred/")\n',
        "python",
        [("http://example.com/~fred/", 32, 57, "string")],
    ),
]


@pytest.mark.parametrize(("text", "syntax", "expected"), VALUES)
def test_a_url_in_the_programs_value_is_found_in_its_construct(text, syntax, expected):
    found = [
        (c.url, c.span.start.offset, c.span.end.offset, c.context)
        for c in extract(text, syntax=syntax)
    ]
    assert found == expected
    assert [text[start:end] for _, start, end, _ in found] == [url for url, _, _, _ in expected]


def constructs(text: str, syntax: str) -> list[tuple[str, str]]:
    found = lex(text, syntax)
    return [
        (text[start:end], construct)
        for start, (end, _, construct, _, _) in zip(found.starts, found.items, strict=True)
    ]


def test_each_construct_is_named():
    assert constructs('a = r#"x"# + R"(y)" + """\nz""" + `w` + "v" // c\n', "c-like") == [
        ("x", RAW_STRING), ("y", RAW_STRING), ("\nz", TEXT_BLOCK), ("v", STRING),
        (" c", COMMENT),
    ]  # fmt: skip
    assert constructs("x := `a`\n", "go") == [("a", RAW_STRING)]
    assert constructs("echo `date` <<E\nb\nE\n", "shell") == [
        ("date", SUBSTITUTION), ("b\n", HEREDOC)
    ]  # fmt: skip
    assert constructs("k: |\n  v\n", "yaml") == [("  v", BLOCK_SCALAR)]
    assert constructs("t = `a${b}`\n", "javascript") == [("a${b}", TEMPLATE)]


def test_what_the_lexer_cannot_read_one_way_is_ambiguous_to_its_lines_end():
    # a quote not closed on its line; a "/" after a `)` whose `(` is not near (a regular
    # expression or a division: the quote after it opens a string, or not)
    assert constructs("x = 'it\ny = 1 # c\n", "python") == [("it", AMBIGUOUS), ("# c", COMMENT)]
    far = "f(" + "a" * 600 + ")"
    text = far + ' / 2 / "x // http://example.com/~fred/" // c\nz = 1 // d\n'
    assert constructs(text, "javascript") == [
        ('/ 2 / "x // http://example.com/~fred/" // c', AMBIGUOUS), (" d", COMMENT)
    ]  # fmt: skip
    (found,) = extract(text, syntax="javascript")
    assert (found.url, found.context) == ("http://example.com/~fred/", None)
    # a division after a call's `)`: the comment after it is one
    assert constructs('n = f(a) / 2; // see "it\n', "javascript") == [(' see "it', COMMENT)]
    # an arithmetic shift is no here-document
    assert constructs("echo $((1 << x)) # c\n", "shell") == [("# c", COMMENT)]


def test_a_template_literal_never_closed_leaves_the_rest_not_known():
    # JavaScript rejects the file; what follows its backquote is not read as code again
    # from each backquote after it (each escaped here), nor offered a fix
    text = "a = 1 // ok\nb = `x\\` // http://example.com/~a/\\`\n// http://example.com/~b/\n"
    assert constructs(text, "javascript") == [
        (" ok", COMMENT), ("`x\\` // http://example.com/~a/\\`\n// http://example.com/~b/\n",
                           AMBIGUOUS),
    ]  # fmt: skip
    assert [(c.url, c.context) for c in extract(text, syntax="javascript")] == [
        ("http://example.com/~a/\\`", None), ("http://example.com/~b/", None)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        # a script in a YAML block scalar (actions/github-script's `script: |`): its
        # string's escape ends the URL
        (
            "w.yml",
            "script: |\n  const body = 'at https://github.com/o/r/issues/new/choose\\n\\n';\n",
            [("https://github.com/o/r/issues/new/choose", 2, 20, 2, 60)],
        ),
        # a here-document's text, another program's: printf's escape
        (
            "a.sh",
            "cat <<EOF | xargs printf\nsee https://x.example/a/b\\n\nEOF\n",
            [("https://x.example/a/b", 2, 5, 2, 26)],
        ),
        # a comment's backslash is no escape: the URL holds it (and is linted for it)
        (
            "a.sh",
            "# see https://x.example/a\\b\n",
            [("https://x.example/a\\b", 1, 7, 1, 28)],
        ),
    ],
)
def test_a_url_in_another_programs_text_ends_at_its_escape(name, text, found):
    from urlint.scanner.syntax import syntax_of

    assert [
        (c.url, *c.span.start[:2], *c.span.end[:2]) for c in extract(text, syntax=syntax_of(name))
    ] == found
