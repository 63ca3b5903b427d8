"""The report's questions to the store, in SQL that reads an index where one answers.

Where none does, SQLite reads a table once, in its order: a report on a store of millions
of URLs costs a few passes over the `urls` table at most.

- `Selection` holds the filters: the rows they select, as common table expressions every
  query starts from (its docstring: read once into temporary tables when filtered).
- Counts read an index alone: the summary's URLs, distinct URLs (urls_url), hosts and top
  hosts (urls_host), messages and URLs in plain text (urls_message).
- `--domain`: the hosts are listed by a loose scan of urls_host (one index probe per
  distinct host, not one per URL), the matching ones put in a temporary table, and the
  URLs of those hosts read through the same index.
- A finding's host and scheme are its URL's: one probe of urls_url per finding.
- The tables that count distinct URLs and messages per group read every selected URL
  with its message: they group by sorting (`GROUP BY +key`), not by walking an index.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from ...core.message import ALL, HEADER, HEADERS
from ...core.records import record
from .access import open_store as open_store  # where the report opens the store
from .filters import Filters

# A month as the report names it: the first seven characters of an ISO date.
MONTH = "substr({date}, 1, 7)"

# The earliest Date a message can have. The first mail between two computers went over
# the ARPANET late in 1971 (Ray Tomlinson's SNDMSG and CPYNET), and RFC 561 (1973) is
# the first to give a message a Date field: a Date before 1971 is one no mail has (an
# unset clock's 1970-01-01, Unix time 0, among them; a two-digit year read as the year
# 102). Nor can a message be dated after it was read: its input's scan time
# (inputs.scanned_at). A message dated so keeps its Date in the store; the report leaves
# it off the time axis (the date range, the months, first and last seen, the charts)
# unless --all-dates, and counts and lists it (odd_dates).
EARLIEST_DATE = "1971-01-01T00:00:00Z"


def axis_date(message: str, all_dates: bool) -> str:
    """The SQL of the Date of the message aliased `message` as the time axis takes it.

    NULL where it cannot be (EARLIEST_DATE), unless `all_dates`."""
    if all_dates:
        return f"{message}.date"
    return (
        f"CASE WHEN {message}.date >= '{EARLIEST_DATE}' AND {message}.date <= "
        f"(SELECT scanned_at FROM inputs WHERE inputs.id = {message}.input_id) "
        f"THEN {message}.date END"
    )


def odd_date(message: str) -> str:
    """The SQL condition: the message aliased `message` has a Date it cannot have."""
    return (
        f"({message}.date < '{EARLIEST_DATE}' OR {message}.date > "
        f"(SELECT scanned_at FROM inputs WHERE inputs.id = {message}.input_id))"
    )


class Selection:
    """The rows the filters select, which the report's queries start from.

    They are common table expressions: `selected_urls`, `selected_findings`,
    `selected_problems`.

    Unfiltered, they are the store's tables, which SQLite flattens into each query, so a
    count reads an index alone. Filtered, the URLs and findings are read once into
    temporary tables that every query of the report then reads: one pass over the store
    for the filters, not one per query."""

    def __init__(self, connection: sqlite3.Connection, filters: Filters) -> None:
        self.connection = connection
        self.filters = filters
        self.filtered = filters.by_message or filters.by_url
        self.parameters: dict[str, str] = {}
        self._materialized: set[str] = set()
        message = []
        if filters.since:
            self.parameters["since"] = filters.since
            message.append("m.date >= :since")
        if filters.until:
            self.parameters["until"] = filters.until
            message.append("m.date < :until")
        if filters.folders:
            message.append(f"m.folder IN ({self._listed('folder', filters.folders)})")
        self.message_conditions = message
        self.scheme_list = self._listed("scheme", filters.schemes) if filters.schemes else ""
        if filters.domains:
            self._select_hosts(filters.domains)

    def _listed(self, name: str, values: tuple[str, ...]) -> str:
        """`values` as bound parameters, for an IN list."""
        names = []
        for number, value in enumerate(values):
            self.parameters[f"{name}{number}"] = value
            names.append(f":{name}{number}")
        return ", ".join(names)

    def _select_hosts(self, domains: tuple[str, ...]) -> None:
        """Fill temp.report_hosts with the store's hosts that are one of `domains` or under
        one (`--domain example.org` takes www.example.org, not badexample.org)."""
        # A loose index scan: each step asks urls_host for the next host after the last,
        # so the hosts are listed in as many probes as there are hosts, not URLs.
        distinct_hosts = """
            WITH RECURSIVE hosts(host) AS (
                SELECT min(host) FROM urls
                UNION ALL
                SELECT (SELECT min(host) FROM urls WHERE urls.host > hosts.host)
                FROM hosts WHERE hosts.host IS NOT NULL
            )
            SELECT host FROM hosts WHERE host IS NOT NULL
        """
        suffixes = tuple("." + domain for domain in domains)
        chosen = [
            (host,)
            for (host,) in self.connection.execute(distinct_hosts)
            if host in domains or host.endswith(suffixes)
        ]
        self.connection.execute("DROP TABLE IF EXISTS temp.report_hosts")
        self.connection.execute(
            "CREATE TEMP TABLE report_hosts (host TEXT PRIMARY KEY) WITHOUT ROWID"
        )
        self.connection.executemany("INSERT INTO temp.report_hosts VALUES (?)", chosen)

    def _url_conditions(self, host: str, scheme: str, source: str) -> list[str]:
        conditions = []
        if self.filters.domains:
            conditions.append(f"{host} IN (SELECT host FROM temp.report_hosts)")
        if self.filters.schemes:
            conditions.append(f"{scheme} IN ({self.scheme_list})")
        if self.filters.urls_from != ALL:  # core.message.taken_from, in SQL
            taken = "IS" if self.filters.urls_from == HEADERS else "IS NOT"
            conditions.append(f"{source} {taken} '{HEADER}'")
        return conditions

    def _selected(self, name: str, query: str) -> str:
        """The common table expression `name`: `query` itself when nothing is filtered,
        else the temporary table it was read into, the first time it was asked for."""
        if not self.filtered:
            return f"{name} AS ({query})"
        table = "report_" + name.partition("_")[2]  # selected_urls: temp.report_urls
        if table not in self._materialized:
            self.connection.execute(f"DROP TABLE IF EXISTS temp.{table}")
            self.connection.execute(f"CREATE TEMP TABLE {table} AS {query}", self.parameters)
            self._materialized.add(table)
        return f"{name} AS (SELECT * FROM temp.{table})"

    @property
    def urls(self) -> str:
        """The common table expression of the URLs the filters select.

        `selected_urls`: each URL found (an occurrence, not a distinct URL) that the
        filters select, with its source in its message (core.message.HEADER for a header
        field's) and the fields of its message (NULL for plain text): `date` as the time
        axis takes it (axis_date), `read_date` as the store has it."""
        conditions = self.message_conditions + self._url_conditions(
            "u.host", "u.scheme", "u.source"
        )
        return self._selected(
            "selected_urls",
            f"""SELECT u.id, u.input_id, u.message, u.path, u.url, u.scheme, u.host, u.line,
                       u.source, {self.date("m")} AS date, m.date AS read_date, m.idx, m.message_id,
                       m.sender, m.list_id, m.folder
                FROM urls AS u LEFT JOIN messages AS m ON m.id = u.message
                {_where(conditions)}""",
        )

    @property
    def url_rows(self) -> str:
        """The URLs the filters select, for a query that asks nothing of their message.

        `selected_urls` for a query that asks nothing of the message: unfiltered, the
        urls table alone (SQLite keeps a join it need not make), so that a count or a
        DISTINCT reads one of its indexes."""
        if self.filtered:
            return self.urls
        return """selected_urls AS (
            SELECT id, input_id, message, path, url, scheme, host, line, source FROM urls
        )"""

    @property
    def findings(self) -> str:
        """The common table expression of the findings the filters select.

        `selected_findings`: the findings the filters select, with the date of their
        message and the host and scheme of their URL."""
        # The URL's host and scheme as its first `urls` row has them (one probe of
        # urls_url); a finding whose URL text no row holds takes its scheme from the text.
        scheme = "coalesce(fu.scheme, lower(substr(f.url, 1, instr(f.url, ':') - 1)))"
        conditions = self.message_conditions + self._url_conditions("fu.host", scheme, "f.source")
        return self._selected(
            "selected_findings",
            f"""SELECT f.id, f.input_id, f.message, f.code, f.name, f.severity, f.url,
                       {self.date("m")} AS date, m.date AS read_date, fu.host AS host,
                       {scheme} AS scheme, f.path, f.line, f.text, m.idx,
                       m.message_id, m.sender, f.part, f.source, f.header
                FROM findings AS f
                LEFT JOIN messages AS m ON m.id = f.message
                LEFT JOIN urls AS fu
                    ON fu.id = (SELECT id FROM urls WHERE urls.url = f.url LIMIT 1)
                {_where(conditions)}""",
        )

    @property
    def finding_rows(self) -> str:
        """The findings the filters select, for a query that asks neither message nor host.

        `selected_findings` for a query that asks neither the message nor the URL's
        host (url_rows says why)."""
        if self.filtered:
            return self.findings
        return """selected_findings AS (
            SELECT id, input_id, message, code, name, severity, url FROM findings
        )"""

    @property
    def problems(self) -> str:
        """The common table expression of the problems the filters select.

        `selected_problems`: the problems the message filters select (module
        filters: a problem is about no URL). Few: never read into a table."""
        return f"""selected_problems AS (
            SELECT p.id, p.input_id, p.message, p.kind, {self.date("m")} AS date,
                   m.date AS read_date, p.path, p.line, p.reason, m.idx, m.message_id
            FROM problems AS p LEFT JOIN messages AS m ON m.id = p.message
            {_where(self.message_conditions)}
        )"""

    def date(self, message: str) -> str:
        """The SQL of the Date of the message aliased `message` on the time axis (axis_date)."""
        return axis_date(message, self.filters.all_dates)

    def rows(self, cte: str, query: str) -> sqlite3.Cursor:
        """`query` run after WITH `cte` (one of the properties above)."""
        return self.connection.execute(f"WITH {cte} {query}", self.parameters)

    def one(self, cte: str, query: str) -> tuple:
        """The one row of an aggregate `query`."""
        row = self.rows(cte, query).fetchone()
        assert row is not None  # an aggregate without GROUP BY gives a row
        return tuple(row)


def _where(conditions: list[str]) -> str:
    return f"WHERE {' AND '.join(conditions)}" if conditions else ""


def _limit(limit: int | None) -> str:
    return "" if limit is None else f"LIMIT {int(limit)}"


# --- URLs grouped by one of their fields ---------------------------------------------------

# What a table of URLs grouped by KEY counts: the columns after the key.
GROUP_COLUMNS = ("urls", "unique_urls", "messages", "first_seen", "last_seen")


def urls_by(selection: Selection, key: str, limit: int | None = None) -> Iterator[tuple]:
    """The URLs counted by each value of `key`, the most first.

    (key, urls, unique_urls, messages, first_seen, last_seen) for each value of `key`
    (a column of selected_urls: host, scheme, list_id, folder, sender), the most URLs
    first; the URLs without one (no host, plain text) in one row whose key is None."""
    # GROUP BY +key: read the table in its order and sort, rather than walk urls_host and
    # fetch each row from where the index points (random reads, on a store larger than
    # memory many times slower).
    return selection.rows(
        selection.urls,
        f"""SELECT {key}, count(*), count(DISTINCT url), count(DISTINCT message),
                   min(date), max(date)
            FROM selected_urls GROUP BY +{key}
            ORDER BY 2 DESC, {key} IS NULL, {key} {_limit(limit)}""",
    )


def top(selection: Selection, key: str, limit: int) -> list[tuple[str | None, int]]:
    """The `limit` values of `key` with the most URLs, and their counts.

    (key, urls) for the `limit` values of `key` (host, scheme) with the most URLs: a
    count alone, which unfiltered reads the index of `key` only (urls_host)."""
    return selection.rows(
        selection.url_rows,
        f"""SELECT {key}, count(*) FROM selected_urls GROUP BY {key}
            ORDER BY 2 DESC, {key} IS NULL, {key} {_limit(limit)}""",
    ).fetchall()


MONTH_COLUMNS = ("month", "urls", "unique_urls", "messages", "new_urls")


def urls_by_month(selection: Selection) -> list[tuple]:
    """The URLs counted by month, every month from the first to the last, then the undated.

    (month, urls, unique_urls, messages, new_urls) for every month from the first to
    the last that holds a URL (those between with none too, as zeros), then one row whose
    month is None for the URLs without a date (plain text; a Date not read). `new_urls`:
    the URLs first seen that month (in the undated row: those never seen with a date)."""
    month = MONTH.format(date="date")
    counts = {
        row[0]: row
        for row in selection.rows(
            selection.urls,
            f"""SELECT {month} AS month, count(*), count(DISTINCT url),
                       count(DISTINCT message)
                FROM selected_urls GROUP BY month""",
        )
    }
    new = dict(
        selection.rows(
            selection.urls,
            f"""SELECT month, count(*) FROM (
                    SELECT min({month}) AS month FROM selected_urls GROUP BY +url
                ) GROUP BY month""",
        ).fetchall()
    )
    undated = counts.pop(None, None)
    rows = [
        (label, *(counts[label][1:] if label in counts else (0, 0, 0)), new.get(label, 0))
        for label in month_range(list(counts))
    ]
    if undated is not None:
        rows.append((None, *undated[1:], new.get(None, 0)))
    return rows


def urls_per_month(selection: Selection) -> list[tuple[str | None, int]]:
    """The chart's URLs per month, then the undated.

    (month, urls) for each month that holds a URL, in order, then (None, undated URLs)
    when there are any: the chart's counts (unfiltered, urls_message and the messages)."""
    month = MONTH.format(date="date")
    return selection.rows(
        selection.urls,
        f"""SELECT {month} AS month, count(*) FROM selected_urls GROUP BY month
            ORDER BY month IS NULL, month""",
    ).fetchall()


def month_range(months: list[str]) -> list[str]:
    """`months` in order, the missing months between them filled in.

    A month is written "YYYY-MM". A label that is not a month (a store written by hand)
    is kept, and nothing filled."""
    ordered = sorted(months)
    if not ordered or not all(_is_month(label) for label in ordered):
        return ordered
    year, month = int(ordered[0][:4]), int(ordered[0][5:])
    last = ordered[-1]
    filled = []
    while (label := f"{year:04d}-{month:02d}") <= last:
        filled.append(label)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return filled


def _is_month(label: str) -> bool:
    return len(label) == 7 and label[4] == "-" and label[:4].isdigit() and label[5:].isdigit()


# --- Findings ------------------------------------------------------------------------------

RULE_COLUMNS = ("code", "name", "severity", "findings", "unique_urls", "messages")


def findings_by_rule(selection: Selection, limit: int | None = None) -> Iterator[tuple]:
    """The findings counted by rule, the most first.

    (code, name, severity, findings, unique_urls, messages) for each rule, the most
    findings first."""
    return selection.rows(
        selection.finding_rows,
        f"""SELECT code, name, severity, count(*), count(DISTINCT url),
                   count(DISTINCT message)
            FROM selected_findings GROUP BY code, name, severity
            ORDER BY 4 DESC, code {_limit(limit)}""",
    )


SEVERITIES = ("error", "warning", "info")  # findings.Severity, the gravest first
FINDING_DOMAIN_COLUMNS = ("host", "findings", *SEVERITIES, "rules", "unique_urls")


def findings_by_domain(selection: Selection, limit: int | None = None) -> Iterator[tuple]:
    """The findings counted by host, the most first.

    (host, findings, error, warning, info, rules, unique_urls) for each host of the
    findings' URLs, the most findings first; findings on URLs without a host (or with
    no URL) in one row whose host is None."""
    by_severity = ", ".join(f"sum(severity = '{severity}')" for severity in SEVERITIES)
    return selection.rows(
        selection.findings,
        f"""SELECT host, count(*), {by_severity}, count(DISTINCT code), count(DISTINCT url)
            FROM selected_findings GROUP BY host
            ORDER BY 2 DESC, host IS NULL, host {_limit(limit)}""",
    )


def findings_by_month_and_rule(
    selection: Selection,
) -> list[tuple[str | None, str, str, int]]:
    """The findings counted by month and rule.

    (month, code, name, findings): the findings of each rule in each month; month None
    for the findings without a date."""
    month = MONTH.format(date="date")
    return selection.rows(
        selection.findings,
        f"""SELECT {month} AS month, code, name, count(*) FROM selected_findings
            GROUP BY month, code, name ORDER BY month, code""",
    ).fetchall()


FINDING_COLUMNS = (
    "code",
    "name",
    "severity",
    "url",
    "date",
    "sender",
    "path",
    "message_index",
    "message_id",
    "line",
    "source",
    "header",
    "part",
    "text",
)


def findings_listed(selection: Selection, limit: int | None = None) -> Iterator[tuple]:
    """Each finding the filters select, with its message's Date and sender, in the
    order the scan stored them (the order of its reading).

    One of FINDING_COLUMNS each: the Date as the store has it (an odd one too: this
    lists, it charts nothing); where its URL was in its message (source, header field,
    MIME part: as the census has them); None for what a finding in plain text has not."""
    return selection.rows(
        selection.findings,
        f"""SELECT code, name, severity, url, read_date, sender, path, idx, message_id,
                   line, source, header, part, text
            FROM selected_findings ORDER BY id {_limit(limit)}""",
    )


PROBLEM_COLUMNS = ("kind", "path", "line", "message_index", "message_id", "date", "reason")


def problems_listed(selection: Selection, limit: int | None = None) -> Iterator[tuple]:
    """Each problem the message filters select (a damaged message, a charset read as
    another, a limit reached, an input not read), in the order the scan stored them.

    One of PROBLEM_COLUMNS each; the Date as the store has it."""
    return selection.rows(
        selection.problems,
        f"""SELECT kind, path, line, idx, message_id, read_date, reason
            FROM selected_problems ORDER BY id {_limit(limit)}""",
    )


# --- The summary's numbers -----------------------------------------------------------------


@record
class Totals:
    """What the summary and the page's header say of the store, under the filters."""

    inputs: int  # the store's inputs; under a filter, those holding a selected URL
    input_kinds: tuple[tuple[str, int], ...]  # unfiltered only: (kind, inputs), most first
    partial_inputs: int  # unfiltered only: inputs read in part so far (status partial)
    messages_read: int | None  # unfiltered only: the messages the inputs hold
    messages: int  # messages holding a selected URL
    urls: int
    unique_urls: int
    hosts: int  # distinct hosts
    without_host: int  # selected URLs of no host (news:, a file URL with none)
    in_headers: int  # selected URLs in a header field of their message (List-Unsubscribe)
    in_plain_text: int  # selected URLs in no message: they have no date
    undated_in_messages: int  # selected URLs in a message whose Date was not read
    odd_dated: int  # selected URLs in a message of a Date it cannot have, off the time axis
    odd_messages: int  # the messages (under the message filters) of a Date they cannot have
    odd_listed: tuple[tuple[str, str | None, str, int], ...]  # (date, as written, path, index)
    first_date: str | None
    last_date: str | None
    findings: tuple[tuple[str, int], ...]  # (severity, findings), the gravest first
    problems: tuple[tuple[str, int], ...]  # (kind, problems), the most first
    last_scan: str | None  # when the last input was scanned (inputs.scanned_at)
    schema_version: str | None
    urlint_version: str | None


def odd_dates(
    selection: Selection, limit: int | None = None
) -> tuple[int, tuple[tuple[str, str | None, str, int], ...]]:
    """The messages of a Date they cannot have (EARLIEST_DATE), and the first `limit` of them.

    Under the message filters (--since, --until, --folder): how many, and (date, the
    Date as written, path, index in its file) for the first `limit`, the earliest
    first."""
    conditions = [odd_date("m"), *selection.message_conditions]
    where = _where(conditions)
    (count,) = selection.connection.execute(
        f"SELECT count(*) FROM messages AS m {where}", selection.parameters
    ).fetchone()
    listed = selection.connection.execute(
        f"""SELECT m.date, m.date_raw, m.path, m.idx FROM messages AS m {where}
            ORDER BY m.date, m.id {_limit(limit)}""",
        selection.parameters,
    ).fetchall()
    return int(count), tuple(tuple(row) for row in listed)


def totals(selection: Selection, odd_limit: int | None = 10) -> Totals:
    """What the summary and the page's header say of the store, under the filters (Totals)."""
    connection = selection.connection
    urls = _count(selection, "")
    unique_urls = _count(selection, "SELECT DISTINCT url FROM selected_urls")
    # Each count its own query: one that asks one column of urls reads its index alone.
    in_plain_text = _count(selection, "WHERE message IS NULL")
    undated, odd_dated, first_date, last_date = selection.one(
        selection.urls,
        """SELECT coalesce(sum(read_date IS NULL), 0),
                  coalesce(sum(date IS NULL AND read_date IS NOT NULL), 0), min(date), max(date)
           FROM selected_urls WHERE message IS NOT NULL""",
    )
    odd_messages, odd_listed = odd_dates(selection, odd_limit)
    if selection.filtered:
        inputs = _count(selection, "SELECT DISTINCT input_id FROM selected_urls")
        kinds: tuple[tuple[str, int], ...] = ()
        partial, read = 0, None
    else:
        inputs, partial, read = connection.execute(
            """SELECT count(*), coalesce(sum(status = 'partial'), 0),
                      coalesce(sum(messages), 0)
               FROM inputs"""
        ).fetchone()
        kinds = tuple(
            connection.execute(
                "SELECT kind, count(*) FROM inputs GROUP BY kind ORDER BY 2 DESC, kind"
            )
        )
    by_severity = dict(
        selection.rows(
            selection.finding_rows,
            "SELECT severity, count(*) FROM selected_findings GROUP BY severity",
        ).fetchall()
    )
    severities = [s for s in SEVERITIES if s in by_severity]
    severities += sorted(set(by_severity) - set(SEVERITIES))  # a severity of a later urlint
    problems = tuple(
        selection.rows(
            selection.problems,
            "SELECT kind, count(*) FROM selected_problems GROUP BY kind ORDER BY 2 DESC, kind",
        )
    )
    meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
    (last_scan,) = connection.execute("SELECT max(scanned_at) FROM inputs").fetchone()
    return Totals(
        inputs=inputs,
        input_kinds=kinds,
        partial_inputs=partial,
        messages_read=read,
        messages=_count(
            selection, "SELECT DISTINCT message FROM selected_urls WHERE message IS NOT NULL"
        ),
        urls=urls,
        unique_urls=unique_urls,
        hosts=_count(selection, "SELECT DISTINCT host FROM selected_urls WHERE host IS NOT NULL"),
        without_host=_count(selection, "WHERE host IS NULL"),
        in_headers=_count(selection, f"WHERE source = '{HEADER}'"),
        in_plain_text=in_plain_text,
        undated_in_messages=undated,
        odd_dated=odd_dated,
        odd_messages=odd_messages,
        odd_listed=odd_listed,
        first_date=first_date,
        last_date=last_date,
        findings=tuple((severity, by_severity[severity]) for severity in severities),
        problems=problems,
        last_scan=last_scan,
        schema_version=meta.get("schema_version"),
        urlint_version=meta.get("urlint_version"),
    )


def _count(selection: Selection, rows: str) -> int:
    """How many rows: `rows` a query over selected_urls ("SELECT DISTINCT ..."), or a
    WHERE clause of it, or "" for all of them."""
    if not rows.startswith("SELECT"):
        rows = f"SELECT 1 FROM selected_urls {rows}"
    (count,) = selection.one(selection.url_rows, f"SELECT count(*) FROM ({rows})")
    return int(count)
