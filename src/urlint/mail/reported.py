"""Which URLs a decoded message reports: mail's policy, kept in mail/.

One link is reported once, whatever versions of a text (multipart/alternative) or places in
an HTML part name it, and no reference into the message itself is."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain

from ..core.model import Candidate, ScannedText
from ..core.records import built, replaced
from ..grammar.login import secret_spans, secret_spans_read_on, within, word_end
from ..grammar.schemes import INSIDE_THE_MESSAGE
from ..scanner.scanner import iter_candidates
from ..scanner.textpos import LineIndex
from .mime import DecodedText, MessageReader
from .pipermail import is_obscured, read_addresses

# A URL as a part's repeat of it is known: its text, and whether it is a URL (Candidate.
# listed) or a near-URL. A near-URL that reads as a URL does (`https://https://x.org/`, the
# near-URL before the URL at its start) stands for no URL, nor a URL for it.
Seen = tuple[str, bool]


def _seen_as(candidate: Candidate) -> Seen:
    """How `candidate` is known where a part's repeat of a URL is looked for (Seen)."""
    return candidate.url, candidate.listed


def message_texts(reader: MessageReader, path: str, near: bool = True) -> Iterator[ScannedText]:
    """Each text of a decoded message that reports a URL, with its URLs at raw positions in
    the file at `path`, found as they are iterated (a message's URLs are never all held).

    A text/html version of a multipart/alternative does not repeat a URL its text/plain
    version has; an HTML part reports each URL once (an anchor's href and its text are one
    link); an attribute's reference into the message (cid:) is no URL. Without `near`, no
    near-URL is looked for (scanner.ChunkScan)."""
    obscured = is_obscured(reader.envelope)
    plain_urls: dict[int, set[Seen]] = _plain_urls_after_html(reader.texts, obscured, near)
    html_seen: dict[str, set[Seen]] = {}
    for decoded in reader.texts:
        candidates = _candidates(decoded, obscured, near)
        if decoded.source.startswith("html-"):
            repeated = (
                plain_urls.get(decoded.alternative_group, set())
                if decoded.alternative_group is not None
                else set()
            )
            candidates = _first_seen(
                candidates, repeated, html_seen.setdefault(decoded.part, set())
            )
        elif decoded.alternative_group is not None and _is_plain_version(decoded):
            candidates = _recorded(
                candidates, plain_urls.setdefault(decoded.alternative_group, set())
            )
        first = next(candidates, None)
        if first is None:
            continue
        candidates = chain((first,), candidates)
        values = (
            decoded.text,
            decoded.line_base,
            0,
            candidates,
            path,
            decoded.info(),
            0,
            None,
            True,
        )
        yield built(ScannedText, values)  # (a record's call is Python's)
        for _ in candidates:  # what the reader left: a later HTML version needs these URLs
            pass


def _candidates(decoded: DecodedText, obscured: bool, near: bool) -> Iterator[Candidate]:
    """The URLs of a decoded text (and its near-URLs, with `near`); `obscured`: of a
    pipermail archive's message, its `mailto:user at host` read as the address
    (mail.pipermail)."""
    text = decoded.text
    if obscured:
        positions = decoded.relocator or LineIndex(text, decoded.line_base)
        candidates = read_addresses(
            iter_candidates(text, positions=positions, near=near), text, positions
        )
        if decoded.relocator is None:
            return candidates
    elif decoded.relocator is None:
        return iter_candidates(text, line_base=decoded.line_base, near=near)
    else:
        candidates = iter_candidates(text, positions=decoded.relocator, near=near)
    if decoded.source.startswith("html-") and decoded.source != "html-text":  # an attribute
        return _attribute_urls(candidates, decoded)
    return candidates


def _attribute_urls(candidates: Iterator[Candidate], decoded: DecodedText) -> Iterator[Candidate]:
    """An attribute's URLs but its references to parts of this message (cid:) and inline
    data, found as they are iterated (a generator function: mypyc makes a list of a
    generator expression). A URL that ends its value reads its login on with the source's
    word after the value (`decoded.read_on`), where a password may go on past the quote
    that ended the value: grammar.login hides it on both readings."""
    for candidate in candidates:
        if candidate.url and candidate.url.partition(":")[0].lower() not in INSIDE_THE_MESSAGE:
            if decoded.read_on and not candidate.login_rest_text:
                candidate = _read_on(candidate, decoded)
            yield candidate


def _read_on(candidate: Candidate, decoded: DecodedText) -> Candidate:
    """The candidate with the rest of its value (punctuation the scanner trimmed), then
    the word after the value, as its login_rest_text, where no blank lies between and
    the URL read on with them hides more of itself than alone (as the scanner's own
    login_read_on gives one)."""
    url = candidate.url
    rest = decoded.text[decoded.text.rfind(url) + len(url) :] + decoded.read_on
    if word_end(rest, 0) < len(rest):
        return candidate
    if within(secret_spans_read_on(url, rest), len(url)) == secret_spans(url):
        return candidate
    return replaced(candidate, login_rest_text=rest)


def _is_plain_version(decoded: DecodedText) -> bool:
    return decoded.source == "text" and decoded.content_type == "text/plain"


def _plain_urls_after_html(
    texts: Sequence[DecodedText], obscured: bool, near: bool
) -> dict[int, set[Seen]]:
    """The URLs of each text/plain version that comes after an HTML version of the same
    multipart/alternative (rare: RFC 2046 5.1.4 puts the plainest first), found before the
    HTML one is read; the others are recorded as they are read."""
    html_groups: set[int] = set()
    urls: dict[int, set[Seen]] = {}
    for decoded in texts:
        if decoded.alternative_group is None:
            continue
        if decoded.source.startswith("html-"):
            html_groups.add(decoded.alternative_group)
        elif decoded.alternative_group in html_groups and _is_plain_version(decoded):
            urls.setdefault(decoded.alternative_group, set()).update(
                _seen_as(c) for c in _candidates(decoded, obscured, near)
            )
    return urls


def _recorded(candidates: Iterator[Candidate], urls: set[Seen]) -> Iterator[Candidate]:
    for candidate in candidates:
        urls.add(_seen_as(candidate))
        yield candidate


def _first_seen(
    candidates: Iterator[Candidate], repeated: set[Seen], seen: set[Seen]
) -> Iterator[Candidate]:
    for candidate in candidates:
        key = _seen_as(candidate)
        if key in repeated or key in seen:
            continue
        seen.add(key)
        yield candidate
