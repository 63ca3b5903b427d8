"""Archive members as units: a large tar or zip archive's members, carried to the
workers in their bytes (sources.members), give on one and two processes what the whole
archive's reading gives, byte for byte, summary counts included: also where its stream is
damaged, a member's gzip trailer lies, the decompression limit comes near, and news
articles are crossposted."""

from __future__ import annotations

import gzip
import io
import re
import tarfile
import zipfile

import pytest

from urlint.core.units import ArchiveMembers, ArchiveRest, WholeInput
from urlint.output.extract import UrlFormat
from urlint.run.plan import plan
from urlint.work.extract import scan_unit

from ..helpers import run
from .test_units import _lines

SIZES = {"run_bytes": 500}  # an archive over 1 KB is cut into units

MESSAGE = (
    "From a@example.org Thu Mar  1 03:00:13 2001\nSubject: {n}\nMessage-ID: <{n}@ex>\n\n"
    "see http://example.com/~{n}/ and <URL:ftp://ftp.example.org/\n  {n}.txt>\n\n"
)
ARTICLE = (
    "Path: news.example.org!not-for-mail\nFrom: fred@example.org\nNewsgroups: {groups}\n"
    "Subject: tools\nMessage-ID: <{id}@news.example.org>\n\n"
    "The list is at <URL:http://www.example.org/{id}/list.html>.\n"
)


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    monkeypatch.setattr("urlint.sources.members.BATCH_FILES", 3)
    monkeypatch.setattr("urlint.sources.members.BATCH_BYTES", 20_000)


def _mbox(first: int, count: int) -> bytes:
    return "".join(MESSAGE.format(n=n) for n in range(first, first + count)).encode()


def _members() -> list[tuple[str, bytes]]:
    """A mail archive's members: gzipped and plain mboxes, a note, a Maildir's messages,
    a news spool's articles (one crossposted, a file per group)."""
    members = [
        ("list/2001-01.mbox.gz", gzip.compress(_mbox(0, 150))),
        ("list/README", b"Archived at http://lists.example.org/list/ since 1996.\n"),
        ("list/2001-02.mbox", _mbox(150, 150)),
    ]
    for n in range(7):
        members.append((f"Maildir/cur/17000000{n}.m{n}:2,S", MESSAGE.format(n=1000 + n).encode()))
    groups = "comp.infosystems.www,comp.mail.misc"
    members += [
        ("news/comp/infosystems/www/1", ARTICLE.format(groups=groups, id="x1").encode()),
        ("news/comp/mail/misc/7", ARTICLE.format(groups=groups, id="x1").encode()),
        ("news/comp/mail/misc/8", ARTICLE.format(groups="comp.mail.misc", id="x2").encode()),
        ("list/2001-03.mbox.gz", gzip.compress(_mbox(300, 150))),
    ]
    return members


def _tar(members: list[tuple[str, bytes]], compression: str = "gz") -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode=f"w:{compression}") as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def _kinds(paths: list[str]) -> list[str]:
    return [type(unit).__name__ for unit in plan(paths, **SIZES)]


def _same_on_one_and_two_processes(paths: list[str]) -> list[str]:
    serial = _lines(paths)
    assert _lines(paths, 1, **SIZES) == serial
    assert _lines(paths, 2, **SIZES) == serial
    return serial


# The members are read apart alike under any compression: the quick tier reads a gzip'd tar,
# the slow one each of the others too
@pytest.mark.parametrize(
    "compression",
    ["gz", *(pytest.param(kind, marks=pytest.mark.slow) for kind in ("bz2", "xz", ""))],
)
def test_the_members_of_a_tar_read_apart_give_the_whole_archive(tmp_path, compression):
    archive = tmp_path / f"mail.tar{'.' + compression if compression else ''}"
    archive.write_bytes(_tar(_members(), compression))
    kinds = _kinds([str(archive)])
    # 3 members a unit at most, 20 KB at most (a larger member goes alone): 14 members
    assert kinds == ["ArchiveMembers"] * 6
    lines = _same_on_one_and_two_processes([str(archive)])
    assert sum('"url"' in line for line in lines) == 2 * 450 + 1 + 2 * 7 + 2
    # the crossposted article is read once, under its first group
    assert sum("/x1/list.html" in line for line in lines) == 1


