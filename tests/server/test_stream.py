"""`urlint server` survives its input: a garbled stream or a handler's fault is said in one
line on standard error (never a traceback, never one sent to the client), and the server
answers the next request."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading

import pytest
from pygls.exceptions import JsonRpcInternalError

from urlint.server.lsp import MAX_MESSAGE, BoundedInput, _answered


def _framed(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"processId": None, "rootUri": None, "capabilities": {}},
}


def _answers_after(garbled: bytes) -> tuple[list, int, list[str]]:
    """The ids the server answers when `garbled` comes between its initialisation and a
    shutdown request; its exit status after `exit`; what it said on standard error."""
    server = subprocess.Popen(
        [sys.executable, "-m", "urlint", "server"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write(_framed(INITIALIZE))
    server.stdin.write(_framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    server.stdin.write(garbled)
    server.stdin.write(_framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    server.stdin.flush()
    answered: list = []
    shut_down = threading.Event()

    def read() -> None:
        stream = server.stdout
        while True:
            length = 0
            line = b""
            while line not in (b"\r\n", b"\n"):
                line = stream.readline()
                if not line:
                    return
                if line.startswith(b"Content-Length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(stream.read(length))
            if "id" in message:
                answered.append(message["id"])
            if message.get("id") == 2:
                shut_down.set()
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    shut_down.wait(120)
    server.stdin.write(_framed({"jsonrpc": "2.0", "method": "exit"}))
    server.stdin.close()
    status = server.wait(120)
    said = server.stderr.read().decode() if server.stderr else ""
    return answered, status, said.splitlines()


@pytest.mark.processes
def test_a_length_past_the_bound_is_said_and_the_next_request_answered():
    """A garbled header declared 99,999,999,999 bytes: the server read for them, ran out
    of memory and exited with a 38-line traceback."""
    answered, status, said = _answers_after(b"Content-Length: 99999999999\r\n\r\n{}")
    assert (answered, status) == ([1, 2], 0)
    assert said == [
        f"urlint server: a message of 99999999999 bytes declared, more than {MAX_MESSAGE}: "
        "not read, the stream read on from the next header",
        "urlint server: Ignoring notification for unknown method '$/urlint/skipped'",
    ]


@pytest.mark.processes
def test_a_body_that_is_not_json_is_said_in_one_line_and_the_next_request_answered():
    answered, status, said = _answers_after(b"Content-Length: 5\r\n\r\nnotjs")
    assert (answered, status) == ([1, 2], 0)
    assert said == [
        "urlint server: Unable to handle message: internal error: JSONDecodeError: Expecting "
        "value: line 1 column 1 (char 0) (set URLINT_DEBUG=1 for a traceback)"
    ]


def test_the_stream_is_read_on_from_the_next_header_after_a_length_past_the_bound():
    stream = io.BytesIO(b"garbage{}Content-Length: 2\r\n\r\n{}")
    reader = BoundedInput(stream)
    assert json.loads(reader.read(MAX_MESSAGE + 1)) == {
        "jsonrpc": "2.0",
        "method": "$/urlint/skipped",
        "params": None,
    }
    assert [reader.readline(), reader.readline(), reader.read(2)] == [
        b"Content-Length: 2\r\n",
        b"\r\n",
        b"{}",
    ]


def test_a_handlers_fault_reaches_the_client_in_one_line_without_its_traceback():
    def hover(ls, params):
        raise ValueError("no such place: ftp://fred:Tr0ub4dor@x.org/")

    with pytest.raises(JsonRpcInternalError) as raised:
        _answered(hover)(None, None)
    error = raised.value.to_response_error()
    assert (error.message, error.data) == (
        "internal error: ValueError: no such place: ftp://fred:****@x.org/ (set URLINT_DEBUG=1 "
        "for a traceback)",
        None,
    )
