"""Mail and news containers, recognised by content (and name), read as streams.

Single messages (.eml, netnews articles), mbox (mboxo, mboxrd, mboxcl, mboxcl2), MMDF and
Babyl files are split into messages; gzip, bzip2, xz and zstd are decompressed on the fly,
zip and tar archives read member by member (a tar as one stream, never seeked), nested as
found (`2001-March.txt.gz`, a zip of Maildir files, a `.tgz` of mboxes). Nothing is unpacked
to disk and no archive is ever in memory whole: messages are cut from a sliding buffer.
Limits stop decompression bombs.

Maildir and MH folders need nothing here: their files are single messages, found by the
directory walk (sources.py) and recognised by content.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Generator, Iterator, Sequence

from ..numbers import bounded_int, size_text
from ..problems import Problem, ProblemKind
from ..records import record
from ..sources import SNIFF_BYTES  # one first look at a file, binary or container
from .headers import FIELD_NAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    import tarfile
    from typing import IO, Any, BinaryIO

    from typing_extensions import Buffer  # collections.abc.Buffer from Python 3.12

BLOCK_BYTES = 4 * 1024 * 1024
# A message longer than this is read in pieces: the first as a message, the rest as text.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
# Decompression bomb limits: an archive may inflate to this many times its size (text
# compresses 3-10 times, 200 is generous), but always to at least the floor.
MAX_RATIO = 200
MIN_LIMIT_BYTES = 64 * 1024 * 1024
MAX_NESTING = 4  # archives inside archives
MAX_IN_MEMORY_ZIP = 256 * 1024 * 1024  # a zip inside a compressed stream is read to memory

# A tar's metadata header (pax, GNU long name) is read whole by tarfile: one longer is damage.
MAX_TAR_HEADER_BYTES = 16 * 1024 * 1024

MBOX, MMDF, BABYL, MESSAGE, TEXT = "mbox", "mmdf", "babyl", "message", "text"
GZIP, BZIP2, XZ, ZSTD, ZIP, TAR = "gzip", "bzip2", "xz", "zstd", "zip", "tar"
# What a compressed file's name ends with ("2001-March.txt.gz" holds "2001-March.txt").
COMPRESSED_SUFFIXES = {
    ".gz": GZIP, ".tgz": GZIP, ".bz2": BZIP2, ".tbz": BZIP2, ".tbz2": BZIP2, ".xz": XZ,
    ".txz": XZ, ".zst": ZSTD, ".tzst": ZSTD,
}
# The short names of compressed tars: "mail.tgz" holds "mail.tar".
_TAR_SHORTHANDS = (".tgz", ".tbz", ".tbz2", ".txz", ".tzst")
# Files whose lines are not the lines of any text urlint reads (compressed, zipped, tarred).
PACKED_SUFFIXES = (*COMPRESSED_SUFFIXES, ".zip", ".tar")
COMPRESSED = (GZIP, BZIP2, XZ, ZSTD)
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

# An mbox From_ line: "From " sender, then a date (asctime, RFC 5322 or Google Takeout's
# "+0000 2025" form): something with a time in it.
_FROM_LINE = re.compile(rb"From [^ \t\n]+[ \t]+[^\n]*?\d:\d\d")
_FIELD = re.compile(FIELD_NAME)
# Fields that say a header is a mail or news header, not a text that starts "Note: ..."
_MAIL_FIELDS = frozenset(
    b"""from to cc subject date message-id received return-path newsgroups path mime-version
    content-type delivered-to sender reply-to references in-reply-to x-mailer organization lines
    xref user-agent list-id precedence status approved distribution followup-to
    nntp-posting-host summary keywords x-newsreader article-i.d. envelope-to""".split()
)
MESSAGE_SUFFIXES = (".eml", ".msg", ".mbox", ".mbx", ".news", ".art")
_BLANK_LINES = re.compile(rb"(?:[ \t]*\r?\n)+")

# Which messages to read at all: called with a buffer and the offsets that bound messages
# in it (message i is data[bounds[i]:bounds[i + 1]]), so a message that is skipped is never
# copied out (prefilter.may_hold_urls). One flag per message.
UrlFilter = Callable[[bytes, Sequence[int]], Sequence[bool]]


@record
class RawMessage:
    """One message's bytes as they stand in the container."""

    data: bytes
    line: int  # the container line of data[0]
    index: int  # 1-based within the container


@record
class RawText:
    """Text that is not a message: a plain file inside an archive, or the overflow of a
    message too long to decode whole."""

    data: bytes
    line: int


