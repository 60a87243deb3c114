"""The exchanges of a hand built from the table of subsets equal the straightforward ones.

:func:`primero.actions.exchange_actions` sorts a hand once and places its subsets by a table
kept for each order of the hand's cards. The expected tuples here are built the plain way:
every ``itertools.combinations`` subset of the hand as held, each sorted into pack order.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

from primero.actions import Exchange, exchange_actions
from primero.cards import CARDS_BY_INDEX, Card, parse_cards
from primero.deal.engine import start_deal


def _pack_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


def _plain(hand: tuple[Card, ...]) -> tuple[Exchange, ...]:
    return tuple(Exchange(_pack_order(subset))
                 for k in range(len(hand) + 1) for subset in combinations(hand, k))


def test_random_hands_of_zero_to_six_cards_give_the_plain_exchanges_in_order() -> None:
    rng = random.Random(20261206)
    for size in range(7):
        for _ in range(300):
            hand = tuple(rng.sample(CARDS_BY_INDEX, size))
            made = exchange_actions.__wrapped__(hand)
            assert made == _plain(hand)
            assert [type(a) for a in made] == [Exchange] * (1 << size)


def test_every_order_of_four_cards_gives_the_plain_exchanges_in_order() -> None:
    for hand in permutations(parse_cards("7s 6h Ad Kc")):
        assert exchange_actions.__wrapped__(hand) == _plain(hand)


def test_a_hand_of_7s_6h_ad_kc_held_backwards_lists_its_exchanges_by_its_own_order() -> None:
    hand = parse_cards("Kc Ad 6h 7s")  # pack order: spades, hearts, diamonds, clubs
    made = exchange_actions(hand)
    assert [str(a) for a in made[:7]] == [
        "exchange", "exchange Kc", "exchange Ad", "exchange 6h", "exchange 7s",
        "exchange Ad Kc", "exchange 6h Kc"]
    assert str(made[-1]) == "exchange 7s 6h Ad Kc"
    assert exchange_actions(hand) is made  # cached: the same tuple for the same hand


def test_each_exchange_holds_its_cards_in_pack_order() -> None:
    rng = random.Random(7)
    for _ in range(200):
        hand = tuple(rng.sample(CARDS_BY_INDEX, 4))
        for action in exchange_actions.__wrapped__(hand):
            assert isinstance(action, Exchange)
            indices = [c.index for c in action.discards]
            assert indices == sorted(indices)


def test_a_primiera_exchange_decision_lists_the_kept_tuple_of_its_hand() -> None:
    # the action space knows a hand's exchanges by this identity (ids by mask, in order)
    for seed in range(40):
        state = start_deal("primiera", ["Ann", "Ben", "Cid"], 50, seed=seed)
        if state.over:
            continue
        hand = state.seats[state.to_act].hand
        assert state.legal_actions() is exchange_actions(hand)
        first = state.legal_action_ids()[0]
        assert state.legal_action_ids() == tuple(range(first, first + 16))
