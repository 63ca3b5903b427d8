"""Whether a compiled module's code runs: where it is compiled, unless URLINT_PURE=1 asks
for the pure path, the reference (the same rules as Python: tests and bench/same_output.py
compare the two in one install).

Read where a module is loaded (scanner.fast_lane, the mail reader's loops), from the
environment alone: no input or output."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType


def compiled(module: ModuleType) -> ModuleType | None:
    """`module` where it is compiled (its COMPILED) and URLINT_PURE is not "1"; else None."""
    if os.environ.get("URLINT_PURE") == "1" or not module.COMPILED:
        return None
    return module
