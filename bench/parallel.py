"""Every core: the runner's units on one process and on N, on the same inputs, in one run.

    python bench/parallel.py TEXT_FILE MBOX_FILE MAILDIR [--jobs 2] [--runs 3]

For each input, the median wall time of `run_units(plan(...), jobs=1)` and of `jobs=N`
(extract's jsonl lines, as a worker formats them), their ratio (the speed-up), and whether
the two outputs are equal line for line (they must be). Issue 14's goal with two cores:
1.6x on a ~100 MB text, 1.8x on a ~100 MB mbox and on a Maildir of 20,000 files. Say the
load average beside the figures: a busy machine has no free core to give.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from urlint.reporters.extract import UrlFormat
from urlint.runner import FoundLine, plan, run_units


def lines(path: str, jobs: int) -> list[str]:
    return [
        event.line if isinstance(event, FoundLine) else repr(event)
        for event in run_units(plan([path]), UrlFormat(jsonl=True), jobs)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    report = {"load_average": os.getloadavg(), "jobs": args.jobs, "inputs": {}}
    for path in args.inputs:
        times: dict[int, list[float]] = {1: [], args.jobs: []}
        outputs = {}
        for _ in range(args.runs):
            for jobs in (1, args.jobs):  # alternately, so load changes hit both alike
                start = time.perf_counter()
                outputs[jobs] = lines(path, jobs)
                times[jobs].append(time.perf_counter() - start)
        serial, parallel = statistics.median(times[1]), statistics.median(times[args.jobs])
        report["inputs"][path] = {
            "serial_s": round(serial, 3),
            "parallel_s": round(parallel, 3),
            "speedup": round(serial / parallel, 2),
            "same_output": outputs[1] == outputs[args.jobs],
            "lines": len(outputs[1]),
        }
    print(json.dumps(report, indent=2))
    return 0 if all(r["same_output"] for r in report["inputs"].values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
