"""`urlint check` on a large text file in ranges: each range checked in a worker,
its findings placed in the file and its suppressions joined with the other ranges', gives
what the check of the whole file gives, M901 (unused suppressions) included, in its
order."""

from __future__ import annotations

import pickle
from functools import partial

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from urlint.core.model import Position, Span
from urlint.core.units import TextRange
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.linter.suppressions import RangeDirectives, Suppressions
from urlint.pipeline import scan_texts
from urlint.run.plan import planned_units
from urlint.run.runner import run_work
from urlint.sources.ranges import text_ranges
from urlint.sources.text import read_chunks
from urlint.work.check import check_unit, placed_findings

from ..helpers import examples, run

# Lines with findings (a tilde C202, a password, an unsafe space, a wrapper over two
# lines), suppressions of them on their own line and on the line before, bare ones, and
# ones that suppress nothing: wherever a range starts, the line before it may hold the
# directive its first line's finding needs.
BLOCKS = st.sampled_from(
    [
        "see http://ex.com/~a\n",
        "see http://ex.com/~b  # urlint: ignore[C202]\n",
        "# urlint: ignore[C2, S401]\n",
        "# urlint: ignore\n",
        "# urlint: ignore[P501]\n",
        "log in at ftp://fred:hunter2@ftp.example.org/pub\n",
        "<URL:http://www.example.org/a b/\n  c.html> here\n",
        "plain words on a line with nothing in them\n",
        "\n",
        "x" * 200 + " http://example.net/~after/a/long/word\n",
    ]
)


def _serial(checker: Checker, path: str, chunk_bytes: int) -> list:
    with open(path, "rb") as stream:
        chunks = read_chunks(stream, chunk_bytes=chunk_bytes)
        return list(checker.check_items(path, scan_texts(chunks, path)))


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(BLOCKS, min_size=2, max_size=30),
    st.integers(40, 150),
    st.sampled_from([500, 3000]),
    st.sampled_from([2000, 6000]),
    # The look back covers what the range before left unscanned (core.units.LOOKBACK_CHARS):
    # 8 KiB or 60 lines at most (scanner.wrappers.MAX_RAW_CHARS, MAX_RAW_LINES).
    st.sampled_from([(16384, 2), (64, 120)]),
)
def test_a_text_checked_in_ranges_gives_the_whole_files_findings(
    tmp_path_factory, blocks, repeat, chunk_bytes, range_bytes, lookback
):
    path = tmp_path_factory.mktemp("ranges") / "t.txt"
    path.write_text("".join(blocks) * repeat)
    ranges = list(text_ranges(str(path), chunk_bytes, range_bytes, *lookback) or ())
    assume(len(ranges) > 1)
    checker = Checker(build_settings({}, select=["ALL"]))
    whole = _serial(checker, str(path), chunk_bytes)
    work = partial(check_unit, settings=checker.settings)
    in_ranges = list(checker.findings_of(run_work(ranges, work, place=placed_findings)))
    assert in_ranges == whole  # codes, spans (lines, columns, offsets), fixes, order


@pytest.mark.slow  # 1,500 suppressions checked in ranges and whole
def test_a_suppression_on_a_ranges_last_line_serves_the_next_ranges_first(tmp_path):
    # Each finding's line follows its directive's: where a range starts at a finding, the
    # directive that suppresses it is on the last line of the range before. Its C202 is
    # suppressed, and its S401 selector, which suppresses nothing, is M901, once each.
    block = "# urlint: ignore[C202, S401]\nsee http://ex.com/~a" + " words" * 10 + "\n"
    path = tmp_path / "t.txt"
    path.write_text(block * 1_500)
    ranges = list(text_ranges(str(path), 2000, 2000, 64, 120) or ())
    data = path.read_bytes()
    starts = [r.chunks[r.first].start for r in ranges[1:]]
    assert sum(data.startswith(b"see ", start) for start in starts) > 5
    checker = Checker(build_settings({}, select=["ALL"]))
    work = partial(check_unit, settings=checker.settings)
    found = list(checker.findings_of(run_work(ranges, work, place=placed_findings)))
    assert [(f.code, f.line, f.column, f.message) for f in found] == [
        ("M901", line, 3, "unused suppression: 'S401' matches no finding here")
        for line in range(1, 3_000, 2)
    ]
    assert found == _serial(checker, str(path), 2000)


def test_range_directives_cross_processes_with_what_they_suppressed():
    suppressions = Suppressions()
    suppressions.collect("x\n# urlint: ignore[C2, S4]\n", -1, 0, 100)  # lines -1 and 0
    suppressions.collect("y\n# urlint: ignore\n", 1, 0, 130)  # lines 1 and 2
    for directive in suppressions._by_line.values():
        directive.used.add("C2" if directive.codes else "*")
    report = pickle.loads(pickle.dumps(suppressions.of_range("t.txt", True)))
    assert report == RangeDirectives("t.txt", True, report.own, ((0, "C2"),))
    [own] = report.own
    assert (own.line, own.span, own.codes, own.used) == (
        2,
        Span(Position(2, 3, 134), Position(2, 17, 148)),
        (),
        {"*"},
    )
    moved = report.moved(10, 1000).own[0]
    assert (moved.line, moved.span, moved.used) == (
        12,
        Span(Position(12, 3, 1134), Position(12, 17, 1148)),
        {"*"},
    )
    assert report.moved(10, 1000).used_before == ((10, "C2"),)


@pytest.mark.slow
@pytest.mark.processes
def test_check_on_two_processes_cuts_a_large_text_in_ranges(tmp_path, capsys, monkeypatch):
    # Through the command: -j 2 checks a text of 11 MB in ranges (of chunks of 512 KB), and its
    # output is the one process's, byte for byte, M901 included.
    monkeypatch.setattr("urlint.run.plan.RANGE_BYTES", 1_000_000)
    block = (
        "see http://ex.com/~a and ftp://fred:hunter2@ftp.example.org/pub\n"
        "# urlint: ignore[C202]\nsee http://ex.com/~b\n# urlint: ignore[P501]\n"
        + "words " * 30
        + "\n"
    )
    path = tmp_path / "big.txt"
    path.write_text(block * 36_000)
    assert sum(isinstance(p.unit, TextRange) for p in planned_units([str(path)])) > 1
    outputs = [
        run(
            capsys,
            "check",
            "-j",
            jobs,
            "--isolated",
            "--select",
            "ALL",
            "--format",
            "concise",
            str(path),
        )
        for jobs in ("1", "2")
    ]
    assert outputs[0] == outputs[1]
    findings = [
        f"{path}:{1 + 5 * k}:{column}: {what}"
        for k in range(36_000)
        for column, what in (
            (
                19,
                "C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
                "--target rfc3986): write it as %7E",
            ),
            (32, "P502 a user name in the URL"),
            (37, "P501 a password in the URL: never write one (section 6)"),
        )
    ]
    unused = [  # at the file's end, as one process says them
        f"{path}:{4 + 5 * k}:3: M901 unused suppression: 'P501' matches no finding here"
        for k in range(36_000)
    ]
    assert outputs[0] == (1, "\n".join(findings + unused) + "\n", "")
