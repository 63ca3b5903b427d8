"""Inputs and measurements shared by the benchmarks. Run from the repository root."""

from __future__ import annotations

import argparse
import gzip
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("URLINT_SHARED", REPO.parent / "shared")) / "corpora"
WORK = Path(os.environ.get("URLINT_BENCH_DIR", "/tmp/urlint-bench"))

# Real text: RFCs, Internet-Drafts, newsletters, netnews, old docs, raw list mail.
TEXT_CORPORA = [
    "rfc-1994-2005",
    "internet-drafts-1994-2005",
    "docs-gutenberg-newsletters-1989-2005",
    "netnews-20newsgroups-bydate-1993",
    "docs-free-software-1990s-2000s",
    "netnews-jargon-file",
    "email-linux-mips-maildir",
]

# What urlint extract finds, as one ripgrep regex in ASCII mode: wrappers, any
# scheme://, and the opaque schemes urlint takes bare.
RG_PATTERN = (
    r"(?i-u)<[ \t]*URL:[^>]*>|<[a-z][a-z0-9+.-]*:[^>]*>|URL=<[^>]*>"
    r'|[a-z][a-z0-9+.-]*://[^\s<>"]+'
    r'|(?:mailto|news|urn|tel|fax|sip|sips|xmpp|cid|mid|data|magnet|geo):[^\s<>"]+'
)


def _text_roots() -> list[Path]:
    """The shared text corpora here, or none."""
    return [CORPORA / name for name in TEXT_CORPORA if (CORPORA / name).is_dir()]


def corpus_bytes() -> bytes:
    """The real text, or our own corpora/'s plain texts when ../shared is absent.

    Our own mail and news are left out there: a text that starts as an article is read as
    one (a message of its size, past the reader's limit), not as the plain text measured."""
    roots = _text_roots()
    if not roots:
        return b"".join(p.read_bytes() for p in sorted((REPO / "corpora").glob("*.txt")))
    parts = []
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix not in {".md", ".tsv", ".gz", ".jsonl"}:
                parts.append(path.read_bytes())
    return b"".join(parts)


def build_input(megabytes: int) -> Path:
    """A file of about `megabytes` MB of real text (the corpus repeated), made once.

    Named for its source (the shared corpora, or our own), so that a file made without
    ../shared is never measured as the real text."""
    source = "shared" if _text_roots() else "own"
    return _repeated(f"text-{megabytes}mb-{source}.txt", megabytes, corpus_bytes)


def _repeated(name: str, megabytes: int, make: Callable[[], bytes]) -> Path:
    """WORK/name: `make()` written over and over to about `megabytes` MB, made once."""
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / name
    target = megabytes * 1_000_000
    if path.exists() and path.stat().st_size >= target:
        return path
    data = make()
    with open(path, "wb") as out:
        written = 0
        while written < target:
            out.write(data)
            written += len(data)
    return path


# Real list mail for the mail benchmark: Maildir messages and monthly mbox archives.
MAIL_CORPORA = ["email-linux-mips-maildir", "email-linux-mips-monthly-mbox-gz"]
_MBOX_FROM_LINE = re.compile(rb"^(>*From )", re.M)


def mail_corpus_parts() -> list[bytes]:
    """Real list mail as mbox pieces (mboxrd quoting), each whole messages: one a Maildir
    message, one a monthly archive; our own corpora/ mail when ../shared is absent."""
    messages: list[bytes] = []
    roots = [CORPORA / name for name in MAIL_CORPORA if (CORPORA / name).is_dir()]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix in {".md", ".tsv"} or path.name.startswith("."):
                continue
            if path.suffix == ".gz":
                with gzip.open(path, "rb") as archive:
                    messages.append(archive.read().rstrip(b"\n") + b"\n\n")
            else:
                body = path.read_bytes().replace(b"\r\n", b"\n")
                messages.append(
                    b"From bench@example.org Thu Mar  1 03:00:13 2001\n"
                    + _MBOX_FROM_LINE.sub(rb">\1", body).rstrip(b"\n")
                    + b"\n\n"
                )
    if not messages:
        for path in sorted((REPO / "corpora").glob("*.eml")):
            messages.append(
                b"From bench@example.org Thu Mar  1 03:00:13 2001\n" + path.read_bytes() + b"\n"
            )
    return messages


