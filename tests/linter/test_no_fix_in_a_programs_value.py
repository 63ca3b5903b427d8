"""`check --fix` and `check --add-ignore` where text is a program's value or shown as written:
Rust's and C++'s raw strings, Java's text blocks, shell here-documents, YAML block scalars, a
string after a JavaScript regular expression that looks like a comment's start, a Python
3.12 f-string whose quotes nest, JSON5's single-quoted strings, AsciiDoc's monospace,
passthroughs and literal and listing blocks. The URL is linted, no fix is offered there,
and no ignore comment is written inside one (linter.fixable decides both); a line after the
construct is prose again, and fixed.

The files are the reliability review's shapes (../shared/reviews/reliability-repro-2026-
11-26b.sh), each with a comment after its construct closes."""

from __future__ import annotations

import pytest

from ..helpers import run

FILES = {
    "a.rs": 'const JS: &str = r#"\n  var s = "x"; // docs: http://example.com/~fred/\n"#;\n'
    "// after http://example.com/~g/\n",
    "T.java": 'class T { String s = """\n    <script>var x = 1; // see http://example.com/~fred/\n'
    '    """; } // after http://example.com/~g/\n',
    "a.cpp": 'const char *js = R"(\nvar x = 1; // see http://example.com/~fred/\n)";\n'
    "// after http://example.com/~g/\n",
    "a.sh": "cat <<\\EOF\n# see http://example.com/~fred/\nEOF\ncat <<END-DATA\n"
    "# also http://example.com/~fred/\nEND-DATA\n# after http://example.com/~g/\n",
    "a.yaml": "anchored: &note |\n  see the page # http://example.com/~fred/\n"
    "tagged: !!str |\n  echo hi # http://example.com/~fred/\n# after http://example.com/~g/\n",
    "a.js": "const line = '\"x';\nif (line.length) /^\"/.test(line) && "
    'console.log("see // http://example.com/~fred/");\n// after http://example.com/~g/\n',
    "a.json5": "{ note: 'see // http://example.com/~fred/' }\n",
    "a.py": 'd = {"#": "k"}\nprint(f"{d["#"]} http://example.com/~fred/")\n'
    "# after http://example.com/~g/\n",
    "a.adoc": "= T\n\n literal paragraph http://example.com/~a/\n\n"
    "Run `curl http://example.com/~b/` now, +http://example.com/~c/+ and "
    "pass:[http://example.com/~d/].\n\n----\ncurl http://example.com/~e/\n----\n\n"
    "....\nhttp://example.com/~f/\n....\n\n[source,sh]\ncurl http://example.com/~h/\n\n"
    "After http://example.com/~g/ here.\n",
}
LAST_LINES = {name: text.count("\n") for name, text in FILES.items()}


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_fix_changes_only_the_prose_after_each_programs_value(capsys, project):
    code, out, _ = run(capsys, "check", "--select", "C202", *FILES)
    lines = out.splitlines()
    assert [line.split(": C202")[0] for line in lines[:-1]] == [
        "a.rs:2:44", "a.rs:4:29", "T.java:2:50", "T.java:3:40", "a.cpp:2:38", "a.cpp:4:29",
        "a.sh:2:26", "a.sh:5:27", "a.sh:7:28", "a.yaml:2:37", "a.yaml:4:32", "a.yaml:5:28",
        "a.js:2:76", "a.js:3:29", "a.json5:1:36", "a.py:2:37", "a.py:3:28", "a.adoc:3:39",
        "a.adoc:5:30", "a.adoc:5:60", "a.adoc:5:94", "a.adoc:8:25", "a.adoc:12:20",
        "a.adoc:16:25", "a.adoc:18:26",
    ]  # fmt: skip
    assert (code, lines[-1]) == (
        0,
        "Found 25 problems: 25 warnings (8 fixable with --fix; target: RFC 1738).",
    )
    code, out, err = run(capsys, "check", "--select", "C202", "--fix", *FILES)
    assert err == "urlint: fixed 8 problems\n"
    written = {name: (project / name).read_text(encoding="utf-8") for name in FILES}
    assert written == {
        name: text.replace("~g/", "%7Eg/") for name, text in FILES.items()
    }  # each construct as it was; only its file's last comment (or paragraph) fixed


