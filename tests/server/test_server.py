"""`urlint server` driven by a real client (pytest-lsp) over standard input and output: the
diagnostics, code actions and hovers an editor gets for a Markdown, a Python and a text
document, and the configuration read again when it changes.

One server for the file's tests (its start-up is most of their time); each test opens its
own documents in its own directory of the workspace."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.uris import from_fs_path

from urlint.linter.rules.catalogue import rules_by_code
from urlint.linter.rules.pages import rule_page

from .client import CONFIG, Client, capabilities

pytestmark = [pytest.mark.processes, pytest.mark.asyncio(loop_scope="module")]

ERROR, WARNING = types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory):
    return tmp_path_factory.mktemp("workspace")


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: Client, workspace):
    root = from_fs_path(str(workspace))
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(),
            root_uri=root,
            workspace_folders=[types.WorkspaceFolder(uri=root, name="workspace")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def _open(client: Client, path, text: str, version: int = 1) -> list[types.Diagnostic]:
    path.parent.mkdir(parents=True, exist_ok=True)
    uri = from_fs_path(str(path))
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "plaintext", version, text))
    )
    return await client.diagnostics_of(uri, version)


def _seen(diagnostics: list[types.Diagnostic]) -> list[tuple]:
    """Each diagnostic as (start line, character, end line, character, code, severity,
    message); every one says it is urlint's."""
    assert {d.source for d in diagnostics} <= {"urlint"}
    return [
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            d.code,
            d.severity,
            d.message,
        )
        for d in diagnostics
    ]


async def _actions(client: Client, path, line: int, character: int, only=None) -> list[tuple]:
    """The code actions at a place: (title, kind, [(start, end, new text)])."""
    uri = from_fs_path(str(path))
    at = types.Position(line, character)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            types.Range(at, at),
            types.CodeActionContext(diagnostics=[], only=only),
        )
    )
    seen = []
    for action in actions or []:
        assert action.edit is not None and action.edit.changes is not None
        edits = [
            (
                (edit.range.start.line, edit.range.start.character),
                (edit.range.end.line, edit.range.end.character),
                edit.new_text,
            )
            for edit in action.edit.changes[uri]
        ]
        seen.append((action.title, action.kind, edits))
    return seen


C201_CARET = "unsafe character '^': write it as %5E"

# A character outside the Basic Multilingual Plane before the URL: two UTF-16 code units,
# so the "^" is at character 24 of its line (23 code points in).
MARKDOWN = "# Title\n\n\U0001f600 <http://example.com/a^b>.\n\n    <http://example.com/c^d>\n"


async def test_a_markdown_document(client: Client, workspace):
    path = workspace / "markdown" / "guide.md"
    diagnostics = await _open(client, path, MARKDOWN)
    assert _seen(diagnostics) == [
        (2, 24, 2, 25, "C201", ERROR, C201_CARET),
        (4, 25, 4, 26, "C201", ERROR, C201_CARET),
    ]
    assert await _actions(client, path, 2, 24) == [
        ("urlint: encode as %5E (C201)", "quickfix", [((2, 24), (2, 25), "%5E")]),
        (
            "urlint: ignore C201 on this line",
            "quickfix",
            [((2, 28), (2, 28), " <!-- urlint: ignore[C201] -->")],
        ),
        ("urlint: fix every safe fix", "source.fixAll.urlint", [((2, 24), (2, 25), "%5E")]),
    ]
    # In an indented code block: shown as written, so no fix, and no comment goes there
    assert await _actions(client, path, 4, 25, only=["quickfix"]) == []


PYTHON = 'x = 1  # see <http://example.com/a^b>\ny = "http://example.com/a^b"\n'


async def test_a_python_document(client: Client, workspace):
    path = workspace / "python" / "links.py"
    diagnostics = await _open(client, path, PYTHON)
    assert _seen(diagnostics) == [
        (0, 34, 0, 35, "C201", ERROR, C201_CARET),
        (1, 25, 1, 26, "C201", ERROR, C201_CARET),
    ]
    assert await _actions(client, path, 0, 34, only=["quickfix"]) == [
        ("urlint: encode as %5E (C201)", "quickfix", [((0, 34), (0, 35), "%5E")]),
        (
            "urlint: ignore C201 on this line",
            "quickfix",
            [((0, 37), (0, 37), "  # urlint: ignore[C201]")],
        ),
    ]
    # In a string literal: a value the program uses, never fixed; a comment after it may go
    assert await _actions(client, path, 1, 25, only=["quickfix"]) == [
        (
            "urlint: ignore C201 on this line",
            "quickfix",
            [((1, 28), (1, 28), "  # urlint: ignore[C201]")],
        ),
    ]


