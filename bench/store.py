"""The results store at archive scale: `urlint scan --store` on about 1 GB of mail
(200 gzipped monthly mboxes, 1,000 MB uncompressed, and a Maildir of 20,000 messages).

Measured, each the median of `--runs` runs, in one run of this script:
- the first scan into an empty store, against `urlint extract --format jsonl` to a file on
  the same archive, alternated (goal: the store costs at most 20% more), in wall time and
  in the CPU time of all their processes;
- a second scan with nothing changed (goal: at most 5% of the first);
- after adding a month and 100 Maildir messages: the re-scan, against a scan of only what
  was added into an empty store, and the store after it, equal to a fresh full scan's
  (store.snapshot);
- proportional to what was added: a re-scan is a second scan's check of what is unchanged
  and the reading of what was added; that reading (the re-scan less the second scan), after
  adding once and twice as much (two months, 200 messages), against a scan of the added
  files alone (about as long: the re-scan reads what was added, and nothing more).

The archive is a copy of the benchmark inputs made of hard links (nothing is ever written
into its files: months and messages are added as new files and removed after).

    python bench/store.py --urlint /tmp/v/bin/urlint [--runs 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402 - after the path is set
    WORK,
    build_maildir,
    build_mbox_folder,
    median,
    urlint_command,
)

ADDED_MESSAGES = 100


def archive() -> Path:
    """WORK/store-archive: months/ (hard links to the 200 gzipped mboxes) and Maildir/
    (hard links to the 20,000 messages), made once."""
    root = WORK / "store-archive"
    if (root / "Maildir").is_dir():
        return root
    months = build_mbox_folder(1000, 200)
    maildir = build_maildir(20_000)
    building = root.with_name(root.name + ".partial")
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    subprocess.run(["cp", "-al", str(months), str(building / "months")], check=True)
    subprocess.run(["cp", "-al", str(maildir), str(building / "Maildir")], check=True)
    building.rename(root)
    return root


def timed(argv: list[str], stdout: Path | None = None, cpu: list[float] | None = None) -> float:
    """The command's wall time; with `cpu`, the CPU time (user and system) of the command
    and every process it started (its workers: each waited for) is appended to it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdout or os.devnull, "wb") as out:
        subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    if cpu is not None:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall


