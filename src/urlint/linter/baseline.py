"""Baselines: the findings a project accepts for now, where no comment fits (mail archives).

A finding is keyed by its rule, its path and a hash of its URL, not by line numbers, so
edits elsewhere in a file do not invalidate the baseline. Only masked text goes in: the
path and the URL with every password replaced by `****` (`mask_password`), the URL as the
first 32 hex digits of its SHA-256. There is no key: a key shipped in the file beside the
hashes protects nothing (anyone holding the file can hash a guessed URL with it), and with
the passwords masked before hashing there is no secret left to protect. The file holds no
password and confirms none, whatever is guessed.

Format 2: `{"urlint_baseline": 2, "findings": [{"rule", "path", "url", "url_hash", "count"}]}`,
`url` the masked URL (what `urlint baseline show` lists; a baseline written before it was
kept has none, and is read as well).
Format 1 (an HMAC of the masked URL under a key stored in the file) is still read, so an
old baseline keeps accepting the findings it accepted; it is never written.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable

from ..core.exits import ConfigError
from ..core.findings import Finding
from ..grammar.login import mask_password
from ..sources.opening import BASELINE_LIMIT, read_settings
from ..sources.rewriting import write_whole

VERSION = 2

Key = tuple[str, str, str]


def finding_key(finding: Finding) -> Key:
    """How a baseline keys a finding: its rule, its path and the first 32 hex digits of the
    SHA-256 of its URL, the path and the URL with every password masked (format 2)."""
    digest = hashlib.sha256(mask_password(finding.url or "").encode("utf-8")).hexdigest()[:32]
    return finding.code, mask_password(normalise_path(finding.path)), digest


def _key_v1(key: bytes) -> Callable[[Finding], Key]:
    """How format 1 keyed a finding: the HMAC, under the file's key, of the masked URL."""

    def key_of(finding: Finding) -> Key:
        digest = hmac.new(key, (finding.url or "").encode("utf-8"), hashlib.sha256).hexdigest()[:32]
        return finding.code, normalise_path(finding.path), digest

    return key_of


def normalise_path(path: str) -> str:
    """`path` as a baseline keys it: "/" between names, no leading "./", on any system."""
    posix = path.replace(os.sep, "/")
    return posix.removeprefix("./")


class Baseline:
    """A loaded baseline: how many findings of each key it still accepts.

    `key_of` keys a finding as the file's format does (format 2's hash, or format 1's HMAC).
    """

    def __init__(
        self,
        counts: Counter[Key],
        key_of: Callable[[Finding], Key] = finding_key,
        urls: dict[Key, str] | None = None,
    ) -> None:
        self.counts = counts
        self.key_of = key_of
        self.urls = urls or {}  # the masked URL of each entry that records one

    def entries(self) -> list[tuple[str, str, str | None, str, int]]:
        """(rule, path, masked URL or None, URL hash, count) of each entry, by path and
        rule: what `urlint baseline show` lists."""
        return [
            (rule, path, self.urls.get((rule, path, digest)), digest, count)
            for (rule, path, digest), count in sorted(
                self.counts.items(), key=lambda item: (item[0][1], item[0][0], item[0][2])
            )
            if count > 0
        ]

    @property
    def left(self) -> int:
        """How many findings the baseline still accepts (none has matched them)."""
        return sum(count for count in self.counts.values() if count > 0)

    @classmethod
    def load(cls, path: str) -> Baseline:
        """Read the baseline at `path`, format 1 or 2; ConfigError when it cannot or is not one.

        Read as every file of settings is (`read_settings`): a FIFO, a device or a link to
        one is refused unread, and so is a file over BASELINE_LIMIT."""
        try:
            data = json.loads(read_settings(path, BASELINE_LIMIT).decode("utf-8"))
        except OSError as error:
            raise ConfigError(
                f"{path}: cannot read the baseline: {error.strerror or error}"
            ) from None
        except RecursionError:
            raise ConfigError(f"{path}: not a urlint baseline (JSON nested too deeply)") from None
        except ValueError as error:  # bad JSON, bad UTF-8, an integer too long to read
            raise ConfigError(f"{path}: not a urlint baseline (invalid JSON: {error})") from None
        return cls(*_read(path, data))

    def accepts(self, finding: Finding) -> bool:
        """Does the baseline cover this finding? Each entry covers as many findings as its count."""
        key = self.key_of(finding)
        if self.counts[key] > 0:
            self.counts[key] -= 1
            return True
        return False


def _read(path: str, data: object) -> tuple[Counter[Key], Callable[[Finding], Key], dict[Key, str]]:
    def bad(reason: str) -> ConfigError:
        return ConfigError(f"{path}: not a urlint baseline ({reason})")

    if not isinstance(data, dict):
        raise bad("not a JSON object")
    version = data.get("urlint_baseline")
    if version is None:
        raise bad("no 'urlint_baseline' version")
    if type(version) is not int or version not in (1, 2):
        raise ConfigError(
            f"{path}: unsupported urlint baseline version {_shown(version)} (this urlint reads "
            "versions 1 and 2)"
        )
    key_of: Callable[[Finding], Key] = finding_key
    if version == 1:
        key = data.get("key")
        try:
            key_of = _key_v1(bytes.fromhex(key))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise bad("version 1 needs 'key', a string of hex digits") from None
    entries = data.get("findings")
    if not isinstance(entries, list):
        raise bad("'findings' must be a list")
    counts: Counter[Key] = Counter()
    urls: dict[Key, str] = {}
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise bad(f"finding {number} is not an object")
        rule, file, digest = (entry.get(name) for name in ("rule", "path", "url_hash"))
        if not (isinstance(rule, str) and isinstance(file, str) and isinstance(digest, str)):
            raise bad(f"finding {number} needs 'rule', 'path' and 'url_hash' strings")
        count = entry.get("count")
        if type(count) is not int or count < 1:
            raise bad(f"finding {number}: 'count' must be a positive integer, not {_shown(count)}")
        url = entry.get("url")
        if url is not None and not isinstance(url, str):
            raise bad(f"finding {number}: 'url' must be a string")
        if url is not None:
            urls[(rule, file, digest)] = mask_password(url)  # masked again: never trusted
        counts[(rule, file, digest)] += count
    return counts, key_of, urls


def _shown(value: object) -> str:
    """A JSON value for a message: a number or a short string as written, else its kind."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    if isinstance(value, str) and len(value) <= 40:
        return repr(value)
    return {dict: "an object", list: "a list", str: "a long string", bool: "a boolean"}.get(
        type(value), "null"
    )


def write_baseline(path: str, findings: Iterable[Finding]) -> int:
    """Write a baseline accepting `findings`; returns how many it holds."""
    counts: Counter[Key] = Counter()
    urls: dict[Key, str] = {}
    for finding in findings:
        key = finding_key(finding)
        counts[key] += 1
        urls.setdefault(key, mask_password(finding.url or ""))
    entries = [
        {
            "rule": rule,
            "path": file,
            "url": urls[(rule, file, digest)],
            "url_hash": digest,
            "count": count,
        }
        for (rule, file, digest), count in sorted(counts.items())
    ]
    data = {"urlint_baseline": VERSION, "findings": entries}
    # whole or not at all: on a full disk the old baseline stays, and no half of a new one
    write_whole(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    return sum(counts.values())
