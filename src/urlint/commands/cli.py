"""`urlint`'s main and its parser: the arguments parsed, the subcommand run, its exit status.

The parser is built from each subcommand's own parser-adder; argparse's help is written at
the terminal's width, its usage errors masked as every output masks.

Exit codes (a public contract, docs/design/finding-urls.md): 0 done (`extract`: a URL
found), 1 findings (`check`) or no URL found (`extract`, as grep), 2 usage error,
configuration error, an input that could not be read, a walk that found no file to read
(`check`, `extract`: options.read_nothing), or an internal error.

`python -m urlint.commands.cli` runs it as `urlint` does, in a process of its own.
"""

from __future__ import annotations

import argparse
import io
import sys

from .._runtime import heap, untranslated
from ..core.exits import EXIT_ERROR, EXIT_OK, OutputUnwritable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from .options import Subcommands

PROG = "urlint"
# The subcommands, in the order `urlint --help` lists them.
COMMANDS = ("extract", "check", "scan", "report", "rules", "rule", "baseline", "server")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, asking for the terminal's width only when it writes.

    It writes help, usage or an error. argparse makes a formatter for every option it
    adds, to check it, and asking costs an import of shutil (bz2 and lzma with it) a run
    never needs."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)  # a stand-in until format_help asks

    def format_help(self) -> str:
        """The help, at the width argparse takes from the terminal."""
        sized = argparse.HelpFormatter(self._prog)  # the width argparse takes
        self._width, self._max_help_position = sized._width, sized._max_help_position
        return super().format_help()


class Parser(argparse.ArgumentParser):
    """argparse's parser, its help written by HelpFormatter.

    A subcommand's parser is of this class too: argparse makes it of its parent's."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(formatter_class=HelpFormatter, **kwargs)

    def error(self, message: str) -> NoReturn:
        """A usage error, a password in it masked.

        argparse quotes the argument it could not use, which may be a URL with a password
        (section 6), masked here as every output masks one."""
        from ..grammar.display import shown

        super().error(shown(message))


class _Version(argparse.Action):
    """--version: prints urlint's version and exits, as argparse's own action does.

    The version is read when asked for, not while the parser is built for every run."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        help = "show program's version number and exit"
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from ..core.version import __version__

        try:
            sys.stdout.write(f"urlint {__version__} ({_build()})\n")
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
        except (OSError, AttributeError) as error:  # a full disk; closed (stdout None)
            _silence_stdout()
            reason = error.strerror if isinstance(error, OSError) else "it is closed"
            parser.exit(EXIT_ERROR, f"urlint: standard output: cannot write: {reason}\n")
        parser.exit()


def _build() -> str:
    """Which of urlint's builds runs: "pure Python", or "compiled: " and the compilers whose
    code runs (setup.py: "cython", the scanner's fast path, unless URLINT_PURE=1 turns it
    off; "mypyc", the hot path's modules)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from ..scanner import scanner

    compilers = ["cython"] if scanner.fast_lane() is not None else []
    if (scanner.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES)):
        compilers.append("mypyc")
    return f"compiled: {', '.join(compilers)}" if compilers else "pure Python"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every subcommand's, or only `command`'s.

    Given the command about to run, only its subcommand is built (argparse spends
    milliseconds per option, and a pre-commit hook starts often)."""
    parser = Parser(
        prog=PROG,
        description=(
            "Find every URL in plain text, rejoin URLs broken across lines (RFC 1738 appendix), "
            "and lint them against RFC 1738."
        ),
    )
    parser.add_argument("--version", action=_Version)
    # prog given: argparse would format the parser's usage to make it ("urlint")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog=PROG)
    for name in COMMANDS:
        if command in (None, name):
            _add_subparser(commands, name)
    return parser


def _add_subparser(commands: Subcommands, name: str) -> None:
    """The subcommand `name` added by its own module, the only one imported for it."""
    if name == "extract":
        from .extract import add_extract_parser

        add_extract_parser(commands)
    elif name == "check":
        from .check import add_check_parser

        add_check_parser(commands)
    elif name == "scan":
        from .scan import add_scan_parser

        add_scan_parser(commands)
    elif name == "report":
        from .report import add_report_parser

        add_report_parser(commands)
    elif name == "rules":
        from .rules import add_rules_parser

        add_rules_parser(commands)
    elif name == "baseline":
        from .baseline import add_baseline_parser

        add_baseline_parser(commands)
    elif name == "server":
        from .server import add_server_parser

        add_server_parser(commands)
    else:
        from .rules import add_rule_parser

        add_rule_parser(commands)


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
    out = io.TextIOWrapper(_StandardOutput(), encoding="utf-8", errors="replace")
    try:
        status = _run(args, out, parser)
        out.flush()
        return status
    except BrokenPipeError:
        # The reader went away (`urlint extract | head`): stop quietly, as grep does.
        _silence_stdout()
        return EXIT_OK
    except OutputUnwritable as error:
        return _unwritable(error)
    except KeyboardInterrupt:
        return 130
    finally:
        try:
            out.detach()  # flushes first: only what an error above left unwritten
        except (BrokenPipeError, ValueError, OutputUnwritable):
            _silence_stdout()


class _StandardOutput(io.BufferedIOBase):
    """The process's standard output in bytes, whose write errors say they are the output's.

    A write that fails raises OutputUnwritable (core/exits.py), which `main` says. A broken
    pipe stays a BrokenPipeError (the reader went away: a quiet stop). Standard output closed
    at start (`urlint ... >&-`) is that error at the first write: `scan`, which writes none,
    still runs."""

    def __init__(self) -> None:
        super().__init__()
        self.binary = sys.stdout.buffer if sys.stdout is not None else None

    @property
    def name(self) -> str:
        return "<stdout>"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.binary is not None and self.binary.isatty()

    def fileno(self) -> int:
        if self.binary is None:
            raise OutputUnwritable("it is closed")
        return self.binary.fileno()

    def write(self, data: Any, /) -> int:
        if self.binary is None:
            raise OutputUnwritable("it is closed")
        try:
            return self.binary.write(data)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputUnwritable(error.strerror or str(error)) from None

    def flush(self) -> None:
        if self.binary is None:
            return
        try:
            self.binary.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputUnwritable(error.strerror or str(error)) from None


def _unwritable(error: OutputUnwritable) -> int:
    """Say once that the output could not be written; the exit status of a fault."""
    from ..grammar.display import shown

    if error.where == "standard output":
        _silence_stdout()  # what stayed in its buffer is not tried again at exit
    print(f"urlint: {shown(error.where)}: cannot write: {error}", file=sys.stderr)
    return EXIT_ERROR


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
    if args.command == "baseline":
        from .baseline import run_baseline

        return run_baseline(args, out)
    if args.command == "server":
        from .server import run_server

        return run_server(args)
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
    except (OSError, ValueError, AttributeError):  # not a file, or closed (None)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
