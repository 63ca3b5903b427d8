"""The `urlint` command: main, its parser, the arguments and options the subcommands share.

One module per subcommand (extract, check, scan, report, rules, baseline) holds its arguments and
its run, which wires sources, the runner, the linter and the output formats together.
The work each hands the runner is work/'s; the modules' order, top to bottom, is
pyproject.toml's import contract (docs/design/modules.md shows it)."""
