"""Rule pages: examples, a whole page, and the JSON listing's keys.

Rule pages: every URL rule's example triggers it and its "Use instead" does not; the page of
one rule whole; the keys of `urlint rules --format json`.

Texts are linted with the rule alone selected (info rules are off unless selected), so other
rules can neither hide nor add a finding."""

from __future__ import annotations

import json
import re

import pytest

import urlint
from urlint.linter.config import build_settings, select_rules
from urlint.linter.rules.catalogue import all_rules, rules_by_code
from urlint.linter.rules.engine import Linter
from urlint.linter.rules.pages import rule_page, where_fixes_go
from urlint.linter.rules.rule import RFC3986, RuleOptions
from urlint.scanner.scanner import scan

from ..helpers import run
from ..lint_helpers import lint

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]

URL_RULES = [entry for entry in all_rules() if entry.check is not None]
# An example (or a "Use instead") may give alternatives: "<URL:...> or <URL:...>".
ALTERNATIVES = re.compile(r"(?<=>) or (?=<URL:)")
# Rules whose "Use instead" is a line of configuration (TOML), not text to lint.
CONFIGURED = {"S403"}


def alternatives(text: str) -> list[str]:
    return ALTERNATIVES.split(text)


def codes(text: str, code: str) -> list[str]:
    return [finding.code for finding in urlint.lint(text + "\n", select=[code])]


# The rules whose examples are Markdown, read as a Markdown file is.
MARKDOWN_RULES = {"N608", "N609", "N612"}


def found_under(entry, text: str, select: list[str]) -> list[str]:
    """The codes `select` finds in `text` under the target the rule holds under (RFC 1738,
    the default, unless only RFC 3986 holds it)."""
    if entry.code in MARKDOWN_RULES:  # rules on Markdown's links: the example is Markdown
        linter = Linter(select_rules(select, [], []), RuleOptions())
        found = scan(text + "\n", syntax="markdown")
        return [f.code for candidate in found for f in linter.lint(candidate, "t.md")]
    if entry.rfc1738:
        return [finding.code for finding in urlint.lint(text + "\n", select=select)]
    linter = Linter(select_rules(select, [], [], RFC3986), RuleOptions(target=RFC3986))
    return [f.code for candidate in scan(text + "\n") for f in linter.lint(candidate, "t.txt")]


# The corrections that keep an informational finding of another rule.
CORRECTIONS_STILL_NOTED = {"P501": {"P502"}, "R301": {"P502"}}


def test_the_url_rules_are_the_five_families() -> None:
    assert len(URL_RULES) == 59
    assert {entry.code[0] for entry in URL_RULES} == set("XCRSPN")


def test_alternatives_are_split_between_wrapped_urls_only() -> None:
    assert alternatives("<URL:mailto:fred> or <URL:mailto:@example.com>") == [
        "<URL:mailto:fred>",
        "<URL:mailto:@example.com>",
    ]
    text = "see <URL:http://a.example/> or not"
    assert alternatives(text) == [text]


@pytest.mark.parametrize("entry", URL_RULES, ids=[entry.code for entry in URL_RULES])
def test_each_alternative_of_the_example_triggers_the_rule(entry) -> None:
    for text in alternatives(entry.example):
        assert entry.code in found_under(entry, text, [entry.code]), text


@pytest.mark.parametrize("entry", URL_RULES, ids=[entry.code for entry in URL_RULES])
def test_use_instead_does_not_trigger_the_rule(entry) -> None:
    if entry.code in CONFIGURED:
        # The configuration "Use instead" gives silences the rule on the example.
        options = build_settings(tomllib.loads(entry.use_instead)).options
        assert lint(entry.example + "\n", [entry.code]) != []
        assert lint(entry.example + "\n", [entry.code], options) == []
        return
    for text in alternatives(entry.use_instead):
        # Nor any other rule: a correction does not trade one finding for another. A
        # user name left in an ftp URL is P502's information, as the page says.
        found = set(found_under(entry, text, ["ALL"]))
        assert found == CORRECTIONS_STILL_NOTED.get(entry.code, set()), text


def test_only_s403_is_fixed_by_configuration() -> None:
    # Every other URL rule's "Use instead" holds a URL: linting it is no empty check.
    for entry in URL_RULES:
        # (a near-URL's is the text it stood in, with the URL meant: wrapped, it is none)
        is_url = "<URL:" in entry.use_instead or entry.code.startswith("N")
        assert is_url == (entry.code not in CONFIGURED), entry.code


