"""Execution: a run's inputs planned, worked on an engine, and merged back in serial order.

The inputs are planned into units of work, worked in this process, a pool of
processes or on a Dask cluster, and merged back into the serial order; the progress line;
the flat wire format results travel in. It knows what to do with a unit only through the
work function a command hands it (lint a unit, format its lines).

Its modules' order, top to bottom, is pyproject.toml's import contract (docs/design/modules.md
shows it)."""
