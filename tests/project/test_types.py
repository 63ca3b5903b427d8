"""The package type-checks clean: `mypy src` with no error. The value classes
(`@record`) are typed for checkers by PEP 681's dataclass_transform (core/records.py)."""

from __future__ import annotations

import pytest

from ..helpers import REPO


def test_mypy_finds_no_error_in_src():
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")
    out, err, status = api.run(
        ["--no-error-summary", "--cache-dir", str(REPO / ".mypy_cache"), str(REPO / "src")]
    )
    assert (status, out, err) == (0, "", "")
