"""Meaning: do `--fix` and `--add-ignore` leave what a file means to its own language's reader?

A fix is offered only where it cannot change what the file means, and an ignore comment is
written only where its language reads a comment (docs/guide/check.md, "Fixes" and
"Suppressing findings"). This script tests both claims on files nobody tuned on.
From a seed it generates N files per syntax (Python, JavaScript, shell, YAML, TOML, JSON5,
Markdown, reStructuredText, HTML), each a random mix of that language's constructs (strings of
every quoting, raw strings, comments, here-documents, template literals, regexes, block
scalars, anchors, code spans and blocks, HTML comments, raw HTML, attributes with multi-line
values, `<pre>`, `<script>`, `<textarea>`, link reference definitions, literal blocks,
directives, substitutions, ...) holding URLs that urlint fixes or only reports. A file its
reader does not read cleanly is generated again. Then `urlint check --isolated --select ALL
--fix` runs on a scratch copy, `--add-ignore` on another, and the reader reads each file
before and after:

- Python (`ast`), JavaScript (acorn: the top-level statements without positions), shell
  (bash's `declare -f` of the file as a function's body: the code without its comments, with
  its here-documents): any difference changes what the program does.
- YAML (PyYAML's safe_load_all), TOML (tomllib), JSON5 (json5): the data, value by value.
- Markdown (markdown-it-py, CommonMark and tables, its HTML read by html.parser), HTML
  (html.parser) and reStructuredText (docutils' doctree): the events (elements and their
  attributes, text, comments). A fix may change prose text, and a URL-valued attribute (href,
  src, refuri, ...), by percent-encoding characters inside a URL or lower-casing its scheme;
  A link's target may grow over the rest of a URL its reader had cut short before a fixed
  character (docutils ends a bare URL before a "^"), and a `<title>` is prose to a fix. An
  ignore comment may add a comment between elements, and blanks beside it in prose. Anything
  else changes meaning: a change inside an HTML comment, an `alt`, a `title` or another
  attribute, a `<pre>`, `<code>`, `<script>`, `<style>` or `<textarea>`, a code span or
  block, a literal block, raw HTML, a reST comment, an anchor derived from a title, or a
  change of the structure (a lost hard break, a malformed table, a new warning). What the
  judge allowed is counted too, by kind, for a reader of the figures to check.

A file whose meaning changed has each changed line applied alone to find the lines to blame,
and the generated construct there is named. The script prints per syntax and writer the files,
those the writer changed and those whose meaning changed, then the failures by construct and
kind with an example each. `--json` writes every failure (the file, the construct, a short
diff, the command that reproduces it); `--keep` keeps each failing file, and beside it what
the writer made of it (`NAME.after`), under `<syntax>/<writer>/`.

    python bench/meaning.py --urlint PATH [--per-syntax 500] [--seed 81]
        [--syntax markdown ...] [--json OUT] [--keep DIR] [-j 2] [--node-path DIR]

Each worker generates a batch of files (`--batch`, 25) and runs urlint once a writer over
them, so a run of 500 files a syntax takes two to three minutes on two cores. JSON5 and
reStructuredText take no ignore comment (urlint says so and writes none), nor JSON5 a fix.

The readers are not urlint's dependencies: run the script from a virtualenv of their own
(`python3 -m venv /tmp/h && /tmp/h/bin/pip install json5 markdown-it-py docutils pyyaml`;
tomllib is Python 3.11's), with acorn from `npm install acorn` in a folder whose
node_modules `--node-path` or NODE_PATH names (Node.js and npm from Debian: `apt-get install
nodejs npm`). A syntax whose reader is missing is skipped, and said so. It needs no network.
"""

from __future__ import annotations

import argparse
import ast
import collections
import difflib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

WORK = Path(os.environ.get("URLINT_BENCH_DIR", "/tmp/urlint-bench")) / "meaning"
WRITERS = {"fix": "--fix", "add-ignore": "--add-ignore"}

# URLs urlint fixes (percent-encoding an unsafe, non-ASCII or second-"#" character, a scheme
# in lower case: `urlint rules`, docs/reference/rules), most of what a file holds ...
FIXABLE = (
    "http://example.com/~fred",
    "https://example.org/~user/docs/page.html",
    "http://example.com/^x",
    "http://example.com/a|b",
    "http://example.com/caf\u00e9",
    "http://example.com/\u00fcber/~x",
    "HTTP://example.com/up",
    "http://example.com/a#b#c",
    "http://example.com/[x]/y",
    "http://example.com/a`b",
)
# ... and URLs it reports but does not fix (a bad escape, a backslash, a password, a port of
# another protocol, reserved characters): an ignore comment is what a user writes for those
REPORTED = (
    "http://example.com/%zz",
    "http://example.com/a\\b",
    "http://example.com/a%2",
    "http://user:pw@example.com/",
    "http://example.com:25/",
    "http://example.com/a?b?c",
    "ftp://example.com/a;b;type=i",
)
# a URL broken across lines (a bare one at a line's end that the next line goes on), in prose
# (its two lines: @B1@ and @B2@ in a template)
BROKEN = (
    ("http://example.com/docs/a/long/path/", "~fred/index.html"),
    ("http://example.com/docs/a/long/path-", "name/~fred.html"),
)

