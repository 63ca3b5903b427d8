"""The planner (run.plan): which large files are cut in ranges. Only running text is: a
code or markup file goes whole, one unit, as its syntax is read from the file's start."""

from __future__ import annotations

import os

import pytest

from urlint.core.counts import Counts
from urlint.core.units import Planned, TextRange, WholeInput
from urlint.run.plan import planned_units
from urlint.sources.files import iter_files
from urlint.sources.ranges import text_ranges

RANGE_BYTES = 300_000
# 2 MB of lines of running text, or of anything a code or markup file may hold.
LINES = "".join(f"see http://example.com/{n}/ and more words here\n" for n in range(40_000))


def planned(path: str) -> list[Planned]:
    return list(planned_units([path], range_bytes=RANGE_BYTES))


@pytest.mark.parametrize("name", ["big.txt", "big.log", "README", "notes.text"])
def test_a_large_file_of_running_text_is_cut_in_ranges(tmp_path, name):
    path = tmp_path / name
    path.write_text(LINES)
    size = os.path.getsize(path)
    units = planned(str(path))
    ranges = list(text_ranges(str(path), range_bytes=RANGE_BYTES) or ())
    assert [planned.unit for planned in units] == ranges
    assert len(ranges) == 6
    assert all(isinstance(unit, TextRange) for unit in ranges)
    assert [unit.final for unit in ranges] == [False] * 5 + [True]
    # each range's own chunks follow the one before's, to the file's end
    extents = [(unit.chunks[unit.first].start, unit.chunks[-1].end) for unit in ranges]
    assert [start for start, _ in extents] == [0, *(end for _, end in extents[:-1])]
    assert extents[-1][1] == size
    assert [planned.counts for planned in units] == [
        Counts(int(unit.final), end - start)
        for unit, (start, end) in zip(ranges, extents, strict=True)
    ]


@pytest.mark.parametrize(
    "name",
    [
        "big.py",
        "big.js",
        "big.go",
        "big.json",
        "big.yaml",
        "Makefile",
        "big.c",
        "big.md",
        "big.rst",
        "big.adoc",
        "big.html",
    ],
)
def test_a_large_code_or_markup_file_is_one_unit(tmp_path, name):
    path = tmp_path / name
    path.write_text(LINES)
    (source,) = iter_files([str(path)])
    assert planned(str(path)) == [Planned(WholeInput((source,)), Counts(1, os.path.getsize(path)))]


def test_a_large_code_file_among_others_goes_whole_between_their_units(tmp_path):
    (tmp_path / "a.txt").write_text("see http://a.example/\n")
    (tmp_path / "b.py").write_text(LINES)
    (tmp_path / "c.txt").write_text(LINES)
    units = list(planned_units([str(tmp_path)], range_bytes=RANGE_BYTES))
    kinds = [
        (type(planned.unit).__name__, os.path.basename(getattr(planned.unit, "path", "")))
        if isinstance(planned.unit, TextRange)
        else (
            type(planned.unit).__name__,
            tuple(os.path.basename(source.path) for source in planned.unit.sources),
        )
        for planned in units
    ]
    assert kinds == [
        ("WholeInput", ("a.txt",)),
        ("WholeInput", ("b.py",)),
        *[("TextRange", "c.txt")] * 6,
    ]


def test_a_large_report_urlint_wrote_found_in_a_walk_is_one_unit(tmp_path):
    # Its whole reading gives nothing (pipeline: sources.kinds.urlint_wrote): no ranges.
    rows = "".join(
        f'{{"path": "a.txt", "line": {n}, "column": 1, "end_line": {n}, "end_column": 2, '
        f'"url": "http://example.com/{n}/", "alt": null}}\n'
        for n in range(1, 30_000)
    )
    path = tmp_path / "urls.log"  # running text by its name, as extract's jsonl may be
    path.write_text(rows)
    (source,) = iter_files([str(tmp_path)])
    assert not source.explicit
    assert planned(str(tmp_path)) == [
        Planned(WholeInput((source,)), Counts(1, os.path.getsize(path)))
    ]
    # named, it is read as any text: in ranges
    assert all(isinstance(unit.unit, TextRange) for unit in planned(str(path)))
