"""The language server: urlint's findings in an editor, over standard input and output.

What it does, in the Language Server Protocol's words (pygls speaks it):

- diagnostics for each open document, when it opens and each time it changes: the findings
  `urlint check` gives for its file (server.documents), with the rule's code, a severity
  mapped from urlint's, source "urlint";
- code actions on them: a quick fix for each fix `check --fix` would make, an "ignore this
  rule on this line" action that inserts the comment `check --add-ignore` would, where it
  would; and a source action that applies every fix (`source.fixAll.urlint`);
- the rule's page (`urlint rule CODE`) on hover over a finding;
- the configuration read again when a pyproject.toml or urlint.toml changes (a watched
  file's change, or a document of that name saved), and every open document's diagnostics
  sent again.

Documents are synchronised whole (TextDocumentSyncKind.Full): an incremental change is
placed by lines, and pygls counts lines where Python's str.splitlines does (a form feed, a
U+2028 end one), where the protocol's end at "\\n", "\\r\\n" and "\\r" only; an RFC's
text, paged by form feeds, would be edited in the wrong place. No message says a password:
the findings' are masked as `check` writes them, and names and errors are shown masked.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from ..core.faults import internal_error
from ..core.findings import Finding, Severity
from ..core.version import __version__
from ..grammar.display import shown
from .documents import (
    CONFIG_NAMES,
    UTF16,
    Configurations,
    Places,
    checked_path,
    document_findings,
    fix_replacements,
    ignore_replacement,
)
from .segments import PlacedFindings, SegmentedLint

SOURCE = "urlint"
EXIT_OK, EXIT_ERROR_LSP = 0, 1  # the protocol's: an exit with or without a shutdown before it
FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.urlint"
_SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


class Linted:
    """An open document as last linted: its text, where it is, and its findings."""

    def __init__(self, uri: str, path: str, text: str, findings: Sequence[Finding], places: Places):
        self.uri = uri
        self.path = path  # as `check` names it
        self.text = text
        self.findings = findings
        self.places = places

    def finding_range(self, finding: Finding) -> types.Range:
        """`finding`'s span in the editor's lines and units."""
        start, end = self.places.span_offsets(finding)
        return self.replacement_range(start, end)

    def replacement_range(self, start: int, end: int) -> types.Range:
        """The offsets `start` to `end` in the editor's lines and units."""
        (start_line, start_char), (end_line, end_char) = self.places.editor_range(start, end)
        return types.Range(
            types.Position(start_line, start_char), types.Position(end_line, end_char)
        )


class SentDiagnostics:
    """An open document's diagnostics as last sent, as JSON, kept a segment at a time.

    A diagnostic is its finding's code, message and severity, and its range: the finding's
    lines and columns, counted in the editor's units on the text of those lines. A segment
    kept since the last lint (server.segments: the same findings, read from the same text)
    that has moved by no line is sent the JSON made before; an edit makes those of the
    segments it linted again. Where the editor's lines are not urlint's (a lone "\\r" ends
    one), every diagnostic is made again."""

    def __init__(self) -> None:
        # a segment's findings (by identity) -> (them, the lines they had moved, their JSON)
        self._made: dict[int, tuple[tuple[Finding, ...], int, list[str]]] = {}

    def of(self, linted: Linted) -> list[str]:
        """The diagnostics of `linted`'s findings, in their order, each as JSON."""
        found = linted.findings
        parts = found.parts() if isinstance(found, PlacedFindings) else [(tuple(found), 0, 0)]
        alike = linted.places.lines_alike()
        made: dict[int, tuple[tuple[Finding, ...], int, list[str]]] = {}
        sent: list[str] = []
        for findings, lines, characters in parts:
            before = self._made.get(id(findings))
            if alike and before is not None and before[0] is findings and before[1] == lines:
                encoded = before[2]
            else:
                encoded = [
                    _diagnostic_json(linted, finding.moved(lines, characters))
                    for finding in findings
                ]
            made[id(findings)] = (findings, lines, encoded)
            sent.extend(encoded)
        self._made = made
        return sent


