"""What the option tests of the commands share: a project with hidden files and not."""

from __future__ import annotations

import pytest

from ..helpers import BAD


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A working directory with its own (empty) configuration, holding files hidden and not,
    each with one URL that has a finding (BAD, in a comment)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    for name in ("a.py", "b.txt", ".env", ".github/ci.yml", "src/c.py", "src/.cache/d.py"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {BAD}")
    return tmp_path
