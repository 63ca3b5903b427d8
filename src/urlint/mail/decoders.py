"""Content-Transfer-Encodings, charsets and format=flowed: bytes of a part to its text.

Each step that moves text about returns an OffsetMap (textmap.py) so positions can be
taken back to the raw file. None of them raises on bad input: a problem is returned as a
sentence for the caller to report (a wrong label or an unknown charset is a finding, not a
crash).
"""

from __future__ import annotations

import binascii
import codecs
import re
import string
from functools import lru_cache
from itertools import accumulate

from .loops import LOOPS
from .textmap import OffsetMap

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# RFC 2045 section 6.7: "=" followed by two hexadecimal digits is an octet; "=" at the end
# of a line is a soft line break. binascii.a2b_qp reads exactly these (either case of hex).
_QP_TOKEN = re.compile(rb"=(?:([0-9A-Fa-f]{2})|\r?\n)")


def decode_quoted_printable(raw: bytes) -> bytes:
    """Quoted-printable to bytes: soft breaks removed, `=XX` decoded (RFC 2045, 6.7)."""
    return binascii.a2b_qp(raw)


def quoted_printable_map(raw: bytes) -> OffsetMap:
    """Where decode_quoted_printable's output came from in its input.

    Where decode_quoted_printable's output came from: a point after every escape and soft
    break, so the first piece of a URL maps to its own raw line. Built only for a part that
    has a URL to place."""
    mapping = OffsetMap()
    if LOOPS is not None:  # the same points, in one pass in C
        mapping.starts, mapping.targets = LOOPS.quoted_printable_points(raw)
        return mapping
    # Each token shortens the output by its length less what it produces: an escape makes
    # one byte, a soft break none.
    tokens = [
        (found.end(), found.end() - found.start() - (found.lastindex == 1))
        for found in _QP_TOKEN.finditer(raw)
    ]
    if tokens:
        ends = [end for end, _ in tokens]
        shifts = accumulate(shrink for _, shrink in tokens)
        # Tokens that end at one output offset (an escape, then a soft break): the last wins.
        points = dict(
            zip([end - shift for end, shift in zip(ends, shifts, strict=True)], ends, strict=True)
        )
        mapping.starts = list(points)
        mapping.targets = list(points.values())
    return mapping


_BASE64_JUNK = re.compile(rb"[^A-Za-z0-9+/]")


_PADDING_INSIDE = re.compile(rb"=[=\s]*[A-Za-z0-9+/]")


def decode_base64(raw: bytes) -> tuple[bytes, str | None]:
    """Base64 to bytes, a damaged body decoded as far as it goes, with a problem to report.

    Base64 to bytes; a truncated or damaged body decodes as far as it goes, and a body of
    several encodings one after another (padding inside it, where binascii would stop) is
    decoded piece by piece, with a problem to report."""
    if _PADDING_INSIDE.search(raw):
        pieces = [
            decode_base64(piece + b"=" * (-len(_BASE64_JUNK.sub(b"", piece)) % 4))[0]
            for piece in re.split(rb"=+", raw)
        ]
        return b"".join(
            pieces
        ), "base64 body holds padding inside it (encodings run together); each piece decoded"
    try:
        return binascii.a2b_base64(raw), None
    except (binascii.Error, ValueError):
        pass
    cleaned = _BASE64_JUNK.sub(b"", raw.split(b"=", 1)[0])
    if len(cleaned) % 4 == 1:
        cleaned = cleaned[:-1]  # a lone sextet holds no whole byte
    try:
        data = binascii.a2b_base64(cleaned + b"=" * (-len(cleaned) % 4))
    except (binascii.Error, ValueError):
        return b"", "base64 body cannot be decoded"
    return data, "base64 body is truncated or damaged; decoded as far as it goes"


# Labels that say "unknown" on purpose: read with the fallback, and no news.
_UNKNOWN_LABELS = frozenset(
    {"unknown-8bit", "x-unknown", "unknown", "x-user-defined", "8bit", "default"}
)
# Labels mail software writes for what Python knows by another name.
_ALIASES = {
    "x-sjis": "shift_jis",
    "iso-8859-8-i": "iso-8859-8",
    "ks_c_5601-1987": "cp949",
    "gb2312": "gbk",
    "x-gbk": "gbk",
}
# Codecs whose bytes and characters are one to one: positions need no re-encoding.
_SINGLE_BYTE = frozenset({"ascii", "latin_1", "iso8859_1", "cp1252"})


# Python text codecs that are no MIME charset (RFC 2978): they encode host names or Python
# literals, and refuse the error handlers every charset takes ("replace").
_NOT_CHARSETS = frozenset({"idna", "punycode", "raw-unicode-escape", "unicode-escape", "undefined"})


