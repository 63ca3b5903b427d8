"""A real Language Server Protocol client for the tests: pytest-lsp's, starting `python -m
urlint server` as an editor starts it, and recording what the server sends."""

from __future__ import annotations

import asyncio
import sys

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER = [sys.executable, "-m", "urlint", "server"]


class Client(LanguageClient):
    """pytest-lsp's client, keeping every diagnostics notification and registration."""

    published: list[types.PublishDiagnosticsParams]
    registrations: list[types.Registration]
    heard: asyncio.Event

    async def diagnostics_of(self, uri: str, version: int) -> list[types.Diagnostic]:
        """The diagnostics the server sends for version `version` of `uri`, once sent."""
        while True:
            for params in reversed(self.published):
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            self.heard.clear()
            await self.heard.wait()

    async def next_diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The diagnostics of the next notification about `uri` from now on."""
        seen = len(self.published)
        while True:
            for params in self.published[seen:]:
                if params.uri == uri:
                    return list(params.diagnostics)
            self.heard.clear()
            await self.heard.wait()


def _published(client: Client, params: types.PublishDiagnosticsParams) -> None:
    client.published.append(params)
    client.diagnostics[params.uri] = params.diagnostics
    client.heard.set()


def _register(client: Client, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def make_client() -> Client:
    client = Client(converter_factory=default_converter)
    client.published, client.registrations, client.heard = [], [], asyncio.Event()
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _published
    features[types.CLIENT_REGISTER_CAPABILITY] = _register
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


def capabilities() -> types.ClientCapabilities:
    """What a client such as VS Code says it can do, of what the server asks."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(
            position_encodings=[types.PositionEncodingKind.Utf16]
        ),
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
        ),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown])
        ),
    )
