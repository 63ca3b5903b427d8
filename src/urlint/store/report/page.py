"""`urlint report --html FILE`: one self-contained page that works with the network off.

Charts and sortable tables.

Everything the page needs is in it: the styles, Chart.js (vendor/, inlined with its
licence), the page's own script and its data. Its Content-Security-Policy allows nothing
to be fetched (`default-src 'none'`), and only these scripts and this style to run, by
their hashes: a string from the store that got past the escaping still could not run.

Every string from the store is escaped where it lands:

- in the HTML, by `html.escape` (text and attribute values), after `printable` (a control
  character shows as an escape, as in the text outputs);
- in the `<script type="application/json">` that carries the charts' data, as JSON with
  `<`, `>` and `&` written as \\u escapes, so no `</script>` or `<!--` can end or bend the
  element (the HTML parser looks for those before any JSON parser sees the text).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
from importlib import resources

from ...core.message import HEADER
from ...grammar.display import printable, shown
from . import queries
from .census import CENSUS_COLUMNS, census, census_size
from .queries import Selection, Totals
from .summary import NO_HOST, odd_dates_text, store_about, totals_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import TextIO

CHART_JS_VERSION = "4.6.1"  # vendor/README.md says where it is from
OTHER_RULES = "other rules"  # the rules past --top, summed in one dataset of their chart
# The classes of the tables' other columns that are laid out their own way (page.css): a
# URL wraps anywhere, a host after a dot, a date after its day (before its time).
_TEXT_CLASSES = {"url": "url", "host": "host", "first_seen": "date", "last_seen": "date"}
# The census's columns a reader scans, shown whole in its table; the rest of a row (where it
# was first seen, its spellings) in its last cell's details, opened on demand.
CENSUS_SHOWN = ("url", "host", "count", "messages", "in_headers", "first_seen", "last_seen")
CENSUS_DETAILS = tuple(column for column in CENSUS_COLUMNS if column not in CENSUS_SHOWN)
WHERE = "first seen in"  # the header of the census's column of details
# The tables' columns that hold numbers: right-aligned, and sorted as numbers.
NUMBER_COLUMNS = frozenset(
    {"urls", "unique_urls", "messages", "in_headers", "findings", "count", "message_index", "line"}
)


def write_page(
    store: str, selection: Selection, out: TextIO, top: int = 10, limit: int = 1000
) -> None:
    """Write the HTML page of the store at `store` to `out`.

    The selection's filters apply: `top` hosts, schemes and rules in the charts, at most
    `limit` rows in each table."""
    totals = queries.totals(selection, odd_limit=top)
    out.write(
        page_html(
            store,
            selection,
            totals,
            chart_data(selection, top),
            hosts=list(queries.urls_by(selection, "host", limit)),
            rules=list(queries.findings_by_rule(selection, limit)),
            census_rows=list(census(selection, limit, most_seen_first=True)),
            limit=limit,
        )
    )


# --- The charts' data ---------------------------------------------------------------------


def chart_data(selection: Selection, top: int) -> dict:
    """What the page's charts draw, as page.js reads it.

    URLs per month (the undated counted apart), the top hosts and schemes, and the
    findings of the top rules per month."""
    per_month = queries.urls_per_month(selection)
    dated = {month: count for month, count in per_month if month is not None}
    months = queries.month_range(list(dated))
    hosts = queries.top(selection, "host", top)
    schemes = queries.top(selection, "scheme", top)
    return {
        "months": {
            "labels": [printable(month) for month in months],
            "urls": [dated.get(month, 0) for month in months],
            "undated": sum(count for month, count in per_month if month is None),
        },
        "hosts": {
            "labels": [printable(host or NO_HOST) for host, _ in hosts],
            "urls": [count for _, count in hosts],
        },
        "schemes": {
            "labels": [printable(scheme or "") for scheme, _ in schemes],
            "urls": [count for _, count in schemes],
        },
        "rules": _rules_over_time(queries.findings_by_month_and_rule(selection), top),
        "colour": series_colours(1)[0],  # the one-series charts'
    }


# Okabe and Ito's palette: eight colours told apart with any colour vision.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
_GOLDEN_ANGLE = 137.507764  # degrees: each next hue as far from all before as it can be
_LIGHTNESS = (40, 60, 50)  # per cent, in turn: hues that come close differ in lightness


def series_colours(count: int) -> list[str]:
    """A colour for each of `count` series of a chart, no two the same.

    Okabe and Ito's eight first; past them hues stepped by the golden angle (HSL), their
    lightness in turn one of three, so that however many rules a chart draws (--top) no
    two of its series share a colour."""
    colours = list(OKABE_ITO[:count])
    for step in range(count - len(colours)):
        hue = round(step * _GOLDEN_ANGLE % 360, 1)
        colours.append(f"hsl({hue}, 70%, {_LIGHTNESS[step % len(_LIGHTNESS)]}%)")
    return colours


def _rules_over_time(rows: list[tuple[str | None, str, str, int]], top: int) -> dict:
    """A dataset per rule of the `top` with the most dated findings (the rest summed as
    one), over every month from the first finding's to the last's."""
    dated = [(month, code, name, count) for month, code, name, count in rows if month]
    totals: dict[str, int] = {}
    names: dict[str, str] = {}
    for _, code, name, count in dated:
        totals[code] = totals.get(code, 0) + count
        names[code] = f"{code} {name}"
    charted = sorted(totals, key=lambda code: (-totals[code], code))[:top]
    labels = queries.month_range(sorted({row[0] for row in dated}))
    column = {month: index for index, month in enumerate(labels)}
    series: dict[str, list[int]] = {names[code]: [0] * len(labels) for code in charted}
    if len(totals) > len(charted):
        series[OTHER_RULES] = [0] * len(labels)
    for month, code, _, count in dated:
        series[names[code] if code in charted else OTHER_RULES][column[month]] += count
    colours = series_colours(len(series))
    return {
        "labels": [printable(month) for month in labels],
        "datasets": [
            {"label": printable(label), "data": data, "colour": colour}
            for (label, data), colour in zip(series.items(), colours, strict=True)
        ],
        "undated": sum(row[3] for row in rows if row[0] is None),
    }


def script_json(value: object) -> str:
    """`value` as JSON that can stand inside a <script> element.

    `<`, `>` and `&` (which only occur inside JSON strings) as \\u escapes, and U+2028
    and U+2029 too (JavaScript before ES2019 ends a string at them)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char in "&<>\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