# Each syntax's constructs: (name, template, characters the URL must not hold). In a
# template @U@ is a URL (the same one each time), @V@ another, @N@ a number unique in the
# file (names do not clash: JavaScript's and TOML's redeclarations are errors, YAML's keep the
# last), @B1@ and @B2@ the two lines of a URL broken across them. NONASCII among the
# characters: an ASCII URL only.
NONASCII = "\x80"
# characters a shell word does not hold as they are
SHELLWORD = "|`;&()<>\"'$\\ {}[]#"
# a reST grid table: @|@ pads its line to the table's right border (a fix makes a cell's
# text longer, past its column)
GRID = (
    "+------+" + "-" * 51 + "+\n"
    "| name | url@|@\n"
    "+======+" + "=" * 51 + "+\n"
    "| home | @U@@|@\n"
    "+------+" + "-" * 51 + "+\n"
)
TEMPLATES: dict[str, list[tuple[str, str, str]]] = {
    "python": [
        ("comment", "# see @U@ for details\n", ""),
        ("comment after code", "x@N@ = @N@  # from @U@\n", ""),
        ("comment broken URL", "# see @B1@\n# @B2@ for details\n", ""),
        ("string double", 'url@N@ = "@U@"\n', '"'),
        ("string single", "url@N@ = '@U@'\n", "'"),
        ("raw string", 'url@N@ = r"@U@"\n', '"'),
        ("bytes", 'url@N@ = b"@U@"\n', '"' + NONASCII),
        ("f-string", 'name = "x"\nurl@N@ = f"@U@?q={name}"\n', '"{}'),
        ("f-string multi-line", 'name = "x"\nmsg@N@ = f"""\n{name} at @U@\n"""\n', "{}"),
        ("triple double", 'text@N@ = """first line\n@U@ in the middle\nlast line"""\n', ""),
        ("triple single", "text@N@ = '''\n@U@\n'''\n", ""),
        (
            "docstring",
            'def f@N@():\n    """Fetch it.\n\n    See @U@ for the spec.\n    """\n    return @N@\n',
            "",
        ),
        ("implicit concatenation", 'url@N@ = (\n    "@U@"  # first part\n    "/tail"\n)\n', '"'),
        ("backslash continuation", 'url@N@ = "@U@" + \\\n    "/tail"\n', '"'),
        ("dict and comment", 'links@N@ = {\n    "home": "@U@",  # @V@\n}\n', '"'),
        ("hash in string", 'note@N@ = "see # @U@"\n', '"'),
        ("call argument comment", 'print(\n    "x@N@",  # @U@\n)\n', ""),
        ("hash line in triple string", 'text@N@ = """\n# @U@\n"""\n', ""),
        ("string continuation", 's@N@ = "first \\\n@U@"\n', '"\\'),
        ("triple quotes of the other kind", "t@N@ = '''a \"\"\" @U@'''\n", "'"),
        ("raw bytes", 'u@N@ = rb"@U@"\n', '"' + NONASCII),
        ("upper-case prefix", 'u@N@ = R"@U@"\n', '"'),
        ("string then comment", 's@N@ = "a#b"  # @U@\n', ""),
    ],
    "javascript": [
        ("line comment", "// see @U@\n", ""),
        ("comment after code", "var x@N@ = @N@; // @U@\n", ""),
        ("comment broken URL", "// see @B1@\n// @B2@\n", ""),
        ("block comment", "/*\n * docs: @U@\n */\n", ""),
        ("jsdoc", "/**\n * @see @U@\n */\nfunction f@N@() { return @N@; }\n", ""),
        ("string double", 'var u@N@ = "@U@";\n', '"'),
        ("string single", "var u@N@ = '@U@';\n", "'"),
        ("template literal", "var t@N@ = `@U@`;\n", "`$"),
        ("template multi-line", "var t@N@ = `line one\n@U@\nline three`;\n", "`$"),
        ("template expression", "var h@N@ = 'x';\nvar t@N@ = `@U@/${h@N@}`;\n", "`$"),
        ("tagged template", "var r@N@ = String.raw`@U@`;\n", "`$"),
        ("regex then comment", "var re@N@ = /^https?:\\/\\/x\\.org\\/~a$/; // @U@\n", ""),
        ("regex with slashes", "var re@N@ = /a\\/\\/b/g; var s@N@ = '@U@';\n", "'"),
        ("slashes in string", 'var s@N@ = "a // @U@";\n', '"'),
        ("object comments", "var o@N@ = {\n  home: '@U@', // @V@\n  /* @V@ */ n: 1,\n};\n", "'"),
        ("string continuation", "var c@N@ = 'first \\\n@U@';\n", "'\\"),
        ("RegExp string", "var m@N@ = new RegExp('@U@');\n", "'"),
        ("regex class with slash", 'var re@N@ = /[/]/; var s@N@ = "@U@";\n', '"'),
        ("regex of slashes then comment", "var re@N@ = /\\/\\//; // @U@\n", ""),
        ("division then comment", "var a@N@ = 4 / 2; // @U@\n", ""),
        ("comment marks in string", 'var s@N@ = "/* @U@ */";\n', '"'),
        ("nested template", "var n@N@ = `a ${`@U@`} b`;\n", "`$"),
        ("slashes in template", "var t@N@ = `// @U@`;\n", "`$"),
        ("comment-like line in template", "var t@N@ = `\n// @U@\n`;\n", "`$"),
    ],
    "shell": [
        ("comment", "# see @U@\n", ""),
        ("comment after code", "echo start # @U@\n", ""),
        ("comment broken URL", "# see @B1@\n# @B2@\n", ""),
        ("double quotes", 'curl -fsS "@U@" -o /dev/null\n', '`$"\\'),
        ("single quotes", "curl -fsS '@U@'\n", "'"),
        ("unquoted word", "curl -fsS @U@\n", "|`;&()<>\"'$\\ {}[]#"),
        ("assignment", 'URL@N@="@U@"\n', '`$"\\'),
        ("here-document", "cat <<EOF\nfetch @U@\nEOF\n", "`$\\"),
        ("quoted here-document", "cat <<'EOF'\nfetch @U@\nEOF\n", ""),
        ("tab here-document", "cat <<-EOF\n\tfetch @U@\n\tEOF\n", "`$\\"),
        ("ANSI-C string", "printf '%s\\n' $'@U@'\n", "'\\"),
        ("multi-line string", 'msg@N@="line one\n@U@\nline three"\n', '`$"\\'),
        ("continuation after URL", 'curl -fsS "@U@" \\\n  -o /dev/null\n', '`$"\\'),
        ("continuation before URL", 'curl -fsS \\\n  "@U@"\n', '`$"\\'),
        ("array", "urls@N@=(\n  '@U@'  # @V@\n  \"@V@\"\n)\n", "`$\"'\\"),
        ("colon string", ": '\n@U@\n'\n", "'"),
        ("hash inside word", "echo a#@U@\n", "|`;&()<>\"'$\\ {}[]"),
        ("case", 'case "$1" in\n  start) echo "@U@" ;;  # @V@\nesac\n', '`$"\\'),
        ("function comment", 'f@N@() {\n  # @U@\n  echo "@V@"\n}\n', '`$"\\'),
        ("parameter expansion #", 'u@N@="@U@"\necho "${u@N@#http://}" # @V@\n', '`$"\\'),
        ("dollar hash", "echo $# @U@\n", SHELLWORD),
        ("escaped hash", "echo \\# @U@\n", SHELLWORD),
        ("quote then hash", 'echo "x"#@U@\n', SHELLWORD),
        ("arithmetic base", "echo $((16#ff)) @U@\n", SHELLWORD),
        ("comment in command substitution", "x@N@=$(\n  echo hi # @U@\n)\n", ""),
        ("here-string", "cat <<< '@U@'\n", "'"),
    ],
    "yaml": [
        ("comment", "# see @U@\n", ""),
        ("comment after value", "key@N@: value  # @U@\n", ""),
        ("comment broken URL", "# see @B1@\n# @B2@\n", ""),
        ("plain scalar", "key@N@: @U@\n", " "),
        ("double quoted", 'key@N@: "@U@"\n', '"'),
        ("single quoted", "key@N@: '@U@'\n", "'"),
        ("literal block", "key@N@: |\n  first\n  @U@\n  last\n", ""),
        ("folded block", "key@N@: >\n  first\n  @U@\n  last\n", ""),
        ("literal keep block", "key@N@: |+\n  @U@\n\nnext@N@: 1\n", ""),
        ("anchor and alias", "base@N@: &a@N@ @U@\nalias@N@: *a@N@\n", " "),
        ("multi-line plain", "key@N@: first part\n  @U@\n  last part\n", " "),
        ("multi-line double", 'key@N@: "first\n  @U@\n  last"\n', '"'),
        ("list", "list@N@:\n  - @U@\n  - '@V@'  # @U@\n", " '"),
        ("flow sequence", "flow@N@: [@U@, other]\n", "[]{},# "),
        ("flow mapping", 'map@N@: {home: "@U@"}\n', '"'),
        ("URL as key", '"@U@": key@N@\n', '"'),
        ("document", "---\n# @U@\ndoc@N@: @V@\n", " "),
        ("nested", "outer@N@:\n  inner: @U@  # note\n", " "),
        ("hash without blank", "key@N@: a#@U@\n", " "),
        ("hash line in literal block", "key@N@: |\n  # @U@\n  more\n", ""),
        ("indentation indicator", "key@N@: |2\n   @U@\n", ""),
        ("flow sequence multi-line", "seq@N@: [\n  a,  # @U@\n  b\n]\n", ""),
        ("tagged scalar", "key@N@: !!str @U@\n", " "),
    ],
    "toml": [
        ("comment", "# see @U@\n[t@N@]\nk = 1\n", ""),
        ("comment after value", "[t@N@]\nk = @N@  # @U@\n", ""),
        ("comment broken URL", "# see @B1@\n# @B2@\n[t@N@]\nk = 1\n", ""),
        ("basic string", '[t@N@]\nurl = "@U@"\n', '"'),
        ("literal string", "[t@N@]\nurl = '@U@'\n", "'"),
        ("multi-line basic", '[t@N@]\ntext = """\nfirst\n@U@\nlast"""\n', ""),
        ("multi-line literal", "[t@N@]\ntext = '''\n@U@\n'''\n", ""),
        ("line-ending backslash", '[t@N@]\ntext = """\\\n  @U@ \\\n  tail"""\n', "\\"),
        ("array", "[t@N@]\nurls = [\n  \"@U@\",  # @V@\n  '@V@',\n]\n", "\"'"),
        ("inline table", '[t@N@]\nlink = { href = "@U@", title = "x" }  # @V@\n', '"'),
        ("quoted key", '[t@N@]\n"@U@" = true\n', '"'),
        ("array of tables", '[[links]]\nurl = "@U@"  # @V@\n', '"'),
        ("hash in string", '[t@N@]\nnote = "a # @U@"\n', '"'),
        ("hash line in multi-line basic", '[t@N@]\ntext = """\n# @U@\n"""\n', ""),
        ("hash line in multi-line literal", "[t@N@]\ntext = '''\n# @U@\n'''\n", ""),
        ("hash in literal string", "[t@N@]\nnote = 'a # @U@'\n", "'"),
    ],
    "json5": [
        ("line comment", "  // see @U@\n", ""),
        ("block comment", "  /* @U@\n     more */\n", ""),
        ("double quoted", '  key@N@: "@U@",\n', '"'),
        ("single quoted", "  key@N@: '@U@',\n", "'"),
        ("string continuation", "  key@N@: 'first \\\n@U@',\n", "'\\"),
        ("quoted key", '  "@U@": @N@,\n', '"'),
        ("array", "  arr@N@: [\n    '@U@', // @V@\n    \"@V@\",\n  ],\n", "'\""),
        ("comment after value", "  n@N@: @N@, // @U@\n", ""),
        ("slashes in string", '  h@N@: "a // @U@",\n', '"'),
    ],
    "markdown": [
        ("prose", "Read @U@ before you start.\n", ""),
        ("prose two lines", "The page at @U@\nsays more.\n", ""),
        ("prose broken URL", "The page at @B1@\n@B2@ says more.\n", ""),
        ("link", "See [the docs](@U@).\n", " ()<>"),
        ("link title", 'See [the docs](@V@ "about @U@").\n', ' ()<>"'),
        ("autolink", "Go to <@U@>.\n", " <>"),
        ("reference definition", "Use [the page][r@N@].\n\n[r@N@]: @U@\n", " <>[]"),
        ("reference title", '[r@N@]: @V@ "mirror @U@"\n\nUse [r@N@].\n', ' <>"[]'),
        ("code span", "Run `curl @U@` now.\n", "`"),
        ("double code span", "Run ``curl @U@`` now.\n", "`"),
        ("fenced code", "```sh\ncurl @U@\n```\n", "`"),
        ("tilde fence", "~~~\n@U@\n~~~\n", ""),
        ("indented code", "Example:\n\n    curl @U@\n", ""),
        ("HTML comment", "<!-- @U@ -->\n", ""),
        ("HTML comment multi-line", "<!--\nmirror: @U@\nmore\n-->\n", ""),
        ("HTML comment inline", "Text <!-- @U@ --> more.\n", ""),
        ("alt multi-line end", '<img src="pic.png" alt="a picture of\n@U@ in the wild">\n', '"'),
        (
            "alt multi-line middle",
            '<img src="pic.png" alt="a picture of\n@U@\nin the wild">\n',
            '"',
        ),
        ("title multi-line", '<a href="@V@" title="see\n@U@">the page</a>\n', '"'),
        ("HTML block text", "<div>\n@U@\n</div>\n", "<"),
        ("HTML block attributes", '<div title="@U@" data-src="@U@">\nhello\n</div>\n', '"'),
        ("href in HTML block", '<p><a href="@U@">here</a></p>\n', '"'),
        ("pre", "<pre>\n@U@\n</pre>\n", "<"),
        ("inline code element", "Run <code>@U@</code> here.\n", "<`*_"),
        ("script", '<script>\nvar u = "@U@"; // @V@\n</script>\n', '"'),
        ("style", "<style>\n/* @U@ */ body { background: url(@U@); }\n</style>\n", "()"),
        ("textarea", "<textarea>\n@U@\n</textarea>\n", "<"),
        ("table", "| name | url |\n| --- | --- |\n| home | @U@ |\n", "|"),
        ("emphasis", "This is *@U@* here.\n", "*"),
        ("heading", "## Notes on @U@\n", ""),
        ("setext heading", "Notes on @U@\n------------\n", ""),
        ("list", "- first @U@\n- second\n", ""),
        ("blockquote", "> quoted @U@\n> more\n", ""),
        ("hard break spaces", "Line with @U@  \nnext line.\n", ""),
        ("hard break backslash", "Line with @U@ \\\nnext line.\n", ""),
        ("image alt", "![diagram of @U@](pic.png)\n", "[]()"),
        ("span title", 'A <span title="@U@">word</span> here.\n', '"'),
        ("details", "<details>\n<summary>@U@</summary>\n\nBody @V@.\n</details>\n", "<"),
        ("reference title multi-line", "[r@N@]: @V@ 'mirror\n@U@'\n\nUse [r@N@].\n", " <>'[]"),
        ("HTML comment across lines", "Text <!--\n@U@\n--> more.\n", ""),
        ("fence in list", "- item\n\n  ```\n  @U@\n  ```\n", "`"),
        ("code span across lines", "Run `curl\n@U@` now.\n", "`"),
        ("link text across lines", "See [the page at\n@U@](pic.html).\n", "[]"),
    ],
    "rst": [
        ("prose", "Read @U@ before you start.\n", ""),
        ("prose broken URL", "The page at @B1@\n@B2@ says more.\n", ""),
        ("embedded URI", "See `docs @N@ <@U@>`_.\n", "<>` "),
        ("anonymous embedded URI", "See `the docs <@U@>`__.\n", "<>` "),
        ("hyperlink target", "Use name@N@_.\n\n.. _name@N@: @U@\n", " `"),
        ("anonymous target", "See `this one`__.\n\n__ @U@\n", " `"),
        ("inline literal", "Run ``curl @U@`` now.\n", "`"),
        ("literal block", "Example::\n\n    curl @U@\n", ""),
        ("code directive", ".. code::\n\n   curl @U@\n", ""),
        ("comment", ".. see @U@\n", ""),
        ("comment multi-line", "..\n   mirror: @U@\n   more\n", ""),
        ("substitution", "Visit |s@N@|.\n\n.. |s@N@| replace:: @U@\n", "|`*_"),
        ("raw HTML", '.. raw:: html\n\n   <a href="@U@">@V@</a>\n', '"<'),
        ("image alt", ".. image:: pic.png\n   :alt: picture of @U@\n", ""),
        ("image URI", ".. image:: @U@\n", " "),
        ("field list", "..\n\n:Homepage: @U@\n:Version: 1\n", ""),
        ("doctest", ">>> print('@U@')\n@U@\n", "'"),
        ("line block", "| first line @U@\n| second line\n", ""),
        ("note", ".. note::\n\n   See @U@ for more.\n", ""),
        ("definition", "term @N@\n   Defined at @U@.\n", ""),
        ("section title", "Notes on @U@\n@=@\n\nText.\n", ""),
        ("bullet", "- item @U@\n- item two\n", ""),
        ("emphasis", "This is *@U@* here.\n", "*"),
        ("grid table", GRID, "|"),
        ("simple table", "=====  =====\nname   url\n=====  =====\nhome   @U@\n=====  =====\n", ""),
        ("overlined title", "@=@\nAbout @U@\n@=@\n\nText.\n", ""),
        ("parsed literal", ".. parsed-literal::\n\n   curl @U@\n", ""),
        ("footnote", "See [#]_.\n\n.. [#] Mirror at @U@.\n", ""),
        ("inline literal across lines", "Run ``curl\n@U@`` now.\n", "`"),
    ],
    "html": [
        ("paragraph", "<p>Read @U@ before you start.</p>\n", "<"),
        ("paragraph multi-line", "<p>The page at\n@U@ says more.</p>\n", "<"),
        ("paragraph broken URL", "<p>The page at @B1@\n@B2@ says more.</p>\n", ""),
        ("link", '<p><a href="@U@">@U@</a></p>\n', '"<'),
        ("title multi-line", '<p><a href="@V@" title="mirror\n@U@">docs</a></p>\n', '"'),
        ("alt multi-line end", '<img src="pic.png" alt="a picture of\n@U@ in the wild">\n', '"'),
        (
            "alt multi-line middle",
            '<img src="pic.png" alt="a picture of\n@U@\nin the wild">\n',
            '"',
        ),
        ("img src", '<img src="@U@" alt="x">\n', '"'),
        ("comment", "<!-- @U@ -->\n", ""),
        ("comment multi-line", "<!--\n  mirror: @U@\n-->\n", ""),
        ("conditional comment", "<!--[if IE]>\n<p>@U@</p>\n<![endif]-->\n", ""),
        ("pre", "<pre>\ncurl @U@\n</pre>\n", "<"),
        ("code", "<p>Run <code>curl @U@</code>.</p>\n", "<"),
        ("script", '<script>\n  var u = "@U@"; // @V@\n</script>\n', '"'),
        ("script template", "<script>\n  var t = `\n@U@\n`;\n</script>\n", "`$"),
        ("style", '<style>\n  /* @U@ */\n  body { background: url("@U@"); }\n</style>\n', '"'),
        ("textarea", "<textarea>\n@U@\n</textarea>\n", "<"),
        ("title element", "<title>About @U@</title>\n", "<"),
        ("meta refresh", '<meta http-equiv="refresh" content="0; url=@U@">\n', '"'),
        ("form", '<form action="@U@"><input value="@V@"></form>\n', '"'),
        ("blockquote cite", '<blockquote cite="@U@"><p>quoted</p></blockquote>\n', '"'),
        ("data attribute", '<div data-href="@U@" class="x">text</div>\n', '"'),
        ("list", "<ul>\n<li>@U@</li>\n<li>two</li>\n</ul>\n", "<"),
        ("unquoted attribute", "<p><a href=@U@>x</a></p>\n", " \"'=<>`"),
        ("table cell", "<table><tr><td>@U@</td></tr></table>\n", "<"),
        ("single-quoted alt", "<img src='pic.png' alt='a picture of\n@U@\nin the wild'>\n", "'"),
        ("noscript", "<noscript>\n<p>@U@</p>\n</noscript>\n", "<"),
        ("iframe srcdoc", '<iframe srcdoc="<p>@U@</p>"></iframe>\n', '"<>'),
        ("comment inside paragraph", "<p>Text <!-- @U@ --> more.</p>\n", ""),
    ],
}
EXTENSIONS = {
    "python": "py",
    "javascript": "js",
    "shell": "sh",
    "yaml": "yaml",
    "toml": "toml",
    "json5": "json5",
    "markdown": "md",
    "rst": "rst",
    "html": "html",
}
# what a file's constructs sit inside: JSON5's one object, HTML's page
FRAMES = {
    "json5": ("{\n", "}\n"),
    "html": (
        '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n</head>\n<body>\n',
        "</body>\n</html>\n",
    ),
    "shell": ("#!/bin/sh\n", ""),
}
# how constructs are parted: a blank line ends a Markdown or reST block (and YAML, TOML and
# code read it as nothing)
SEPARATOR = {"json5": "", "html": ""}


