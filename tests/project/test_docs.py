"""The documentation cannot drift: the generated reference is current, every relative link
leads somewhere, and the public contracts it lists are the ones urlint keeps.

The site itself is built by `mkdocs build --strict` in .ci/run (the docs extra); these tests
need no MkDocs."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest

from ..helpers import REPO, run


def _reference_tool() -> ModuleType:
    """tools/reference.py, the script that writes the generated pages, loaded by its path."""
    spec = importlib.util.spec_from_file_location("reference_tool", REPO / "tools/reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = _reference_tool()
# The pages depend on the sources alone, never on the folder stale() or write() is given:
# made once for every test here, not at each call of stale() and write().
reference.pages = functools.cache(reference.pages)

# --- the generated pages --------------------------------------------------------------------


def test_the_generated_reference_pages_are_current():
    assert reference.stale(REPO) == [], "run `python tools/reference.py` and commit the pages"


def test_a_changed_page_and_a_page_of_no_rule_are_stale(tmp_path):
    pages = reference.pages()
    for path, text in pages.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert reference.stale(tmp_path) == []

    (tmp_path / "docs/reference/rules/C201.md").write_text("# C201 edited by hand\n")
    (tmp_path / "docs/reference/rules/Z999.md").write_text("# a rule that is gone\n")
    (tmp_path / "docs/reference/commands.md").unlink()
    assert reference.stale(tmp_path) == [
        Path("docs/reference/commands.md"),
        Path("docs/reference/rules/C201.md"),
        Path("docs/reference/rules/Z999.md"),
    ]
    assert sorted(reference.write(tmp_path)) == [
        Path("docs/reference/commands.md"),
        Path("docs/reference/rules/C201.md"),
        Path("docs/reference/rules/Z999.md"),
    ]
    assert reference.stale(tmp_path) == []
    assert not (tmp_path / "docs/reference/rules/Z999.md").exists()


def test_the_command_reference_has_every_command_and_option():
    from urlint.commands.cli import COMMANDS, build_parser

    page = (REPO / "docs/reference/commands.md").read_text(encoding="utf-8")
    for name in COMMANDS:
        assert f"\n## `urlint {name}`\n" in page
    parser = build_parser()
    subcommands = reference._subcommands(parser)
    for name, sub in subcommands.items():
        section = page.split(f"\n## `urlint {name}`\n", 1)[1].split("\n## ", 1)[0]
        for action in sub._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in section, (name, option)


def test_a_rule_page_shows_its_example_as_written():
    page = (REPO / "docs/reference/rules/X105.md").read_text(encoding="utf-8")
    assert "## Use instead\n\n```text\nsee <URL:http://example.com/very/long/\n" in page
    assert reference.escape("<URL:x> a_b *c* `<URL:y>`") == (
        "&lt;URL:x&gt; a\\_b \\*c\\* `<URL:y>`"
    )


# --- links ----------------------------------------------------------------------------------

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_CODE_SPAN = re.compile(r"(`+).+?\1", re.S)
_LINK = re.compile(r"\]\(([^()\s]+)\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


def _prose(markdown: str) -> str:
    """The text where a link is a link: code blocks, code spans and comments left out."""
    return _CODE_SPAN.sub("", _COMMENT.sub("", _FENCE.sub("", markdown)))


def _heading_text(heading: str) -> str:
    """A heading as shown: its links' text, its code spans' content, no emphasis."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    return text.replace("`", "").replace("*", "")


def mkdocs_slug(heading: str) -> str:
    """The anchor MkDocs gives a heading (Python-Markdown's toc.slugify)."""
    text = unicodedata.normalize("NFKD", _heading_text(heading))
    text = re.sub(r"[^\w\s-]", "", text.encode("ascii", "ignore").decode()).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading (github-slugger: punctuation dropped, each space a
    hyphen)."""
    text = re.sub(r"[^\w\- ]", "", _heading_text(heading).strip().lower())
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """The anchors a page has that GitHub and MkDocs both give the same way."""
    found = set()
    for heading in _HEADING.findall(_FENCE.sub("", markdown)):
        if mkdocs_slug(heading) == github_slug(heading):
            found.add(mkdocs_slug(heading))
    return found


def broken_links(root: Path, pages: list[Path]) -> list[str]:
    """Each relative link of `pages` that leads to no file, or to no heading of its file."""
    broken = []
    for page in pages:
        for target in _LINK.findall(_prose(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # a URL: never visited
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(root)}: {target}"
            if not file.is_file():
                broken.append(f"{where}: no such file")
            elif anchor and file.suffix == ".md":
                if anchor not in anchors(file.read_text(encoding="utf-8")):
                    broken.append(f"{where}: no such heading")
    return broken


def documentation() -> list[Path]:
    return [REPO / "README.md", REPO / "CONTRIBUTING.md", *sorted((REPO / "docs").rglob("*.md"))]


def test_every_relative_link_in_the_documentation_resolves():
    assert broken_links(REPO, documentation()) == []


def test_a_link_to_no_file_or_no_heading_is_broken(tmp_path):
    (tmp_path / "a.md").write_text(
        "# A page\n\n## `urlint extract`: jsonl format\n\n"
        "[ok](b.md) [ok](b.md#the-reports-tables) [ok](#urlint-extract-jsonl-format)\n"
        "[gone](c.md) [no heading](b.md#nope) [differs on GitHub](b.md#a-b)\n"
        "`[in code](d.md)` [web](https://example.org/x)\n\n```\n[in a block](e.md)\n```\n"
    )
    (tmp_path / "b.md").write_text("# B\n\n## The report's tables\n\n## a -- b\n")
    assert broken_links(tmp_path, [tmp_path / "a.md"]) == [
        "a.md: c.md: no such file",
        "a.md: b.md#nope: no such heading",
        "a.md: b.md#a-b: no such heading",
    ]


def test_mkdocs_and_github_slugs():
    assert mkdocs_slug("`urlint extract`: jsonl format") == "urlint-extract-jsonl-format"
    assert github_slug("`urlint extract`: jsonl format") == "urlint-extract-jsonl-format"
    assert mkdocs_slug("The report's tables") == github_slug("The report's tables")
    assert mkdocs_slug("a -- b") == "a-b"
    assert github_slug("a -- b") == "a----b"


# --- the public contracts the reference lists -----------------------------------------------


def _table_keys(page: str, heading: str) -> list[str]:
    """The keys in the first column of the first table under `heading`, in order."""
    section = page.split(f"\n{heading}\n", 1)[1]
    table = section[section.index("\n|") :].split("\n\n", 1)[0]
    keys = []
    for row in table.strip().split("\n")[2:]:
        keys += re.findall(r"`([^`]+)`", row.split("|")[1])
    return keys


def test_every_configuration_key_is_documented_and_no_other():
    from urlint.linter.config import CONFIG_KEYS

    page = (REPO / "docs/reference/configuration.md").read_text(encoding="utf-8")
    assert sorted(_table_keys(page, "## The keys")) == sorted(CONFIG_KEYS)


def test_the_extract_jsonl_keys_documented_are_those_written(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("see <URL:ftp://ds.in\n  ternic.net/rfc>\n")
    status, out, _ = run(capsys, "extract", "--format", "jsonl", str(tmp_path / "notes.txt"))
    written = list(json.loads(out))
    page = (REPO / "docs/reference/output-formats.md").read_text(encoding="utf-8")
    documented = _table_keys(page, "## `urlint extract`: jsonl format")
    assert (status, sorted(documented)) == (0, sorted(written))


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_the_check_keys_documented_are_those_written(capsys, tmp_path, fmt):
    (tmp_path / "notes.txt").write_text("see ftp://fred:secret@ftp.example.org/a|b\n")
    status, out, _ = run(capsys, "check", "--isolated", "--format", fmt, str(tmp_path))
    first = json.loads(out.splitlines()[0]) if fmt == "jsonl" else json.loads(out)[0]
    page = (REPO / "docs/reference/output-formats.md").read_text(encoding="utf-8")
    documented = _table_keys(page, "### `json` and `jsonl`")
    assert (status, sorted(documented)) == (1, sorted(first))


# --- the examples are true ------------------------------------------------------------------

NOTES = (
    "The RFCs are on the InterNIC server <URL:ftp://ds.in\n"
    "  ternic.net/rfc>; drafts at ftp://fred:secret@ftp.example.org/~drafts/\n"
)


def _doctest(text: str, name: str) -> tuple[int, int]:
    """The `>>>` examples of the Python blocks of `text` run: (failed, attempted)."""
    import doctest

    examples = "".join(re.findall(r"```python\n(>>>.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(examples, {}, name, name, 0)
    results = doctest.DocTestRunner().run(test)
    return results.failed, results.attempted


def test_the_readmes_example_text_gives_the_output_it_shows(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```text\n(.*?)```", readme, re.S)
    assert shown is not None and shown.group(1) == NOTES
    (tmp_path / "notes.txt").write_text(NOTES)
    session = re.search(r"```console\n(.*?)```", readme, re.S)
    assert session is not None
    commands = re.split(r"^\$ ", session.group(1), flags=re.M)[1:]
    assert [command.split("\n", 1)[0] for command in commands] == [
        "urlint extract -H notes.txt",
        "urlint check notes.txt",
    ]
    for command in commands:
        line, expected = command.split("\n", 1)
        status, out, err = run(capsys, *line.split()[1:])
        assert (out, err) == (expected, "")
        assert status == (0 if "extract" in line else 1)


def test_the_readmes_python_examples_are_true(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(NOTES)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert _doctest(readme, "README.md") == (0, 7)


def test_the_python_guides_examples_are_true(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(
        "Yes, Jim, I found it under\n\n  <URL:ftp://ds.in\n  ternic.net/rfc>.\n"
    )
    guide = (REPO / "docs/guide/python-api.md").read_text(encoding="utf-8")
    assert _doctest(guide, "docs/guide/python-api.md") == (0, 7)


def test_the_readmes_archive_example_gives_the_summary_it_shows(capsys, tmp_path, monkeypatch):
    import glob
    import shutil

    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO / "corpora", tmp_path / "corpora")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    session = re.findall(r"```console\n(.*?)```", readme, re.S)[1]
    scan, report = re.split(r"^\$ ", session, flags=re.M)[1:]
    assert scan.startswith("urlint scan -q --store urls.sqlite ") and scan.count("\n") == 1
    assert report.startswith("urlint report urls.sqlite | head -10\n")
    paths = [path for word in scan.split()[5:] for path in sorted(glob.glob(word))]
    assert run(capsys, "scan", "-q", "--store", "urls.sqlite", *paths) == (0, "", "")
    status, out, err = run(capsys, "report", "urls.sqlite")
    shown = report.split("\n", 1)[1].splitlines()
    written = out.splitlines()[:10]
    # the first line names the time of the scan: the rest is as shown
    assert (status, err, written[1:]) == (0, "", shown[1:])
    assert written[0].split(", last scan ")[0] == shown[0].split(", last scan ")[0]
