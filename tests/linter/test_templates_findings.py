"""What the rules report on a URL template (scanner/templates.py, linter/rules/engine.py):
nothing on a placeholder, the rest linted as any URL is, and no fix in a template. The
false alarms measured on real repositories, each line's findings before in a comment (the
default target, RFC 1738, then `--target rfc3986`), and the URLs that stay URL text."""

from __future__ import annotations

from urlint.core.model import ScannedText
from urlint.linter.checker import Checker
from urlint.linter.config import build_settings
from urlint.linter.suppressions import Suppressions
from urlint.scanner import scan
from urlint.sources.kinds import file_syntax


def findings(text: str, path: str, target: str | None = None) -> list[tuple[str, int, int]]:
    """(code, column, end column) of each finding of `--select ALL` in `text`, read as the
    file `path` is."""
    checker = Checker(build_settings({}, select=["ALL"], target=target))
    scanned = ScannedText(text, 1, 0, scan(text, syntax=file_syntax(path)))
    found = checker.lint_text(scanned, path, Suppressions())
    return [(f.code, f.column, f.end_column) for f in found]


def test_a_placeholder_that_may_hold_what_is_missing_silences_its_absence():
    """leancore05/robotTraineeWeb cac01fb54f32357d6d4413b2ff471adf2adbd212,
    abrir_relatorio.py line 9: the "/" and path S417 asks for after a file URL's host (an
    empty finding, at the host's end) may be the placeholder's own, which ends there."""
    line = '    webbrowser.open_new(f"file://{caminho_completo}")\n'
    assert findings(line, "abrir_relatorio.py") == []
    # A placeholder apart from where the "/" is missing does not: `{a}` ends before ".org".
    assert findings('u = f"file://{a}.org"\n', "a.py") == [("S417", 21, 21)]