@record
class Member:
    """An input inside an archive, to be recognised and read in its turn."""

    path: str
    stream: BinaryIO
    depth: int


def sniff(name: str, head: bytes) -> str:
    """What a file is, from its first bytes (and, for a lone message, its name)."""
    if head.startswith(b"\x1f\x8b"):
        return GZIP
    if head.startswith(b"BZh") and head[3:4].isdigit():
        return BZIP2
    if head.startswith(b"\xfd7zXZ\x00"):
        return XZ
    if head.startswith(_ZSTD_MAGIC) or _skippable_then_zstd(head):
        return ZSTD
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")) and name.lower().endswith(".zip"):
        return ZIP  # not .jar, .docx, .epub ...: those are documents, not mail archives
    if _is_tar(name, head):
        return TAR
    if head.startswith((b"\x01\x01\x01\x01\n", b"\x01\x01\x01\x01\r\n")):
        return MMDF
    if head.startswith(b"BABYL OPTIONS:"):
        return BABYL
    if head.startswith(b"From ") and _FROM_LINE.match(head):
        return MBOX  # a From_ line with a date (RFC 4155): what no other text starts with
    if _looks_like_header(
        head[leading_blank_lines(head) :], 1 if name.lower().endswith(MESSAGE_SUFFIXES) else 2
    ):
        return MESSAGE
    return TEXT


def _skippable_then_zstd(head: bytes) -> bool:
    """A zstd skippable frame (pzstd opens its files with one) and a zstd frame after it."""
    if len(head) < 8 or head[1:4] != b"\x2a\x4d\x18" or head[0] & 0xF0 != 0x50:
        return False
    after = 8 + int.from_bytes(head[4:8], "little")
    return head.startswith(_ZSTD_MAGIC, after)


def _is_tar(name: str, head: bytes) -> bool:
    """A tar header block: POSIX and GNU tar write "ustar" at offset 257; an old (v7) tar,
    which has no such mark, and an empty one are taken for one by their name. The header's
    checksum must hold either way (a text about tar may hold "ustar" there)."""
    block = head[:512]
    if len(block) < 512:
        return False
    if block[257:262] != b"ustar":
        if not name.lower().endswith(".tar"):
            return False
        if not block.strip(b"\x00"):
            return True  # an empty archive: its end, two zero blocks, and nothing before
    try:
        stored = int(block[148:156].strip(b" \x00") or b"-1", 8)
    except ValueError:
        return False
    rest = block[:148] + block[156:]
    unsigned = 8 * 0x20 + sum(rest)  # the checksum field itself counts as eight spaces
    high = len(rest) - len(rest.translate(None, bytes(range(128, 256))))
    return stored in (unsigned, unsigned - 256 * high)  # some old tars summed signed bytes


def inner_name(name: str) -> str:
    """The name of what a compressed file holds, for sniff and misnamed: "2001-March.txt.gz"
    holds "2001-March.txt", "mail.tgz" holds "mail.tar"."""
    lowered = name.lower()
    for suffix in COMPRESSED_SUFFIXES:
        if lowered.endswith(suffix):
            return name[: -len(suffix)] + (".tar" if suffix in _TAR_SHORTHANDS else "")
    return name


def leading_blank_lines(data: bytes) -> int:
    """How many bytes of blank or whitespace-only lines open `data`: a message saved with
    them before its header is still a message (mail clients and `mailbox` skip them)."""
    match = _BLANK_LINES.match(data)
    return match.end() if match else 0


# What a file's name says it is, where its content can say otherwise.
_CLAIMS = {**COMPRESSED_SUFFIXES, ".zip": ZIP, ".tar": TAR}


def misnamed(name: str, kind: str) -> str | None:
    """Why a file is not read as what its name says it is, or None: a message, archive or
    compressed file read as plain text is news (nothing in it is decoded), never a silent
    result."""
    lowered = name.lower()
    if kind == TEXT and lowered.endswith(MESSAGE_SUFFIXES):
        return "named as a message, but it opens with no mail header: read as plain text"
    for suffix, claimed in _CLAIMS.items():
        if lowered.endswith(suffix) and kind != claimed:
            return (
                f"named as {claimed}, but it is not: read as "
                f"{'plain text' if kind == TEXT else 'what it is'}"
            )
    return None


