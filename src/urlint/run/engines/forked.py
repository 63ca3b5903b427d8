"""The local engine's pool: up to `jobs` worker processes forked from the run's own.

Each is handed units down a pipe of its own and sends their results back up another. A
worker is forked as a unit comes that no worker is free for, so a pool never has more
workers than units handed out (50 small files are one unit: one worker, whatever -j).

Why not concurrent.futures' ProcessPoolExecutor, where os.fork is safe (Linux, the BSDs):
- Importing it (multiprocessing, logging) takes long enough, no worker working meanwhile,
  to cost a `-j 2` run a noticeable part of its speed-up (bench/parallel.py).
- A worker killed (the kernel's OOM killer, a `kill`) breaks the executor: every unit
  pending fails with it, and the run ended with a traceback, its later units unread. Here
  the unit the worker was working is a problem (work.not_worked), the units waiting in
  its pipe go to another worker, and a new one is forked in its place as units wait: the
  run goes on (where the system forks no more, with the workers it has, or in the run's
  process).

Each worker has at most AHEAD units: the one it works and the next, already in its pipe,
so it never waits for the writer between two. The pool gives a unit to the worker with
the fewest (units vary: one range of a text file may take many times another's time), and
reads results whenever the writer waits for one (`result`): a single thread, no lock.
Units and results go as pickles with their length before them; the pool writes a unit
only as far as the worker's pipe takes it, so a worker blocked sending a large result
never waits on a pool blocked sending it a large unit (an archive's members travel in
their unit).

A worker is forked with the run's modules loaded, and ends with os._exit: never the run's
exit handlers, never the run's buffered output written twice. Elsewhere (Windows, macOS,
where fork is not safe with the system's libraries) the pool module uses ProcessPoolExecutor.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections import deque

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..work import Unit, UnitResult, Work

# Where forking the run's process is safe: not macOS (its system libraries may not survive
# a fork; Python's own pools spawn there), and Windows has no fork.
AVAILABLE = hasattr(os, "fork") and sys.platform != "darwin"
AHEAD = 2  # units a worker holds: the one it works, and the next in its pipe
_LENGTH = 8  # bytes of a message's length, before it
_READ_BYTES = 1 << 20
_PIPE_BYTES = 1 << 20  # Linux's default most (/proc/sys/fs/pipe-max-size)


class ForkedPool:
    """Up to `jobs` worker processes of this machine, forked as units come (close it: `with`).

    `submit` hands a unit over and gives its ticket; `result` gives the unit's result, in
    any order asked. `forked` counts the workers forked, those in the place of one that
    died too."""

    def __init__(self, work: Work, jobs: int, started: Callable[[], None]) -> None:
        import selectors  # here: a serial run never loads it

        self._work = work
        self._started = started  # called first in each worker (pool._worker_started)
        self._selector = selectors.DefaultSelector()
        self._read_event, self._write_event = selectors.EVENT_READ, selectors.EVENT_WRITE
        self._waiting: deque[tuple[int, Unit]] = deque()  # submitted, given to no worker
        self._results: dict[int, UnitResult] = {}
        self._workers: list[_Worker] = []
        self._jobs = jobs  # the most at once: fewer once the system forks no more
        self._tickets = 0
        self.forked = 0

    def __enter__(self) -> ForkedPool:
        return self

    def __exit__(self, error: type[BaseException] | None, *_: object) -> None:
        self.close(abandon=error is not None)

    def submit(self, unit: Unit) -> int:
        """`unit` handed to the workers; its ticket, for `result`."""
        self._tickets += 1
        self._waiting.append((self._tickets, unit))
        self._hand_out()
        return self._tickets

    def result(self, ticket: int) -> UnitResult:
        """The result of the unit given `ticket`, once (the pool keeps it no longer)."""
        while ticket not in self._results:
            if not self._workers:  # none yet (or none could be forked: worked here)
                self._hand_out()
                continue
            for key, _ in self._selector.select():
                worker: _Worker = key.data
                if worker not in self._workers:
                    continue  # it ended in this round (`_lost`)
                if key.fd == worker.results:
                    self._read(worker)
                else:
                    self._send(worker)
            self._hand_out()
        return self._results.pop(ticket)

    def close(self, abandon: bool = False) -> None:
        """Each worker told there is no more (its pipe closed), and waited for.

        Killed first when the run is `abandon`ed (Ctrl-C, an error, a reader that stopped early):
        a worker mid-unit would otherwise work it to its end before it saw the pipe closed."""
        workers, self._workers = self._workers, []
        for worker in workers:
            self._forget(worker)
            if abandon:
                try:
                    os.kill(worker.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for worker in workers:
            _reaped(worker.pid)
        self._selector.close()

    def _forget(self, worker: _Worker) -> None:
        """The worker's pipes unwatched and closed: it reads the end of its units."""
        for fd in (worker.results, worker.units):
            try:
                self._selector.unregister(fd)
            except (KeyError, ValueError):  # not watched (its units pipe), or closed
                pass
        worker.watched = False
        _close(worker.results, worker.units)

    # -- the pool's side --------------------------------------------------------------

    def _forked(self) -> None:
        """A new worker and its two pipes, one of the pool's; OSError where the system
        forks (or opens) no more. Ctrl-C is held back while it forks (`_interrupts_held`):
        the worker ignores it from its first step, and never runs a line of the run's own
        code; the pool has the worker before a Ctrl-C held back reaches the run."""
        for stream in (sys.stdout, sys.stderr):  # a worker inherits no output to write again
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):  # a reader gone: the run's writer finds out itself
                pass
        theirs = [fd for worker in self._workers for fd in (worker.results, worker.units)]
        own = [self._selector.fileno()] if hasattr(self._selector, "fileno") else []  # epoll's
        pipes: list[int] = []
        try:
            pipes.extend(os.pipe())
            pipes.extend(os.pipe())
            units_read, units_write, results_read, results_write = pipes
            _widened(results_read)
            with _interrupts_held() as held:
                pid = os.fork()
                if pid == 0:  # the worker: it never returns
                    try:
                        signal.signal(signal.SIGINT, signal.SIG_IGN)
                        held.release()
                        _close(units_write, results_read, *own, *theirs)
                        _work_units(self._work, self._started, units_read, results_write)
                    finally:
                        os._exit(1)
                _close(units_read, results_write)
                os.set_blocking(units_write, False)  # written as the pipe takes it (`_send`)
                worker = _Worker(pid, units_write, results_read)
                self._selector.register(results_read, self._read_event, worker)
                self._workers.append(worker)
        except OSError:
            _close(*pipes)
            raise

    def _fork_one(self) -> None:
        """One more worker. Where the system forks no more processes (EAGAIN, out of
        memory), the pool goes on with those it has, or with none in this process, and
        tries no more (a death still makes room for one)."""
        try:
            self._forked()
        except OSError:
            self._jobs = len(self._workers)
            return
        self.forked += 1

    def _hand_out(self) -> None:
        """Units waiting go to the workers with room, the least busy first. A worker is
        forked for a unit when each has one already, up to `jobs`: never more workers than
        units handed out. With no worker at all, each is worked here, in turn."""
        while self._waiting:
            if len(self._workers) < self._jobs and all(each.holds for each in self._workers):
                self._fork_one()
            if not self._workers:
                ticket, unit = self._waiting.popleft()
                self._results[ticket] = _result_of(_outcome(self._work, unit), unit)
                continue
            worker = min(self._workers, key=lambda each: len(each.holds))
            if len(worker.holds) >= AHEAD:
                return
            ticket, unit = self._waiting.popleft()
            worker.holds.append((ticket, unit))
            data = pickle.dumps(unit, pickle.HIGHEST_PROTOCOL)
            worker.outgoing += len(data).to_bytes(_LENGTH, "little") + data
            self._send(worker)

    def _send(self, worker: _Worker) -> None:
        """As much of what the worker is owed as its pipe takes; its pipe watched until the
        rest is written."""
        if worker.outgoing:
            try:
                sent = os.write(worker.units, worker.outgoing)
            except BlockingIOError:
                sent = 0
            except BrokenPipeError:  # it died: its results pipe says so (`_read`)
                sent = len(worker.outgoing)
            del worker.outgoing[:sent]
        if worker.outgoing and not worker.watched:
            self._selector.register(worker.units, self._write_event, worker)
        elif worker.watched and not worker.outgoing:
            self._selector.unregister(worker.units)
        worker.watched = bool(worker.outgoing)

    def _read(self, worker: _Worker) -> None:
        """A result from the worker (blocking until the whole of it is read: it writes it
        at once), or its end: then what it held goes on elsewhere (`_lost`)."""
        data = _read_exactly(worker.results, _LENGTH)
        if data is not None:
            data = _read_exactly(worker.results, int.from_bytes(data, "little"))
        if data is None:
            self._lost(worker)
            return
        ticket, unit = worker.holds.popleft()
        self._results[ticket] = _result_of(pickle.loads(data), unit)

    def _lost(self, worker: _Worker) -> None:
        """The worker ended (killed, or out of memory): the unit it was working is a
        problem, the ones after it are handed to the others, or to a new worker forked in
        its place (`_hand_out`). Each death costs one unit: the run ends, whatever kills
        its workers."""
        from ..work import not_worked

        self._workers.remove(worker)  # first: should this be interrupted, `close` is whole
        self._forget(worker)
        reason = f"its worker process {_death(_reaped(worker.pid))}"
        if worker.holds:
            ticket, unit = worker.holds.popleft()
            self._results[ticket] = not_worked(unit, reason)
            self._waiting.extendleft(reversed(worker.holds))


