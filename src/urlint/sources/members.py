"""A large tar or zip archive, plain or compressed, cut into units of members for the cores.

The archive is read here, as the whole archive's reading reads it, each member carried to a
worker in its bytes (core/units.py's ArchiveMembers), and the worker reads it as that
reading does (nested.read_member).

One input's decompression Budget is shared by the archive's own decompression and by every
stream nested in its members, so a member read apart must find the Budget where the whole
reading has it. Members are carried while that is sure: the archive's Budget, as used so
far, with the reads ahead of either reading (`_MARGIN`) and the allowance of every member
carried (what its own compressed stream says it holds) cannot reach the limit. A member
that decompresses past its allowance is found by its worker, which reads the archive again
(core/units.py's ArchiveRest). Wherever a member cannot be carried (damage, a problem met between
members, a member too large, compressed in a way that states no size, the limit near), the
rest of the archive is one ArchiveRest: read from its start, its members before dropped.
"""

from __future__ import annotations

from io import BytesIO
from itertools import count

from ..core.counts import Counts
from ..core.units import (
    BATCH_BYTES,
    BATCH_FILES,
    ArchiveMembers,
    ArchiveRest,
    MemberBytes,
    Planned,
    WholeInput,
)
from . import archives
from .archives import stream_errors
from .kinds import COMPRESSED, GZIP, TAR, ZIP, recognised
from .nested import OpenedInput
from .streams import read_at_most

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
    from typing import BinaryIO

    from ..core.inputs import InputFile
    from ..core.problems import Problem

# A member larger than this is not carried to a worker (units in flight are held in memory):
# the rest of its archive is read on one core.
CARRY_BYTES = 16 * 1024 * 1024
# Which archive of the run a unit is of: results of one are told from those of another, and
# of the same file named twice (run.runner.run_work).
_ARCHIVES = count(1)
# The Budget a reading draws ahead of what it has used: a decompressed stream is read a
# block ahead (archives.BLOCK_BYTES), by either reading, and the two need not draw alike.
_MARGIN = 2 * archives.BLOCK_BYTES


def archive_units(source: InputFile, size: int, opened: OpenedInput) -> Iterator[Planned]:
    """A tar or zip archive, opened, in units of members.

    A tar or zip archive (plain, or in a gzip, bzip2, xz or zstd stream), opened
    (`opened.kind`: kinds.TAR or ZIP), in units of members."""
    stream, depth, budget = opened.stream, opened.depth, opened.budget
    if opened.kind == TAR:
        members = archives.tar_members(source.path, stream, depth, budget)
    else:  # seekable when it is the file itself (zip_members)
        members = archives.zip_members(source.path, stream, depth, depth == 0, budget)
    return _units(source, size, opened.raw, members, budget, opened.problems)


def _units(
    source: InputFile,
    size: int,
    raw: BinaryIO,
    members: Generator[archives.Member | Problem, None, None],
    budget: archives.Budget,  # the archive's, which its members draw on
    problems: list[Problem],
) -> Iterator[Planned]:
    number = next(_ARCHIVES)
    batch: list[MemberBytes] = []
    batch_bytes = 0
    made = 0  # members carried so far
    allowed = 0  # their allowances
    covered = 0  # the file's bytes the units so far stand for
    whole = False  # every member carried
    with raw:
        try:
            for member in members:
                if not isinstance(member, archives.Member):
                    break  # a problem between members: the whole reading says it
                data = read_at_most(member.stream, CARRY_BYTES + 1)
                allowance = _allowance(member.path, data)
                if (
                    len(data) > CARRY_BYTES
                    or allowance is None
                    or budget.used + _MARGIN + allowed + allowance > budget.limit
                ):
                    break
                carried = MemberBytes(member.path, data, member.depth, made, allowance)
                if batch and (len(batch) == BATCH_FILES or batch_bytes + len(data) > BATCH_BYTES):
                    if made == len(batch):  # the first unit: after what the opening met
                        yield from (Planned(problem) for problem in problems)
                    at = max(covered, min(raw.tell(), size))  # a zip is read from its end
                    unit = ArchiveMembers(source, tuple(batch), number)
                    yield Planned(unit, Counts(0, at - covered))
                    covered, batch, batch_bytes = at, [], 0
                batch.append(carried)
                batch_bytes += len(data)
                made += 1
                allowed += allowance
            else:
                whole = True
        except stream_errors():  # damage: the whole reading meets it where it is
            pass
        finally:
            members.close()
    if made == 0:  # nothing carried: the archive is read whole, as ever
        yield Planned(WholeInput((source,)), Counts(1, size))
        return
    if made == len(batch):
        yield from (Planned(problem) for problem in problems)
    ends = Counts(1, max(0, size - covered))
    if whole:
        yield Planned(ArchiveMembers(source, tuple(batch), number), ends)
        return
    yield Planned(ArchiveMembers(source, tuple(batch), number))
    yield Planned(ArchiveRest(source, made, number), ends)


def _allowance(path: str, data: bytes) -> int | None:
    """What a member's own stream may decompress to, as the planner counts it: 0 for one
    that is not compressed, a gzip stream's size as its trailer states it (RFC 1952, ISIZE:
    its size modulo 2**32; a worker finds one that takes more); None for the rest (an
    archive inside, or a stream that states no size), which is not carried."""
    _, _, kind = recognised(path, BytesIO(data), path)
    if kind == GZIP:
        return int.from_bytes(data[-4:], "little")
    if kind in COMPRESSED or kind in (TAR, ZIP):
        return None
    return 0
