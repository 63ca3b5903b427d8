"""urlint: every URL in text, rejoined across lines and linted against RFC 1738.

Finds every URL in plain text, mail and news, rejoins the ones broken across lines (RFC
1738, appendix), and lints them against RFC 1738. The names below are the library's face
(api.py and the records they hand out), loaded on first use.

    >>> import urlint
    >>> [c.url for c in urlint.extract("see <URL:ftp://ds.in\\n  ternic.net/rfc>.")]
    ['ftp://ds.internic.net/rfc']
    >>> [(c.url, c.context) for c in urlint.extract('u = "https://x.org/a"  # or https://x.org/b',
    ...                                             syntax=urlint.Syntax.PYTHON)]
    [('https://x.org/a', 'string'), ('https://x.org/b', 'comment')]
"""

from __future__ import annotations

TYPE_CHECKING = False

# Imported on first use, so that `urlint check` on one file (a pre-commit hook) starts fast.
_EXPORTS = {
    "Candidate": "core.model",
    "Flag": "core.model",
    "Position": "core.model",
    "Span": "core.model",
    "Wrapper": "core.model",
    "mask_password": "grammar.login",
    "extract": "api",
    "scan": "api",
    "Syntax": "scanner.syntax",
    "lint": "api",
    "Finding": "core.findings",
    "Severity": "core.findings",
    "scan_paths": "api_paths",
    "Found": "pipeline",
    "Problem": "core.problems",
    "ProblemKind": "core.problems",
    "MessageInfo": "mail.origin",
    "as_dict": "api",
    "__version__": "core.version",
    "check_paths": "api_paths",
    "Settings": "linter.config",
    "ConfigError": "core.exits",
}

if TYPE_CHECKING:
    from typing import Any

    from .api import as_dict, extract, lint, scan
    from .api_paths import check_paths, scan_paths
    from .core.exits import ConfigError
    from .core.findings import Finding, Severity
    from .core.model import Candidate, Flag, Position, Span, Wrapper
    from .core.problems import Problem, ProblemKind
    from .core.version import __version__
    from .grammar.login import mask_password
    from .linter.config import Settings
    from .mail.origin import MessageInfo
    from .pipeline import Found
    from .scanner.syntax import Syntax


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'urlint' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "Candidate",
    "ConfigError",
    "Finding",
    "Flag",
    "Found",
    "MessageInfo",
    "Position",
    "Problem",
    "ProblemKind",
    "Settings",
    "Severity",
    "Span",
    "Syntax",
    "Wrapper",
    "as_dict",
    "check_paths",
    "extract",
    "lint",
    "mask_password",
    "scan",
    "scan_paths",
    "__version__",
]
