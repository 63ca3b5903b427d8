"""Freed memory kept for reuse while a large input is read (glibc's malloc on Linux).

A large input is read and decoded in pieces of megabytes (sources.text.CHUNK_BYTES, a
run of an mbox's messages, a range in a worker), each freed before the next is made.
glibc hands a freed block that large back to the kernel (it is mmapped, or it trims the
top of the heap), and the next block costs a page fault every 4 KiB of it, workers that
start with a fresh heap most (bench/README.md, "Start-up tuning", has the counts). Blocks up
to 32 MiB (glibc's largest mmap threshold) taken from the heap, and a heap that is not
trimmed, serve each piece from the memory the one before used. The process keeps the memory
of its largest moment, which the units bound (bench/memory.py).

Set once a process, when the first large input is opened (sources.opening.open_input): a
hook's run on a few small files never loads ctypes (bench/latency.py). Only in urlint's
own processes, which `allow` it: the CLI's, and the workers the runner starts. A library
caller's process keeps its own malloc settings: how it gives memory back is its business.
"""

from __future__ import annotations

import sys

LARGE_INPUT_BYTES = 16 * 1024 * 1024  # an input this large is read in many pieces
_M_TRIM_THRESHOLD = -1  # glibc's malloc.h
_M_MMAP_THRESHOLD = -3
_TRIM_AT = 1 << 30  # free memory at the top of the heap given back past this much
_MMAP_FROM = 32 * 1024 * 1024  # blocks this large or larger are mmapped (glibc's largest)
_allowed = False  # a process of urlint's own (`allow`)
_kept = False


def allow() -> None:
    """Mark this process as urlint's own, whose large reads may set how memory is kept.

    The CLI's process and the workers the runner starts call it (`keep_freed_memory`)."""
    global _allowed
    _allowed = True


def keep_freed_memory() -> None:
    """Keep the memory of freed blocks for the next large read.

    Once a process, only in one that called `allow`, and only with glibc."""
    global _kept
    if _kept or not _allowed:
        return
    _kept = True
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt  # absent from some C libraries (musl has it)
    except (OSError, AttributeError):
        return
    mallopt(_M_TRIM_THRESHOLD, _TRIM_AT)
    mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM)
