"""Which inputs changed since the store's last scan, and what of them to read.

Each file the walk finds is known by a key (`input_key`): its absolute path, or for a
message file of a Maildir, its Maildir and unique name, so a message whose flags changed,
or that moved from new/ to cur/, is the same input under a new name. Against the row the
store holds for that key:

- size, mtime and inode as stored: unchanged, not read (a renamed Maildir message gets its
  new name and flags);
- same size, but a new mtime or inode (a `touch`, a copy): unchanged if its hash is the
  stored one (store.sealing: SHA-256, sealed under the store's key), else read again;
- an mbox the last scan read in runs, grown or read only in part (a run killed), whose first
  `size` bytes hash as stored: read on from the place stored (`resume`), where the whole
  file's framing stood at a message's start (mail.mbox.MboxPlace);
- anything else: read again whole, its old rows replaced;
- a stored input under the paths scanned that the walk no longer finds: gone, its rows too.
"""

from __future__ import annotations

import enum
import os
import sqlite3
from collections.abc import Iterable

from ..core.inputs import InputFile
from ..core.records import record
from ..core.units import MboxPlace
from ..sources.files import FileId
from ..sources.opening import STDIN
from .sealing import Seal
from .storable import stored_text


class Action(enum.Enum):
    """What a scan does with an input the walk found."""

    NEW = "new"
    CHANGED = "changed"  # read again whole, its rows replaced
    RESUMED = "resumed"  # an mbox read on from the stored place
    RENAMED = "renamed"  # unchanged, under a new name (a Maildir message's flags)
    UNCHANGED = "unchanged"


@record
class FileState:
    """What tells a file's versions apart without reading it (os.stat)."""

    size: int
    mtime_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, path: str) -> FileState | None:
        """The state of the file at `path`; None where it cannot be asked (gone)."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        return cls(info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)

    @property
    def file_id(self) -> FileId:
        """The file's device and inode (sources.files.FileId)."""
        return self.device, self.inode


@record
class Stored:
    """An `inputs` row (store.schema)."""

    id: int
    path: str
    location: str
    key: str
    state: FileState
    hash: str | None
    status: str
    resume: MboxPlace | None


@record
class Decision:
    """What this scan does with one input."""

    source: InputFile
    key: str
    location: str  # the absolute path, masked
    state: FileState
    action: Action
    stored: Stored | None = None
    hash: str | None = None  # known already, sealed (checked against the stored one)


def stored_inputs(connection: sqlite3.Connection) -> dict[str, Stored]:
    """The inputs the store holds, by key (`input_key`), as its last scan left them."""
    rows = connection.execute(
        "SELECT id, path, location, key, size, mtime_ns, inode, device, hash, status, "
        "resume_offset, resume_line, resume_index, resume_counted FROM inputs"
    )
    stored = {}
    for row in rows:
        place = None
        if row[10] is not None:
            place = MboxPlace(row[10], row[11], row[12], bool(row[13]))
        stored[row[3]] = Stored(
            row[0], row[1], row[2], row[3], FileState(*row[4:8]), row[8], row[9], place
        )
    return stored


def input_key(path: str) -> str:
    """What an input is known by from scan to scan (masked: the store holds no password).

    A Maildir message by its Maildir and its unique name (the file name before ":", where
    the Maildir's info, its flags, begins), anything else by its absolute path."""
    location = os.path.abspath(path)
    return _key(location, stored_text(location))


def _key(location: str, masked_location: str) -> str:
    """`input_key` of the absolute path `location` (masked: `masked_location`)."""
    folder, name = os.path.split(location)
    maildir, subfolder = os.path.split(folder)
    if subfolder in ("cur", "new") and _is_maildir(maildir):
        return "maildir:" + stored_text(os.path.join(maildir, name.partition(":")[0]))
    return "file:" + masked_location


_MAILDIRS: dict[str, bool] = {}


def _is_maildir(folder: str) -> bool:
    known = _MAILDIRS.get(folder)
    if known is None:
        known = _MAILDIRS[folder] = all(
            os.path.isdir(os.path.join(folder, name)) for name in ("cur", "new")
        )
    return known


def decision_on(
    item: InputFile, stored: dict[str, Stored], taken: dict[str, int], seal: Seal
) -> Decision | None:
    """What to do with a file the walk found (sources.files.iter_files).

    None for standard input (it has no second version to compare: not stored) and for a file
    gone since the walk (its reading says why, and it has no rows). `taken`: the keys of
    this scan's inputs so far (`_unique`); `seal`: the store's (its hashes are sealed)."""
    if item.path == STDIN:
        return None
    state = FileState.of(item.path)
    if state is None:
        return None
    absolute = os.path.abspath(item.path)
    location = stored_text(absolute)
    key = _unique(_key(absolute, location), taken)
    old = stored.get(key)
    action, known_hash = _action(item.path, state, old, seal)
    return Decision(item, key, location, state, action, old, known_hash)


def _unique(key: str, taken: dict[str, int]) -> str:
    """`key`, or, where an input of this scan has it already, `key` and "#2", "#3" and so
    on: two paths that differ only in a password are one path masked, and the store keeps
    no password, nor anything that would confirm a guess at one (a hash of the path). The
    walk's order, the same from scan to scan, numbers them. `taken`: each key given, with
    the last number given after it (each key's numbers are tried once: linear)."""
    if key not in taken:
        taken[key] = 1
        return key
    number = taken[key]
    while True:
        number += 1
        unique = f"{key}#{number}"
        if unique not in taken:
            break
    taken[key] = number
    taken[unique] = 1
    return unique


def _action(
    path: str, state: FileState, old: Stored | None, seal: Seal
) -> tuple[Action, str | None]:
    if old is None:
        return Action.NEW, None
    same_name = old.path == stored_text(path)
    if old.status == "done" and old.state == state:
        return (Action.UNCHANGED if same_name else Action.RENAMED), None
    if old.status in ("done", "partial") and old.hash is not None:
        if old.status == "done" and state.size == old.state.size:
            digest = seal.of_file(path)
            if digest == old.hash:  # touched, or copied back: the same bytes
                return (Action.UNCHANGED if same_name else Action.RENAMED), digest
            return Action.CHANGED, digest
        if old.resume is not None and state.size >= old.state.size:
            if old.state == state or seal.of_file(path, old.state.size) == old.hash:
                return Action.RESUMED, None
    return Action.CHANGED, None


def gone(
    stored: dict[str, Stored], seen: set[str], roots: Iterable[str], unread: Iterable[str] = ()
) -> list[Stored]:
    """The stored inputs under `roots` (the paths scanned) that the walk did not find.

    But not those under a place it could not read (`unread`: a directory it may not list is no
    directory emptied)."""
    scanned, kept = _places(roots), _places(unread)
    missing = []
    for key, old in stored.items():
        if key in seen:
            continue
        location = _location_of(key)
        if _under(location, scanned) and not _under(location, kept):
            missing.append(old)
    return missing


def _places(paths: Iterable[str]) -> list[tuple[str, str]]:
    """Each path as stored inputs' locations begin with it: (itself, itself as a
    directory)."""
    places = []
    for path in paths:
        if path == STDIN:
            continue
        location = stored_text(os.path.abspath(path))
        places.append((location, location.rstrip(os.sep) + os.sep))
    return places


def _under(location: str, places: list[tuple[str, str]]) -> bool:
    return any(location == whole or location.startswith(prefix) for whole, prefix in places)


def _location_of(key: str) -> str:
    return key.partition(":")[2]
