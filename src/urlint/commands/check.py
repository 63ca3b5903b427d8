"""`urlint check`: its arguments, and its run.

The configuration and the flags read, the inputs checked (here, or in units of work on
other cores), the findings written as the format asks; the exit status.

Past 600 lines: the command's plan, its run and its report, which share the parsed
arguments; what it writes into files is commands/writes.py's."""

from __future__ import annotations

import io
import os
import sys
from collections import Counter

# Only what builds the parser and plans the run is imported here (`urlint --help` builds
# every command's parser); the settings, the checker and the formats when a check runs.
from ..core.exits import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, ConfigError, OutputUnwritable
from ..core.records import record
from .options import (
    add_check_only_arguments,
    add_rule_arguments,
    add_run_arguments,
    add_selection_arguments,
    make_tally,
    read_nothing,
    run_engine,
)
from .writes import FixesLeft, diff_written, fix_in_place, ignores_added

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Iterable, Iterator
    from typing import TextIO

    from ..core.engines import Engine
    from ..core.findings import Finding, Severity
    from ..linter.baseline import Baseline
    from ..linter.config import Settings
    from ..linter.source_view import SourceView
    from ..sources.files import FileId
    from .options import Subcommands

CHECK_FORMATS = (
    "text", "concise", "full", "json", "jsonl", "sarif", "github", "gitlab", "junit",
    "markdown",
)  # fmt: skip


def add_check_parser(commands: Subcommands) -> None:
    """`urlint check`: its arguments."""
    check = commands.add_parser(
        "check",
        help="lint the URLs in the inputs against RFC 1738",
        description=(
            "Lint every URL in files and directories (recursively; '-' for standard input) "
            "against RFC 1738. Exit status: 0 nothing at or above --fail-on, 1 findings, "
            "2 usage, configuration or internal error, or no file found to read."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or directories (default: .); '-' for standard input",
    )
    check.add_argument(
        "--format", choices=CHECK_FORMATS, default="text", help="output format (default: text)"
    )
    check.add_argument(
        "-o", "--output", metavar="FILE", help="write the report to FILE instead of standard output"
    )
    check.add_argument(
        "--also-write",
        action="append",
        default=[],
        type=_format_and_file,
        metavar="FORMAT:FILE",
        help=(
            "also write the findings in FORMAT to FILE, from the same run (repeatable): "
            "`--format github --also-write sarif:urlint.sarif` annotates and writes SARIF"
        ),
    )
    check.add_argument(
        "--rule-pages",
        metavar="TEMPLATE",
        type=_template("{code}"),
        help=(
            "where each rule's page is, as a URL with {code} for the rule's code: SARIF's "
            "helpUri and the markdown format's links"
        ),
    )
    check.add_argument(
        "--source-links",
        metavar="TEMPLATE",
        type=_template("{path}"),
        help=(
            "where a file's line is shown, as a URL with {path} (from the working directory) "
            "and {line}: the markdown format's links to each finding"
        ),
    )
    check.add_argument(
        "--color",
        choices=("auto", "always", "never"),  # output.check.COLOR_CHOICES
        default="auto",
        help=(
            "colour the text and full formats: auto (on a terminal; NO_COLOR turns it off, "
            "FORCE_COLOR on), always, never (default: auto)"
        ),
    )
    check.add_argument(
        "--statistics",
        action="store_true",
        help="print how many findings each rule has, not the findings",
    )
    add_rule_arguments(check)
    check.add_argument(
        "--fail-on",
        choices=("error", "warning", "info"),
        help="lowest severity that fails the run (default: error; warnings are shown)",
    )
    check.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit 0 even with findings (2 still means an error)",
    )
    check.add_argument(
        "--baseline", metavar="FILE", help="do not report the findings this baseline accepts"
    )
    check.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="write a baseline accepting every current finding, and exit 0; over an "
        "existing baseline, say how many of its entries no longer occur (dropped)",
    )
    check.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes in place (standard input, '-' alone: the fixed text to "
        "standard output, the findings left to standard error)",
    )
    check.add_argument(
        "--diff", action="store_true", help="print the safe fixes as a unified diff; change nothing"
    )
    add_check_only_arguments(check)
    add_selection_arguments(check)
    add_run_arguments(check)


LINE_FORMATS = ("text", "concise", "full", "jsonl")  # one finding a line (or block), then a summary


