"""Output of `urlint extract`: one URL a line, or one JSON object a line; or grep's habits.

The files with a URL (`-l`), the number of URLs a file (`-c`).

The jsonl keys are a public contract (docs/reference/output-formats.md): path, line, column,
end_line, end_column, url, alt, wrapper, message, flags, context. `message` is null for plain
text, and for mail and news an object: index, line, message_id, date, from, part,
content_type, source, header (mail/mime.py, MessageInfo). `context` is what the URL was found
in: "string" or "comment" in a code or configuration file, a markup link's kind in a markup
file, "text" for running text (plain text, mail, and code outside literals and comments)."""

from __future__ import annotations

from collections.abc import Callable

from ..core.model import Candidate, Flag, Wrapper
from ..core.records import record
from ..grammar.display import printable, shown
from ..grammar.login import mask_password
from ..pipeline import message_info
from .printable import json_line, json_object, json_string, masked_text, masked_values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TextIO

    from ..core.model import ScannedText
    from ..core.problems import Problem
    from ..mail.origin import MessageInfo

FLAG_ORDER = {flag: index for index, flag in enumerate(Flag)}
_MALFORMED = Flag.MALFORMED  # a near-URL's flag: listed only with --near


def url_shown(url: str | None, show_passwords: bool, rest: str = "") -> str | None:
    """The URL as it may be shown: password masked unless the user asked to see it.

    `rest` is the next line's word that may finish its login (Candidate.login_rest_text)."""
    if url is None or show_passwords:
        return url
    return mask_password(url, rest)


def text_line(candidate: Candidate, *, show_passwords: bool = False) -> str:
    """The URL as the text format's line: printable, its password masked unless asked for."""
    return printable(url_shown(candidate.url, show_passwords, candidate.login_rest_text) or "")


# A line that shows line numbers, in pieces: its text with the numbers between, (text,
# line, text), (text, line, text, end line, text), or, for a URL in mail, (text, line,
# text, end line, text, the message's number, text, the message's line, text). A worker
# scanning a range of a large file or a run of an mbox knows its lines and messages only
# from its start (units.TextRange, units.MessageRun); the writer, which knows where it
# starts, adds that and joins the pieces (`joined`).
LinePieces = tuple
# Where a LinePieces holds the message's number; every other number is a line's.
MESSAGE_NUMBER_AT = 5


def joined(pieces: str | LinePieces, lines_before: int = 0, messages_before: int = 0) -> str:
    """The line `pieces` make, with its line and message numbers placed.

    Its line numbers are `lines_before` further on, its message's number `messages_before`."""
    if isinstance(pieces, str):
        return pieces
    if len(pieces) == 9:
        head, line, middle, end_line, tail, message, between, message_line, last = pieces
        return (
            f"{head}{line + lines_before}{middle}{end_line + lines_before}{tail}"
            f"{message + messages_before}{between}{message_line + lines_before}{last}"
        )
    if len(pieces) == 5:
        head, line, middle, end_line, tail = pieces
        return f"{head}{line + lines_before}{middle}{end_line + lines_before}{tail}"
    head, line, tail = pieces
    return f"{head}{line + lines_before}{tail}"


def positioned_pieces(
    path: str, candidate: Candidate, *, show_passwords: bool = False
) -> LinePieces:
    """The `path:line:column: url` line (`--with-position`) as pieces, its line number apart.

    The writer places the line number (`joined`); the URL is shown as by `text_line`.
    """
    url = printable(url_shown(candidate.url, show_passwords, candidate.login_rest_text) or "")
    return (f"{shown(path)}:", candidate.line, f":{candidate.column}: {url}")


def jsonl_line(
    path: str,
    candidate: Candidate,
    message: MessageInfo | None = None,
    *,
    show_passwords: bool = False,
) -> str:
    """The jsonl line of a URL: `json_line` of the object the module's docstring names.

    The same to the byte, made without a dict or json.dumps for each URL (which cost as
    much as finding the URL): its strings quoted by json_string, the message object made
    once (message_json)."""
    return joined(jsonl_pieces(path, candidate, message, show_passwords=show_passwords))


