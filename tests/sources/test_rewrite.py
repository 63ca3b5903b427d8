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

from ..helpers import examples


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


def test_a_read_only_file_is_refused_even_for_root_and_kept(tmp_path):
    """Its owner made it read-only (generated or vendored): a rename would need only the
    folder's permission, so it is refused before anything is made."""
    target = tmp_path / "generated.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    target.chmod(0o444)
    with pytest.raises(Refused) as refused:
        rewrite(str(target), b"see http://a.example/%7Efred/\n", expected=target.read_bytes())
    assert str(refused.value) == "not written: read-only (mode 0444)"
    assert target.read_bytes() == b"see http://a.example/~fred/\n"
    assert sorted(os.listdir(tmp_path)) == ["generated.md"]


def test_a_file_with_a_second_name_is_refused_and_both_names_keep_it(tmp_path):
    target, other = tmp_path / "notes.md", tmp_path / "other-name.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    os.link(target, other)
    with pytest.raises(Refused) as refused:
        rewrite(str(target), b"see http://a.example/%7Efred/\n", expected=target.read_bytes())
    assert str(refused.value) == (
        "not written: it has 2 names (hard links), and the others would keep the old text"
    )
    assert target.read_bytes() == other.read_bytes() == b"see http://a.example/~fred/\n"
    assert target.stat().st_ino == other.stat().st_ino


def test_another_users_file_is_refused(tmp_path, monkeypatch):
    """Run as a user who owns neither the file nor is root (the folder writable by both):
    the file would change hands, so it is not written."""
    target = tmp_path / "theirs.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    monkeypatch.setattr(rewriting.os, "geteuid", lambda: target.stat().st_uid + 1)
    with pytest.raises(Refused) as refused:
        rewrite(str(target), b"x", expected=target.read_bytes())
    assert str(refused.value) == "not written: it belongs to another user"
    assert target.read_bytes() == b"see http://a.example/~fred/\n"


def test_setuid_setgid_owner_group_and_attributes_are_kept(tmp_path):
    """The new file gets the old one's owner and group first (a change of owner clears
    setuid and setgid), then its mode, then its extended attributes."""
    target = tmp_path / "tool.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    target.chmod(0o6755)
    before = target.stat()
    try:
        os.setxattr(target, "user.origin", b"kept")
    except OSError:
        pytest.skip("this file system keeps no user attributes")
    rewrite(str(target), b"see http://a.example/%7Efred/\n", expected=target.read_bytes())
    after = target.stat()
    assert target.read_bytes() == b"see http://a.example/%7Efred/\n"
    assert stat.S_IMODE(after.st_mode) == 0o6755
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert os.listxattr(target) == ["user.origin"]
    assert os.getxattr(target, "user.origin") == b"kept"


def _access_list(*entries: tuple[int, int, int]) -> bytes:
    """A POSIX ACL as Linux stores it in system.posix_acl_access: version 2, then (tag,
    permissions, id) entries."""
    import struct

    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


def test_a_posix_acl_is_kept(tmp_path):
    target = tmp_path / "shared.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    anyone = 0xFFFFFFFF
    # owner rw, user 4242 rw, group r, mask rw, others r
    acl = _access_list(
        (0x01, 6, anyone), (0x02, 6, 4242), (0x04, 4, anyone), (0x10, 6, anyone), (0x20, 4, anyone)
    )
    try:
        os.setxattr(target, "system.posix_acl_access", acl)
    except OSError:
        pytest.skip("this file system keeps no POSIX ACL")
    rewrite(str(target), b"see http://a.example/%7Efred/\n", expected=target.read_bytes())
    assert os.getxattr(target, "system.posix_acl_access") == acl
    assert stat.S_IMODE(target.stat().st_mode) == 0o664  # the mask shows as the group's bits


def test_an_attribute_that_cannot_be_given_refuses_the_write(tmp_path, monkeypatch):
    target = tmp_path / "labelled.md"
    target.write_bytes(b"see http://a.example/~fred/\n")
    label = b"system_u:object_r:etc_t:s0\x00"
    monkeypatch.setattr(rewriting.os, "listxattr", lambda handle: ["security.selinux"])
    asked: list[int] = []

    def labels(handle, name):
        asked.append(handle)
        if len(asked) == 1:  # the old file's, read first
            return label
        raise OSError(61, "No data available")  # the new file has none of its own

    monkeypatch.setattr(rewriting.os, "getxattr", labels)

    def refused_label(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(rewriting.os, "setxattr", refused_label)
    with pytest.raises(Refused) as refused:
        rewrite(str(target), b"x", expected=target.read_bytes())
    assert str(refused.value) == "not written: its attribute security.selinux cannot be kept"
    assert target.read_bytes() == b"see http://a.example/~fred/\n"
    assert sorted(os.listdir(tmp_path)) == ["labelled.md"]


@pytest.fixture
def shared_folder():
    """A folder anyone may write, where uid 65534 can reach it (not under pytest's own
    temporary folder, which only root may enter)."""
    import pathlib
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="urlint-shared-")
    os.chmod(folder, 0o777)
    yield pathlib.Path(folder)
    shutil.rmtree(folder)


def _as_nobody(path: str, data: bytes) -> str:
    """What `rewrite` says when uid 65534, in no group but its own, writes `data` to
    `path`: "" where it wrote it. Run in a forked child (this process's modules, loaded
    already: nothing to read from paths that user may not reach)."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's
        said = b""
        import signal

        signal.alarm(120)  # a child that hangs ends: the parent's wait never outlives it
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            with open(path, "rb") as handle:
                rewrite(path, data, expected=handle.read())
        except BaseException as error:  # noqa: BLE001 - said to the parent
            said = str(error).encode() or type(error).__name__.encode()
        os.write(writing, said)
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        said = pipe.read().decode()
    os.waitpid(child, 0)
    return said


@pytest.mark.processes
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_as_another_user_a_shared_folders_files_are_refused(shared_folder):
    """As root, the reviewer's case: uid 65534 in a folder anyone may write, a root-owned
    0644 file, and a 0444 file of its own: both refused, both kept, the first still
    root's; a 0644 file of its own is written, and stays its own."""
    folder = shared_folder
    theirs, mine, own = (str(folder / name) for name in ("theirs.md", "mine.md", "own.md"))
    for name in (theirs, mine, own):
        with open(name, "w") as handle:
            handle.write("see http://example.com/~fred\n")
    os.chmod(theirs, 0o644)
    os.chown(mine, 65534, 65534)
    os.chmod(mine, 0o444)
    os.chown(own, 65534, 65534)
    fixed = b"see http://example.com/%7Efred\n"
    assert [_as_nobody(name, fixed) for name in (theirs, mine, own)] == [
        "not written: this user may not write it",
        "not written: read-only (mode 0444)",
        "",
    ]
    with open(theirs, "rb") as first, open(mine, "rb") as second, open(own, "rb") as third:
        assert [first.read(), second.read(), third.read()] == [
            b"see http://example.com/~fred\n",
            b"see http://example.com/~fred\n",
            fixed,
        ]
    assert [os.stat(name).st_uid for name in (theirs, mine, own)] == [0, 65534, 65534]


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


@settings(max_examples=examples(80), deadline=None)
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
