"""Memory and time growth of `urlint extract` from 100 MB to 1 GB of real text.

    python bench/memory.py [--check]

Reports peak RSS and seconds at 100 MB and 1,000 MB, and the time ratio (linear: ~10).
Goal: the 1 GB run peaks under 300 MB.
"""

from __future__ import annotations

import argparse
import json
import sys

from common import WORK, build_input, peak_rss_kb, urlint_command

LIMIT_MB = 300


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args()
    result = {}
    for megabytes in (100, 1000):
        path = build_input(megabytes)
        seconds, peak_kb = peak_rss_kb(
            [*urlint_command(), "extract", str(path)], str(WORK / "memory.out")
        )
        result[f"{megabytes}mb"] = {
            "seconds": round(seconds, 2),
            "peak_rss_mb": round(peak_kb / 1024, 1),
        }
    result["time_ratio_1000_to_100"] = round(
        result["1000mb"]["seconds"] / result["100mb"]["seconds"], 2
    )
    print(json.dumps(result, indent=2))
    ok = result["1000mb"]["peak_rss_mb"] < LIMIT_MB and result["time_ratio_1000_to_100"] < 12
    if args.check and not ok:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
