"""The inputs' content hashes as the store keeps them: sealed, so that the store confirms no
guess at a password (RFC 1738 section 6).

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
read-only directory) no hash is kept, with the same effect.
"""

from __future__ import annotations

import hmac
import os

from ..sources.files import content_hash

KEY_SUFFIX = "-key"  # beside the store, as SQLite's own `-wal` and `-shm`
KEY_BYTES = 32


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
        with open(path, "rb") as handle:
            return handle.read().strip() or None
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
