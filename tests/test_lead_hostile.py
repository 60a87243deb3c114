"""Hostile input found by the adversarial review: each case a precise, truthful error."""

from __future__ import annotations

import pytest

from primero import IllegalActionError, start_deal


def test_suzuki_pass_exchanging_a_card_twice_names_the_card() -> None:
    """RULES.md §7: a Suzuki pass exchanges one or two cards; the same card twice is refused
    for that reason (not "a pass comes with no exchange")."""
    state = start_deal("suzuki", ["A", "B", "C"], 20, seed=1)
    card = state.seats[0].hand[0]
    with pytest.raises(IllegalActionError) as info:
        state.apply(f"pass exchange {card.ascii} {card.ascii}")
    assert info.value.reason == f"a card can be exchanged only once: {card.ascii} given twice"
    assert state.to_act == 0 and state.history == ()
