"""What every output does to text that came from its input, before it is written.

Input text reaches the output in many fields: URLs, file and archive-member names, header
fields (From, Message-ID, Date), header parameters quoted in notes (charset, boundary),
source lines. Any of them may hold a URL with a password, and any may hold control
characters. So every such string passes through here:

- `mask_password` (grammar.login), the one reader of where a password is (RFC 1738
  sections 3.1 and 6), on every field, not just on the URL;
- in text formats, `printable` (grammar.display, where the linter's diff reaches it too):
  control characters, escape sequences and other characters a terminal would act on are
  written as Python-style escapes (an ESC can set a terminal's title, and OSC 52 write its
  clipboard), and a line never starts with "::", which a GitHub Actions runner would take
  as a workflow command; `shown` masks, then makes printable;
- in JSON formats, `json_line`: the content stays exact, JSON-escaped, and every character
  the text formats escape (`printable`: not `str.isprintable`) is written as a \\u escape
  too: the characters that break line-oriented readers (U+2028, U+2029, U+0085), reach a
  terminal raw (DEL, C1 controls), or reorder the text around them on a terminal or a
  review page (the bidirectional overrides and isolates, U+202A to U+202E and U+2066 to
  U+2069, and the other format characters); the value parsed is the same string.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..grammar.display import NAME_BYTES
from ..grammar.login import mask_password

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO


def masked_text(text: str) -> str:
    """Input text for a JSON format or the store, its passwords masked.

    The bytes of a name that is not UTF-8 are written as a text format writes them
    ("caf\\xe9.txt": `printable`), the same name the same way each time (a scan again finds
    it unchanged)."""
    masked = mask_password(text)
    if masked.isascii():
        return masked
    return masked.translate(NAME_BYTES)


def masked_values(record: dict | None) -> dict | None:
    """A JSON object of input fields (a message's identity) with every string masked."""
    if record is None:
        return None
    return {
        key: mask_password(value) if isinstance(value, str) else value
        for key, value in record.items()
    }


def json_line(value: object, indent: int | None = None) -> str:
    """`value` as JSON (UTF-8 kept as it is), with U+2028, U+2029, DEL and C1 escaped."""
    import json  # here: a run that writes no JSON (a pre-commit hook's) never loads it

    text = json.dumps(value, ensure_ascii=False, indent=indent)
    # JSON has escaped every control below DEL in its strings: a line end or a space left
    # is the layout's own
    if not text.isascii() or "\x7f" in text:
        return _escaped(text)
    return text


def json_string(text: str | None) -> str:
    """`text` as `json_line(text)` writes it (None as null), without json.dumps.

    Without json.dumps' cost of making an encoder for each value: a line made of these is
    the same text."""
    if text is None:
        return "null"
    text = _quoted(text)
    # JSON has escaped every control below DEL: what is left that is not printable is a
    # character `printable` escapes (one test in C for most URLs, all printable ASCII)
    if not text.isprintable():
        return _escaped(text)
    return text


def _quoted_first(text: str) -> str:
    """json's quoting, what json.dumps(ensure_ascii=False) quotes strings with, loaded when
    first asked for (a run that writes no JSON never loads json) and asked directly after."""
    global _quoted
    from json.encoder import encode_basestring

    _quoted = encode_basestring
    return encode_basestring(text)


_quoted: Callable[[str], str] = _quoted_first


def json_object(record: dict | None) -> str:
    """`json_line(record)` for an object of input fields, at json_string's speed.

    The fields are a message's identity: strings and None by json_string, integers as
    json.dumps writes them, any other value by json_line."""
    if record is None:
        return "null"
    members = []
    for key, value in record.items():
        if not isinstance(key, str):
            return json_line(record)  # json.dumps' conversions of keys
        if value is None or isinstance(value, str):
            text = json_string(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            text = int.__repr__(value)  # json.dumps' own way (an IntEnum as its number)
        else:
            text = json_line(value)
        name = _NAME_JSON.get(key)
        if name is None:
            name = _NAME_JSON[key] = json_string(key)
        members.append(f"{name}: {text}")
    return "{" + ", ".join(members) + "}"


_NAME_JSON: dict[str, str] = {}  # the field names of json_object's objects (a dozen), quoted


def _escaped(text: str) -> str:
    """JSON text, each character above US-ASCII's controls that `printable` escapes (not
    `str.isprintable`: grammar.display) written as a JSON \\u escape.

    One beyond U+FFFF as its UTF-16 pair (`\\udb40\\udc01`), as JSON escapes it; below
    DEL, JSON's own escapes, and the layout's line ends and spaces, are left."""
    return "".join(
        char if char < "\x7f" or char.isprintable() else _u_escape(char) for char in text
    )


def _u_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def write_json_list(values: Iterable[object], out: TextIO, level: int = 0) -> None:
    """`values` as a JSON list, written one value at a time (never held).

    As `json_line(list(values), indent=1)` writes it at nesting `level`."""
    inner = "\n" + " " * (level + 1)
    separator = "[" + inner
    for value in values:
        out.write(separator + json_line(value, indent=1).replace("\n", inner))
        separator = "," + inner
    out.write("[]" if separator == "[" + inner else "\n" + " " * level + "]")
