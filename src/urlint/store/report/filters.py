"""What `urlint report`'s filters select, and the dates they take.

The filters narrow every table, the summary and the HTML page alike: a repeated option
takes any of its values (`--domain a.org --domain b.org`), and different options must all
hold. They select rows by what the rows are about:

- `--since`, `--until`, `--folder`: the message a URL, finding or problem is in. A URL in
  plain text, or in a message whose Date could not be read, has no date, so a date filter
  leaves it out; one in plain text has no folder either.
- `--domain`, `--scheme`, `--urls-from`: the URL (a finding's, the URL it is about;
  `--urls-from`, where it was in its message: a header field or the body). A problem is
  about no URL, so these leave problems to the message filters alone.

Dates in the store are ISO 8601 in UTC of one width ("2001-09-18T15:15:48Z"), so they
compare as text; a bound is turned into such a text and compared with `>=` or `<`.
"""

from __future__ import annotations

import argparse
import re
from datetime import datetime, timedelta

from ...core.message import ALL
from ...core.records import record
from ...grammar.login import masked_items

# A year, a month, a day, or a time in UTC: the precisions --since and --until take.
_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})Z?)?)?)?")


@record
class Filters:
    """What --since, --until, --folder, --domain, --scheme and --urls-from select.

    The selection as the command line gave it. `since` and `until` are bounds in the
    store's date format: `since` inclusive, `until` exclusive (the end of the period the
    user named: `--until 2001` ends at 2002-01-01T00:00:00Z)."""

    since: str | None = None
    until: str | None = None
    folders: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    schemes: tuple[str, ...] = ()
    urls_from: str = ALL  # core.message.URLS_FROM
    # The options as given, in order, for the summary and the page to say what they show.
    described: tuple[str, ...] = ()
    # --all-dates: a message's Date on the time axis even where it cannot be (queries.py:
    # before EARLIEST_DATE or after its scan). Not a filter: it selects no fewer rows.
    all_dates: bool = False

    @property
    def by_message(self) -> bool:
        """Whether a filter asks about the message (its date or folder)."""
        return bool(self.since or self.until or self.folders)

    @property
    def by_url(self) -> bool:
        """Whether a filter asks about the URL (its host, scheme or place in its message)."""
        return bool(self.domains or self.schemes or self.urls_from != ALL)


def filters_from(args: argparse.Namespace) -> Filters:
    """The Filters of `urlint report`'s parsed arguments (command.add_report_parser)."""
    described: list[str] = []
    for option, value in (("--since", args.since), ("--until", args.until)):
        if value is not None:
            described.append(f"{option} {value.text}")
    folders = tuple(args.folder or ())
    domains = _listed(args.domain)
    schemes = _listed(args.scheme)
    described += [f"--folder {folder}" for folder in folders]
    described += [f"--domain {domain}" for domain in domains]
    described += [f"--scheme {scheme}" for scheme in schemes]
    urls_from = getattr(args, "urls_from", ALL)
    if urls_from != ALL:
        described.append(f"--urls-from {urls_from}")
    return Filters(
        since=args.since.start if args.since else None,
        until=args.until.end if args.until else None,
        folders=folders,
        # Host names and schemes are stored in lower case (store.rows.scheme_and_host);
        # a trailing dot names the same host (RFC 1034 section 3.1).
        domains=tuple(domain.lower().rstrip(".") for domain in domains),
        schemes=tuple(scheme.lower().rstrip(":") for scheme in schemes),
        urls_from=urls_from,
        described=tuple(described),
        all_dates=bool(getattr(args, "all_dates", False)),
    )


def _listed(values: list[str] | None) -> tuple[str, ...]:
    """Repeated and comma-separated values, in order, each once; a password in one hidden
    before it is cut (grammar.login.masked_items: the filters are shown)."""
    found: dict[str, None] = {}
    for value in values or ():
        for item in masked_items(value):
            found[item] = None
    return tuple(found)


@record
class Period:
    """A date given on the command line, and the period it names.

    The text, and the period as bounds in the store's format (`start` inclusive, `end`
    exclusive)."""

    text: str
    start: str
    end: str


def period(text: str) -> Period:
    """An argparse type: YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, in UTC."""
    match = _DATE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is no date: give YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ (UTC)"
        )
    year, month, day, hour, minute, second = (
        None if part is None else int(part) for part in match.groups()
    )
    assert year is not None  # the pattern requires it
    try:
        start = datetime(
            year,
            1 if month is None else month,  # not `month or 1`: "2001-00" is no month
            1 if day is None else day,
            hour or 0,
            minute or 0,
            second or 0,
        )
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is no date of the calendar") from None
    try:
        if month is None:
            end = _stored(datetime(year + 1, 1, 1))
        elif day is None:
            end = _stored(datetime(year + month // 12, month % 12 + 1, 1))
        elif hour is None:
            end = _stored(start + timedelta(days=1))
        else:
            end = _stored(start + timedelta(seconds=1))
    except (ValueError, OverflowError):  # the period ends with the year 9999
        end = "~"  # after every date: "~" sorts after the digits
    return Period(text.strip(), _stored(start), end)


def _stored(when: datetime) -> str:
    # By hand, not strftime: glibc's %Y does not pad a year before 1000 to four digits,
    # and a bound must compare as text with the stored dates.
    return (
        f"{when.year:04d}-{when.month:02d}-{when.day:02d}"
        f"T{when.hour:02d}:{when.minute:02d}:{when.second:02d}Z"
    )
