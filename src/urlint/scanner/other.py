"""URLs of a text of a kind urlint does not read (scanner.syntax.Syntax.OTHER), read warily.

A Perl module, a TeX package, a Lua script, XML, a Java properties file, a man page: urlint
reads none of their syntaxes, so their text is scanned as prose is, but what ends a URL in
code ends it there too, and what is no URL in code is none there:

- a backslash ends a URL: an escape in every language that has strings (`"http://x.org\\n"`,
  `\\"`, `\\t`), a TeX control sequence after it (`.../lppl-1-3c.txt\\ProvidesPackage{x}`).
  An escape that stands for a URL's own character is read as that character, the URL made
  of the runs of text around its backslash (as JSON's `\\/` is, scanner.literals): Perl's
  `\\@` (`"socks://foo:bar\\@127.0.0.1"`), and `\\:` and `\\=`, which Java's properties files
  write (`distributionUrl=https\\://services.gradle.org/...`, java.util.Properties.store);
  in a man page, troff's `\\-` and `\\.` (the character itself) and `\\:`, `\\&`, `\\%`, `\\/`,
  `\\,` (nothing: a break point, a hyphenation mark, spacing; groff(7)):
  `http://www.iana.org\\:/assignments\\:/protocol\\-numbers`;
- a backquote ends a URL; the quote a URL follows closes it (`'http://x.org/foo(bar'`), and
  two apostrophes end one (Nix's indented string closes with them), but before `$` (Nix's
  `''${`, an escaped `${`);
- a regular expression is no URL (scanner.regexes): `qr!ws://127\\.0\\.0\\.1:\\d+/!`;
- in TeX's `\\url{...}` and `\\href{...}{...}` the argument is the URL, to its closing brace,
  its macros' control sequences and parameters placeholders (scanner.tex); `\\verb|...|`'s
  delimiter (and `\\url|...|`'s, `\\path|...|`'s) ends one, as do TeX's `^^J` (a character
  by its code) and a comment's "%" at its line's end (the next line is TeX's);
- a next line goes on with a URL only where going_on.going_on_at says one may in a
  kind urlint does not read (a comment's URL in a comment alike, its line starting as a
  URL's rest does), and never in a man page, whose next line is a request or text: read as
  prose, in files of these kinds of fifteen repositories, each of the 81 joins was wrong
  (a systemd unit's `X-RestartIfChanged=false` after `https://gnu.org/software/emacs/`,
  55 a man page's next request, `.PP`, `.UE`), and each of the 8 hints; read by
  going_on_at, the 47 joins left were all a man page's.
"""

from __future__ import annotations

import re

from .._runtime.patterns import compiled_when_used
from ..core.model import Candidate, Span
from ..grammar.login import secret_spans
from . import bare, regexes, tex
from .bare_url import inside_a_login, not_bare_shaped, read_bare, templated
from .body import BODY, NON_ASCII_DELIMITERS
from .line_breaks import Lines, run_end
from .login_runs_on import LOGIN_READ_ON, login_read_on

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .positions import Positions

Found = tuple[Candidate | None, int] | None

# A run of a URL's body that holds nothing but its own characters: up to whitespace, a
# delimiter (body.BODY's), or a backslash, a backquote or a quote, which may end it.
_PLAIN = re.compile(f"[^\\s<>\"\\\\`'^%{NON_ASCII_DELIMITERS}]*")

# The escapes that stand for a URL's character: the backslash dropped, the character read.
# Perl's `\@`; `\:` and `\=`, as java.util.Properties.store writes them; `\(` and `\)`, a
# PDF string's (a TeX log's `/URI(https://doi.org/10.1002/\(SICI\)1096-987X...)`) and a
# shell word's.
_KEPT = frozenset("@:=()")
# troff's (groff(7)): the character itself, or nothing (the escape's two characters dropped).
_TROFF_KEPT = frozenset("-.")
_TROFF_DROPPED = frozenset(":&%/,")
_MAX_ESCAPES = 32  # escapes read through in one URL: past them, the URL ends

# How far a URL is looked through at first for what ends it; twice as far while nothing
# does (so each reads twice its own length at most: a long line of them stays linear).
_REACH = 256

# A man page: a line that starts with a troff request or macro of the man or mdoc package,
# or a comment (groff_man(7), groff_mdoc(7)), looked for once in a text that needs it.
_TROFF = compiled_when_used(
    r"^[.'][ \t]*(?:\\\"|(?:TH|SH|SS|PP|LP|TP|IP|RS|RE|UR|Dd|Dt|Sh|Ss|Pp|It|Bl|Nm)(?![A-Za-z]))",
    re.MULTILINE,
)
ESCAPED_COLON = re.compile(r"\\://")  # `https\://`: a properties file's escaped colon


