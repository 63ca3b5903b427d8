"""A URL found, packed flat for the trip from a worker process, and unpacked into its `Found`.

The process that reads the results (`urlint.scan_paths(..., jobs=N)`) unpacks it into the
very `Found` the worker packed.

Why: pickle takes a named tuple apart and builds it again through Python-level code, one
object at a time, and a `Candidate` is a dozen of them (its spans and their positions):
pickling one and loading it costs more than finding it. Flat, it is one tuple of strings
and integers that pickle's C code handles whole (tests/test_api.py checks that what
arrives is what left).
"""

from __future__ import annotations

from ..core.model import Candidate, Flag, Position, Span, Wrapper
from ..core.records import built
from ..mail.origin import moved_mail
from ..pipeline import Found

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..mail.origin import MessageInfo

# (path, message, url, alt, wrapper, flags, login_rest_text, context, placeholders, shape,
# *positions): `context` and `placeholders` as the candidate has them (a str or None, a
# tuple of (start, end) pairs: pickle's C code takes them whole); `shape`
# says which spans follow (the number of pieces, then one bit each for wrapper_span,
# continuation and login_rest); `positions` holds (line, column, offset) of each span's
# start and end, the candidate's span first.
Packed = tuple

_WRAPPERS = {wrapper.value: wrapper for wrapper in Wrapper}
_FLAG_BITS = {flag: 1 << index for index, flag in enumerate(Flag)}
_FLAG_SETS: dict[int, frozenset[Flag]] = {0: frozenset()}  # made once per combination
_WRAPPER_SPAN, _CONTINUATION, _LOGIN_REST = 1 << 16, 1 << 17, 1 << 18
_PIECES = _WRAPPER_SPAN - 1


def pack(path: str, candidate: Candidate, message: MessageInfo | None) -> Packed:
    """The URL `candidate` found in `path` (and `message`), flat."""
    flags = 0
    for flag in candidate.flags:
        flags |= _FLAG_BITS[flag]
    spans = [candidate.span, *candidate.pieces]
    shape = len(candidate.pieces)
    if candidate.wrapper_span is not None:
        shape |= _WRAPPER_SPAN
        spans.append(candidate.wrapper_span)
    if candidate.continuation is not None:
        shape |= _CONTINUATION
        spans.append(candidate.continuation)
    if candidate.login_rest is not None:
        shape |= _LOGIN_REST
        spans.append(candidate.login_rest)
    wrapper = candidate.wrapper
    return (
        path,
        message,
        candidate.url,
        candidate.alt,
        None if wrapper is None else wrapper.value,
        flags,
        candidate.login_rest_text,
        candidate.context,
        candidate.placeholders,
        shape,
        *[
            number
            for span in spans
            for position in (span.start, span.end)
            for number in (position.line, position.column, position.offset)
        ],
    )


def unpack(packed: Packed) -> Found:
    """The `Found` that `pack` was given."""
    path, message, url, alt, wrapper, flags, rest_text, context, placeholders, shape = packed[:10]
    numbers = packed[10:]
    new = built  # a record without its constructor's Python-level call
    spans = [
        new(
            Span,
            (
                new(Position, numbers[at : at + 3]),
                new(Position, numbers[at + 3 : at + 6]),
            ),
        )
        for at in range(0, len(numbers), 6)
    ]
    pieces = shape & _PIECES
    after = 1 + pieces
    wrapper_span = continuation = login_rest = None
    if shape & _WRAPPER_SPAN:
        wrapper_span = spans[after]
        after += 1
    if shape & _CONTINUATION:
        continuation = spans[after]
        after += 1
    if shape & _LOGIN_REST:
        login_rest = spans[after]
    candidate = Candidate(
        url,
        spans[0],
        tuple(spans[1 : 1 + pieces]),
        None if wrapper is None else _WRAPPERS[wrapper],
        alt,
        _flag_set(flags),
        wrapper_span,
        continuation,
        login_rest,
        rest_text,
        context,
        placeholders,
    )
    return Found(path, candidate, message)


def placed(events: list, lines: int, chars: int, messages: int) -> list:
    """Packed URLs among `events` moved further on in their file.

    Moved `lines` lines and `chars` characters further on,
    their message `messages` messages (a range of a text file or a run of an mbox placed
    from its own start: work.TextExtent); columns stay."""
    if not (lines or chars or messages):
        return events
    return [
        (
            event[0],
            moved_mail(event[1], lines, messages),
            *event[2:10],
            *[
                number + (lines if at % 3 == 0 else chars if at % 3 == 2 else 0)
                for at, number in enumerate(event[10:])
            ],
        )
        if type(event) is tuple
        else event
        for event in events
    ]


def _flag_set(bits: int) -> frozenset[Flag]:
    flags = _FLAG_SETS.get(bits)
    if flags is None:
        flags = frozenset(flag for flag, bit in _FLAG_BITS.items() if bits & bit)
        _FLAG_SETS[bits] = flags
    return flags
