"""Writes src/urlint/_runtime/compiled_patterns.py: the regular expressions a pre-commit
hook's run compiles, as each CPython version's regex compiler makes them
(urlint._runtime.patterns.load_compiled puts them in `re`'s cache at the command's start:
bench/latency.py); and src/urlint/_runtime/compiled_later.py: every other pattern made with
compiled_when_used at a module's top level (LATER), which the command's process makes from
its program when first used (urlint._runtime.patterns.later_programs).

    python tools/compile_patterns.py [PYTHON ...]

Run it from the repository root with the project installed in the interpreter running it
(the patterns are those `urlint check` and `urlint extract` compile on a small text file and
on a small Python file, read from a run of each, in a directory with no configuration and
in one configured in its pyproject.toml), after changing a pattern;
tests/runtime/test_compiled_patterns.py says when. The patterns compiled as a module of
urlint._runtime.patterns.PARTS is imported are kept apart, that module's own (PARTED),
loaded as it is imported; the others (PROGRAMS) at the command's start.
Each PYTHON (default: the pyenv interpreters of the versions pyproject.toml supports that
are installed here, and this one) compiles them with its own compiler; its table is keyed
by its version, its regex engine's MAGIC and CODESIZE and its byte order, and a Python with
no table of its own, or whose engine refuses a program, compiles as it always does.
"""

from __future__ import annotations

import ast
import glob
import marshal
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "urlint" / "_runtime" / "compiled_patterns.py"
LATER_TARGET = ROOT / "src" / "urlint" / "_runtime" / "compiled_later.py"

# What a hook's run reads: a small file with URLs of the common shapes.
SAMPLE = (
    "# A small README a hook sees on every commit.\n"
    "See <URL:http://www.example.com/docs/index.html> and\n"
    "ftp://ftp.example.org/pub/tools/ for the tools, http://example.com/~fred/ for notes,\n"
    "mailto:fred@example.com, https://example.org/a?b=c&d=e#f (and https://x.example/).\n"
)
# And a small source file: a string literal's URL and a comment's, read by the code scanner.
CODE_SAMPLE = (
    '"""A module a hook sees on every commit."""\n'
    'DOCS = "https://www.example.com/docs/index.html"  # see http://example.com/~fred/\n'
)
SAMPLES = (("README.txt", SAMPLE), ("example.py", CODE_SAMPLE))
RUNS = (("check",), ("extract",))
# And in a repository configured in its pyproject.toml: the TOML parser's patterns too.
CONFIGURED = '[project]\nname = "x"\n\n[tool.urlint]\nselect = ["ALL"]\nignore = ["C2"]\n'

# Run in a process of its own (the run's imports must start from nothing): the command as
# `urlint` runs it, its pattern table left out, each (pattern, flags) re compiles recorded
# with the module of PARTS being imported as it compiles (None: none).
_RECORD = """
import sys
import re
compiler = getattr(re, "_compiler", None) or __import__("sre_compile")
compiled = []
original = compiler.compile
import urlint._runtime.patterns
PARTS = urlint._runtime.patterns.PARTS
def importing():
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name == "<module>":
            name = frame.f_globals.get("__name__", "")
            for part in PARTS:
                if name == part or name.startswith(part + "."):
                    return part
        frame = frame.f_back
    return None
def recording(pattern, flags=0):
    compiled.append((pattern, int(flags), importing()))
    return original(pattern, flags)
compiler.compile = recording
urlint._runtime.patterns.load_compiled = lambda part=None: None
import atexit
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write(repr(compiled)))
sys.argv = ["urlint", *sys.argv[2:]]
from urlint.__main__ import run
run()
"""

# Run by each target interpreter, the standard library alone: each pattern's program, as
# its compiler hands it to _sre.compile.
_PROGRAMS = """
import ast, array, re, sys, _sre
compiler = getattr(re, "_compiler", None) or __import__("sre_compile")
patterns = ast.literal_eval(open(sys.argv[1]).read())
made = []
class Engine:
    def __getattr__(self, name):
        return getattr(_sre, name)
    def compile(self, pattern, flags, code, groups, groupindex, indexgroup):
        program = array.array("I", map(int, code)).tobytes()  # CODESIZE 4: C's unsigned int
        made.append((int(flags), program, int(groups), dict(groupindex), tuple(indexgroup)))
        return _sre.compile(pattern, flags, code, groups, groupindex, indexgroup)
compiler._sre = Engine()
programs = []
for pattern, flags in patterns:
    made.clear()
    compiler.compile(pattern, flags)
    programs.append((pattern, flags, *made[-1]))
key = (sys.implementation.name, *sys.version_info[:2], _sre.MAGIC, _sre.CODESIZE, sys.byteorder)
print(repr((key, tuple(programs))))
"""


