"""`urlint check` as a stream: inputs in, findings out, suppressions and baseline applied.

The one place that joins the pipeline (sources and scanner) to the linter. It does no
printing; the CLI hands what it yields to a reporter.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..core.exits import ConfigError
from ..core.findings import Finding, Fix
from ..core.inputs import ArticleRead, Crossposts, InputFile, Reading
from ..core.model import Candidate, Flag, Position, ScannedText, Span
from ..core.problems import Problem
from ..core.records import replaced
from ..pipeline import scan_file_texts
from ..scanner.scanner import scan
from ..sources.files import FileId, iter_files
from ..sources.kinds import file_syntax
from ..sources.opening import STDIN
from ..sources.text import scan_texts
from .certainty import graded, in_blocks, is_test_data, test_blocks
from .config import Settings, covered
from .fixable import COMMENTS, PROSE, fix_may_apply, fix_scope, plain_raw_text
from .rules.catalogue import rules_by_code
from .rules.engine import Linter
from .suppressions import RangeDirectives, Suppressions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from ..core.counts import ReadingObserver
    from ..core.message import InMessage
    from .baseline import Baseline
    from .whole_text import WholeText

_FILE_START = Span(Position(1, 1), Position(1, 1))
# What a finding on a pipermail archive's `mailto:user at host` says it was read as.
PIPERMAIL_NOTE = " (read as an address the archive wrote `user at host`)"


class Checker:
    """The rules run over inputs: their findings, suppressions and the baseline applied.

    It reads each input through the pipeline, in this process; the check command hands it
    the units of a run on other cores (work.check.check_in_units). An `observer` (the run's
    progress line) hears of each input's start and end and of each text linted."""

    def __init__(
        self,
        settings: Settings,
        baseline: Baseline | None = None,
        observer: ReadingObserver | None = None,
        stdin_name: str | None = None,
    ) -> None:
        self.settings = settings
        self.stdin_name = stdin_name  # standard input is read as this file (--stdin-filename)
        self.linter = Linter(settings.rules, settings.options)
        self.baseline = baseline
        self.observer = observer
        self.crossposts = Crossposts()  # news articles read (a crosspost is checked once)
        self.reading = Reading()  # what the input being read is read as, and how far
        # The last markup text read, so that the next chunk of the same long text knows
        # whether a code span or an element is open where its text starts
        self._chunk_before: _MarkupReading | None = None

    def check_paths(
        self, paths: Iterable[str], skip: frozenset[FileId] = frozenset()
    ) -> Iterator[Finding]:
        """Every finding under `paths`, file by file in a stable order, streamed.

        But the files in `skip`, and what the settings' selection passes over in a walk;
        read in this process (work.check.check_in_units checks them in units of work, on other
        cores)."""
        for item in iter_files(paths, skip, self.settings.selection):
            if isinstance(item, Problem):
                yield from self.problem_findings(item)
            elif self.stdin_name is not None and item.path == STDIN:
                yield from self.check_stdin(self.stdin_name)
            else:
                yield from self.check_file(item)

    def check_stdin(self, name: str) -> Iterator[Finding]:
        """The findings of standard input read as the file `name` (--stdin-filename).

        Its syntax, per-file-ignores and the path the findings name are `name`'s, as ruff's
        --stdin-filename has them. Text only: raises ConfigError for mail, an archive or a
        compressed stream, which `-` alone reads. Nothing is read where --force-exclude
        and exclude pass over `name`."""
        from ..sources.kinds import TEXT, recognised
        from ..sources.opening import input_stream

        if self.settings.selection.excludes(name):
            return
        with input_stream(STDIN) as stream:
            _, stream, kind = recognised(STDIN, stream, name)
            if kind != TEXT:
                raise ConfigError(
                    f"--stdin-filename {name}: standard input holds {kind}, not text: give "
                    "it as '-' alone"
                )
            yield from self.check_items(name, _stdin_texts(stream, name))  # type: ignore[misc]  # no marks

    def findings_of(self, events: Iterable[object]) -> Iterator[Finding]:
        """The findings of the events of units checked, a problem met planning among them.

        The events are `check_unit`'s, in order and placed (run.runner.run_work); the
        ranges' suppressions of each text file are joined, and a problem met while planning
        is its finding."""
        from typing import cast  # the -j path only: a pre-commit run does not load typing

        for event in self.ranges_joined(events):
            if isinstance(event, Problem):  # met while planning: a path not read
                yield from self.problem_findings(event)
            else:
                yield from self._not_in_baseline([cast(Finding, event)])

    def ranges_joined(self, events: Iterable[object], unfinished: bool = True) -> Iterator[object]:
        """`events`, each text file's RangeDirectives joined into its M901 findings.

        In their place, after a file's last range, the M901 findings of its suppressions
        that suppressed nothing; with `unfinished`, also of a file whose last range was not
        read (when the next file read in ranges starts, or at the end)."""
        ranges: tuple[str, Suppressions] | None = None  # the file whose ranges are read
        for event in events:
            if not isinstance(event, RangeDirectives):
                yield event
                continue
            if ranges is None or ranges[0] != event.path:
                if unfinished:
                    yield from self._ranges_unused(ranges)
                ranges = (event.path, Suppressions())
            ranges[1].join(event)
            if event.final:
                yield from self._ranges_unused(ranges)
                ranges = None
        if unfinished:
            yield from self._ranges_unused(ranges)

    def _ranges_unused(self, ranges: tuple[str, Suppressions] | None) -> Iterator[Finding]:
        if ranges is not None:
            yield from self.unused_suppressions(ranges[1], ranges[0])

    def unused_suppressions(self, suppressions: Suppressions, path: str) -> Iterator[Finding]:
        """The M901 findings of the file `path`'s suppressions that suppressed nothing."""
        for finding in self._unused(suppressions, path):
            if finding is not None:
                yield finding

    def check_file(self, source: InputFile) -> Iterator[Finding]:
        """The findings of one input, read through the pipeline in this process."""
        observer = self.observer
        items = scan_file_texts(source, self.crossposts, self.reading)
        if observer is None:
            return self.check_items(source.path, items)  # type: ignore[return-value]  # no marks
        return self._observed(source, items, observer)

    def _observed(
        self,
        source: InputFile,
        items: Iterable[ScannedText | Problem | ArticleRead],
        observer: ReadingObserver,
    ) -> Iterator[Finding]:
        observer.reading(source, self.reading)
        yield from self.check_items(source.path, items)  # type: ignore[misc]  # no marks
        observer.read(source)

    def check_items(
        self,
        path: str,
        items: Iterable[ScannedText | Problem | ArticleRead],
        range_suppressions: Suppressions | None = None,
    ) -> Iterator[Finding | ArticleRead]:
        """The findings of one input's scanned texts, its news articles' marks among them.

        The marks are a worker's reading's (run.worker.worked), passed on. With
        `range_suppressions`, the suppressions of a range of a text file (its look back's
        directives, collected before: check_unit), whose unused ones the writer's process
        says (`ranges_joined`), not this."""
        suppressions = Suppressions() if range_suppressions is None else range_suppressions
        for item in items:
            if isinstance(item, ArticleRead):
                yield item
                continue
            if isinstance(item, Problem):
                yield from self.problem_findings(item)
                continue
            if item.mail is not None or item.path is not None:
                yield from self._not_in_baseline(self.lint_mail(item, item.path or path))
                continue
            yield from self._not_in_baseline(self.lint_text(item, path, suppressions))
        if range_suppressions is None:
            yield from self._not_in_baseline(self._unused(suppressions, path))

    def lint_text(
        self,
        scanned: ScannedText,
        path: str,
        suppressions: Suppressions,
        whole: WholeText | None = None,
    ) -> Iterator[Finding]:
        """The findings in a scanned plain text, suppressions and per-file ignores applied.

        A fix is offered only where applying it cannot change what the file means
        (linter.fixable): in the kinds and contexts urlint knows to be prose, never in what
        markup shows as written (scanner.markup_lines.as_written), never for a URL whose
        raw text may mean more than its characters, and in code never past the comment's
        own line. With `whole`, the text is a chunk of that text, and what markup shows as
        written and the test blocks are read over the whole of it (linter.whole_text), as
        the whole text's lint reads them."""
        if self.observer is not None:
            self.observer.tick()
        ignores = self.settings.ignores_in(path)  # per-file-ignores: matched once a text
        syntax = file_syntax(path)  # once: a name without an extension is read for its #!
        scope = fix_scope(syntax)
        reading: _MarkupReading | _WholeReading | None = None
        if scope == PROSE and syntax != "text":  # a hook's README.txt loads no markup module
            if whole is not None:
                reading = _WholeReading(whole, scanned)
            else:
                reading = self._markup_reading(syntax, scanned, path)
            if not reading.known:
                scope = None  # what it shows as written cannot be told: no fix (fail safe)
        suppressions.collect_from(scanned)
        test_data = self.settings.test_data == "info" and is_test_data(path)
        blocks: list[tuple[int, int]] = []  # (prose keeps no test blocks)
        if scope == COMMENTS and self.settings.test_data == "info" and not test_data:
            blocks = (
                test_blocks(path, scanned.text)
                if whole is None
                else whole.blocks_in(scanned.offset_base, scanned.offset_base + len(scanned.text))
            )
        for candidate in scanned.candidates:
            keeps_fixes = fix_may_apply(candidate, scope)
            text_asked = False  # the URL's own text is asked once, for its first fix
            findings = self._lint(candidate, path)
            said = _its_lines(scanned, candidate) if findings else ""
            in_tests = test_data or (
                bool(findings) and bool(blocks) and _in_a_block(scanned, candidate, blocks)
            )
            for finding in graded(findings, candidate, in_tests, said):
                if ignores and covered(finding.code, ignores):
                    continue
                if suppressions.suppresses(finding):
                    continue
                if finding.fix is not None:
                    if keeps_fixes and not text_asked:
                        as_written = reading.as_written() if reading is not None else []
                        keeps_fixes = _fixable_text(scanned, candidate, syntax, scope, as_written)
                        text_asked = True
                    if not keeps_fixes or (
                        scope == COMMENTS and _beyond_its_line(finding.fix, candidate)
                    ):
                        finding = replaced(finding, fix=None)
                yield finding

    def _markup_reading(self, syntax: str, scanned: ScannedText, path: str) -> _MarkupReading:
        """The markup text's reading of what no fix may change, and whether it is known.

        A later chunk of a long file (sources.text.scan_texts) is handed the fence or
        literal block open where its text starts; a code span, an element or a literal open
        there is told by the chunk before's reading, which its text starts inside of. Not
        known: a chunk whose text starts inside one, or after a chunk that was not known,
        or a range of a file read from its middle."""
        offset = scanned.offset_base
        known = True
        before = self._chunk_before
        if offset:
            known = scanned.start_known and before is not None and before.path == path
            if known and before is not None:
                from ..scanner.markup_lines import open_across

                inline = before.inline()  # read now: its text is let go
                at = offset - before.offset
                known = (
                    inline is not None
                    and 0 <= at <= before.length
                    and not open_across(inline, at, before.length)
                )
        reading = _MarkupReading(syntax, scanned, path, known)
        self._chunk_before = reading
        return reading

    def lint_mail(self, scanned: ScannedText, path: str) -> Iterator[Finding]:
        """The findings in decoded mail, or in a text inside an archive.

        At raw file positions, with the message they are in. No fixes (the decoded text is
        not the file's), and no inline suppressions (a comment in a message is not the
        project's to write)."""
        if self.observer is not None:
            self.observer.tick()
        ignores = self.settings.ignores_in(path)
        for candidate in scanned.candidates:
            read_as_address = Flag.PIPERMAIL_ADDRESS in candidate.flags
            for finding in graded(self._lint(candidate, path, scanned.mail), candidate, False):
                if ignores and covered(finding.code, ignores):
                    continue
                if read_as_address:  # the URL it is said of is not the text's
                    finding = replaced(finding, message=finding.message + PIPERMAIL_NOTE)
                yield replaced(finding, fix=None) if finding.fix is not None else finding

    def _lint(
        self, candidate: Candidate, path: str, mail: InMessage | None = None
    ) -> list[Finding]:
        """The candidate's findings; a fault of a rule is M902 for this URL, and the run
        goes on with the next."""
        try:
            return self.linter.lint(candidate, path, mail)
        except Exception as error:  # noqa: BLE001 - one URL's fault never ends the run
            from ..core.faults import internal_error  # a fault's path: not a hook's every run

            finding = self._run_finding(
                "M902", f"URL not linted: {internal_error(error)}", path, candidate.span
            )
            return [] if finding is None else [replaced(finding, mail=mail)]

    def _not_in_baseline(self, findings: Iterable[Finding | None]) -> Iterator[Finding]:
        for finding in findings:
            if finding is None:
                continue
            if self.baseline is not None and self.baseline.accepts(finding):
                continue
            yield finding

    def problem_findings(self, problem: Problem) -> Iterator[Finding]:
        """The finding `problem` makes (an input not read: M-codes), unless it is silent,
        off, ignored for its path or in the baseline."""
        return self._not_in_baseline([self._problem(problem)])

    def _problem(self, problem: Problem) -> Finding | None:
        if problem.silent:
            return None
        kind = problem.kind
        at = Position(problem.line, 1)
        finding = self._run_finding(
            kind.code, kind.finding_message(problem.reason), problem.path, Span(at, at)
        )
        return (
            replaced(finding, mail=problem.mail)
            if finding is not None and problem.mail is not None
            else finding
        )

    def _unused(self, suppressions: Suppressions, path: str) -> Iterator[Finding | None]:
        for directive, selector in suppressions.unused():
            what = "`urlint: ignore`" if selector == "*" else f"'{selector}'"
            known = selector == "*" or any(code.startswith(selector) for code in rules_by_code())
            message = (
                f"unused suppression: {what} matches no finding here"
                if known
                else f"unknown rule code '{selector}' in a suppression"
            )
            yield self._run_finding("M901", message, path, directive.span)

    def _run_finding(self, code: str, message: str, path: str, span: Span) -> Finding | None:
        if not self.settings.enabled(code) or self.settings.ignored_in(path, code):
            return None
        entry = rules_by_code()[code]
        return Finding(code, entry.name, entry.severity, message, span, path)


