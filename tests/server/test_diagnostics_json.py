"""A diagnostic's JSON as the server writes it is the JSON pygls's converter makes of it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pygls")

from pygls.protocol import default_converter  # noqa: E402

from urlint import Settings  # noqa: E402
from urlint.server.documents import UTF8, UTF16, UTF32, Places, document_findings  # noqa: E402
from urlint.server.lsp import Linted, _as_diagnostic, _diagnostic_json  # noqa: E402

from ..helpers import examples  # noqa: E402

CONVERTER = default_converter()

# A password (masked in the message), a character past the BMP before a URL (two UTF-16
# units), a non-ASCII message (an IDN host), a "\r" line end, a URL wrapped over two lines.
TEXT = (
    "see ftp://joe:s3cret@ftp.example.org/pub\r\n"
    "\U0001f600 http://exa mple.org/a b and http://bücher.example/ä\n"
    "<URL:http://www.example.org/a-very-long-\n"
    " path/file.html> and http://x.org/{id}\n"
)


def _linted(text: str, encoding: str, path: str = "notes.txt") -> Linted:
    findings = document_findings(Settings.from_mapping({"select": ["ALL"]}), path, text)
    assert not isinstance(findings, str)
    return Linted("file:///w/" + path, path, text, findings, Places(text, encoding))


def test_a_diagnostic_is_written_as_the_converter_writes_it():
    linted = _linted(TEXT, UTF16)
    assert len(linted.findings) >= 5
    for finding in linted.findings:
        written = _diagnostic_json(linted, finding)
        assert json.loads(written) == CONVERTER.unstructure(_as_diagnostic(linted, finding))
        assert written.isascii()


def test_a_password_s_diagnostic_is_written_at_its_place():
    linted = _linted("see ftp://joe:s3cret@ftp.example.org/pub\n", UTF16)
    written = [json.loads(_diagnostic_json(linted, finding)) for finding in linted.findings]
    assert written == [
        {
            "range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 13}},
            "message": "a user name in the URL",
            "severity": 3,
            "code": "P502",
            "source": "urlint",
        },
        {
            "range": {"start": {"line": 0, "character": 14}, "end": {"line": 0, "character": 20}},
            "message": "a password in the URL: never write one (section 6)",
            "severity": 1,
            "code": "P501",
            "source": "urlint",
        },
    ]


@given(
    st.lists(
        st.sampled_from(
            ["http://a.org/x y", "ftp://u:p@h/", "\U0001f600", "é", "\r\n", "\n", " ", "<URL:", ">"]
        ),
        max_size=12,
    ),
    st.sampled_from([UTF8, UTF16, UTF32]),
)
@settings(max_examples=examples(40), deadline=None)
def test_any_document_s_diagnostics_are_the_converter_s(pieces, encoding):
    linted = _linted("".join(pieces), encoding)
    for finding in linted.findings:
        assert json.loads(_diagnostic_json(linted, finding)) == CONVERTER.unstructure(
            _as_diagnostic(linted, finding)
        )
