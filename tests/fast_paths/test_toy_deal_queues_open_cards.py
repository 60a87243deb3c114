"""The toy's deal step queues its open cards with the hidden ones: the same deal as the sheet's.

Where the stock holds every open card and the cards come from the stock, the toy's
``primero_deal_cards`` moves the open cards to the top of the stock and queues them, face up,
before the hidden cards, for the engine to deal in one delivery. The references: each open card
taken out of the stock by itself and dealt face up, then the hidden cards dealt one at a time
from the eldest (docs/adapters/toy.md), and hands worked out from the stock by hand.
"""

from __future__ import annotations

import random
from typing import Any

from primero import get_variant
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.state import FACE_UP, Delivery, GameState, Seat
from primero.rules.dealing import deliver, queue
from primero.variants.toy import OPEN_CARDS, ToyRules

PLAYERS = ["Anna", "Ben"]


def _facts(state: GameState) -> tuple[Any, ...]:
    return (state.seats, state.stock, state.discards, state.pending, state.reshuffles,
            state.step_index, state.to_act, state.over, state.history)


def _before_the_deal(seed: int, stock: tuple[Any, ...] | None) -> GameState:
    """A toy deal's state before its cards come (antes in, nothing dealt)."""
    dealt = start_deal("toy", PLAYERS, 10, dealer=seed % 2, seed=seed)
    seats = tuple(Seat(name=s.name, stack=s.stack, contributed=s.contributed)
                  for s in dealt.seats)
    cards = dealt.setup.stock if stock is None else stock
    return GameState(context=dealt.context, seats=seats, stock=cards)


def _by_the_sheet(state: GameState) -> GameState:
    order = tuple(state.playing_order())
    for place, seat in enumerate(order):
        for card in parse_cards(" ".join(OPEN_CARDS[place])):
            state = deliver(queue(state, (Delivery(seat, FACE_UP),)), card)
    for _ in range(2):
        for seat in order:
            state = deliver(queue(state, (Delivery(seat, "deal"),)))
    return state


def test_the_deal_step_answer_delivered_equals_the_cards_dealt_by_the_sheet() -> None:
    rng = random.Random(11)
    variant = get_variant("toy")
    pack = variant.pack.cards
    rules = ToyRules()
    for seed in range(200):
        stock = tuple(rng.sample(pack, len(pack))) if seed % 2 else None
        state = _before_the_deal(seed, stock)
        answer = rules.primero_deal_cards(state, variant, 4)
        assert _facts(deliver(answer)) == _facts(_by_the_sheet(state))


def test_a_stacked_toy_deal_gives_the_hands_worked_out_from_the_stock() -> None:
    # dealer Ben (seat 1), so Anna is eldest: 7s 6d open, then the 1st and 3rd hidden cards
    stock = parse_cards("As 7s Ah 6h 7h 6s 5d 6d 5c 6c")
    state = start_deal("toy", PLAYERS, 10, dealer=1, stock=stock)
    anna, ben = state.seats
    assert anna.hand == parse_cards("7s 6d As 6h")
    assert ben.hand == parse_cards("7h 6c Ah 6s")
    assert state.stock == parse_cards("5d 5c")
    assert [r.reason for r in anna.received] == [FACE_UP, FACE_UP, "deal", "deal"]
    assert [r.card for r in ben.received] == list(parse_cards("7h 6c Ah 6s"))