def _stdin_texts(stream: BinaryIO, name: str) -> Iterator[ScannedText | Problem]:
    """Standard input's text scanned in the syntax `name` says; a problem reading it yielded."""
    from ..core.problems import ProblemKind
    from ..sources.opening import unreadable
    from ..sources.text import BinaryInput, read_chunks

    try:
        yield from scan_texts(read_chunks(stream), name)
    except BinaryInput as error:
        yield Problem(ProblemKind.BINARY, str(error), name, explicit=True)
    except OSError as error:
        yield unreadable(error, name)


def _in_a_block(scanned: ScannedText, candidate: Candidate, blocks: list[tuple[int, int]]) -> bool:
    """Does `candidate` start inside one of `blocks` (offsets in `scanned`'s text: the
    test blocks its file keeps, certainty.test_blocks)?"""
    start = candidate.span.start.offset
    return start is not None and in_blocks(start - scanned.offset_base, blocks)


def _its_lines(scanned: ScannedText, candidate: Candidate) -> str:
    """The text of the lines `candidate` stands on, at most _SAID characters either side of
    it, its own text written " URL " (so that its words say nothing of it): what the text
    says of the URL (certainty.called_invalid); "" where its place cannot be told."""
    base = scanned.offset_base
    start, end = candidate.span.start.offset, candidate.span.end.offset
    text = scanned.text
    if start is None or end is None or not 0 <= start - base <= end - base <= len(text):
        return ""
    start, end = start - base, end - base
    before = max(text.rfind("\n", max(0, start - _SAID), start) + 1, start - _SAID)
    after = text.find("\n", end, end + _SAID)
    return text[before:start] + " URL " + text[end : after if after >= 0 else end + _SAID]


