"""The release's wheels workflow (.github/workflows/wheels.yml): actionlint's verdict, run as
tests/project/test_action.py runs it, its scripts checked by shellcheck too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import REPO
from .test_action import actionlint

WORKFLOW = REPO / ".github" / "workflows" / "wheels.yml"


@pytest.mark.processes
def test_actionlint_passes_the_wheels_workflow(tmp_path):
    binary = actionlint()
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    shutil.copy(WORKFLOW, workflows / WORKFLOW.name)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    beside = Path(sys.executable).parent / "shellcheck"
    shellcheck = str(beside) if beside.exists() else (shutil.which("shellcheck") or "")
    done = subprocess.run(
        [binary, "-no-color", f"-shellcheck={shellcheck}", "-pyflakes=", WORKFLOW.name],
        cwd=workflows, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (0, "")
