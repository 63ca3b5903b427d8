"""Throughput of `urlint extract` against `rg -o` on the same ~100 MB of real text.

    python bench/throughput.py [--megabytes 100] [--runs 5] [--check 0.2]

Runs the two alternately, takes the median of each, and reports MB/s and the ratio
urlint/ripgrep, measured in this one run on this machine.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys

from common import RG_PATTERN, WORK, build_input, median, timed_run, urlint_command


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--check", type=float, default=None, help="exit 1 when the ratio is below this")
    args = parser.parse_args()
    rg = shutil.which("rg")
    if rg is None:
        print("ripgrep (rg) is not installed: apt-get install ripgrep", file=sys.stderr)
        return 2
    path = build_input(args.megabytes)
    size_mb = path.stat().st_size / 1e6
    commands = {
        "ripgrep": [rg, "-o", "-a", "--no-filename", "--no-line-number", RG_PATTERN, str(path)],
        "urlint": [*urlint_command(), "extract", str(path)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    counts = {}
    for _ in range(args.runs):
        for name, argv in commands.items():
            out = WORK / f"{name}.out"
            seconds, _ = timed_run(argv, str(out))
            times[name].append(seconds)
            counts[name] = sum(1 for _ in open(out, "rb"))
    result = {
        "input_mb": round(size_mb, 1),
        "runs": args.runs,
        "seconds": {name: round(median(t), 3) for name, t in times.items()},
        "mb_per_s": {name: round(size_mb / median(t), 1) for name, t in times.items()},
        "urls": counts,
    }
    result["ratio"] = round(median(times["ripgrep"]) / median(times["urlint"]), 3)
    print(json.dumps(result, indent=2))
    if args.check is not None and result["ratio"] < args.check:
        print(f"ratio {result['ratio']} is below {args.check}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