class ParseError(Exception):
    """The reader does not read the file (or, for reST, warns about it)."""


def pick_url(rng: random.Random, avoid: str) -> str:
    """A URL that holds none of `avoid`: seven in ten fixable, the rest only reported."""
    pool = FIXABLE if rng.random() < 0.7 else REPORTED
    fits = [
        url
        for url in pool
        if not set(url) & set(avoid) and (NONASCII not in avoid or url.isascii())
    ]
    return rng.choice(fits or [url for url in FIXABLE if url.isascii() and url[-1] != "`"])


def instance(rng: random.Random, template: str, avoid: str, number: int) -> str:
    text = template.replace("@N@", str(number))
    text = text.replace("@U@", pick_url(rng, avoid)).replace("@V@", pick_url(rng, avoid))
    head, tail = rng.choice(BROKEN)
    text = text.replace("@B1@", head).replace("@B2@", tail)
    if "@=@" in text:
        # a reST section title's underline (and overline), as long as its title
        title = next(line for line in text.split("\n") if line and "@=@" not in line)
        text = text.replace("@=@", "=" * len(title))
    # a grid table's right border, at its column
    return "".join(
        line.replace("@|@", " " * (63 - len(line)) + "|") if "@|@" in line else line
        for line in text.splitlines(keepends=True)
    )


