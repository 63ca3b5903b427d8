"""Text as a terminal may show it.

What every output, and the linter's diff, does to input text before writing it.

`printable` writes control characters, escape sequences and other characters a terminal
would act on as Python-style escapes (an ESC can set a terminal's title, and OSC 52 write
its clipboard), and never starts a line with "::", which a GitHub Actions runner would take
as a workflow command; `shown` masks passwords first (grammar.login, RFC 1738 section 6).
Here, below the linter and the outputs, so that both reach it (output.printable holds the
JSON side)."""

from __future__ import annotations

from .login import mask_password


def printable(text: str) -> str:
    """`text` as a terminal may show it, every character that is not printable escaped.

    Controls but tab, line and paragraph separators and format characters are written as
    \\xNN, \\uNNNN or \\UNNNNNNNN."""
    if not text.isprintable():
        text = "".join(
            char if char.isprintable() or char == "\t" else _escape(char) for char in text
        )
    if text.startswith("::"):
        text = "\\x3a" + text[1:]  # never a workflow command
    return text


def _escape(char: str) -> str:
    code = ord(char)
    if code in NAME_BYTES:  # a byte of a name that is not UTF-8 (output.printable.masked_text)
        return NAME_BYTES[code]
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def shown(text: str) -> str:
    """Input text for a text format: passwords masked, then made printable."""
    return printable(mask_password(text))


# A name that is not UTF-8 (a file's, an archive member's) holds each byte that is not as a
# lone surrogate, U+DC80 to U+DCFF (os.fsdecode's surrogateescape, PEP 383), which no UTF-8
# output can write: JSON wrote "caf?.txt" for the file caf\xe9.txt, SQLite refused it.
# (A table for str.translate, not a pattern: a hook's run compiles none it need not. Built
# by C loops, "\\x80" to "\\xff" from bytes.hex: a comprehension was 128 Python steps at
# every start-up, python -X importtime.)
NAME_BYTES = dict(
    zip(
        range(0xDC80, 0xDD00),
        map("\\x".__add__, bytes(range(0x80, 0x100)).hex(" ").split()),
        strict=True,
    )
)


__all__ = ["NAME_BYTES", "printable", "shown"]
