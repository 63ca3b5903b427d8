"""urlint: find every URL in plain text, rejoin the ones broken across lines (RFC 1738,
appendix), and lint them against RFC 1738.

    >>> import urlint
    >>> [c.url for c in urlint.extract("see <URL:ftp://ds.in\\n  ternic.net/rfc>.")]
    ['ftp://ds.internic.net/rfc']
"""

from .model import Candidate, Flag, Position, Span, Wrapper
from .passwords import mask_password
from .scanner import extract, scan

__version__ = "0.1.0"

__all__ = ["Candidate", "Flag", "Position", "Span", "Wrapper", "extract", "mask_password", "scan", "__version__"]