def recorded_patterns(python: str = sys.executable) -> dict[tuple[str | bytes, int], str | None]:
    """The (pattern, flags) a run of each of RUNS compiles, in order, each once, with the
    module of PARTS whose own it is (None: one a run compiles other than as such a module
    is imported)."""
    seen: dict[tuple[str | bytes, int], str | None] = {}
    with tempfile.TemporaryDirectory() as plain, tempfile.TemporaryDirectory() as configured:
        Path(configured, "pyproject.toml").write_text(CONFIGURED)
        out = Path(plain, "compiled.txt")
        for work in (plain, configured):
            for name, text in SAMPLES:
                sample = Path(work, name)
                sample.write_text(text)
                for argv in RUNS:
                    subprocess.run(
                        [python, "-c", _RECORD, str(out), *argv, str(sample)],
                        cwd=work,
                        check=False,
                        capture_output=True,
                        # no parse kept from an earlier run (config_cache): the parser's too
                        env={**os.environ, "URLINT_CACHE_DIR": ""},
                    )
                    for pattern, flags, part in ast.literal_eval(out.read_text()):
                        # a module's own only while no other compiles it too
                        known = seen.get((pattern, flags), part)
                        seen[pattern, flags] = None if known is None or part is None else known
    return seen


# Run by this Python, from the project installed: every pattern made with compiled_when_used
# at a module's top level, in each module of urlint that imports here (one that needs an
# extra not installed is passed over: its patterns compile as ever).
_LATER = """
import importlib, pkgutil, sys
import urlint
from urlint._runtime import patterns
found = {}
for module in pkgutil.walk_packages(urlint.__path__, "urlint."):
    try:
        loaded = importlib.import_module(module.name)
    except Exception:
        continue
    for value in vars(loaded).values():
        if isinstance(value, patterns._CompiledWhenUsed):
            found[value.pattern, int(value._flags)] = None
print(repr(list(found)))
"""


def later_patterns(held: dict) -> list[tuple[str | bytes, int]]:
    """Every (pattern, flags) made with compiled_when_used at a module's top level, but
    those in `held` (what a hook's run compiles, loaded at its start or with its module)."""
    out = subprocess.run(
        [sys.executable, "-c", _LATER], check=True, capture_output=True, text=True
    ).stdout
    return sorted(
        (found for found in ast.literal_eval(out) if found not in held),
        key=lambda found: (isinstance(found[0], bytes), found),
    )


def programs(python: str, patterns: list) -> tuple:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listed:
        listed.write(repr(patterns))
    try:
        out = subprocess.run(
            [python, "-c", _PROGRAMS, listed.name], check=True, capture_output=True, text=True
        ).stdout
    finally:
        os.unlink(listed.name)
    return ast.literal_eval(out)


def _written() -> dict:
    """The tables TARGET holds now, each a tuple of programs: PROGRAMS's and PARTED's of
    each Python together."""
    if not TARGET.exists():
        return {}
    tables: dict = {}
    for node in ast.parse(TARGET.read_text()).body:
        if not isinstance(node, ast.AnnAssign):
            continue
        name = getattr(node.target, "id", "")
        written = ast.literal_eval(node.value)  # type: ignore[arg-type]
        if name == "PROGRAMS":
            held = [written]
        elif name == "PARTED":
            held = list(written.values())
        else:
            continue
        for part in held:
            for key, table in part.items():
                programs = marshal.loads(table) if isinstance(table, bytes) else table
                tables[key] = tables.get(key, ()) + tuple(programs)
    return tables


def _written_later() -> dict:
    """The tables LATER_TARGET holds now, each a tuple of programs as `programs` gives them."""
    if not LATER_TARGET.exists():
        return {}
    for node in ast.parse(LATER_TARGET.read_text()).body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "LATER":
            written = ast.literal_eval(node.value)  # type: ignore[arg-type]
            return {
                key: tuple(
                    (*found, *program)
                    for found, program in marshal.loads(zlib.decompress(table)).items()
                )
                for key, table in written.items()
            }
    return {}


def table_of(programs: tuple) -> bytes:
    """A table as TARGET holds it: marshal's bytes of its programs (format 4, which every
    supported Python reads), read with marshal.loads only by the Python of its key."""
    return marshal.dumps(programs, 4)


def _part_of(table: tuple, recorded: dict, part: str | None) -> tuple:
    """The programs of `table` that are `part`'s (recorded_patterns: None, the others); a
    pattern no run compiles now is none's."""
    return tuple(program for program in table if recorded.get(program[:2], "") == part)