def jsonl_pieces(
    path: str,
    candidate: Candidate,
    message: MessageInfo | None = None,
    *,
    show_passwords: bool = False,
) -> LinePieces:
    """jsonl_line in pieces (LinePieces)."""
    url = url_shown(candidate.url, show_passwords, candidate.login_rest_text)
    alt = candidate.alt  # None for most URLs
    alt_json = (
        "null"
        if alt is None
        else json_string(url_shown(alt, show_passwords, candidate.alt_rest_text()))
    )
    span = candidate.span  # Located's line, column, end_line and end_column, read once
    start, end = span.start, span.end
    head = f'{{"path": {_path_json(path)}, "line": '
    middle = f', "column": {start.column}, "end_line": '
    tail = (
        f', "end_column": {end.column}, '
        f'"url": {json_string(url)}, "alt": {alt_json}, '
        f'"wrapper": {_WRAPPER_JSON[candidate.wrapper]}, '
    )
    context = candidate.context
    if context is None:
        flags = _TEXT_TAILS.get(candidate.flags) or _tail(candidate.flags, None)
    else:
        flags = _TAILS.get((candidate.flags, context)) or _tail(candidate.flags, context)
    if message is None:
        return (head, start.line, middle, end.line, f'{tail}"message": null{flags}')
    return (
        head,
        start.line,
        middle,
        end.line,
        f'{tail}"message": {{"index": ',
        message.index,
        ', "line": ',
        message.line,
        f", {message_fields_json(message)}{flags}",
    )


def _path_json(path: str) -> str:
    global _last_path
    last = _last_path  # one read: another thread may set it
    if last[0] != path:
        last = _last_path = (path, json_string(masked_text(path)))
    return last[1]


_last_path = ("", '""')  # the path last written (a file's URLs come one after another)
_WRAPPER_JSON: dict[Wrapper | None, str] = {None: "null"}
_WRAPPER_JSON.update((wrapper, json_string(wrapper.value)) for wrapper in Wrapper)
# A candidate's flags as each output writes them, by the set: at most one entry a subset of
# Flag (in practice a handful), each listing the flags in FLAG_ORDER.
_FLAGS_JSON: dict[frozenset[Flag], str] = {}
_FLAGS_TEXT: dict[frozenset[Flag], str] = {}


# The end of a candidate's jsonl line, by its flags and context: its flags as JSON and its
# context ("text" for running text's None), at most one entry a combination (a handful);
# running text's by its flags alone, as most URLs are.
_TEXT_TAILS: dict[frozenset[Flag], str] = {}
_TAILS: dict[tuple[frozenset[Flag], str], str] = {}


def _tail(flags: frozenset[Flag], context: str | None) -> str:
    tail = f', "flags": {_flags_json(flags)}, "context": {json_string(context or "text")}}}'
    if context is None:
        _TEXT_TAILS[flags] = tail
    else:
        _TAILS[flags, context] = tail
    return tail


def _flags_json(flags: frozenset[Flag]) -> str:
    text = _FLAGS_JSON.get(flags)
    if text is None:
        text = _FLAGS_JSON[flags] = json_line(_ordered(flags))
    return text


def flags_text(flags: frozenset[Flag]) -> str:
    """The flags' values, space-separated (the results store's `flags` column)."""
    text = _FLAGS_TEXT.get(flags)
    if text is None:
        text = _FLAGS_TEXT[flags] = " ".join(_ordered(flags))
    return text


def _ordered(flags: frozenset[Flag]) -> list[str]:
    return [flag.value for flag in sorted(flags, key=FLAG_ORDER.__getitem__)]


def message_json(message: MessageInfo) -> str:
    """`json_line(masked_values(message.as_json()))`."""
    return f'{{"index": {message.index}, "line": {message.line}, {message_fields_json(message)}'


