"""Pre-commit latency: `urlint check` on one small file against a bare `python -c pass`.

Goal: at most 3x (the first goal was 5x), both run from the same virtualenv,
median of runs, measured in the same run so machine load cancels out. Run it with the
virtualenv's interpreter, from a regular (not editable) install, as pre-commit's would be:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install . && /tmp/v/bin/python bench/latency.py

Two installs or more side by side, in one run (the load alike on each): `--urlint
/tmp/a/bin/urlint --urlint /tmp/b/bin/urlint`, each against this interpreter's `python -c
pass`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

SAMPLE = (
    "# A small README a hook sees on every commit.\n"
    "See <URL:http://www.example.com/docs/index.html> and\n"
    "ftp://ftp.example.org/pub/tools/ for the tools, http://example.com/~fred/ for notes.\n"
)
# A one-line source file (--sample python): what the code scanner reads in a hook's run.
PYTHON_SAMPLE = (
    'DOCS = "https://www.example.com/docs/index.html"  # see http://example.com/~fred/\n'
)
SAMPLES = {"readme": ("README.txt", SAMPLE), "python": ("example.py", PYTHON_SAMPLE)}
GOAL = 3.0
# A project's pyproject.toml, configured for urlint (--configured).
CONFIGURED = (
    '[project]\nname = "example"\nversion = "1.0"\n\n'
    '[tool.urlint]\nselect = ["ALL"]\nignore = ["C2"]\nexclude = ["build/"]\n'
)


def median_ms(command: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--check", action="store_true", help=f"exit 1 if the ratio is over {GOAL}")
    parser.add_argument(
        "--configured",
        action="store_true",
        help="in a repository configured in its pyproject.toml ([tool.urlint]), as a hook's "
        "run in such a one reads it (its parse kept from the run before: config_cache.py)",
    )
    parser.add_argument(
        "--sample",
        choices=sorted(SAMPLES),
        default="readme",
        help="the file checked: a small README (the default) or a one-line Python file",
    )
    parser.add_argument(
        "--urlint",
        action="append",
        metavar="SCRIPT",
        help="a urlint script to time (again for each other install, in turn each round); "
        "by default the one beside this interpreter",
    )
    args = parser.parse_args()
    scripts = args.urlint or [os.path.join(os.path.dirname(sys.executable), "urlint")]
    scripts = [os.path.abspath(script) for script in scripts]
    for script in scripts:
        if not os.path.exists(script):
            print(
                f"no urlint script {script}: install the project in this virtualenv",
                file=sys.stderr,
            )
            return 2
    with tempfile.TemporaryDirectory() as tmp:
        name, text = SAMPLES[args.sample]
        sample = os.path.join(tmp, name)
        with open(sample, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chdir(tmp)
        if args.configured:
            with open("pyproject.toml", "w", encoding="utf-8") as handle:
                handle.write(CONFIGURED)
            os.environ["URLINT_CACHE_DIR"] = os.path.join(tmp, "cache")
        median_ms([sys.executable, "-c", "pass"], 3)  # warm the page cache
        for script in scripts:
            median_ms([script, "check", sample], 3)
        # alternate, so a change in machine load hits all alike
        bare: list[float] = []
        checks: list[list[float]] = [[] for _ in scripts]
        for _ in range(args.runs):
            bare.append(median_ms([sys.executable, "-c", "pass"], 1))
            for script, check in zip(scripts, checks, strict=True):
                check.append(median_ms([script, "check", sample], 1))
    bare_ms = statistics.median(bare)
    print(f"python -c pass   {bare_ms:6.1f} ms (median of {args.runs})")
    ratios = []
    for script, check in zip(scripts, checks, strict=True):
        check_ms = statistics.median(check)
        ratios.append(check_ms / bare_ms)
        named = f" ({script})" if args.urlint else ""
        print(f"urlint check     {check_ms:6.1f} ms (median of {args.runs}){named}")
        print(f"ratio            {ratios[-1]:6.2f}   (goal: at most {GOAL})")
    return 1 if args.check and max(ratios) > GOAL else 0


if __name__ == "__main__":
    sys.exit(main())
