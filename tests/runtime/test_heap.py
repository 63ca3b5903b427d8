"""heap.py: glibc is told to keep freed memory once a large input is opened, in urlint's
own processes only (the CLI's, the runner's workers), never in a library caller's."""

from __future__ import annotations

import pytest

from urlint._runtime import heap
from urlint.commands.cli import main
from urlint.core.engines import Engine
from urlint.core.inputs import InputFile
from urlint.core.units import WholeInput
from urlint.run.runner import run_work
from urlint.run.work import InputResult
from urlint.sources.opening import open_input


@pytest.fixture
def fresh_heap(monkeypatch):
    monkeypatch.setattr(heap, "_allowed", False)
    monkeypatch.setattr(heap, "_kept", False)


def _large(tmp_path):
    path = tmp_path / "large.txt"
    with open(path, "wb") as handle:
        handle.truncate(heap.LARGE_INPUT_BYTES)  # sparse: no 16 MB written
    return str(path)


def test_a_library_callers_process_keeps_its_malloc_settings(fresh_heap, tmp_path):
    open_input(_large(tmp_path)).close()
    assert heap._kept is False


def test_urlints_own_process_keeps_freed_memory_once_a_large_input_is_opened(fresh_heap, tmp_path):
    heap.allow()
    small = tmp_path / "small.txt"
    small.write_text("http://example.com/\n")
    open_input(str(small)).close()
    assert heap._kept is False  # a small input changes nothing
    open_input(_large(tmp_path)).close()
    assert heap._kept is True


def test_the_cli_is_urlints_own(fresh_heap, tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    main(["extract", "--isolated", str(empty)])
    assert heap._allowed is True


def _allowed_here(unit: object) -> list[InputResult]:
    return [InputResult([heap._allowed])]


@pytest.mark.processes
def test_the_runners_workers_are_urlints_own(fresh_heap, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    units = [WholeInput((InputFile(str(empty), True),))] * 2
    assert list(run_work(units, _allowed_here, Engine(jobs=2))) == [True, True]
    assert heap._allowed is False  # this process (a library caller's) left as it was


def test_a_range_of_a_large_input_keeps_freed_memory(fresh_heap, tmp_path):
    # A worker reads an mbox's runs by their byte ranges (mail.runs): each of 4 MB, given
    # back to the kernel after it, was 33,000 page faults more on a 100 MB mbox.
    from urlint.sources.opening import read_range

    heap.allow()
    assert read_range(_large(tmp_path), 10, 20) == bytes(10)
    assert heap._kept is True
