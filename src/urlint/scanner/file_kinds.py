"""Every file kind urlint knows, one row each: how it is named and how its text is written.

A row says how a file of the kind is recognised (its extensions, its whole names, the
interpreters its `#!` line may name) and how its text is read: the family of reader
(`family`: one of scanner.syntax.Syntax's values, whose reader is written for it, or
`TABLE`, whose text scanner.code reads from the row itself: its line comments, its block
comments, its string forms). Adding a kind is adding a row. The kinds are named as
pre-commit's `identify` tags them where it has a tag (tests/scanner/test_file_kinds.py
holds the table to `identify`'s names and, on real text, to Pygments' tokens).

What a row's syntax holds, for a TABLE kind:

- `comments`: the openers of its line comments, as regular expressions (`#`, `--`, `%`
  unless escaped, `"` at a line's start in Vim script);
- `blocks`: its block comments, each (opener, closer, nested): the closer may name the
  opener's groups (`\\1`: Lua's `--[==[` closes at `]==]`), and a nested comment closes
  at the closer that balances it (Haskell's `{- {- -} -}`);
- `strings`: its string forms, named from FORMS below (`"..."` on one line with escapes,
  across lines, raw, a character literal, a here-document, Lua's long brackets, OCaml's
  quoted strings, Haskell's quasi-quotes, Ruby's percent literals ...);
- `variables`: which `$` variables are placeholders (scanner.templates: "shell" for every
  `$name`, "config" for `$NAME` in capitals, "code" for printf's conversions only, "lisp"
  for those and `format`'s directives, `~A`);
- `tests`: the openers of the test blocks its files keep beside their code (Rust's
  `#[cfg(test)]` module, D's `unittest`, Zig's `test`, EUnit's `-ifdef(TEST).`), each with
  its closer: "}" for the braces the opener's first `{` opens, or a text (`-endif.`). A
  URL there is test data (linter.certainty.test_blocks).

The facts come from each language's reference (cited on its row where a form is unusual)
and from Pygments' lexer for it, the test oracle.

Past 600 lines: most of it is the table itself, a row of data for each of the kinds; its
code is the few functions that read a row.
"""

from __future__ import annotations

from .._runtime.patterns import compiled_when_used
from ..core.records import record

__all__ = [
    "FORMS",
    "KINDS",
    "TABLE",
    "Form",
    "Kind",
    "by_extension",
    "by_file_name",
    "by_interpreter",
    "by_name",
]

# The family of a kind read from its row (scanner.code's table reader).
TABLE = "table"

# A string's mode, as scanner.code names them (kept here as numbers so that this module
# imports nothing): running text, a literal with escapes, a raw literal.
_TEXT, _LITERAL, _RAW = 0, 1, 2


@record
class Form:
    """A string form: its opener (a regular expression), its closer (which may name the
    opener's groups, `\\1`), the mode its content is read in (escapes or raw), whether it
    spans lines, and its construct's name (scanner.code's: "string", "raw string",
    "here-document")."""

    opener: str
    closer: str
    mode: int
    lines: bool
    construct: str = "string"


# Brackets a quote-like operator may open with, and what closes each.
_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">"}

