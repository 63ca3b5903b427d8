"""Where one process's time goes: each phase of `extract` timed on its own, per MB, per
message and per URL, so the next change to the hot path starts from numbers.

    python bench/profile.py [--megabytes 30] [--runs 3] [--kinds text,mbox]

Each phase runs the code `urlint extract -j 1` runs, up to a point, over the same input
(a slice of bench/throughput.py's text, of bench/mail.py's mbox), in this process, from
the installed package: the time of a phase is the difference between the run that stops
after it and the run that stops before it (medians of `--runs`, CPU seconds).

Plain text: reading and decoding (sources.text.read_chunks); the literal passes the
scanner makes for hits (`<...:`, a bare URL's colon: `://` or a bare scheme's); the rest
of the scan, per URL (what each hit costs: its end, its checks, its positions, its record);
formatting a URL as a text line and as a jsonl line (reporters.extract.UrlFormat).

Mail: framing the mbox into messages (mail.mbox.split_mbox, every message passed over);
the prefilter (mail.prefilter.may_hold_urls); reading the messages it keeps (MIME,
transfer encodings, charsets, HTML: each message's texts decoded, no URL looked for);
finding the URLs (the scans, their relocation to raw file positions, the HTML part's
repeats of its plain text dropped); formatting.
Whole runs of the CLI (bench/throughput.py, bench/mail.py) add start-up and writing.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr
from pathlib import Path

from common import WORK, build_input, build_mail_input


def cpu_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def sliced(path: Path, megabytes: int, kind: str) -> Path:
    """The first `megabytes` of `path`, cut at a line end (a text) or a message (an mbox)."""
    data = path.read_bytes()[: megabytes * 1_000_000]
    mark = b"\n\nFrom " if kind == "mbox" else b"\n"
    cut = data.rfind(mark)
    out = WORK / f"profile-{kind}-{megabytes}mb"
    out.write_bytes(data[: cut + 1] if cut > 0 else data)
    return out


def text_phases(path: Path, runs: int) -> dict:
    from urlint.core.model import ScannedText
    from urlint.output.extract import UrlFormat
    from urlint.pipeline import scan_texts
    from urlint.scanner import scanner, wrappers
    from urlint.sources.text import read_chunks

    def read() -> list:
        with open(path, "rb") as stream:
            return [chunk.text for chunk in read_chunks(stream)]

    texts = read()

    def passes() -> None:
        for text in texts:
            for pattern in (wrappers.OPEN, scanner._COLON):
                for _ in pattern.finditer(text):
                    pass

    # As extract reads: no near-URL looked for (an install from before that option, as it read).
    reading = {"near": False} if "near" in inspect.signature(scan_texts).parameters else {}

    def scan() -> list:
        with open(path, "rb") as stream:
            found = []
            for item in scan_texts(read_chunks(stream), str(path), **reading):
                if isinstance(item, ScannedText):
                    found.extend(c for c in item.candidates if c.url)
            return found

    candidates = scan()
    formats = {"text": UrlFormat(), "jsonl": UrlFormat(jsonl=True)}
    seconds = {
        "read and decode": cpu_seconds(read, runs),
        "literal passes": cpu_seconds(passes, runs),
        "scan (read included)": cpu_seconds(scan, runs),
    }
    for name, url_format in formats.items():
        seconds[f"format {name}"] = cpu_seconds(
            lambda f=url_format: [f(str(path), c, None) for c in candidates], runs
        )
    per_url = seconds["scan (read included)"] - seconds["read and decode"]
    per_url -= seconds["literal passes"]
    return _report(
        path,
        {
            "read and decode": seconds["read and decode"],
            "literal passes": seconds["literal passes"],
            "the rest of the scan (each hit, each URL)": per_url,
            "format text": seconds["format text"],
            "format jsonl": seconds["format jsonl"],
        },
        urls=len(candidates),
    )


def _extract_reading() -> object:
    """A Reading as extract's: no near-URL looked for (an install from before that option,
    as it read)."""
    from urlint import pipeline

    if "near" in inspect.signature(pipeline.Reading).parameters:
        return pipeline.Reading(near=False)
    return pipeline.Reading()


def mail_phases(path: Path, runs: int) -> dict:
    from urlint import pipeline
    from urlint.core.inputs import InputFile
    from urlint.mail import reported
    from urlint.mail.mbox import split_mbox
    from urlint.mail.mime import MessageReader
    from urlint.mail.prefilter import may_hold_urls
    from urlint.output.extract import UrlFormat
    from urlint.pipeline import ScannedText

    def framed(url_filter: Callable) -> None:
        with open(path, "rb") as stream:
            for _ in split_mbox(stream, url_filter):
                pass

    counted = [0]

    def passed_over(data: bytes, bounds: list[int]) -> list[bool]:
        counted[0] += len(bounds) - 1
        return [False] * (len(bounds) - 1)

    def frame() -> None:
        framed(passed_over)

    def decoded_only(reader: MessageReader, path: str) -> Iterator[ScannedText]:
        reader.texts  # noqa: B018 - decoded, and no URL looked for
        return iter(())

    def read(urls: bool) -> list:
        found = []
        message_texts = reported.message_texts
        if not urls:
            reported.message_texts = decoded_only
        try:
            with redirect_stderr(io.StringIO()):
                for item in pipeline.scan_file_texts(
                    InputFile(str(path), True), pipeline.Crossposts(), _extract_reading()
                ):
                    if isinstance(item, ScannedText):
                        found.extend((item, c) for c in item.candidates if c.url)
        finally:
            reported.message_texts = message_texts
        return found

    frame()
    messages = counted[0]
    found = read(True)
    seconds = {
        "frame": cpu_seconds(frame, runs),
        "frame and prefilter": cpu_seconds(lambda: framed(may_hold_urls), runs),
        "read": cpu_seconds(lambda: read(False), runs),
        "read and scan": cpu_seconds(lambda: read(True), runs),
    }
    formats = {"text": UrlFormat(), "jsonl": UrlFormat(jsonl=True)}
    for name, url_format in formats.items():

        def formatted(f: UrlFormat = url_format) -> None:
            for item, candidate in found:
                f(item.path or str(path), candidate, item.mail)
            for item, _ in found:  # each message's JSON is made once a run, as in one
                if item.mail is not None:
                    item.mail.json_text = item.mail.envelope.json_text = None

        seconds[f"format {name}"] = cpu_seconds(formatted, runs)
    return _report(
        path,
        {
            "frame the mbox": seconds["frame"],
            "prefilter": seconds["frame and prefilter"] - seconds["frame"],
            "read the kept messages (MIME, decoding, HTML)": seconds["read"]
            - seconds["frame and prefilter"],
            "find the URLs (scan, relocation)": seconds["read and scan"] - seconds["read"],
            "format text": seconds["format text"],
            "format jsonl": seconds["format jsonl"],
        },
        urls=len(found),
        messages=messages,
    )


def _report(path: Path, phases: dict, urls: int, messages: int | None = None) -> dict:
    megabytes = path.stat().st_size / 1e6
    report: dict = {"input_mb": round(megabytes, 1), "urls": urls, "phases": {}}
    if messages is not None:
        report["messages"] = messages
    for name, seconds in phases.items():
        row = {
            "seconds": round(seconds, 3),
            "ms_per_mb": round(1000 * seconds / megabytes, 2),
            "us_per_url": round(1e6 * seconds / urls, 1) if urls else None,
        }
        if messages:
            row["us_per_message"] = round(1e6 * seconds / messages, 1)
        report["phases"][name] = row
    return report


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--megabytes", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kinds", default="text,mbox")
    args = parser.parse_args()
    report = {}
    kinds = args.kinds.split(",")
    if "text" in kinds:
        report["text"] = text_phases(sliced(build_input(100), args.megabytes, "text"), args.runs)
    if "mbox" in kinds:
        mbox = sliced(build_mail_input(100), args.megabytes, "mbox")
        report["mbox"] = mail_phases(mbox, args.runs)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