# --- The page -----------------------------------------------------------------------------


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def inline_script(text: str, name: str) -> str:
    """A script's text to inline, checked that it cannot end its element early.

    Nothing in it may end its <script> element early or put the HTML parser in its
    escaped states."""
    lowered = text.lower()
    if "</script" in lowered or "<!--" in lowered:
        raise ValueError(f"{name} cannot be inlined: it holds </script or <!--")
    return text


def chart_js() -> str:
    """Chart.js to inline, its licence first.

    The licence as a comment (MIT: the notice goes with every copy); the source map's URL
    left out (there is no map to fetch)."""
    library = _asset("vendor/chart.umd.min.js")
    library = "\n".join(
        line for line in library.splitlines() if not line.startswith("//# sourceMappingURL=")
    )
    licence = _asset("vendor/chart.js.LICENSE.md").strip()
    if "*/" in licence:
        raise ValueError("the Chart.js licence cannot be put in a comment")
    return inline_script(f"/*\n{licence}\n*/\n{library}\n", "Chart.js")


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def page_html(
    store: str,
    selection: Selection,
    totals: Totals,
    data: dict,
    hosts: list[tuple],
    rules: list[tuple],
    census_rows: list[tuple],
    limit: int,
) -> str:
    """The page's HTML: its head, charts, tables and inlined scripts, every string escaped."""
    from ...core.version import __version__

    style = "\n" + _asset("page.css")
    scripts = [chart_js(), inline_script("\n" + _asset("page.js"), "page.js")]
    policy = (
        "default-src 'none'; "
        f"script-src {' '.join(_hash(script) for script in scripts)}; "
        f"style-src {_hash(style)}"
    )
    name = shown(os.path.basename(store) or store)  # masked, as the summary's (summary.py)
    filters = selection.filters.described
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_text(policy)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="urlint {_text(__version__)}">',
        f"<title>URLs in {_text(name)}: urlint report</title>",
        f"<style>{style}</style>",
        "</head>",
        "<body>",
        "<header>",
        f"<h1>URLs in {_text(name)}</h1>",
        f'<p class="about">{_text(shown(store))}: {_text(store_about(totals))}</p>',
    ]
    if filters:
        parts.append(
            f'<p class="about" id="filters">Filters: {_text(shown(" ".join(filters)))}</p>'
        )
    parts += ["</header>", '<dl class="totals" id="totals">']
    census_urls = census_size(selection)
    for label, text in totals_lines(totals, selection.filters, census_urls):
        parts.append(f"<dt>{_text(label)}</dt><dd>{_text(text)}</dd>")
    parts.append("</dl>")
    parts += _odd_dates(totals)
    parts += _charts(data, totals, selection.filters.all_dates)
    host_rows = totals.hosts + (1 if totals.without_host else 0)  # those without: one row
    parts += _section(
        "Hosts",
        "hosts",
        _table_note(len(hosts), host_rows, limit, "hosts", "domains"),
        ("host", *queries.GROUP_COLUMNS),
        hosts,
        sorted_by="urls",
    )
    parts += _section(
        "Findings by rule",
        "rules",
        _table_note(len(rules), None, limit, "rules", "rules"),
        queries.RULE_COLUMNS,
        rules,
        sorted_by="findings",
    )
    parts += _section(
        "Census",
        "census",
        "Each distinct URL: how often it was found, in how many messages and how many "
        "times in a header field (List-Unsubscribe, X-Url), when it was first and last "
        "seen; and, a row's details opened, where it was first seen (path, message, "
        "Message-ID, line, what it was found in there: a string, a comment, a link; in its "
        "message: a header field or the body's MIME part), and the spellings seen of it "
        "(one URL however its scheme's and host's case, its percent-encodings or its "
        "default port were written: RFC 3986 section 6.2.2). "
        + _table_note(
            len(census_rows),
            census_urls,
            limit,
            "URLs",
            "census",
        ),
        CENSUS_COLUMNS,
        census_rows,
        sorted_by="count",
        details=CENSUS_DETAILS,
    )
    parts.append(
        f'<footer class="about">Written by urlint {_text(__version__)}; charts by Chart.js '
        f"{CHART_JS_VERSION} (MIT licence: in this page's source).</footer>"
    )
    parts.append(f'<script type="application/json" id="report-data">{script_json(data)}</script>')
    parts += [f"<script>{script}</script>" for script in scripts]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _odd_dates(totals: Totals) -> list[str]:
    """The messages of a Date they cannot have, as the summary lists them (the first
    --top): their date, where they are, their Date as written."""
    if not totals.odd_listed:
        return []
    more = totals.odd_messages - len(totals.odd_listed)
    title = "Odd dates" + (f" (the first {len(totals.odd_listed)})" if more > 0 else "")
    parts = [f'<details class="about" id="odd-dates"><summary>{_text(title)}</summary><ul>']
    for date, written, path, index in totals.odd_listed:
        as_written = f": {written}" if written else ""
        parts.append(f"<li>{_cell(date)} {_cell(path)} (message {index}){_cell(as_written)}</li>")
    parts.append("</ul></details>")
    return parts