@record
class _Plan:
    """What a check's flags and configuration decide before anything is read."""

    settings: Settings
    baseline: Baseline | None
    paths: list[str]
    engine: Engine
    # The run's own files, never read by it, named or walked: the baseline it reads (a
    # baseline lints as findings of the URLs it names, masked passwords among them).
    own: frozenset[FileId] = frozenset()


def run_check(args: argparse.Namespace, out: io.TextIOWrapper) -> int:
    """`urlint check` with the parsed `args`, the report written to `out`; the exit status.

    The report goes to -o's file where one is given. The exit status: 0 nothing at or
    above --fail-on, 1 findings, 2 an error."""
    try:
        plan = _planned(args)
    except ConfigError as error:
        return _error(_shown(str(error)))
    refused = _refused(args, plan.paths)
    if refused:
        return _error(refused)
    try:
        return _checked(args, plan, out)
    except (BrokenPipeError, KeyboardInterrupt, OutputUnwritable):
        raise
    except ConfigError as error:
        return _error(_shown(str(error)))
    except Exception as error:  # noqa: BLE001 - the contract: exit 2, a message, no traceback
        if os.environ.get("URLINT_DEBUG"):
            raise
        return _error(
            f"internal error: {type(error).__name__}: {_shown(str(error))} (set "
            "URLINT_DEBUG=1 for a traceback)"
        )


def _template(needed: str) -> Callable[[str], str]:
    """A URL template's check: it holds `needed` (an argparse type)."""

    def template(value: str) -> str:
        import argparse  # loaded: the parser is calling

        if needed not in value:
            raise argparse.ArgumentTypeError(f"{value!r} holds no {needed}")
        return value

    return template


def _format_and_file(value: str) -> tuple[str, str]:
    """--also-write's FORMAT:FILE, split at its first ':' (a format has none; a file may)."""
    import argparse  # loaded: the parser is calling

    format, colon, path = value.partition(":")
    if not colon or not path or format not in CHECK_FORMATS:
        raise argparse.ArgumentTypeError(
            f"{value!r} is not FORMAT:FILE with FORMAT one of {', '.join(CHECK_FORMATS)}"
        )
    return format, path


def _planned(args: argparse.Namespace) -> _Plan:
    """What a check's `args` ask for: settings, baseline, paths (default .), engine.

    Raises ConfigError."""
    from ..linter.config import settings_of
    from ..sources.files import input_paths

    settings = settings_of(args)
    baseline = None
    own: frozenset[FileId] = frozenset()
    if args.baseline:
        from ..linter.baseline import Baseline
        from ..sources.files import file_id

        baseline = Baseline.load(args.baseline)
        found = file_id(args.baseline)  # the same file by any name or link: by identity
        own = frozenset([found]) if found is not None else own
    paths = input_paths(args.paths, args.files_from, args.from0)
    if args.stdin_filename is not None and "-" not in paths:
        if paths:
            raise ConfigError("--stdin-filename names standard input: give '-' as a PATH")
        paths = ["-"]
    if not paths and args.files_from is None:
        paths = ["."]
    return _Plan(settings, baseline, paths, run_engine(args, paths), own)


def _refused(args: argparse.Namespace, paths: list[str]) -> str:
    """Why the flags cannot go with these inputs, as said (masked); "" when they can.

    Standard input is fixed alone, and never given a diff or comments; an output file that
    is also an input is not written over."""
    if (args.diff or args.add_ignore) and "-" in paths:
        return "--diff and --add-ignore work on files, not standard input"
    if args.fix and "-" in paths and (paths != ["-"] or args.output or args.also_write):
        return (
            "--fix on standard input takes it alone ('-' the only PATH, no -o or "
            "--also-write): the fixed text goes to standard output"
        )
    also = [path for _, path in args.also_write]
    if also and (args.diff or args.add_ignore or args.write_baseline or args.statistics):
        return (
            "--also-write goes with a report of the findings, not --diff, --add-ignore, "
            "--write-baseline or --statistics"
        )
    targets = [("-o", args.output), ("--write-baseline", args.write_baseline)]
    for option, target_path in [*targets, *(("--also-write", path) for path in also)]:
        if target_path and _is_named_input(target_path, paths):
            return (
                f"{option} {_shown(target_path)}: that file is also an input; it is not "
                "written over"
            )
    return ""


