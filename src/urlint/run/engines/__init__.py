"""The pool engines that work a run's units: forked processes, or a Dask cluster's workers.

A pool of processes forked from the run's (`forked`), and the workers of a Dask cluster
(`dask`, imported only when chosen). Their names are core.engines'."""
