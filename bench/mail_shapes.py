"""What another shape of the mail path could reach, measured before building it.

    python bench/mail_shapes.py [--urlint PATH] [--runs 5] [--megabytes 100]

Run it with the Python of the install it measures (it imports `urlint` to split the mbox).
bench/mail.py's mbox is split by the reader's own verdict into the "simple" messages (ASCII
bytes, every text the reader makes of them its raw bytes unmoved: no transfer encoding that
moves text, no HTML, no flowed DelSp, no encoded word in a field read for URLs, no damage)
and the rest. Then, alternated, `--runs` times each: `urlint extract -j 1` on the whole mbox,
on the simple messages written as one plain text (their From_ lines quoted: read as text,
not as mail), on the rest as an mbox, and ripgrep on the whole mbox; and in this process the
look every message would still need to be told simple or not (its header's end, its
Content-Type and Content-Transfer-Encoding: the reader's own lookups, in `mail.headers`).

A reader that scanned the simple messages' bytes as one text and read only the rest message
by message would take at least: the simple part as text + the rest as mail + that look, less
one start-up (`urlint extract` on a file of one URL's line: on a file of none it exits 1, as
grep does). `bound_ratio` is ripgrep's time over that
sum: what such a reader could reach in text lines before anything it would have to match
(URLs mapped to their messages, only the fields read for URLs kept, no URL run on from one
message into the next, the jsonl identity, the counts of messages read).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import time
from pathlib import Path

from common import RG_PATTERN, WORK, build_mail_input, timed_run, urlint_command

_FROM_LINE = re.compile(rb"^From ", re.M)


def split_by_shape(mbox: Path) -> dict:
    """Write the simple messages as text and the rest as an mbox; their counts and sizes,
    and the CPU seconds of the look that tells them apart, over every message."""
    from urlint.mail.headers import content_type_of, header_end_at, transfer_encoding_of
    from urlint.mail.mbox import RawMessage, split_mbox
    from urlint.mail.message import read_message

    with open(mbox, "rb") as stream:
        messages = [item for item in split_mbox(stream, None) if isinstance(item, RawMessage)]
    simple_path, rest_path = WORK / "shapes-simple.txt", WORK / "shapes-rest.mbox"
    counts = {"simple": [0, 0], "rest": [0, 0]}
    with open(simple_path, "wb") as simple, open(rest_path, "wb") as rest:
        for message in messages:
            data = message.data
            reader = read_message(data, message.line, message.index)
            unmoved = all(text.relocator is None for text in reader.texts)
            if data.isascii() and unmoved and not reader.problems:
                simple.write(_FROM_LINE.sub(b">From ", data) + b"\n")
                shape = "simple"
            else:
                rest.write(data.rstrip(b"\n") + b"\n\n")  # its own From_ line leads it
                shape = "rest"
            counts[shape][0] += 1
            counts[shape][1] += len(data)
    start = time.process_time()
    for message in messages:
        data = message.data
        header = data[: header_end_at(data, 0, len(data))]
        lowered = header.lower()
        content_type_of(header, lowered)
        transfer_encoding_of(header, lowered)
    look = time.process_time() - start
    return {
        "paths": (simple_path, rest_path),
        "messages": {shape: n for shape, (n, _) in counts.items()},
        "mb": {shape: round(size / 1e6, 1) for shape, (_, size) in counts.items()},
        "look_seconds": look,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--urlint", help="the urlint executable (default: this install's)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--megabytes", type=int, default=100)
    args = parser.parse_args()
    rg = shutil.which("rg")
    if rg is None:
        raise SystemExit("ripgrep (rg) is not installed: apt-get install ripgrep")
    mbox = build_mail_input(args.megabytes)
    shapes = split_by_shape(mbox)
    simple_path, rest_path = shapes["paths"]
    one_line = WORK / "shapes-one-line.txt"
    one_line.write_bytes(b"http://example.org/\n")
    urlint = [*urlint_command(args.urlint), "extract", "-j", "1"]
    commands = {
        "ripgrep": [rg, "-o", "-a", "--no-filename", "--no-line-number", RG_PATTERN, str(mbox)],
        "whole mbox as mail": [*urlint, str(mbox)],
        "simple as text": [*urlint, str(simple_path)],
        "rest as mail": [*urlint, str(rest_path)],
        "start-up": [*urlint, str(one_line)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    out = str(WORK / "shapes.out")
    for _ in range(args.runs):
        for name, argv in commands.items():
            times[name].append(timed_run(argv, out)[0])
    seconds = {name: statistics.median(values) for name, values in times.items()}
    bound = (
        seconds["simple as text"]
        + seconds["rest as mail"]
        + shapes["look_seconds"]
        - seconds["start-up"]
    )
    report = {
        "messages": shapes["messages"],
        "mb": shapes["mb"],
        "seconds": {name: round(value, 3) for name, value in seconds.items()},
        "look_seconds": round(shapes["look_seconds"], 3),
        "bound_seconds": round(bound, 3),
        "ratio": round(seconds["ripgrep"] / seconds["whole mbox as mail"], 3),
        "bound_ratio": round(seconds["ripgrep"] / bound, 3),
    }
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
