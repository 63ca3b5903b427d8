"""Whether a report is coloured: `--color`, FORCE_COLOR, NO_COLOR and the terminal.

What each says, in the order it wins:

- `--color always` and `--color never` win over both variables: a flag given for this one
  run says more than an environment set for every program (no-color.org: "user-level
  configuration files and per-instance command-line arguments should override $NO_COLOR").
- NO_COLOR (no-color.org): set to a value that is not empty, whatever the value, it turns
  colour off. An empty value counts as unset.
- FORCE_COLOR (force-color.org): set to a value that is not empty, whatever the value
  ("0" and "false" too), it turns colour on where the output is not a terminal. An empty
  value counts as unset.
- Both set: NO_COLOR wins, as it does for Python's own coloured output (`_colorize`, 3.13):
  text with no colour codes reads right everywhere, a report with codes in it does not.
- Otherwise (`--color auto`, the default): colour on a terminal only.
"""

from __future__ import annotations

from collections.abc import Mapping

COLOR_CHOICES = ("auto", "always", "never")


def use_colour(choice: str, is_terminal: bool, environ: Mapping[str, str]) -> bool:
    """Whether to colour the report: `--color`'s `choice`, whether the report goes to a
    terminal, and the environment's NO_COLOR and FORCE_COLOR.

    `choice` is one of COLOR_CHOICES (anything else is read as "auto")."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return is_terminal


__all__ = ["COLOR_CHOICES", "use_colour"]
