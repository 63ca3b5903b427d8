"""The `urlint` command in a process of its own: the `urlint` script (pyproject.toml's
`[project.scripts]`) and `python -m urlint`, where no script is on the PATH (a
virtualenv not activated, a checkout run in place). A program or a test that runs the
command inside its own process calls `cli.main`, which leaves its garbage collector as it
is."""

import sys

from . import garbage


def run() -> None:
    garbage.defer()  # before the command's modules load (garbage.py)
    from .cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()
