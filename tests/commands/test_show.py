"""`check --show-settings` and `check --show-files` (commands/show.py), run as a user runs
them: what a run would use, each value with where it came from, and the files it would read."""

from __future__ import annotations

from ..helpers import BAD, run

# -- --show-files -----------------------------------------------------------------------------


def test_show_files_lists_what_a_run_would_read(capsys, project):
    (project / ".gitignore").write_text("b.txt\n")
    (project / ".git").mkdir()
    assert run(capsys, "check", "--show-files") == (
        0,
        ".env\n.github/ci.yml\n.gitignore\na.py\nsrc/.cache/d.py\nsrc/c.py\nurlint.toml\n",
        "",
    )
    assert run(capsys, "check", "--show-files", "--no-hidden") == (
        0,
        "a.py\nsrc/c.py\nurlint.toml\n",
        "",
    )
    assert run(capsys, "check", "--show-files", "-g", "!a.py") == (
        0,
        ".env\n.github/ci.yml\n.gitignore\nsrc/.cache/d.py\nsrc/c.py\nurlint.toml\n",
        "",
    )
    code, out, err = run(
        capsys, "check", "--show-files", "--no-ignore", "--no-hidden", "--extend-exclude", "src"
    )
    assert (code, out, err) == (0, "a.py\nb.txt\nurlint.toml\n", "")


def test_extract_shows_the_files_check_would_read(capsys, project):
    (project / ".gitignore").write_text("b.txt\n")
    (project / ".git").mkdir()
    assert run(capsys, "extract", "--show-files", "--no-hidden", ".") == (
        0,
        "a.py\nsrc/c.py\nurlint.toml\n",
        "",
    )
    assert run(capsys, "extract", "--show-files", "-g", "*.py", ".") == (
        0,
        "a.py\nsrc/.cache/d.py\nsrc/c.py\n",
        "",
    )
    # what a walk finds nothing of is listed as nothing: --show-files is no run
    assert run(capsys, "extract", "--show-files", "-g", "*.md", ".") == (0, "", "")


def test_show_files_says_a_path_it_cannot_read_and_exits_2(capsys, project):
    assert run(capsys, "check", "--show-files", "a.py", "nope.txt") == (
        2,
        "a.py\n",
        "urlint: nope.txt: No such file or directory\n",
    )


def test_show_files_masks_a_password_in_a_name(capsys, project):
    (project / "http:").mkdir()
    (project / "http:" / "u:s3cret@h").write_text(BAD)
    code, out, _ = run(capsys, "check", "--show-files", "http:")
    assert (code, out) == (0, "http:/u:****@h\n")


# -- --show-settings --------------------------------------------------------------------------


def test_show_settings_says_where_each_value_came_from(capsys, project):
    (project / "urlint.toml").write_text(
        'ignore = ["S4"]\nfail-on = "warning"\n[per-file-ignores]\n"tests/*" = ["C2"]\n'
    )
    code, out, err = run(
        capsys, "check", "--show-settings", "--ignore", "P501", "--target", "rfc3986", "-g", "*.py"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:-1] == [
        "select = (every rule on by default)  # default",
        'ignore = ["S4", "P501"]  # urlint.toml: ignore, --ignore',
        "extend-select = []  # default",
        'per-file-ignores = { "tests/*" = ["C2"] }  # urlint.toml: per-file-ignores',
        'fail-on = "warning"  # urlint.toml: fail-on',
        'target = "rfc3986"  # --target',
        "known-schemes = []  # default",
        'test-data = "info"  # default',
        "allowed-ports = {}  # default",
        "exclude = []  # default",
        "--extend-exclude = []  # default",
        "--no-ignore = false  # default",
        "--force-exclude = false  # default",
        '--glob = ["*.py"]  # --glob',
        "--no-hidden = false  # default",
    ]
    listed, _, origin = lines[-1].partition("  # ")
    assert origin == "what select, extend-select, ignore and target enable"
    assert listed.startswith("rules = [") and listed.endswith("]")
    codes = listed[len("rules = [") : -1].split(", ")
    assert codes == sorted(codes)
    # P501 ignored by the flag, the S4 rules by the file; C201 (an error) is on by default
    assert "C201" in codes and "P501" not in codes
    assert [code for code in codes if code.startswith("S4")] == []


def test_show_settings_names_a_pyprojects_table_and_masks_passwords(capsys, project):
    (project / "urlint.toml").unlink()
    (project / "pyproject.toml").write_text(
        '[tool.urlint]\nexclude = ["http://u:s3cret@h.example/"]\n'
    )
    code, out, _ = run(capsys, "check", "--show-settings")
    assert code == 0
    assert 'exclude = ["http://u:****@h.example/"]  # pyproject.toml [tool.urlint]: exclude' in (
        out.splitlines()
    )
    assert "s3cret" not in out


def test_show_settings_of_a_bad_configuration_is_one_line_and_exit_2(capsys, project):
    (project / "urlint.toml").write_text('fail-on = "never"\n')
    assert run(capsys, "check", "--show-settings") == (
        2,
        "",
        f"urlint: {project / 'urlint.toml'}: fail-on must be one of error, warning, info, not "
        "'never'\n",
    )
