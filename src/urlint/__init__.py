"""urlint: find every URL in plain text, rejoin the ones broken across lines (RFC 1738,
appendix), and lint them against RFC 1738.

    >>> import urlint
    >>> [c.url for c in urlint.extract("see <URL:ftp://ds.in\\n  ternic.net/rfc>.")]
    ['ftp://ds.internic.net/rfc']
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (start-up time)

__version__ = "0.1.0"

# Imported on first use, so that `urlint check` on one file (a pre-commit hook) starts fast.
_EXPORTS = {
    "Candidate": "model", "Flag": "model", "Position": "model", "Span": "model", "Wrapper": "model",
    "mask_password": "grammar.login", "extract": "scanner", "scan": "scanner", "lint": "checker",
    "Finding": "findings", "Severity": "findings", "scan_paths": "library", "Found": "pipeline",
    "Problem": "problems", "ProblemKind": "problems", "MessageInfo": "mail.origin",
    "as_dict": "plain",
}

if TYPE_CHECKING:
    from typing import Any

    from .checker import lint
    from .findings import Finding, Severity
    from .grammar.login import mask_password
    from .library import scan_paths
    from .mail.origin import MessageInfo
    from .model import Candidate, Flag, Position, Span, Wrapper
    from .pipeline import Found
    from .plain import as_dict
    from .problems import Problem, ProblemKind
    from .scanner import extract, scan


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'urlint' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value

__all__ = [
    "Candidate", "Finding", "Flag", "Found", "MessageInfo", "Position", "Problem", "ProblemKind",
    "Severity", "Span", "Wrapper", "as_dict", "extract", "lint", "mask_password", "scan",
    "scan_paths", "__version__",
]
