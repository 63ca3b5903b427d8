"""The library's check: `urlint.check_paths` yields the findings `urlint check` reports, in
its order, on one process, on two and on a Dask cluster, passwords masked; `urlint.Settings`
made from a mapping or a file; the guide's example run as written and type-checked."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import urlint
from urlint import ConfigError, Finding, Settings, check_paths
from urlint.core import exits
from urlint.output.check import finding_json
from urlint.run.plan import planned_units

from .helpers import REPO, run

MESSAGE = (
    "Message-ID: <{n}@example.org>\n\nhello http://ex.com/~{n} and telnet://u:pw@h{n}.example/\n"
)


def _inputs(folder: Path) -> list[str]:
    """A text file (a suppression used, one unused), a .py file (a URL in a string, one in a
    comment), an mbox of four messages (a password in each), a .tar.gz with a text member,
    and a file that is not there."""
    (folder / "notes.txt").write_text(
        "see http://ex.com/~a and ftp://fred:hunter2@ftp.example.org/pub\n"
        "http://ex.com/~b  # urlint: ignore[C202]\n"
        "# urlint: ignore[P501]\n"
    )
    (folder / "app.py").write_text('HOME = "http://ex.com/~a"  # see http://ex.com/~c\n')
    (folder / "list.mbox").write_text(
        "".join(
            f"From a@example.org Thu Mar  1 03:00:13 2001\n{MESSAGE.format(n=n)}\n"
            for n in range(1, 5)
        )
    )
    member = b"docs at http://ex.com/~e\n"
    with tarfile.open(folder / "docs.tar.gz", "w:gz") as tar:
        info = tarfile.TarInfo("docs/readme.txt")
        info.size = len(member)
        tar.addfile(info, io.BytesIO(member))
    names = ("notes.txt", "app.py", "list.mbox", "docs.tar.gz", "missing.txt")
    return [str(folder / name) for name in names]


TILDE = (
    "unsafe character '~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target rfc3986): "
    "write it as %7E"
)
PASSWORD = "a password in the URL: never write one (section 6)"


def _mbox_findings() -> list[tuple]:
    return [
        finding
        for n in range(1, 5)
        for finding in (
            ("C202", "list.mbox", 5 * n - 1, 21, TILDE, f"http://ex.com/~{n}", False, n),
            (
                "P501",
                "list.mbox",
                5 * n - 1,
                39,
                PASSWORD,
                f"telnet://u:****@h{n}.example/",
                False,
                n,
            ),
        )
    ]


# (code, file, line, column, message, url, has a fix, the message's index in its mbox)
EXPECTED = [
    ("C202", "notes.txt", 1, 19, TILDE, "http://ex.com/~a", True, None),
    ("P501", "notes.txt", 1, 37, PASSWORD, "ftp://fred:****@ftp.example.org/pub", False, None),
    (
        "M901",
        "notes.txt",
        3,
        3,
        "unused suppression: 'P501' matches no finding here",
        None,
        False,
        None,
    ),
    # no fix in a string literal: its value is the program's
    ("C202", "app.py", 1, 23, TILDE, "http://ex.com/~a", False, None),
    ("C202", "app.py", 1, 48, TILDE, "http://ex.com/~c", True, None),
    *_mbox_findings(),
    ("C202", "docs.tar.gz!docs/readme.txt", 1, 23, TILDE, "http://ex.com/~e", False, None),
    ("M902", "missing.txt", 1, 1, "cannot read: No such file or directory", None, False, None),
]


def _summary(findings: list[Finding], folder: Path) -> list[tuple]:
    return [
        (
            f.code,
            str(Path(f.path).relative_to(folder)),
            f.line,
            f.column,
            f.message,
            f.url,
            f.fix is not None,
            None if f.mail is None else f.mail.index,
        )
        for f in findings
    ]


def _concise(finding: Finding) -> str:
    """The finding as `check --format concise` writes it (no name here holds a password)."""
    return f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}"


def test_check_paths_yields_the_findings_check_reports_in_its_order(tmp_path, capsys):
    paths = _inputs(tmp_path)
    found = list(check_paths(paths))
    assert all(type(f) is Finding for f in found)
    assert _summary(found, tmp_path) == EXPECTED
    # the command's own report of them, line for line and field for field
    status, out, err = run(capsys, "check", "--isolated", "--format", "concise", *paths)
    assert (status, err) == (1, "")
    assert out.splitlines() == [_concise(f) for f in found]
    status, out, err = run(capsys, "check", "--isolated", "--format", "jsonl", *paths)
    assert [json.loads(line) for line in out.splitlines()] == [
        finding_json(f, "rfc1738") for f in found
    ]


def test_check_paths_takes_one_path_and_a_path_object(tmp_path):
    paths = _inputs(tmp_path)
    notes = list(check_paths(paths[0]))
    assert _summary(notes, tmp_path) == EXPECTED[:3]
    assert list(check_paths(tmp_path / "app.py")) == list(check_paths([Path(paths[1])]))
    assert _summary(list(check_paths(Path(paths[1]))), tmp_path) == EXPECTED[3:5]


def test_a_missing_path_is_the_finding_check_reports_for_it(tmp_path, capsys):
    missing = str(tmp_path / "missing.txt")
    (finding,) = check_paths([missing])
    assert (finding.code, finding.name, finding.severity, finding.path) == (
        "M902",
        "unreadable-input",
        urlint.Severity.ERROR,
        missing,
    )
    assert (finding.line, finding.column, finding.message) == (
        1,
        1,
        "cannot read: No such file or directory",
    )
    assert run(capsys, "check", "--isolated", "--format", "concise", missing) == (
        1,
        f"{missing}:1:1: M902 cannot read: No such file or directory\n",
        "",
    )


@pytest.mark.processes
def test_check_paths_on_two_processes_gives_what_one_gives(tmp_path, monkeypatch):
    # Small units: the mbox read in runs of messages by several workers, each counting its
    # lines and messages from its own start, placed here.
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", 150)
    paths = _inputs(tmp_path)
    units = [type(p.unit).__name__ for p in planned_units(paths, relative=True)]
    assert units.count("MessageRun") >= 2
    one = list(check_paths(paths, jobs=1))
    assert _summary(one, tmp_path) == EXPECTED
    assert list(check_paths(paths, jobs=2)) == one
    assert list(check_paths(paths)) == one  # jobs=None: one process


@pytest.mark.dask
@pytest.mark.processes
@pytest.mark.slow
def test_check_paths_on_a_dask_cluster_gives_what_one_process_gives(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("urlint.run.plan.RUN_BYTES", 150)
    paths = _inputs(tmp_path)
    one = list(check_paths(paths))
    assert _summary(one, tmp_path) == EXPECTED
    # a cluster of two worker processes started for the call, closed at its end
    assert list(check_paths(paths, engine="dask", jobs=2)) == one


def test_a_password_is_masked_wherever_check_masks_it(tmp_path, capsys):
    # Archive members named by a URL with a password: an encrypted zip member, whose finding's
    # message quotes its name, and a tar member, whose findings' path holds it. The command
    # writes both masked, and so are they here; the URL's own is masked by the linter.
    secret = "ftp://fred:hunter2@h.example/x.txt"
    zipped = tmp_path / "secret.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr(secret, b"see http://ex.com/~z\n")
    data = bytearray(zipped.read_bytes())
    data[data.find(b"PK\x03\x04") + 6] |= 1  # the local header's "encrypted" flag
    data[data.find(b"PK\x01\x02") + 8] |= 1  # and the central directory's
    zipped.write_bytes(bytes(data))
    member = b"see ftp://fred:hunter2@ftp.example.org/~pub\n"
    tarred = tmp_path / "secret.tar.gz"
    with tarfile.open(tarred, "w:gz") as archive:
        info = tarfile.TarInfo(secret)
        info.size = len(member)
        archive.addfile(info, io.BytesIO(member))
    found = list(check_paths([zipped, tarred]))
    masked = "ftp://fred:****@h.example/x.txt"
    url = "ftp://fred:****@ftp.example.org/~pub"
    assert [(f.code, f.path, f.message, f.url) for f in found] == [
        ("M902", str(zipped), f"cannot read: {masked}: encrypted, not read", None),
        ("P501", f"{tarred}!{masked}", PASSWORD, url),
        ("C202", f"{tarred}!{masked}", TILDE, url),
    ]
    assert "hunter2" not in repr(found) + json.dumps([urlint.as_dict(f) for f in found])
    status, out, err = run(
        capsys, "check", "--isolated", "--format", "concise", str(zipped), str(tarred)
    )
    assert (status, out.splitlines(), err) == (1, [_concise(f) for f in found], "")


def test_settings_from_a_mapping_and_options_choose_the_rules(tmp_path):
    paths = _inputs(tmp_path)[:3]
    only = Settings.from_mapping({"select": ["P5"]})
    mbox = [("P502", "list.mbox", 5 * n - 1) for n in range(1, 5)]
    assert [(f.code, Path(f.path).name, f.line) for f in check_paths(paths, only)] == [
        ("P502", "notes.txt", 1),
        ("P501", "notes.txt", 1),
        *[finding for code in mbox for finding in (code, ("P501", *code[1:]))],
    ]
    # the options over the table, as the flags are over the file
    other = Settings.from_mapping({"ignore": ["C202"]}, extend_select=["P502"], ignore=["P501"])
    assert [(f.code, Path(f.path).name, f.line) for f in check_paths(paths, other)] == [
        ("P502", "notes.txt", 1),
        ("M901", "notes.txt", 2),  # C202 is off: its suppression suppresses nothing
        ("M901", "notes.txt", 3),
        *mbox,
    ]


def test_settings_from_a_file_are_those_check_reads_from_it(tmp_path, capsys, monkeypatch):
    paths = _inputs(tmp_path)[:3]
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\n\n[tool.urlint]\nselect = ["ALL"]\nignore = ["P50"]\n'
        '[tool.urlint.per-file-ignores]\n"*.py" = ["C202"]\n'
    )
    settings = Settings.from_file(pyproject)
    found = list(check_paths(paths, settings))
    assert [(f.code, Path(f.path).name, f.line, f.column) for f in found] == [
        ("C202", "notes.txt", 1, 19),
        ("M901", "notes.txt", 3, 3),
        *[("C202", "list.mbox", 5 * n - 1, 21) for n in range(1, 5)],
    ]
    monkeypatch.chdir(tmp_path)
    # the nearest configuration file; warnings alone: exit status 0
    status, out, err = run(capsys, "check", "--format", "concise", *paths)
    assert (status, err) == (0, "")
    assert out.splitlines() == [_concise(f) for f in found]


def test_check_paths_reads_no_configuration_it_was_not_given(tmp_path, capsys, monkeypatch):
    # A urlint.toml in the working directory turns C202 off for the command, not for the
    # library: with no settings given it checks as `check --isolated` does.
    paths = _inputs(tmp_path)[:2]
    (tmp_path / "urlint.toml").write_text('ignore = ["C202"]\n')
    monkeypatch.chdir(tmp_path)
    assert _summary(list(check_paths(paths)), tmp_path) == EXPECTED[:5]
    assert _summary(list(check_paths(paths, None)), tmp_path) == EXPECTED[:5]
    # the command reads it, as check_paths does when it is given
    status, out, err = run(capsys, "check", "--format", "concise", *paths)
    given = list(check_paths(paths, Settings.from_file("urlint.toml")))
    assert [(f.code, f.line) for f in given] == [("P501", 1), ("M901", 2), ("M901", 3)]
    assert (status, out.splitlines(), err) == (1, [_concise(f) for f in given], "")


def _refused(make) -> str:
    with pytest.raises(ConfigError) as refused:
        make()
    return str(refused.value)


def test_bad_settings_are_a_config_error_that_says_what_is_wrong(tmp_path):
    from urlint.linter.config import CONFIG_KEYS

    assert ConfigError is exits.ConfigError and "ConfigError" in urlint.__all__
    assert _refused(lambda: Settings.from_mapping({"fail-on": "never"})) == (
        "configuration: fail-on must be one of error, warning, info, not 'never'"
    )
    assert _refused(lambda: Settings.from_mapping({"colour": "red"})) == (
        f"unknown key 'colour' (known: {', '.join(CONFIG_KEYS)})"
    )
    assert _refused(lambda: Settings.from_mapping({"select": "P5"})) == (
        "configuration: select must be a list of strings"
    )
    assert _refused(lambda: Settings.from_mapping({}, ignore=["X999"])) == (
        "unknown rule selector 'X999': a code (P501), a prefix (P, S41), a rule name, or ALL"
    )
    bad = tmp_path / "urlint.toml"
    bad.write_text("select = [\n")
    assert _refused(lambda: Settings.from_file(bad)) == (
        f"{bad}: invalid TOML: Invalid value (at end of document)"
    )
    missing = tmp_path / "none.toml"
    assert _refused(lambda: Settings.from_file(missing)) == (
        f"{missing}: cannot read: No such file or directory"
    )


def test_bad_arguments_are_refused_at_the_call_not_at_the_first_finding(tmp_path):
    with pytest.raises(TypeError) as refused:
        check_paths("x.txt", {"select": ["P5"]})  # type: ignore[arg-type]
    assert str(refused.value) == (
        "settings must be urlint.Settings (Settings.from_mapping, Settings.from_file) or None, "
        "not dict"
    )
    for arguments, said in [
        ({"jobs": 0}, "jobs must be 1 or more, not 0"),
        ({"engine": "ray"}, "no engine 'ray': 'local' or 'dask'"),
        ({"scheduler": "tcp://h:8786"}, "a scheduler is for the 'dask' engine, not 'local'"),
    ]:
        with pytest.raises(ValueError) as refused:
            check_paths("x.txt", **arguments)
        assert str(refused.value) == said
    missing = tmp_path / "baseline.json"
    assert _refused(lambda: check_paths("x.txt", baseline=missing)) == (
        f"{missing}: cannot read the baseline: No such file or directory"
    )


def test_a_baseline_accepts_the_findings_it_lists_as_check_does(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("see http://ex.com/~a\n")
    baseline = tmp_path / "baseline.json"
    command = ("check", "--isolated", "--format", "concise")
    assert run(capsys, *command, "-q", "--write-baseline", str(baseline), str(notes)) == (0, "", "")
    notes.write_text("see http://ex.com/~a\nand http://ex.com/~b\n")
    found = list(check_paths(notes, baseline=baseline))
    assert [(f.code, f.line, f.url) for f in found] == [("C202", 2, "http://ex.com/~b")]
    assert run(capsys, *command, "--baseline", str(baseline), str(notes)) == (
        0,
        f"{notes}:2:19: C202 {TILDE}\n",
        "",
    )


def _environment() -> dict[str, str]:
    """This environment, the package imported from this checkout's src/."""
    return {**os.environ, "PYTHONPATH": str(REPO / "src")}


