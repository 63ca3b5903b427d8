"""The store's one writer: the rows of the units (store.rows) in the tables, unit by unit.

A unit's rows and its inputs' state go in together, one executemany a table at the unit's
end (a Maildir's unit holds a hundred inputs of a row or two each: a statement each cost
the writer more than SQLite's own work), and a transaction is committed at a unit's end
once half a second has passed since the last: a run killed at any moment (even SIGKILL)
leaves the store as it was at a unit's end. What the next run then finds is either
an input as it was before (read again), or an input read in part (`status` "partial"): an
mbox read on from where its committed rows end, anything else read again whole.
"""

from __future__ import annotations

import sqlite3
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import cast

from ..core.findings import Finding
from ..core.problems import Problem, ProblemKind
from ..core.records import record
from ..core.units import ArchiveMembers, ArchiveRest, MessageRun, Planned, TextRange, WholeInput
from ..run.merge import UNIT_END
from .inventory import Action, Decision, FileState, Stored
from .rows import (
    FINDING,
    INPUT_READ,
    MESSAGE,
    PROBLEM,
    URL,
    Row,
    finding_row,
    input_kind,
    maildir_place,
    problem_row,
)
from .sealing import Seal
from .storable import stored_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.message import InMessage
    from ..core.units import MboxPlace

COMMIT_SECONDS = 0.5

