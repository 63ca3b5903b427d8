"""One chunk of a text as scanned (`ScannedText`): now core.model's, named here too.

The record stood here while a message's text named the reader's record of the message;
it names the message by its shape now (core.message.InMessage), so it stands in core,
below the sources that scan a file's chunks. Import it from core.model.
"""

from ..core.model import ScannedText

__all__ = ["ScannedText"]
