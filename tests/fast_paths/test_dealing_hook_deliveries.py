"""A dealing hook's queued cards are checked where the façade receives them.

seat indices in range; a fault is one PluginError naming plug-in and hook.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from primero import PluginError, hookimpl, start_deal
from primero.deal.copying import replace
from primero.deal.state import Delivery
from primero.rules.dealing import deal_round
from primero.variants.waks import WAKS


class ToSeat99:
    @hookimpl
    def primero_deal_cards(self, state: Any, variant: Any, count: int) -> Any:
        return replace(state, pending=(Delivery(seat=99, reason="deal"),))


class ThirtyEach:
    @hookimpl
    def primero_deal_cards(self, state: Any, variant: Any, count: int) -> Any:
        return deal_round(state, 30)


class NotADelivery:
    @hookimpl
    def primero_deal_cards(self, state: Any, variant: Any, count: int) -> Any:
        return replace(state, pending=((0, "deal"),))


def as_variant(rule: object) -> Any:
    return attrs.evolve(WAKS, name=type(rule).__name__.lower(), aliases=(),
                        plugins=(rule,)).configure()


@pytest.mark.parametrize(("rule", "tail"), [
    (ToSeat99(), "queued a card for seat 99 (int); expected the seat (0..2) of a player "
                 "still in"),
    (ThirtyEach(), "queued 90 cards; expected at most the 40 the stock, the discards and the "
                   "folded hands hold"),
    (NotADelivery(), "queued (0, 'deal'); expected a Delivery (state.pending)"),
], ids=["seat-99", "ninety-cards", "not-a-delivery"])
@pytest.mark.parametrize("dealing", ["seeded", "external"])
def test_bad_deliveries_are_named(rule: object, tail: str, dealing: str) -> None:
    variant = as_variant(rule)
    kwargs: dict[str, Any] = {"seed": 1} if dealing == "seeded" else {"dealing": "external"}
    with pytest.raises(PluginError) as info:
        start_deal(variant, ["A", "B", "C"], 20, **kwargs)
    label = f"{__name__}.{type(rule).__name__}"
    assert (info.value.hook, info.value.plugin) == ("primero_deal_cards", label)
    assert info.value.detail == (f"plug-in {label}, hook primero_deal_cards (variant "
                                 f"{type(rule).__name__.lower()!r}): {tail}")
