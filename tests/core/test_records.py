"""A `@record` class behaves as the namedtuple of its fields would.

core/records.py: a `@record` class behaves as the namedtuple of its fields would, whatever
its size (its constructor written in _runtime/named_tuples.py, or namedtuple's past those)."""

from __future__ import annotations

import copy
import pickle
from collections import namedtuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.core.model import Candidate, Position, Span
from urlint.core.records import record, replaced


@record
class Pair:
    """A record of two fields, one with a default."""

    name: str
    count: int = 0

    def doubled(self) -> int:
        return 2 * self.count


def test_a_record_binds_by_position_and_by_name_with_its_defaults():
    assert Pair("a", 2) == ("a", 2)
    assert Pair(name="a") == ("a", 0)
    assert Pair("a", count=3).count == 3
    assert Pair("a", 4).doubled() == 8
    with pytest.raises(TypeError, match=r"^Pair.__new__\(\) missing 1 required positional"):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'other'"):
        Pair("a", other=1)  # type: ignore[call-arg]


def test_a_record_has_namedtuples_methods_under_its_own_names():
    pair = Pair("a", 2)
    assert repr(pair) == "Pair(name='a', count=2)"
    assert pair._asdict() == {"name": "a", "count": 2}
    assert Pair._fields == ("name", "count") == Pair.__match_args__
    assert Pair._field_defaults == {"count": 0}
    assert Pair._make(["b", 5]) == Pair("b", 5)
    assert replaced(pair, count=7) == Pair("a", 7)
    assert type(replaced(pair, count=7)) is Pair
    with pytest.raises(ValueError, match=r"Got unexpected field names: \['size'\]"):
        replaced(pair, size=1)
    with pytest.raises(TypeError, match="Expected 2 arguments, got 1"):
        Pair._make(["b"])
    match pair:
        case Pair(name, count):
            assert (name, count) == ("a", 2)
    with pytest.raises(AttributeError):
        pair.count = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        pair.other = 3  # type: ignore[attr-defined]  # no __dict__


def test_records_pickle_and_copy_as_themselves():
    candidate = Candidate(
        "http://a.example/", Span(Position(1, 5, 4), Position(1, 22, 21)), pieces=()
    )
    for made in (pickle.loads(pickle.dumps(candidate)), copy.copy(candidate)):
        assert made == candidate
        assert type(made) is Candidate and type(made.span.start) is Position
    assert copy.deepcopy(candidate) == candidate


def test_a_record_larger_than_the_written_constructors_is_made_by_namedtuple():
    names = [f"f{index}" for index in range(30)]
    big = record(type("Big", (), {"__annotations__": dict.fromkeys(names, "int"), "f29": -1}))
    value = big(*range(29))
    assert value == (*range(29), -1)
    assert value.f7 == 7
    assert big(**dict(zip(names, range(30), strict=True))).f29 == 19 + 10
    assert big.__new__.__code__.co_filename == "<string>"  # namedtuple's, compiled from text


@given(st.integers(min_value=0, max_value=24), st.data())
def test_a_record_of_any_size_is_its_namedtuple(size, data):
    names = [f"field_{index}" for index in range(size)]
    defaults = data.draw(st.integers(min_value=0, max_value=size))
    values = data.draw(st.lists(st.integers(), min_size=size, max_size=size))
    body = {"__annotations__": dict.fromkeys(names, "int")}
    body.update({name: -index for index, name in enumerate(names) if index >= size - defaults})
    made = record(type("Made", (), body))
    expected = namedtuple("Made", names, defaults=[-i for i in range(size - defaults, size)])
    assert made(*values) == expected(*values)
    assert repr(made(*values)) == repr(expected(*values))
    assert made(**dict(zip(names, values, strict=True)))._asdict() == expected(*values)._asdict()
    given_first = values[: size - defaults]
    assert made(*given_first) == expected(*given_first)
    assert made._field_defaults == expected._field_defaults


def test_a_field_without_a_default_after_one_with_a_default_is_refused():
    body = {"__annotations__": {"a": "int", "b": "int", "c": "int"}, "b": 1}
    with pytest.raises(TypeError, match=r"^Late: a field without a default follows one with"):
        record(type("Late", (), body))


def test_a_records_fields_read_as_namedtuples_and_its_mixin_comes_along():
    class Named:
        def title(self) -> str:
            return self.name.title()  # type: ignore[attr-defined]

    @record
    class Labelled(Named):
        name: str
        count: int = 1

    expected = namedtuple("Labelled", ["name", "count"])
    assert Labelled.__mro__[1:] == (tuple, Named, object)
    assert Labelled("ab cd").title() == "Ab Cd"
    assert (
        [Labelled.name.__doc__, Labelled.count.__doc__]
        == [
            expected.name.__doc__,
            expected.count.__doc__,
        ]
        == ["Alias for field number 0", "Alias for field number 1"]
    )
