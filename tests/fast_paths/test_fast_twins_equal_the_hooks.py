"""The engine's fast twins in the deal package give exactly what the core's hooks give.

* :func:`~primero.deal.fast_betting.fast_legal_actions` is the very tuple the core's
  ``primero_legal_actions`` (:func:`~primero.rules.betting.core_legal_actions`, the rule
  sheet's reading) gives, at every decision of random deals (raise caps, short stacks);
* :func:`~primero.deal.fast_betting.core_bet` (recording the action) and
  :func:`~primero.deal.fast_betting.bet_answer` (not recording it) give the state the core's
  ``primero_apply_action`` gives, for every legal betting action, the next legal actions
  cached on it the hook's;
* :func:`~primero.deal.fast_dealing.core_exchange`, which the engine takes for an exchange,
  gives the state the checked hooks give (every answer checked: the exchange served by the
  core's ``primero_serve_exchange``, the cards dealt by the engine), for every exchange of
  the hand, dealt from the stock, after a reshuffle or at the caller's chance node.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from primero import get_variant
from primero.actions import Exchange, Fold, Hold, Pass, Vie
from primero.deal.copying import replace
from primero.deal.engine import start_deal
from primero.deal.fast_betting import bet_answer, core_bet, fast_legal_actions
from primero.deal.state import history_value
from primero.plugins.checks import checking_everything
from primero.rules.betting import CORE_BETTING, core_legal_actions
from state_facts import PLAYERS, facts, varied_states


@pytest.mark.parametrize("name", ["waks", "roman"])
def test_the_fast_legal_actions_are_the_hooks_very_tuples(name: str) -> None:
    seen = {"bet": 0, "exchange": 0}
    for state in varied_states(name, 60):
        fresh = replace(state)  # (nothing cached)
        hook = CORE_BETTING.primero_legal_actions(fresh, fresh.variant)
        assert hook is core_legal_actions(fresh)
        fast = fast_legal_actions(replace(state))
        assert fast == hook
        assert fast is hook or state.step.kind == "exchange"  # type: ignore[union-attr]
        seen[state.step.kind] += 1  # type: ignore[union-attr]
    assert seen["bet"] > 300 and seen["exchange"] > 40, seen


def test_every_core_bet_equals_the_hooks_answer() -> None:
    variant = get_variant("waks")
    kinds = {Vie: 0, Hold: 0, Pass: 0, Fold: 0}
    for state in varied_states("waks", 40):
        if state.step.kind != "bet":  # type: ignore[union-attr]
            continue
        seat = state.to_act
        assert seat is not None
        for action in state.legal_actions():
            hook = CORE_BETTING.primero_apply_action(replace(state), variant, action)
            answered = bet_answer(replace(state), action)
            assert facts(answered) == facts(hook)
            recorded = core_bet(state, seat, action, history_value(state))
            assert facts(recorded) == facts(hook)
            if recorded._legal is not None:  # cached: the hook's legal actions of it
                assert recorded._legal is core_legal_actions(replace(recorded))
            kinds[type(action)] += 1
    assert min(kinds.values()) > 100, kinds


@pytest.mark.parametrize("dealing", ["seeded", "external"])
def test_every_exchange_the_engine_serves_fast_equals_the_checked_hooks(dealing: str) -> None:
    variant = get_variant("waks")
    served = 0
    for seed in range(16):
        rng = random.Random(seed)
        players = PLAYERS[:2 + seed % 3]
        kw: dict[str, Any] = {"seed": seed} if dealing == "seeded" else {"dealing": "external"}
        state = start_deal(variant, players, 40, dealer=seed % len(players), **kw)
        while not state.over:
            while state.chance is not None:
                state = state.deal(rng.choice(state.chance.cards))
            if state.over:
                break
            legal = state.legal_actions()
            if state.step is not None and state.step.kind == "exchange":
                for action in legal[::3]:  # every third exchange of the hand
                    assert isinstance(action, Exchange)
                    fast = state.apply(action)
                    with checking_everything():
                        checked = replace(state).apply(action)
                    assert facts(fast) == facts(checked)
                    served += 1
            bets = [a for a in legal if not isinstance(a, Fold)]
            state = state.apply(rng.choice(bets or legal))
    assert served > 60, served
