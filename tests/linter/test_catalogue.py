"""The catalogue lists every rule once.

Each family module names its entries in `RULES` (no registration by import side effect), and
an entry left out of it would never run."""

from __future__ import annotations

import importlib
import pickle

import pytest

from urlint.linter.rules.catalogue import all_rules
from urlint.linter.rules.rule import Rule

FAMILIES = {
    "text": "X",
    "characters": "C",
    "reserved": "R",
    "syntax": "S",
    "per_scheme": "S",
    "security": "P",
    "meta": "M",
}


@pytest.mark.parametrize("module_name", sorted(FAMILIES))
def test_every_entry_of_a_family_is_listed(module_name: str) -> None:
    module = importlib.import_module(f"urlint.linter.rules.{module_name}")
    defined = {value.code for value in vars(module).values() if isinstance(value, Rule)}
    listed = [entry.code for entry in module.RULES]
    assert sorted(listed) == listed  # in code order
    assert set(listed) >= defined
    assert {code[0] for code in listed} == {FAMILIES[module_name]}


def test_codes_and_names_are_unique_across_the_families() -> None:
    modules = [importlib.import_module(f"urlint.linter.rules.{name}") for name in FAMILIES]
    listed = [entry for module in modules for entry in module.RULES]
    assert len({entry.code for entry in listed}) == len(listed) == 49
    assert len({entry.name for entry in listed}) == 49
    assert [entry.code for entry in all_rules()] == sorted(entry.code for entry in listed)


def test_a_rule_crosses_to_a_worker_process_as_its_code() -> None:
    # A worker (runner.py) gets the settings pickled; a rule travels as its code.
    entry = next(entry for entry in all_rules() if entry.code == "S402")
    assert pickle.loads(pickle.dumps(entry)) is entry
    assert len(pickle.dumps(entry)) < 120  # the code and a lookup, not the page's text
