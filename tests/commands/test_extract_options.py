"""`urlint extract` with grep's habits (-c, -l, --unique, -0, exit 1 when no URL is found)
and the file selection options `check` shares (configuration `exclude`, --exclude,
--extend-exclude, --no-ignore, --files-from, --from0)."""

from __future__ import annotations

import io
import json
import os
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..helpers import examples, run

ONE = "see http://a.example/ and http://b.example/\nhttp://a.example/\n"
TWO = "ftp://fred:secret@h.example/x and ftp://fred:other@h.example/x\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A working directory: a git repository's root with no configuration in it, and
    none above it that urlint could find."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "urlint.toml").write_text("")
    (tmp_path / "one.txt").write_text(ONE)
    (tmp_path / "none.txt").write_text("no URL here\n")
    (tmp_path / "two.txt").write_text(TWO)
    return tmp_path


def stdin_bytes(monkeypatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


# -- exit status --------------------------------------------------------------------------


def test_exit_0_when_a_url_is_found(capsys, here):
    assert run(capsys, "extract", "one.txt") == (
        0,
        "http://a.example/\nhttp://b.example/\nhttp://a.example/\n",
        "",
    )


def test_exit_1_when_no_url_is_found(capsys, here):
    assert run(capsys, "extract", "none.txt") == (1, "", "")
    assert run(capsys, "extract", "-c", "none.txt") == (1, "", "")
    assert run(capsys, "extract", "-l", "none.txt") == (1, "", "")
    assert run(capsys, "extract", "--format", "jsonl", "none.txt") == (1, "", "")
    (here / "empty.txt").write_text("<URL:>\n")  # an empty wrapper is no URL
    assert run(capsys, "extract", "empty.txt") == (1, "", "")


def test_an_error_wins_over_found_and_not_found(capsys, here):
    missing = "urlint: nope.txt: cannot read: No such file or directory\n"
    assert run(capsys, "extract", "nope.txt", "one.txt")[::2] == (2, missing)
    assert run(capsys, "extract", "nope.txt", "none.txt") == (2, "", missing)


def test_a_damaged_message_read_anyway_is_no_error(capsys, here):
    (here / "box.mbox").write_text(
        "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nContent-Type: multipart/mixed; "
        'boundary="zz"\n\n--zz\nContent-Type: text/plain\n\nhttp://two.example/\n'
    )
    assert run(capsys, "extract", "box.mbox") == (
        0,
        "http://two.example/\n",
        "urlint: box.mbox:9 (message 1): damaged message: multipart boundary 'zz' is never "
        "closed: read to the end\n",
    )


# -- -c, -l, --unique, -0 -------------------------------------------------------------------


def test_count_lists_files_with_urls_and_their_number(capsys, here):
    assert run(capsys, "extract", "-c", ".") == (0, "one.txt:3\ntwo.txt:2\n", "")
    assert run(capsys, "extract", "--count", "none.txt", "two.txt") == (0, "two.txt:2\n", "")


def test_files_with_urls_lists_each_once(capsys, here):
    assert run(capsys, "extract", "-l", ".") == (0, "one.txt\ntwo.txt\n", "")
    assert run(capsys, "extract", "--files-with-urls", "two.txt", "one.txt") == (
        0,
        "two.txt\none.txt\n",
        "",
    )


def test_files_with_urls_stops_reading_a_listed_file(capsys, here):
    # As grep -l: the damage later in the file is never reached, so never noted.
    (here / "box.mbox").write_text(
        "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\n\nsee http://one.example/\n\n"
        "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nContent-Type: multipart/mixed; "
        'boundary="zz"\n\n--zz\nContent-Type: text/plain\n\nhttp://two.example/\n'
    )
    assert run(capsys, "extract", "-l", "box.mbox") == (0, "box.mbox\n", "")
    assert run(capsys, "extract", "-c", "box.mbox")[:2] == (0, "box.mbox:2\n")


def test_unique_keeps_the_first_of_each_url(capsys, here):
    assert run(capsys, "extract", "--unique", "one.txt", "one.txt") == (
        0,
        "http://a.example/\nhttp://b.example/\n",
        "",
    )
    assert run(capsys, "extract", "--unique", "-H", "one.txt") == (
        0,
        "one.txt:1:5: http://a.example/\none.txt:1:27: http://b.example/\n",
        "",
    )
    _, out, _ = run(capsys, "extract", "--unique", "--format", "jsonl", "one.txt")
    assert [(r["line"], r["url"]) for r in map(json.loads, out.splitlines())] == [
        (1, "http://a.example/"),
        (1, "http://b.example/"),
    ]
    # -c and -l count only what --unique prints: a file whose URLs were all seen before
    # has none.
    assert run(capsys, "extract", "--unique", "-c", "one.txt", "one.txt") == (0, "one.txt:2\n", "")
    assert run(capsys, "extract", "--unique", "-l", "one.txt", "one.txt") == (0, "one.txt\n", "")


def test_unique_compares_urls_as_shown(capsys, here):
    # Two passwords, masked alike: one URL shown, and nothing tells there were two.
    assert run(capsys, "extract", "--unique", "two.txt") == (0, "ftp://fred:****@h.example/x\n", "")
    assert run(capsys, "extract", "--unique", "--show-passwords", "two.txt") == (
        0,
        "ftp://fred:secret@h.example/x\nftp://fred:other@h.example/x\n",
        "",
    )


def test_null_ends_text_lines_and_follows_paths(capsys, here):
    assert run(capsys, "extract", "-0", "two.txt") == (
        0,
        "ftp://fred:****@h.example/x\0ftp://fred:****@h.example/x\0",
        "",
    )
    assert run(capsys, "extract", "--null", "-H", "--unique", "two.txt") == (
        0,
        "two.txt:1:1: ftp://fred:****@h.example/x\0",
        "",
    )
    assert run(capsys, "extract", "-l", "-0", ".") == (0, "one.txt\0two.txt\0", "")
    assert run(capsys, "extract", "-c", "-0", ".") == (0, "one.txt\x003\ntwo.txt\x002\n", "")
    # jsonl lines end with a newline whatever: JSON escapes every control character
    _, out, _ = run(capsys, "extract", "-0", "--format", "jsonl", "two.txt")
    assert out.count("\n") == 2 and "\0" not in out


def test_paths_are_masked_and_escaped_in_counts_and_lists(capsys, here):
    (here / "ftp:__u:pw@h\x1b.txt").write_text("http://x.example/\n")
    assert run(capsys, "extract", "-l", "ftp:__u:pw@h\x1b.txt") == (
        0,
        "ftp:__u:****@h\\x1b.txt\n",
        "",
    )


def test_count_or_list_with_jsonl_and_with_each_other_are_usage_errors(capsys, here):
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "extract", "-c", "--format", "jsonl", "one.txt")
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: -c and -l print paths, not jsonl: leave out --format jsonl\n"
    )
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "extract", "-c", "-l", "one.txt")
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: argument -l/--files-with-urls: not allowed with argument -c/--count\n"
    )


