"""`urlint`'s main: the arguments parsed, the subcommand run, its exit status returned.

Exit codes (a public contract, docs/design/finding-urls.md): 0 done (`extract`: a URL
found), 1 findings (`check`) or no URL found (`extract`, as grep), 2 usage error,
configuration error, an input that could not be read, or an internal error.

`python -m urlint.commands.cli` runs it as `urlint` does, in a process of its own.
"""

from __future__ import annotations

import argparse
import io
import sys

from .._runtime import heap, untranslated
from ..core.exits import EXIT_ERROR, EXIT_OK
from .parser import COMMANDS, build_parser

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run `urlint` with `argv` (the process's arguments when None); the exit status."""
    heap.allow()  # the CLI's process is urlint's own (heap.py)
    _argparse_in_english()
    arguments = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in arguments if not a.startswith("-")), None)
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    out = io.TextIOWrapper(
        sys.stdout.buffer, encoding="utf-8", errors="replace", write_through=False
    )
    try:
        return _run(args, out, parser)
    except BrokenPipeError:
        # The reader went away (`urlint extract | head`): stop quietly, as grep does.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    finally:
        try:
            out.flush()
            out.detach()
        except (BrokenPipeError, ValueError):
            _silence_stdout()


def _run(args: argparse.Namespace, out: io.TextIOWrapper, parser: argparse.ArgumentParser) -> int:
    """The subcommand `args.command` run; its exit status."""
    if args.command == "extract":
        from .extract import run_extract

        return run_extract(args, out, parser)
    if args.command == "check":
        from .check import run_check

        return run_check(args, out)
    if args.command == "scan":
        from .scan import run_scan

        return run_scan(args)
    if args.command == "report":
        from .report import run_report

        return run_report(args, out)
    if args.command == "rules":
        from .rules import run_rules

        return run_rules(args, out)
    if args.command == "rule":
        from .rules import run_rule

        return run_rule(args, out)
    return EXIT_ERROR  # pragma: no cover - argparse rejects unknown commands


def _argparse_in_english() -> None:
    """argparse's own words as written, looked up in no translation catalogue.

    However argparse was imported: a program calling `main` may have loaded gettext
    already."""
    argparse._ = untranslated.gettext  # type: ignore[attr-defined]  # argparse's gettext alias
    argparse.ngettext = untranslated.ngettext  # type: ignore[attr-defined]


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at devnull so the interpreter's final flush is quiet."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
