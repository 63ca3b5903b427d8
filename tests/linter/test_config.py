"""The settings: per-file-ignores matched for a path, the options that choose files
(linter.config)."""

from __future__ import annotations

import inspect

import pytest

from urlint.linter.config import (
    _SELECTION_OPTIONS,
    OPTIONS,
    build_settings,
    covered,
    file_selection,
)
from urlint.sources.selection import Selection


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


def test_the_options_that_choose_files_are_file_selections_keywords():
    parameters = inspect.signature(file_selection).parameters.values()
    keywords = {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert _SELECTION_OPTIONS == keywords - {"source"}
    assert _SELECTION_OPTIONS <= {option.name for option in OPTIONS}


def test_build_settings_passes_the_file_options_on_and_refuses_others():
    settings = build_settings({"exclude": ["a/"]}, extend_exclude=["b/"], globs=["*.md"])
    assert settings.selection == Selection(("a/", "b/"), globs=("*.md",))
    with pytest.raises(TypeError, match=r"^build_settings\(\) got unexpected options: colour$"):
        build_settings({}, colour=True)