class OtherText:
    """A text of a kind urlint does not read, and how its URLs are read (the scanner's)."""

    __slots__ = ("text", "escaped_colons", "lines", "_troff")

    def __init__(self, text: str) -> None:
        self.text = text
        # `\://` may follow a scheme: its hits are looked for (scanner._hits)
        self.escaped_colons = text.find("\\://") >= 0
        self.lines = Lines("other")  # which next line may go on with a URL at its line end
        self._troff: bool | None = None

    def troff(self) -> bool:
        """Is the text a man page (troff), whose escapes are troff's?"""
        if self._troff is None:
            self._troff = _TROFF.search(self.text) is not None
        return self._troff

    def bare(self, text: str, start: int, anchor: int, covered: int, index: Positions) -> Found:
        """The bare URL whose scheme starts at `start` (its colon at `anchor`), as
        bare_url.read_bare gives it, read warily (the module's docstring)."""
        quoted = text[start - 1] if start > 0 else ""
        if text[anchor - 1] == "\\" and self.troff():
            return None  # troff's `\:` is a break point: `http\://` holds no scheme's colon
        stretch = _stretch(text, anchor, quoted)
        found = self._read(text, start, anchor, covered, index, quoted)
        if regexes.is_pattern(text, start, stretch) and not self.troff():
            return regexes.no_url(found)
        return found

    def _read(
        self, text: str, start: int, anchor: int, covered: int, index: Positions, quoted: str
    ) -> Found:
        """The URL at `start` as `bare` reads it, a pattern's too."""
        if quoted == "{" and tex.opens_link(text, start - 1):
            found = tex.read_link(text, start, anchor, covered, index)
            if found is not None:
                return None if found[1] < 0 else found
        elif quoted and not quoted.isalnum():
            close = tex.delimited_end(text, start)
            if close > anchor:  # `\verb|http://x.org/|`: to the delimiter at the latest
                return self._read_bare(text, start, anchor, covered, index, close)
        reach = anchor + 1 + _REACH
        while True:
            limit, runs, cut = self._reach(text, start, anchor, quoted, reach)
            if len(runs) > 1:
                found = _joined(text, runs, anchor, covered, index)
            else:
                # Where its body ends at a blank, prose's reading ends it (a placeholder
                # with a blank inside is read whole: `http://localhost:${toString port}`).
                stop = limit if cut or limit == reach else None
                found = self._read_bare(text, start, anchor, covered, index, stop)
                if stop is None and found is not None:
                    # Past the placeholder, what ends a URL here ends it again.
                    stop = _first_cut(text, limit, found[1], quoted)
                    if stop >= 0:
                        found = self._read_bare(text, start, anchor, covered, index, stop)
            # Nothing ended the URL within its reach, and it runs to there: look further.
            if limit < reach or found is None or found[1] < limit:
                if cut or len(runs) > 1:
                    return _hidden_as_in_prose(text, start, anchor, covered, index, found, limit)
                return found
            reach = anchor + 1 + 2 * (reach - anchor - 1)

    def _read_bare(
        self, text: str, start: int, anchor: int, covered: int, index: Positions, stop: int | None
    ) -> Found:
        """bare_url.read_bare to `stop` at the latest, the next line going on only where
        going_on_at says one may, and in a man page none."""
        if self.troff():
            return read_bare(text, start, anchor, covered, index, stop, lines_go_on=False)
        return read_bare(text, start, anchor, covered, index, stop, lines=self.lines)

    def _reach(
        self, text: str, start: int, anchor: int, quoted: str, reach: int
    ) -> tuple[int, list[tuple[int, int]], bool]:
        """Where the URL at `start` ends at the latest, looked for up to `reach`; the runs
        of its text (more than one where an escape stands for a character); and whether
        what is there ends it (an escape, a backquote, a closing quote), not a blank, a
        delimiter or the reach's end."""
        runs = []
        run_start, at = start, anchor + 1
        if text[anchor - 1] == "\\":  # `https\://`: the escape's colon
            runs.append((start, anchor - 1))
            run_start = anchor
        escapes, cut = 0, False
        while True:
            at = run_end(_PLAIN, text, at, reach)
            if at >= reach or at >= len(text):
                break
            char = text[at]
            if char == "\\":
                after = _read_through(text, at, quoted, self.troff())
                if after < 0 or escapes == _MAX_ESCAPES:
                    cut = True
                    break
                runs.append((run_start, at))
                run_start, at = after, at + 2
                escapes += 1
            elif char == "'" and quoted != "'" and not text.startswith("''", at):
                at += 1  # an apostrophe inside (`.../bar'baz.html`): prose's trim decides
            elif char == "'" and text.startswith("''$", at):
                at += 2  # Nix's `''${`: an escaped `${`, a placeholder's
            elif char in "^%":
                if _TEX_CUT.match(text, at):
                    cut = True
                    break
                at += 1  # an escape's "%", a "^" of the URL's (C201 reports it)
            else:
                cut = char in "`'"  # else whitespace or a delimiter: the body's own end
                break
        runs.append((run_start, at))
        return at, runs, cut


