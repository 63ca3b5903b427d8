"""What a worker makes of a unit for the store: flat rows, sent back as plain tuples.

Every input text in them is masked (output.printable, RFC 1738 section 6); plain tuples,
as pickle's C code takes them whole (work.extract.FoundLine says why).

A unit's results (run.worker.worked) hold, for each input or part of one it read, one
INPUT_READ event with its rows (MESSAGE before the first URL, finding or problem of that
message; URL rows before their findings, as `check` reports after finding), the messages
read and, for an input read whole, the SHA-256 of its bytes and its kind. Rows travel in
lists, not one event each: the writer's process handles a few events an input, not one a
row. Where a news article's marks (core.inputs.ArticleRead) stand among them, the rows before
each mark go ahead of it in a ROWS event, so that the merge (run.merge) can drop a
crossposted article's rows, and only them. The writer (store.writer) tells one unit from
the next by run.merge.UNIT_END.

The findings are `urlint check`'s (linter.checker.Checker.check_items), on the same scan: a
text file's inline suppressions hold, and a problem is a finding too, as `check` reports it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from datetime import date as date_type
from functools import lru_cache, partial

from ..core.findings import Finding
from ..core.inputs import ArticleRead, Crossposts, InputFile, Reading
from ..core.message import ALL, taken_from
from ..core.model import ScannedText
from ..core.problems import Problem
from ..core.records import replaced
from ..core.units import TextRange
from ..grammar.parse import parse
from ..linter.checker import Checker
from ..linter.config import Settings
from ..linter.suppressions import RangeDirectives, Suppressions
from ..mail.headers import header_field, text_of
from ..mail.origin import info_of
from ..output.extract import flags_text, url_shown
from ..pipeline import scan_input_marked
from ..run.work import Unit, UnitResult
from ..run.worker import worked
from ..sources.hashing import content_hash
from ..sources.kinds import MESSAGE as ONE_MESSAGE
from .storable import stored_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime

    from ..core.message import InMessage
    from ..core.model import Candidate
    from ..mail.origin import MessageInfo

# The first field of a row (and of an event) says what it is.
MESSAGE, URL, FINDING, PROBLEM, INPUT_READ, ROWS = "m", "u", "f", "p", "i", "r"
# ("m", path, index, line, message_id, date, date_raw, sender, list_id, folder, flags)
# ("u", path, message index or 0, url, scheme, host, line, column, end_line, end_column,
#  offset, wrapper, alt, flags, part, content_type, source, header, context)
# ("f", path, message index or 0, code, name, severity, text, url, line, column, end_line,
#  end_column, part, source, header)
# ("p", path, message index or 0, kind, reason, line)
# Events: ("i", input path, messages read, damaged, [rows], SHA-256 or None, kind or None):
#  for an input read whole, its SHA-256 and its kind (sources.kinds); ("r", [rows]): the
#  rows before an article's mark
Row = tuple


def unit_rows(
    unit: Unit, settings: Settings, findings: bool = True, urls_from: str = ALL
) -> UnitResult:
    """A unit of work read in a worker process for the store: its rows, input by input.

    (The module docstring says how.) `settings`: the rules whose findings are kept; none without
    `findings` (`scan --no-findings`: the URLs alone, nothing linted). `urls_from`: the
    texts whose URLs and findings are kept, by where they were in their message
    (core.message.taken_from: `scan --urls-from`)."""
    checker = Checker(settings) if findings else None
    # What the unit reads: its messages, and each input's hash and kind; near-URLs looked
    # for only where the N rules read them.
    reading = Reading(near=checker is not None)

    def whole(source: InputFile, articles: Crossposts, read: Reading) -> list:
        items = scan_input_marked(source, articles, read, hashing=True)
        events = input_rows(
            checker, items, source.path, reading=read, whole=True, urls_from=urls_from
        )
        # the hash of the bytes read (None: not all of them, in order) and what the
        # reading recognised the file as (None: it could not be read)
        digest = read.hash or content_hash(source.path)
        events[-1] = (*events[-1][:5], digest, read.kind)
        return events

    if checker is None or not isinstance(unit, TextRange):
        part = partial(input_rows, checker, reading=reading, urls_from=urls_from)
        return worked(unit, whole, part, None, reading)
    # A range of a text file: its findings suppressed by the directives on its lines and
    # those before it (its look back's), and what it knows of the file's suppressions at
    # its end, which the writer's process joins (Checker.ranges_joined), as check does.
    suppressions = Suppressions()
    final = unit.final  # the file's last range: its unused suppressions are known

    def range_rows(items: Iterable[ScannedText | Problem | ArticleRead], path: str) -> list:
        events = input_rows(
            checker,
            items,
            path,
            reading=reading,
            range_suppressions=suppressions,
            urls_from=urls_from,
        )
        return [*events, suppressions.of_range(path, final)]

    look_back = suppressions.collect_from
    return worked(unit, whole, range_rows, look_back, reading)


def input_rows(
    checker: Checker | None,
    items: Iterable[ScannedText | Problem | ArticleRead],
    path: str,
    *,
    reading: Reading,
    whole: bool = False,
    range_suppressions: Suppressions | None = None,
    urls_from: str = ALL,
) -> list:
    """The events of one input's (or one part's: not `whole`) scanned texts.

    Its INPUT_READ event with their rows, after a ROWS event before each article's mark, and
    the messages `reading` counted while they were read. `range_suppressions`: the
    suppressions of a range of a text file (Checker.check_items). A text `urls_from` does
    not take (a header field's, or the body's) is passed over: neither its URLs nor its
    findings are rows."""
    before = reading.messages, reading.damaged
    events: list = []
    rows: list = []  # since the last mark
    messages = _Messages(path, rows, reading if whole else None)

    def with_url_rows(
        items: Iterable[ScannedText | Problem | ArticleRead],
    ) -> Iterator[ScannedText | Problem | ArticleRead]:
        for item in items:
            if isinstance(item, ScannedText):
                if urls_from != ALL and not taken_from(_source(item.mail), urls_from):
                    continue
                candidates = list(item.candidates)  # found as iterated: once, here
                item = replaced(item, candidates=candidates)
                where = item.path or path
                number = messages.number(where, item.mail)
                for candidate in candidates:
                    if candidate.listed:  # an empty wrapper, a near-URL: no URL (extract's rule)
                        rows.append(url_row(where, number, candidate, item.mail))
            elif isinstance(item, Problem):
                where = item.path or path
                rows.append(problem_row(item, where, messages.number(where, item.mail)))
            yield item

    checked = (
        with_url_rows(items)
        if checker is None
        else checker.check_items(path, with_url_rows(items), range_suppressions)
    )
    for event in checked:
        if isinstance(event, (ScannedText, Problem)):
            continue  # its rows are made (no findings asked for)
        if isinstance(event, Finding):
            number = messages.number(event.path or path, event.mail)
            rows.append(finding_row(event, number))
        else:  # a news article's mark (run.worker.worked: crossposts)
            if rows:
                events.append((ROWS, rows[:]))
                rows.clear()
            events.append(event)
    read = reading.since(*before)
    events.append((INPUT_READ, path, read[0], read[1], rows, None, None))
    return events


# Where each kind of row holds a line of the file, and a character offset in it.
_LINE_FIELDS = {URL: (6, 8), FINDING: (8, 10), PROBLEM: (5,), MESSAGE: (3,)}
_OFFSET_FIELD = {URL: 10}


def placed_rows(events: list, lines: int, chars: int, messages: int) -> list:
    """The events of a range of a text file placed in the file.

    Its rows, and its part of the file's suppressions, `lines` lines and `chars` characters
    further on (its lines count from its own start: core.units.TextRange;
    run.runner.run_work's `place`). Its columns stay: a range starts at a line's start. The
    store frames an mbox whole, so no run of one is placed here (`messages`: none)."""
    placed: list = []
    for event in events:
        if isinstance(event, RangeDirectives):
            event = event.moved(lines, chars)
        elif event[0] == INPUT_READ:
            event = (*event[:4], _moved_rows(event[4], lines, chars), *event[5:])
        elif event[0] == ROWS:
            event = (ROWS, _moved_rows(event[1], lines, chars))
        placed.append(event)
    return placed


def _moved_rows(rows: list, lines: int, chars: int) -> list:
    moved = []
    for row in rows:
        fields = list(row)
        for at in _LINE_FIELDS[row[0]]:
            fields[at] += lines
        offset_at = _OFFSET_FIELD.get(row[0])
        if offset_at is not None and fields[offset_at] is not None:
            fields[offset_at] += chars
        moved.append(tuple(fields))
    return moved


def input_kind(path: str) -> str | None:
    """What the file is (sources.kinds: text, mbox, message, gzip, tar, ...)."""
    from ..sources.kinds import file_kind

    try:
        return file_kind(path)
    except OSError:
        return None


class _Messages:
    """The MESSAGE row of each message, made the first time one of its rows is."""

    def __init__(self, path: str, rows: list, whole: Reading | None) -> None:
        self.input_path = path
        self.rows = rows
        self.last: tuple[str, int] | None = None
        self.whole = whole  # the reading of an input read whole; None for a part
        # The input is one message (not an mbox): asked the first time a message row is
        # made, once the input is recognised.
        self.single: bool | None = None
        # The file (or member) the last message row was in, masked, with its folder and
        # flags: an mbox's messages are all in one.
        self.place: tuple[str, str, str, str | None] | None = None

    def number(self, where: str, mail: InMessage | None) -> int:
        if mail is None:
            return 0
        key = (where, mail.index)
        if key != self.last:
            self.last = key
            self.rows.append(self._row(where, info_of(mail)))
        return mail.index

    def _row(self, where: str, mail: MessageInfo) -> Row:
        envelope = mail.envelope
        message_id, date, sender = envelope.identity()
        list_id = header_field(envelope.header, "List-Id", envelope.lowered)
        if self.place is None or self.place[0] != where:
            folder, flags = self._folder(where)
            # Maildir flags are the end of a file's name, which may hold a URL's login
            self.place = (where, stored_text(where), stored_text(folder), _masked(flags))
        _, masked_where, masked_folder, flags = self.place
        return (
            MESSAGE,
            masked_where,
            mail.index,
            mail.line,
            _masked(message_id),
            utc_date(date),
            _masked(date),
            _masked(sender),
            _masked(" ".join(text_of(list_id).split()) if list_id else None),
            masked_folder,
            flags,
        )

    def _folder(self, where: str) -> tuple[str, str | None]:
        """The folder a message is in, and its Maildir flags (maildir_place); another
        file of one message is in its directory (MH, a news spool), and the messages of an
        mbox in the mbox."""
        in_maildir = maildir_place(where)
        if in_maildir is not None:
            return in_maildir
        if self.single is None:
            # read whole, the reading recognised it; a part is sniffed
            whole = self.whole
            kind = whole.kind if whole is not None else input_kind(self.input_path)
            self.single = kind == ONE_MESSAGE
        if self.single and where == self.input_path:
            return os.path.dirname(where), None
        return where, None


def maildir_place(path: str) -> tuple[str, str | None] | None:
    """The Maildir a message file is in, and its flags.

    The flags are the info after ":2,", as the Maildir specification writes them ("RS");
    None for a file in no Maildir's cur/ or new/."""
    if "cur" not in path and "new" not in path:
        return None  # most paths: two splits less
    parent, name = os.path.split(path)
    above, subfolder = os.path.split(parent)
    if subfolder not in ("cur", "new"):
        return None
    info = name.partition(":")[2]
    return above, info[2:] if info.startswith("2,") else None


def url_row(path: str, message: int, candidate: Candidate, mail: InMessage | None) -> Row:
    """The URL row of `candidate` found in `path` (in its message `message`, 0 for none).

    Its context is the scanner's (core.model.Candidate.context: one of a few names the
    scanner gives, no text of the input), None for running text."""
    url = url_shown(candidate.url, False, candidate.login_rest_text) or ""
    alt = candidate.alt
    if alt is not None:
        alt = url_shown(alt, False, candidate.alt_rest_text())
    scheme, host = scheme_and_host(url)
    span = candidate.span
    start, end = span.start, span.end
    wrapper = candidate.wrapper
    return (
        URL,
        stored_text(path),
        message,
        url,
        scheme,
        host,
        start.line,
        start.column,
        end.line,
        end.column,
        start.offset,
        None if wrapper is None else wrapper.value,
        alt,
        flags_text(candidate.flags),
        *_place(mail),
        candidate.context,
    )


def _source(mail: InMessage | None) -> str | None:
    return None if mail is None else mail.source


def _place(mail: InMessage | None) -> tuple:
    """Where in its message a text was: part, content type, source, header field."""
    if mail is None:
        return (None, None, None, None)
    # A Content-Type is read from the message, a URL with a password in it too (jsonl masks
    # it: output.extract.message_json).
    return (mail.part, _masked(mail.content_type), mail.source, _masked(mail.header))


def problem_row(problem: Problem, path: str, message: int) -> Row:
    """The PROBLEM row of `problem` met in `path` (in its message `message`, 0 for none)."""
    return (
        PROBLEM,
        stored_text(path),
        message,
        problem.kind.value,
        stored_text(problem.reason),
        problem.line,
    )


def finding_row(finding: Finding, message: int) -> Row:
    """The FINDING row of `finding` (in its message `message`, 0 for none)."""
    return (
        FINDING,
        stored_text(finding.path),
        message,
        finding.code,
        finding.name,
        finding.severity.value,
        stored_text(finding.message),
        finding.url,
        finding.line,
        finding.column,
        finding.end_line,
        finding.end_column,
        *_finding_place(finding.mail),
    )


def _finding_place(mail: InMessage | None) -> tuple:
    """A finding's part, source and header field: its text's (`_place`, but the type)."""
    part, _, source, header = _place(mail)
    return (part, source, header)


@lru_cache(maxsize=4096)  # an archive's URLs repeat: its footers, its signatures
def scheme_and_host(url: str) -> tuple[str, str | None]:
    """The URL's scheme and host as grammar.parse reads them, in lower case.

    grammar.parse is the one reader of a URL's components (RFC 1738 section 3.1; a masked
    login passed over). Lower case (section 2.1: "programs interpreting URLs should treat
    upper case letters as equivalent to lower case in scheme names"; host names are
    case-blind, RFC 1034 section 3.1); for mailto (section 3.5), the host the mail goes to."""
    parsed = parse(url)
    host = None
    if parsed.host is not None:
        host = url[parsed.host[0] : parsed.host[1]]
    elif parsed.address is not None:
        host = url[parsed.address[0] : parsed.address[1]].rpartition("@")[2]
    return parsed.scheme, (host.lower().rstrip(".") or None) if host is not None else None


def utc_date(date: str | None) -> str | None:
    """A Date field as ISO 8601 in UTC, to sort by.

    RFC 5322 section 3.3, and RFC 822's older forms; None where it names no time. A zone of
    "-0000" (no zone known) is read as UTC."""
    if not date:
        return None
    found = _COMMON_DATE.fullmatch(date.strip())
    if found is not None and found[2] in _MONTHS:
        return _common_utc(*found.groups())
    when = _any_date(date)
    if when is None:
        return None
    return _iso(when.toordinal(), when.hour * 3600 + when.minute * 60 + when.second)


# RFC 5322 section 3.3's date-time as nearly every mail writes it ("Tue, 15 Apr 1997
# 10:02:09 -0400"), read here; email.utils reads any form, at ten times the cost.
# A comment may follow (RFC 5322 CFWS: "-0700 (PDT)"); one-digit hours are common too.
_COMMON_DATE = re.compile(
    r"(?:[A-Z][a-z]{2}, )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{1,2}):(\d\d):(\d\d) "
    r"([+-])(\d\d)(\d\d)(?: \([^()]*\))?"
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}
_DAY = 86400


def _common_utc(
    day: str,
    month_name: str,
    year: str,
    hour: str,
    minute: str,
    second: str,
    sign: str,
    zone_hours: str,
    zone_minutes: str,
) -> str | None:
    """The common form's groups in UTC; None for no such time (31 Feb, a second 60, as
    email.utils refuses them) or one out of the years 1 to 9999 (where email.utils would
    read the year 0001 as 2001: RFC 5322 section 4.3 reads only a two or three digit year
    so). In whole seconds and days, not datetime objects: the store reads a Date for
    every message."""
    hours, minutes, seconds = int(hour), int(minute), int(second)
    if hours > 23 or minutes > 59 or seconds > 59:
        return None
    try:
        ordinal = date_type(int(year), _MONTHS[month_name], int(day)).toordinal()
    except ValueError:
        return None
    shift = int(zone_hours) * 3600 + int(zone_minutes) * 60
    at = hours * 3600 + minutes * 60 + seconds + (-shift if sign == "+" else shift)
    return _iso(ordinal + at // _DAY, at % _DAY)


def _iso(ordinal: int, seconds: int) -> str | None:
    """Day `ordinal` (date.toordinal) at `seconds` past midnight, as ISO 8601 in UTC; None
    out of the years 1 to 9999 (date.isoformat writes the year 999 as "0999", which sorts
    before "1999" as text, as strftime's "999" does not)."""
    try:
        day = date_type.fromordinal(ordinal)
    except (ValueError, OverflowError):
        return None
    return (
        f"{day.isoformat()}T{_TWO_DIGITS[seconds // 3600]}:"
        f"{_TWO_DIGITS[seconds // 60 % 60]}:{_TWO_DIGITS[seconds % 60]}Z"
    )


_TWO_DIGITS = [f"{number:02d}" for number in range(60)]  # formatting each costs 4 times more


def _any_date(date: str) -> datetime | None:
    from datetime import timezone
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(date)
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        return when.astimezone(timezone.utc)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _masked(text: str | None) -> str | None:
    return None if text is None else stored_text(text)