def test_members_carried_hold_their_bytes_and_the_allowance_of_their_stream(tmp_path):
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(_members()))
    (first, *_), *_ = [unit.members for unit in plan([str(archive)], **SIZES)]
    assert first.path == f"{archive}!list/2001-01.mbox.gz"
    assert (first.index, first.depth) == (0, 2)
    assert first.allowance == len(_mbox(0, 150))  # the gzip trailer's size
    assert gzip.decompress(first.data) == _mbox(0, 150)  # the member's own bytes
    units = list(plan([str(archive)], **SIZES))
    assert [m.allowance for m in units[0].members[1:]] == [0]  # README: not compressed


@pytest.mark.parametrize(
    ("cut", "kinds"),
    [
        (0.2, ["WholeInput"]),  # cut inside the first member: nothing carried
        (0.5, ["ArchiveMembers", "ArchiveRest"]),
        # every member before the damage carried (archives.SalvagingReader: a read that
        # met it gave what it had gathered)
        (0.8, ["ArchiveMembers"] * 6 + ["ArchiveRest"]),
        (0.97, ["ArchiveMembers"] * 6 + ["ArchiveRest"]),
    ],
)
def test_a_damaged_archive_is_read_on_as_a_whole_from_where_the_damage_is(tmp_path, cut, kinds):
    data = _tar(_members())
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(data[: int(len(data) * cut)])
    assert _kinds([str(archive)]) == kinds
    lines = _same_on_one_and_two_processes([str(archive)])
    assert "cannot be read to its end" in lines[-1]


def test_a_member_whose_gzip_trailer_lies_is_read_again_with_the_archive(tmp_path):
    members = _members()
    name, data = members[0]
    members[0] = (name, data[:-4] + (100).to_bytes(4, "little"))  # says 100 bytes
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    first = next(iter(plan([str(archive)], **SIZES)))
    assert isinstance(first, ArchiveMembers) and first.members[0].allowance == 100
    results = scan_unit(first, UrlFormat(jsonl=True))
    assert results[-1].archive_rest  # read on from that member to the archive's end
    lines = _same_on_one_and_two_processes([str(archive)])
    # gzip finds the length wrong at the stream's end, in the member's one read: its
    # messages are lost, and the damage said
    assert "gzip stream cannot be read to its end: Incorrect length" in " ".join(lines)


@pytest.mark.slow
def test_a_member_that_would_reach_the_limit_is_not_carried(tmp_path):
    members = _members()
    # 70 MB of text in 70 KB: past the 64 MiB an archive this small may decompress to
    members.insert(4, ("list/huge.txt.gz", gzip.compress(b"words and more words\n" * 3_500_000)))
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    units = list(plan([str(archive)], **SIZES))
    assert [type(unit).__name__ for unit in units] == ["ArchiveMembers"] * 3 + ["ArchiveRest"]
    assert isinstance(units[-1], ArchiveRest) and units[-1].skip == 4
    lines = _same_on_one_and_two_processes([str(archive)])
    assert any("decompression bomb" in line for line in lines)


def test_an_archive_with_nothing_to_carry_is_read_whole(tmp_path):
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar([("inner.tar", _tar(_members(), ""))] + _members()))
    assert [type(unit) for unit in plan([str(archive)], **SIZES)] == [WholeInput]
    _same_on_one_and_two_processes([str(archive)])


def test_an_article_crossposted_from_an_archive_to_a_spool_is_read_once(tmp_path):
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(_members()))
    spool = tmp_path / "spool" / "comp" / "mail" / "misc"
    spool.mkdir(parents=True)
    groups = "comp.infosystems.www,comp.mail.misc"
    (spool / "9").write_text(ARTICLE.format(groups=groups, id="x1"))
    lines = _same_on_one_and_two_processes([str(archive), str(tmp_path / "spool")])
    assert sum("/x1/list.html" in line for line in lines) == 1