def mail_corpus_mbox() -> bytes:
    """Real list mail as one mbox (mboxrd quoting), or our own corpora/ mail when ../shared
    is absent."""
    return b"".join(mail_corpus_parts())


def build_mail_input(megabytes: int) -> Path:
    """An mbox of about `megabytes` MB of real list mail (the corpus repeated), made once."""
    return _repeated(f"mail-{megabytes}mb.mbox", megabytes, mail_corpus_mbox)


def build_mbox_folder(megabytes: int = 100, files: int = 20) -> Path:
    """WORK/mbox-gz-<megabytes>mb/: `files` gzipped mboxes (NNN.mbox.gz) of about
    `megabytes` MB of real list mail in all, uncompressed (the pieces of
    `mail_corpus_parts` in turn, whole messages each), as a list archive's monthly files;
    made once."""

    def fill(building: Path) -> None:
        parts = mail_corpus_parts()
        each = megabytes * 1_000_000 // files
        index = 0
        for number in range(files):
            with gzip.open(building / f"{number:03d}.mbox.gz", "wb", compresslevel=6) as out:
                written = 0
                while written < each:
                    written += out.write(parts[index % len(parts)])
                    index += 1

    return _folder_made_once(WORK / f"mbox-gz-{megabytes}mb-{files}", fill)


def _folder_made_once(folder: Path, fill: Callable[[Path], None]) -> Path:
    """`folder`, made by `fill` in a folder beside it renamed when done (an interrupted
    build is never taken for a made one); made once."""
    if folder.is_dir():
        return folder
    building = folder.with_name(folder.name + ".partial")
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir(parents=True)
    fill(building)
    building.rename(folder)
    return folder


