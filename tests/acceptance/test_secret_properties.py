"""A password is never shown (RFC 1738 section 6), as a property: authorities built from the
characters that move where a login ends, placed in every context urlint reads, through every
output of `extract` and `check`.

The password of each example is a marker (letters no output, rule text or position uses)
with the login's troublemakers around it: ":", "@", "/", "?", "#", "%", ";". A leak is any
run of 4 characters of the password that holds a marker letter, in any output, stderr,
baseline file or diff, as written or with percent-escapes undone (up to three times over:
a URL escaped inside another's query, and that escaped again). (Runs of the
troublemakers alone, such as "1:1:", are what outputs write anyway: positions, "://".)

Examples: 2,000 in CI; `URLINT_SECRET_EXAMPLES=20000` for a long run.
"""

from __future__ import annotations

import base64
import codecs
import io
import os
import sys
import tempfile
import zipfile
from urllib.parse import quote, unquote

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from urlint.api import lint
from urlint.commands.cli import main
from urlint.grammar.login import ESCAPED_TIMES, mask_password, secret_spans

from ..helpers import examples

EXAMPLES = int(os.environ.get("URLINT_SECRET_EXAMPLES", "2000"))
MARKER_LETTERS = "KQZJVWY"  # no hex digit, no rule-code letter, not in any fixed output text
TROUBLE = "ab:@/?#%;1"

schemes = st.sampled_from(["ftp", "http", "telnet", "https", "1ftp", "9p", "svn+ssh"])
users = st.one_of(st.just(""), st.text(alphabet=TROUBLE, max_size=5))
markers = st.text(alphabet=MARKER_LETTERS, min_size=6, max_size=8)
hosts = st.sampled_from(
    ["h", "ftp-mirror.example.com", "[::1]", "[2001:db8::7]", "192.0.2.1", "localhost"]
)
ports = st.sampled_from(["", ":21", ":8080", ":"])
paths = st.sampled_from(["/", "/pub/file.txt", "", "/a@b", "/~fred/x;type=a", "?q=1#top"])


@st.composite
def urls_with_password(draw):
    marker = draw(markers)
    password = (
        draw(st.text(alphabet=TROUBLE, max_size=4))
        + marker
        + draw(st.text(alphabet=TROUBLE, max_size=4))
    )
    url = f"{draw(schemes)}://{draw(users)}:{password}@{draw(hosts)}{draw(ports)}{draw(paths)}"
    return url, password


def _mail(headers: str, body: bytes) -> bytes:
    return f"From: a@example.com\nSubject: s\nMIME-Version: 1.0\n{headers}\n".encode() + body


def _qp(text: str, cut: int) -> bytes:
    encoded = text.replace("=", "=3D").replace("@", "=40")
    cut = min(cut, len(encoded))
    while 0 < cut and "=" in encoded[max(0, cut - 2) : cut]:
        cut -= 1  # never inside an escape
    return (encoded[:cut] + "=\n" + encoded[cut:] + "\n").encode()


