"""The results store: what `urlint scan --store FILE` read, in one SQLite file.

Any SQLite tool opens it; incremental re-scans keep it up to date.

- `schema`: the tables (documented in docs/reference/store.md), the schema
  version and its migrations;
- `rows`: what a worker makes of a unit's scanned texts: flat rows, masked (the store
  holds no password, like every other output);
- `inventory`: which inputs changed since the last scan, and what to read of them;
- `writer`: the one writer: a batch of units a transaction, in WAL mode, so a run killed at
  any moment and run again ends as an uninterrupted run would;
- `scan`: `urlint scan`, the command that joins them.

Nothing here is imported on the pre-commit path (`urlint check`).
"""
