"""A script named without an extension is read in the language its `#!` line names.

Scripts in bin/ and test/ directories are often named so (nvm-sh/nvm's test/fast/Unit
tests/*, rbenv's libexec/*): read as running text, a comment's URL was joined with the next
line as a hard-wrapped mail line is, and a string's placeholder went unmarked."""

from __future__ import annotations

import pytest

import urlint
from urlint.scanner.syntax import Syntax, syntax_of_script
from urlint.sources.kinds import file_syntax


@pytest.mark.parametrize(
    ("line", "syntax"),
    [
        (b"#!/bin/sh\n", Syntax.SHELL),
        (b"#! /bin/bash -e\n", Syntax.SHELL),
        (b"#!/usr/bin/env zsh\n", Syntax.SHELL),
        (b"#!/usr/bin/env -S python3.11 -u\n", Syntax.PYTHON),
        (b"#!/usr/bin/env PYTHONDONTWRITEBYTECODE=1 python\n", Syntax.PYTHON),
        (b"#!/usr/local/bin/node\n", Syntax.JAVASCRIPT),
        # not a language read as code here: a kind not read, never fixed
        (b"#!/usr/bin/perl -w\n", Syntax.OTHER),
        (b"#!/usr/bin/env ruby\n", "ruby"),
        (b"#!\n", Syntax.OTHER),
        (b"# just a comment\n", None),
        (b"", None),
    ],
)
def test_the_interpreter_line_names_the_syntax(line: bytes, syntax: Syntax | None) -> None:
    assert syntax_of_script(line) is syntax


@pytest.mark.parametrize(
    ("name", "syntax"),
    [
        ("run", "shell"),
        ("dir.d/run", "shell"),
        ("run.sh", "shell"),
        ("run.txt", "text"),
        ("run.md", "markdown"),
        ("Makefile", "shell"),
        ("NEWS", "shell"),
    ],
)
def test_only_a_name_without_an_extension_is_read_by_its_first_line(
    tmp_path, name: str, syntax: str
) -> None:
    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(b"#!/bin/sh\n")
    assert file_syntax(str(path)) == syntax


def test_a_file_without_an_extension_is_read_as_its_interpreter_line_says(tmp_path) -> None:
    script = tmp_path / "nvm_change_path"
    script.write_bytes(
        b"#!/bin/sh\n"
        b"# https://github.com/nvm-sh/nvm/issues/1652#issuecomment-342571223\n"
        b"MAC_OS_NESTED_SESSION_PATH=/usr/bin:/usr/local/bin\n"
        b'URL="https://github.com/nvm-sh/nvm/releases/tag/$EXPECTED_VERSION"\n'
    )
    plain = tmp_path / "NOTES"
    plain.write_bytes(b"see http://example.org/a\n")
    renamed = tmp_path / "run.txt"  # a name that says text is read as text, whatever its #!
    renamed.write_bytes(b"#!/bin/sh\n")

    assert (file_syntax(str(script)), file_syntax(str(plain)), file_syntax(str(renamed))) == (
        "shell",
        "text",
        "text",
    )
    found = [
        (
            f.candidate.url,
            f.candidate.span.start.line,
            f.candidate.context,
            [flag.value for flag in f.candidate.flags],
        )
        for f in urlint.scan_paths([str(script), str(plain)])
    ]
    assert found == [
        ("https://github.com/nvm-sh/nvm/issues/1652#issuecomment-342571223", 2, "comment", []),
        ("https://github.com/nvm-sh/nvm/releases/tag/$EXPECTED_VERSION", 4, "string", ["template"]),
        ("http://example.org/a", 1, None, []),
    ]