def _looks_like_header(head: bytes, known_needed: int) -> bool:
    """Does `head` open with a header block holding `known_needed` mail or news fields,
    every line a field or a continuation, up to a blank line (or the end of `head`)?"""
    known = 0
    lines = head.split(b"\n")
    complete = len(lines) > 1
    for number, line in enumerate(lines[:-1] if complete else lines):
        line = line.rstrip(b"\r")
        if not line:
            return number > 0 and known >= known_needed
        if line[:1] in (b" ", b"\t"):
            if number == 0:
                return False
            continue
        match = _FIELD.match(line)
        if match is None:
            return False
        if match.group()[:-1].rstrip().lower() in _MAIL_FIELDS:
            known += 1
    return known >= known_needed


def peek(stream: BinaryIO) -> tuple[bytes, BinaryIO]:
    """The first bytes of `stream`, and a stream that still yields them."""
    if hasattr(stream, "peek"):
        try:
            head = stream.peek(SNIFF_BYTES)[:SNIFF_BYTES]
            return head, stream
        except (OSError, ValueError):
            pass
    buffered = io.BufferedReader(_Raw(stream), SNIFF_BYTES * 2)  # type: ignore[arg-type]
    return buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES], buffered


class _Raw(io.RawIOBase):
    """A file-like object as a raw stream, so io.BufferedReader can put peek() on it."""

    def __init__(self, inner: BinaryIO) -> None:
        self.inner = inner

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Buffer) -> int:
        view = memoryview(buffer)
        data = self.inner.read(len(view))
        view[: len(data)] = data
        return len(data)


class ArchiveLimit(Exception):
    """A decompressed stream grew past its limit: a decompression bomb, or too big to read."""


class Budget:
    """What one input may decompress in all, however its archives nest: MAX_RATIO times the
    input's own size, and at least MIN_LIMIT_BYTES. A limit per stream would let a small
    archive of archives decompress to terabytes (each stream within its own limit)."""

    __slots__ = ("limit", "used")

    def __init__(self, input_size: int) -> None:
        self.limit = max(MIN_LIMIT_BYTES, MAX_RATIO * max(input_size, 1))
        self.used = 0

    @property
    def spent(self) -> bool:
        return self.used > self.limit

    def take(self, count: int) -> None:
        self.used += count
        if self.used > self.limit:
            raise ArchiveLimit(
                f"decompressed past {size_text(self.limit)} in all ({MAX_RATIO} times the "
                "input's size): a decompression bomb? The rest is not read"
            )


class LimitedReader(io.RawIOBase):
    """A decompressing stream that draws on its input's Budget. It reads what the
    decompressor has at hand (read1), so a reader that asks for a little at a time (tarfile)
    gets everything before a damaged place: read(n) would lose the bytes it had gathered."""

    def __init__(self, inner: IO[bytes], budget: Budget) -> None:
        self.inner = inner
        self.read_some: Callable[[int], bytes] = getattr(inner, "read1", inner.read)
        self.budget = budget

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Buffer) -> int:
        view = memoryview(buffer)
        data = self.read_some(len(view))
        self.budget.take(len(data))
        view[: len(data)] = data
        return len(data)


class Unavailable(Exception):
    """A stream urlint could read with a package that is not installed."""


def decompress(kind: str, stream: BinaryIO, budget: Budget) -> BinaryIO:
    """`stream` decompressed on the fly, within the bomb limit. Raises Unavailable for a
    zstd stream when neither compression.zstd (Python 3.14) nor zstandard is there."""
    # Imported here: a pre-commit run over a few text files never pays for them.
    if kind == GZIP:
        import gzip

        inner: BinaryIO = gzip.GzipFile(fileobj=stream)  # type: ignore[assignment]
    elif kind == BZIP2:
        import bz2

        inner = bz2.BZ2File(stream)  # type: ignore[assignment]
    elif kind == ZSTD:
        inner = _zstd_reader(stream)  # type: ignore[assignment]
    else:
        import lzma

        inner = lzma.LZMAFile(stream)  # type: ignore[assignment]
    return io.BufferedReader(LimitedReader(inner, budget), BLOCK_BYTES)  # type: ignore[arg-type,return-value]


def _zstd_reader(stream: BinaryIO) -> _ZstdReader:
    """A zstd stream's reader: the standard library's where it has one (Python 3.14), else
    the zstandard package's (the `zstd` extra), imported only now."""
    import importlib

    try:
        zstd = importlib.import_module("compression.zstd")
    except ImportError:
        try:
            zstandard = importlib.import_module("zstandard")
        except ImportError:
            raise Unavailable("a zstd stream: install urlint[zstd] to read it") from None
        frames = _ZstdFrames()
        reader = zstandard.ZstdDecompressor().stream_reader(
            _Tapped(stream, frames.feed), read_across_frames=True
        )
        return _ZstdReader(reader, zstandard.ZstdError, frames)
    return _ZstdReader(zstd.ZstdFile(stream), zstd.ZstdError, None)


