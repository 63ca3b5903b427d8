"""`-o FILE` written whole or not at all, as it comes (sources.output_file), and the record
of the reports urlint wrote, by which a later walk passes over them (sources.own_outputs)."""

from __future__ import annotations

import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.core.exits import OutputUnwritable
from urlint.sources import output_file, own_outputs
from urlint.sources.output_file import OutputFile

from ..helpers import examples

_STEPS = ("write", "fsync", "replace")


@settings(max_examples=examples(150), deadline=None)
@given(
    old=st.text(max_size=3000),
    new=st.lists(st.text(min_size=1, max_size=4000), min_size=1, max_size=6),
    failing=st.sampled_from((*_STEPS, None)),
    at=st.integers(min_value=0, max_value=30_000),
)
def test_an_interrupted_output_is_the_old_file_or_the_new_never_a_mix(
    tmp_path_factory, monkeypatch_module, old, new, failing, at
):
    """Wherever the writing stops (a full disk after `at` bytes, a flush to the disk or a
    rename that fails) the file is the old one byte for byte; where nothing fails, the new
    one; never a mix, and no temporary file is left."""
    folder = tmp_path_factory.mktemp("output")
    target = folder / "report.txt"
    target.write_bytes(old.encode("utf-8", "surrogatepass"))
    before = target.read_bytes()
    written = {"bytes": 0}
    real_write = os.write

    def full_disk(descriptor, data, /):
        room = at - written["bytes"]
        if room <= 0:
            raise OSError(28, "No space left on device")
        taken = real_write(descriptor, bytes(data)[:room])
        written["bytes"] += taken
        return taken

    def failed(*args, **kwargs):
        raise OSError(5, "Input/output error")

    text = "".join(new)
    with monkeypatch_module.context() as patch:
        if failing == "write":
            patch.setattr(output_file.os, "write", full_disk)
        elif failing is not None:
            patch.setattr(output_file.os, failing, failed)
        try:
            with OutputFile(str(target)) as output:
                for piece in new:  # as a report is written: a piece at a time
                    output.stream.write(piece)
            ended = None
        except OutputUnwritable as error:
            ended = (error.where, str(error))
    after = target.read_bytes()
    encoded = text.encode("utf-8", "replace")
    if ended is None:
        assert after == encoded
    else:
        assert after == before
        assert ended[0] == str(target)
        assert ended[1] in ("No space left on device", "Input/output error")
        assert failing == "write" and at < len(encoded) or failing in ("fsync", "replace")
    assert os.listdir(folder) == ["report.txt"]