FORMS: dict[str, Form] = {
    # "..." closed on its line, with backslash escapes (C, Haskell, Swift ...)
    "dq": Form(r'"', '"', _LITERAL, False),
    # "..." across lines, with escapes (Lisp, Erlang, Elixir, OCaml, R, Julia, PHP, Nix ...)
    "dq-lines": Form(r'"', '"', _LITERAL, True),
    # "..." on its line, no escapes ("" is a quote: Fortran, SQL identifiers, VB)
    "dq-raw": Form(r'"', '"', _RAW, False),
    "sq": Form(r"'", "'", _LITERAL, False),
    "sq-lines": Form(r"'", "'", _LITERAL, True),
    # '...' with no escapes but a doubled quote (SQL, Fortran, Pascal, PowerShell, Vim)
    "sq-raw": Form(r"'", "'", _RAW, False),
    "sq-raw-lines": Form(r"'", "'", _RAW, True),
    # a character literal ('a', '\n', '\x41'), never an apostrophe in a name (foldl', a')
    "char": Form(r"(?<![\w'])'(?=(?:[^'\\\n]|\\[^\n]{1,8})')", "'", _LITERAL, False),
    # triple quotes across lines, with escapes (Kotlin, Swift, Julia, Elixir, Dart) or raw
    # (Scala, Nim)
    "tdq": Form(r'"""', '"""', _LITERAL, True),
    "tdq-raw": Form(r'"""', '"""', _RAW, True, "raw string"),
    "tsq": Form(r"'''", "'''", _LITERAL, True),
    # backquotes: a name (Haskell's infix, Kotlin's, Scala's, SQL's) on one line, or a raw
    # string across lines (Go's, a shell's substitution is shell's own)
    "backtick": Form(r"`", "`", _RAW, False),
    "backtick-lines": Form(r"`", "`", _RAW, True, "raw string"),
    # Lua's long brackets: [[...]], [==[...]==] (Lua 5.4 manual, section 3.1)
    "lua-long": Form(r"\[(=*)\[", r"]\1]", _RAW, True, "raw string"),
    # OCaml's quoted strings: {|...|}, {id|...|id} (OCaml manual, 11.1 "String literals")
    "ocaml-quoted": Form(r"\{([a-z_]*)\|", r"|\1}", _RAW, True, "raw string"),
    # Haskell's quasi-quotes: [uri|http://x.org/|] (GHC's QuasiQuotes)
    "quasiquote": Form(r"\[[A-Za-z_][\w.']*\|", "|]", _RAW, True, "raw string"),
    # Nix's indented strings: ''...'', where ''$, ''' and ''\ are escapes (Nix manual,
    # "String literals"): a closer a pattern says
    "nix-indented": Form(r"''", r"(?:''(?![$'\\]))", _RAW, True, "raw string"),
    # "..." across lines with no backslash escapes (PowerShell's: its escape is a backquote)
    "dq-raw-lines": Form(r'"', '"', _RAW, True),
    # character literals that are a quote, passed over (no closer): no string opens at
    # Clojure's \", Emacs Lisp's ?\", Erlang's $", Elixir's and Ruby's ?"
    "clj-char": Form(
        r"\\(?:newline|space|tab|formfeed|backspace|return|u[0-9a-fA-F]{4}|.)", "", _RAW, False
    ),
    "lisp-char": Form(r"(?<![\w?-])\?\\?[\"'|]", "", _RAW, False),
    "erlang-char": Form(r"\$\\?[\"'%]", "", _RAW, False),
    "question-char": Form(r"(?<![\w)\]}?])\?\\?[\"'`]", "", _RAW, False),
    # a regular expression between slashes after an operator or an opening (Ruby's and
    # Crystal's `=~ /https?:\/\//`), on its line, with escapes
    "slash-regex": Form(
        r"(?:(?<=[=~(,!|&;{])|(?<=[=~(,!|&;{] )|(?<=[=~(,!|&;{]  ))/(?![/\s*=])",
        "/",
        _LITERAL,
        False,
    ),
    # Elixir's sigils in triple quotes: ~S"""...""", ~s'''...'''
    "sigil-heredoc": Form(r"~[a-zA-Z]\w*(\"\"\"|''')", r"\1", _LITERAL, True),
    # Jsonnet's text blocks: |||...||| (the Jsonnet reference, "Text blocks")
    "text-block": Form(r"\|\|\|", "|||", _RAW, True, "raw string"),
    # Swift's extended delimiters: #"..."#, ##"..."## (The Swift Programming Language,
    # "Extended String Delimiters")
    "swift-raw": Form(r'(#+)"', r'"\1', _RAW, False, "raw string"),
    # Zig's multiline string lines: \\ to the line's end (Zig's reference, "Multiline
    # String Literals")
    "zig-lines": Form(r"\\\\", "\n", _RAW, False, "raw string"),
    # PostgreSQL's dollar quoting: $$...$$, $tag$...$tag$ (PostgreSQL manual, 4.1.2.4)
    "dollar-quote": Form(r"\$([A-Za-z_]\w*)?\$", r"$\1$", _RAW, True, "raw string"),
    # PowerShell's here-strings: @" and @' ending their line, closed by "@ or '@ at a
    # line's start (about_Quoting_Rules)
    "ps-here": Form(r"@([\"'])(?=[ \t]*\r?\n)", "\n\\1@", _RAW, True, "here-document"),
    # here-documents: Ruby's and Crystal's <<~ID, <<-ID, <<ID, <<"ID"; PHP's <<<ID;
    # HCL's <<EOF and <<-EOF. The body, from the next line, closes at a line holding the
    # word alone (blanks before it allowed). A bare word after << is in capitals: `a << b`
    # is a shift or an append.
    "heredoc": Form(
        r"<<<?(?:[~-](['\"`]?)([A-Za-z_]\w*)\1|(['\"`])([A-Za-z_]\w*)\3|([A-Z_][A-Z0-9_]*)\b)",
        "heredoc",
        _RAW,
        True,
        "here-document",
    ),
    # Ruby's and Crystal's percent literals: %q(...), %Q[...], %w{...}, %r{...}, %(...)
    # (the Ruby reference, "Percent Strings"), to the bracket that closes the opener
    "percent": Form(r"(?<![\w)\]}])%[qQwWiIrsx]?([(\[{<|!/^])", "pair", _LITERAL, True),
    # Elixir's sigils: ~r/.../, ~S"...", ~s(...) (Elixir's "Sigils")
    "sigil": Form(r"~[a-zA-Z]\w*([/|\"'(\[{<])", "pair", _LITERAL, True),
    # Clojure's regular expressions: #"..."
    "clj-regex": Form(r'#"', '"', _LITERAL, True),
}

# Line comment openers used by many rows.
_HASH = r"#"
_HASH_WORD = r"(?<![^\s;&|(){}\[\]])#"  # a `#` starting a word (shells, Nix, CMake)
_DASHES = r"--"
_SLASHES = r"//"
_PERCENT = r"%"
_SEMI = r";"
_C_BLOCK = (r"/\*", "*/", False)


