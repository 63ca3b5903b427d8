"""RFC 1738's grammar: section 5 as pattern pieces (`abnf`) and a component reader (`parse`)."""

from .abnf import conforms
from .parse import DEFAULT_PORTS, IP_SCHEMES, ParsedURL, parse

__all__ = ["DEFAULT_PORTS", "IP_SCHEMES", "ParsedURL", "conforms", "parse"]