@st.composite
def placed(draw):
    """(context, files to write {name: bytes}, the URL, its password)."""
    url, password = draw(urls_with_password())
    context = draw(
        st.sampled_from(
            [
                "bare",
                "broken",
                "wrapped",
                "utf16",
                "qp",
                "base64",
                "html",
                "html-cut",
                "header",
                "member",
                "name",
                "escaped",
                "qp-left",
                "wrapped-cut",
            ]
        )
    )
    cut = draw(st.integers(min_value=1, max_value=max(1, len(url) - 1)))
    if context == "bare":
        files = {"a.txt": f"see {url} and http://example.com/~x\n".encode()}
    elif context == "broken":  # a bare URL a line break cuts: read whole, and as its first line
        prefix, indent = draw(st.sampled_from(["", "> ", ">> "])), draw(st.sampled_from(["", "  "]))
        text = f"{prefix}see {url[:cut]}\n{prefix}{indent}{url[cut:]} and http://example.com/~x\n"
        files = {"a.txt": text.encode()}
    elif context == "wrapped":
        if "-" in url and draw(st.booleans()):
            cut = url.index("-") + 1  # a break after a hyphen: the URL, and `alt` without it
        second = draw(st.integers(min_value=cut, max_value=len(url)))
        pieces = [url[:cut], url[cut:second], url[second:]]
        prefix = draw(st.sampled_from(["", "> ", ">> "]))
        lines = [f"{prefix}see <URL:{pieces[0]}"] + [
            f"{prefix}   {piece}" for piece in pieces[1:] if piece
        ]
        files = {"a.txt": ("\n".join(lines) + "> and http://example.com/~x\n").encode()}
    elif context == "utf16":
        files = {
            "a.txt": codecs.BOM_UTF16_LE
            + f"see {url} and http://example.com/~x\n".encode("utf-16-le")
        }
    elif context == "qp":
        body = _qp(f"see {url} and http://example.com/~x", cut)
        files = {
            "m.eml": _mail(
                "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n", body
            )
        }
    elif context == "base64":
        body = base64.encodebytes(f"see {url}\nand http://example.com/~x\n".encode())
        files = {
            "m.eml": _mail("Content-Type: text/plain\nContent-Transfer-Encoding: base64\n", body)
        }
    elif context == "html":
        body = f'<p><a href="{url}">the mirror</a> and http://example.com/~x</p>\n'.encode()
        files = {"m.eml": _mail("Content-Type: text/html\n", body)}
    elif context == "qp-left":  # quoted-printable left undecoded: an escape before the scheme
        escape = draw(st.sampled_from(["=09", "=20", "=3D", "=A0"]))
        files = {"a.txt": f"see x{escape}{url} and http://example.com/~x\n".encode()}
    elif context in ("html-cut", "wrapped-cut"):  # a login cut by what ends its wrapper
        cut = _html_cut if context == "html-cut" else _wrapped_cut
        files, password = cut(draw, url, password)
    elif context == "header":
        headers = (
            f'X-URL: {url}\nReply-To: "{url}" <b@example.com>\nMessage-ID: <{url}>\n'
            f'Content-Type: multipart/mixed; boundary="{url}"; charset="{url}"\n'
        )
        files = {"m.eml": _mail(headers, b"see http://example.com/~x\n")}
    elif context == "escaped":  # in another URL's query, escaped once to ESCAPED_TIMES times
        escaped = url
        for _ in range(draw(st.integers(min_value=1, max_value=ESCAPED_TIMES))):
            escaped = quote(escaped, safe="")
        files = {"a.txt": f"see http://r.example/?u={escaped} and http://example.com/~x\n".encode()}
    elif context == "member":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr(f"notes {url}.txt", "see http://example.com/~x\n")
        files = {"a.zip": buffer.getvalue()}
    else:
        # A file name: no "/" in one, so the login is written as section 3.1 schemes allow
        # without "//".
        user, password = (
            url.split("://", 1)[1].split(":", 1)[0].replace("/", ""),
            password.replace("/", ""),
        )
        files = {f"n ftp:{user}:{password}@h.txt": b"see http://example.com/~x\n"}
    return context, files, url, password


def _html_cut(draw, url: str, password: str) -> tuple[dict[str, bytes], str]:
    """A quote or ">" in the password ends the attribute's value, or its tag, where a
    browser reads it; the writer meant it as the password's (mail/html.py read_on). (The
    message, the password as written.)"""
    cut_by = draw(st.sampled_from(['"', "'", ">"]))
    start = url.index(password + "@", url.index("://"))
    at = draw(st.integers(min_value=0, max_value=len(password)))
    written = url[: start + at] + cut_by + url[start + at :]
    quote_mark = "'" if cut_by == "'" else '"'
    body = f"<p><a href={quote_mark}{written}{quote_mark}>a</a> and http://example.com/~x</p>\n"
    return {"m.eml": _mail("Content-Type: text/html\n", body.encode())}, (
        password[:at] + cut_by + password[at:]
    )


def _wrapped_cut(draw, url: str, password: str) -> tuple[dict[str, bytes], str]:
    """A ">" in the password ends the wrapper inside the login, and a reader reads the login
    on past it; a break after a hyphen before it gives a second reading (`alt`, the hyphen
    dropped) that is read on too. (The file, the password as written.)"""
    login = url.index("://") + 3
    start = url.index(password + "@", login)
    at = draw(st.integers(min_value=0, max_value=len(password)))
    hyphen = draw(st.integers(min_value=login, max_value=start + at))
    written = url[: start + at] + ">" + url[start + at :]
    written = written[:hyphen] + "-" + written[hyphen:]
    password = password[:at] + ">" + password[at:]
    if hyphen >= start:
        password = password[: hyphen - start] + "-" + password[hyphen - start :]
    prefix = draw(st.sampled_from(["", "> "]))
    text = (
        f"{prefix}see <URL:{written[: hyphen + 1]}\n"
        f"{prefix}   {written[hyphen + 1 :]}> and http://example.com/~x\n"
    )
    return {"a.txt": text.encode()}, password


