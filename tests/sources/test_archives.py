"""Tar archives in every form and zstd streams, read as the files they were made from.

Tar archives in every form and zstd streams (sources/kinds.py, sources/archives.py,
sources/nested.py): a member gives the URLs, lines and messages of the file it was made
from, under the name `archive!member`; damage, bombs and a missing zstandard are reported
exactly."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import random
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from urlint.sources import archives, kinds
from urlint.sources.archives import _ZstdFrames
from urlint.sources.kinds import sniff

from ..helpers import REPO, run, shared_path
from ..mail_helpers import MIME, extract_jsonl, mbox_of

# A small tree of mail and text, in the order the tars below hold it.
FILES = {
    "inbox/one.eml": MIME.read_bytes(),
    "box.mbox": mbox_of(
        b"Subject: first\n\nsee http://example.com/~first and <URL:ftp://ftp.example.org/pub/\n"
        b"  tools/README>\n",
        b"Subject: second\nContent-Transfer-Encoding: quoted-printable\n\n"
        b"see http://example.com/a-long=\n-path/~second\n",
    ),
    "notes.txt": b"plain notes: http://example.com/~notes\nand <URL:http://example.com/wrap\n"
    b"ped/>\n",
    "months/2001-March.txt.gz": gzip.compress(
        mbox_of(b"Subject: march\n\nhttp://example.com/~march\n")
    ),
}


def _write_files(root: Path) -> list[Path]:
    paths = []
    for name, data in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        paths.append(path)
    return paths


def _tar_of(members: list[tuple[str, bytes]], passed_over: bool = False) -> bytes:
    """A tar of `members`, with a directory, a symlink, a hard link and a FIFO among them
    when asked (none of which is read)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for number, (name, data) in enumerate(members):
            if passed_over and number == 1:
                for kind, extra in (
                    (tarfile.DIRTYPE, "inbox"),
                    (tarfile.SYMTYPE, "inbox/one.eml"),
                    (tarfile.LNKTYPE, "inbox/one.eml"),
                    (tarfile.FIFOTYPE, ""),
                ):
                    info = tarfile.TarInfo(f"other-{kind.decode()}")
                    info.type, info.linkname = kind, extra
                    archive.addfile(info)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _zstd(data: bytes) -> bytes:
    zstandard = pytest.importorskip("zstandard")
    return zstandard.ZstdCompressor().compress(data)


def _packed(form: str, tar: bytes) -> bytes:
    if form in (".tgz", ".tar.gz"):
        return gzip.compress(tar)
    if form == ".tar.bz2":
        return bz2.compress(tar)
    if form == ".tar.xz":
        return lzma.compress(tar)
    if form == ".tar.zst":
        return _zstd(tar)
    return tar


def _member_records(records: list[dict], archive: str) -> list[dict]:
    """The records of an archive's members, each path made the member's own name."""
    prefix = f"{archive}!"
    assert all(r["path"].startswith(prefix) for r in records), records
    return [{**r, "path": r["path"][len(prefix) :]} for r in records]


def _file_records(capsys, root: Path, paths: list[Path]) -> list[dict]:
    """The records of files read directly, each path made relative to `root`."""
    code, records, err = extract_jsonl(capsys, *map(str, paths))
    assert (code, err) == (0, "")
    return [{**r, "path": str(Path(r["path"]).relative_to(root))} for r in records]


@pytest.mark.parametrize("form", [".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst"])
def test_a_tar_in_every_form_gives_the_urls_of_its_files(capsys, tmp_path, form):
    expected = _file_records(capsys, tmp_path / "files", _write_files(tmp_path / "files"))
    archive = tmp_path / f"mail{form}"
    archive.write_bytes(_packed(form, _tar_of(list(FILES.items()), passed_over=True)))
    code, records, err = extract_jsonl(capsys, str(archive))
    assert (code, err) == (0, "")
    assert _member_records(records, str(archive)) == expected
    assert {r["path"] for r in records} == {f"{archive}!{name}" for name in FILES}
    assert len(expected) == 19  # 13 in one.eml, 3 in box.mbox, 2 in notes.txt, 1 in March


