"""In a calling game the heuristic player holds a call its whole hand meets against raisers.

A raise must name a higher call (docs/rules/cardano.md), and an opponent who raises again names
one higher still, which the hand may not meet: the pot then carries over or goes to the raiser.
Against opponents likely to raise again (``Reading.raise_again`` above one half) the hand that
meets the standing call holds, and the round ends at a showdown it can win; against opponents
who seldom raise it still raises.
"""

from __future__ import annotations

import random

import primero
from primero.actions import Action, Hold
from primero.agents import HeuristicAgent
from primero.agents.reading import Counts
from primero.deal.engine import start_deal
from primero.deal.state import GameState
from primero.views import PlayerView

CARDANO = primero.get_variant("cardano")


def act(state: GameState, text: str) -> GameState:
    """Apply the legal action that prints as ``text``."""
    return state.apply(next(a for a in state.legal_actions() if str(a) == text))


def raised_with_primero_70() -> PlayerView:
    """Anna (7♠ 6♥ A♦ 5♣, Primero 70) vied naming Primero 50; Ben raised 3 naming Primero 60."""
    top = list(primero.parse_cards("7s Kc 6h Qc Ad 2d 5c 3s"))
    stock = top + [c for c in CARDANO.ranking.pack.cards if c not in top]
    state = start_deal(CARDANO, ("Anna", "Ben"), 50, dealer=1, stock=stock)
    for text in ("vie 1 call Primero 40", "hold", "exchange", "exchange",
                 "vie 1 call Primero 50", "hold raise 3 call Primero 60"):
        state = act(state, text)
    view = state.view(0)
    assert [str(c) for c in view.hand] == ["7♠", "6♥", "A♦", "5♣"]
    assert (view.owed, view.pot) == (3, 7)
    return view


def test_a_hand_meeting_the_call_raises_an_opponent_who_seldom_raises() -> None:
    # the prior: Ben raises about one bet in ten (with this deal's raise, 0.28 in all)
    action: Action = HeuristicAgent().act(raised_with_primero_70(), random.Random(0))
    assert str(action) == "hold raise 3 call Primero 61"


def test_a_hand_meeting_the_call_holds_against_one_who_raises_every_bet() -> None:
    # Ben raised all 60 bets he met: a raise naming Primero 61 would hand him another call
    agent = HeuristicAgent()
    agent.reading.past = {"Ben": Counts(bets=60, total=60, raises=60)}
    assert agent.act(raised_with_primero_70(), random.Random(0)) == Hold()
