"""How a run ends: its exit status, as linters have it, and the error that ends it early.

0: no finding at or above `fail-on` (or `--exit-zero`); 1: findings; 2: a usage,
configuration, baseline or internal error, or (extract) an input not read to its end.
Its own module so that the CLI, the check command, the configuration and the baseline
all ask here, and none imports another for it.
"""

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


class ConfigError(Exception):
    """A configuration, selection or baseline the run cannot go on with (exit status 2)."""


class OutputUnwritable(Exception):
    """An output refused what was written: a full disk, an I/O error, or closed.

    `where`: the output, as the message names it (standard output, or `-o`'s file).

    It ends the run with one line and EXIT_ERROR: in `extract`'s grep contract exit 1 would
    say "no URL found". Not an OSError, so that no handler of an input's read errors takes
    it for one; a command's catch-all lets it through to the CLI's main, which says it."""

    def __init__(self, reason: str, where: str = "standard output") -> None:
        super().__init__(reason)
        self.where = where
