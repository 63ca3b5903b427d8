"""Bare URLs joined across lines: every join listed, two installs compared, time growth.

    python bench/joins.py list PATH...                 every join, with its two lines
    python bench/joins.py compare OLD NEW PATH...      joins only one of two installs makes
    python bench/joins.py growth [--check]             t(4n)/t(n) on the joins' worst cases

`list` prints, for each URL urlint joins across lines (flagged joined-by-guess), its path,
line, URL and first line (`alt`), then the raw lines it was read from: what a reviewer reads
to say whether the join is what the writer meant. `compare` runs two urlint executables
(`extract --format jsonl`) over the same paths and prints the joins each makes that the
other does not, and every other URL that differs. `growth` builds texts of size n, 2n and
4n that make the scanner read on at every line end (chains of lines that each end on a
hyphen, on "/" before a path, on a separator trimmed as punctuation, long lines at their
wrap column, quoted-printable lines of "=") and reports the median time of 3 runs of the
scanner and the ratio t(4n)/t(n): about 4 when linear (goal: under 6).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from urlint import extract


def _jsonl(urlint: list[str], paths: list[str]) -> list[dict]:
    done = subprocess.run(
        [*urlint, "extract", "--format", "jsonl", *paths], capture_output=True, check=False
    )
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def _key(record: dict) -> tuple:
    message = json.dumps(record.get("message"), sort_keys=True) if record.get("message") else ""
    return (record["path"], message, record["line"], record["column"])


def list_joins(paths: list[str]) -> int:
    """Print every join urlint makes in `paths`, with the raw lines it read."""
    count = 0
    for record in _jsonl([sys.executable, "-m", "urlint.commands.cli"], paths):
        if "joined-by-guess" not in record["flags"]:
            continue
        count += 1
        print(f"{record['path']}:{record['line']}: {record['url']}")
        print(f"    alt: {record['alt']}")
        raw = Path(record["path"])
        if record.get("message") is None and raw.is_file():
            lines = raw.read_text(errors="replace").split("\n")
            for number in range(record["line"], min(record["end_line"], len(lines)) + 1):
                print(f"    {number:>6} | {lines[number - 1]}")
    print(f"{count} joins", file=sys.stderr)
    return 0


def compare(old: str, new: str, paths: list[str]) -> int:
    """Print the URLs two urlint executables read differently in `paths`, joins first."""
    before = {_key(r): r for r in _jsonl([old], paths)}
    after = {_key(r): r for r in _jsonl([new], paths)}
    for key in sorted(set(before) | set(after)):
        was, now = before.get(key), after.get(key)
        shown = [(sign, r) for sign, r in (("-", was), ("+", now)) if r is not None]
        if (
            was
            and now
            and (was["url"], was["alt"], was["flags"])
            == (
                now["url"],
                now["alt"],
                now["flags"],
            )
        ):
            continue
        for sign, record in shown:
            print(
                f"{sign} {key[0]}:{key[2]}: {record['url']} | alt {record['alt']} {record['flags']}"
            )
    return 0


# Texts that make the scanner read on at every line end, by the kind of break.
GROWTH: dict[str, Callable[[int], str]] = {
    "hyphen chains": lambda n: ("   https://example.org/a-\n" + "   b-\n" * 5) * (n // 40),
    "slash then path": lambda n: (
        "   see https://example.org/dir/\n   file.html and more text here\n" * (n // 64)
    ),
    "trimmed dots": lambda n: "   at http://www.example.\n   org/x and on\n" * (n // 40),
    "wrap column": lambda n: (
        ("x" * 20 + " http://example.org/" + "p" * 50 + "\n" + "rest/of/it\n") * (n // 92)
    ),
    "long lines": lambda n: (
        ("w " * 480 + "http://example.org/a-\n" + "b" * 60 + "\n") * (n // 1043)
    ),
    "quoted-printable": lambda n: "a=3Db http://example.org/?q=\n1 more\n" * (n // 36),
}


def growth(check: bool) -> int:
    """Time the scanner on each GROWTH text at n, 2n and 4n; ratio t(4n)/t(n)."""
    results = {}
    for name, make in GROWTH.items():
        times = []
        for factor in (1, 2, 4):
            text = make(1_000_000 * factor)
            runs = []
            for _ in range(3):
                began = time.perf_counter()
                extract(text)
                runs.append(time.perf_counter() - began)
            times.append(statistics.median(runs))
        results[name] = {
            "seconds": [round(t, 3) for t in times],
            "ratio": round(times[2] / times[0], 2),
        }
    print(json.dumps(results, indent=2))
    return 1 if check and any(r["ratio"] >= 6 for r in results.values()) else 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list")
    listing.add_argument("paths", nargs="+")
    comparing = commands.add_parser("compare")
    comparing.add_argument("old")
    comparing.add_argument("new")
    comparing.add_argument("paths", nargs="+")
    growing = commands.add_parser("growth")
    growing.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.command == "list":
        return list_joins(args.paths)
    if args.command == "compare":
        return compare(args.old, args.new, args.paths)
    return growth(args.check)


if __name__ == "__main__":
    sys.exit(main())
