"""The core's step hooks move no card, so their answer keeps the cards' "found sound" mark.

A state whose cards were found sound (every card of the pack exactly once) lets the
whole-state check skip counting them; the core's ``primero_start_step`` and
``primero_end_step`` (Primiera and plug-ins that wrap the core reach them through the hook)
answer with a copy that moves no card, so the mark must survive the copy, and a state whose
cards were never found sound must not gain it.
"""

from __future__ import annotations

import pickle

from primero.deal.engine import start_deal
from primero.deal.state import GameState, cards_sound
from primero.rules.betting import CORE_BETTING

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def _first_decision() -> GameState:
    """A seeded Waks deal at its first decision (betting round 1, Anna to act)."""
    state = start_deal("waks", PLAYERS, 50, seed=7)
    assert state.step is not None and state.step.kind == "bet" and state.to_act == 0
    return state


def _step(state: GameState, kind: str) -> object:
    return next(step for step in state.plan if step.kind == kind)


def test_the_core_start_step_keeps_the_cards_found_sound() -> None:
    state = _first_decision()
    assert cards_sound(state)
    started = CORE_BETTING.primero_start_step(state, state.variant, _step(state, "exchange"))
    # the exchange starts with the eldest still in (Anna, seat 0: nobody has folded)
    assert started.to_act == 0
    assert started.seats == state.seats and started.stock == state.stock
    assert cards_sound(started)


def test_the_core_start_of_a_betting_round_keeps_the_cards_found_sound() -> None:
    state = _first_decision()
    started = CORE_BETTING.primero_start_step(state, state.variant, _step(state, "bet"))
    # a new round: nobody has vied, and the eldest (Anna) opens it
    assert (started.to_act, started.high, started.opener, started.bets) == (0, 0, None, 0)
    assert [s.hand for s in started.seats] == [s.hand for s in state.seats]
    assert cards_sound(started)


def test_the_core_end_step_keeps_the_cards_found_sound() -> None:
    state = _first_decision()
    ended = CORE_BETTING.primero_end_step(state, state.variant, _step(state, "bet"))
    assert ended == state and not ended.over  # four players still in: the deal goes on
    assert cards_sound(ended)


def test_the_core_step_hooks_do_not_mark_cards_never_found_sound() -> None:
    state = pickle.loads(pickle.dumps(_first_decision()))  # an unpickled state is unchecked
    assert not cards_sound(state)
    started = CORE_BETTING.primero_start_step(state, state.variant, _step(state, "exchange"))
    ended = CORE_BETTING.primero_end_step(state, state.variant, _step(state, "bet"))
    assert not cards_sound(started) and not cards_sound(ended)
