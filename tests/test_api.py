"""The library: `urlint.scan_paths` on one process and on two, records
as plain dicts for `json.dumps` (passwords masked), and the character offsets positions
carry."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import urlint
from urlint import Found, MessageInfo, Position, Problem, ProblemKind, Span, as_dict, scan_paths
from urlint.run.plan import planned_units
from urlint.run.wire import pack, unpack
from urlint.scanner.textpos import line_starts
from urlint.sources.text import SourceText

from .helpers import REPO, examples

MESSAGES = [
    "Message-ID: <1@example.org>\nSubject: see http://h.example/s\n\nhello http://a.example/\n",
    "Message-ID: <2@example.org>\nContent-Type: text/plain\n"
    "Content-Transfer-Encoding: quoted-printable\n\nq=3Dx http://b.example/?a=3Db=\nc end\n",
    "Message-ID: <3@example.org>\nContent-Type: multipart/mixed; boundary=zz\n\n--zz\n"
    "Content-Type: text/plain\n\nftp://fred:secret@c.example/f\n",
    "Message-ID: <4@example.org>\nContent-Type: text/html\n\n"
    '<p><a href="http://d.example/">d</a> and http://e.example/x</p>\n',
]


def _inputs(folder: Path) -> list[str]:
    """An mbox of 12 messages (a header URL, quoted-printable, a password, a damaged
    multipart, HTML), a missing file, a text file (an empty wrapper in it), a binary one."""
    mbox = folder / "list.mbox"
    mbox.write_text(
        "".join(f"From a@example.org Thu Mar  1 03:00:13 2001\n{m}\n" for m in MESSAGES * 3)
    )
    (folder / "notes.txt").write_text("caf\u00e9 <URL:http://f.example/a-\n  b> and <URL:>\n")
    (folder / "data.bin").write_bytes(b"\0\0http://g.example/")
    return [str(folder / name) for name in ("list.mbox", "missing.txt", "notes.txt", "data.bin")]


def _summary(items: list[Found | Problem]) -> list[tuple]:
    summary = []
    for item in items:
        if isinstance(item, Found):
            c, m = item.candidate, item.message
            where = None if m is None else (m.index, m.message_id, m.part, m.source)
            summary.append(
                (
                    Path(item.path).name,
                    c.url,
                    c.line,
                    c.column,
                    c.span.start.offset,
                    c.span.end.offset,
                    where,
                )
            )
        else:
            summary.append((item.kind, Path(item.path).name, item.line))
    return summary


def _message(index: int, line: int) -> list[tuple]:
    """What each copy of MESSAGES gives: message `index` on file line `line`, and the three
    after it: (file, url, line, column, offset, end offset, (message, Message-ID, part,
    source))."""

    def found(url, line, column, start, end, number, part, source):
        message = (index + number, f"<{number + 1}@example.org>", part, source)
        return ("list.mbox", url, line, column, start, end, message)

    return [
        found("http://h.example/s", line + 2, 14, 13, 31, 0, "", "header"),
        found("http://a.example/", line + 4, 7, 6, 23, 0, "1", "text"),
        # offsets into the decoded text: "q=x http://b.example/?a=bc end\n"
        found("http://b.example/?a=bc", line + 11, 7, 4, 26, 1, "1", "text"),
        found("ftp://fred:secret@c.example/f", line + 21, 1, 0, 29, 2, "1", "text"),
        (ProblemKind.MALFORMED, "list.mbox", line + 23),
        # offsets into the text of the HTML ("\nd and http://e.example/x\n\n\n"), and into
        # an attribute's value
        found("http://e.example/x", line + 27, 42, 7, 25, 3, "1", "html-text"),
        found("http://d.example/", line + 27, 13, 0, 17, 3, "1", "html-href"),
    ]


EXPECTED = [
    *_message(1, 1),
    *_message(5, 30),
    *_message(9, 59),
    (ProblemKind.UNREADABLE, "missing.txt", 1),
    # the empty wrapper is no URL; the offsets count characters ("é" is one)
    ("notes.txt", "http://f.example/a-b", 1, 11, 10, 33, None),
    (ProblemKind.BINARY, "data.bin", 1),
]


def test_scan_paths_yields_urls_and_problems_in_order(tmp_path):
    assert _summary(list(scan_paths(_inputs(tmp_path)))) == EXPECTED


@pytest.mark.processes
def test_scan_paths_on_two_processes_gives_what_one_gives(tmp_path, monkeypatch):
    # Small runs of messages: the mbox is read by several workers, each counting its
    # lines and messages from its own start, placed here (each URL's message included).
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", 300)
    paths = _inputs(tmp_path)
    units = [p.unit for p in planned_units(paths, range_bytes=1 << 60, relative=True)]
    runs = [unit for unit in units if type(unit).__name__ == "MessageRun"]
    assert len(runs) >= 2 and all(run.relative for run in runs)
    serial = list(scan_paths(paths))
    assert _summary(serial) == EXPECTED
    assert list(scan_paths(paths, jobs=2)) == serial


@pytest.mark.processes
def test_a_crossposted_article_is_read_once_on_two_processes(tmp_path):
    article = "Newsgroups: a.b,c.d\nMessage-ID: <x@example.org>\n\nhttp://x.example/\n"
    for group in ("a/b", "c/d"):
        (tmp_path / group).mkdir(parents=True)
        (tmp_path / group / "1").write_text(article)
    serial = list(scan_paths(tmp_path))
    assert [(Path(f.path).relative_to(tmp_path).as_posix(), f.candidate.url) for f in serial] == [
        ("a/b/1", "http://x.example/")
    ]
    assert list(scan_paths([tmp_path], jobs=2)) == serial


def test_scan_paths_takes_one_path_a_path_object_and_exclude(tmp_path):
    (tmp_path / "a.txt").write_text("http://a.example/\n")
    (tmp_path / "b.skip").write_text("http://b.example/\n")
    named = str(tmp_path / "a.txt")
    assert [f.candidate.url for f in scan_paths(named)] == ["http://a.example/"]
    assert [f.candidate.url for f in scan_paths(tmp_path, exclude=["*.skip"])] == [
        "http://a.example/"
    ]
    # a path named is always read
    assert [f.candidate.url for f in scan_paths([tmp_path / "b.skip"], exclude=["*.skip"])] == [
        "http://b.example/"
    ]
    with pytest.raises(ValueError, match="jobs must be 1 or more, not 0"):
        scan_paths(named, jobs=0)  # at the call, not at the first URL


def test_a_path_with_a_nul_byte_is_a_problem_in_its_place_not_an_exception(tmp_path):
    (tmp_path / "a.txt").write_text("http://a.example/\n")
    found = list(scan_paths(["bad\0name", tmp_path / "a.txt"]))
    assert [(type(f).__name__, getattr(f, "reason", None)) for f in found] == [
        ("Problem", "a name with a NUL byte is no file name"),
        ("Found", None),
    ]
    assert found[1].candidate.url == "http://a.example/"


def test_file_offsets_index_the_files_decoded_text(tmp_path):
    path = tmp_path / "bom.txt"
    text = "\u00e9t\u00e9\n" * 3 + "see <URL:http://x.example/\n  long> and ftp://y.example/\n"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())  # the byte order mark is no character
    decoded = SourceText.read(str(path))
    assert decoded is not None and decoded.text == text
    spans = [f.candidate.span for f in scan_paths(path)]
    assert [(s.start.offset, s.end.offset) for s in spans] == [(21, 45), (51, 67)]
    assert [text[s.start.offset : s.end.offset] for s in spans] == [
        "http://x.example/\n  long",
        "ftp://y.example/",
    ]


# --- offsets and lines and columns say the same ------------------------------------------

FRAGMENTS = st.sampled_from(
    [
        "http://",
        "ftp://fred:pw@h/",
        "ftp://fred:se",
        "ret@h/",
        "<URL:",
        "<",
        ">",
        "URL=<",
        "mailto:a@b",
        "news:x",
        "x.example/p",
        " ",
        "\n",
        "\r\n",
        "\t",
        "-",
        "> ",
        "a",
        "/",
        "\u00e9",
        "\u2028",
        "(",
        ")",
        ".",
        "\f",
    ]
)


def _addressed(starts: list[int], position: Position) -> int:
    """The offset a line and column address (lines end at "\\n", as the scanner counts)."""
    return starts[position.line - 1] + position.column - 1


@settings(max_examples=examples(500), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FRAGMENTS, max_size=40).map("".join))
@example("see <URL:ftp://ds.in\n  ternic.net/rfc>.")
@example("get ftp://fred:se\nret@h/ now")
def test_offsets_slice_what_lines_and_columns_address(text):
    starts = line_starts(text)
    for candidate in urlint.extract(text):
        start, end = candidate.span
        assert (
            text[start.offset : end.offset]
            == text[_addressed(starts, start) : _addressed(starts, end)]
        )
        others = (candidate.wrapper_span, candidate.continuation, candidate.login_rest)
        for span in filter(None, [*candidate.pieces, *others]):
            assert span.start.offset == _addressed(starts, span.start)
            assert span.end.offset == _addressed(starts, span.end)
        if candidate.wrapper is None and len(candidate.pieces) == 1:  # a bare URL, as it stands
            assert text[start.offset : end.offset] == candidate.url


def test_offsets_of_the_appendix_example():
    text = "see <URL:ftp://ds.in\n  ternic.net/rfc>."
    (candidate,) = urlint.extract(text)
    assert candidate.span == Span(Position(1, 10, 9), Position(2, 17, 37))
    assert [text[p.start.offset : p.end.offset] for p in candidate.pieces] == [
        "ftp://ds.in",
        "ternic.net/rfc",
    ]


# --- what a worker sends back --------------------------------------------------------------


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FRAGMENTS, max_size=40).map("".join))
def test_a_packed_url_unpacks_to_what_was_packed(text):
    for candidate in urlint.scan(text):
        packed = pickle.loads(pickle.dumps(pack("a.txt", candidate, None)))
        assert unpack(packed) == Found("a.txt", candidate, None)


def test_a_packed_url_keeps_its_message(tmp_path):
    (found,) = [f for f in scan_paths(_inputs(tmp_path)[:1]) if isinstance(f, Found)][:1]
    back = unpack(pickle.loads(pickle.dumps(pack(found.path, found.candidate, found.message))))
    assert back == found
    assert isinstance(back.message, MessageInfo) and back.message.message_id == "<1@example.org>"


# --- plain dicts -----------------------------------------------------------------------------


def _span(line, column, offset, end_line, end_column, end_offset):
    return {
        "start": {"line": line, "column": column, "offset": offset},
        "end": {"line": end_line, "column": end_column, "offset": end_offset},
    }


def test_a_candidate_as_a_dict_hides_its_password_even_across_a_line_break():
    (candidate,) = urlint.extract("get ftp://fred:se\nret@h/ now")
    assert candidate.url == "ftp://fred:se" and candidate.login_rest_text == "ret@h/"
    plain = as_dict(candidate)
    assert plain == {
        "url": "ftp://fred:****",
        "span": _span(1, 5, 4, 1, 18, 17),
        "pieces": [_span(1, 5, 4, 1, 18, 17)],
        "wrapper": None,
        "alt": None,
        "flags": [],
        "wrapper_span": None,
        "continuation": None,
        "login_rest": _span(2, 1, 18, 2, 7, 24),
        "login_rest_text": "****@h/",
        "context": None,  # running text
        "placeholders": [],
    }
    assert json.loads(json.dumps(plain)) == plain
    shown = as_dict(candidate, show_passwords=True)
    assert (shown["url"], shown["login_rest_text"]) == ("ftp://fred:se", "ret@h/")


def test_a_wrapped_candidate_as_a_dict():
    (candidate,) = urlint.extract("<URL:ftp://u:pw@h/a-\n b>")
    assert as_dict(candidate) == {
        "url": "ftp://u:****@h/a-b",
        "span": _span(1, 6, 5, 2, 3, 23),
        "pieces": [_span(1, 6, 5, 1, 21, 20), _span(2, 2, 22, 2, 3, 23)],
        "wrapper": "url",
        "alt": "ftp://u:****@h/ab",
        "flags": ["line-break", "hyphen-break"],  # the order of the jsonl output
        "wrapper_span": _span(1, 1, 0, 2, 4, 24),
        "continuation": None,
        "login_rest": None,
        "login_rest_text": "",
        "context": None,
        "placeholders": [],
    }


def test_found_and_problem_as_dicts(tmp_path):
    items = list(scan_paths(_inputs(tmp_path)))
    found = next(i for i in items if isinstance(i, Found) and "fred" in i.candidate.url)
    plain = as_dict(found)
    assert plain["path"] == str(tmp_path / "list.mbox")
    assert plain["candidate"]["url"] == "ftp://fred:****@c.example/f"
    assert plain["message"] == {
        "index": 3,
        "line": 15,
        "message_id": "<3@example.org>",
        "date": None,
        "from": None,
        "part": "1",
        "content_type": "text/plain",
        "source": "text",
        "header": None,
    }
    problem = next(i for i in items if isinstance(i, Problem))
    assert as_dict(problem) == {
        "kind": "malformed",
        "reason": "multipart boundary 'zz' is never closed: read to the end",
        "path": str(tmp_path / "list.mbox"),
        "line": 24,
        "explicit": True,
        "mail": {**plain["message"], "part": "", "content_type": "", "source": "message"},
    }
    assert json.loads(json.dumps([as_dict(i) for i in items])) == [as_dict(i) for i in items]


def test_a_problem_as_a_dict_masks_a_password_in_its_path():
    problem = Problem(ProblemKind.UNREADABLE, "No such file", "ftp://u:pw@h/x.txt", 1)
    assert as_dict(problem) == {
        "kind": "unreadable",
        "reason": "No such file",
        "path": "ftp://u:****@h/x.txt",
        "line": 1,
        "explicit": True,
        "mail": None,
    }


def test_a_finding_as_a_dict():
    (finding,) = urlint.lint("see <URL:ftp://u:pw@h/>\n", select=["P501"])
    assert as_dict(finding) == {
        "code": "P501",
        "name": "embedded-password",
        "severity": "error",
        "message": "a password in the URL: never write one (section 6)",
        "span": _span(1, 18, 17, 1, 20, 19),  # the password's place, never its text
        "path": "",
        "url": "ftp://u:****@h/",
        "fix": None,
        "mail": None,
        "password_spans": [_span(1, 18, 17, 1, 20, 19)],
        "more": [],
    }
    assert "pw" not in json.dumps(as_dict(finding))


def test_as_dict_refuses_what_is_no_record():
    with pytest.raises(TypeError, match="not a urlint record: str"):
        as_dict("http://a.example/")
    assert as_dict(Position(1, 2)) == {"line": 1, "column": 2, "offset": None}


# --- syntaxes --------------------------------------------------------------------------------

CODE = 'HOME = "https://a.example/x"  # see https://b.example/y\n'
KNOWN = (
    "text, python, javascript, go, shell, c-like, yaml, toml, json, properties, markdown, rst, "
    "asciidoc, html, other, and the file kinds read from their rows (urlint.scanner.file_kinds:"
    " haskell, ruby, lua ...)"
)


def test_syntax_is_the_scanners_and_a_name_of_the_package():
    from urlint.scanner.syntax import Syntax

    assert urlint.Syntax is Syntax
    assert "Syntax" in urlint.__all__
    assert urlint.Syntax("python") is urlint.Syntax.PYTHON


@pytest.mark.parametrize("syntax", [urlint.Syntax.PYTHON, "python"])
def test_extract_and_scan_take_a_syntax_or_its_value(syntax):
    for found in (urlint.extract(CODE, syntax=syntax), urlint.scan(CODE, syntax=syntax)):
        assert [(c.url, c.column, c.context) for c in found] == [
            ("https://a.example/x", 9, "string"),
            ("https://b.example/y", 37, "comment"),
        ]


@pytest.mark.parametrize("syntax", [urlint.Syntax.TEXT, "text"])
def test_running_text_is_the_default_syntax(syntax):
    assert urlint.extract(CODE, syntax=syntax) == urlint.extract(CODE)
    assert [(c.url, c.context) for c in urlint.extract(CODE)] == [
        ("https://a.example/x", None),
        ("https://b.example/y", None),
    ]


@pytest.mark.parametrize(
    "syntax", [s for s in urlint.Syntax if s is not urlint.Syntax.TABLE] + ["haskell", "ruby"]
)
def test_every_syntax_reads_a_url(syntax):
    assert [c.url for c in urlint.extract("see https://a.example/x\n", syntax=syntax)] == [
        "https://a.example/x"
    ]


@pytest.mark.parametrize(
    ("syntax", "shown"),
    [
        ("klingon", "'klingon'"),
        ("Python", "'Python'"),
        ("", "''"),
        (3, "3"),
        (None, "None"),
        ("table", "'table'"),  # a family, not a kind: name the kind
    ],
)
def test_an_unknown_syntax_is_a_value_error_naming_the_known_ones(syntax, shown):
    message = f"unknown syntax {shown}: the known ones are {KNOWN}"
    for read in (urlint.extract, urlint.scan):
        with pytest.raises(ValueError) as refused:
            read("see https://a.example/x", syntax=syntax)
        assert str(refused.value) == message


@pytest.mark.processes
def test_the_package_loads_a_name_when_it_is_first_used():
    """`import urlint` loads none of its modules; `urlint.Syntax` the scanner's, not the
    file readers (the pipeline) nor the store."""
    code = (
        "import sys, urlint\n"
        "before = sorted(m for m in sys.modules if m.startswith('urlint.'))\n"
        "urlint.Syntax\n"
        "after = set(m for m in sys.modules if m.startswith('urlint.'))\n"
        "print(before, 'urlint.scanner.syntax' in after, 'urlint.pipeline' in after,"
        " 'urlint.api' in after)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=REPO
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "[] True False False\n", "")


def test_every_name_the_package_exports_is_its_modules_own():
    import importlib

    assert sorted(urlint.__all__) == sorted(urlint._EXPORTS)
    for name in urlint.__all__:
        module = importlib.import_module(f"urlint.{urlint._EXPORTS[name]}")
        assert getattr(urlint, name) is getattr(module, name)
    from urlint.core.exits import ConfigError
    from urlint.linter.config import Settings

    assert (urlint.check_paths, urlint.Settings, urlint.ConfigError) == (
        urlint.api_paths.check_paths,
        Settings,
        ConfigError,
    )


def test_every_public_annotation_resolves_at_run_time():
    """Documentation generators, CLI builders and validators read the hints:
    `typing.get_type_hints` of every name the package exports, and of its classes' public
    methods, names only what the run time binds (it raised NameError for `Target`,
    `PathArg`, `Syntax` and `Any`)."""
    import inspect
    import typing

    failed = []
    for name in urlint.__all__:
        exported = getattr(urlint, name)
        functions = [(name, exported)] if callable(exported) else []
        if inspect.isclass(exported):
            for member, value in vars(exported).items():
                value = value.fget if isinstance(value, property) else value
                value = getattr(value, "__func__", value)
                if not member.startswith("_") and inspect.isfunction(value):
                    functions.append((f"{name}.{member}", value))
        for label, function in functions:
            try:
                typing.get_type_hints(function)
            except Exception as error:  # noqa: BLE001 - each is listed
                failed.append((label, repr(error)))
    assert failed == []
    hints = typing.get_type_hints(urlint.lint)
    assert hints["target"] == typing.Literal["rfc1738", "rfc3986"] | None
    assert typing.get_type_hints(urlint.check_paths)["engine"] == typing.Literal["local", "dask"]
