"""A store's contents without what differs between two scans of the same inputs.

Row ids and scan times left out, it is what tells that an incremental or resumed scan left
the store as a fresh, uninterrupted scan would (tests, bench/store.py)."""

from __future__ import annotations

import sqlite3

# Each table's rows by what they are, not by their ids: an input by its key, a message by
# its input and place.
_QUERIES = {
    "inputs": "SELECT key, path, location, kind, size, mtime_ns, inode, device, hash, status, "
    "resume_offset, resume_line, resume_index, resume_counted, messages FROM inputs",
    "messages": "SELECT i.key, m.path, m.idx, m.line, m.message_id, m.date, m.date_raw, "
    "m.sender, m.list_id, m.folder, m.flags FROM messages m JOIN inputs i ON i.id = m.input_id",
}
_MESSAGE = "(SELECT m.path || '#' || m.idx FROM messages m WHERE m.id = t.message)"
for _table, _columns in {
    "urls": 't.path, t.url, t.scheme, t.host, t.line, t."column", t.end_line, t.end_column, '
    't."offset", t.wrapper, t.alt, t.flags, t.part, t.content_type, t.source, t.header, '
    "t.context",
    "findings": 't.path, t.code, t.name, t.severity, t.text, t.url, t.line, t."column", '
    "t.end_line, t.end_column",
    "problems": "t.path, t.kind, t.reason, t.line",
}.items():
    _QUERIES[_table] = (
        f"SELECT i.key, {_MESSAGE}, {_columns} FROM {_table} t "
        "LEFT JOIN inputs i ON i.id = t.input_id"
    )


def contents(connection: sqlite3.Connection) -> dict[str, list[tuple]]:
    """Every table's rows, sorted (None first)."""
    return {
        table: sorted(connection.execute(query), key=_sortable) for table, query in _QUERIES.items()
    }


def _sortable(row: tuple) -> tuple:
    return tuple((value is not None, value if value is not None else 0) for value in row)
