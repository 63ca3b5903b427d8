"""The `urlint` command: its parser, the options the subcommands share, and one module per
subcommand (extract, check, scan, report), each wiring sources, the runner, the linter and
the output formats together."""
