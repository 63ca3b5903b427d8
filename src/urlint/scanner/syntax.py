"""What syntax a file is written in, from its name alone (pure, no I/O).

The scanner reads URLs differently by syntax: inside a code file's string literals a URL ends
at the closing quote and never takes in an escape sequence; markup has its own link forms;
prose is text, scanned as mail is. A file of a kind urlint does not read (Perl, TeX, XML, a
man page ...) is `OTHER`: its text is read as prose is, but no fix is ever offered in it, as
what its characters mean there is not known (a fix must never change what a file means).
Only the name is looked at (extension, or a well-known file name such as ``Makefile``), so
the answer costs nothing and never reads the file;
for a script whose name has no extension, the caller may hand `syntax_of_script` its first
line (sources/kinds.py reads it).
"""

from __future__ import annotations

import enum

__all__ = ["CODE_SYNTAXES", "MARKUP_SYNTAXES", "Syntax", "syntax_of", "syntax_of_script"]


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
    # A kind urlint does not read: scanned as text, conservatively, and never fixed.
    OTHER = "other"

    def __str__(self) -> str:
        return self.value


#: Syntaxes whose string literals and comments the code lexer (scanner/code.py) reads.
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
    }
)

#: Syntaxes with their own link forms (scanner/markup.py).
MARKUP_SYNTAXES = frozenset({Syntax.MARKDOWN, Syntax.RST, Syntax.ASCIIDOC, Syntax.HTML})

_BY_EXTENSION: dict[str, Syntax] = {
    "py": Syntax.PYTHON,
    # gettext catalogs: strings in double quotes with C's escapes, "#" comments, adjacent
    # strings joined (GNU gettext manual, "The Format of PO Files"), as Python reads them
    "po": Syntax.PYTHON,
    "pot": Syntax.PYTHON,
    "pyi": Syntax.PYTHON,
    "pyw": Syntax.PYTHON,
    "js": Syntax.JAVASCRIPT,
    "mjs": Syntax.JAVASCRIPT,
    "cjs": Syntax.JAVASCRIPT,
    "jsx": Syntax.JAVASCRIPT,
    "ts": Syntax.JAVASCRIPT,
    "mts": Syntax.JAVASCRIPT,
    "cts": Syntax.JAVASCRIPT,
    "tsx": Syntax.JAVASCRIPT,
    "go": Syntax.GO,
    "sh": Syntax.SHELL,
    "bash": Syntax.SHELL,
    "zsh": Syntax.SHELL,
    "ksh": Syntax.SHELL,
    "mk": Syntax.SHELL,
    "mak": Syntax.SHELL,
    "c": Syntax.C_LIKE,
    "h": Syntax.C_LIKE,
    "cc": Syntax.C_LIKE,
    "cpp": Syntax.C_LIKE,
    "cxx": Syntax.C_LIKE,
    "hpp": Syntax.C_LIKE,
    "hh": Syntax.C_LIKE,
    "java": Syntax.C_LIKE,
    "kt": Syntax.C_LIKE,
    "cs": Syntax.C_LIKE,
    "rs": Syntax.C_LIKE,
    "swift": Syntax.C_LIKE,
    "rb": Syntax.C_LIKE,
    "php": Syntax.C_LIKE,
    "yaml": Syntax.YAML,
    "yml": Syntax.YAML,
    "toml": Syntax.TOML,
    "json": Syntax.JSON,
    # java.util.Properties' files: configuration, resource bundles, the Gradle and Maven
    # wrappers' (`distributionUrl=https\\://services.gradle.org/...`)
    "properties": Syntax.PROPERTIES,
    "jsonc": Syntax.JSON,
    "json5": Syntax.JSON,
    "jsonl": Syntax.JSON,
    "ndjson": Syntax.JSON,
    "geojson": Syntax.JSON,
    "ipynb": Syntax.JSON,
    "md": Syntax.MARKDOWN,
    "markdown": Syntax.MARKDOWN,
    "mdown": Syntax.MARKDOWN,
    "mkd": Syntax.MARKDOWN,
    "rst": Syntax.RST,
    "rest": Syntax.RST,
    "adoc": Syntax.ASCIIDOC,
    "asciidoc": Syntax.ASCIIDOC,
    "asc": Syntax.ASCIIDOC,
    "html": Syntax.HTML,
    "htm": Syntax.HTML,
    "xhtml": Syntax.HTML,
}

