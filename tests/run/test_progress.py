"""Progress and the summary: the progress line under a pseudo-terminal and never
on a pipe unless asked, -q, and a summary whose figures are the output's, on one process and
on two."""

from __future__ import annotations

import gzip
import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from urlint.core.counts import Counts
from urlint.core.engines import Engine
from urlint.output.extract import UrlFormat
from urlint.run.plan import planned_units
from urlint.run.progress import MB, Tally
from urlint.work.extract import run_units

from ..helpers import REPO, line_events, run
from ..mail_helpers import mbox_of

PROGRESS = re.compile(  # no "0 files" while messages are read (Tally.progress_line)
    r"urlint: (?:[\d,]+ files?(?:, [\d,]+ messages?)?|[\d,]+ messages?), "
    r"[\d,]+\.\d(?:/[\d,]+\.\d)? MB, "
    r"[\d,]+\.\d MB/s(?:, ETA \d+:\d\d(?::\d\d)?)?"
)
SUMMARY = re.compile(
    r"urlint: (?P<files>[\d,]+) files?(?:, (?P<messages>[\d,]+) messages?)?, "
    r"(?P<found>[\d,]+) (?:URL|finding)s?(?:, (?P<damaged>[\d,]+) damaged messages?)?; "
    r"(?:[\d,.]+ MB in )?(?:[\d.]+ s|\d+ min \d\d s|\d+ h \d\d min)(?: \([\d,.]+ MB/s\))?"
)
URL_MESSAGE = b"From: a@example.org\nSubject: %d\n\nsee http://example.org/list/%d\n"
PLAIN_MESSAGE = b"Subject: plain %d\n\nno link in this one\n"
DAMAGED = (
    b"Content-Type: multipart/mixed; boundary=zz\n\n--zz\nContent-Type: text/plain\n\n"
    b"http://example.org/unclosed\n"
)


@pytest.fixture
def inputs(tmp_path):
    """A text, an mbox with a damaged message, a gzipped mbox, a Maildir and a file with no
    URL: (the paths, what the summary must say of them but the URLs)."""
    text = tmp_path / "notes.txt"
    block = (
        "Yes, Jim, I found it under <URL:ftp://ds.internic.net/rfc/\n    rfc1738.txt>.\n"
        "See http://example.com/a/b.html and more words " + "words " * 30 + "\n"
    )
    text.write_text(block * 3_000)
    mbox = tmp_path / "list.mbox"
    messages = [URL_MESSAGE % (n, n) if n % 2 else PLAIN_MESSAGE % n for n in range(1_200)]
    mbox.write_bytes(mbox_of(*messages, DAMAGED))
    archive = tmp_path / "old.mbox.gz"
    archive.write_bytes(gzip.compress(mbox_of(*[URL_MESSAGE % (n, n) for n in range(300)])))
    maildir = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir / sub).mkdir(parents=True)
    for n in range(5):
        (maildir / "cur" / f"17000000{n}.m{n}:2,S").write_bytes(URL_MESSAGE % (n, n))
    (tmp_path / "none.txt").write_text("no URL here\n")
    paths = [str(p) for p in (text, mbox, archive, maildir, tmp_path / "none.txt")]
    return paths, {"files": 9, "messages": 1_201 + 300 + 5, "damaged": 1}


def _summary(line: str) -> dict[str, int]:
    match = SUMMARY.fullmatch(line)
    assert match, line
    return {key: int((value or "0").replace(",", "")) for key, value in match.groupdict().items()}


def screen(text: str) -> list[str]:
    """What a terminal shows after `text`: a carriage return goes back to the line's
    start, what follows writes over it."""
    lines: list[list[str]] = [[]]
    column = 0
    for char in text:
        if char == "\r":
            column = 0
        elif char == "\n":
            lines.append([])
            column = 0
        else:
            line = lines[-1]
            if column < len(line):
                line[column] = char
            else:
                line.append(char)
            column += 1
    return ["".join(line).rstrip() for line in lines if "".join(line).strip()]