words = st.sampled_from(["http://a.example/", "http://b.example/x", "word", "\n", "ftp://c.x/"])
texts = st.lists(
    st.lists(words, max_size=8).map(" ".join),
    min_size=1,
    max_size=4,
)


@pytest.mark.slow
@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(texts=texts)
def test_counts_lists_and_unique_agree_with_the_url_lines(capsys, tmp_path, texts):
    names = []
    for index, text in enumerate(texts):
        path = tmp_path / f"f{index}.txt"
        path.write_text(text)
        names.append(str(path))
    code, positioned, _ = run(capsys, "extract", "--isolated", "-H", *names)
    found = [line.split(":", 1)[0] for line in positioned.splitlines()]
    assert code == (0 if found else 1)
    per_file = Counter(found)
    assert run(capsys, "extract", "--isolated", "-c", *names)[1] == "".join(
        f"{name}:{per_file[name]}\n" for name in names if per_file[name]
    )
    assert run(capsys, "extract", "--isolated", "-l", *names)[1] == "".join(
        f"{name}\n" for name in dict.fromkeys(found)
    )
    _, plain, _ = run(capsys, "extract", "--isolated", *names)
    assert run(capsys, "extract", "--isolated", "--unique", *names)[1] == "".join(
        f"{url}\n" for url in dict.fromkeys(plain.splitlines())
    )
    assert run(capsys, "extract", "--isolated", "-0", *names)[1] == plain.replace("\n", "\0")


