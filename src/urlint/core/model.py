"""What the scanner hands on: immutable, typed URL candidates with raw positions.

Positions are 1-based lines and columns of the decoded text, counted in characters; an end
column is exclusive (the column just past the last character), as in SARIF regions, so an
editor, a SARIF viewer and a person reading the raw file land on the same character. A
position the scanner makes also has the 0-based character offset of the same place, for
slicing the text scanned (`Position.offset`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .message import InMessage


class Wrapper(str, enum.Enum):
    """The delimiter around a URL in running text (RFC 1738, appendix)."""

    URL = "url"  # <URL:...>, the appendix's recommended form
    ANGLE = "angle"  # <scheme:...>, the older form the appendix also allows
    URL_EQUALS = "url="  # URL=<...>, the March 1993 draft's form


class Flag(str, enum.Enum):
    """Facts about how a candidate was found; the linter's X rules read them."""

    LINE_BREAK = "line-break"  # the wrapper spans lines and was rejoined
    HYPHEN_BREAK = "hyphen-break"  # a line break right after "-": `alt` holds the other reading
    PAGE_BREAK = "page-break"  # page furniture (footer, form feed, running header) was dropped
    REPLY_PREFIX = "reply-prefix"  # "> " style prefixes on continuation lines were dropped
    INNER_WHITESPACE = "inner-whitespace"  # whitespace not at a line break was dropped
    UNTERMINATED = "unterminated"  # no closing ">" within the bound: URL ends at its line end
    MAYBE_CONTINUED = "maybe-continued"  # a bare URL at a line end; the next line may go on with it
    # A bare URL a mail client hard-wrapped, joined: `alt` is its first line.
    JOINED_BY_GUESS = "joined-by-guess"
    # The URL holds placeholders (`{id}`, `%s`, `${name}`, `{{ name }}`, RFC 6570's `{?q}`):
    # a template, its placeholders' offsets in `Candidate.placeholders`.
    TEMPLATE = "template"
    # A pipermail archive's `mailto:user at host` (the archive writes every "@" so), read as
    # `mailto:user@host`: the URL is not its pieces' raw text joined (mail.pipermail).
    PIPERMAIL_ADDRESS = "pipermail-address"
    # Not a URL but a near-URL: the broken shape of one someone meant (`https:/x.org`,
    # `http//x.org`, `http: // x.org`, `//https://x.org/`), or a URL with a closing mark of
    # the text glued on (`https://x.org/a）`): scanner.near. The linter's N rules read it;
    # `extract` lists it only when asked (`--near`).
    MALFORMED = "malformed"


@record
class Position:
    """A place in the decoded text: line, column and character offset.

    A place in the decoded text: 1-based line, 1-based column in characters, and the 0-based
    character offset of that place in the text scanned, so that for a span of
    `urlint.extract(text)` `text[span.start.offset:span.end.offset]` is its raw text.

    Where the offset counts from: for `extract`/`scan`, the string given; for a file, the
    start of its decoded text (what `sources.text.SourceText` reads: the byte order mark left
    out, every chunk decoded as the scan decodes it); for mail and news, the start of the
    decoded text of the part (or header field, or HTML attribute value: an `href`'s URL
    counts from the value's start) the URL was found in: quoted-printable, base64,
    format=flowed and HTML decoded, while line and column are those of the raw file. None
    where no text stands behind a position (a hand-made one, a read problem's).
    """

    line: int
    column: int
    offset: int | None = None

    def shifted(self, characters: int) -> Position:
        """The place `characters` further on the same line (offset too, where known)."""
        offset = None if self.offset is None else self.offset + characters
        return Position(self.line, self.column + characters, offset)

    def moved(self, lines: int, characters: int) -> Position:
        """The same place in a text that starts further back, at a line start.

        The same place in a text that starts `lines` lines and `characters` characters
        before the one it was found in, at a line start: a range of a file (core/units.py's
        TextRange) placed in the file. The column stays."""
        offset = None if self.offset is None else self.offset + characters
        return Position(self.line + lines, self.column, offset)


@record
class Span:
    """A stretch of raw text; `end` is exclusive."""

    start: Position
    end: Position

    def moved(self, lines: int, characters: int) -> Span:
        """The span placed `lines` lines and `characters` characters further on (Position.moved)."""
        return Span(self.start.moved(lines, characters), self.end.moved(lines, characters))


