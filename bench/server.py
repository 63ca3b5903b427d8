"""The language server (`urlint server`): its start-up, its first diagnostics, and an edit.

Through a client of its own over the server's standard streams, as an editor drives it:

- start-up: from starting `urlint server` to its answer to `initialize`, against a bare
  `python -c pass` (the reference bench/latency.py takes), the median of runs, the two
  alternated so machine load hits both alike;
- for each document (5,000-line Markdown, Python and plain text, Markdown with a finding
  on three lines in five, and a Markdown list of links, made here from a seed;
  `--file` adds files of your own): the server's CPU time from `textDocument/didOpen` to
  its diagnostics, and for each of 20 edits (a character typed at a random place; every
  fifth a line put in) from `didChange` (the whole text, as the server synchronises) to
  the diagnostics of that version: the median. CPU time is the server process's own
  (`/proc/PID/task/*/schedstat`, in nanoseconds), not the wall clock: a busy machine
  slows both alike. After every edit the text is written to the file and `urlint check
  --format json` run on it: the diagnostics must be its findings (code, start and end).

Run it with the interpreter of a virtualenv the project is installed in with its extra:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install '.[server]'
    /tmp/v/bin/python bench/server.py [--check]

`--check` exits 1 where an edit's median is over 50 ms of CPU, the first diagnostics over
0.5 s, or any diagnostics differ from `check`'s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LINES = 5000
EDITS = 20
EDIT_GOAL_S, FIRST_GOAL_S = 0.050, 0.5


def document(lines: int = LINES) -> str:
    """A Markdown file of `lines` lines: prose, a URL every fourth line, a finding (an
    unsafe character, a port out of range) every twentieth."""
    out = []
    for number in range(lines):
        if number % 20 == 0:
            out.append(f"Item {number}: see <http://example.com/docs/{number}/a^b> for details.")
        elif number % 20 == 10:
            out.append(f"Mirror {number}: ftp://ftp.example.org:99999/pub/{number}/ today.")
        elif number % 4 == 0:
            out.append(f"Read https://www.example.org/guide/{number}.html before you begin.")
        else:
            out.append(f"Line {number} of running prose, with nothing in it to be found here.")
    return "\n".join(out) + "\n"


def _repeated(lines: int, block: Callable[[int], list[str]]) -> str:
    """A text of `lines` lines: `block(n)`'s lines for n = 0, 1, 2 ..., cut at `lines`."""
    out: list[str] = []
    number = 0
    while len(out) < lines:
        out += block(number)
        number += 1
    return "\n".join(out[:lines]) + "\n"


def python_module(lines: int = LINES) -> str:
    """A Python module of `lines` lines: functions with docstrings and comments that name
    URLs, strings that hold them, a finding (a user's `~`, a port out of range) in some."""
    return _repeated(
        lines,
        lambda n: [
            f"def fetch_{n}(session, retries=3):",
            f'    """Fetch item {n} from https://api.example.org/v2/items/{n}.',
            "",
            f"    See http://example.com/~docs/{n} for the format.",
            '    """',
            f"    # mirror: ftp://ftp.example.org:99999/pub/{n}/",
            f'    url = "https://api.example.org/v2/items/{n}?page=1"',
            "    for attempt in range(retries):",
            "        response = session.get(url, timeout=10)",
            "        if response.ok:",
            "            return response.json()",
            "    return None",
            "",
            "",
        ],
    )


def plain_text(lines: int = LINES) -> str:
    """A plain text of `lines` lines: paragraphs of prose, URLs in angle brackets over two
    lines, bare ones, a finding (a user's `~`, a space in a path) in some."""
    return _repeated(
        lines,
        lambda n: [
            f"Section {n}. The archive of the list is kept at",
            f"<http://lists.example.org/pipermail/list-{n}/",
            "2024-March/thread.html> and its mirror at",
            f"http://mirror.example.net/~lists/{n}/ for readers abroad.",
            "Send questions to the list; its rules are on the web page",
            f"http://www.example.org/rules {n}.html and in the FAQ.",
            "",
        ],
    )


