"""The standard library's reading of a message the fast reader cannot read.

The standard library's reading of a message, for when the fast reader (mime.py) meets what
it cannot read: every text part, decoded, placed at the message's first line (the stdlib
keeps no offsets), and noted as M904. The stdlib parser is the fallback, not the hot path
(docs/design/performance.md); URLINT_STRICT turns the fallback off (read_message)."""

from __future__ import annotations

from functools import partial

from ..core.problems import ProblemKind
from ..grammar.login import masked_piece
from .decoders import decode_charset
from .html import read_html
from .mime import DecodedText, MessageReader
from .textmap import Relocator


def read_with_stdlib(reader: MessageReader, data: bytes, line: int, why: str) -> None:
    """The compat32 reading of a message: every text part, decoded.

    Positions are the message's first line (the stdlib keeps no offsets)."""
    import email
    from email import policy

    try:
        message = email.message_from_bytes(data, policy=policy.compat32)
        for number, part in enumerate(message.walk(), start=1):
            if part.get_content_maintype() != "text":
                continue
            payload = part.get_payload(decode=True)
            if not isinstance(payload, bytes):
                continue
            label = part.get_content_charset()
            # the stdlib gives the label in lower case: looked for in the field so
            field = str(part.get("Content-Type", "")).lower()
            text, codec, trouble = decode_charset(
                payload, label, partial(masked_piece, label or "", field)
            )
            if trouble:
                reader.problem(line, f"{trouble}: read as {codec}", ProblemKind.CHARSET)
            kind = part.get_content_type()
            source = "text"
            if part.get_content_subtype() == "html":
                text, source = read_html(text).text, "html-text"
            reader.texts.append(
                DecodedText(
                    text,
                    line,
                    Relocator(b"", line, collapsed=True),
                    reader.envelope,
                    str(number),
                    kind,
                    source,
                )
            )
        reader.problem(line, f"message read by the fallback parser ({why})")
    except Exception as error:  # noqa: BLE001 - nothing more can be read; report it
        reader.problem(line, f"message cannot be read: {type(error).__name__}: {error}")