class Located:
    """Start and end line and column of anything with a `span` (candidates, findings)."""

    __slots__ = ()
    span: Span

    @property
    def line(self) -> int:
        return self.span.start.line

    @property
    def column(self) -> int:
        return self.span.start.column

    @property
    def end_line(self) -> int:
        return self.span.end.line

    @property
    def end_column(self) -> int:
        return self.span.end.column


@record
class Candidate(Located):
    """One URL found in text.

    `url` is the URL as the text means it (wrapper, whitespace and furniture removed);
    `alt` the other reading where a break is ambiguous (RFC 1738 appendix: a hyphen at a
    line break may or may not be part of the URL). `pieces` are the raw spans the URL was
    stitched from, one per run of URL text (a line it crosses, split again where whitespace
    inside the wrapper was dropped), so `url` is exactly the pieces' raw text joined (but
    for a PIPERMAIL_ADDRESS, whose ` at ` between two pieces reads as "@"); `span`
    runs from the first piece's start to the last piece's end. `wrapper_span` covers the
    delimiters too (from "<" or "URL=" to ">"), where there is a wrapper. `continuation` is
    the text at the start of the next line that plausibly continues a bare URL ending at a
    line end: it is set exactly when the candidate is flagged MAYBE_CONTINUED, the flag
    naming the fact in output and this span placing it. `login_rest` is the first word of
    the next line where it may finish a login the bare URL leaves open at its line end
    (`ftp://fred:sec` then `ret@host/`), or the rest of the URL's own word where a reader
    ended the URL inside its login (`ftp://fred:sec)ret@host/`, `<URL:ftp://fred:s>e@h/>`);
    `login_rest_text` is the punctuation trimmed from the URL's end, then that word (or
    the rest of the word): what may be a password is read with it too (grammar.login).
    `context` says what the URL was found in: "string" (a string literal of a code or
    configuration file), "comment" (a comment of one), a markup link's kind for markup
    files, None for running text (plain text, mail, and code outside literals and
    comments). `placeholders` are the (start, end) offsets in `url` of the template
    placeholders it holds (`{id}`, `%s`, `${name}`, `{{ name }}`: scanner.templates),
    set exactly when the candidate is flagged TEMPLATE.
    """

    url: str
    span: Span
    pieces: tuple[Span, ...]
    wrapper: Wrapper | None = None
    alt: str | None = None
    flags: frozenset[Flag] = frozenset()
    wrapper_span: Span | None = None
    continuation: Span | None = None
    login_rest: Span | None = None
    login_rest_text: str = ""
    context: str | None = None
    placeholders: tuple[tuple[int, int], ...] = ()

    def has(self, flag: Flag) -> bool:
        """Whether the candidate is flagged `flag`."""
        return flag in self.flags

    @property
    def listed(self) -> bool:
        """Is it a URL `extract` lists: not an empty wrapper (`<URL:>`), nor a near-URL
        (flagged malformed, listed only with `--near`)?"""
        return bool(self.url) and Flag.MALFORMED not in self.flags

    def alt_rest_text(self) -> str:
        """What follows the `alt` reading in the text, where it may finish a login: as
        `login_rest_text` is for `url`, what the password masker reads `alt` with.

        Where `alt` is the URL's first line (a hard-wrapped URL), the rest of the URL follows
        it. Otherwise `alt` is the same characters read another way (a hyphen at a break
        dropped), and it ends where `url` ends: a wrapper's end inside its login
        (`<URL:ftp://us-` / `er:s>ecret@host/>`) leaves the same rest open."""
        alt, url = self.alt or "", self.url
        if alt and url.startswith(alt):
            return url[len(alt) :] + self.login_rest_text
        return self.login_rest_text


@record
class ScannedText:
    """One chunk of a text as scanned: its text, its position, its candidates.

    A file's plain text (sources.text.scan_texts) and a message's decoded texts
    (mail.reported) alike. The text holds the overlap carried from the chunk before; the
    position is its first character's. For a chunk of a long text the candidates are found
    as they are iterated, once: iterate them before asking for the next chunk, which passes
    over those left (the chunk's text bounds what it costs, not the URLs in it)."""

    text: str
    line_base: int
    column_base: int
    candidates: Iterable[Candidate]
    path: str | None = None  # the input's own path when None; "a.zip!b.eml" for a member
    mail: InMessage | None = None  # set for decoded mail text: candidates are relocated
    offset_base: int = 0  # the offset of text[0] in the whole decoded text (Position.offset)
    # A chunk of a long markup text: the block (a fence, a literal block's indent) open
    # where its text starts, and whether that is known (not in a range of a file read from
    # its middle, whose start nobody read)
    opened: str | int | None = None
    start_known: bool = True