def message_fields_json(message: MessageInfo) -> str:
    """message_json after the message's numbers: its fields, and the closing brace.

    Made once a MessageInfo, and its message's identity (Message-ID, Date, From: masked, the
    costly part) once a message."""
    text = message.json_text
    if text is None:
        envelope = message.envelope
        identity = envelope.json_text
        if identity is None:
            identity = envelope.json_text = json_object(masked_values(envelope.identity_json()))
        fields = message.place_json()
        key = tuple(fields.values())  # a message's parts are few kinds, as are all mail's
        place = _PLACE_JSON.get(key)
        if place is None:
            if len(_PLACE_JSON) >= _PLACES_KEPT:
                _PLACE_JSON.clear()
            place = _PLACE_JSON[key] = json_object(masked_values(fields))
        text = message.json_text = f"{identity[1:-1]}, {place[1:]}"  # the two objects' fields
    return text


# A part's place fields as JSON (part, content type, source, header field), by their values:
# "1", "text/plain", "text" and the like are most of them.
_PLACE_JSON: dict[tuple, str] = {}
_PLACES_KEPT = 4096


def problem_line(problem: Problem) -> str:
    """A note on stderr about a damaged message (read anyway) or an unreadable input."""
    message = problem.mail
    where = (
        f"{problem.path}:{problem.line}"
        if problem.line > 1 or message is not None
        else problem.path
    )
    if message is not None and message.index:
        who = (
            f" (message {message.index}"
            + (f" {message.message_id}" if message.message_id else "")
            + ")"
        )
    else:
        who = ""
    return "urlint: " + shown(f"{where}{who}: {problem.kind.label}: {problem.reason}")


# A URL's line, made as UrlFormat makes it where lines are written as they come: (the path,
# the candidate, its message, whether passwords are shown) -> the line. One of the three
# below, chosen once for a text's URLs (UrlFormat.line_maker).
LineMaker = Callable[[str, Candidate, "MessageInfo | None", bool], str]


def _text_line_of(path: str, candidate: Candidate, message: MessageInfo | None, show: bool) -> str:
    return text_line(candidate, show_passwords=show)


def _positioned_line_of(
    path: str, candidate: Candidate, message: MessageInfo | None, show: bool
) -> str:
    return joined(positioned_pieces(path, candidate, show_passwords=show))


def _jsonl_line_of(path: str, candidate: Candidate, message: MessageInfo | None, show: bool) -> str:
    return jsonl_line(path, candidate, message, show_passwords=show)


@record
class UrlFormat:
    """How `extract` writes a URL found: (the URL as shown, `--unique`'s key; the line).

    A worker process formats with it (`pieces`) and sends back these two strings, the line
    in pieces where the writer places its numbers, never the candidate (runner.FoundLine):
    pickling a candidate costs as much as finding it."""

    jsonl: bool = False
    with_position: bool = False
    show_passwords: bool = False
    keyed: bool = False  # the key is asked for (`--unique`); else it is ""
    lined: bool = True  # the line is written (not with `-c` or `-l`); else it is ""
    end: str = "\n"  # what ends a line: a NUL for text lines with `-0`
    near: bool = False  # near-URLs (flagged malformed) are written too (`--near`)

    @property
    def in_blocks(self) -> bool:
        """Is every URL's line written as it comes (no `--unique`, `-c` or `-l`)?

        Then a unit's lines in a row can go to the writer as one (LineBlock)."""
        return self.lined and not self.keyed

    def __call__(
        self, path: str, candidate: Candidate, message: MessageInfo | None = None
    ) -> tuple[str, str]:
        key, pieces = self.pieces(path, candidate, message)
        return key, joined(pieces)

    def line_maker(self) -> LineMaker:
        """How a URL's line is made where each is written as it comes (`in_blocks`: no key):
        chosen once for a text's URLs, not for each."""
        if self.jsonl:
            return _jsonl_line_of
        if self.with_position:
            return _positioned_line_of
        return _text_line_of

    def pieces(
        self, path: str, candidate: Candidate, message: MessageInfo | None = None
    ) -> tuple[str, str | LinePieces]:
        """As called, the line in pieces where it shows line numbers (`joined` makes it)."""
        show = self.show_passwords
        key = url_shown(candidate.url, show, candidate.login_rest_text) or "" if self.keyed else ""
        if not self.lined:
            return key, ""
        if self.jsonl:
            return key, jsonl_pieces(path, candidate, message, show_passwords=show)
        if self.with_position:
            return key, positioned_pieces(path, candidate, show_passwords=show)
        return key, text_line(candidate, show_passwords=show)


