"""The core's next legal actions worked out by a composed bet are the hook's, handed on.

On the engine's composed path (Cardano: wrappers that set only the variant's state),
:func:`~primero.deal.fast_betting.lean_bet` with ``core_legal=True`` caches the core's own
next legal actions on the state it makes, even though the core does not alone answer them,
for the engine to take off and hand to
:meth:`~primero.plugins.deal.DealRules.known_legal`. The reference: the core hook's own code
(:func:`~primero.rules.betting.core_legal_actions`) on a fresh copy of the state, and
``known_legal`` working the core's answer out itself.
"""

from __future__ import annotations

import random

import pytest

from primero import get_variant
from primero.actions import Hold, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.fast_betting import lean_bet
from primero.deal.state import history_value
from primero.rules.betting import core_legal_actions
from state_facts import facts

NAMES = ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize("players", [2, 4])
def test_every_cardano_bet_hands_on_the_core_hooks_next_legal_actions(players: int) -> None:
    variant = get_variant("cardano")
    rules = variant.rules.deal
    rng = random.Random(5)
    handed = 0
    for seed in range(10):
        state = start_deal(variant, NAMES[:players], 30, dealer=seed % players, seed=seed)
        while not state.over:
            legal = state.legal_actions()
            seat = state.to_act
            if state.step is not None and state.step.kind == "bet" and seat is not None:
                assert state.context.lean_bets and not rules.core_legal
                for action in rng.sample(legal, min(6, len(legal))):
                    plain = lean_bet(state, seat, action, history_value(state))
                    made = lean_bet(state, seat, action, history_value(state), True)
                    core = made._legal
                    object.__setattr__(made, "_legal", None)
                    assert facts(made) == facts(plain)
                    assert made._legal_ids is None and made._by_id is None
                    if made.to_act is None:
                        assert core is None
                        continue
                    assert core is not None and core == core_legal_actions(replace(made))
                    assert rules.known_legal(made, core) is rules.known_legal(made)
                    handed += 1
            state = state.apply(rng.choice(legal))
    assert handed > 100


def test_a_vie_in_the_first_round_hands_on_the_bound_holders_core_answer() -> None:
    # Two players, 30 chips each, rest 3 (the default): Anna (seat 1, eldest) vies 1 in
    # round 1. Ben speaks last before the vier, so round 1's must-hold binds him: he may
    # neither pass nor fold (RULES.md, must hold); he holds, raising by 0 up to 3 (the rest).
    variant = get_variant("cardano")
    state = start_deal(variant, NAMES[:2], 30, dealer=0, seed=0)
    assert state.to_act == 1 and state.opener is None
    vie = next(a for a in state.legal_actions() if type(a) is Vie and a.amount == 1)
    made = lean_bet(state, 1, vie, history_value(state), True)
    assert made.to_act == 0 and made.high == 1 and made.seats[1].stack == 29
    assert [(type(a), getattr(a, "raise_by", None)) for a in made._legal] == [
        (Hold, 0), (Hold, 1), (Hold, 2), (Hold, 3)]
