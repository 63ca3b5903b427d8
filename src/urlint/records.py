"""`@record`: an immutable, typed value class built on `collections.namedtuple`.

Why not `dataclasses`: a pre-commit hook starts urlint for every commit, and building a
frozen dataclass costs ~0.7 ms per class (plus `inspect`, 5 ms, on import), a third of
the start-up budget (bench/latency.py). A namedtuple gives the same immutability,
equality, hashing, ordering and repr for a fraction of that. Fields and defaults are read
from the class body's annotations, in order, exactly as a dataclass would read them.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform  # typing has it from Python 3.11

    _T = TypeVar("_T")

    # What type checkers see: a frozen dataclass-like class, its fields from its
    # annotations (PEP 681), as the namedtuple built below has them.
    @dataclass_transform(frozen_default=True)
    def record(cls: type[_T]) -> type[_T]: ...

    def replaced(value: _T, /, **changes: Any) -> _T: ...

    def built(cls: type[_T], fields: tuple[Any, ...], /) -> _T: ...

_NO_DEFAULT = object()


def replaced(value, /, **changes):  # type: ignore[no-untyped-def,no-redef]  # noqa: F811
    """A copy of the record `value` with `changes` to its fields (namedtuple._replace)."""
    return value._replace(**changes)


# The record of class `cls` whose fields are `fields`, all of them, in order: what calling
# `cls` makes, made in C. A record's __new__ is namedtuple's, a Python function, and its
# frame costs more than the tuple (callgrind: 1,700 instructions a Position called, 500
# built), for the three records that place each URL found (scanner.textpos). Only for a
# record class that defines no __new__ of its own (none does).
built = tuple.__new__  # type: ignore[assignment]  # noqa: F811


def record(cls: type) -> type:  # type: ignore[no-redef]  # noqa: F811
    names = list(cls.__dict__.get("__annotations__", {}))
    defaults = [cls.__dict__.get(name, _NO_DEFAULT) for name in names]
    first_default = next(
        (i for i, value in enumerate(defaults) if value is not _NO_DEFAULT), len(names)
    )
    if any(value is _NO_DEFAULT for value in defaults[first_default:]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    base = namedtuple(cls.__name__, names, defaults=defaults[first_default:], module=cls.__module__)  # type: ignore[misc]
    body = {
        key: value
        for key, value in cls.__dict__.items()
        if key not in names and key not in ("__dict__", "__weakref__", "__annotations__")
    }
    body["__slots__"] = ()
    mixins = tuple(b for b in cls.__bases__ if b is not object)  # e.g. model.Located
    built = type(cls.__name__, (base, *mixins), body)
    built.__qualname__ = cls.__qualname__
    return built
