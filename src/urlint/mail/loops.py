"""The mail reader's loops in C where they are compiled (mail/fast.py), None for the pure
path: chosen once, here, below every module that runs them (headers, decoders, mbox,
mime, html, prefilter)."""

from __future__ import annotations

from ..core.builds import compiled
from . import fast

LOOPS = compiled(fast)
