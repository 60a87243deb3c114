"""The same variant name and options give the same (immutable) variant object again.

What the engine keeps per variant (a table's start recipe, its checked setup) is keyed by the
variant's identity, so ``start_deal("waks", ...)`` at every deal must meet the same object.
"""

from __future__ import annotations

import itertools

import attrs

from primero import get_variant, start_deal
from primero.plugins.registry import registry
from primero.variant import MADE_KEPT


def test_the_same_name_and_options_give_the_same_variant() -> None:
    assert get_variant("waks") is get_variant("WAKS")
    assert get_variant("waks", supremus=False) is get_variant("waks", supremus=False)
    assert get_variant("waks", supremus=True) is get_variant("waks")  # the default spelt out


def test_other_options_or_another_variant_give_another_object() -> None:
    assert get_variant("waks", supremus=False) is not get_variant("waks")
    assert get_variant("waks", supremus=False) != get_variant("waks")
    assert get_variant("cardano") is not get_variant("waks")


def test_a_deal_started_by_name_uses_the_variant_get_variant_gives() -> None:
    state = start_deal("waks", ["Anna", "Ben"], 20, seed=3)
    assert state.variant is get_variant("waks")


def test_an_equal_copy_of_a_spec_gives_a_variant_of_its_own() -> None:
    spec = registry().spec("waks")
    twin = attrs.evolve(spec)
    assert twin == spec and twin is not spec
    made = twin.configure()
    assert made.spec is twin and made is twin.configure()
    assert spec.configure().spec is spec


def test_only_the_newest_variants_are_kept() -> None:
    first = get_variant("revival")
    switches = ("supremus", "chorus", "high_primero_beats_fluxus", "exchange_first")
    others = 0
    for values in itertools.product((False, True), (False, True), (False, True),
                                    (False, True), (1, 2, 3), ("eldest", "split"),
                                    ("one", "any"), ("best_suit", "all")):
        options = dict(zip(switches, values[:4], strict=True))
        options.update(rounds=values[4], tie=values[5], supremus_suits=values[6],
                       numerus_counts=values[7])
        if get_variant("revival", **options) is not first:
            others += 1
        if others > MADE_KEPT:
            break
    assert others > MADE_KEPT
    again = get_variant("revival")
    assert again == first and again is not first