@record
class Kind:
    """A file kind: its name, its reader's family, how it is recognised, its syntax."""

    name: str
    family: str
    extensions: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    interpreters: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    blocks: tuple[tuple[str, str, bool], ...] = ()
    strings: tuple[str, ...] = ()
    variables: str = "code"
    tests: tuple[tuple[str, str], ...] = ()

    @property
    def comment_leader(self) -> str | None:
        """The text a line comment starts with where one may end any line (an ignore
        comment's: linter.add_ignore): the first opener that is a plain string once its
        lookarounds are set aside (`--(?![!#$])` is `--`); None where every opener says
        more (`(?m:^)[ \t]*#`: a comment is a line of its own)."""
        for opener in self.comments:
            plain = _LOOKAROUND.sub("", opener)
            leader = plain.replace("\\", "")
            if leader and not _SPECIAL.search(plain.replace("\\\\", "")):
                return leader
        return None


_LOOKAROUND = compiled_when_used(r"\(\?<?[=!](?:[^()\\]|\\.|\([^()]*\))*\)")
_SPECIAL = compiled_when_used(r"(?<!\\)[()\[\]?^$*+|{}.]|\\[A-Za-z]")


def _k(
    name: str,
    family: str,
    extensions: str = "",
    names: str = "",
    interpreters: str = "",
    comments: tuple[str, ...] = (),
    blocks: tuple[tuple[str, str, bool], ...] = (),
    strings: str = "",
    variables: str = "code",
    tests: tuple[tuple[str, str], ...] = (),
) -> Kind:
    """A row, its lists written as words."""
    return Kind(
        name,
        family,
        tuple(extensions.split()),
        tuple(names.split()),
        tuple(interpreters.split()),
        comments,
        blocks,
        tuple(strings.split()),
        variables,
        tests,
    )


# The families written for their kinds (scanner.syntax.Syntax's values).
_TEXT_F, _OTHER = "text", "other"
_PY, _JS, _GO, _SH, _C = "python", "javascript", "go", "shell", "c-like"
_YAML, _TOML, _JSON, _PROPS = "yaml", "toml", "json", "properties"
_MD, _RST, _ADOC, _HTML = "markdown", "rst", "asciidoc", "html"

