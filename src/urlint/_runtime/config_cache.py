"""Configuration files as parsed before, kept so an unchanged one is not parsed again.

A urlint.toml or pyproject.toml read again unchanged is not parsed again, in the `urlint`
command's own process (`enable`, from `__main__.run`).

A pre-commit hook starts urlint for every commit, and in a repository configured in its
pyproject.toml the TOML parser was a large part of that start: importing `tomllib` loads
`typing`, `datetime` and `string`, for a table read in far less time (bench/latency.py,
`--configured`; bench/README.md, "Start-up tuning", has the figures). The parsed document is
kept in one file of the user's cache directory (`$URLINT_CACHE_DIR`, else
`$XDG_CACHE_HOME/urlint`, else `~/.cache/urlint`; an empty URLINT_CACHE_DIR keeps none),
read with `marshal` (built in: microseconds), and used while the file's path, size, inode
and modification and change times are those it was parsed at (any write changes the change
time). A document marshal cannot hold (a TOML date), a cache that cannot be read or written,
or one damaged, and the file is parsed as ever; a file that does not parse is never kept, so
its error is said every time.

The cache is not trusted as read: marshal is no parser of hostile bytes (five of them make
it allocate a gigabyte), and a byte changed in a document would be a setting no
configuration file says. So a cache is used only when all of these hold, and is otherwise
taken for none (the file is parsed, and the cache written anew): it is a regular file of
the user's own that no one else may write (not followed through a link), of at most
`_MOST_BYTES`; it opens with this layout's header (`_HEADER`, its version in it); the
length and the checksum the header states are the payload's (`_checksum`), checked before
marshal reads a byte of it; and what marshal reads is of the shape written (`_well_formed`:
paths to (state, document), the document of TOML's types alone). It is written whole under
a name no one can guess, made anew (O_EXCL, O_NOFOLLOW: never through a link planted there),
then renamed over the last: two runs at once leave one or the other, never half of each.
"""

from __future__ import annotations

import marshal
import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_VERSION = 2  # the layout: header, then the marshalled table of `parsed`
_FILE = f"parsed-config-{_VERSION}.marshal"
_HEADER = b"urlint parsed configurations %d\n" % _VERSION
_NUMBER = 8  # bytes of the payload's length and of its checksum, each, after the header
_MOST_BYTES = 256 * 1024  # the cache file: one larger is not read, nor written
_KEPT = 32  # files kept at most (a checkout's configuration, and a few more)
_MODULUS = (1 << 61) - 1  # a prime (Mersenne's): `_checksum`

_directory: str | None = None  # set by `enable`: the command's process only


def cache_directory() -> str | None:
    """The user's cache directory for urlint: $URLINT_CACHE_DIR, else
    $XDG_CACHE_HOME/urlint, else ~/.cache/urlint; None where URLINT_CACHE_DIR is empty (no
    cache kept). The configurations' cache's and the record of -o reports'
    (sources.own_outputs)."""
    chosen = os.environ.get("URLINT_CACHE_DIR")
    if chosen is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        chosen = os.path.join(base, "urlint")
    return chosen or None


def enable() -> None:
    """Keep parsed configurations in the user's cache directory (module docstring)."""
    global _directory
    _directory = cache_directory()


def kept(parse: Callable[[str], dict]) -> Callable[[str], dict]:
    """`parse`, giving what it gave before for a file unchanged (`parsed`).

    The parse a configuration file is read with (linter.config)."""

    def parse_kept(path: str) -> dict:
        return parsed(path, parse)

    return parse_kept


def parsed(path: str, parse: Callable[[str], dict]) -> dict:
    """`parse(path)`, or what it gave before for the file as it is now."""
    if _directory is None:
        return parse(path)
    try:
        info = os.stat(path)
        where = os.path.realpath(path)
    except OSError:
        return parse(path)  # what reading it says
    state = (info.st_size, info.st_ino, info.st_dev, info.st_mtime_ns, info.st_ctime_ns)
    kept = _read(_directory)
    entry = kept.get(where)
    if entry is not None and entry[0] == state:
        return entry[1]
    document = parse(path)
    kept.pop(where, None)
    kept[where] = (state, document)
    while len(kept) > _KEPT:
        del kept[next(iter(kept))]  # the one kept longest
    _write(_directory, kept)
    return document


