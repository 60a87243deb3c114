"""A quick start's first deal gives each seat its cards and receipts for any count of cards.

And a variant's quick start is looked up again after a registration (each variant's is kept by
its identity).

:func:`~primero.deal.start.first_deal` reads a four-card hand's receipts directly and any other
count through the general loop: both must deal as the core deals (one card at a time round the
table from the eldest, or each seat's packet together), each card received as ``("deal", 0,
its place among the cards dealt)``, the stock left after the cards dealt.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from primero import PrimeroError, Variant, get_variant
from primero.cards import parse_cards
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.start import first_deal, register_quick_start
from primero.deal.state import GameState, Seat
from primero.variants.primiera import PrimieraRules

NAMES = ["Anna", "Ben", "Carla"]


def _fresh(dealer: int) -> GameState:
    """A three-seat Primiera deal (seed 11) as before its first step: its stock, no card dealt."""
    state = start_deal(get_variant("primiera"), NAMES, 20, dealer=dealer, seed=11)
    return replace(state, seats=tuple(Seat(name=s.name, stack=20) for s in state.seats),
                   stock=state.setup.stock)


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_one_card_at_a_time_from_the_eldest_for_any_count(count: int) -> None:
    fresh = _fresh(dealer=1)  # the eldest is seat 2, then seat 0, then the dealer (seat 1)
    stock = fresh.stock
    deal = first_deal(fresh, fresh.seats, count)
    dealt = 3 * count
    assert [s.hand for s in deal.seats] == [stock[1:dealt:3], stock[2:dealt:3], stock[0:dealt:3]]
    assert [[(r.card, r.reason, r.after, r.order) for r in s.received] for s in deal.seats] == [
        [(stock[k], "deal", 0, k) for k in range(start, dealt, 3)] for start in (1, 2, 0)]
    assert deal.stock == stock[dealt:]
    assert [(s.name, s.stack) for s in deal.seats] == [(n, 20) for n in NAMES]


@pytest.mark.parametrize("count", [1, 3, 4])
def test_packets_together_from_the_eldest_for_any_count(count: int) -> None:
    fresh = _fresh(dealer=2)  # the eldest is seat 0
    stock = fresh.stock
    deal = first_deal(fresh, fresh.seats, count, together=True)
    assert [s.hand for s in deal.seats] == [stock[k * count:(k + 1) * count] for k in range(3)]
    assert [[r.order for r in s.received] for s in deal.seats] == [
        list(range(k * count, (k + 1) * count)) for k in range(3)]
    assert deal.stock == stock[3 * count:]


def test_a_card_outside_the_pack_is_refused_for_four_cards_and_for_three() -> None:
    fresh = _fresh(dealer=0)
    (eight,) = parse_cards("8s")  # not a card of the Italian pack
    assert eight not in fresh.stock
    stacked = replace(fresh, stock=(eight, *fresh.stock[1:]))
    for count in (3, 4):
        with pytest.raises(PrimeroError, match=r"^a quick start deals the cards of the "
                                               r"variant's pack$"):
            first_deal(stacked, stacked.seats, count)


class _Marker:
    """A plug-in with no hooks: a variant with it is not Primiera's built-in set of plug-ins."""


def test_a_quick_start_registered_later_starts_a_variant_already_dealt() -> None:
    base = get_variant("primiera")
    marked = Variant(spec=evolve(base.spec, name="primiera-marked",
                                 plugins=(*base.spec.plugins, _Marker())),
                     settings=base.settings)
    asked: list[int] = []

    def declines(fresh: GameState) -> GameState | None:
        asked.append(fresh.context.eldest)
        return None  # step by step after all

    before = start_deal(marked, NAMES, 20, dealer=0, seed=4)  # no quick start for it yet
    register_quick_start((PrimieraRules, _Marker), declines)
    after = start_deal(marked, NAMES, 20, dealer=0, seed=4)
    assert asked == [1]
    assert (after.seats, after.step_index, after.variant_state) == \
        (before.seats, before.step_index, before.variant_state)
