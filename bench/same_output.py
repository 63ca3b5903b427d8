"""Do two installs of urlint give the same output on every file of ../shared/corpora?

    python bench/same_output.py OLD_URLINT NEW_URLINT [--corpora DIR]

OLD_URLINT and NEW_URLINT are `urlint` executables (say /tmp/v0/bin/urlint, made with
`python3 -m venv /tmp/v0 && /tmp/v0/bin/pip install .` at the commit before a change).
Each runs `extract --format jsonl` and `check --isolated --format jsonl --select ALL` on
every corpus folder, from inside the corpora directory so paths are the same; the outputs
(standard output, standard error and the exit status) are compared line by line and the
differences listed (at most 20 a folder). A refactoring gives none; a fix gives
exactly the lines it means to change. Exit 1 when any output differs.
"""

from __future__ import annotations

import argparse
import difflib
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMANDS = (
    ("extract", "--format", "jsonl"),
    ("check", "--isolated", "--format", "jsonl", "--select", "ALL"),
)


def output(urlint: str, command: tuple[str, ...], folder: str, corpora: Path) -> list[str]:
    done = subprocess.run([urlint, *command, folder], cwd=corpora, capture_output=True, text=True)
    # standard error too (extract's notes on damaged or unread input) and the exit status
    return [
        *done.stdout.splitlines(),
        "-- stderr",
        *done.stderr.splitlines(),
        f"-- exit {done.returncode}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--corpora", type=Path, default=HERE.parent.parent / "shared" / "corpora")
    args = parser.parse_args()
    folders = sorted(p.name for p in args.corpora.iterdir() if p.is_dir())
    differing = 0
    for command in COMMANDS:
        for folder in folders:
            old, new = (
                output(args.old, command, folder, args.corpora),
                output(args.new, command, folder, args.corpora),
            )
            if old == new:
                continue
            differing += 1
            diff = [
                line
                for line in difflib.unified_diff(old, new, lineterm="", n=0)
                if line[:1] in "+-" and line[:3] not in ("---", "+++")
            ]
            print(
                f"== {command[0]} {folder}: {sum(1 for d in diff if d[0] == '-')} lines out, "
                f"{sum(1 for d in diff if d[0] == '+')} in"
            )
            for line in diff[:20]:
                print(line[:300])
    print(f"{differing} of {len(folders) * len(COMMANDS)} outputs differ", file=sys.stderr)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
