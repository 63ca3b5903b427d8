"""The mail path of two installs side by side: CPU seconds in pairs, instructions by phase.

    python bench/mail_pairs.py OLD_URLINT NEW_URLINT [--megabytes 30] [--rounds 10]
                               [--formats text,jsonl] [--instructions] [--instructions-megabytes 8]

OLD_URLINT and NEW_URLINT are `urlint` executables (say /tmp/v0/bin/urlint, a regular install
of the commit before a change). Each runs `urlint extract -j 1 --format F` on bench/mail.py's
mbox, the two alternated and which goes first alternating too, and is measured in CPU
seconds (user and system, from rusage): the medians of each, and the median of each pair's
own ratio NEW/OLD with its range. A pair runs back to back under the same load, where single
timings on a shared machine move by a fifth from minute to minute.

With `--instructions`, each install's own interpreter (the `python` beside it) runs the mail
path in its process up to each phase, under valgrind's callgrind, on bench/instructions.py's
sample of the mbox: framing (mail.mbox.split_mbox, no message copied out), the prefilter
(mail.prefilter.may_hold_urls), reading the kept messages (every text decoded, no URL looked
for), finding their URLs (the scans, their relocation); each phase's count is its run's less
the run up to the phase before. Instructions are no measure of time (the regex engine's
loop to a literal runs more of them a byte than `bytes.find`, and is faster): the pairs are
the measure of speed, the counts say where the work is.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import WORK, build_mail_input
from instructions import sliced

PHASES = ("frame", "prefilter", "read", "find")

# The mail path up to a phase (argv[1]: none, or one of PHASES) on the mbox argv[2], run by
# an install's interpreter: what `urlint extract -j 1` runs, as bench/profile.py cuts it.
_PHASE_RUN = """
import io, sys
from contextlib import redirect_stderr
from urlint import pipeline
from urlint.core.inputs import InputFile
from urlint.mail import reported
from urlint.mail.mbox import read_none, split_mbox
from urlint.mail.prefilter import may_hold_urls
import urlint.scanner.scanner

phase, path = sys.argv[1], sys.argv[2]
if phase in ("frame", "prefilter"):
    with open(path, "rb") as stream:
        for _ in split_mbox(stream, read_none if phase == "frame" else may_hold_urls):
            pass
elif phase in ("read", "find"):
    if phase == "read":
        def decoded_only(reader, path, near=True):
            reader.texts
            return iter(())
        reported.message_texts = decoded_only
    try:
        reading = pipeline.Reading(near=False)
    except TypeError:
        reading = pipeline.Reading()
    with redirect_stderr(io.StringIO()):
        items = pipeline.scan_file_texts(InputFile(path, True), pipeline.Crossposts(), reading)
        for item in items:
            for _ in getattr(item, "candidates", ()):
                pass
"""
_SUMMARY = re.compile(rb"^summary: (\d+)$", re.M)


def cpu_seconds(argv: list[str]) -> float:
    """The CPU seconds (user and system) of one run of `argv`, its output dropped."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: problems noted, the output is whole
        raise SystemExit(f"{argv[0]} failed ({done.returncode})")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def pairs(old: str, new: str, path: Path, form: str, rounds: int) -> dict:
    """The two installs' CPU seconds on `path` in `rounds` pairs, alternated."""
    times: dict[str, list[float]] = {"old": [], "new": []}
    for number in range(rounds):
        order = (("old", old), ("new", new))
        for name, urlint in order if number % 2 == 0 else order[::-1]:
            argv = [urlint, "extract", "-j", "1", "--format", form, str(path)]
            times[name].append(cpu_seconds(argv))
    ratios = [n / o for n, o in zip(times["new"], times["old"], strict=True)]
    return {
        "old_seconds": round(statistics.median(times["old"]), 3),
        "new_seconds": round(statistics.median(times["new"]), 3),
        "pair_ratio": round(statistics.median(ratios), 3),
        "pair_ratio_range": [round(min(ratios), 3), round(max(ratios), 3)],
    }


def instructions(urlint: str, path: Path) -> dict[str, int]:
    """Instructions by phase of the mail path in `urlint`'s interpreter, on `path`."""
    python = str(Path(urlint).with_name("python"))
    counts = {}
    with tempfile.TemporaryDirectory() as scratch:
        script = Path(scratch) / "phases.py"
        script.write_text(_PHASE_RUN)
        for phase in ("none", *PHASES):
            profile = Path(scratch) / f"callgrind.{phase}"
            subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={profile}",
                    python,
                    str(script),
                    phase,
                    str(path),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=True,
                env={"PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"},
            )
            found = _SUMMARY.search(profile.read_bytes())
            if found is None:
                raise SystemExit(f"no instruction count for {phase}")
            counts[phase] = int(found.group(1))
    before = ("none", *PHASES[:-1])
    return {phase: counts[phase] - counts[last] for last, phase in zip(before, PHASES, strict=True)}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--megabytes", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--formats", default="text,jsonl")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--instructions-megabytes", type=int, default=8)
    args = parser.parse_args()
    path = build_mail_input(args.megabytes)
    report: dict = {"input_mb": round(path.stat().st_size / 1e6, 1)}
    for form in args.formats.split(","):
        report[form] = pairs(args.old, args.new, path, form, args.rounds)
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed: apt-get install valgrind", file=sys.stderr)
            return 1
        sample = sliced(build_mail_input(100), args.instructions_megabytes, "mbox")
        report["instructions"] = {
            "input_mb": round(sample.stat().st_size / 1e6, 1),
            "old": instructions(args.old, sample),
            "new": instructions(args.new, sample),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    WORK.mkdir(parents=True, exist_ok=True)
    sys.exit(main())
