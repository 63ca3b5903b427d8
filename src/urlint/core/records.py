"""`@record`: an immutable, typed value class, a tuple with named fields.

A record is a tuple with named fields, as `collections.namedtuple` makes them.

Why not `dataclasses`: a pre-commit hook starts urlint for every commit, and building a
frozen dataclass per class (plus importing `inspect`) takes a large share of the start-up
budget (bench/latency.py). A named tuple gives the same immutability, equality, hashing,
ordering and repr for a fraction of that. Fields and defaults are read from the class body's
annotations, in order, exactly as a dataclass would read them.

Why not `namedtuple` itself: it compiles each class's constructor from a string, at
start-up, for every record a `check` loads (bench/README.md, "Start-up tuning"). Here a
record's constructor and field getters come from `_runtime.named_tuples`, which makes them
as namedtuple does without compiling text. The class is what namedtuple would build: the
same constructor code, the same C field getters, `_fields`, `_field_defaults`,
`__match_args__`, `_make`, `_replace`, `_asdict`, `__getnewargs__` (pickling) and repr.
"""

from __future__ import annotations

from .._runtime.named_tuples import constructor, getters

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform  # typing has it from Python 3.11

    _T = TypeVar("_T")

    # What type checkers see: a frozen dataclass-like class, its fields from its
    # annotations (PEP 681), as the named tuple built below has them.
    @dataclass_transform(frozen_default=True)
    def record(cls: type[_T]) -> type[_T]: ...

    def replaced(value: _T, /, **changes: Any) -> _T: ...

    def built(cls: type[_T], fields: tuple[Any, ...], /) -> _T: ...


_NO_DEFAULT = object()
_tuple_new = tuple.__new__


def replaced(value, /, **changes):  # type: ignore[no-untyped-def,no-redef]  # noqa: F811
    """A copy of the record `value` with `changes` to its fields (namedtuple._replace)."""
    return value._replace(**changes)


# The record of class `cls` whose fields are `fields`, all of them, in order: what calling
# `cls` makes, made in C. A record's __new__ (one of _CONSTRUCTORS) is a Python function,
# and its frame costs more than the tuple (callgrind), for the three records that place
# each URL found (scanner/textpos.py). Only for
# a record class that defines no __new__ of its own (none does).
built = _tuple_new  # type: ignore[assignment]  # noqa: F811


def record(cls: type) -> type:  # type: ignore[no-redef]  # noqa: F811
    """Build `cls` as a record: namedtuple's class, its fields `cls`'s annotations, in order.

    A field's default is its value in the class body; the body's methods and `cls`'s bases
    (a mixin such as model.Located) come along.
    """
    # Each step below is a C loop (map, count, dict merges, zip), not a Python one: a hook's
    # start-up builds some 25 records (python -X importtime, bench/latency.py).
    namespace = cls.__dict__
    names = tuple(namespace.get("__annotations__", ()))
    defaults = list(map(namespace.get, names, (_NO_DEFAULT,) * len(names)))
    first_default = defaults.count(_NO_DEFAULT)  # the fields without one, if they come first
    given = tuple(defaults[first_default:])
    if _NO_DEFAULT in given:
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    body = {**_METHODS, **namespace}  # the class's own methods before namedtuple's
    for key in ("__dict__", "__weakref__", "__annotations__"):
        body.pop(key, None)
    new = constructor(names, given or None)
    new.__qualname__ = f"{cls.__qualname__}.__new__"  # as namedtuple names it
    # each field's getter, over its default (there may be more getters than fields)
    body.update(zip(names, getters(len(names)), strict=False))
    body.update(
        __new__=new,
        __slots__=(),
        _fields=names,
        __match_args__=names,
        _field_defaults=dict(zip(names[first_default:], given, strict=True)),
    )
    bases = cls.__bases__
    if bases == (object,):
        bases = ()
    elif object in bases:
        bases = tuple(base for base in bases if base is not object)
    built = type(cls.__name__, (tuple, *bases), body)  # bases: a mixin, e.g. model.Located
    built.__qualname__ = cls.__qualname__
    return built


# namedtuple's methods, which read a record's fields from the class (namedtuple's read them
# from a closure).


def _make(cls, iterable: Iterable[object]):  # type: ignore[no-untyped-def]
    """Make a new record from a sequence or iterable (namedtuple._make)."""
    result = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
    return result


def _replace(self, /, **changes):  # type: ignore[no-untyped-def]
    """A copy with `changes` to its fields (namedtuple._replace)."""
    result = self._make(map(changes.pop, self._fields, self))
    if changes:
        raise ValueError(f"Got unexpected field names: {list(changes)!r}")
    return result


def _repr(self) -> str:  # type: ignore[no-untyped-def]
    fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
    return f"{type(self).__name__}({fields})"


def _asdict(self) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """A dict of the field names and their values (namedtuple._asdict)."""
    return dict(zip(self._fields, self, strict=True))


def _getnewargs(self) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    """The record as a plain tuple: what pickle and copy make it again from."""
    return tuple(self)


_METHODS = {
    "_make": classmethod(_make),
    "_replace": _replace,
    "__repr__": _repr,
    "_asdict": _asdict,
    "__getnewargs__": _getnewargs,
}
