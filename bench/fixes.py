"""Recall on real fixes: does `urlint check` catch the malformed URLs that projects fixed?

Each case is one commit of a public repository that fixed a malformed URL (`https:/x`,
`http//x`, a blank or a `|` inside, a comma in the host, a quote glued on, ...): the whole
file before the fix and after it, under `--cases` (one folder a case: `before/<path>`,
`after/<path>` and `case.json`, which says where the broken URL is, its text, its shape and
which standard's grammar it breaks). For each case and each target, `urlint check --target T
--format json <path>` runs in `before/`, then in `after/`. A case is caught when before the
fix a finding of severity error or warning overlaps the broken URL's text, and after the fix
none overlaps the fixed URL's text; it is missed when nothing overlaps before, noisy when
something still overlaps after. It prints the figures per shape and per file kind, the
totals over the cases that target applies to (`shows` both or that target, not doubtful),
and the missed cases, for an engineer to work on.

    python bench/fixes.py --urlint PATH --cases ../scratch/fixes/cases [--json OUT]

It needs no network: the cases are read from disk.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TARGETS = ("rfc1738", "rfc3986")
REPORTED = ("error", "warning")
GLUED = ("glued-punct", "glued-quote")


def kind(path: str) -> str:
    """A file's kind as a person names it: its extension, or its name without one."""
    base = path.rsplit("/", 1)[-1]
    dot = base.rfind(".")
    return base[dot:].lower() if dot > 0 else base


def findings(urlint: str, target: str, cwd: Path, path: str) -> list[dict]:
    """The findings of `urlint check` on one file (`--format json`: an array, or lines)."""
    done = subprocess.run(
        [urlint, "check", "--isolated", "--target", target, "--format", "json", path],
        cwd=cwd,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    if done.returncode == 2:
        raise RuntimeError(f"{cwd}/{path}: urlint exited 2: {done.stderr.strip()[-500:]}")
    text = done.stdout.strip()
    if not text:
        return []
    if text.startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def overlapping(rows: list[dict], line: int, col: int, text: str, slack: int) -> list[dict]:
    """The findings of severity error or warning over [col, col + len(text)) on `line`."""
    start, end = col - slack, col + len(text) + slack
    hits = []
    for row in rows:
        if row.get("severity") not in REPORTED:
            continue
        first, last = row["line"], row.get("end_line") or row["line"]
        if not first <= line <= last:
            continue
        lo = row["column"] if first == line else 1
        hi = (row.get("end_column") or lo + 1) if last == line else 1 << 30
        if lo < end and max(hi, lo + 1) > start:
            hits.append(row)
    return hits


def judge(urlint: str, folder: Path) -> dict:
    """One case under both targets: what was reported before and after the fix."""
    case = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    slack = 2 if case["shape"] in GLUED else 0
    result = {"id": folder.name, **case, "kind": kind(case["path"]), "targets": {}}
    for target in TARGETS:
        before = overlapping(
            findings(urlint, target, folder / "before", case["path"]),
            case["before_line"],
            case["before_col"],
            case["before_text"],
            slack,
        )
        after = overlapping(
            findings(urlint, target, folder / "after", case["path"]),
            case["after_line"],
            case["after_col"],
            case["after_text"],
            slack,
        )
        result["targets"][target] = {
            "caught": bool(before) and not after,
            "missed": not before,
            "noisy_after": bool(after),
            "before_codes": sorted({row["code"] for row in before}),
            "after_codes": sorted({row["code"] for row in after}),
        }
    return result


def applies(result: dict, target: str) -> bool:
    return result["shows"] in ("both", target) and not result["doubtful"]


def table(results: list[dict], key: str, out) -> None:
    """Per value of `key`: the cases, and under each target caught/applicable, missed, noisy."""
    print(
        f"{key:16} {'cases':>5}  "
        + "  ".join(f"{t + ' caught':>14} {'missed':>6} {'noisy':>5}" for t in TARGETS),
        file=out,
    )
    groups: dict[str, list[dict]] = collections.defaultdict(list)
    for result in results:
        groups[result[key]].append(result)
    for name, rows in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        cells = []
        for target in TARGETS:
            figures = [row["targets"][target] for row in rows if applies(row, target)]
            caught = f"{sum(f['caught'] for f in figures)}/{len(figures)}"
            cells.append(
                f"{caught:>14} {sum(f['missed'] for f in figures):>6}"
                f" {sum(f['noisy_after'] for f in figures):>5}"
            )
        print(f"{name:16} {len(rows):>5}  " + "  ".join(cells), file=out)
    print(file=out)


def report(results: list[dict], out=sys.stdout) -> None:
    repos = {row["repo"] for row in results}
    doubtful = sum(row["doubtful"] for row in results)
    print(
        f"{len(results)} cases from {len(repos)} repositories ({doubtful} doubtful); under each"
        " target, the cases it applies to (shows both or that target, not doubtful)\n",
        file=out,
    )
    table(results, "shape", out)
    table(results, "kind", out)
    for target in TARGETS:
        rows = [row for row in results if applies(row, target)]
        figures = [row["targets"][target] for row in rows]
        caught = sum(f["caught"] for f in figures)
        print(
            f"{target}: {caught}/{len(rows)} caught"
            f" ({100 * caught / len(rows) if rows else 0:.1f}%) of the cases it applies to"
            f" (shows both or {target}, not doubtful); missed {sum(f['missed'] for f in figures)},"
            f" noisy after {sum(f['noisy_after'] for f in figures)}",
            file=out,
        )
    for target in TARGETS:
        print(f"\n## missed under {target} (applicable cases), by shape", file=out)
        for row in sorted(results, key=lambda row: (row["shape"], row["id"])):
            if applies(row, target) and row["targets"][target]["missed"]:
                print(
                    f"  {row['id']} {row['shape']:14} {row['kind']:12} {row['before_text'][:90]}",
                    file=out,
                )
        print(f"\n## noisy after the fix under {target}", file=out)
        for row in results:
            figures = row["targets"][target]
            if figures["noisy_after"]:
                print(
                    f"  {row['id']} {row['shape']:14} {row['kind']:12} {row['after_text'][:70]}"
                    f" {','.join(figures['after_codes'])}",
                    file=out,
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urlint", default="urlint", help="the urlint executable to run")
    parser.add_argument("--cases", type=Path, required=True, help="the folder of case folders")
    parser.add_argument("--only", nargs="*", help="case ids (folder names) to run alone")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="cases judged at once")
    parser.add_argument("--json", type=Path, help="write every case's result here")
    args = parser.parse_args()
    folders = sorted(
        path
        for path in args.cases.iterdir()
        if (path / "case.json").is_file() and (not args.only or path.name in args.only)
    )
    if not folders:
        print(f"no case under {args.cases}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda folder: judge(args.urlint, folder), folders))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
