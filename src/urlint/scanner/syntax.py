"""What syntax a file is written in, from its name alone (pure, no I/O).

The scanner reads URLs differently by syntax: inside a code file's string literals a URL ends
at the closing quote and never takes in an escape sequence; markup has its own link forms;
prose is text, scanned as mail is. The kinds and how each is named are the rows of
scanner.file_kinds: a kind with a reader written for it gives its `Syntax`, one read from
its row (Haskell, OCaml, Lua, Ruby, TeX ...) its own name, whose family is `TABLE`. A file
of a kind urlint does not know (a man page, an unknown extension) is `OTHER`: its text is
read as prose is, but no fix is ever offered in it, as what its characters mean there is
not known (a fix must never change what a file means).
Only the name is looked at (extension, or a well-known file name such as ``Makefile``), so
the answer costs nothing and never reads the file;
for a script whose name has no extension, the caller may hand `syntax_of_script` its first
line (sources/kinds.py reads it).
"""

from __future__ import annotations

import enum

from .file_kinds import TABLE, Kind, by_extension, by_interpreter, by_name, table_kind

__all__ = [
    "CODE_SYNTAXES",
    "MARKUP_SYNTAXES",
    "Syntax",
    "family_of",
    "syntax_of",
    "syntax_of_script",
]


class Syntax(str, enum.Enum):
    """A file's syntax, as the scanner needs to know it. Values are stable lower-case names."""

    TEXT = "text"
    PYTHON = "python"
    JAVASCRIPT = "javascript"  # JS and TS: '...', "...", `...${}...`
    GO = "go"
    SHELL = "shell"  # sh, bash, zsh, make
    C_LIKE = "c-like"  # C, C++, Java, Rust, Ruby, PHP: '...', "...", //, /* */
    YAML = "yaml"
    TOML = "toml"
    JSON = "json"
    PROPERTIES = "properties"  # Java's: key=value, "#" comments, backslash escapes
    MARKDOWN = "markdown"
    RST = "rst"
    ASCIIDOC = "asciidoc"
    HTML = "html"
    # A kind read from its row of scanner.file_kinds (Haskell, OCaml, Lua, Ruby, TeX ...):
    # its comments and string forms are the row's.
    TABLE = "table"
    # A kind urlint does not read: scanned as text, conservatively, and never fixed.
    OTHER = "other"

    def __str__(self) -> str:
        return self.value


#: Syntaxes whose string literals and comments the code lexers (scanner/code/) read.
CODE_SYNTAXES = frozenset(
    {
        Syntax.PYTHON,
        Syntax.JAVASCRIPT,
        Syntax.GO,
        Syntax.SHELL,
        Syntax.C_LIKE,
        Syntax.YAML,
        Syntax.TOML,
        Syntax.JSON,
        Syntax.PROPERTIES,
        Syntax.TABLE,
    }
)

#: Syntaxes with their own link forms (scanner/markup.py).
MARKUP_SYNTAXES = frozenset({Syntax.MARKDOWN, Syntax.RST, Syntax.ASCIIDOC, Syntax.HTML})

# Prose by the name's first part, whatever follows it (`README`, `README.Debian`,
# `LICENSE-MIT`, `COPYING.LIB`, `INSTALL.unix`): the GNU Coding Standards' and
# open-source projects' names for their documents.
_PROSE_NAMES = (
    "readme",
    "read.me",
    "license",
    "licence",
    "copying",
    "copyright",
    "authors",
    "contributors",
    "maintainers",
    "credits",
    "thanks",
    "changelog",
    "changes",
    "news",
    "history",
    "install",
    "notice",
    "todo",
    "hacking",
    "bugs",
    "faq",
    "notes",
    "release-notes",
    "releasenotes",
)


def _prose_name(base: str) -> bool:
    """Is `base` a document's name, by its first part (`readme.debian`, `copying.lib`)?"""
    for name in _PROSE_NAMES:
        if base.startswith(name) and not base[len(name) : len(name) + 1].isalnum():
            return True
    return False


def family_of(syntax: str) -> Syntax:
    """The reader of a syntax `syntax_of` gives: its own Syntax, or TABLE for a kind read
    from its row (`haskell`, `ruby`). A ValueError for a name neither knows."""
    if table_kind(syntax) is not None:
        return Syntax.TABLE
    return Syntax(syntax)


def _syntax(kind: Kind) -> Syntax | str:
    """What a file of `kind` is read as: its family's Syntax, or its own name for a kind
    read from its row."""
    return kind.name if kind.family == TABLE else Syntax(kind.family)


def syntax_of(name: str) -> Syntax | str:
    """Return the syntax of a file named ``name`` (a path; only its last component counts).

    Case does not matter. The table of file kinds (scanner.file_kinds) says: a whole name
    (`Makefile`, `CMakeLists.txt`, `dune`), then the extension (`.hs`: "haskell", read from
    its row; `.py`: `Syntax.PYTHON`). A name without an extension is prose (`Syntax.TEXT`:
    `README`, `NOTES`, a numbered news article), unless it is hidden (`.npmrc`, `.env`: a
    tool's configuration); an extension not known gives `Syntax.OTHER`, read warily,
    unless the name is a document's (`README.Debian`, `COPYING.LIB`). An archive member's
    name works the same way (``pkg.tar!docs/a.md`` is Markdown)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit("!", 1)[-1].lower()
    known = by_name(base)
    if known is not None:
        return _syntax(known)
    if base.startswith(("dockerfile.", "makefile.")):
        return Syntax.SHELL
    dot = base.rfind(".")
    if dot < 0 or not base:
        return Syntax.TEXT
    if dot == 0 and base.find(".", 1) < 0:
        return Syntax.OTHER
    kind = by_extension(base[dot + 1 :])
    if kind is not None and kind.family not in ("text", "other"):
        return _syntax(kind)
    if _prose_name(base):  # a document by its name: `TODO.org`, `README.Debian`
        return Syntax.TEXT
    return Syntax.OTHER if kind is None else _syntax(kind)


def syntax_of_script(first_line: bytes) -> Syntax | str | None:
    """The syntax a script's interpreter line names (``#!/bin/sh``, ``#!/usr/bin/env -S
    python3 -u``), or None: no such line. An interpreter the table of file kinds does not
    name gives `Syntax.OTHER`."""
    if not first_line.startswith(b"#!"):
        return None
    words = first_line[2:].split(b"\n", 1)[0].split()
    if words and words[0].rsplit(b"/", 1)[-1] == b"env":
        words = [word for word in words[1:] if not word.startswith(b"-") and b"=" not in word]
    if not words:
        return Syntax.OTHER
    program = words[0].rsplit(b"/", 1)[-1].decode("ascii", "replace").rstrip("0123456789.")
    kind = by_interpreter(program.lower())
    return Syntax.OTHER if kind is None else _syntax(kind)