def _checked(args: argparse.Namespace, plan: _Plan, out: io.TextIOWrapper) -> int:
    """The check the flags ask for, run; its exit status.

    A baseline written, or comments added; else what the run writes, to -o's file where one
    is given (sources.output_file: whole or not at all), else to `out`."""
    if not (args.show_settings or args.show_files) and read_nothing(
        plan.paths, plan.settings.selection, plan.own
    ):
        return EXIT_ERROR
    if args.add_ignore:
        return ignores_added(plan.settings, plan.paths, plan.baseline, plan.own, args.quiet)
    if args.write_baseline:
        from .baseline import write_check_baseline

        return write_check_baseline(args, plan.settings, plan.paths, plan.own)
    if args.fix and plan.paths == ["-"]:
        return _fixed_stdin(args, plan)
    if not args.output and not args.also_write:  # a hook's run: standard output alone
        return _written_out(args, plan, out)
    from contextlib import ExitStack

    from ..sources.output_file import OutputFile

    with ExitStack() as files:
        # --also-write's files, made as -o's is: whole or not at all, and never read
        also = [(format, files.enter_context(OutputFile(path))) for format, path in args.also_write]
        skip = frozenset().union(*(file.skip for _, file in also))
        streams = [(format, file.stream) for format, file in also]
        if args.output and args.output != "-":
            report_file = files.enter_context(OutputFile(args.output))
            return _written_out(args, plan, report_file.stream, skip | report_file.skip, streams)
        return _written_out(args, plan, out, skip, streams)


def _written_out(
    args: argparse.Namespace,
    plan: _Plan,
    out: TextIO,
    skip: frozenset[FileId] = frozenset(),
    also: list[tuple[str, TextIO]] | None = None,
) -> int:
    """What the run writes, written to `out`; its exit status.

    What the run would use or read, the fixes shown as a diff, or the findings reported
    (after the fixes are applied, with --fix), and in each of `also`'s formats to its
    stream. The files in `skip` (-o's and --also-write's) are not read."""
    if args.show_settings or args.show_files:
        from .show import show_files, show_settings

        if args.show_settings:
            return show_settings(args, plan.settings, out)
        return show_files(plan.paths, plan.settings.selection, out, plan.own | skip)
    if args.diff:
        return diff_written(plan.settings, plan.paths, out)
    fixed, not_fixed = fix_in_place(plan.settings, plan.paths) if args.fix else (0, 0)
    left = FixesLeft()
    status = _report(args, plan, out, skip, also or [], left if args.fix else None)
    if args.fix and not args.quiet:
        print(f"urlint: fixed {fixed} problem{'s' if fixed != 1 else ''}", file=sys.stderr)
    if not_fixed:
        return EXIT_ERROR  # a file left as it was, its fixes refused: not a finding
    if left.count:
        # A fix that overlaps another's is left for the next run, and a fix's text may
        # show a URL that has a fix of its own: said, and not a clean run
        print(
            f"urlint: {left.count} fixable problem{'s' if left.count != 1 else ''} not fixed: "
            "a fix overlapped another, or a fixed URL has another fix (run --fix again)",
            file=sys.stderr,
        )
        status = max(status, EXIT_FINDINGS)
    return EXIT_OK if args.exit_zero else status


def _error(said: str) -> int:
    """`said` (masked already) on standard error; exit status 2."""
    print(f"urlint: {said}", file=sys.stderr)
    return EXIT_ERROR


def _is_named_input(target: str, paths: list[str]) -> bool:
    from ..sources.files import file_id

    target_id = file_id(target)
    return target_id is not None and any(
        path != "-" and file_id(path) == target_id for path in paths
    )


def _shown(text: str) -> str:
    from ..grammar.display import shown

    return shown(text)


