"""The table of file kinds (scanner.file_kinds) and the reader of a kind's row
(scanner.table_code): the table's integrity, identify's names, each row's conventions with
exact URLs and contexts, chunks, linear work, and Pygments' tokens as the oracle on real
files where the breadth set is on disk."""

from __future__ import annotations

import bisect
import collections
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.scanner.file_kinds import FORMS, KINDS, NAMED, TABLE, by_extension, table_kind
from urlint.scanner.scanner import extract
from urlint.scanner.syntax import Syntax, syntax_of, syntax_of_script

from ..helpers import examples

REPO = Path(__file__).resolve().parents[2]
TRUST = REPO.parent / "trust"  # bench/trust.py's repositories, when fetched
TABLE_KINDS = [kind for kind in KINDS if kind.family == TABLE]


def test_the_table_holds_at_least_150_kinds_each_named_once():
    names = [kind.name for kind in KINDS]
    assert len(names) >= 150
    assert len(set(names)) == len(names)
    assert all(kind.family in {s.value for s in Syntax} for kind in KINDS)


def test_every_row_compiles_and_names_only_known_forms():
    from urlint.scanner.table_code import _reader

    for kind in TABLE_KINDS:
        assert set(kind.strings) <= set(FORMS), kind.name
        pattern, actions = _reader(kind.name)
        assert len(actions) == len(kind.blocks) + len(kind.strings) + len(kind.comments)
        assert pattern.search("") is None or pattern.pattern == "(?!)"


@pytest.mark.parametrize(
    ("name", "syntax"),
    [
        ("Main.hs", "haskell"),
        ("lib/a.ml", "ocaml"),
        ("src/Plots.jl", "julia"),
        ("lib/ecto.ex", "elixir"),
        ("src/cowboy_req.erl", "erlang"),
        ("rebar.config", "erlang"),
        ("app/cowboy.app.src", "erlang"),
        ("init.lua", "lua"),
        ("chronos.nim", "nim"),
        ("src/kemal.cr", "crystal"),
        ("src/fpm.f90", "fortran"),
        ("a.ps1", "powershell"),
        ("main.tf", "terraform"),
        ("manifests/init.pp", "puppet"),
        ("flake.nix", "nix"),
        ("base/ltnews.dtx", "other"),  # TeX: the wary reader (scanner.other, scanner.tex)
        ("projectile.el", "lisp"),
        ("sql/vector.sql", "sql"),
        ("src/UniswapV3Pool.sol", "solidity"),
        ("main.libsonnet", "jsonnet"),
        ("defs.bzl", "python"),
        ("WORKSPACE", "python"),
        ("CMakeLists.txt", "cmake"),
        ("stack.cabal", "cabal"),
        ("pkg.opam", "opam"),
        ("dune", "dune"),
        ("po/fr.po", "python"),
        ("Gemfile", "ruby"),
        ("lib/rack.rb", "ruby"),
        ("lib/Plack.pm", "other"),  # Perl: the wary reader (scanner.other)
        ("src/Composer.php", "php"),
        ("go.mod", "go-module"),
        ("Program.fs", "f#"),
        ("schema.graphql", "graphql"),
        ("core.clj", "clojure"),
        ("ftplugin/tex.vim", "vim"),
        ("README.md", "markdown"),
        ("analysis.Rmd", "markdown"),
        ("man/testthat.Rd", "other"),
        ("notes.txt", "text"),
        ("README", "text"),
        ("page.1", "other"),
        ("data.zzz", "other"),
    ],
)
def test_a_file_is_named_to_its_kind(name, syntax):
    assert str(syntax_of(name)) == syntax


@pytest.mark.parametrize(
    ("line", "syntax"),
    [
        (b"#!/usr/bin/env ruby\n", "ruby"),
        (b"#!/usr/bin/perl -w\n", "other"),
        (b"#!/usr/bin/env escript\n", "erlang"),
        (b"#!/usr/bin/env -S julia --startup-file=no\n", "julia"),
        (b"#!/usr/bin/env pwsh\n", "powershell"),
        (b"#!/bin/sh\n", "shell"),
        (b"#!/usr/bin/env nosuchthing\n", "other"),
    ],
)
def test_an_interpreter_line_names_its_kind(line, syntax):
    assert str(syntax_of_script(line)) == syntax