def fresh(store: Path, like: Path | None = None) -> Path:
    """`store` made empty; with `like`'s key (store.sealing), so that their hashes compare."""
    for suffix in ("", "-wal", "-shm", "-key"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    if like is not None:
        shutil.copyfile(f"{like}-key", f"{store}-key")
    return store


def add_new(root: Path, times: int = 1) -> list[Path]:
    """`times` new months (the first months' mail again, under new names) and `times` x 100
    new Maildir messages (the first ones again, new names): the files added."""
    added = []
    for number in range(times):
        month = root / "months" / f"{200 + number}.mbox.gz"
        shutil.copyfile(root / "months" / f"{number:03d}.mbox.gz", month)
        added.append(month)
    messages = sorted((root / "Maildir" / "cur").iterdir())[: ADDED_MESSAGES * times]
    for number, source in enumerate(messages):
        target = root / "Maildir" / "new" / f"2000000000.M{number}P1.added"
        shutil.copyfile(source, target)
        added.append(target)
    return added


def store_digest(python: str, store: Path) -> str:
    """A digest of the store's contents (store.snapshot), made by the installed urlint."""
    code = (
        "import hashlib, sqlite3, sys\n"
        "from urlint.store.snapshot import contents\n"
        "print(hashlib.sha256(repr(contents(sqlite3.connect(sys.argv[1]))).encode()).hexdigest())"
    )
    return subprocess.run(
        [python, "-c", code, str(store)], capture_output=True, text=True, check=True
    ).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urlint", help="urlint from a regular install (default: this Python's)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    urlint = urlint_command(args.urlint)
    python = str(Path(args.urlint).with_name("python")) if args.urlint else sys.executable
    root = archive()
    work = WORK / "store-bench"
    work.mkdir(exist_ok=True)
    store = work / "urls.sqlite"
    jobs = ["-j", str(args.jobs), "-q"]
    scan = [*urlint, "scan", *jobs, "--store", str(store), str(root)]

    firsts, extracts, seconds = [], [], []
    firsts_cpu: list[float] = []
    extracts_cpu: list[float] = []
    for _ in range(args.runs):
        extracts.append(
            timed(
                [*urlint, "extract", *jobs, "--format", "jsonl", str(root)],
                work / "x.jsonl",
                extracts_cpu,
            )
        )
        fresh(store)
        firsts.append(timed(scan, cpu=firsts_cpu))
        seconds.append(timed(scan))
    rescans, rescans_twice, added_only, added_only_twice, equal = [], [], [], [], []
    for _ in range(args.runs):
        added = add_new(root)
        try:
            rescans.append(timed(scan))
            only = fresh(work / "added.sqlite")
            added_only.append(
                timed([*urlint, "scan", *jobs, "--store", str(only), *map(str, added)])
            )
            whole = fresh(work / "whole.sqlite", like=store)
            timed([*urlint, "scan", *jobs, "--store", str(whole), str(root)])
            equal.append(store_digest(python, store) == store_digest(python, whole))
        finally:
            for path in added:
                path.unlink()
        timed(scan)  # back to the archive as it was
        added = add_new(root, times=2)
        try:
            rescans_twice.append(timed(scan))
            only = fresh(work / "added.sqlite")
            added_only_twice.append(
                timed([*urlint, "scan", *jobs, "--store", str(only), *map(str, added)])
            )
        finally:
            for path in added:
                path.unlink()
        timed(scan)
    first, extract, second = median(firsts), median(extracts), median(seconds)
    # A re-scan is the check of what is unchanged (a second scan's work) and the reading
    # of what was added: that reading, for once and twice as much added.
    reading_added = median(rescans) - second
    reading_twice = median(rescans_twice) - second
    result = {
        "load_average": os.getloadavg(),
        "jobs": args.jobs,
        "first_scan_s": round(first, 2),
        "extract_jsonl_s": round(extract, 2),
        "store_over_extract": round(first / extract - 1, 3),
        # the median of each run's own ratio: a pair runs side by side, so a change of the
        # machine's load between runs moves both of its times
        "store_over_extract_paired": round(
            median([one / other for one, other in zip(firsts, extracts, strict=True)]) - 1, 3
        ),
        # each run's pair, side by side: this machine's noise is a few percent either way
        "runs_first_scan_s": [round(value, 2) for value in firsts],
        "runs_extract_jsonl_s": [round(value, 2) for value in extracts],
        # The CPU time of all their processes (both run on every core given): what the
        # work costs, where the wall time also holds how well it kept the cores busy.
        "first_scan_cpu_s": round(median(firsts_cpu), 2),
        "extract_jsonl_cpu_s": round(median(extracts_cpu), 2),
        "store_over_extract_cpu": round(median(firsts_cpu) / median(extracts_cpu) - 1, 3),
        "second_scan_s": round(second, 2),
        "second_over_first": round(second / first, 4),
        "rescan_after_adding_s": round(median(rescans), 2),
        "scan_of_the_added_alone_s": round(median(added_only), 2),
        "rescan_over_added_alone": round(median(rescans) / median(added_only), 2),
        "rescan_less_second_scan_s": round(reading_added, 2),
        "rescan_twice_as_much_added_s": round(median(rescans_twice), 2),
        "rescan_twice_as_much_less_second_scan_s": round(reading_twice, 2),
        "scan_of_twice_as_much_added_alone_s": round(median(added_only_twice), 2),
        "store_equals_a_fresh_scan": all(equal),
        "store_mb": round(store.stat().st_size / 1e6, 1),
    }
    print(json.dumps(result, indent=2))
    goals = (
        result["store_over_extract"] <= 0.20
        and result["second_over_first"] <= 0.05
        and result["store_equals_a_fresh_scan"]
    )
    return 0 if goals else 1


if __name__ == "__main__":
    raise SystemExit(main())
