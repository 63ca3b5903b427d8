"""The census of a store: each distinct URL once, when first and last seen, how often, where.

What an archivist needs to save the URLs of an archive before they rot.

A URL's reference is its first sighting: the message with the earliest Date that holds it
(the first found, of those of that date), or, when no message with a date holds it, the
first place it was found (in the order the scan stored them: the order of its reading).
Where it was is its path, message and line, and what it was found in there (`context`, as
the store has it: "string", "comment", a markup link's kind; null for running text).
"""

from __future__ import annotations

from collections.abc import Iterator

from .queries import Selection

CENSUS_COLUMNS = (
    "url", "scheme", "host", "count", "messages", "first_seen", "last_seen",
    "path", "message_index", "message_id", "line", "context",
)

# The key of a sighting, to take the least of with min(): a dated one before any undated
# one ("d" < "u"), then by date, then by urls.id, written last in 20 digits so that the
# id is read back from the key's end. One aggregate gives the first sighting in the same
# pass that counts (SQLite takes a bare column from a min() row only when it is the
# query's one min() or max(), and first_seen and last_seen are two more).
_FIRST_KEY = (
    "min(CASE WHEN date IS NULL THEN 'u' ELSE 'd' || date END || printf('%020d', id))"
)

_CENSUS = """
    SELECT c.url, c.scheme, c.host, c.count, c.messages, c.first_seen, c.last_seen,
           fu.path, fm.idx, fm.message_id, fu.line, fu.context
    FROM (
        SELECT url, min(scheme) AS scheme, min(host) AS host, count(*) AS count,
               count(DISTINCT message) AS messages, min(date) AS first_seen,
               max(date) AS last_seen, {first_key} AS first_key
        FROM selected_urls GROUP BY +url  -- read in table order and sorted: queries.urls_by
    ) AS c
    JOIN urls AS fu ON fu.id = CAST(substr(c.first_key, -20) AS INTEGER)
    LEFT JOIN messages AS fm ON fm.id = fu.message
    ORDER BY {order} {limit}
"""


def census(
    selection: Selection, limit: int | None = None, most_seen_first: bool = False
) -> Iterator[tuple]:
    """The census's rows, one of CENSUS_COLUMNS for each distinct URL the filters select.

    In the order of the URLs (as `sort` in the C locale orders them), or with
    `most_seen_first` the most found first (the page's table, which shows the first
    `limit` rows)."""
    order = "c.count DESC, c.url" if most_seen_first else "c.url"
    return selection.rows(
        selection.urls,
        _CENSUS.format(
            first_key=_FIRST_KEY,
            order=order,
            limit="" if limit is None else f"LIMIT {int(limit)}",
        ),
    )
