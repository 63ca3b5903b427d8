"""The library face: what Python callers use, behind `urlint`'s own names.

`extract` and `scan`: the URLs in a text, read in a syntax (`Syntax`: "text", "python",
"markdown", ...), a name it does not know a ValueError that lists the known ones.

`scan_paths` and `check_paths`, the calls on files, directories, mail and news archives,
are api_paths.py's: they load the file readers, which a text's calls here do not.

`lint`: the findings in a text, as `urlint check` reports them in a file (linter.checker
lints it).

`as_dict`: any of urlint's records as plain data (dicts, lists, strings, integers, booleans
and None) that `json.dumps` writes as it is. A record becomes a dict of its fields, in
order; a nested record a dict too; an enum its value; a set of flags a list in the order
the enum declares them (as `extract --format jsonl` writes them); any other tuple a list
(a candidate's `placeholders` a list of [start, end] pairs); a `MessageInfo` the jsonl
`message` object. A candidate's `context` stays None for running text, where jsonl writes
"text". Passwords are masked by default, as in every
output (RFC 1738 section 6: "The use of URLs containing passwords that should be secret is
clearly unwise"): a candidate's `url`, `alt` and `login_rest_text` as `extract --format
jsonl` masks them, reading the next line's word with a URL that ends there (grammar.login),
and every other string (a path, a header field, a reason, a message) through
`mask_password`. `show_passwords=True` leaves them as they are, as `extract
--show-passwords` does.
"""

from __future__ import annotations

import enum
from typing import Any, Literal

from .core.findings import Finding
from .core.model import Candidate
from .grammar.login import mask_password, masked, merged_spans, secret_spans, secret_spans_read_on
from .linter.rules.rule import TARGETS
from .scanner.syntax import Syntax

# The names every annotation here names are bound at run time (typing.get_type_hints reads
# them: documentation generators, validators): this module is the library's, never loaded
# by a hook's `urlint check`. The file readers are api_paths.py's.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .linter.config import Target
else:
    Target = Literal[TARGETS]  # linter.config.Target, as the run time spells it

# Running text's syntax, by its value (scanner.scanner.TEXT): passed on as it is, so that
# nothing is imported for it.
TEXT = "text"


def extract(text: str, *, syntax: Syntax | str = TEXT) -> list[Candidate]:
    """Every URL in `text`, in text order (an empty wrapper yields nothing).

    `syntax` says what `text` is written in: a `urlint.Syntax`, or its value ("text", the
    default: prose, mail, news; "python", "javascript", "go", "shell", "c-like", "json",
    "yaml", "toml", "properties", "markdown", "rst", "asciidoc", "html"; a file kind read
    from its row of urlint.scanner.file_kinds, by its name: "haskell", "ruby", "lua" ...;
    "other", a kind urlint does not read, scanned as prose but more warily;
    `urlint.scanner.syntax.syntax_of` tells it from a file's name). A name it does not know
    is a ValueError that lists the known ones. In code, a URL in a string literal ends at
    its closing quote and never takes in an escape sequence; each candidate's `context` says
    what it was found in ("string", "comment", a markup link's kind: scanner.markup; None
    for running text); a URL holding placeholders (`{id}`, `%s`) is flagged `template` in
    any syntax (scanner.scanner.extract)."""
    from .scanner.scanner import extract as found

    return found(text, syntax=syntax_named(syntax))


def scan(text: str, *, line_base: int = 1, syntax: Syntax | str = TEXT) -> list[Candidate]:
    """Every URL candidate in `text`, in text order, empty wrappers (`url` "") included.

    `line_base`: the line number of the text's first line; `syntax` as for `extract`."""
    from .scanner.scanner import scan as scanned

    return scanned(text, line_base=line_base, syntax=syntax_named(syntax))