class _ZstdReader:
    """A zstd decompressor's stream, whose errors are raised as OSError (as bz2's are) and
    which raises EOFError where the stream is cut inside a frame: zstandard's reader takes
    that for the stream's end and says nothing, so `frames` follows the frames as they go."""

    def __init__(self, reader: IO[bytes], error: type[Exception], frames: _ZstdFrames | None):
        self.read_some: Callable[[int], bytes] = getattr(reader, "read1", reader.read)
        self.error = error
        self.frames = frames

    def read(self, size: int = -1) -> bytes:
        try:
            data = self.read_some(size)
        except self.error as error:
            raise OSError(str(error)) from error
        if not data and size and self.frames is not None and not self.frames.between:
            # As gzip, lzma and Python 3.14's zstd say it.
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        return data


class _Tapped:
    """A stream whose bytes are shown to `tap` as they are read."""

    def __init__(self, stream: BinaryIO, tap: Callable[[bytes], None]) -> None:
        self.stream = stream
        self.tap = tap

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        self.tap(data)
        return data


class _ZstdFrames:
    """Where a zstd stream stands, from its frame and block headers as its bytes go by
    (RFC 8878, section 3.1): inside a frame, or between frames. Only headers are looked at;
    the blocks' contents are passed over by their sizes."""

    __slots__ = ("pending", "skip", "in_frame", "checksum", "lost")

    def __init__(self) -> None:
        self.pending = b""  # the start of a header cut by the end of what was read
        self.skip = 0  # bytes still to pass over before the next header
        self.in_frame = False  # True: the next header is a block's
        self.checksum = 0  # the bytes of the current frame's checksum, after its last block
        self.lost = False  # not a zstd frame: the decompressor says what is wrong

    @property
    def between(self) -> bool:
        return self.lost or not (self.in_frame or self.pending or self.skip)

    def feed(self, data: bytes) -> None:
        if self.lost:
            return
        if self.pending:
            data = self.pending + data
        at, end = self.skip, len(data)
        while at <= end:
            after = self._header(data, at)
            if after is None:
                self.pending, self.skip = (b"" if self.lost else data[at:]), 0
                return
            at = after
        self.pending, self.skip = b"", at - end

    def _header(self, data: bytes, at: int) -> int | None:
        """Where the next header is, after the one at `at` and what it announces; None when
        that header is not whole in `data`."""
        left = len(data) - at
        if self.in_frame:  # a block header: last-block bit, type (1: RLE, one byte), size
            if left < 3:
                return None
            header = int.from_bytes(data[at : at + 3], "little")
            size = 1 if header >> 1 & 3 == 1 else header >> 3
            if header & 1:
                self.in_frame = False
                size += self.checksum
            return at + 3 + size
        if left < 4:
            return None
        if data[at + 1 : at + 4] == b"\x2a\x4d\x18" and data[at] & 0xF0 == 0x50:  # skippable
            return None if left < 8 else at + 8 + int.from_bytes(data[at + 4 : at + 8], "little")
        if not data.startswith(_ZSTD_MAGIC, at):
            self.lost = True
            return None
        if left < 5:
            return None
        descriptor = data[at + 4]  # content size flag, single segment, checksum, dictionary
        single = descriptor >> 5 & 1
        size_bytes = (single, 2, 4, 8)[descriptor >> 6]
        length = 5 + (1 - single) + (0, 1, 2, 4)[descriptor & 3] + size_bytes
        self.checksum = 4 if descriptor & 4 else 0
        self.in_frame = True
        return at + length