def generate(syntax: str, rng: random.Random) -> tuple[str, list[tuple[str, int, int]]]:
    """One file: its text and its constructs, each with its first and last line (1-based)."""
    head, tail = FRAMES.get(syntax, ("", ""))
    parts = [head]
    line = head.count("\n") + 1
    spans = []
    separator = SEPARATOR.get(syntax, "\n")
    for number in range(rng.randint(3, 8)):
        name, template, avoid = rng.choice(TEMPLATES[syntax])
        text = instance(rng, template, avoid, number)
        lines = text.count("\n")
        spans.append((name, line, line + lines - 1))
        parts.append(text + separator)
        line += lines + separator.count("\n")
    parts.append(tail)
    return "".join(parts), spans


# --- the readers: each returns the file as a list of hashable events, or raises ParseError


def read_python(text: str) -> list[tuple]:
    try:
        tree = ast.parse(text)
    except SyntaxError as error:
        raise ParseError(f"{error.msg} (line {error.lineno})") from None
    # ast.dump leaves out positions; comments are not in the tree
    return [("code", ast.dump(statement)) for statement in tree.body]


ACORN_SERVER = r"""
const acorn = require("acorn");
const lines = require("readline").createInterface({ input: process.stdin });
function strip(key, value) {
  // positions, and a literal's raw text (its value is kept), are not what the program does
  if (key === "start" || key === "end") return undefined;
  if (key === "raw" && this.type === "Literal") return undefined;
  if (typeof value === "bigint") return value.toString() + "n";
  return value;
}
lines.on("line", (line) => {
  const { src } = JSON.parse(line);
  let out;
  try {
    const tree = acorn.parse(src, { ecmaVersion: "latest", sourceType: "script" });
    out = { ok: true, body: tree.body.map((node) => JSON.stringify(node, strip)) };
  } catch (error) {
    out = { ok: false, error: String(error.message) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
"""
_acorn: subprocess.Popen | None = None


