"""config_cache: a configuration read again unchanged is not parsed again, in the command's
own process; changed, it is read anew; a cache that cannot be used changes nothing."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.processes]

# The command as `urlint` runs it (__main__.run), saying at its end whether the TOML parser
# was loaded.
COMMAND = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('tomllib' in sys.modules, file=sys.stderr))\n"
    "sys.argv = ['urlint', *sys.argv[1:]]\n"
    "from urlint.__main__ import run\n"
    "run()\n"
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("URLINT_CACHE_DIR", str(tmp_path / "cache"))
    configured = '[project]\nname = "x"\n\n[tool.urlint]\nselect = ["C2"]\n'
    (tmp_path / "pyproject.toml").write_text(configured)
    (tmp_path / "notes.txt").write_text("see http://example.com/~fred/ and ftp://fred:pw@h/\n")
    return tmp_path


def check(project) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-c", COMMAND, "check", "notes.txt"],
        capture_output=True, text=True, cwd=project, check=False,
    )
    parser_loaded = result.stderr.splitlines()[-1]
    return result.returncode, result.stdout, parser_loaded


C202 = (
    "notes.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E\n"
)
FOUND = "Found 1 problem: 1 warning (1 fixable with --fix; target: RFC 1738).\n"


def test_a_configuration_read_again_unchanged_is_not_parsed_again(project):
    first = check(project)
    assert first == (0, C202 + FOUND, "True")
    assert check(project) == (*first[:2], "False")
    assert os.listdir(project / "cache") == ["parsed-config-1.marshal"]


def test_a_changed_configuration_is_read_anew(project):
    check(project)
    (project / "pyproject.toml").write_text('[tool.urlint]\nselect = ["P501"]\n')
    code, out, loaded = check(project)
    assert (code, loaded) == (1, "True")
    assert out.splitlines()[0] == (
        "notes.txt:1:46: P501 a password in the URL: never write one (section 6)"
    )


def test_a_damaged_cache_or_none_changes_nothing(project, monkeypatch):
    check(project)
    (project / "cache" / "parsed-config-1.marshal").write_bytes(b"\x00garbage")
    assert check(project)[:2] == (0, C202 + FOUND)
    kept = (project / "cache" / "parsed-config-1.marshal").read_bytes()
    monkeypatch.setenv("URLINT_CACHE_DIR", "")  # none kept: parsed each time, nothing written
    assert check(project)[2] == "True"
    assert (project / "cache" / "parsed-config-1.marshal").read_bytes() == kept


@pytest.mark.slow
@pytest.mark.parametrize("entry", [None, "x", (1,), "state and no document"])
def test_a_cache_entry_of_another_shape_is_parsed_again(project, entry):
    # marshal reads the file, but an entry is not what a run wrote: (state, document)
    check(project)
    path = project / "cache" / "parsed-config-1.marshal"
    kept = marshal.loads(path.read_bytes())
    (where, (state, _)), = kept.items()
    kept[where] = (state, None) if entry == "state and no document" else entry
    path.write_bytes(marshal.dumps(kept))
    assert check(project) == (
        0, C202 + FOUND, "True"
    )


def test_a_configuration_that_does_not_parse_is_said_so_every_time(project):
    (project / "pyproject.toml").write_text("[tool.urlint\nselect = 1\n")
    for _ in range(2):
        code, out, loaded = check(project)
        assert (code, out, loaded) == (2, "", "True")


def test_the_cache_keeps_no_other_table_of_a_pyproject(project):
    (project / "pyproject.toml").write_text(
        '[project]\nname = "urlint-notes"\n\n'
        '[project.urls]\nmirror = "https://fred:hunter2@example.org/"\n'
    )
    assert check(project)[0] == 1  # no urlint table: the default rules
    assert b"hunter2" not in (project / "cache" / "parsed-config-1.marshal").read_bytes()


def test_the_cache_keeps_urlints_table_alone(project):
    (project / "pyproject.toml").write_text(
        '[[tool.poetry.source]]\nurl = "https://fred:hunter2@pypi.example/simple"\n\n'
        '[tool.urlint]\nselect = ["C2"]\n'
    )
    assert check(project)[:2] == (0, C202 + FOUND)
    kept = (project / "cache" / "parsed-config-1.marshal").read_bytes()
    assert b"hunter2" not in kept and b"poetry" not in kept and b"C2" in kept
