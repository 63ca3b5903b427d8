"""read_settings: a file read whole as settings is a regular file within its limit, and
anything else is refused at once, by what it is, never read nor waited on."""

from __future__ import annotations

import os
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint.sources import opening
from urlint.sources.opening import (
    BASELINE_LIMIT,
    CONFIG_LIMIT,
    IGNORE_LIMIT,
    NotRead,
    read_settings,
)

from ..helpers import REPO


def refusal(path, limit: int = CONFIG_LIMIT) -> str:
    """What read_settings says of `path`, run on a thread that must end: a FIFO waited on
    fails the test (the wait is a guard alone: a refusal takes no time)."""
    said: list[str] = []

    def read() -> None:
        try:
            read_settings(str(path), limit)
        except NotRead as error:
            said.append(str(error))
        else:
            said.append("read")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=60)
    assert not reader.is_alive(), "read_settings waited on it"
    return said[0]


def test_the_limits_are_stated_in_the_docs():
    docs = (REPO / "docs/reference/configuration.md").read_text(encoding="utf-8")
    assert (CONFIG_LIMIT, IGNORE_LIMIT, BASELINE_LIMIT) == (4 << 20, 8 << 20, 256 << 20)
    for line in (
        "| `urlint.toml`, `pyproject.toml` (`--config`) | 4 MB | exit 2 |",
        "| `.gitignore`, `.ignore`, `.git/info/exclude` | 8 MB | a warning: the walk goes "
        "on without it |",
        "| `--baseline` | 256 MB | exit 2 |",
    ):
        assert line in docs


@given(content=st.binary(max_size=64), limit=st.integers(0, 64))
def test_a_regular_file_is_read_whole_within_its_limit(tmp_path_factory, content, limit):
    path = tmp_path_factory.mktemp("read") / "urlint.toml"
    path.write_bytes(content)
    if len(content) <= limit:
        assert read_settings(str(path), limit) == content
    else:
        with pytest.raises(NotRead) as refused:
            read_settings(str(path), limit)
        assert str(refused.value) == f"over the {limit:,} bytes limit"


@pytest.mark.slow  # reads a file of 256 MB
def test_the_limit_is_said_in_megabytes(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(BASELINE_LIMIT + 1)  # sparse: refused by its size, not read
    assert refusal(path, BASELINE_LIMIT) == "over the 256 MB limit"
    with open(path, "wb") as handle:
        handle.truncate(BASELINE_LIMIT)
    assert len(read_settings(str(path), BASELINE_LIMIT)) == BASELINE_LIMIT


def test_a_link_is_followed_to_a_regular_file(tmp_path):
    (tmp_path / "real.toml").write_bytes(b'select = ["C2"]\n')
    (tmp_path / "urlint.toml").symlink_to("real.toml")
    assert read_settings(str(tmp_path / "urlint.toml"), CONFIG_LIMIT) == b'select = ["C2"]\n'


def test_a_fifo_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    assert refusal(tmp_path / "fifo.json") == "a FIFO, not a regular file"
    (tmp_path / "link.json").symlink_to("fifo.json")
    assert refusal(tmp_path / "link.json") == "a symbolic link to a FIFO, not a regular file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_or_a_link_to_one_is_refused(tmp_path):
    assert refusal("/dev/zero") == "a character device, not a regular file"
    (tmp_path / ".gitignore").symlink_to("/dev/zero")
    assert refusal(tmp_path / ".gitignore") == (
        "a symbolic link to a character device, not a regular file"
    )


def test_a_directory_is_refused(tmp_path):
    (tmp_path / "urlint.toml").mkdir()
    assert refusal(tmp_path / "urlint.toml") == "a directory, not a regular file"


def test_a_file_that_is_not_there_is_the_systems_error(tmp_path):
    with pytest.raises(FileNotFoundError) as missing:
        read_settings(str(tmp_path / "urlint.toml"), CONFIG_LIMIT)
    assert not isinstance(missing.value, NotRead)
    (tmp_path / "link.toml").symlink_to("nowhere.toml")
    with pytest.raises(FileNotFoundError):
        read_settings(str(tmp_path / "link.toml"), CONFIG_LIMIT)


def test_a_file_that_grew_past_its_limit_since_its_size_was_taken_is_refused(tmp_path, monkeypatch):
    # the size fstat gives is not trusted: what is read counts
    path = tmp_path / ".gitignore"
    path.write_bytes(b"x\n" * 100)
    real = os.fstat

    def smaller(descriptor: int) -> os.stat_result:
        info = real(descriptor)
        return os.stat_result((*info[:6], 10, *info[7:]))  # st_size: 10 bytes

    monkeypatch.setattr(opening.os, "fstat", smaller)
    assert read_settings(str(path), 200) == b"x\n" * 100
    with pytest.raises(NotRead) as refused:
        read_settings(str(path), 150)
    assert str(refused.value) == "over the 150 bytes limit"
