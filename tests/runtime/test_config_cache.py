"""config_cache: a configuration read again unchanged is not parsed again, in the command's
own process; changed, it is read anew; a cache that cannot be used, or is not to be trusted
(damaged, planted, of another shape, too large), changes nothing but the time the parse
takes; and the cache is never written through a link."""

from __future__ import annotations

import marshal
import os
import resource
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint._runtime import config_cache

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
CACHE = "parsed-config-2.marshal"


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("URLINT_CACHE_DIR", str(tmp_path / "cache"))
    configured = '[project]\nname = "x"\n\n[tool.urlint]\nselect = ["C2"]\n'
    (tmp_path / "pyproject.toml").write_text(configured)
    (tmp_path / "notes.txt").write_text("see http://example.com/~fred/ and ftp://fred:pw@h/\n")
    return tmp_path


def _at_most_a_gigabyte() -> None:
    """A run's address space capped: a cache that makes it allocate more fails it."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def check(project, capped: bool = False) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-c", COMMAND, "check", "notes.txt"],
        capture_output=True,
        text=True,
        cwd=project,
        check=False,
        preexec_fn=_at_most_a_gigabyte if capped else None,
    )
    parser_loaded = result.stderr.splitlines()[-1]
    return result.returncode, result.stdout, parser_loaded


C202 = (
    "notes.txt:1:24: C202 unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: "
    "--target rfc3986): write it as %7E\n"
)
FOUND = "Found 1 problem: 1 warning (1 fixable with --fix; target: RFC 1738).\n"
PARSED = (0, C202 + FOUND, "True")  # what the configuration says, parsed
KEPT = (0, C202 + FOUND, "False")  # the same, its parse kept


def kept_table(project) -> dict:
    """The table the cache file holds, as a run would take it (empty: none to trust)."""
    return config_cache._unpacked((project / "cache" / CACHE).read_bytes())


def test_a_configuration_read_again_unchanged_is_not_parsed_again(project):
    assert check(project) == PARSED
    assert check(project) == KEPT
    assert os.listdir(project / "cache") == [CACHE]
    assert (project / "cache" / CACHE).stat().st_mode & 0o777 == 0o600
    ((where, (_, document)),) = kept_table(project).items()
    assert (where, document) == (
        os.path.realpath(project / "pyproject.toml"),
        {"tool": {"urlint": {"select": ["C2"]}}},
    )


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
    (project / "cache" / CACHE).write_bytes(b"\x00garbage")
    assert check(project) == PARSED
    assert check(project) == KEPT  # written anew
    kept = (project / "cache" / CACHE).read_bytes()
    monkeypatch.setenv("URLINT_CACHE_DIR", "")  # none kept: parsed each time, nothing written
    assert check(project) == PARSED
    assert (project / "cache" / CACHE).read_bytes() == kept


@pytest.mark.parametrize("size", [1 << 27, 2**31 - 1])
def test_five_bytes_that_would_make_marshal_allocate_gigabytes_are_no_cache(project, size):
    # a tuple of `size` items, as marshal reads the bytes: it makes room for them first
    (project / "cache").mkdir()
    (project / "cache" / CACHE).write_bytes(b"(" + size.to_bytes(4, "little"))
    assert check(project, capped=True) == PARSED
    assert check(project, capped=True) == KEPT  # written anew


def test_a_byte_changed_in_the_cache_is_no_setting(project):
    # `selact`: the unknown key an error would name, were the document trusted as read
    check(project)
    path = project / "cache" / CACHE
    path.write_bytes(path.read_bytes().replace(b"select", b"selact"))
    assert kept_table(project) == {}
    assert check(project) == PARSED
    assert b"select" in path.read_bytes() and check(project) == KEPT


@given(data=st.data())
def test_a_cache_file_changed_anywhere_is_none(data):
    # every byte a cache file holds counts: header, length, checksum and payload
    packed = config_cache._packed(
        {"/p/urlint.toml": ((10, 2, 3, 4, 5), {"select": ["C2"], "exclude": ["vendor/*"]})}
    )
    assert packed is not None
    assert config_cache._unpacked(packed) != {}
    at = data.draw(st.integers(0, len(packed) - 1))
    flip = data.draw(st.integers(1, 255))
    changed = packed[:at] + bytes([packed[at] ^ flip]) + packed[at + 1 :]
    assert config_cache._unpacked(changed) == {}
    assert config_cache._unpacked(packed[:at]) == {}  # cut short


def write_cache(project, table: object) -> None:
    """A cache file of `table`, its header, length and checksum right."""
    payload = marshal.dumps(table)
    (project / "cache" / CACHE).write_bytes(
        config_cache._HEADER
        + len(payload).to_bytes(8, "little")
        + config_cache._checksum(payload).to_bytes(8, "little")
        + payload
    )


@pytest.mark.parametrize(
    "entry",
    [
        None,
        "x",
        (1,),
        "state and no document",
        "a document of a set",
        "a document of bytes",
        "a state of strings",
        "a key not a string",
    ],
)
def test_a_cache_entry_of_another_shape_is_parsed_again(project, entry):
    # the checksum holds, but an entry is not what a run wrote: (state, document)
    check(project)
    ((where, (state, document)),) = kept_table(project).items()
    shapes = {
        "state and no document": (state, None),
        "a document of a set": (state, {"tool": {"urlint": {"select": {"C2"}}}}),
        "a document of bytes": (state, {"tool": {"urlint": {"select": [b"C2"]}}}),
        "a state of strings": (tuple(str(number) for number in state), document),
    }
    shaped = shapes.get(entry, entry) if isinstance(entry, str) else entry
    table = {1: (state, document)} if entry == "a key not a string" else {where: shaped}
    write_cache(project, table)
    assert check(project) == PARSED
    assert check(project) == KEPT  # written anew


def test_a_cache_others_may_write_is_not_used(project):
    check(project)
    (project / "cache" / CACHE).chmod(0o620)
    assert check(project) == PARSED
    assert (project / "cache" / CACHE).stat().st_mode & 0o777 == 0o600  # written anew


def test_a_cache_over_its_size_is_not_read(project):
    check(project)
    table = kept_table(project)
    table.update(
        {
            f"/p{number}/urlint.toml": ((1, 2, 3, 4, 5), {"exclude": [f"{number}" * 1000]})
            for number in range(300)
        }
    )
    write_cache(project, table)
    data = (project / "cache" / CACHE).read_bytes()
    assert len(data) > config_cache._MOST_BYTES and config_cache._unpacked(data) == table
    assert config_cache._read(str(project / "cache")) == {}
    assert check(project) == PARSED


def test_a_link_planted_at_the_partial_files_name_is_not_written_through(project):
    # the partial file's name as it was (the run's process id): another user could plant
    # a link there, and the write went where it led
    (project / "cache").mkdir()
    victim = project / "victim.txt"
    victim.write_text("precious\n")
    planted = (
        f'ln -s {victim} {project}/cache/{CACHE}.$$; exec {sys.executable} -c "$0" check notes.txt'
    )
    result = subprocess.run(
        ["bash", "-c", planted, COMMAND], capture_output=True, text=True, cwd=project, check=False
    )
    assert (result.returncode, result.stdout) == (0, C202 + FOUND)
    assert victim.read_text() == "precious\n"
    assert check(project) == KEPT


def test_the_partial_file_is_made_anew_never_opened_through_a_link(tmp_path, monkeypatch):
    # the name no one can guess, guessed: the write is given up, the link's file untouched
    monkeypatch.setattr(os, "urandom", lambda count: bytes(count))
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"{CACHE}.{bytes(8).hex()}").symlink_to(victim)
    config_cache._write(str(cache), {"/p/urlint.toml": ((1, 2, 3, 4, 5), {"select": ["C2"]})})
    assert victim.read_text() == "precious\n"
    assert sorted(os.listdir(cache)) == [f"{CACHE}.{bytes(8).hex()}"]


def test_a_link_at_the_caches_name_is_neither_read_nor_written_through(project):
    check(project)
    victim = project / "victim.marshal"
    os.replace(project / "cache" / CACHE, victim)  # a cache right in every byte
    kept = victim.read_bytes()
    (project / "cache" / CACHE).symlink_to(victim)
    assert check(project) == PARSED
    assert victim.read_bytes() == kept
    assert not (project / "cache" / CACHE).is_symlink()
    assert check(project) == KEPT


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
    assert b"hunter2" not in (project / "cache" / CACHE).read_bytes()


def test_the_cache_keeps_urlints_table_alone(project):
    (project / "pyproject.toml").write_text(
        '[[tool.poetry.source]]\nurl = "https://fred:hunter2@pypi.example/simple"\n\n'
        '[tool.urlint]\nselect = ["C2"]\n'
    )
    assert check(project)[:2] == (0, C202 + FOUND)
    kept = (project / "cache" / CACHE).read_bytes()
    assert b"hunter2" not in kept and b"poetry" not in kept and b"C2" in kept