def test_tar_members_are_named_and_placed_in_text_output(capsys, tmp_path):
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(gzip.compress(_tar_of([("notes.txt", FILES["notes.txt"])])))
    code, out, err = run(capsys, "extract", "-H", str(archive))
    assert (code, err) == (0, "")
    assert out == (
        f"{archive}!notes.txt:1:14: http://example.com/~notes\n"
        f"{archive}!notes.txt:2:10: http://example.com/wrapped/\n"
    )


def test_a_tar_inside_a_zip_and_a_tgz_inside_a_tar(capsys, tmp_path):
    expected = _file_records(capsys, tmp_path / "files", _write_files(tmp_path / "files"))
    tar = _tar_of(list(FILES.items()))
    archive = tmp_path / "mail.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("saved/box.tar", tar)
        zipped.writestr("saved/box.tgz", gzip.compress(tar))
    code, records, err = extract_jsonl(capsys, str(archive))
    assert (code, err) == (0, "")
    first, second = records[: len(expected)], records[len(expected) :]
    assert _member_records(first, f"{archive}!saved/box.tar") == expected
    assert _member_records(second, f"{archive}!saved/box.tgz") == expected
    outer = tmp_path / "outer.tar"
    outer.write_bytes(_tar_of([("inner.tgz", gzip.compress(tar))]))
    code, records, err = extract_jsonl(capsys, str(outer))
    assert (code, err) == (0, "")
    assert _member_records(records, f"{outer}!inner.tgz") == expected


@pytest.mark.processes
def test_a_tgz_on_standard_input(capsys, tmp_path):
    expected = _file_records(capsys, tmp_path / "files", _write_files(tmp_path / "files"))
    result = subprocess.run(
        [sys.executable, "-m", "urlint.commands.cli", "extract", "--format", "jsonl", "-"],
        input=gzip.compress(_tar_of(list(FILES.items()))),
        capture_output=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    records = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert _member_records(records, "-") == expected


def test_zstd_streams_give_the_urls_of_the_file(capsys, tmp_path):
    box = FILES["box.mbox"]
    (tmp_path / "box.mbox").write_bytes(box)
    expected = _file_records(capsys, tmp_path, [tmp_path / "box.mbox"])
    (tmp_path / "box.mbox.zst").write_bytes(_zstd(box))
    # Several frames, the first a skippable one (pzstd writes one), read as one stream.
    skippable = b"\x50\x2a\x4d\x18" + (5).to_bytes(4, "little") + b"index"
    (tmp_path / "frames.zst").write_bytes(skippable + _zstd(box[:100]) + _zstd(box[100:]))
    for name in ("box.mbox.zst", "frames.zst"):
        code, records, err = extract_jsonl(capsys, str(tmp_path / name))
        assert (code, err) == (0, ""), name
        assert [{**r, "path": "box.mbox"} for r in records] == expected, name


def test_a_truncated_tgz_keeps_the_members_before_the_damage(capsys, tmp_path):
    rng = random.Random(7)
    boxes = [
        mbox_of(
            *(
                f"Subject: {n}.{i}\n\nsee http://example.com/m{n}/{i}\n{rng.randbytes(700).hex()}\n".encode()
                for i in range(20)
            )
        )
        for n in range(3)
    ]
    tar = _tar_of([(f"m{n}.mbox", box) for n, box in enumerate(boxes)])
    middle_of_m1 = tar.index(b"see http://example.com/m1/10")
    # Stored, not deflated: the gzip stream's offsets are the tar's, give or take a few bytes.
    tgz = gzip.compress(tar, compresslevel=0)
    archive = tmp_path / "cut.tgz"
    archive.write_bytes(tgz[:middle_of_m1])
    code, out, err = run(capsys, "extract", str(archive))
    assert code == 2
    assert out == "".join(f"http://example.com/m0/{i}\n" for i in range(20))
    assert err == f"urlint: {archive}!m1.mbox: cannot read: cannot be read to its end: truncated\n"
    code, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", "--select", "M", str(archive)
    )
    assert (code, out) == (
        1,
        f"{archive}!m1.mbox:1:1: M902 cannot read: cannot be read to its end: truncated\n",
    )
    # A plain tar cut inside a member, and one whose second header is damaged.
    plain = tmp_path / "cut.tar"
    plain.write_bytes(tar[:middle_of_m1])
    code, out, err = run(capsys, "extract", str(plain))
    assert (code, out.count("\n")) == (2, 20)
    assert err == (
        f"urlint: {plain}!m1.mbox: cannot read: cannot be read to its end: unexpected end of data\n"
    )
    damaged = bytearray(tar)
    second_header = tar.index(b"m1.mbox")  # a header opens with its member's name
    damaged[second_header + 20] ^= 0x55
    bad = tmp_path / "bad.tar"
    bad.write_bytes(bytes(damaged))
    code, out, err = run(capsys, "extract", str(bad))
    assert (code, out.count("\n")) == (2, 20)
    assert err == f"urlint: {bad}: cannot read: cannot be read to its end: bad checksum\n"