def _table_note(shown: int, total: int | None, limit: int, noun: str, table: str) -> str:
    if shown < limit or (total is not None and shown >= total):
        return ""
    of = f" of {total}" if total is not None else ""
    return (
        f"The first {shown}{of} {noun}, the most found first: `urlint report --table "
        f"{table}` lists them all."
    )


def _charts(data: dict, totals: Totals, all_dates: bool) -> list[str]:
    months, rules = data["months"], data["rules"]
    odd = totals.odd_dated if not all_dates else 0
    undated = _undated(months["undated"] - odd, "URL", " (plain text, or a Date not read)")
    rules_undated = _undated(rules["undated"], "finding", "")
    if totals.odd_messages:  # both charts: each says what it leaves off, and how to show it
        said = odd_dates_text(totals.odd_messages, all_dates) + "."
        if odd:
            said = f"{said[:-1]}: {odd} URL{'s' if odd != 1 else ''} not charted here."
        undated = f"{undated} {said}".strip()
        rules_undated = f"{rules_undated} {odd_dates_text(totals.odd_messages, all_dates)}.".strip()
    figures = [
        ("chart-months", "URLs per month", undated),
        ("chart-hosts", "Top hosts", ""),
        ("chart-schemes", "Schemes", ""),
        ("chart-rules", "Findings by rule over time", rules_undated),
    ]
    parts = ['<section class="charts">']
    for chart_id, title, note in figures:
        parts += [
            "<figure>",
            f"<h2>{_text(title)}</h2>",
            f'<div class="chart"><canvas id="{chart_id}" role="img" '
            f'aria-label="{_text(title)}"></canvas></div>',
        ]
        if note:
            parts.append(f"<figcaption>{_text(note)}</figcaption>")
        parts.append("</figure>")
    parts.append("</section>")
    return parts


