"""Settings every test runs under (the markers that pick out the slow kinds of test sit on
the tests themselves: pyproject.toml lists them, CONTRIBUTING.md the tiers they make)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from .helpers import examples

# Property tests judge what a function gives, never how long it took: hypothesis's default
# deadline (200 ms an example) failed a test under load (a busy CI machine, `-n auto`
# beside other jobs), so every test runs without one. And each draws the same examples run
# after run (derandomize: its seed is the test's own), so a run fails only on what changed
# since the last, never on a rare example met by chance that day; the slow tier draws
# 10,000 an example where the quick one draws hundreds. A test may still ask for its own,
# through helpers.examples: the quick tier draws a quarter of what it asks (and of
# hypothesis's 100 where it asks for none), URLINT_THOROUGH=1 all of it.
settings.register_profile("urlint", deadline=None, derandomize=True, max_examples=examples(100))
settings.load_profile("urlint")


@pytest.fixture(autouse=True)
def strict_mail_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """URLINT_STRICT: a fault in the fast mail reader raises instead of falling back to the
    stdlib parser (urlint/mail/message.py, read_message), so that it fails the test that met it.
    A test of the fallback itself unsets it (tests/mail/test_fallback.py)."""
    monkeypatch.setenv("URLINT_STRICT", "1")


@pytest.fixture(scope="session")
def _cache_directory(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("urlint-cache"))


@pytest.fixture(autouse=True)
def cache_of_the_run(monkeypatch: pytest.MonkeyPatch, _cache_directory: str) -> None:
    """The command's processes a test starts keep their parsed configurations here, not in
    the user's cache directory (urlint/_runtime/config_cache.py)."""
    monkeypatch.setenv("URLINT_CACHE_DIR", _cache_directory)