def acorn_process() -> subprocess.Popen:
    """One Node.js process a worker keeps, reading a file a line (a start is ~50 ms)."""
    global _acorn
    if _acorn is None or _acorn.poll() is not None:
        _acorn = subprocess.Popen(
            ["node", "-e", ACORN_SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
    return _acorn


def read_javascript(text: str) -> list[tuple]:
    process = acorn_process()
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps({"src": text}) + "\n")
    process.stdin.flush()
    answer = json.loads(process.stdout.readline())
    if not answer["ok"]:
        raise ParseError(answer["error"])
    return [("code", statement) for statement in answer["body"]]


BASH = shutil.which("bash") or "/bin/bash"


def read_shell(text: str) -> list[tuple]:
    """bash's own text of the file as a function's body: its code, without its comments.

    The body is only defined, never run; a restricted shell with no PATH runs nothing of a
    file that closed the function early."""
    # ":" first: a body of comments alone is an empty body, which bash refuses
    script = "__m() {\n:\n" + text + "\n}\ndeclare -f __m\n"
    done = subprocess.run(
        [BASH, "--norc", "--noprofile", "-r", "-s"],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={"PATH": "/nonexistent", "LANG": "C.UTF-8"},
        check=False,
        timeout=60,
    )
    if done.returncode or done.stderr or not done.stdout.startswith("__m () \n"):
        raise ParseError((done.stderr or done.stdout).strip()[-300:])
    return [("code", line) for line in done.stdout.splitlines()]


def flatten(value: object, path: str, out: list[tuple]) -> None:
    """A document's data as (path, value) events, in its order."""
    if isinstance(value, dict):
        if not value:
            out.append(("value", path, "{}"))
        for key, item in value.items():
            flatten(item, f"{path}/{key!r}", out)
    elif isinstance(value, list):
        if not value:
            out.append(("value", path, "[]"))
        for index, item in enumerate(value):
            flatten(item, f"{path}[{index}]", out)
    else:
        out.append(("value", path, repr(value)))


def read_yaml(text: str) -> list[tuple]:
    import yaml

    try:
        documents = list(yaml.safe_load_all(text))
    except yaml.YAMLError as error:
        raise ParseError(str(error).replace("\n", " ")[:300]) from None
    out: list[tuple] = []
    for index, document in enumerate(documents):
        flatten(document, f"doc{index}", out)
    return out


def read_toml(text: str) -> list[tuple]:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParseError(str(error)) from None
    out: list[tuple] = []
    flatten(data, "", out)
    return out


def read_json5(text: str) -> list[tuple]:
    import json5

    try:
        data = json5.loads(text)
    except ValueError as error:
        raise ParseError(str(error)) from None
    out: list[tuple] = []
    flatten(data, "", out)
    return out


# elements whose content a reader shows as written or runs: not prose
VERBATIM = ("pre", "code", "script", "style", "textarea", "title", "xmp", "listing", "plaintext")
PROSE_VERBATIM = frozenset(("title",))
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())


def html_events(html: str) -> list[tuple]:
    """html.parser's events: (kind, ..., context), the context the innermost open element
    of VERBATIM ("" in prose); runs of text joined."""
    from html.parser import HTMLParser

    events: list[tuple] = []
    stack: list[str] = []

    def context() -> str:
        return next((tag for tag in reversed(stack) if tag in VERBATIM), "")

    class Reader(HTMLParser):
        def handle_starttag(self, tag, attrs):
            events.append(("start", tag, tuple(attrs), context()))
            if tag not in VOID:
                stack.append(tag)

        def handle_startendtag(self, tag, attrs):
            events.append(("start", tag, tuple(attrs), context()))

        def handle_endtag(self, tag):
            if tag in stack:
                del stack[len(stack) - 1 - stack[::-1].index(tag) :]
            events.append(("end", tag, context()))

        def handle_data(self, data):
            events.append(("data", data, context()))

        def handle_comment(self, data):
            events.append(("comment", data, context()))

        def handle_decl(self, decl):
            events.append(("decl", decl, context()))

        def handle_pi(self, data):
            events.append(("pi", data, context()))

        def unknown_decl(self, data):
            events.append(("unknown", data, context()))

    reader = Reader(convert_charrefs=True)
    reader.feed(html)
    reader.close()
    return join_text(events)


def join_text(events: list[tuple]) -> list[tuple]:
    out: list[tuple] = []
    for event in events:
        if event[0] == "data" and out and out[-1][0] == "data" and out[-1][2] == event[2]:
            out[-1] = ("data", out[-1][1] + event[1], event[2])
        else:
            out.append(event)
    return out


_markdown = None


def read_markdown(text: str) -> list[tuple]:
    global _markdown
    if _markdown is None:
        from markdown_it import MarkdownIt

        _markdown = MarkdownIt("commonmark").enable("table")
    return html_events(_markdown.render(text))


def read_html(text: str) -> list[tuple]:
    return html_events(text)


# doctree nodes whose text is shown as written, run, or not shown: not prose
RST_VERBATIM = frozenset(
    ("literal_block", "literal", "doctest_block", "comment", "raw", "math", "math_block")
)


def rst_value(value: object) -> object:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return tuple(rst_value(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, repr(item)) for key, item in value.items()))
    return repr(value)


def read_rst(text: str) -> list[tuple]:
    """docutils' doctree (transforms applied) as events; a file it warns about is refused."""
    from docutils import nodes
    from docutils.core import publish_doctree

    settings = {
        "report_level": 1,
        "halt_level": 5,
        "warning_stream": io.StringIO(),
        "file_insertion_enabled": False,
        "raw_enabled": True,
    }
    tree = publish_doctree(text, settings_overrides=settings)
    events: list[tuple] = []

    def walk(node, context: str) -> None:
        if isinstance(node, nodes.Text):
            events.append(("data", str(node), context))
            return
        attributes = tuple(
            sorted(
                (key, rst_value(value))
                for key, value in node.attributes.items()
                if key != "source" and value not in ([], "", None)
            )
        )
        inner = node.tagname if node.tagname in RST_VERBATIM else context
        events.append(("start", node.tagname, attributes, inner))
        for child in node.children:
            walk(child, inner)
        events.append(("end", node.tagname, inner))

    walk(tree, "")
    return join_text(events)


def rst_warnings(events: list[tuple]) -> list[str]:
    """The system messages of level 2 (warning) and up in a doctree's events."""
    return [
        dict(event[2]).get("type", "?")
        for event in events
        if event[:2] == ("start", "system_message") and int(dict(event[2]).get("level", 0)) >= 2
    ]


READERS = {
    "python": read_python,
    "javascript": read_javascript,
    "shell": read_shell,
    "yaml": read_yaml,
    "toml": read_toml,
    "json5": read_json5,
    "markdown": read_markdown,
    "rst": read_rst,
    "html": read_html,
}
MARKUP = ("markdown", "rst", "html")


def read_clean(syntax: str, text: str) -> list[tuple]:
    """The reader's events of a file it reads without complaint (ParseError otherwise)."""
    events = READERS[syntax](text)
    if syntax == "rst" and rst_warnings(events):
        raise ParseError("docutils: " + ", ".join(rst_warnings(events)))
    return events


def missing_reader(syntax: str, node_path: str) -> str | None:
    """Why a syntax's reader cannot run here, or None."""
    modules = {"yaml": "yaml", "json5": "json5", "markdown": "markdown_it", "rst": "docutils"}
    if syntax in modules:
        try:
            __import__(modules[syntax])
        except ImportError:
            package = {"yaml": "pyyaml", "markdown": "markdown-it-py"}.get(syntax, syntax)
            return f"no {modules[syntax]} in {sys.executable}: pip install {package}"
    if syntax == "toml" and sys.version_info < (3, 11):
        return "tomllib is Python 3.11's: run the script with 3.11 or later"
    if syntax == "shell" and not shutil.which("bash"):
        return "no bash"
    if syntax == "javascript":
        if not shutil.which("node"):
            return "no node: apt-get install nodejs npm"
        done = subprocess.run(
            ["node", "-e", "require('acorn')"],
            capture_output=True,
            check=False,
            env=node_env(node_path),
        )
        if done.returncode:
            return (
                "node finds no acorn: npm install acorn, and name its node_modules in --node-path"
            )
    return None


