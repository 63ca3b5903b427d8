"""The scanner layer: text in, URL candidates out (RFC 1738 appendix). No I/O."""

from .scanner import ChunkScan, extract, iter_candidates, scan

__all__ = ["ChunkScan", "extract", "iter_candidates", "scan"]
