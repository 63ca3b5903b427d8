"""Peer extractors' test suites, read as data from ../shared/peer-fixtures, and adapters
that ask urlint the question each suite asks its own tool.

Each adapter yields PeerCase(peer, case_id, question, peer_expected, ours) where `ours`
is what urlint answers. Where a peer's expectation contradicts RFC 1738, the expectation
urlint is held to comes from `peer_expectations.py`, with the RFC reason.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from urlint import extract

from .helpers import PEER_FIXTURES, urls


@dataclass(frozen=True)
class PeerCase:
    peer: str
    case_id: str
    text: str  # the input, as the peer's test gives it
    question: str  # what is compared: "urls", "first", "contains", "at-start", "at-point", ...
    peer_expected: Any
    ours: Any


SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def has_scheme(url: str) -> bool:
    return SCHEME.match(url) is not None


def load(peer: str, name: str = "cases.json") -> Any:
    return json.loads((PEER_FIXTURES / peer / name).read_text(encoding="utf-8"))


# --- linkify-it and linkify-it-py: "first match's url" / "no link" ------------------------


def linkify_it(peer: str) -> Iterator[PeerCase]:
    data = load(peer)
    for case in data["links"]:
        text = case["input"]
        expected = case["first_match_url"] or text
        found = urls(text)
        yield PeerCase(
            peer, f"links.txt:{case['line']}", text, "first", expected, found[0] if found else None
        )
    for case in data["not_links"]:
        text = case["input"]
        yield PeerCase(peer, f"not_links.txt:{case['line']}", text, "urls", [], urls(text))


# --- urlextract: find_urls and friends, per pytest group -----------------------------------


def _host(url: str) -> str:
    rest = url.split("://", 1)[1] if "://" in url else url
    rest = re.split(r"[/?#]", rest, maxsplit=1)[0]
    return rest.rsplit("@", 1)[-1].split(":", 1)[0]


def urlextract() -> Iterator[PeerCase]:
    data = load("urlextract")
    for group in data["groups"]:
        test = group["test"]
        expression = " ".join(group["checked_expression"])
        for index, case in enumerate(group["cases"]):
            case_id = f"{group['file'].rsplit('/', 1)[-1]}::{test}[{index}]"
            if "_get_tld_pos" in expression:
                # urlextract's internal helper; the question it asks has no counterpart
                yield PeerCase(
                    "urlextract", case_id, case["url"], "internal-helper", case["expected"], None
                )
                continue
            text = case["text"]
            found = [u for u in urls(text) if _kept_by_options(u, group["fixture_settings"])]
            limit = _setting(group["fixture_settings"], "_limit")
            if limit and limit.isdigit():
                found = found[: int(limit)]
            if "has_urls" in expression:
                yield PeerCase(
                    "urlextract", case_id, text, "has-urls", case["expected"], bool(found)
                )
            elif "get_indices=True" in expression:
                spans = [
                    [c.url, [c.column - 1, c.end_column - 1]]
                    for c in extract(text)
                    if c.url in found
                ]
                yield PeerCase(
                    "urlextract", case_id, text, "urls-with-indices", case["expected"], spans
                )
            elif "only_unique=True" in expression:
                yield PeerCase(
                    "urlextract",
                    case_id,
                    text,
                    "urls",
                    case["expected"],
                    list(dict.fromkeys(found)),
                )
            else:
                if case.get("limit"):
                    found = found[: case["limit"]]
                yield PeerCase("urlextract", case_id, text, "urls", case["expected"], found)


def _setting(settings: list[str], name: str) -> str | None:
    for setting in settings:
        key, _, value = setting.partition(" = ")
        if key == f"urlextract.{name}":
            return value
    return None


def _kept_by_options(url: str, settings: list[str]) -> bool:
    """urlextract's options filter what it found; the same filters on urlint's findings."""
    host = _host(url)
    ignored = _setting(settings, "ignore_list")
    permitted = _setting(settings, "permit_list")
    if ignored and host in re.findall(r'"([^"]+)"', ignored):
        return False
    if permitted and host not in re.findall(r'"([^"]+)"', permitted):
        return False
    if _setting(settings, "extract_localhost") == "False" and host == "localhost":
        return False
    if _setting(settings, "allow_mixed_case_hostname") == "False" and host not in (
        host.lower(),
        host.upper(),
    ):
        return False
    return True


# --- urlscan: the pattern matches at the start of the input --------------------------------


def urlscan() -> Iterator[PeerCase]:
    for case in load("urlscan")["cases"]:
        text = case["input"]
        at_start = any((c.wrapper_span or c.span).start.column == 1 for c in extract(text))
        yield PeerCase(
            "urlscan",
            f"urlscan.py:{case['line']}",
            text,
            "at-start",
            case["matches_at_start"],
            at_start,
        )


# --- Mozilla mozTXTToHTMLConv: the converted text links this URL ---------------------------


def mozilla() -> Iterator[PeerCase]:
    data = load("mozilla-mozTXTToHTMLConv")
    for index, case in enumerate(data["scanTXTtests"]):
        text = case["input"]
        url = html.unescape(case["url"])  # the test looks for the HTML-escaped href
        yield PeerCase("mozilla", f"scanTXT[{index}]", text, "contains", url, url in urls(text))
    for index, case in enumerate(data["scanHTMLtests"]):
        text = case["input"]
        yield PeerCase(
            "mozilla",
            f"scanHTML[{index}]",
            text,
            "html-linkified",
            case["shouldChange"],
            urls(text),
        )


# --- Emacs thing-at-point: the URL around a point ------------------------------------------


def emacs() -> Iterator[PeerCase]:
    data = load("emacs-thingatpt")
    for index, case in enumerate(data["cases"] + data["url_in_comment_cases"]):
        text = case["input"]
        if case["thing"] != "url":
            yield PeerCase(
                "emacs", f"thingatpt[{index}]", text, "not-a-url-question", case["result"], None
            )
            continue
        yield PeerCase(
            "emacs",
            f"thingatpt[{index}]",
            text,
            "at-point",
            case["result"],
            url_at_point(text, case["point"]),
        )


def url_at_point(text: str, point: int) -> str | None:
    """The URL whose text (or wrapper) holds Emacs's point (1-based, between characters)."""
    point = min(point, len(text) + 1)  # goto-char clamps to point-max
    offset = point - 1
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    for candidate in extract(text):
        outer = candidate.wrapper_span or candidate.span
        first = starts[outer.start.line - 1] + outer.start.column - 1
        last = starts[outer.end.line - 1] + outer.end.column - 1
        if first <= offset <= last:
            return candidate.url
    return None


