"""The language server (`urlint server`): its start-up, and a change to its diagnostics.

Two figures, each the median of runs and each against a reference measured in the same run,
alternately, so machine load hits both alike:

- start-up: from starting `urlint server` to its answer to `initialize`, against a bare
  `python -c pass` (the reference bench/latency.py takes);
- a change: from a `textDocument/didChange` of a 2,000-line Markdown file (the whole text,
  as the server synchronises) to its `publishDiagnostics` for that version, against
  `urlint check` of the same file, which is what finding them costs without a server.

Run it with the interpreter of a virtualenv the project is installed in with its extra:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install '.[server]'
    /tmp/v/bin/python bench/server.py
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES = 2000


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs of each figure (default 11)")
    parser.add_argument(
        "--lines", type=int, default=LINES, help=f"the file's lines (default {LINES})"
    )
    args = parser.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "urlint")
    if not os.path.exists(script):
        print(
            f"no urlint script beside {sys.executable}: install the project here", file=sys.stderr
        )
        return 2
    server = [script, "server"]
    with tempfile.TemporaryDirectory() as root:
        os.environ["URLINT_CACHE_DIR"] = os.path.join(root, "cache")
        path = os.path.join(root, "guide.md")
        text = document(args.lines)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        bare_command = [sys.executable, "-c", "pass"]
        check_command = [script, "check", "guide.md"]
        timed_ms(bare_command, root)  # warm the page cache
        started_ms(server, root)
        bare, started = [], []
        for _ in range(args.runs):
            bare.append(timed_ms(bare_command, root))
            started.append(started_ms(server, root))

        connection = Connection(server, root)
        initialize(connection, root)
        uri = Path(path).as_uri()
        item = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        connection.send("textDocument/didOpen", {"textDocument": item})
        found = len(connection.diagnostics(uri, 1))
        edited = text.replace("Line 7 of", "Line 7 (edited) of", 1)
        changes, checks = [], []
        for run in range(args.runs):
            version = run + 2
            checks.append(timed_ms(check_command, root))
            start = time.perf_counter()
            connection.send(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": edited if run % 2 == 0 else text}],
                },
            )
            assert len(connection.diagnostics(uri, version)) == found
            changes.append((time.perf_counter() - start) * 1000)
        connection.close()
    bare_ms, started_ms_ = statistics.median(bare), statistics.median(started)
    change_ms, check_ms = statistics.median(changes), statistics.median(checks)
    print(f"python -c pass               {bare_ms:7.1f} ms (median of {args.runs})")
    print(f"server start to initialize   {started_ms_:7.1f} ms  ratio {started_ms_ / bare_ms:5.2f}")
    print(f"urlint check, {args.lines} lines      {check_ms:7.1f} ms ({found} findings)")
    print(f"didChange to diagnostics     {change_ms:7.1f} ms  ratio {change_ms / check_ms:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
