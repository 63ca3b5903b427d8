"""The scanner layer: text in, URL candidates out (RFC 1738 appendix). No I/O."""

from .scanner import extract, scan, scan_chunk

__all__ = ["extract", "scan", "scan_chunk"]