def _diagnostic_json(linted: Linted, finding: Finding) -> str:
    """`finding` as the editor is sent it (`_as_diagnostic`'s), written as JSON text (ASCII:
    non-ASCII characters escaped, as pygls sends its own): a document can have thousands,
    and pygls's converter reads each field's type to unstructure it (its cost:
    docs/design/performance.md, "The language server"). tests/server/test_diagnostics_json.py
    holds the two to the same JSON."""
    start, end = linted.places.span_offsets(finding)
    (start_line, start_char), (end_line, end_char) = linted.places.editor_range(start, end)
    key = (finding.code, finding.severity)
    tail = _TAILS.get(key)
    if tail is None:
        tail = _TAILS[key] = (
            f'"severity":{_SEVERITIES[finding.severity].value},'
            f'"code":{json.dumps(finding.code)},"source":{json.dumps(SOURCE)}}}'
        )
    return (
        f'{{"range":{{"start":{{"line":{start_line},"character":{start_char}}},'
        f'"end":{{"line":{end_line},"character":{end_char}}}}},'
        f'"message":{json.dumps(finding.message)},{tail}'
    )


# Each diagnostic's JSON after its message, by code and severity: written once, not by two
# json.dumps calls for each diagnostic of a document that may have thousands.
_TAILS: dict[tuple[str, Severity], str] = {}


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, and a message sent from its JSON text (`send_json`): a document's
    thousands of diagnostics are encoded once each (SentDiagnostics), not at every edit."""

    def send_json(self, body: str) -> None:
        """Send the message whose JSON text is `body` (ASCII), framed as pygls frames its
        own (a Content-Length header counted in bytes, and a Content-Type)."""
        if self.writer is None:
            return
        header = (
            f"Content-Length: {len(body)}\r\n"
            f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n"
        )
        written = self.writer.write((header + body).encode(self.CHARSET))
        if inspect.isawaitable(written):
            asyncio.ensure_future(written)


class UrlintServer(LanguageServer):
    """pygls's server, with urlint's configurations and the open documents as linted."""

    protocol: _Protocol

    def __init__(self) -> None:
        super().__init__(
            SOURCE,
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Full,
            protocol_cls=_Protocol,
        )
        self.configurations = Configurations()
        self.linted: dict[str, Linted] = {}
        self.segmented: dict[str, SegmentedLint] = {}  # each open document's, kept by segment
        self.sent: dict[str, SentDiagnostics] = {}  # each open document's diagnostics
        self.config_errors: set[str] = set()  # said once until the file changes
        self.shut_down = False  # the client asked for it: an exit after is a clean one

    def folders(self) -> list[str]:
        """The workspace folders' directories."""
        paths = [to_fs_path(folder.uri) for folder in self.workspace.folders.values()]
        root = self.workspace.root_path
        return [path for path in [*paths, root] if path]

    def lint(self, uri: str) -> None:
        """Lint the open document `uri` and send its diagnostics."""
        document = self.workspace.get_text_document(uri)
        text = document.source
        path = to_fs_path(uri) or document.path
        diagnostics: list[str] = []  # each as JSON (SentDiagnostics)
        try:
            project = self.configurations.project_of(os.path.abspath(path), self.folders())
            settings = project.settings
            if settings is None:  # said once; the document linted under the defaults
                self._config_error(project.source or project.error, project.error)
                settings = self.configurations.defaults()
            named = checked_path(os.path.abspath(path), project.root)
            kept = self.segmented.setdefault(uri, SegmentedLint())
            found = document_findings(settings, named, text, kept)
            if isinstance(found, str):
                self._log(
                    types.MessageType.Info,
                    f"{shown(named)} holds {found}, which `urlint check` reads as such: "
                    "the editor shows the findings of text",
                )
                found = []
            encoding = self.workspace.position_encoding or UTF16
            linted = Linted(uri, named, text, found, Places(text, str(encoding)))
            self.linted[uri] = linted
            diagnostics = self.sent.setdefault(uri, SentDiagnostics()).of(linted)
        except Exception as error:  # noqa: BLE001 - one document's fault never stops the server
            self._log(types.MessageType.Error, f"not linted: {shown(internal_error(error))}")
            self.linted.pop(uri, None)
            self.segmented.pop(uri, None)  # linted whole next time
            self.sent.pop(uri, None)
        self.publish(uri, document.version, diagnostics)

    def publish(self, uri: str, version: int | None, diagnostics: list[str]) -> None:
        """Send the diagnostics of version `version` of `uri`, each given as JSON."""
        params = {"uri": uri} if version is None else {"uri": uri, "version": version}
        head = json.dumps(
            {"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, "params": params}
        )
        # the diagnostics spliced in as the params' last member: {..., "diagnostics": [...]}}
        body = f'{head[:-2]}, "diagnostics": [{",".join(diagnostics)}]}}}}'
        self.protocol.send_json(body)

    def lint_all(self) -> None:
        """Lint every open document again (a configuration changed)."""
        self.configurations.forget()
        self.config_errors.clear()
        for uri in list(self.workspace.text_documents):
            self.lint(uri)

    def _config_error(self, source: str, error: str) -> None:
        """`error` shown once for the configuration `source` (until one changes)."""
        if source in self.config_errors:
            return
        self.config_errors.add(source)
        self.window_show_message(
            types.ShowMessageParams(types.MessageType.Error, f"urlint: {error}")
        )

    def _log(self, kind: types.MessageType, message: str) -> None:
        self.window_log_message(types.LogMessageParams(kind, f"urlint: {message}"))


def is_configuration(uri: str) -> bool:
    """Is the file at `uri` one a configuration is read from?"""
    return os.path.basename(to_fs_path(uri) or uri) in CONFIG_NAMES


def build_server() -> UrlintServer:
    """The language server, its features registered (each answered, `_answered`)."""
    server = UrlintServer()
    feature = _registrar(server)

    @feature(types.INITIALIZED)
    def initialized(ls: UrlintServer, params: types.InitializedParams) -> None:
        # The configuration files watched, where the client lets a server ask for it.
        watched = ls.client_capabilities.workspace
        changes = watched.did_change_watched_files if watched is not None else None
        if changes is None or not changes.dynamic_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=f"**/{name}") for name in CONFIG_NAMES]
        )
        ls.client_register_capability(
            types.RegistrationParams(
                registrations=[
                    types.Registration(
                        id="urlint-configuration",
                        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                        register_options=options,
                    )
                ]
            )
        )

    @feature(types.SHUTDOWN)
    def shutdown(ls: UrlintServer, params: None) -> None:
        ls.shut_down = True

    @feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: UrlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.lint(params.text_document.uri)

    @feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: UrlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.lint(params.text_document.uri)

    @feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: UrlintServer, params: types.DidSaveTextDocumentParams) -> None:
        if is_configuration(params.text_document.uri):
            ls.lint_all()

    @feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: UrlintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.linted.pop(uri, None)
        ls.segmented.pop(uri, None)
        ls.sent.pop(uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    @feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched(ls: UrlintServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(is_configuration(change.uri) for change in params.changes):
            ls.lint_all()

    @feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    def code_action(ls: UrlintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        linted = ls.linted.get(params.text_document.uri)
        if linted is None:
            return []
        return code_actions(linted, params.range, params.context.only)

    @feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: UrlintServer, params: types.HoverParams) -> types.Hover | None:
        linted = ls.linted.get(params.text_document.uri)
        if linted is None:
            return None
        return rule_pages(linted, params.position, _markdown(ls))

    return server


def _markdown(server: UrlintServer) -> bool:
    """Does the client show a hover written in Markdown (the rule pages are)?"""
    document = server.client_capabilities.text_document
    hover = document.hover if document is not None else None
    formats = hover.content_format if hover is not None else None
    return bool(formats) and types.MarkupKind.Markdown in formats  # type: ignore[operator]


def code_actions(
    linted: Linted, asked: types.Range, only: Sequence[str] | None
) -> list[types.CodeAction]:
    """The code actions for the findings `asked` touches: for each, its fix and its ignore
    comment where `check` would make them; and the fix of every finding in the document."""
    places = linted.places
    low = places.offset_at(asked.start.line, asked.start.character)
    high = places.offset_at(asked.end.line, asked.end.character)
    actions: list[types.CodeAction] = []
    wanted_quick = _wanted(only, types.CodeActionKind.QuickFix.value)
    for finding in linted.findings:
        start, end = places.span_offsets(finding)
        if not (start <= high and low <= end) or not wanted_quick:
            continue
        diagnostic = [_as_diagnostic(linted, finding)]
        if finding.fix is not None:
            replacements = fix_replacements(linted.text, [finding])
            if replacements:
                actions.append(
                    _action(
                        linted,
                        f"urlint: {shown(finding.fix.description)} ({finding.code})",
                        types.CodeActionKind.QuickFix,
                        replacements,
                        diagnostic,
                        preferred=True,
                    )
                )
        ignore = ignore_replacement(linted.path, linted.text, finding)
        if ignore is not None:
            actions.append(
                _action(
                    linted,
                    f"urlint: ignore {finding.code} on this line",
                    types.CodeActionKind.QuickFix,
                    [ignore],
                    diagnostic,
                )
            )
    if _wanted(only, FIX_ALL) and any(f.fix is not None for f in linted.findings):
        replacements = fix_replacements(linted.text, linted.findings)
        if replacements:
            actions.append(
                _action(linted, "urlint: fix every safe fix", FIX_ALL, replacements, None)
            )
    return actions


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Does a request for the kinds `only` (None: any) take actions of `kind`? A kind takes
    in those below it ("source" takes "source.fixAll.urlint")."""
    asked = [str(getattr(each, "value", each)) for each in only or ()]  # an enum, or its value
    return only is None or any(kind == each or kind.startswith(f"{each}.") for each in asked)


def _as_diagnostic(linted: Linted, finding: Finding) -> types.Diagnostic:
    """`finding` as the editor is sent it: its message (masked), code and severity."""
    return types.Diagnostic(
        range=linted.finding_range(finding),
        message=finding.message,
        severity=_SEVERITIES[finding.severity],
        code=finding.code,
        source=SOURCE,
    )


def _action(
    linted: Linted,
    title: str,
    kind: str,
    replacements: list[tuple[int, int, str]],
    diagnostics: list[types.Diagnostic] | None,
    preferred: bool | None = None,
) -> types.CodeAction:
    edits = [
        types.TextEdit(range=linted.replacement_range(start, end), new_text=new)
        for start, end, new in replacements
    ]
    return types.CodeAction(
        title=title,
        kind=kind,
        diagnostics=diagnostics,
        edit=types.WorkspaceEdit(changes={linted.uri: edits}),
        is_preferred=preferred,
    )


def rule_pages(linted: Linted, at: types.Position, markdown: bool) -> types.Hover | None:
    """The pages (`urlint rule CODE`) of the rules of the findings at `at`; None for none."""
    from ..linter.rules.catalogue import rules_by_code
    from ..linter.rules.pages import rule_page

    places = linted.places
    offset = places.offset_at(at.line, at.character)
    codes: list[str] = []
    first: Finding | None = None
    for finding in linted.findings:
        start, end = places.span_offsets(finding)
        if start <= offset < end or start == end == offset:
            if finding.code not in codes:
                codes.append(finding.code)
                first = first or finding
    if first is None:
        return None
    catalogue = rules_by_code()
    pages = [rule_page(catalogue[code]) for code in codes if code in catalogue]
    if not pages:
        return None
    kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
    return types.Hover(
        contents=types.MarkupContent(kind=kind, value="\n".join(pages)),
        range=linted.finding_range(first),
    )


def _registrar(server: UrlintServer) -> Callable[..., Callable[[Callable[..., Any]], Any]]:
    """`server.feature`, each handler it registers `_answered`."""

    def feature(*names: Any) -> Callable[[Callable[..., Any]], Any]:
        def register(handler: Callable[..., Any]) -> Any:
            return server.feature(*names)(_answered(handler))

        return register

    return feature


def _answered(handler: Callable[..., Any]) -> Callable[..., Any]:
    """`handler`, its fault sent to the client as one line (an internal error and its
    reason, shown masked), never as the traceback pygls would put in the error's data."""
    import functools

    from pygls.exceptions import JsonRpcException, JsonRpcInternalError

    @functools.wraps(handler)
    def answered(*args: Any) -> Any:
        try:
            return handler(*args)
        except JsonRpcException:
            raise
        except Exception as error:  # noqa: BLE001 - said to the client in one line
            raise JsonRpcInternalError(message=shown(internal_error(error))) from None

    return answered


# The most a message may declare it holds: 64 MB (a document past it is not an editor's).
# A larger length is a garbled stream's: reading it would take the server's memory.
MAX_MESSAGE = 64 * 1024 * 1024


class BoundedInput:
    """The client's stream as pygls reads it: a message that declares more than
    MAX_MESSAGE is not read, but said in one line on standard error, and the stream read
    on from the next header, so that the next request is answered."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._skipping = False

    def readline(self) -> bytes:
        line = self._stream.readline()
        while self._skipping and line:
            header = line.find(b"Content-Length:")
            if header >= 0:
                self._skipping = False
                return line[header:]
            line = self._stream.readline()
        return line

    def read(self, size: int = -1) -> bytes:
        if size <= MAX_MESSAGE:
            return self._stream.read(size)
        print(
            f"urlint server: a message of {size} bytes declared, more than {MAX_MESSAGE}: "
            "not read, the stream read on from the next header",
            file=sys.stderr,
            flush=True,
        )
        self._skipping = True
        # what pygls reads instead: a notification no one handles, so that it goes on
        return b'{"jsonrpc": "2.0", "method": "$/urlint/skipped", "params": null}'

    def close(self) -> None:
        self._stream.close()


class _OneLine(logging.Formatter):
    """pygls's log records as urlint says things: one line each, its exception's reason
    without the traceback, shown masked (a record may quote a message's parameters)."""

    def format(self, record: logging.LogRecord) -> str:
        lines = [line for line in record.getMessage().splitlines() if line.strip()] or [""]
        # a traceback written into the message (pygls's "Unable to deserialize message"):
        # its first line and its exception's
        said = lines[0] if len(lines) == 1 else f"{lines[0]}: {lines[-1]}"
        fault = record.exc_info[1] if record.exc_info else None
        if isinstance(fault, Exception):
            said = f"{said}: {internal_error(fault)}"
        return "urlint server: " + shown(" ".join(said.split()))


def _log_in_one_line() -> None:
    """pygls's warnings and errors on standard error, a line each (_OneLine)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    log = logging.getLogger("pygls")
    log.addHandler(handler)
    log.setLevel(logging.WARNING)
    log.propagate = False


def serve() -> int:
    """Run the language server over standard input and output until the client ends it.

    The exit status the protocol asks for: 0 where the client asked the server to shut down
    before it exits, else 1. The protocol's stream is a copy of standard output, which then
    goes to standard error: a stray write (a warning printed) never lands in the middle of a
    message, and the command's own flush at its end finds it open."""
    _log_in_one_line()
    server = build_server()
    incoming = os.fdopen(os.dup(0), "rb")
    outgoing = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    server.start_io(BoundedInput(incoming), outgoing)  # type: ignore[arg-type]  # its reads
    return EXIT_OK if server.shut_down else EXIT_ERROR_LSP
