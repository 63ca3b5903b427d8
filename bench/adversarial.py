"""Time growth on adversarial inputs: each must take time linear in its size.

    python bench/adversarial.py [--check]

Each input is built at sizes n, 2n and 4n, written to a file and read in-process by the
pipeline `urlint extract` runs (sources, mail reader, scanner; a file is recognised as text
or mail by its content); the median of 3 runs is reported with the ratio t(4n)/t(n), which
is about 4 for linear time (goal: under 6), and the peak RSS of a fresh process reading the
4n input (goal: under 300 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from urlint.pipeline import scan_paths

PROSE = b"Some words of prose, a line of them, for the wrapper to run over.\n"

INPUTS: dict[str, tuple[Callable[[int], bytes], int]] = {
    # a single token of n characters inside a URL, and a bare token
    "long token in a URL": (lambda n: b"see http://example.org/" + b"x" * n + b" ok\n", 50_000),
    "long token of quotes": (lambda n: b"see 'http://example.org/" + b"'" * n + b"\n", 50_000),
    # an unterminated <URL: followed by n bytes of text
    "unterminated <URL: then text": (lambda n: b"<URL:http://example.org/x\n" + PROSE * (n // len(PROSE)), 10_000_000),
    # a line of n letters "a"
    "line of a": (lambda n: b"a" * n + b"\n", 1_000_000),
    # a line full of unclosed wrappers and schemes
    "line of <URL:a": (lambda n: b"<URL:a " * (n // 7) + b"\n" + b"b " * 100 + b"\n", 1_000_000),
    "line of <x:y": (lambda n: b"<x:y " * (n // 5) + b"\n", 1_000_000),
    "line of a://": (lambda n: b"a://" * (n // 4) + b"\n", 1_000_000),
    # logins: URLs at line ends over lines with an "@" (read on as one), URLs glued in one
    # word after a login that may run into them, and one long word of them
    "URLs over lines with @": (lambda n: b"see ftp://fred:pw\nx@h/ and more text\n" * (n // 36), 2_000_000),
    "URLs in a login's word": (lambda n: b"ftp://u:" + b"http://x@h/" * (n // 11) + b"\n", 1_000_000),
    # the review's P1-P3: a long ">" run, then URLs at the ends of long lines; a message of
    # many MIME parts; a quoted-printable UTF-8 part with many URLs
    "'>' run, then URLs at line ends": (lambda n: b">" * (n // 20) + b"\n" + (b"a" * 250 + b" http://x.example/\n") * (n // 1000), 1_000_000),
    "message of many MIME parts": (
        lambda n: b"From: a@example.com\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n"
        + b"--B\nContent-Type: text/plain\n\nsee http://x.example/\n" * (n // 50) + b"--B--\n",
        250_000,
    ),
    "quoted-printable UTF-8 part of many URLs": (
        lambda n: b"From: a@example.com\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
        b"Content-Transfer-Encoding: quoted-printable\n\ncaf=C3=A9\n" + b"see http://x.example/a and more text\n" * (n // 37),
        150_000,
    ),
    # the review's P4, through `urlint check` (suppressions are a linter's): a directive on
    # every other line
    "check: suppression comments on every other line": (lambda n: b"see http://x.example/~a # urlint: ignore[C202]\nplain\n" * (n // 52), 1_000_000),
    "wrappers with distinct continuations": (
        lambda n: b"".join(b"<URL:http://h%d.example/\nw%d x%d>\n" % (i, i, i) for i in range(n // 40)),
        2_000_000,
    ),
}


def seconds(data: bytes, run=lambda path: scan_paths([path])) -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "input")
        with open(path, "wb") as handle:
            handle.write(data)
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            for _ in run(path):
                pass
            runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def _check(path: str):
    from urlint.checker import Checker
    from urlint.config import build_settings

    return Checker(build_settings({})).check_paths([path])


def peak_rss_mb(data: bytes) -> float:
    """Peak resident memory of a fresh process reading `data` as `urlint extract` does (its
    own VmHWM: the rusage of a child counts the parent it was forked from)."""
    import subprocess

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "input")
        with open(path, "wb") as handle:
            handle.write(data)
        code = (
            "import sys\nfrom urlint.pipeline import scan_paths\nfor _ in scan_paths([sys.argv[1]]): pass\n"
            "print(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1])"
        )
        kilobytes = subprocess.run([sys.executable, "-c", code, path], capture_output=True, text=True, check=True).stdout
    return int(kilobytes) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 when an input grows worse than linearly")
    args = parser.parse_args()
    report, worst, worst_rss = {}, 0.0, 0.0
    for name, (make, size) in INPUTS.items():
        run = _check if name.startswith("check:") else (lambda path: scan_paths([path]))
        times = [seconds(make(size * k), run) for k in (1, 2, 4)]
        ratio = times[2] / max(times[0], 1e-6)
        worst = max(worst, ratio)
        rss = peak_rss_mb(make(size * 4))
        worst_rss = max(worst_rss, rss)
        report[name] = {
            "n": size, "seconds_n_2n_4n": [round(t, 4) for t in times], "ratio_4n_to_n": round(ratio, 2),
            "peak_rss_mb_4n": round(rss, 1),
        }
    print(json.dumps(report, indent=2))
    if args.check and (worst >= 6 or worst_rss >= 300):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
