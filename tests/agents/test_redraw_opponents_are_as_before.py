"""The declare-and-redraw opponents (``FinalHands``) are built faster and answer as before.

The discard each sampled opponent throws is chosen from every discard's mean strength; the
quick path gives the same means, to the last bit, as ``Strength.after_exchange`` (the path
it replaces) on sampled hands of two packs, and the same choice. The built table is the
one the earlier code built: its digest and a few of its sums were taken from that code.
"""

from __future__ import annotations

import hashlib
import random
from itertools import combinations

import pytest

import primero
from primero.agents.redraw import FinalHands, _BestDiscard
from primero.agents.strength import Strength
from primero.hands import HAND_SIZE

DISCARDS = [d for k in range(HAND_SIZE + 1) for d in combinations(range(HAND_SIZE), k)]


@pytest.mark.parametrize(("name", "hands"), [("primiera", 60), ("toy", 100)])
def test_each_discards_mean_is_the_one_after_exchange_gives(name: str, hands: int) -> None:
    variant = primero.get_variant(name)
    advice = variant.rules.agent_advice
    table = Strength.of(variant.ranking, advice.never_wins)
    quick = _BestDiscard(table)
    rng = random.Random(7)
    pack = list(variant.ranking.pack.cards)
    for _ in range(hands):
        hand = rng.sample(pack, HAND_SIZE)
        options_ = [tuple(hand[i] for i in d) for d in DISCARDS]
        slow = [table.after_exchange(hand, d) for d in options_]
        assert quick.means(hand) == slow
        chosen = max(options_, key=lambda d: (table.after_exchange(hand, d), -len(d)))
        assert options_[quick.of(hand)] == chosen


def test_a_tie_throws_the_fewest_cards() -> None:
    variant = primero.get_variant("primiera")
    quick = _BestDiscard(Strength.of(variant.ranking, variant.rules.agent_advice.never_wins))
    quick.means = lambda hand: [0.25] * len(DISCARDS)  # type: ignore[method-assign]
    assert quick.of(variant.ranking.pack.cards[:HAND_SIZE]) == 0


def test_the_primiera_opponents_are_the_ones_built_before() -> None:
    variant = primero.get_variant("primiera")
    found = FinalHands(variant.ranking, variant.rules.agent_advice)
    # taken from the code before the quick path (4000 hands, seed 1)
    assert found.hands == [0, 3390, 610, 0, 0]
    totals = found._totals
    assert hashlib.sha256(repr(totals).encode()).hexdigest() == (
        "53aaf080db36cb21fa9e42d54fc46d63c011773268bd83f92b315dbbc13fb59c")
    assert totals[1][0] == 2506.416666670194
    assert totals[2][0] == 512.2317460286432
