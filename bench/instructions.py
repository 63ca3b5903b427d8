"""Instructions, not seconds: where one process's work goes, counted by valgrind.

    python bench/instructions.py [--urlint PATH] [--megabytes 8] [--kinds text,mbox]
                                 [--formats text,jsonl] [--top 10]

Runs `urlint extract -j 1 --format F` under valgrind's callgrind on `--megabytes` of
bench/throughput.py's text and of bench/mail.py's mbox (pieces from along each, whole
lines, whole messages), and on an empty file: the difference is the work of reading that input, less
start-up. Reported per MB, per URL and (mbox) per message, with the functions it goes to,
as callgrind names them (C level: the regex engine's searches `sre_search`, `str.count`'s
`unicode_count`, the interpreter's `_PyEval_EvalFrameDefault`), each less what the empty
run spent in it.

Why instructions: a count is the same run after run whatever else the machine is doing,
so two versions of the hot path compare on a shared, noisy machine where seconds do not
(run it on each install: `--urlint /tmp/a/bin/urlint`, then `/tmp/b/bin/urlint`). It is no
measure of time: memchr-like loops run several instructions a cycle and the interpreter's
dispatch far fewer, so bench/throughput.py and bench/mail.py stay the measures of speed.
Needs valgrind (`apt-get install valgrind`); each kind takes a few seconds a MB.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import WORK, build_input, build_mail_input, urlint_command

# A line of callgrind_annotate's table: "80,751,895 (22.22%)  file:function [object]".
_ANNOTATED = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S.*?)(?:\s+\[[^\]]*\])?$")
_SUMMARY = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+PROGRAM TOTALS")
_RECURSION = re.compile(r"'\d+$")  # callgrind's mark of a function's recursion depth
_MESSAGE_START = re.compile(rb"(?:\A|\n\n)From ")


PIECES = 16


def sliced(path: Path, megabytes: int, kind: str) -> Path:
    """`megabytes` MB of `path` in PIECES pieces from along the whole of it (its corpora
    differ: RFCs hold few URLs a MB, mail many), each from a line start (text) or a
    message's (mbox) to the first after its share."""
    out = WORK / f"instructions-{kind}-{megabytes}mb"
    if out.exists():
        return out
    data = path.read_bytes()
    share = megabytes * 1_000_000 // PIECES
    mark = b"\n\nFrom " if kind == "mbox" else b"\n"
    pieces = []
    for number in range(PIECES):
        start = number * (len(data) - share) // PIECES
        start = 0 if start == 0 else data.find(mark, start) + 1
        end = data.find(mark, start + share) + 1 or len(data)
        pieces.append(data[start:end])
    out.write_bytes(b"".join(pieces))
    return out


def interpreted(command: list[str]) -> list[str]:
    """`command` with the interpreter of a script named first made explicit: valgrind runs
    an executable, and a console script is a Python file."""
    script = Path(command[0])
    if script.suffix == "" and script.is_file():
        first = script.read_bytes().split(b"\n", 1)[0]
        if first.startswith(b"#!") and b"python" in first:
            return [first[2:].decode().strip(), *command]
    return command


def counted(argv: list[str], stdout: Path) -> tuple[int, dict[str, int]]:
    """(total instructions, instructions by function) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        profile = Path(scratch) / "callgrind.out"
        with open(stdout, "wb") as out:
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", *argv],
                stdout=out,
                stderr=subprocess.DEVNULL,
                check=False,
            )
        table = subprocess.run(
            ["callgrind_annotate", "--threshold=100", str(profile)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    total = 0
    functions: dict[str, int] = {}
    for line in table.splitlines():
        summary = _SUMMARY.match(line)
        if summary:
            total = int(summary.group(1).replace(",", ""))
            continue
        found = _ANNOTATED.match(line)
        if found:
            name = _RECURSION.sub("", found.group(2).rsplit(":", 1)[-1])
            functions[name] = functions.get(name, 0) + int(found.group(1).replace(",", ""))
    return total, functions


def measure(command: list[str], path: Path, form: str, kind: str, top: int) -> dict:
    base = [*command, "extract", "-j", "1", "--format", form]
    empty = WORK / "instructions-empty.txt"
    empty.write_bytes(b"")
    out = WORK / f"instructions-{kind}-{form}.out"
    start_up, start_up_functions = counted([*base, str(empty)], out)
    total, functions = counted([*base, str(path)], out)
    work = total - start_up
    urls = sum(1 for _ in open(out, "rb"))
    size = path.stat().st_size
    spent = {name: count - start_up_functions.get(name, 0) for name, count in functions.items()}
    result = {
        "input_mb": round(size / 1e6, 1),
        "urls": urls,
        "instructions": work,
        "per_byte": round(work / size, 1),
        "per_url": round(work / max(urls, 1)),
        "start_up": start_up,
        "functions": {
            name: f"{100 * count / work:.1f}%"
            for name, count in sorted(spent.items(), key=lambda item: -item[1])[:top]
        },
    }
    if kind == "mbox":
        messages = len(_MESSAGE_START.findall(path.read_bytes()))
        result["messages"] = messages
        result["per_message"] = round(work / max(messages, 1))
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--urlint", help="the urlint executable (default: python -m urlint.commands.cli)"
    )
    parser.add_argument("--megabytes", type=int, default=8)
    parser.add_argument("--kinds", default="text,mbox")
    parser.add_argument("--formats", default="text,jsonl")
    parser.add_argument("--top", type=int, default=10, help="functions listed")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print("valgrind is not installed: apt-get install valgrind", file=sys.stderr)
        return 2
    command = interpreted(urlint_command(args.urlint))
    inputs = {
        "text": lambda: sliced(build_input(100), args.megabytes, "text"),
        "mbox": lambda: sliced(build_mail_input(100), args.megabytes, "mbox"),
    }
    result: dict[str, dict] = {}
    for kind in args.kinds.split(","):
        path = inputs[kind]()
        for form in args.formats.split(","):
            result[f"{kind} {form}"] = measure(command, path, form, kind, args.top)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
