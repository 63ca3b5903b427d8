"""`urlint scan --rebuild`: the store's file removed, for the scan to make it again whole.

For a store that is damaged (store.schema.check_whole), or that a scan cannot use as it is
(a table changed by hand): the scan then reads every input again, as a first scan does.

What it removes is the store's file and SQLite's beside it (`-wal`, `-shm`, `-journal`), and
only where the file is a urlint store, or was one:

- a file whose `meta` table (a table, as urlint makes it) holds the version of the urlint
  that wrote it (every store holds it from its first scan), of a schema this urlint writes;
- a file SQLite finds damaged (it cannot read its schema or its `meta`, or its first page
  is no database's), with the store's key beside it (store.sealing: made by a first scan
  into a urlint store, never beside a file a scan refused), or whose schema still names
  the tables of a urlint store.

Anything else is left as it is, with a StoreError: a file of another program (one more
reason never to scan into a mistyped `--store`), a store of a later urlint (its own scan
can rebuild it). An empty file, or a database of no tables, is left to the scan, which
makes the store's tables in it, as without `--rebuild`. The key is
kept: the new store's hashes are sealed under it. Run under the scan lock (store.lock), so
that no scan is writing the files it removes; a report reading them meanwhile reads on from
the files it opened, as they were.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from . import schema
from .sealing import KEY_SUFFIX

# SQLite's files beside a store (https://sqlite.org/tempfiles.html): removed with it.
SQLITE_SUFFIXES = ("-wal", "-shm", "-journal")
# Tables whose names in a damaged file's schema say it was a urlint store.
_STORE_TABLES = {"meta", "inputs", "messages", "urls"}
# The SQLite steps reading a file's schema and meta may take (a crafted file's `meta` is
# never read before its schema says it is a table, and the key is looked up by its index).
_STEPS = 10_000_000


def removed(store: str) -> bool:
    """The store at `store` removed with SQLite's files beside it, where it is a urlint
    store or a damaged one (the module's docstring); whether there was one to remove.

    A StoreError where the file is anything else: it is left as it is."""
    target = os.path.realpath(store)  # SQLite's files are beside the file a link names
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise schema.StoreError(f"{store}: cannot open the store: {error.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise schema.StoreError(f"{store}: --rebuild removes a store's file: this is no file")
    if info.st_size == 0:
        return False
    refusal = _refusal(store, target)
    if refusal == _NOTHING:
        return False
    if refusal is not None:
        raise schema.StoreError(f"{store}: {refusal}; --rebuild removes only a urlint store")
    for suffix in ("", *SQLITE_SUFFIXES):
        try:
            os.unlink(target + suffix)
        except FileNotFoundError:
            pass
        except OSError as error:
            raise schema.StoreError(
                f"{store}: the store cannot be removed: {target + suffix}: {error.strerror}"
            ) from None
    return True


def _refusal(store: str, target: str) -> str | None:
    """Why the file at `target` is not to be removed; None where it may be.

    A StoreError where it cannot be read at all (schema.used: it cannot be opened, it is
    locked): neither can it be told for a store, nor, mostly, removed."""
    uri = Path(target).as_uri() + "?mode=ro"
    with schema.used(store):
        connection = sqlite3.connect(uri, uri=True)
        try:
            steps = [_STEPS // 1000]

            def spent() -> bool:
                steps[0] -= 1
                return steps[0] < 0

            connection.set_progress_handler(spent, 1000)
            try:
                return _refusal_of(connection)
            except sqlite3.DatabaseError as error:
                if schema.result_code(error) not in (schema.CORRUPT, NOT_A_DATABASE):
                    raise
                if os.path.isfile(store + KEY_SUFFIX):
                    return None  # damaged where SQLite begins to read it: its key says whose
                return f"not a urlint store: {error}"
        finally:
            connection.close()


NOT_A_DATABASE = 26  # SQLITE_NOTADB: the first page is no database's (its header damaged)
_NOTHING = ""  # `_refusal`: a database of no tables, nothing to remove


def _refusal_of(connection: sqlite3.Connection) -> str | None:
    """Why the file open at `connection` is not to be removed (None: it may be); SQLite's
    error where it cannot be read."""
    tables = {
        name: rootpage
        for name, rootpage in connection.execute(
            "SELECT name, rootpage FROM sqlite_master WHERE type = 'table'"
        )
    }
    if not tables:
        return _NOTHING  # as an empty file: the scan makes its tables
    if not tables.get("meta"):  # none, or a virtual table
        return "not a urlint store: the file holds tables, but no urlint store's"
    try:
        written = dict(
            connection.execute(
                "SELECT key, value FROM meta WHERE key IN ('schema_version', 'urlint_version')"
            ).fetchall()
        )
    except sqlite3.DatabaseError as error:
        if schema.result_code(error) == schema.CORRUPT and _STORE_TABLES <= set(tables):
            return None  # its schema names a store's tables: damaged where its rows are
        raise
    if "urlint_version" not in written:
        return "not a urlint store: its meta table names no urlint version"
    try:
        found = int(written.get("schema_version", ""))
    except (TypeError, ValueError):
        return None  # urlint's, its version overwritten
    if found > schema.SCHEMA_VERSION:
        return (
            f"the store is of schema version {found}; this urlint knows "
            f"{schema.SCHEMA_VERSION} at most: upgrade urlint"
        )
    return None
