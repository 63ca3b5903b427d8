"""Colour: `--color`, NO_COLOR (no-color.org) and FORCE_COLOR (force-color.org), and the
terminal."""

from __future__ import annotations

import itertools

import pytest

from urlint.output.check import COLOR_CHOICES, use_colour

UNSET = None


def environ(no_color: str | None, force_color: str | None) -> dict[str, str]:
    env = {"TERM": "xterm", "PATH": "/usr/bin"}
    if no_color is not None:
        env["NO_COLOR"] = no_color
    if force_color is not None:
        env["FORCE_COLOR"] = force_color
    return env


@pytest.mark.parametrize(
    ("choice", "terminal", "no_color", "force_color", "coloured"),
    [
        # auto: a terminal colours, a pipe or file does not
        ("auto", True, UNSET, UNSET, True),
        ("auto", False, UNSET, UNSET, False),
        # NO_COLOR set and not empty, whatever its value, turns colour off
        ("auto", True, "1", UNSET, False),
        ("auto", True, "0", UNSET, False),
        ("auto", True, "false", UNSET, False),
        # an empty NO_COLOR counts as unset
        ("auto", True, "", UNSET, True),
        ("auto", False, "", UNSET, False),
        # FORCE_COLOR set and not empty, whatever its value, colours a pipe
        ("auto", False, UNSET, "1", True),
        ("auto", False, UNSET, "0", True),
        ("auto", False, UNSET, "false", True),
        ("auto", True, UNSET, "3", True),
        # an empty FORCE_COLOR counts as unset
        ("auto", False, UNSET, "", False),
        ("auto", True, UNSET, "", True),
        # both set: NO_COLOR wins
        ("auto", True, "1", "1", False),
        ("auto", False, "1", "1", False),
        # one of them empty: the other decides
        ("auto", False, "", "1", True),
        ("auto", True, "1", "", False),
        ("auto", False, "", "", False),
        ("auto", True, "", "", True),
    ],
)
def test_auto_follows_the_variables_and_the_terminal(
    choice, terminal, no_color, force_color, coloured
):
    assert use_colour(choice, terminal, environ(no_color, force_color)) is coloured


VALUES = (UNSET, "", "1")


@pytest.mark.parametrize(
    ("terminal", "no_color", "force_color"),
    list(itertools.product((True, False), VALUES, VALUES)),
)
def test_always_and_never_win_over_both_variables_and_the_terminal(terminal, no_color, force_color):
    env = environ(no_color, force_color)
    assert use_colour("always", terminal, env) is True
    assert use_colour("never", terminal, env) is False


def test_the_choices_are_the_three_of_the_flag():
    assert COLOR_CHOICES == ("auto", "always", "never")
