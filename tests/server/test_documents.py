"""An open document linted as `urlint check` lints its file (server/documents.py), its
places in an editor's units, the edits of --fix and --add-ignore made by their own code;
and the server's extra loaded by no other command."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlint import Settings, check_paths
from urlint.commands.cli import main
from urlint.server.documents import (
    UTF8,
    UTF16,
    UTF32,
    Configurations,
    Places,
    checked_path,
    document_findings,
    ignore_replacement,
)

from ..helpers import REPO

LINE_ENDS = re.compile(r"\r\n|\r|\n")


@given(st.text(alphabet="ab \t\r\n\f\u2028é\U0001f600", max_size=40), st.data())
def test_an_offset_is_the_editors_line_and_utf16_character(text, data):
    offset = data.draw(st.integers(0, len(text)))
    if 0 < offset < len(text) and text[offset - 1 : offset + 1] == "\r\n":
        offset += 1  # between "\r" and "\n" is no place in an editor
    before = text[:offset]
    line = len(LINE_ENDS.findall(before))
    start = max((m.end() for m in LINE_ENDS.finditer(before)), default=0)
    places = Places(text, UTF16)
    character = len(text[start:offset].encode("utf-16-le")) // 2
    assert places.editor_position(offset) == (line, character)
    assert places.offset_at(line, character) == offset


@given(
    st.lists(st.sampled_from(["a", "é", "\U0001f600", "\n", "\r\n", " "]), max_size=4000),
    st.lists(st.integers(0, 10**6), max_size=20),
    st.sampled_from([UTF8, UTF16, UTF32]),
)
def test_a_long_lines_positions_are_counted_from_its_marks_as_from_its_start(
    pieces, wanted, encoding
):
    text = "".join(pieces)
    places = Places(text, encoding)
    codec = {UTF8: "utf-8", UTF16: "utf-16-le", UTF32: "utf-32-le"}[encoding]
    size = {UTF8: 1, UTF16: 2, UTF32: 4}[encoding]
    for offset in sorted(want % (len(text) + 1) for want in wanted) + [len(text)]:
        if 0 < offset < len(text) and text[offset - 1 : offset + 1] == "\r\n":
            continue  # between "\r" and "\n" is no place in an editor
        before = text[:offset]
        start = max((m.end() for m in LINE_ENDS.finditer(before)), default=0)
        expected = (
            len(LINE_ENDS.findall(before)),
            len(text[start:offset].encode(codec, "surrogatepass")) // size,
        )
        assert places.editor_position(offset) == expected


def test_a_line_of_thousands_of_characters_is_counted_at_each_place():
    text = "a\U0001f600é " * 1500 + "\nb"  # a line of 6,000 characters, 1,500 of them two units
    places = Places(text, UTF16)
    assert [places.editor_position(offset) for offset in (1023, 1024, 1025, 5999, 6000, 6002)] == [
        (0, 1279),
        (0, 1280),
        (0, 1281),
        (0, 7499),
        (0, 7500),
        (1, 1),
    ]


def test_the_units_of_each_position_encoding():
    text = "\U0001f600é <http://x.org/a^b>"  # the "^" is code point 18
    caret = text.index("^")
    assert [Places(text, encoding).editor_position(caret) for encoding in (UTF8, UTF16, UTF32)] == [
        (0, 22),
        (0, 19),
        (0, 18),
    ]


def _settings(config: dict) -> Settings:
    return Settings.from_mapping(config)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "docs/guide.md",
            "See <http://example.com/a^b> and http://u:pw@example.com/.\n\n"
            "    <http://x.org/c d>\n",
        ),
        (
            "tool.py",
            "x = 1  # see <http://example.com/a^b>\n"
            'y = "http://example.com/a^b"  # urlint: ignore[C201]\n',
        ),
        ("notes.txt", "Read <URL:http://example.com/a|b> now.\r\nftp://x.org:99999/\r\n"),
        ("data.json", '{"u": "http://example.com/a^b"}\n'),
    ],
)
def test_a_document_has_the_findings_check_gives_its_file(tmp_path, monkeypatch, name, text):
    settings = _settings({"per-file-ignores": {"docs/*": ["S409"]}, "select": ["ALL"]})
    monkeypatch.chdir(tmp_path)
    os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
    with open(name, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    checked = list(check_paths([name], settings))
    assert checked  # a test of something
    assert document_findings(settings, name, text) == checked


def test_a_document_that_holds_mail_is_not_linted_as_text():
    text = "From: a@example.org\nSubject: hi\n\nsee http://example.com/a^b\n"
    assert document_findings(_settings({}), "note.eml", text) == "message"


def test_the_configuration_of_a_path_and_its_name_as_check_gives_it(tmp_path):
    (tmp_path / "sub" / "docs").mkdir(parents=True)
    (tmp_path / "sub" / "urlint.toml").write_text('ignore = ["C201"]\n', encoding="utf-8")
    (tmp_path / "other").mkdir()
    configurations = Configurations()
    path = str(tmp_path / "sub" / "docs" / "a.md")
    project = configurations.project_of(path, [str(tmp_path)])
    assert (project.root, project.source, project.error) == (
        str(tmp_path / "sub"),
        str(tmp_path / "sub" / "urlint.toml"),
        "",
    )
    assert project.settings is not None and not project.settings.enabled("C201")
    assert checked_path(path, project.root) == os.path.join("docs", "a.md")
    unconfigured = configurations.project_of(str(tmp_path / "other" / "b.md"), [str(tmp_path)])
    assert (unconfigured.root, unconfigured.source) == (str(tmp_path), None)
    # changed on disk: read again, without being told
    (tmp_path / "sub" / "urlint.toml").write_text('ignore = ["X"]\n', encoding="utf-8")
    again = configurations.project_of(path, [str(tmp_path)])
    assert again.settings is not None and again.settings.enabled("C201")


def _finding(name: str, text: str, code: str):
    return next(f for f in document_findings(_settings({}), name, text) if f.code == code)


def test_the_ignore_comment_is_add_ignores_own():
    text = "x = 1  # see <http://example.com/a^b>  # urlint: ignore[X104]\n"
    finding = _finding("tool.py", text, "C201")
    assert ignore_replacement("tool.py", text, finding) == (56, 60, "X104, C201")
    # where --add-ignore writes none, none
    json_text = '{"u": "http://example.com/a^b"}\n'
    assert (
        ignore_replacement("data.json", json_text, _finding("data.json", json_text, "C201")) is None
    )


def test_the_server_command_says_what_to_install_without_pygls(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pygls", None)
    assert main(["server"]) == 2
    assert capsys.readouterr().err == (
        "urlint: the language server needs pygls: pip install 'urlint[server]'\n"
    )


@pytest.mark.processes
def test_neither_import_urlint_nor_check_loads_the_server_extra(tmp_path):
    (tmp_path / "a.md").write_text("see <http://example.com/a^b>\n", encoding="utf-8")
    program = (
        "import sys, urlint\n"
        "from urlint.commands.cli import main\n"
        "status = main(['check', 'a.md'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pygls', 'lsprotocol', 'cattrs', 'urlint') and m.startswith(('pygls', 'lsprotocol', "
        "'cattrs', 'urlint.server')))\n"
        "print(status, loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        check=False,
    )
    assert done.stdout.splitlines()[-1] == "1 []"
