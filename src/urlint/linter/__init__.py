"""The linter: URLs in, findings out, by the rules of RFC 1738.

The rules (sections cited on each), the checker that runs them over a text's URLs, the
configuration, inline suppressions, the baseline, fixes and the source view an output
shows. It is handed texts and gives findings; it starts no process and prints nothing
(commands wire it to the runner and the output formats).

Its modules' order, top to bottom, is pyproject.toml's import contract (docs/design/modules.md
shows it)."""
