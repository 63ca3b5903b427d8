"""Baselines: the findings a project accepts for now, where no comment fits (mail archives).

A finding is keyed by its rule, its path and a keyed hash of its URL, not by line numbers,
so edits elsewhere in a file do not invalidate the baseline. The URL is hashed with its
password masked, under a random key kept in the baseline (HMAC-SHA256): the file holds no
password, and no URL can be confirmed from it without the key.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections import Counter
from collections.abc import Iterable

from .config import ConfigError
from .findings import Finding

VERSION = 1


def _key(finding: Finding, key: bytes) -> tuple[str, str, str]:
    digest = hmac.new(key, (finding.url or "").encode("utf-8"), hashlib.sha256).hexdigest()[:32]
    return finding.code, normalise_path(finding.path), digest


def normalise_path(path: str) -> str:
    posix = path.replace(os.sep, "/")
    return posix[2:] if posix.startswith("./") else posix


class Baseline:
    def __init__(self, key: bytes, counts: Counter[tuple[str, str, str]]) -> None:
        self.key = key
        self.counts = counts

    @classmethod
    def load(cls, path: str) -> Baseline:
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            key = bytes.fromhex(data["key"])
            counts: Counter[tuple[str, str, str]] = Counter()
            for entry in data["findings"]:
                counts[(entry["rule"], entry["path"], entry["url_hash"])] += int(entry["count"])
        except OSError as error:
            raise ConfigError(f"{path}: cannot read the baseline: {error.strerror or error}") from None
        except (ValueError, KeyError, TypeError) as error:
            raise ConfigError(f"{path}: not a urlint baseline ({error})") from None
        return cls(key, counts)

    def accepts(self, finding: Finding) -> bool:
        """Does the baseline cover this finding? Each entry covers as many findings as its count."""
        key = _key(finding, self.key)
        if self.counts[key] > 0:
            self.counts[key] -= 1
            return True
        return False


def write_baseline(path: str, findings: Iterable[Finding]) -> int:
    """Write a baseline accepting `findings`; returns how many it holds."""
    key = secrets.token_bytes(16)
    counts = Counter(_key(finding, key) for finding in findings)
    entries = [
        {"rule": rule, "path": file, "url_hash": digest, "count": count}
        for (rule, file, digest), count in sorted(counts.items())
    ]
    data = {"urlint_baseline": VERSION, "key": key.hex(), "findings": entries}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
    return sum(counts.values())
