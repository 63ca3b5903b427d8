"""_runtime.find_own_modules: urlint's modules found from their package's listing, with the
very spec the import system's own search finds, and everything else left to that search."""

from __future__ import annotations

import importlib.util
import os
import pkgutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, SourceFileLoader

import pytest

import urlint
from urlint._runtime import _OwnModules


def _finder(package):
    """The finder as the command's process makes it (find_own_modules)."""
    return _OwnModules(package, ModuleSpec, SourceFileLoader, EXTENSION_SUFFIXES)


def _described(spec):
    """What of a spec the module is made from (and a program may read)."""
    return (
        spec.name,
        type(spec.loader),
        spec.loader.name,
        spec.loader.path,
        spec.origin,
        spec.cached,
        spec.submodule_search_locations,
        spec.has_location,
        spec.parent,
    )


def _every_module():
    yield "urlint"
    for found in pkgutil.walk_packages(urlint.__path__, "urlint."):
        yield found.name


def test_each_of_urlints_modules_gets_the_spec_the_import_system_finds():
    finder = _finder("urlint")
    compared = 0
    for name in _every_module():
        parent = name.rpartition(".")[0]
        if not parent:
            continue
        path = sys.modules[parent].__path__ if parent in sys.modules else None
        if path is None:
            importlib.import_module(parent)
            path = sys.modules[parent].__path__
        theirs = importlib.util.find_spec(name)
        mine = finder.find_spec(name, list(path))
        if isinstance(theirs.loader, SourceFileLoader):
            assert mine is not None, name
            assert _described(mine) == _described(theirs), name
            compared += 1
        else:  # an extension module (a build compiled by mypyc): the import system's
            assert mine is None, name
    assert compared > 100  # urlint's modules, its packages among them


@pytest.fixture
def package(tmp_path):
    """A package directory holding each kind of entry a name may have."""
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "plain.py").write_text("")
    (root / "built.py").write_text("")
    (root / f"built{EXTENSION_SUFFIXES[0]}").write_bytes(b"")  # as mypyc's build has it
    (root / "sub").mkdir()
    (root / "sub" / "__init__.py").write_text("")
    (root / "both.py").write_text("")  # a module and a package of one name: the package's
    (root / "both").mkdir()
    (root / "both" / "__init__.py").write_text("")
    (root / "spaced").mkdir()  # a namespace: no __init__.py
    (root / "spaced.py").write_text("")
    (root / "legacy.pyc").write_bytes(b"")
    return str(root)


def test_a_plain_source_module_is_found_with_its_compiled_file(package):
    spec = _finder("pkg").find_spec("pkg.plain", [package])
    assert spec.origin == os.path.join(package, "plain.py")
    assert spec.cached == importlib.util.cache_from_source(spec.origin)
    assert spec.submodule_search_locations is None
    assert (spec.loader.name, spec.loader.path) == ("pkg.plain", spec.origin)


@pytest.mark.parametrize("name", ["sub", "both"])
def test_a_package_is_found_as_a_package(package, name):
    spec = _finder("pkg").find_spec(f"pkg.{name}", [package])
    inside = os.path.join(package, name)
    assert spec.origin == os.path.join(inside, "__init__.py")
    assert spec.submodule_search_locations == [inside]
    assert spec.cached == importlib.util.cache_from_source(spec.origin)


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("pkg.built", "package"),  # an extension module beside it: loaded first by the system
        ("pkg.spaced", "package"),  # a namespace directory beside it
        ("pkg.legacy", "package"),  # a compiled file without its source
        ("pkg.missing", "package"),
        ("other.plain", "package"),  # not the package's
        ("pkg.plain", None),  # a top-level search
        ("pkg.plain", "two"),  # a package spread over two directories
    ],
)
def test_everything_else_is_left_to_the_import_system(package, name, path):
    paths = {"package": [package], None: None, "two": [package, package]}
    assert _finder("pkg").find_spec(name, paths[path]) is None


def _changed_within_the_mtimes_grain(package: str, removed: tuple[str, ...] = ()) -> float:
    """`late.py` added to `package` (and `removed` taken out) after a finder listed it, its
    mtime set back as a change within the same grain leaves it; that mtime."""
    moment = os.stat(package).st_mtime
    with open(os.path.join(package, "late.py"), "w") as handle:
        handle.write("")
    for name in removed:
        os.remove(os.path.join(package, name))
    os.utime(package, (moment, moment))
    return moment


def test_the_listing_is_read_again_when_the_directory_changes(package):
    # As the import system's own finder: a long-running `urlint server` upgraded in place.
    finder = _finder("pkg")
    assert finder.find_spec("pkg.late", [package]) is None
    moment = _changed_within_the_mtimes_grain(package, removed=("plain.py",))
    assert finder.find_spec("pkg.late", [package]) is None  # not seen: the same mtime
    assert finder.find_spec("pkg.plain", [package]) is not None
    os.utime(package, (moment + 10, moment + 10))
    assert finder.find_spec("pkg.late", [package]).origin == os.path.join(package, "late.py")
    assert finder.find_spec("pkg.plain", [package]) is None


def test_the_listing_is_read_again_after_invalidate_caches(package):
    finder = _finder("pkg")
    assert finder.find_spec("pkg.late", [package]) is None
    _changed_within_the_mtimes_grain(package)
    assert finder.find_spec("pkg.late", [package]) is None  # the listing is kept
    finder.invalidate_caches()
    assert finder.find_spec("pkg.late", [package]).origin == os.path.join(package, "late.py")


def test_where_compiled_files_are_kept_elsewhere_the_system_names_them(package, monkeypatch):
    monkeypatch.setattr(sys, "pycache_prefix", os.path.join(package, "elsewhere"))
    spec = _finder("pkg").find_spec("pkg.plain", [package])
    assert spec.cached == importlib.util.cache_from_source(spec.origin)
    assert spec.cached.startswith(os.path.join(package, "elsewhere"))


@pytest.mark.processes
def test_the_commands_process_finds_its_modules_so_and_a_library_never_does():
    probe = (
        "import sys\n"
        "from urlint._runtime import _OwnModules\n"
        "import urlint.linter.checker\n"
        "print(any(isinstance(f, _OwnModules) for f in sys.meta_path))\n"
        "sys.argv = ['urlint', 'rules', '--format', 'json']\n"
        "import atexit\n"
        "def ended():\n"
        "    from importlib.machinery import SourceFileLoader\n"
        "    near = sys.modules['urlint.linter.rules.near']\n"
        "    print(type(sys.meta_path[0]).__name__, near.__file__, file=sys.stderr)\n"
        "    print(isinstance(near.__loader__, SourceFileLoader), file=sys.stderr)\n"
        "    rules = sys.modules['urlint.linter.rules'].__path__\n"
        "    answer = sys.meta_path[0].find_spec('urlint.linter.rules.near', rules)\n"
        "    print(answer.origin == near.__file__, file=sys.stderr)\n"
        "atexit.register(ended)\n"
        "from urlint.__main__ import run\n"
        "run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "False"  # imported as a library: no finder
    # installed first, and answering for urlint's modules: where a Python stops giving what
    # it leans on (_imp, SourceFileLoader), the command falls back silently, and this fails
    finder_name, near_file, by_source_loader, answers = done.stderr.split()
    assert (finder_name, by_source_loader, answers) == ("_OwnModules", "True", "True")
    assert near_file == os.path.join(os.path.dirname(urlint.__file__), "linter", "rules", "near.py")