def dense_markdown(lines: int = LINES) -> str:
    """A Markdown file of `lines` lines with a finding on three lines in five (an unsafe
    character, a port out of range, a user's `~`), each on a URL of its own: the rules read
    every URL anew, none from the engine's memo of URLs read before."""
    return _repeated(
        lines,
        lambda n: [
            f"Item {n}: see <http://example.com/docs/{n}/a^b> for details.",
            f"Mirror {n}: ftp://ftp.example.org:99999/pub/{n}/ today.",
            f"Home http://example.com/~user{n}/index.html is old.",
            f"Read https://www.example.org/guide/{n}.html before you begin.",
            f"Line {n} of running prose, with nothing in it to be found here.",
        ],
    )


def link_list(lines: int = LINES) -> str:
    """A Markdown list of `lines` lines of links (an "awesome" list): on each line a link
    and an autolink, a heading every fiftieth, no finding: the most URLs a line."""
    return _repeated(
        lines,
        lambda n: (
            [f"## Section {n}"]
            + [
                f"- [Project {n}.{k}](https://github.com/owner{n}/repo-{k}) - A library for "
                f"thing {k}, see also <https://docs.example.org/p{n}/{k}/>."
                for k in range(49)
            ]
        ),
    )


DOCUMENTS = {
    "guide.md": ("markdown", document),
    "fetch.py": ("python", python_module),
    "notes.txt": ("plaintext", plain_text),
    "dense.md": ("markdown", dense_markdown),
    "links.md": ("markdown", link_list),
}


