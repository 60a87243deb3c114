"""Suzuki's passes spelt out fast (:mod:`primero.deal.pass_exchange`) as the composition gives them.

:func:`~primero.deal.pass_exchange.bets_with_passes` gives, value for value and in order, what
:func:`~primero.deal.fast_dealing.bets_with_exchanges` gives (the betting tuple with its plain
pass replaced by one pass per exchange of one to ``most`` cards of the hand), at every betting
decision of random Suzuki deals; the legal actions the checked rules give with every answer
checked are the same; and an answer is shared, not made again, for the same hand and tuple.
"""

from __future__ import annotations

import random
from itertools import combinations

from primero import get_variant
from primero.actions import Pass, Vie
from primero.cards import parse_cards
from primero.deal.engine import start_deal
from primero.deal.fast_betting import fast_legal_actions
from primero.deal.fast_dealing import bets_with_exchanges
from primero.deal.pass_exchange import bets_with_passes, hand_passes
from primero.plugins.checks import checking_everything, composed_of

PLAYERS = ["Anna", "Ben", "Carla", "Dan", "Eva"]


def test_every_suzuki_betting_decision_gets_the_compositions_passes() -> None:
    variant = get_variant("suzuki")
    decisions = spelt = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 4]
        state = start_deal(variant, players, [3, 8, 20][seed % 3], dealer=seed % len(players),
                           seed=seed)
        while not state.over:
            if state.step is not None and state.step.kind == "bet":
                bets = fast_legal_actions(state)
                for most in (1, 2, 3):
                    fast = bets_with_passes(state, bets, most)
                    assert fast == bets_with_exchanges(state, bets, most)
                    assert bets_with_passes(state, bets, most) is fast  # shared, not made again
                    assert composed_of(fast) == (bets, state.seats[state.to_act].hand)
                legal = state.legal_actions()
                assert legal == bets_with_passes(state, bets, 2)
                with checking_everything():
                    state.context.rules.legal_actions(state)  # every answer checked: no fault
                decisions += 1
                spelt += len(legal) > len(bets)
            state = state.apply(rng.choice(state.legal_actions()))
    assert decisions > 300 and spelt > 200


def test_a_hands_passes_are_its_exchanges_of_one_then_two_cards_in_hand_order() -> None:
    hand = parse_cards("7s 6d Ah 5c")
    passes = hand_passes(hand, 2)
    assert [p.exchange for p in passes] == [
        Pass.from_cards(cards).exchange for k in (1, 2) for cards in combinations(hand, k)]
    assert len(passes) == 10
    assert hand_passes(tuple(reversed(hand)), 2)[0] is passes[3]  # one pass per set of cards
    assert [len(p.exchange) for p in hand_passes(hand, 3)] == [1] * 4 + [2] * 6 + [3] * 4
    assert hand_passes(hand[:3], 2) == tuple(passes[k] for k in (0, 1, 2, 4, 5, 7))


def test_a_betting_tuple_without_a_plain_pass_is_given_back_as_it_is() -> None:
    state = start_deal(get_variant("suzuki"), PLAYERS[:2], 20, seed=1)
    bets = (Vie(1), Vie(2), Pass(exchange=parse_cards("7s")))
    assert bets_with_passes(state, bets, 2) is bets
