"""Regular expressions compiled when first used, not when their module is imported.

A pre-commit hook starts urlint for every commit (bench/latency.py), and compiling a pattern
costs 0.05 to 0.8 ms. A module-level pattern most runs never use (the login reader's, page
furniture's, the shape of a `data:` URL) is made with `compiled_when_used`: it compiles on
its first use. Its `pattern` is there before that, to build other patterns from. After it,
each method is the compiled pattern's own, kept on the stand-in: a call costs one attribute
lookup more than on a pattern compiled at import (about 50 ns), so the patterns every scan
runs (`scanner`, `scanner.bare`) are compiled at import as before.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import AnyStr

    def compiled_when_used(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]: ...


class _CompiledWhenUsed:
    """Stands in for `re.compile(pattern, flags)` until an attribute of it is asked for."""

    def __init__(self, pattern: str | bytes, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str) -> object:
        if name.startswith("_"):  # not the pattern's (copy and pickle probe for these)
            raise AttributeError(name)
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self._flags)
        value = getattr(self._compiled, name)
        setattr(self, name, value)  # found here from now on: __getattr__ runs once a name
        return value


def compiled_when_used(pattern, flags=0):  # type: ignore[no-untyped-def,no-redef]  # noqa: F811
    """`re.compile(pattern, flags)`, done when the pattern is first used."""
    return _CompiledWhenUsed(pattern, flags)
