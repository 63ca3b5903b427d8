"""`urlint report STORE`: the store in a screenful of text.

Every text that came from the store is written as every text output of urlint writes
input text (grammar.display.printable): a control character or an escape sequence in a
sender or a folder name never reaches the terminal raw. The store holds URLs masked
already (`ftp://fred:****@host/`): they are shown as stored.
"""

from __future__ import annotations

from ...core.message import ALL
from ...grammar.display import printable, shown
from . import queries
from .census import census_size
from .filters import Filters
from .queries import Selection, Totals

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import TextIO

NO_HOST = "(no host)"  # the URLs of schemes that name none (news:), as the lists show them
LABEL_WIDTH = 13


def write_summary(store: str, selection: Selection, out: TextIO, top: int = 10) -> None:
    """Write the summary of the store at `store` to `out`.

    Under the selection's filters, with the `top` hosts, schemes and rules, and the
    first `top` messages of a Date they cannot have."""
    totals = queries.totals(selection, odd_limit=top)
    lines = [*_header(store, selection, totals)]
    lines += [
        _line(label, text)
        for label, text in totals_lines(totals, selection.filters, census_size(selection))
    ]
    lines.append("")
    lines += odd_dates_listed(totals)
    lines += _ranked(
        "Top hosts",
        ((host or NO_HOST, count) for host, count in queries.top(selection, "host", top)),
    )
    lines += _ranked(
        "Top schemes",
        ((scheme or "", count) for scheme, count in queries.top(selection, "scheme", top)),
    )
    lines += _ranked(
        "Findings by rule",
        (
            (f"{code}  {name}  {severity}", findings)
            for code, name, severity, findings, *_ in queries.findings_by_rule(selection, top)
        ),
    )
    out.write("\n".join(lines).rstrip("\n") + "\n")


def _line(label: str, text: str) -> str:
    return f"{label + ':':<{LABEL_WIDTH}}{text}"


def store_about(totals: Totals) -> str:
    """What the store says of itself: its schema, the urlint that wrote it, its last scan."""
    about = [f"schema {printable(totals.schema_version or '?')}"]
    if totals.urlint_version:
        about.append(f"urlint {printable(totals.urlint_version)}")
    if totals.last_scan:
        about.append(f"last scan {printable(totals.last_scan)}")
    return ", ".join(about)


def _header(store: str, selection: Selection, totals: Totals) -> list[str]:
    # The store's name and the filters' values are the user's own text, and a URL in them
    # may hold a password: masked as every output masks one (section 6).
    lines = [_line("Store", f"{shown(store)} ({store_about(totals)})")]
    if selection.filters.described:
        lines.append(_line("Filters", shown(" ".join(selection.filters.described))))
    return lines


def totals_lines(totals: Totals, filters: Filters, census_urls: int) -> list[tuple[str, str]]:
    """The summary's counts as (label, text) lines.

    The text printable (the page shows them too). `census_urls`: the census's rows under
    the same filters (census.census_size), said beside the distinct URLs as written."""
    if totals.messages_read is None:  # filtered: the inputs and messages with such URLs
        inputs = f"{totals.inputs} with these URLs"
        messages = f"{totals.messages} with these URLs"
    else:
        kinds = ", ".join(f"{count} {printable(kind)}" for kind, count in totals.input_kinds)
        partial = f"; {totals.partial_inputs} read in part" if totals.partial_inputs else ""
        inputs = f"{totals.inputs}" + (f" ({kinds}{partial})" if kinds else "")
        messages = f"{totals.messages_read} read, {totals.messages} with URLs"
    return [
        ("Inputs", inputs),
        ("Messages", messages),
        ("URLs", urls_text(totals, filters)),
        ("Unique URLs", unique_urls_text(totals.unique_urls, census_urls)),
        ("Hosts", str(totals.hosts)),
        ("Findings", _breakdown(totals.findings, _severity)),
        ("Problems", _problems(totals, filters)),
        *_dates(totals, filters),
    ]