# -- configuration and the file selection options ------------------------------------------


def test_extract_reads_the_configuration_exclude(capsys, here):
    (here / "urlint.toml").write_text('exclude = ["two.txt"]\n')
    assert run(capsys, "extract", "-l", ".") == (0, "one.txt\n", "")
    assert run(capsys, "extract", "-l", "--isolated", ".") == (0, "one.txt\ntwo.txt\n", "")
    # a file named is read even when excluded
    assert run(capsys, "extract", "-l", "two.txt") == (0, "two.txt\n", "")
    (here / "other.toml").write_text('exclude = ["one.txt"]\n')
    assert run(capsys, "extract", "-l", "--config", "other.toml", ".") == (0, "two.txt\n", "")


def test_extract_reads_exclude_from_pyproject(capsys, here):
    (here / "urlint.toml").unlink()
    (here / "pyproject.toml").write_text('[tool.urlint]\nexclude = ["o*.txt"]\n')
    assert run(capsys, "extract", "-l", ".") == (0, "two.txt\n", "")


def test_exclude_replaces_and_extend_exclude_adds(capsys, here):
    (here / "urlint.toml").write_text('exclude = ["two.txt"]\n')
    assert run(capsys, "extract", "-l", "--exclude", "one.txt", ".") == (0, "two.txt\n", "")
    assert run(capsys, "extract", "-l", "--extend-exclude", "one.txt", ".") == (1, "", "")
    assert run(capsys, "extract", "-l", "--exclude", "x,one.txt", "--exclude", "two.txt", ".") == (
        1,
        "",
        "",
    )


def test_a_bad_configuration_is_exit_2_naming_it(capsys, here):
    (here / "urlint.toml").write_text('exclude = "two.txt"\n')
    assert run(capsys, "extract", "one.txt") == (
        2,
        "",
        f"urlint: {here / 'urlint.toml'}: exclude must be a list of strings\n",
    )
    (here / "urlint.toml").write_text("exclude = [\n")
    code, out, err = run(capsys, "extract", "one.txt")
    assert (code, out) == (2, "")
    assert err.startswith(f"urlint: {here / 'urlint.toml'}: invalid TOML: ")


def test_no_ignore_reads_ignored_files_and_the_directories_tools_make(capsys, here):
    (here / ".gitignore").write_text("two.txt\n")
    (here / "node_modules").mkdir()
    (here / "node_modules" / "x.txt").write_text("http://x.example/\n")
    assert run(capsys, "extract", "-l", ".") == (0, "one.txt\n", "")
    assert run(capsys, "extract", "-l", "--no-ignore", ".") == (
        0,
        "node_modules/x.txt\none.txt\ntwo.txt\n",
        "",
    )


def test_files_from_a_file_and_from_standard_input(capsys, here, monkeypatch):
    (here / "list.txt").write_text("two.txt\nnone.txt\n\none.txt\n")
    assert run(capsys, "extract", "-l", "--files-from", "list.txt") == (0, "two.txt\none.txt\n", "")
    stdin_bytes(monkeypatch, b"one.txt\0two.txt\0")
    assert run(capsys, "extract", "-c", "--files-from", "-", "--from0", "none.txt") == (
        0,
        "one.txt:3\ntwo.txt:2\n",
        "",
    )


