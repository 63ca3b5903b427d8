"""A rule's page, written once, for `urlint rule CODE` and for SARIF.

`urlint rule CODE` prints it and SARIF carries it as the rule's help (text and markdown), as
ruff's rule pages are one text for the docs and the CLI."""

from __future__ import annotations

from .rule import RFC3986, Rule, citation


def where_fixes_go() -> str:
    """Where `--fix` offers a fix, whatever the rule, and where never: one paragraph on every
    page with a fix, made from the table the checker decides by (linter.fixable.FIXED_IN)
    and what markup shows as written (scanner.markup_lines.SHOWN_AS_WRITTEN)."""
    from ...scanner.markup_lines import SHOWN_AS_WRITTEN
    from ..fixable import COMMENTS, FIXED_IN, NEVER_FIXED, PROSE

    texts = [name for syntax, name, scope in FIXED_IN if scope == PROSE and syntax == "text"]
    markup = [name for syntax, name, scope in FIXED_IN if scope == PROSE and syntax != "text"]
    comments = [name for _, name, scope in FIXED_IN if scope == COMMENTS]
    written = [SHOWN_AS_WRITTEN[syntax] for syntax, _, _ in FIXED_IN if syntax in SHOWN_AS_WRITTEN]
    never = [*NEVER_FIXED.values(), "mail or an archive, whose text is decoded"]
    return (
        f"Where a fix is offered, whatever the rule: in {_listed(texts)}; in the prose, links "
        f"and link attributes (`href`, `src`, on one line) of {_listed(markup)}; and in the "
        f"comments of {_listed(comments)} "
        "files, never past the comment's own line (a string literal, a shell word or a YAML "
        "plain scalar is a value). Never in what a tool reads or a reader is shown as "
        "written: an HTML comment (a tool may read it as a directive), another attribute's "
        "value (an `alt` or a `title` text), a Markdown image's alt text or a link's title, "
        "a reST comment, section title (a longer one outgrows its underline), table row (a "
        "longer cell moves its border), directive option (`:alt:`) or the body of a "
        "directive that is not prose (`raw`). Never in "
        "what markup shows as written: "
        f"{'; '.join(written)}; nor, in a long file of such markup read in chunks, from "
        "a chunk whose text starts inside a code span or an element on: the checker does "
        "not know there where it closes. Never in "
        f"another kind of file: {'; '.join(never)}. Never in test data, nor on a URL whose "
        "host, port or password is a placeholder (their findings are info). And never "
        "in a URL the scanner marks as a template (its placeholders, `{user_id}`, `%s`, "
        "`${port}`, an RFC 6570 `{owner}`, are the program's), in a string literal (a code "
        "string with placeholders, a regular expression, a value a test compares or a server "
        "routes on), in a URL whose raw text holds a backslash, a placeholder or a character "
        "its file's syntax may give a meaning (a Markdown table's `|`, a code span's "
        "backquote, two `*` that may open and close emphasis, an entity reference), in a URL "
        "that may hold a password (section 6), nor, for an edit of the URL's own characters, "
        "where what it replaces crosses a line break."
    )


def _listed(names: list[str]) -> str:
    """`names` as a list in prose: "a", "a and b", "a, b and c"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def grades(entry: Rule) -> list[str]:
    """The page's head lines on severity: under the default target (RFC 1738) with what the
    rule rests on, then under --target rfc3986 with what it rests on there (what it checks
    there is the page's "Under RFC 3986")."""
    under_rfc3986 = f"Under RFC 3986 (--target rfc3986): {entry.grade_under(RFC3986)}"
    if entry.holds_under(RFC3986) and entry.section is not None:
        under_rfc3986 += f". Rests on: {citation(entry, RFC3986)}"
    if not entry.rfc1738:
        return [
            f"Severity: {entry.grade_under(RFC3986)} under RFC 3986 only (off under RFC 1738, "
            f"the default target). Rests on: {rests_on(entry)}.",
            f"{under_rfc3986}.",
        ]
    default = "on by default" if entry.on_by_default else "off unless selected"
    return [
        f"Severity: {entry.severity.value} ({default}). Rests on: {rests_on(entry)}.",
        f"{under_rfc3986}.",
    ]


def rests_on(entry: Rule) -> str:
    """What the rule rests on: its RFC 1738 section (RFC 3986's for a rule only RFC 3986
    holds), or the run itself (the M rules)."""
    if entry.section is None:
        return "the run itself"
    return f"RFC {'1738' if entry.rfc1738 else '3986'} section {entry.section}"


def rule_page(entry: Rule) -> str:
    """The rule's page in Markdown.

    Severity and default under each target, what it rests on, whether it has a safe fix,
    then what it does, why it matters, what of it goes beyond section 5's BNF (where
    something does), what RFC 3986 says of the same text, an example, what to write
    instead, the fix and its safety (ruff's "Fix safety": what `--fix` changes and when
    not, or why no fix; for a rule with a fix, where none is ever offered)."""
    lines = [
        f"# {entry.code} {entry.name}",
        "",
        *grades(entry),
        f"Fix: {'safe fix available (--fix)' if entry.safe_fix else 'by hand'}.",
        "",
        "## What it does",
        entry.summary,
        "",
        "## Why is this bad?",
        entry.explanation,
        "",
        *_beyond_the_bnf(entry),
        "## Under RFC 3986",
        entry.rfc3986_says,
        "",
        "## Example",
        entry.example,
        "",
        "## Use instead",
        entry.use_instead,
        "",
        "## Fix",
        entry.fix or "None.",
        "",
        "## Fix safety",
        entry.fix_safety,
        *(["", where_fixes_go()] if entry.safe_fix else []),
    ]
    return "\n".join(lines) + "\n"


def _beyond_the_bnf(entry: Rule) -> list[str]:
    """The page's "Beyond the BNF" section: the rule's checks that section 5's grammar does
    not make, each with what it rests on and its severity; none where there are none."""
    if not entry.beyond_bnf:
        return []
    return [
        "## Beyond the BNF",
        "RFC 1738 section 5's BNF does not make these checks; each says what it rests on and "
        "why it has its severity.",
        "",
        *(f"- {note}" for note in entry.beyond_bnf),
        "",
    ]