SUMMARY = re.compile(r"(?P<files>[\d,]+) files?, (?P<messages>[\d,]+) messages?")


@pytest.mark.processes
@pytest.mark.parametrize("damaged", [False, True])
def test_the_summary_counts_the_same_messages_on_one_and_two_processes(
    tmp_path, capsys, monkeypatch, damaged
):
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", SIZES["run_bytes"])
    members = _members()
    if damaged:  # read again from its first member
        name, data = members[0]
        members[0] = (name, data[:-4] + (100).to_bytes(4, "little"))
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    summaries = []
    for jobs in ("1", "2"):
        _, out, err = run(capsys, "extract", "--summary", "-j", jobs, str(archive))
        summary = SUMMARY.search(err.splitlines()[-1])
        assert summary, err
        summaries.append((out, summary.groupdict()))
    assert summaries[0] == summaries[1]
    # 450 in the mboxes, 7 in the Maildir, 2 news articles; the damaged member's 150 lost
    assert summaries[0][1] == {"files": "1", "messages": "309" if damaged else "459"}


def test_a_crosspost_in_another_unit_of_the_archive_drops_only_that_article(tmp_path):
    groups = "comp.infosystems.www,comp.mail.misc"
    members = [
        ("news/comp/infosystems/www/1", ARTICLE.format(groups=groups, id="x1").encode()),
        ("Maildir/cur/1", MESSAGE.format(n=1).encode()),
        ("Maildir/cur/2", MESSAGE.format(n=2).encode()),
        # the next unit: the crosspost, and two messages read as ever
        ("news/comp/mail/misc/7", ARTICLE.format(groups=groups, id="x1").encode()),
        ("Maildir/cur/3", MESSAGE.format(n=3).encode()),
        ("Maildir/cur/4", MESSAGE.format(n=4).encode()),
        ("list/2001-01.mbox", _mbox(10, 100)),
    ]
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    units = list(plan([str(archive)], **SIZES))
    assert [len(unit.members) for unit in units] == [3, 3, 1]
    lines = _same_on_one_and_two_processes([str(archive)])
    assert sum("/x1/list.html" in line for line in lines) == 1
    assert sum("example.com/~3/" in line or "example.com/~4/" in line for line in lines) == 2


def test_an_archive_read_again_knows_the_articles_its_members_read_before(tmp_path):
    groups = "comp.infosystems.www,comp.mail.misc"
    lying = gzip.compress(_mbox(10, 50))
    members = [
        ("news/comp/infosystems/www/1", ARTICLE.format(groups=groups, id="x1").encode()),
        ("Maildir/cur/1", MESSAGE.format(n=1).encode()),
        ("Maildir/cur/2", MESSAGE.format(n=2).encode()),
        ("list/2001-01.mbox.gz", lying[:-4] + (100).to_bytes(4, "little")),  # read again
        ("news/comp/mail/misc/7", ARTICLE.format(groups=groups, id="x1").encode()),
        ("Maildir/cur/3", MESSAGE.format(n=3).encode()),
    ]
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    units = list(plan([str(archive)], **SIZES))
    results = scan_unit(units[1], UrlFormat(jsonl=True))
    assert results[-1].archive_rest
    # x1, read again with the first member, is known: its crosspost is passed over
    assert [result.articles for result in results] == [()] * len(results)
    lines = _same_on_one_and_two_processes([str(archive)])
    assert sum("/x1/list.html" in line for line in lines) == 1
    assert sum("example.com/~3/" in line for line in lines) == 1


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return out.getvalue()


def test_the_members_of_a_zip_read_apart_give_the_whole_archive(tmp_path):
    archive = tmp_path / "mail.zip"
    archive.write_bytes(_zip(_members()))
    assert _kinds([str(archive)]) == ["ArchiveMembers"] * 6
    lines = _same_on_one_and_two_processes([str(archive)])
    assert sum('"url"' in line for line in lines) == 2 * 450 + 1 + 2 * 7 + 2