@pytest.mark.parametrize("entry", all_rules(), ids=[entry.code for entry in all_rules()])
def test_every_rule_says_what_to_write_instead_and_how_safe_its_fix_is(entry) -> None:
    assert entry.use_instead.strip() and entry.use_instead != entry.example
    assert entry.fix and entry.use_instead not in entry.fix  # said once, not twice
    # A safe fix's note says what --fix changes; any other says why there is no fix.
    if entry.safe_fix:
        assert entry.fix_safety.startswith("`--fix` ")
    else:
        assert entry.fix_safety.startswith(("No automatic fix: ", "No fix: "))
    if entry.safe_fix:
        assert "password" in entry.fix_safety  # the engine never edits a URL with one


S402_PAGE = (
    """\
# S402 uppercase-scheme

Severity: info (off unless selected). Rests on: RFC 1738 section 2.1, 5.
Under RFC 3986 (--target rfc3986): info. Rests on: RFC 3986 section 3.1.
Fix: safe fix available (--fix).

## What it does
A scheme name with upper-case letters.

## Why is this bad?
Section 5: "the scheme is in lower case; interpreters should use case-ignore". \
Upper case is read correctly by careful programs but is not the canonical form.

## Under RFC 3986
RFC 3986 section 3.1: schemes are case-insensitive, "the canonical form is lowercase", and \
documents "should" write them in lower case (also 6.2.2.1). The WHATWG URL standard \
lower-cases the scheme when it parses.

## Example
<URL:HTTP://example.com/>

## Use instead
<URL:http://example.com/>

## Fix
Lower-case the scheme name.

## Fix safety
`--fix` writes the scheme in lower case; interpreters ignore its case (section 5), so the \
URL means the same. No fix where the scheme is broken across lines (a replacement is made \
only within one line), in a URL that may hold a password (an edit would show it in --diff: \
section 6), or in mail or an archive, whose text is decoded.

"""
    + where_fixes_go()
    + "\n"
)


def test_a_rule_page_whole(capsys) -> None:
    code, out, err = run(capsys, "rule", "S402")
    assert (code, err) == (0, "")
    assert out.splitlines() == S402_PAGE.splitlines()
    assert out == S402_PAGE == rule_page(rules_by_code()["S402"])


def test_a_page_without_a_safe_fix_says_why() -> None:
    lines = rule_page(rules_by_code()["R303"]).splitlines()
    start = lines.index("## Example")
    assert lines[start:] == [
        "## Example",
        "<URL:http://example.com/cgi?next=/home?x=1>",
        "",
        "## Use instead",
        "<URL:http://example.com/cgi?next=%2Fhome%3Fx=1>",
        "",
        "## Fix",
        'Encode them: "/" as %2F and "?" as %3F.',
        "",
        "## Fix safety",
        "No automatic fix: encoding a reserved character may change what the URL means (section "
        "2.2), and the program behind the URL reads the search part as it chooses (RFC 3986 "
        "allows both characters there).",
    ]


RULE_KEYS = [
    "code",
    "name",
    "severity",
    "section",
    "summary",
    "explanation",
    "example",
    "use_instead",
    "fix",
    "fix_safety",
    "safe_fix",
    "rfc1738",
    "rfc3986",
    "rfc3986_says",
    "targets",
]


def test_rules_json_keys(capsys) -> None:
    code, out, _ = run(capsys, "rules", "--format", "json")
    rules = json.loads(out)
    assert code == 0 and len(rules) == 65
    assert all(list(entry) == RULE_KEYS for entry in rules)
    assert [
        (entry["rfc1738"], entry["rfc3986"])
        for entry in rules
        if entry["code"] in ("C202", "P503", "S419")
    ] == [("warning", "off"), ("warning", "info"), ("off", "error")]
    by_code = {entry["code"]: entry for entry in rules}
    assert by_code["S402"]["use_instead"] == "<URL:http://example.com/>"
    assert by_code["M902"]["use_instead"].startswith("urlint check notes.txt")
    assert [entry["fix_safety"] for entry in rules] == [entry.fix_safety for entry in all_rules()]
    # For each target: its grade, the section it rests on there, and what it checks there.
    assert by_code["S412"]["targets"] == {
        "rfc1738": {
            "grade": "error",
            "rests_on": "RFC 1738 section 3.5",
            "checks": "A mailto URL that is not one RFC 822 address (local-part@domain).",
        },
        "rfc3986": {
            "grade": "error",
            "rests_on": "RFC 6068 section 2",
            "checks": rules_by_code()["S412"].rfc3986_says,
        },
    }
    assert by_code["S416"]["targets"]["rfc3986"] == {
        "grade": "off",
        "rests_on": None,
        "checks": "Off under --target rfc3986: RFC 4156, which took wais over from RFC 1738, "
        "is Historic, and a wais URI is read by RFC 3986's generic syntax alone (section 3), "
        "which allows what this rule reports.",
    }
    assert by_code["S419"]["targets"]["rfc1738"]["grade"] == "off"
    assert by_code["S419"]["targets"]["rfc1738"]["checks"].startswith("Off under RFC 1738: ")
    assert by_code["M901"]["targets"]["rfc3986"]["rests_on"] is None
    # Every rule that holds under a target and rests on a section names it there.
    assert all(
        facts["rests_on"] is not None
        for entry in rules
        if entry["code"][0] != "M"
        for facts in entry["targets"].values()
        if facts["grade"] != "off"
    )


