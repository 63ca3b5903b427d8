"""Text as the results store keeps it: one gate for every string a row holds."""

from __future__ import annotations

from ..grammar.login import mask_password


def stored_text(text: str) -> str:
    """`text` as the store keeps it: its passwords masked (the store keeps none: section 6 of
    RFC 1738), and a name that is not UTF-8, whose bytes os.fsdecode holds as surrogates,
    with those bytes escaped ("caf\\xe9.txt"): SQLite keeps UTF-8 text only, and such a
    name had ended the scan in a traceback, its store empty. The same name is always kept
    the same way, so a scan again finds it unchanged."""
    masked = mask_password(text)
    if masked.isascii():
        return masked
    return masked.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