def drawn(text: str) -> list[str]:
    """The progress lines drawn: what follows a carriage return up to the next one."""
    pieces = text.replace("\r\n", "\n").split("\r")
    return [piece.rstrip(" ") for piece in pieces[1:] if piece.strip() and "\n" not in piece]


def on_terminal(argv: list[str], *, stdout_too: bool = False, cwd: Path | None = None):
    """`urlint ARGV` with standard error (and standard output, with `stdout_too`) on a
    pseudo-terminal, the progress line due at once: (status, what the terminal got, the
    standard output when it went to a pipe)."""
    master, slave = os.openpty()
    env = dict(os.environ, URLINT_PROGRESS_AFTER="0", COLUMNS="200")
    with subprocess.Popen(
        [sys.executable, "-m", "urlint.commands.cli", *argv],
        stdin=subprocess.DEVNULL,
        stdout=slave if stdout_too else subprocess.PIPE,
        stderr=slave,
        env=env,
        cwd=cwd,
    ) as process:
        os.close(slave)
        # Both read as they come, to their ends: read one after the other, a slow run's
        # redrawing could fill the terminal while its output waited to be read.
        output = -1 if stdout_too else process.stdout.fileno()  # type: ignore[union-attr]
        received: dict[int, list[bytes]] = {master: [], output: []}
        open_ends = set(received) - {-1}
        while open_ends:
            for end in select.select(list(open_ends), [], [])[0]:
                try:
                    data = os.read(end, 1 << 16)
                except OSError:  # the slave side is closed: EIO on Linux
                    data = b""
                if data:
                    received[end].append(data)
                else:
                    open_ends.discard(end)
        status = process.wait()
    os.close(master)
    return status, b"".join(received[master]).decode("utf-8"), b"".join(received[output]).decode()


@pytest.mark.processes
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_is_drawn_in_place_on_a_terminal_and_ends_with_the_summary(inputs, jobs):
    paths, expected = inputs
    status, terminal, out = on_terminal(["extract", "--format", "jsonl", "-j", jobs, *paths])
    assert status == 0
    lines = drawn(terminal)
    assert lines, terminal
    for line in lines:
        assert PROGRESS.fullmatch(line), line
    assert any("/" in line for line in lines)  # the total, found by a second walk
    shown = screen(terminal)  # erased each time a note is written, and at the end
    assert len(shown) == 2, shown  # the note of the damaged message, and the summary
    assert "(message 1201): damaged message: multipart boundary 'zz'" in shown[0]
    summary = _summary(shown[1])
    assert summary == {**expected, "found": len(out.splitlines())}


@pytest.mark.processes
def test_output_on_the_same_terminal_is_never_mixed_with_the_progress_line(inputs, capsys):
    paths, expected = inputs
    status, terminal, _ = on_terminal(["extract", "-j", "1", *paths], stdout_too=True)
    assert status == 0
    assert [line for line in drawn(terminal) if PROGRESS.fullmatch(line)]
    shown = screen(terminal)
    expected_lines = run(capsys, "extract", "-j", "1", *paths)[1].splitlines()
    urls = [line for line in shown if not line.startswith("urlint: ")]
    assert urls == expected_lines
    assert _summary(shown[-1]) == {**expected, "found": len(expected_lines)}


@pytest.mark.slow
@pytest.mark.processes
def test_check_shows_progress_and_its_text_format_keeps_one_summary(inputs):
    paths, expected = inputs
    status, terminal, out = on_terminal(["check", "--isolated", "--format", "concise", *paths])
    assert status == 0  # warnings only
    assert all(PROGRESS.fullmatch(line) for line in drawn(terminal))
    findings = len(out.splitlines())
    assert _summary(screen(terminal)[-1]) == {**expected, "found": findings}
    # text ends with "Found N problems": no second summary unless asked
    status, terminal, out = on_terminal(["check", "--isolated", *paths])
    assert out.splitlines()[-1].startswith(f"Found {findings} problem")
    assert screen(terminal) == []
    status, terminal, out = on_terminal(["check", "--isolated", "--summary", *paths])
    assert _summary(screen(terminal)[-1])["found"] == findings