def test_m901_example_and_what_to_write_instead() -> None:
    # The one M rule that text can trigger: a suppression that suppresses nothing.
    entry = rules_by_code()["M901"]
    assert codes(entry.example, "M901") == ["M901"]
    line = entry.use_instead[entry.use_instead.index("http://") :]
    assert line == "http://example.com/~fred/  # urlint: ignore[C202]"
    assert urlint.lint(line + "\n", select=["ALL"]) == []
    assert codes(line.replace("C202", "P501"), "M901") == ["M901"]


@pytest.mark.parametrize("entry", all_rules(), ids=[entry.code for entry in all_rules()])
def test_every_page_says_what_rfc3986_says_with_the_section(entry) -> None:
    page = rule_page(entry)
    said = page[page.index("## Under RFC 3986\n") :].split("\n")[1]
    assert said == entry.rfc3986_says
    if entry.code.startswith("M"):
        assert said == "About the run, not a URL: the same under either standard."
    else:
        assert re.search(r"RFC [0-9]{4}", said) and re.search(r"(section|Appendix) [0-9C]", said)
    # A rule RFC 3986 does not hold says so, first.
    assert said.startswith("Off under --target rfc3986: ") == (entry.rfc3986 is None) or (
        entry.rfc3986 is None and not entry.rfc1738
    )


def test_every_page_with_a_fix_says_where_one_is_offered_and_where_never() -> None:
    from urlint.linter.fixable import FIXED_IN, NEVER_FIXED
    from urlint.scanner.markup_lines import SHOWN_AS_WRITTEN

    said = where_fixes_go()
    with_fix = [entry.code for entry in all_rules() if said in rule_page(entry)]
    assert with_fix == [entry.code for entry in all_rules() if entry.safe_fix]
    assert with_fix == [
        "C201",
        "C202",
        "C203",
        "C204",
        "C205",
        "N601",
        "N602",
        "N603",
        "N605",
        "N606",
        "N610",
        "N611",
        "N614",
        "S402",
    ]
    # One table says it: every kind the checker fixes in, and every kind it never does.
    for name in (
        *(name for _, name, _ in FIXED_IN),
        *NEVER_FIXED.values(),
        *SHOWN_AS_WRITTEN.values(),
    ):
        assert name in said, name
    assert said.startswith(
        "Where a fix is offered, whatever the rule: in plain text; in the prose, links and "
        "link attributes (`href`, `src`, on one line) of Markdown, reStructuredText, AsciiDoc "
        "and HTML; and in the comments of Python (and gettext catalogs), JavaScript and "
        "TypeScript, Go, shell and make, C-like languages, YAML, TOML, Java properties and the "
        "file-kind table's other kinds (Haskell, OCaml, Ruby, Lua, TeX and more) files, never "
        "past the comment's own line"
    )
    # What linter.fixable, the engine and lint_mail leave out, named each.
    for place in (
        "template",
        "string literal",
        "comment",
        "shell word",
        "regular expression",
        "mail",
        "password",
        "line break",
        "backslash",
        "placeholder",
        "HTML comment",
        "another attribute's value",
        "a Markdown image's alt text",
        "section title",
        "table row",
    ):
        assert place in said, place


def test_the_grades_head_the_page() -> None:
    assert rule_page(rules_by_code()["C202"]).splitlines()[2:4] == [
        "Severity: warning (on by default). Rests on: RFC 1738 section 2.2.",
        "Under RFC 3986 (--target rfc3986): off.",
    ]
    assert rule_page(rules_by_code()["S419"]).splitlines()[2:4] == [
        "Severity: error under RFC 3986 only (off under RFC 1738, the default target). "
        "Rests on: RFC 3986 section 3.2.2.",
        "Under RFC 3986 (--target rfc3986): error. Rests on: RFC 3986 section 3.2.2.",
    ]
