"""Start-up tuning of the `urlint` command's own process, kept apart from the domain code.

A pre-commit hook starts urlint for every commit, so start-up is most of its run
(bench/latency.py). Each module here buys back a measured part of it and says what it
measured: the garbage collector held off (`garbage`), freed memory kept (`heap`), argparse's
words without gettext (`untranslated`), patterns compiled on first use or loaded compiled
(`patterns`, `compiled_patterns`), parsed configuration files cached (`config_cache`).
The domain code asks these modules for a service and never depends on how they do it.

One idiom serves the whole package in place of `typing.TYPE_CHECKING`: a module writes
`TYPE_CHECKING = False` and then `if TYPE_CHECKING:` around the imports only annotations
need. Type checkers treat a name `TYPE_CHECKING` as true whatever it is bound to; at run
time the block is skipped without importing `typing`, which a hook's start-up would pay
for. Such an import is still an arrow of the design, and may point only down the layers
(docs/design/architecture.md).
"""
