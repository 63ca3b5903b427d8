"""Every core, through the CLI: `urlint extract` and `urlint check` with -j 1 and -j N on
the same inputs in one run; the outputs must be byte-identical, and the speed-up is measured.

    python bench/parallel.py [--urlint PATH] [--jobs 2] [--runs 3] [--commands extract,check]
                             [--inputs text,mbox,maildir,folder,tar] [--check] [INPUT ...]
    python bench/parallel.py --runner [--jobs 2] [--runs 3] INPUT ...

The inputs, built once under WORK from ../shared/corpora:
`text` a ~100 MB text file, `mbox` a ~100 MB mbox, `maildir` a Maildir of 20,000 files,
`folder` a folder of 20 gzipped mboxes (~100 MB uncompressed) and `tar` a tar.gz of that
folder; `--text PATH` (and `--mbox`, `--maildir`, `--folder`, `--tar`) names another file
for one, `--megabytes` and `--files` size them. INPUT paths given on the command line are
run instead, with no speed goal.

For each input and command (`extract --isolated --format jsonl` and `check --isolated
--format jsonl --select ALL`, `--no-progress` both) the installed `urlint` (`--urlint`, say
/tmp/v/bin/urlint from `python3 -m venv /tmp/v && /tmp/v/bin/pip install .`; by default
this interpreter's `python -m urlint.commands.cli`) runs with -j 1 and -j N alternately, `--runs`
times each, its standard output written to a file. Reported: whether standard output (byte
for byte, in every run), the exit status and standard error are the same on 1 and N
processes (the first differing line when not), the median wall and CPU seconds of each and
the speed-up (wall -j 1 / wall -j N, of the medians), and `pair_speedup`, the median of
each pair's own ratio (a -j 1 run and the -j N run right after it share the machine's load
of the moment: on a shared host, whose load moves from second to second, it is the steadier
figure, as bench/store.py reports it). Exit 1 when an output differs; with `--check`, also
when `extract`'s `pair_speedup` misses the goal with two cores and a free one: 1.6x
on the text, 1.8x on the mbox and on the Maildir. Say the load average beside the figures
(it is printed): a busy machine has no free core to give. `ceiling` (before and after) is
the machine's own speed-up for work that shares nothing (pure Python arithmetic in one
process, then in N): a shared host's cores are not always whole, and no program gains more
than that. For the text, the mbox and the Maildir, `apart_s` is the same command run on N
pieces of the input at once, N processes that share nothing (the file cut by hand at line
ends, or at message starts; the Maildir's messages shared out among N Maildirs, hard
links in name order), and `bound` the speed-up that gives: what the machine allows
urlint's own work, with no planner, no hand-offs and no writer; -j N is read against it.

`--runner` times the runner in this process instead (`run_units(plan([INPUT]), Engine(jobs=...))`,
extract's jsonl lines as a worker formats them; needs urlint importable here): the speed of
the units without the CLI's start-up and writer.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from common import (
    WORK,
    build_input,
    build_mail_input,
    build_maildir,
    build_mbox_folder,
    build_mbox_tar,
    urlint_command,
)

COMMANDS = {
    "extract": ("extract", "--isolated", "--no-progress", "--format", "jsonl"),
    "check": ("check", "--isolated", "--no-progress", "--format", "jsonl", "--select", "ALL"),
}
GOALS = {"text": 1.6, "mbox": 1.8, "maildir": 1.8}  # extract's speed-up with two cores
OUT = WORK / "parallel"


def build(kind: str, args: argparse.Namespace) -> Path:
    given = getattr(args, kind)
    if given:
        return Path(given)
    builders: dict[str, Callable[[], Path]] = {
        "text": lambda: build_input(args.megabytes),
        "mbox": lambda: build_mail_input(args.megabytes),
        "maildir": lambda: build_maildir(args.files),
        "folder": lambda: build_mbox_folder(args.megabytes),
        "tar": lambda: build_mbox_tar(args.megabytes),
    }
    return builders[kind]()


def run(argv: list[str], stdout: Path) -> dict:
    """One run: wall and CPU seconds (this process's children, the workers included), exit
    status, and digests of standard output (written to `stdout`) and standard error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdout, "wb") as out:
        done = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    digest = hashlib.sha256()
    with open(stdout, "rb") as out:
        while block := out.read(1 << 20):
            digest.update(block)
    return {
        "wall": wall,
        "cpu": after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime,
        "exit": done.returncode,
        "stdout": digest.hexdigest(),
        "stderr": done.stderr,
    }


def first_difference(one: Path, other: Path) -> dict:
    """The first line where two outputs differ (1-based), each side cut to 300 characters."""
    with open(one, "rb") as left, open(other, "rb") as right:
        number = 0
        while True:
            number += 1
            a, b = left.readline(), right.readline()
            if a != b or not a:
                return {
                    "line": number,
                    "-j 1": a[:300].decode("utf-8", "replace"),
                    "-j N": b[:300].decode("utf-8", "replace"),
                }


