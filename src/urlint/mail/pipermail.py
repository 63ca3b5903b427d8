"""A pipermail archive's addresses, written `user at host`, read as the addresses they were.

Mailman 2's archiver (pipermail) writes a list's monthly archive (`2010-March.txt`, and its
`.txt.gz`) as an mbox with every address obscured: `@` written ` at `, in the From_ line
(`From jml at mumak.net  Wed Mar  3 18:25:36 2010`), in the From: field (`From: jml at
mumak.net (Jonathan Lange)`) and all through the body, so that the `mailto:jml@mumak.net`
its writer sent stands as `mailto:jml at mumak.net`. Read as written, that is `mailto:jml`
(no address: S412) and a host `jml`; or, inside `<...>`, `mailto:jmlatmumak.net` with its
spaces dropped (X104).

A message is taken for pipermail's when both its From_ line and its From: field name its
sender so, the same address (`is_obscured`): a mail client writes `From: Name <user@host>`,
and no mbox writer but pipermail writes ` at ` in a From_ line; or when both name the
sender pipermail writes for a message that has none, `bogus@does.not.exist.com`. In such
a message, a `mailto:` with no `@` that ` at ` and a host name follow is read as the address
it stood for, `@` in place of ` at `, and flagged PIPERMAIL_ADDRESS: its URL is then not its pieces'
raw text joined (the blank before the host stands for the "@"), and check's findings on it
say how it was read (linter.checker's PIPERMAIL_NOTE; mail gets no fixes). In any other
message, and in every other file, nothing is read this way.
"""

from __future__ import annotations

from collections.abc import Iterator

from .._runtime.patterns import compiled_when_used
from ..core.model import Candidate, Flag, Span
from ..core.records import replaced
from .headers import header_field
from .origin import Envelope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..scanner.positions import Positions

# pipermail's From_ line: the sender obscured, two spaces, then the date (Mailman 2's
# `From %s  %s` with the address's "@" written " at ").
_FROM_LINE = compiled_when_used(rb"From ([^\s@]+) at ([^\s@]+)  \S")
# What pipermail writes for a message that names no sender, in its From_ line and its From:
# field (Mailman 2's archiver: `From bogus@does.not.exist.com  Wed Feb 23 13:29:31 2011`).
_NO_SENDER = b"From bogus@does.not.exist.com  "
# A host name after " at " (RFC 1034 3.5's labels; two at least: a local part ` at home`
# is prose): what a bare `mailto:user` read on with.
_HOST = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+"
# A bare `mailto:user` read on: " at ", the host, and a query (`?subject=...`) up to a
# blank or a closing bracket, punctuation at its end left as a bare URL's is.
_AT_HOST = compiled_when_used(
    r" at (" + _HOST + r")(\?[^\s<>\"'()\[\]]*[^\s<>\"'()\[\].,;:!?])?(?![A-Za-z0-9@-])"
)
_HOST_FIRST = compiled_when_used(_HOST + r"(?:\?|\Z)")  # a wrapped one's piece after "at"
_MAILTO = "mailto:"


def is_obscured(envelope: Envelope) -> bool:
    """Whether the message is from a pipermail archive: its From_ line and its From: field
    both write its sender `user at host`, the same address."""
    header = envelope.header
    line = _FROM_LINE.match(header)
    if line is None and not header.startswith(_NO_SENDER):
        return False  # most messages: their From_ line writes no `user at host`
    sender = header_field(header, "From", envelope.lowered)
    if sender is None:
        return False
    address = sender.split(b" (", 1)[0].strip()
    if line is None:  # a message without a sender, as pipermail writes one
        return address == _NO_SENDER[5:-2]
    return address == line.group(1) + b" at " + line.group(2)


def read_addresses(
    candidates: Iterator[Candidate], text: str, positions: Positions
) -> Iterator[Candidate]:
    """The candidates of a text of an obscured message, each `mailto:user` followed by
    ` at host` read as `mailto:user@host` (flagged PIPERMAIL_ADDRESS); the rest as found.

    `positions` placed the candidates in `text` (their spans' offsets are into it)."""
    for candidate in candidates:
        url = candidate.url
        if url[:7].lower() == _MAILTO and "@" not in url and len(url) > 7:
            candidate = _address(candidate, text, positions) or candidate
        yield candidate


def _address(candidate: Candidate, text: str, positions: Positions) -> Candidate | None:
    if candidate.wrapper is None:
        return _bare_address(candidate, text, positions)
    return _wrapped_address(candidate, text)


def _bare_address(candidate: Candidate, text: str, positions: Positions) -> Candidate | None:
    """`mailto:user at host`, read bare as `mailto:user`: read on over ` at host`."""
    end = candidate.span.end.offset
    if end is None:
        return None
    found = _AT_HOST.match(text, end)
    if found is None:
        return None
    # The blank before the host stands for the "@": the pieces are as long as the URL, and
    # a finding's column is placed through them (linter.rules.locate).
    rest = positions.span(found.start(1) - 1, found.end())
    return replaced(
        candidate,
        url=f"{candidate.url}@{text[found.start(1) : found.end()]}",
        span=Span(candidate.span.start, rest.end),
        pieces=(*candidate.pieces, rest),
        flags=candidate.flags | {Flag.PIPERMAIL_ADDRESS},
    )


def _wrapped_address(candidate: Candidate, text: str) -> Candidate | None:
    """`<mailto:user at host>`, read with its blanks dropped as `mailto:useratHOST`: the
    pieces `mailto:user`, `at`, `host` read as `mailto:user@host`."""
    pieces = candidate.pieces
    if len(pieces) < 3 or Flag.INNER_WHITESPACE not in candidate.flags:
        return None
    bounds = [(piece.start.offset, piece.end.offset) for piece in pieces]
    if any(start is None or end is None for start, end in bounds):
        return None
    (_, first_end), (at_start, at_end), (host_start, host_end) = bounds[:3]
    if (
        text[at_start:at_end] != "at"  # type: ignore[index]  # offsets known: checked above
        or text[first_end:at_start] != " "  # type: ignore[index]
        or text[at_end:host_start] != " "  # type: ignore[index]
        or _HOST_FIRST.match(text, host_start, host_end) is None  # type: ignore[arg-type]
    ):
        return None
    rest = candidate.url[len(text[bounds[0][0] : first_end]) + 2 :]  # type: ignore[index]
    flags = candidate.flags | {Flag.PIPERMAIL_ADDRESS}
    if len(pieces) == 3:  # the blanks around "at" were the only ones dropped
        flags -= {Flag.INNER_WHITESPACE}
    return replaced(
        candidate,
        url=f"{text[bounds[0][0] : first_end]}@{rest}",  # type: ignore[index]
        # the blank before the host standing for the "@", as a bare one's (_bare_address)
        pieces=(pieces[0], Span(pieces[2].start.shifted(-1), pieces[2].end), *pieces[3:]),
        flags=flags,
    )
