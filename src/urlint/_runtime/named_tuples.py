"""A named tuple's constructor and field getters, as namedtuple's, none compiled from text.

`core.records` builds its records from them. `collections.namedtuple` compiles each class's
constructor from a string, `lambda _cls, a, b: _tuple_new(_cls, (a, b))` with the class's
field names: the parser and the compiler once a class, for each of the records a hook's
`check` builds at its start (bench/README.md, "Start-up tuning"). Here that lambda is
written once for each number of fields up to 24, compiled with this module, and a class's
constructor is a copy of it under the class's field names
(`CodeType.replace(co_varnames=...)`): binding takes an argument by its place, a keyword by
its parameter's name in the code, so the copy binds, and its errors read, as namedtuple's
own. A field getter is namedtuple's, in C (`_collections._tuplegetter`).

Neither is promised by the language: that a code object's parameters renamed with `replace`
are the names binding reads, and `_collections`' private getter. Where one is missing or
refused, a class gets namedtuple's constructor compiled from text, or a property over
`operator.itemgetter`, which behave the same; tests/runtime/test_named_tuples.py fails on
such a Python, and tests/runtime/test_compiled_patterns.py probes both in every supported
Python installed here.
"""

from __future__ import annotations

from types import FunctionType

try:  # namedtuple's field getter, in C (collections/__init__.py takes it so too)
    from _collections import _tuplegetter  # type: ignore[import-not-found]  # no stub
except ImportError:  # pragma: no cover - other Pythons
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> property:  # type: ignore[misc]
        return property(itemgetter(index), doc=doc)


_tuple_new = tuple.__new__

# namedtuple's constructor (`_tuple_new(_cls, (a, b))`) by its number of fields, to be
# renamed: `Position(1, 2, 3)` and `Position(line=1, column=2, offset=3)` bind as
# namedtuple's own constructor binds them.
_WRITTEN = (
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


def constructor(names: tuple[str, ...], defaults: tuple[object, ...] | None) -> FunctionType:
    """The `__new__` of a named tuple of the fields `names`, the last of them defaulting to
    `defaults`: namedtuple's, its parameters named `names`."""
    if len(names) < len(_WRITTEN):
        written = _WRITTEN[len(names)]
        try:
            code = written.__code__.replace(co_varnames=("_cls", *names))
        except (AttributeError, TypeError, ValueError):  # a Python that refuses the renaming
            pass
        else:
            return FunctionType(code, written.__globals__, "__new__", defaults)
    new = compiled(names)
    new.__defaults__ = defaults
    return new


def compiled(names: tuple[str, ...]) -> FunctionType:
    """The `__new__` of a named tuple of the fields `names`, compiled from text as
    namedtuple compiles it (the plain way: past the written constructors, or where they
    cannot be renamed)."""
    fields = ", ".join(names) + ("," if len(names) == 1 else "")
    namespace = {"_tuple_new": _tuple_new, "__builtins__": {}}
    new: FunctionType = eval(f"lambda _cls, {fields}: _tuple_new(_cls, ({fields}))", namespace)
    new.__name__ = "__new__"
    return new


def getters(size: int) -> tuple[property, ...]:
    """The field getters of fields 0 to `size` - 1 (or more), as namedtuple makes them.

    A getter holds its index and doc alone, so every class shares those made once here."""
    if size > len(_GETTERS):
        return (*_GETTERS, *_made_getters(len(_GETTERS), size))
    return _GETTERS


def _made_getters(start: int, stop: int) -> tuple[property, ...]:
    return tuple(
        _tuplegetter(index, f"Alias for field number {index}") for index in range(start, stop)
    )


_GETTERS = _made_getters(0, len(_WRITTEN))