def urls_text(totals: Totals, filters: Filters) -> str:
    """The URLs, and how many of them were in a header field of their message."""
    if not totals.in_headers:
        return str(totals.urls)
    how = ": --urls-from body leaves them out" if filters.urls_from == ALL else ""
    return f"{totals.urls} ({totals.in_headers} in header fields{how})"


def unique_urls_text(as_written: int, census_urls: int) -> str:
    """What `Unique URLs` counts: the distinct URLs as written, and the census's count of
    them (one URL however its scheme's and host's case, percent-encodings or default port
    were written: census.normal_url), which is the same or fewer."""
    return f"{as_written} as written, {census_urls} in the census (one URL however spelt)"


def _breakdown(counts: tuple[tuple[str, int], ...], item: Callable[[str, int], str]) -> str:
    total = sum(count for _, count in counts)
    if not total:
        return "0"
    return f"{total}: " + ", ".join(item(key, count) for key, count in counts)


def _problems(totals: Totals, filters: Filters) -> str:
    text = _breakdown(totals.problems, lambda kind, count: f"{count} {printable(kind)}")
    if filters.by_url and totals.problems:  # filters.py: a problem is about no URL
        text += " (not narrowed by --domain, --scheme or --urls-from)"
    return text


def _severity(severity: str, count: int) -> str:
    return f"{count} {printable(severity)}{'s' if count != 1 and severity != 'info' else ''}"


def _dates(totals: Totals, filters: Filters) -> list[tuple[str, str]]:
    """The span of the messages' dates, the Dates they cannot have, and the URLs that have
    none on the time axis, and why."""
    if totals.first_date is None or totals.last_date is None:
        span = "none"
    else:
        span = f"{printable(totals.first_date[:10])} to {printable(totals.last_date[:10])}"
    lines = [("Dates", span)]
    if totals.odd_messages:
        lines.append(("Odd dates", odd_dates_text(totals.odd_messages, filters.all_dates)))
    undated = totals.in_plain_text + totals.undated_in_messages + totals.odd_dated
    if not undated:
        return lines
    where = []
    if totals.in_plain_text:
        where.append(f"{totals.in_plain_text} in plain text")
    if totals.undated_in_messages:
        count = totals.undated_in_messages
        messages = "a message" if count == 1 else "messages"
        where.append(f"{count} in {messages} whose Date was not read")
    if totals.odd_dated:
        count = totals.odd_dated
        messages = "a message" if count == 1 else "messages"
        where.append(f"{count} in {messages} of an odd date")
    lines.append(("Undated", f"{undated} URL{'s' if undated != 1 else ''}: " + ", ".join(where)))
    return lines


def odd_dates_text(count: int, all_dates: bool) -> str:
    """What the summary and the page say of the messages of a Date they cannot have."""
    one = count == 1
    what = (
        f"{count} message{'' if one else 's'} dated before 1971 or after "
        f"{'its' if one else 'their'} scan"
    )
    if all_dates:
        return f"{what}, on the time axis (--all-dates)"
    return f"{what}, left off the time axis (--all-dates puts {'it' if one else 'them'} on it)"


def odd_dates_listed(totals: Totals) -> list[str]:
    """The messages of an odd date the summary lists: their date, their Date as written,
    where they are; then a blank line. Nothing when there are none."""
    if not totals.odd_listed:
        return []
    more = totals.odd_messages - len(totals.odd_listed)
    title = "Odd dates" + (f" (the first {len(totals.odd_listed)})" if more > 0 else "")
    lines = [title]
    for date, written, path, index in totals.odd_listed:
        as_written = f": {written}" if written else ""
        lines.append(
            f"  {printable(date)}  {printable(path)} (message {index}){printable(as_written)}"
        )
    return [*lines, ""]


def _ranked(title: str, items: Iterable[tuple[str, int]]) -> list[str]:
    """A titled list of counts, right-aligned, then a blank line; nothing when empty."""
    listed = list(items)
    if not listed:
        return []
    width = max(len(str(count)) for _, count in listed)
    return [
        title,
        *(f"  {count:>{width}}  {printable(label)}" for label, count in listed),
        "",
    ]