def _report(
    args: argparse.Namespace,
    plan: _Plan,
    out: TextIO,
    skip: frozenset[FileId],
    also: list[tuple[str, TextIO]],
    left: FixesLeft | None = None,
) -> int:
    """The findings under the plan's paths written to `out`, and in each of `also`'s
    formats to its stream; the exit status (`out`'s format's). `left` counts those with a
    fix (after --fix, those it left).

    The files in `skip`, and the run's own (the baseline it reads), are not read; the
    run's progress and summary go to standard error."""
    settings, paths = plan.settings, plan.paths
    skip |= plan.own
    # The text and full formats end with a summary of their own ("Found 2 problems").
    own_summary = args.format in ("text", "full") and not args.statistics
    tally = make_tally(args, "finding", paths, settings.selection, skip, own_summary)
    if tally is not None and not _to_file(args):
        out = tally.guarded(out)
    from ..linter.checker import Checker

    checker = Checker(settings, plan.baseline, tally, args.stdin_filename)
    if plan.engine.serial or args.stdin_filename is not None:
        findings = checker.check_paths(paths, skip)
    else:
        from ..work.check import check_in_units

        findings = check_in_units(checker, paths, skip, plan.engine, tally)
    if left is not None:
        findings = left.counted(findings)
    spool = _Spool() if also else None
    try:
        if spool is not None:
            findings = spool.kept(findings)
        status, found = _write_report(args, settings, findings, out)
        if spool is not None:
            for format, stream in also:
                written_as = type(args)(**{**vars(args), "format": format})
                _write_report(written_as, settings, spool.again(), stream)
    finally:
        if tally is not None:
            tally.settle()
        if spool is not None:
            spool.close()
    if tally is not None:
        tally.found = found
        tally.finish(out)
    return status


class _Spool:
    """A run's findings kept on disk as they pass, to be written again in other formats.

    The findings are written as they come and never held (`_write_report`): --also-write's
    other formats read them back from a temporary file, so memory stays flat."""

    def __init__(self) -> None:
        import tempfile

        self._file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()

    def kept(self, findings: Iterable[Finding]) -> Iterator[Finding]:
        """`findings`, each kept as it passes."""
        import pickle

        for finding in findings:
            pickle.dump(finding, self._file, pickle.HIGHEST_PROTOCOL)
            yield finding

    def again(self) -> Iterator[Finding]:
        """The findings kept, in their order."""
        import pickle

        self._file.seek(0)
        while True:
            try:
                yield pickle.load(self._file)
            except EOFError:
                return

    def close(self) -> None:
        self._file.close()


def _write_report(
    args: argparse.Namespace, settings: Settings, findings: Iterable[Finding], out: TextIO
) -> tuple[int, int]:
    """The findings written as the format asks: (the exit status, how many there were).
    Every format is written as the findings come: a run's findings are never held."""
    from ..core.findings import Severity

    counts: Counter[Severity] = Counter()
    if args.statistics or args.format not in LINE_FORMATS:
        _write_whole(args, settings, _counting(findings, counts), out)
    else:
        _write_lines(args, findings, counts, out, settings.options.target)
    fail_rank = settings.fail_on.rank
    failed = any(counts[s] for s in Severity if s.rank >= fail_rank)
    return (EXIT_FINDINGS if failed else EXIT_OK), sum(counts.values())


def _write_whole(
    args: argparse.Namespace, settings: Settings, findings: Iterable[Finding], out: TextIO
) -> None:
    """The statistics, or a format written as one document (json, github, sarif, gitlab,
    junit, markdown)."""
    from ..output import check as report

    # The standard the run linted against goes where a format has a place for it: each
    # json finding, the JUnit test suite's properties, the SARIF run's property bag. A
    # GitHub annotation and a GitLab Code Quality issue have none (their messages say it
    # where the targets differ).
    target = settings.options.target
    if args.statistics:
        out.writelines(line + "\n" for line in report.statistics(findings))
    elif args.format == "json":
        report.write_json(findings, out, target)
    elif args.format == "github":
        from ..output.github import write_github

        write_github(findings, out)
    elif args.format == "gitlab":
        from ..output.gitlab import write_gitlab

        write_gitlab(findings, out)
    elif args.format == "junit":
        from ..output.junit import write_junit

        write_junit(findings, out, settings.fail_on, target)
    elif args.format == "markdown":
        from ..linter.rules.rule import STANDARD_NAMES
        from ..output.markdown import write_markdown

        standard = STANDARD_NAMES[target]
        write_markdown(findings, out, standard, args.rule_pages, args.source_links)
    else:  # sarif
        from ..core.version import __version__
        from ..output.sarif import write_sarif

        write_sarif(
            findings, settings.rules, __version__, out, target=target, rule_pages=args.rule_pages
        )


