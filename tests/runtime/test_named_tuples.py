"""_runtime.named_tuples: a named tuple's constructor written once and renamed, and its field
getters in C, on this Python; where either stops working, these fail (the records still
work, made the plain way)."""

from __future__ import annotations

import sys

import pytest

from urlint._runtime import named_tuples
from urlint._runtime.named_tuples import compiled, constructor, getters
from urlint.linter.rules.rule import Rule


def test_a_constructor_is_the_written_one_under_the_fields_names():
    new = constructor(("line", "column"), (0,))
    assert new.__code__.co_filename == named_tuples.__file__  # not compiled from text
    assert new.__code__.co_varnames == ("_cls", "line", "column")
    assert (new.__name__, new.__defaults__) == ("__new__", (0,))
    assert new(tuple, 3) == (3, 0)
    assert new(tuple, column=5, line=4) == (4, 5)
    with pytest.raises(TypeError, match=r"\(\) got an unexpected keyword argument 'a'$"):
        new(tuple, 1, a=2)
    with pytest.raises(TypeError, match=r"\(\) missing 1 required positional argument: 'line'$"):
        new(tuple)


def test_it_binds_as_the_one_compiled_from_text():
    names = ("scheme", "host", "port")
    written, from_text = constructor(names, (80,)), compiled(names)
    from_text.__defaults__ = (80,)
    assert from_text.__code__.co_filename == "<string>"
    for args, keywords in [(("a", "b"), {}), (("a",), {"host": "b", "port": 1}), ((), {})]:
        outcomes = []
        for new in (written, from_text):
            try:
                outcomes.append(new(tuple, *args, **keywords))
            except TypeError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]


def test_the_largest_record_a_hook_builds_has_a_written_constructor():
    # Rule (18 fields) is built at every `check`'s start.
    assert Rule.__new__.__code__.co_filename == named_tuples.__file__
    assert Rule.__new__.__code__.co_varnames[:19] == ("_cls", *Rule._fields)


def test_past_the_written_constructors_one_is_compiled_from_text():
    names = tuple(f"f{index}" for index in range(40))
    new = constructor(names, None)
    assert new.__code__.co_filename == "<string>"
    assert new(tuple, *range(40)) == tuple(range(40))


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's getter")
def test_the_field_getters_are_namedtuples_in_c():
    made = getters(30)
    assert len(made) == 30 and made[:3] == getters(3)[:3]
    assert type(made[0]).__name__ == "_tuplegetter"  # not the property of the fallback
    assert made[29].__get__(tuple(range(30))) == 29
    assert made[29].__doc__ == "Alias for field number 29"
