"""The census of a store: each distinct URL once, when first and last seen, how often, where.

What an archivist needs to save the URLs of an archive before they rot.

One URL is counted once however it was spelt: the census groups the URLs by their
normal form (`normal_url`, RFC 3986 section 6.2.2 and the scheme-based rules of section
6.2.3), shows that form, and keeps the spellings seen in a column (`spellings`: the
store's texts, masked as it keeps them, sorted and separated by a space, which no stored
URL holds).

A URL's reference is its first sighting: the message with the earliest Date that holds it
(the first found, of those of that date), or, when no message with a date holds it, the
first place it was found (in the order the scan stored them: the order of its reading).
Where it was is its path, message and line, and what it was found in there (`context`, as
the store has it: "string", "comment", a markup link's kind; null for running text), and
in mail where in its message (`source`: "header", its field in `header`, or the body's
"text", "html-href", ..., its MIME part in `part`, as jsonl's `message` has them).
`in_headers` counts the sightings in a header field (List-Unsubscribe, X-Url): a URL of
every message's header is told from the body's at a glance, and `--urls-from` leaves them
out or keeps them alone.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from functools import lru_cache

from ...core.message import HEADER
from .queries import Selection

CENSUS_COLUMNS = (
    "url",
    "scheme",
    "host",
    "count",
    "messages",
    "in_headers",
    "first_seen",
    "last_seen",
    "path",
    "message_index",
    "message_id",
    "line",
    "context",
    "source",
    "header",
    "part",
    "spellings",
)

# RFC 3986 section 2.3: the unreserved characters, which a URI producer should not
# percent-encode, and a normaliser decodes (section 6.2.2.2).
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# The default port of the schemes that have one (RFC 3986 section 6.2.3: a port equal to
# the scheme's default is left out): RFC 1738 section 3 (ftp, telnet, gopher, wais,
# prospero), RFC 9110 sections 4.2.1-4.2.2 (http, https), RFC 5538 (nntp), RFC 6455
# (ws, wss), RFC 4516 (ldap), RFC 2326 (rtsp).
DEFAULT_PORTS = {
    "http": 80,
    "https": 443,
    "ftp": 21,
    "telnet": 23,
    "gopher": 70,
    "wais": 210,
    "prospero": 1525,
    "nntp": 119,
    "ws": 80,
    "wss": 443,
    "ldap": 389,
    "rtsp": 554,
}
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")  # RFC 3986 section 3.1
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
SEPARATOR = " "  # between the spellings: no URL the store keeps holds a space


@lru_cache(maxsize=65536)  # an archive's URLs repeat: its footers, its signatures
def normal_url(url: str) -> str:
    """`url` in the normal form of RFC 3986 section 6.2.2, and 6.2.3's for its scheme.

    - the scheme and the host in lower case (6.2.2.1);
    - a percent-encoding of an unreserved character decoded, the others' hexadecimal
      digits in upper case (6.2.2.1, 6.2.2.2), unless the text holds a "%" that starts no
      percent-encoding (not a URI: its percent-encodings are left as they are);
    - a port that is empty or the scheme's default (DEFAULT_PORTS) left out, and an
      empty path after an authority written "/" (6.2.3).

    The rest is kept as it is: the user information (a password in it is masked in the
    store already), and the dot-segments of a path (6.2.2.3: a path of a list archive is
    read as it was written)."""
    if not _STRAY_PERCENT.search(url):
        url = _PERCENT.sub(_percent_normal, url)
    scheme = _SCHEME.match(url)
    if scheme is None:
        return url
    name = scheme.group()[:-1].lower()
    rest = url[scheme.end() :]
    if not rest.startswith("//"):
        return f"{name}:{rest}"
    end = len(rest)
    for delimiter in "/?#":
        found = rest.find(delimiter, 2)
        if found != -1:
            end = min(end, found)
    authority, tail = rest[2:end], rest[end:]
    userinfo, at, host_port = authority.rpartition("@")
    host, port = _host_and_port(host_port)
    if port == "" or (port is not None and port.isdigit() and int(port) == DEFAULT_PORTS.get(name)):
        port = None
    if not tail or tail[0] in "?#":
        tail = "/" + tail
    joined = userinfo + at + host.lower() + ("" if port is None else ":" + port)
    return f"{name}://{joined}{tail}"


def _percent_normal(match: re.Match[str]) -> str:
    char = chr(int(match.group(1), 16))
    return char if char in UNRESERVED else "%" + match.group(1).upper()


def _host_and_port(host_port: str) -> tuple[str, str | None]:
    """The host (an IP literal in brackets too) and the port after it (None: no ":")."""
    if host_port.startswith("["):
        close = host_port.find("]")
        if close != -1:
            host, after = host_port[: close + 1], host_port[close + 1 :]
            return (host, after[1:]) if after.startswith(":") else (host_port, None)
        return host_port, None
    host, colon, port = host_port.rpartition(":")
    if colon and (port.isdigit() or not port):
        return host, port
    return host_port, None


class _Spellings:
    """The SQL aggregate of the spellings of one URL: distinct, sorted, space-separated."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def step(self, url: str) -> None:
        self.seen.add(url)

    def finalize(self) -> str:
        return SEPARATOR.join(sorted(self.seen))


