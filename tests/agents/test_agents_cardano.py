"""Computer players in Cardano's calling game: calls they can meet, under the variant's rule.

Measured over a fixed set of seeded three-player deals (30 chips each, stake 1, rest 3), the
same seeds in ``waks`` and ``cardano``; the showdown's verdict is the variant's own
(``CallBook.meets``, docs/rules/cardano.md), never the agent's.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import primero
from primero.actions import Vie
from primero.agents import HeuristicAgent, play_deal
from primero.deal.engine import start_deal
from primero.variants.cardano import call_book, last_call, parse_understatements

NAMES = ("Anna", "Ben", "Carla")
DEALS = 100
REST = 3


def measure(variant: primero.Variant) -> tuple[int, int, Counter[str], int, int]:
    """Showdowns, those carried over for an unmet call, winning classes, callers, met."""
    agents = [HeuristicAgent() for _ in NAMES]
    book = call_book(variant.ranking)
    rule = str(variant.options.get("call_rule", "at_least"))
    allowed = parse_understatements(str(variant.options.get("understatements", "none")))
    showdowns = unmet = callers = met = 0
    winners: Counter[str] = Counter()
    for i in range(DEALS):
        rng = random.Random(1000 + i)
        final = play_deal(start_deal(variant, NAMES, 30, dealer=2, rest=REST, rng=rng), agents,
                          rng)
        settlement = final.settlement
        assert settlement is not None
        if settlement.showdown:
            showdowns += 1
            unmet += settlement.reason.startswith("no hand met")
            last = last_call(final.history)
            if last is not None and last[0] in final.live:
                callers += 1
                met += book.meets(final.value(last[0]), last[1], rule=rule,
                                  understatements=allowed)
        if settlement.awards:
            top = max(settlement.awards, key=lambda a: a.amount)
            if len(final.seats[top.seat].hand) == 4:
                winners[final.value(top.seat).hand_class] += 1
    return showdowns, unmet, winners, callers, met


@pytest.fixture(scope="module")
def waks() -> tuple[int, int, Counter[str], int, int]:
    return measure(primero.get_variant("waks"))


@pytest.fixture(scope="module")
def cardano() -> tuple[int, int, Counter[str], int, int]:
    return measure(primero.get_variant("cardano"))


def test_few_showdowns_carry_over_for_an_unmet_call(cardano: tuple[int, int, Counter[str],
                                                                   int, int]) -> None:
    showdowns, unmet, *_ = cardano
    assert showdowns >= DEALS // 4
    assert unmet <= 0.05 * showdowns


def test_a_caller_meets_its_own_call_at_most_of_its_showdowns(
        cardano: tuple[int, int, Counter[str], int, int]) -> None:
    *_, callers, met = cardano
    assert callers >= DEALS // 5
    assert met >= 0.95 * callers


def test_numerus_wins_about_as_often_as_in_waks(
        waks: tuple[int, int, Counter[str], int, int],
        cardano: tuple[int, int, Counter[str], int, int]) -> None:
    """Among four-card hands that took a pot (showdown or not), same seeds and agents."""
    def share(winners: Counter[str]) -> float:
        return winners["Numerus"] / sum(winners.values())

    assert abs(share(cardano[2]) - share(waks[2])) <= 0.15


def test_a_four_card_call_names_the_hands_own_class() -> None:
    """Round 2, the first to speak holds a Primero: it vies calling a Primero it meets."""
    variant = primero.get_variant("cardano")
    mine = primero.parse_cards("7s 6h Ad 5c")  # Primero 21+18+16+15 = 70 points
    others = [c for c in variant.pack.cards if c not in mine]
    # dealt one at a time from Anna: A B C A B C (round 1), then A B C A B C
    stock = [mine[0], *others[0:2], mine[1], *others[2:4], mine[2], *others[4:6], mine[3],
             *others[6:8], *others[8:]]
    state = start_deal(variant, NAMES, 30, dealer=2, stock=stock)
    for text in ("pass", "pass", "pass", "exchange", "exchange", "exchange"):
        state = state.apply(text)
    assert state.step is not None and state.step.number == 2 and state.to_act == 0
    assert state.value(0).label == "Primero 70"
    book = call_book(variant.ranking)
    for seed in range(10):
        action = HeuristicAgent(bluff=0.0).act(state.view(0), random.Random(seed))
        if isinstance(action, Vie):
            assert action.call is not None and action.call.hand_class == "Primero"
            assert book.meets(state.value(0), action.call, rule="same_class")
