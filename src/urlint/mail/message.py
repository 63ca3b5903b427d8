"""One message to the texts a mail client would show, whatever its damage.

The fast reader (mime.py), and where it meets what it cannot read, the standard library's
(fallback.py).

This module stays Python in the compiled build (setup.py): it is the fault boundary, and
tests put faults into the fast path through it (`read_fast`, tests/mail/test_fallback.py),
where the compiled reader's own calls, made directly, would not see a patched name.
"""

from __future__ import annotations

import os

from .headers import Split, split_entity
from .mime import MessageReader
from .origin import Envelope


def read_message(data: bytes, line: int, index: int) -> MessageReader:
    """Every text in one message and every problem met; never raises on bad mail.

    An exception in the fast path hands the message to the stdlib parser
    (`read_with_stdlib`, noted as M904 "message read by the fallback parser"). With the
    environment variable URLINT_STRICT set (non-empty), that exception propagates instead,
    so that a fault in the fast path fails a test rather than being read around: the test
    suite sets it (tests/conftest.py)."""
    header, body, body_line, damage, fields = split_entity(data, line)
    reader = MessageReader(Envelope(header, index, line))
    if damage:
        reader.problem(body_line, damage)
    try:
        read_fast(reader, data, line, (header, body, body_line, fields))
    except (RecursionError, MemoryError):
        raise
    except Exception as error:  # the fast path met what it cannot read: the stdlib's turn
        if os.environ.get("URLINT_STRICT"):
            raise
        from .fallback import read_with_stdlib

        reader.texts.clear()
        reader.problems.clear()
        read_with_stdlib(reader, data, line, f"{type(error).__name__}: {error}")
    return reader


def read_fast(reader: MessageReader, data: bytes, line: int, split: Split) -> None:
    """The fast reader's reading of a whole message into `reader`.

    (its header, body and content fields as `split_entity` split them at file line `line`:
    a Split): the step `read_message` falls back from, called by its name in this module."""
    reader.message(data, line, split=split)
