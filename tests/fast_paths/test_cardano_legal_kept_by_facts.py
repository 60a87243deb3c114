"""Cardano's legal actions kept by (the core's answer, the standing call): the hook's answers.

Cardano's rules declare (``legal_by_variant_state``) that in a betting round their legal
actions follow from the core's answer and the deal's variant state alone; the checked rules
then give an answer checked once again for the same two, and the engine caches it on the
state a bet makes. The reference: the hook called through pluggy with every check on
(:func:`~primero.plugins.checks.checking_everything`). A plug-in that is not the library's
own is never taken at its word: its wrapper is asked at every decision.
"""

from __future__ import annotations

import random

import pytest

from primero import get_variant
from primero.actions import Action
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.hookspecs import hookimpl
from primero.plugins.checks import checking_everything
from primero.plugins.manager import answer_wrapper
from primero.variant import Variant

NAMES = ["Anna", "Ben", "Carla", "Dan"]


@pytest.mark.parametrize("players", [2, 4])
def test_cardano_legal_actions_equal_the_checked_hook_at_every_decision(players: int) -> None:
    variant = get_variant("cardano")
    rules = variant.rules.deal
    rng = random.Random(11)
    for seed in range(12):
        state = start_deal(variant, NAMES[:players], 30, dealer=seed % players, seed=seed)
        while not state.over:
            legal = state.legal_actions()
            with checking_everything():
                reference = rules.legal_actions(state)
            assert tuple(legal) == tuple(reference)
            state = state.apply(rng.choice(legal))


class CountsLegal:
    """A house rule's legal wrapper claiming the declaration: counts how often it is asked."""

    legal_by_variant_state = True

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_legal_actions(self, answer: tuple[Action, ...], state: GameState) \
            -> tuple[Action, ...]:
        self.asked += 1
        return answer


def test_a_house_rule_claiming_its_legal_actions_follow_the_facts_is_asked_every_time() -> None:
    base = get_variant("cardano")
    counter = CountsLegal()
    variant = Variant(spec=base.spec, settings=base.settings, house_rules=(counter,))
    state = start_deal(variant, NAMES[:2], 30, dealer=0, seed=3)
    asked = 0
    for _ in range(3):  # the same decision asked afresh three times
        object.__setattr__(state, "_legal", None)
        state.legal_actions()
        asked += 1
    assert counter.asked == asked