def test_an_output_keeps_the_mode_of_the_file_it_replaces_and_a_new_one_gets_open_s(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("old\n")
    kept.chmod(0o640)
    with OutputFile(str(kept)) as output:
        output.stream.write("new\n")
    assert (kept.read_text(), stat.S_IMODE(kept.stat().st_mode)) == ("new\n", 0o640)
    made = tmp_path / "made.txt"
    umask = os.umask(0o022)
    try:
        with OutputFile(str(made)) as output:
            output.stream.write("x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(made.stat().st_mode) == 0o644


def test_a_link_is_followed_its_file_replaced_the_link_kept(tmp_path):
    (tmp_path / "real.txt").write_text("old\n")
    (tmp_path / "link.txt").symlink_to("real.txt")
    with OutputFile(str(tmp_path / "link.txt")) as output:
        output.stream.write("new\n")
    assert os.readlink(tmp_path / "link.txt") == "real.txt"
    assert (tmp_path / "real.txt").read_text() == "new\n"


def test_an_error_in_the_run_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "r.txt"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), OutputFile(str(target)) as output:
        output.stream.write("half")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["r.txt"]


def test_a_device_and_a_fifo_are_written_as_they_are_never_replaced(tmp_path):
    with OutputFile("/dev/null") as output:
        output.stream.write("gone\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    with pytest.raises(OutputUnwritable) as full, OutputFile("/dev/full") as output:
        output.stream.write("x" * 10_000)
    assert (full.value.where, str(full.value)) == ("/dev/full", "No space left on device")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        with OutputFile(str(fifo)) as output:
            output.stream.write("through\n")
        assert os.read(reader, 100) == b"through\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_folder_that_is_not_there_is_said_at_once(tmp_path):
    where = str(tmp_path / "no" / "r.txt")
    with pytest.raises(OutputUnwritable) as error:
        OutputFile(where).__enter__()
    assert (error.value.where, str(error.value)) == (where, "No such file or directory")


# -- The record of urlint's own outputs ---------------------------------------------------


@pytest.fixture
def record(tmp_path, monkeypatch):
    """A cache directory of the test's own, the record read afresh."""
    directory = tmp_path / "cache"
    monkeypatch.setenv("URLINT_CACHE_DIR", str(directory))
    monkeypatch.setattr(own_outputs, "_read", {})
    return directory


def test_a_report_written_is_known_until_it_changes(tmp_path, record):
    report = tmp_path / "urls.txt"
    with OutputFile(str(report)) as output:
        output.stream.write("http://a.example/\n")
    assert own_outputs.is_own_output(os.stat(report))
    other = tmp_path / "other.txt"
    other.write_text("http://a.example/\n")
    assert not own_outputs.is_own_output(os.stat(other))
    with open(report, "a") as edited:
        edited.write("http://b.example/\n")
    assert not own_outputs.is_own_output(os.stat(report))


def test_the_record_keeps_the_last_entries(tmp_path, record):
    for number in range(own_outputs.KEPT + 3):
        with OutputFile(str(tmp_path / f"r{number}.txt")) as output:
            output.stream.write(f"{number}\n")
    own_outputs._read.clear()
    known = [
        own_outputs.is_own_output(os.stat(tmp_path / f"r{n}.txt"))
        for n in range(own_outputs.KEPT + 3)
    ]
    assert known == [False] * 3 + [True] * own_outputs.KEPT
    lines = (record / "own-outputs-1").read_bytes().splitlines()
    assert (lines[0], len(lines)) == (b"urlint own outputs 1", own_outputs.KEPT + 2)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-10],  # cut
        lambda data: data.replace(b" ", b"  ", 1),  # a byte more: the checksum differs
        lambda data: b"x" + data,  # another header
        lambda data: data + b"\n" * own_outputs.RECORD_BYTES,  # too large
        lambda data: b"",
    ],
)
def test_a_damaged_record_passes_over_nothing(tmp_path, record, damage):
    report = tmp_path / "urls.txt"
    with OutputFile(str(report)) as output:
        output.stream.write("http://a.example/\n")
    path = record / "own-outputs-1"
    path.write_bytes(damage(path.read_bytes()))
    own_outputs._read.clear()
    assert not own_outputs.is_own_output(os.stat(report))


def test_a_record_that_is_a_link_or_a_fifo_is_none_and_is_replaced_not_written_through(
    tmp_path, record
):
    record.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("keep\n")
    (record / "own-outputs-1").symlink_to(elsewhere)
    report = tmp_path / "urls.txt"
    with OutputFile(str(report)) as output:
        output.stream.write("http://a.example/\n")
    assert elsewhere.read_text() == "keep\n"
    assert not (record / "own-outputs-1").is_symlink()
    own_outputs._read.clear()
    assert own_outputs.is_own_output(os.stat(report))
    (record / "own-outputs-1").unlink()
    os.mkfifo(record / "own-outputs-1")
    own_outputs._read.clear()
    assert not own_outputs.is_own_output(os.stat(report))  # read without waiting: none


def test_no_cache_directory_keeps_no_record(tmp_path, monkeypatch):
    monkeypatch.setenv("URLINT_CACHE_DIR", "")
    monkeypatch.setattr(own_outputs, "_read", {})
    report = tmp_path / "urls.txt"
    with OutputFile(str(report)) as output:
        output.stream.write("http://a.example/\n")
    assert report.read_text() == "http://a.example/\n"
    assert not own_outputs.is_own_output(os.stat(report))


@pytest.fixture(scope="module")
def monkeypatch_module():
    """A monkeypatch a hypothesis test may use across its examples (each in a context)."""
    with pytest.MonkeyPatch.context() as patch:
        yield patch