# Names with no telling extension. Make recipes are shell lines (make's own `$(VAR)` and `#`
# comments read the same way for the purpose of finding URLs in quotes).
_BY_NAME: dict[str, Syntax] = {
    "makefile": Syntax.SHELL,
    "gnumakefile": Syntax.SHELL,
    "dockerfile": Syntax.SHELL,
    "containerfile": Syntax.SHELL,
    "pkgbuild": Syntax.SHELL,
    "apkbuild": Syntax.SHELL,
    ".bashrc": Syntax.SHELL,
    ".bash_profile": Syntax.SHELL,
    ".profile": Syntax.SHELL,
    ".zshrc": Syntax.SHELL,
    ".envrc": Syntax.SHELL,
    # Ruby's build and deployment files (Bundler, Rake, Vagrant, CocoaPods, Homebrew,
    # fastlane, Guard, Capistrano, Berkshelf, Thor); Jenkins' pipelines are Groovy: both
    # have C's quotes, and comments this reader takes for what they are
    "gemfile": Syntax.C_LIKE,
    "rakefile": Syntax.C_LIKE,
    "vagrantfile": Syntax.C_LIKE,
    "podfile": Syntax.C_LIKE,
    "brewfile": Syntax.C_LIKE,
    "fastfile": Syntax.C_LIKE,
    "appfile": Syntax.C_LIKE,
    "guardfile": Syntax.C_LIKE,
    "capfile": Syntax.C_LIKE,
    "berksfile": Syntax.C_LIKE,
    "thorfile": Syntax.C_LIKE,
    "jenkinsfile": Syntax.C_LIKE,
    # configuration in languages of their own, named without an extension
    "caddyfile": Syntax.OTHER,
    "procfile": Syntax.OTHER,
    "justfile": Syntax.OTHER,
    "codeowners": Syntax.OTHER,
    "pipfile": Syntax.TOML,
    "cargo.lock": Syntax.TOML,
    "poetry.lock": Syntax.TOML,
    "uv.lock": Syntax.TOML,
    ".clang-format": Syntax.YAML,
    ".prettierrc": Syntax.JSON,
    ".eslintrc": Syntax.JSON,
    ".babelrc": Syntax.JSON,
}


# Prose by its extension: plain text, logs, and mail and news saved one message to a file
# (read by the mail reader; any text of theirs left is prose).
_PROSE_EXTENSIONS = frozenset({"txt", "text", "log", "eml", "mbox", "news", "mail", "msg"})

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


def syntax_of(name: str) -> Syntax:
    """Return the syntax of a file named ``name`` (a path; only its last component counts).

    Case does not matter. A name without an extension is prose (`Syntax.TEXT`: `README`,
    `NOTES`, a numbered news article), unless it is hidden (`.npmrc`, `.env`: a tool's
    configuration); an extension not known here gives `Syntax.OTHER` (`.pl`, `.tex`, `.xml`),
    unless the name is a document's (`README.Debian`, `COPYING.LIB`). An archive member's name
    works the same way (``pkg.tar!docs/a.md`` is Markdown)."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1].rsplit("!", 1)[-1].lower()
    known = _BY_NAME.get(base)
    if known is not None:
        return known
    if base.startswith(("dockerfile.", "makefile.")):
        return Syntax.SHELL
    dot = base.rfind(".")
    if dot < 0 or not base:
        return Syntax.TEXT
    if dot == 0:
        return Syntax.OTHER if base.find(".", 1) < 0 else _by_extension(base)
    return _by_extension(base)


def _by_extension(base: str) -> Syntax:
    """The syntax of `base`, a lower-case name with an extension."""
    extension = base[base.rfind(".") + 1 :]
    known = _BY_EXTENSION.get(extension)
    if known is not None:
        return known
    if extension in _PROSE_EXTENSIONS or _prose_name(base):
        return Syntax.TEXT
    return Syntax.OTHER


# The interpreters a script's first line (`#!`, POSIX exec and every Unix kernel) names, by
# the program's name without its version (python3.11 is python).
_INTERPRETERS = {
    "sh": Syntax.SHELL,
    "bash": Syntax.SHELL,
    "dash": Syntax.SHELL,
    "ksh": Syntax.SHELL,
    "mksh": Syntax.SHELL,
    "zsh": Syntax.SHELL,
    "ash": Syntax.SHELL,
    "busybox": Syntax.SHELL,
    "python": Syntax.PYTHON,
    "pypy": Syntax.PYTHON,
    "node": Syntax.JAVASCRIPT,
    "nodejs": Syntax.JAVASCRIPT,
    "deno": Syntax.JAVASCRIPT,
    "bun": Syntax.JAVASCRIPT,
}


def syntax_of_script(first_line: bytes) -> Syntax | None:
    """The syntax a script's interpreter line names (``#!/bin/sh``, ``#!/usr/bin/env -S
    python3 -u``), or None: no such line. An interpreter whose language is not read as code
    here (perl, ruby ...) gives `Syntax.OTHER`."""
    if not first_line.startswith(b"#!"):
        return None
    words = first_line[2:].split(b"\n", 1)[0].split()
    if words and words[0].rsplit(b"/", 1)[-1] == b"env":
        words = [word for word in words[1:] if not word.startswith(b"-") and b"=" not in word]
    if not words:
        return Syntax.OTHER
    program = words[0].rsplit(b"/", 1)[-1].decode("ascii", "replace").rstrip("0123456789.")
    return _INTERPRETERS.get(program.lower(), Syntax.OTHER)
