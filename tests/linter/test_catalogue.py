"""The catalogue lists every rule once.

Each family module names its entries in `RULES` (no registration by import side effect), and
an entry left out of it would never run."""

from __future__ import annotations

import importlib
import pickle

import pytest

from urlint.core.findings import Severity
from urlint.linter.rules.catalogue import all_rules, rules_under
from urlint.linter.rules.rule import RFC1738, RFC3986, Rule

FAMILIES = {
    "text": "X",
    "characters": "C",
    "reserved": "R",
    "syntax": "S",
    "per_scheme": "S",
    "security": "P",
    "near": "N",
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
    assert len({entry.code for entry in listed}) == len(listed) == 65
    assert len({entry.name for entry in listed}) == 65
    assert [entry.code for entry in all_rules()] == sorted(entry.code for entry in listed)


def test_a_rule_crosses_to_a_worker_process_as_its_code() -> None:
    # A worker (runner.py) gets the settings pickled; a rule travels as its code.
    entry = next(entry for entry in all_rules() if entry.code == "S402")
    assert pickle.loads(pickle.dumps(entry)) is entry
    assert len(pickle.dumps(entry)) < 120  # the code and a lookup, not the page's text


def test_a_rule_graded_by_rfc3986_crosses_as_its_code_and_target() -> None:
    # A worker under --target rfc3986 must get the rule as that standard grades it.
    entry = next(entry for entry in rules_under(RFC3986) if entry.code == "P503")
    assert entry.severity is Severity.INFO and entry.graded_by == RFC3986
    assert pickle.loads(pickle.dumps(entry)) is entry


def test_rules_under_each_target() -> None:
    rfc1738 = {entry.code: entry.severity.value for entry in rules_under(RFC1738)}
    rfc3986 = {entry.code: entry.severity.value for entry in rules_under(RFC3986)}
    assert set(rfc1738) == {entry.code for entry in all_rules()} - {"S419"}
    off = {entry.code for entry in all_rules()} - set(rfc3986)
    # wais and prospero, whose RFCs are Historic, are read by the generic syntax alone
    assert off == {
        "C202",
        "R303",
        "R304",
        "R305",
        "R306",
        "R307",
        "S404",
        "S405",
        "S416",
        "S418",
    }
    changed = {
        code: (rfc1738[code], rfc3986[code])
        for code in rfc3986
        if code in rfc1738 and rfc1738[code] != rfc3986[code]
    }
    assert changed == {"P503": ("warning", "info")}
    assert rfc3986["S419"] == "error"