def test_files_listed_are_read_though_ignored(capsys, here, monkeypatch):
    (here / ".gitignore").write_text("*.txt\n")
    stdin_bytes(monkeypatch, b"one.txt\n")
    assert run(capsys, "extract", "-l", "--files-from", "-") == (0, "one.txt\n", "")


def test_an_empty_list_reads_nothing(capsys, here, monkeypatch):
    stdin_bytes(monkeypatch, b"")
    assert run(capsys, "extract", "--files-from", "-") == (1, "", "")
    stdin_bytes(monkeypatch, b"")
    assert run(capsys, "check", "--files-from", "-") == (0, "", "")  # not "." by default


def test_files_from_errors_are_exit_2(capsys, here, monkeypatch):
    assert run(capsys, "extract", "--files-from", "nope.txt") == (
        2,
        "",
        "urlint: --files-from nope.txt: cannot read: No such file or directory\n",
    )
    assert run(capsys, "check", "--files-from", "nope.txt") == (
        2,
        "",
        "urlint: --files-from nope.txt: cannot read: No such file or directory\n",
    )
    assert run(capsys, "extract", "--files-from", "-", "-") == (
        2,
        "",
        "urlint: --files-from - and the PATH - cannot both read standard input\n",
    )
    assert run(capsys, "extract", "--from0", "one.txt") == (
        2,
        "",
        "urlint: --from0 says how --files-from's paths end: give --files-from\n",
    )


NUL_IN_A_LINE = "cannot read: a name with a NUL byte is no file name (maybe --from0 was meant)"


@pytest.mark.processes
@pytest.mark.parametrize("jobs", [[], ["-j", "1"], ["-j", "2"]])
def test_a_list_of_nul_ended_names_read_as_lines(capsys, here, monkeypatch, jobs):
    # `find -print0 | urlint extract --files-from -`, --from0 forgotten: one entry
    stdin_bytes(monkeypatch, b"./one.txt\0./two.txt\0")
    assert run(capsys, "extract", "--files-from", "-", *jobs) == (
        2,
        "",
        f"urlint: ./one.txt\\x00./two.txt\\x00: {NUL_IN_A_LINE}\n",
    )
    # the rest of the list is read
    stdin_bytes(monkeypatch, b"none.txt\na\0b\none.txt\n")
    assert run(capsys, "extract", "-c", "--files-from", "-", *jobs) == (
        2,
        "one.txt:3\n",
        f"urlint: a\\x00b: {NUL_IN_A_LINE}\n",
    )
    stdin_bytes(monkeypatch, b"a\0b\n")
    assert run(capsys, "check", "--format", "concise", "--files-from", "-", *jobs) == (
        1,
        f"a\\x00b:1:1: M902 {NUL_IN_A_LINE}\n",
        "",
    )


def test_a_listed_name_longer_than_any_path_is_shown_cut(capsys, here, monkeypatch):
    stdin_bytes(monkeypatch, b"x" * 3_000_000 + b"\none.txt\n")
    longest = os.pathconf(".", "PC_PATH_MAX")
    assert run(capsys, "extract", "-c", "--files-from", "-") == (
        2,
        "one.txt:3\n",
        f"urlint: {'x' * 80}...: cannot read: a name of 3,000,000 bytes is no file name"
        f" (a path has under {longest:,})\n",
    )


def test_a_listed_name_cut_short_hides_a_password_its_cut_would_leave(capsys, here, monkeypatch):
    # masked before it is cut: cut first, the password would lose the "@" that shows it
    name = "ftp://fred:" + "Secretpw2y" * 10 + "@h.example.com/x.txt"
    stdin_bytes(monkeypatch, name.encode() + b"\0two.txt\n")
    code, _, err = run(capsys, "extract", "--files-from", "-")
    assert code == 2 and "Secretpw2y" not in err
    assert err.startswith("urlint: ftp://fred:****@h.example.com/x.txt\\x00two.txt: cannot read:")