def test_a_zip_member_that_fails_its_check_is_read_on_with_the_archive(tmp_path):
    data = bytearray(_zip(_members()))
    at = data.index(b"list/2001-02.mbox") + len("list/2001-02.mbox") + 40
    data[at] ^= 0xFF  # inside the member's deflated data: a bad CRC, or bad data
    archive = tmp_path / "mail.zip"
    archive.write_bytes(bytes(data))
    kinds = _kinds([str(archive)])
    assert kinds[-1] == "ArchiveRest" and kinds.count("ArchiveMembers") == 1
    lines = _same_on_one_and_two_processes([str(archive)])
    assert any("2001-02.mbox" in line and "cannot be read to its end" in line for line in lines)


def _lying_first(members: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    name, data = members[0]
    return [(name, data[:-4] + (100).to_bytes(4, "little")), *members[1:]]


def test_a_misnamed_archive_read_again_says_so_once(tmp_path):
    # a gzipped tar named as a plain one, its first member read again (skip 0): the
    # opening's problem is the planner's to say, before the units, and only its
    archive = tmp_path / "mail.tar"
    archive.write_bytes(_tar(_lying_first(_members())))
    units = list(plan([str(archive)], **SIZES))
    assert type(units[0]).__name__ == "Problem"
    lines = _same_on_one_and_two_processes([str(archive)])
    assert sum("MISNAMED" in line for line in lines) == 1


def test_the_same_archive_named_twice_is_read_twice(tmp_path):
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(_lying_first(_members())))
    lines = _same_on_one_and_two_processes([str(archive), str(archive)])
    assert sum("example.com/~1000/" in line for line in lines) == 2


def test_an_article_read_before_drops_only_its_crosspost_from_an_archive_read_again(tmp_path):
    spool = tmp_path / "spool" / "comp" / "infosystems" / "www"
    spool.mkdir(parents=True)
    groups = "comp.infosystems.www,comp.mail.misc"
    (spool / "1").write_text(ARTICLE.format(groups=groups, id="x1"))
    members = _lying_first(
        [
            ("list/2001-01.mbox.gz", gzip.compress(_mbox(0, 50))),
            ("news/comp/mail/misc/7", ARTICLE.format(groups=groups, id="x1").encode()),
            ("Maildir/cur/1", MESSAGE.format(n=1000).encode()),
        ]
    )
    archive = tmp_path / "mail.tgz"
    archive.write_bytes(_tar(members))
    lines = _same_on_one_and_two_processes([str(tmp_path / "spool"), str(archive)])
    assert sum("/x1/list.html" in line for line in lines) == 1
    assert sum("example.com/~1000/" in line for line in lines) == 1  # after the crosspost
    assert any("Incorrect length" in line for line in lines)  # the damage, said once


def test_a_crosspost_in_an_input_read_whole_drops_that_article_alone(tmp_path):
    # a small tar of a spool (read whole) after the spool holding x1; and a spool file
    # misnamed .gz that is a crosspost: its misnaming is said, its article passed over
    groups = "comp.infosystems.www,comp.mail.misc"
    spool = tmp_path / "spool" / "comp" / "infosystems" / "www"
    spool.mkdir(parents=True)
    (spool / "1").write_text(ARTICLE.format(groups=groups, id="x1"))
    (spool / "2.gz").write_text(ARTICLE.format(groups=groups, id="x1"))
    small = tmp_path / "small.tgz"
    small.write_bytes(
        _tar(
            [
                ("Maildir/cur/1", MESSAGE.format(n=1).encode()),
                ("news/comp/mail/misc/7", ARTICLE.format(groups=groups, id="x1").encode()),
                ("Maildir/cur/3", MESSAGE.format(n=3).encode()),
            ]
        )
    )
    paths = [str(tmp_path / "spool"), str(small)]
    assert _kinds(paths) == ["WholeInput"]
    lines = _same_on_one_and_two_processes(paths)
    assert sum("/x1/list.html" in line for line in lines) == 1
    assert sum("example.com/~1/" in line or "example.com/~3/" in line for line in lines) == 2
    assert sum("MISNAMED" in line for line in lines) == 1