# Where the input of a kind may be cut into pieces that read as it does: after a line end,
# or before a From_ line after a blank line (the mbox's messages).
CUTS = {"text": (b"\n", 1), "mbox": (b"\n\nFrom ", 2)}


def pieces(path: Path, kind: str, count: int) -> list[Path]:
    """`path` cut into `count` pieces of about the same size (under OUT)."""
    mark, keep = CUTS[kind]
    data = path.read_bytes()
    cuts = [0]
    for number in range(1, count):
        found = data.find(mark, len(data) * number // count)
        cuts.append(len(data) if found < 0 else found + keep)
    cuts.append(len(data))
    made = []
    for number in range(count):
        piece = OUT / f"{kind}-piece-{number}"
        piece.write_bytes(data[cuts[number] : cuts[number + 1]])
        made.append(piece)
    return made


def maildir_pieces(path: Path, count: int) -> list[Path]:
    """The Maildir at `path` as `count` Maildirs (under OUT) holding its messages in name
    order, about as many each: hard links to them, or copies where links cannot be made."""
    messages = sorted(message for folder in ("cur", "new") for message in (path / folder).iterdir())
    made = []
    for number in range(count):
        piece = OUT / f"maildir-piece-{number}"
        if piece.exists():
            shutil.rmtree(piece)
        for folder in ("cur", "new", "tmp"):
            (piece / folder).mkdir(parents=True)
        share = messages[len(messages) * number // count : len(messages) * (number + 1) // count]
        for message in share:
            target = piece / message.parent.name / message.name
            try:
                os.link(message, target)
            except OSError:
                shutil.copy2(message, target)
        made.append(piece)
    return made


def cut(path: Path, kind: str, count: int) -> list[Path]:
    """`path` in `count` pieces that read as it does, where `kind` can be cut (else none)."""
    if kind == "maildir":
        return maildir_pieces(path, count)
    return pieces(path, kind, count) if kind in CUTS else []


def apart(argv: list[str], paths: list[Path]) -> float:
    """Wall seconds of `argv` run on each of `paths` at once, one process each."""
    start = time.perf_counter()
    running = [
        subprocess.Popen([*argv, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for path in paths
    ]
    for process in running:
        process.wait()
    return time.perf_counter() - start


def compare_cli(label: str, path: Path, command: str, args: argparse.Namespace) -> dict:
    base = urlint_command(args.urlint)
    runs: dict[int, list[dict]] = {1: [], args.jobs: []}
    # A label may be a path ("/work/x/"): its output files go under OUT all the same, never
    # beside (or among) the inputs.
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", label).strip("_")
    outputs = {jobs: OUT / f"{name}-{command}-j{jobs}.out" for jobs in runs}
    shares = [] if args.paths else cut(path, label, args.jobs)
    apart_times = []
    for _ in range(args.runs):
        for jobs in runs:  # alternately, so a change of load hits both alike
            argv = [*base, *COMMANDS[command], "-j", str(jobs), str(path)]
            runs[jobs].append(run(argv, outputs[jobs]))
        if shares:
            apart_times.append(apart([*base, *COMMANDS[command], "-j", "1"], shares))
    serial, parallel = runs[1], runs[args.jobs]
    digests = {r["stdout"] for r in serial + parallel}
    same_stdout = len(digests) == 1
    result = {
        "same_stdout": same_stdout,
        "same_exit": len({r["exit"] for r in serial + parallel}) == 1,
        "same_stderr": len({r["stderr"] for r in serial + parallel}) == 1,
        "exit": serial[0]["exit"],
        "stdout_bytes": outputs[1].stat().st_size,
        "lines": sum(1 for _ in open(outputs[1], "rb")),
        "serial_s": round(statistics.median(r["wall"] for r in serial), 3),
        "parallel_s": round(statistics.median(r["wall"] for r in parallel), 3),
        "serial_cpu_s": round(statistics.median(r["cpu"] for r in serial), 3),
        "parallel_cpu_s": round(statistics.median(r["cpu"] for r in parallel), 3),
    }
    result["speedup"] = round(result["serial_s"] / result["parallel_s"], 2)
    pairs = zip(serial, parallel, strict=True)
    result["pair_speedup"] = round(statistics.median(a["wall"] / b["wall"] for a, b in pairs), 2)
    if apart_times:
        result["apart_s"] = round(statistics.median(apart_times), 3)
        result["bound"] = round(result["serial_s"] / result["apart_s"], 2)
    if not same_stdout:
        if serial[-1]["stdout"] != parallel[-1]["stdout"]:
            result["first_difference"] = first_difference(outputs[1], outputs[args.jobs])
        else:
            result["first_difference"] = "outputs differ between runs of the same -j"
    if not result["same_stderr"]:
        result["stderr"] = {
            "-j 1": serial[-1]["stderr"][-600:].decode("utf-8", "replace"),
            "-j N": parallel[-1]["stderr"][-600:].decode("utf-8", "replace"),
        }
    return result


def runner_lines(path: str, jobs: int) -> list[str]:
    from urlint.core.engines import Engine
    from urlint.output.extract import UrlFormat
    from urlint.run.plan import plan
    from urlint.work.extract import is_found_line, run_units

    return [
        event[2] if is_found_line(event) else repr(event)
        for event in run_units(plan([path]), UrlFormat(jsonl=True), Engine(jobs=jobs))
    ]


def compare_runner(path: str, args: argparse.Namespace) -> dict:
    times: dict[int, list[float]] = {1: [], args.jobs: []}
    outputs = {}
    for _ in range(args.runs):
        for jobs in times:
            start = time.perf_counter()
            outputs[jobs] = runner_lines(path, jobs)
            times[jobs].append(time.perf_counter() - start)
    serial, parallel = statistics.median(times[1]), statistics.median(times[args.jobs])
    return {
        "serial_s": round(serial, 3),
        "parallel_s": round(parallel, 3),
        "speedup": round(serial / parallel, 2),
        "same_stdout": outputs[1] == outputs[args.jobs],
        "same_exit": True,
        "lines": len(outputs[1]),
    }


# Pure Python arithmetic: work that shares nothing, the most any program can gain from
# more processes on this machine.
_SPIN = "x = 0\nfor i in range(15_000_000):\n    x += i\n"


def ceiling(jobs: int, runs: int) -> dict:
    """The machine's own speed-up for work that shares nothing: one process doing `jobs`
    pieces of arithmetic against `jobs` processes doing one each, alternately, medians of
    `runs`. A shared host's cores are not always whole: goals are read against this."""
    serial, parallel = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", _SPIN * jobs], check=True)
        serial.append(time.perf_counter() - start)
        start = time.perf_counter()
        spinning = [subprocess.Popen([sys.executable, "-c", _SPIN]) for _ in range(jobs)]
        for process in spinning:
            process.wait()
        parallel.append(time.perf_counter() - start)
    return {
        "serial_s": round(statistics.median(serial), 3),
        "parallel_s": round(statistics.median(parallel), 3),
        "speedup": round(statistics.median(serial) / statistics.median(parallel), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("paths", nargs="*", metavar="INPUT", help="run these instead")
    parser.add_argument(
        "--urlint", help="the urlint executable (default: python -m urlint.commands.cli)"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--commands", default="extract,check", help="extract, check or both")
    parser.add_argument("--inputs", default="text,mbox,maildir,folder,tar")
    for kind in ("text", "mbox", "maildir", "folder", "tar"):
        parser.add_argument(f"--{kind}", metavar="PATH", help=f"the {kind} input to use")
    parser.add_argument("--megabytes", type=int, default=100, help="text, mbox, folder size")
    parser.add_argument("--files", type=int, default=20_000, help="Maildir messages")
    parser.add_argument("--runner", action="store_true", help="time the runner in-process")
    parser.add_argument("--check", action="store_true", help="exit 1 on a missed speed goal")
    args = parser.parse_args()
    if args.runner and not args.paths:
        parser.error("--runner needs INPUT paths")
    if args.paths:
        inputs = {path: Path(path) for path in args.paths}
    else:
        inputs = {kind: build(kind, args) for kind in args.inputs.split(",") if kind}
    OUT.mkdir(parents=True, exist_ok=True)
    report: dict = {
        "command": "runner" if args.runner else urlint_command(args.urlint),
        "load_average": os.getloadavg(),
        "jobs": args.jobs,
        "runs": args.runs,
        "inputs": {},
    }
    report["ceiling"] = ceiling(args.jobs, args.runs)
    failed = []
    for label, path in inputs.items():
        if args.runner:
            results = {"extract (runner)": compare_runner(str(path), args)}
        else:
            results = {
                command: compare_cli(label, path, command, args)
                for command in args.commands.split(",")
                if command
            }
        report["inputs"][label] = {"path": str(path), **results}
        for command, result in results.items():
            if not (result["same_stdout"] and result["same_exit"]):
                failed.append(f"{label} {command}: -j 1 and -j {args.jobs} differ")
            goal = GOALS.get(label) if command == "extract" and not args.paths else None
            if args.check and goal and result["pair_speedup"] < goal:
                failed.append(f"{label} {command}: speed-up {result['pair_speedup']} < {goal}")
    report["ceiling_after"] = ceiling(args.jobs, args.runs)
    report["load_average_after"] = os.getloadavg()
    report["failed"] = failed
    print(json.dumps(report, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
