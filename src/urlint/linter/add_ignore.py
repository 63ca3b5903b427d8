"""`check --add-ignore`: an `urlint: ignore[CODE]` comment written for each current finding.

As ruff's `--add-noqa`: at the end of the finding's line, in the file's own comment syntax
(`#`, `//`, `<!-- -->`), merged into an `urlint: ignore[...]` already on the line. Where no
comment can go without changing what the file means, nothing is written and the finding
is said (`NotAdded`): a file with no comments (JSON, RFC 8259; plain text), a line of its own
comments only (reStructuredText, AsciiDoc, a Dockerfile), mail, an archive's member, a line
that ends inside what is the program's value (a multi-line string, a raw string, a text
block, a template literal, a here-document, a YAML block scalar: a comment there would be
part of it) or code urlint cannot read one way, a line continued by a backslash, a line
that ends in what markup shows as written (a code block, an HTML <pre> or <script>: the
comment would be shown as code or run) or inside an HTML comment or tag (where the HTML
parser would not see a comment of its own between elements), a Markdown link reference
definition (a comment
after it makes it text), a URL that goes on onto the next line. Where a comment may go is
decided with the fixes, in one place (linter.fixable.comment_place). The file is read and
written back as `--fix` does (sources.text.SourceText): in the encoding it was read in.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator

from ..core.findings import Finding, Severity
from ..core.records import record
from ..scanner.textpos import line_starts
from ..sources.kinds import PACKED_SUFFIXES, file_syntax
from ..sources.rewriting import rewrite
from ..sources.text import SourceText
from .checker import Checker
from .fixable import AFTER, INSIDE, comment_place
from .fixes import apply_replacements
from .suppressions import DIRECTIVE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..scanner.lexer import Regions
    from ..sources.files import FileId
    from .baseline import Baseline
    from .config import Settings


@record
class NotAdded:
    """A finding no comment was written for, and why (said on standard error)."""

    path: str
    line: int
    code: str
    reason: str
    unwritten: bool = False  # the file could not be written: an error, not a choice


@record
class Added:
    """The comments written in one file: how many lines took one."""

    path: str
    comments: int


# The comment syntax of each syntax (scanner.syntax) that has one a line can end with:
# (opener, closer, the space before it).
_HASH = ("#", "", "  ")
_SLASHES = ("//", "", "  ")
_MARKUP = ("<!--", "-->", " ")
_STYLES = {
    "python": _HASH, "shell": _HASH, "yaml": _HASH, "toml": _HASH,
    "javascript": _SLASHES, "go": _SLASHES, "c-like": _SLASHES,
    "markdown": _MARKUP, "html": _MARKUP,
}  # fmt: skip
_NONE = {
    "text": "plain text has no comment syntax",
    "json": "JSON has no comments",
    "rst": "a reStructuredText comment is a line of its own",
    "asciidoc": "an AsciiDoc comment is a line of its own",
    "properties": "a properties file's comment is a line of its own",
}
# A Markdown link reference definition's line (CommonMark 0.31.2 section 4.7): nothing but
# whitespace may follow its destination and title.
_REFERENCE_DEFINITION = re.compile(r" {0,3}\[[^\]\n]+\]:")
# A Markdown hard line break (CommonMark 0.31.2 section 6.7): two spaces or more, or a
# backslash, at the line's end; a comment after it would make it none.
_HARD_BREAK = re.compile(r"(?:  |\\)[ \t]*\r?$")
# A YAML line that starts a node (a mapping's key, a sequence's entry, a document's marker)
# or a comment: after it, the line before is not a plain scalar going on (YAML 1.2.2
# section 7.3.3, "Plain Style": a comment ends one, and a line after it cannot go on)
_YAML_NODE = re.compile(
    r"[ \t]*(?:-(?:[ \t]|$)|\?(?:[ \t]|$)|#|---|\.\.\.|[^\s#][^#\n]*?:(?:[ \t]|$))"
)
_YAML_OPENS = re.compile(r".*(?::|[|>][-+0-9]*)[ \t]*$")  # a key's value, a block scalar
_LOOK_BACK_LINES = 16  # a Markdown paragraph's lines looked back over for its definition


def add_ignores(
    settings: Settings,
    paths: list[str],
    baseline: Baseline | None = None,
    skip: frozenset[FileId] = frozenset(),
) -> Iterator[Added | NotAdded]:
    """An ignore comment added for each finding under `paths` (but what `baseline` accepts,
    and in the files of `skip`: the baseline file itself), file by file; each finding none
    could be written for, said."""
    by_path: dict[str, list[Finding]] = {}
    for finding in Checker(settings, baseline).check_paths(paths, skip):
        by_path.setdefault(finding.path, []).append(finding)
    for path, findings in by_path.items():
        yield from _add_in_file(path, findings, settings.fail_on is Severity.INFO)


def _add_in_file(
    path: str, findings: list[Finding], info_fails: bool
) -> Iterator[Added | NotAdded]:
    """The comments for `findings`, all of the file at `path`, written into it (for an info
    finding only where `info_fails`: the run's `--fail-on info`)."""
    style = _style(path)
    source = None
    if not isinstance(style, str):
        source = SourceText.read(path)
    by_line: dict[int, set[str]] = {}
    refused: list[NotAdded] = []
    for finding in findings:
        reason = _not_for(finding, style, source, info_fails=info_fails)
        if reason:
            refused.append(NotAdded(path, finding.line, finding.code, reason))
        else:
            by_line.setdefault(finding.line, set()).add(finding.code)
    if by_line and source is not None and not isinstance(style, str):
        edits = _edits(path, source.text, style, by_line, refused)
        if edits:
            yield from _written(path, source, edits, by_line, refused)
    yield from sorted(refused, key=lambda said: (said.line, said.code))


def ignore_edits(
    path: str, text: str, findings: Iterable[Finding]
) -> tuple[list[tuple[int, int, str]], list[NotAdded]]:
    """The edits `--add-ignore` makes to `text`, the text of a file named `path`, for
    `findings` (of that text), and each finding no comment can hold, said; nothing is read
    or written (an editor's unsaved text: urlint.server)."""
    style = _style(path)
    by_line: dict[int, set[str]] = {}
    refused: list[NotAdded] = []
    for finding in findings:
        reason = _not_for(finding, style, None, on_disk=False)
        if reason:
            refused.append(NotAdded(path, finding.line, finding.code, reason))
        else:
            by_line.setdefault(finding.line, set()).add(finding.code)
    if not by_line or isinstance(style, str):
        return [], refused
    return _edits(path, text, style, by_line, refused), refused


def _edits(
    path: str,
    text: str,
    style: tuple[str, str, str],
    by_line: dict[int, set[str]],
    refused: list[NotAdded],
) -> list[tuple[int, int, str]]:
    """The edit that makes each line of `by_line` suppress its codes; what cannot be
    written added to `refused`."""
    starts = line_starts(text)
    syntax = str(file_syntax(path))
    regions = _regions(text, syntax)
    written: list[tuple[int, int]] = []
    html: list[tuple[int, int]] = []
    if style is _MARKUP:  # what the markup shows as written: no comment goes in it
        from ..scanner.markup_kept import html_kept
        from ..scanner.markup_lines import as_written

        written = as_written(syntax, text)
        # nor in an HTML comment or a tag (a comment in one is part of it, or breaks it)
        html = html_kept(text, written if syntax == "markdown" else None)[1]
    edits = []
    for line, codes in sorted(by_line.items()):
        edit = _comment_edit(text, starts, line, sorted(codes), style, regions, written, html)
        if isinstance(edit, tuple) and edit[0] == edit[1]:  # added, not merged into one
            edit = _after_the_line(syntax, text, starts, line) or edit
        if isinstance(edit, str):
            refused.extend(NotAdded(path, line, code, edit) for code in codes)
        elif edit is not None:
            edits.append(edit)
    return edits


def _after_the_line(syntax: str, text: str, starts: list[int], line: int) -> str:
    """Why a comment at the end of line `line` (from 1) would change what the text means
    in `syntax` though it goes after the line's content, or "": a Markdown link reference
    definition (the line, or a line of its paragraph, starts one) would become text, a
    Markdown hard line break none; a YAML plain scalar going on onto the next line would
    no longer parse."""
    start = starts[line - 1]
    end = starts[line] if line < len(starts) else len(text)
    content = text[start:end].rstrip("\n")
    if syntax == "markdown":
        first = line
        while (
            first > max(1, line - _LOOK_BACK_LINES)
            and text[starts[first - 2] : starts[first - 1]].strip()
        ):
            first -= 1  # back to the paragraph's first line
        if any(_REFERENCE_DEFINITION.match(text, starts[n - 1]) for n in range(first, line + 1)):
            return "a link reference definition: a comment after it would make it text"
        if _HARD_BREAK.search(content):
            return "a hard line break ends the line: a comment after it would undo it"
    elif syntax == "yaml" and not _YAML_OPENS.match(content):
        following = line
        while following < len(starts):
            following += 1
            after = text[
                starts[following - 1] : starts[following] if following < len(starts) else len(text)
            ]
            if after.strip():
                if not _YAML_NODE.match(after):
                    return (
                        "a plain scalar goes on onto the next line: a comment would end it, "
                        "and the file would not parse"
                    )
                break
    return ""


def _written(
    path: str,
    source: SourceText,
    edits: list[tuple[int, int, str]],
    by_line: dict[int, set[str]],
    refused: list[NotAdded],
) -> Iterator[Added]:
    """The edits written into the file at `path`; where they cannot be, each code of their
    lines added to `refused`."""
    text = source.text
    new_text, chosen = apply_replacements(text, edits)
    shifts = [(start, len(new) - (end - start)) for start, end, new in chosen]
    try:
        rewrite(path, source.encoded(new_text, shifts), expected=source.encoded(text, []))
    except (OSError, UnicodeEncodeError) as error:
        for start, _, _ in chosen:
            line = text.count("\n", 0, start) + 1
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            reason = f"cannot write the file: {why}"
            refused.extend(NotAdded(path, line, code, reason, True) for code in by_line[line])
        return
    yield Added(path, len(chosen))


def _style(path: str) -> tuple[str, str, str] | str:
    """The comment syntax a line of the file at `path` can end with, or why there is none."""
    name = os.path.basename(path).lower()
    if name.endswith(PACKED_SUFFIXES):
        return "a compressed file is not written"
    if name in ("dockerfile", "containerfile"):
        return "a Dockerfile comment is a line of its own"
    if name.endswith(".mdx"):
        # MDX (2 and later) reads no HTML comment: "<!--" is an error there, or text
        return "an MDX comment is JSX's {/* */}, which urlint does not write"
    syntax = str(file_syntax(path))
    from ..scanner.file_kinds import table_kind

    kind = table_kind(syntax)
    if kind is not None:
        leader = kind.comment_leader
        if leader is None:
            return f"a {syntax} comment is a line of its own"
        return (leader, "", "  ")
    return _STYLES.get(syntax) or _NONE.get(syntax, f"{syntax} has no comment urlint knows")


def _not_for(
    finding: Finding,
    style: tuple[str, str, str] | str,
    source: SourceText | None,
    on_disk: bool = True,
    info_fails: bool = True,
) -> str:
    """Why no comment can hold `finding`, by what it is and where; "" when one may.

    `on_disk`: the finding's file is to be read again and written (`source`, as read);
    not for a text handed in whole (ignore_edits). `info_fails`: an info finding fails the
    run, and a comment may be written for it."""
    if not info_fails and finding.severity is Severity.INFO:
        # An uncertain reading, a placeholder, test data or advice (linter.certainty):
        # nothing to silence, and a comment there would stay when the text is mended.
        return "an info finding fails no run (--fail-on info writes one)"
    if finding.mail is not None:
        return "a finding in mail: urlint writes no comment into a message"
    if finding.code.startswith("M9"):
        return "a finding of the run, not of a URL: no comment suppresses it"
    if on_disk and not os.path.isfile(finding.path):
        return "inside an archive or a compressed file, which is not written"
    if isinstance(style, str):
        return style
    if on_disk and source is None:
        return "the file is too large or could not be read again"
    if on_disk and source is not None and not source.exact:
        return "some of its bytes do not decode as its encoding says: it is not written"
    if finding.span.end.line > finding.span.start.line:
        return "the URL goes on onto the next line: a comment at the line's end would cut it"
    return ""


def _regions(text: str, syntax: str) -> Regions | None:
    """The string literals and comments of a code file's text (scanner.code); None for
    markup."""
    from ..scanner.syntax import CODE_SYNTAXES, family_of

    if family_of(syntax) not in CODE_SYNTAXES:
        return None
    from ..scanner.code.lexing import lex

    return lex(text, syntax)


def _comment_edit(
    text: str,
    starts: list[int],
    line: int,
    codes: list[str],
    style: tuple[str, str, str],
    regions: Regions | None,
    written: list[tuple[int, int]],
    html: list[tuple[int, int]] | None = None,
) -> tuple[int, int, str] | str | None:
    """The edit that makes line `line` suppress `codes`: a replacement, or why none can be
    made; None where the line's `urlint: ignore` suppresses every rule already. `html`:
    the HTML comments and tags of a markup text (markup_lines.html_kept), where the
    HTML parser would not see a comment of its own between elements."""
    start = starts[line - 1]
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    if end > start and text[end - 1] == "\r":
        end -= 1
    content = text[start:end]
    existing = DIRECTIVE.search(content)
    if existing is not None and existing.group(1) is None:
        return None
    place = comment_place(regions, written, start, end, len(text))
    if existing is not None and place in (AFTER, INSIDE):  # merged into the line's directive
        had = [c.strip().upper() for c in re.split(r"[\s,]+", existing.group(1)) if c.strip()]
        merged = ", ".join([*had, *(c for c in codes if c not in had)])
        return start + existing.start(1), start + existing.end(1), merged
    directive = f"urlint: ignore[{', '.join(codes)}]"
    opener, closer, space = style
    if place == INSIDE:
        return end, end, f" {directive}"  # inside a block comment: its text
    if place != AFTER:
        return place
    if regions is not None:
        if content.rstrip().endswith("\\"):
            return "the line goes on after a backslash: a comment would end it"
    elif style is _MARKUP and html:
        from .fixable import inside_a_span

        if inside_a_span(html, end, len(text)):
            return (
                "the line ends inside an HTML comment or tag: a comment there would be "
                "part of it, or break it"
            )
    return end, end, f"{space}{opener} {directive}{' ' + closer if closer else ''}"
