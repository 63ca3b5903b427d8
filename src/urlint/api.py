"""The library face: what Python callers use, behind `urlint`'s own names.

`extract` and `scan`: the URLs in a text, read in a syntax (`Syntax`: "text", "python",
"markdown", ...), a name it does not know a ValueError that lists the known ones.

`scan_paths`: every URL in files, directories, mail and news archives, in one process, on
several, or on a Dask cluster. One process reads as `urlint extract` does
(pipeline.scan_paths); several, or a cluster's workers, run the same units of work
(run/) as `extract -j N` and `check -j N` do. Either way the results come in the serial
order, the same ones. A worker sends each URL back packed flat (run/wire.py), never as a
pickled `Candidate`, which would cost more than finding it.

`check_paths`: the findings `urlint check` reports on files, directories, mail and news
archives, in its order, on one process, several or a Dask cluster, under the `Settings`
given (the defaults where none are: no configuration file is read that was not given).
Both run the commands' own units of work (work/) on several processes or a cluster: the
same code makes the same output.

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
import os
from collections.abc import Iterable, Iterator

from .core.engines import DASK, LOCAL, Engine, check_engine
from .core.model import Candidate
from .core.problems import Problem
from .grammar.login import mask_password, masked, merged_spans, secret_spans, secret_spans_read_on

# The rest (the pipeline, the outputs) is imported where it is used: `urlint.extract` on a
# text loads the scanner, not the file readers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core.engines import EngineName
    from .core.findings import Finding
    from .linter.config import Settings
    from .pipeline import Found
    from .scanner.syntax import Syntax
    from .sources.files import FileId
    from .sources.selection import Selection

    PathArg = str | os.PathLike[str]

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


def scan_paths(
    paths: PathArg | Iterable[PathArg],
    *,
    jobs: int | None = None,
    exclude: Iterable[str] = (),
    respect_ignores: bool = True,
    engine: EngineName = LOCAL,
    scheduler: str | None = None,
) -> Iterator[Found | Problem]:
    """Every URL in `paths`, as `urlint extract` finds them, and the problems met.

    `paths`: files, directories walked in name order, "-" for standard input, each file
    read in the syntax its name says (`urlint.scanner.syntax.syntax_of`: a `.py` file's
    string literals and comments as such, each candidate's `context` saying which). A
    `Found` (`path`, `candidate`, `message`: a `MessageInfo` for mail and news, else None)
    for each URL, and in its place among them a `Problem` for each input or message not read
    as it is (missing, binary, damaged, cut at a limit). Nothing is raised for a bad input:
    tell the two apart with isinstance. An empty wrapper (`<URL:>`) is no URL and is not
    yielded.

    `jobs` > 1 reads in that many processes (at most twice the cores, or URLINT_MAX_JOBS,
    and no more than the units of work), with the same results in the same order: a large
    text file in ranges, an mbox in runs of messages, small files in batches.
    `engine="dask"` reads on the workers of a Dask cluster (`pip install 'urlint[dask]'`),
    the same results again: one started for the call, `jobs` worker processes (default:
    every core), closed at the end; or, with `scheduler` (an address: "tcp://host:8786"),
    the cluster running there, `jobs` units at once (default: its threads), left running.
    Its workers read the paths as given here, so every worker must see the inputs at the
    same paths; standard input is read in this process.
    `exclude` (globs, as the configuration's `exclude`) and `respect_ignores` (.gitignore
    and .ignore files, and the directories tools make: `.venv`, `node_modules`, ...)
    choose what a directory walk reads; a path given is
    always read.
    """
    names = _path_names(paths, jobs, engine, scheduler)
    run_on = Engine(engine, jobs, scheduler)
    from .linter.config import file_selection

    # What the options mean is linter.config's to say, for the CLI and the API alike.
    selection = file_selection(exclude=tuple(exclude), respect_ignores=respect_ignores)
    if run_on.serial:
        return _serial(names, selection)
    from .work.scan import scan_in_units

    return scan_in_units(names, selection, run_on)


def _path_names(
    paths: PathArg | Iterable[PathArg], jobs: int | None, engine: str, scheduler: str | None
) -> list[str]:
    """`paths` as names, once `jobs`, `engine` and `scheduler` are found to go together.

    Raised at the call, not at the first result: a ValueError for `jobs` under 1 or an
    engine and scheduler that do not go together, an ImportError (EngineUnavailable) for
    Dask not installed."""
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    check_engine(engine, scheduler)
    if engine == DASK:
        from .run.engines.dask import load

        load()
    # One path is one path, not its characters.
    given = [paths] if isinstance(paths, (str, os.PathLike)) else paths
    return [os.fspath(path) for path in given]


def _serial(paths: list[str], selection: Selection) -> Iterator[Found | Problem]:
    from .pipeline import scan_paths as read_paths

    for item in read_paths(paths, selection):
        if isinstance(item, Problem) or item.candidate.url:
            yield item


def check_paths(
    paths: PathArg | Iterable[PathArg],
    settings: Settings | None = None,
    *,
    jobs: int | None = None,
    engine: EngineName = LOCAL,
    scheduler: str | None = None,
    baseline: PathArg | None = None,
) -> Iterator[Finding]:
    """Every finding in `paths`, as `urlint check` reports them, in its order.

    `paths` as `scan_paths` takes them (files, directories, "-" for standard input; mail,
    news and archives read as `check` reads them, a finding in mail carrying its message in
    `mail`). The findings are the `Finding`s the command writes, in the order it writes
    them: each URL's by rule, suppressions (`# urlint: ignore[CODE]`) and per-file ignores
    applied, and for an input not read (missing, binary, damaged) the finding the command
    reports for it (M-codes). Nothing is raised for a bad input.

    `settings`: a `urlint.Settings` (`Settings.from_mapping`, `Settings.from_file`); None,
    the defaults, as `urlint check --isolated` has them. No configuration file is looked for:
    a library reads no file it was not given. `baseline`: a baseline file (`check
    --write-baseline`), whose findings are not reported. `jobs`, `engine` and `scheduler`
    as for `scan_paths`: the same findings in the same order on any of them.

    Passwords are masked as `check` writes them (RFC 1738 section 6): in a finding's `url`,
    its `message` (a reason may quote an archive member's name) and its `path` (the name
    given or walked; `archive!member` for a member of an archive). Its `mail`, the message's
    place and identity, is as read: `as_dict` masks its strings.

    Raised at the call: a TypeError for `settings` that are no Settings, a ValueError and
    ImportError as for `scan_paths`, a ConfigError for a baseline that cannot be read."""
    from .linter.checker import Checker
    from .linter.config import Settings, build_settings

    if settings is None:
        settings = build_settings()
    elif not isinstance(settings, Settings):
        raise TypeError(
            "settings must be urlint.Settings (Settings.from_mapping, Settings.from_file) "
            f"or None, not {type(settings).__name__}"
        )
    names = _path_names(paths, jobs, engine, scheduler)
    accepted = None
    own: frozenset[FileId] = frozenset()  # the baseline file: never linted by the run it serves
    if baseline is not None:
        from .linter.baseline import Baseline
        from .sources.files import file_id

        accepted = Baseline.load(os.fspath(baseline))
        found = file_id(os.fspath(baseline))
        own = frozenset([found]) if found is not None else own
    checker = Checker(settings, accepted)
    run_on = Engine(engine, jobs, scheduler)
    if run_on.serial:
        return _masked(checker.check_paths(names, own))
    from .work.check import check_in_units

    return _masked(check_in_units(checker, names, own, run_on, None))


def _masked(findings: Iterable[Finding]) -> Iterator[Finding]:
    """The findings with a password in their message or path masked, as `check` writes them.

    A finding's URL is masked already, and a rule's message never quotes a password; a
    problem's reason may quote its input (an archive member's name), as a path may."""
    from .core.records import replaced

    # Most findings repeat a path and a message the finding before had: each is masked once
    # (a run of dense findings spent a twentieth of its time masking them again).
    seen: dict[str, str] = {}

    def masked(text: str) -> str:
        shown = seen.get(text)
        if shown is None:
            if len(seen) > 4096:
                seen.clear()
            shown = seen[text] = mask_password(text)
        return shown

    for finding in findings:
        message, path = masked(finding.message), masked(finding.path)
        if message == finding.message and path == finding.path:
            yield finding
        else:
            yield replaced(finding, message=message, path=path)


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
