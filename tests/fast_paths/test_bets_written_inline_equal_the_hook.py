"""The bets the engine writes inline give the core hook's state, every slot of it written.

:func:`~primero.deal.fast_betting.lean_bet` (Waks's family) and the general way of
:func:`~primero.deal.fast_betting.core_bet`, :func:`~primero.deal.fast_betting.answering_bet`
(Suzuki's), write the mover's :class:`Seat` and the
new :class:`GameState` one store per slot, not through a generated copier. For every legal
betting action of random deals the answer must be the state the core's
``primero_apply_action`` gives (the independent reference: the hook's own code on a fresh
copy), with every slot of the state and of each seat set (a slot the inline code forgot
would raise on reading), the caches as the engine leaves them (the next legal actions the
hook's, no log, the cards' soundness kept) and every seat but the mover's shared.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from primero import get_variant
from primero.actions import Fold, Hold, Pass, Vie
from primero.deal.copying import replace
from primero.deal.fast_betting import answering_bet, core_bet, lean_bet
from primero.deal.state import GameState, Seat, cards_sound, history_value
from primero.rules.betting import CORE_BETTING, core_legal_actions
from state_facts import facts, varied_states


def _decisions(name: str, count: int) -> Iterator[GameState]:
    """Every betting decision of ``count`` random deals of ``name`` (tables varied)."""
    return (state for state in varied_states(name, count)
            if state.step is not None and state.step.kind == "bet")


def _every_slot_set(value: object) -> bool:
    return all(hasattr(value, f.name) for f in attrs.fields(type(value)))


def _check(state: GameState, answer: GameState, hook: GameState, seat: int) -> None:
    assert type(answer) is GameState and _every_slot_set(answer)
    assert all(type(s) is Seat and _every_slot_set(s) for s in answer.seats)
    assert facts(answer) == facts(hook)
    assert answer.context is state.context
    assert all(new is old for i, (new, old) in enumerate(zip(answer.seats, state.seats,
                                                             strict=True))
               if i != seat and not old.passed)  # (a raise may re-ask the passers)
    assert answer._log is None and answer._legal_ids is None and answer._by_id is None
    assert cards_sound(answer) == cards_sound(state)
    if answer._legal is not None:  # cached: the hook's legal actions of it (its very tuple
        hooks = core_legal_actions(replace(answer))  # where no pass is spelt with cards)
        assert answer._legal is hooks if state.context.lean_bets else answer._legal == hooks
    else:
        assert answer.to_act is None


def test_every_lean_bet_is_the_hooks_state_with_every_slot_written() -> None:
    variant = get_variant("waks")
    kinds = {Vie: 0, Hold: 0, Pass: 0, Fold: 0}
    for state in _decisions("waks", 40):
        seat = state.to_act
        assert seat is not None and state.context.lean_bets
        for action in state.legal_actions():
            hook = CORE_BETTING.primero_apply_action(replace(state), variant, action)
            _check(state, lean_bet(state, seat, action, history_value(state)), hook, seat)
            kinds[type(action)] += 1
    assert min(kinds.values()) > 100, kinds


@pytest.mark.parametrize("name", ["suzuki"])
def test_every_answering_bet_without_cards_is_the_hooks_state_with_every_slot_written(
        name: str) -> None:
    variant = get_variant(name)
    kinds = {Vie: 0, Hold: 0, Pass: 0, Fold: 0}
    for state in _decisions(name, 30):
        seat = state.to_act
        assert seat is not None and not state.context.lean_bets
        for action in state.legal_actions():
            if isinstance(action, Pass) and action.exchange:
                continue  # (served with its cards: test_fast_dealing_equals_the_hooks)
            hook = CORE_BETTING.primero_apply_action(replace(state), variant, action)
            _check(state, core_bet(state, seat, action, history_value(state)), hook, seat)
            # (the engine's direct call, core_bet's general way)
            _check(state, answering_bet(state, seat, action, history_value(state)), hook, seat)
            kinds[type(action)] += 1
    assert kinds[Vie] > 100 and kinds[Hold] > 100, kinds  # (its passes carry cards; no fold)