def test_the_kinds_are_named_as_identify_tags_them():
    """Where pre-commit's `identify` tags an extension with a name the table also uses,
    the table's row for that extension is that kind (or a kind read the same way)."""
    extensions = pytest.importorskip("identify.extensions")
    names = {kind.name for kind in KINDS}
    checked = 0
    for extension, tags in extensions.EXTENSIONS.items():
        ours = by_extension(extension)
        shared = (tags & names) - {"text"}
        if ours is None or not shared or ours.family == "text":
            continue
        checked += 1
        theirs = {NAMED[tag].family for tag in shared}
        assert ours.name in tags or ours.family in theirs, (extension, ours.name, tags)
    assert checked >= 40


def urls(text: str, syntax: str) -> list[tuple[str, str | None]]:
    return [(found.url, found.context) for found in extract(text, syntax=syntax)]


# One case a row's convention: the text, and every URL with its context.
CONVENTIONS = [
    # Haddock's link and label, a quasi-quote, a nested block comment, a `--` operator
    (
        "haskell",
        "-- | see <https://x.org/a label>\nu = [uri|http://y.org/|]\n"
        '{- a {- b -} http://z.org/c -}\nx --> "http://w.org/d"\n',
        [
            ("https://x.org/a", "comment"),
            ("http://y.org/", "string"),
            ("http://z.org/c", "comment"),
            ("http://w.org/d", "string"),
        ],
    ),
    # OCaml's quoted strings and nested comments; a character literal is no string
    (
        "ocaml",
        "let c = '\"' (* see (* x *) http://x.org/a *)\nlet s = {id|http://y.org/b|id}\n",
        [("http://x.org/a", "comment"), ("http://y.org/b", "string")],
    ),
    # Lua's long brackets and long comments
    (
        "lua",
        "--[==[ http://x.org/a ]==]\nlocal s = [[\nhttp://y.org/b\n]]\n-- http://z.org/c\n",
        [
            ("http://x.org/a", "comment"),
            ("http://y.org/b", "string"),
            ("http://z.org/c", "comment"),
        ],
    ),
    # Ruby: here-documents, percent literals, a regular expression, a `?"` character
    (
        "ruby",
        'q = ?"\nx = <<~EOS\n  see http://x.org/a\n  EOS\ny = %q(http://y.org/b)\n'
        "m = l =~ /(a):(\\d)(:in `(.*)')?/\n# http://z.org/c\n",
        [
            ("http://x.org/a", "string"),
            ("http://y.org/b", "string"),
            ("http://z.org/c", "comment"),
        ],
    ),
    # Elixir: a sigil in triple quotes holding quotes, a charlist
    (
        "elixir",
        '@moduledoc ~S"""\nurl: "postgres://h/db"\n"""\n# http://x.org/a\n',
        [("postgres://h/db", "string"), ("http://x.org/a", "comment")],
    ),
    # Erlang: `$"` is a character, `%` a comment
    (
        "erlang",
        'C = $", % see http://x.org/a\nU = "http://y.org/b".\n',
        [("http://x.org/a", "comment"), ("http://y.org/b", "string")],
    ),
    # Clojure: `\"` is a character, `;` a comment
    (
        "clojure",
        '(def q \\") ;; see http://x.org/a\n(def u "http://y.org/b")\n',
        [("http://x.org/a", "comment"), ("http://y.org/b", "string")],
    ),
    # Emacs Lisp: `?\"` is a character
    (
        "lisp",
        '(setq q ?\\") ; see http://x.org/a\n(setq u "http://y.org/b")\n',
        [("http://x.org/a", "comment"), ("http://y.org/b", "string")],
    ),
    # PowerShell: a backslash escapes nothing; here-strings
    (
        "powershell",
        "$a = \"$r\\..\\\"\n# http://x.org/a\n$x = @'\nhttp://y.org/b\n'@\n",
        [("http://x.org/a", "comment"), ("http://y.org/b", "here-document")],
    ),
    # Nix: ''${ is an escape inside an indented string
    (
        "nix",
        "x = ''\n  echo ''${a}\n  git pull http://x.org/a master\n'';\n# http://y.org/b\n",
        [("http://x.org/a", "string"), ("http://y.org/b", "comment")],
    ),
    # Julia: nested #= =# comments, triple-quoted strings
    (
        "julia",
        '#= a #= b =# http://x.org/a =#\ns = """\nhttp://y.org/b\n"""\n',
        [("http://x.org/a", "comment"), ("http://y.org/b", "string")],
    ),
    # Jsonnet's text blocks
    (
        "jsonnet",
        "{ a: |||\n  see http://x.org/a\n|||, // http://y.org/b\n}\n",
        [("http://x.org/a", "string"), ("http://y.org/b", "comment")],
    ),
    # SQL's dollar quoting and `--` comments
    (
        "sql",
        "SELECT $$http://x.org/a$$; -- http://y.org/b\n",
        [("http://x.org/a", "string"), ("http://y.org/b", "comment")],
    ),
    # Zig's multiline string lines
    (
        "zig",
        "const s =\n    \\\\see http://x.org/a\n;\n// http://y.org/b\n",
        [("http://x.org/a", "string"), ("http://y.org/b", "comment")],
    ),
    # Terraform's here-documents
    (
        "terraform",
        'a = <<-EOT\n  http://x.org/a\n  EOT\n# http://y.org/b\nb = "http://z.org/c"\n',
        [
            ("http://x.org/a", "string"),
            ("http://y.org/b", "comment"),
            ("http://z.org/c", "string"),
        ],
    ),
    # CMake's bracket comments and arguments
    (
        "cmake",
        '#[[ http://x.org/a ]]\nset(U "http://y.org/b") # http://z.org/c\n',
        [
            ("http://x.org/a", "comment"),
            ("http://y.org/b", "string"),
            ("http://z.org/c", "comment"),
        ],
    ),
]


