"""Settings every test runs under."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def strict_mail_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """URLINT_STRICT: a fault in the fast mail reader raises instead of falling back to the
    stdlib parser (mail/message.py, read_message), so that it fails the test that met it.
    A test of the fallback itself unsets it (tests/test_mail_fallback.py)."""
    monkeypatch.setenv("URLINT_STRICT", "1")
