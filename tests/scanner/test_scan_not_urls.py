"""What only looks like a URL: program text, vCard parameters, "data:" in prose."""

from __future__ import annotations

from urlint import extract


def test_a_scheme_after_a_double_colon_is_program_text_but_not_before_slashes():
    # A C++, Rust, Ruby or Perl name is never followed by "://": `Net::FTP::ftp://x` holds
    # the URL `ftp://x` (as AsciiDoc's `include::https://...[]` does), `Foo::news:` none.
    assert [
        c.url
        for c in extract(
            "Foo::Data::Bar, std::string, Foo::news:x and Net::FTP::ftp://x and "
            "http://ok.example/\n"
        )
    ] == ["ftp://x", "http://ok.example/"]


def test_vcard_and_icalendar_parameters_are_no_urls_but_their_url_values_are():
    text = (
        "TEL;TYPE=fax:+15551234\nTEL;type=WORK;type=FAX:+15551235\n"
        "ATTENDEE;CN=John:mailto:john@example.com\nfax:+15551236\n"
    )
    assert [(c.url, c.span.start.line, c.span.start.column) for c in extract(text)] == [
        ("mailto:john@example.com", 3, 18),
        ("fax:+15551236", 4, 1),
    ]


def test_data_urls_need_rfc_2397s_shape():
    text = (
        "Data:12 items, data:text and data:text/plain,hi data:,x data:image/png;base64,iVBO "
        "data:;charset=utf-8,a\n"
    )
    assert [c.url for c in extract(text)] == [
        "data:text/plain,hi",
        "data:,x",
        "data:image/png;base64,iVBO",
        "data:;charset=utf-8,a",
    ]


def test_wrappers_that_hold_no_url_yield_nothing():
    text = (
        'the `<URL:` prefix, an elided <URL:...>, <http://...>, <URL:"name">, <URL:\u2026> and <URL:http://ok.example/>\n'
        "<mailto:begin 644 notes.txt> and "
        "<x-data:M9V5T(&)E=&%L;F%M90T*M9V5T(&)E=&%L;F%M90T*M9V5T(&)E>\n"
        "<news:comp.lang<b>\n"
    )
    assert [(c.url, c.span.start.line) for c in extract(text)] == [
        ("http://ok.example/", 1),
        ("news:comp.lang", 3),
    ]


def test_one_dot_after_a_scheme_is_a_url_only_where_section_5_reads_one():
    # mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar (section 5): "mailto:."
    # is grammatical; "http://." (no host), "news:." (no group) and "ftp:." are elisions.
    text = (
        "<URL:mailto:.> <URL:mailto:..> <URL:.> <URL:news:\u2026> <URL:http://.> <http://.>"
        " <URL:ftp:.> <URL:news:.>\n"
    )
    assert [(c.url, c.span.start.column) for c in extract(text)] == [("mailto:.", 6)]


def test_tel_and_fax_need_rfc_3966s_shape():
    # A global number, or a local one with its phone-context; "fax:408-555-0100" in a
    # signature is a label and a number, and vCard 2.1's `TEL;FAX:` a property.
    text = (
        "office:408-555-0199, fax:408-555-0100 phone:(415)555-0123 fax:(415)555-0124\n"
        "tel;fax:301-555-0101\n"
        "tel:+1-816-555-1212 fax:+358.555.1234567 tel:7042;phone-context=example.com\n"
    )
    assert [c.url for c in extract(text)] == [
        "tel:+1-816-555-1212",
        "fax:+358.555.1234567",
        "tel:7042;phone-context=example.com",
    ]
