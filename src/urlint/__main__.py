"""The `urlint` command in a process of its own: the `urlint` script (pyproject.toml's
`[project.scripts]`) and `python -m urlint`, where no script is on the PATH (a
virtualenv not activated, a checkout run in place). A program or a test that runs the
command inside its own process calls `cli.main`, which leaves its garbage collector as it
is."""

import sys

from . import garbage


def run() -> None:
    garbage.defer()  # before the command's modules load (garbage.py)
    try:
        from .cli import main

        status = main()
    except KeyboardInterrupt:  # before the command's own catching: as loading, or parsing
        status = 130  # as a shell reports SIGINT (cli.main's own code for it)
    sys.exit(status)


if __name__ == "__main__":
    run()
