"""`urlint extract` as a user runs it: formats, exit codes, stdin, masking."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from urlint.commands.cli import main

from ..helpers import run

JSONL_KEYS = [
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "url",
    "alt",
    "wrapper",
    "message",
    "flags",
    "context",
]


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text(
        "get <URL:ftp://fred:secret@ftp.example.org/pub/\n  file-\n  name.txt> or http://www.example.org/.\n"
    )
    return path


def test_text_format_is_one_url_a_line_with_password_masked(capsys, sample):
    code, out, err = run(capsys, "extract", str(sample))
    assert (code, err) == (0, "")
    assert out == "ftp://fred:****@ftp.example.org/pub/file-name.txt\nhttp://www.example.org/\n"


def test_with_position(capsys, sample):
    code, out, _ = run(capsys, "extract", "-H", str(sample))
    assert out.splitlines() == [
        f"{sample}:1:10: ftp://fred:****@ftp.example.org/pub/file-name.txt",
        f"{sample}:3:16: http://www.example.org/",
    ]


def test_jsonl_contract(capsys, sample):
    code, out, _ = run(capsys, "extract", "--format", "jsonl", str(sample))
    records = [json.loads(line) for line in out.splitlines()]
    assert [list(r) for r in records] == [JSONL_KEYS, JSONL_KEYS]
    assert records[0] == {
        "path": str(sample),
        "line": 1,
        "column": 10,
        "end_line": 3,
        "end_column": 11,
        "url": "ftp://fred:****@ftp.example.org/pub/file-name.txt",
        "alt": "ftp://fred:****@ftp.example.org/pub/filename.txt",
        "wrapper": "url",
        "message": None,
        "flags": ["line-break", "hyphen-break"],
        "context": "text",
    }
    assert records[1]["wrapper"] is None and records[1]["flags"] == []


def test_show_passwords(capsys, sample):
    _, out, _ = run(capsys, "extract", "--show-passwords", str(sample))
    assert out.splitlines()[0] == "ftp://fred:secret@ftp.example.org/pub/file-name.txt"


def test_no_output_format_shows_the_password(capsys, sample):
    for argv in (["extract"], ["extract", "-H"], ["extract", "--format", "jsonl"]):
        _, out, err = run(capsys, *argv, str(sample))
        assert "secret" not in out + err


def test_unreadable_input_exit_2_and_the_rest_still_read(capsys, sample, tmp_path):
    code, out, err = run(capsys, "extract", str(tmp_path / "nope.txt"), str(sample))
    assert code == 2
    assert err == f"urlint: {tmp_path / 'nope.txt'}: cannot read: No such file or directory\n"
    assert out.count("\n") == 2


def test_usage_error_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["extract", "--format", "xml", "x"])
    assert exit_info.value.code == 2
    # argparse's own words as written (cli._argparse_in_english), singular and plural
    assert capsys.readouterr().err.endswith(
        "urlint extract: error: argument --format: invalid choice: 'xml' "
        "(choose from 'text', 'jsonl')\n"
    )
    with pytest.raises(SystemExit):
        main(["rule"])
    assert capsys.readouterr().err.endswith(
        "urlint rule: error: the following arguments are required: CODE\n"
    )


def test_no_command_exit_2(capsys):
    assert main([]) == 2


@pytest.mark.processes
def test_stdin_and_broken_pipe_through_the_real_command(tmp_path):
    text = "".join(f"http://h{i}.example/\n" for i in range(20000))
    result = subprocess.run(  # `python -m urlint`, where no script is on the PATH
        [sys.executable, "-m", "urlint", "extract", "-"],
        input=text.encode(),
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.decode().splitlines()[-1] == "http://h19999.example/"
    # a reader that stops early (`| head -1`) gets no traceback
    pipe = subprocess.Popen(
        f"{sys.executable} -m urlint.commands.cli extract - | head -1",
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = pipe.communicate(text.encode() * 5)
    assert out == b"http://h0.example/\n"
    assert b"Traceback" not in err


def test_binary_named_explicitly_is_noted(capsys, tmp_path):
    blob = tmp_path / "x.bin"
    blob.write_bytes(b"\0\0\0")
    code, out, err = run(capsys, "extract", str(blob))
    # Skipped is no error, and no URL was found: exit 1, as grep.
    assert (code, out, err) == (1, "", f"urlint: {blob}: skipped: binary file (NUL byte)\n")


@pytest.mark.processes
def test_console_script_installed():
    bindir = os.path.dirname(sys.executable)
    result = subprocess.run(
        [os.path.join(bindir, "urlint"), "--version"], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip().startswith("urlint ")


def test_a_ctrl_c_before_the_command_runs_is_exit_130_and_no_traceback(monkeypatch, capsys):
    # as the parser is built, before cli.main's own catching (a Ctrl-C at start-up)
    import urlint.__main__
    import urlint._runtime
    import urlint.commands.cli
    from urlint._runtime import garbage

    def interrupted(command=None):
        raise KeyboardInterrupt

    # this process's own: its collector, and its import system
    monkeypatch.setattr(garbage, "defer", lambda: None)
    monkeypatch.setattr(urlint._runtime, "find_own_modules", lambda: None)
    monkeypatch.setattr(urlint.commands.cli, "build_parser", interrupted)
    monkeypatch.setattr(sys, "argv", ["urlint", "check", "x.txt"])
    with pytest.raises(SystemExit) as exit_info:
        urlint.__main__.run()
    assert exit_info.value.code == 130
    assert capsys.readouterr() == ("", "")


def test_extract_refuses_a_wrong_configuration_as_check_does(capsys, tmp_path, monkeypatch):
    # a key only `check` uses, wrongly typed: an error whichever command reads the file
    (tmp_path / "pyproject.toml").write_text('[tool.urlint]\nselect = "ALL"\n')
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    monkeypatch.chdir(tmp_path)
    message = f"urlint: {tmp_path}/pyproject.toml: select must be a list of strings\n"
    assert run(capsys, "extract", "a.txt") == (2, "", message)
    assert run(capsys, "check", "a.txt") == (2, "", message)


@pytest.mark.processes
def test_a_name_that_is_not_utf8_is_written_the_same_way_in_every_output(tmp_path):
    # os.fsdecode holds the byte 0xE9 of "caf\xe9.txt" as a lone surrogate, which no UTF-8
    # output can write: JSON wrote "caf?.txt" (the stream's replacement), text "caf\udce9";
    # every output now writes the byte as the store keeps it, "caf\xe9.txt" (and masks a
    # password the name holds, as it does any name's).
    (tmp_path / os.fsdecode(b"caf\xe9.txt")).write_bytes(b"see http://example.com/~a\n")
    (tmp_path / os.fsdecode(b"ftp:fred:Pw0rd@h\xe9.txt")).write_bytes(b"http://example.com/b\n")

    def urlint(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "urlint", *argv],
            cwd=tmp_path,
            capture_output=True,
            check=False,
        )
        assert done.stderr == b""
        return done.stdout.decode("utf-8")

    assert urlint("extract", "-l", ".") == "caf\\xe9.txt\nftp:fred:****@h\\xe9.txt\n"
    assert urlint("extract", "-c", ".") == "caf\\xe9.txt:1\nftp:fred:****@h\\xe9.txt:1\n"
    paths = [
        json.loads(line)["path"]
        for line in urlint("extract", "--format", "jsonl", ".").splitlines()
    ]
    assert paths == ["caf\\xe9.txt", "ftp:fred:****@h\\xe9.txt"]
    check = ("check", "--isolated", "--select", "C202", ".")
    assert urlint(*check).splitlines()[0].startswith("caf\\xe9.txt:1:24: C202 ")
    assert [finding["path"] for finding in json.loads(urlint(*check, "--format", "json"))] == [
        "caf\\xe9.txt"
    ]


def test_every_flag_of_the_option_table_is_an_argument_of_check_and_scan():
    # linter/config.py's OPTIONS reads each flag from argparse's namespace by its name:
    # a flag renamed in one place and not the other would silently be read as left out.
    from urlint.commands.cli import build_parser
    from urlint.linter.config import OPTIONS

    for argv in (["check"], ["scan", "--store", "s.db"]):
        args = build_parser(argv[0]).parse_args(argv)
        flags = [option.flag for option in OPTIONS if option.flag]
        missing = [f for f in flags if not hasattr(args, f[2:].replace("-", "_"))]
        if argv[0] == "scan":
            assert missing == ["--fail-on"]  # scan keeps every finding; it fails on none
        else:
            assert missing == []


UNWRITABLE_COMMANDS = [
    ("extract",),
    ("extract", "--format", "jsonl"),
    ("check", "--isolated"),
    ("check", "--isolated", "--format", "sarif"),
]


def _urlint_with_stdout(argv, stdout, tmp_path, close_stdout=False):
    """`python -m urlint ARGV` with its standard output `stdout` (or closed): (status, stderr)."""
    result = subprocess.run(
        [sys.executable, "-m", "urlint", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        preexec_fn=(lambda: os.close(1)) if close_stdout else None,
        check=False,
    )
    return result.returncode, result.stderr.decode()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", UNWRITABLE_COMMANDS)
def test_an_output_on_a_full_disk_is_one_line_and_exit_2(tmp_path, command):
    (tmp_path / "a.txt").write_text("see http://example.com/~x\n")
    with open("/dev/full", "wb") as full:
        status, err = _urlint_with_stdout([*command, "a.txt"], full, tmp_path)
    # exit 2, a fault: not extract's 1, "no URL found", nor check's 1, "findings"
    assert (status, err) == (2, "urlint: standard output: cannot write: No space left on device\n")


@pytest.mark.parametrize("command", UNWRITABLE_COMMANDS)
def test_an_output_closed_before_the_run_is_one_line_and_exit_2(tmp_path, command):
    (tmp_path / "a.txt").write_text("see http://example.com/~x\n")
    status, err = _urlint_with_stdout([*command, "a.txt"], None, tmp_path, close_stdout=True)
    assert (status, err) == (2, "urlint: standard output: cannot write: it is closed\n")


def test_a_command_that_writes_nothing_runs_with_its_output_closed(tmp_path):
    (tmp_path / "a.txt").write_text("see http://example.com/\n")
    status, err = _urlint_with_stdout(
        ["scan", "-q", "--isolated", "--store", "s.sqlite", "a.txt"],
        None,
        tmp_path,
        close_stdout=True,
    )
    assert (status, err) == (0, "")
    assert (tmp_path / "s.sqlite").stat().st_size > 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_an_output_that_fills_the_disk_half_way_is_one_line_and_exit_2(tmp_path):
    # past every buffer: the failure comes while URLs are still being written
    (tmp_path / "a.txt").write_text("".join(f"http://h{i}.example/\n" for i in range(50000)))
    with open("/dev/full", "wb") as full:
        status, err = _urlint_with_stdout(["extract", "a.txt"], full, tmp_path)
    assert (status, err) == (2, "urlint: standard output: cannot write: No space left on device\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_the_version_on_a_full_disk_is_one_line_and_exit_2(tmp_path):
    with open("/dev/full", "wb") as full:
        status, err = _urlint_with_stdout(["--version"], full, tmp_path)
    assert (status, err) == (2, "urlint: standard output: cannot write: No space left on device\n")


def test_a_wrapper_ending_in_a_login_cut_at_a_hyphen_hides_the_password_in_both_readings(
    capsys, tmp_path
):
    # The wrapper's ">" stands in the password; the break after "us-" gives a second reading
    # without the hyphen (`alt`), whose password runs on past the ">" just as the URL's does.
    (tmp_path / "a.txt").write_text("<URL:ftp://us-\ner:s>ecret@host.example/a>\n")
    status, out, _ = run(capsys, "extract", "--format", "jsonl", str(tmp_path / "a.txt"))
    assert status == 0
    record = json.loads(out)
    assert (record["url"], record["alt"]) == ("ftp://us-er:****", "ftp://user:****")
    status, out, _ = run(
        capsys, "check", "--isolated", "--format", "concise", str(tmp_path / "a.txt")
    )
    assert [line.split(": ", 1)[1] for line in out.splitlines()] == [
        "X102 line break after '-': the URL may also be ftp://user:****",
        "P501 a password in the URL: never write one (section 6)",
        # the port rule would quote the password's first character: its summary instead
        "S408 A port that is not a decimal number from 0 to 65535, or a colon with no port "
        "(in a part of the URL hidden as a password)",
    ]