@pytest.mark.processes
def test_import_urlint_and_a_hooks_check_load_nothing_of_the_library_check(tmp_path):
    """`import urlint` loads none of its modules; `urlint check` on one file (a pre-commit
    hook) loads neither api.py nor the runner: check_paths and the units of work are
    imported by what uses them."""
    sample = tmp_path / "README.txt"
    sample.write_text("See <URL:http://www.example.com/docs/index.html>\n")
    code = (
        "import sys, urlint\n"
        "print(sorted(m for m in sys.modules if m.startswith('urlint')))\n"
        "from urlint.commands.cli import main\n"
        f"status = main(['check', '--isolated', {str(sample)!r}])\n"
        "loaded = set(m for m in sys.modules if m.startswith('urlint.'))\n"
        "print(status, 'urlint.commands.check' in loaded, 'urlint.api' in loaded,"
        " sorted(m for m in loaded if m.startswith(('urlint.run', 'urlint.linter.baseline'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=_environment(),
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "['urlint']\n0 True False []\n", "")


# --- the guide's example ---------------------------------------------------------------

GUIDE = REPO / "docs/guide/python-api.md"


def _guides_example() -> str:
    """The first Python block of the guide's "Linting files" section, as written."""
    section = GUIDE.read_text(encoding="utf-8").split("\n## Linting files\n", 1)[1]
    block = re.search(r"^```python\n(.*?)^```$", section.split("\n## ", 1)[0], re.S | re.M)
    assert block is not None
    return block.group(1)