@record
class LineBlock:
    """Lines in a row, as they are written, made one where a worker sends them.

    A unit's URLs come to the writer as one string, or, in a range of a text file placed
    by the writer, as a template of them with a `%d` for each line number, counted from the
    range's start (a `%` of the text doubled). One object a unit to pickle, take in and
    write, where a tuple a URL (runner.FoundLine) was each taken in, placed and written on
    its own, which cost the writer more CPU time. One string, not the texts between the
    numbers: it pickles, unpickles and is placed by `%` quicker than the texts and numbers
    joined in turn (bench/README.md has the figures)."""

    count: int  # the URLs, one a line
    template: str  # the lines, or with `numbers` a %-template of them
    numbers: tuple[int, ...] = ()  # the template's, in order
    message_numbers: tuple[int, ...] = ()  # which of `numbers` are messages' (not lines')

    def text(self, lines_before: int = 0, messages_before: int = 0) -> str:
        """The lines, with their line and message numbers placed.

        Their line numbers are `lines_before` further on, their messages' numbers
        `messages_before`."""
        if not self.numbers:
            return self.template
        shifted = list(map(lines_before.__add__, self.numbers))
        if messages_before != lines_before:
            for at in self.message_numbers:
                shifted[at] += messages_before - lines_before
        return self.template % tuple(shifted)


def blocked(events: list, end: str) -> list:
    """`events` with each run of found lines made one LineBlock.

    Found lines are runner.FoundLine: their line whole, or in pieces (LinePieces); each run
    of them is made one LineBlock, every line ended by `end`; any other event (a problem) in
    its place between them."""
    result: list = []
    count = 0
    texts: list[str] = []
    numbers: list[int] = []
    message_numbers: list[int] = []
    parts: list[str] = []  # the text since the last number
    for event in events:
        if type(event) is not tuple:
            if count:
                texts.append("".join(parts))
                result.append(_block(count, texts, numbers, message_numbers))
                count, texts, numbers, message_numbers, parts = 0, [], [], [], []
            result.append(event)
            continue
        count += 1
        pieces = event[2]
        if isinstance(pieces, str):
            parts.append(pieces)
        else:  # (text, number, text[, number, text...])
            for index, piece in enumerate(pieces):
                if index % 2:
                    texts.append("".join(parts))
                    if index == MESSAGE_NUMBER_AT:
                        message_numbers.append(len(numbers))
                    numbers.append(piece)
                    parts = []
                else:
                    parts.append(piece)
        parts.append(end)
    if count:
        texts.append("".join(parts))
        result.append(_block(count, texts, numbers, message_numbers))
    return result


def _block(
    count: int, texts: list[str], numbers: list[int], message_numbers: list[int]
) -> LineBlock:
    """The block of `texts` with `numbers` between them (one fewer)."""
    if not numbers:
        return LineBlock(count, texts[0])
    template = "%d".join(text.replace("%", "%%") if "%" in text else text for text in texts)
    return LineBlock(count, template, tuple(numbers), tuple(message_numbers))


# The lines add_all holds before it writes them: a chunk full of URLs is never held whole.
_LINES_WRITTEN_AT_ONCE = 4096