def test_diff_shows_no_change_inside_a_programs_value(capsys, project):
    code, out, _ = run(capsys, "check", "--select", "C202", "--diff", "a.sh", "a.yaml")
    assert out == (
        "--- a/a.sh\n+++ b/a.sh\n@@ -4,4 +4,4 @@\n cat <<END-DATA\n"
        " # also http://example.com/~fred/\n END-DATA\n"
        "-# after http://example.com/~g/\n+# after http://example.com/%7Eg/\n"
        "--- a/a.yaml\n+++ b/a.yaml\n@@ -2,4 +2,4 @@\n"
        "   see the page # http://example.com/~fred/\n tagged: !!str |\n"
        "   echo hi # http://example.com/~fred/\n"
        "-# after http://example.com/~g/\n+# after http://example.com/%7Eg/\n"
    )


def test_add_ignore_writes_no_comment_inside_a_programs_value(capsys, project):
    code, _, err = run(capsys, "check", "--select", "C202", "--add-ignore", *FILES)
    assert (code, err.splitlines()) == (
        0,
        [
            "urlint: a.rs:2: C202: no ignore comment: the line ends inside a raw string: a "
            "comment there would be part of it",
            "urlint: T.java:2: C202: no ignore comment: the line ends inside a text block: a "
            "comment there would be part of it",
            "urlint: a.cpp:2: C202: no ignore comment: the line ends inside a raw string: a "
            "comment there would be part of it",
            "urlint: a.sh:2: C202: no ignore comment: the line ends inside a here-document: "
            "a comment there would be part of it",
            "urlint: a.sh:5: C202: no ignore comment: the line ends inside a here-document: "
            "a comment there would be part of it",
            "urlint: a.yaml:2: C202: no ignore comment: the line ends inside a YAML block "
            "scalar: a comment there would be part of it",
            "urlint: a.yaml:4: C202: no ignore comment: the line ends inside a YAML block "
            "scalar: a comment there would be part of it",
            "urlint: a.json5:1: C202: no ignore comment: JSON has no comments",
            *(
                f"urlint: a.adoc:{line}: C202: no ignore comment: an AsciiDoc comment is a "
                "line of its own"
                for line in (3, 5, 5, 5, 8, 12, 16, 18)
            ),
            "urlint: added 9 ignore comments",
        ],
    )
    written = {name: (project / name).read_text(encoding="utf-8") for name in FILES}
    # after the code that closes each construct, and after each comment: where a comment
    # means what it says
    assert written["a.js"].splitlines()[1].endswith('");  // urlint: ignore[C202]')
    assert written["a.py"].splitlines()[1] == (
        'print(f"{d["#"]} http://example.com/~fred/")  # urlint: ignore[C202]'
    )
    for name in ("a.rs", "T.java", "a.cpp", "a.sh", "a.yaml"):
        lines = written[name].splitlines()
        assert lines[:-1] == FILES[name].splitlines()[:-1], name  # the construct untouched
        assert lines[-1].endswith("/~g/  # urlint: ignore[C202]") or lines[-1].endswith(
            "/~g/  // urlint: ignore[C202]"
        ), name
    assert written["a.json5"] == FILES["a.json5"] and written["a.adoc"] == FILES["a.adoc"]


def test_a_directive_inside_a_programs_value_is_not_merged_into(capsys, tmp_path, monkeypatch):
    """A here-document's line that holds `urlint: ignore[...]` is the program's text: the
    codes of its other findings are not added to it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "urlint.toml").write_text("")
    text = "cat <<EOF\n# http://example.com/~a/|b  # urlint: ignore[C201]\nEOF\n"
    (tmp_path / "a.sh").write_text(text)
    assert run(capsys, "check", "--add-ignore", "a.sh") == (
        0,
        "",
        "urlint: a.sh:2: C202: no ignore comment: the line ends inside a here-document: "
        "a comment there would be part of it\nurlint: added 0 ignore comments\n",
    )
    assert (tmp_path / "a.sh").read_text() == text
