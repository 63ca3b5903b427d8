"""The work `check` hands the runner, and how the writer places a range's results.

`urlint check -j` and the library's `check_paths` run it alike: a unit's findings, made in a
worker by the rules, suppressions and per-file ignores of the run's settings; the baseline
is applied by the writer's process, in the run's order (Checker.findings_of)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from ..core.findings import Finding
from ..core.inputs import ArticleRead
from ..core.problems import Problem
from ..core.units import TextRange
from ..linter.checker import Checker
from ..linter.suppressions import RangeDirectives, Suppressions
from ..pipeline import scan_input_marked
from ..run.plan import planned_units
from ..run.runner import run_work
from ..run.worker import worked

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.engines import Engine
    from ..core.inputs import Crossposts, InputFile, Reading
    from ..core.model import ScannedText
    from ..linter.config import Settings
    from ..run.progress import Tally
    from ..run.work import Unit, UnitResult
    from ..sources.files import FileId


def check_in_units(
    checker: Checker,
    paths: Iterable[str],
    skip: frozenset[FileId],
    engine: Engine,
    tally: Tally | None,
) -> Iterator[Finding]:
    """`checker.check_paths` in units of work: the same findings in the same order.

    On `engine`: its processes here or a Dask cluster's workers (run.runner.run_work);
    `urlint check -j` and `check_paths` run it.

    A large text file is checked in ranges, an mbox in runs of messages (mail has no
    suppressions). A text file's suppressions are the file's: each range's findings are
    suppressed by the directives on its lines and those before it, and the ranges'
    directives are joined here, in order, to say at the file's end which suppressed nothing
    (M901), as the check of the whole file says it."""
    settings = checker.settings
    units = planned_units(paths, selection=settings.selection, skip=skip, relative=True)
    work = partial(check_unit, settings=settings)
    events = run_work(units, work, engine, tally, placed_findings)
    yield from checker.findings_of(events)


def check_unit(unit: Unit, settings: Settings) -> UnitResult:
    """A unit of work (core/units.py) checked in a worker process: its findings.

    File by file (no baseline: the writer's process applies it, in the run's order). A range
    of a text file ends with its RangeDirectives, for the writer to join
    (Checker.findings_of)."""
    checker = Checker(settings)
    in_range = isinstance(unit, TextRange)
    final = unit.final if isinstance(unit, TextRange) else False  # the file's last range
    # A range's suppressions: its look back's directives (RangeScan), then its own.
    suppressions = Suppressions()

    def check_whole(
        source: InputFile, articles: Crossposts, reading: Reading
    ) -> list[Finding | ArticleRead]:
        items = scan_input_marked(source, articles, reading)
        return list(checker.check_items(source.path, items))

    def check_part(
        items: Iterable[ScannedText | Problem | ArticleRead], path: str
    ) -> list[Finding | ArticleRead | RangeDirectives]:
        # a range of a text file, a run of an mbox's messages, or an archive's members
        # (core.units.ArchiveMembers, ArchiveRest)
        found: list[Finding | ArticleRead | RangeDirectives] = []
        for item in items:
            if isinstance(item, ArticleRead):
                found.append(item)
            elif isinstance(item, Problem):
                found.extend(checker.problem_findings(item))
            elif in_range:
                found.extend(checker.lint_text(item, path, suppressions))
            else:
                found.extend(checker.lint_mail(item, item.path or path))
        if in_range:
            found.append(suppressions.of_range(path, final))
        return found

    look_back = suppressions.collect_from if in_range else None
    return worked(unit, check_whole, check_part, look_back)


def placed_findings(events: list, lines: int, chars: int, messages: int) -> list:
    """The findings of a range of a text file or a relative run of an mbox, placed in the file.

    With a range's RangeDirectives: `lines` lines, `chars` characters and `messages`
    messages further on (run.runner.run_work's `place`)."""
    placed: list = []
    for event in events:
        if isinstance(event, Finding):
            event = event.moved(lines, chars, messages)
        elif isinstance(event, RangeDirectives):
            event = event.moved(lines, chars)
        placed.append(event)
    return placed