class UrlWriter:
    """`extract`'s standard output, one URL at a time.

    A line a URL (`text`, `-H`, `jsonl`), or as grep's habits have it, each file with a URL
    once (`-l`) or each file's number of URLs (`-c`, files with none left out, as ripgrep's
    `--count`). `unique`: a URL already written is passed over (keyed by the URL as shown,
    so a masked password tells nothing). `null` (`-0`): a NUL after each path of `-l` and
    `-c` (`path\\0N\\n` for a count, as ripgrep's `--null`), and a NUL instead of the
    newline that ends a text line, for `xargs -0`; jsonl lines end with a newline whatever
    (JSON escapes every control)."""

    def __init__(
        self,
        out: TextIO,
        *,
        jsonl: bool = False,
        with_position: bool = False,
        show_passwords: bool = False,
        count: bool = False,
        files_with_urls: bool = False,
        unique: bool = False,
        null: bool = False,
        near: bool = False,
    ) -> None:
        self.out = out
        self.count, self.files_with_urls = count, files_with_urls
        # Made once: only what the options write is worked out for each URL.
        self.end = "\0" if null else "\n"
        self.url_format = UrlFormat(
            jsonl,
            with_position,
            show_passwords,
            keyed=unique,
            lined=not (count or files_with_urls),
            end="\n" if jsonl else self.end,
            near=near,
        )
        self.seen: set[str] | None = set() if unique else None  # every URL written
        self.found = False  # any URL written (or counted): extract's exit status 0
        self._path: str | None = None  # the path being counted or listed
        self._count = 0

    def add(self, path: str, candidate: Candidate, message: MessageInfo | None = None) -> bool:
        """Write the URL `candidate` found in `path`; True when it was written or counted.

        False: a URL already seen, with `unique`."""
        key, line = self.url_format(path, candidate, message)
        return self.add_line(path, key, line)

    def add_line(self, path: str, key: str, line: str) -> bool:
        """Write a URL found in `path` and formatted; True when it was written or counted.

        It comes formatted by `url_format`. False: a URL already seen, with `unique`."""
        if self.seen is not None:
            if key in self.seen:
                return False
            self.seen.add(key)
        self.found = True
        if self.files_with_urls:
            if path != self._path:
                self._path = path
                self.out.write(shown(path) + self.end)
        elif self.count:
            if path != self._path:
                self.close()
                self._path = path
            self._count += 1
        else:
            self.out.write(line + self.url_format.end)
        return True

    def add_block(self, block: LineBlock) -> None:
        """Write a block of lines whole (UrlFormat.in_blocks: no `--unique`, `-c` or `-l`)."""
        if block.count:
            self.found = True
            self.out.write(block.text())

    def add_text(self, path: str, scanned: ScannedText) -> int:
        """Write the URLs of a text scanned in the input at `path`; how many were written or
        counted.

        In the member it names, where it is an archive's. With `-l`, no more once the input
        is listed: the rest of it need not be read."""
        where, message = scanned.path or path, message_info(scanned.mail)
        if self.url_format.in_blocks:  # every URL written as it comes: no loop here for each
            return self.add_all(where, scanned.candidates, message)
        written, near = 0, self.url_format.near
        for candidate in scanned.candidates:
            if not candidate.url or (
                candidate.flags and not near and _MALFORMED in candidate.flags
            ):
                continue  # an empty wrapper ("<URL:>") is no URL; `check` reports it (X106)
            if self.add(where, candidate, message):
                written += 1
            if self.listed(path):
                break
        return written

    def add_all(
        self, path: str, candidates: Iterable[Candidate], message: MessageInfo | None = None
    ) -> int:
        """Write the URLs of `candidates`, found in `path`; return how many.

        An empty wrapper is no URL. They are written as `add` writes each, where they are
        written as they come (url_format.in_blocks): lines in a row made one string and
        written at once, for a write (and the command's loop) for each URL cost a fair part of
        what a URL takes."""
        line, show = self.url_format.line_maker(), self.url_format.show_passwords
        lines: list[str] = []
        written, near = 0, self.url_format.near
        for candidate in candidates:
            if not candidate.url or (
                candidate.flags and not near and _MALFORMED in candidate.flags
            ):
                continue  # (Candidate.listed, written out: a call fewer for each URL)
            lines.append(line(path, candidate, message, show))
            if len(lines) == _LINES_WRITTEN_AT_ONCE:
                written += self._write_lines(lines)
        return written + self._write_lines(lines)

    def _write_lines(self, lines: list[str]) -> int:
        count = len(lines)
        if count:
            end = self.url_format.end
            self.found = True
            self.out.write(end.join(lines) + end)
            lines.clear()
        return count

    def listed(self, path: str) -> bool:
        """With `-l`, is `path` written already (the rest of it need not be read)?"""
        return self.files_with_urls and path == self._path

    def close(self) -> None:
        """Write the count of the last file counted (`-c`)."""
        if self.count and self._count:
            separator = "\0" if self.end == "\0" else ":"
            self.out.write(f"{shown(self._path or '')}{separator}{self._count}\n")
        self._count = 0
