"""The fast twins in :mod:`primero.deal.fast_dealing` give what the hooks they mirror give.

* :func:`~primero.deal.fast_dealing.core_served_bet` (Suzuki's pass with its exchange, vie
  and hold, in one state copy): every legal action of every decision of random Suzuki deals,
  applied on the fast path, gives the very state the checked hooks give with every answer
  checked (:func:`~primero.plugins.checks.checking_everything`: the exchange served by the
  checked ``primero_serve_exchange``, booked by ``apply_bet``, the cards dealt by the
  engine), the replacements dealt at once, left for a reshuffle, or left for the caller's
  chance node alike.
* Only its own answer, from the very state and action, is vouched for
  (:func:`~primero.plugins.checks.core_answer`); a turn given to a seat not in the deal
  is not, and the checks name the plug-in as before.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from primero import PluginError, get_variant
from primero.actions import Pass, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.fast_dealing import core_served_bet
from primero.deal.state import GameState
from primero.hookspecs import hookimpl
from primero.plugins.checks import checking_everything, core_answer
from primero.rules.betting import next_to_answer
from primero.variants.suzuki import SUZUKI
from state_facts import facts

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def dealt_on(state: GameState, rng: random.Random) -> GameState:
    """``state`` with the cards owed dealt from outside (a card chosen at each chance node)."""
    while state.chance is not None:
        state = state.deal(rng.choice(state.chance.cards))
    return state


@pytest.mark.parametrize("dealing", ["seeded", "external"])
def test_every_suzuki_bet_served_fast_equals_the_checked_hooks(dealing: str) -> None:
    variant = get_variant("suzuki")
    kinds: dict[str, int] = {"dealt at once": 0, "left owed": 0, "bet": 0}
    for seed in range(30 if dealing == "seeded" else 12):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 3]
        kw: dict[str, Any] = {"seed": seed} if dealing == "seeded" else {"dealing": "external"}
        state = dealt_on(start_deal(variant, players, [3, 8, 20, 50][seed % 4],
                                    dealer=seed % len(players), **kw), rng)
        while not state.over:
            legal = state.legal_actions()
            if state.step is not None and state.step.kind == "bet":
                for action in legal:
                    fast = state.apply(action)
                    with checking_everything():
                        checked = replace(state).apply(action)
                    assert facts(fast) == facts(checked)
                    if isinstance(action, Pass):
                        kinds["left owed" if fast.chance is not None
                              or len(fast.reshuffles) > len(state.reshuffles)
                              else "dealt at once"] += 1
                    else:
                        kinds["bet"] += 1
            passes = [a for a in legal if isinstance(a, Pass)]
            chosen = rng.choice(passes if passes and rng.random() < 0.6 else legal)
            state = dealt_on(state.apply(chosen), rng)  # (passing often: the stock runs out)
    if dealing == "external":  # every card comes from outside: owed, for the chance node
        assert kinds["dealt at once"] == 0, kinds
        assert kinds["left owed"] > 100 and kinds["bet"] > 100, kinds
    else:  # (passing often, a few deals run the stock out)
        assert min(kinds.values()) >= 5, kinds


def test_only_the_answer_made_from_that_very_state_and_action_is_vouched_for() -> None:
    state = start_deal(get_variant("suzuki"), PLAYERS[:3], 20, seed=4)
    seat = state.to_act
    assert seat is not None
    action = next(a for a in state.legal_actions() if isinstance(a, Vie))
    new = core_served_bet(state, seat, action, next_to_answer)
    assert new is not None and core_answer(state, action) is new
    assert core_answer(replace(state), action) is None
    assert core_answer(state, Vie(action.amount)) is None  # an equal action, not that one
    with checking_everything():  # every answer checked: the hooks' way
        assert core_served_bet(state, seat, action, next_to_answer) is None
    nobody = core_served_bet(state, seat, action, lambda new, seat: 7)
    assert nobody is not None and nobody.to_act == 7
    assert core_answer(state, action) is None  # a turn to no seat: not vouched for


class TurnsToNobody:
    """Suzuki's bets served by the core's fast code, the turn given to a seat not there."""

    @hookimpl(tryfirst=True)
    def primero_apply_action(self, state: GameState, variant: Any, action: Any) -> Any:
        seat = state.to_act
        return core_served_bet(state, seat, action, lambda new, seat: 9)  # type: ignore[arg-type]


def test_a_turn_to_no_seat_is_named_as_before() -> None:
    variant = attrs.evolve(SUZUKI, name="suzukinobody", aliases=(),
                           plugins=(*SUZUKI.plugins, TurnsToNobody())).configure()
    state = start_deal(variant, PLAYERS[:2], 20, seed=3)
    with pytest.raises(PluginError) as info:
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Vie)))
    assert info.value.hook == "primero_apply_action"
    assert str(info.value) == (
        "plug-in test_fast_dealing_equals_the_hooks.TurnsToNobody, hook primero_apply_action "
        "(variant 'suzukinobody'): set to_act to 9 (int); expected None or the seat (0..1) of a "
        "player still in")
