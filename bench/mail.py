"""Mail: `urlint extract` on ~100 MB of real list mail in one mbox, against `rg -o` on the
same raw bytes, and peak memory on a 1 GB mbox.

    python bench/mail.py [--megabytes 100] [--runs 5] [--check 0.15] [--memory]

urlint splits the mbox, decodes every message (quoted-printable, base64, charsets,
format=flowed, HTML) and scans the decoded text; ripgrep matches the raw bytes and decodes
nothing. Runs the two alternately, takes the median of each, and reports MB/s and the
ratio urlint/ripgrep measured in this one run. `--memory` adds the 1 GB run (goal: peak
RSS under 300 MB, flat in archive size).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys

from common import RG_PATTERN, WORK, build_mail_input, median, peak_rss_kb, timed_run, urlint_command

MEMORY_LIMIT_MB = 300


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--check", type=float, default=None, help="exit 1 when the ratio is below this")
    parser.add_argument("--memory", action="store_true", help="also measure peak RSS on a 1 GB mbox")
    args = parser.parse_args()
    rg = shutil.which("rg")
    if rg is None:
        print("ripgrep (rg) is not installed: apt-get install ripgrep", file=sys.stderr)
        return 2
    path = build_mail_input(args.megabytes)
    size_mb = path.stat().st_size / 1e6
    commands = {
        "ripgrep": [rg, "-o", "-a", "--no-filename", "--no-line-number", RG_PATTERN, str(path)],
        "urlint": [*urlint_command(), "extract", str(path)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    counts = {}
    for _ in range(args.runs):
        for name, argv in commands.items():
            out = WORK / f"mail-{name}.out"
            seconds, _ = timed_run(argv, str(out))
            times[name].append(seconds)
            counts[name] = sum(1 for _ in open(out, "rb"))
    result: dict = {
        "input_mb": round(size_mb, 1),
        "runs": args.runs,
        "seconds": {name: round(median(t), 3) for name, t in times.items()},
        "mb_per_s": {name: round(size_mb / median(t), 1) for name, t in times.items()},
        "urls": counts,
    }
    result["ratio"] = round(median(times["ripgrep"]) / median(times["urlint"]), 3)
    failed = args.check is not None and result["ratio"] < args.check
    if args.memory:
        big = build_mail_input(1000)
        seconds, peak_kb = peak_rss_kb([*urlint_command(), "extract", str(big)], str(WORK / "mail-memory.out"))
        result["1000mb"] = {"seconds": round(seconds, 2), "peak_rss_mb": round(peak_kb / 1024, 1)}
        failed |= args.check is not None and peak_kb / 1024 >= MEMORY_LIMIT_MB
    print(json.dumps(result, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