def _write_lines(
    args: argparse.Namespace,
    findings: Iterable[Finding],
    counts: Counter[Severity],
    out: TextIO,
    target: str,
) -> None:
    """A line (a block, for `full`) for each finding, counted in `counts`; the text and
    full formats end with a summary, which names the standard the run linted against
    (`target`), as each jsonl finding does.

    The output formats load with the first finding: a clean run, a pre-commit hook's most
    often, writes nothing and needs none of them."""
    written: Callable[[Finding], str] | None = None
    fixable = 0
    for finding in findings:
        if written is None:
            written = _finding_text(args.format, target, _colour(args, out), args.stdin_filename)
        counts[finding.severity] += 1
        fixable += finding.fix is not None
        out.write(written(finding))
    if args.format in ("text", "full") and counts:
        from ..linter.rules.rule import STANDARD_NAMES
        from ..output import check as report

        out.write(report.summary_from_counts(counts, fixable, STANDARD_NAMES[target]) + "\n")


def _colour(args: argparse.Namespace, out: TextIO) -> bool:
    """Whether the text and full formats colour their findings: --color, NO_COLOR,
    FORCE_COLOR and whether the report goes to a terminal (output.check.use_colour says how)."""
    if args.format not in ("text", "full"):
        return False
    from ..output.check import use_colour

    return use_colour(args.color, not _to_file(args) and out.isatty(), os.environ)


def _to_file(args: argparse.Namespace) -> bool:
    """Does the run write to -o's file, not standard output (`-o -`)?"""
    return bool(args.output) and args.output != "-"


def _finding_text(
    format: str, target: str, colour: bool, stdin_name: str | None = None
) -> Callable[[Finding], str]:
    """What a finding is written as in a line format (`format`), its line end included.

    `target`: the standard the run linted against (a jsonl finding's `target`);
    `stdin_name`: the name standard input was read as, whose lines are not on the disk."""
    from ..output import check as report

    if format == "jsonl":
        return lambda finding: report.jsonl_line(finding, target) + "\n"
    if format == "full":
        from ..output.full import full_block

        sources = _SourceLines()

        def block(finding: Finding) -> str:
            not_on_disk = finding.mail is not None or finding.path == stdin_name
            shown = sources.line(finding.path, finding.line, not_on_disk)
            line, cuts = shown if shown is not None else (None, [])
            return full_block(finding, line, cuts, colour) + "\n\n"

        return block
    return lambda finding: report.text_line(finding, colour) + "\n"


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
        """Line `number` of the file at `path`, masked, and the spans of its passwords.

        None where the finding's text is not the file's own (`mail`: a message's,
        decoded)."""
        if mail:
            return None
        if path != self._path:
            from ..linter.source_view import SourceView
            from ..sources.text import SourceText

            self._path = path
            source = SourceText.read(path) if _is_own_file(path) else None
            self._view = SourceView(source.text) if source is not None else None
        return self._view.line(number) if self._view is not None else None


def _is_own_file(path: str) -> bool:
    """Is the text at `path` a file's own, raw on disk?

    Not for standard input (read once), nor a compressed file, nor a member of an archive:
    the archive is a file the run read, `path` its name, "!" and the member's
    (output.sarif.split_member asks the disk, as the SARIF report does); a file whose own
    name holds a "!" is a file. (Decoded mail, quoted-printable or base64, is not the
    file's text either, so its raw line could show a password the masking cannot place:
    the finding tells that.)"""
    from ..sources.kinds import PACKED_SUFFIXES

    if path == "-" or path.endswith(PACKED_SUFFIXES):
        return False
    if "!" in path:
        from ..output.sarif import split_member

        return split_member(path) is None
    return True


def _fixed_stdin(args: argparse.Namespace, plan: _Plan) -> int:
    """`check --fix -`: standard input's fixed text on standard output (commands.writes),
    then the findings left, and how many were fixed, on standard error."""
    import io

    from ..core.findings import Finding
    from ..linter.checker import Checker
    from ..sources.text import read_chunks, scan_texts
    from .writes import fixed_stdin

    name = args.stdin_filename or "-"
    fixed, count = fixed_stdin(plan.settings, name)
    if fixed is None:
        return EXIT_ERROR
    checker = Checker(plan.settings, plan.baseline, stdin_name=name)
    found = checker.check_items(name, scan_texts(read_chunks(io.BytesIO(fixed)), name))
    findings = (finding for finding in found if isinstance(finding, Finding))
    status, _ = _write_report(args, plan.settings, findings, sys.stderr)
    if not args.quiet:
        print(f"urlint: fixed {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
    return EXIT_OK if args.exit_zero else status


__all__ = ["add_check_parser", "run_check"]