@pytest.mark.parametrize(("syntax", "text", "expected"), CONVENTIONS)
def test_each_rows_conventions_give_the_urls_and_their_contexts(syntax, text, expected):
    found = urls(text, syntax)
    # a here-document's context is a string's: it is the program's value
    assert found == [(url, "string" if c == "here-document" else c) for url, c in expected]


def test_a_url_in_code_ends_at_its_line_and_a_comment_never_goes_on_into_code():
    text = "x = 1 -- see http://x.org/a/\nfoo bar\n"
    assert urls(text, "haskell") == [("http://x.org/a/", "comment")]


@pytest.mark.parametrize(
    ("syntax", "text", "context"),
    [
        ("haskell", "{- never closed http://x.org/a\n", None),
        ("lua", "s = [==[ http://x.org/a\n", None),
        ("ocaml", "s = {id|http://x.org/a\n", None),
        ("ruby", "x = <<~EOS\nhttp://x.org/a\n", "string"),
    ],
)
def test_a_construct_never_closed_is_read_as_code_or_to_the_file_end(syntax, text, context):
    """A block comment or quoted string never closed is no region (fail safe: code); a
    here-document goes on to the file's end, as the languages read it."""
    assert urls(text, syntax) == [("http://x.org/a", context)]


# Pieces of each kind, each closing what it opens (a chunk cannot know that a construct
# is never closed, where the whole text reads it as code), across lines.
CHUNK_PIECES = {
    "a.hs": ["{- a\n{- b -}\nhttp://x.org/a\n-}", 'y = "http://y.org/b"', "z = 1", ""],
    "a.rb": [
        "x = <<~EOS\n  http://x.org/a\n  EOS",
        "# http://y.org/b",
        "=begin\nhttp://z.org\n=end",
    ],
    "a.lua": ["s = [[\nhttp://x.org/a\n]]", "-- http://y.org/b", "--[[ a\nhttp://z.org/c ]]"],
    "a.nix": ["x = ''\n a ''${b}\n http://x.org/a\n'';", "# http://y.org/b"],
    "a.jl": ["#= a\n#= b =#\nhttp://x.org/a =#", 's = """\nhttp://y.org/b\n"""', "z = 1"],
}


