"""The strength table, built from the hand table's arrays, equals a walk over every hand.

The expected values are worked the slow, obvious way: every four-card hand of the pack in
turn, valued one at a time by ``ranking.evaluate`` (its sort key and class), its share counted
from how many hands have a smaller key and how many the same one (ties half), its table index
its colexicographic rank worked from the cards' positions in the pack, its mask the OR of its
card bits. Nothing of :class:`Strength`'s own build is read for the expectation.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

import primero
from primero.agents import Strength
from primero.cards import Card

#: variant, the pack it plays with, the classes that never win (Primiera's ``Nothing``).
CASES = [
    ("waks", "italian40", frozenset()),  # the default ranking, 40 cards
    ("roman", "french52", frozenset()),  # the whole 52-card pack
    ("losing", "italian40", frozenset()),  # a ranking turned upside down: the low hand wins
    ("primiera", "italian40", frozenset({"Nothing"})),  # a class that can never win
]


def walk(variant: str, losing: frozenset[str]) \
        -> tuple[int, dict[int, float], dict[int, int], dict[int, tuple[int, int]]]:
    """Per mask: the share beaten (ties half), the table index, (strength, class id)."""
    ranking = primero.get_variant(variant).ranking
    table = ranking.hand_table
    pack = ranking.pack
    hands: list[tuple[Card, ...]] = list(combinations(pack.cards, 4))
    values = [ranking.evaluate(hand) for hand in hands]
    keys = [value.key for value in values]
    ties = Counter(keys)
    below: dict[tuple[int, ...], int] = {}
    weaker = 0
    for key in sorted(ties):
        below[key] = weaker
        weaker += ties[key]
    shares: dict[int, float] = {}
    indices: dict[int, int] = {}
    facts: dict[int, tuple[int, int]] = {}
    for hand, value, key in zip(hands, values, keys, strict=True):
        mask = 0
        for card in hand:
            mask |= 1 << card.index
        never = value.hand_class in losing
        shares[mask] = 0.0 if never else (below[key] + ties[key] / 2) / len(hands)
        places = sorted(pack.positions[card.index] for card in hand)
        indices[mask] = sum(comb(p, k) for k, p in enumerate(places, start=1))
        facts[mask] = (value.strength, table.classes.index(value.hand_class))
    return len(hands), shares, indices, facts


@pytest.mark.parametrize(("variant", "pack", "losing"), CASES)
def test_every_hand_has_the_share_and_index_a_walk_over_the_pack_gives(
        variant: str, pack: str, losing: frozenset[str]) -> None:
    ranking = primero.get_variant(variant).ranking
    assert ranking.pack.name == pack
    count, shares, indices, facts = walk(variant, losing)
    assert count == comb(len(ranking.pack), 4)
    table = Strength(ranking, losing)
    assert len(table.share_array) == count
    for mask, share in shares.items():
        assert table.share_of_mask(mask) == share
        index = table.index_of_mask(mask)
        assert index == indices[mask]
        assert table.share_array[index] == share
        assert (table.strengths[index], table.class_ids[index]) == facts[mask]
        assert (table.strength_array[index], table.class_array[index]) == facts[mask]


def test_the_shares_of_the_pack_average_one_half_and_a_four_card_hand_reads_its_own() -> None:
    ranking = primero.get_variant("waks").ranking
    table = Strength(ranking)
    assert sum(table.share_array) / len(table.share_array) == pytest.approx(0.5, abs=1e-12)
    # Chorus of sevens: the one strongest hand of the pack, beating all 91,389 others
    sevens = primero.parse_cards("7s 7h 7d 7c")
    assert table.of_hand(sevens) == (91_390 - 0.5) / 91_390


def test_a_revalued_table_reads_the_new_worth_of_every_hand_by_mask() -> None:
    ranking = primero.get_variant("waks").ranking
    table = Strength(ranking)
    count = comb(len(ranking.pack), 4)
    twin = table.revalued([i / count for i in range(count)])
    for hand in combinations(ranking.pack.cards[:12], 4):
        mask = 0
        for card in hand:
            mask |= 1 << card.index
        assert twin.share_of_mask(mask) == ranking.index_of(hand) / count
    with pytest.raises(ValueError, match="shorter"):
        table.revalued([0.0] * (count - 1))
