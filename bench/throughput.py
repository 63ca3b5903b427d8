"""Throughput of `urlint extract` against `rg -o` on the same ~100 MB of real text.

    python bench/throughput.py [--urlint PATH] [--pure] [--also NAME=PATH] [--jobs 1]
                               [--formats text,jsonl] [--megabytes 100] [--runs 5]
                               [--check 0.35] [--check-jsonl 0.3]

Runs ripgrep and urlint (one process by default, as ripgrep reads one file on one thread;
`--format text` and `--format jsonl`) alternately, takes the median of each, and reports
MB/s and the ratio urlint/ripgrep for each format, measured in this one run on this
machine. Goals: 0.35 in text, 0.30 in jsonl, from a regular install
(`--urlint /tmp/v/bin/urlint`). `--pure` runs the same install on its pure path too
(URLINT_PURE=1: the scanner's fast path off), `--also NAME=PATH` another install (the
mypyc build, an earlier commit), all in the same rounds (bench/common.py,
compare_with_ripgrep): pure, compiled and ripgrep side by side in one run.
"""

from __future__ import annotations

import argparse
import json
import sys

from common import add_ripgrep_options, build_input, compare_with_ripgrep, missed_goals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=100)
    add_ripgrep_options(parser)
    args = parser.parse_args()
    result = compare_with_ripgrep(build_input(args.megabytes), "text", args)
    print(json.dumps(result, indent=2))
    return 1 if missed_goals(result, args) else 0


if __name__ == "__main__":
    sys.exit(main())