def node_env(node_path: str) -> dict[str, str]:
    return {**os.environ, "NODE_PATH": node_path} if node_path else dict(os.environ)


# --- the judge: the reader's events before and after, each difference allowed or not

# attributes whose value is a URL: a fix there is the fix of a link (and a refresh's target)
URL_ATTRIBUTES = frozenset(
    "href src action cite poster formaction background longdesc srcset".split()
    + ["refuri", "uri", "candidates"]  # docutils' reference, target and image
)
# attributes a reader derives from the text for layout alone
DERIVED = frozenset((("colspec", "colwidth"),))
# the inline links of HTML and of docutils' doctree: in prose, their text is prose
LINKS = frozenset(("a", "reference"))
# a URL, wrapped (blanks inside) or bare, the bare one going on after a line break that
# follows a "/" or a "-" (X105, X102: urlint joins such a URL, and fixes its second line)
URL_SPAN = re.compile(
    r"<(?:URL:)?[A-Za-z][A-Za-z0-9+.-]*:[^<>]*>"
    r"|[A-Za-z][A-Za-z0-9+.-]*:[^\s<>\"']+(?:(?<=[/-])\n[ \t]*[^\s<>\"']+)*"
)
IGNORE_COMMENT = re.compile(r"\s*urlint: ignore(?:\[[^\]]*\])?\s*")


def url_fix_only(before: str, after: str) -> bool:
    """Whether `after` is `before` with characters inside its URLs percent-encoded, or a
    scheme's letters in lower case, and nothing else: the edits a fix makes."""
    inside = [False] * len(before)
    for match in URL_SPAN.finditer(before):
        inside[match.start() : match.end()] = [True] * (match.end() - match.start())
    states, seen = {(0, 0)}, set()
    # a walk over both texts at once: a character kept, or written as its escape
    while states:
        following = set()
        for i, j in states:
            if i == len(before):
                if j == len(after):
                    return True
                continue
            char = before[i]
            if j < len(after) and after[j] == char:
                following.add((i + 1, j + 1))
            if inside[i]:
                escape = "".join(f"%{byte:02X}" for byte in char.encode())
                if after[j : j + len(escape)].upper() == escape:
                    following.add((i + 1, j + len(escape)))
                if char.isascii() and char.isupper() and after[j : j + 1] == char.lower():
                    following.add((i + 1, j + 1))
        states = following - seen
        seen |= states
    return False


def grown(before: str, after: str, prose: str) -> bool:
    """Whether a link's target `after` is the fixed text of the whole URL its prose began
    with, where the reader had ended the link at `before`, short of a character the fix
    encoded (docutils ends a bare URL before a "^", a second "#", a non-ASCII letter)."""
    if not prose.startswith(before):
        return False
    end = len(before)
    while end < len(prose) and not prose[end].isspace():
        end += 1
        if url_fix_only(prose[:end], after):
            return True
    return False


def blanks_only(before: str, after: str) -> bool:
    """Whether two prose texts differ in blanks alone (as HTML shows prose)."""
    return re.sub(r"\s+", " ", before).strip() == re.sub(r"\s+", " ", after).strip()


def without_ignore_comments(events: list[tuple]) -> list[tuple]:
    """The events less the comments that are an `urlint: ignore` alone and stand in prose
    (a comment node, not text inside an attribute, a comment or what is shown as written)."""
    out: list[tuple] = []
    skip = 0
    for index, event in enumerate(events):
        if skip:
            skip -= 1
            continue
        if event[0] == "comment" and event[2] == "" and IGNORE_COMMENT.fullmatch(event[1]):
            continue
        # a reST comment node: its start, its text, its end
        inner = events[index + 1] if index + 1 < len(events) else ("",)
        if (
            event[:2] == ("start", "comment")
            and inner[0] == "data"
            and IGNORE_COMMENT.fullmatch(inner[1])
        ):
            skip = 2
            continue
        out.append(event)
    return join_text(out)


def split_links(events: list[tuple]) -> tuple[list[tuple], list[tuple]]:
    """Prose with its links taken out: the events less each prose link's start and end (its
    text stays in the prose), and the links, each (tag, attributes, the prose from its
    start on), compared apart: a reader may end a bare URL's link elsewhere once it is fixed."""
    text: list[tuple] = []
    links = []
    depth = 0
    for index, event in enumerate(events):
        if event[0] == "start" and event[1] in LINKS and event[3] == "":
            prose = "".join(e[1] for e in events[index + 1 : index + 60] if e[0] == "data")
            links.append((event[1], event[2], prose[:300]))
            depth += 1
        elif event[0] == "end" and event[1] in LINKS and event[2] == "" and depth:
            depth -= 1
        else:
            text.append(event)
    return join_text(text), links


def short(value: object, width: int = 160) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def window(before: str, after: str) -> tuple[str, str]:
    """Where two long texts part: some of each around the first difference."""
    prefix = len(os.path.commonprefix([before, after]))
    start = max(0, prefix - 50)
    return short(before[start : prefix + 70]), short(after[start : prefix + 70])


def difference(allowed: bool, kind: str, before: object, after: object) -> dict:
    if isinstance(before, str) and isinstance(after, str):
        before, after = window(before, after)
    return {"allowed": allowed, "kind": kind, "before": short(before), "after": short(after)}


def markup_pair(writer: str, before: tuple, after: tuple) -> list[dict]:
    """The differences of two markup events at the same place."""
    if before[0] != after[0] or before[-1] != after[-1]:
        return [difference(False, "structure", before, after)]
    context = before[-1]
    if before[0] == "data":
        # a <title>'s text is shown as written but read as prose: a fix may change its URL
        if context and (writer != "fix" or context not in PROSE_VERBATIM):
            return [difference(False, f"text in <{context}>", before[1], after[1])]
        if writer == "fix":
            fine = url_fix_only(before[1], after[1])
            kind = "prose text, a URL fix" if fine else "prose text, not a URL fix"
        else:
            fine = blanks_only(before[1], after[1])
            kind = "prose text, blanks" if fine else "prose text, not blanks"
        return [difference(fine, kind, before[1], after[1])]
    if before[0] == "start" and before[1] == after[1]:
        return attribute_differences(writer, before[1], before[2], after[2])
    if before[0] == "comment":
        return [difference(False, "HTML comment", before[1], after[1])]
    return [difference(False, "structure", before, after)]


def url_valued(tag: str, name: str, attributes: dict) -> bool:
    if name in URL_ATTRIBUTES:
        return True
    refresh = str(attributes.get("http-equiv", "")).lower() == "refresh"
    return tag == "meta" and name == "content" and refresh


