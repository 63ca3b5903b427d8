"""Archives and compressed streams, read as streams within the decompression bomb limits.

Archives and compressed streams, read as streams within limits: gzip, bzip2, xz and zstd
decompressed on the fly, zip and tar archives member by member (a tar as one stream, never
seeked), nested as found (`2001-March.txt.gz`, a zip of Maildir files, a `.tgz` of mboxes).
Limits stop decompression bombs: an input inflates to MAX_RATIO times its size at most,
however its archives nest (`Budget`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Generator

from ..core.numbers import size_text
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from .kinds import BZIP2, GZIP, ZSTD, ZSTD_MAGIC

TYPE_CHECKING = False
if TYPE_CHECKING:
    import tarfile
    from typing import IO, Any, BinaryIO

    from typing_extensions import Buffer  # collections.abc.Buffer from Python 3.12

# Decompression bomb limits: an archive may inflate to this many times its size (text
# compresses 3-10 times, 200 is generous), but always to at least the floor.
MAX_RATIO = 200
MIN_LIMIT_BYTES = 64 * 1024 * 1024
MAX_NESTING = 4  # archives inside archives
MAX_IN_MEMORY_ZIP = 256 * 1024 * 1024  # a zip inside a compressed stream is read to memory

# A tar's metadata header (pax, GNU long name) is read whole by tarfile: one longer is damage.
MAX_TAR_HEADER_BYTES = 16 * 1024 * 1024
# A read from a stream: the buffer of a decompressed stream or an archive member, and the
# blocks mail.mbox reads (one size: a damaged stream's damage is met at the same read).
BLOCK_BYTES = 4 * 1024 * 1024


@record
class Member:
    """An input inside an archive, to be recognised and read in its turn."""

    path: str
    stream: BinaryIO
    depth: int


class ArchiveLimit(Exception):
    """A decompressed stream grew past its limit: a decompression bomb, or too big to read."""


class Budget:
    """What one input may decompress in all, however its archives nest.

    MAX_RATIO times the input's own size, and at least MIN_LIMIT_BYTES. A limit per stream
    would let a small archive of archives decompress to terabytes (each stream within its
    own limit)."""

    __slots__ = ("limit", "used")

    def __init__(self, input_size: int) -> None:
        self.limit = max(MIN_LIMIT_BYTES, MAX_RATIO * max(input_size, 1))
        self.used = 0

    @classmethod
    def allowing(cls, limit: int) -> Budget:
        """A Budget of `limit` bytes: an archive member's, read apart (sources.members)."""
        budget = cls(0)
        budget.limit = limit
        return budget

    @property
    def spent(self) -> bool:
        return self.used > self.limit

    def take(self, count: int) -> None:
        """Count `count` more bytes decompressed; ArchiveLimit once they pass the limit."""
        self.used += count
        if self.used > self.limit:
            raise ArchiveLimit(
                f"decompressed past {size_text(self.limit)} in all ({MAX_RATIO} times the "
                "input's size): a decompression bomb? The rest is not read"
            )


class LimitedReader(io.RawIOBase):
    """A decompressing stream that draws on its input's Budget.

    It reads what the decompressor has at hand (read1), so a reader that asks for a little
    at a time (tarfile) gets everything before a damaged place: read(n) would lose the bytes
    it had gathered."""

    def __init__(self, inner: IO[bytes], budget: Budget) -> None:
        self.inner = inner
        self.read_some: Callable[[int], bytes] = getattr(inner, "read1", inner.read)
        self.budget = budget

    def readable(self) -> bool:
        """Always true (RawIOBase says false): io.BufferedReader wraps only a readable stream."""
        return True

    def readinto(self, buffer: Buffer) -> int:
        """Read what the decompressor has at hand, up to the buffer's size; the Budget pays."""
        view = memoryview(buffer)
        data = self.read_some(len(view))
        self.budget.take(len(data))
        view[: len(data)] = data
        return len(data)


def stream_errors() -> tuple[type[BaseException], ...]:
    """The errors a damaged compressed stream or archive member raises as it is read.

    What a damaged compressed stream or archive member raises as it is read (bz2's errors
    are OSError; a zip member's bad CRC is BadZipFile, its damaged bzip2 data a
    RuntimeError): the rest of that stream is lost. Built on first need: lzma, zlib and
    zipfile are not imported for text."""
    import lzma
    import zipfile
    import zlib

    return (
        EOFError,
        OSError,
        zlib.error,
        lzma.LZMAError,
        ArchiveLimit,
        ValueError,
        zipfile.BadZipFile,
        RuntimeError,
    )


class Unavailable(Exception):
    """A stream urlint could read with a package that is not installed."""


def decompress(kind: str, stream: BinaryIO, budget: Budget) -> BinaryIO:
    """`stream` decompressed on the fly, within the bomb limit.

    Raises Unavailable for a zstd stream when neither compression.zstd (Python 3.14) nor
    zstandard is there."""
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
    return SalvagingReader(LimitedReader(inner, budget), BLOCK_BYTES)  # type: ignore[arg-type,return-value]


class SalvagingReader(io.BufferedReader):
    """A decompressed stream that gives what it read before a damaged place, then the damage.

    A decompressed stream whose read gives what it gathered before a damaged place, and
    raises the damage at the next read: io.BufferedReader's read(n) gathers n bytes from
    many reads of the decompressor and loses them all when one fails, so a text or an mbox
    cut short lost everything of its last read (4 MB: a small file's whole text), where
    "read as far as it goes" is the promise (docs/guide/mail-and-news.md)."""

    _damage: BaseException | None = None

    def read(self, size: int | None = -1) -> bytes:
        """As BufferedReader.read, but what it gathered before a damaged place is given first.

        The damage is raised at the next read.
        """
        if self._damage is not None:
            damage, self._damage = self._damage, None
            raise damage
        if size is None or size < 0:
            size = sys.maxsize
        pieces: list[bytes] = []
        left = size
        damages = stream_errors()
        while left > 0:
            try:
                piece = self.read1(min(left, BLOCK_BYTES))
            except damages as damage:
                if not pieces:
                    raise
                self._damage = damage
                break
            if not piece:
                break
            pieces.append(piece)
            left -= len(piece)
        return b"".join(pieces)


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
        if not data.startswith(ZSTD_MAGIC, at):
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
) -> Generator[Member | Problem, None, None]:
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
    """The regular files in a tar archive, each as a Member, in the archive's order.

    The tar is read as one stream, never seeked (a .tgz on standard input reads as a file
    does), so each member is read (or passed over) before the next: damage met anywhere ends
    the archive, and is raised where it is met as a stream's damage is (OSError for
    tarfile's own). Directories, links, devices and FIFOs are passed over.

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
