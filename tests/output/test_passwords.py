"""Passwords never shown (RFC 1738 sections 3.1 and 6)."""

from __future__ import annotations

import pytest

from urlint import mask_password


@pytest.mark.parametrize(
    ("url", "masked"),
    [
        ("ftp://fred:secret@host.example/pub", "ftp://fred:****@host.example/pub"),
        ("telnet://fred:s3cr3t@host.example:23/", "telnet://fred:****@host.example:23/"),
        ("http://fred:1234@host.example", "http://fred:****@host.example"),
        ("ftp://:secret@host.example/", "ftp://:****@host.example/"),
        # unencoded delimiters in the password (R301) must not leak it
        ("ftp://fred:pa/ss@host.example/x", "ftp://fred:****@host.example/x"),
        ("ftp://fred:pa@ss@host.example/x", "ftp://fred:****@host.example/x"),
        ("ftp://fred:p?w@host.example/", "ftp://fred:****@host.example/"),
        # nothing to hide
        ("ftp://fred:@host.example/", "ftp://fred:@host.example/"),
        ("ftp://fred@host.example/", "ftp://fred@host.example/"),
        ("http://host.example:8080/path", "http://host.example:8080/path"),
        ("http://host.example:8080/a@b", "http://host.example:8080/a@b"),
        ("http://host.example/a:b", "http://host.example/a:b"),
        ("mailto:joe@host.example", "mailto:joe@host.example"),
        ("news:comp.infosystems.www", "news:comp.infosystems.www"),
    ],
)
def test_mask_password(url, masked):
    assert mask_password(url) == masked
