"""Variant specs and configured variants (primero.variant)."""

from __future__ import annotations

import pytest

import primero
from primero import ITALIAN40, InvalidOptionError, Variant, VariantSpec, get_variant
from primero.cards import FRENCH52
from primero.variants.waks import WAKS

WAKS_DEFAULTS = (
    ("deck", "italian40"), ("supremus", True), ("chorus", True),
    ("numerus_counts", "best_suit"), ("high_primero_beats_fluxus", False), ("tie", "eldest"),
    ("play_direction", "counter-clockwise"), ("deal_passes", "with_play"),
)


def test_waks_spec() -> None:
    spec = get_variant().spec
    assert (spec.name, spec.title, spec.aliases, spec.players) == (
        "waks", "Waks English Primero", ("english", "primero"), (2, 6))
    assert [o.name for o in spec.options] == [name for name, _ in WAKS_DEFAULTS]
    assert spec.option("deck").choices == ("italian40", "spanish48", "french52")
    with pytest.raises(KeyError):
        spec.option("nope")
    assert primero.registry().provider(spec) == "primero.variants.waks"


def test_configured_variant() -> None:
    variant = get_variant()
    assert isinstance(variant, Variant)
    assert variant.name == "waks"
    assert variant.settings == WAKS_DEFAULTS
    assert dict(variant.options) == dict(WAKS_DEFAULTS)
    assert variant.option("tie") == "eldest"
    assert str(variant) == "waks"
    assert variant.describe_options() == "defaults"
    assert variant.pack is ITALIAN40
    with pytest.raises(KeyError, match="variant 'waks' has no option 'zzz'"):
        variant.option("zzz")
    with pytest.raises(TypeError):
        variant.options["tie"] = "split"  # type: ignore[index]


def test_options_change_name_and_equality() -> None:
    variant = get_variant("waks", supremus="off", tie="split", deck="french52")
    assert str(variant) == "waks (deck=french52, supremus=false, tie=split)"
    assert variant.pack is FRENCH52
    assert variant != get_variant()
    assert variant.with_options(supremus=True, tie="eldest", deck="italian40") == get_variant()
    assert hash(get_variant("English")) == hash(get_variant())
    with pytest.raises(InvalidOptionError, match=r"^option 'tie': bad value 'coin'"):
        variant.with_options(tie="coin")


def test_spec_configure_validates() -> None:
    with pytest.raises(InvalidOptionError) as info:
        WAKS.configure(deck="tarot78")
    assert str(info.value) == (
        "option 'deck': bad value 'tarot78'; allowed: 'italian40', 'spanish48', 'french52'"
    )


def test_spec_converts_sequences() -> None:
    spec = VariantSpec(name="x", title="X", summary="", sources=["a"], aliases=["Y"],
                       options=[], plugins=[])
    assert (spec.sources, spec.aliases, spec.options, spec.plugins) == (("a",), ("Y",), (), ())


def test_a_variant_repr_evaluates_to_an_equal_variant() -> None:
    assert repr(get_variant()) == "get_variant('waks')"
    assert repr(get_variant("English")) == "get_variant('waks')"  # an alias: the name
    changed = get_variant("waks", tie="split", supremus="off")
    assert repr(changed) == "get_variant('waks', supremus=False, tie='split')"
    assert eval(repr(changed), {"get_variant": get_variant}) == changed
    cardano = get_variant("cardano", call_rule="at_least")
    assert eval(repr(cardano), {"get_variant": get_variant}) == cardano


def test_a_variant_get_variant_cannot_make_again_has_a_short_repr() -> None:
    spec = VariantSpec(name="x", title="X", summary="a long summary " * 50)
    assert repr(spec.configure()) == "<Variant x>"
    housed = Variant(spec=WAKS, settings=get_variant("waks", tie="split").settings,
                     house_rules=(object(), object()))
    assert repr(housed) == "<Variant waks tie=split +2 house rules>"


def test_a_spec_repr_is_one_line_without_the_summary() -> None:
    assert repr(WAKS) == "<VariantSpec waks: Waks English Primero, 2-6 players>"
    spec = VariantSpec(name="x", title="X", summary="a long summary " * 50, players=(3, 5))
    assert repr(spec) == "<VariantSpec x: X, 3-5 players>"
