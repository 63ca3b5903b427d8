"""Every peer extractor's test suite, run against urlint (../shared/peer-fixtures).

Each case asks urlint the question the peer's own test asks its tool. urlint must give the
peer's answer, except where that answer contradicts RFC 1738: then the answer urlint is held
to, and the reason, come from peer_expectations.py. The report names every deviation.
"""

from __future__ import annotations

from typing import Any

import pytest

from .. import peer_expectations as expectations
from ..helpers import PEER_FIXTURES
from ..peers import ADAPTERS, PeerCase, has_scheme

pytestmark = pytest.mark.corpus  # every test here reads ../shared (skipped when absent)

FAMILY = {"linkify-it-py": "linkify-it"}  # byte-identical fixtures, one list of deviations


def our_expectation(case: PeerCase) -> tuple[Any, str | None]:
    """What urlint must answer, and why it differs from the peer (None: it does not)."""
    peer = FAMILY.get(case.peer, case.peer)
    for key in ((peer, case.case_id), (peer, case.text)):
        if key in expectations.OVERRIDES:
            return expectations.OVERRIDES[key]
    expected = case.peer_expected
    if case.question == "urls":
        kept = [url for url in expected if has_scheme(url)]
        return kept, (expectations.NO_SCHEME if kept != expected else None)
    if case.question == "urls-with-indices":
        kept = [item for item in expected if has_scheme(item[0])]
        return kept, (expectations.NO_SCHEME if kept != expected else None)
    if case.question == "first" and not has_scheme(expected):
        return None, expectations.NO_SCHEME
    if case.question == "at-start" and expected and not has_scheme(case.text.removeprefix("<URL:")):
        return False, expectations.NO_SCHEME
    if case.question == "contains":
        # The peer may add a scheme the text lacks ("john@x" -> "mailto:john@x").
        scheme, _, rest = expected.partition(":")
        added = expected not in case.text and rest.removeprefix("//") in case.text
        return (False, expectations.NO_SCHEME) if added else (True, None)
    return expected, None


def all_cases() -> list[PeerCase]:
    if not PEER_FIXTURES.is_dir():
        return []
    return [case for make in ADAPTERS.values() for case in make()]


CASES = all_cases()


def joined_expectation(cases: list[PeerCase]) -> list[str]:
    """URI::Find also runs all its inputs joined by newlines: the sum of the single answers."""
    singles = [
        c
        for c in cases
        if c.peer == "uri-find" and c.case_id.startswith("Find.t[") and "joined" not in c.case_id
    ]
    return [url for c in singles for url in our_expectation(c)[0]]


@pytest.mark.skipif(not CASES, reason="../shared/peer-fixtures is not present")
@pytest.mark.parametrize("case", CASES, ids=[f"{c.peer}:{c.case_id}" for c in CASES])
def test_peer_case(case: PeerCase) -> None:
    if case.question in ("internal-helper", "not-a-url-question"):
        pytest.skip(expectations.NOT_A_URL_QUESTION)
    if case.case_id == "Find.t[all joined]":
        assert case.ours == joined_expectation(CASES)
        return
    expected, reason = our_expectation(case)
    assert case.ours == expected, f"peer expects {case.peer_expected!r}" + (
        f"; urlint differs: {reason}" if reason else ""
    )


@pytest.mark.skipif(not CASES, reason="../shared/peer-fixtures is not present")
def test_every_peer_suite_is_read() -> None:
    folders = {d.name for d in PEER_FIXTURES.iterdir() if d.is_dir()}
    assert folders == set(ADAPTERS)
    assert all(any(True for _ in make()) for make in ADAPTERS.values())
    assert len(CASES) >= 800  # 8 suites: 155 + 155 + 170 + 19 + 49 + 40 + 288 + 65 cases


@pytest.mark.skipif(not CASES, reason="../shared/peer-fixtures is not present")
def test_every_override_is_used() -> None:
    """A deviation that no case reaches is stale: the peer's data or urlint changed."""
    used = {(FAMILY.get(c.peer, c.peer), key) for c in CASES for key in (c.text, c.case_id)}
    assert set(expectations.OVERRIDES) - used == set()