def _undated(count: int, noun: str, why: str) -> str:
    if not count:
        return ""
    has = f"{noun} has" if count == 1 else f"{noun}s have"
    return f"{count} {has} no date{why}, not charted."


def _section(
    title: str,
    section_id: str,
    note: str,
    columns: Iterable[str],
    rows: list[tuple],
    sorted_by: str,
    details: tuple[str, ...] = (),
) -> list[str]:
    """A titled, sortable table; the `details` columns in each row's last cell (`_details`)."""
    columns = tuple(columns)
    numeric = {index for index, column in enumerate(columns) if column in NUMBER_COLUMNS}
    shown = [index for index, column in enumerate(columns) if column not in details]
    parts = [f'<section id="{section_id}">', f"<h2>{_text(title)}</h2>"]
    if note:
        parts.append(f'<p class="note">{_text(note)}</p>')
    if not rows:
        parts += ['<p class="empty">None.</p>', "</section>"]
        return parts
    parts += [
        '<div class="scroll">',
        f'<table class="sortable" id="table-{section_id}">',
        "<thead><tr>",
    ]
    headers = [(columns[index], index in numeric) for index in shown]
    if details:
        headers.append((WHERE, False))
    for column, is_number in headers:
        classes = ' class="number"' if is_number else ""
        sort = ' aria-sort="descending"' if column == sorted_by else ""
        parts.append(f'<th{classes}{sort}><button type="button">{_text(column)}</button></th>')
    parts += ["</tr></thead>", "<tbody>"]
    for row in rows:
        cells = []
        for index in shown:
            column = columns[index]
            kind = "number" if index in numeric else _TEXT_CLASSES.get(column, "")
            classes = f' class="{kind}"' if kind else ""
            text = _BROKEN.get(kind, _cell)(row[index])
            cells.append(f"<td{classes}>{text}</td>")
        if details:
            cells.append(_details(dict(zip(columns, row, strict=True)), details))
        parts.append(f"<tr>{''.join(cells)}</tr>")
    parts += ["</tbody>", "</table>", "</div>", "</section>"]
    return parts


def _details(row: dict[str, object], details: tuple[str, ...]) -> str:
    """A census row's last cell: where it was first seen in a word (its summary), and the
    `details` columns that hold a value, each whole, when opened."""
    source, header, part = row.get("source"), row.get("header"), row.get("part")
    if source == HEADER:
        where = f"{header} header" if header else "a header"
    elif source is not None:
        where = f"body, part {part}" if part else "body"
    else:
        where = "file"  # plain text: in no message
    listed = "".join(
        f'<dt>{_text(column)}</dt><dd class="{_DETAIL_CLASSES.get(column, "text")}">'
        f"{_cell(row[column])}</dd>"
        for column in details
        if row[column] not in (None, "")
    )
    return (
        f'<td class="details"><details><summary>{_cell(where)}</summary>'
        f"<dl>{listed}</dl></details></td>"
    )


# How a detail is laid out (page.css): the spellings, a URL each, wrap anywhere.
_DETAIL_CLASSES = {"spellings": "url"}


def _broken_at(mark: str, after: bool = True) -> Callable[[object], str]:
    """A cell whose text may break at each `mark` (after it, or before), and nowhere else
    (each piece a span kept to one line: page.css): a host after a dot, a date before its
    time; never cut, one line where it fits."""

    def cell(value: object) -> str:
        if value is None:
            return ""
        pieces = printable(str(value)).split(mark)
        if after:
            pieces = [piece + mark for piece in pieces[:-1]] + pieces[-1:]
        else:
            pieces = pieces[:1] + [mark + piece for piece in pieces[1:]]
        return "<wbr>".join(f"<span>{_text(piece)}</span>" for piece in pieces)

    return cell


_BROKEN = {"host": _broken_at("."), "date": _broken_at("T", after=False)}


def _cell(value: object) -> str:
    if value is None:
        return ""
    return _text(printable(str(value)))


def _text(text: str) -> str:
    return html.escape(text, quote=True)