# --- lychee (the linkify crate): every link marked with |...| -------------------------------

MARKED = re.compile(r"\|([^|]*)\|")


def lychee() -> Iterator[PeerCase]:
    data = load("lychee", "linkify-crate-cases.json")
    for file_name, content in data["files"].items():
        for case in content["cases"]:
            text = case["input"]
            if case["kind"].startswith("assert_not_linked"):
                expected: list[str] = []
            else:
                expected = marked_links(text, case["expected_marked"])
            case_id = f"{file_name}:{case['line']}:{case['test_fn']}"
            yield PeerCase("lychee", case_id, text, "urls", expected, urls(text))


def marked_links(text: str, marked: str) -> list[str]:
    """The links of a `|link|`-marked string. The input may hold "|" itself
    (`http://example.org/foo|bar` is marked `|http://example.org/foo||bar`), so the marks
    are found by aligning the marked string with the input."""
    from functools import cache

    @cache
    def align(i: int, j: int, inside: bool) -> tuple[tuple[int, int], ...] | None:
        # returns the (start, end) input offsets of the links from here on, or None
        if j == len(marked):
            return () if i == len(text) and not inside else None
        # A "|" is a mark before it is a literal pipe (linkify's illegal_characters_stop_url).
        if marked[j] == "|":
            rest = align(i, j + 1, not inside)
            if rest is not None:
                return ((i, -1),) + rest if not inside else ((-1, i),) + rest
        if i < len(text) and marked[j] == text[i]:
            return align(i + 1, j + 1, inside)
        return None

    marks = align(0, 0, False)
    if marks is None:  # pragma: no cover - a malformed fixture
        raise ValueError(f"cannot align {marked!r} with {text!r}")
    starts = [m[0] for m in marks if m[1] == -1]
    ends = [m[1] for m in marks if m[0] == -1]
    return [text[a:b] for a, b in zip(starts, ends, strict=True)]


# --- URI::Find: exactly these URIs in order ------------------------------------------------


def uri_find() -> Iterator[PeerCase]:
    data = load("uri-find")
    for index, case in enumerate(data["cases"]):
        text = case["input"]
        yield PeerCase("uri-find", f"Find.t[{index}]", text, "urls", case["uri_find"], urls(text))
    joined = "\n".join(case["input"] for case in data["cases"])
    expected = [u for case in data["cases"] for u in case["uri_find"]]
    yield PeerCase("uri-find", "Find.t[all joined]", joined, "urls", expected, urls(joined))
    appendix_c = (PEER_FIXTURES / "uri-find" / "rfc3986_appendix_c.example.txt").read_text(
        encoding="utf-8"
    )
    yield PeerCase(
        "uri-find",
        "rfc3986_appendix_c.t",
        appendix_c,
        "urls",
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ],
        urls(appendix_c),
    )


ADAPTERS = {
    "linkify-it": lambda: linkify_it("linkify-it"),
    "linkify-it-py": lambda: linkify_it("linkify-it-py"),
    "urlextract": urlextract,
    "urlscan": urlscan,
    "mozilla-mozTXTToHTMLConv": mozilla,
    "emacs-thingatpt": emacs,
    "lychee": lychee,
    "uri-find": uri_find,
}