def zip_members(
    path: str, stream: BinaryIO, depth: int, seekable: bool, budget: Budget
) -> Iterator[Member | Problem]:
    """The files in a zip archive, each as a Member, in the archive's order."""
    import zipfile

    if not seekable:
        data = stream.read(MAX_IN_MEMORY_ZIP + 1)
        if len(data) > MAX_IN_MEMORY_ZIP:
            yield Problem(
                ProblemKind.UNREADABLE,
                f"a zip archive inside a compressed stream over {size_text(MAX_IN_MEMORY_ZIP)} is "
                "not read",
            )
            return
        stream = io.BytesIO(data)
    try:
        archive = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        yield Problem(ProblemKind.UNREADABLE, f"not a readable zip archive: {error}")
        return
    with archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            if budget.spent:
                yield Problem(
                    ProblemKind.UNREADABLE,
                    f"{info.filename} and the members after it are not read: the input's "
                    "decompression limit is spent",
                )
                return
            name = f"{path}!{info.filename}"
            if info.flag_bits & 0x1:
                yield Problem(ProblemKind.UNREADABLE, f"{info.filename}: encrypted, not read")
                continue
            try:
                opened = archive.open(info)
            except (
                zipfile.BadZipFile,
                NotImplementedError,
                OSError,
                RuntimeError,
                ValueError,
            ) as error:
                yield Problem(ProblemKind.UNREADABLE, f"{info.filename}: cannot be read: {error}")
                continue
            with opened:
                reader = io.BufferedReader(LimitedReader(opened, budget), BLOCK_BYTES)
                yield Member(name, reader, depth + 1)  # type: ignore[arg-type]


def tar_members(
    path: str, stream: BinaryIO, depth: int, budget: Budget
) -> Generator[Member | Problem, None, None]:
    """The regular files in a tar archive, each as a Member, in the archive's order. The tar
    is read as one stream, never seeked (a .tgz on standard input reads as a file does), so
    each member is read (or passed over) before the next: damage met anywhere ends the
    archive, and is raised where it is met as a stream's damage is (OSError for tarfile's
    own). Directories, links, devices and FIFOs are passed over.

    A member's bytes are the tar stream's, which a compressed tar's Budget already counts; a
    sparse member's holes are made up by tar itself, so they draw on the Budget too."""
    import tarfile

    source = _TarStream(stream, tarfile.TarError)
    try:
        archive = tarfile.open(fileobj=source, mode="r|", tarinfo=_tar_header())  # type: ignore[call-overload]
    except tarfile.TarError as error:
        yield Problem(ProblemKind.UNREADABLE, f"not a readable tar archive: {error}")
        return
    with archive:
        while source.damage is None:  # else reported where it was met, and the rest is lost
            info = source.guarded(archive.next)
            archive.members.clear()  # kept for random access, which a stream never has
            if info is None:
                return
            if not info.isreg():
                continue
            if budget.spent:
                yield Problem(
                    ProblemKind.UNREADABLE,
                    f"{info.name} and the members after it are not read: the input's "
                    "decompression limit is spent",
                )
                return
            opened = source.guarded(archive.extractfile, info)
            member = _TarMember(opened, source, budget if info.issparse() else None)
            yield Member(f"{path}!{info.name}", io.BufferedReader(member, BLOCK_BYTES), depth + 1)  # type: ignore[arg-type]


def _tar_header() -> type[tarfile.TarInfo]:
    """tarfile's TarInfo, strict where tarfile is lenient: tarfile ends a stream quietly at
    a header it cannot read (cut short, a bad checksum) and reads a metadata header (pax,
    GNU long name) whole, whatever the size it states."""
    import tarfile

    meta = (
        tarfile.XHDTYPE,
        tarfile.XGLTYPE,
        tarfile.SOLARIS_XHDTYPE,
        tarfile.GNUTYPE_LONGNAME,
        tarfile.GNUTYPE_LONGLINK,
    )

    class Header(tarfile.TarInfo):
        @classmethod
        def frombuf(cls, buf: bytes | bytearray, encoding: str, errors: str) -> Header:
            try:
                info = super().frombuf(buf, encoding, errors)
            except tarfile.HeaderError as error:
                if not buf.strip(b"\x00"):
                    raise  # the end of the archive (two zero blocks, or no more data)
                raise tarfile.ReadError(str(error)) from None
            if info.type in meta and info.size > MAX_TAR_HEADER_BYTES:
                raise tarfile.ReadError(
                    f"a metadata header of {info.size:,} bytes (over "
                    f"{size_text(MAX_TAR_HEADER_BYTES)})"
                )
            return info

    return Header