class _Worker:
    __slots__ = ("pid", "units", "results", "holds", "outgoing", "watched")

    def __init__(self, pid: int, units: int, results: int) -> None:
        self.pid = pid
        self.units = units  # the pipe the pool writes its units to
        self.results = results  # the pipe it writes their results to
        self.holds: deque[tuple[int, Unit]] = deque()  # its units, in the order it works them
        self.outgoing = bytearray()  # what the units pipe has not taken yet
        self.watched = False  # its units pipe is watched for room (`_send`)


def _work_units(work: Work, started: Callable[[], None], units: int, results: int) -> None:
    """A worker's life: each unit read from `units`, worked, its result written to
    `results` (the text of the error, where the work raised past its guard), until the pool
    closes the pipe; then os._exit. Ctrl-C is the run's to handle: the worker ignores it
    and ends when the run closes its pipe, or dies."""
    status = 0
    try:
        started()
        with os.fdopen(units, "rb") as incoming, os.fdopen(results, "wb") as outgoing:
            while True:
                length = incoming.read(_LENGTH)
                if len(length) < _LENGTH:
                    break  # the pool closed: no more units
                unit = pickle.loads(incoming.read(int.from_bytes(length, "little")))
                data = pickle.dumps(_outcome(work, unit), pickle.HIGHEST_PROTOCOL)
                outgoing.write(len(data).to_bytes(_LENGTH, "little"))
                outgoing.write(data)
                outgoing.flush()
    except BaseException:  # noqa: BLE001 - the run is gone (a broken pipe): end quietly
        from ...core.faults import debugging

        if debugging():  # or a fault raised again for its traceback (faults.internal_error)
            import traceback

            traceback.print_exc()
        status = 1
    finally:
        os._exit(status)


