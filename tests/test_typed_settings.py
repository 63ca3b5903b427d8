"""The settings that are one of a few values are typed so (`Literal`), and a `Settings`
reads short."""

from __future__ import annotations

import pytest

import urlint

from .helpers import REPO


def test_the_default_settings_read_in_one_line():
    assert repr(urlint.Settings.from_mapping({})) == (
        "Settings(rules=<C201 C202 C203 C204 C205 ... (56 rules)>, target='rfc1738')"
    )


def test_settings_name_what_is_not_a_default_and_no_password():
    settings = urlint.Settings.from_mapping(
        {
            "select": ["C201", "S4"],
            "target": "rfc3986",
            "fail-on": "warning",
            "per-file-ignores": {"docs/*": ["C"]},
            "exclude": ["http://user:Tr0ub4dor@example.org/*"],
            "known-schemes": ["Gopher2"],
        }
    )
    assert repr(settings) == (
        "Settings(rules=<C201 S401 S402 S403 S406 ... (16 rules)>, target='rfc3986', "
        "known_schemes=['gopher2'], fail_on='warning', per_file_ignores=(('docs/*', ('C',)),), "
        "exclude=('http://user:****@example.org/*',))"
    )


def test_a_value_of_none_of_the_few_is_a_type_error():
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")
    program = (
        "import urlint\n"
        "from urlint.linter.config import build_settings\n"
        "urlint.check_paths('.', engine='dusk')\n"
        "urlint.scan_paths('.', engine='local')\n"
        "urlint.lint('', target='rfc1808')\n"
        "build_settings(target='rfc3986', fail_on='never')\n"
    )
    out, _, status = api.run(
        ["--no-error-summary", "--cache-dir", str(REPO / ".mypy_cache"), "-c", program]
    )
    assert status == 1
    assert [line.split(": error: ")[1] for line in out.splitlines() if ": error: " in line] == [
        'Argument "engine" to "check_paths" has incompatible type "Literal[\'dusk\']"; '
        "expected \"Literal['local', 'dask']\"  [arg-type]",
        'Argument "target" to "lint" has incompatible type "Literal[\'rfc1808\']"; '
        "expected \"Literal['rfc1738', 'rfc3986'] | None\"  [arg-type]",
        'Argument "fail_on" to "build_settings" has incompatible type "Literal[\'never\']"; '
        "expected \"Literal['error', 'warning', 'info'] | None\"  [arg-type]",
    ]