def test_check_takes_the_same_selection_options(capsys, here, monkeypatch):
    bad = "see http://example.com/~x/\n"
    for name in ("a.txt", "b.txt", "vendor/c.txt"):
        (here / name).parent.mkdir(exist_ok=True)
        (here / name).write_text(bad)
    (here / "urlint.toml").write_text('exclude = ["vendor"]\n')
    (here / ".gitignore").write_text("b.txt\n")

    def paths(*argv: str) -> list[str]:
        code, out, err = run(capsys, "check", "--format", "concise", "--ignore", "M", *argv)
        assert err == ""
        return [line.split(":")[0] for line in out.splitlines() if "C202" in line]

    assert paths() == ["a.txt"]
    assert paths("--no-ignore") == ["a.txt", "b.txt"]
    assert paths("--exclude", "a.txt") == ["vendor/c.txt"]
    assert paths("--extend-exclude", "a.txt") == []
    assert paths("vendor/c.txt", "b.txt") == ["vendor/c.txt", "b.txt"]  # named: always read
    stdin_bytes(monkeypatch, b"b.txt\nvendor/c.txt\n")
    assert paths("--files-from", "-") == ["b.txt", "vendor/c.txt"]


# -- -j past what the machine runs ------------------------------------------------------------


@pytest.mark.processes
def test_j_past_the_most_the_machine_runs_is_said_once_and_cut(capsys, here, monkeypatch):
    # Nothing worse than a slower run: the output is -j 1's, the note one line.
    monkeypatch.setenv("URLINT_MAX_JOBS", "2")
    serial = run(capsys, "extract", "-j", "1", "one.txt", "two.txt")
    assert serial[0] == 0 and serial[2] == ""
    assert run(capsys, "extract", "-j", "1000", "one.txt", "two.txt") == (
        0,
        serial[1],
        "urlint: -j 1000 is more than URLINT_MAX_JOBS=2; using 2\n",
    )
    assert run(capsys, "extract", "-j", "2", "one.txt", "two.txt") == serial
    assert run(capsys, "extract", "-q", "-j", "100000", "one.txt", "two.txt") == serial
    code, out, err = run(capsys, "check", "--format", "concise", "-j", "100000", "two.txt")
    assert (code, err) == (1, "urlint: -j 100000 is more than URLINT_MAX_JOBS=2; using 2\n")
    assert run(capsys, "check", "--format", "concise", "-j", "1", "two.txt") == (code, out, "")


@pytest.mark.processes
def test_by_default_the_most_is_twice_the_cores(capsys, here, monkeypatch):
    monkeypatch.delenv("URLINT_MAX_JOBS", raising=False)
    monkeypatch.setattr("urlint.run.work.core_count", lambda: 1)
    assert run(capsys, "extract", "-j", "3", "one.txt")[::2] == (
        0,
        "urlint: -j 3 is more than 2, twice the cores here (URLINT_MAX_JOBS sets another "
        "limit); using 2\n",
    )


def test_a_urlint_max_jobs_that_is_no_number_is_exit_2_before_anything_is_read(
    capsys, here, monkeypatch
):
    monkeypatch.setenv("URLINT_MAX_JOBS", "many")
    error = "urlint: URLINT_MAX_JOBS: 'many' is not a number of processes (1 or more)\n"
    assert run(capsys, "extract", "-j", "2", "one.txt") == (2, "", error)
    assert run(capsys, "check", "-j", "2", "one.txt") == (2, "", error)
    # A run on one process starts no pool: the limit is not read.
    assert run(capsys, "extract", "-j", "1", "one.txt")[0] == 0
