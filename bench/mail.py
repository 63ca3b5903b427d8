"""Mail: `urlint extract` on ~100 MB of real list mail in one mbox, against `rg -o` on the
same raw bytes, and peak memory on a 1 GB mbox.

    python bench/mail.py [--urlint PATH] [--pure] [--also NAME=PATH] [--jobs 1]
                         [--formats text,jsonl] [--megabytes 100] [--runs 5]
                         [--check 0.2] [--check-jsonl 0.18] [--memory]

urlint splits the mbox, decodes every message (quoted-printable, base64, charsets,
format=flowed, HTML) and scans the decoded text; ripgrep matches the raw bytes and decodes
nothing. Runs the two alternately (urlint in one process by default, in text and in
jsonl), takes the median of each, and reports MB/s and the ratio urlint/ripgrep for each
format, measured in this one run. Goals: 0.20 in text, 0.18 in jsonl.
`--memory` adds the 1 GB run with the default -j (goal: under 300 MB resident in all its
processes together, flat in archive size; `bench/memory.py` measures it for -j 1 and -j 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from common import (
    WORK,
    add_ripgrep_options,
    build_mail_input,
    compare_with_ripgrep,
    missed_goals,
    tree_memory,
    urlint_command,
)

MEMORY_LIMIT_MB = 300


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=100)
    add_ripgrep_options(parser)
    parser.add_argument(
        "--memory", action="store_true", help="also measure peak RSS on a 1 GB mbox"
    )
    args = parser.parse_args()
    result = compare_with_ripgrep(build_mail_input(args.megabytes), "mail", args)
    failed = missed_goals(result, args)
    if args.memory:
        big = build_mail_input(1000)
        measured = tree_memory(
            [*urlint_command(args.urlint), "extract", str(big)], str(WORK / "mail-memory.out")
        )
        peak_mb = measured.peak_rss_kb / 1024  # every process of the run, added
        result["1000mb"] = {"seconds": round(measured.seconds, 2), "peak_rss_mb": round(peak_mb, 1)}
        failed |= args.check is not None and peak_mb >= MEMORY_LIMIT_MB
    print(json.dumps(result, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
