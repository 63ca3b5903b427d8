"""Start-up tuning of the `urlint` command's own process, kept apart from the domain code.

A pre-commit hook starts urlint for every commit, so start-up is most of its run
(bench/latency.py). Each module here buys back a measured part of it and says what it
measured: the garbage collector held off (`garbage`), freed memory kept (`heap`), argparse's
words without gettext (`untranslated`), patterns compiled on first use or loaded compiled
(`patterns`, `compiled_patterns`), parsed configuration files cached (`config_cache`),
records' constructors written once, not compiled from text (`named_tuples`), and urlint's
own modules found without the import system's search (`find_own_modules`, below: here,
not in a module of its own, since loading a module is what it saves).
The domain code asks these modules for a service and never depends on how they do it.

One idiom serves the whole package in place of `typing.TYPE_CHECKING`: a module writes
`TYPE_CHECKING = False` and then `if TYPE_CHECKING:` around the imports only annotations
need. Type checkers treat a name `TYPE_CHECKING` as true whatever it is bound to; at run
time the block is skipped without importing `typing`, which a hook's start-up would pay
for. Such an import is still an arrow of the design, and may point only down the layers
(docs/design/architecture.md).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from importlib.abc import Loader
    from importlib.machinery import ModuleSpec
    from types import ModuleType


def find_own_modules() -> None:
    """Find urlint's modules from their package's listing, ahead of the import system.

    A hook's run imports some 70 of urlint's modules, and the import system asks each of its
    finders for each of them, down to the one that searches the package's directory, all
    in Python (importlib's: a measured share of a hook's run, docs/design/performance.md,
    "Figures the code's choices rest on"). `_OwnModules` answers at once for a plain
    source module or package of urlint and leaves everything else to the import system:
    what it finds is the spec that search would find (the same loader, file, cached file
    and package path). Only the command's process asks (`__main__.run`).

    Its classes are those that loaded this package (importlib itself is not loaded by a
    hook's run, and importing it would cost half what the finder saves): a source
    install's, where that is importlib's SourceFileLoader; any other install (a zip, a
    frozen application) is the import system's alone, as is a Python without `_imp`."""
    loader = __spec__.loader
    if (
        loader is None
        or type(loader).__name__ != "SourceFileLoader"
        or any(isinstance(finder, _OwnModules) for finder in sys.meta_path)
    ):
        return
    try:
        from _imp import extension_suffixes  # importlib.machinery.EXTENSION_SUFFIXES's
    except ImportError:
        return
    package = __name__.rpartition(".")[0]
    finder = _OwnModules(package, type(__spec__), type(loader), extension_suffixes())
    sys.meta_path.insert(0, finder)


class _OwnModules:
    """A finder (importlib.abc.MetaPathFinder) of the modules of `package`, read from each
    package directory's listing, listed again when the directory changes (its mtime, as
    the import system's own finder does: a long-running `urlint server` upgraded in place).

    It answers only where that listing leaves one reading: a `NAME.py` and nothing else of
    that NAME (no extension module, which the import system would load first, as a build
    compiled by mypyc has; no directory); or a directory whose `__init__.py` is so. Any
    other name is the import system's. Where the interpreter keeps its compiled files
    elsewhere (PYTHONPYCACHEPREFIX) or optimises (-O), the spec's cached file is left for
    the import system to name."""

    def __init__(
        self,
        package: str,
        spec: type[ModuleSpec],
        loader: Callable[..., Loader],  # called (fullname, path), as SourceFileLoader is
        extensions: list[str],
    ) -> None:
        self._prefix = package + "."
        self._made_spec, self._loader = spec, loader
        self._extensions = frozenset(extensions)  # each an extension module's NAME.SUFFIX
        self._sources: dict[str, tuple[float, frozenset[str]]] = {}  # by mtime, as listed
        tag = sys.implementation.cache_tag
        plain = tag is not None and sys.pycache_prefix is None and not sys.flags.optimize
        # what importlib.util.cache_from_source appends to a source's directory and name
        self._compiled = f"{os.sep}__pycache__{os.sep}%s.{tag}.pyc" if plain else None

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of urlint's module `fullname` in the package directory `path`, or None."""
        if path is None or len(path) != 1 or not fullname.startswith(self._prefix):
            return None
        directory = path[0]
        name = fullname.rpartition(".")[2]
        if name in self._sources_in(directory):
            spec = self._spec(fullname, directory, name)
        else:
            inside = directory + os.sep + name
            if "__init__" not in self._sources_in(inside):
                return None
            spec = self._spec(fullname, inside, "__init__")
            spec.submodule_search_locations = [inside]
        return spec

    def _spec(self, fullname: str, directory: str, name: str) -> ModuleSpec:
        origin = directory + os.sep + name + ".py"
        spec = self._made_spec(fullname, self._loader(fullname, origin), origin=origin)
        spec.has_location = True
        if self._compiled is not None:
            spec.cached = directory + self._compiled % name
        return spec

    def _sources_in(self, directory: str) -> frozenset[str]:
        """The names of `directory`'s plain source modules: each NAME.py with no extension
        module NAME.SUFFIX and no directory NAME beside it."""
        try:
            mtime = os.stat(directory).st_mtime
            listed = self._sources.get(directory)
            if listed is not None and listed[0] == mtime:
                return listed[1]
            listing = os.listdir(directory)
        except OSError:  # no directory (a module's name), or none readable
            return frozenset()
        named, others = set(), set()
        for entry in listing:
            stem, dot, rest = entry.partition(".")
            if not dot:  # a directory: a package, or a namespace's part
                others.add(stem)
            elif rest == "py":
                named.add(stem)
            elif dot + rest in self._extensions:
                others.add(stem)
        sources = frozenset(named - others)
        self._sources[directory] = (mtime, sources)
        return sources

    def invalidate_caches(self) -> None:
        """Forget the listings (importlib.invalidate_caches asks each finder)."""
        self._sources.clear()