_INSERT = {
    MESSAGE: "INSERT INTO messages (id, input_id, path, idx, line, message_id, date, date_raw, "
    "sender, list_id, folder, flags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    URL: 'INSERT INTO urls (input_id, message, path, url, scheme, host, line, "column", '
    'end_line, end_column, "offset", wrapper, alt, flags, part, content_type, source, header, '
    "context) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    FINDING: "INSERT INTO findings (input_id, message, path, code, name, severity, text, url, "
    'line, "column", end_line, end_column, part, source, header) '
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    PROBLEM: "INSERT INTO problems (input_id, message, path, kind, reason, line) "
    "VALUES (?, ?, ?, ?, ?, ?)",
}
_TABLES = ("urls", "findings", "problems", "messages")  # a message's rows before it
# An input's state after a unit of it (`_state`), as the last columns of both statements.
_STATE = (
    "kind",
    "size",
    "mtime_ns",
    "inode",
    "device",
    "hash",
    "scanned_at",
    "status",
    "resume_offset",
    "resume_line",
    "resume_index",
    "resume_counted",
    "messages",
)
_INSERT_INPUT = (
    f"INSERT INTO inputs (id, path, location, key, {', '.join(_STATE)}) "
    f"VALUES ({', '.join('?' * (4 + len(_STATE)))})"
)
_UPDATE_INPUT = f"UPDATE inputs SET {', '.join(f'{name} = ?' for name in _STATE)} WHERE id = ?"


@record
class Sent:
    """A planned unit on its way to the workers (or a problem met planning).

    For a run of a plain mbox, also where the next run starts: the place a later scan reads
    on from."""

    planned: Planned
    next_place: MboxPlace | None


def recorded(planned: Iterable[Planned], sent: deque[Sent]) -> Iterator[Planned]:
    """`planned` as it is, each noted in `sent` before it goes.

    Results come back in the order units went (run.runner.run_work); one ahead: a run's next
    place is known when it goes."""
    previous: Planned | None = None
    for item in planned:
        if previous is not None:
            sent.append(Sent(previous, _next_place(previous, item)))
            yield previous
        previous = item
    if previous is not None:
        sent.append(Sent(previous, None))
        yield previous


def _next_place(planned: Planned, following: Planned) -> MboxPlace | None:
    unit, after = planned.unit, following.unit
    if isinstance(unit, MessageRun) and isinstance(after, MessageRun) and after.path == unit.path:
        return after.place if unit.data is None and after.data is None else None
    return None


def unit_inputs(unit: object) -> list[str]:
    """The inputs (their paths) a unit reads; a problem met planning, its path's."""
    if isinstance(unit, Problem):
        return [unit.path]
    if isinstance(unit, WholeInput):
        return [source.path for source in unit.sources]
    if isinstance(unit, (MessageRun, TextRange)):
        return [unit.path]
    if isinstance(unit, (ArchiveMembers, ArchiveRest)):
        return [unit.source.path]
    return []


def _null(value: None) -> None:
    return None


def bind_none_as_null() -> None:
    """None bound as NULL without the sqlite3 module's search for an adapter.

    The search is the one the module makes for each parameter not an int, float, str or
    bytearray (CPython's Modules/_sqlite/cursor.c, `need_adapt`; microprotocols.c): for
    None, two attribute lookups that fail, one of them formatting an AttributeError that is
    then dropped. A URL row from mail mostly holds three None (wrapper, alt, header): the
    search was a large part of what executemany took to insert it (bench/store.py). An
    adapter for None is found first; it gives None back, so None is still bound as NULL, for
    every connection of the process. One the program registered itself is left as it is."""
    if (type(None), sqlite3.PrepareProtocol) not in sqlite3.adapters:
        sqlite3.register_adapter(type(None), _null)


@record
class _Told:
    """The message of a problem told of (StoreWriter.on_problem): what extract's note on
    standard error names it by (output.extract.problem_line), as the store keeps it."""

    index: int
    message_id: str | None


class StoreWriter:
    """The one writer of a scan's rows: the events of its units, in order, into the store."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        decisions: dict[str, Decision],
        seal: Seal,
        on_problem: Callable[[Problem], None] | None = None,
    ) -> None:
        bind_none_as_null()
        self.connection = connection
        # Told of each problem as its rows are written, in the order of the inputs (an
        # input, or the rest of one, not read; a limit reached; a damaged message; a
        # charset read as another): what the scan says on standard error, as extract
        # says it (commands/scan.py). A binary file is not told of: the row does not say
        # whether the user named it (extract's note) or the walk found it (no news).
        self.on_problem = on_problem
        self.failures = 0
        self.decisions = decisions
        self.seal = seal  # the store's: what hashes it keeps (store.sealing)
        self.sent: deque[Sent] = deque()
        self.input_ids: dict[str, int] = {}
        self.messages: dict[str, int] = {}  # messages read by each input this scan
        self.hashes: dict[str, str | None] = {}  # sealed
        self.kinds: dict[str, str] = {}
        self.failed: set[str] = set()  # inputs a unit of which failed: read again next time
        self.message_rows: dict[tuple[int, str, int], int | None] = {}
        self.pending: list = []  # rows since the last input's end
        # What the unit's end writes: each table's rows, the inputs new to the store (their
        # row as `_state` last made it) and the state of those it holds already.
        self.rows: dict[str, list] = {MESSAGE: [], URL: [], FINDING: [], PROBLEM: []}
        self.new_inputs: dict[str, tuple] = {}
        self.states: list[tuple] = []
        self.finished: set[str] = set()  # inputs given INPUT_READ in this unit
        self.counts = {URL: 0, FINDING: 0, PROBLEM: 0, MESSAGE: 0}
        self.last_commit = time.monotonic()
        self.scanned_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        connection.execute("BEGIN IMMEDIATE")
        # Ids given here, so that rows can name what they belong to before it is written.
        (last,) = connection.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()
        self.next_message = int(last) + 1
        (last,) = connection.execute("SELECT coalesce(max(id), 0) FROM inputs").fetchone()
        self.next_input = int(last) + 1

    # -- what the walk alone settles ---------------------------------------------------

    def settle(self, decisions: Iterable[Decision], gone: Iterable[Stored]) -> None:
        """Unchanged inputs get their new state; gone ones lose their rows.

        A new state: a touched file, a renamed Maildir message (its new name in every row,
        its new flags)."""
        execute = self.connection.execute
        for decision in decisions:
            old = decision.stored
            if old is None or decision.action not in (Action.UNCHANGED, Action.RENAMED):
                continue
            state = decision.state
            path = stored_text(decision.source.path)
            if (old.state, old.path, old.location) == (state, path, decision.location):
                continue  # as it was: nothing to write
            execute(
                "UPDATE inputs SET path = ?, location = ?, size = ?, mtime_ns = ?, inode = ?, "
                "device = ? WHERE id = ?",
                (
                    path,
                    decision.location,
                    state.size,
                    state.mtime_ns,
                    state.inode,
                    state.device,
                    old.id,
                ),
            )
            if decision.action is Action.RENAMED:
                for table in _TABLES:
                    execute(f"UPDATE {table} SET path = ? WHERE input_id = ?", (path, old.id))
                place = maildir_place(decision.source.path)
                if place is not None:
                    execute("UPDATE messages SET flags = ? WHERE input_id = ?", (place[1], old.id))
        for old in gone:
            execute("DELETE FROM inputs WHERE id = ?", (old.id,))

    # -- the units' rows -----------------------------------------------------------------

    def add(self, event: object) -> None:
        """One event of run.runner.run_work(..., mark_ends=True), written.

        A row (store.rows), a
        problem (met planning, or a unit's work that failed: run.work.not_worked), an M901
        finding of a text file read in ranges (Checker.ranges_joined), or the end of a
        unit."""
        if type(event) is tuple:
            if event[0] == INPUT_READ:
                self._input_read(event)
            else:  # ROWS: before a news article's mark
                self.pending.extend(event[1])
        elif event is UNIT_END:
            self._unit_read()
        elif isinstance(event, Problem):
            index = event.mail.index if event.mail is not None else 0
            self.pending.append(problem_row(event, event.path, index))
        elif isinstance(event, Finding):  # a text file's unused suppressions, at its end
            self.pending.append(finding_row(event, 0))

    def _input_read(self, event: tuple) -> None:
        _, path, messages, _damaged, rows, digest, kind = event
        if self.pending:
            self.pending.extend(rows)
            rows, self.pending = self.pending, []
        self._write(rows, path)
        self.messages[path] = self.messages.get(path, 0) + messages
        if digest is not None:
            self.hashes[path] = self.seal(digest)
        if kind is not None:
            self.kinds[path] = kind
        self.finished.add(path)

    def _unit_read(self) -> None:
        sent = self.sent.popleft()
        planned = sent.planned
        paths = unit_inputs(planned.unit)
        if self.pending:  # problems with no INPUT_READ: met planning, or a failed input
            named = {stored_text(path): path for path in paths}
            for row in self.pending:
                self._write([row], named.get(row[1], paths[-1] if paths else row[1]))
            self.pending = []
        unit = planned.unit
        if not isinstance(unit, Problem):
            ends = planned.counts.files > 0
            for path in paths:
                self._state(path, sent, ends and path in self.finished)
        elif unit.kind is ProblemKind.UNREADABLE and unit.path in self.decisions:
            self._state(unit.path, sent, False)  # it went bad while it was cut in units
        self.finished.clear()
        self._flush()
        now = time.monotonic()
        if now - self.last_commit >= COMMIT_SECONDS:
            self.commit()
            self.last_commit = now

    def _state(self, path: str, sent: Sent, done: bool) -> None:
        """The input's row after a unit of it: read to its end, or how far."""
        decision = self.decisions.get(path)
        if decision is None:
            return  # standard input: not stored
        input_id = self._started(path)
        unit = sent.planned.unit
        if path not in self.finished:
            self.failed.add(path)  # its reading failed (run.worker._read): read again next time
        resume = None
        if path in self.failed:
            status = "failed"
        elif done:
            status = "done"
            if isinstance(unit, MessageRun) and unit.data is None:
                resume = unit.place  # its last run: read again should the mbox grow
        else:
            status = "partial"
            if isinstance(unit, MessageRun) and unit.data is None:
                resume = sent.next_place
        digest = self.hashes.get(path) or decision.hash
        kind = self.kinds.get(path)
        if not isinstance(unit, WholeInput):  # a large file: its units do not read it whole
            if digest is None:
                digest = self.hashes[path] = self.seal.of_file(path, decision.state.size)
            if kind is None:
                kind = self.kinds[path] = input_kind(path) or "file"
        before = 0
        if decision.action is Action.RESUMED and decision.stored is not None:
            place = decision.stored.resume
            before = place.index if place is not None else 0
        values = self._state_values(
            kind or "file",
            decision.state,
            digest,
            status,
            resume,
            before + self.messages.get(path, 0),
        )
        new = self.new_inputs.get(path)
        if new is not None:
            self.new_inputs[path] = (*new[:4], *values)
        else:
            self.states.append((*values, input_id))

    def _state_values(
        self,
        kind: str,
        state: FileState,
        digest: str | None,
        status: str,
        resume: MboxPlace | None,
        messages: int,
    ) -> tuple:
        """An input's state, as the _STATE columns say, in their order."""
        return (
            kind,
            state.size,
            state.mtime_ns,
            state.inode,
            state.device,
            digest,
            self.scanned_at,
            status,
            *(
                (resume.offset, resume.line, resume.index, int(resume.counted))
                if resume is not None
                else (None, None, None, None)
            ),
            messages,
        )

    def _started(self, path: str) -> int:
        """The input's id, its old rows cleared the first time this scan writes it (from
        the place it is read on from, for an mbox resumed)."""
        known = self.input_ids.get(path)
        if known is not None:
            return known
        decision = self.decisions[path]
        execute = self.connection.execute
        old = decision.stored
        if old is None:
            input_id = self.next_input
            self.next_input += 1
            # written at the unit's end, with the state `_state` gives it then, if it does
            self.new_inputs[path] = (
                input_id,
                stored_text(path),
                decision.location,
                decision.key,
                *self._state_values("file", decision.state, None, "partial", None, 0),
            )
        else:
            input_id = old.id
            place = old.resume if decision.action is Action.RESUMED else None
            if place is None:
                for table in _TABLES:
                    execute(f"DELETE FROM {table} WHERE input_id = ?", (input_id,))
            else:
                for table in _TABLES[:3]:
                    execute(
                        f"DELETE FROM {table} WHERE input_id = ? AND line >= ?",
                        (input_id, place.line),
                    )
                execute(
                    "DELETE FROM messages WHERE input_id = ? AND idx > ?", (input_id, place.index)
                )
            execute(
                "UPDATE inputs SET path = ?, location = ?, status = 'partial' WHERE id = ?",
                (stored_text(path), decision.location, input_id),
            )
        self.input_ids[path] = input_id
        return input_id

    def _write(self, rows: list, path: str) -> None:
        if not rows:
            return
        input_id = self._started(path) if path in self.decisions else None
        by_table, known = self.rows, self.message_rows
        # A message's rows come together: its id is looked up once for them (`last`).
        last: tuple[str, int] | None = None
        message: int | None = None
        message_ids: dict[tuple[str, int], str | None] = {}  # for the problems' notes
        for row in rows:
            tag, where, index = row[0], row[1], row[2]
            if tag == PROBLEM:
                self._noted(row, message_ids.get((where, index)))
            if tag == MESSAGE:
                message_ids[(where, index)] = row[4]
                key = (input_id or 0, where, index)
                if key not in known:
                    known[key] = self.next_message
                    by_table[MESSAGE].append((self.next_message, input_id, *row[1:]))
                    self.next_message += 1
                continue
            if not index:
                by_table[tag].append((input_id, None, where, *row[3:]))
                continue
            if last is None or index != last[1] or where != last[0]:
                last = (where, index)
                key = (input_id or 0, where, index)
                message = known.get(key)
                if message is None:
                    message = self._stored_message(key, input_id)
            by_table[tag].append((input_id, message, where, *row[3:]))

    def _noted(self, row: Row, message_id: str | None) -> None:
        """A problem row (store.rows.problem_row: masked already), told (on_problem),
        and counted if it left something unread; `message_id` that of its message."""
        kind = ProblemKind(row[3])
        if kind.fails:
            self.failures += 1
        if self.on_problem is not None and kind is not ProblemKind.BINARY:
            mail = _Told(row[2], message_id) if row[2] else None
            self.on_problem(Problem(kind, row[4], row[1], row[5], mail=cast("InMessage", mail)))

    def _flush(self) -> None:
        """The unit's rows: its new inputs first, then the messages (the rows name both),
        then the rest, then the state of the inputs held already."""
        executemany = self.connection.executemany
        if self.new_inputs:
            executemany(_INSERT_INPUT, self.new_inputs.values())
            self.new_inputs.clear()
        for tag, table_rows in self.rows.items():
            if table_rows:
                executemany(_INSERT[tag], table_rows)
                self.counts[tag] += len(table_rows)
                table_rows.clear()
        if self.states:
            executemany(_UPDATE_INPUT, self.states)
            self.states.clear()

    def _stored_message(self, key: tuple[int, str, int], input_id: int | None) -> int | None:
        """The id of a message written before this unit's rows (committed, or by an
        earlier scan: an mbox read on from a place), looked up in the table."""
        _, path, index = key
        row = self.connection.execute(
            "SELECT id FROM messages WHERE input_id IS ? AND path = ? AND idx = ?",
            (input_id, path, index),
        ).fetchone()
        found = self.message_rows[key] = row[0] if row else None
        return found

    def commit(self) -> None:
        """What was written since the last commit committed, and a new batch begun."""
        self.connection.execute("COMMIT")
        self.connection.execute("BEGIN IMMEDIATE")
        # Committed messages are found in the table again should a later row name one
        # (`_stored_message`): the ids kept here stay as few as a unit's, whatever the archive.
        self.message_rows.clear()

    def close(self) -> None:
        """The last batch committed."""
        self.connection.execute("COMMIT")