_SAID = 100  # how far either side of a URL what the text says of it is read


class _MarkupReading:
    """What a markup text shows or tools read as written (scanner.markup_kept.fix_free),
    read when first asked: a text with no fix to place never reads it, but for the chunk
    after it in a long file, which asks what it left open (`inline`)."""

    def __init__(self, syntax: str, scanned: ScannedText, path: str, known: bool) -> None:
        self.path, self.offset, self.length = path, scanned.offset_base, len(scanned.text)
        self.known = known
        self._syntax, self._text, self._opened = syntax, scanned.text, scanned.opened
        self._read: tuple[list[tuple[int, int]], list[tuple[int, int]]] | None = None

    def _spans(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        if self._read is None:
            from ..scanner.markup_kept import fix_free

            self._read = fix_free(self._syntax, self._text, self._opened)
            self._text = ""  # read: not held longer
        return self._read

    def as_written(self) -> list[tuple[int, int]]:
        """Where no fix goes, sorted, apart."""
        return self._spans()[0]

    def inline(self) -> list[tuple[int, int]] | None:
        """The part inside or across lines; None where the reading is not known."""
        return self._spans()[1] if self.known else None


class _WholeReading:
    """A chunk's part of what its whole text shows as written (linter.whole_text): known."""

    known = True

    def __init__(self, whole: WholeText, scanned: ScannedText) -> None:
        self._whole, self._start, self._end = whole, scanned.offset_base, len(scanned.text)
        self._written: list[tuple[int, int]] | None = None

    def as_written(self) -> list[tuple[int, int]]:
        """Where no fix goes in the chunk's text, sorted, apart (cut out of the whole text's
        once a chunk: each of its URLs with a fix asks)."""
        if self._written is None:
            self._written = self._whole.written_in(self._start, self._start + self._end)
        return self._written


def _fixable_text(
    scanned: ScannedText,
    candidate: Candidate,
    syntax: str,
    scope: str | None,
    as_written: list[tuple[int, int]],
) -> bool:
    """May a fix edit `candidate` by what its raw text is and where it stands: outside what
    markup shows as written, and holding nothing its syntax may give a meaning
    (fixable.plain_raw_text)? No where its raw text cannot be told (fail safe)."""
    base = scanned.offset_base
    runs = []
    for piece in candidate.pieces:
        start, end = piece.start.offset, piece.end.offset
        if start is None or end is None or not 0 <= start - base <= end - base <= len(scanned.text):
            return False
        runs.append((start - base, end - base))
    if not runs:
        return False
    if as_written:
        from ..scanner.markup_lines import within

        if within(as_written, runs[0][0], max(runs[-1][1], runs[0][0] + 1)):
            return False
    raw = "".join(scanned.text[start:end] for start, end in runs)
    return plain_raw_text(raw, syntax, scope)


def _beyond_its_line(fix: Fix, candidate: Candidate) -> bool:
    """Does an edit of `fix` reach past the line `candidate` starts on? In a code file a
    comment ends with its line, and the next line is code: a wrapper closed there (X105's
    `>`), or an edit of a wrapper's text read on into it, would break the program."""
    line = candidate.span.start.line
    return any(edit.span.start.line != line or edit.span.end.line != line for edit in fix.edits)


def findings_in_text(text: str, settings: Settings, path: str = "") -> list[Finding]:
    """Every finding in `text` under `settings`, read as plain text named `path`, inline
    suppressions applied (the library's `urlint.lint`, which says what it takes)."""
    checker = Checker(settings)
    suppressions = Suppressions()
    found = list(checker.lint_text(ScannedText(text, 1, 0, scan(text)), path, suppressions))
    found.extend(checker.unused_suppressions(suppressions, path))
    return found
