"""What a worker makes of a unit for the store: flat rows, every input text in them masked
(reporters.safe, RFC 1738 section 6), sent back as plain tuples (pickle's C code takes them
whole: runner.FoundLine says why).

A unit's results (runner.worked) hold, in order, for each input or part of one it read:
its rows (MESSAGE before the first URL, finding or problem of that message; URL rows before
their findings, as `check` reports after finding), then one INPUT_READ row with the
messages read and, for an input read whole, the SHA-256 of its bytes. The writer
(store.writer) tells rows of one input from the next by those INPUT_READ rows, and one
unit from the next by runner.UNIT_END.

The findings are `urlint check`'s (checker.Checker.check_items), on the same scan: a text
file's inline suppressions hold, and a problem is a finding too, as `check` reports it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache, partial

from ..checker import Checker
from ..config import Settings
from ..findings import Finding
from ..grammar.login import mask_password
from ..grammar.parse import parse
from ..mail.headers import header_field, text_of
from ..pipeline import READ, ArticleRead, ScannedText, scan_input_marked
from ..problems import Problem
from ..records import replaced
from ..reporters.extract import FLAG_ORDER, read_on, url_shown
from ..runner import Unit, UnitResult, worked
from ..sources.files import InputFile, content_hash
from ..sources.kinds import MESSAGE as ONE_MESSAGE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime

    from ..mail.origin import MessageInfo
    from ..model import Candidate

# The first field of a row says what it is.
MESSAGE, URL, FINDING, PROBLEM, INPUT_READ = "m", "u", "f", "p", "i"
# ("m", path, index, line, message_id, date, date_raw, sender, list_id, folder, flags)
# ("u", path, message index or 0, url, scheme, host, line, column, end_line, end_column,
#  offset, wrapper, alt, flags, part, content_type, source, header)
# ("f", path, message index or 0, code, name, severity, text, url, line, column, end_line,
#  end_column)
# ("p", path, message index or 0, kind, reason, line)
# ("i", input path, messages read, damaged, SHA-256 or None, kind or None): for an input
#  read whole, its SHA-256 and its kind (sources.kinds)
Row = tuple


def unit_rows(unit: Unit, settings: Settings, findings: bool = True) -> UnitResult:
    """A unit of work read in a worker process for the store: its rows, input by input
    (module docstring). `settings`: the rules whose findings are kept; none without
    `findings` (`scan --no-findings`: the URLs alone, nothing linted)."""
    checker = Checker(settings) if findings else None

    def whole(source: InputFile, articles: set[str]) -> list:
        kind = input_kind(source.path)
        rows = input_rows(checker, scan_input_marked(source, articles), source.path, kind)
        rows[-1] = (*rows[-1][:4], content_hash(source.path), kind)
        return rows

    return worked(unit, whole, partial(input_rows, checker))


def input_rows(
    checker: Checker | None,
    items: Iterable[ScannedText | Problem | ArticleRead],
    path: str,
    kind: str | None = None,
) -> list:
    """The rows of one input's (or one part's) scanned texts, then its INPUT_READ row."""
    before = READ.messages, READ.damaged
    rows: list = []
    messages = _Messages(path, rows, kind)

    def with_url_rows(
        items: Iterable[ScannedText | Problem | ArticleRead],
    ) -> Iterator[ScannedText | Problem | ArticleRead]:
        for item in items:
            if isinstance(item, ScannedText):
                candidates = list(item.candidates)  # found as iterated: once, here
                item = replaced(item, candidates=candidates)
                where = item.path or path
                number = messages.number(where, item.mail)
                for candidate in candidates:
                    if candidate.url:  # an empty wrapper is no URL (extract's rule)
                        rows.append(url_row(where, number, candidate, item.mail))
            elif isinstance(item, Problem):
                where = item.path or path
                rows.append(problem_row(item, where, messages.number(where, item.mail)))
            yield item

    events = with_url_rows(items) if checker is None else checker.check_items(
        path, with_url_rows(items)
    )
    for event in events:
        if isinstance(event, (ScannedText, Problem)):
            continue  # its rows are made (no findings asked for)
        if isinstance(event, Finding):
            number = messages.number(event.path or path, event.mail)
            rows.append(finding_row(event, number))
        else:
            rows.append(event)  # a news article's mark (runner.worked: crossposts)
    read = READ.since(*before)
    rows.append((INPUT_READ, path, read[0], read[1], None, None))
    return rows


def input_kind(path: str) -> str | None:
    """What the file is (sources.kinds: text, mbox, message, gzip, tar, ...)."""
    from ..sources.kinds import file_kind

    try:
        return file_kind(path)
    except OSError:
        return None


class _Messages:
    """The MESSAGE row of each message, made the first time one of its rows is."""

    def __init__(self, path: str, rows: list, kind: str | None) -> None:
        self.input_path = path
        self.rows = rows
        self.last: tuple[str, int] | None = None
        # The input is one message (not an mbox): known for an input read whole, else
        # sniffed when first asked.
        self.single: bool | None = None if kind is None else kind == ONE_MESSAGE

    def number(self, where: str, mail: MessageInfo | None) -> int:
        if mail is None:
            return 0
        key = (where, mail.index)
        if key != self.last:
            self.last = key
            self.rows.append(self._row(where, mail))
        return mail.index

    def _row(self, where: str, mail: MessageInfo) -> Row:
        envelope = mail.envelope
        message_id, date, sender = envelope.identity()
        list_id = header_field(envelope.header, "List-Id", envelope.lowered)
        folder, flags = self._folder(where)
        return (
            MESSAGE, mask_password(where), mail.index, mail.line, _masked(message_id),
            utc_date(date), _masked(date), _masked(sender),
            _masked(" ".join(text_of(list_id).split()) if list_id else None),
            mask_password(folder), flags,
        )

    def _folder(self, where: str) -> tuple[str, str | None]:
        """The folder a message is in, and its Maildir flags (maildir_place); another
        file of one message is in its directory (MH, a news spool), and the messages of an
        mbox in the mbox."""
        in_maildir = maildir_place(where)
        if in_maildir is not None:
            return in_maildir
        if self.single is None:
            self.single = input_kind(self.input_path) == ONE_MESSAGE
        if self.single and where == self.input_path:
            return os.path.dirname(where), None
        return where, None


def maildir_place(path: str) -> tuple[str, str | None] | None:
    """The Maildir a message file is in, and its flags (the info after ":2,", as the
    Maildir specification writes them: "RS"); None for a file in no Maildir's cur/ or
    new/."""
    if "cur" not in path and "new" not in path:
        return None  # most paths: two splits less
    parent, name = os.path.split(path)
    above, subfolder = os.path.split(parent)
    if subfolder not in ("cur", "new"):
        return None
    info = name.partition(":")[2]
    return above, info[2:] if info.startswith("2,") else None


def url_row(path: str, message: int, candidate: Candidate, mail: MessageInfo | None) -> Row:
    url = url_shown(candidate.url, False, candidate.login_rest_text) or ""
    alt = candidate.alt
    if alt is not None:
        alt = url_shown(alt, False, read_on(candidate))
    scheme, host = scheme_and_host(url)
    span = candidate.span
    start, end = span.start, span.end
    wrapper = candidate.wrapper
    flags = " ".join(flag.value for flag in sorted(candidate.flags, key=FLAG_ORDER.__getitem__))
    return (
        URL, mask_password(path), message, url, scheme, host, start.line, start.column,
        end.line, end.column, start.offset, None if wrapper is None else wrapper.value, alt,
        flags, *_place(mail),
    )


def _place(mail: MessageInfo | None) -> tuple:
    if mail is None:
        return (None, None, None, None)
    return (mail.part, mail.content_type, mail.source, _masked(mail.header))


def problem_row(problem: Problem, path: str, message: int) -> Row:
    return (PROBLEM, mask_password(path), message, problem.kind.value,
            mask_password(problem.reason), problem.line)


def finding_row(finding: Finding, message: int) -> Row:
    return (
        FINDING, mask_password(finding.path), message, finding.code, finding.name,
        finding.severity.value, mask_password(finding.message), finding.url, finding.line,
        finding.column, finding.end_line, finding.end_column,
    )


@lru_cache(maxsize=4096)  # an archive's URLs repeat: its footers, its signatures
def scheme_and_host(url: str) -> tuple[str, str | None]:
    """The URL's scheme and host as grammar.parse reads them (the one reader of a URL's
    components, RFC 1738 section 3.1; a masked login passed over), in lower case (section
    2.1: "programs interpreting URLs should treat upper case letters as equivalent to
    lower case in scheme names"; host names are case-blind, RFC 1034 section 3.1); for
    mailto (section 3.5), the host the mail goes to."""
    parsed = parse(url)
    host = None
    if parsed.host is not None:
        host = url[parsed.host[0] : parsed.host[1]]
    elif parsed.address is not None:
        host = url[parsed.address[0] : parsed.address[1]].rpartition("@")[2]
    return parsed.scheme, (host.lower().rstrip(".") or None) if host is not None else None


def utc_date(date: str | None) -> str | None:
    """A Date field (RFC 5322 section 3.3, and RFC 822's older forms) as ISO 8601 in UTC,
    to sort by; None where it names no time. A zone of "-0000" (no zone known) is read as
    UTC."""
    if not date:
        return None
    when = _common_date(date) or _any_date(date)
    if when is None:
        return None
    # By hand: strftime writes the year 999 as "999", which sorts after "1999" as text.
    return (
        f"{when.year:04d}-{when.month:02d}-{when.day:02d}T"
        f"{when.hour:02d}:{when.minute:02d}:{when.second:02d}Z"
    )


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


def _common_date(date: str) -> datetime | None:
    found = _COMMON_DATE.fullmatch(date.strip())
    if found is None or found[2] not in _MONTHS:
        return None
    from datetime import datetime, timedelta, timezone

    day, _, year, hour, minute, second, sign, zone_hours, zone_minutes = found.groups()
    offset = timedelta(hours=int(zone_hours), minutes=int(zone_minutes))
    try:
        when = datetime(int(year), _MONTHS[found[2]], int(day), int(hour), int(minute),
                        int(second), tzinfo=timezone.utc)
        return when - offset if sign == "+" else when + offset
    except (ValueError, OverflowError):
        return None  # 31 Feb, a second 60: what email.utils makes of it


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
    return None if text is None else mask_password(text)
