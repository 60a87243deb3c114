"""An exchange keeps the cards not thrown in the order held, the replacements after them.

A hand-worked Primiera deal from a stacked stock (docs/rules/dealing.md: one card at a time
from the eldest; an exchange served from the top of the stock): the fast exchange
(:func:`~primero.deal.fast_dealing.core_exchange`) and the checked hooks
(:func:`~primero.plugins.checks.checking_everything`) leave the same hand, the kept cards
first in the order they were held.
"""

from __future__ import annotations

import pytest

from primero import get_variant
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.plugins.checks import checking_everything

#: Anna (eldest) is dealt 7h 6h 5s Kh, Ben 2c 3c 4d Jc: nobody is served (neither hand holds
#: every suit, a flush or a 7-6-A of one suit). The stock then starts Ad 7c Qs 2d.
STOCK = ("7h 2c 6h 3c 5s 4d Kh Jc Ad 7c Qs 2d "
         "Ah 2h 3h 4h 5h Jh Qh 6c 7d 6d 5d 3d Jd Qd Kd Ac 4c 5c Qc Kc As 2s 3s 4s 6s 7s Js Ks")


@pytest.mark.parametrize("checked", [False, True])
@pytest.mark.parametrize(("thrown", "after"), [
    ("5s Kh", "7h 6h Ad 7c"),      # the last two: kept in place, two drawn
    ("7h 5s", "6h Kh Ad 7c"),      # the first and the third
    ("6h", "7h 5s Kh Ad"),         # one card from the middle
    ("7h 6h 5s Kh", "Ad 7c Qs 2d"),  # the whole hand
])
def test_an_exchange_keeps_the_other_cards_in_the_order_held(
        checked: bool, thrown: str, after: str) -> None:
    variant = get_variant("primiera")
    state = start_deal(variant, ["Anna", "Ben"], 50, dealer=1, stock=STOCK)
    assert state.seats[0].hand == tuple(parse_cards("7h 6h 5s Kh"))
    if checked:
        with checking_everything():
            state = state.apply(f"exchange {thrown}")
    else:
        state = state.apply(f"exchange {thrown}")
    assert state.seats[0].hand == tuple(parse_cards(after))
    assert state.seats[0].discarded == tuple(sorted(parse_cards(thrown), key=lambda c: c.index))
