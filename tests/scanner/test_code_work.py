"""The code lexer's work grows linearly with its input, whatever the input (scanner/code/).

The work is counted, not timed: every look the lexer takes at its text (a `str` method on
it, a character read) and every pattern it runs over it is metered by the characters it
may have read: a search to where it stops, a match to its end, a failed match to its
widest reach (its line's end, or the text's for a pattern that reads across lines). A lexer
that reads a stretch again for each of many constructs (a here-document's closing line
looked for from each unclosed `<<`, to the file's end) shows a work that grows with the
square of the input."""

from __future__ import annotations

import functools
import re
import sys
from re import _parser  # type: ignore[attr-defined]  # a pattern's width: how far it reads

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlint.scanner import lexer, table_code
from urlint.scanner.code import (
    c_like,
    javascript,
    json,
    lexing,
    preceding,
    properties,
    python,
    shell,
    toml,
    yaml,
)

from ..helpers import examples

# The code lexers' modules (scanner/code/): each `re` and `closing` they read metered.
FAMILIES = (c_like, javascript, json, lexing, preceding, properties, python, shell, toml, yaml)


class Meter:
    """The characters the lexer may have read."""

    def __init__(self) -> None:
        self.read = 0


class MeteredText(str):
    """A text that counts what each look at it reads."""

    meter: Meter

    def find(self, sub, start=0, end=None):  # type: ignore[override]
        stop = len(self) if end is None else min(end, len(self))
        found = str.find(self, sub, start, stop)
        self.meter.read += (found + len(sub) if found >= 0 else stop) - start
        return found

    def rfind(self, sub, start=0, end=None):  # type: ignore[override]
        stop = len(self) if end is None else min(end, len(self))
        found = str.rfind(self, sub, start, stop)
        self.meter.read += stop - (found if found >= 0 else max(start, 0))
        return found

    def startswith(self, prefix, start=0, end=None):  # type: ignore[override]
        self.meter.read += len(prefix) if isinstance(prefix, str) else max(map(len, prefix))
        return str.startswith(self, prefix, start, len(self) if end is None else end)

    def count(self, sub, start=0, end=None):  # type: ignore[override]
        stop = len(self) if end is None else min(end, len(self))
        self.meter.read += stop - start
        return str.count(self, sub, start, stop)

    def __getitem__(self, key):  # type: ignore[override]
        got = str.__getitem__(self, key)
        self.meter.read += max(len(got), 1)
        return got


class MeteredPattern:
    """A compiled pattern that counts the characters each use may have read."""

    def __init__(self, pattern: re.Pattern[str], meter: Meter, across_lines: bool) -> None:
        self.pattern, self.meter, self.across_lines = pattern, meter, across_lines
        self.width = _width(pattern)

    def _stop(self, string: str, pos: int, endpos: int) -> int:
        end = min(endpos, len(string))
        if self.width < _parser.MAXREPEAT:
            return min(end, pos + self.width)  # a pattern of a bounded width reads no further
        if self.across_lines:
            return end
        line_end = str.find(string, "\n", pos, end)
        return end if line_end < 0 else line_end + 1

    def search(self, string, pos=0, endpos=sys.maxsize):
        found = self.pattern.search(string, pos, endpos)
        self.meter.read += (found.end() if found else min(endpos, len(string))) - pos
        return found

    def match(self, string, pos=0, endpos=sys.maxsize):
        found = self.pattern.match(string, pos, endpos)
        self.meter.read += (found.end() if found else self._stop(string, pos, endpos)) - pos
        return found

    def finditer(self, string, pos=0, endpos=sys.maxsize):
        last = pos
        for found in self.pattern.finditer(string, pos, endpos):
            self.meter.read += found.end() - last
            last = found.end()
            yield found
        self.meter.read += min(endpos, len(string)) - last


@functools.cache
def _width(pattern: re.Pattern[str]) -> int:
    """The most characters a match of `pattern` can take (MAXREPEAT: no bound)."""
    return _parser.parse(pattern.pattern, pattern.flags).getwidth()[1]


# The lexers' patterns that read across lines (any other stops at its line's end).
ACROSS_LINES = {"_VERBATIM", "_YAML_SINGLE", "_JSON_TOKEN"}


@pytest.fixture
def metered(monkeypatch):
    """lex(text, syntax) -> the characters it read, with every pattern of the lexer and
    its text metered."""
    meter = Meter()
    patterns = [
        (module, name, value) for module in FAMILIES for name, value in vars(module).items()
    ]
    for module, name, value in patterns:
        if isinstance(value, re.Pattern):
            monkeypatch.setattr(module, name, MeteredPattern(value, meter, name in ACROSS_LINES))
        elif (
            isinstance(value, dict)
            and value
            and all(isinstance(item, re.Pattern) for item in value.values())
        ):
            metered = {key: MeteredPattern(item, meter, False) for key, item in value.items()}
            monkeypatch.setattr(module, name, metered)

    class MeteredRe:
        """The `re` module as the lexer sees it: a pattern it compiles as it reads is
        metered too (as reading across lines)."""

        def __getattr__(self, name):
            return getattr(re, name)

        @staticmethod
        def compile(pattern, flags=0):
            return MeteredPattern(re.compile(pattern, flags), meter, True)

    for module in FAMILIES:
        if hasattr(module, "re"):
            monkeypatch.setattr(module, "re", MeteredRe())
    monkeypatch.setattr(lexer, "re", MeteredRe())
    monkeypatch.setattr(lexer, "_CLOSINGS", {})  # its own cache: none of its patterns kept
    closing = lexer.closing

    def metered_closing(closer: str, escapes: bool, one_line: bool) -> MeteredPattern:
        compiled = closing(closer, escapes, one_line)
        return MeteredPattern(compiled.pattern, meter, not one_line)

    monkeypatch.setattr(lexer, "closing", metered_closing)
    for module in FAMILIES:
        if hasattr(module, "closing"):
            monkeypatch.setattr(module, "closing", metered_closing)
    # a table kind's reader (scanner.table_code): its one search and every pattern it
    # compiles as it reads (openers, closers, a here-document's closing line)
    reader, opener = table_code._reader, table_code._opener

    def metered_reader(name: str):
        pattern, actions = reader(name)
        return MeteredPattern(pattern, meter, True), actions

    monkeypatch.setattr(table_code, "_reader", metered_reader)
    monkeypatch.setattr(
        table_code, "_opener", lambda pattern: MeteredPattern(opener(pattern), meter, True)
    )

    def read(text: str, syntax: str) -> int:
        metered_text = MeteredText(text)
        metered_text.meter = meter
        meter.read = 0
        lexing.lex(metered_text, syntax)
        return meter.read

    return read


