"""The markdown format of `urlint check` (output/markdown.py): a job summary a person reads,
its counts, its first findings, its links, and nothing in a file read as Markdown or HTML."""

from __future__ import annotations

import io

import pytest

from urlint.commands.cli import main
from urlint.core.findings import Finding, Severity
from urlint.core.model import Position, Span
from urlint.output.markdown import FIRST_SHOWN, escaped, filled, write_markdown

SECRET = "s3cretpw"
HEAD = "| rule | name | severity | findings |\n|---|---|---|---:|\n"
LIST = "| where | rule | message |\n|---|---|---|\n"


def _finding(code: str, severity: Severity, line: int, path: str = "docs/a.md", message="m"):
    at = Span(Position(line, 3), Position(line, 4))
    return Finding(code, f"name-of-{code}", severity, message, at, path)


def _written(findings, **links) -> str:
    out = io.StringIO()
    write_markdown(findings, out, "RFC 1738", **links)
    return out.getvalue()


def test_no_findings_says_so():
    assert _written([]) == "## urlint: no findings\n\nEvery URL passes against RFC 1738.\n"


def test_counts_by_severity_and_rule_errors_first_then_the_findings():
    found = [
        _finding("C202", Severity.WARNING, 1),
        _finding("P501", Severity.ERROR, 2),
        _finding("C202", Severity.WARNING, 3),
        _finding("X106", Severity.INFO, 4),
    ]
    assert _written(found) == (
        "## urlint: 4 findings (1 error, 2 warnings, 1 info)\n\n"
        "Linted against RFC 1738.\n\n" + HEAD + "| P501 | name-of-P501 | error | 1 |\n"
        "| C202 | name-of-C202 | warning | 2 |\n"
        "| X106 | name-of-X106 | info | 1 |\n\n"
        "All findings:\n\n" + LIST + "| docs/a.md:2:3 | P501 | m |\n"
        "| docs/a.md:1:3 | C202 | m |\n"
        "| docs/a.md:3:3 | C202 | m |\n"
        "| docs/a.md:4:3 | X106 | m |\n"
    )


def test_the_first_findings_are_listed_the_most_severe_first_and_the_rest_counted():
    found = [_finding("C202", Severity.WARNING, n) for n in range(1, FIRST_SHOWN + 8)]
    found.append(_finding("P501", Severity.ERROR, 999))  # found last, listed first
    text = _written(found)
    assert text.startswith(
        f"## urlint: {FIRST_SHOWN + 8} findings (1 error, {FIRST_SHOWN + 7} warnings)"
    )
    listed = text[text.index(f"The first {FIRST_SHOWN} findings, the most severe first:") :]
    rows = [line for line in listed.splitlines() if line.startswith("| docs/a.md:")]
    assert rows[:2] == ["| docs/a.md:999:3 | P501 | m |", "| docs/a.md:1:3 | C202 | m |"]
    assert len(rows) == FIRST_SHOWN
    assert text.endswith("\nand 8 more (the full list: the SARIF report or the log).\n")


def test_links_to_the_rule_pages_and_the_lines_each_value_encoded():
    found = [
        _finding("C202", Severity.WARNING, 7, path="./docs/a b(1).md"),
        _finding("C202", Severity.WARNING, 8, path="/elsewhere/x.md"),  # outside: no link
    ]
    text = _written(
        found,
        rule_pages="https://h.example/rules/{code}.md",
        source_links="https://h.example/blob/c0ffee/{path}#L{line}",
    )
    assert "| [C202](https://h.example/rules/C202.md) | name-of-C202 | warning | 2 |\n" in text
    assert (
        "| [./docs/a b(1).md:7:3](https://h.example/blob/c0ffee/docs/a%20b%281%29.md#L7) "
        "| [C202](https://h.example/rules/C202.md) | m |\n"
    ) in text
    assert "| /elsewhere/x.md:8:3 | [C202](https://h.example/rules/C202.md) | m |\n" in text


def test_a_value_is_never_read_as_a_name():
    assert filled("u/{path}/{line}", path="{line}", line="3") == "u/%7Bline%7D/3"


def test_nothing_a_file_holds_reads_as_markdown_or_html():
    message = "a | b `c` *d* _e_ [f](g) <script>x</script> ~~h~~ &amp;\nnext"
    assert escaped(message) == (
        "a \\| b \\`c\\` \\*d\\* \\_e\\_ \\[f\\](g) &lt;script&gt;x&lt;/script&gt; "
        "\\~\\~h\\~\\~ &amp;amp; next"
    )


def test_a_run_writes_it_and_never_a_password(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(f"see ftp://fred:{SECRET}@ftp.example.com/a|b\n")
    assert main(["check", "--isolated", "--format", "markdown", "notes.txt"]) == 1
    out = capsys.readouterr().out
    assert SECRET not in out
    assert out == (
        "## urlint: 2 findings (2 errors)\n\nLinted against RFC 1738.\n\n"
        + HEAD
        + "| C201 | unsafe-character | error | 1 |\n"
        "| P501 | embedded-password | error | 1 |\n\n"
        "All findings:\n\n"
        + LIST
        + "| notes.txt:1:16 | P501 | a password in the URL: never write one (section 6) |\n"
        "| notes.txt:1:42 | C201 | unsafe character '\\|': write it as %7C |\n"
    )


def test_a_template_without_its_name_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as ended:
        main(["check", "--rule-pages", "https://h.example/rules/", "."])
    assert ended.value.code == 2
    assert capsys.readouterr().err.endswith(
        "argument --rule-pages: 'https://h.example/rules/' holds no {code}\n"
    )
