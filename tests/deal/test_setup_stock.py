"""The seeded stock (``primero.setup.seeded_stock``): exactly ``random.Random(seed).shuffle``.

Every seeded deal, golden case and seeded test depends on a seed dealing the stock it always
dealt; the expected orders come from the standard library's own shuffle.
"""

from __future__ import annotations

import random

import pytest

from primero.cards import FRENCH52, ITALIAN40, SPANISH48, Card
from primero.deal.engine import start_deal
from primero.setup import seeded_stock


@pytest.mark.parametrize("pack", [ITALIAN40, SPANISH48, FRENCH52], ids=lambda p: p.name)
@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**32, 2**64 - 1, 2**80 + 3])
def test_the_seeded_stock_is_the_standard_shuffle(pack: object, seed: int) -> None:
    cards: tuple[Card, ...] = pack.cards  # type: ignore[attr-defined]
    expected = list(cards)
    random.Random(seed).shuffle(expected)
    assert seeded_stock(cards, seed) == tuple(expected)


def test_short_and_empty_lists_shuffle_like_random() -> None:
    for size in range(4):
        cards = ITALIAN40.cards[:size]
        expected = list(cards)
        random.Random(5).shuffle(expected)
        assert seeded_stock(cards, 5) == tuple(expected)


def test_a_seeded_deal_deals_the_top_of_its_seeded_stock() -> None:
    # waks: two cards each, one at a time from the eldest (seat 0 when the last seat deals)
    expected = list(ITALIAN40.cards)
    random.Random(42).shuffle(expected)
    state = start_deal("waks", ["A", "B", "C"], 20, seed=42)
    assert state.setup.stock == tuple(expected)
    assert [s.hand for s in state.seats] == [(expected[0], expected[3]),
                                            (expected[1], expected[4]),
                                            (expected[2], expected[5])]
    assert state.stock == tuple(expected[6:])
