"""A phone number's label in prose (`Tel:+1(541)382-8588`), told from a `tel:` URL.

A signature writes `Tel:+1(541)382-8588`, `FAX:+44 20 7946 0000`: the word people put
before a number, with its capital, and no URL. RFC 3966's scheme (and RFC 2806's `fax`,
which it replaced) is written in lower case where the text means a URL, as RFC 3986
section 3.1 asks of every scheme ("should only produce lowercase scheme names"). So a
bare phone scheme written with a capital is a label; in lower case (`tel:+15413828588`)
or inside a wrapper (`<tel:+1-541-382-8588>`, `<URL:Tel:+1...>`, which the scanner reads
as wrappers, never through this) it is a URL. A label without a number after it
(`Phone: 555-0100`, `fax:408-555-0100`) was never one: grammar.schemes' phone_shaped.
"""

from __future__ import annotations

from ..grammar.schemes import SCHEMES, phone_shaped

# The schemes whose URL is a phone number (grammar.schemes: RFC 3966's shape).
PHONE_SCHEMES = frozenset(name for name, spec in SCHEMES.items() if spec.bare_shape is phone_shaped)


def is_phone_label(text: str, start: int, colon: int) -> bool:
    """Is text[start:colon], a scheme's name before a bare URL's colon, a phone number's
    label in prose (a phone scheme written with a capital) rather than a URL's scheme?"""
    name = text[start:colon]
    return not name.islower() and name.lower() in PHONE_SCHEMES