def attribute_differences(
    writer: str, tag: str, before: tuple, after: tuple, prose: str = ""
) -> list[dict]:
    """The differences of one element's attributes: a fix may change a URL-valued one by
    fixing its URL (a link's, growing over the URL in its prose), and nothing else."""
    old, new = dict(before), dict(after)
    if old.keys() != new.keys():
        return [difference(False, f"attributes of <{tag}>", before, after)]
    out = []
    for name in old:
        if old[name] == new[name]:
            continue
        was, now = old[name], new[name]
        kind = f"attribute {name} of <{tag}>"
        if writer == "fix" and (tag, name) in DERIVED:
            # a simple table's last column is as wide as its widest text: shown nowhere
            out.append(difference(True, f"{kind}, derived", was, now))
            continue
        if writer == "fix" and url_valued(tag, name, old) and isinstance(was, str):
            if url_fix_only(was, str(now)):
                out.append(difference(True, f"{kind}, a URL fix", was, now))
                continue
            if prose and grown(was, str(now), prose):
                out.append(difference(True, f"{kind}, grown over its fixed URL", was, now))
                continue
        out.append(difference(False, kind, was, now))
    return out


def link_differences(writer: str, before: list[tuple], after: list[tuple]) -> list[dict]:
    if len(before) != len(after):
        return [
            difference(False, "links", [link[:2] for link in before], [link[:2] for link in after])
        ]
    out = []
    for old, new in zip(before, after, strict=True):
        if old[:2] == new[:2]:
            continue
        if old[0] != new[0]:
            out.append(difference(False, "links", old[:2], new[:2]))
            continue
        out.extend(attribute_differences(writer, old[0], old[1], new[1], old[2]))
    return out


def pair(syntax: str, writer: str, before: tuple, after: tuple) -> list[dict]:
    if syntax in MARKUP:
        return markup_pair(writer, before, after)
    if before[0] == "value" and before[1] == after[1]:
        return [difference(False, f"value at {before[1]}", before[2], after[2])]
    if before[0] == "code":
        return [difference(False, "code", before[1], after[1])]
    return [difference(False, "structure", before, after)]


def blank_prose(events: list[tuple]) -> bool:
    return bool(events) and all(e[0] == "data" and e[2] == "" and not e[1].strip() for e in events)


def compare(syntax: str, writer: str, before: list[tuple], after: list[tuple]) -> list[dict]:
    """The differences of two event lists, each allowed or not."""
    out: list[dict] = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for old, new in zip(before[i1:i2], after[j1:j2], strict=True):
                out.extend(pair(syntax, writer, old, new))
        elif (
            syntax in MARKUP
            and writer == "add-ignore"
            and tag in ("insert", "delete")
            and blank_prose(before[i1:i2] + after[j1:j2])
        ):
            # the blank before an ignore comment, left where the comment was taken out
            out.append(difference(True, "prose blanks", before[i1:i2], after[j1:j2]))
        else:
            out.append(difference(False, "structure", before[i1:i2], after[j1:j2]))
    return out


def differences(syntax: str, writer: str, before: list[tuple], after: list[tuple]) -> list[dict]:
    """Every difference of the reader's events, each allowed or not."""
    if syntax not in MARKUP:
        return compare(syntax, writer, before, after)
    if writer == "add-ignore":
        before, after = without_ignore_comments(before), without_ignore_comments(after)
    before_text, before_links = split_links(before)
    after_text, after_links = split_links(after)
    return compare(syntax, writer, before_text, after_text) + link_differences(
        writer, before_links, after_links
    )


def verdict(syntax: str, writer: str, before: list[tuple], text: str) -> list[dict]:
    """Every difference between the events before and a text after, allowed or not."""
    try:
        after = READERS[syntax](text)
    except ParseError as error:
        return [difference(False, "no longer parses", "", str(error))]
    return differences(syntax, writer, before, after)


def refused(rows: list[dict]) -> list[dict]:
    return [row for row in rows if not row["allowed"]]


