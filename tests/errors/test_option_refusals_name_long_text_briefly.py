"""A malformed option, a long variant text or a non-variant is named briefly, never echoed whole."""

from __future__ import annotations

import pytest

from primero.deal.engine import start_deal
from primero.errors import InvalidOptionError, PrimeroError
from primero.options import parse_option_args
from primero.plugins.registry import resolve_variant


def test_an_option_without_equals_is_named_by_its_start_and_length() -> None:
    with pytest.raises(InvalidOptionError) as caught:
        parse_option_args(["a" * 5000])
    message = str(caught.value)
    assert message == ("bad option " + repr("a" * 40) + "... (5,000 characters): expected "
                       "KEY=VALUE, e.g. supremus=false")


def test_a_long_key_given_twice_is_named_by_its_start_and_length() -> None:
    key = "k" * 300
    with pytest.raises(InvalidOptionError) as caught:
        parse_option_args([f"{key}=1", f"{key}=2"])
    assert str(caught.value) == "option " + repr("k" * 40) + "... (300 characters) given twice"


def test_a_short_bad_option_is_quoted_whole() -> None:
    with pytest.raises(InvalidOptionError, match=r"^bad option 'tie': expected "):
        parse_option_args(["tie"])


def test_a_long_variant_text_with_a_bad_option_is_named_briefly() -> None:
    text = "waks:" + "a" * 5000
    with pytest.raises(InvalidOptionError) as caught:
        resolve_variant(text)
    assert str(caught.value) == (
        "bad option " + repr("a" * 40) + "... (5,000 characters) in " + repr(text[:40])
        + "... (5,005 characters): expected name:key=value,key=value")


def test_a_long_non_variant_given_to_start_deal_is_named_by_its_type() -> None:
    with pytest.raises(PrimeroError) as caught:
        start_deal(["x" * 10000], ["Ann", "Ben"], seed=1)  # type: ignore[arg-type]
    assert str(caught.value) == "variant must be a Variant or a variant name, got a list"