# The rows. Kinds whose family is written for them first, then the table's, by name.
KINDS: tuple[Kind, ...] = (
    # prose: plain text, logs, and mail and news saved one message to a file
    _k("text", _TEXT_F, "txt text log eml mbox news mail msg"),
    _k("python", _PY, "py pyi pyw pyx pxd gyp gypi", "sconstruct sconscript", "python pypy"),
    # gettext catalogs: strings in double quotes with C's escapes, "#" comments, adjacent
    # strings joined (GNU gettext manual, "The Format of PO Files"), as Python reads them
    _k("pofile", _PY, "po pot"),
    _k("javascript", _JS, "js mjs cjs jsx es6", "", "node nodejs deno bun"),
    _k("ts", _JS, "ts mts cts tsx"),
    _k("go", _GO, "go"),
    _k("go-module", TABLE, "", "go.mod go.sum go.work", "", (_SLASHES,), (), "dq backtick-lines"),
    _k(
        "shell",
        _SH,
        "sh bash zsh ksh bats mk mak envrc ebuild eclass",
        "makefile gnumakefile dockerfile containerfile pkgbuild apkbuild .bashrc"
        " .bash_profile .profile .zshrc .envrc",
        "sh bash dash ksh mksh zsh ash busybox bats",
    ),
    _k(
        "c",
        _C,
        "c h cc cpp cxx c++ hpp hh hxx h++ ipp inl tcc ino cu cuh m mm java kt kts cs"
        " csx swift scala sc sbt groovy gradle dart v sv svh vala proto thrift"
        " glsl hlsl frag vert metal idl ceylon hx",
        "jenkinsfile",
    ),
    # Rust's test module (the Rust reference, "Conditional compilation": `#[cfg(test)]`),
    # D's unittest blocks (the D specification, "Unit Tests")
    _k("rust", _C, "rs", tests=((r"#\[cfg\(test\)\]", "}"),)),
    _k("d", _C, "d", tests=((r"\bunittest\b", "}"),)),
    _k("yaml", _YAML, "yaml yml", ".clang-format .clang-tidy .yamllint"),
    _k("toml", _TOML, "toml", "pipfile cargo.lock poetry.lock uv.lock"),
    _k(
        "json",
        _JSON,
        "json jsonc json5 jsonl ndjson geojson ipynb jsonld webmanifest avsc har",
        ".prettierrc .eslintrc .babelrc .jshintrc .swcrc flake.lock composer.lock",
    ),
    # java.util.Properties' files: configuration, resource bundles, the Gradle and Maven
    # wrappers' (`distributionUrl=https\\://services.gradle.org/...`)
    _k("java-properties", _PROPS, "properties"),
    _k("markdown", _MD, "md markdown mdown mkd mdx rmd qmd"),
    _k("rst", _RST, "rst rest"),
    _k("asciidoc", _ADOC, "adoc asciidoc asc"),
    _k("html", _HTML, "html htm xhtml"),
    # configuration in languages of their own, named without an extension
    _k("other", _OTHER, "", "caddyfile procfile codeowners"),
    # --- read from the row (TABLE) ---
    # Ruby, and its build and deployment files (Bundler, Rake, Vagrant, CocoaPods, Homebrew,
    # fastlane, Guard, Capistrano, Berkshelf, Thor, Danger): `#`, =begin/=end, strings with
    # `#{}`, percent literals, here-documents
    _k(
        "ruby",
        TABLE,
        "rb rake gemspec ru podspec rbi rbs thor jbuilder builder",
        "gemfile rakefile vagrantfile podfile brewfile fastfile appfile guardfile capfile"
        " berksfile thorfile dangerfile matchfile pluginfile .irbrc .pryrc",
        "ruby jruby",
        (_HASH,),
        ((r"(?m:^)=begin\b", "\n=end", False),),
        "heredoc percent question-char slash-regex dq-lines sq-lines",
    ),
    _k(
        "crystal",
        TABLE,
        "cr",
        "",
        "crystal",
        (_HASH,),
        (),
        "heredoc percent question-char slash-regex dq-lines char",
    ),
    # Embedded Ruby and other templates: their text is the page's, read as prose with
    # code's ends (a kind not read)
    _k("erb", _OTHER, "erb epp rhtml haml slim liquid mustache hbs handlebars njk jinja j2 twig"),
    # Perl: the wary reader of the kinds not read as code (scanner.other) knows its `\@`
    # (an "@" in a string) and its patterns (`qr!...!`, `m{...}`), which a row could not
    _k("perl", _OTHER, "pl pm t pod psgi xs", "", "perl"),
    _k(
        "php",
        TABLE,
        "php phtml php3 php4 php5 phpt",
        "",
        "php",
        (_SLASHES, r"#(?!\[)"),
        (_C_BLOCK,),
        "heredoc dq-lines sq-lines",
    ),
    _k(
        "haskell",
        TABLE,
        "hs hs-boot hsc lhs chs",
        "",
        "runghc runhaskell stack",
        (r"--(?![!#$%&*+./<=>?@\\^|~:])",),
        ((r"\{-", "-}", True),),
        "quasiquote dq char",
    ),
    _k(
        "purescript",
        TABLE,
        "purs",
        "",
        "",
        (r"--(?![!#$%&*+./<=>?@\\^|~:])",),
        ((r"\{-", "-}", True),),
        "tdq-raw dq char",
    ),
    _k(
        "elm",
        TABLE,
        "elm",
        "",
        "",
        (r"--(?![!#$%&*+./<=>?@\\^|~:])",),
        ((r"\{-", "-}", True),),
        "tdq dq char",
    ),
    _k(
        "idris",
        TABLE,
        "idr lidr",
        "",
        "",
        (r"--(?![!#$%&*+./<=>?@\\^|~:])",),
        ((r"\{-", "-}", True),),
        "tdq dq char",
    ),
    _k("agda", TABLE, "agda", "", "", (_DASHES,), ((r"\{-", "-}", True),), "dq"),
    # Cabal's package descriptions: `--` comments at a line's start, values to the line's end
    _k("cabal", TABLE, "cabal", "cabal.project", "", (r"(?m:^)[ \t]*--",), (), ""),
    _k(
        "ocaml",
        TABLE,
        "ml mli mll mly mlt eliom",
        "",
        "ocaml ocamlrun",
        (),
        ((r"\(\*", "*)", True),),
        "ocaml-quoted dq-lines char",
    ),
    # dune's and opam's files: S-expressions (dune) and opam's syntax, `;` and `#` comments
    _k(
        "dune",
        TABLE,
        "",
        "dune dune-project dune-workspace",
        "",
        (_SEMI,),
        ((r"#\|", "|#", True),),
        "lisp-char dq-lines",
    ),
    _k("opam", TABLE, "opam", "opam", "", (_HASH,), ((r"\(\*", "*)", True),), "tdq-raw dq-lines"),
    _k("reason", TABLE, "re rei", "", "", (_SLASHES,), (_C_BLOCK,), "ocaml-quoted dq-lines char"),
    _k(
        "f#",
        TABLE,
        "fs fsi fsx fsscript",
        "",
        "",
        (_SLASHES,),
        ((r"\(\*", "*)", True),),
        "tdq-raw dq-lines char",
    ),
    _k("sml", TABLE, "sml sig fun", "", "", (), ((r"\(\*", "*)", True),), "dq-lines"),
    _k(
        "elixir",
        TABLE,
        "ex exs heex",
        "",
        "elixir",
        (_HASH,),
        (),
        "tdq tsq sigil-heredoc sigil question-char dq-lines sq-lines",
    ),
    _k(
        "erlang",
        TABLE,
        "erl hrl escript app.src",
        "rebar.config rebar.lock sys.config relx.config",
        "escript",
        (r"(?<!\$)%",),
        (),
        "tdq erlang-char dq-lines sq",
        # EUnit's tests kept in the module (EUnit's user's guide, "Compilation control")
        tests=((r"(?m:^)-ifdef\(TEST\)\.", "-endif."),),
    ),
    _k("gleam", TABLE, "gleam", "", "", (_SLASHES,), (), "dq-lines"),
    _k(
        "clojure",
        TABLE,
        "clj cljs cljc edn bb",
        "",
        "bb clojure",
        (_SEMI,),
        (),
        "clj-regex clj-char dq-lines",
    ),
    _k(
        "lisp",
        TABLE,
        "el lisp lsp cl asd scm ss rkt sld sls fnl hy janet",
        ".emacs .spacemacs",
        "sbcl guile racket emacs",
        (_SEMI,),
        ((r"#\|", "|#", True),),
        "lisp-char dq-lines",
        "lisp",
    ),
    _k(
        "lua",
        TABLE,
        "lua rockspec luau wlua",
        ".luacheckrc",
        "lua luajit",
        (r"--(?!\[=*\[)",),
        ((r"--\[(=*)\[", r"]\1]", False),),
        "lua-long dq sq",
    ),
    _k(
        "julia",
        TABLE,
        "jl",
        "",
        "julia",
        (r"#(?!=)",),
        ((r"#=", "=#", True),),
        "tdq dq-lines char",
    ),
    _k(
        "r",
        TABLE,
        "r rprofile",
        ".rprofile",
        "rscript",
        (_HASH,),
        (),
        "dq-lines sq-lines backtick",
    ),
    _k(
        "nim",
        TABLE,
        "nim nims nimble",
        "",
        "nim",
        (r"#(?!\[)",),
        ((r"#\[", "]#", True),),
        "tdq-raw dq char",
    ),
    # Zig's test declarations (Zig's reference, "Zig Test": `test "name" { ... }`)
    _k(
        "zig",
        TABLE,
        "zig zon",
        "",
        "",
        (_SLASHES,),
        (),
        "zig-lines dq char",
        tests=((r"(?m:^)[ \t]*test\b", "}"),),
    ),
    _k(
        "odin",
        TABLE,
        "odin",
        "",
        "",
        (_SLASHES,),
        ((r"/\*", "*/", True),),
        "backtick-lines dq char",
    ),
    _k("fortran", TABLE, "f f90 f95 f03 f08 f77 for fpp ftn", "", "", (r"!",), (), "dq-raw sq-raw"),
    _k("fpm-toml", _TOML, "", "fpm.toml"),
    _k(
        "matlab",
        TABLE,
        "matlab",
        "",
        "octave",
        (r"%(?!\{)",),
        ((r"(?m:^)[ \t]*%\{", "%}", True),),
        "dq-raw",
    ),
    _k(
        "powershell",
        TABLE,
        "ps1 psm1 psd1 ps1xml pssc psrc",
        "",
        "pwsh powershell",
        (_HASH,),
        ((r"<#", "#>", False),),
        "ps-here dq-raw-lines sq-raw-lines",
        "shell",
    ),
    _k("batch", TABLE, "bat cmd", "", "", (r"(?im:^)[ \t]*@?(?:rem\b|::)",), (), "dq-raw"),
    _k("fish", TABLE, "fish", "", "fish", (_HASH_WORD,), (), "dq-lines sq-raw-lines", "shell"),
    _k(
        "tcl",
        TABLE,
        "tcl tk exp itcl",
        "",
        "tclsh wish expect",
        (r"(?m:^)[ \t]*#|;[ \t]*#",),
        (),
        "dq-lines",
    ),
    _k(
        "terraform",
        TABLE,
        "tf tfvars hcl nomad tftest.hcl pkr.hcl",
        ".terraform.lock.hcl",
        "",
        (_HASH, _SLASHES),
        (_C_BLOCK,),
        "heredoc dq",
    ),
    _k(
        "puppet",
        TABLE,
        "pp",
        "puppetfile",
        "",
        (_HASH,),
        (_C_BLOCK,),
        "heredoc dq-lines sq-raw-lines",
        "shell",
    ),
    _k("nix", TABLE, "nix", "", "", (_HASH,), (_C_BLOCK,), "nix-indented dq-lines", "shell"),
    _k(
        "starlark",
        _PY,
        "bzl bazel star sky",
        "build workspace build.bazel workspace.bazel module.bazel tiltfile buck",
    ),
    _k(
        "cmake",
        TABLE,
        "cmake",
        "cmakelists.txt",
        "",
        (r"#(?!\[=*\[)",),
        ((r"#\[(=*)\[", r"]\1]", False),),
        "lua-long dq-lines",
        "shell",
    ),
    _k(
        "meson",
        TABLE,
        "",
        "meson.build meson_options.txt meson.options",
        "",
        (_HASH,),
        (),
        "tsq sq",
    ),
    _k("gn", TABLE, "gn gni", "", "", (_HASH,), (), "dq"),
    _k(
        "jsonnet",
        TABLE,
        "jsonnet libsonnet",
        "",
        "jsonnet",
        (_SLASHES, _HASH),
        (_C_BLOCK,),
        "text-block dq-lines sq-lines",
    ),
    _k("cue", TABLE, "cue", "", "", (_SLASHES,), (), "tdq dq"),
    _k(
        "dhall",
        TABLE,
        "dhall",
        "",
        "",
        (_DASHES,),
        ((r"\{-", "-}", True),),
        "nix-indented dq-lines",
    ),
    _k(
        "sql",
        TABLE,
        "sql psql pgsql plsql mysql ddl dml hql cql prql",
        "",
        "",
        (r"--", _HASH),
        (_C_BLOCK,),
        "dollar-quote sq-raw-lines dq-raw backtick",
    ),
    _k("solidity", TABLE, "sol", "", "", (_SLASHES,), (_C_BLOCK,), "dq sq"),
    _k("vyper", _PY, "vy"),
    _k("move", TABLE, "move", "", "", (_SLASHES,), (_C_BLOCK,), "dq"),
    _k("cairo", TABLE, "cairo", "", "", (_SLASHES,), (), "dq sq"),
    _k("graphql", TABLE, "graphql gql graphqls", "", "", (_HASH,), (), "tdq dq"),
    _k("prisma", TABLE, "prisma", "", "", (_SLASHES,), (), "dq"),
    _k("protobuf-text", TABLE, "textproto pbtxt txtpb prototxt", "", "", (_HASH,), (), "dq sq"),
    # TeX and LaTeX (and R's documentation, written in a LaTeX of its own): the reader of
    # the kinds not read as code (scanner.other, scanner.tex) knows \url{...}, \href,
    # control sequences and escapes; a `%` there is a comment but in a \url's argument,
    # which a row's comment could not tell
    _k("tex", _OTHER, "tex sty cls ltx dtx ins bbx cbx lbx def fdd bib bst ctx clo fd rd bbl"),
    _k("texinfo", TABLE, "texi texinfo txi", "", "", (r"(?m:^)@c(?:omment)?\b",), (), ""),
    _k(
        "vim",
        TABLE,
        "vim vba",
        ".vimrc .gvimrc _vimrc .exrc",
        "",
        (r'(?m:^)[ \t:]*"',),
        (),
        "sq-raw",
    ),
    _k("gdscript", _PY, "gd"),
    _k(
        "coffee",
        TABLE,
        "coffee cson litcoffee",
        "cakefile",
        "coffee",
        (r"#(?!##)",),
        ((r"###", "###", False),),
        "tdq tsq dq-lines sq-lines",
    ),
    _k("livescript", TABLE, "ls", "", "", (_HASH,), (_C_BLOCK,), "tdq tsq dq-lines sq-lines"),
    _k("awk", TABLE, "awk gawk", "", "awk gawk mawk nawk", (_HASH,), (), "dq"),
    _k("sed", TABLE, "sed", "", "sed", (r"(?m:^)[ \t]*#",), (), ""),
    _k("m4", TABLE, "m4 ac", "configure.ac", "", (r"(?m:^)[ \t]*dnl\b", r"(?m:^)[ \t]*#"), (), ""),
    _k(
        "autoconf",
        TABLE,
        "",
        "makefile.am makefile.in configure.in",
        "",
        (_HASH_WORD,),
        (),
        "dq sq-raw",
        "shell",
    ),
    _k(
        "ini",
        TABLE,
        "ini cfg conf cnf desktop service socket timer mount target path inf reg editorconfig"
        " gitconfig npmrc pylintrc flake8 coveragerc tox",
        ".editorconfig .gitconfig .npmrc .pypirc .coveragerc .pylintrc .flake8 setup.cfg"
        " tox.ini .gitmodules",
        "",
        (r"(?m:^)[ \t]*[#;]",),
        (),
        "",
    ),
    _k(
        "dotenv",
        TABLE,
        "env",
        ".env .env.example .env.sample .env.local",
        "",
        (r"(?m:^)[ \t]*#",),
        (),
        "dq sq-raw",
        "shell",
    ),
    _k(
        "gitignore",
        TABLE,
        "gitignore dockerignore npmignore hgignore prettierignore eslintignore",
        ".gitignore .dockerignore .npmignore .gitattributes .mailmap",
        "",
        (r"(?m:^)[ \t]*#",),
        (),
        "",
    ),
    _k(
        "requirements",
        TABLE,
        "",
        "requirements.txt requirements-dev.txt constraints.txt",
        "",
        (_HASH_WORD,),
        (),
        "",
    ),
    _k(
        "xml",
        TABLE,
        "xml xsd xsl xslt xsl-fo svg plist csproj vbproj fsproj vcxproj props targets nuspec"
        " resx xaml xib storyboard wsdl pom rdf rss atom kml gpx tld jelly iml xlf xliff wxs"
        " wxi wxl config manifest",
        "pom.xml",
        "",
        (),
        ((r"<!--", "-->", False),),
        "",
    ),
    _k("groff", _OTHER, "1 2 3 4 5 6 7 8 9 1p 3p man mdoc roff me ms n"),
    _k("diff", _OTHER, "diff patch"),
    _k("csv", _OTHER, "csv tsv psv"),
    # CSS has block comments only (CSS Syntax Level 3, 4.3.2): `//` in it is no comment
    # (`url(//cdn.example.org/a.png)`); Sass, SCSS, Less and Stylus add `//` line comments
    _k("css", TABLE, "css pcss", "", "", (), (_C_BLOCK,), "dq sq"),
    _k("scss", TABLE, "scss less sass styl", "", "", (r"(?<![:\w(])//",), (_C_BLOCK,), "dq sq"),
    _k("vue", _HTML, "vue svelte astro"),
    _k("gherkin", TABLE, "feature", "", "", (r"(?m:^)[ \t]*#",), (), "tdq"),
    _k("robot", TABLE, "robot resource", "", "", (r"(?m:^)[ \t]*#|(?<=\s\s)#",), (), ""),
    _k("ada", TABLE, "adb ads ada gpr", "", "", (_DASHES,), (), "dq-raw"),
    _k(
        "pascal",
        TABLE,
        "pas pp.inc dpr lpr lfm dfm",
        "",
        "",
        (_SLASHES,),
        ((r"\{", "}", False), (r"\(\*", "*)", False)),
        "sq-raw",
    ),
    _k("vb", TABLE, "vb vbs bas frm", "", "", (r"'",), (), "dq-raw"),
    _k("apex", _C, "apex trigger"),
    _k("objective-j", _C, "j"),
    _k(
        "asm",
        TABLE,
        "asm s nasm inc.asm",
        "",
        "",
        (_SEMI, r"(?m:^)[ \t]*#", _SLASHES),
        (_C_BLOCK,),
        "dq",
    ),
    _k("verilog", _C, "vh"),
    _k("vhdl", TABLE, "vhd vhdl", "", "", (_DASHES,), (), "dq-raw"),
    _k("prolog", TABLE, "prolog", "", "swipl", (_PERCENT,), (_C_BLOCK,), "dq sq"),
    _k("smalltalk", TABLE, "st", "", "", (), ((r'"', '"', False),), "sq-raw"),
    _k("haxe-hxml", TABLE, "hxml", "", "", (_HASH,), (), ""),
    _k("spec", TABLE, "spec", "", "", (r"(?m:^)[ \t]*#",), (), "", "shell"),
    _k("nginx", TABLE, "nginx", "nginx.conf", "", (_HASH_WORD,), (), "dq sq"),
    _k(
        "apache",
        TABLE,
        "htaccess",
        ".htaccess httpd.conf apache2.conf",
        "",
        (r"(?m:^)[ \t]*#",),
        (),
        "dq",
    ),
    _k("bicep", TABLE, "bicep", "", "", (_SLASHES,), (_C_BLOCK,), "tsq sq"),
    _k("kusto", TABLE, "kql csl", "", "", (_SLASHES,), (), "dq sq"),
    _k("jq", TABLE, "jq", "", "jq", (_HASH,), (), "dq"),
    _k("rego", TABLE, "rego", "", "", (_HASH,), (), "backtick-lines dq"),
    _k(
        "hack",
        TABLE,
        "hack hh.php",
        "",
        "hhvm",
        (_SLASHES, _HASH),
        (_C_BLOCK,),
        "heredoc dq-lines sq-lines",
    ),
    _k(
        "raku",
        TABLE,
        "raku rakumod rakutest p6 pm6",
        "",
        "raku perl6",
        (r"#(?!`)",),
        (),
        "dq-lines sq-lines",
    ),
    _k("mojo", _PY, "mojo"),
    _k("pony", TABLE, "pony", "", "", (_SLASHES,), ((r"/\*", "*/", True),), "tdq dq char"),
    _k("ballerina", _C, "bal"),
    _k("v-lang", _C, "vv"),
    _k("carbon", _C, "carbon"),
    _k("wgsl", _C, "wgsl"),
    _k("arduino", _C, "pde"),
    _k("qml", _JS, "qml qbs"),
    _k("jsonnet-lock", _JSON, "", "jsonnetfile.json jsonnetfile.lock.json"),
    _k("helm-template", TABLE, "tpl", "", "", (r"\{\{-?\s*/\*",), (), ""),
    _k(
        "plantuml",
        TABLE,
        "puml plantuml iuml",
        "",
        "",
        (r"(?m:^)[ \t]*'",),
        ((r"/'", "'/", False),),
        "dq",
    ),
    _k("mermaid", TABLE, "mmd mermaid", "", "", (r"%%",), (), "dq"),
    _k("dot", TABLE, "dot gv", "", "", (_SLASHES, r"(?m:^)#"), (_C_BLOCK,), "dq-lines"),
    _k("org", _OTHER, "org"),
    _k("wiki", _OTHER, "wiki mediawiki textile creole pod6 rdoc"),
    _k("smithy", _C, "smithy"),
    _k("thrift-idl", _C, "avdl"),
    _k("capnp", TABLE, "capnp", "", "", (_HASH,), (), "dq"),
    _k("flatbuffers", _C, "fbs"),
    _k("antlr", _C, "g4"),
    _k("yacc", _C, "y yy l ll"),
    _k("kconfig", TABLE, "", "kconfig", "", (_HASH,), (), "dq sq"),
    _k("bitbake", TABLE, "bb bbappend bbclass", "", "", (r"(?m:^)[ \t]*#",), (), "dq sq", "shell"),
    _k("just", TABLE, "just", "justfile .justfile", "", (_HASH,), (), "tdq tsq dq sq-raw", "shell"),
    _k("nushell", TABLE, "nu", "", "nu", (_HASH,), (), "dq sq-raw backtick"),
    _k("elvish", TABLE, "elv", "", "elvish", (_HASH,), (), "dq sq-raw"),
    _k("xonsh", _PY, "xsh", "", "xonsh"),
    _k("sage", _PY, "sage"),
    _k("snakemake", _PY, "smk", "snakefile"),
    _k("cython", _PY, "pxi"),
    _k("kotlin-script", _C, "main.kts"),
    _k("lean", TABLE, "lean", "", "", (_DASHES,), ((r"/-", "-/", True),), "dq"),
    _k("coq", TABLE, "v.coq", "", "", (), ((r"\(\*", "*)", True),), "dq-lines"),
    _k("isabelle", TABLE, "thy", "", "", (), ((r"\(\*", "*)", True),), "dq-lines"),
    _k("futhark", TABLE, "fut", "", "", (_DASHES,), (), "dq char"),
    _k("ampl", TABLE, "ampl", "", "", (_HASH,), (_C_BLOCK,), "dq sq"),
    _k("stata", TABLE, "do ado", "", "", (r"(?m:^)[ \t]*\*", _SLASHES), (_C_BLOCK,), "dq"),
    _k("sas", TABLE, "sas", "", "", (r"(?m:^)[ \t]*\*",), (_C_BLOCK,), "dq sq"),
    _k("gnuplot", TABLE, "gp gnuplot plt", "", "gnuplot", (_HASH,), (), "dq sq-raw"),
    _k("scilab", TABLE, "sci sce", "", "", (_SLASHES,), (), "dq sq"),
    _k(
        "wolfram", TABLE, "wl wls nb", "", "wolframscript", (), ((r"\(\*", "*)", True),), "dq-lines"
    ),
    _k("apl", TABLE, "apl dyalog", "", "", (r"⍝",), (), "sq-raw"),
    _k("forth", TABLE, "fth 4th forth", "", "", (r"\\(?=\s)",), ((r"\((?=\s)", ")", False),), "dq"),
    _k("factor", TABLE, "factor", "", "", (r"!(?=\s)",), (), "dq"),
    _k("cobol", TABLE, "cob cbl cpy", "", "", (r"\*>",), (), "dq-raw sq-raw"),
    _k("abap", TABLE, "abap", "", "", (r'(?m:^)\*|"',), (), "sq-raw backtick"),
    _k("rpgle", TABLE, "rpgle sqlrpgle", "", "", (_SLASHES,), (), "sq-raw"),
    _k("modelica", _C, "mo"),
    _k(
        "ocaml-dune-opam-template",
        TABLE,
        "opam.template",
        "",
        "",
        (_HASH,),
        ((r"\(\*", "*)", True),),
        "tdq-raw dq-lines",
    ),
)


