"""`--format junit`: a JUnit XML report, for CI systems that show test results.

One `<testsuite>` in a `<testsuites>`, each with the counts of tests and failures. Each file
with findings is a `<testcase>` (its name the path, masked); each of its findings at or
above --fail-on is a `<failure>` (`message` the code and the message, `type` the severity,
the text the finding as the text format writes it, with the rule's name); the findings
below it are listed in the test case's `<system-out>`, so a test case fails exactly when
its file fails the run, and the report agrees with the exit status.

Files without findings are not test cases: the findings are all this format is given, and
they cannot tell which files were read and clean. A run without findings is one passing
test case, "no findings", so that a CI system that refuses a report with no tests (Jenkins'
`junit` step) takes a clean run as a pass.

The schema followed is the one Jenkins reads (the xunit plugin's junit-10.xsd), which
GitLab, GitHub's test-report actions and most readers accept. Every text from the input
is masked and made printable (`shown`): no password, and no character XML 1.0 cannot hold
(a control character, a byte of a name that is not UTF-8). The test cases are written to a
temporary file (in memory up to 1 MB) as the findings come, and copied after the counts
they need: a run's findings are never held.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.findings import Finding, Severity
from ..grammar.display import shown
from ..linter.rules.rule import RFC1738
from .check import text_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, TextIO

SUITE_NAME = "urlint"
NO_FINDINGS = "no findings"  # the one test case of a run without findings


def write_junit(
    findings: Iterable[Finding],
    out: TextIO,
    fail_on: Severity = Severity.WARNING,
    target: str = RFC1738,
) -> None:
    """The JUnit XML report of `findings`: a test case for each file with findings, failed
    by the findings at or above `fail_on`; the standard the run linted against (`target`)
    is the test suite's property "target"."""
    import shutil  # here: a run in another format never pays for them
    import tempfile

    spool = tempfile.SpooledTemporaryFile  # noqa: SIM115 - each closed by its `with`
    with (
        spool(max_size=1 << 20, mode="w+", encoding="utf-8") as cases,
        spool(max_size=1 << 20, mode="w+", encoding="utf-8") as notes,
    ):
        tests, failures = _write_cases(findings, fail_on, cases, notes)
        if not tests:
            tests = 1
            cases.write(f"  <testcase {_attributes(classname=SUITE_NAME, name=NO_FINDINGS)}/>\n")
        counts = _attributes(name=SUITE_NAME, tests=str(tests), failures=str(failures), errors="0")
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write(f"<testsuites {counts}>\n")
        out.write(f' <testsuite {counts} skipped="0">\n')
        out.write(
            f"  <properties><property {_attributes(name='target', value=target)}/></properties>\n"
        )
        cases.seek(0)
        shutil.copyfileobj(cases, out)
        out.write(" </testsuite>\n</testsuites>\n")


def _write_cases(
    findings: Iterable[Finding], fail_on: Severity, cases: IO[str], notes: IO[str]
) -> tuple[int, int]:
    """Each file's test case written to `cases` (its findings below `fail_on` gathered in
    `notes` until the file ends); (how many test cases, how many failed)."""
    tests = failures = 0
    path: str | None = None
    failed = False
    for finding in findings:
        # Findings come file by file (and member by member): a new path ends a test case.
        if finding.path != path:
            if path is not None:
                _end_case(cases, notes)
            path, failed = finding.path, False
            tests += 1
            cases.write(f"  <testcase {_attributes(classname=SUITE_NAME, name=shown(path))}>\n")
        line = _text(f"{text_line(finding)} [{finding.name}]")
        if finding.severity.rank >= fail_on.rank:
            if not failed:
                failed = True
                failures += 1
            message = _attributes(
                type=finding.severity.value, message=f"{finding.code} {shown(finding.message)}"
            )
            cases.write(f"   <failure {message}>{line}</failure>\n")
        else:
            notes.write(line + "\n")
    if path is not None:
        _end_case(cases, notes)
    return tests, failures


def _end_case(cases: IO[str], notes: IO[str]) -> None:
    """The test case's `<system-out>` (its findings below --fail-on, if any) and its end."""
    if notes.tell():
        import shutil

        notes.seek(0)
        cases.write("   <system-out>")
        shutil.copyfileobj(notes, cases)
        cases.write("</system-out>\n")
        notes.seek(0)
        notes.truncate()
    cases.write("  </testcase>\n")


def _attributes(**values: str) -> str:
    """XML attributes, each value quoted and escaped; made printable already (`shown`)."""
    from xml.sax.saxutils import quoteattr

    return " ".join(f"{name}={quoteattr(value)}" for name, value in values.items())


def _text(text: str) -> str:
    """XML character data; `text` made printable already (`shown`)."""
    from xml.sax.saxutils import escape

    return escape(text)


__all__ = ["NO_FINDINGS", "SUITE_NAME", "write_junit"]
