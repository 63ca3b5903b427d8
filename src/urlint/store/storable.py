"""Text as the results store keeps it: one gate for every string a row holds."""

from __future__ import annotations

from ..output.printable import masked_text


def stored_text(text: str) -> str:
    """`text` as the store keeps it: its passwords masked, its undecodable bytes escaped.

    The store keeps no password (section 6 of RFC 1738). A name that is not UTF-8, whose
    bytes os.fsdecode holds as surrogates, has those bytes escaped ("caf\\xe9.txt", as
    every output writes them: output.printable. masked_text): SQLite keeps UTF-8 text only,
    and such a name had ended the scan in a traceback, its store empty."""
    return masked_text(text)