@lru_cache(maxsize=256)
def _codec(label: str) -> tuple[str | None, bool]:
    """(Python codec name, whether the label is unknown) for a charset label; the name is
    None when the label says "unknown" on purpose, or names no text codec Python has."""
    name = label.strip().strip('"').lower()
    if not name or name in _UNKNOWN_LABELS:
        return None, False
    name = _ALIASES.get(name, name)
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):  # ValueError: a NUL in the label
        return None, True
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_CHARSETS:
        return None, True
    return info.name, False


def decode_charset(
    data: bytes, label: str | None, label_shown: Callable[[], str] | None = None
) -> tuple[str, str, str | None]:
    """(text, codec used, problem or None).

    Text in a charset Python does not know, or that is not what its label says, is read as
    UTF-8 if it is that, else as Windows-1252 (the usual truth behind a wrong Western
    label), with a problem to report, which quotes an unknown label as `label_shown()` gives
    it (headers.ContentType.shown: asked only then, as masking the field costs more than
    decoding most texts), or as it is."""
    codec, unknown = _codec(label) if label else (None, False)
    problem = None
    if unknown:
        problem = f"unknown charset '{label if label_shown is None else label_shown()}'"
    if codec is not None:
        try:
            return data.decode(codec), codec, None
        except (UnicodeDecodeError, ValueError, LookupError):
            problem = f"text is not {label} as labelled"
        except Exception:  # a codec that fails in its own way: fall back, never crash
            problem = f"charset '{label}' cannot decode this text"
    try:
        return data.decode("utf-8"), "utf-8", problem
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace"), "cp1252", problem


@lru_cache(maxsize=256)
def keeps_ascii(label: str) -> bool:
    """Does text in the charset `label` stand as ASCII bytes where it is ASCII?

    (so a URL's start in it stands in the raw bytes: mail.prefilter)? Not UTF-16, UTF-32,
    UTF-7 or EBCDIC; a label no codec has is read as UTF-8 or Windows-1252 (decode_charset),
    which do."""
    codec, _ = _codec(label)
    if codec is None:
        return True
    try:
        return _ASCII_SAMPLE.encode(codec) == _ASCII_SAMPLE.encode("ascii")
    except (UnicodeError, LookupError, ValueError):
        return False


_ASCII_SAMPLE = ":/<>@+.-_~%=?&;# \n" + string.ascii_letters + string.digits


def is_single_byte(codec: str) -> bool:
    """Whether `codec` reads each byte as one character (its text's offsets are its bytes')."""
    return codec in _SINGLE_BYTE or codec.startswith(("iso8859", "cp125", "mac_", "koi8"))


def unflow(text: str, delsp: bool) -> tuple[str, OffsetMap]:
    """format=flowed text unwrapped (RFC 3676, section 4), with where it came from.

    format=flowed text unwrapped (RFC 3676, section 4): a line ending in a space continues
    on the next line of the same quote depth; with DelSp=yes that space was added by the
    sender and goes (section 4.2); space-stuffing is undone (4.4); the signature separator
    "-- " is never flowed (4.3). Quoted paragraphs keep one "> " prefix a level."""
    out: list[str] = []
    size = 0
    mapping = OffsetMap()
    depth_open = -1  # quote depth of the paragraph being joined, -1 when none is open
    offset = 0
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the text's final line end, not an empty last line
    for line in lines:
        line_start = offset
        offset += len(line) + 1
        content = line[:-1] if line.endswith("\r") else line
        depth = len(content) - len(content.lstrip(">"))
        body_at = depth
        if body_at < len(content) and content[body_at] == " ":
            body_at += 1  # space-stuffed (4.4), or the space after a quote mark
        body = content[body_at:]
        flowed = body.endswith(" ") and body != "-- "
        if flowed and delsp:
            body = body[:-1]
        if depth_open != depth:
            if depth_open != -1:
                out.append("\n")
                size += 1
            if depth:
                prefix = ">" * depth + " "
                mapping.add(size, line_start)
                out.append(prefix)
                size += len(prefix)
        mapping.add(size, line_start + body_at)
        out.append(body)
        size += len(body)
        if flowed:
            depth_open = depth
        else:
            out.append("\n")
            size += 1
            depth_open = -1
    joined = "".join(out)
    if text.endswith("\n") and not joined.endswith("\n"):
        joined += "\n"  # the last line was flowed: the paragraph still ends
    elif not text.endswith("\n") and joined.endswith("\n"):
        joined = joined[:-1]
    return joined, mapping
