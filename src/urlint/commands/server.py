"""`urlint server`: the language server, over standard input and output.

The server (server/lsp.py) needs pygls, an optional extra (`pip install 'urlint[server]'`):
it is imported here only when the command runs, so that no other command, and no
`import urlint`, pays for it."""

from __future__ import annotations

import sys

from ..core.exits import EXIT_ERROR

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from .options import Subcommands

SERVER_INSTALL = "pip install 'urlint[server]'"


def add_server_parser(commands: Subcommands) -> None:
    """`urlint server`: its arguments (none)."""
    commands.add_parser(
        "server",
        help="run the language server (LSP) over standard input and output, for editors",
        description=(
            "Run urlint's language server over standard input and output: the findings of "
            "`urlint check` in an editor as a document changes, its fixes and ignore "
            "comments as code actions, a rule's page on hover. An editor starts it (see the "
            f"editors guide). Needs pygls: {SERVER_INSTALL}."
        ),
    )


def run_server(args: argparse.Namespace) -> int:
    """Serve until the client ends the session; the exit status.

    0 where the client shut the server down before it exited, 1 where it did not (as the
    protocol has them); 2 without pygls."""
    try:
        import pygls  # noqa: F401  # the extra's: told apart from a fault of the server's own
    except ImportError:
        print(f"urlint: the language server needs pygls: {SERVER_INSTALL}", file=sys.stderr)
        return EXIT_ERROR
    from .._runtime import garbage

    # A server lives long and makes garbage as it works: the collection the command's
    # process starts without (garbage.defer) resumes now.
    garbage.work_begins()
    from ..server.lsp import serve

    return serve()
