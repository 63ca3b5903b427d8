"""The settings: per-file-ignores matched for a path (linter.config)."""

from __future__ import annotations

from urlint.linter.config import build_settings, covered


def test_per_file_ignores_give_a_paths_selectors_which_cover_codes_by_prefix():
    settings = build_settings(
        {"per-file-ignores": {"tests/**": ["S4"], "*.md": ["C202", "X"]}}, source="urlint.toml"
    )
    assert settings.ignores_in("tests/data/a.md") == ("S4", "C202", "X")
    assert settings.ignores_in("src/a.py") == ()
    ignores = settings.ignores_in("tests/data/a.md")
    assert [code for code in ("S401", "C202", "C201", "X105") if covered(code, ignores)] == [
        "S401",
        "C202",
        "X105",
    ]
    assert settings.ignored_in("docs/a.md", "C202") and not settings.ignored_in("a.txt", "C202")
