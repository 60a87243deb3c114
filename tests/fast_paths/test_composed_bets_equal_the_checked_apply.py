"""A bet under wrappers that only set the variant's state: the core's bet, then their functions.

Where every wrapper of ``primero_apply_action`` is an answer wrapper declared
``sets_variant_state`` (Cardano's), the engine applies a bet with the core's own code and
then :meth:`~primero.plugins.deal.DealRules.compose_bet` (no hook call). The reference: the
same deals with every check on (:func:`~primero.plugins.checks.checking_everything`: the
hook called through pluggy, every answer checked whole). Same states, same errors; a plug-in
stacked on Cardano that changes the applied state takes the checked hook again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from primero import get_variant
from primero.actions import Action, Vie
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.errors import PluginError
from primero.hookspecs import hookimpl
from primero.plugins.checks import checking_everything
from primero.plugins.manager import answer_wrapper
from primero.variant import Variant

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _facts(state: GameState) -> tuple[Any, ...]:
    return (state.seats, state.to_act, state.high, state.bets, state.step_index,
            state.history, state.variant_state, state.over, state.legal_actions())


def _deal_facts(variant: Variant, seed: int, players: int, strict: bool) -> list[Any]:
    """The facts of every state of one random deal, played on the fast paths or strictly."""
    rng = random.Random(seed)
    facts = []
    state = start_deal(variant, NAMES[:players], 40, dealer=seed % players, seed=seed)
    while not state.over:
        action = rng.choice(state.legal_actions())
        if strict:
            with checking_everything():
                state = state.apply(action)
        else:
            state = state.apply(action)
        facts.append(_facts(state))
    facts.append(state.settlement)
    return facts


class CountsBets:
    """An answer wrapper that sets only the variant's state: counts the vies below Cardano's."""

    @hookimpl(wrapper=True)
    @answer_wrapper(sets_variant_state=True)
    def primero_apply_action(self, answer: GameState, action: Action) -> object:
        return answer.variant_state  # Cardano's state kept: the wrapper only runs


class BreaksOnVie:
    """An answer wrapper setting the variant's state that raises on a vie."""

    @hookimpl(wrapper=True)
    @answer_wrapper(sets_variant_state=True)
    def primero_apply_action(self, answer: GameState, action: Action) -> object:
        if type(action) is Vie:
            raise ValueError("no vies here")
        return answer.variant_state


class EveryBetClearsVariantState:
    """A plain answer wrapper (not declared as setting only the variant's state)."""

    @hookimpl(wrapper=True)
    @answer_wrapper
    def primero_apply_action(self, answer: GameState) -> GameState:
        return answer


def _housed(*plugins: object) -> Variant:
    base = get_variant("cardano")
    return Variant(spec=base.spec, settings=base.settings, house_rules=plugins)


@pytest.mark.parametrize("players", [2, 4])
def test_cardano_bets_take_the_composed_path_and_equal_the_checked_hook(players: int) -> None:
    variant = get_variant("cardano")
    assert variant.rules.deal.composed_apply
    for seed in range(6):
        assert _deal_facts(variant, seed, players, False) == \
            _deal_facts(variant, seed, players, True)


def test_a_second_variant_state_wrapper_on_cardano_keeps_the_composed_path() -> None:
    variant = _housed(CountsBets())
    assert variant.rules.deal.composed_apply
    for seed in range(3):
        assert _deal_facts(variant, seed, 3, False) == _deal_facts(variant, seed, 3, True)


def test_a_plug_in_changing_the_applied_state_takes_the_checked_hook() -> None:
    variant = _housed(EveryBetClearsVariantState())
    assert not variant.rules.deal.composed_apply
    for seed in range(3):
        assert _deal_facts(variant, seed, 3, False) == _deal_facts(variant, seed, 3, True)


def test_a_failing_variant_state_wrapper_fails_as_the_checked_hook() -> None:
    variant = _housed(BreaksOnVie())
    assert variant.rules.deal.composed_apply
    state = start_deal(variant, NAMES[:2], 40, dealer=0, seed=1)
    vie = next(a for a in state.legal_actions() if type(a) is Vie)
    with pytest.raises(PluginError) as fast:
        state.apply(vie)
    with checking_everything(), pytest.raises(PluginError) as checked:
        state.apply(vie)
    assert str(fast.value) == str(checked.value)
    assert "no vies here" in str(fast.value)
    assert isinstance(fast.value.__cause__, ValueError)
