"""``chance_outcomes()`` away from a chance node is a primero error, as OpenSpiel's games refuse.

Before, it was a bare ``assert`` (an ``AssertionError`` with no message), gone under
``python -O``, where a decision node then listed the stock's cards as outcomes.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import primero.openspiel  # noqa: E402,F401  (registers python_primero)
from primero.errors import PrimeroError  # noqa: E402


def test_chance_outcomes_are_refused_at_a_decision_and_at_the_end() -> None:
    state = pyspiel.load_game("python_primero", {"players": 2}).new_initial_state()
    assert len(state.chance_outcomes()) == 40  # the italian40 pack, before the first card
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(PrimeroError) as caught:
        state.chance_outcomes()
    assert str(caught.value) == ("chance outcomes asked for at a decision of p0: only a chance "
                                 "node (a card to be dealt) has them")
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(PrimeroError, match=r"^chance outcomes asked for at the deal's end: "):
        state.chance_outcomes()