def _project(folder: Path) -> Path:
    """A project the example lints: its settings, docs/ and a README."""
    (folder / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.urlint]\nignore = ["P502"]\n'
    )
    (folder / "docs").mkdir()
    (folder / "docs" / "index.md").write_text(
        "See [the tools](http://ex.com/~fred/tools) and ftp://fred:hunter2@ftp.example.org/pub.\n"
    )
    (folder / "README.md").write_text("<URL:http://www.example.org/a b/\n  c.html>\n")
    script = folder / "lint_docs.py"
    script.write_text(_guides_example(), encoding="utf-8")
    return script


@pytest.mark.slow  # the guide's script in a Python of its own
@pytest.mark.processes
def test_the_guides_check_paths_example_runs_as_written(tmp_path):
    script = _project(tmp_path)
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=_environment(),
    )
    tilde, password, space = (
        "docs/index.md:1:31: C202 unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %7E\n",
        "docs/index.md:1:59: P501 a password in the URL: never write one (section 6)\n",
        "README.md:1:30: X104 whitespace inside the URL, not at a line break: a space that "
        "belongs to it is %20\n",
    )
    assert (done.returncode, done.stdout, done.stderr) == (1, tilde + password + space, "")
    # two warnings: they fail the run at fail-on = "info", not at "error"
    for fail_on, status in (("info", 1), ("error", 0)):
        (tmp_path / "pyproject.toml").write_text(
            f'[tool.urlint]\nignore = ["P5"]\nfail-on = "{fail_on}"\n'
        )
        done = subprocess.run(
            [sys.executable, str(script)],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env=_environment(),
        )
        assert (done.returncode, done.stdout, done.stderr) == (status, tilde + space, "")
    # a configuration urlint cannot read: one line, exit status 2
    (tmp_path / "pyproject.toml").write_text('[tool.urlint]\nfail-on = "never"\n')
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=_environment(),
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "urlint: pyproject.toml: fail-on must be one of error, warning, info, not 'never'\n",
    )


@pytest.mark.slow
def test_the_guides_check_paths_example_passes_mypy_strict(tmp_path):
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")
    script = _project(tmp_path)
    out, err, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"), str(script)]
    )
    assert (status, out, err) == (0, "", "")