def _outcome(work: Work, unit: Unit) -> UnitResult | str:
    """The unit's result, or the text of the error where its work raised past its own
    guard (worker.worked): the unit's problem, not the pool's."""
    try:
        return work(unit)
    except Exception as error:  # noqa: BLE001 - the unit's problem, not the run's
        from ...core.faults import internal_error

        return f"its work failed: {internal_error(error)}"


def _result_of(outcome: UnitResult | str, unit: Unit) -> UnitResult:
    if isinstance(outcome, str):
        from ..work import not_worked

        return not_worked(unit, outcome)
    return outcome


class _interrupts_held:  # noqa: N801 - used as a context manager, as contextlib's are
    """SIGINT held back (blocked) while a worker is forked, let through at the end (or by
    `release`, in the worker, once it ignores it): a Ctrl-C between the fork and the worker's
    first step would raise KeyboardInterrupt in the worker, inside the run's own code."""

    def __enter__(self) -> _interrupts_held:
        self.mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        return self

    def __exit__(self, *_: object) -> None:
        self.release()

    def release(self) -> None:
        """The signals let through again."""
        signal.pthread_sigmask(signal.SIG_SETMASK, self.mask)


def _widened(fd: int) -> None:
    """The pipe made to hold a unit's result whole where the system allows it (Linux: a
    megabyte, against 64 KiB): a worker that finishes while the writer is busy writing
    sends its result and takes its next unit, instead of waiting for the writer to read."""
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    except (ImportError, AttributeError, OSError):  # not Linux, or a lower limit: as it is
        pass


def _read_exactly(fd: int, size: int) -> bytearray | None:
    """`size` bytes from the pipe; None where it ends first (its writer died). Unpickled as
    they are read, never copied to a `bytes` (a text's results are megabytes)."""
    buffer = bytearray(size)
    if size == 0:
        return buffer
    view = memoryview(buffer)
    done = 0
    while done < size:
        count = os.readv(fd, [view[done : done + _READ_BYTES]])
        if count == 0:
            return None
        done += count
    return buffer


def _reaped(pid: int) -> int:
    """The worker's wait status, once it has ended."""
    try:
        return os.waitpid(pid, 0)[1]
    except ChildProcessError:
        return 0


def _death(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        name = signal.Signals(number).name if number in signal.valid_signals() else number
        if number == signal.SIGKILL:
            return f"was killed ({name}: out of memory?)"
        return f"was killed ({name})"
    return f"ended (exit status {os.WEXITSTATUS(status)})"


def _close(*fds: int) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
