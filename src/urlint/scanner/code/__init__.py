"""The string literals and comments of a code or configuration file, found in one linear pass.

A small lexer for each family of languages (scanner.syntax) marks where a text's string
literals and comments are, as regions (`Regions`), each with the construct it is (a
comment, a string, a raw string, a text block, a here-document, a block scalar ...: the
names below) and the mode a URL in it is read in (scanner.literals says how): TEXT as
running text (comments, Python docstrings, shell here-documents, YAML block scalars), LITERAL for
a string literal with escape sequences, RAW for one without (Python's r"...", Rust's
r#"..."#, C++'s R"(...)", Go's backquotes, shell's and TOML's '...'), SLASHED for a LITERAL
whose language reads `\\/` as "/" (JSON, RFC 8259 section 7; JavaScript; YAML's
double-quoted scalars, YAML 1.2 section 5.7). Outside regions, code is running text. Only a
comment is prose; every other construct is the program's value (linter.fixable: no fix and
no ignore comment goes in one).

Where the lexer cannot tell what it reads it fails safe: a quote not closed on its line
(where the language closes strings on their line) starts nothing, and the rest of its line
is AMBIGUOUS (read as code, but neither prose nor a place for a comment); a `/` that may
start a JavaScript regular expression or be a division, where the two readings differ, the
same; a construct never closed (a `\"\"\"` to the end of the file) is no region, but for a
shell here-document, which the shell reads to the file's end. A long text is scanned in
chunks (pipeline.scan_texts): `Regions.state_at` is the construct a chunk leaves open at
its end (a docstring across it), for the next chunk's lexer to resume in (`lexing.lex(state=)`).

`lexing.lex` hands a text to its family's lexer, one module each, written by hand (`python`,
`javascript`, `c_like` for C's kin and Go, `json`, `shell`, `toml`, `yaml`, `properties`),
or to the file-kind table's reader (scanner.table_code); `c_like` holds the comments that
JavaScript and JSON write as C does, and `preceding` what the lexers look back at.

Here, and only here, the package's patterns are loaded compiled (urlint._runtime.patterns's
PARTS), before any of its modules compiles them: a hook's run on prose never imports it.
"""

from __future__ import annotations

from ..._runtime.patterns import load_compiled

load_compiled(__name__)
