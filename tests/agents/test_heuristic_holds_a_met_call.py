"""In a calling game the heuristic player holds a call its whole hand meets against jumpers.

A raise must name a higher call (docs/rules/cardano.md), and an opponent who raises again names
one higher still. One whose calls land far up the calls it may name (``call_jump``: random play
about a half) names one this hand does not meet, and the pot carries over or goes to it: against
such opponents, likely to raise again, the hand that meets the standing call holds and the round
ends at a showdown it can win. Against opponents who seldom raise, or who creep up a call at a
time (calls this hand still meets, a pot it wins growing), it raises.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import primero
from primero.actions import Hold, Vie
from primero.agents import HeuristicAgent
from primero.agents.reading import Counts
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView

CARDANO = primero.get_variant("cardano")
#: Ben raised all 60 bets he met.
RAISER = {"Ben": Counts(bets=60, total=60, raises=60)}


def act(state: GameState, text: str) -> GameState:
    """Apply the legal action that prints as ``text``."""
    return state.apply(next(a for a in state.legal_actions() if str(a) == text))


def second_round() -> GameState:
    """Anna (7♠ 6♥ A♦ 5♣, Primero 70) to open round 2; Anna named Primero 40 in round 1."""
    top = list(primero.parse_cards("7s Kc 6h Qc Ad 2d 5c 3s"))
    stock = top + [c for c in CARDANO.ranking.pack.cards if c not in top]
    state = start_deal(CARDANO, ("Anna", "Ben"), 50, dealer=1, stock=stock)
    for text in ("vie 1 call Primero 40", "hold", "exchange", "exchange"):
        state = act(state, text)
    assert [str(c) for c in state.view(0).hand] == ["7♠", "6♥", "A♦", "5♣"]
    return state


def raised_with_primero_70() -> PlayerView:
    """Anna vied naming Primero 50; Ben raised 3 naming Primero 60: 3 owed, pot 7."""
    state = act(act(second_round(), "vie 1 call Primero 50"), "hold raise 3 call Primero 60")
    view = state.view(0)
    assert (view.owed, view.pot) == (3, 7)
    return view


def test_a_hand_meeting_the_call_raises_an_opponent_who_seldom_raises() -> None:
    # the prior: Ben raises about one bet in ten (with this deal's raise, 0.28 in all)
    action = HeuristicAgent().act(raised_with_primero_70(), random.Random(0))
    assert str(action) == "hold raise 3 call Primero 61"


def test_a_hand_meeting_the_call_holds_against_a_raiser_whose_calls_jump() -> None:
    agent = HeuristicAgent()
    agent.reading.past = dict(RAISER)
    agent.call_jumps = {"Ben": [0.5] * 10}
    assert agent.act(raised_with_primero_70(), random.Random(0)) == Hold()


def test_a_hand_meeting_the_call_raises_a_raiser_who_creeps_a_call_at_a_time() -> None:
    agent = HeuristicAgent()
    agent.reading.past = dict(RAISER)
    agent.call_jumps = {"Ben": [0.0] * 10}
    action = agent.act(raised_with_primero_70(), random.Random(0))
    assert str(action) == "hold raise 3 call Primero 61"


@pytest.mark.parametrize(("pick", "place"), [(min, 0.0), (max, 1.0)])
def test_where_an_opponents_call_lands_among_those_it_could_name(
        pick: Callable[..., Vie | Hold], place: float) -> None:
    agent = HeuristicAgent()
    state = second_round()
    mine = agent.act(state.view(0), random.Random(0))
    state = state.apply(mine)
    assert agent.call_jump("Ben") == 0.5  # the prior alone
    # Ben names the lowest (or the highest) call open to him
    named = [a for a in state.legal_actions() if isinstance(a, Vie | Hold) and a.call]
    key = CARDANO.rules.agent_advice.calls.key
    state = state.apply(pick(named, key=lambda a: key(a.call)))
    agent.act(state.view(0), random.Random(0))
    assert agent.call_jumps == {"Ben": [place]}
    assert agent.call_jump("Ben") == (0.5 + place) / 2
