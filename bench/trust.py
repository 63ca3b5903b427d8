"""Breadth: `urlint extract` and `urlint check` (both targets) over many real repositories.

A linter earns its place in CI only if a healthy repository passes it, and a sample of
three repositories says little about forty. This script runs the installed CLI as a user
would (`urlint check .` in the repository's root, no configuration of ours) over every
repository of `../shared/trust/repos.tsv` (60 public repositories in 40 ecosystems, each at
a commit) that has been exported to `--root` (one folder a repository, named
`owner+name`: `bench/trust.py fetch-help` prints how), and prints, per repository and in
all: the exit status under each target, the URLs extract lists, the findings per 1,000 URLs
by severity, and the distinct shapes of the error findings (rule, file kind, context), each
with an example place, for a person to class as real, debatable or false.

    python bench/trust.py [--root ../trust] [--only NAME ...] [--json OUT] [--errors OUT]

`--json` writes every figure (to compare a change with `compare OLD NEW`); `--errors`
writes every error finding, one JSON line each, for reading. It needs no network: the
repositories are read from disk.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("URLINT_SHARED", REPO.parent / "shared"))
TARGETS = ("rfc1738", "rfc3986")


def read_list(path: Path) -> list[dict[str, str]]:
    """The repositories of a repos.tsv: a header line, then one tab-separated row each."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=False)) for line in lines[1:] if line]


def folder(root: Path, repo: str) -> Path:
    return root / repo.replace("/", "+")


def run(urlint: list[str], args: list[str], cwd: Path) -> tuple[int, list[dict], str]:
    """Run urlint in `cwd`; its exit status, its JSON lines and its standard error."""
    done = subprocess.run(
        [*urlint, *args], cwd=cwd, capture_output=True, text=True, errors="replace", check=False
    )
    rows = []
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            rows.append(json.loads(line))
    return done.returncode, rows, done.stderr


def kind(path: str) -> str:
    """A file's kind as a person names it: its extension, or its name without one."""
    base = path.rsplit("/", 1)[-1]
    dot = base.rfind(".")
    return base[dot:].lower() if dot > 0 else base


def measure(urlint: list[str], where: Path, jobs: int) -> dict:
    """Every figure of one repository."""
    common = ["-j", str(jobs), "--format", "jsonl", "--no-progress"]
    status, urls, error = run(urlint, ["extract", *common, "."], where)
    result: dict = {"extract_status": status, "urls": len(urls), "targets": {}}
    by_kind = collections.Counter(kind(row["path"]) for row in urls)
    result["urls_by_kind"] = dict(by_kind)
    for target in TARGETS:
        status, findings, error = run(urlint, ["check", *common, "--target", target, "."], where)
        severities = collections.Counter(row["severity"] for row in findings)
        errors = [row for row in findings if row["severity"] == "error"]
        result["targets"][target] = {
            "status": status,
            "findings": len(findings),
            "by_severity": dict(severities),
            "errors": errors,
            "stderr": error[-2000:] if status == 2 else "",
        }
    return result


def per_thousand(count: int, urls: int) -> float:
    return 1000 * count / urls if urls else 0.0


def shapes(errors: list[dict]) -> list[tuple[tuple[str, str, str], int, dict]]:
    """The distinct shapes of error findings: (rule, file kind, context), how many, one."""
    grouped: dict[tuple[str, str, str], list[dict]] = collections.defaultdict(list)
    for row in errors:
        grouped[(row["code"], kind(row["path"]), str(row.get("context")))].append(row)
    return sorted(
        ((key, len(rows), rows[0]) for key, rows in grouped.items()), key=lambda item: -item[1]
    )


