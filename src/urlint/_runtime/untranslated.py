"""argparse's words as written, in place of gettext's translations.

What the `urlint` command's process gives argparse for gettext's `gettext` and `ngettext`
(the only two it takes from there).

argparse asks gettext for each of its words (headings, -h's help, its errors) as it builds a
parser, and gettext searches the locale directories for a catalogue every time; CPython
ships none for argparse, so the answer is always the words as written, as here. Importing
gettext at all costs a pre-commit hook's start-up a measurable part (the module, and the
plural-forms tokenizer it compiles: bench/latency.py), so the command's process lets argparse
import this module in its place (`__main__.run`), and any process's parsers use these words
(`commands.cli.main`). urlint's own messages are English.
"""

from __future__ import annotations


def gettext(message: str) -> str:
    """The message as written: there is no catalogue to translate it from."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular as written when `count` is 1, else the plural (English's plural rule)."""
    return singular if count == 1 else plural