class _TarStream:
    """What a tar archive is read from, and the first error met reading it or its members:
    one stream, so nothing past a damaged place can be read, and every later read raises
    that error again (tarfile, asked again, would say something else: "seeking backwards
    is not allowed"). tarfile's own errors are raised as OSError, as a damaged stream's are."""

    def __init__(self, stream: BinaryIO, tar_error: type[Exception]) -> None:
        self.stream = stream
        self.tar_error = tar_error
        self.damage: Exception | None = None

    def read(self, size: int = -1) -> bytes:
        return self.guarded(self.stream.read, size)

    def guarded(self, call: Callable[..., Any], *args: Any) -> Any:
        if self.damage is not None:
            raise self.damage
        try:
            return call(*args)
        except Exception as error:
            raised = OSError(str(error)) if isinstance(error, self.tar_error) else error
            if self.damage is None:
                self.damage = raised
            if raised is error:
                raise
            raise raised from error


class _TarMember(io.RawIOBase):
    """A member of a tar stream, read through its _TarStream; a sparse one within the
    input's Budget."""

    def __init__(self, inner: IO[bytes], archive: _TarStream, budget: Budget | None) -> None:
        self.inner = inner
        self.archive = archive
        self.budget = budget

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Buffer) -> int:
        view = memoryview(buffer)
        data = self.archive.guarded(self.inner.read, len(view))
        if self.budget is not None:
            self.archive.guarded(self.budget.take, len(data))
        view[: len(data)] = data
        return len(data)


class _Buffer:
    """A sliding window over a stream, addressed by absolute offsets: what the splitters
    cut messages from. `data` holds the stream from offset `base` on."""

    __slots__ = ("stream", "data", "base", "eof")

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.data = b""
        self.base = 0
        self.eof = False

    @property
    def end(self) -> int:
        return self.base + len(self.data)

    def more(self, keep_from: int) -> bool:
        """Read another block, dropping what lies before `keep_from`; False at the end."""
        block = b"" if self.eof else self.stream.read(BLOCK_BYTES)
        if not block:
            self.eof = True
            return False
        drop = max(0, keep_from - self.base)
        self.data = self.data[drop:] + block
        self.base += drop
        return True

    def fill(self, until: int, keep_from: int) -> None:
        while self.end < until and self.more(keep_from):
            pass

    def slice(self, start: int, end: int) -> bytes:
        return self.data[start - self.base : end - self.base]


_CONTENT_LENGTH = re.compile(rb"(?im)^Content-Length:[ \t]*(\d+)[ \t]*\r?$")
_HEADER_END = re.compile(rb"\n\r?\n")
_QUOTED_FROM = re.compile(rb"(?m)^>(>*From )")


def split_mbox(
    stream: BinaryIO, may_hold_urls: UrlFilter | None = None
) -> Iterator[RawMessage | RawText | Problem]:
    """Messages of an mbox, streamed (RFC 4155). A message starts at a From_ line after a
    blank line (or at the start); mboxrd's `>From ` quoting is undone one level; where a
    Content-Length field (mboxcl, mboxcl2) ends the body exactly on the next From_ line or
    at the end, it is believed, so an unquoted "From " in such a body stays in it. A message
    longer than MAX_MESSAGE_BYTES is read as a message up to there and as text after.

    The messages whole in the buffer are cut out together, and `may_hold_urls` says which of
    them to read: one that is skipped is never copied out, nor its lines counted one by one
    (issue 4, "Speed": half of an archive's messages hold no URL)."""
    mbox = _Mbox(stream, may_hold_urls)
    buffer = mbox.buffer
    while True:
        data, base = buffer.data, buffer.base
        mbox.count_lines(data, base, mbox.start)  # before the buffer may move on from `start`
        if mbox.counted and not mbox.overflowing:
            end = _content_length_end(buffer, mbox.start)
            if end is not None:
                yield from mbox.counted_message(end)
                if buffer.eof and end >= buffer.end:
                    return
                continue
        # Where Content-Length rules, only the next From_ line: the message after it may have
        # its own length (looking further each time would be quadratic in the block).
        ends = _from_lines(data, max(0, mbox.search - base), first_only=mbox.counted)
        if ends:
            yield from mbox.up_to_from_lines(data, base, ends)
        elif buffer.eof:
            yield from mbox.last(data, base)
            return
        elif buffer.end - mbox.start > MAX_MESSAGE_BYTES:
            yield from mbox.overflow(data, base)
        else:
            # The last line may be a From_ line not read to its end yet: look again from there.
            mbox.search = max(mbox.start + 1, base + data.rfind(b"\n") + 1)
            buffer.more(mbox.start)