TEXT = "Read <URL:http://example.com/a|b> now.\nAlso http://user:Tr0ub4dor@example.com/.\n"


async def test_a_text_document_and_a_password_never_said(client: Client, workspace):
    path = workspace / "text" / "notes.txt"
    diagnostics = await _open(client, path, TEXT)
    assert _seen(diagnostics) == [
        (0, 30, 0, 31, "C201", ERROR, "unsafe character '|': write it as %7C"),
        (1, 12, 1, 27, "S409", ERROR, "http URLs take no user name or password (section 3.3)"),
        (1, 17, 1, 26, "P501", ERROR, "a password in the URL: never write one (section 6)"),
    ]
    # plain text has no comment syntax: a fix, and no ignore comment
    assert await _actions(client, path, 0, 30) == [
        ("urlint: encode as %7C (C201)", "quickfix", [((0, 30), (0, 31), "%7C")]),
        ("urlint: fix every safe fix", "source.fixAll.urlint", [((0, 30), (0, 31), "%7C")]),
    ]
    # a URL that holds a password: no fix, and nothing said quotes it
    actions = await _actions(client, path, 1, 18, only=["quickfix"])
    hover = await client.text_document_hover_async(
        types.HoverParams(
            types.TextDocumentIdentifier(from_fs_path(str(path))), types.Position(1, 18)
        )
    )
    assert actions == []
    assert hover is not None
    said = [
        *(d.message for d in diagnostics),
        *(title for title, _, _ in actions),
        str(hover.contents),
        *(m.message for m in client.log_messages),
        *(m.message for m in client.messages),
    ]
    assert not [text for text in said if "Tr0ub4dor" in text]


async def test_hover_shows_the_rule_page(client: Client, workspace):
    path = workspace / "hover" / "guide.md"
    await _open(client, path, MARKDOWN)
    uri = from_fs_path(str(path))
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(2, 24))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value == rule_page(rules_by_code()["C201"])
    assert (hover.range.start.character, hover.range.end.character) == (24, 25)
    away = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 2))
    )
    assert away is None


CHANGED = "page 1\fmac\rsee http://example.com/a^b\n"


async def test_a_change_is_linted_again(client: Client, workspace):
    path = workspace / "change" / "notes.txt"
    uri = from_fs_path(str(path))
    assert _seen(await _open(client, path, "nothing here\n")) == []
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(text=CHANGED)],
        )
    )
    # the protocol's lines end at "\n", "\r\n" and "\r" (urlint's at "\n" alone), not at a
    # form feed (as str.splitlines has them)
    assert _seen(await client.diagnostics_of(uri, 2)) == [(1, 24, 1, 25, "C201", ERROR, C201_CARET)]


def _long_markdown(lines: int) -> str:
    return "".join(
        f"Item {n}: <http://example.com/a^{n}>.\n" if n % 50 == 0 else f"Line {n} of prose.\n"
        for n in range(lines)
    )


async def test_an_edit_moves_the_kept_findings_and_their_fixes(client: Client, workspace):
    # 400 lines: seven segments of 64, of which an edit at the top lints again the first few;
    # the findings of the rest are kept, and moved a line down
    path = workspace / "long" / "guide.md"
    uri = from_fs_path(str(path))
    text = _long_markdown(400)
    assert [d[0] for d in _seen(await _open(client, path, text))] == list(range(0, 400, 50))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangeWholeDocument(text="# Title\n" + text)],
        )
    )
    carets = [(n + 1, len(f"Item {n}: <http://example.com/a")) for n in range(0, 400, 50)]
    assert _seen(await client.diagnostics_of(uri, 2)) == [
        (line, at, line, at + 1, "C201", ERROR, C201_CARET) for line, at in carets
    ]
    # the last finding's fix, from a segment kept: where the text now has it ("Item 350:
    # <http://example.com/a^350>." on line 351, its caret at 31)
    assert await _actions(client, path, 351, 31, only=["quickfix"]) == [
        ("urlint: encode as %5E (C201)", "quickfix", [((351, 31), (351, 32), "%5E")]),
        (
            "urlint: ignore C201 on this line",
            "quickfix",
            [((351, 37), (351, 37), " <!-- urlint: ignore[C201] -->")],
        ),
    ]