@pytest.mark.parametrize("name", sorted(CHUNK_PIECES))
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_chunked_text_of_a_kind_reads_as_the_whole_text(name, data):
    """A long file is scanned in chunks (sources.text.scan_texts), each lexer resuming in
    the construct the chunk before left open (Regions.state_at): the URLs are the whole
    text's."""
    from urlint.pipeline import ScannedText, scan_texts
    from urlint.scanner.scanner import scan
    from urlint.sources.text import TextChunk

    lines = data.draw(st.lists(st.sampled_from(CHUNK_PIECES[name]), min_size=1, max_size=40))
    copies = data.draw(st.integers(min_value=1, max_value=30))
    text = "\n".join(lines * copies) + "\n"
    size = data.draw(st.integers(min_value=50, max_value=997))
    pieces = [text[at : at + size] for at in range(0, len(text), size)]
    chunks = [TextChunk(piece, at == len(pieces) - 1, "utf-8") for at, piece in enumerate(pieces)]
    chunked = [
        candidate
        for scanned in scan_texts(chunks, name)
        if isinstance(scanned, ScannedText)
        for candidate in scanned.candidates
    ]
    assert chunked == scan(text, syntax=str(syntax_of(name)))


def _pygments_contexts(text: str, name: str) -> list[tuple[int, str | None]] | None:
    """Pygments' reading of the place each URL urlint finds starts at: "comment" (a doc
    string too: Pygments lexes doc comments so), "string" or None; None where it has no
    lexer for the name."""
    lexers = pytest.importorskip("pygments.lexers")
    from pygments.token import Comment, String
    from pygments.util import ClassNotFound

    try:
        lexer = lexers.get_lexer_for_filename(name, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None
    starts, types = [], []
    for index, kind, _ in lexer.get_tokens_unprocessed(text):
        starts.append(index)
        types.append(kind)
    read = []
    for candidate in extract(text, syntax=str(syntax_of(name))):
        at = bisect.bisect_right(starts, candidate.span.start.offset) - 1
        kind = types[at] if at >= 0 else None
        theirs = "comment" if kind in Comment or kind in String.Doc else None
        theirs = theirs or ("string" if kind in String else None)
        read.append((candidate.span.start.offset, theirs))
    return read


# The kinds whose reading Pygments' lexers share (where a kind's lexer misreads lines,
# F#'s, or calls an attribute's or an argument's value a string, XML's, CMake's, it is
# no oracle), and the agreement each must keep on real files.
ORACLE_KINDS = {
    "php": 0.98, "ruby": 0.98, "clojure": 0.98, "zig": 0.98, "haskell": 0.95,
    "terraform": 0.98, "ocaml": 0.95, "lua": 0.98, "erlang": 0.98, "jsonnet": 0.9,
    "puppet": 0.98, "elixir": 0.95, "fortran": 0.98, "julia": 0.98, "lisp": 0.98,
    "powershell": 0.95, "solidity": 0.98, "crystal": 0.95, "nix": 0.95, "r": 0.95,
    "vim": 0.95,
}  # fmt: skip


_FILES_A_KIND = 60  # files with a URL read a kind: a minute's work in all


@pytest.mark.slow
@pytest.mark.skipif(not TRUST.is_dir(), reason="the breadth set is not fetched (bench/trust.py)")
def test_the_table_reads_comments_and_strings_as_pygments_does_on_real_files():
    """Every URL urlint finds in files of the breadth set of a kind in ORACLE_KINDS: its
    context (comment, string, code) is the one Pygments' token at its start says."""
    agree: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    files: collections.Counter = collections.Counter()
    for path in sorted(TRUST.rglob("*")):
        syntax = str(syntax_of(str(path)))
        if syntax not in ORACLE_KINDS or files[syntax] >= _FILES_A_KIND:
            continue
        if not path.is_file() or path.stat().st_size > 200_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if "://" not in text:
            continue
        theirs = _pygments_contexts(text, path.name)
        if theirs is None:
            continue
        files[syntax] += 1
        ours = [
            c.context if c.context in ("comment", "string") else None
            for c in extract(text, syntax=syntax)
        ]
        for mine, (_, pygments) in zip(ours, theirs, strict=True):
            agree[syntax]["agree" if mine == pygments else "differ"] += 1
    assert agree, "no file of the oracle's kinds read"
    for syntax, counts in agree.items():
        total = counts["agree"] + counts["differ"]
        assert counts["agree"] / total >= ORACLE_KINDS[syntax], (syntax, counts)


def test_a_comment_leader_is_what_an_ignore_comment_starts_with():
    leaders = {kind.name: kind.comment_leader for kind in TABLE_KINDS}
    assert leaders["haskell"] == "--"
    assert leaders["ruby"] == "#"
    assert leaders["php"] == "//"
    assert leaders["erlang"] == "%"
    assert leaders["lisp"] == ";"
    assert leaders["vim"] is None  # a `"` comment is a line of its own
    assert leaders["ini"] is None
    for kind in TABLE_KINDS:  # a leader is text one of the kind's openers reads
        leader = kind.comment_leader
        assert leader is None or any(re.match(opener, leader + " ") for opener in kind.comments)


def test_table_kind_names_only_the_rows_read_from_the_table():
    assert table_kind("haskell") is not None
    assert table_kind("python") is None
    assert table_kind("nosuchkind") is None


def _literal(pattern: str) -> str | None:
    """A text `pattern` (a row's opener) matches at a line's start: its lookarounds, its
    optional blanks and groups dropped, its first alternative and a class's first character
    taken, its escapes read; None where that text is not one it matches (the rows of a
    class or a repetition are read by CONVENTIONS)."""
    plain = re.sub(
        r"\(\?[<!=][^)]*\)|\(\?m:\^\)|\[ \\t\]\*|\\s\*|\\b|-\?|\(\?:[^)]*\)\?", "", pattern
    )
    plain = re.sub(r"\[(.)[^\]]*\]", r"\1", plain.split("|")[0])
    plain = re.sub(r"\\(.)", r"\1", plain)
    return plain if re.match(pattern, plain) else None


def _row_cases(kind) -> list[tuple[str, list[tuple[str, str]]]]:
    """A line for the row's line comment, each block comment and each string form whose
    opener and closer are plain text, with the URL each gives and its context."""
    cases = []
    for opener in kind.comments:
        plain = _literal(opener) or kind.comment_leader
        if plain is not None:
            cases.append((f"{plain} see http://y.org/b\n", [("http://y.org/b", "comment")]))
    for opener, closer, _ in kind.blocks:
        plain = _literal(opener)
        if plain is not None:
            cases.append((f"{plain} http://x.org/a {closer}\n", [("http://x.org/a", "comment")]))
    for name in kind.strings:
        form = FORMS[name]
        plain = _literal(form.opener)
        if plain is None or form.closer in ("", "heredoc", "pair", "\n") or "\\" in form.closer:
            continue
        text = f"x = {plain}http://z.org/c{form.closer}\n"
        cases.append((text, [("http://z.org/c", "string")]))
    return cases


@pytest.mark.parametrize("kind", TABLE_KINDS, ids=[kind.name for kind in TABLE_KINDS])
def test_every_rows_comments_and_strings_give_a_url_and_its_context(kind):
    cases = _row_cases(kind)
    assert cases  # every row reads a comment or a string
    for text, expected in cases:
        found = [
            (url, "string" if context in ("raw string", "here-document") else context)
            for url, context in urls(text, kind.name)
        ]
        assert found == expected, text