def build_mbox_tar(megabytes: int = 100, files: int = 20) -> Path:
    """WORK/mbox-gz-<megabytes>mb-<files>.tar.gz: the folder of `build_mbox_folder` in one
    gzipped tar (gzipped mboxes as its members, as an archive download ships them); made
    once."""
    folder = build_mbox_folder(megabytes, files)
    path = folder.with_name(folder.name + ".tar.gz")
    if path.exists():
        return path
    building = path.with_name(path.name + ".partial")
    with tarfile.open(building, "w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    building.rename(path)
    return path


def maildir_messages() -> list[bytes]:
    """The shared Maildir's messages, one per file (our own corpora/*.eml without it)."""
    root = CORPORA / "email-linux-mips-maildir"
    paths = sorted(p for sub in ("cur", "new") for p in (root / sub).glob("*") if p.is_file())
    return [p.read_bytes() for p in paths or sorted((REPO / "corpora").glob("*.eml"))]


def build_maildir(files: int = 20_000) -> Path:
    """WORK/maildir-<files>/: a Maildir (cur, new, tmp) of `files` real messages (the
    shared Maildir's in turn, as often as it takes), one a file; made once."""

    def fill(building: Path) -> None:
        messages = maildir_messages()
        for sub in ("cur", "new", "tmp"):
            (building / sub).mkdir()
        for number in range(files):
            name = f"{1_000_000_000 + number}.M{number}P1.bench:2,S"
            (building / "cur" / name).write_bytes(messages[number % len(messages)])

    return _folder_made_once(WORK / f"maildir-{files}", fill)


def compare_with_ripgrep(path: Path, label: str, args: argparse.Namespace) -> dict:
    """`urlint extract -j JOBS --format F` (each of `--formats`) and `rg -o` on `path`,
    alternately, `--runs` times each, each round starting one command further on (the
    options add_ripgrep_options gives): medians, MB/s, URL counts and the ratio
    urlint/ripgrep (ripgrep's time over urlint's) for each format.
    One process (-j 1) by default: ripgrep reads one file on one thread. With `--pure`, the
    same urlint on its pure path too (URLINT_PURE=1), and with each `--also NAME=URLINT`
    another urlint (another build, another commit), each in the same rounds: their ratios
    are keyed "FORMAT NAME" ("text pure"), and "same_output" says whether each wrote what
    the first urlint did."""
    runs, jobs, formats = args.runs, args.jobs, tuple(args.formats.split(","))
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed: apt-get install ripgrep")
    size_mb = path.stat().st_size / 1e6
    commands: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "ripgrep": (
            [rg, "-o", "-a", "--no-filename", "--no-line-number", RG_PATTERN, str(path)],
            None,
        )
    }
    builds: list[tuple[str, list[str], dict[str, str] | None]] = [
        ("", urlint_command(args.urlint), None)
    ]
    if args.pure:
        builds.append((" pure", urlint_command(args.urlint), {**os.environ, "URLINT_PURE": "1"}))
    for also in args.also:
        name, _, executable = also.partition("=")
        builds.append((f" {name}", [executable], None))
    for form in formats:
        for suffix, command, env in builds:
            argv = [*command, "extract", "-j", str(jobs), "--format", form, str(path)]
            commands[f"urlint {form}{suffix}"] = (argv, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    counts = {}
    outputs = {}
    names = list(commands)
    for round_number in range(runs):
        # Each round starts one command further on: the command run right after ripgrep
        # (which maps the input) measured a few per cent slower than the same build run
        # later in the round (0.310 against 0.322, and 0.309 against 0.318, for one
        # build run twice), so no command keeps that place.
        turn = round_number % len(names)
        for name in names[turn:] + names[:turn]:
            argv, env = commands[name]
            out = WORK / f"{label}-{name.replace(' ', '-')}.out"
            seconds, _ = timed_run(argv, str(out), env)
            times[name].append(seconds)
            counts[name] = sum(1 for _ in open(out, "rb"))
            outputs[name] = out
    result = {
        "input_mb": round(size_mb, 1),
        "runs": runs,
        "jobs": jobs,
        "load": [round(load, 2) for load in os.getloadavg()],
        "seconds": {name: round(median(t), 3) for name, t in times.items()},
        "mb_per_s": {name: round(size_mb / median(t), 1) for name, t in times.items()},
        "urls": counts,
        "ratio": {
            name.removeprefix("urlint "): round(median(times["ripgrep"]) / median(t), 3)
            for name, t in times.items()
            if name != "ripgrep"
        },
    }
    if len(builds) > 1:
        result["same_output"] = {
            f"{form}{suffix}": outputs[f"urlint {form}{suffix}"].read_bytes()
            == outputs[f"urlint {form}"].read_bytes()
            for form in formats
            for suffix, _, _ in builds[1:]
        }
    return result


def add_ripgrep_options(parser: argparse.ArgumentParser) -> None:
    """The options of the benchmarks against ripgrep (compare_with_ripgrep, missed_goals)."""
    parser.add_argument(
        "--urlint", help="the urlint executable (default: python -m urlint.commands.cli)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="urlint's -j (default: 1)")
    parser.add_argument("--formats", default="text,jsonl", help="urlint's --format, each")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--pure", action="store_true", help="also run the same urlint on its pure path"
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="NAME=URLINT",
        help="also run another urlint executable, its ratios named NAME (repeatable)",
    )
    parser.add_argument("--check", type=float, help="exit 1 when the text ratio is below")
    parser.add_argument("--check-jsonl", type=float, help="exit 1 when the jsonl ratio is below")


def missed_goals(result: dict, args: argparse.Namespace) -> bool:
    """Whether a ratio is below its goal (`--check`, `--check-jsonl`); each said on stderr."""
    missed = False
    for form, goal in (("text", args.check), ("jsonl", args.check_jsonl)):
        ratio = result["ratio"].get(form)
        if goal is not None and ratio is not None and ratio < goal:
            print(f"{form}: ratio {ratio} is below {goal}", file=sys.stderr)
            missed = True
    return missed


def timed_run(
    argv: list[str], stdout_path: str = os.devnull, env: dict[str, str] | None = None
) -> tuple[float, int]:
    """(seconds, peak RSS in KB) of one command, output to a file (not /dev/null: ripgrep
    stops early when its output is /dev/null); `env` its environment (None: this one's)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    with open(stdout_path, "wb") as out:
        subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, check=True, env=env)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before)


def peak_rss_kb(argv: list[str], stdout_path: str) -> tuple[float, int]:
    """(seconds, peak RSS in KB) measured by GNU time when present, else by rusage."""
    if Path("/usr/bin/time").exists():
        start = time.perf_counter()
        with open(stdout_path, "wb") as out:
            result = subprocess.run(
                ["/usr/bin/time", "-f", "%M", *argv], stdout=out, stderr=subprocess.PIPE, check=True
            )
        return time.perf_counter() - start, int(result.stderr.decode().strip().splitlines()[-1])
    return timed_run(argv, stdout_path)


def urlint_command(urlint: str | None = None) -> list[str]:
    """The command that runs urlint: `urlint` (an executable, say /tmp/v/bin/urlint from a
    regular install) when given, else this interpreter's `python -m urlint.commands.cli`."""
    return [urlint] if urlint else [sys.executable, "-m", "urlint.commands.cli"]


@dataclass
class TreeMemory:
    """What a command and every process under it held, sampled from /proc (KB)."""

    seconds: float
    returncode: int
    peak_rss_kb: int  # the largest sum of VmRSS over the process tree in one sample
    peak_pss_kb: int  # the same with Pss (shared pages split between their processes)
    sum_of_peaks_kb: int  # each process's own high-water mark (VmHWM), added: a bound above
    peak_single_kb: int  # the largest one process reached (its VmHWM)
    processes: int  # the most processes seen at once
    samples: int


def _proc_children(pid: int) -> list[int] | None:
    """The children of `pid` from /proc/PID/task/*/children (None where the kernel lacks it)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as listing:
                found.extend(int(child) for child in listing.read().split())
        except FileNotFoundError:
            if not os.path.exists(f"/proc/{pid}/task/{task}"):
                continue  # the thread ended
            return None
        except OSError:
            continue
    return found


def _parents() -> dict[int, list[int]]:
    """Every process's children, from the parent pid in each /proc/PID/stat."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                line = stat.read()
        except OSError:
            continue
        parent = int(line[line.rindex(b")") + 2 :].split(None, 2)[1])
        children.setdefault(parent, []).append(int(entry.name))
    return children


def process_tree(root: int) -> list[int]:
    """`root` and its descendants (workers, a pool's helpers), from /proc."""
    tree, todo = [], [root]
    table: dict[int, list[int]] | None = None
    while todo:
        pid = todo.pop()
        tree.append(pid)
        children = _proc_children(pid) if table is None else None
        if children is None:
            table = table if table is not None else _parents()
            children = table.get(pid, [])
        todo.extend(children)
    return tree


def _status_kb(pid: int, fields: tuple[bytes, ...]) -> dict[bytes, int]:
    values = {}
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                name, _, rest = line.partition(b":")
                if name in fields:
                    values[name] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values


def _pss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as rollup:
            for line in rollup:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def tree_memory(
    argv: list[str], stdout_path: str = os.devnull, interval: float = 0.025, pss_every: int = 4
) -> TreeMemory:
    """Run `argv` (output to a file, errors dropped) and sample, every `interval` seconds,
    the resident memory of it and of every process under it: the peak of the sum is what
    the machine must hold for the run. Pss (which splits the pages a fork shares with its
    parent) is read every `pss_every` samples, as /proc/PID/smaps_rollup costs more."""
    start = time.perf_counter()
    peak_rss = peak_pss = most = samples = 0
    hwm: dict[int, int] = {}
    with open(stdout_path, "wb") as out:
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        while True:
            # not wait4's ru_maxrss: it counts the memory of this process, vforked before exec
            pid, status = os.waitpid(child.pid, os.WNOHANG)
            if pid:
                break
            tree = process_tree(child.pid)
            rss = 0
            for member in tree:
                values = _status_kb(member, (b"VmRSS", b"VmHWM"))
                rss += values.get(b"VmRSS", 0)
                hwm[member] = max(hwm.get(member, 0), values.get(b"VmHWM", 0))
            if samples % pss_every == 0:
                peak_pss = max(peak_pss, sum(_pss_kb(member) for member in tree))
            peak_rss, most = max(peak_rss, rss), max(most, len(tree))
            samples += 1
            time.sleep(interval)
        child.returncode = os.waitstatus_to_exitcode(status)
    return TreeMemory(
        seconds=time.perf_counter() - start,
        returncode=child.returncode,
        peak_rss_kb=peak_rss,
        peak_pss_kb=peak_pss,
        sum_of_peaks_kb=sum(hwm.values()),
        peak_single_kb=max(hwm.values(), default=0),
        processes=most,
        samples=samples,
    )


def median(values: list[float]) -> float:
    return statistics.median(values)
