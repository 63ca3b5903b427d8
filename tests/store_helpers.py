"""Results stores built by hand for the tests of what reads them (`urlint report`): made
by store.schema, filled with rows as `urlint scan --store` would write them.

A row names the columns a test cares about; every other column that may not be NULL gets
a placeholder (0, or its own name for a text), so that a column the schema gains later
does not break every fixture. Rows hold what the store holds: text already masked.
"""

from __future__ import annotations

from pathlib import Path

from urlint.store import schema


class StoreBuilder:
    """A store at `path`, and a method per table to add a row: each returns the row's id."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.connection = schema.connect(str(path))
        self._required: dict[str, dict[str, str]] = {}

    def close(self) -> Path:
        self.connection.close()
        return self.path

    def __enter__(self) -> StoreBuilder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def insert(self, table: str, **values: object) -> int:
        """A row of `table`: `values`, and placeholders for the columns that need one."""
        for column, kind in self._required_columns(table).items():
            values.setdefault(column, 0 if kind.upper() == "INTEGER" else column)
        names = ", ".join(f'"{name}"' for name in values)
        marks = ", ".join("?" for _ in values)
        cursor = self.connection.execute(
            f"INSERT INTO {table} ({names}) VALUES ({marks})", tuple(values.values())
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _required_columns(self, table: str) -> dict[str, str]:
        if table not in self._required:
            self._required[table] = {
                name: kind
                for _, name, kind, notnull, default, primary in self.connection.execute(
                    f"PRAGMA table_info({table})"
                )
                if notnull and default is None and not primary
            }
        return self._required[table]

    def input(self, path: str, kind: str = "text", **values: object) -> int:
        values.setdefault("key", path)
        values.setdefault("scanned_at", "2026-11-23T10:00:00Z")
        values.setdefault("status", "done")
        return self.insert("inputs", path=path, kind=kind, **values)

    def message(
        self,
        input_id: int,
        path: str,
        index: int,
        date: str | None = None,
        **values: object,
    ) -> int:
        """A message of the input `input_id`: `path` is its file or member, `index` its
        number there; `date` as the store has it (ISO 8601 UTC, or None)."""
        values.setdefault("line", 1)
        return self.insert("messages", input_id=input_id, path=path, idx=index, date=date, **values)

    def url(
        self,
        input_id: int,
        path: str,
        url: str,
        message: int | None = None,
        line: int = 1,
        **values: object,
    ) -> int:
        """A URL found in `path` (in the message `message`, a messages id); its scheme and
        host as the scanner stores them unless given."""
        scheme, host = scheme_and_host(url)
        values.setdefault("scheme", scheme)
        values.setdefault("host", host)
        values.setdefault("flags", "")
        for column in ("column", "end_line", "end_column", "offset"):
            values.setdefault(column, line if column == "end_line" else 1)
        return self.insert(
            "urls", input_id=input_id, path=path, url=url, message=message, line=line, **values
        )

    def finding(
        self,
        input_id: int,
        path: str,
        code: str,
        name: str,
        severity: str,
        url: str | None,
        message: int | None = None,
        line: int = 1,
        **values: object,
    ) -> int:
        values.setdefault("text", f"{name} in {url}")
        for column in ("column", "end_line", "end_column"):
            values.setdefault(column, line if column == "end_line" else 1)
        return self.insert(
            "findings",
            input_id=input_id,
            path=path,
            code=code,
            name=name,
            severity=severity,
            url=url,
            message=message,
            line=line,
            **values,
        )

    def problem(
        self,
        input_id: int | None,
        path: str,
        kind: str,
        reason: str,
        message: int | None = None,
        line: int = 1,
    ) -> int:
        return self.insert(
            "problems",
            input_id=input_id,
            path=path,
            kind=kind,
            reason=reason,
            message=message,
            line=line,
        )


def scheme_and_host(url: str) -> tuple[str, str | None]:
    """The scheme and host of a URL as the store holds them (lower case; a host only
    after "//", or a mailto's domain), for the plain URLs of the fixtures."""
    scheme, _, rest = url.partition(":")
    if scheme.lower() == "mailto":
        return "mailto", rest.rpartition("@")[2].lower() or None
    if not rest.startswith("//"):
        return scheme.lower(), None
    authority = rest[2:].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
    host = authority.rpartition("@")[2].split(":", 1)[0]
    return scheme.lower(), host.lower() or None


# The archive most report tests read: an mbox of a mailing list (three messages, the
# third with a Date that could not be read), a Maildir message, and a plain text file.
# What each table must say of it is worked out by hand in tests/store/test_report.py.
ARCHIVE_URLS = (
    # (input, message, line, url)
    ("mbox", 1, 10, "http://www.example.org/a"),
    ("mbox", 1, 12, "ftp://fred:****@ftp.example.org/pub/"),  # masked, as the store holds it
    ("mbox", 2, 30, "http://www.example.org/a"),
    ("mbox", 2, 31, "http://example.org/b"),
    ("mbox", 2, 32, "gopher://gopher.example.edu:70/"),
    ("mbox", 3, 50, "http://www.example.org/a"),
    ("maildir", 4, 8, "http://badexample.org/"),
    ("maildir", 4, 9, "mailto:ann@example.net"),
    ("text", None, 3, "http://www.example.org/a"),
    ("text", None, 4, "news:comp.infosystems.www"),
    ("text", None, 5, "http://example.org/b"),
)
MBOX, MAILDIR, TEXT = "lists/ietf.mbox", "Maildir/cur/1:2,S", "notes.txt"


def build_archive(path: Path | str) -> Path:
    with StoreBuilder(path) as store:
        inputs = {
            "mbox": store.input(MBOX, "mbox", messages=3),
            "maildir": store.input(MAILDIR, "maildir", messages=1),
            "text": store.input(TEXT, "text"),
        }
        paths = {"mbox": MBOX, "maildir": MAILDIR, "text": TEXT}
        fred, ann = "Fred <fred@example.org>", "Ann <ann@example.net>"
        ietf = {"list_id": "ietf.ietf.org", "folder": MBOX}
        messages = {
            1: store.message(
                inputs["mbox"],
                MBOX,
                1,
                "2001-09-18T15:15:48Z",
                sender=fred,
                message_id="<1@example.org>",
                line=1,
                **ietf,
            ),
            2: store.message(
                inputs["mbox"],
                MBOX,
                2,
                "2001-11-02T08:00:00Z",
                sender=ann,
                message_id="<2@example.org>",
                line=20,
                **ietf,
            ),
            3: store.message(
                inputs["mbox"],
                MBOX,
                3,
                None,
                sender=fred,
                date_raw="Tuesday, sometime",
                message_id="<3@example.org>",
                line=40,
                **ietf,
            ),
            4: store.message(
                inputs["maildir"],
                MAILDIR,
                1,
                "2002-01-05T12:00:00Z",
                sender=ann,
                folder="Maildir",
                message_id="<4@example.net>",
            ),
        }
        for kind, message, line, url in ARCHIVE_URLS:
            store.url(inputs[kind], paths[kind], url, messages.get(message or 0), line)
        mbox, text = inputs["mbox"], inputs["text"]
        store.finding(
            mbox,
            MBOX,
            "P501",
            "password-in-url",
            "error",
            "ftp://fred:****@ftp.example.org/pub/",
            messages[1],
            12,
        )
        store.finding(
            mbox,
            MBOX,
            "C202",
            "unsafe-character",
            "warning",
            "http://example.org/b",
            messages[2],
            31,
        )
        store.finding(
            mbox,
            MBOX,
            "X105",
            "maybe-continued",
            "info",
            "gopher://gopher.example.edu:70/",
            messages[2],
            32,
        )
        store.finding(
            text, TEXT, "C202", "unsafe-character", "warning", "http://example.org/b", None, 5
        )
        store.problem(mbox, MBOX, "malformed", "a header line that is no field", messages[3], 41)
        store.problem(
            inputs["maildir"], MAILDIR, "charset", "unknown charset 'x-foo'", messages[4], 3
        )
    return Path(path)
