"""Our own sample texts in corpora/ give exactly the URLs checked in beside them."""

from __future__ import annotations

import json

import pytest

from urlint.commands.cli import main

from ..helpers import REPO

SAMPLES = ["document.txt", "rfc-style.txt", "mail.eml", "article.news", "mime.eml"]


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_gives_its_expected_urls(name, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert main(["extract", "--format", "jsonl", f"corpora/{name}"]) == 0
    got = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for record in got:
        assert record.pop("path") == f"corpora/{name}"
    expected_path = REPO / "corpora" / "expected" / f"{name}.jsonl"
    expected = [json.loads(line) for line in expected_path.read_text().splitlines()]
    assert got == expected


def test_every_sample_has_an_expected_list():
    inputs = {p.name for p in (REPO / "corpora").iterdir() if p.is_file()}
    assert inputs == set(SAMPLES)
    assert {p.name for p in (REPO / "corpora" / "expected").iterdir()} == {
        f"{n}.jsonl" for n in SAMPLES
    }
