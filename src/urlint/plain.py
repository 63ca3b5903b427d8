"""`urlint.as_dict`: any of urlint's records as plain data (dicts, lists, strings, integers,
booleans and None) that `json.dumps` writes as it is.

A record becomes a dict of its fields, in order; a nested record a dict too; an enum its
value; a set of flags a list in the order the enum declares them (as `extract --format
jsonl` writes them); any other tuple a list; a `MessageInfo` the jsonl `message` object.

Passwords are masked by default, as in every output (RFC 1738 section 6: "The use of URLs
containing passwords that should be secret is clearly unwise"): a candidate's `url`,
`alt` and `login_rest_text` as `extract --format jsonl` masks them, reading the next
line's word with a URL that ends there (grammar.login), and every other string (a path,
a header field, a reason, a message) through `mask_password`. `show_passwords=True`
leaves them as they are, as `extract --show-passwords` does.
"""

from __future__ import annotations

import enum

from .grammar.login import (
    mask_password,
    masked,
    merged_spans,
    secret_spans,
    secret_spans_read_on,
)
from .model import Candidate
from .reporters.extract import read_on, url_shown
from .reporters.safe import masked_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def as_dict(value: object, *, show_passwords: bool = False) -> dict[str, Any]:
    """`value` (a Candidate, Span, Position, Found, Problem, Finding, MessageInfo or any
    other urlint record) as a dict of plain data; passwords masked unless
    `show_passwords`."""
    plain = _plain(value, show_passwords)
    if not isinstance(plain, dict):
        raise TypeError(f"not a urlint record: {type(value).__name__}")
    return plain


def _plain(value: Any, show: bool) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, enum.Enum):  # before str: Wrapper, Flag, Severity are str enums
        return value.value
    if isinstance(value, str):
        return value if show else mask_password(value)
    if isinstance(value, Candidate):
        return _candidate(value, show)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a record (records.py)
        return _record(value, show)
    if isinstance(value, (tuple, list)):
        return [_plain(item, show) for item in value]
    if isinstance(value, (frozenset, set)):
        return _sorted([_plain(item, show) for item in value], value)
    as_json = getattr(value, "as_json", None)  # mail.origin.MessageInfo
    if as_json is not None:
        message = as_json()
        return message if show else masked_values(message)
    raise TypeError(f"not plain data: {type(value).__name__}")


def _sorted(items: list, members: frozenset | set) -> list:
    first = next(iter(members), None)
    if isinstance(first, enum.Enum):  # in the enum's order, as the jsonl flags are
        order = {member.value: index for index, member in enumerate(type(first))}
        return sorted(items, key=order.__getitem__)
    return sorted(items)


def _record(value: Any, show: bool) -> dict[str, Any]:
    return {name: _plain(getattr(value, name), show) for name in value._fields}


def _candidate(candidate: Candidate, show: bool) -> dict[str, Any]:
    plain = _record(candidate, True)  # no other string field holds input text
    if not show:
        url, rest = candidate.url, candidate.login_rest_text
        plain["url"] = url_shown(url, False, rest)
        plain["alt"] = url_shown(candidate.alt, False, read_on(candidate))
        plain["login_rest_text"] = _rest_masked(url, rest)
    return plain


def _rest_masked(url: str, rest: str) -> str:
    """`rest` (Candidate.login_rest_text: what may finish the URL's login on the next
    line) with what may be a password in it masked: read after the URL, and on its own."""
    if not rest:
        return rest
    length = len(url)
    after = [
        (max(start, length) - length, end - length)
        for start, end in secret_spans_read_on(url, rest)
        if end > length
    ]
    return masked(rest, merged_spans([*after, *secret_spans(rest)]))
