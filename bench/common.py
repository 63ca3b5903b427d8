"""Inputs and measurements shared by the benchmarks. Run from the repository root."""

from __future__ import annotations

import gzip
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
    r'(?i-u)<[ \t]*URL:[^>]*>|<[a-z][a-z0-9+.-]*:[^>]*>|URL=<[^>]*>'
    r'|[a-z][a-z0-9+.-]*://[^\s<>"]+'
    r'|(?:mailto|news|urn|tel|fax|sip|sips|xmpp|cid|mid|data|magnet|geo):[^\s<>"]+'
)


def corpus_bytes() -> bytes:
    """The real text, or our own corpora/ when ../shared is absent."""
    parts = []
    roots = [CORPORA / name for name in TEXT_CORPORA if (CORPORA / name).is_dir()] or [
        REPO / "corpora"
    ]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix not in {".md", ".tsv", ".gz", ".jsonl"}:
                parts.append(path.read_bytes())
    return b"".join(parts)


def build_input(megabytes: int) -> Path:
    """A file of about `megabytes` MB of real text (the corpus repeated), made once."""
    return _repeated(f"text-{megabytes}mb.txt", megabytes, corpus_bytes)


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


def mail_corpus_mbox() -> bytes:
    """Real list mail as one mbox (mboxrd quoting), or our own corpora/ mail when ../shared
    is absent."""
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
    return b"".join(messages)


def build_mail_input(megabytes: int) -> Path:
    """An mbox of about `megabytes` MB of real list mail (the corpus repeated), made once."""
    return _repeated(f"mail-{megabytes}mb.mbox", megabytes, mail_corpus_mbox)


def compare_with_ripgrep(path: Path, runs: int, label: str) -> dict:
    """`urlint extract` and `rg -o` on `path`, alternately, `runs` times each: medians,
    MB/s, URL counts and the ratio urlint/ripgrep (ripgrep's time over urlint's)."""
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed: apt-get install ripgrep")
    size_mb = path.stat().st_size / 1e6
    commands = {
        "ripgrep": [rg, "-o", "-a", "--no-filename", "--no-line-number", RG_PATTERN, str(path)],
        "urlint": [*urlint_command(), "extract", str(path)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    counts = {}
    for _ in range(runs):
        for name, argv in commands.items():
            out = WORK / f"{label}-{name}.out"
            seconds, _ = timed_run(argv, str(out))
            times[name].append(seconds)
            counts[name] = sum(1 for _ in open(out, "rb"))
    return {
        "input_mb": round(size_mb, 1),
        "runs": runs,
        "seconds": {name: round(median(t), 3) for name, t in times.items()},
        "mb_per_s": {name: round(size_mb / median(t), 1) for name, t in times.items()},
        "urls": counts,
        "ratio": round(median(times["ripgrep"]) / median(times["urlint"]), 3),
    }


def timed_run(argv: list[str], stdout_path: str = os.devnull) -> tuple[float, int]:
    """(seconds, peak RSS in KB) of one command, output to a file (not /dev/null: ripgrep
    stops early when its output is /dev/null)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    with open(stdout_path, "wb") as out:
        subprocess.run(argv, stdout=out, stderr=subprocess.DEVNULL, check=True)
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


def urlint_command() -> list[str]:
    return [sys.executable, "-m", "urlint.cli"]


def median(values: list[float]) -> float:
    return statistics.median(values)