def hunks(before: str, after: str) -> list[tuple[int, int, int, int]]:
    """The changed lines, one line a hunk where lines were replaced one for one."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    out = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            out.extend((i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1))
        elif tag != "equal":
            out.append((i1, i2, j1, j2))
    return out


def constructs_at(spans: list[tuple[str, int, int]], first: int, last: int) -> list[str]:
    names = [name for name, start, end in spans if start <= last and first <= end]
    return names or ["(frame)"]


def blame(syntax: str, writer: str, job: dict, after: str, events: list[tuple]) -> list[dict]:
    """The changed lines that change meaning applied alone, each with its construct."""
    before = job["text"]
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    culprits = []
    found = hunks(before, after)
    for i1, i2, j1, j2 in found:
        alone = "".join(old[:i1] + new[j1:j2] + old[i2:])
        bad = refused(verdict(syntax, writer, events, alone))
        if bad:
            culprits.append(culprit(job, i1, i2, old[i1:i2], new[j1:j2], bad))
    if not culprits:
        # no line alone: together they do
        i1, i2 = found[0][0], found[-1][1]
        culprits.append(culprit(job, i1, i2, old[i1:i2], new[found[0][2] : found[-1][3]], []))
        culprits[-1]["kinds"] = ["lines together"]
    return culprits


def culprit(job: dict, i1: int, i2: int, old: list[str], new: list[str], bad: list[dict]) -> dict:
    first, last = i1 + 1, max(i2, i1 + 1)
    return {
        "line": first,
        "constructs": constructs_at(job["spans"], first, last),
        "kinds": sorted({row["kind"] for row in bad}),
        "diff": ["-" + line.rstrip("\n") for line in old]
        + ["+" + line.rstrip("\n") for line in new],
        "reader": bad[:3],
    }


def name_of(syntax: str, index: int) -> str:
    return f"{EXTENSIONS[syntax]}-{index:04d}.{EXTENSIONS[syntax]}"


def make_file(syntax: str, index: int, seed: str) -> dict:
    """A generated file its reader reads cleanly (the first of the seed's attempts that is)."""
    for attempt in range(50):
        rng = random.Random(f"{seed}/{syntax}/{index}/{attempt}")
        text, spans = generate(syntax, rng)
        try:
            events = read_clean(syntax, text)
        except ParseError as error:
            last = str(error)
            continue
        name = name_of(syntax, index)
        return {"name": name, "text": text, "spans": spans, "events": events, "attempts": attempt}
    raise RuntimeError(f"{syntax} {index}: no attempt parses ({last})")


def run_writer(urlint: str, flag: str, folder: Path, jobs: list[dict]) -> tuple[int, str]:
    """One urlint run over a batch's copies (one process: the pool is the parallelism)."""
    folder.mkdir()
    for job in jobs:
        (folder / job["name"]).write_text(job["text"], encoding="utf-8")
    done = subprocess.run(
        [urlint, "check", "--isolated", "--select", "ALL", "--no-progress", "-j", "1", flag]
        + [job["name"] for job in jobs],
        cwd=folder,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    return done.returncode, done.stderr


def judge_batch(task: tuple[str, list[int], str, str, str]) -> dict:
    """Generate a batch of files of one syntax, run both writers on copies, judge each."""
    syntax, indices, seed, urlint, node_path = task
    if node_path:
        os.environ["NODE_PATH"] = node_path
    jobs = [make_file(syntax, index, seed) for index in indices]
    results = []
    with tempfile.TemporaryDirectory(prefix="meaning-") as scratch:
        for writer, flag in WRITERS.items():
            folder = Path(scratch) / writer
            status, stderr = run_writer(urlint, flag, folder, jobs)
            if status == 2 and "not fixed" not in stderr and "urlint:" not in stderr:
                raise RuntimeError(f"urlint exited 2 on {syntax}: {stderr[-800:]}")
            for job in jobs:
                after = (folder / job["name"]).read_text(encoding="utf-8")
                results.append(judge_one(syntax, writer, job, after, stderr))
    return {
        "syntax": syntax,
        "files": len(jobs),
        "regenerated": sum(job["attempts"] > 0 for job in jobs),
        "results": results,
    }


def judge_one(syntax: str, writer: str, job: dict, after: str, stderr: str) -> dict:
    result = {
        "syntax": syntax,
        "writer": writer,
        "file": job["name"],
        "changed": after != job["text"],
        "meaning_changed": False,
    }
    said = [line for line in stderr.splitlines() if job["name"] + ":" in line]
    if any("not fixed" in line for line in said):
        result["not_written"] = said[:3]
    if not result["changed"]:
        return result
    rows = verdict(syntax, writer, job["events"], after)
    result["allowed"] = dict(collections.Counter(row["kind"] for row in rows if row["allowed"]))
    bad = refused(rows)
    if bad:
        result.update(
            meaning_changed=True,
            kinds=sorted({row["kind"] for row in bad}),
            culprits=blame(syntax, writer, job, after, job["events"]),
            before_text=job["text"],
            after_text=after,
        )
    return result


# --- the report


def summarise(batches: list[dict], syntaxes: list[str]) -> dict:
    table: dict[str, dict] = {}
    for syntax in syntaxes:
        rows = [batch for batch in batches if batch["syntax"] == syntax]
        figures: dict = {
            "files": sum(batch["files"] for batch in rows),
            "regenerated": sum(batch["regenerated"] for batch in rows),
        }
        for writer in WRITERS:
            results = [r for batch in rows for r in batch["results"] if r["writer"] == writer]
            allowed: collections.Counter = collections.Counter()
            for r in results:
                allowed.update(r.get("allowed", {}).keys())
            figures[writer] = {
                "changed": sum(r["changed"] for r in results),
                "meaning_changed": sum(r["meaning_changed"] for r in results),
                "not_written": sum("not_written" in r for r in results),
                # the files with a difference the judge allows, by kind: what it let pass
                "allowed": dict(allowed.most_common()),
            }
        table[syntax] = figures
    return table


def print_table(table: dict, out=sys.stdout) -> None:
    print(
        f"{'syntax':11} {'files':>5} {'regen':>5}  "
        + "  ".join(f"{w + ' changed':>18} {'meaning':>7}" for w in WRITERS),
        file=out,
    )
    totals: collections.Counter = collections.Counter()
    for syntax, figures in table.items():
        cells = []
        for writer in WRITERS:
            cells.append(
                f"{figures[writer]['changed']:>18} {figures[writer]['meaning_changed']:>7}"
            )
            totals[writer + " changed"] += figures[writer]["changed"]
            totals[writer + " meaning"] += figures[writer]["meaning_changed"]
        totals["files"] += figures["files"]
        totals["regenerated"] += figures["regenerated"]
        print(
            f"{syntax:11} {figures['files']:>5} {figures['regenerated']:>5}  " + "  ".join(cells),
            file=out,
        )
    cells = [f"{totals[w + ' changed']:>18} {totals[w + ' meaning']:>7}" for w in WRITERS]
    print(
        f"{'all':11} {totals['files']:>5} {totals['regenerated']:>5}  " + "  ".join(cells), file=out
    )
    print(file=out)
    print("differences the judge allowed (files, by kind):", file=out)
    for syntax, figures in table.items():
        for writer in WRITERS:
            if figures[writer]["allowed"]:
                kinds = ", ".join(f"{k} {n}" for k, n in figures[writer]["allowed"].items())
                print(f"  {syntax:10} {writer:10} {kinds}", file=out)
    print(file=out)


def categories(failures: list[dict]) -> list[tuple[tuple[str, str, str, str], list[dict]]]:
    """Failures grouped by (syntax, writer, construct, kind), the largest first."""
    groups: dict[tuple[str, str, str, str], list[dict]] = collections.defaultdict(list)
    for failure in failures:
        for blamed in failure["culprits"]:
            for construct in blamed["constructs"]:
                for kind in blamed["kinds"] or ["?"]:
                    key = (failure["syntax"], failure["writer"], construct, kind)
                    groups[key].append({**failure, "blamed": blamed})
    return sorted(groups.items(), key=lambda item: (item[0][0], item[0][1], -len(item[1])))


def print_categories(failures: list[dict], out=sys.stdout) -> None:
    if not failures:
        print("no file changed meaning", file=out)
        return
    print("failures by construct and kind (files; an example, its blamed lines):", file=out)
    for (syntax, writer, construct, kind), rows in categories(failures):
        files = len({row["file"] for row in rows})
        example = rows[0]
        print(f"  {syntax:10} {writer:10} {files:>4}  {construct} / {kind}", file=out)
        print(f"      {example.get('kept', example['file'])}:{example['blamed']['line']}", file=out)
        for line in example["blamed"]["diff"][:4]:
            print(f"      {short(line, 110)}", file=out)


def keep(failure: dict, root: Path) -> str:
    """Write a failing file (and what the writer made of it) for an engineer to run again."""
    folder = root / failure["syntax"] / failure["writer"]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / failure["file"]
    path.write_text(failure.pop("before_text"), encoding="utf-8")
    (folder / (failure["file"] + ".after")).write_text(failure.pop("after_text"), encoding="utf-8")
    return str(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urlint", default="urlint", help="the urlint executable to run")
    parser.add_argument("--per-syntax", type=int, default=500, help="files generated a syntax")
    parser.add_argument("--seed", default="81", help="the seed the files are generated from")
    parser.add_argument(
        "--syntax", action="append", choices=sorted(TEMPLATES), help="only this syntax (repeatable)"
    )
    parser.add_argument("--json", type=Path, help="write the figures and every failure here")
    parser.add_argument(
        "--keep", type=Path, default=WORK / "failures", help="keep each failing file under here"
    )
    parser.add_argument("-j", "--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--batch", type=int, default=25, help="files a urlint run reads")
    parser.add_argument(
        "--node-path", default=os.environ.get("NODE_PATH", ""), help="the node_modules with acorn"
    )
    args = parser.parse_args()
    started = time.monotonic()
    urlint = shutil.which(args.urlint) or args.urlint
    syntaxes = []
    for syntax in args.syntax or list(TEMPLATES):
        why = missing_reader(syntax, args.node_path)
        if why:
            print(f"skipped {syntax}: {why}", file=sys.stderr)
        else:
            syntaxes.append(syntax)
    tasks = [
        (
            syntax,
            list(range(start, min(start + args.batch, args.per_syntax))),
            args.seed,
            urlint,
            args.node_path,
        )
        for syntax in syntaxes
        for start in range(0, args.per_syntax, args.batch)
    ]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        batches = list(pool.map(judge_batch, tasks))
    failures = [r for batch in batches for r in batch["results"] if r["meaning_changed"]]
    if args.keep.exists():
        # a run's failures only: those of a run before it would read as this one's
        for syntax in syntaxes:
            shutil.rmtree(args.keep / syntax, ignore_errors=True)
    for failure in failures:
        failure["kept"] = keep(failure, args.keep)
        failure["command"] = (
            f"cp {failure['kept']} /tmp/ && {args.urlint} check --isolated --select ALL"
            f" {WRITERS[failure['writer']]} /tmp/{failure['file']}"
        )
    table = summarise(batches, syntaxes)
    seconds = time.monotonic() - started
    version = subprocess.run(
        [urlint, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    print(f"{version}: seed {args.seed}, {args.per_syntax} files a syntax, {seconds:.0f} s\n")
    print_table(table)
    print_categories(failures)
    if args.json:
        report = {
            "seed": args.seed,
            "per_syntax": args.per_syntax,
            "urlint": urlint,
            "version": version,
            "seconds": round(seconds, 1),
            "table": table,
            "failures": failures,
        }
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
