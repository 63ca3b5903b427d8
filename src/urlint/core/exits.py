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