@pytest.mark.slow
@pytest.mark.processes
def test_quiet_says_nothing_on_a_terminal(inputs):
    paths, _ = inputs
    status, terminal, out = on_terminal(["extract", "-q", *paths, "missing.txt"])
    assert (status, terminal) == (2, "")  # not read: exit status 2, said by nothing else
    assert out
    status, terminal, _ = on_terminal(["extract", "-q", "--summary", *paths])
    assert (status, terminal) == (0, "")
    # --progress asks for it, -q or not (as git's)
    _, terminal, _ = on_terminal(["extract", "-q", "--progress", *paths])
    assert drawn(terminal) and screen(terminal) == []
    # an error that ends the run is still said
    status, terminal, _ = on_terminal(["extract", "-q", "--config", "nope.toml", *paths])
    assert status == 2 and "nope.toml" in terminal


@pytest.mark.slow
@pytest.mark.processes
def test_no_progress_on_a_pipe_unless_asked(inputs):
    paths, expected = inputs
    command = [sys.executable, "-m", "urlint.commands.cli", "extract", "-j", "1", *paths]
    env = dict(os.environ, URLINT_PROGRESS_AFTER="0")

    def piped(*options: str) -> tuple[int, str, str]:
        done = subprocess.run([*command, *options], capture_output=True, env=env, check=False)
        return done.returncode, done.stdout.decode(), done.stderr.decode()

    status, out, err = piped()
    assert status == 0
    assert "\r" not in err and len(err.splitlines()) == 1  # the note
    status, out, err = piped("--summary")
    assert "\r" not in err
    assert _summary(err.splitlines()[-1]) == {**expected, "found": len(out.splitlines())}
    status, out, err = piped("--progress")  # forced, as git's --progress
    assert [line for line in drawn(err) if PROGRESS.fullmatch(line)]
    assert _summary(screen(err)[-1]) == {**expected, "found": len(out.splitlines())}
    status, out, err = piped("--no-progress")
    assert "\r" not in err and len(err.splitlines()) == 1


@pytest.mark.slow
@pytest.mark.processes
@pytest.mark.parametrize("options", [["--format", "jsonl"], ["-c"], ["--unique"]])
def test_the_summary_counts_what_extract_wrote_on_one_process_and_on_two(inputs, capsys, options):
    paths, expected = inputs
    summaries = []
    for jobs in ("1", "2"):
        status, out, err = run(capsys, "extract", "--summary", "-j", jobs, *options, *paths)
        assert status == 0
        assert "damaged message" in err.splitlines()[0]
        summary = _summary(err.splitlines()[-1])
        if options == ["-c"]:
            written = sum(int(line.rsplit(":", 1)[1]) for line in out.splitlines())
        else:
            written = len(out.splitlines())
        assert summary == {**expected, "found": written}
        summaries.append(summary)
    assert summaries[0] == summaries[1]


@pytest.mark.slow  # every rule over every input, in three commands
def test_the_summary_counts_the_findings_check_wrote(inputs, capsys):
    paths, expected = inputs
    argv = ["check", "--isolated", "--summary", "--select", "ALL", *paths]
    status, out, err = run(capsys, *argv, "--format", "jsonl")
    findings = [json.loads(line) for line in out.splitlines()]
    assert status == 0  # warnings and info only
    assert sum(f["code"] == "M904" for f in findings) == 1  # the damaged message
    assert _summary(err.splitlines()[-1]) == {**expected, "found": len(findings)}
    status, out, err = run(capsys, *argv)
    assert out.splitlines()[-1].startswith(f"Found {len(findings)} problem")
    assert _summary(err.splitlines()[-1]) == {**expected, "found": len(findings)}
    status, out, err = run(capsys, *argv, "--statistics", "-q")
    assert err == ""


