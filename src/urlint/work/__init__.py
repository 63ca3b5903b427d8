"""Units of work: what each command hands the runner to do with a unit, and how it is placed.

A run plans its inputs into units (run/plan.py) and works them on an engine (run/); what a
worker does with a unit is one of these functions: `extract`'s URL lines (work/extract.py),
`check`'s findings (work/check.py), the library's packed URLs (work/scan.py), each with the
function that places a range's results in its file. The commands and the library face run
the same ones, so the same code makes the same output on one process, several or a Dask
cluster."""
