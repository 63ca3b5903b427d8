"""The URL rows a scan stores (store.rows.url_row): what each URL was found in (`context`),
and its flags (`template`), as `urlint scan` writes them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from urlint.core.engines import Engine
from urlint.linter.config import build_settings
from urlint.store.scan import scan_into_store

from ..helpers import run

# A Python file: a URL in a string literal, one in a comment, one in an f-string whose
# placeholder makes it a template; and the same URL in a plain text file.
CODE = (
    'HOME = "https://a.example/x"\n'
    "# docs: https://b.example/guide\n"
    'USER = f"https://c.example/users/{user_id}/"\n'
)
TEXT = "see https://a.example/x\n"


def url_rows(store: Path) -> list[tuple]:
    connection = sqlite3.connect(store)
    try:
        return connection.execute(
            'SELECT path, url, line, "column", flags, context FROM urls ORDER BY id'
        ).fetchall()
    finally:
        connection.close()


@pytest.fixture
def code_and_text(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "code.py").write_text(CODE)
    (tmp_path / "notes.txt").write_text(TEXT)
    return tmp_path


def test_a_scan_stores_what_each_url_was_found_in(capsys, code_and_text):
    code, out, err = run(capsys, "scan", "-q", "--store", "urls.sqlite", "code.py", "notes.txt")
    assert (code, out, err) == (0, "", "")
    assert url_rows(code_and_text / "urls.sqlite") == [
        ("code.py", "https://a.example/x", 1, 9, "", "string"),
        ("code.py", "https://b.example/guide", 2, 9, "", "comment"),
        ("code.py", "https://c.example/users/{user_id}/", 3, 10, "template", "string"),
        ("notes.txt", "https://a.example/x", 1, 5, "", None),  # running text: NULL
    ]


def test_a_template_url_is_read_back_with_its_flag_and_context(capsys, code_and_text):
    assert run(capsys, "scan", "-q", "--store", "urls.sqlite", "code.py") == (0, "", "")
    connection = sqlite3.connect(code_and_text / "urls.sqlite")
    try:
        found = connection.execute(
            "SELECT url, context FROM urls WHERE ' ' || flags || ' ' LIKE '% template %'"
        ).fetchall()
    finally:
        connection.close()
    assert found == [("https://c.example/users/{user_id}/", "string")]


def test_the_census_says_where_each_url_was_first_found_in(capsys, code_and_text):
    assert run(capsys, "scan", "-q", "--store", "urls.sqlite", "code.py", "notes.txt") == (
        0,
        "",
        "",
    )
    code, out, err = run(capsys, "report", "urls.sqlite", "--table", "census", "--format", "jsonl")
    assert (code, err) == (0, "")
    assert [
        (row["url"], row["path"], row["line"], row["context"])
        for row in map(json.loads, out.splitlines())
    ] == [
        ("https://a.example/x", "code.py", 1, "string"),  # its first sighting: code.py's
        ("https://b.example/guide", "code.py", 2, "comment"),
        ("https://c.example/users/{user_id}/", "code.py", 3, "string"),
    ]
    code, out, err = run(capsys, "report", "urls.sqlite", "--table", "census")
    assert (code, err) == (0, "")
    assert out == (
        "url,scheme,host,count,messages,in_headers,first_seen,last_seen,path,message_index,"
        "message_id,line,context,source,header,part,spellings\n"
        "https://a.example/x,https,a.example,2,0,0,,,code.py,,,1,string,,,,https://a.example/x\n"
        "https://b.example/guide,https,b.example,1,0,0,,,code.py,,,2,comment,,,,"
        "https://b.example/guide\n"
        "https://c.example/users/{user_id}/,https,c.example,1,0,0,,,code.py,,,3,string,,,,"
        "https://c.example/users/{user_id}/\n"
    )


@pytest.mark.slow
@pytest.mark.processes  # two worker processes
def test_a_large_code_file_is_stored_read_whole_each_url_in_its_literal(tmp_path, monkeypatch):
    """A large Python file is not cut in ranges (run.plan): a triple-quoted string open
    across where a cut would be keeps every URL in it a string's, as a range's reading,
    from a line the lexer knows nothing of, would not."""
    code = tmp_path / "big.py"
    lines = "".join(f"see http://h{n}.example/p\n" for n in range(60_000))
    code.write_text('DOC = """\n' + lines + '"""\n')  # 1.6 MB
    monkeypatch.setattr("urlint.run.plan.RANGE_BYTES", 300_000)
    store = tmp_path / "urls.sqlite"
    summary = scan_into_store(str(store), [str(code)], build_settings({}), engine=Engine(jobs=2))
    assert summary.urls == 60_000
    rows = url_rows(store)
    assert {row[5] for row in rows} == {"string"}
    assert rows[-1] == (str(code), "http://h59999.example/p", 60_001, 5, "", "string")
