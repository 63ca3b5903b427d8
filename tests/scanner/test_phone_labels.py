"""A phone number's label in prose (`Tel:+1 ...`) is no URL; `tel:` written as one is."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from urlint import extract
from urlint.scanner.labels import PHONE_SCHEMES, is_phone_label


def test_a_signature_s_labels_are_not_urls():
    text = (
        "James Cameron\nTel:+1(541)382-8588\nFAX:+1(541)382-8589\nPhone:+1 541 382 8590\n"
        "Fax: +1 541 382 8591\n"
    )
    assert extract(text) == []


def test_a_phone_url_written_as_one_is_read():
    text = (
        "call tel:+15413828588, <tel:+1-541-382-8588>, <URL:Tel:+15413828588> or fax:+15413828589\n"
    )
    assert [(c.url, c.wrapper and c.wrapper.value) for c in extract(text)] == [
        ("tel:+15413828588", None),
        ("tel:+1-541-382-8588", "angle"),
        ("Tel:+15413828588", "url"),
        ("fax:+15413828589", None),
    ]


def test_the_phone_schemes_are_the_scheme_table_s():
    assert PHONE_SCHEMES == frozenset({"tel", "fax"})


@given(
    name=st.sampled_from(["tel", "fax"])
    .flatmap(lambda name: st.tuples(*(st.sampled_from([ch, ch.upper()]) for ch in name)))
    .map("".join)
)
def test_any_capital_makes_a_label(name):
    text = f"{name}:+15413828588"
    assert is_phone_label(text, 0, len(name)) == (name != name.lower())
    assert [c.url for c in extract(text)] == ([] if name != name.lower() else [text])
