"""A gettext catalog (.po, .pot) is read as its strings are written: in double quotes, with
C's escapes, after "#" comments (GNU gettext manual, "The Format of PO Files").

sphinx-doc/sphinx e44a40eb, sphinx/locale/fr/LC_MESSAGES/sphinx.po line 2822: read as
running text, the escaped quote `\\"` after a URL was read into it (C201 on the backslash),
and `--fix` wrote `%5C"`, which ended the string: msgfmt refused the catalog."""

from __future__ import annotations

import urlint

CATALOG = (
    "#: themes/basic/layout.html:203\n"
    "#, python-format\n"
    'msgid ""\n'
    '"Created using <a href=\\"https://www.sphinx-doc.org/\\">Sphinx</a> "\n'
    '"%(sphinx_version)s."\n'
    'msgstr "Cr\\u00e9\\u00e9 <a href=\\"https://www.sphinx-doc.org/\\">Sphinx</a> %(v)s."\n'
    "# see https://www.gnu.org/software/gettext/manual/\n"
)


def test_a_catalogs_urls_end_at_the_escaped_quote(tmp_path) -> None:
    catalog = tmp_path / "sphinx.po"
    catalog.write_text(CATALOG, encoding="utf-8")
    found = [
        (f.candidate.url, f.candidate.span.start.line, f.candidate.context)
        for f in urlint.scan_paths([str(catalog)])
    ]
    assert found == [
        ("https://www.sphinx-doc.org/", 4, "string"),
        ("https://www.sphinx-doc.org/", 6, "string"),
        ("https://www.gnu.org/software/gettext/manual/", 7, "comment"),
    ]


def test_a_catalogs_strings_are_linted_and_never_fixed(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sphinx.pot").write_text(
        CATALOG + 'msgid "see \\"https://example.com/~fred/\\""\n', encoding="utf-8"
    )
    found = [
        (f.code, f.line, f.column, f.fix)
        for f in urlint.check_paths(["sphinx.pot"], urlint.Settings.from_mapping({}))
    ]
    assert found == [("C202", 8, 34, None)]  # a string's value: no fix (`--fix` keeps it)
