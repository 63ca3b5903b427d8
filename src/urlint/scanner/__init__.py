"""The scanner layer: text in, URL candidates out (RFC 1738 appendix). No I/O.

Its modules' order, top to bottom, is pyproject.toml's import contract (docs/design/modules.md
shows it)."""
