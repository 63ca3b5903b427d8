"""The `urlint` command in a process of its own.

The `urlint` script (pyproject.toml's `[project.scripts]`) runs it, and `python -m urlint`
where no script is on the PATH (a virtualenv not activated, a checkout run in place). A
program or a test that runs the command inside its own process calls
`urlint.commands.cli.main`, which leaves its garbage collector and its ending as they are
(the command's own process skips the interpreter's teardown: _runtime/garbage.py)."""

import sys

from . import _runtime


def run() -> None:
    """Run `urlint` with the process's arguments, and exit with its status."""
    _runtime.find_own_modules()  # before the others of urlint's modules load
    from ._runtime import config_cache, garbage, patterns

    garbage.defer()  # before the command's modules load (garbage.py)
    try:
        patterns.load_compiled()  # before the modules that compile them load
        config_cache.enable()
        _argparse_without_gettext()
        from .commands.cli import main

        status = main()
    except KeyboardInterrupt:  # before the command's own catching: as loading, or parsing
        status = 130  # as a shell reports SIGINT (cli.main's own code for it)
    garbage.leave(status, run)  # ends the process here, but where it must exit as ever
    sys.exit(status)


def _argparse_without_gettext() -> None:
    """Import argparse with urlint._runtime.untranslated standing in for gettext.

    gettext is then never loaded, which a hook's start-up saves (untranslated.py). Only
    where neither is loaded yet; a later `import gettext` loads the real one."""
    if "argparse" in sys.modules or "gettext" in sys.modules:
        return
    from ._runtime import untranslated

    sys.modules["gettext"] = untranslated
    try:
        import argparse  # noqa: F401  # what cli.py loads next, loaded here without gettext
    finally:
        del sys.modules["gettext"]


if __name__ == "__main__":
    run()
