"""The `check`, `rules` and `rule` commands: wiring only (configuration, checker, reporters)."""

from __future__ import annotations

import io
import os
import sys
from collections import Counter

from ..core.exits import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, ConfigError
from ..core.findings import Severity
from ..linter.config import Settings, build_settings, read_configuration
from ..output import check as report
from ..run.engines import serial
from .options import input_paths, make_tally, rule_selectors, run_engine, split_commas

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable, Iterator
    from types import TracebackType
    from typing import TextIO

    from ..core.findings import Edit, Finding
    from ..core.inputs import InputFile
    from ..linter.baseline import Baseline
    from ..linter.checker import Checker
    from ..linter.source_view import SourceView
    from ..linter.suppressions import Suppressions
    from ..pipeline import ScannedText
    from ..run.progress import Tally
    from ..sources.files import FileId
    from ..sources.text import SourceText

LINE_FORMATS = ("text", "concise", "full", "jsonl")  # one finding a line (or block), then a summary


def run_check(args: argparse.Namespace, out: io.TextIOWrapper) -> int:
    try:
        settings = settings_of(args)
        baseline = None
        if args.baseline:
            from ..linter.baseline import Baseline

            baseline = Baseline.load(args.baseline)
        paths = input_paths(args)
        if not paths and args.files_from is None:
            paths = ["."]
        engine, jobs = run_engine(args, paths)
    except ConfigError as error:
        print(f"urlint: {_shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    if (args.fix or args.diff) and "-" in paths:
        print("urlint: --fix and --diff work on files, not standard input", file=sys.stderr)
        return EXIT_ERROR
    for option, target_path in (("-o", args.output), ("--write-baseline", args.write_baseline)):
        if target_path and _is_named_input(target_path, paths):
            print(
                f"urlint: {option} {_shown(target_path)}: that file is also an input; it is not "
                "written over",
                file=sys.stderr,
            )
            return EXIT_ERROR
    try:
        if args.write_baseline:
            return _write_baseline(args, settings, paths)
        if args.diff:
            return _diff(settings, paths, out)
        fixed = _fix(settings, paths) if args.fix else 0
        if args.output:
            with _ReportFile(args.output) as report_file:
                status = _report(
                    args, settings, baseline, paths, report_file.stream, report_file.skip,
                    engine=engine, jobs=jobs,
                )
        else:
            status = _report(args, settings, baseline, paths, out, engine=engine, jobs=jobs)
        if args.fix and not args.quiet:
            print(f"urlint: fixed {fixed} problem{'s' if fixed != 1 else ''}", file=sys.stderr)
        return EXIT_OK if args.exit_zero else status
    except (BrokenPipeError, KeyboardInterrupt):
        raise
    except ConfigError as error:
        print(f"urlint: {_shown(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    except Exception as error:  # noqa: BLE001 - the contract: exit 2, a message, no traceback
        if os.environ.get("URLINT_DEBUG"):
            raise
        print(
            f"urlint: internal error: {type(error).__name__}: {_shown(str(error))} (set "
            "URLINT_DEBUG=1 for a traceback)",
            file=sys.stderr,
        )
        return EXIT_ERROR


def settings_of(args: argparse.Namespace) -> Settings:
    """The settings of `check` (and `scan`: cli.add_rule_arguments and the selection's
    options; it has no --fail-on)."""
    config, source = read_configuration(args.config, args.isolated)
    return build_settings(
        config,
        select=rule_selectors(args.select) if args.select else None,
        extend_select=rule_selectors(args.extend_select),
        ignore=rule_selectors(args.ignore),
        fail_on=getattr(args, "fail_on", None),
        exclude=split_commas(args.exclude) if args.exclude else None,
        extend_exclude=split_commas(args.extend_exclude),
        respect_ignores=not args.no_ignore,
        force_exclude=args.force_exclude,
        source=source,
    )


def _checker(
    settings: Settings, baseline: Baseline | None = None, tally: Tally | None = None
) -> Checker:
    from ..linter.checker import Checker

    if tally is None:
        return Checker(settings, baseline)
    told: Tally = tally

    class TallyingChecker(Checker):
        """The checker, telling the tally where the run is: each input's start and end, each
        text it lints (progress.py)."""

        def check_file(self, source: InputFile) -> Iterator[Finding]:
            told.reading(source)
            yield from super().check_file(source)
            told.read(source)

        def lint_text(
            self, scanned: ScannedText, path: str, suppressions: Suppressions
        ) -> Iterator[Finding]:
            told.tick()
            return super().lint_text(scanned, path, suppressions)

        def lint_mail(self, scanned: ScannedText, path: str) -> Iterator[Finding]:
            told.tick()
            return super().lint_mail(scanned, path)

    return TallyingChecker(settings, baseline)


def _is_named_input(target: str, paths: list[str]) -> bool:
    from ..sources.files import file_id

    target_id = file_id(target)
    return target_id is not None and any(
        path != "-" and file_id(path) == target_id for path in paths
    )


def _shown(text: str) -> str:
    from ..output.printable import shown

    return shown(text)


class _ReportFile:
    """`-o FILE`: the report goes to a temporary file beside FILE, renamed over it only when
    the run is done, so an input is never emptied before it is read; the walk passes over
    both (they are urlint's output, not its input). A symbolic link is followed (the file
    it names is replaced, the link kept), and a device or FIFO (`-o /dev/null`) is written
    to as it is, never replaced: urlint reads neither as an input."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.temporary: str | None = None

    def __enter__(self) -> _ReportFile:
        import tempfile

        from ..sources.files import file_id

        target = os.path.realpath(self.path)
        try:
            if os.path.exists(target) and not os.path.isfile(target):
                self.stream = open(target, "w", encoding="utf-8")  # noqa: SIM115
                self.skip: frozenset = frozenset()
                return self
            handle, self.temporary = tempfile.mkstemp(
                prefix=".urlint-report-", dir=os.path.dirname(target)
            )
        except OSError as error:
            raise ConfigError(
                f"-o {self.path}: cannot write there: {error.strerror or error}"
            ) from None
        self.target = target
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(handle, 0o666 & ~umask)  # as open() would have made it, not mkstemp's 0600
        self.stream = open(handle, "w", encoding="utf-8")  # noqa: SIM115
        ids = {file_id(self.temporary), file_id(target)}
        self.skip = frozenset(i for i in ids if i is not None)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stream.close()
        if self.temporary is None:
            return
        if kind is None:
            os.replace(self.temporary, self.target)
        else:
            os.unlink(self.temporary)


def _report(
    args: argparse.Namespace,
    settings: Settings,
    baseline: Baseline | None,
    paths: list[str],
    out: TextIO,
    skip: frozenset[FileId] = frozenset(),
    *,
    engine: str,
    jobs: int | None,
) -> int:
    # The text and full formats end with a summary of their own ("Found 2 problems").
    own_summary = args.format in ("text", "full") and not args.statistics
    tally = make_tally(args, "finding", paths, settings.selection, skip, own_summary)
    if tally is not None and not args.output:
        out = tally.guarded(out)
    checker = _checker(settings, baseline, tally)
    if serial(engine, jobs):
        findings = checker.check_paths(paths, skip)
    else:
        from .unit_work import check_in_units

        findings = check_in_units(checker, paths, skip, jobs, tally, engine, args.scheduler)
    try:
        status, found = _write_report(args, settings, findings, out)
    finally:
        if tally is not None:
            tally.settle()
    if tally is not None:
        tally.found = found
        tally.finish(out)
    return status


def _write_report(
    args: argparse.Namespace, settings: Settings, findings: Iterable[Finding], out: TextIO
) -> tuple[int, int]:
    """The findings written as the format asks: (the exit status, how many there were)."""
    fail_rank = settings.fail_on.rank
    colour = (
        args.format == "text" and not args.output and out.isatty() and "NO_COLOR" not in os.environ
    )
    # Every format is written as the findings come: a run's findings are never held.
    if args.statistics or args.format not in LINE_FORMATS:
        seen: Counter[Severity] = Counter()
        counted = _counting(findings, seen)
        if args.statistics:
            out.writelines(line + "\n" for line in report.statistics(counted))
        elif args.format == "json":
            report.write_json(counted, out)
        elif args.format == "github":
            report.write_github(counted, out)
        else:  # sarif
            from ..core.version import VERSION as __version__
            from ..output.sarif import write_sarif

            write_sarif(counted, settings.rules, __version__, out)
        failed = any(seen[s] for s in Severity if s.rank >= fail_rank)
        return (EXIT_FINDINGS if failed else EXIT_OK), sum(seen.values())
    counts: Counter[Severity] = Counter()
    fixable = 0
    sources = _SourceLines()
    for finding in findings:
        counts[finding.severity] += 1
        fixable += finding.fix is not None
        if args.format == "jsonl":
            out.write(report.jsonl_line(finding) + "\n")
        elif args.format == "full":
            shown = sources.line(finding.path, finding.line, finding.mail is not None)
            line, cuts = shown if shown is not None else (None, [])
            out.write(report.full_block(finding, line, cuts, colour) + "\n\n")
        else:
            out.write(report.text_line(finding, colour) + "\n")
    if args.format in ("text", "full") and counts:
        out.write(report.summary_from_counts(counts, fixable) + "\n")
    failed = any(counts[s] for s in Severity if s.rank >= fail_rank)
    return (EXIT_FINDINGS if failed else EXIT_OK), sum(counts.values())


def _counting(findings: Iterable[Finding], counts: Counter[Severity]) -> Iterator[Finding]:
    for finding in findings:
        counts[finding.severity] += 1
        yield finding


class _SourceLines:
    """Source lines for the `full` format, passwords hidden (source_view), one file held
    at a time."""

    def __init__(self) -> None:
        self._path: str | None = None
        self._view: SourceView | None = None

    def line(
        self, path: str, number: int, mail: bool = False
    ) -> tuple[str, list[tuple[int, int]]] | None:
        # Decoded mail (quoted-printable, base64) is not the file's text, so its raw line
        # could show a password the masking cannot place; a member of an archive, or a
        # compressed file, has no raw line to show at all.
        from ..sources.kinds import PACKED_SUFFIXES

        if mail or "!" in path or path.endswith(PACKED_SUFFIXES) or path == "-":
            return None
        if path != self._path:
            from ..linter.source_view import SourceView
            from ..sources.text import SourceText

            self._path = path
            source = SourceText.read(path)
            self._view = SourceView(source.text) if source is not None else None
        return self._view.line(number) if self._view is not None else None


def _fixable_files(
    settings: Settings, paths: list[str]
) -> Iterator[tuple[str, SourceText, list[Edit]]]:
    """(path, its text, the edits of its safe fixes) for every file with one."""
    from ..core.inputs import InputFile
    from ..linter.fixes import fix_edits
    from ..sources.files import iter_files
    from ..sources.text import SourceText

    checker = _checker(settings)
    for item in iter_files(paths, selection=settings.selection):
        if not isinstance(item, InputFile):
            continue
        edits = fix_edits(checker.check_file(item))
        if not edits:
            continue
        source = SourceText.read(item.path)
        if source is None:
            _note(item.path, "not fixed: the file is too large or could not be read again")
        elif not source.exact:
            _note(
                item.path, "not fixed: some of its bytes do not decode as its byte order mark says"
            )
        else:
            yield item.path, source, edits


def _note(path: str, text: str) -> None:
    print(f"urlint: {_shown(path)}: {text}", file=sys.stderr)


def _fix(settings: Settings, paths: list[str]) -> int:
    from ..linter.fixes import fixed_bytes
    from ..sources.files import rewrite

    fixed = 0
    for path, source, edits in _fixable_files(settings, paths):
        try:
            data, applied = fixed_bytes(source, edits)
            rewrite(path, data)
        except (OSError, UnicodeEncodeError) as error:
            _note(path, f"cannot write the fixes: {error}")
            continue
        fixed += applied
    return fixed


def _diff(settings: Settings, paths: list[str], out: TextIO) -> int:
    from ..linter.fixes import masked_diff

    changed = False
    for path, source, edits in _fixable_files(settings, paths):
        diff = masked_diff(path, source, edits)
        if diff:
            changed = True
            out.write(diff)
    return EXIT_FINDINGS if changed else EXIT_OK


def _write_baseline(args: argparse.Namespace, settings: Settings, paths: list[str]) -> int:
    from ..linter.baseline import write_baseline
    from ..sources.files import file_id

    existing = file_id(args.write_baseline)
    skip = frozenset([existing]) if existing is not None else frozenset()
    tally = make_tally(args, "finding", paths, settings.selection, skip, own_summary=True)
    try:
        findings = _checker(settings, tally=tally).check_paths(paths, skip)
        count = write_baseline(args.write_baseline, findings)
    finally:
        if tally is not None:
            tally.settle()
    if not args.quiet:
        print(
            f"urlint: wrote a baseline of {count} finding{'s' if count != 1 else ''} to "
            f"{_shown(args.write_baseline)}",
            file=sys.stderr,
        )
    if tally is not None:
        tally.found = count
        tally.finish()
    return EXIT_OK


def run_rules(args: argparse.Namespace, out: io.TextIOWrapper) -> int:
    from ..linter.rules.catalogue import all_rules

    entries = all_rules()
    if args.format == "json":
        import json

        json.dump([entry.as_dict() for entry in entries], out, indent=1, ensure_ascii=False)
        out.write("\n")
        return EXIT_OK
    for entry in entries:
        default = "" if entry.on_by_default else "  (off unless selected)"
        out.write(
            f"{entry.code}  {entry.name:<28} {entry.severity.value:<8} {entry.summary}{default}\n"
        )
    return EXIT_OK


def run_rule(args: argparse.Namespace, out: io.TextIOWrapper) -> int:
    from ..linter.rules.catalogue import find

    entry = find(args.code)
    if entry is None:
        print(f"urlint: no rule '{_shown(args.code)}' (see `urlint rules`)", file=sys.stderr)
        return EXIT_ERROR
    from ..linter.rules.pages import rule_page

    out.write(rule_page(entry))
    return EXIT_OK


__all__ = ["run_check", "run_rule", "run_rules"]
