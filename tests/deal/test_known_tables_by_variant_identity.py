"""The engine's checked tables are found by the variant's identity, not by comparing variants.

An equal variant made by hand (``Variant(spec=..., settings=...)``) is another object
(``get_variant`` gives the same one again); deals started with it must not walk
``Variant.__eq__`` (a deep comparison of the spec and rules) deal after deal, and must start
exactly as deals of the first object do.
"""

from __future__ import annotations

import pytest

import primero
from primero.deal.engine import start_deal
from primero.variant import Variant


def _deep_compare(self: Variant, other: object) -> bool:
    raise AssertionError("a variant was compared field by field")


def test_equal_variants_start_the_same_deal_without_comparing_variants(
        monkeypatch: pytest.MonkeyPatch) -> None:
    first = primero.get_variant("primiera")
    second = Variant(spec=first.spec, settings=first.settings)
    assert first is not second and first == second
    before = start_deal(first, ["Anna", "Ben"], 50, dealer=1, seed=7)
    start_deal(second, ["Anna", "Ben"], 50, dealer=1, seed=8)  # (its rules: built once)
    monkeypatch.setattr(Variant, "__eq__", _deep_compare)
    again = start_deal(first, ["Anna", "Ben"], 50, dealer=1, seed=7)
    other = start_deal(second, ["Anna", "Ben"], 50, dealer=1, seed=7)
    monkeypatch.undo()
    assert other.variant is second and again.variant is first
    assert other == before and again == before
    assert [s.hand for s in other.seats] == [s.hand for s in before.seats]


def test_a_variant_with_other_options_gets_its_own_table() -> None:
    plain = primero.get_variant("waks")
    ante = primero.get_variant("primiera")
    start_deal(plain, ["Anna", "Ben"], 50, dealer=1, seed=3)
    with pytest.raises(primero.PrimeroError, match="no ante"):
        start_deal(plain, ["Anna", "Ben"], 50, dealer=1, ante=2, seed=3)
    state = start_deal(ante, ["Anna", "Ben"], 50, dealer=1, ante=2, seed=3)
    assert sum(s.contributed for s in state.seats) >= 4
