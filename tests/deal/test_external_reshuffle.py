"""A reshuffle dealt from outside never offers a card still in a hand.

docs/rules/dealing.md: when the stock runs out, the discards are shuffled into a new stock and
folded
hands join the discards. the chance node never offers a card that is in a hand.
"""

from __future__ import annotations

import random

import pytest

from primero import get_variant, replay, start_deal
from primero.records import record_from_state

CASES = [("italian-primiera", {}), ("revival", {"rounds": 3}), ("revival", {"rounds": 2}),
         ("french-prime", {"exchange_first": True})]


def _greedy_external_deal(name: str, options: dict[str, object], seed: int) -> tuple[int, object]:
    """Play a deal dealt from outside, changing many cards; return (reshuffle nodes seen, end)."""
    rng = random.Random(seed)
    variant = get_variant(name, **options)
    low, high = variant.spec.players
    n = rng.randint(max(low, 4), high)
    state = start_deal(variant, [f"P{i}" for i in range(n)], 10, dealing="external",
                       dealer=n - 1)
    reshuffle_nodes = 0
    while not state.over:
        chance = state.chance
        if chance is not None:
            in_hands = {card for seat in state.seats for card in seat.hand}
            assert not in_hands & set(chance.cards), "chance offers a card still in a hand"
            if not state.stock:
                reshuffle_nodes += 1
                assert all(not s.hand for s in state.seats if s.folded)
            state = state.deal(rng.choice(chance.cards))
        else:
            legal = state.legal_actions()
            pick = max(legal, key=lambda a: len(str(a))) if rng.random() < 0.7 \
                else rng.choice(legal)
            state = state.apply(pick)
    return reshuffle_nodes, state


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}{o}" for n, o in CASES])
def test_reshuffles_dealt_from_outside_offer_no_card_in_a_hand(
        name: str, options: dict[str, object]) -> None:
    nodes = 0
    for seed in range(12):
        seen, final = _greedy_external_deal(name, options, seed)
        nodes += seen
        # the same deal from a stacked stock (its record) ends the same
        again = replay(record_from_state(final))  # type: ignore[arg-type]
        assert again.settlement == final.settlement  # type: ignore[attr-defined]
        assert again.stacks == final.stacks  # type: ignore[attr-defined]
    assert nodes > 0  # the stock did run out: the case was exercised