def interpreters() -> list[str]:
    """This Python and every pyenv CPython here that requires-python (>= 3.10) allows.

    No newest version is named: a Python newer than the last table gets one as soon as it
    is installed here (tests/runtime/test_compiled_patterns.py fails while the running
    Python has none)."""
    found = {sys.executable: None}
    for path in sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3"))):
        minor = path.split("/versions/3.", 1)[1].split(".", 1)[0]
        if minor.isdigit() and int(minor) >= 10:
            found[path] = None
    return list(found)


def main() -> int:
    pythons = sys.argv[1:] or interpreters()
    recorded = recorded_patterns()
    patterns = list(recorded)
    # The tables of Pythons not at hand stay, less the patterns no run compiles now (a
    # pattern they lack compiles as ever there).
    wanted = set(patterns)
    tables = {
        key: tuple(program for program in table if (program[0], program[1]) in wanted)
        for key, table in _written().items()
        if len(key) == 6  # with the byte order: programs in bytes
    }
    tables.update(programs(python, patterns) for python in pythons)
    parts = sorted({part for part in recorded.values() if part is not None})
    lines = [
        "# ruff: noqa: E501",
        '"""Generated by tools/compile_patterns.py: do not edit (run it again instead).',
        "",
        "The regular expressions a hook's run compiles, each as CPython's regex compiler makes",
        "it for the version, engine (MAGIC, CODESIZE) and byte order of the key: (pattern, flags",
        "as re.compile is given them, flags compiled, program, groups, group index, index group),",
        "the arguments of _sre.compile (urlint._runtime.patterns.load_compiled); the program in",
        "bytes, its words in the machine's order (a tuple of them is slower to load at",
        "start-up). Each key's table is marshal's bytes of that tuple of programs: loading",
        "this module copies the bytes of every Python's table, and only the running Python's",
        'is unmarshalled (docs/design/performance.md, "Figures the code\'s choices rest on").',
        "PROGRAMS is loaded at the command's start; PARTED holds each module of",
        "urlint._runtime.patterns.PARTS its own, loaded as it is imported.",
        '"""',
        "",
        "PROGRAMS: dict[tuple, bytes] = {",
    ]
    for key in sorted(tables):
        lines.append(f"    {key!r}: {table_of(_part_of(tables[key], recorded, None))!r},")
    lines.append("}")
    lines.append("# Each module of urlint._runtime.patterns.PARTS: its own, loaded as it is.")
    lines.append("PARTED: dict[str, dict[tuple, bytes]] = {")
    for part in parts:
        lines.append(f"    {part!r}: {{")
        for key in sorted(tables):
            lines.append(f"        {key!r}: {table_of(_part_of(tables[key], recorded, part))!r},")
        lines.append("    },")
    lines.append("}")
    TARGET.write_text("\n".join(lines) + "\n")
    print(f"{TARGET.relative_to(ROOT)}: {len(patterns)} patterns for {len(tables)} Pythons")
    later = later_patterns(recorded)
    # As for PROGRAMS: the tables of Pythons not at hand stay, less what is no longer wanted.
    later_tables = {
        key: tuple(program for program in table if (program[0], program[1]) in set(later))
        for key, table in _written_later().items()
    }
    later_tables.update(programs(python, later) for python in pythons)
    lines = [
        "# ruff: noqa: E501",
        '"""Generated by tools/compile_patterns.py: do not edit (run it again instead).',
        "",
        "The patterns made with urlint._runtime.patterns.compiled_when_used that a hook's run",
        "does not compile (compiled_patterns.py holds those), each as CPython's regex compiler",
        "makes it for the key's version, engine and byte order. Each key's table is marshal's",
        "bytes of a dict, compressed by zlib (programs repeat: a quarter of the size): (pattern,",
        "flags as re.compile is given them) -> (flags compiled, program in bytes, groups, group",
        "index, index group). Loaded with the first of them a command's run uses",
        "(urlint._runtime.patterns.later_programs), never at its start.",
        '"""',
        "",
        "LATER: dict[tuple, bytes] = {",
    ]
    for key in sorted(later_tables):
        table = {(p[0], p[1]): tuple(p[2:]) for p in later_tables[key]}
        lines.append(f"    {key!r}: {zlib.compress(marshal.dumps(table, 4), 9)!r},")
    lines.append("}")
    LATER_TARGET.write_text("\n".join(lines) + "\n")
    print(
        f"{LATER_TARGET.relative_to(ROOT)}: {len(later)} patterns for {len(later_tables)} Pythons"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