def report(results: dict[str, dict], out=sys.stdout) -> None:
    """The table per repository, the totals, and each repository's error shapes."""
    print(
        f"{'repository':52} {'urls':>6}  "
        + "  ".join(f"{t + ' exit':>12} {'err/1k':>7} {'warn/1k':>7}" for t in TARGETS),
        file=out,
    )
    totals = collections.Counter()
    for name, result in results.items():
        urls = result["urls"]
        totals["urls"] += urls
        cells = []
        for target in TARGETS:
            figures = result["targets"][target]
            errors = figures["by_severity"].get("error", 0)
            warnings = figures["by_severity"].get("warning", 0)
            totals[f"{target} errors"] += errors
            totals[f"{target} warnings"] += warnings
            totals[f"{target} failing"] += figures["status"] != 0
            totals[f"{target} exit2"] += figures["status"] == 2
            cells.append(
                f"{figures['status']:>12} {per_thousand(errors, urls):7.2f}"
                f" {per_thousand(warnings, urls):7.2f}"
            )
        print(f"{name:52} {urls:>6}  " + "  ".join(cells), file=out)
    print(file=out)
    print(f"{len(results)} repositories, {totals['urls']} URLs", file=out)
    for target in TARGETS:
        print(
            f"{target}: {totals[f'{target} failing']} fail ({totals[f'{target} exit2']} with"
            f" exit 2); errors {totals[f'{target} errors']}"
            f" ({per_thousand(totals[f'{target} errors'], totals['urls']):.2f} per 1,000 URLs),"
            f" warnings {totals[f'{target} warnings']}"
            f" ({per_thousand(totals[f'{target} warnings'], totals['urls']):.2f})",
            file=out,
        )
    print(file=out)
    for name, result in results.items():
        for target in TARGETS:
            errors = result["targets"][target]["errors"]
            if not errors:
                continue
            print(f"## {name} ({target}): {len(errors)} errors", file=out)
            for (code, kind_, context), count, example in shapes(errors)[:15]:
                what = (example.get("url") or example["message"])[:100]
                print(
                    f"  {count:>5} {code} {kind_} {context}: {example['path']}:"
                    f"{example['line']}:{example['column']} {what}",
                    file=out,
                )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument(
        "--root", type=Path, default=Path(os.environ.get("URLINT_TRUST", REPO.parent / "trust"))
    )
    parser.add_argument("--list", type=Path, default=SHARED / "trust" / "repos.tsv")
    parser.add_argument("--urlint", default="urlint", help="the urlint executable to run")
    parser.add_argument("--only", nargs="*", help="repositories (owner/name) to run alone")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--errors", type=Path, help="write every error finding here (jsonl)")
    compare = sub.add_parser("compare", help="two --json files side by side")
    compare.add_argument("old", type=Path)
    compare.add_argument("new", type=Path)
    sub.add_parser("fetch-help", help="say how to export the repositories")
    args = parser.parse_args()
    if args.command == "fetch-help":
        print(
            "For each row of repos.tsv: clone or fetch the repository, then\n"
            "  mkdir -p ROOT/owner+name && git --git-dir=GITDIR archive COMMIT |"
            " tar -x -C ROOT/owner+name"
        )
        return 0
    if args.command == "compare":
        return compare_runs(json.loads(args.old.read_text()), json.loads(args.new.read_text()))
    urlint = [args.urlint] if os.sep in args.urlint or not args.urlint.endswith(".py") else []
    if not urlint:
        urlint = [sys.executable, args.urlint]
    results: dict[str, dict] = {}
    missing = []
    for row in read_list(args.list):
        name = row["repo"]
        if args.only and name not in args.only:
            continue
        where = folder(args.root, name)
        if not where.is_dir():
            missing.append(name)
            continue
        results[name] = measure(urlint, where, args.jobs)
        print(f"measured {name}: {results[name]['urls']} URLs", file=sys.stderr)
    if missing:
        print(f"not on disk under {args.root}: {', '.join(missing)}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    if args.errors:
        with args.errors.open("w") as out:
            for name, result in results.items():
                for target in TARGETS:
                    for row in result["targets"][target]["errors"]:
                        out.write(json.dumps({"repo": name, **row}) + "\n")
    report(results)
    return 0


def compare_runs(old: dict[str, dict], new: dict[str, dict]) -> int:
    """Per repository: URLs and each target's exit and errors, before and after."""
    print(f"{'repository':52} {'urls':>13}  " + "  ".join(f"{t:>22}" for t in TARGETS))
    for name in sorted(set(old) | set(new)):
        before, after = old.get(name), new.get(name)
        if before is None or after is None:
            print(f"{name:52} only in {'new' if before is None else 'old'}")
            continue
        cells = []
        for target in TARGETS:
            b, a = before["targets"][target], after["targets"][target]
            cells.append(
                f"{b['status']}->{a['status']} {b['by_severity'].get('error', 0):>6}->"
                f"{a['by_severity'].get('error', 0):<6}"
            )
        print(
            f"{name:52} {before['urls']:>6}->{after['urls']:<6}  "
            + "  ".join(f"{cell:>22}" for cell in cells)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
