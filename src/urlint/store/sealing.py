"""The inputs' content hashes as the store keeps them: sealed.

Sealed, so that the store confirms no guess at a password (RFC 1738 section 6).

A file's plain SHA-256 in the store would: whoever holds the store, and knows or guesses
the rest of a small file that holds `ftp://fred:secret@host/` (its size and its URLs,
masked, are in the store too), could hash each guessed password's file until one matches.
So the store keeps HMAC-SHA-256 of each file's SHA-256 under a key that is not in the
store: 32 random bytes written beside it (`STORE-key`, readable by its owner alone) when
the store is first scanned into. The store can then be shared without the key; a scan
with the key tells an unchanged file from a changed one as a plain hash would.

Without its key (never made, deleted, or beside a copy of the store) a scan makes a new
one: the hashes stored under the old key match nothing, so a file touched since is read
again, as is an mbox that grew, whole; nothing is missed. Where no key can be written (a
read-only directory), or the key file holds none (it cannot be read, it is empty or longer
than a key, or it is no regular file: a FIFO, a device), no hash is kept, with the same
effect.
"""

from __future__ import annotations

import hmac
import os
import stat

from ..sources.hashing import content_hash

KEY_SUFFIX = "-key"  # beside the store, as SQLite's own `-wal` and `-shm`
KEY_BYTES = 32
KEY_FILE_BYTES = 2 * KEY_BYTES + 1  # a key as written: its bytes in hex, and a newline


class Seal:
    """Seals content hashes under one store's key (None: no key, no hash)."""

    def __init__(self, key: bytes | None) -> None:
        self.key = key

    def __call__(self, digest: str | None) -> str | None:
        """`digest`, a file's SHA-256 (hex), as the store keeps it."""
        if digest is None or self.key is None:
            return None
        import hashlib

        return hmac.new(self.key, bytes.fromhex(digest), hashlib.sha256).hexdigest()

    def of_file(self, path: str, size: int | None = None) -> str | None:
        """The sealed hash of the first `size` bytes of the file at `path` (content_hash)."""
        return self(content_hash(path, size))


def store_seal(store: str) -> Seal:
    """The seal of the store at `store`: its key read, or made and written if it has none."""
    return Seal(_key(store + KEY_SUFFIX))


def _key(path: str) -> bytes | None:
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    # Written whole under another name (mkstemp: the owner's alone), then linked in: a scan
    # killed meanwhile leaves no half key, and of two scans starting at once, both use the
    # one linked first.
    import tempfile

    try:
        descriptor, written = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".key")
    except OSError:
        return None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(os.urandom(KEY_BYTES).hex().encode("ascii") + b"\n")
        os.link(written, path)
    except FileExistsError:
        pass
    except OSError:
        return None
    finally:
        os.unlink(written)
    return _key(path)


# A FIFO opened without waiting for a writer, a terminal without becoming the process's own
# (no such flags on Windows, nor FIFOs; there, bytes as they are, not text's CRLF read as LF).
_OPEN_NOT_WAITING = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


def _read_key(path: str) -> bytes | None:
    """The key in the file at `path`; None where it holds none, as where it cannot be read:
    an empty file, one longer than a key, or no regular file (a FIFO would wait for a
    writer for ever, /dev/zero fill the memory)."""
    descriptor = os.open(path, _OPEN_NOT_WAITING)
    with open(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return None
        written = handle.read(KEY_FILE_BYTES + 1)
    if len(written) > KEY_FILE_BYTES:
        return None
    return written.strip() or None
