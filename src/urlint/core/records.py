"""`@record`: an immutable, typed value class, a tuple with named fields.

A record is a tuple with named fields, as `collections.namedtuple` makes them.

Why not `dataclasses`: a pre-commit hook starts urlint for every commit, and building a
frozen dataclass per class (plus importing `inspect`) takes a large share of the start-up
budget (bench/latency.py). A named tuple gives the same immutability, equality, hashing,
ordering and repr for a fraction of that. Fields and defaults are read from the class body's
annotations, in order, exactly as a dataclass would read them.

Why not `namedtuple` itself: it compiles each class's constructor from a string, at
start-up, for every record a `check` loads (bench/latency.py). Here the constructors are
written once below, one for each number of fields, compiled with this module; a record's is
one of them under its own field names. The class is what namedtuple would build: the same
constructor code, the same C item getters, `_fields`, `_field_defaults`, `__match_args__`,
`_make`, `_replace`, `_asdict`, `__getnewargs__` (pickling) and repr.
"""

from __future__ import annotations

from operator import itemgetter
from types import FunctionType

try:  # namedtuple's item getter, in C (collections/__init__.py takes it so too)
    from _collections import _tuplegetter  # type: ignore[import-not-found]  # no stub
except ImportError:  # pragma: no cover - other Pythons

    def _tuplegetter(index: int, doc: str) -> property:  # type: ignore[misc]
        return property(itemgetter(index), doc=doc)


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

# A record's constructor, by its number of fields: namedtuple's code (`_tuple_new(_cls,
# (a, b))`), its parameters renamed to the record's fields. Binding reads a parameter by
# its position, a keyword by its name: `Position(1, 2, 3)` and `Position(line=1, column=2,
# offset=3)` bind as namedtuple's own constructor binds them.
_CONSTRUCTORS = (
    lambda _cls: _tuple_new(_cls, ()),
    lambda _cls, a: _tuple_new(_cls, (a,)),
    lambda _cls, a, b: _tuple_new(_cls, (a, b)),
    lambda _cls, a, b, c: _tuple_new(_cls, (a, b, c)),
    lambda _cls, a, b, c, d: _tuple_new(_cls, (a, b, c, d)),
    lambda _cls, a, b, c, d, e: _tuple_new(_cls, (a, b, c, d, e)),
    lambda _cls, a, b, c, d, e, f: _tuple_new(_cls, (a, b, c, d, e, f)),
    lambda _cls, a, b, c, d, e, f, g: _tuple_new(_cls, (a, b, c, d, e, f, g)),
    lambda _cls, a, b, c, d, e, f, g, h: _tuple_new(_cls, (a, b, c, d, e, f, g, h)),
    lambda _cls, a, b, c, d, e, f, g, h, i: _tuple_new(_cls, (a, b, c, d, e, f, g, h, i)),
    lambda _cls, a, b, c, d, e, f, g, h, i, j: _tuple_new(_cls, (a, b, c, d, e, f, g, h, i, j)),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w, x: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w, x)
    ),
    lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w, x, y: _tuple_new(
        _cls, (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v, w, x, y)
    ),
)


def _constructor(size: int) -> FunctionType:
    """The constructor of `size` fields: written above, or for a record larger than any
    there (the report's totals, never at start-up), namedtuple's, compiled as it does."""
    if size < len(_CONSTRUCTORS):
        return _CONSTRUCTORS[size]  # type: ignore[return-value]  # a lambda is a function
    from collections import namedtuple

    return namedtuple("Record", ["_"] * size, rename=True).__new__  # type: ignore[return-value]


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
    template = _constructor(len(names))
    new = FunctionType(
        template.__code__.replace(co_varnames=("_cls", *names)),
        template.__globals__,
        "__new__",
        given or None,
    )
    new.__qualname__ = f"{cls.__qualname__}.__new__"  # as namedtuple names it
    # each field's getter, over its default (there may be more getters than fields)
    body.update(zip(names, _getters(len(names)), strict=False))
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


def _getters(size: int) -> tuple[property, ...]:
    """The item getters of fields 0 to `size` - 1, as namedtuple makes them.

    A getter holds its index and doc alone, so every record shares those made once here."""
    if size > len(_GETTERS):
        return (*_GETTERS, *_made_getters(len(_GETTERS), size))
    return _GETTERS


def _made_getters(start: int, stop: int) -> tuple[property, ...]:
    return tuple(
        _tuplegetter(index, f"Alias for field number {index}") for index in range(start, stop)
    )


_GETTERS = _made_getters(0, len(_CONSTRUCTORS))


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
