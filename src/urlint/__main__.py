"""`python -m urlint`: the `urlint` command (cli.py), where no `urlint` script is on the PATH
(a virtualenv not activated, a checkout run in place)."""

import sys

from .cli import main

sys.exit(main())