def test_the_summary_counts_what_check_read_on_one_process_and_on_two(inputs, capsys):
    # One process reads input after input (the checker's own reading counts the messages,
    # handed to the progress line with each input), two read units: the same figures.
    paths, expected = inputs
    for jobs in ("1", "2"):
        argv = ["check", "--isolated", "--summary", "--format", "jsonl", "-j", jobs, *paths]
        status, out, err = run(capsys, *argv)
        assert status == 0  # warnings only
        assert _summary(err.splitlines()[-1]) == {**expected, "found": len(out.splitlines())}


@pytest.mark.slow
def test_units_count_their_files_bytes_and_messages(inputs, capsys, tmp_path):
    """Text ranges and runs of an mbox's messages, each with its share of the bytes."""
    paths, expected = inputs
    big_text, big_mbox = tmp_path / "big.txt", tmp_path / "big.mbox"
    lines = "plain words and nothing more in them " * 3 + "\n"  # over 8 MB: two chunks
    big_text.write_text((lines * 999 + "see <URL:http://example.com/a\n b.html>\n") * 80)
    big_mbox.write_bytes(Path(paths[1]).read_bytes() * 4)
    paths = [*paths, str(big_text), str(big_mbox)]
    sizes = sum(os.path.getsize(p) for p in paths if os.path.isfile(p))
    sizes += sum(p.stat().st_size for p in Path(paths[3]).rglob("*") if p.is_file())
    status, out, err = run(capsys, "extract", "--summary", "-j", "1", *paths)
    serial = _summary(err.splitlines()[-1])
    assert serial["messages"] == expected["messages"] + 4 * 1_201
    planned = list(planned_units(paths, range_bytes=1_000_000, run_bytes=100_000))
    assert {"TextRange", "MessageRun"} <= {type(p.unit).__name__ for p in planned}
    for jobs in (1, 2):
        tally = Tally("URL", progress=False, summary=False)
        events = run_units(planned, UrlFormat(), Engine(jobs=jobs), tally)
        written = sum(isinstance(line, str) for line in line_events(events))
        assert written == serial["found"]
        assert tally.totals() == Counts(
            serial["files"], sizes, serial["messages"], serial["damaged"]
        )