def server_cpu(pid: int) -> float:
    """The CPU seconds the process `pid` has run, all its threads (schedstat: nanoseconds)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as handle:
                total += int(handle.read().split()[0])
        except OSError:  # a thread that ended
            continue
    return total / 1e9


class Connection:
    """A client of a language server in a process of its own, over its standard streams."""

    def __init__(self, command: list[str], cwd: str) -> None:
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0

    def send(self, method: str, params: object, request: bool = False) -> int | None:
        message: dict = {"jsonrpc": "2.0", "method": method, "params": params}
        sent_id = None
        if request:
            self.next_id += 1
            message["id"] = sent_id = self.next_id
        body = json.dumps(message).encode("utf-8")
        stream = self.process.stdin
        assert stream is not None
        stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stream.flush()
        return sent_id

    def receive(self) -> dict:
        stream = self.process.stdout
        assert stream is not None
        length = 0
        while True:
            line = stream.readline()
            if not line:
                raise EOFError("the server ended")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(stream.read(length))

    def request(self, method: str, params: object) -> dict:
        sent = self.send(method, params, request=True)
        while True:
            message = self.receive()
            if message.get("id") == sent and "method" not in message:
                return message

    def diagnostics(self, uri: str, version: int) -> list:
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                if params["uri"] == uri and params.get("version") == version:
                    return params["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", None)
        self.send("exit", None)
        self.process.wait()


def initialize(connection: Connection, root: str) -> None:
    uri = Path(root).as_uri()
    connection.request(
        "initialize",
        {"processId": os.getpid(), "rootUri": uri, "capabilities": {}, "workspaceFolders": None},
    )
    connection.send("initialized", {})


def started_ms(command: list[str], root: str) -> float:
    """How long the server takes from its start to its answer to `initialize`."""
    start = time.perf_counter()
    connection = Connection(command, root)
    initialize(connection, root)
    took = time.perf_counter() - start
    connection.close()
    return took * 1000


def timed_ms(command: list[str], cwd: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return (time.perf_counter() - start) * 1000


def edited(text: str, rng: random.Random, number: int) -> str:
    """`text` after one edit: a character typed at a random place (every fifth edit, a line
    put in at a line start)."""
    if number % 5 == 4:
        at = text.index("\n", rng.randrange(len(text) - 1)) + 1
        return text[:at] + "A line put in, naming https://example.org/new.\n" + text[at:]
    at = rng.randrange(len(text))
    return text[:at] + rng.choice("abc ~/") + text[at:]


def as_found(diagnostics: list) -> list[tuple]:
    """Diagnostics as `check --format json` places findings: lines and columns from 1."""
    return sorted(
        (
            d["code"],
            d["range"]["start"]["line"] + 1,
            d["range"]["start"]["character"] + 1,
            d["range"]["end"]["line"] + 1,
            d["range"]["end"]["character"] + 1,
        )
        for d in diagnostics
    )


def checked(script: str, root: str, name: str) -> list[tuple]:
    """`urlint check`'s findings of the file `name` in `root` (ASCII: columns are units)."""
    run = subprocess.run(
        [script, "check", "--format", "json", name],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    return sorted(
        (f["code"], f["line"], f["column"], f["end_line"], f["end_column"])
        for f in json.loads(run.stdout)
    )


def edits_of(
    server: list[str], script: str, root: str, name: str, language: str, text: str, seed: int
) -> dict:
    """The first diagnostics' and each edit's server CPU for the document `name`, and
    whether each version's diagnostics are `check`'s."""
    path = os.path.join(root, name)
    connection = Connection(server, root)
    initialize(connection, root)
    uri = Path(path).as_uri()
    pid = connection.process.pid
    before = server_cpu(pid)
    item = {"uri": uri, "languageId": language, "version": 1, "text": text}
    connection.send("textDocument/didOpen", {"textDocument": item})
    found = connection.diagnostics(uri, 1)
    first = server_cpu(pid) - before
    rng = random.Random(seed)
    costs, differ = [], 0
    for number in range(EDITS):
        text = edited(text, rng, number)
        version = number + 2
        before = server_cpu(pid)
        connection.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
        )
        found = connection.diagnostics(uri, version)
        costs.append(server_cpu(pid) - before)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        if as_found(found) != checked(script, root, name):
            differ += 1
    connection.close()
    return {
        "document": name,
        "lines": text.count("\n"),
        "diagnostics": len(found),
        "first_cpu_s": round(first, 4),
        "edit_cpu_s_median": round(statistics.median(costs), 4),
        "edit_cpu_s_max": round(max(costs), 4),
        "edits": len(costs),
        "differ_from_check": differ,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="start-up runs (default 11)")
    parser.add_argument(
        "--lines", type=int, default=LINES, help=f"each document's lines (default {LINES})"
    )
    parser.add_argument("--seed", type=int, default=82, help="where the edits are (default 82)")
    parser.add_argument(
        "--file", action="append", default=[], help="a file of your own to edit as well"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 where a goal is missed")
    args = parser.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "urlint")
    if not os.path.exists(script):
        print(
            f"no urlint script beside {sys.executable}: install the project here", file=sys.stderr
        )
        return 2
    server = [script, "server"]
    results: dict = {"documents": []}
    with tempfile.TemporaryDirectory() as root:
        os.environ["URLINT_CACHE_DIR"] = os.path.join(root, "cache")
        bare_command = [sys.executable, "-c", "pass"]
        timed_ms(bare_command, root)  # warm the page cache
        started_ms(server, root)
        bare, started = [], []
        for _ in range(args.runs):
            bare.append(timed_ms(bare_command, root))
            started.append(started_ms(server, root))
        results["python_ms"] = round(statistics.median(bare), 1)
        results["start_ms"] = round(statistics.median(started), 1)
        results["start_ratio"] = round(results["start_ms"] / results["python_ms"], 2)
        documents = [
            (name, language, make(args.lines)) for name, (language, make) in DOCUMENTS.items()
        ]
        for own in args.file:
            with open(own, encoding="utf-8") as handle:
                documents.append((os.path.basename(own), "", handle.read()))
        for name, language, text in documents:
            with open(os.path.join(root, name), "w", encoding="utf-8") as handle:
                handle.write(text)
            results["documents"].append(
                edits_of(server, script, root, name, language, text, args.seed)
            )
    print(json.dumps(results, indent=1))
    missed = [
        d["document"]
        for d in results["documents"]
        if d["edit_cpu_s_median"] > EDIT_GOAL_S
        or d["first_cpu_s"] > FIRST_GOAL_S
        or d["differ_from_check"]
    ]
    if args.check and missed:
        print(f"goal missed: {', '.join(missed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