def _hidden_as_in_prose(
    text: str, start: int, anchor: int, covered: int, index: Positions, found: Found, cut: int
) -> Found:
    """`found` (None for no URL), read to `cut`, where prose reads the URL on, covering the
    text as far as prose's reading does where that reading hides a password past it: what
    prose hides as a password is no URL of its own here either (`http://h:a\\- ftp://u:p@`
    is one login read across the blank in prose, section 6)."""
    end = cut if found is None else max(cut, found[1])
    if text.find("@", end, end + LOGIN_READ_ON) < 0:
        return found  # nearly every URL: no login reads on past it
    as_prose = read_bare(text, start, anchor, covered, index, lines_go_on=False)
    if as_prose is None or as_prose[1] <= end:
        return found
    candidate = as_prose[0]
    if candidate is None or candidate.login_rest is not None or secret_spans(candidate.url):
        return (None if found is None else found[0]), as_prose[1]
    return found


# TeX's that end a URL: `^^J` (a character by its code, the TeXbook's chapter 8), and a
# comment's "%" at its line's end (`\file{http://x.org/a.pdf%` then `\hspace*{-16pt}}`:
# the "%" drops the line end, and the next line goes on with TeX, not the URL).
_TEX_CUT = re.compile(r"\^\^|%[ \t]*(?:\r?\n|\Z)")
_CUTTING = re.compile("[\\\\`']|" + _TEX_CUT.pattern)


def _first_cut(text: str, start: int, end: int, quoted: str) -> int:
    """Where in text[start:end] the first backslash, backquote or closing quote is (as
    `OtherText._reach` reads them, every backslash a cut); -1 where there is none."""
    while True:
        found = _CUTTING.search(text, start, end)
        if found is None:
            return -1
        at = found.start()
        if (
            text[at] != "'"
            or quoted == "'"
            or text.startswith("''", at)
            and not text.startswith("''$", at)
        ):
            return at
        start = at + (2 if text.startswith("''$", at) else 1)


def _read_through(text: str, at: int, quoted: str, troff: bool) -> int:
    """Where the URL's text goes on after the escape whose backslash is at `at`: at the
    character it stands for, or after it where it stands for nothing; -1 where the escape
    ends the URL. `quoted`: the quote the URL follows, which its escape (`\\'`) does not
    close."""
    char = text[at + 1 : at + 2]
    if not char:
        return -1
    if troff:
        if char in _TROFF_KEPT:
            return at + 1
        return at + 2 if char in _TROFF_DROPPED else -1
    return at + 1 if char in _KEPT or char == quoted == "'" else -1


def _stretch(text: str, anchor: int, quoted: str) -> int:
    """Where the text a pattern's evidence is looked for in ends: the body of a URL at
    `anchor` (to a blank or a delimiter, backslashes and all), within the quotes it
    follows and the brackets around it (`\\url{http://x.org/}\\\\[2ex]`: a line break after
    TeX's argument)."""
    end = run_end(BODY, text, anchor + 1, anchor + 1 + regexes.WINDOW)
    if quoted in ("'", "`"):
        close = text.find(quoted, anchor + 1, end)
        if close >= 0:
            end = close
    return bare.first_unbalanced_closer(text, anchor + 1, end)


def _joined(
    text: str, runs: list[tuple[int, int]], anchor: int, covered: int, index: Positions
) -> Found:
    """The URL made of the runs of text `runs` (their last one's end where it ends at the
    latest), read as the runs joined: `https\\://x.org` is `https://x.org`, its pieces the
    runs it takes."""
    start = runs[0][0]
    joined = "".join(text[run_start:run_stop] for run_start, run_stop in runs)
    quote = text[start - 1 : start]
    colon = len(quote)  # where the colon is in the joined text, the quote before it counted
    for run_start, run_stop in runs:
        if run_start <= anchor < run_stop:
            colon += anchor - run_start
            break
        colon += run_stop - run_start
    quoted = quote + joined
    end = bare.body_end(quoted, colon + 1, url_start=len(quote))
    if not bare.has_body(quoted, colon, end) or (
        colon - len(quote) <= 4 and not_bare_shaped(quoted, len(quote), colon, end)
    ):
        return None
    spans = bare.runs_taken(runs, end - len(quote))  # the joined text's characters taken
    raw_end = spans[-1][1]
    if text.find("@", start, raw_end) >= 0 and inside_a_login(text, start, raw_end, covered):
        return None, raw_end
    url = joined[: end - len(quote)]
    pieces = tuple(index.span(piece_start, piece_end) for piece_start, piece_end in spans)
    rest = login_read_on(text, start, raw_end, url)
    candidate = Candidate(
        url,
        Span(pieces[0].start, pieces[-1].end),
        pieces,
        login_rest=index.span(rest[1], rest[2]) if rest is not None else None,
        login_rest_text=text[raw_end : rest[0]] + text[rest[1] : rest[2]] if rest else "",
    )
    return templated(candidate), raw_end


__all__ = ["ESCAPED_COLON", "OtherText"]