def _read(directory: str) -> dict:
    """The table the cache file in `directory` holds; empty where there is none to trust."""
    try:
        descriptor = os.open(
            os.path.join(directory, _FILE),
            os.O_RDONLY
            | getattr(os, "O_NOFOLLOW", 0)
            | getattr(os, "O_NONBLOCK", 0)
            | getattr(os, "O_CLOEXEC", 0),
        )
    except OSError:
        return {}
    try:
        info = os.fstat(descriptor)
        if not _own(info) or info.st_size > _MOST_BYTES:
            return {}
        data = os.read(descriptor, info.st_size + 1)  # (more than st_size: it changed)
    except OSError:
        return {}
    finally:
        os.close(descriptor)
    return _unpacked(data)


def _own(info: os.stat_result) -> bool:
    """Is this a regular file of the user's own, that no one else may write?"""
    return (
        stat.S_ISREG(info.st_mode)
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        and (not hasattr(os, "geteuid") or info.st_uid == os.geteuid())
    )


def _unpacked(data: bytes) -> dict:
    """The table a cache file's bytes hold, checked (module docstring); empty if any check
    fails."""
    start = len(_HEADER) + 2 * _NUMBER
    if len(data) < start or not data.startswith(_HEADER):
        return {}
    payload = memoryview(data)[start:]
    length = int.from_bytes(data[len(_HEADER) : len(_HEADER) + _NUMBER], "little")
    checksum = int.from_bytes(data[len(_HEADER) + _NUMBER : start], "little")
    if len(payload) != length or _checksum(payload) != checksum:
        return {}
    try:
        kept = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    return kept if _well_formed(kept) else {}


def _packed(kept: dict) -> bytes | None:
    """The cache file's bytes for the table `kept`: header, length, checksum, payload.
    None for a document marshal cannot hold (a TOML date), or a table too large to keep."""
    try:
        payload = marshal.dumps(kept)
    except ValueError:
        return None
    if len(_HEADER) + 2 * _NUMBER + len(payload) > _MOST_BYTES:
        return None
    return b"".join(
        (
            _HEADER,
            len(payload).to_bytes(_NUMBER, "little"),
            _checksum(payload).to_bytes(_NUMBER, "little"),
            payload,
        )
    )


def _checksum(payload: bytes | memoryview) -> int:
    """The payload's bytes as one number, modulo the prime `_MODULUS`: built in (zlib's
    CRC would be an import a hook's start pays for), a few microseconds for a cache file.

    Two payloads of a length that differ in no more than 7 bytes in a row never have the
    same checksum (their difference is 256**k times a number of 56 bits or less, which the
    prime does not divide); payloads damaged at random, 1 in 2**61. A guard against damage,
    not against a writer: only the user can write the file (`_own`)."""
    return int.from_bytes(payload, "big") % _MODULUS


_SCALARS = (str, int, float, bool)  # and dicts and lists of them: what TOML's parse gives


def _well_formed(kept: object) -> bool:
    """Is `kept` the table `parsed` writes: each path to ((size, inode, device, modified,
    changed), document), the document of TOML's types alone? Looked at without recursion:
    a document nests as deep as TOML's parser let it."""
    if type(kept) is not dict:
        return False
    to_see: list[object] = []
    for where, entry in kept.items():
        if not (type(where) is str and type(entry) is tuple and len(entry) == 2):
            return False
        state, document = entry
        if not (
            type(state) is tuple
            and len(state) == 5
            and all(type(number) is int for number in state)
            and type(document) is dict
        ):
            return False
        to_see.append(document)
    while to_see:
        value = to_see.pop()
        if type(value) is dict:
            if not all(type(key) is str for key in value):
                return False
            to_see.extend(value.values())
        elif type(value) is list:
            to_see.extend(value)
        elif type(value) not in _SCALARS:
            return False
    return True


def _write(directory: str, kept: dict) -> None:
    """`kept` written whole, replacing the last (module docstring): under a name made anew
    and no one can guess, then renamed. No fsync: a file cut by a crash fails its checksum,
    and is a cache no run uses."""
    data = _packed(kept)
    if data is None:
        return
    target = os.path.join(directory, _FILE)
    partial = f"{target}.{os.urandom(8).hex()}"
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        descriptor = os.open(
            partial,
            os.O_WRONLY
            | os.O_CREAT
            | os.O_EXCL
            | getattr(os, "O_NOFOLLOW", 0)
            | getattr(os, "O_CLOEXEC", 0),
            0o600,
        )
    except OSError:  # no directory to keep it in, or a name taken: no cache this time
        return
    try:
        try:
            written = memoryview(data)
            while written:  # a write may take less than it was given
                written = written[os.write(descriptor, written) :]
        finally:
            os.close(descriptor)
        os.replace(partial, target)
    except OSError:
        try:
            os.unlink(partial)
        except OSError:
            pass
