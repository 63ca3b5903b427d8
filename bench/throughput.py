"""Throughput of `urlint extract` against `rg -o` on the same ~100 MB of real text.

    python bench/throughput.py [--megabytes 100] [--runs 5] [--check 0.2]

Runs the two alternately, takes the median of each, and reports MB/s and the ratio
urlint/ripgrep, measured in this one run on this machine.
"""

from __future__ import annotations

import argparse
import json
import sys

from common import build_input, compare_with_ripgrep


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--check", type=float, default=None, help="exit 1 when the ratio is below this"
    )
    args = parser.parse_args()
    result = compare_with_ripgrep(build_input(args.megabytes), args.runs, "text")
    print(json.dumps(result, indent=2))
    if args.check is not None and result["ratio"] < args.check:
        print(f"ratio {result['ratio']} is below {args.check}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
