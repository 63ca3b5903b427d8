"""Memory of every process, and time growth, of `urlint extract` from 100 MB to 1 GB.

    python bench/memory.py [--urlint PATH] [--jobs 1,2] [--kinds text,mbox,tar] [--runs 1]
                           [--sizes 100,1000] [--interval 0.025] [--check]

Runs `urlint extract -j N FILE` on ~100 MB and ~1 GB of real text (the corpus repeated) and
of real list mail in one mbox (read message run by message run: another code path), and
with `--kinds tar` of a tar.gz of gzipped mboxes of 5 MB each (its members carried to the
workers in their bytes: a third), for each N, and samples every `--interval` seconds the
resident memory of the CLI process and of every process under it (the workers of its
process pool), from /proc. It reports, the median of `--runs` each:

- `peak_mb`: the largest sum of VmRSS over the whole process tree in one sample, what the
  goal is about; pages a worker shares with the parent it was forked from count in both;
- `peak_pss_mb`: the same with Pss (shared pages split), sampled less often;
- `sum_of_peaks_mb`: every process's own peak added, a bound above `peak_mb` that no
  sampling misses; `peak_single_mb`: the largest one process (its own VmHWM);
- `seconds`, the time ratio 1 GB / 100 MB (linear: ~10) and the speed-up of -j N at 1 GB.

Goal: a 1 GB input with `-j 2` peaks under 300 MB in all processes together
(`-j 1` is measured beside it). `--check` exits 1 when a 1 GB `-j 2` peak is 300 MB or more, or
the time ratio is 12 or more. Measure from a regular install (`--urlint /tmp/v/bin/urlint`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from common import (
    WORK,
    build_input,
    build_mail_input,
    build_mbox_tar,
    median,
    tree_memory,
    urlint_command,
)

LIMIT_MB = 300
BUILDERS = {
    "text": build_input,
    "mbox": build_mail_input,
    # gzipped mboxes of 5 MB in a tar.gz: members carried to the workers in their bytes
    "tar": lambda megabytes: build_mbox_tar(megabytes, max(1, megabytes // 5)),
}


def numbers(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part]


def mb(kilobytes: list[int]) -> float:
    return round(median(kilobytes) / 1024, 1)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--urlint", help="the urlint executable (default: python -m urlint.commands.cli)"
    )
    parser.add_argument("--jobs", type=numbers, default=[1, 2], help="-j values (1,2)")
    parser.add_argument("--kinds", default="text,mbox", help="inputs: text, mbox, tar")
    parser.add_argument("--sizes", type=numbers, default=[100, 1000], help="MB (100,1000)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each case (median)")
    parser.add_argument("--interval", type=float, default=0.025, help="seconds between samples")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    args = parser.parse_args()
    command = urlint_command(args.urlint)
    kinds = [kind for kind in args.kinds.split(",") if kind]
    report: dict = {"command": command, "load_average": os.getloadavg(), "runs": args.runs}
    failed = []
    for kind in kinds:
        cases = report[kind] = {}
        for megabytes in args.sizes:
            path = BUILDERS[kind](megabytes)
            for jobs in args.jobs:
                measured = [
                    tree_memory(
                        [*command, "extract", "-j", str(jobs), str(path)],
                        str(WORK / "memory.out"),
                        args.interval,
                    )
                    for _ in range(args.runs)
                ]
                if any(m.returncode not in (0, 1) for m in measured):
                    raise SystemExit(f"urlint failed on {path}: exit {measured[0].returncode}")
                cases[f"{megabytes}mb -j {jobs}"] = case = {
                    "input_mb": round(path.stat().st_size / 1e6, 1),
                    "seconds": round(median([m.seconds for m in measured]), 2),
                    "mb_per_s": round(
                        path.stat().st_size / 1e6 / median([m.seconds for m in measured]), 1
                    ),
                    "peak_mb": mb([m.peak_rss_kb for m in measured]),
                    "peak_pss_mb": mb([m.peak_pss_kb for m in measured]),
                    "sum_of_peaks_mb": mb([m.sum_of_peaks_kb for m in measured]),
                    "peak_single_mb": mb([m.peak_single_kb for m in measured]),
                    "processes": max(m.processes for m in measured),
                    "samples": min(m.samples for m in measured),
                }
                if megabytes >= 1000 and jobs == 2 and case["peak_mb"] >= LIMIT_MB:
                    failed.append(f"{kind} {megabytes}mb -j 2 peaks at {case['peak_mb']} MB")
        small, big = min(args.sizes), max(args.sizes)
        for jobs in args.jobs:
            if small != big:
                ratio = (
                    cases[f"{big}mb -j {jobs}"]["seconds"]
                    / cases[f"{small}mb -j {jobs}"]["seconds"]
                )
                cases[f"time_ratio_{big}_to_{small} -j {jobs}"] = round(ratio, 2)
                if ratio >= 1.2 * big / small:  # linear: big / small
                    failed.append(f"{kind} -j {jobs}: time ratio {ratio:.2f}")
            if jobs != 1 and 1 in args.jobs:
                cases[f"speedup_{big}mb -j {jobs}"] = round(
                    cases[f"{big}mb -j 1"]["seconds"] / cases[f"{big}mb -j {jobs}"]["seconds"], 2
                )
    report["failed"] = failed
    print(json.dumps(report, indent=2))
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