class _Mbox:
    """Where `split_mbox` is in an mbox: the current message's start (its From_ line, an
    absolute offset), where to look for the next From_ line, the file line at `line_at`,
    the messages counted so far, and whether a message too long is being read on as text."""

    def __init__(self, stream: BinaryIO, may_hold_urls: UrlFilter | None) -> None:
        self.buffer = _Buffer(stream)
        self.buffer.more(0)
        self.may_hold_urls = may_hold_urls
        self.start = 0
        self.search = 1
        self.line = 1
        self.line_at = 0
        self.index = 0
        self.overflowing = False
        # mboxcl and mboxcl2 writers give every message a Content-Length; where the first
        # message has none, no message is cut by one (and none pays for looking).
        self.counted = _content_length_end(self.buffer, 0) is not None

    def count_lines(self, data: bytes, base: int, at: int) -> None:
        self.line += data.count(b"\n", self.line_at - base, at - base)
        self.line_at = at

    def _may_hold_urls(self, data: bytes, start: int, end: int) -> bool:
        return self.may_hold_urls is None or self.may_hold_urls(data, (start, end))[0]

    def counted_message(self, end: int) -> Iterator[RawMessage]:
        """The message its Content-Length ends at `end`."""
        data, base = self.buffer.data, self.buffer.base
        self.index += 1
        if self._may_hold_urls(data, self.start - base, end - base):
            yield _raw_message(data[self.start - base : end - base], self.line, self.index)
        self.start, self.search = end, end + 1

    def up_to_from_lines(
        self, data: bytes, base: int, ends: list[int]
    ) -> Iterator[RawMessage | RawText]:
        """The messages that the From_ lines at `ends` (offsets in `data`) end."""
        if self.overflowing:  # the first From_ line ends the text
            yield RawText(data[self.start - base : ends[0]], self.line)
            self.overflowing = False
            self.start = base + ends[0]
            self.search = self.start + 1
            return
        bounds = (self.start - base, *ends)
        chosen = self.may_hold_urls(data, bounds) if self.may_hold_urls is not None else None
        quoted = data.find(b">From ", bounds[0], bounds[-1])  # mboxrd quoting: one pass
        for number in range(len(ends)):
            self.index += 1
            if chosen is None or chosen[number]:
                at, past = bounds[number], bounds[number + 1]
                self.count_lines(data, base, base + at)
                if 0 <= quoted < at:
                    quoted = data.find(b">From ", at, bounds[-1])
                piece = data[at:past]
                if 0 <= quoted < past:
                    piece = _QUOTED_FROM.sub(rb"\1", piece)
                yield RawMessage(piece, self.line, self.index)
        self.start = base + ends[-1]
        self.search = self.start + 1

    def last(self, data: bytes, base: int) -> Iterator[RawMessage | RawText]:
        """What is left at the end of the input."""
        if self.buffer.end <= self.start:
            return
        if self.overflowing:
            yield RawText(data[self.start - base :], self.line)
        else:
            self.index += 1
            if self._may_hold_urls(data, self.start - base, len(data)):
                yield _raw_message(data[self.start - base :], self.line, self.index)

    def overflow(self, data: bytes, base: int) -> Iterator[RawMessage | RawText | Problem]:
        """A message longer than MAX_MESSAGE_BYTES: its start as a message, the rest as text,
        a buffer at a time."""
        cut = data.rfind(b"\n", 0, len(data) - 8) + 1 + base
        cut = cut if cut > self.start else self.buffer.end - 8
        piece = self.buffer.slice(self.start, cut)
        if self.overflowing:
            yield RawText(piece, self.line)
        else:
            self.index += 1
            reason = (f"message {self.index} is longer than {size_text(MAX_MESSAGE_BYTES)}: "
                      "its start is read as a message, the rest as plain text")
            yield Problem(ProblemKind.LIMIT, reason, line=self.line)
            yield _raw_message(piece, self.line, self.index)
            self.overflowing = True
        self.start = self.search = cut


# A From_ line after a blank line, read to its line end (so one still arriving is left for
# the next look). Led by its literal "From ", with the blank line looked at behind it: the
# regex engine then skips to candidates at memchr speed, not to every line end.
_FROM_LINE_AFTER_BLANK = re.compile(
    rb"From (?:(?<=\n\nFrom )|(?<=\n\r\nFrom ))" + _FROM_LINE.pattern[5:] + rb"[^\n]*\n"
)


def _from_lines(data: bytes, at: int, first_only: bool = False) -> list[int]:
    """Offsets of the From_ lines after a blank line that start at or after `at` (only the
    first of them, if asked)."""
    if first_only:
        found = _FROM_LINE_AFTER_BLANK.search(data, at)
        return [found.start()] if found else []
    return [match.start() for match in _FROM_LINE_AFTER_BLANK.finditer(data, at)]


