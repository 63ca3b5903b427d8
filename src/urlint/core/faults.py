"""A fault in urlint's own code, met while reading one input, message or URL.

What is said of it, so the run reports it for that unit and goes on with the next (exit
status 2: some of the input was not read)."""

from __future__ import annotations

import os


def debugging() -> bool:
    """Does the user want a fault's traceback (URLINT_DEBUG set), not a problem?"""
    return bool(os.environ.get("URLINT_DEBUG"))


def internal_error(error: Exception) -> str:
    """The reason given for `error`.

    With URLINT_DEBUG set, `error` is raised again instead, for its traceback. Call it in
    the `except` block that caught `error`."""
    if debugging():
        raise error
    return f"internal error: {type(error).__name__}: {error} (set URLINT_DEBUG=1 for a traceback)"
