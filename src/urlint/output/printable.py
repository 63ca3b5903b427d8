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
- in JSON formats, `json_line`: the content stays exact, JSON-escaped, and the characters
  that break line-oriented readers (U+2028, U+2029, U+0085) or reach a terminal raw (DEL,
  C1 controls) are written as \\u escapes too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..grammar.display import NAME_BYTES
from ..grammar.login import mask_password

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO

# JSON with ensure_ascii=False leaves these raw; a reader that splits lines with
# str.splitlines() breaks at U+2028/U+2029/U+0085, and a terminal acts on C1 controls.
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029]")


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
    if _JSON_RAW.search(text):
        text = _JSON_RAW.sub(_u_escape, text)
    return text


def json_string(text: str | None) -> str:
    """`text` as `json_line(text)` writes it (None as null), without json.dumps.

    Without json.dumps' cost of making an encoder for each value: a line made of these is
    the same text."""
    if text is None:
        return "null"
    text = _quoted(text)
    # of _JSON_RAW, ASCII has only DEL: two tests quicker than the search (most URLs)
    if (not text.isascii() or "\x7f" in text) and _JSON_RAW.search(text):
        text = _JSON_RAW.sub(_u_escape, text)
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


def _u_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def write_json_list(values: Iterable[object], out: TextIO, level: int = 0) -> None:
    """`values` as a JSON list, written one value at a time (never held).

    As `json_line(list(values), indent=1)` writes it at nesting `level`."""
    inner = "\n" + " " * (level + 1)
    separator = "[" + inner
    for value in values:
        out.write(separator + json_line(value, indent=1).replace("\n", inner))
        separator = "," + inner
    out.write("[]" if separator == "[" + inner else "\n" + " " * level + "]")