def _raw_message(piece: bytes, line: int, index: int) -> RawMessage:
    if b">From " in piece:
        piece = _QUOTED_FROM.sub(rb"\1", piece)
    return RawMessage(piece, line, index)


def _content_length_end(buffer: _Buffer, start: int) -> int | None:
    """Where the message at `start` ends by its Content-Length, when that lands on a From_
    line or at the end of the file; None to split by From_ lines instead."""
    buffer.fill(start + SNIFF_BYTES * 8, start)
    rel = start - buffer.base
    data = buffer.data
    header_end = _HEADER_END.search(data, rel, rel + SNIFF_BYTES * 8)
    if header_end is None:
        return None
    length = _CONTENT_LENGTH.search(data, rel, header_end.start() + 1)
    if length is None:
        return None
    end = buffer.base + header_end.end() + bounded_int(length.group(1), MAX_MESSAGE_BYTES)
    if end - start > MAX_MESSAGE_BYTES:
        return None
    buffer.fill(end + 8, start)
    if end == buffer.end and buffer.eof:
        return end
    data, base = buffer.data, buffer.base
    # The body ends with its own line end; mboxcl2 writers add a blank line before From_.
    for at in (end - base, end - base + 1):
        if (
            data.startswith(b"From ", at)
            and data[at - 1 : at] == b"\n"
            and _FROM_LINE.match(data, at)
        ):
            return base + at
    return None


def split_on(stream: BinaryIO, separator: bytes, kind: str) -> Iterator[RawMessage | Problem]:
    """Messages of an MMDF file (each between \\x01\\x01\\x01\\x01 lines) or a Babyl file
    (records after \\x1f; a record's visible header follows `*** EOOH ***`). A message
    longer than MAX_MESSAGE_BYTES is read up to there, the rest of it passed over with a
    problem, and the messages after it are read as ever."""
    buffer = _Buffer(stream)
    buffer.more(0)
    start = 0
    line = 1
    index = 0
    while True:
        at = buffer.data.find(separator, start - buffer.base)
        if at < 0 and not buffer.eof and buffer.end - start <= MAX_MESSAGE_BYTES:
            buffer.more(start)
            continue
        end = buffer.end if at < 0 else buffer.base + at
        piece = buffer.slice(start, end)
        if kind == BABYL:
            skip = _babyl_skip(piece)
        else:
            skip = 0
        if skip is not None and piece[skip:].strip(b"\r\n\x0c"):
            index += 1
            yield RawMessage(piece[skip:], line + piece.count(b"\n", 0, skip), index)
        line += piece.count(b"\n")
        if at >= 0:
            line += separator.count(b"\n")
            start = end + len(separator)
            continue
        if buffer.eof:
            return
        # Too long: pass over the rest of this message, a block at a time, to its separator.
        passed_from = line
        start, line = _pass_over(buffer, end, separator, line)
        yield Problem(
            ProblemKind.LIMIT,
            f"message {index} is longer than {size_text(MAX_MESSAGE_BYTES)}: "
            f"lines {passed_from} to {line - 1} of it are not read; the messages after it are",
            line=passed_from,
        )
        if start < 0:
            return


def _pass_over(buffer: _Buffer, start: int, separator: bytes, line: int) -> tuple[int, int]:
    """(where the next message starts, its line), passing over the stream from `start` to
    the next `separator`; (-1, line) at the end of the stream."""
    while True:
        at = buffer.data.find(separator, start - buffer.base)
        if at >= 0:
            line += buffer.data.count(b"\n", start - buffer.base, at) + separator.count(b"\n")
            return buffer.base + at + len(separator), line
        keep = max(start, buffer.end - len(separator) + 1)  # a separator cut by the block end
        line += buffer.data.count(b"\n", start - buffer.base, keep - buffer.base)
        start = keep
        if not buffer.more(keep):
            return -1, line


def _babyl_skip(record: bytes) -> int | None:
    """Where the message starts in a Babyl record: after its form feed and attribute line,
    and after the original header when a visible header (`*** EOOH ***`) follows it; None
    for the file's options block."""
    if record.startswith(b"BABYL OPTIONS:"):
        return None
    marker = record.find(b"*** EOOH ***\n")
    if marker >= 0:
        return marker + len(b"*** EOOH ***\n")
    cut = record.find(b"\n", record.find(b"\x0c")) + 1  # the "\x0c" line, then attributes
    return record.find(b"\n", cut) + 1