def _index() -> tuple[dict[str, Kind], dict[str, Kind], dict[str, Kind], dict[str, Kind]]:
    """The table's lookups: by kind name, by extension, by whole name, by interpreter."""
    named: dict[str, Kind] = {}
    extensions: dict[str, Kind] = {}
    names: dict[str, Kind] = {}
    interpreters: dict[str, Kind] = {}
    for kind in KINDS:
        named.setdefault(kind.name, kind)
        for extension in kind.extensions:
            extensions.setdefault(extension, kind)
        for name in kind.names:
            names.setdefault(name, kind)
        for program in kind.interpreters:
            interpreters.setdefault(program, kind)
    return named, extensions, names, interpreters


NAMED, _EXTENSIONS, _NAMES, _INTERPRETERS = _index()


def by_extension(extension: str) -> Kind | None:
    """The kind of a lower-case extension (`hs`, `tar.gz` no: the last one, `gz`), or None."""
    return _EXTENSIONS.get(extension)


def by_name(base: str) -> Kind | None:
    """The kind of a lower-case file name known whole (`makefile`, `cmakelists.txt`), or
    one whose last two extensions name it (`app.src`, `tftest.hcl`), or None."""
    known = _NAMES.get(base)
    if known is not None:
        return known
    last = base.rfind(".")
    before = base.rfind(".", 1, last) if last > 0 else -1
    return _EXTENSIONS.get(base[before + 1 :]) if before > 0 else None


def by_file_name(name: str) -> Kind | None:
    """The kind of a file by its name (a path: its last part, any case): by_name, then its
    last extension; None where neither is known."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit("!", 1)[-1].lower()
    known = by_name(base)
    if known is not None:
        return known
    dot = base.rfind(".")
    return by_extension(base[dot + 1 :]) if dot > 0 else None


def by_interpreter(program: str) -> Kind | None:
    """The kind a `#!` line's program names (without its version: `python3.11` is
    `python`), or None."""
    return _INTERPRETERS.get(program)


def table_kind(syntax: str) -> Kind | None:
    """The row of a kind read from its row (family TABLE), by its name; None for any
    other syntax."""
    kind = NAMED.get(syntax)
    return kind if kind is not None and kind.family == TABLE else None
