"""Decimal numbers written in the input: ports, dotted-quad groups, Content-Length."""

from __future__ import annotations


def bounded_int(digits: str | bytes, limit: int) -> int:
    """The value of the ASCII decimal `digits`, or `limit + 1` when it is larger.

    No caller needs to know by how much a port, an address group or a length is too large,
    and Python refuses to read a number of more than 4,300 digits at all."""
    text = digits.decode("ascii") if isinstance(digits, bytes) else digits
    text = text.lstrip("0") or "0"
    if len(text) > len(str(limit)):
        return limit + 1
    return min(int(text), limit + 1)


def size_text(count: int) -> str:
    """A size limit as a message states it: "64 MB", or bytes when that is not whole."""
    megabytes, rest = divmod(count, 1024 * 1024)
    return f"{megabytes} MB" if megabytes and not rest else f"{count:,} bytes"
