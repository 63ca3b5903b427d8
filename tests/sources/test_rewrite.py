"""A file urlint writes is written whole or not at all, one writer at a time (sources.rewriting)."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from urlint.sources import rewriting
from urlint.sources.rewriting import Refused, rewrite, write_whole


def test_a_rewrite_replaces_the_bytes_and_keeps_the_mode(tmp_path):
    target = tmp_path / "notes.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    target.chmod(0o640)
    rewrite(str(target), b"see http://a.example/%7Efred/\n", expected=target.read_bytes())
    assert target.read_bytes() == b"see http://a.example/%7Efred/\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["notes.md"]  # no temporary file left


def test_a_file_that_changed_since_it_was_read_is_refused_and_kept(tmp_path):
    target = tmp_path / "notes.md"
    target.write_bytes(b"see http://a.example/%7Efred/\n")  # another run fixed it meanwhile
    with pytest.raises(Refused) as refused:
        rewrite(str(target), b"see http://a.example/%7E7Efred/\n", b"see http://a.example/~fred/\n")
    assert str(refused.value) == "not written: it changed since it was read (run again)"
    assert target.read_bytes() == b"see http://a.example/%7Efred/\n"


def test_a_link_a_fifo_and_a_folder_are_refused_never_opened_for_writing(tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_bytes(b"see http://a.example/~fred/\n")
    (tmp_path / "link.md").symlink_to(outside)
    os.mkfifo(tmp_path / "pipe.md")
    said = {}
    for name in ("link.md", "pipe.md", "."):
        with pytest.raises(Refused) as refused:
            rewrite(str(tmp_path / name), b"x")
        said[name] = str(refused.value)
    assert said == {
        "link.md": "not written: a symbolic link",
        "pipe.md": "not written: not a regular file",
        ".": "not written: not a regular file",
    }
    assert outside.read_bytes() == b"see http://a.example/~fred/\n"


def test_write_whole_makes_a_missing_file_as_open_would(tmp_path):
    target = tmp_path / "urlint-baseline.json"
    umask = os.umask(0o022)
    try:
        write_whole(str(target), b"{}\n")
    finally:
        os.umask(umask)
    assert target.read_bytes() == b"{}\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_the_second_of_two_writers_waits_for_the_first_and_is_refused(tmp_path, monkeypatch):
    """Two runs fix one file at once: the one that read the old text while the other wrote
    finds the file changed once it holds the lock, and leaves the first one's text."""
    target = tmp_path / "notes.md"
    old, first, second = b"~x\n", b"%7Ex\n", b"%7E7Ex\n"
    target.write_bytes(old)
    in_replace, go_on = threading.Event(), threading.Event()
    replace = rewriting._replace

    def held_in_replace(*args, **kwargs):
        in_replace.set()
        assert go_on.wait(60)
        replace(*args, **kwargs)

    monkeypatch.setattr(rewriting, "_replace", held_in_replace)
    writer = threading.Thread(target=rewrite, args=(str(target), first, old))
    writer.start()
    assert in_replace.wait(60)  # the first holds the lock, its text not yet in place
    monkeypatch.setattr(rewriting, "_replace", replace)
    refused: list[BaseException] = []

    def second_writer():
        try:
            rewrite(str(target), second, old)
        except Refused as error:
            refused.append(error)

    other = threading.Thread(target=second_writer)
    other.start()
    go_on.set()
    writer.join(60)
    other.join(60)
    assert [str(error) for error in refused] == [
        "not written: it changed since it was read (run again)"
    ]
    assert target.read_bytes() == first


_STEPS = ("write", "fsync", "chmod", "replace")


@settings(max_examples=80, deadline=None)
@given(
    old=st.binary(max_size=300),
    new=st.binary(min_size=1, max_size=300),
    failing=st.sampled_from(_STEPS),
    written=st.integers(min_value=0, max_value=300),
)
def test_an_interrupted_write_leaves_the_old_file_byte_for_byte(
    tmp_path_factory, monkeypatch_module, old, new, failing, written
):
    """Wherever a write stops (a full disk after `written` bytes, an I/O error at the
    flush, a mode the system refuses, a rename that fails), the file is the old one, never
    a mix, and no temporary file is left."""
    folder = tmp_path_factory.mktemp("rewrite")
    target = folder / "doc.md"
    target.write_bytes(old)
    real_write = os.write

    def full_disk(*args, **kwargs):
        if failing == "write" and args[1:] and written:
            real_write(args[0], bytes(args[1])[: min(written, len(args[1]) - 1) or 1])
        raise OSError(28, "No space left on device")

    with monkeypatch_module.context() as patch:
        patch.setattr(rewriting.os, failing, full_disk)
        with pytest.raises(OSError) as failed:
            rewrite(str(target), new, expected=old)
    assert failed.value.strerror == "No space left on device"
    assert target.read_bytes() == old
    assert os.listdir(folder) == ["doc.md"]


@pytest.fixture(scope="module")
def monkeypatch_module():
    """A monkeypatch a hypothesis test may use across its examples (each in a context)."""
    with pytest.MonkeyPatch.context() as patch:
        yield patch
