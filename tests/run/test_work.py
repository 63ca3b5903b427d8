"""The most worker processes a pool of this machine starts (run/work.py's most_jobs):
twice the cores, or URLINT_MAX_JOBS where a user sets it."""

from __future__ import annotations

import pytest

from urlint.core.exits import ConfigError
from urlint.run import work


@pytest.mark.parametrize(("cores", "most"), [(1, 2), (2, 4), (64, 128)])
def test_by_default_twice_the_cores(monkeypatch, cores, most):
    monkeypatch.delenv("URLINT_MAX_JOBS", raising=False)
    monkeypatch.setattr(work, "core_count", lambda: cores)
    assert work.most_jobs() == (
        most,
        f"{most}, twice the cores here (URLINT_MAX_JOBS sets another limit)",
    )


@pytest.mark.parametrize(
    ("value", "most"), [("1", 1), ("300", 300), (" 16 ", 16), ("", 4), ("  ", 4)]
)
def test_urlint_max_jobs_sets_another_limit(monkeypatch, value, most):
    monkeypatch.setenv("URLINT_MAX_JOBS", value)
    monkeypatch.setattr(work, "core_count", lambda: 2)
    assert work.most_jobs()[0] == most
    if value.strip():
        assert work.most_jobs()[1] == f"URLINT_MAX_JOBS={most}"


@pytest.mark.parametrize("value", ["0", "-3", "many", "1e3", "2.5"])
def test_urlint_max_jobs_that_is_no_number_of_processes_is_a_configuration_error(
    monkeypatch, value
):
    monkeypatch.setenv("URLINT_MAX_JOBS", value)
    with pytest.raises(ConfigError) as raised:
        work.most_jobs()
    assert str(raised.value) == (
        f"URLINT_MAX_JOBS: {value!r} is not a number of processes (1 or more)"
    )
