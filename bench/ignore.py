"""Walks under hostile ignore files: each must cost about what a walk with none costs.

    python bench/ignore.py [--urlint PATH] [--runs 3] [--check 2] [NAME ...]

A git repository of 300 small files (50 at its root, 50 in each of five directories, one
two levels down) is walked by `urlint extract -c .` with a `.gitignore` of each shape
below at its root, and once with none: the median of `--runs` runs of each, and its ratio
to the run with none, measured in the same run (runs alternated, so a busy machine weighs
on all alike). The shapes are the reliability review's (section 7): one long pattern
(16K, 64K, 128K and 1M characters, as its reproducer writes it, and of other kinds),
backtracking shapes, NUL and invalid UTF-8, and 20,000 short patterns. The .gitignore is
read as an input too, as in the reproducer (a megabyte of text to scan for URLs).

`--check N` exits 1 when a ratio is past N, but for the 20,000 patterns with wildcards:
each entry is tried against each of them, as git does, so they cost patterns x entries
and are reported only. A timed-out run (`--timeout`, 300 s) counts as that many seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import urlint_command  # noqa: E402

K = 1024
SHAPES: dict[str, Callable[[], bytes]] = {
    # the reproducer's: n `a` and a star, matching no file
    **{
        f"long pattern {n // K}K": (lambda n=n: b"a" * n + b"*\n")
        for n in (16 * K, 64 * K, 128 * K)
    },
    "long pattern 1M": lambda: b"a" * (1024 * K) + b"*\n",
    "long pattern that matches": lambda: b"f" + b"*" * (1024 * K) + b"\n",  # every f*: `*` runs
    "long anchored pattern": lambda: b"d1/" * (340 * K) + b"*\n",
    "long class": lambda: b"[" + b"xyz" * (340 * K) + b"]*.txt\n",
    "long escapes": lambda: b"\\a" * (512 * K) + b"\n",
    "stars *a*a*...b": lambda: b"*a" * (512 * K) + b"b\n",
    "**/ chain": lambda: b"**/a/" * (200 * K) + b"b\n",
    "[a-z]* chain": lambda: b"[a-z]*" * (170 * K) + b"q\n",
    "NUL and invalid UTF-8": lambda: b"f1\0.txt\n\xff\xfe*\n*.t\x80xt\n" * 1000,
    # plain names and paths (a list of files), then the same with wildcards
    "20,000 patterns": lambda: b"".join(b"x%d.log\n" % i for i in range(20_000)),
    "20,000 patterns, negated": lambda: b"".join(
        b"%sd%d/f%d.txt\n" % (b"!" if i % 2 else b"", i % 7, i) for i in range(20_000)
    ),
    "20,000 wildcard patterns": lambda: b"".join(b"*x%d.l?g\n" % i for i in range(20_000)),
    "20,000 wildcard patterns, negated": lambda: b"".join(
        b"%sd%d/*%d.txt\n" % (b"!" if i % 2 else b"", i % 7, i % 50) for i in range(20_000)
    ),
}


def build_tree(root: Path) -> None:
    """A git repository (a .git directory is all a walk looks for) of 300 small files."""
    (root / ".git").mkdir()
    folders = [root, *(root / f"d{i}" for i in range(1, 5)), root / "d5" / "deeper"]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(50):
            (folder / f"f{i}.txt").write_text(f"see http://x{i}.example/\n")


def timed(command: list[str], root: Path, timeout: float) -> float:
    """Seconds of one walk (the timeout's when it runs past it)."""
    start = time.perf_counter()
    # its own process group: on a timeout, its workers end with it
    process = subprocess.Popen(
        command,
        cwd=root,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return timeout
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--urlint", help="the urlint executable (default: this interpreter's)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--check", type=float, help="exit 1 if a ratio is past this")
    parser.add_argument("names", nargs="*", help="shapes to run (default: all)")
    args = parser.parse_args()
    names = args.names or list(SHAPES)
    urlint = args.urlint and os.path.abspath(shutil.which(args.urlint) or args.urlint)
    command = [*urlint_command(urlint), "extract", "-c", "."]  # run in the tree: absolute
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        build_tree(root)
        contents = {"no .gitignore": None, **{name: SHAPES[name]() for name in names}}
        seconds: dict[str, list[float]] = {name: [] for name in contents}
        for _ in range(args.runs):
            for name, content in contents.items():
                gitignore = root / ".gitignore"
                if content is None:
                    gitignore.unlink(missing_ok=True)
                else:
                    gitignore.write_bytes(content)
                seconds[name].append(timed(command, root, args.timeout))
    base = statistics.median(seconds["no .gitignore"])
    result = {
        name: {
            "bytes": len(contents[name] or b""),
            "median_s": round(statistics.median(times), 3),
            "ratio": round(statistics.median(times) / base, 2),
        }
        for name, times in seconds.items()
    }
    print(json.dumps(result, indent=2))
    held = [r["ratio"] for name, r in result.items() if "wildcard" not in name]
    return 1 if args.check is not None and max(held) > args.check else 0


if __name__ == "__main__":
    sys.exit(main())