def test_the_lines_say_it_exactly():
    tally = Tally("URL", progress=False, summary=True)
    tally.counts = Counts(60, 313 * MB, 86_040, 3)
    tally.found = 120_311
    assert tally.summary_line(7.9) == (
        "urlint: 60 files, 86,040 messages, 120,311 URLs, 3 damaged messages; "
        "313 MB in 7.9 s (39.6 MB/s)"
    )
    assert tally.summary_line(125).endswith("; 313 MB in 2 min 05 s (2.5 MB/s)")
    tally.total = 500 * MB
    tally.counts = Counts(12, 0, 3_456)
    assert tally.progress_line(100 * MB, 2.5) == (
        "urlint: 12 files, 3,456 messages, 100.0/500.0 MB, 40.0 MB/s, ETA 0:10"
    )
    assert tally.progress_line(1 * MB, 2).endswith("0.5 MB/s, ETA 16:38")
    assert tally.progress_line(0, 2).endswith(", 0.0/500.0 MB, 0.0 MB/s")  # no ETA yet
    findings = Tally("finding", progress=False, summary=True)
    findings.counts = Counts(3, 4096)
    findings.found = 1
    assert findings.summary_line(0.04) == "urlint: 3 files, 1 finding; 0.0 MB in 0.04 s (0.1 MB/s)"
    assert findings.progress_line(MB // 2, 1) == "urlint: 3 files, 0.5 MB, 0.5 MB/s"
    findings.counts = Counts(1, 0)  # standard input: its bytes are not counted
    assert findings.summary_line(0.3) == "urlint: 1 file, 1 finding; 0.30 s"


def test_a_line_of_messages_read_and_no_input_done_leaves_the_files_out():
    """One large mbox is done only at its end: until then the line counts its messages
    and bytes, not "0 files"."""
    tally = Tally("URL", progress=False, summary=False)
    tally.counts = Counts(0, 0, 1_684)
    assert tally.progress_line(5 * MB, 2.0) == "urlint: 1,684 messages, 5.0 MB, 2.5 MB/s"
    tally.counts = Counts(1, 0, 1_684)
    assert tally.progress_line(5 * MB, 2.0) == ("urlint: 1 file, 1,684 messages, 5.0 MB, 2.5 MB/s")
    tally.counts = Counts()  # nothing read yet, and no message: the files are said
    assert tally.progress_line(0, 0.5) == "urlint: 0 files, 0.0 MB, 0.0 MB/s"


def test_a_units_results_are_drawn_with_the_bytes_they_came_from(monkeypatch):
    """The runner adds a unit's results' counts (messages) before the unit's own (its
    bytes): the line is drawn at the latter, never with messages and no bytes."""
    import io

    from urlint.run import progress

    monkeypatch.setenv("URLINT_PROGRESS_AFTER", "0")
    monkeypatch.setattr(progress, "REDRAW_EVERY", 0)
    stream = io.StringIO()
    tally = Tally("URL", progress=True, summary=False, stream=stream)
    tally.add(Counts(0, 0, 1_684, 0))  # a run's result: its messages
    assert stream.getvalue() == ""
    tally.add(Counts(0, 4 * MB))  # the run's own counts: its bytes, no input done yet
    frames = drawn(stream.getvalue())
    assert len(frames) == 1
    match = re.fullmatch(r"urlint: 1,684 messages, 4\.0 MB, ([\d,]+\.\d) MB/s", frames[0])
    assert match, frames
    assert float(match.group(1).replace(",", "")) > 0
    tally.add(Counts(1, 2 * MB, 316))  # the mbox's last run: the input done
    assert re.fullmatch(
        r"urlint: 1 file, 2,000 messages, 6\.0 MB, [\d,]+\.\d MB/s", drawn(stream.getvalue())[-1]
    )


@pytest.mark.slow
@pytest.mark.processes  # two worker processes
@pytest.mark.parametrize("command", ["extract", "scan"])
def test_the_first_frame_on_two_processes_shows_messages_and_bytes(tmp_path, command):
    """An mbox read in runs by two workers: the first frame drawn says the messages done,
    the bytes they came from and a rate that is not zero, and no "0 files"."""
    mbox = tmp_path / "large.mbox"
    filler = b"a line of text to fill the message out to some size " * 20 + b"\n"
    messages = [URL_MESSAGE % (n, n) + filler * 40 for n in range(5_000)]
    mbox.write_bytes(mbox_of(*messages))
    assert mbox.stat().st_size > 2 * 4 * MB  # three runs of run/plan's 4 MB at least
    argv = [command, "-j", "2", str(mbox)]
    if command == "scan":
        argv += ["--store", str(tmp_path / "s.sqlite")]
    status, terminal, _ = on_terminal(argv)
    assert status == 0, terminal
    first = drawn(terminal)[0]
    match = re.fullmatch(
        r"urlint: ([\d,]+) messages, ([\d,]+\.\d)/([\d,]+\.\d) MB, ([\d,]+\.\d) MB/s"
        r"(?:, ETA \d+:\d\d)?",
        first,
    )
    assert match, first
    done_messages, done_mb, _, rate = (float(v.replace(",", "")) for v in match.groups())
    assert done_messages > 0 and done_mb > 0 and rate > 0


@pytest.mark.processes
def test_a_pre_commit_run_never_loads_progress(tmp_path):
    sample = tmp_path / "README.txt"
    sample.write_text("See <URL:http://www.example.com/docs/index.html>\n")
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "urlint.commands.cli", "check", str(sample)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0
    assert "urlint.commands.check" in done.stderr  # the check ran (cli itself is __main__)
    assert "urlint.run.progress" not in done.stderr