def _run(*argv: str) -> str:
    """stdout and stderr of one in-process run."""
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        main(list(argv))
    finally:
        sys.stdout, sys.stderr = saved
    out.flush()
    return out.buffer.getvalue().decode("utf-8", "replace") + err.getvalue()  # type: ignore[attr-defined]


def every_output(paths: list[str]) -> str:
    texts = [
        _run("extract", *paths),
        _run("extract", "-H", *paths),
        _run("extract", "--format", "jsonl", *paths),
    ]
    texts.append(_run("check", "--isolated", *paths))
    for fmt in ("concise", "full", "json", "jsonl", "sarif", "github"):
        texts.append(_run("check", "--isolated", "--select", "ALL", "--format", fmt, *paths))
    for fmt in ("full", "json"):  # graded by RFC 3986: other messages, the same masking
        texts.append(
            _run(
                "check",
                "--isolated",
                "--target",
                "rfc3986",
                "--select",
                "ALL",
                "--format",
                fmt,
                *paths,
            )
        )
    texts.append(_run("check", "--isolated", "--select", "ALL", "--statistics", *paths))
    texts.append(_run("check", "--isolated", "--select", "ALL", "--diff", *paths))
    texts.append(
        _run("check", "--isolated", "--select", "ALL", "--write-baseline", "base.json", *paths)
    )
    with open("base.json", encoding="utf-8") as handle:
        texts.append(handle.read())
    return "\n".join(texts)


def leaks(password: str, output: str) -> list[str]:
    # A password a break after a hyphen cuts is read with the hyphen and without it.
    windows = {
        reading[i : i + 4]
        for reading in {password, password.replace("-", "")}
        for i in range(len(reading) - 3)
    }
    marked = [w for w in windows if any(c in MARKER_LETTERS for c in w)]
    readings = [output]
    for _ in range(ESCAPED_TIMES):  # as written, and with escapes undone once, twice, ...
        readings.append(unquote(readings[-1]))
    return sorted(w for w in marked if any(w in text for text in readings))


@settings(
    max_examples=examples(min(EXAMPLES, 300)),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(urls_with_password())
def test_p501_reports_within_what_the_outputs_hide(example):
    # P501 reports the password where each target reads the login (grammar.login), always
    # within what the outputs hide; where the login holds nothing that ends an authority to
    # the target, that is the password written.
    url, password = example
    hidden = secret_spans(url)
    assert hidden != []
    at = url.index(f":{password}@", url.index("://")) + 1 + len(password)
    userinfo = url[url.index("://") + 3 : at]
    password_start = url.index(":", url.index("://") + 3) + 1
    for target, ends in (("rfc1738", "/#"), ("rfc3986", "/?#")):
        found = lint(f"<URL:{url}>\n", select=["P501"], target=target)
        spans = [(f.column - 6, f.end_column - 6) for f in found]  # in the URL, 0-based
        assert all(any(a <= start and end <= b for a, b in hidden) for start, end in spans)
        assert {f.url for f in found} <= {mask_password(url)}
        if not set(ends) & set(userinfo) and not _all_placeholders(url, password_start, at):
            assert spans == ([(password_start, at)] if password_start < at else []), target


def _all_placeholders(url: str, start: int, end: int) -> bool:
    """Is url[start:end] placeholders and nothing else (`%PASSWORD%`, `${PW}`)? Such a login
    is a template's, not a password written (linter.rules.engine), and is still hidden."""
    from urlint.scanner.templates import placeholders

    at = start
    for first, last in placeholders(url):
        if first <= at < last:
            at = last
    return start < end <= at


@pytest.mark.slow  # every example through every command and output format
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(placed())
# A wrapper that closes inside the login, and the password after its ">" starts as a
# scheme's name would (`JJJJJJ://@h/` was shown as a URL of its own); the same in a bare
# URL whose ":" before the password is trimmed as punctuation.
@example(
    (
        "wrapped-cut",
        {"a.txt": b"see <URL:http://-\n   :>JJJJJJ://@h/> and http://example.com/~x\n"},
        "http://-:>JJJJJJ://@h/",
        ">JJJJJJ://",
    )
)
@example(
    (
        "text",
        {"a.txt": b"see http://u:)KQZJVW://@h/ and http://example.com/~x\n"},
        "http://u:)KQZJVW://@h/",
        ")KQZJVW://",
    )
)
def test_no_output_shows_any_part_of_a_password(example):
    context, files, url, password = example
    start = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)
        try:
            for name, data in files.items():
                with open(name, "wb") as handle:
                    handle.write(data)
            output = every_output(sorted(files))
        finally:
            os.chdir(start)
    assert leaks(password, output) == [], (context, url)