def syntax_named(syntax: object) -> Syntax | str:
    """`syntax` (a `Syntax`, or its value) as the scanner takes it; a ValueError that lists
    the known syntaxes for anything else."""
    if syntax == TEXT and isinstance(syntax, str):
        return syntax
    from .scanner.syntax import Syntax

    if isinstance(syntax, Syntax) and syntax is not Syntax.TABLE:
        return syntax
    if isinstance(syntax, str) and syntax != Syntax.TABLE:
        from .scanner.file_kinds import table_kind

        if table_kind(syntax) is not None:
            return syntax  # a kind read from its row: "haskell", "ruby"
        try:
            return Syntax(syntax)
        except ValueError:
            pass
    known = ", ".join(member.value for member in Syntax if member is not Syntax.TABLE)
    raise ValueError(
        f"unknown syntax {syntax!r}: the known ones are {known}, and the file kinds read from"
        " their rows (urlint.scanner.file_kinds: haskell, ruby, lua ...)"
    )


def lint(
    text: str,
    *,
    select: list[str] | None = None,
    ignore: list[str] | tuple[str, ...] = (),
    path: str = "",
    target: Target | None = None,
) -> list[Finding]:
    """Every finding in `text`, as `urlint check` reports them in a file.

    The default rules unless `select` names others, minus `ignore`, graded by the standard
    `target` ("rfc1738", the default, or "rfc3986"); inline suppressions apply. URLs in
    findings are masked. `path` names the text (its per-file ignores; the text is read as
    plain text whatever its name). Raises ConfigError for an unknown selector or target."""
    from .linter.checker import findings_in_text
    from .linter.config import build_settings

    settings = build_settings({}, select=select, ignore=list(ignore), target=target)
    return findings_in_text(text, settings, path)


def as_dict(value: object, *, show_passwords: bool = False) -> dict[str, Any]:
    """`value`, a urlint record, as a dict of plain data (for `json.dumps`).

    A Candidate, Span, Position, Found, Problem, Finding, MessageInfo or any other urlint
    record, as a dict of plain data; passwords masked unless
    `show_passwords`."""
    plain = _plain(value, show_passwords)
    if not isinstance(plain, dict):
        raise TypeError(f"not a urlint record: {type(value).__name__}")
    return plain


def _plain(value: Any, show: bool) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, enum.Enum):  # before str: Wrapper, Flag, Severity are str enums
        return value.value
    if isinstance(value, str):
        return value if show else mask_password(value)
    if isinstance(value, Candidate):
        return _candidate(value, show)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a record (core/records.py)
        return _record(value, show)
    if isinstance(value, (tuple, list)):
        return [_plain(item, show) for item in value]
    if isinstance(value, (frozenset, set)):
        return _sorted([_plain(item, show) for item in value], value)
    as_json = getattr(value, "as_json", None)  # mail.origin.MessageInfo
    if as_json is not None:
        from .output.printable import masked_values

        message = as_json()
        return message if show else masked_values(message)
    raise TypeError(f"not plain data: {type(value).__name__}")


def _sorted(items: list, members: frozenset | set) -> list:
    first = next(iter(members), None)
    if isinstance(first, enum.Enum):  # in the enum's order, as the jsonl flags are
        order = {member.value: index for index, member in enumerate(type(first))}
        return sorted(items, key=order.__getitem__)
    return sorted(items)


def _record(value: Any, show: bool) -> dict[str, Any]:
    return {name: _plain(getattr(value, name), show) for name in value._fields}


def _candidate(candidate: Candidate, show: bool) -> dict[str, Any]:
    plain = _record(candidate, True)  # no other string field holds input text
    if not show:
        from .output.extract import url_shown

        url, rest = candidate.url, candidate.login_rest_text
        plain["url"] = url_shown(url, False, rest)
        plain["alt"] = url_shown(candidate.alt, False, candidate.alt_rest_text())
        plain["login_rest_text"] = _rest_masked(url, rest)
    return plain


def _rest_masked(url: str, rest: str) -> str:
    """`rest` (Candidate.login_rest_text: what may finish the URL's login on the next
    line) with what may be a password in it masked: read after the URL, and on its own."""
    if not rest:
        return rest
    length = len(url)
    after = [
        (max(start, length) - length, end - length)
        for start, end in secret_spans_read_on(url, rest)
        if end > length
    ]
    return masked(rest, merged_spans([*after, *secret_spans(rest)]))
