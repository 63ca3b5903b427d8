"""The report of a pipermail archive: its addresses' hosts, its census, its summary.

The archive is tests/pipermail_archive.py's two months, scanned into a store."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from urlint.commands.report import run_report
from urlint.linter.config import build_settings
from urlint.store.report.page import OKABE_ITO, series_colours
from urlint.store.scan import scan_into_store

from ..pipermail_archive import write_archive
from .test_report import parser


@pytest.fixture(scope="module")
def pipermail_store(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pipermail")
    archive = write_archive(folder)
    store = folder / "devel.sqlite"
    scan_into_store(str(store), [str(archive)], build_settings({}))
    return store


def report(store: Path, *argv: str) -> str:
    out = io.StringIO()
    assert run_report(parser().parse_args(["report", str(store), *argv]), out) == 0
    return out.getvalue()


def table(store: Path, name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(report(store, "--table", name))))


def test_the_hosts_are_the_addresses_hosts_never_their_local_parts(pipermail_store):
    rows = [
        (r["host"], r["urls"], r["unique_urls"], r["messages"])
        for r in table(pipermail_store, "domains")
    ]
    assert rows == [
        ("build.example.org", "4", "3", "4"),
        ("lists.example.org", "4", "2", "3"),
        ("laptop.org", "2", "1", "2"),
        ("thyrsus.com", "1", "1", "1"),
        ("", "1", "1", "1"),  # the tel: URL, which names no host
    ]


def test_the_schemes_count_no_signature_s_label(pipermail_store):
    rows = [(r["scheme"], r["urls"]) for r in table(pipermail_store, "schemes")]
    assert rows == [("http", "7"), ("mailto", "4"), ("tel", "1")]  # `<tel:...>` alone


def test_the_census_holds_each_address_whole(pipermail_store):
    rows = [
        (
            r["url"],
            r["host"],
            r["count"],
            r["messages"],
            r["first_seen"],
            r["last_seen"],
            r["path"].rsplit("/", 1)[1],
            r["message_index"],
            r["line"],
            r["spellings"],
        )
        for r in table(pipermail_store, "census")
    ]
    march, april = "2010-March.txt", "2010-April.txt"
    assert rows == [
        (
            "http://build.example.org/devel/",
            "build.example.org",
            "3",
            "3",
            "2010-03-02T01:02:03Z",
            "2010-04-01T09:00:00Z",
            march,
            "1",
            "7",
            "HTTP://Build.Example.org/devel/ http://build.example.org/devel/",
        ),
        (
            "http://build.example.org:8080/devel/",
            "build.example.org",
            "1",
            "1",
            "2010-04-02T01:02:03Z",
            "2010-04-02T01:02:03Z",
            april,
            "2",
            "16",
            "http://build.example.org:8080/devel/",
        ),
        (
            "http://lists.example.org/listinfo/devel",
            "lists.example.org",
            "3",
            "3",
            "2010-03-02T01:02:03Z",
            "2010-04-02T01:02:03Z",
            march,
            "1",
            "17",
            "http://lists.example.org/listinfo/devel",
        ),
        (
            "mailto:devel-request@lists.example.org?subject=unsubscribe",
            "lists.example.org",
            "1",
            "1",
            "2010-03-03T01:02:03Z",
            "2010-03-03T01:02:03Z",
            march,
            "2",
            "27",
            "mailto:devel-request@lists.example.org?subject=unsubscribe",
        ),
        (
            "mailto:esr@thyrsus.com",
            "thyrsus.com",
            "1",
            "1",
            "2010-03-02T01:02:03Z",
            "2010-03-02T01:02:03Z",
            march,
            "1",
            "8",
            "mailto:esr@thyrsus.com",
        ),
        (
            "mailto:quozl@laptop.org",
            "laptop.org",
            "2",
            "2",
            "2010-03-02T01:02:03Z",
            "2010-04-01T09:00:00Z",
            march,
            "1",
            "8",
            "mailto:quozl@laptop.org",
        ),
        (
            "tel:+15413828588",
            "",
            "1",
            "1",
            "2010-03-03T01:02:03Z",
            "2010-03-03T01:02:03Z",
            march,
            "2",
            "26",
            "tel:+15413828588",
        ),
    ]


def test_the_store_keeps_how_an_address_was_read(pipermail_store):
    import sqlite3

    connection = sqlite3.connect(pipermail_store)
    try:
        flagged = sorted(connection.execute("SELECT url, flags FROM urls WHERE flags != ''"))
    finally:
        connection.close()
    assert flagged == [
        ("mailto:devel-request@lists.example.org?subject=unsubscribe", "pipermail-address"),
        ("mailto:esr@thyrsus.com", "pipermail-address"),
        ("mailto:quozl@laptop.org", "pipermail-address"),
        ("mailto:quozl@laptop.org", "pipermail-address"),
    ]


def test_the_summary_says_what_unique_counts(pipermail_store):
    lines = report(pipermail_store).splitlines()
    assert lines[3:6] == [
        "URLs:        12",
        "Unique URLs: 8 as written, 7 in the census (one URL however spelt)",
        "Hosts:       4",
    ]


@pytest.mark.parametrize("count", [0, 1, 8, 9, 10, 11, 25, 100, 361])
def test_every_series_has_a_colour_of_its_own(count):
    colours = series_colours(count)
    assert len(colours) == count
    assert len(set(colours)) == count
    assert colours[:8] == list(OKABE_ITO[:count])


def test_the_colours_past_okabe_and_ito_s_are_hues_stepped_by_the_golden_angle():
    assert series_colours(11)[8:] == [
        "hsl(0.0, 70%, 40%)",
        "hsl(137.5, 70%, 60%)",
        "hsl(275.0, 70%, 50%)",
    ]