def test_a_metadata_header_past_its_limit_is_damage(capsys, tmp_path, monkeypatch):
    # tarfile reads a pax header whole, whatever size it states: past the limit, not at all.
    monkeypatch.setattr(archives, "MAX_TAR_HEADER_BYTES", 64)
    name = "mail/" + "\u00e9" * 40 + ".txt"  # not ASCII: a pax header holds the name
    tar = _tar_of([("a.txt", b"see http://example.com/~a\n"), (name, b"http://example.com/~b\n")])
    archive = tmp_path / "long.tar"
    archive.write_bytes(tar)
    pax = tarfile.TarInfo.frombuf(tar[1024:1536], "utf-8", "strict")  # after a.txt's 2 blocks
    assert pax.type == tarfile.XHDTYPE
    size = pax.size
    code, out, err = run(capsys, "extract", str(archive))
    assert (code, out) == (2, "http://example.com/~a\n")
    assert err == (
        f"urlint: {archive}: cannot read: cannot be read to its end: a metadata header of "
        f"{size} bytes (over 64 bytes)\n"
    )


def test_a_truncated_zstd_stream_is_reported_as_a_gzip_one_is(capsys, tmp_path):
    text = b"".join(b"see http://example.com/%d\n" % n for n in range(20000))
    box = mbox_of(text)
    for suffix, pack in ((".gz", gzip.compress), (".zst", _zstd)):
        for name, data in (("cut.txt", text), ("cut.mbox", box)):
            packed = pack(data)
            (tmp_path / f"{name}{suffix}").write_bytes(packed[: len(packed) // 2])
    code, _, err = run(capsys, "extract", str(tmp_path))
    ended = "Compressed file ended before the end-of-stream marker was reached"
    assert code == 2
    assert err == (
        f"urlint: {tmp_path}/cut.mbox.gz: cannot read: gzip stream cannot be read to its end: "
        "truncated\n"
        f"urlint: {tmp_path}/cut.mbox.zst: cannot read: zstd stream cannot be read to its end: "
        "truncated\n"
        f"urlint: {tmp_path}/cut.txt.gz: cannot read: cannot be read to its end: {ended}\n"
        f"urlint: {tmp_path}/cut.txt.zst: cannot read: cannot be read to its end: {ended}\n"
    )


LIMIT_MESSAGE = (
    "decompressed past 100,000 bytes in all (2 times the input's size): a decompression bomb? "
    "The rest is not read"
)


def test_a_tar_bomb_is_stopped_as_gzip_and_zip_bombs_are(capsys, tmp_path, monkeypatch):
    # The same code as at 64 MB and 200 times (archives.MIN_LIMIT_BYTES, MAX_RATIO), at 100 KB.
    monkeypatch.setattr(archives, "MIN_LIMIT_BYTES", 100_000)
    monkeypatch.setattr(archives, "MAX_RATIO", 2)
    (tmp_path / "after.txt").write_text("see http://example.com/~after\n")
    after = str(tmp_path / "after.txt")
    # A member that inflates past the limit inside the tgz's one gzip stream.
    bomb = tmp_path / "bomb.tgz"
    bomb.write_bytes(
        gzip.compress(_tar_of([("m.txt", b"see http://example.com/~in\n" + b" " * 300_000)]))
    )
    assert run(capsys, "extract", str(bomb), after) == (
        2,
        "http://example.com/~after\n",
        f"urlint: {bomb}: cannot read: gzip stream cannot be read to its end: {LIMIT_MESSAGE}\n",
    )
    # Compressed members of a plain tar: the Budget is the input's, not each stream's.
    member = gzip.compress(b"see http://example.com/~in\n" + b" " * 80_000)
    members = tmp_path / "bomb.tar"
    members.write_bytes(_tar_of([(f"m{n}.txt.gz", member) for n in range(4)]))
    assert run(capsys, "extract", str(members), after) == (
        2,
        "http://example.com/~in\nhttp://example.com/~after\n",
        f"urlint: {members}!m1.txt.gz: cannot read: gzip stream cannot be read to its end: "
        f"{LIMIT_MESSAGE}\n"
        f"urlint: {members}: cannot read: m2.txt.gz and the members after it are not read: the "
        "input's decompression limit is spent\n",
    )


def test_a_sparse_member_draws_on_the_budget(capsys, tmp_path, monkeypatch):
    # A GNU sparse member (PAX 0.1): 73 bytes stored, 10 GB of holes made up by tar.
    monkeypatch.setattr(archives, "MIN_LIMIT_BYTES", 100_000)
    monkeypatch.setattr(archives, "MAX_RATIO", 2)
    data = b"From a@b Thu Mar  1 03:00:13 2001\nSubject: x\n\nsee http://example.com/~in\n"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        info = tarfile.TarInfo("sparse.mbox")
        info.size = len(data)
        info.pax_headers = {
            "GNU.sparse.map": f"0,{len(data)}",
            "GNU.sparse.size": str(10**10),
            "GNU.sparse.name": "sparse.mbox",
        }
        archive.addfile(info, io.BytesIO(data))
    sparse = tmp_path / "sparse.tar"
    sparse.write_bytes(buffer.getvalue())
    assert run(capsys, "extract", str(sparse)) == (
        2,
        "",
        f"urlint: {sparse}!sparse.mbox: cannot read: cannot be read to its end: {LIMIT_MESSAGE}\n",
    )


def _raw_zstd_frame(data: bytes, checksum: bool = False) -> bytes:
    """A zstd frame of raw and RLE blocks, written by hand (RFC 8878): no library needed."""
    descriptor = 0xE0 | (4 if checksum else 0)  # an 8-byte content size, single segment
    out = [b"\x28\xb5\x2f\xfd", bytes([descriptor]), len(data).to_bytes(8, "little")]
    pieces = [data[at : at + 1000] for at in range(0, len(data), 1000)] or [b""]
    for number, piece in enumerate(pieces):
        last = number == len(pieces) - 1
        if piece and piece == piece[:1] * len(piece):  # RLE: one byte, repeated
            out += [(len(piece) << 3 | 2 | last).to_bytes(3, "little"), piece[:1]]
        else:
            out += [(len(piece) << 3 | last).to_bytes(3, "little"), piece]
    if checksum:
        out.append(b"\0\0\0\0")  # its value is the decompressor's business, not the walk's
    return b"".join(out)


def test_the_zstd_frame_walk_tells_a_cut_inside_a_frame():
    frames = [
        _raw_zstd_frame(b"see http://example.com/\n" * 100),
        b"\x5f\x2a\x4d\x18" + (3).to_bytes(4, "little") + b"abc",
        _raw_zstd_frame(b"z" * 2500, checksum=True),
        _raw_zstd_frame(b""),
    ]
    stream = b"".join(frames)
    ends = {sum(map(len, frames[: n + 1])) for n in range(len(frames))}
    rng = random.Random(3)
    for cut in range(len(stream) + 1):
        walk = _ZstdFrames()
        at = 0
        while at < cut:
            step = rng.randint(1, 40)
            walk.feed(stream[at : min(cut, at + step)])
            at += step
        assert walk.between == (cut == 0 or cut in ends), cut


def test_without_zstandard_a_zstd_stream_is_noted(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "zstandard", None)  # import zstandard: ImportError
    monkeypatch.setitem(sys.modules, "compression.zstd", None)  # Python 3.14's, likewise
    frame = _raw_zstd_frame(b"see http://example.com/\n")
    (tmp_path / "notes.txt.zst").write_bytes(frame)
    (tmp_path / "mail.tar.zst").write_bytes(frame)
    (tmp_path / "inner.tar").write_bytes(_tar_of([("notes.txt.zst", frame)]))
    code, out, err = run(capsys, "extract", str(tmp_path))
    note = "cannot read: a zstd stream: install urlint[zstd] to read it"
    assert (code, out) == (2, "")
    assert err == (
        f"urlint: {tmp_path}/inner.tar!notes.txt.zst: {note}\n"
        f"urlint: {tmp_path}/mail.tar.zst: {note}\n"
        f"urlint: {tmp_path}/notes.txt.zst: {note}\n"
    )
    code, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", str(tmp_path / "notes.txt.zst")
    )
    assert (code, out) == (1, f"{tmp_path}/notes.txt.zst:1:1: M902 {note}\n")


def test_sniffing_tar_and_zstd():
    tar = _tar_of([("a.txt", b"http://example.com/\n")])
    assert sniff("anything", tar) == kinds.TAR
    v7 = bytearray(tar[:512])  # an old tar: no "ustar" mark, known by its name
    v7[257:265] = bytes(8)
    v7[148:156] = b"%06o\x00 " % (sum(v7[:148]) + sum(v7[156:]) + 8 * 0x20)
    assert sniff("old.tar", bytes(v7)) == kinds.TAR
    assert sniff("old", bytes(v7)) == kinds.TEXT
    assert sniff("empty.tar", bytes(10240)) == kinds.TAR  # `tar cf empty.tar -T /dev/null`
    assert sniff("empty", bytes(10240)) == kinds.TEXT
    text = bytearray(b"x" * 600)  # "ustar" where a tar has it, in a text: no checksum holds
    text[257:262] = b"ustar"
    assert sniff("notes.txt", bytes(text)) == kinds.TEXT
    assert sniff("notes.txt", b"\x28\xb5\x2f\xfd rest") == kinds.ZSTD
    skippable = b"\x50\x2a\x4d\x18" + (2).to_bytes(4, "little") + b"ab"
    assert sniff("x", skippable + b"\x28\xb5\x2f\xfd") == kinds.ZSTD
    assert sniff("x", skippable + b"not zstd") == kinds.TEXT
    assert kinds.inner_name("mail.tgz") == "mail.tar"
    assert kinds.inner_name("2001-March.txt.zst") == "2001-March.txt"
    assert kinds.misnamed("x.tar", kinds.TEXT) == (
        "named as tar, but it is not: read as plain text"
    )


@pytest.mark.processes
def test_tarfile_and_zstandard_are_imported_only_for_such_inputs():
    code = (
        "import sys\n"
        "from urlint.commands.cli import main\n"
        f"main(['check', '--isolated', {str(REPO / 'README.md')!r}])\n"
        "lazy = ('tarfile', 'zstandard', 'compression.zstd')\n"
        "print(sorted(name for name in lazy if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.stdout.splitlines()[-1] == "[]", result.stderr


# `.tgz`, `.tar.xz` and `.zst` archives of the shared mail give the same URLs as the files
# themselves.


@pytest.mark.slow
@pytest.mark.corpus
def test_tars_and_zstd_of_the_shared_monthly_mboxes(capsys, tmp_path):
    source = shared_path("corpora", "email-linux-mips-monthly-mbox-gz")
    months = tmp_path / "months"
    months.mkdir()
    names = []
    for packed in sorted(source.glob("*.txt.gz")):
        name = packed.name[: -len(".gz")]
        (months / name).write_bytes(gzip.decompress(packed.read_bytes()))
        names.append(name)
    expected = _file_records(capsys, months, [months / name for name in names])
    assert len(expected) > 500
    tar = _tar_of([(name, (months / name).read_bytes()) for name in names])
    forms = {".tgz": gzip.compress(tar), ".tar.xz": lzma.compress(tar)}
    if _has_zstandard():
        forms[".tar.zst"] = _zstd(tar)
    for form, data in forms.items():
        archive = tmp_path / f"months{form}"
        archive.write_bytes(data)
        code, records, err = extract_jsonl(capsys, str(archive))
        assert (code, err) == (0, ""), form
        assert _member_records(records, str(archive)) == expected, form
    if _has_zstandard():
        for name in names:
            packed = months / f"{name}.zst"
            packed.write_bytes(_zstd((months / name).read_bytes()))
            code, records, err = extract_jsonl(capsys, str(packed))
            assert (code, err) == (0, ""), name
            assert [{**r, "path": name} for r in records] == [
                r for r in expected if r["path"] == name
            ]


@pytest.mark.corpus
def test_a_tgz_of_the_shared_maildir(capsys, tmp_path):
    maildir = shared_path("corpora", "email-linux-mips-maildir")
    paths = sorted((maildir / "cur").iterdir())[:400]
    code, records, _ = extract_jsonl(capsys, *map(str, paths))  # notes: damaged messages
    expected = [{**r, "path": str(Path(r["path"]).relative_to(maildir))} for r in records]
    assert len(expected) > 400
    archive = tmp_path / "maildir.tgz"
    archive.write_bytes(
        gzip.compress(_tar_of([(str(p.relative_to(maildir)), p.read_bytes()) for p in paths]))
    )
    code_tgz, records, _ = extract_jsonl(capsys, str(archive))
    assert code_tgz == code
    assert _member_records(records, str(archive)) == expected


def _has_zstandard() -> bool:
    try:
        import zstandard  # noqa: F401
    except ImportError:
        return False
    return True


def test_no_stray_files(tmp_path):
    # Nothing is unpacked to disk: reading an archive leaves its folder as it was.
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(gzip.compress(_tar_of(list(FILES.items()))))
    before = sorted(os.listdir(tmp_path))
    from urlint.commands.cli import main

    main(["extract", str(archive)])
    assert sorted(os.listdir(tmp_path)) == before


def test_a_compressed_text_cut_short_gives_its_urls_before_the_damage(capsys, tmp_path):
    # "Read as far as it goes": the whole lines decompressed before the damage are read
    # (a read of 4 MB lost all it had gathered: a small file lost every URL), but the last
    # chunk's held-back overlap (MAX_RAW_LINES and two, where a wrapper may go on); a
    # gzip stream with junk after it gives all but that too.
    import zlib

    from urlint.scanner.wrappers import MAX_RAW_LINES

    text = b"".join(b"see http://example.com/%d\n" % n for n in range(20000))
    packed = gzip.compress(text)
    damaged = (("cut.txt.gz", packed[: len(packed) // 2]), ("junk.txt.gz", packed + b"junk"))
    for name, data in damaged:
        (tmp_path / name).write_bytes(data)
        before = zlib.decompressobj(zlib.MAX_WBITS | 16).decompress(data)
        whole_lines = before.count(b"\n") if name == "cut.txt.gz" else 20000
        code, out, err = run(capsys, "extract", str(tmp_path / name))
        urls = out.splitlines()
        assert code == 2 and err.startswith(f"urlint: {tmp_path}/{name}: cannot read: ")
        assert urls == [f"http://example.com/{n}" for n in range(len(urls))]
        assert whole_lines - (MAX_RAW_LINES + 2) <= len(urls) < whole_lines