def _mixed_markdown(lines: int) -> str:
    """Markdown of `lines` lines: prose, URLs with findings, code spans, a fence."""
    out = []
    for n in range(lines):
        if n % 7 == 0:
            out.append(f"Item {n}: <http://example.com/a^{n}> and http://h.example/~u{n}.")
        elif n % 97 == 50:
            out.append("```")
        elif n % 11 == 0:
            out.append(f"A `code span http://example.com/~c{n}` in prose.")
        else:
            out.append(f"Line {n} of prose, nothing in it.")
    return "\n".join(out) + "\n"


@pytest.mark.slow
async def test_every_edit_of_a_long_document_gives_what_check_gives(client: Client, workspace):
    # 1,200 lines, 20 edits at seeded places (a character typed, a line put in, a fence
    # opened): after each, the diagnostics are the findings `urlint check` gives the file
    import random

    from urlint import Settings, check_paths

    path = workspace / "edits" / "guide.md"
    uri = from_fs_path(str(path))
    text = _mixed_markdown(1200)
    await _open(client, path, text)
    rng = random.Random(82)
    for version in range(2, 22):
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice(["~", "x", "\n", "`", "```\n", "A line.\n"]) + text[at:]
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        seen = await client.diagnostics_of(uri, version)
        path.write_text(text, encoding="utf-8")
        found = check_paths([path], Settings.from_mapping({}))
        assert sorted(
            (d.range.start.line + 1, d.range.start.character + 1, d.code, d.message) for d in seen
        ) == sorted((f.line, f.column, f.code, f.message) for f in found), version


async def test_the_configuration_read_again_when_it_changes(client: Client, workspace):
    project = workspace / "configured"
    config = project / "urlint.toml"
    project.mkdir()
    config.write_text('per-file-ignores = { "docs/*" = ["C201"] }\n', encoding="utf-8")
    inside = project / "docs" / "guide.md"
    outside = project / "readme.md"
    assert _seen(await _open(client, inside, MARKDOWN)) == []
    assert len(await _open(client, outside, MARKDOWN)) == 2

    # a watched file changed: the next diagnostics are the new configuration's
    config.write_text('ignore = ["C201"]\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri=from_fs_path(str(config)), type=types.FileChangeType.Changed)]
        )
    )
    assert await client.next_diagnostics(from_fs_path(str(outside))) == []

    # the configuration saved from the editor: read again too
    config.write_text(
        'target = "rfc3986"\nper-file-ignores = { "readme.md" = ["C"] }\n', encoding="utf-8"
    )
    config_uri = from_fs_path(str(config))
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(config_uri))
    )
    assert _seen(await client.next_diagnostics(from_fs_path(str(inside)))) == [
        (2, 24, 2, 25, "C201", ERROR, C201_CARET),
        (4, 25, 4, 26, "C201", ERROR, C201_CARET),
    ]


async def test_a_configuration_that_cannot_be_read_is_said_once_and_the_defaults_lint(
    client: Client, workspace
):
    plain = _seen(await _open(client, workspace / "unconfigured" / "guide.md", MARKDOWN))
    assert plain != []
    project = workspace / "broken"
    project.mkdir()
    (project / "urlint.toml").write_text(
        'select = ["C201"]\ncolour = "http://u:Tr0ub4dor@x.org"\n', encoding="utf-8"
    )
    assert _seen(await _open(client, project / "guide.md", MARKDOWN)) == plain
    assert _seen(await _open(client, project / "again.md", MARKDOWN)) == plain
    # a pyproject.toml that cannot be read to see whether it holds urlint's table (a link
    # to a device) was an internal error, and the document was not linted
    device = workspace / "device"
    device.mkdir()
    (device / "pyproject.toml").symlink_to("/dev/zero")
    assert _seen(await _open(client, device / "guide.md", MARKDOWN)) == plain
    assert _seen(await _open(client, device / "again.md", MARKDOWN)) == plain
    said = [m.message for m in client.messages]
    assert [m for m in said if "colour" in m or "pyproject" in m] == [
        f"urlint: {project / 'urlint.toml'}: unknown key 'colour' (known: select, ignore, "
        "extend-select, per-file-ignores, fail-on, target, known-schemes, test-data, allowed-ports,"
        " exclude)",
        f"urlint: {device / 'pyproject.toml'}: cannot read: a symbolic link to a character "
        "device, not a regular file",
    ]
    assert [m for m in said if "internal error" in m] == []


async def test_the_configuration_files_are_watched(client: Client):
    assert [(r.method, r.register_options) for r in client.registrations] == [
        (
            "workspace/didChangeWatchedFiles",
            {"watchers": [{"globPattern": "**/pyproject.toml"}, {"globPattern": "**/urlint.toml"}]},
        )
    ]