def grows_linearly(read, unit: str, syntax: str, copies: int = 200) -> tuple[int, int]:
    """The work of `unit` written `copies` and four times `copies` times over."""
    return read(unit * copies, syntax), read(unit * (copies * 4), syntax)


# Each shape written many times over: what a lexer that reads a stretch again would read
# again (constructs never closed, openers that read to the end, runs on one line).
HOSTILE = [
    ("cat <<EOF%d\n", "shell"),  # here-documents never closed, each its own word
    ("cat <<EOF\n", "shell"),
    ("cat <<-'E F'\n\tx\n", "shell"),
    ("cat <<A <<B <<C \"x\" 'y' z\nA\n", "shell"),  # a line of here-documents and words
    ("x=$((1<<y)) <<\n", "shell"),
    ('echo "a\n', "shell"),  # a quote never closed
    ("echo 'a `b\n", "shell"),
    ('s = f"{d["#"]} {x:{y}} \\\n', "python"),
    ('s = f"{(\n', "python"),
    ('"""\n', "python"),
    ("if (a) /b\n", "javascript"),
    ("((((x)/)/)/)/ ", "javascript"),
    ("`${`${'\n", "javascript"),
    ("\\`\n", "javascript"),  # a template never closed: each backquote after it escaped
    ("))/\n", "javascript"),  # a `)` whose `(` is never found
    ('r#"\n', "c-like"),
    ('R"x(\n', "c-like"),
    ('@"a""\n', "c-like"),
    ('"""\n', "c-like"),
    ("k: &a !t |\n  v\n", "yaml"),
    ("- 'a\n", "yaml"),
    ("{'a\n", "json"),
    # kinds read from their rows (scanner.table_code): openers never closed, nested
    ("{- {- ", "haskell"),
    ("x = <<~EOS\n", "ruby"),
    ("x = <<~EOS%d\n", "ruby"),
    ("--[==[ ", "lua"),
    ("{a| (* ", "ocaml"),
    ("'' ", "nix"),
    ('~S""" ', "elixir"),
    ("@'\n", "powershell"),
    ("#= #= ", "julia"),
]


@pytest.mark.parametrize(("shape", "syntax"), HOSTILE)
def test_the_lexer_reads_a_hostile_shape_in_linear_work(metered, shape, syntax):
    if "%d" in shape:
        small = metered("".join(shape % i for i in range(500)), syntax)
        large = metered("".join(shape % i for i in range(2000)), syntax)
    else:
        small, large = grows_linearly(metered, shape, syntax, 500)
    assert large <= 4.5 * small + 1000, (small, large)


@pytest.mark.parametrize(
    ("unit", "end", "syntax"),
    [('cat <<A "x" ', "\nA\n", "shell"), ("x = (a) / 2; ", "\n", "javascript"),
     ("cat <<A <<B ", "\nA\nB\n", "shell"), ("'it ", "\n", "python"),
     ("x = <<A A ", "\nA\n", "ruby")],
)  # fmt: skip
def test_one_long_line_is_read_in_linear_work(metered, unit, end, syntax):
    """A minified file's one line: what is looked for to the line's end is looked for once."""
    small = metered(unit * 1000 + end, syntax)
    large = metered(unit * 4000 + end, syntax)
    assert large <= 4.5 * small + 1000, (small, large)


def test_unclosed_here_documents_cost_what_the_same_bytes_cost_once(metered):
    """The reliability review's shape: `cat <<EOF1`, `cat <<EOF2` ... never closed. The
    first runs to the file's end, as the shell reads it: each byte is read a few times."""
    text = "".join(f"cat <<EOF{i}\n" for i in range(25000))
    assert metered(text, "shell") <= 4 * len(text)


TOKENS = st.sampled_from(
    ["<<", "<<-", "EOF", "'", '"', "`", "\\", "#", "$((", "))", " ", "\t", "\n", "x",
     "r#", '"""', "f", "{", "}", "(", ")", "/", "|", "&a", ":", "-", "@"]
)  # fmt: skip


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)  # the fixture's patches hold for every example; its meter is reset for each reading
@given(
    st.lists(TOKENS, min_size=1, max_size=24).map("".join),
    st.sampled_from(["shell", "python", "javascript", "c-like", "yaml", "json", "toml", "go"]),
)
def test_the_lexer_reads_any_repeated_text_in_linear_work(metered, unit, syntax):
    """Any text of the lexers' own characters, written 100 and 400 times over: the work of
    the longer is at most about four times the shorter's (a square would be sixteen)."""
    small, large = grows_linearly(metered, unit + "\n", syntax, 100)
    assert large <= 6 * small + 2000, (small, large)
