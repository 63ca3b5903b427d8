"""setup.py's build: which commands compile mypyc's modules, and mypyc's group built all or
none where a C build fails (a module's extension without the group's shared library would
fail to import)."""

from __future__ import annotations

import importlib.util
import shutil
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10: tomli, a dependency there
    import tomli as tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]

from ..helpers import REPO


def _setup_py(monkeypatch, mode: str = "") -> ModuleType:
    """setup.py as a module, URLINT_COMPILE=`mode`, setup() not called."""
    monkeypatch.setenv("URLINT_COMPILE", mode)
    spec = importlib.util.spec_from_file_location("urlint_setup", REPO / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("argv", "mode", "built"),
    [
        (["bdist_wheel"], "", ["mypyc", "cython"]),  # pip install . and a release's wheel
        (["bdist_wheel"], "1", ["mypyc", "cython"]),
        (["bdist_wheel"], "0", []),
        (["editable_wheel", "--dist-info-dir", "x"], "", ["cython"]),  # pip install -e .
        (["editable_wheel", "--dist-info-dir", "x"], "1", ["cython"]),
        (["build_ext", "--inplace"], "", ["cython"]),
        (["egg_info"], "", ["cython"]),  # pip asks for metadata: mypyc is not run for it
        (["sdist"], "", ["cython"]),
    ],
)
def test_mypyc_compiles_only_a_build_that_is_not_in_place(monkeypatch, argv, mode, built):
    setup_py = _setup_py(monkeypatch, mode)
    given: list[list[str]] = []
    monkeypatch.setattr(setup_py, "mypyc_extensions", lambda: ["mypyc"])
    monkeypatch.setattr(setup_py, "cython_extensions", lambda: ["cython"])
    monkeypatch.setattr(setup_py, "setup", lambda ext_modules, cmdclass: given.append(ext_modules))
    monkeypatch.setattr("sys.argv", ["setup.py", *argv])
    setup_py.main()
    assert given == [built]


def _extension(setup_py: ModuleType, tmp_path: Path, name: str, *, broken: bool, group: bool):
    source = tmp_path / f"{name}.c"
    source.write_text("#error broken\n" if broken else f"int {name}_answer = 42;\n")
    extension = setup_py.Extension(name, [source.name], optional=True)
    extension.build_group = ("mypyc", "the hot path") if group else None
    return extension


@pytest.mark.slow
@pytest.mark.parametrize("broken", ["group_b", "alone"])
def test_mypycs_group_is_built_all_or_none(monkeypatch, tmp_path, capsys, broken):
    if shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is None:
        pytest.skip("no C compiler")
    setup_py = _setup_py(monkeypatch)
    monkeypatch.chdir(tmp_path)
    from setuptools.dist import Distribution

    extensions = [
        _extension(setup_py, tmp_path, "group_a", broken=False, group=True),
        _extension(setup_py, tmp_path, "group_b", broken=broken == "group_b", group=True),
        _extension(setup_py, tmp_path, "alone", broken=broken == "alone", group=False),
    ]
    command = setup_py.BuildExt(Distribution({"name": "t", "ext_modules": extensions}))
    command.build_lib, command.build_temp = str(tmp_path / "lib"), str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()
    left = sorted(path.name.split(".")[0] for path in (tmp_path / "lib").glob("*"))
    said = capsys.readouterr().err
    if broken == "group_b":
        assert left == ["alone"]
        assert "a mypyc extension failed to build: the hot path runs as Python" in said
    else:
        assert left == ["group_a", "group_b"]
        assert "mypyc" not in said


def test_the_build_compiles_with_the_mypy_the_tests_type_check_with():
    # mypyc is mypy's: one mypy accepts the source, and the same compiles it
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    build = [r for r in project["build-system"]["requires"] if r.startswith("mypy")]
    test = [r for r in project["project"]["optional-dependencies"]["test"] if r.startswith("mypy")]
    assert build == test == ["mypy==2.4.1"]
