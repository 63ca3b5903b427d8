"""The pool engines that work a run's units: a pool of forked processes (`forked`) and the
workers of a Dask cluster (`dask`, imported only when chosen). Their names are core.engines'."""
