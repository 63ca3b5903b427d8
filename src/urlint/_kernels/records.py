"""A record (a tuple subclass's instance: a namedtuple's) made of its fields, allocated in C
where the tuple's layout is known.

`record(kind, fields, defaults)` is `tuple.__new__(kind, (*fields, *defaults))`, which
core.records.built is; compiled, on the Pythons whose tuple holds its items alone
(`RECORDS_IN_C`), it allocates the record as tuple.__new__ allocates a subclass's and sets
each field in it (tuple.__new__ makes a tuple of the fields, then the record, and copies
them over: docs/design/performance.md, "Figures the code's choices rest on"). From
Python 3.14 a tuple caches its hash in it too, which tuple.__new__ marks as not yet made
(a record allocated here would hash to 0): there the C path is off, and
tests/kernels/test_records.py fails, to say so. Only for a record class that defines no
__new__ of its own.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Is this module the compiled one (an extension module), not this file run as Python?
COMPILED = not __file__.endswith(".py")
# The loops' test of it: a C constant where compiled (records.pxd).
_IN_C = COMPILED
# Records allocated in C: compiled, on a Python whose tuple holds its items alone.
_RECORDS_IN_C = _IN_C and sys.version_info < (3, 14)
RECORDS_IN_C = _RECORDS_IN_C  # (the Python name of it)

_tuple_new = tuple.__new__


def record(kind: type, fields: tuple, defaults: tuple = ()) -> Any:
    """The record of class `kind` whose fields are `fields`, then `defaults`, all of them,
    in order: `tuple.__new__(kind, (*fields, *defaults))`."""
    if _RECORDS_IN_C:
        size = len(fields)
        made = PyType_GenericAlloc(kind, size + len(defaults))  # type: ignore[name-defined]  # noqa: F821
        for place in range(size):
            field = fields[place]
            Py_INCREF(field)  # type: ignore[name-defined]  # noqa: F821
            PyTuple_SET_ITEM(made, place, field)  # type: ignore[name-defined]  # noqa: F821
        for place in range(len(defaults)):
            field = defaults[place]
            Py_INCREF(field)  # type: ignore[name-defined]  # noqa: F821
            PyTuple_SET_ITEM(made, size + place, field)  # type: ignore[name-defined]  # noqa: F821
        return made
    return _tuple_new(kind, (*fields, *defaults))


__all__ = ["COMPILED", "RECORDS_IN_C", "record"]
