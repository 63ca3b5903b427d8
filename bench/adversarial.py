"""Time growth on adversarial inputs: each must take time linear in its size.

    python bench/adversarial.py [--check]

Each input is built at sizes n, 2n and 4n, written to a file and read in-process by the
pipeline `urlint extract` runs (sources, mail reader, scanner; a file is recognised as text
or mail by its content), or by the `urlint check` command named (its report written to
/dev/null); the median of 3 runs is reported with the ratio t(4n)/t(n), which is about 4
for linear time (goal: under 6), and the peak RSS of a fresh process doing the same with
the 4n input (goal: under 300 MB). The inputs are those of the reliability review's
section 3 (../shared/reviews/reliability-2026-11.md), and the scanner's own worst cases.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable

from urlint.commands.cli import main as urlint
from urlint.pipeline import scan_paths

PROSE = b"Some words of prose, a line of them, for the wrapper to run over.\n"
EXTRACT: tuple[str, ...] = ()  # the pipeline `urlint extract` runs; else a command's arguments
CHECK = ("check",)
# The language server's reading of a document: its findings, then each one's range in the
# editor's units (UTF-16), as it publishes them (server.documents)
SERVER = ("server: findings and their ranges",)


def mail(headers: bytes, body: bytes) -> bytes:
    return b"From: a@example.com\nSubject: s\nMIME-Version: 1.0\n" + headers + b"\n" + body


def nested_zip(leaf: bytes, levels: int = 3, members: int = 10) -> bytes:
    """A zip of `members` zips of ... of `members` copies of `leaf`, `levels` deep."""
    data = leaf
    for level in range(levels):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for number in range(members):
                archive.writestr(f"m{number}.{'txt' if level == 0 else 'zip'}", data)
        data = buffer.getvalue()
    return data


MINIFIED_LOGINS = lambda n: (  # noqa: E731 - a JSON array of n/27 URLs with logins, one line
    b"[" + b",".join(b'"ftp://u%d:pw@h.example/x"' % i for i in range(n // 27)) + b"]\n"
)
FINDING_A_LINE = lambda n: b"see http://x.example/~a\n" * (n // 24)  # noqa: E731 - one C202 a line
# The size n of MINIFIED_LOGINS' inputs: their distinct URLs (n/27) outnumber the texts
# grammar.login remembers (4,096), at n as at 4n. Where they fit it, as at n = 25,000 (925
# URLs, each read where found and again where shown), n reads faster per URL than 4n,
# whose URLs push each other out: a step, no growth (4n/2n stays 2), which the ratio of 4n
# to n would take for one.
MINIFIED_SIZE = 250_000

INPUTS: dict[
    str, tuple[Callable[[int], bytes], int, tuple[str, ...]]
] = {  # name: (input of size n, n, command)
    # a single token of n characters inside a URL, and a bare token
    "long token in a URL": (
        lambda n: b"see http://example.org/" + b"x" * n + b" ok\n",
        50_000,
        EXTRACT,
    ),
    "long token of quotes": (
        lambda n: b"see 'http://example.org/" + b"'" * n + b"\n",
        50_000,
        EXTRACT,
    ),
    # an unterminated <URL: followed by n bytes of text
    "unterminated <URL: then text": (
        lambda n: b"<URL:http://example.org/x\n" + PROSE * (n // len(PROSE)),
        10_000_000,
        EXTRACT,
    ),
    # lines without whitespace: letters (at 2n and 4n, past the 16 MB a run is kept whole),
    # "<" and "(" (at sizes past the processor's caches: a 4 MB text is read faster a byte)
    "line of a": (lambda n: b"a" * n + b"\n", 32_000_000, EXTRACT),
    "line of <": (lambda n: b"<" * n + b"\n", 8_000_000, EXTRACT),
    "line of ((((": (lambda n: b"(" * n + b"\n", 32_000_000, EXTRACT),
    # a line full of unclosed wrappers and schemes
    "line of <URL:a": (
        lambda n: b"<URL:a " * (n // 7) + b"\n" + b"b " * 100 + b"\n",
        1_000_000,
        EXTRACT,
    ),
    "line of <x:y": (lambda n: b"<x:y " * (n // 5) + b"\n", 1_000_000, EXTRACT),
    "line of a://": (lambda n: b"a://" * (n // 4) + b"\n", 1_000_000, EXTRACT),
    # URL after URL on a line, each ended by a bracket it does not open: each read its
    # body to the line's end (scanner.bare.body_end reads a window, doubled as needed)
    "line of ab://b)": (lambda n: b"ab://b)" * (n // 7) + b"\n", 250_000, EXTRACT),
    # a word of login starts, then its "@": each start's readings run to the word's end
    "word of a:// then @ (masked)": (lambda n: b"a://" * (n // 4) + b"@x\n", 1_000_000, EXTRACT),
    # a minified line (no whitespace) of URLs with logins: each URL's login read on past
    # its end no further than LOGIN_READ_ON; `full` picks each finding's masks by bisection
    "minified line of login URLs": (MINIFIED_LOGINS, MINIFIED_SIZE, EXTRACT),
    # A login read on past punctuation, to the next line's word (continuation.login_read_on)
    "lines of logins cut by a quote, the rest on the next line": (
        lambda n: b'ftp://u:p"\nq@h.example/ ' * (n // 24) + b"\n",
        500_000,
        EXTRACT,
    ),
    # A wrapper's login read on past blank lines (continuation.wrapper_login_rest)
    "wrappers of logins cut by blank lines": (
        lambda n: (b"<URL:ftp://u:p\n" + b"\n" * 30 + b"q@h.example/>\n") * (n // 58),
        500_000,
        EXTRACT,
    ),
    # The prefilter's look at HTML a reading may make a URL of (mail.prefilter)
    "HTML message of tags, colons and references, no URL": (
        lambda n: mail(
            b"Content-Type: text/html\n",
            b"a<b>c:</b> d&amp;<i x=1>e\n:<p>/ " * (n // 36),
        ),
        500_000,
        EXTRACT,
    ),
    # line breaks between a colon and its slashes, in no tag: the look for the ">" after
    # each (the "//" in a tag) ran to the next "<" or ">" again from each of them
    "HTML message of line-broken colons and slashes, no tag, no URL": (
        lambda n: mail(b"Content-Type: text/html\n", b"a:/\n/ " * (n // 6)),
        1_000_000,
        EXTRACT,
    ),
    # a To: field folded over n / 32 lines of encoded words (RFC 2047), no URL: the
    # prefilter read the field back from each word to its name
    "header of a To: field folded over many lines of encoded words, no URL": (
        lambda n: mail(
            b"To: =?utf-8?q?a?= <a@example.org>,\n"
            + b" =?utf-8?q?a?= <a@example.org>,\n" * (n // 32),
            b"no address here\n",
        ),
        4_000_000,
        EXTRACT,
    ),
    "check: minified line of login URLs": (MINIFIED_LOGINS, MINIFIED_SIZE, CHECK),
    "check --diff: minified line of fixable and login URLs": (
        lambda n: (
            b"[" + b",".join(b'"HTTP://x.example/","ftp://u:p@h/"' for _ in range(n // 34)) + b"]\n"
        ),
        25_000,
        ("check", "--select", "ALL", "--diff"),
    ),
    "check --format full: minified line of login URLs": (
        MINIFIED_LOGINS,
        MINIFIED_SIZE,
        ("check", "--select", "ALL", "--format", "full"),
    ),
    "word of escaped a:// then @ (check --format full)": (
        lambda n: b"see http://x.example/~a " + b"a%3A%2F%2F" * (n // 10) + b"%40x\n",
        1_000_000,
        ("check", "--format", "full"),
    ),
    "word of logins escaped three times over, and of nested %25 (check --format full)": (
        lambda n: (
            b"see http://x.example/?u="
            + b"ftp%25253A%25252F%25252Fu%25253Ap%252540h" * (n // 80)
            + b"%25" * (n // 6)
            + b"3A%40x\n"
        ),
        1_000_000,
        ("check", "--format", "full"),
    ),
    "<URL:a lines (each wrapper reads 20 lines)": (
        lambda n: b"<URL:a\n" * (n // 7),
        250_000,
        EXTRACT,
    ),
    "wrappers with distinct continuations": (
        lambda n: b"".join(
            b"<URL:http://h%d.example/\nw%d x%d>\n" % (i, i, i) for i in range(n // 40)
        ),
        2_000_000,
        EXTRACT,
    ),
    # logins: URLs at line ends over lines with an "@" (read on as one), URLs glued in one
    # word after a login that may run into them, and a password wrapper split by spaces
    "URLs over lines with @": (
        lambda n: b"see ftp://fred:pw\nx@h/ and more text\n" * (n // 36),
        2_000_000,
        EXTRACT,
    ),
    "URLs in a login's word": (
        lambda n: b"ftp://u:" + b"http://x@h/" * (n // 11) + b"\n",
        1_000_000,
        EXTRACT,
    ),
    "check: password wrappers split by spaces": (
        lambda n: (b"<URL:ftp://fred:" + b"pw " * 900 + b"x@h/>\n") * (n // 2720),
        40_000,
        CHECK,
    ),
    # P1: a long ">" run, then URLs at the ends of long lines
    "'>' run, then URLs at line ends": (
        lambda n: b">" * (n // 20) + b"\n" + (b"a" * 250 + b" http://x.example/\n") * (n // 1000),
        1_000_000,
        EXTRACT,
    ),
    # P2, P3: a message of many MIME parts; UTF-8 parts with many URLs, quoted-printable,
    # HTML with &nbsp; after each URL, format=flowed with DelSp, base64 HTML with an emoji
    "message of many MIME parts": (
        lambda n: mail(
            b"Content-Type: multipart/mixed; boundary=B\n",
            b"--B\nContent-Type: text/plain\n\nsee http://x.example/\n" * (n // 50) + b"--B--\n",
        ),
        250_000,
        EXTRACT,
    ),
    # a header of n / 40 fields, each holding a URL: each field is placed on its line
    "header of many URL fields": (
        lambda n: (
            b"From: a@example.com\n"
            + b"".join(b"X-Archive-%06d: <http://x.example/a>\n" % i for i in range(n // 40))
            + b"\nbody\n"
        ),
        250_000,
        EXTRACT,
    ),
    # a message of n / 70 base64 images and no URL: the prefilter looks up each part's
    # Content-Type (an image's base64 hides nothing the reader reads)
    # read_header_block (a header with a bad line): each continuation line was added to
    # its field's value by copying the value
    "header of a field folded over many lines, then a bad line": (
        lambda n: (
            b"From: a@example.com\nX-Long: a\n"
            + b" http://x.example/a\n" * (n // 20)
            + b"bad line\n\nbody\n"
        ),
        400_000,
        EXTRACT,
    ),
    # Relocator.position: the column of each URL on one long raw line was decoded from the
    # line's start
    "HTML part, many links on one line": (
        lambda n: mail(
            b"Content-Type: text/html\n",
            b"<p>" + b'<a href="http://x.example/s?id=1">a story</a> ' * (n // 47) + b"</p>\n",
        ),
        200_000,
        EXTRACT,
    ),
    "quoted-printable UTF-8 part, many URLs on one line": (
        lambda n: mail(
            b"Content-Type: text/plain; charset=utf-8\n"
            b"Content-Transfer-Encoding: quoted-printable\n",
            b"=C3=A9 see " + b"http://x.example/a=3Db " * (n // 23) + b"\n",
        ),
        200_000,
        EXTRACT,
    ),
    # html.read_attributes: a tag that names a URL is read attribute by attribute, a match
    # each (one pattern that passed over the attributes it does not read, in one match,
    # kept a place to go back to for each: 264 MB for a tag of a million)
    "HTML part, one tag of many attributes and links": (
        lambda n: mail(
            b"Content-Type: text/html\n",
            b'<td background="http://x.example/" ' + b'x="y" href=z ' * (n // 14) + b">a</td>\n",
        ),
        2_000_000,
        EXTRACT,
    ),
    # tags that never close: the markup scan, and the search for URL attributes, ran from
    # each "<" to the page's end
    "HTML part of tags that never close": (
        lambda n: mail(b"Content-Type: text/html\n", b"http://x.example/ " + b"<b x" * (n // 4)),
        200_000,
        EXTRACT,
    ),
    "HTML part, a script that never closes, of a<b": (
        lambda n: mail(
            b"Content-Type: text/html\n", b"http://x.example/ <script>" + b"a<b " * (n // 4)
        ),
        1_600_000,
        EXTRACT,
    ),
    "message of many base64 images, no URL": (
        lambda n: mail(
            b"Content-Type: multipart/mixed; boundary=b\n",
            b"--b\nContent-Type: image/gif\nContent-Transfer-Encoding: base64\n\nR0lGODlh\n"
            * (n // 70)
            + b"--b--\n",
        ),
        250_000,
        EXTRACT,
    ),
    # one image part whose header holds n / 34 base64 fields: the prefilter reads the
    # part's header once, not once a field (mail.prefilter._ReadParts)
    "image part of many base64 fields, no URL": (
        lambda n: mail(
            b"Content-Type: multipart/mixed; boundary=b\n",
            b"--b\nContent-Type: image/gif\n"
            + b"Content-Transfer-Encoding: base64\n" * (n // 34)
            + b"\nR0lGODlh\n--b--\n",
        ),
        250_000,
        EXTRACT,
    ),
    "quoted-printable UTF-8 part of many URLs": (
        lambda n: mail(
            b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: "
            b"quoted-printable\n",
            b"caf=C3=A9\n" + b"see http://x.example/a and more text\n" * (n // 37),
        ),
        250_000,
        EXTRACT,
    ),
    "HTML UTF-8 part, URLs followed by &nbsp;": (
        lambda n: mail(
            b"Content-Type: text/html; charset=utf-8\n",
            "<p>café</p>\n".encode() + b"<p>see http://x.example/a&nbsp;and more</p>\n" * (n // 45),
        ),
        250_000,
        EXTRACT,
    ),
    # an HTML part of n / 60 links: each attribute is a text of its own, placed in the
    # part's raw lines (mail/textmap.py: they share one walk over them)
    "HTML UTF-8 part of many links": (
        lambda n: mail(
            b"Content-Type: text/html; charset=utf-8\n",
            "<p>café</p>\n".encode()
            + b'<p><a href="http://x.example/story?id=1">a story</a></p>\n' * (n // 60),
        ),
        250_000,
        EXTRACT,
    ),
    "format=flowed DelSp UTF-8 part of many URLs": (
        lambda n: mail(
            b"Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n",
            "café \n".encode() + b"see http://x.example/a and \nmore text\n" * (n // 38),
        ),
        500_000,
        EXTRACT,
    ),
    "base64 HTML message with an emoji": (
        lambda n: mail(
            b"Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n",
            base64.encodebytes(
                "<p>\U0001f600</p>\n".encode()
                + b"<p>see http://x.example/a</p>\n" * (n * 3 // 4 // 30)
            ),
        ),
        4_000_000,
        EXTRACT,
    ),
    # archives: many tiny messages; Content-Length headers that lie; a zip of zips of zips
    "mbox of tiny messages": (
        lambda n: (
            b"From a@b Sat Jan  1 00:00:00 2000\nSubject: x\n\nhi http://x.example/\n\n" * (n // 70)
        ),
        4_000_000,
        EXTRACT,
    ),
    "mbox with lying Content-Length": (
        lambda n: (
            b"From a@b Sat Jan  1 00:00:00 2000\nContent-Length: 60000000\n\nhi http://x.example/\n\n"
            * (n // 82)
        ),
        2_000_000,
        EXTRACT,
    ),
    # (1,000 leaves of n bytes: past 2n, the input's decompression budget of 64 MB ends it)
    "nested zip, 3 levels x 10 members": (
        lambda n: nested_zip((PROSE * 15 + b"see http://x.example/\n") * (n // 1012)),
        32_000,
        EXTRACT,
    ),
    # P4 and P6, through `urlint check`: a directive on every other line; a URL with a run
    # of "%" (a C206 for each); one finding a line, counted, and in each whole-run format
    "check: suppression comments on every other line": (
        lambda n: b"see http://x.example/~a # urlint: ignore[C202]\nplain\n" * (n // 52),
        1_000_000,
        CHECK,
    ),
    "check: URL then a run of %": (
        lambda n: b"see http://x.example/" + b"%" * n + b"\n",
        1_000_000,
        CHECK,
    ),
    "check --statistics, one finding a line": (FINDING_A_LINE, 500_000, ("check", "--statistics")),
    "check --format json, one finding a line": (
        FINDING_A_LINE,
        500_000,
        ("check", "--format", "json"),
    ),
    "check --format sarif, one finding a line": (
        FINDING_A_LINE,
        500_000,
        ("check", "--format", "sarif"),
    ),
    # one line of n / 25 findings (a minified file's): `full` shows the line around each
    "check --format full, one line of many findings": (
        lambda n: b" ".join(b"http://example.com/~u/" for _ in range(n // 23)) + b"\n",
        250_000,
        ("check", "--format", "full"),
    ),
    "check --format github, one finding a line": (
        FINDING_A_LINE,
        500_000,
        ("check", "--format", "github"),
    ),
    # a shell file of here-documents never closed, each its own word (the reliability
    # review's S14): each looked for its closing line to the file's end
    "check: .sh of here-documents never closed": (
        lambda n: b"".join(b"cat <<EOF%d\n" % i for i in range(n // 12)),
        400_000,
        CHECK,
    ),
    # here-documents each closed, each its own word, with a comment's URL after each
    "check: .sh of closed here-documents, a comment after each": (
        lambda n: b"".join(
            b"cat <<EOF%d\nsee http://x.example/~a\nEOF%d\n# http://x.example/~b\n" % (i, i)
            for i in range(n // 64)
        ),
        400_000,
        CHECK,
    ),
    # lines of here-document openers and quoted words: each line's end found once
    "check: .sh, lines of here-document openers and words": (
        lambda n: (b'cat <<A "x" ' * 100 + b"\nA\n") * (n // 1203),
        400_000,
        CHECK,
    ),
    # Markdown: a line of URLs that each end in "~" (or "_", "*"), each asking whether an
    # emphasis opened before it on its line (round five's N1: each searched the line back)
    ".md, line of URLs ending in ~": (lambda n: b"e http://a/~ " * (n // 13), 200_000, EXTRACT),
    ".md, line of URLs ending in _": (lambda n: b"e http://a/_ " * (n // 13), 200_000, EXTRACT),
    # near-URLs around URLs on one line: a quote, a ">", a dash, a blank after each; each
    # asks what stands before it on its line or in its paragraph
    "check: one line of URLs with a quote, '>', a dash or a blank glued on": (
        lambda n: (
            b'a "b" http://x.example/c" http://x.example/d> http://x.example/e\xe2\x80\x93'
            b"f_g http://x.example/h/ i_j#k " * (n // 110)
        ),
        400_000,
        CHECK,
    ),
    # The server: one long line of findings, each one's range in UTF-16 units (round
    # five's N6: each counted from the line's start)
    "server: one line of findings, their UTF-16 ranges": (
        lambda n: "\u00e9 http://a/^ ".encode() * (n // 15),
        100_000,
        SERVER,
    ),
    # Markdown's HTML on one line: tags with attributes, comments, unclosed quotes; each
    # value read once, each quote's close looked for within a bound
    "check: .md, one line of tags, comments and URLs in attributes": (
        lambda n: (
            b'<a title="see http://x.example/~t" href="http://x.example/~h">x</a> '
            b"<!-- http://x.example/~c --> <img alt='a' src=http://x.example/~s> <b c=\" "
            * (n // 140)
        ),
        200_000,
        CHECK,
    ),
}
# The name an input is written under where its kind is read from its name (a .sh file is
# read as shell, a .md file as Markdown); else input_name says.
FILE_NAMES = {name: "input.sh" for name in INPUTS if ".sh" in name}
FILE_NAMES.update({name: "input.md" for name in INPUTS if name.startswith(".md")})
FILE_NAMES.update({name: "input.md" for name in INPUTS if ": .md" in name})


def run_once(path: str, command: tuple[str, ...]) -> None:
    if command == EXTRACT:
        for _ in scan_paths([path]):
            pass
    elif command == SERVER:
        from urlint.linter.config import build_settings
        from urlint.server.documents import Places, document_findings

        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        found = document_findings(build_settings({}), path, text)
        places = Places(text)
        for finding in found if isinstance(found, list) else ():
            places.editor_range(*places.span_offsets(finding))
    else:
        urlint([*command, "--isolated", "-o", os.devnull, path])


def input_name(data: bytes, name: str = "") -> str:
    """A zip is read by its name too; a message is named as one (.eml): a header longer
    than what content sniffing reads is a message's only by its name; a shell file is
    named as one (FILE_NAMES)."""
    if name in FILE_NAMES:
        return FILE_NAMES[name]
    if data.startswith(b"PK"):
        return "input.zip"
    return "input.eml" if data.startswith(b"From: ") else "input"


def seconds(data: bytes, command: tuple[str, ...], name: str = "") -> float:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, input_name(data, name))
        with open(path, "wb") as handle:
            handle.write(data)
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            run_once(path, command)
            runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def peak_rss_mb(data: bytes, command: tuple[str, ...], name: str = "") -> float:
    """Peak resident memory of a fresh process doing the same (its own VmHWM: the rusage of
    a child counts the parent it was forked from)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, input_name(data, name))
        with open(path, "wb") as handle:
            handle.write(data)
        code = (
            "import sys\nsys.path.insert(0, sys.argv[1])\nfrom adversarial import run_once\n"
            "run_once(sys.argv[2], tuple(sys.argv[3:]))\n"
            "print(next(l for l in open('/proc/self/status') if l.startswith('VmHWM')).split()[1])"
        )
        here = os.path.dirname(os.path.abspath(__file__))
        done = subprocess.run(
            [sys.executable, "-c", code, here, path, *command],
            capture_output=True,
            text=True,
            check=True,
        )
    return int(done.stdout.split()[-1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when an input grows worse than linearly or its RSS passes 300 MB",
    )
    parser.add_argument(
        "names", nargs="*", help="run only the inputs whose names contain one of these"
    )
    args = parser.parse_args()
    report, worst, worst_rss = {}, 0.0, 0.0
    for name, (make, size, command) in INPUTS.items():
        if args.names and not any(part in name for part in args.names):
            continue
        times = [seconds(make(size * k), command, name) for k in (1, 2, 4)]
        ratio = times[2] / max(times[0], 1e-6)
        worst = max(worst, ratio)
        rss = peak_rss_mb(make(size * 4), command, name)
        worst_rss = max(worst_rss, rss)
        report[name] = {
            "n": size,
            "seconds_n_2n_4n": [round(t, 4) for t in times],
            "ratio_4n_to_n": round(ratio, 2),
            "peak_rss_mb_4n": round(rss, 1),
        }
        print(name, report[name], file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    if args.check and (worst >= 6 or worst_rss >= 300):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