def with_census_functions(connection: sqlite3.Connection) -> None:
    """The SQL functions the census asks for: urlint_normal_url, urlint_spellings."""
    connection.create_function("urlint_normal_url", 1, normal_url, deterministic=True)
    connection.create_aggregate("urlint_spellings", 1, _Spellings)  # type: ignore[arg-type]


# The key of a sighting, to take the least of with min(): a dated one before any undated
# one ("d" < "u"), then by date, then by urls.id, written last in 20 digits so that the
# id is read back from the key's end. One aggregate gives the first sighting in the same
# pass that counts (SQLite takes a bare column from a min() row only when it is the
# query's one min() or max(), and first_seen and last_seen are two more).
_FIRST_KEY = "min(CASE WHEN date IS NULL THEN 'u' ELSE 'd' || date END || printf('%020d', id))"

_CENSUS = """
    SELECT c.url, c.scheme, c.host, c.count, c.messages, c.in_headers, c.first_seen,
           c.last_seen, fu.path, fm.idx, fm.message_id, fu.line, fu.context, fu.source,
           fu.header, fu.part, c.spellings
    FROM (
        SELECT urlint_normal_url(url) AS url, min(scheme) AS scheme, min(host) AS host,
               count(*) AS count, count(DISTINCT message) AS messages,
               coalesce(sum(source = '{header}'), 0) AS in_headers, min(date) AS first_seen,
               max(date) AS last_seen, {first_key} AS first_key,
               urlint_spellings(url) AS spellings
        FROM selected_urls GROUP BY 1  -- read in table order and sorted: queries.urls_by
    ) AS c
    JOIN urls AS fu ON fu.id = CAST(substr(c.first_key, -20) AS INTEGER)
    LEFT JOIN messages AS fm ON fm.id = fu.message
    ORDER BY {order} {limit}
"""


def census(
    selection: Selection, limit: int | None = None, most_seen_first: bool = False
) -> Iterator[tuple]:
    """The census's rows, one of CENSUS_COLUMNS for each distinct URL the filters select.

    Distinct as normal_url has them: one row for each normal form, its spellings in the
    last column.

    In the order of the URLs (as `sort` in the C locale orders them), or with
    `most_seen_first` the most found first (the page's table, which shows the first
    `limit` rows)."""
    order = "c.count DESC, c.url" if most_seen_first else "c.url"
    with_census_functions(selection.connection)
    return selection.rows(
        selection.urls,
        _CENSUS.format(
            first_key=_FIRST_KEY,
            header=HEADER,
            order=order,
            limit="" if limit is None else f"LIMIT {int(limit)}",
        ),
    )


def census_size(selection: Selection) -> int:
    """How many rows the census has under the selection: its distinct normal forms."""
    with_census_functions(selection.connection)
    (count,) = selection.one(
        selection.url_rows,
        "SELECT count(DISTINCT urlint_normal_url(url)) FROM selected_urls",
    )
    return int(count)
