"""What syntax a file is read in, from its name alone (scanner/syntax.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.pipeline import file_syntax
from urlint.scanner.syntax import CODE_SYNTAXES, MARKUP_SYNTAXES, Syntax, syntax_of
from urlint.sources.kinds import inner_name

NAMES = [
    # (name, syntax): paths as the fetched repositories have them
    ("httpx/_models.py", Syntax.PYTHON),  # encode/httpx
    ("typeshed/stubs/x.pyi", Syntax.PYTHON),
    ("lib/adapters/http.js", Syntax.JAVASCRIPT),  # axios/axios
    ("index.d.cts", Syntax.JAVASCRIPT),
    ("src/App.tsx", Syntax.JAVASCRIPT),
    ("esm/index.mjs", Syntax.JAVASCRIPT),
    ("pkg/cmd/search_repo.go", Syntax.GO),  # helm/helm
    ("install.sh", Syntax.SHELL),  # nvm-sh/nvm
    ("bash_completion", Syntax.TEXT),  # no extension, no name known: text
    ("Makefile", Syntax.SHELL),  # helm/helm: make recipes are shell lines
    ("GNUmakefile", Syntax.SHELL),
    ("Dockerfile", Syntax.SHELL),  # nvm-sh/nvm
    ("docker/Dockerfile.alpine", Syntax.SHELL),
    ("build.mk", Syntax.SHELL),
    ("src/main.rs", Syntax.C_LIKE),  # rust-lang/mdBook
    ("a/B.java", Syntax.C_LIKE),
    ("x.c", Syntax.C_LIKE),
    ("x.h", Syntax.C_LIKE),
    ("lib/x.rb", "ruby"),  # read from its row (scanner.file_kinds)
    ("index.php", "php"),
    (".github/workflows/publish.yaml", Syntax.YAML),  # pallets/flask
    ("mkdocs.yml", Syntax.YAML),  # encode/httpx
    ("guide/book.toml", Syntax.TOML),  # rust-lang/mdBook
    ("Cargo.lock", Syntax.TOML),
    ("package-lock.json", Syntax.JSON),  # axios/axios
    ("tsconfig.jsonc", Syntax.JSON),
    ("README.md", Syntax.MARKDOWN),
    ("CHANGES.markdown", Syntax.MARKDOWN),
    ("docs/config.rst", Syntax.RST),  # pallets/flask
    ("docs/a.adoc", Syntax.ASCIIDOC),
    ("book.asciidoc", Syntax.ASCIIDOC),
    ("docs/overrides/partials/nav.html", Syntax.HTML),  # encode/httpx
    ("old/index.htm", Syntax.HTML),
    ("notes.txt", Syntax.TEXT),
    ("README", Syntax.TEXT),
    ("rfc1738.txt", Syntax.TEXT),
    ("", Syntax.TEXT),
    ("README.Debian", Syntax.TEXT),  # a document's name, whatever follows it
    ("COPYING.LIB", Syntax.TEXT),
    ("LICENSE-MIT", Syntax.TEXT),
    ("debian/changelog", Syntax.TEXT),
    ("2001-March.log", Syntax.TEXT),
    ("article.news", Syntax.TEXT),
    # a kind urlint does not read: scanned as text, never fixed
    ("lib/LWP/UserAgent.pm", Syntax.OTHER),  # Perl: the wary reader
    ("t/base/ua.t", Syntax.OTHER),
    ("doc/paper.tex", Syntax.OTHER),
    ("refs.bib", Syntax.OTHER),
    ("spec/url_spec.lua", "lua"),
    ("pom.xml", "xml"),
    ("man/urlint.1", Syntax.OTHER),
    ("agenda.org", Syntax.OTHER),
    ("TODO.org", Syntax.TEXT),  # a document by its name
    ("newsletter.org", Syntax.OTHER),  # "news" is a document's name, "newsletter" not
    ("main.tf", "terraform"),
    ("gradle.properties", Syntax.PROPERTIES),  # java.util.Properties
    (".md", Syntax.OTHER),  # a dot file's name is no extension: a tool's, hidden
    (".npmrc", "ini"),
    ("archive.tar.gz", Syntax.OTHER),  # sources.kinds.file_syntax reads what it holds
    ("Vagrantfile", "ruby"),  # Ruby, as a Gemfile
    ("Jenkinsfile", Syntax.C_LIKE),  # Groovy
    ("Caddyfile", Syntax.OTHER),
    ("Procfile", Syntax.OTHER),
    ("go.sum", "go-module"),
]


@pytest.mark.parametrize(("name", "expected"), NAMES)
def test_a_name_gives_its_syntax(name, expected):
    assert syntax_of(name) == expected and type(syntax_of(name)) is type(expected)


def test_case_and_the_directory_do_not_matter():
    assert syntax_of("SETUP.PY") is Syntax.PYTHON
    assert syntax_of("MAKEFILE") is Syntax.SHELL
    assert syntax_of("C:\\src\\Main.Java") is Syntax.C_LIKE
    assert syntax_of("docs.md/notes.txt") is Syntax.TEXT  # the last component only


def test_an_archive_member_is_read_by_its_own_name():
    assert syntax_of("site.zip!docs/index.md") is Syntax.MARKDOWN
    assert syntax_of("src.tar.gz!pkg/a.py") is Syntax.PYTHON
    assert syntax_of("code.py.zip!notes.txt") is Syntax.TEXT


def test_the_values_are_stable_names():
    assert [(member.name, member.value) for member in Syntax] == [
        ("TEXT", "text"), ("PYTHON", "python"), ("JAVASCRIPT", "javascript"), ("GO", "go"),
        ("SHELL", "shell"), ("C_LIKE", "c-like"), ("YAML", "yaml"), ("TOML", "toml"),
        ("JSON", "json"), ("PROPERTIES", "properties"), ("MARKDOWN", "markdown"),
        ("RST", "rst"), ("ASCIIDOC", "asciidoc"), ("HTML", "html"), ("TABLE", "table"),
        ("OTHER", "other"),
    ]  # fmt: skip
    assert str(Syntax.PYTHON) == "python" and Syntax("json") is Syntax.JSON
    assert Syntax.C_LIKE == "c-like"  # a str enum: compared with its value
    assert MARKUP_SYNTAXES == {Syntax.MARKDOWN, Syntax.RST, Syntax.ASCIIDOC, Syntax.HTML}
    assert CODE_SYNTAXES.isdisjoint(MARKUP_SYNTAXES) and Syntax.TEXT not in CODE_SYNTAXES
    assert CODE_SYNTAXES | MARKUP_SYNTAXES | {Syntax.TEXT, Syntax.OTHER} == set(Syntax)


def test_the_pipeline_reads_text_names_without_asking():
    assert file_syntax("README.txt") == file_syntax("-") == file_syntax("") == "text"
    assert file_syntax("a.PY") == "python" and file_syntax("a.zip!b.json") == "json"


@given(st.text())
def test_any_name_has_a_syntax(name):
    found = syntax_of(name)
    assert isinstance(found, Syntax)
    assert syntax_of(name + "/") is Syntax.TEXT  # a directory: no name


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ./!_-", max_size=20))
def test_the_syntax_of_a_name_does_not_depend_on_its_case(name):
    assert syntax_of(name.upper()) is syntax_of(name.lower())
    # a compressed file is read as the name it holds (sources.kinds.inner_name)
    assert file_syntax(name) == syntax_of(inner_name(name)) or name.lower().endswith(
        (".txt", ".text", "-")
    )


CHECK_LOADED = (
    "import sys\n"
    "from urlint.commands.cli import main\n"
    "status = main(['check', '--isolated', sys.argv[1]])\n"
    "print(status, sorted(name for name in sys.modules if name in {names!r}))\n"
)
NEW_MODULES = (
    "urlint.scanner.syntax", "urlint.scanner.code", "urlint.scanner.literals",
    "urlint.scanner.templates", "urlint.scanner.markup", "bisect",
)  # fmt: skip


@pytest.mark.processes
@pytest.mark.parametrize(
    ("name", "loaded"),
    [
        ("README.txt", []),
        (
            "readme.py",
            ["bisect", "urlint.scanner.code", "urlint.scanner.literals", "urlint.scanner.syntax"],
        ),
        ("readme.md", ["urlint.scanner.markup", "urlint.scanner.syntax"]),
    ],  # fmt: skip
)
def test_a_hook_run_loads_the_code_and_markup_readers_only_for_theirs(tmp_path, name, loaded):
    (tmp_path / name).write_text(
        "See <URL:http://www.example.com/docs/index.html> and\n"
        "ftp://ftp.example.org/pub/tools/ for the tools, http://example.com/~fred/ for notes.\n"
    )
    code = CHECK_LOADED.format(names=NEW_MODULES)
    done = subprocess.run(
        [sys.executable, "-c", code, name], capture_output=True, text=True, cwd=tmp_path,
        check=False,
    )  # fmt: skip
    # exit 0: the one finding is a warning
    assert done.stdout.splitlines()[-1] == f"0 {loaded}", done.stdout + done.stderr
